"""Levels and BP: the Lv a card's cores give it (2-8-3), in the standby state too
(10-2-2-3), its Lv1 cost as raised this turn (10-2-2-9), and its BP with every change
(2-8-4, 9-1-4). Reads the state only: nothing here moves a core or a card."""
from __future__ import annotations

from typing import Final

from .cards import TIMING_BITS
from .rules import cites
from .state import FieldCard, Player, State

# The timings of the constant effects on BP, as bits of a card's timing_bits.
CONSTANT_BIT: Final = TIMING_BITS["constant"]
ATTACKING_BIT: Final = TIMING_BITS["while_attacking"]
BLOCKING_BIT: Final = TIMING_BITS["while_blocking"]


@cites("5-7-1")
def cores_on(player: Player, fc: FieldCard) -> int:
    """Cores on a field card, its soul core included: cores are of two kinds, cores and
    the soul core, and the soul core is a core (5-7-1)."""
    return fc.cores + (player.soul == fc.card)


@cites("2-8-3", "3-2-5-3", "3-3-3-2", "3-2-5-5", "3-3-3-4", "12-2-1-1-2", "12-2-1-1-3")
def level(s: State, card: int) -> int:
    """The highest Lv whose Lv cost the cores on the card meet (2-8-3); 0 below Lv1.

    A card with 《真界放》 at Lv2 is Lv2 — in the true-release state — with the soul core on
    it even without the Lv2 cost in cores (12-2-1-1-2); that is not an effect. A card in
    the standby state has the Lv of :func:`standby_level`.
    """
    player = s.players[s.owner(card)]
    fc = player.field.get(card)
    if fc is None:
        return standby_level(s, card)
    return level_of(s, card, fc.cores, player.soul == card)


def level_of(s: State, card: int, cores: int, soul: bool) -> int:
    """The card's Lv with these cores on it, and the soul core or not (2-8-3, 12-2-1-1-2),
    its Lv1 cost as raised this turn (10-2-2-9): a card vanished by a raise is not Lv1."""
    n = cores + soul
    levels = s.defs[card].levels
    lv = 0
    for i, lvl in enumerate(levels):
        if n >= (lvl.cost if i or not s.lv1_plus else lv1_cost(s, card)):
            lv = i + 1
    if lv < 2 and len(levels) > 1 and levels[1].true_release and soul:
        lv = 2
    return lv


@cites("10-2-2-3")
def standby_level(s: State, card: int) -> int:
    """The Lv of a card in the standby state: in the standby state of vanishing, the Lv it
    had just before it entered it (10-2-2-3) — by its cores at that moment, so a Lv1 cost
    raised above its cores vanishes it at the Lv they give, while cores taken below its Lv1
    cost leave it none; otherwise the Lv of the cores it keeps there. 0 for a card in
    neither the field nor the standby state."""
    for other, lv, _ in s.vanishing:
        if other == card:
            return lv
    for other, cores, _ in s.standby:
        if other == card:
            return level_of(s, card, cores, s.players[s.owner(card)].soul == card)
    return 0


@cites("2-8-4", "2-9-2", "3-2-5-1", "9-1-4-1", "9-1-4-2", "9-1-4-3", "9-1-4-4", "9-1-5-6", "12-2-1-8-1",
       "12-2-1-8-2", "12-2-1-10-1", "12-2-1-10-2", "1-4-6")
def bp(s: State, card: int) -> int:
    """The spirit's BP: that of its Lv, plus this turn's BP increases, plus constant effects
    (常在型): each card on its owner's field raising its spirits' BP while it is there —
    from the moment it arrives, with no trigger (9-1-4-2, 9-1-4-4), and only at the Lv its
    effect is printed for (9-1-4-3) — and its own 『攻擊中』 / 『防禦中』 effects while it
    attacks or blocks (12-2-1-8, 12-2-1-10). This turn's increases stay for the turn even
    after the card whose effect gave them has left the field (9-1-5-6). Increases and
    decreases add up first; a negative total counts as 0 (1-4-6)."""
    lv = level(s, card)
    defs = s.defs
    d = defs[card]
    total = (d.levels[max(lv, 1) - 1].bp or 0) + sum(n for c, n in s.bp_plus if c == card)
    for fc in s.players[s.owner(card)].field.cards:
        if defs[fc.card].timing_bits & CONSTANT_BIT:
            total += _constant(s, fc.card, "constant")
    b = s.battle
    if b is not None:
        if b.attacker == card and d.timing_bits & ATTACKING_BIT:
            total += _constant(s, card, "while_attacking")
        elif b.blocker == card and d.timing_bits & BLOCKING_BIT:
            total += _constant(s, card, "while_blocking")
    return total if total > 0 else 0


def _constant(s: State, card: int, timing: str) -> int:
    """The BP a card's constant effects of this timing give, at the card's present Lv."""
    lv = level(s, card)
    return sum(e.n for e in s.defs[card].effects if e.timing == timing and e.min_level <= lv and e.action == "bp_plus")


@cites("10-2-2-9")
def lv1_cost(s: State, card: int) -> int:
    """The card's Lv1 cost now: the printed one plus this turn's raises by effects (10-2-2-9)."""
    cost = s.defs[card].lv1
    for c, n in s.lv1_plus:
        if c == card:
            cost += n
    return cost
