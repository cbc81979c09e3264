"""Search across languages and scripts: a Whoosh index of the clause records.

* :mod:`.analysis` — the CJK analyzer (Whoosh stores its import path in the index);
* :mod:`.index` — building the index into ``.cache/search/`` and keeping it fresh;
* :mod:`.query` — clause numbers, glossary expansion, ranking and snippets;
* :mod:`.bench` — the quality and speed benchmark against a plain Whoosh baseline.

Typical use::

    from tcgrules.search import open_searcher
    with open_searcher(root) as s:
        for hit in s.search("灵魂卡", lang="zh-Hant"):
            print(hit.id, hit.snippet)
"""
from __future__ import annotations

from .index import open_searcher
from .query import Hit, QueryError, Searcher

__all__ = ["open_searcher", "Hit", "QueryError", "Searcher"]
