"""Clause records as JSON Lines: the stable export other tools and the site build on.

One JSON object per record, in edition then source order, with the record fields of
``schema/clause.schema.json`` plus:

* ``game``, ``lang``: the edition's game key and language tag;
* ``version``: the revision folder (``1.0``, ``1.20``, ``r1``); ``version_printed``: as printed;
* ``edition``: the edition key ``<game>/<lang>/<revision>``;
* ``current``: whether that revision is the current one.
"""
from __future__ import annotations

import json
from typing import Iterator, TextIO

from ..kb.model import Clause, KnowledgeBase


def record(kb: KnowledgeBase, c: Clause) -> dict:
    e = kb.editions[c.edition]
    d = {"game": e.game, "lang": e.lang, "version": e.revision, "version_printed": e.version,
         "edition": e.key, "current": e.current}
    d.update(c.to_dict())
    return d


def records(kb: KnowledgeBase, game: str | None = None, lang: str | None = None) -> Iterator[dict]:
    for key in sorted(kb.editions):
        e = kb.editions[key]
        if (game and e.game != game) or (lang and e.lang != lang):
            continue
        for c in kb.in_edition(key):
            yield record(kb, c)


def write_jsonl(kb: KnowledgeBase, out: TextIO, game: str | None = None, lang: str | None = None) -> int:
    n = 0
    for d in records(kb, game, lang):
        out.write(json.dumps(d, ensure_ascii=False) + "\n")
        n += 1
    return n
