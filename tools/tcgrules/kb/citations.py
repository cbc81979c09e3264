"""Citations of clauses, ``<game>:<number>`` (``battle-spirits:8-1-6-1``,
``shadowverse-evolve:10.5.1``): whether one names a clause of the game's current editions.

Rule functions (``@rules.cites``) and tests (``@pytest.mark.clauses``) are checked through
:func:`check_citation`, against the clause records as :class:`~.model.KnowledgeBase` reads
them, whatever the edition's numbering.
"""
from __future__ import annotations

import functools
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from .cache import kept
from .files import checkout_root

if TYPE_CHECKING:  # the model is read only when the clause index is made, not when it is kept
    from .model import Edition, KnowledgeBase


class UnknownCitation(Exception):
    """A rule function or test cites a clause that the game's records do not have."""


# The clause records an installed package carries (package data: a link to rules/ in a checkout).
PACKAGED: Final = Path(__file__).resolve().parent / "data"


def project_root() -> Path:
    """The checkout holding rules/editions.yaml (:func:`~.files.checkout_root`); outside
    any checkout, the records the installed package carries."""
    root = checkout_root()
    if root is not None:
        return root
    if (PACKAGED / "rules" / "editions.yaml").is_file():
        return PACKAGED
    raise UnknownCitation("no rules/editions.yaml above the tcgrules package or the working folder")


@dataclass(frozen=True)
class ClauseIndex:
    """The clause numbers of a game's current editions (union over languages)."""

    game: str
    numbers: frozenset[str]
    kinds: tuple[tuple[str, str], ...] = ()  # (number, kind: chapter, section, clause …)
    chapters: tuple[tuple[str, str], ...] = ()  # (number, the number of its chapter: its topmost parent)
    stale: frozenset[str] = frozenset()  # cited numbers a current revision changed or removed (still citable)


@functools.cache
def _knowledge_base(root: Path) -> KnowledgeBase:
    from . import load_knowledge_base

    return load_knowledge_base(root)


@functools.cache
def clause_numbers(game: str, root: str | None = None) -> ClauseIndex:
    """Every clause number of the game's current editions, read once per process, and kept
    between processes (:func:`~.cache.kept`) while no file of ``rules/`` was written
    (:func:`_rules_digest`): reading the records takes a second, and an engine imported to judge one
    position needs only these numbers.

    A number exists when any current edition has it, as in
    :meth:`~.model.KnowledgeBase.resolve_citation`; a number a current revision left stale
    (:func:`stale_notes`) may still be cited, so that an accepted revision never stops the
    engine from loading.
    """
    base = Path(root) if root else project_root()
    source = f"{game}\0{base}\0".encode("utf-8") + _rules_digest(base)
    kinds, chapters, stale = kept("clause-index", source, lambda: _read_clause_index(game, base))
    return ClauseIndex(game, frozenset(n for n, _ in kinds), tuple(kinds), tuple(chapters), frozenset(stale))


def _read_clause_index(game: str, root: Path) -> tuple:
    """(number, kind) and (number, its chapter's number) of every clause of the game, and the
    numbers its current revisions left stale."""
    kb = _knowledge_base(root)
    editions = kb.current_editions(game)
    if not editions:
        raise UnknownCitation(f"no current edition of game {game!r} in {kb.root / 'rules' / 'editions.yaml'}")
    keys = {e.key for e in editions}
    kinds: dict[str, str] = {}
    chapters: dict[str, str] = {}
    for c in kb.clauses.values():
        if c.edition in keys:
            kinds.setdefault(c.number, c.kind)
            chapters.setdefault(c.number, _topmost(kb, c).number)
    stale = tuple(sorted({n for e in editions for n in e.stale}))
    return tuple(sorted(kinds.items())), tuple(sorted(chapters.items())), stale


def _topmost(kb: KnowledgeBase, clause: Any) -> Any:
    """The chapter a record belongs to, by its parents (whatever the edition's numbering)."""
    while clause.parent is not None and clause.parent in kb.clauses:
        clause = kb.clauses[clause.parent]
    return clause


@functools.cache
def _rules_digest(root: Path) -> bytes:
    """What tells the files under ``rules/`` apart from any other state of them: each file's
    path, size, inode, and modification and change times, once per process. A file written
    since has another change time (no program can set it back), so the clause index kept
    under this key is never stale; reading and hashing the files' 2 MB instead took a judge
    call a tenth of its time."""
    h = hashlib.blake2b(digest_size=16)
    folder = root / "rules"
    for here, dirs, files in sorted(os.walk(folder)):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(here, name)
            st = os.stat(path)
            h.update(f"{os.path.relpath(path, folder)}\0{st.st_size}\0{st.st_ino}\0{st.st_mtime_ns}\0"
                     f"{st.st_ctime_ns}\0".encode("utf-8", "surrogateescape"))
    return h.digest()


def check_citation(game: str, number: str, who: str) -> None:
    """Raise :class:`UnknownCitation` naming ``who`` when ``game:number`` names no clause."""
    index = clause_numbers(game)
    if number not in index.numbers and number not in index.stale:
        raise UnknownCitation(f"{who} cites {game}:{number}, which names no clause of {game}")


def stale_notes(editions: list[Edition], game: str) -> dict[str, str]:
    """Clause number → "cites the r1 text; changed in r2": the citations of ``game`` that its
    current revisions left stale (their manifest's ``stale``), each against the revision it
    followed (``editions`` in manifest order)."""
    out: dict[str, str] = {}
    for i, e in enumerate(editions):
        if e.game == game and e.current and e.stale:
            before = [p for p in editions[:i] if (p.game, p.lang) == (e.game, e.lang)]
            was = before[-1].label if before else "earlier"
            out.update({n: f"cites the {was} text; {kind} in {e.label}" for n, kind in e.stale.items()})
    return out
