"""Who plays: the two people playing are the game's players 0 and 1 (5-3-1, 1-2-1), and
every action and choice names one of them."""
from __future__ import annotations

import random

import pytest

from tcgrules.engine.api import ActionError
from tcgrules.engine.battle_spirits import GAME

clauses = pytest.mark.clauses


@clauses("battle-spirits:5-3-1", "battle-spirits:1-2-1")
def test_5_3_1_every_choice_and_action_names_one_of_the_two_players(decks):
    """A random game from the toss to its end: each listed action is taken by the player
    whose choice is pending, player 0 or player 1, and the game's result names one of them."""
    state = GAME.new_game(decks, 8)
    rng = random.Random(8)
    deciders = set()
    while not GAME.is_over(state):
        legal = [a for a in GAME.legal(state) if a.kind != "surrender"]
        assert {a.player for a in legal} == {state.pending.player}
        deciders.add(state.pending.player)
        state = GAME.apply(state, GAME.choose(state, legal, rng)).state
    assert deciders == {0, 1}
    assert GAME.result(state).winner in (0, 1, None)


@clauses("battle-spirits:5-3-1")
def test_5_3_1_an_action_of_a_third_player_is_refused_naming_the_field(decks):
    state = GAME.new_game(decks, 8)
    with pytest.raises(ActionError) as refused:
        GAME.action_from_json({"kind": "surrender", "player": 2}, state)
    assert refused.value.field == "player" and "\n" not in str(refused.value)
