"""Setting up a game (一): races and decks, the field, who goes first, opening hands and the
mulligan (調度)."""
from __future__ import annotations

from typing import Sequence

from ..core import IllegalAction, new_rng, shuffle
from .cards import Deck, check_deck
from .rules import cites
from .state import DRAW, MULLIGAN, OPENING_HAND, Player, State
from .zones import Events, draw


@cites("1.1.p1", "1.2.p1", "1.3.p1", "1.4.p1", "1.5.p1", "4.2.p1", "4.6.p1", "4.7.p1", "4.4.p1", "4.4.p2")
def new_game(decks: Sequence[Deck], seed: int) -> State:
    """Races declared, decks checked (一 2) and shuffled on the deck zone, the forest filled,
    the first player chosen at random (the star fronts laid from their right), four cards
    drawn each; then the first player's mulligan."""
    rng = new_rng(seed)
    players = []
    for d in decks:
        check_deck(d.name, d.race, d.cards)
        deck = sorted(d.cards)  # one deck, however its list is ordered, deals one game
        shuffle(rng, deck)
        pl = Player(d.race, deck)
        pl.cards = len(deck)
        players.append(pl)
    s = State(players, rng)
    s.first = s.active = s.chooser = rng.getrandbits(1)
    for p in (0, 1):
        draw(s, p, OPENING_HAND, Events(False))
    s.phase = MULLIGAN
    return s


@cites("1.5.p1", "1.5.n1")
def mulligan(s: State, p: int, cards: tuple[int, ...], ev: Events) -> None:
    """調度: the chosen cards of the hand are set aside, as many drawn, and they are shuffled
    back into the deck; the first player first, then the second; then the first turn."""
    if s.phase != MULLIGAN or p != s.chooser:
        raise IllegalAction("1.5.p1", f"player {p} does not mulligan now")
    pl = s.players[p]
    if len(set(cards)) != len(cards) or any(not 0 <= i < len(pl.hand) for i in cards):
        raise IllegalAction("1.5.n1", "each card of the hand once")
    aside = [pl.hand[i] for i in cards]
    pl.hand = [c for i, c in enumerate(pl.hand) if i not in cards]
    draw(s, p, len(aside), ev)
    pl.deck.extend(aside)
    shuffle(s.rng, pl.deck)
    if ev.on:
        ev.append(("mulligan", "1.5.n1", f"player {p} puts back {len(aside)}"))
    if p == s.first:
        s.chooser = 1 - p
    else:
        s.active, s.phase = s.first, DRAW
