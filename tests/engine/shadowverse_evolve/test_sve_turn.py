"""The turn (chapter 7): start, main and end phases; play points (3.2); the hand limit."""
from __future__ import annotations

import pytest

from tcgrules.engine.shadowverse_evolve.state import END_DISCARD, MAIN
from sve_helpers import act, clauses as cited, kinds, legal, load, position, rejected, unit

clauses = pytest.mark.clauses


@clauses("shadowverse-evolve:7.2.1", "shadowverse-evolve:7.2.2", "shadowverse-evolve:3.2.3",
         "shadowverse-evolve:7.1.1", "shadowverse-evolve:7.4.8", "shadowverse-evolve:7.3.4",
         "shadowverse-evolve:3.2.3", "shadowverse-evolve:7.1.2", "shadowverse-evolve:7.2.5",
         "shadowverse-evolve:10.5.2", "shadowverse-evolve:10.7.1")
def test_7_2_1_the_start_phase_raises_the_maximum_and_refills_play_points():
    s = load(position(p1={"pp": 0, "pp_max": 3}))
    s, events = act(s, "end_main")
    assert (s.turn, s.active, s.step) == (4, 1, MAIN)
    assert s.players[1].pp_max == 4 and s.players[1].pp == 4
    assert "7.2.2" in cited(events) and "7.4.8" in cited(events)


@clauses("shadowverse-evolve:7.2.1", "shadowverse-evolve:3.2.4.1", "shadowverse-evolve:3.2.4")
def test_7_2_1_the_maximum_stops_at_10():
    s = load(position(p1={"pp": 2, "pp_max": 10}))
    s, _ = act(s, "end_main")
    assert s.players[1].pp_max == 10 and s.players[1].pp == 10


@clauses("shadowverse-evolve:7.2.3", "shadowverse-evolve:4.2.2", "shadowverse-evolve:8.4.2.1.1")
def test_7_2_3_the_turn_player_untaps_their_cards():
    s = load(position(p1={"field": [{"card": "哥布林", "tapped": True, "ready": False}]},
                      p0={"field": [{"card": "斗士", "tapped": True}]}))
    s, _ = act(s, "end_main")
    assert unit(s, 1).tapped is False and unit(s, 1).ready is True
    assert unit(s, 0).tapped is True  # not the other player's


@clauses("shadowverse-evolve:7.2.4", "shadowverse-evolve:5.9.1", "shadowverse-evolve:7.2.4.1")
def test_7_2_4_the_turn_player_draws_but_not_the_first_player_on_turn_1():
    s = load(position())
    hand = len(s.players[1].hand)
    s, _ = act(s, "end_main")
    assert len(s.players[1].hand) == hand + 1 and len(s.players[1].deck) == 9
    from tcgrules.engine.shadowverse_evolve import GAME, default_decks
    s = GAME.new_game(default_decks(), 5)
    s, _ = act(s, "choose_first", s.chooser, first=True)
    s, _ = act(s, "mulligan", s.first, redraw=False)
    s, _ = act(s, "mulligan", 1 - s.first, redraw=False)
    assert s.turn == 1 and len(s.players[s.first].hand) == 4  # the first player's first turn: no draw
    s, _ = act(s, "end_main")
    assert len(s.players[1 - s.first].hand) == 5


@clauses("shadowverse-evolve:1.2.1.2", "shadowverse-evolve:11.2.2", "shadowverse-evolve:5.9.1.1",
         "shadowverse-evolve:10.5.2.1")
def test_11_2_2_drawing_from_an_empty_deck_loses_at_the_next_rule_processing():
    s = load(position(p1={"deck": []}))
    s, events = act(s, "end_main")
    assert s.winner == 0 and "5.9.1.1" in cited(events) and "1.2.1" in cited(events)
    assert GAME_result(s) == ("win:0", ("1.2.1.2", "11.2.2"))


def GAME_result(s):
    from tcgrules.engine.shadowverse_evolve import GAME
    r = GAME.result(s)
    return r.code(), r.clauses


@clauses("shadowverse-evolve:1.2.2", "shadowverse-evolve:11.2.1", "shadowverse-evolve:11.1.3")
def test_1_2_2_both_players_losing_at_once_is_a_draw():
    s = load(position(p0={"life": 1, "hand": ["鲜血仪式"]}, p1={"life": 0}))
    s, _ = act(s, "play", card="鲜血仪式")  # any action: rule processing then sees both at 0 or less
    assert s.winner == 2 and GAME_result(s)[0] == "draw"


@clauses("shadowverse-evolve:1.2.3", "shadowverse-evolve:1.2.3.1", "shadowverse-evolve:1.2.1")
def test_1_2_3_either_player_may_concede_at_any_time():
    s = load(position(step="attack_quick", attack={"attacker": 0, "target": "leader"},
                      p0={"field": [{"card": "斗士", "tapped": True}]}))
    assert kinds(s)[-2:] == ["concede", "concede"]
    s, events = act(s, "concede", 0)
    assert s.winner == 1 and GAME_result(s) == ("win:1", ("1.2.3",))
    assert kinds(s) == []


@clauses("shadowverse-evolve:7.3.1", "shadowverse-evolve:7.3.2", "shadowverse-evolve:10.7.1",
         "shadowverse-evolve:10.3.5")
def test_7_3_1_start_of_main_phase_abilities_trigger_after_the_draw():
    s = load(position(p1={"field": [{"card": "女神像"}], "life": 10}))
    s, _ = act(s, "end_main")
    assert [t.ability for t in s.triggers] == [0] and s.step == MAIN
    assert kinds(s)[0] == "use_trigger" and "end_main" not in kinds(s)
    s, events = act(s, "use_trigger", 1, index=0)
    assert s.players[1].life == 11 and not s.triggers


@clauses("shadowverse-evolve:7.4.1", "shadowverse-evolve:7.4.2", "shadowverse-evolve:7.4.3",
         "shadowverse-evolve:12.8.2")
def test_7_4_3_the_turn_player_may_tap_ward_followers_at_the_end_of_the_turn():
    s = load(position(p0={"field": [{"card": "守门石像"}, {"card": "斗士"}, {"card": "钟楼"}]}))
    s, _ = act(s, "end_main")
    assert [t.card for t in s.triggers] and kinds(s)[0] == "use_trigger"  # 钟楼: end of turn first (7.4.1)
    s, _ = act(s, "use_trigger", index=0)
    assert [a.kind for a in legal(s, "ward_tap")] == ["ward_tap"]  # only the ward follower
    assert rejected(s, "ward_tap", unit=1) == "7.4.3"
    s, events = act(s, "ward_tap", unit=0)
    assert unit(s, 0, 0).tapped and s.active == 1  # nothing left to choose: the turn ended


@clauses("shadowverse-evolve:7.4.4", "shadowverse-evolve:7.4.5", "shadowverse-evolve:12.3.4",
         "shadowverse-evolve:12.3.2", "shadowverse-evolve:7.4.4.p1", "shadowverse-evolve:7.4.4.p3",
         "shadowverse-evolve:4.8.1")
def test_7_4_4_the_other_player_may_use_quick_cards_at_the_end_of_the_turn():
    s = load(position(p0={"field": [{"card": "斗士"}]}, p1={"hand": ["快速闪击", "快速闪击", "炎之矢"]}))
    s, _ = act(s, "end_main")
    assert s.step == 5  # END_QUICK: player 1 holds a quick card
    plays = legal(s, "play")
    assert {a.card for a in plays} == {s.players[1].hand[0]}  # only the quick one (12.3.4)
    assert rejected(s, "play", 1, card="炎之矢", target=0) == "12.3.4"
    s, _ = act(s, "play", 1, card="快速闪击", target="leader 0")
    assert s.players[0].life == 19 and s.step == 5  # back to 7.4.4
    s, _ = act(s, "pass", 1)
    assert s.active == 1 and s.step == MAIN


@clauses("shadowverse-evolve:7.4.6", "shadowverse-evolve:4.7.3", "shadowverse-evolve:4.7.3.1",
         "shadowverse-evolve:5.11.1", "shadowverse-evolve:4.7.3")
def test_7_4_6_the_turn_player_discards_down_to_seven():
    s = load(position(p0={"hand": ["哥布林"] * 6 + ["斗士", "弓箭手", "炎之矢"]}))
    s, _ = act(s, "end_main")
    assert s.step == END_DISCARD and {a.kind for a in GAME_legal(s)} == {"discard", "concede"}
    assert len(legal(s, "discard")) == 4  # one per name
    s, _ = act(s, "discard", card="炎之矢")
    assert s.step == END_DISCARD
    s, _ = act(s, "discard", card="哥布林")
    assert s.active == 1 and len(s.players[0].hand) == 7 and len(s.players[0].cemetery) == 2


def GAME_legal(s):
    from tcgrules.engine.shadowverse_evolve import GAME
    return GAME.legal(s)


@clauses("shadowverse-evolve:7.4.7", "shadowverse-evolve:10.2.1.2")
def test_7_4_7_effects_until_the_end_of_the_turn_end():
    s = load(position(p0={"field": [{"card": "斗士", "atk": 1}], "hand": ["加油"]}))
    s, _ = act(s, "play", card="加油", target=0)
    assert unit(s, 0).eot_atk == 2
    s, _ = act(s, "end_main")
    assert unit(s, 0).eot_atk == 0 and unit(s, 0).atk_mod == 1  # a lasting change stays


@clauses("shadowverse-evolve:3.2.4.2", "shadowverse-evolve:11.9.1", "shadowverse-evolve:5.14.1",
         "shadowverse-evolve:5.14.1.1", "shadowverse-evolve:10.6.2.5.2")
def test_5_14_1_1_recovering_play_points_stops_at_the_maximum():
    s = load(position(p0={"pp": 4, "pp_max": 5, "hand": ["冥想", "冥想"]}))
    s, _ = act(s, "play", card="冥想")
    assert s.players[0].pp == 5
    s, events = act(s, "play", card="冥想")
    assert s.players[0].pp == 5  # 5 - 0 + 1 would be 6: the maximum


@clauses("shadowverse-evolve:3.2.4.1", "shadowverse-evolve:1.3.2.4.1")
def test_3_2_4_1_raising_the_maximum_stops_at_10():
    s = load(position(p0={"pp": 10, "pp_max": 10, "hand": ["龙之先知"]}))
    s, _ = act(s, "play", card="龙之先知")
    assert s.players[0].pp_max == 10 and s.players[0].pp == 8


@clauses("shadowverse-evolve:7.3.3", "shadowverse-evolve:7.3.3.p4", "shadowverse-evolve:8.1.2")
def test_7_3_3_only_the_turn_player_acts_in_the_main_phase():
    s = load(position(p1={"hand": ["哥布林"]}))
    assert rejected(s, "end_main", 1) == "7.3.3"
    assert rejected(s, "play", 1, card="哥布林") == "8.2.1"
