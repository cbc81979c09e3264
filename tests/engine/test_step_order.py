"""Judge scenarios: the order inside the start, core, draw and refresh steps.

Each of these steps first triggers the effects of its timing (7-2-1, 7-3-1, 7-4-1, 7-5-1),
then does its own turn-based action, and only then resolves the effects waiting: "回合起因
處理後，若有待解決的效果則進行解決，若無則進入下一階段" (7-2-2, 7-3-2, 7-4-2, 7-5-2).
Each scenario is a position (turn 2 ending, the cards named below on player 0's field),
one action (player 1 ends the turn) and what the rules give in player 0's turn 3."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits.action import EndMain
from tcgrules.engine.battle_spirits.state import EXHAUSTED, MAIN
from bs_helpers import act, second_turn, to_field

clauses = pytest.mark.clauses


def into_turn_3(s):
    """Player 1 ends turn 2 (no spirit to attack with, so also its second main step)."""
    s, first = act(s, EndMain)
    s, events = act(s, EndMain)
    return s, first + events


def effect_index(events, card, action) -> int:
    """Where the last of this card's effects of this action resolved."""
    return len(events) - 1 - events[::-1].index(("effect", 0, card, action))


@clauses("battle-spirits:7-2-1", "battle-spirits:7-2-2", "battle-spirits:1-3-8", "battle-spirits:1-3-2-2")
def test_7_2_2_the_deck_out_check_comes_before_the_start_step_effects_resolve(decks):
    # 號令塔 (TP-22): 『開始階段』 put 1 core on the reserve. Player 0's deck is empty.
    s = second_turn(decks)
    to_field(s, 0, "TP-22")
    player = s.players[0]
    player.trash += player.deck
    player.deck.clear()
    reserve = player.reserve
    s, events = into_turn_3(s)
    # The check is the step's turn-based action: the game ends there, and the effect that
    # triggered as the step began never resolves (1-3-8).
    assert s.winner == 1
    assert not [e for e in events if e[0] == "effect"] and s.players[0].reserve == reserve


@clauses("battle-spirits:7-2-1", "battle-spirits:7-2-2")
def test_7_2_2_with_cards_in_the_deck_the_start_step_effects_resolve_after_the_check(decks):
    s = second_turn(decks)
    tower = to_field(s, 0, "TP-22")
    reserve = s.players[0].reserve
    s, events = into_turn_3(s)
    assert s.winner is None and ("effect", 0, tower, "gain_core") in events
    assert s.players[0].reserve == reserve + 1 + 1  # the effect's core, then the core step's (7-3-2)


@clauses("battle-spirits:7-3-1", "battle-spirits:7-3-2")
def test_7_3_2_the_core_step_puts_its_core_before_the_core_step_effects_resolve(decks):
    # 時之輪 (TP-25): 『能量階段』 put 1 core on the reserve.
    s = second_turn(decks)
    wheel = to_field(s, 0, "TP-25")
    s, events = into_turn_3(s)
    assert events.index(("core_step", 0)) < effect_index(events, wheel, "gain_core")


@clauses("battle-spirits:7-4-1", "battle-spirits:7-4-2")
def test_7_4_2_the_draw_step_draws_before_the_draw_step_effects_resolve(decks):
    # 時之輪 (TP-25): 『抽牌階段』 draw 1. With one card left in the deck, the step's own draw
    # takes it; the effect, resolving after, has nothing left to draw.
    s = second_turn(decks)
    wheel = to_field(s, 0, "TP-25")
    player = s.players[0]
    player.trash += player.deck[:-1]
    del player.deck[:-1]
    last = player.deck[-1]
    s, events = into_turn_3(s)
    step_draw = events.index(("draw", 0, 1))
    assert step_draw < effect_index(events, wheel, "draw")
    assert last in s.players[0].hand and not s.players[0].deck
    assert events.count(("draw", 0, 1)) == 1  # the effect drew nothing: the deck was empty (1-4-2)


@clauses("battle-spirits:7-5-1", "battle-spirits:7-5-2", "battle-spirits:5-14-1")
def test_7_5_2_the_refresh_step_recovers_before_the_refresh_step_effects_resolve(decks):
    # 時之輪 (TP-25): 『回復階段』 put 1 core on the reserve (its last core effect of the turn's
    # start: its 『能量階段』 one resolved before). An exhausted spirit of player 0.
    s = second_turn(decks)
    wheel = to_field(s, 0, "TP-25")
    spirit = to_field(s, 0, "TP-01", status=EXHAUSTED)
    s, events = into_turn_3(s)
    assert events.index(("recover", 0, spirit)) < effect_index(events, wheel, "gain_core")
    assert s.step == MAIN and s.turn == 3
