"""Setting up a game (6.2): leaders, decks and opening hands, who goes first, redraws."""
from __future__ import annotations

from typing import Sequence

from ..core import IllegalAction, new_rng, shuffle
from .cards import Deck
from .choices import distinct
from .rules import cites
from .state import CHOOSE_FIRST, MULLIGAN, OPENING_HAND, SECOND_PLAYER_EP, Pending, Player, State, below
from .turn import start_turn
from .zones import Events, draw


@cites("6.1.1", "6.2.1.1", "6.2.1.2", "6.2.1.4", "6.2.1.5", "6.2.1.6", "6.2.1.7", "4.5.1", "4.6.1", "1.1.1", "4.1.1")
def new_game(decks: Sequence[Deck], seed: int) -> State:
    """Leaders to the leader area, main decks shuffled, evolve decks set aside, four cards
    drawn each; a player chosen at random then chooses to go first or second."""
    rng = new_rng(seed)
    players = []
    for d in decks:
        deck = sorted(d.main)  # the same deck, however its list was ordered, deals the same game
        shuffle(rng, deck)
        players.append(Player(d.leader, deck, sorted(d.evolve)))
    s = State(players, rng)
    s.cards_total = (1 + len(decks[0].main) + len(decks[0].evolve), 1 + len(decks[1].main) + len(decks[1].evolve))
    for p in range(2):
        draw(s, p, OPENING_HAND, Events(False))
    s.chooser = below(rng, 2)
    s.step = CHOOSE_FIRST
    return s


@cites("6.2.1.6", "6.2.1.9", "6.2.1.10", "6.2.1.11", "2.8.3", "2.8.3.1")
def choose_first(s: State, p: int, go_first: bool, ev: Events) -> None:
    """The chosen player goes first or second; points are 0, the second player has 3
    evolve points; leaders have 20 life. Redraws follow, the first player first."""
    if s.step != CHOOSE_FIRST or p != s.chooser:
        raise IllegalAction("6.2.1.6", f"player {p} does not choose who goes first")
    s.first = p if go_first else 1 - p
    s.players[1 - s.first].ep = SECOND_PLAYER_EP
    if ev.on:
        ev.append(("choose_first", "6.2.1.6", f"player {s.first} goes first"))
    s.step, s.chooser = MULLIGAN, s.first


@cites("6.2.1.8")
def mulligan(s: State, p: int, redraw: bool, ev: Events) -> None:
    """Each player once, the first player first, may put their hand at the bottom of the
    deck (in the order they choose: :func:`put_back`) and draw four again."""
    if s.step != MULLIGAN or p != s.chooser:
        raise IllegalAction("6.2.1.8", f"player {p} does not choose to redraw now")
    if redraw:
        put_back(s, p, ev)
    else:
        redrawn(s, p, ev)


@cites("4.1.5", "6.2.1.8")
def put_back(s: State, p: int, ev: Events) -> None:
    """The hand goes to the bottom of the deck one card at a time, each below the ones
    before, in the order the player chooses (4.1.5): a pending choice while two different
    cards are left; then four cards are drawn."""
    pl = s.players[p]
    options = distinct(pl.hand)
    if len(options) > 1:
        s.pending = Pending("order", p, options)
        return
    pl.deck[:0] = pl.hand  # the bottom of the deck is its start; the top, its end
    pl.hand = []
    draw(s, p, OPENING_HAND, ev)
    if ev.on:
        ev.append(("mulligan", "6.2.1.8", f"player {p} redraws {OPENING_HAND} cards"))
    redrawn(s, p, ev)


def put_next(s: State, p: int, card: int, ev: Events) -> None:
    """The answer to the order: that card goes to the bottom of the deck now."""
    pl = s.players[p]
    pl.hand.remove(card)
    pl.deck.insert(0, card)
    put_back(s, p, ev)


@cites("6.2.1.8")
def redrawn(s: State, p: int, ev: Events) -> None:
    """The player has chosen: the other player chooses next, or the game begins."""
    s.players[p].mulliganed = True
    if p == s.first:
        s.chooser = 1 - p
    else:
        start_game(s, ev)


@cites("6.2.1.12")
def start_game(s: State, ev: Events) -> None:
    s.active = s.first
    start_turn(s, ev)
