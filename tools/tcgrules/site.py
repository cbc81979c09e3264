"""The reference site: Jinja2 templates render ``site_src/`` from the knowledge base, then
MkDocs (mkdocs-material) builds ``site/``.

Generated pages live beside the hand-written ones (``site_src/about/``, ``site_src/assets/``);
:func:`render` removes only what it generated before (listed in ``site_src/.generated``).
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import jinja2

from .model import Clause, Edition, KnowledgeBase

HAND_WRITTEN = ("about", "assets")
GENERATED_LIST = ".generated"

LANG_NAMES = {"zh-Hant": "繁體中文", "zh-Hans": "简体中文", "ja": "日本語", "en": "English"}


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("tcgrules", "templates/site"),
        autoescape=False,  # Markdown output: rule text is escaped by the `html` filter instead
        keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["html"] = escape_html
    env.globals["lang_name"] = lambda tag: LANG_NAMES.get(tag, tag)
    return env


def escape_html(s: str | None) -> str:
    """Rule text as inert HTML/Markdown: no tags, no template syntax, no Markdown markup."""
    if not s:
        return ""
    out = (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
           .replace('"', "&quot;").replace("{", "&#123;").replace("}", "&#125;"))
    for ch in "*_`[]#|\\":
        out = out.replace(ch, f"&#{ord(ch)};")
    return out


def anchor(c: Clause) -> str:
    """The permalink anchor of a clause: its number (``8-1-6-1``), ``~2`` as ``_2``."""
    return c.id.rsplit("/", 1)[1].replace("~", "_").replace(".", "-").replace("(", "").replace(")", "")


def chapters(kb: KnowledgeBase, e: Edition) -> list[tuple[str, Clause | None, list[Clause]]]:
    """(page slug, chapter record or None for front matter, records) in file order."""
    by_file: dict[str, list[Clause]] = {}
    for c in kb.in_edition(e.key):
        by_file.setdefault(Path(c.chapter_file).stem, []).append(c)
    out = []
    for stem in sorted(by_file):
        recs = by_file[stem]
        ch = next((c for c in recs if c.kind == "chapter"), None)
        out.append((stem, ch, recs))
    return out


def depth(kb: KnowledgeBase, c: Clause) -> int:
    return len(kb.ancestors(c.id))


def render(kb: KnowledgeBase, site_src: Path) -> list[Path]:
    """Write the generated Markdown pages; returns the files written."""
    env = environment()
    site_src.mkdir(parents=True, exist_ok=True)
    _remove_generated(site_src)
    written: list[Path] = []

    def write(rel: str, text: str) -> None:
        p = site_src / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
        written.append(p)

    games: dict[str, list[Edition]] = {}
    for e in sorted(kb.editions.values(), key=lambda e: (e.game, e.lang, e.revision)):
        games.setdefault(e.game, []).append(e)
    pages: dict[str, list] = {}
    for e in (e for eds in games.values() for e in eds):
        chs = chapters(kb, e)
        pages[e.key] = chs
        base = f"{e.game}/{e.lang}/{e.revision}" if not e.current else f"{e.game}/{e.lang}"
        write(f"{base}/index.md", env.get_template("edition.md.j2").render(edition=e, chapters=chs))
        for stem, ch, recs in chs:
            write(f"{base}/{stem}.md", env.get_template("chapter.md.j2").render(
                edition=e, chapter=ch, records=recs, anchor=anchor, depth=lambda c: depth(kb, c), kb=kb))
    write("index.md", env.get_template("home.md.j2").render(games=games, pages=pages, kb=kb))
    (site_src / GENERATED_LIST).write_text(
        "\n".join(str(p.relative_to(site_src)) for p in written) + "\n", encoding="utf-8")
    return written


def _remove_generated(site_src: Path) -> None:
    listing = site_src / GENERATED_LIST
    if not listing.exists():
        return
    for rel in listing.read_text(encoding="utf-8").split():
        p = site_src / rel
        if p.is_file() and rel.split("/", 1)[0] not in HAND_WRITTEN:
            p.unlink()
    for d in sorted((p for p in site_src.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        if d.name not in HAND_WRITTEN and not any(d.iterdir()):
            d.rmdir()
    listing.unlink()


def mkdocs(root: Path, *args: str) -> int:
    """Run MkDocs from this interpreter's environment with the project's mkdocs.yml."""
    cmd = [sys.executable, "-m", "mkdocs", *args, "-f", str(root / "mkdocs.yml")]
    return subprocess.call(cmd, cwd=root)


def build(root: Path, kb: KnowledgeBase, strict: bool = True) -> int:
    render(kb, root / "site_src")
    return mkdocs(root, "build", *(["--strict"] if strict else []), "--site-dir", str(root / "site"))


def clean(root: Path) -> None:
    shutil.rmtree(root / "site", ignore_errors=True)
