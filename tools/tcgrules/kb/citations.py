"""Citations of clauses, ``<game>:<number>`` (``battle-spirits:8-1-6-1``,
``shadowverse-evolve:10.5.1``): whether one names a clause of the game's current editions.

Rule functions (``@rules.cites``) and tests (``@pytest.mark.clauses``) are checked through
:func:`check_citation`, against the clause records as :class:`~.model.KnowledgeBase` reads
them, whatever the edition's numbering.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .model import KnowledgeBase
from . import load_knowledge_base


class UnknownCitation(Exception):
    """A rule function or test cites a clause that the game's records do not have."""


def project_root() -> Path:
    """The checkout holding rules/editions.yaml: above this package, else above the cwd."""
    for start in (Path(__file__).resolve().parent, Path.cwd().resolve()):
        for p in (start, *start.parents):
            if (p / "rules" / "editions.yaml").is_file():
                return p
    raise UnknownCitation("no rules/editions.yaml above the tcgrules package or the working folder")


@dataclass(frozen=True)
class ClauseIndex:
    """The clause numbers of a game's current editions (union over languages)."""

    game: str
    numbers: frozenset[str]
    kinds: tuple[tuple[str, str], ...] = ()  # (number, kind: chapter, section, clause …)


@functools.cache
def _knowledge_base(root: Path) -> KnowledgeBase:
    return load_knowledge_base(root)


@functools.cache
def clause_numbers(game: str, root: str | None = None) -> ClauseIndex:
    """Every clause number of the game's current editions, read once per process, and kept
    between processes in ``.cache/clause-index/`` under the project root while the files of
    ``rules/`` are byte for byte the same (reading the records takes a second; an engine
    imported to judge one position needs only these numbers).

    A number exists when any current edition has it, as in
    :meth:`~.model.KnowledgeBase.resolve_citation`.
    """
    base = Path(root) if root else project_root()
    key = _rules_digest(base)
    cache = base / ".cache" / "clause-index" / f"{_file_name(game)}.json"
    try:
        saved = json.loads(cache.read_text(encoding="utf-8"))
        if saved["key"] == key:
            return ClauseIndex(game, frozenset(n for n, _ in saved["kinds"]),
                               tuple((str(n), str(k)) for n, k in saved["kinds"]))
    except (OSError, ValueError, KeyError, TypeError):
        pass  # no cache yet, or another one: read the records
    index = _read_clause_numbers(game, base)
    _save(cache, {"key": key, "kinds": index.kinds})
    return index


def _read_clause_numbers(game: str, root: Path) -> ClauseIndex:
    kb = _knowledge_base(root)
    editions = kb.current_editions(game)
    if not editions:
        raise UnknownCitation(f"no current edition of game {game!r} in {kb.root / 'rules' / 'editions.yaml'}")
    keys = {e.key for e in editions}
    kinds: dict[str, str] = {}
    for c in kb.clauses.values():
        if c.edition in keys:
            kinds.setdefault(c.number, c.kind)
    return ClauseIndex(game, frozenset(kinds), tuple(sorted(kinds.items())))


def _rules_digest(root: Path) -> str:
    """A hash of every file under ``rules/``, its path and bytes: a few milliseconds."""
    h = hashlib.blake2b(digest_size=16)
    folder = root / "rules"
    for here, dirs, files in sorted(os.walk(folder)):
        dirs.sort()
        for name in sorted(files):
            path = Path(here) / name
            h.update(str(path.relative_to(folder)).encode("utf-8") + b"\0")
            h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def _file_name(game: str) -> str:
    """The game's id as a file name: its letters, digits and dashes only."""
    return "".join(ch if ch.isalnum() or ch == "-" else "_" for ch in game)


def _save(path: Path, data: dict) -> None:
    """Write the cache atomically; a folder that cannot be written leaves it unsaved."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False)
        os.replace(tmp, path)
    except OSError:
        Path(tmp).unlink(missing_ok=True)


def check_citation(game: str, number: str, who: str) -> None:
    """Raise :class:`UnknownCitation` naming ``who`` when ``game:number`` names no clause."""
    if number not in clause_numbers(game).numbers:
        raise UnknownCitation(f"{who} cites {game}:{number}, which names no clause of {game}")
