"""What happened to each record between two revisions.

Every record gets one *kind*:

* ``unchanged``: same number, same text;
* ``minor``: same number, the text differs only in punctuation or spacing;
* ``changed``: the text differs in words (its number may have changed too: see
  ``old_number`` / ``new_number``);
* ``renumbered``: the same text (up to punctuation) under a new number, parent unchanged
  (or itself renumbered along with it);
* ``moved``: the same text under a new parent, i.e. a parent that is not the counterpart
  of its old parent;
* ``added`` / ``removed``: no counterpart in the other revision.

Numbers an importer synthesized (unnumbered sources such as 星靈王's paragraphs) shift
when a record is inserted before them; that is not a renumbering unless the printed
label (``2、``, ``(3)``) changed as well.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..kb.model import Clause
from .chardiff import Segment, char_diff, similarity, skeleton
from .match import Matching, content, key

KINDS = ("changed", "minor", "added", "removed", "renumbered", "moved", "unchanged")


@dataclass
class Change:
    """One record's fate; ``old`` is None when added, ``new`` None when removed."""

    kind: str
    old: Clause | None
    new: Clause | None
    text_change: str = "same"  # same, minor, changed (added/removed: changed)
    position_change: str = "same"  # same, renumbered, moved
    segments: list[Segment] = field(default_factory=list)
    similarity: float = 1.0
    how: str = ""  # how the pair was found (see match.Pair.how)

    @property
    def old_number(self) -> str | None:
        return self.old.number if self.old else None

    @property
    def new_number(self) -> str | None:
        return self.new.number if self.new else None

    @property
    def old_text(self) -> str | None:
        return content(self.old) if self.old else None

    @property
    def new_text(self) -> str | None:
        return content(self.new) if self.new else None

    @property
    def number(self) -> str:
        """The number to show first: the new one, or the old one of a removed record."""
        return (self.new or self.old).number  # type: ignore[union-attr]


def classify(matching: Matching, old: list[Clause], new: list[Clause]) -> list[Change]:
    """One :class:`Change` per record of either revision, in the new revision's order
    (a removed record right after the counterpart of the record that preceded it)."""
    counterpart = {p.old.id: p.new.id for p in matching.pairs}
    changes = [_pair_change(p.old, p.new, p.how, counterpart) for p in matching.pairs]
    changes += [Change("added", None, c, "changed", segments=char_diff("", content(c)), similarity=0.0)
                for c in matching.added]
    changes += [Change("removed", c, None, "changed", segments=char_diff(content(c), ""), similarity=0.0)
                for c in matching.removed]
    return sorted(changes, key=_order(old, new, counterpart))


def _pair_change(old: Clause, new: Clause, how: str, counterpart: dict[str, str]) -> Change:
    a, b = content(old), content(new)
    if a == b:
        text = "same"
    elif skeleton(a) == skeleton(b):
        text = "minor"
    else:
        text = "changed"
    if (old.parent is None) != (new.parent is None) or (
            old.parent is not None and counterpart.get(old.parent) != new.parent):
        position = "moved"
    elif _renumbered(old, new):
        position = "renumbered"
    else:
        position = "same"
    if text == "changed":
        kind = "changed"
    elif position != "same":
        kind = position
    else:
        kind = "minor" if text == "minor" else "unchanged"
    segments = char_diff(a, b) if text != "same" else [("=", a)] if a else []
    return Change(kind, old, new, text, position, segments, similarity(a, b) if text != "same" else 1.0, how)


def _renumbered(old: Clause, new: Clause) -> bool:
    if old.number_printed or new.number_printed:
        return key(old) != key(new)
    return (old.label or "") != (new.label or "")


def _order(old: list[Clause], new: list[Clause], counterpart: dict[str, str]):
    """Sort key: new position; a removed record goes after its old predecessor's partner."""
    new_pos = {c.id: i for i, c in enumerate(new)}
    removed_pos: dict[str, float] = {}
    last = -1.0
    for c in old:
        if c.id in counterpart:
            last = float(new_pos[counterpart[c.id]])
        else:
            last += 1e-6  # removed runs keep their own order
            removed_pos[c.id] = last

    def sort_key(ch: Change) -> float:
        if ch.new is not None:
            return float(new_pos[ch.new.id])
        return removed_pos[ch.old.id] + 0.5  # type: ignore[union-attr]

    return sort_key


def summary(changes: list[Change]) -> dict[str, int]:
    """Counts per kind, every kind present (zeros included), in :data:`KINDS` order."""
    counts = dict.fromkeys(KINDS, 0)
    for ch in changes:
        counts[ch.kind] += 1
    return counts
