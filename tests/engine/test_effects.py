"""Triggered effects and their order (9-1-5, 9-4), restriction effects (12-3), the general
principles (1-4), a draw and surrender (1-3-3, 1-3-4)."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import legal_actions
from tcgrules.engine.battle_spirits.action import Attack, Block, EndMain, Order, Summon, Surrender, Use
from tcgrules.engine.battle_spirits.actions import advance
from tcgrules.engine.battle_spirits.deck import draw
from tcgrules.engine.battle_spirits.effects import destroy
from tcgrules.engine.battle_spirits.triggers import queue
from tcgrules.engine.battle_spirits.state import DRAW_RESULT, EXHAUSTED, HEAVILY_EXHAUSTED, RESERVE, Trigger
from tcgrules.engine.battle_spirits.status import exhaust, heavily_exhaust
from tcgrules.engine.core import IllegalAction
from bs_helpers import act, event_kinds, pay, place, quiet_hands, second_turn, started, to_field, to_hand

clauses = pytest.mark.clauses


@clauses("battle-spirits:9-4-1", "battle-spirits:9-1-5-8", "battle-spirits:9-4-1-1", "battle-spirits:1-4-4",
         "battle-spirits:9-1-5-1", "battle-spirits:9-1-5-2", "battle-spirits:9-3-1-3", "battle-spirits:9-3-1-4",
         "battle-spirits:9-1-2")
def test_9_4_1_the_turn_player_orders_effects_of_both_players(decks):
    s = second_turn(decks)
    a, b = to_field(s, 1, "TP-05"), to_field(s, 0, "TP-05")  # 『破壞時』 draw each, 3000 BP each
    s, _ = act(s, EndMain)
    s, _ = act(s, Attack, a)
    s, _ = act(s, Block, b)
    assert s.pending.kind == "order" and s.pending.player == 1  # the turn player
    s, events = act(s, Order, 1)  # player 0's effect first
    assert [e for e in events if e[0] == "effect"] == [("effect", 0, b, "draw"), ("effect", 1, a, "draw")]


@clauses("battle-spirits:9-1-5-7", "battle-spirits:9-1-5-9")
def test_9_1_5_7_a_player_orders_their_own_effects_and_new_ones_go_first(decks):
    s = quiet_hands(started(decks))
    c1, c2 = to_field(s, 0, "TP-02"), to_field(s, 0, "TP-02")  # 『召喚時』 draw 1 each
    queue(s, [Trigger(0, c1, 0)])
    queue(s, [Trigger(0, c1, 0), Trigger(0, c2, 0)])
    s.pending = None
    advance(s, [])
    assert s.pending.kind == "order" and s.pending.player == 0 and len(s.triggers) == 2
    s, events = act(s, Order, 1)  # the newest group resolves first, in the chosen order
    assert [e[2] for e in events if e[0] == "effect"] == [c2, c1, c1]


@clauses("battle-spirits:9-1-5-5", "battle-spirits:9-4-1-2")
def test_9_1_5_5_an_effect_whose_card_left_does_not_resolve(decks):
    s = quiet_hands(started(decks))
    card = to_hand(s, 0, "TP-02")  # 『召喚時』 draw 1
    s.triggers = ((Trigger(0, card, 0),),)
    s.pending = None
    events: list = []
    advance(s, events)
    assert ("fizzle", 0, card) in events and "draw" not in event_kinds(events)


@clauses("battle-spirits:12-3-1-1", "battle-spirits:12-3-1-2", "battle-spirits:12-3-1-3", "battle-spirits:9-1-5-2-1",
         "battle-spirits:9-1-5-3")
def test_12_3_1_1_once_per_turn_each_card_on_its_own(decks):
    s = second_turn(decks)
    a, b = to_field(s, 1, "TP-07"), to_field(s, 1, "TP-07")  # 『攻擊時』 recover itself, 〔每回合 1 次〕
    s, _ = act(s, EndMain)
    s, events = act(s, Attack, a)
    assert s.players[1].field[a].status == 0 and ("recover", 1, a) in events
    s, events = act(s, Attack, a)  # again: this turn's one time is used
    assert s.players[1].field[a].status == EXHAUSTED and "recover" not in event_kinds(events)
    s, events = act(s, Attack, b)  # another card of the same name has its own
    assert ("recover", 1, b) in events


@clauses("battle-spirits:12-3-2-1", "battle-spirits:12-3-2-2", "battle-spirits:9-1-5-7")
def test_12_3_2_1_no_repeat_lets_one_name_trigger_once_at_one_timing(decks):
    s = quiet_hands(started(decks))
    a, b = to_field(s, 0, "TP-09"), to_field(s, 0, "TP-09")  # 『破壞時』 draw, 〔不可重複〕
    c = to_field(s, 0, "TP-05")  # another name: its own effect
    destroy(s, [a, b, c], 1, [])
    assert [t.card for t in s.triggers[-1]] == [a, c]


@clauses("battle-spirits:1-4-3", "battle-spirits:9-1-2-1", "battle-spirits:9-2-3")
def test_1_4_3_a_prohibition_wins_over_an_instruction(decks):
    s = second_turn(decks)
    card = to_field(s, 1, "TP-07")
    ban = to_hand(s, 1, "TP-16")  # 禁咒: no spirit can recover this turn
    s, _ = act(s, Use, ban)
    s, _ = pay(s, (RESERVE, 1))
    assert s.no_recover
    s, _ = act(s, EndMain)
    s, events = act(s, Attack, card)  # 『攻擊時』 recover itself: prohibited
    assert ("effect", 1, card, "recover_self") in events and s.players[1].field[card].status == EXHAUSTED


@clauses("battle-spirits:1-4-2-1", "battle-spirits:5-15-1", "battle-spirits:5-16-1")
def test_1_4_2_1_exhausting_an_exhausted_spirit_does_nothing(decks):
    s = started(decks)
    card = to_field(s, 0, "TP-01")
    events: list = []
    assert exhaust(s, 0, card, events) and not exhaust(s, 0, card, events)
    assert heavily_exhaust(s, 0, card, events) and not heavily_exhaust(s, 0, card, events)
    assert not exhaust(s, 0, card, events)  # heavily exhausted is not recovered
    assert event_kinds(events) == ["exhaust", "heavily_exhaust"]
    assert s.players[0].field[card].status == HEAVILY_EXHAUSTED


@clauses("battle-spirits:1-4-2-3", "battle-spirits:1-4-2", "battle-spirits:5-6-1", "battle-spirits:5-6-2",
         "battle-spirits:5-6-3")
def test_1_4_2_3_drawing_zero_or_a_negative_number_does_nothing(decks):
    s = started(decks)
    hand, deck = len(s.players[0].hand), len(s.players[0].deck)
    assert draw(s, 0, 0, []) == 0 and draw(s, 0, -2, []) == 0
    assert (len(s.players[0].hand), len(s.players[0].deck)) == (hand, deck)
    s.players[0].deck[:] = s.players[0].deck[-2:]
    assert draw(s, 0, 5, []) == 2  # as many as possible (1-4-2)


@clauses("battle-spirits:5-7-3")
def test_5_7_3_the_soul_core_is_not_sent_to_the_void(decks):
    s = second_turn(decks)
    s.players[0].reserve = 1
    s.void += 2
    card = to_hand(s, 1, "TP-06")  # 『召喚時』 send 1 core of the opponent's reserve to the void
    s, _ = act(s, Summon, card)
    s, _ = pay(s, (RESERVE, 2))
    s, _ = place(s, (RESERVE, 1))
    assert s.players[0].reserve == 0 and s.players[0].soul == RESERVE
    s.players[0].reserve = 0
    s2, _ = act(quiet_hands(s), EndMain)
    assert s2.players[0].soul == RESERVE


@clauses("battle-spirits:1-3-3")
def test_1_3_3_both_players_winning_at_once_is_a_draw(decks):
    s = quiet_hands(started(decks))
    s.players[0].life = s.players[1].life = 1
    s.void += 8
    card = to_hand(s, 0, "TP-17")  # 兩敗俱傷: each player's life -1; cost 4
    s.players[0].reserve = 4
    s, _ = act(s, Use, card)
    s, _ = pay(s, (RESERVE, 4))
    assert s.winner == DRAW_RESULT and legal_actions(s) == []


@clauses("battle-spirits:1-3-4", "battle-spirits:1-3-5")
def test_1_3_4_either_player_may_surrender_at_any_time(decks):
    s = started(decks)
    s2, events = act(s, Surrender, player=1 - s.turn_player)
    assert s2.winner == s.turn_player and ("surrender", 1 - s.turn_player) in events
    with pytest.raises(IllegalAction) as e:
        act(s2, Surrender, player=0)
    assert e.value.citation == "1-3-1"


@clauses("battle-spirits:12-2-1-4-1", "battle-spirits:9-1-7-1-3", "battle-spirits:3-4-4")
def test_12_2_1_4_1_a_main_effect_is_not_used_in_a_flash_timing(decks):
    s = second_turn(decks)
    a = to_field(s, 1, "TP-01")
    ice = to_hand(s, 0, "TP-15")  # 冰封術: [主要] heavily exhaust, [靈動] exhaust
    s.players[0].reserve = 5
    s.void -= 2
    s, _ = act(s, EndMain)
    s, _ = act(s, Attack, a)
    assert {(x.card, x.effect) for x in legal_actions(s) if x.kind == "use"} == {(ice, 1)}
    with pytest.raises(IllegalAction) as e:
        act(s, Use, ice, effect=0)
    assert e.value.citation == "12-2-1-4-1"
