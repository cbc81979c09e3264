"""Forced matches: the pairings similarity gets wrong, fixed by hand.

The file is ``rules/diff-matches.yaml``::

    matches:
    - game: battle-spirits
      lang: ja            # optional: every language of the game when left out
      old: '1.0'          # the old revision (for a source file: its file name)
      new: '1.1'          # the new revision; '*' stands for any revision
      pairs:
      - [11-2-1-4~2, 11-3-1-4]   # old number -> new number (with ~n for a repeated number)
      - [5-3-2, null]            # this old record was removed: pair it with nothing
      - [null, 5-3-9]            # this new record was added: pair it with nothing

Pairs apply to every diff whose revisions match the entry; a number that names no record
in those revisions is an error, so a stale entry is noticed rather than silently ignored.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..kb import store
from ..kb.model import Clause, Edition, KnowledgeBaseError
from .match import key

FILE = Path("rules") / "diff-matches.yaml"


class ForcedMatchError(Exception):
    """A malformed forced-matches file or a stale entry; the message names the file."""


@dataclass(frozen=True)
class ForcedEntry:
    game: str
    lang: str | None
    old: str
    new: str
    pairs: tuple[tuple[str | None, str | None], ...]
    where: str  # file and entry number, for messages

    def applies(self, old: Edition, new: Edition) -> bool:
        return (self.game == old.game and self.lang in (None, old.lang)
                and self.old in ("*", old.revision) and self.new in ("*", new.revision))


def load(path: Path) -> list[ForcedEntry]:
    """The entries of a forced-matches file; a missing file means no entries."""
    if not path.exists():
        return []
    try:
        data = store.read_yaml(path)
    except KnowledgeBaseError as e:
        raise ForcedMatchError(str(e)) from None
    data = data or {}
    if not isinstance(data, dict) or not isinstance(data.get("matches") or [], list):
        raise ForcedMatchError(f"{path}: expected a mapping with a list 'matches'")
    return [_entry(path, i, d) for i, d in enumerate(data.get("matches") or [], start=1)]


def _entry(path: Path, i: int, d) -> ForcedEntry:
    where = f"{path}: match #{i}"
    if not isinstance(d, dict) or not all(d.get(k) for k in ("game", "old", "new")):
        raise ForcedMatchError(f"{where}: expected a mapping with game, old, new and pairs")
    pairs = []
    for p in d.get("pairs") or []:
        if not isinstance(p, list) or len(p) != 2 or p == [None, None]:
            raise ForcedMatchError(f"{where}: a pair is [old number, new number] (one may be null), not {p!r}")
        pairs.append((None if p[0] is None else str(p[0]), None if p[1] is None else str(p[1])))
    return ForcedEntry(str(d["game"]), None if d.get("lang") is None else str(d["lang"]),
                       str(d["old"]), str(d["new"]), tuple(pairs), where)


def pairs_for(entries: list[ForcedEntry], old: Edition, new: Edition, old_clauses: list[Clause],
              new_clauses: list[Clause]) -> tuple[dict[str, str | None], set[str]]:
    """``(old key → new key or None, new keys forced unpaired)`` for one diff."""
    old_keys = {key(c) for c in old_clauses}
    new_keys = {key(c) for c in new_clauses}
    forced: dict[str, str | None] = {}
    added: set[str] = set()
    for e in entries:
        if not e.applies(old, new):
            continue
        for a, b in e.pairs:
            if a is not None and a not in old_keys:
                raise ForcedMatchError(f"{e.where}: {old.key} has no record numbered {a}")
            if b is not None and b not in new_keys:
                raise ForcedMatchError(f"{e.where}: {new.key} has no record numbered {b}")
            if a is None:
                added.add(b)  # type: ignore[arg-type]
            else:
                forced[a] = b
    taken = [b for b in forced.values() if b is not None] + sorted(added)
    if len(taken) != len(set(taken)):
        raise ForcedMatchError(f"forced matches pair a record of {new.key} twice: {sorted(taken)}")
    return forced, added
