"""The knowledge base as one SQLite database, for apps and ``tcgrules api`` (Datasette).

Tables (built with sqlite-utils; foreign keys declared, ``PRAGMA foreign_key_check`` clean):

* ``editions``: one row per revision of a language edition (``key`` ``battle-spirits/ja/1.0``,
  game, lang, revision, current, title, version and date as printed, format, source, sha256);
* ``clauses``: one row per record (``id``; ``edition`` → editions; ``parent`` → clauses),
  with ``citation`` (``battle-spirits:8-1-6-1``), ``number_key`` (the number's digits joined
  by hyphens, as :func:`tcgrules.kb.text.parse_number` reads a number typed any way),
  ``position`` (source order in its edition) and ``folded`` (label, title and text folded
  character by character: :func:`tcgrules.kb.text.fold_chars`);
* ``clauses_fts``: FTS5 over title, text and folded, tokenizer ``trigram`` (any script, no
  word breaks needed; a query needs three characters, so shorter ones are matched with
  ``instr`` on ``folded``: see the ``search`` query of :mod:`tcgrules.export.api`);
* ``refs``: the cross-references in clause texts (``clause`` → clauses, ``target`` and
  ``target_end`` → clauses, null when unresolved, then ``reason`` says why);
* ``concepts`` (with ``en_definition``, the glossary's one-line English definition, our
  wording, null when it has none), ``terms`` (``concept`` → concepts; ``key``: the term folded with
  :func:`tcgrules.kb.text.fold`, as the glossary looks terms up), ``definitions`` (the
  clauses defining a concept), ``clause_terms`` (the concepts a clause's text uses),
  ``related`` (concepts of other games naming the same notion);
* ``changes``: for every two revisions of a language edition, what happened to each record
  (:func:`tcgrules.diff.diff_revisions`: kind, old and new clause and number, similarity);
* ``coverage``: per game with a rules engine, each clause number that governs play or is
  implemented or tested, with the implementing functions and the citing tests (JSON lists).

The file is built beside PATH under a temporary name and renamed over PATH when complete.
"""
from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from itertools import combinations
from pathlib import Path
from typing import Iterable, Iterator

import sqlite_utils

from ..diff import Revision, diff_revisions, load_forced
from ..diff.history import revisions
from ..engine.api import has_engine
from ..engine.coverage import coverage_index
from ..errors import UsageError
from ..kb import store, text
from ..kb.model import KnowledgeBase

FTS_COLUMNS = ["title", "text", "folded"]


def export(kb: KnowledgeBase, path: Path, force: bool = False) -> dict[str, int]:
    """Write the database to ``path`` atomically; returns the row count of each table. An
    existing file that is not a SQLite database is replaced only with ``force``."""
    path = output(kb.root, path, force)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as e:
        raise UsageError(f"{path}: cannot write there ({e.strerror})") from None
    os.close(fd)
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes it private; the database is not
        counts = build(kb, Path(tmp))
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
    return counts


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


SQLITE_HEADER = b"SQLite format 3\0"


def output(root: Path, path: Path, force: bool = False) -> Path:
    """The database file to write for the project ``root``: never in its tracked sources, nor
    through a link leaving it, nor over a file that is not a database (unless ``force``)."""
    return check_path(store.writable_output(root, path, "export sqlite"), force)


def check_path(path: Path, force: bool = False) -> Path:
    """``path`` as a file to (over)write, or a usage error saying why it cannot be one."""
    path = Path(path).expanduser().absolute()
    if path.is_dir():
        raise UsageError(f"{path}: is a folder; give a file name, e.g. {path / 'tcgrules.db'}")
    if not path.parent.is_dir():
        raise UsageError(f"{path}: no folder {path.parent}")
    if path.exists() and not path.is_file():
        raise UsageError(f"{path}: not a regular file")
    if path.is_file() and path.stat().st_size and not force:
        with open(path, "rb") as f:
            if f.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
                raise UsageError(f"{path}: exists and is not a SQLite database; replace it with --force")
    return path


def build(kb: KnowledgeBase, path: Path) -> dict[str, int]:
    """Create every table in a new database at ``path`` (see the module docstring)."""
    db = sqlite_utils.Database(sqlite3.connect(path))
    try:
        with db.conn:
            table(db, "editions", EDITION_COLUMNS, "key", [], edition_rows(kb))
            table(db, "clauses", CLAUSE_COLUMNS, "id", [("edition", "editions"), ("parent", "clauses")],
                  clause_rows(kb), indexes=[["citation"], ["number_key"], ["edition", "position"]])
            table(db, "refs", REF_COLUMNS, "id", [("clause", "clauses"), ("target", "clauses"),
                                                  ("target_end", "clauses")], ref_rows(kb), indexes=[["clause"]])
            glossary(db, kb)
            table(db, "changes", CHANGE_COLUMNS, "id", [
                ("old_edition", "editions"), ("new_edition", "editions"), ("old_clause", "clauses"),
                ("new_clause", "clauses")], change_rows(kb), indexes=[["old_edition", "new_edition"]])
            table(db, "coverage", COVERAGE_COLUMNS, ("game", "number"), [], coverage_rows(kb))
        db["clauses"].enable_fts(FTS_COLUMNS, tokenize="trigram")
        db.vacuum()
        return {name: db[name].count for name in db.table_names() if not name.startswith("clauses_fts")}
    finally:
        db.conn.close()


def table(db: sqlite_utils.Database, name: str, columns: dict, pk, foreign_keys: list[tuple[str, str]],
          rows: Iterable[dict], indexes: Iterable[list[str]] = ()) -> None:
    """Create table ``name`` (each foreign key refers to the other table's primary key) and fill it."""
    t = db.table(name)
    t.create(columns, pk=pk, foreign_keys=[(col, other, "key" if other == "editions" else "id")
                                           for col, other in foreign_keys])
    t.insert_all(rows, batch_size=1000)
    for cols in indexes:
        t.create_index(cols)


EDITION_COLUMNS = {"key": str, "game": str, "lang": str, "revision": str, "current": bool, "title": str,
                   "game_title": str, "version": str, "date": str, "format": str, "source": str,
                   "sha256": str, "defects": int}


def edition_rows(kb: KnowledgeBase) -> Iterator[dict]:
    for key in sorted(kb.editions):
        e = kb.editions[key]
        yield {"key": key, **e.manifest_dict(), "defects": len(e.defects)}


def number_key(number: str | None) -> str | None:
    """A clause number typed any way as its digits joined by hyphens (``8.1.6.1`` → ``8-1-6-1``),
    None when it is no number."""
    parsed = text.parse_number(number or "")
    return "-".join(parsed[1]) if parsed else None


CLAUSE_COLUMNS = {
    "id": str, "edition": str, "game": str, "lang": str, "revision": str, "current": bool,
    "position": int, "number": str, "number_key": str, "citation": str, "number_printed": bool,
    "kind": str, "label": str, "title": str, "text": str, "parent": str,
    "source_file": str, "first_line": int, "last_line": int, "folded": str,
}


def clause_rows(kb: KnowledgeBase) -> Iterator[dict]:
    for key in sorted(kb.editions):
        e = kb.editions[key]
        for i, c in enumerate(kb.in_edition(key)):
            yield {"id": c.id, "edition": key, "game": e.game, "lang": e.lang, "revision": e.revision,
                   "current": e.current, "position": i, "number": c.number,
                   "number_key": number_key(c.number), "citation": c.citation,
                   "number_printed": c.number_printed, "kind": c.kind, "label": c.label, "title": c.title,
                   "text": c.text, "parent": c.parent, "source_file": c.source.file,
                   "first_line": c.source.first_line, "last_line": c.source.last_line,
                   "folded": text.fold_chars(" ".join(s for s in (c.label, c.title, c.text) if s))}


REF_COLUMNS = {"id": int, "clause": str, "span": str, "start": int, "end": int, "number": str,
               "number_end": str, "title": str, "target": str, "target_end": str, "reason": str}


def ref_rows(kb: KnowledgeBase) -> Iterator[dict]:
    for c in kb:
        for r in c.refs:
            yield {"clause": c.id, **r.to_dict()}


def glossary(db: sqlite_utils.Database, kb: KnowledgeBase) -> None:
    """concepts, terms, definitions, related and clause_terms."""
    concepts = sorted(kb.glossary, key=lambda c: c.id)
    known = kb.glossary.concepts
    table(db, "concepts", {"id": str, "game": str, "category": str, "note": str, "en_definition": str}, "id", [],
          ({"id": c.id, "game": c.game, "category": c.category, "note": c.note, "en_definition": c.en_definition}
           for c in concepts))
    table(db, "terms", {"concept": str, "lang": str, "term": str, "preferred": bool, "key": str},
          ("concept", "lang", "term"), [("concept", "concepts")],
          ({"concept": c.id, "lang": lang, "term": t, "preferred": i == 0, "key": text.fold(t)}
           for c in concepts for lang, ts in c.terms.items() for i, t in enumerate(ts)), indexes=[["key"]])
    table(db, "definitions", {"concept": str, "edition": str, "clause": str}, ("concept", "clause"),
          [("concept", "concepts"), ("edition", "editions"), ("clause", "clauses")],
          ({"concept": c.id, "edition": ed, "clause": cid}
           for c in concepts for ed, ids in c.defined_in.items() for cid in ids if cid in kb.clauses))
    table(db, "related", {"concept": str, "related": str}, ("concept", "related"),
          [("concept", "concepts"), ("related", "concepts")],
          ({"concept": c.id, "related": r} for c in concepts for r in c.related if r in known))
    table(db, "clause_terms", {"clause": str, "concept": str}, ("clause", "concept"),
          [("clause", "clauses"), ("concept", "concepts")],
          ({"clause": c.id, "concept": cid} for c in kb for cid in dict.fromkeys(c.terms) if cid in known),
          indexes=[["concept"]])


CHANGE_COLUMNS = {"id": int, "game": str, "lang": str, "old_edition": str, "new_edition": str, "kind": str,
                  "old_clause": str, "new_clause": str, "old_number": str, "new_number": str,
                  "text_change": str, "position_change": str, "similarity": float}


def change_rows(kb: KnowledgeBase) -> Iterator[dict]:
    """Every record's fate between every two revisions (older first) of each language edition."""
    forced = load_forced(kb.root)
    for game, lang in sorted({(e.game, e.lang) for e in kb.editions.values()}):
        for old, new in combinations(revisions(kb, game, lang), 2):
            d = diff_revisions(Revision(old, kb.in_edition(old.key), old.key),
                               Revision(new, kb.in_edition(new.key), new.key), forced)
            for ch in d.changes:
                yield {"game": game, "lang": lang, "old_edition": old.key, "new_edition": new.key,
                       "kind": ch.kind, "old_clause": ch.old.id if ch.old else None,
                       "new_clause": ch.new.id if ch.new else None, "old_number": ch.old_number,
                       "new_number": ch.new_number, "text_change": ch.text_change,
                       "position_change": ch.position_change, "similarity": round(ch.similarity, 4)}


COVERAGE_COLUMNS = {"game": str, "number": str, "citation": str, "relevant": bool,
                    "implemented_by": str, "tested_by": str}


def coverage_rows(kb: KnowledgeBase) -> Iterator[dict]:
    """The engine clause index of each game that has an engine (JSON lists of names)."""
    for game in kb.games():
        if not has_engine(game):
            continue
        index = coverage_index(kb.root, game)
        relevant = set(index["relevant"])
        for number, c in index["clauses"].items():
            yield {"game": game, "number": number, "citation": f"{game}:{number}", "relevant": number in relevant,
                   "implemented_by": json.dumps(c["implemented_by"]), "tested_by": json.dumps(c["tested_by"])}
