"""Pairing the records of two revisions of one edition.

A record's *key* is the last part of its id: its number, with ``~2`` for a number printed a
second time (so the ja edition's second 11-2-1-4 stays apart from the first). Records are
paired in rounds, each on the records earlier rounds left over:

1. forced pairs from ``rules/diff-matches.yaml`` (see :mod:`tcgrules.diff.forced`);
2. same key and the same text (unchanged, or only punctuation/spacing changed);
3. the same text under another key: a renumbered or moved record (equal texts pair in
   source order, as the same sentence may stand in several places);
4. same key and similar text (similarity ≥ :data:`SAME_KEY_MIN`): an edited record;
5. the most similar pairs across keys (≥ :data:`ACROSS_MIN`, best first): renumbered and
   edited at once;
6. whatever shares a key and a kind is paired last, whatever the text: the number is the
   rulebook's own statement of identity, so a rewritten clause is *changed*, not replaced.

Round 3 running before round 4 is what catches a renumbered section: when 11-3 becomes
11-4 and a new 11-3 is inserted, old 11-3-1 finds its text under 11-4-1 before the number
could pair it with the unrelated new 11-3-1.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from difflib import SequenceMatcher

from ..kb.model import Clause
from .chardiff import similarity, skeleton

SAME_KEY_MIN = 0.5
ACROSS_MIN = 0.6


def key(c: Clause) -> str:
    """The record's number with its ``~n`` duplicate suffix: unique within an edition."""
    return c.id.rsplit("/", 1)[1]


def content(c: Clause) -> str:
    """What the record says: its title and text (the label holds the number, compared apart)."""
    return " ".join(x for x in (c.title, c.text) if x)


@dataclass
class Pair:
    old: Clause
    new: Clause
    how: str  # forced, key, text, similar, key-rewritten


@dataclass
class Matching:
    pairs: list[Pair] = field(default_factory=list)
    removed: list[Clause] = field(default_factory=list)  # old records with no partner
    added: list[Clause] = field(default_factory=list)  # new records with no partner


class _Pool:
    """The records of one side not paired yet, in source order, with their skeletons."""

    def __init__(self, clauses: list[Clause]):
        self.order = {c.id: i for i, c in enumerate(clauses)}
        self.left: dict[str, Clause] = {key(c): c for c in clauses}
        self.skeletons = {c.id: skeleton(content(c)) for c in clauses}

    def take(self, k: str) -> Clause:
        return self.left.pop(k)

    def remaining(self) -> list[Clause]:
        return sorted(self.left.values(), key=lambda c: self.order[c.id])


def match(old: list[Clause], new: list[Clause], forced: dict[str, str | None] | None = None,
          forced_added: set[str] | None = None) -> Matching:
    """Pair ``old`` and ``new`` records (each in source order) as the module docstring says.

    ``forced`` maps old keys to new keys (None: the old record is removed, pair it with
    nothing); ``forced_added`` lists new keys that must stay unpaired.
    """
    a, b = _Pool(old), _Pool(new)
    result = Matching()

    def pair(ka: str, kb: str, how: str) -> None:
        result.pairs.append(Pair(a.take(ka), b.take(kb), how))

    fixed_removed = []
    for ka, kb in (forced or {}).items():
        if kb is None:
            fixed_removed.append(a.take(ka))
        else:
            pair(ka, kb, "forced")
    fixed_added = [b.take(kb) for kb in (forced_added or ())]

    for ka in [k for k in a.left if k in b.left]:
        if a.skeletons[a.left[ka].id] == b.skeletons[b.left[ka].id]:
            pair(ka, ka, "key")
    _pair_equal_texts(a, b, pair)
    for ka in [k for k in a.left if k in b.left]:
        if _ratio(a, b, a.left[ka], b.left[ka]) >= SAME_KEY_MIN:
            pair(ka, ka, "key")
    _pair_similar(a, b, pair)
    for ka in [k for k in a.left if k in b.left]:
        if a.left[ka].kind == b.left[ka].kind:
            pair(ka, ka, "key-rewritten")

    result.removed = sorted(fixed_removed + a.remaining(), key=lambda c: a.order[c.id])
    result.added = sorted(fixed_added + b.remaining(), key=lambda c: b.order[c.id])
    return result


def _pair_equal_texts(a: _Pool, b: _Pool, pair) -> None:
    """Round 3: records whose whole text reappears under another key."""
    by_text: dict[str, list[Clause]] = {}
    for c in b.remaining():
        if b.skeletons[c.id]:
            by_text.setdefault(b.skeletons[c.id], []).append(c)
    for c in a.remaining():
        partners = by_text.get(a.skeletons[c.id])
        if partners:
            pair(key(c), key(partners.pop(0)), "text")


def _pair_similar(a: _Pool, b: _Pool, pair) -> None:
    """Round 5: greedily pair the most similar leftovers, best first."""
    olds, news = a.remaining(), b.remaining()
    candidates: list[tuple[float, int, int, str, str]] = []
    for i, x in enumerate(olds):
        sx = a.skeletons[x.id]
        if not sx:
            continue
        sm = SequenceMatcher(None, autojunk=False)
        sm.set_seq2(sx)  # difflib caches facts about seq2: keep the fixed side there
        for j, y in enumerate(news):
            sy = b.skeletons[y.id]
            if not sy or x.kind != y.kind:
                continue
            sm.set_seq1(sy)
            # the cheap upper bounds first: most pairs are ruled out without a real diff
            if sm.real_quick_ratio() < ACROSS_MIN or sm.quick_ratio() < ACROSS_MIN:
                continue
            r = sm.ratio()
            if r >= ACROSS_MIN:
                candidates.append((-r, i, j, key(x), key(y)))
    candidates.sort()
    for _, _, _, ka, kb in candidates:
        if ka in a.left and kb in b.left:
            pair(ka, kb, "similar")


def _ratio(a: _Pool, b: _Pool, x: Clause, y: Clause) -> float:
    return similarity(a.skeletons[x.id], b.skeletons[y.id])
