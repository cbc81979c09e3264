"""A tiny crafted knowledge base for testing the store, check, export and CLI without the
real importers: one game, two language editions, a handful of records."""
from __future__ import annotations

import hashlib
from pathlib import Path

from tcgrules.kb import store
from tcgrules.kb.model import Clause, Edition, Ref, SourceSpan

SOURCES = {
    "ja": "# テスト総合ルール\n\n1 概要\n\n1-1 これはテスト（1-2 参照）。\n\n1-2 二番目の\n\nルール。\n",
    "zh-Hant": "# 測試綜合規則\n\n1 概要\n\n1-1 這是測試（參照 1-2）。\n\n1-2 第二條規則。\n",
}


def _records(ed: Edition) -> list[Clause]:
    src = ed.source
    k = ed.key
    if ed.lang == "ja":
        text11, span, at = "これはテスト（1-2 参照）。", "（1-2 参照）", 6
        c12 = Clause(f"{k}/1-2", "1-2", True, "clause", "二番目のルール。", f"{k}/1", SourceSpan(src, 7, 9), label="1-2")
        title = "テスト総合ルール"
    else:
        text11, span, at = "這是測試（參照 1-2）。", "（參照 1-2）", 4
        c12 = Clause(f"{k}/1-2", "1-2", True, "clause", "第二條規則。", f"{k}/1", SourceSpan(src, 7, 7), label="1-2")
        title = "測試綜合規則"
    return [
        Clause(f"{k}/0", "0", False, "note", "", None, SourceSpan(src, 1, 1), title=title),
        Clause(f"{k}/1", "1", True, "chapter", "", None, SourceSpan(src, 3, 3), label="1", title="概要"),
        Clause(f"{k}/1-1", "1-1", True, "clause", text11, f"{k}/1", SourceSpan(src, 5, 5), label="1-1",
               refs=[Ref(span, at, at + len(span), target=f"{k}/1-2", number="1-2")]),
        c12,
    ]


def make(root: Path) -> Path:
    """Write rules/ for the crafted game 'testgame' under ``root``; returns root."""
    (root / "rules" / "sources").mkdir(parents=True)
    entries = []
    editions = []
    for lang, text in SOURCES.items():
        name = f"testgame.{lang}.txt"
        (root / "rules" / "sources" / name).write_text(text, encoding="utf-8")
        sha = hashlib.sha256(text.encode()).hexdigest()
        ed = Edition("testgame", lang, "1.0", f"Test {lang}", f"sources/{name}", sha, "hyphen", "Ver.1.0")
        editions.append(ed)
        entries.append(ed.manifest_dict())
    (root / "rules" / "editions.yaml").write_text(store.dump_yaml({"editions": entries}), encoding="utf-8")
    from tcgrules.kb.model import Skip

    trees = {}
    for ed in editions:
        skips = [Skip(1, "#", "heading-markup")]
        trees[store.edition_dir(root, ed)] = store.render_edition(ed, _records(ed), [], skips)
    store.write_tree(root, trees)
    return root


def make_site(tmp: Path) -> Path:
    """A project root with the crafted game, the project's mkdocs.yml and hand-written pages."""
    import shutil

    from tcgrules.site.pages import HAND_WRITTEN

    make(tmp)
    project = Path(__file__).resolve().parents[1]
    shutil.copy(project / "mkdocs.yml", tmp / "mkdocs.yml")
    for d in HAND_WRITTEN:
        shutil.copytree(project / "site_src" / d, tmp / "site_src" / d)
    return tmp
