"""Revision diff, clause history and language alignment, for maintainers.

* :func:`diff_revisions` pairs the records of two revisions of one language edition
  (:mod:`.match`), says what happened to each (:mod:`.classify`: unchanged, minor, changed,
  added, removed, renumbered, moved) with a character-level diff (:mod:`.chardiff`), and
  lists the engine tests citing what changed (:mod:`.affected`).
* :mod:`.revisions` turns what a user types (``battle-spirits/ja/1.0``, ``1.0 --game …``,
  a source file) into a :class:`~.revisions.Revision`.
* :mod:`.history` follows one clause through every revision; :mod:`.align` compares the
  language editions of a game; :mod:`.report` prints a diff for the terminal and as JSON
 (the site package renders the pages of changes).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import forced as forced_matches
from .classify import KINDS, Change, classify, summary
from .match import match
from .revisions import Revision, RevisionError, check_comparable, resolve

__all__ = ["KINDS", "Change", "EditionDiff", "Revision", "RevisionError", "check_comparable",
           "diff_revisions", "resolve"]


@dataclass
class EditionDiff:
    """The changes between two revisions, every record of both accounted for once."""

    old: Revision
    new: Revision
    changes: list[Change]
    summary: dict[str, int]
    affected: list[dict] = field(default_factory=list)  # see affected.affected_tests

    @property
    def reported(self) -> list[Change]:
        """The changes worth listing: every record that is not unchanged."""
        return [c for c in self.changes if c.kind != "unchanged"]


def diff_revisions(old: Revision, new: Revision,
                   forced: list[forced_matches.ForcedEntry] | None = None) -> EditionDiff:
    """Compare two revisions of one language edition (see the package docstring)."""
    check_comparable(old, new)
    pairs, kept_added = forced_matches.pairs_for(forced or [], old.edition, new.edition, old.clauses, new.clauses)
    changes = classify(match(old.clauses, new.clauses, pairs, kept_added), old.clauses, new.clauses)
    return EditionDiff(old, new, changes, summary(changes))


def load_forced(root: Path) -> list[forced_matches.ForcedEntry]:
    """The forced matches of the project (rules/diff-matches.yaml)."""
    return forced_matches.load(root / forced_matches.FILE)
