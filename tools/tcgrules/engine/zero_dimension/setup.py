"""Setting up a game (100): decks shuffled, who goes first, six life cards and six cards in
hand each, and one chance each to redeal (调度)."""
from __future__ import annotations

from typing import Sequence

from ..action import Events
from ..api import InputError
from ..core import shuffle
from .cards import Deck
from .rules import cites
from .state import HAND, LIFE, MULLIGAN, State, start_state
from .turn import reset_step
from .zones import count_cards


@cites("100.p2", "100.p3", "201.p1", "202.p1", "203.p1", "205.p1")
def new_game(decks: Sequence[Deck], seed: int) -> State:
    """Each deck checked (100.p2) and shuffled; who goes first decided at random (100.p3:
    任意方式); six cards from the top one by one onto the life area, then six drawn."""
    if len(decks) != 2:
        raise InputError(f"a game needs two decks, not {len(decks)}")
    for i, d in enumerate(decks):
        problem = d.problem()
        if problem:
            raise InputError(f"deck {i} ({d.name}): {problem}")
    s = start_state([list(d.cards) for d in decks], seed)
    for pl in s.players:
        shuffle(s.rng, pl.deck)
        deal(pl)
    s.first = s.rng.getrandbits(1)
    s.active = s.priority = s.first
    s.step = MULLIGAN
    s.cards_total = count_cards(s)
    return s


def deal(pl) -> None:
    for _ in range(LIFE):
        pl.life.insert(0, pl.deck.pop(0))
    pl.hand += pl.deck[:HAND]
    del pl.deck[:HAND]


@cites("100.p3", "617.p1")
def mulligan(s: State, p: int, redeal: bool, ev: Events) -> None:
    """Redeal once (hand and life area shuffled into the deck, dealt again) or keep; the
    first player decides first (see interpretations, mulligan-order); then the first turn."""
    pl = s.players[p]
    if redeal:
        pl.deck += pl.hand + pl.life
        pl.hand, pl.life = [], []
        shuffle(s.rng, pl.deck)
        deal(pl)
        if ev.on:
            ev.append(("mulligan", "100.p3", f"player {p} redeals"))
    pl.mulliganed = True
    if all(x.mulliganed for x in s.players):
        s.active = s.first
        reset_step(s, ev)
    else:
        s.priority = 1 - p
