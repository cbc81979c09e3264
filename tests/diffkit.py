"""Crafted revisions for the diff tests: a small project with real editions imported, and
helpers that copy a real source, edit it and import it on the fly."""
from __future__ import annotations

import atexit
import re
import shutil
import tempfile
from pathlib import Path
from typing import Callable

from tcgrules.kb import store
from tcgrules.diff import Revision, resolve
from tcgrules.ingest.transaction import run_import
from tcgrules.kb import load_knowledge_base

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("battle-spirits", "xinglingwang")


def make_project(root: Path, games: tuple[str, ...] = GAMES, first_only: bool = False) -> Path:
    """A project under ``root`` holding the real editions of ``games`` (with ``first_only``,
    only the first revision of each, made current), imported: once per test process, then copied."""
    key = (tuple(games), first_only)
    if key not in _PROJECTS:
        _PROJECTS[key] = _imported(Path(tempfile.mkdtemp(prefix="tcgrules-project-")) / "p", *key)
        atexit.register(shutil.rmtree, _PROJECTS[key].parent, True)
    shutil.copytree(_PROJECTS[key], root, symlinks=True, dirs_exist_ok=True)
    return root


_PROJECTS: dict[tuple[tuple[str, ...], bool], Path] = {}


def _imported(root: Path, games: tuple[str, ...], first_only: bool) -> Path:
    (root / "rules" / "sources").mkdir(parents=True)
    editions = [e for e in store.read_manifest(ROOT) if e.game in games]
    if first_only:
        firsts = {}
        for e in editions:
            firsts.setdefault((e.game, e.lang), e).current = True
        editions = list(firsts.values())
    for e in editions:
        shutil.copy(ROOT / "rules" / e.source, root / "rules" / e.source)
    (root / "rules" / "editions.yaml").write_text(
        store.dump_yaml({"editions": [e.manifest_dict() for e in editions]}), encoding="utf-8")
    run_import(root)
    return root


def source_lines(root: Path, game: str, lang: str) -> list[str]:
    e = next(e for e in store.read_manifest(root) if e.game == game and e.lang == lang)
    return (root / "rules" / e.source).read_text(encoding="utf-8").splitlines()


def craft(root: Path, name: str, game: str, lang: str, edit: Callable[[list[str]], list[str]]) -> Path:
    """Write ``edit(real source lines)`` to ``root/name``: a new revision as a source file."""
    path = root / name
    path.write_text("\n".join(edit(source_lines(root, game, lang))) + "\n", encoding="utf-8")
    return path


def revision(root: Path, spec: str | Path, **kw) -> Revision:
    return resolve(root, str(spec), lambda: load_knowledge_base(root), **kw)


def replace_line(prefix: str, new: Callable[[str], str]) -> Callable[[list[str]], list[str]]:
    """An edit rewriting the one line that starts with ``prefix``."""
    def edit(lines: list[str]) -> list[str]:
        hits = [i for i, line in enumerate(lines) if line.startswith(prefix)]
        assert len(hits) == 1, f"{prefix!r} starts {len(hits)} lines"
        lines[hits[0]] = new(lines[hits[0]])
        return lines
    return edit


def renumber_section(old: str, new: str) -> Callable[[list[str]], list[str]]:
    """An edit renumbering section ``old`` and everything under it to ``new`` (labels only:
    at a line start, or after 。 where the PDF ran two clauses into one line)."""
    pattern = re.compile(rf"(^|。){re.escape(old)}(?=[-\s])")
    return lambda lines: [pattern.sub(lambda m: m[1] + new, line) for line in lines]


def insert_after(prefix: str, *new_lines: str) -> Callable[[list[str]], list[str]]:
    """An edit inserting ``new_lines`` (blank-separated) after the line starting with ``prefix``."""
    def edit(lines: list[str]) -> list[str]:
        i = next(i for i, line in enumerate(lines) if line.startswith(prefix))
        block = [x for line in new_lines for x in ("", line)]
        return lines[:i + 1] + block + lines[i + 1:]
    return edit


def insert_before(prefix: str, *new_lines: str) -> Callable[[list[str]], list[str]]:
    def edit(lines: list[str]) -> list[str]:
        i = next(i for i, line in enumerate(lines) if line.startswith(prefix))
        block = [x for line in new_lines for x in (line, "")]
        return lines[:i] + block + lines[i:]
    return edit


def delete_line(prefix: str) -> Callable[[list[str]], list[str]]:
    return lambda lines: [line for line in lines if not line.startswith(prefix)]


def chain(*edits: Callable[[list[str]], list[str]]) -> Callable[[list[str]], list[str]]:
    def edit(lines: list[str]) -> list[str]:
        for e in edits:
            lines = e(lines)
        return lines
    return edit


def fix_second_11_2_1_4(lines: list[str]) -> list[str]:
    """The ja source prints 11-2-1-4 twice; a revision that fixes the second to 11-3-1-4."""
    i = [i for i, line in enumerate(lines) if line.startswith("11-2-1-4 ")][1]
    lines[i] = lines[i].replace("11-2-1-4", "11-3-1-4", 1)
    return lines


# The planted ja revision 1.1: a renumbered clause, a changed number, a removed clause.
JA_1_1 = chain(fix_second_11_2_1_4, replace_line("5-6-2 ", lambda s: s.replace("カード1枚を", "カード2枚を")),
               delete_line("7-3-3 "))


def add_revision(root: Path, game: str, lang: str, revision: str,
                 edit: Callable[[list[str]], list[str]]) -> Path:
    """Add a crafted revision to the project's manifest as the current one and import it."""
    import dataclasses
    import hashlib

    editions = store.read_manifest(root)
    base = next(e for e in editions if e.game == game and e.lang == lang and e.current)
    name = f"sources/{game}.{lang}.{revision}.txt"
    text = "\n".join(edit(source_lines(root, game, lang))) + "\n"
    (root / "rules" / name).write_text(text, encoding="utf-8")
    base.current = False
    editions.append(dataclasses.replace(base, revision=revision, version=f"Ver.{revision}", source=name,
                                        sha256=hashlib.sha256(text.encode()).hexdigest(), current=True,
                                        date="2026/06/01"))
    (root / "rules" / "editions.yaml").write_text(
        store.dump_yaml({"editions": [e.manifest_dict() for e in editions]}), encoding="utf-8")
    run_import(root, game=game)
    return root
