"""The legal actions of a state, listed by kind and built only when looked at.

:class:`Choices` is a read-only sequence of actions made of groups, one per kind of action,
in a fixed order. Most groups are plain tuples; two can be large and are computed on demand:

* :class:`PlanGroup` — paying a cost (11-1-1-5) or placing the Lv1 cost (11-1-1-6) is one
  action naming a whole plan: how many ordinary cores come from the reserve and from each
  field card, and whether the soul core (5-7-3) goes too. Plans are counted and the i-th one
  built by counting completions (:func:`_table`), so a choice among 1,500 placements costs
  what a choice among 3 does. The shapes are found by one number made from the cores'
  counts (:func:`_plans_key`), and the places are looked at for the plan chosen only.
* :class:`MoveGroup` — moving one core between the reserve and field cards (7-6-1-2-2).

The random player picks a kind, then an index in its group (see ``actions.choose``);
iterating, comparing and ``in`` see the plain list of actions.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import Final, Iterator, Sequence, cast

from mypy_extensions import mypyc_attr

from ..action import Action
from .action import MoveCore, Pay, Place, Plan
from .state import RESERVE, Player



# ---------------------------------------------------------------- counting plans


def _table(counts: tuple[int, ...], top: int) -> list[list[int]]:
    """``t[i][m]``: how many ways to take ``x[j] ≤ counts[j]`` from places j ≥ i with
    ``Σx ≤ m``, for m in 0 … top (t[len(counts)] is all ones)."""
    table = [[1] * (top + 1)]
    for c in reversed(counts):
        below = table[-1]
        row = []
        running = 0
        for m in range(top + 1):  # a sliding window: Σ below[m - c … m]
            running += below[m]
            if m - c - 1 >= 0:
                running -= below[m - c - 1]
            row.append(running)
        table.append(row)
    table.reverse()
    return table


@mypyc_attr(acyclic=True)
class _Shape:
    """Vectors ``x`` with ``0 ≤ x[i] ≤ counts[i]`` and ``low ≤ Σx ≤ high`` (``high`` None: no
    bound), counted and unranked in lexicographic order."""

    __slots__ = ("counts", "low", "high", "suffix", "box", "table", "size", "memo")

    def __init__(self, counts: tuple[int, ...], low: int, high: int | None):
        self.counts, self.low, self.high = counts, max(0, low), high
        n = len(counts)
        self.suffix, self.box = [0] * (n + 1), [1] * (n + 1)
        for i in range(n - 1, -1, -1):
            self.suffix[i] = self.suffix[i + 1] + counts[i]
            self.box[i] = self.box[i + 1] * (counts[i] + 1)
        top = self.low - 1 if self.low > 0 else 0  # max(low - 1, min(high, Σcounts), 0), without a generic call
        if high is not None:
            bound = high if high < self.suffix[0] else self.suffix[0]
            if bound > top:
                top = bound
        # The table is read at sums ≤ top only, where a place holding more than top counts as top.
        self.table = _shared_table(tuple([c if c < top else top for c in counts]), top)
        self.size = 0 if high is not None and high < self.low else self.between(0, self.low, high)
        self.memo: dict[int, tuple[int, ...]] = {}

    def at_most(self, i: int, m: int) -> int:
        if m < 0:
            return 0
        if m >= self.suffix[i]:
            return self.box[i]
        return self.table[i][m]

    def between(self, i: int, a: int, b: int | None) -> int:
        """How many completions from place i have a sum in [a, b]."""
        upper = self.box[i] if b is None else self.at_most(i, b)
        return max(0, upper - self.at_most(i, a - 1))

    def vector(self, index: int) -> tuple[int, ...]:
        """The index-th vector: at each place, skip the completions of smaller counts.
        Shapes are shared (:func:`shape`), so each vector is unranked once and kept."""
        memo = self.memo
        got = memo.get(index)
        if got is None:
            got = memo[index] = self._unrank(index)
        return got

    def _unrank(self, index: int) -> tuple[int, ...]:
        # between(i + 1, …) inlined: this runs for each payment the random player picks.
        counts, suffix, box, table = self.counts, self.suffix, self.box, self.table
        low, high = self.low, self.high
        out = []
        total = 0
        for i, c in enumerate(counts):
            rest, row, whole = suffix[i + 1], table[i + 1], box[i + 1]
            x = max(0, low - total - rest)  # fewer would leave too little for the places after
            top = c if high is None else min(c, high - total)
            while x < top:  # the last possible count takes the index that is left
                upper = high - total - x if high is not None else rest
                k = whole if upper >= rest else row[upper]
                below = low - total - x - 1  # completions summing to at most this fall short
                if below >= 0:
                    k -= whole if below >= rest else row[below]
                if index < k:
                    break
                index -= k
                x += 1
            out.append(x)
            total += x
        return tuple(out)

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        counts, low, high, suffix = self.counts, self.low, self.high, self.suffix

        def extend(i: int, prefix: tuple[int, ...], total: int) -> Iterator[tuple[int, ...]]:
            if i == len(counts):
                yield prefix
                return
            top = counts[i] if high is None else min(counts[i], high - total)
            for x in range(max(0, low - total - suffix[i + 1]), top + 1):
                yield from extend(i + 1, prefix + (x,), total + x)

        if self.size:
            yield from extend(0, (), 0)


@lru_cache(maxsize=1024)
def _shared_table(capped: tuple[int, ...], top: int) -> list[list[int]]:
    """:func:`_table`, made once for counts capped at ``top``: placements of the same Lv1 cost
    from reserves of 7 or of 12 cores read the same table."""
    return _table(capped, top)


# Shapes made so far, by counts, then by (low, high) as one number: the same few core counts
# recur all game long. Plain dicts (emptied when full) rather than functools.lru_cache, whose
# call costs as much as an unranking when compiled code calls it; no key tuple is built.
_SHAPES: Final[dict[tuple[int, ...], dict[int, _Shape]]] = {}
SHAPES_KEPT: Final = 4096  # counts kept, each with its few bounds


def shape(counts: tuple[int, ...], low: int, high: int | None) -> _Shape:
    """The shape of these bounds, made once. With a ``high`` bound no place gives more than
    ``high``, so larger counts share the shape of counts capped at ``high``."""
    return _shape_in(_shapes_of(counts), counts, low, high)


def _shapes_of(counts: tuple[int, ...]) -> dict[int, _Shape]:
    """The shapes made for these counts, by bounds: looked up once for a PlanGroup's two
    shapes (hashing the counts costs as much as the rest of the lookup)."""
    bounds = _SHAPES.get(counts)
    if bounds is None:
        if len(_SHAPES) >= SHAPES_KEPT:
            _SHAPES.clear()
        bounds = _SHAPES[counts] = {}
    return bounds


def _shape_in(bounds: dict[int, _Shape], counts: tuple[int, ...], low: int, high: int | None) -> _Shape:
    """:func:`shape`, among the shapes made for these counts."""
    # The bounds as one number (cores: below 2**15): a negative low is 0 to a shape, and any
    # high below 0 leaves it empty, as -1 does; 0 is no high bound.
    key = ((low if low > 0 else 0) << 16) | (0 if high is None else high + 2 if high >= -1 else 1)
    got = bounds.get(key)
    if got is None:
        capped = counts if high is None else _capped(counts, high)
        got = bounds[key] = _Shape(counts, low, high) if capped is counts else shape(capped, low, high)
    return got


def _capped(counts: tuple[int, ...], cap: int) -> tuple[int, ...]:
    """``counts`` with no count above ``cap``: the same tuple when none is."""
    for c in counts:
        if c > cap:
            return tuple([c if c < cap else cap for c in counts])
    return counts


@mypyc_attr(acyclic=True)
class _Lazy:
    """A group whose i-th action is built on demand by ``_at``; ``size`` is its length.
    A sequence (registered as one below) without inheriting Sequence's Python-level mixins,
    so that mypyc compiles it, and its subclasses, as native classes."""

    __slots__ = ("size",)

    def __init__(self) -> None:
        self.size = 0

    def _at(self, index: int) -> Action:
        raise NotImplementedError

    def __iter__(self) -> Iterator[Action]:
        for i in range(self.size):
            yield self._at(i)

    def __contains__(self, action: object) -> bool:
        return any(a == action for a in self)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(self.size))]
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        return self._at(index)


@mypyc_attr(acyclic=True)
class _Plans:
    """The shapes of a PlanGroup — plans without the soul core, then with it — and how many
    plans they make: the same for every player whose cores lie alike (:func:`_plans`)."""

    __slots__ = ("plain", "with_soul", "size", "key")

    def __init__(self, counts: tuple[int, ...], soul_available: bool, low: int, high: int | None, key: int):
        self.key = key  # :func:`_plans_key` of the listing they were made for
        shapes = _shapes_of(counts)
        self.plain = _shape_in(shapes, counts, low, high)
        self.with_soul: _Shape | None = None  # the soul core and one ordinary core fewer
        self.size = self.plain.size
        if soul_available:
            self.with_soul = _shape_in(shapes, counts, low - 1, None if high is None else high - 1)
            self.size += self.with_soul.size


# The _Plans made so far, kept in PLANS_KEPT slots by one number (:func:`_plans_key`): slot
# ``key % PLANS_KEPT`` holds the last made of the keys falling there, told apart by its key.
# A listing of plans looks up its shapes without a tuple of places or counts made for it,
# nor a number boxed and hashed for a dict (which cost as much as the rest of the listing).
# A prime far from a power of two: modulo 2**13 - 1 sums the key's 13-bit pieces, and keys
# differing in a byte's count share a slot far more often (the bench games' keys: 1,127 of
# 2,594 in a shared slot, against 699 with this one).
PLANS_KEPT: Final = 8179
_PLANS: Final[list[_Plans | None]] = [None] * PLANS_KEPT


def _plans(owner: Player, soul_available: bool, low: int, high: int | None) -> _Plans:
    """The shapes of the plans to take between ``low`` and ``high`` cores from ``owner``'s
    reserve and field cards, made once for each way the cores lie (while kept)."""
    key = _plans_key(owner, soul_available, low, high)
    if key < 0:
        return _Plans(core_counts(owner), soul_available, low, high, key)
    slot = key % PLANS_KEPT
    got = _PLANS[slot]
    if got is None or got.key != key:
        got = _PLANS[slot] = _Plans(core_counts(owner), soul_available, low, high, key)
    return got


def _plans_key(owner: Player, soul_available: bool, low: int, high: int | None) -> int:
    """The bounds, the soul core's availability and the count of each place holding cores
    (:func:`core_counts`) as one number: the bounds on top, a byte per place, and the number
    of places last, so that two different listings never share a key. No plan takes more
    than ``high`` from a place, so counts above it are keyed as ``high`` (the shapes cap them
    so too). -1 (no key) for a count that does not fit in its bits."""
    if not 0 <= low < 1024 or high is not None and not 0 <= high < 255:
        return -1
    cap = 255 if high is None else high
    key = (((low << 8) | (0 if high is None else high + 1)) << 1) | (1 if soul_available else 0)
    n = 0
    if owner.reserve > 0:
        key = (key << 8) | _keyed(owner.reserve, cap, high is not None)
        n = 1
    for fc in owner.field.cards:
        if fc.cores > 0:
            key = (key << 8) | _keyed(fc.cores, cap, high is not None)
            n += 1
    if key < 0 or n > 63:  # a count that did not fit (-1 made every bit 1)
        return -1
    return (key << 6) | n


def _keyed(count: int, cap: int, capped: bool) -> int:
    """A count as :func:`_plans_key` keys it: ``cap`` for more when ``capped``, else -1 for
    more than fits."""
    if count <= cap:
        return count
    return cap if capped else -1


@mypyc_attr(acyclic=True, free_list_len=1)
class PlanGroup(_Lazy):
    """Every distinct plan to pay (:class:`Pay`) or, ``placing``, to place (:class:`Place`)
    between ``low`` and ``high`` cores from ``owner``'s reserve and field cards, the soul
    core counted as one: plans without the soul core first. The places are looked at for
    the plan chosen only (the owner never changes while its listing is looked at)."""

    __slots__ = ("placing", "player", "owner", "plans")

    def __init__(self, placing: bool, player: int, owner: Player, soul_available: bool, low: int,
                 high: int | None):
        self.placing, self.player, self.owner = placing, player, owner
        self.plans = _plans(owner, soul_available, low, high)
        self.size = self.plans.size

    def _action(self, soul: bool, xs: tuple[int, ...]) -> Action:
        """The plan taking ``xs[i]`` cores from the i-th place holding any (:func:`core_counts`)."""
        plan = []
        owner = self.owner
        i = 0
        if owner.reserve > 0:
            if xs[0]:
                plan.append((RESERVE, xs[0]))
            i = 1
        for fc in owner.field.cards:
            if fc.cores > 0:
                x = xs[i]
                if x:
                    plan.append((fc.card, x))
                i += 1
        if self.placing:
            return Place(self.player, tuple(plan), soul)
        return Pay(self.player, tuple(plan), soul)

    def _at(self, index: int) -> Action:
        plain = self.plans.plain
        if index < plain.size:
            return self._action(False, plain.vector(index))
        with_soul = self.plans.with_soul
        if with_soul is not None and index - plain.size < with_soul.size:
            return self._action(True, with_soul.vector(index - plain.size))
        raise IndexError(index)

    def __iter__(self) -> Iterator[Action]:
        for xs in self.plans.plain:
            yield self._action(False, xs)
        if self.plans.with_soul is not None:
            for xs in self.plans.with_soul:
                yield self._action(True, xs)


@mypyc_attr(acyclic=True, free_list_len=1)
class MoveGroup(_Lazy):
    """Moving one core, or the soul core, from a source to any other place (7-6-1-2-2):
    every source (:func:`core_place`) with every destination but itself. Only counted when
    listed; the places are looked at for the move chosen."""

    __slots__ = ("player", "owner")

    def __init__(self, player: int, owner: Player):
        self.player, self.owner = player, owner  # a state's players never change once made
        field = owner.field.cards
        soul = owner.soul
        sources = (owner.reserve > 0) + (soul == RESERVE)
        for fc in field:
            sources += (fc.cores > 0) + (soul == fc.card)
        self.size = sources * len(field)

    def _at(self, index: int) -> Action:
        field = self.owner.field.cards
        src, soul = core_place(self.owner, index // len(field))
        j = index % len(field)  # the j-th destination of: the reserve, then field cards, src left out
        dest = RESERVE
        if src != RESERVE:
            j -= 1
        if j >= 0:
            for fc in field:
                if fc.card != src:
                    if j == 0:
                        dest = fc.card
                        break
                    j -= 1
        return MoveCore(self.player, src, dest, soul)

    def __iter__(self) -> Iterator[Action]:
        field = self.owner.field
        dests = [RESERVE] + field.numbers()
        for k in range(self.size // len(field.cards) if field.cards else 0):  # each source counted
            src, soul = core_place(self.owner, k)
            for dest in dests:
                if dest != src:
                    yield MoveCore(self.player, src, dest, soul)


@mypyc_attr(acyclic=True)
class Choices:
    """The legal actions: groups of one kind each, in a fixed order, then the surrenders
    (1-3-4). Empty when the game is over."""

    __slots__ = ("groups",)

    def __init__(self, groups: list[Sequence[Action]]):
        self.groups = groups

    def __len__(self) -> int:
        return sum(len(g) for g in self.groups)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += len(self)
        for g in self.groups:
            if index < len(g):
                return g[index]
            index -= len(g)
        raise IndexError(index)

    def __iter__(self) -> Iterator[Action]:
        return chain.from_iterable(self.groups)

    def __contains__(self, action: object) -> bool:
        return any(action in g for g in self.groups)

    def index(self, action: object) -> int:
        for i, a in enumerate(self):
            if a == action:
                return i
        raise ValueError(f"{action!r} is not a legal action")

    def count(self, action: object) -> int:
        return sum(1 for a in self if a == action)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"Choices({list(self)!r})"


Sequence.register(_Lazy)  # and so its subclasses
Sequence.register(Choices)


def core_place(player: Player, k: int) -> tuple[int, bool]:
    """The k-th place a core (``False``) or the soul core (``True``) can be taken from, of
    the reserve, then field cards in field order: found by walking to it, without a list of
    them all (this runs for each core move the random player picks)."""
    soul = player.soul
    if player.reserve > 0:
        if k == 0:
            return RESERVE, False
        k -= 1
    if soul == RESERVE:
        if k == 0:
            return RESERVE, True
        k -= 1
    for fc in player.field.cards:
        if fc.cores > 0:
            if k == 0:
                return fc.card, False
            k -= 1
        if soul == fc.card:
            if k == 0:
                return fc.card, True
            k -= 1
    raise IndexError(k)


def core_counts(player: Player) -> tuple[int, ...]:
    """How many ordinary cores each place holding any holds: the reserve, then field cards
    in field order."""
    counts = [player.reserve] if player.reserve > 0 else []
    for fc in player.field.cards:
        if fc.cores > 0:
            counts.append(fc.cores)
    return tuple(counts)
