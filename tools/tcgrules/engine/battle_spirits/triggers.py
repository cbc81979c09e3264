"""Triggered effects: which effects of which cards trigger at a timing (9-1-5, with the
limits of 12-3), and the groups they wait in to resolve (9-1-5-7, 9-1-5-9)."""
from __future__ import annotations

from typing import Sequence

from .cards import DURING, TIMING_BITS
from .levels import level
from .rules import cites
from .state import State, Trigger


@cites("9-1-5-1", "9-1-5-2", "9-1-5-2-1", "9-1-5-3", "12-3-1-1", "12-3-1-2", "12-3-1-3",
       "12-3-2-1", "12-3-2-2", "12-3-3-1", "12-3-3-2", "12-3-3-3", "12-2-1-1-3", "12-2-1-8-2", "12-2-1-10-2")
def collect(s: State, timing: str, cards: list[int]) -> tuple[Trigger, ...]:
    """The effects of these cards that trigger at this timing, in the cards' order.

    〔每回合 1 次〕 lets each card's effect trigger once a turn — each card of a name on its
    own (12-3-1-2); 〔不可重複〕 lets an effect of one name trigger once at one timing
    (12-3-2-1); 〔不可重複・每回合 1 次〕 is both (12-3-3-1): one card of a name at one
    timing, and each card once a turn, so same-named cards may each trigger at different
    timings (12-3-3-2); another name is another effect (12-3-3-3). A 《真界放》 or other
    Lv-gated effect needs its card at that Lv (12-2-1-1-3) — in the standby state, the Lv
    of :func:`~.cores.standby_level` (10-2-2-3) — a 『攻擊中』 or 『防禦中』 one its spirit
    attacking or blocking (12-2-1-8-2, 12-2-1-10-2).

    A tuple, the empty one when nothing triggers (most calls): no list is made for none.
    """
    bit = TIMING_BITS[timing]
    if not (s.decks[0].timing_bits | s.decks[1].timing_bits) & bit:
        return ()  # no card of the game has it: the cards are not looked at
    out: list[Trigger] | None = None
    seen_names: set[tuple[str, int]] | None = None  # made when a 〔不可重複〕 effect needs it
    defs = s.defs
    stopped = negated(s, timing) if s.decks[0].negates or s.decks[1].negates else (False, False)
    for card in cards:
        d = defs[card]
        if not d.timing_bits & bit or stopped[s.owner(card)]:  # most cards have nothing at most timings
            continue
        for i, e in enumerate(d.effects):
            if e.timing != timing or (e.min_level > 1 and level(s, card) < e.min_level) \
                    or (e.during is not None and not battling_as(s, card, DURING[e.during])):
                continue
            limit = e.limit
            if limit is not None:
                if limit != "no_repeat" and (card, i) in s.used_once:
                    continue
                if limit != "once_per_turn":
                    if seen_names is None:
                        seen_names = set()
                    elif (d.base_name, i) in seen_names:
                        continue
                    seen_names.add((d.base_name, i))
                if limit != "no_repeat":
                    s.used_once = s.used_once | {(card, i)}
            if out is None:
                out = []
            out.append(Trigger(s.owner(card), card, i))
    return () if out is None else tuple(out)


@cites("10-2-2-4", "9-1-2-1", "1-4-3")
def negated(s: State, timing: str) -> tuple[bool, bool]:
    """For each player, whether their effects of this timing are kept from taking effect by
    a 「對手的○○效果不發揮」 effect on their opponent's field (or one stopping all of them) — an effect that stops effects
    (10-2-2-4), a 「無法」 one, which wins (9-1-2-1, 1-4-3): they do not trigger."""
    defs = s.defs
    return (any(timing in defs[fc.card].negates or "all" in defs[fc.card].negates for fc in s.players[1].field.cards),
            any(timing in defs[fc.card].negates or "all" in defs[fc.card].negates for fc in s.players[0].field.cards))


@cites("9-1-5-7", "9-1-5-9")
def queue(s: State, triggers: Sequence[Trigger]) -> None:
    """Add a group of effects triggered together; it resolves before older groups (9-1-5-9)."""
    if triggers:
        s.triggers = s.triggers + (tuple(triggers),)


def battling_as(s: State, card: int, role: str) -> bool:
    """Whether the card is the battle's ``role``: its attacker or its blocker."""
    return s.battle is not None and getattr(s.battle, role) == card
