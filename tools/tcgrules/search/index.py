"""Building the search index and keeping it fresh.

The index lives in ``<root>/.cache/search/<fingerprint>/``: a Whoosh index plus
``meta.json`` (the fingerprint, the indexed editions, the glossary expansion table and
build figures). The fingerprint hashes the names, sizes and modification times of the
YAML files under ``rules/`` and ``glossary/`` with the schema and analyzer versions, so
an import, a glossary edit or a new analyzer gives a new folder and a rebuild; checking
it costs a directory walk, never a YAML parse. A build writes into a temporary folder
and renames it into place, so readers never see half an index and two processes
building at once both end with a complete one.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from whoosh import index as whoosh_index
from whoosh.fields import ID, TEXT, Schema

from ..kb.model import Clause, KnowledgeBase
from ..kb.concepts import term_key
from ..kb.lexicon import RELATED_FILE
from ..kb.text import fold
from ..kb import load_knowledge_base
from .analysis import ANALYZER_VERSION, CJKAnalyzer, NumberAnalyzer
from .query import Searcher

if TYPE_CHECKING:  # the glossary package is needed to build an index, not to search one
    from ..glossary import Glossary

SCHEMA_VERSION = "8"  # bump when the fields or what goes into them change (8: meta.json keeps the rules' tables, `rules`)
CACHE = Path(".cache") / "search"
META = "meta.json"
GLOSSARY = "glossary.slot.pickle"  # the glossary a search looks a query up in (:func:`searched_glossary`)


def schema() -> Schema:
    """The fields of a clause document; everything a hit shows is stored."""
    cjk = CJKAnalyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        game=ID(stored=True),
        lang=ID(stored=True),
        version=ID(stored=True),  # the edition's revision folder: 1.0, r1 …
        number=ID(stored=True, analyzer=NumberAnalyzer()),
        # No positions: queries ask for all of a phrase's overlapping pairs instead (as
        # strict for CJK, and much faster); titles and snippets check true phrases.
        title=TEXT(analyzer=cjk, stored=True, phrase=False),
        text=TEXT(analyzer=cjk, stored=True, phrase=False),
        terms=TEXT(analyzer=cjk, phrase=False),  # every term, in every language, of the concepts the clause uses
    )


# ---------------------------------------------------------------- freshness


def _source_files(root: Path) -> Iterable[Path]:
    """The YAML files the index is built from (rule sources are not: records are)."""
    for base in (root / "rules", root / "glossary"):
        for folder, dirs, files in os.walk(base):
            dirs[:] = sorted(d for d in dirs if not (folder == str(root / "rules") and d == "sources"))
            for name in sorted(files):
                if name.endswith((".yaml", ".yml")):
                    yield Path(folder) / name


# The code the expansion table is made by (term keys, the forms players type) and the table of the
# words players type for the terms' (kb/data/related-words.json): a change to them changes the
# table as a change to glossary/ does.
_EXPANSION_CODE = (Path(__file__).with_name("index.py"), Path(__file__).parents[1] / "kb" / "concepts.py", RELATED_FILE)


def fingerprint(root: Path) -> str:
    """A short hash that changes whenever the index would come out different."""
    h = hashlib.sha256(f"schema {SCHEMA_VERSION} analyzer {ANALYZER_VERSION}\n".encode())
    for code in _EXPANSION_CODE:
        h.update(hashlib.sha256(code.read_bytes()).digest())
    for path in _source_files(root):
        st = path.stat()
        h.update(f"{path.relative_to(root)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:16]


def cache_dir(root: Path) -> Path:
    return root / CACHE


# ---------------------------------------------------------------- building


@dataclass(frozen=True, slots=True)
class BuildInfo:
    """Where an index was built and what it took."""

    path: Path
    documents: int
    seconds: float
    bytes: int


def expansion_table(glossary: Glossary) -> dict:
    """What query expansion needs from the glossary, precomputed (no YAML at query time).

    ``keys`` maps each term's :func:`term_key` (whether a query is a term), and each form players
    type for a term that no term is (:meth:`Glossary.typed_keys`), to the concepts having it;
    ``concepts`` gives each concept's aliases (every term in every language and both scripts,
    searched besides the query and indexed with the clauses using it) and the clauses that define
    it (:meth:`Glossary.defining`: those that use it, ``used``, for a concept no clause defines).
    Which concepts a query names, the glossary's own lookup says (:func:`searched_glossary`).
    An empty glossary/ gives empty tables: search then works without expansion.
    """
    table: dict = {"keys": {}, "concepts": {}}
    for cid in sorted(glossary.concepts):
        aliases = glossary.aliases(cid)
        table["concepts"][cid] = {"aliases": aliases, "defined_in": glossary.defining(cid), "used": cid in glossary.used}
        for term in aliases:
            ids = table["keys"].setdefault(term_key(term), [])
            if cid not in ids:
                ids.append(cid)
    # the forms players type for a term (战术卡, 战斗终了), where no term is written so
    table["keys"].update({f: ids for f, ids in glossary.typed_keys().items() if f not in table["keys"]})
    return table


def document(c: Clause, version: str, concepts: dict) -> dict:
    """The index document of one clause."""
    # Folded and deduplicated: the analyzer folds scripts anyway (靈魂卡 and 灵魂卡 are one)
    aliases = dict.fromkeys(fold(a) for cid in c.terms for a in concepts.get(cid, {}).get("aliases", []))
    return {"id": c.id, "game": c.game, "lang": c.lang, "version": version, "number": c.number,
            "title": c.title or "", "text": c.text, "terms": "\n".join(aliases)}


def editions_meta(kb: KnowledgeBase) -> list[dict]:
    """The indexed editions, for checking --game and --lang without loading rules/."""
    return [{"key": e.key, "game": e.game, "lang": e.lang, "version": e.revision} for e in kb.current_editions()]


def write_index(folder: Path, kb: KnowledgeBase, table: dict, schema_: Schema | None = None,
                make_document=document) -> int:
    """Index the clauses of the current editions into ``folder``; returns the count."""
    ix = whoosh_index.create_in(str(folder), schema_ or schema())
    writer = ix.writer(limitmb=256)
    n = 0
    for edition in kb.current_editions():
        for c in kb.in_edition(edition.key):
            writer.add_document(**make_document(c, edition.revision, table["concepts"]))
            n += 1
    writer.commit()
    return n


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.iterdir() if p.is_file())


def build(root: Path, kb: KnowledgeBase | None = None) -> BuildInfo:
    """Build the index for the current state of ``root`` and move it into the cache."""
    started = time.perf_counter()
    fp = fingerprint(root)  # taken first: files changing during the build make it stale
    kb = kb or load_knowledge_base(root)
    table = expansion_table(kb.glossary)
    cache = cache_dir(root)
    cache.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="tmp-", dir=cache))
    try:
        n = write_index(tmp, kb, table)
        meta = {
            "fingerprint": fp,
            "editions": editions_meta(kb),
            "documents": n,
            "build_seconds": round(time.perf_counter() - started, 3),
            "expansion": table,
            "rules": kb.glossary.learnt(),
        }
        (tmp / META).write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
        searched_glossary(root, tmp, meta)  # kept now: the first search does not read the glossary's files
        final = cache / fp
        try:
            tmp.rename(final)
        except OSError:  # another process built the same index first: keep theirs
            shutil.rmtree(tmp, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _prune(cache, keep=fp)
    return BuildInfo(final, n, time.perf_counter() - started, folder_bytes(final))


def _prune(cache: Path, keep: str) -> None:
    """Remove indexes of earlier fingerprints (and temporary folders over an hour old)."""
    for p in cache.iterdir():
        if p.name == keep or not p.is_dir():
            continue
        if p.name.startswith("tmp-") and time.time() - p.stat().st_mtime < 3600:
            continue  # maybe another process building right now
        shutil.rmtree(p, ignore_errors=True)


def ensure_index(root: Path) -> Path:
    """The folder of an index matching ``root``'s current files, built if missing."""
    root = Path(root).resolve()
    folder = cache_dir(root) / fingerprint(root)
    if not (folder / META).is_file():
        folder = build(root).path
    return folder


def searched_glossary(root: Path, folder: Path, meta: dict) -> Glossary:
    """The glossary a search names a query's concepts by (:meth:`Glossary.lookup`, as `tcgrules term`
    does): read from ``root/glossary`` and taught the rules' tables the index keeps (``rules``:
    :meth:`Glossary.learn`), kept pickled in the index's ``folder`` under the hash of the glossary's
    files and code (:func:`~tcgrules.kb.glossary.glossary_key`): reading the YAML and making the
    lookup's tables take seconds, unpickling them a tenth of one, on every `tcgrules search`."""
    from ..kb import store
    from ..kb.glossary import glossary_key, load_glossary

    return store.slot_kept(folder / GLOSSARY, glossary_key(root),
                           lambda: load_glossary(root, strict=True).learn(meta["rules"]))


def open_searcher(root: Path | str) -> Searcher:
    """A :class:`Searcher` over a fresh index of ``root`` (rebuilt when rules/ or glossary/ changed)."""
    root = Path(root).resolve()
    folder = ensure_index(root)
    meta = json.loads((folder / META).read_text(encoding="utf-8"))
    return Searcher(whoosh_index.open_dir(str(folder)), meta, searched_glossary(root, folder, meta))
