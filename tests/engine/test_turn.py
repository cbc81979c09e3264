"""The turn and its steps (7-1 … 7-9)."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits.action import EndAttack, EndMain
from tcgrules.engine.battle_spirits.state import (ATTACK, EXHAUSTED, HEAVILY_EXHAUSTED, MAIN, MAIN2, RECOVERED,
                                                   RESERVE, TRASH)
from bs_helpers import act, event_kinds, kinds, quiet_hands, started, to_field

clauses = pytest.mark.clauses


@clauses("battle-spirits:7-3-3", "battle-spirits:7-7-2", "battle-spirits:7-8-2", "battle-spirits:7-4-2",
         "battle-spirits:7-1-1", "battle-spirits:7-1-2", "battle-spirits:7-3-2", "battle-spirits:7-9-1-3",
         "battle-spirits:5-3-2")
def test_7_3_3_7_7_2_first_players_first_turn_has_no_core_step_and_no_attack_step(decks):
    s = started(decks)
    fp = s.turn_player
    assert s.players[fp].reserve == 3  # no core step (7-3-3)
    assert len(s.players[fp].hand) == 5  # but the draw step (7-4-2)
    s, events = act(s, EndMain)
    assert "attack" not in kinds(s) and "end_turn" in event_kinds(events)  # no attack step, no second main
    assert (s.turn, s.turn_player, s.step) == (2, 1 - fp, MAIN)
    assert s.players[1 - fp].reserve == 4 and ("core_step", 1 - fp) in events  # 7-3-2 from turn 2 on
    to_field(s, 1 - fp, "TP-01")  # a spirit to attack with: the second player's turn has the step
    s, _ = act(s, EndMain)
    assert s.step == ATTACK and s.pending.kind == "attack"


@clauses("battle-spirits:7-2-2", "battle-spirits:1-3-2-2", "battle-spirits:1-3-8", "battle-spirits:10-2-1-2",
         "battle-spirits:7-2-1")
def test_7_2_2_deck_of_0_at_the_start_step_loses(decks):
    s = started(decks)
    fp = s.turn_player
    s.players[1 - fp].trash += s.players[1 - fp].deck
    s.players[1 - fp].deck.clear()
    s, _ = act(s, EndMain)
    assert s.winner == fp and s.pending is None


@clauses("battle-spirits:7-5-2", "battle-spirits:5-14-2", "battle-spirits:5-14-1", "battle-spirits:7-6-1-2-4",
         "battle-spirits:7-7-3-2", "battle-spirits:7-8-1", "battle-spirits:7-7-3", "battle-spirits:7-9-1")
def test_7_5_2_refresh_step_recovers_and_returns_the_trash_cores(decks):
    s = quiet_hands(started(decks))
    fp = s.turn_player
    a = to_field(s, fp, "TP-01", 1, EXHAUSTED)
    b = to_field(s, fp, "TP-02", 1, HEAVILY_EXHAUSTED)
    player = s.players[fp]
    player.reserve -= 2
    player.trash_cores += 2
    player.soul = TRASH
    s, _ = act(s, EndMain)  # → turn 2, the opponent's main step
    to_field(s, 1 - fp, "TP-01")
    s, _ = act(s, EndMain)  # → attack step
    s, _ = act(s, EndAttack)
    assert s.step == MAIN2 and s.pending.kind == "main"  # the second main step (7-8-1)
    s, _ = act(s, EndMain)  # → end step → turn 3
    player = s.players[fp]
    assert s.turn == 3 and s.turn_player == fp
    assert player.field[a].status == RECOVERED and player.field[b].status == EXHAUSTED  # 5-14-2
    assert player.trash_cores == 0 and player.soul == RESERVE and player.reserve == 3 + 1


@clauses("battle-spirits:7-9-1-1", "battle-spirits:12-3-1-1", "battle-spirits:7-6-1", "battle-spirits:7-6-1-2",
         "battle-spirits:7-6-1-2-1", "battle-spirits:7-6-1-2-3")
def test_7_9_1_1_effects_of_this_turn_end_in_the_end_step(decks):
    s = started(decks)
    card = to_field(s, s.turn_player, "TP-01")
    s.bp_plus, s.no_recover, s.used_once = ((card, 3000),), True, frozenset({(card, 0)})
    assert {"end_main", "move_core"} <= kinds(s)  # the main step's actions, again and again (7-6-1-2-3)
    s, _ = act(s, EndMain)
    assert (s.bp_plus, s.no_recover, s.used_once) == ((), False, frozenset())
