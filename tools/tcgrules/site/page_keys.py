"""What each generated page of ``site_src/`` is made from, as one SHA-256 (its *key*), so that
:func:`tcgrules.site.pages.render` renders again only the pages whose key changed.

A key joins the site's *shape* (the code and templates that render pages, the editions with
their defects, the glossary and its style lists, the engines' coverage, the forced diff
matches, and every record's id, number, kind, place, label and title) with the content of the
records the page shows or quotes:

* a chapter page or a side-by-side page: its records, the records their references point to
  (a link's tooltip quotes the target), and the records that define the glossary terms its
  records use (a term's tooltip quotes its definition; a record's ``terms``, as
  `tcgrules glossary link` sets them from its text); in a language edition with revisions, every record
  of every revision (a record's "changed in" mark and its history link follow its chain
  through them);
* a game's glossary page: the records defining its terms, and which records use each term;
* any other page (an edition's contents, the glossary's findings, the engine coverage, the
  home page): every record of its edition, game or of the whole site.

A changed title, number or place of any record changes the shape, and so every page. The
pages of changes, histories and feeds (the feeds carry the site's URL) take a few
milliseconds to make: each is keyed by its text.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the MkDocs process imports sha() alone
    from ..kb.model import Clause, KnowledgeBase

_CODE = Path(__file__).parent.parent  # the tcgrules package: what renders pages, the engines aside


def sha(*parts: object) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(str(p).encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()


def keep(path: Path, data: bytes | str) -> None:
    """Write a file a build keeps for the next one, replaced in one step; the temporary file
    is the process's own (two builds may run at once, as in the tests)."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    os.replace(tmp, path)


def file_digests(*folders: Path) -> list[str]:
    """Each file under ``folders`` (compiled Python aside) as its path and SHA-256."""
    return [f"{p} {hashlib.sha256(p.read_bytes()).hexdigest()}" for folder in folders if folder.is_dir()
            for p in sorted(folder.rglob("*")) if p.is_file() and "__pycache__" not in p.parts]


class PageKeys:
    """The keys of one rendering of the site's pages (see the module's text)."""

    def __init__(self, kb: KnowledgeBase, ctx, revised: set[tuple[str, str]]) -> None:
        from ..diff.forced import FILE as FORCED_FILE
        from ..kb.glossary import GLOSSARY_DIR

        self.record = {c.id: sha(json.dumps(c.to_dict(), ensure_ascii=False, sort_keys=True)) for c in kb}
        code = [p for p in sorted(_CODE.iterdir()) if p.is_dir() and p.name != "engine"]
        forced = kb.root / FORCED_FILE
        self.shape = sha(
            *file_digests(*code, kb.root / GLOSSARY_DIR), forced.read_bytes() if forced.is_file() else "",
            *(repr(e) for _, e in sorted(kb.editions.items())),
            *(repr(c) for c in sorted(ctx.glossary, key=lambda c: c.id)) if ctx.glossary is not None else (),
            json.dumps(ctx.coverage, sort_keys=True, default=str),
            *((c.id, c.number, c.number_printed, c.kind, c.parent, c.label, c.title, c.edition, c.chapter_file)
              for c in kb))
        self.edition = {k: sha(*(self.record[c.id] for c in kb.in_edition(k))) for k in sorted(kb.editions)}
        self.game = {g: sha(*(d for k, d in self.edition.items() if kb.editions[k].game == g)) for g in kb.games()}
        self.site = sha(*self.edition.values())
        # a language edition with revisions: all of them, for each of its pages
        self.family = {(g, lang): sha(*(d for k, d in self.edition.items()
                                        if (kb.editions[k].game, kb.editions[k].lang) == (g, lang)))
                       for g, lang in revised}
        # a term's tooltip quotes the record defining it: each concept's defining records
        self.concept = {concept.id: sha(*(self.record.get(cid, cid) for ids in concept.defined_in.values()
                                          for cid in ids)) for concept in ctx.glossary or []}
        defining: dict[str, list[str]] = {}
        for concept in ctx.glossary or []:
            defining.setdefault(concept.game, []).append(self.concept[concept.id])
        self.defining = {g: sha(*ds) for g, ds in defining.items()}
        self.uses = {g: sha(*((c.id, c.terms) for c in kb if c.game == g)) for g in kb.games()}

    def of(self, rel: str, *made_from: str) -> str:
        return sha(self.shape, rel, *made_from)

    def records(self, game: str, lang: str, records: list[Clause]) -> list[str]:
        """What a page of ``records`` of one language edition of ``game`` is made from."""
        if (game, lang) in self.family:
            return [self.family[(game, lang)]]
        quoted = [r.target for c in records for r in c.refs if r.target]
        terms = sorted({t for c in records for t in c.terms})
        return [*(self.record[c.id] for c in records), *(self.record.get(t, t) for t in quoted),
                *(self.concept.get(t, t) for t in terms)]
