"""Card states on the field (5-5): recovering (回復), exhausting (疲勞), heavy exhaustion (重疲勞).

Asking a card to become the state it is in does nothing, and the change is not an event
(1-4-2-1); a prohibition on recovering wins over an instruction to recover (1-4-3).
"""
from __future__ import annotations

from typing import Final

from .rules import cites
from .state import EXHAUSTED, HEAVILY_EXHAUSTED, RECOVERED, UNRECORDED, FieldCard, State
from .triggers import RECOVERED_BIT, collect, queue


# The three states of a card on the field (5-5-1), as the player sees their own card:
# recovered — upright, its top towards the opponent (5-5-1-1); exhausted — sideways
# (5-5-1-2); heavily exhausted — upright, its top towards its own player (5-5-1-3).
STATES: Final = {RECOVERED: "recovered", EXHAUSTED: "exhausted", HEAVILY_EXHAUSTED: "heavily exhausted"}


@cites("5-5-1", "5-5-1-1", "5-5-1-2", "5-5-1-3")
def state_problems(s: State) -> list[str]:
    """Each card on the field is in one of the three states, and one only (5-5-1): a
    FieldCard holds one ``status``, and it must be one of :data:`STATES`. Checked with the
    other invariants, never per action."""
    return [f"player {p}: field card {fc.card} is in no card state ({fc.status})"
            for p, player in enumerate(s.players) for fc in player.field.cards if fc.status not in STATES]


def _set(s: State, p: int, card: int, status: int, events: list, name: str) -> bool:
    fc = s.players[p].field.get(card)
    if fc is None or fc.status == status:  # off the field, or already so (1-4-2, 1-4-2-1)
        return False
    s.change(p).own_field().put(FieldCard(fc.card, fc.cores, status))
    if events is not UNRECORDED:
        events.append((name, p, card))
    return True


@cites("5-14-1", "5-14-2", "1-4-2-1", "1-4-3", "9-1-2-1", "9-2-3")
def recover(s: State, p: int, card: int, events: list) -> bool:
    """Exhausted → recovered; heavily exhausted → exhausted (5-14-2). Nothing happens to a
    recovered card (1-4-2-1) or while recovering is prohibited (1-4-3, 9-1-2-1). Either way
    the card has recovered, and its 「回復時」 effects trigger (5-14-2)."""
    fc = s.players[p].field.get(card)
    if fc is None or s.no_recover or fc.status == RECOVERED:
        return False
    if fc.status == HEAVILY_EXHAUSTED:
        changed = _set(s, p, card, EXHAUSTED, events, "recover_heavy")
    else:
        changed = _set(s, p, card, RECOVERED, events, "recover")
    if changed and "when_recovered" in s.defs[card].timings:
        queue(s, collect(s, "when_recovered", RECOVERED_BIT, [card]))
    return changed


@cites("5-15-1", "1-4-2-1")
def exhaust(s: State, p: int, card: int, events: list) -> bool:
    """Recovered → exhausted (5-15-1); an exhausted or heavily exhausted card stays (1-4-2-1)."""
    fc = s.players[p].field.get(card)
    if fc is None or fc.status != RECOVERED:
        return False
    return _set(s, p, card, EXHAUSTED, events, "exhaust")


@cites("5-16-1", "1-4-2-1")
def heavily_exhaust(s: State, p: int, card: int, events: list) -> bool:
    """Any state → heavily exhausted (5-16-1), except a card already so (1-4-2-1)."""
    return _set(s, p, card, HEAVILY_EXHAUSTED, events, "heavily_exhaust")
