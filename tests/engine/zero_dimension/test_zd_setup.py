"""Setting up a game (100) and the first turn (chapter 4)."""
from __future__ import annotations

import pytest

from tcgrules.engine.api import InputError
from tcgrules.engine.zero_dimension import GAME, default_decks, new_game
from tcgrules.engine.zero_dimension.action import Mulligan, PlaceResource
from tcgrules.engine.zero_dimension.cards import Deck
from tcgrules.engine.zero_dimension.state import MULLIGAN, RESOURCE

clauses = pytest.mark.clauses


@clauses("zero-dimension:100.p3", "zero-dimension:202.p1", "zero-dimension:203.p1", "zero-dimension:201.p1")
def test_100_p3_six_life_cards_and_six_in_hand():
    s = new_game(default_decks(), 1)
    for pl in s.players:
        assert (len(pl.life), len(pl.hand), len(pl.deck)) == (6, 6, 38)
    assert s.step == MULLIGAN and GAME.actor(s) == s.first


@clauses("zero-dimension:100.p3")
def test_100_p3_mulligan_once_each_first_player_first():
    s = new_game(default_decks(), 2)
    first = s.first
    before = list(s.players[first].hand)
    s = GAME.apply(s, Mulligan(first, True)).state
    assert s.players[first].hand != before and len(s.players[first].hand) == 6 and len(s.players[first].life) == 6
    assert GAME.actor(s) == 1 - first
    assert Mulligan(first, True) not in GAME.legal(s)
    s = GAME.apply(s, Mulligan(1 - first, False)).state
    assert s.step == RESOURCE and s.active == first and s.turn == 1  # the start and draw steps passed (105.p1)


@clauses("zero-dimension:403.p1", "zero-dimension:402.p1", "zero-dimension:401.p1")
def test_403_p1_first_player_draws_on_turn_one():
    s = new_game(default_decks(), 3)
    s = GAME.apply(s, Mulligan(s.first, False)).state
    s = GAME.apply(s, Mulligan(1 - s.first, False)).state
    p = s.first
    assert s.step == RESOURCE and len(s.players[p].hand) == 7  # neither could add to the chain: both passed (105.p1)
    card = s.players[p].hand[0]
    s = GAME.apply(s, PlaceResource(p, card)).state
    assert len(s.players[p].resources) == 1 and s.players[p].resources[0].up


@clauses("zero-dimension:100.p2", "zero-dimension:327.p2")
def test_100_p2_a_deck_holds_fifty_cards_at_most_four_of_one():
    deck = default_decks()[0]
    with pytest.raises(InputError, match="49 cards"):
        new_game([Deck("short", deck.cards[:49]), deck], 1)
    with pytest.raises(InputError, match="more than 4"):
        new_game([Deck("five", (deck.cards[0],) * 5 + deck.cards[5:]), deck], 1)
