"""Winning, losing, a draw and surrender (1-3), checked by rule processing (10-1, 10-2-1).

Rule processing acts at once, even in the middle of another action (10-1-2): when a life
reaches 0 the game ends without resolving triggered effects (1-3-7).
"""
from __future__ import annotations

from .rules import cites
from .state import DRAW_RESULT, UNRECORDED, State
from .triggers import OPPONENT_LIFE_DECREASES_BIT, OWN_LIFE_DECREASES_BIT, collect, queue


@cites("1-3-1", "1-3-2", "1-3-2-1", "1-3-3", "1-3-7", "10-1-1", "10-1-2", "10-2-1", "10-2-1-1")
def check_life(s: State) -> None:
    """A player whose opponent's life is 0 wins (1-3-2-1); if both players meet a victory
    condition at the same time, the game is a draw (1-3-3)."""
    if s.winner is not None:
        return
    winners = [p for p in range(2) if s.players[1 - p].life == 0]
    if len(winners) == 2:
        s.winner = DRAW_RESULT
    elif winners:
        s.winner = winners[0]


@cites("1-3-2-2", "1-3-8", "7-2-2", "10-2-1-2")
def check_deck_out(s: State, events: list) -> None:
    """In the start step, a turn player with no card in the deck loses: the opponent wins
    (1-3-2-2), at once and without resolving triggered effects (1-3-8)."""
    if s.winner is None and not s.players[s.turn_player].deck:
        s.winner = 1 - s.turn_player
        if events is not UNRECORDED:
            events.append(("deck_out", s.turn_player))


@cites("8-1-5-1", "1-4-2", "13-1-2")
def reduce_life(s: State, targets: tuple[int, ...], n: int, events: list) -> None:
    """Reduce each target player's life by n at the same time; the cores go to that
    player's reserve. A life cannot lose more cores than it has (1-4-2). Each decrease
    triggers the 「自己的生命值減少時」 effects of that player's field cards — a threshold
    「在 n 以下時」 is their condition, met by any decrease that leaves n or less (13-1-2) —
    and, in the same group, the 「對手的生命值減少時」 ones of the opponent's."""
    for p in targets:
        player = s.change(p)
        lost = max(0, min(n, player.life))
        player.life -= lost
        player.reserve += lost
        if lost:
            if events is not UNRECORDED:
                events.append(("life", p, lost))
            queue(s, collect(s, "when_own_life_decreases", OWN_LIFE_DECREASES_BIT, player.field.numbers())
                  + collect(s, "when_opponent_life_decreases", OPPONENT_LIFE_DECREASES_BIT, s.players[1 - p].field.numbers()))
    check_life(s)


@cites("1-3-6")
def win(s: State, p: int, events: list) -> None:
    """An effect makes player p win: the game ends at once, in the middle of that effect,
    without waiting for rule processing (1-3-6)."""
    if s.winner is None:
        s.winner = p
        if events is not UNRECORDED:
            events.append(("win", p))


@cites("1-3-4", "1-3-5")
def surrender(s: State, p: int, events: list) -> None:
    """A player may surrender at any time; the opponent wins at once (1-3-4)."""
    s.winner = 1 - p
    s.pending = None
    if events is not UNRECORDED:
        events.append(("surrender", p))

