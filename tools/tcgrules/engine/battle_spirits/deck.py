"""The deck zone (牌組區域): drawing (抽牌, 5-6) and shuffling (4-2-4)."""
from __future__ import annotations

from ..core import shuffle as shuffle_in_place
from .rules import cites
from .state import State


@cites("5-6-1", "5-6-2", "5-6-3", "1-4-2", "1-4-2-3")
def draw(s: State, p: int, n: int, events: list) -> int:
    """Draw n cards one at a time from the top of the deck (5-6-3). Drawing 0 or a negative
    number does nothing (1-4-2-3); from a short deck, as many as there are (1-4-2).
    Returns the number drawn."""
    player = s.change(p)
    drawn = 0
    while drawn < n and player.deck:
        player.own_hand().append(player.own_deck().pop())
        drawn += 1
    if drawn:
        events.append(("draw", p, drawn))
    return drawn


@cites("4-2-4")
def shuffle(s: State, p: int) -> None:
    """Put the deck in a random order, drawn from the state's own generator."""
    shuffle_in_place(s.random_for_change(), s.change(p).deck)
