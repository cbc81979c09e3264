"""The engine's readings of the outline (interpretations.yaml): each reading checked by one
test whose name ends with the reading's id and which cites the reading's records."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tcgrules.engine.xinglingwang import GAME, INTERPRETATIONS
from tcgrules.engine.xinglingwang.action import Declare, Pass, Tactic, Traveler
from tcgrules.engine.xinglingwang.battle import targets_of
from tcgrules.engine.xinglingwang.cards import POOL, deck_from_data
from tcgrules.engine.xinglingwang.info import attack, unit_score
from tcgrules.engine.xinglingwang.state import PHASE_NAMES, place_name
from tcgrules.engine.xinglingwang.turn import condition_holds
from tcgrules.engine.xinglingwang.zones import entry_places
from tcgrules.kb.citations import clause_numbers
from xlw_helpers import act, load, rejected, units, value, zone

clauses = pytest.mark.clauses


def test_every_reading_names_records_of_the_outline_and_has_its_test():
    numbers = clause_numbers("xinglingwang").numbers
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    tests = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    for reading in INTERPRETATIONS:
        assert set(reading) == {"id", "clauses", "question", "reading", "why", "test"}, reading["id"]
        assert set(reading["clauses"]) <= numbers, reading["id"]
        path, _, name = reading["test"].partition("::")
        assert path == "tests/engine/xinglingwang/test_xlw_interpretations.py" and name in tests, reading["id"]
        assert name.endswith("_" + reading["id"].replace("-", "_")), name
        cited = {a.value for d in tests[name].decorator_list for a in getattr(d, "args", [])}
        assert cited & {f"xinglingwang:{r}" for r in reading["clauses"]}, name


def drive(s, turns: int):
    """Play simply (a traveler when one may come, 佈陣, pass, no early end) for ``turns`` turns."""
    start = s.turn
    while GAME.result(s) is None and s.turn < start + turns:
        legal = GAME.legal(s)
        pick = next((a for kind in (Traveler, Declare, Pass) for a in legal if isinstance(a, kind)), None)
        pick = pick or next((a for a in legal if isinstance(a, Tactic) and a.choice == "deploy"), legal[0])
        s = GAME.apply(s, pick).state
    return s


@clauses("xinglingwang:15.c6.k9.5", "xinglingwang:15.c6.k9.2")
def test_15_c6_k9_5_rotation_flow():
    s = load({"phase": "summon", "players": [{"hand": ["飛刀手"], "wheel": ["雜技演員"]}, {}]})
    s = act(s, kind="play", card="飛刀手", at="1F")
    assert value(s, "0.bonus") == 1 and zone(s, 0, "grave") == ["雜技演員"] and zone(s, 0, "wheel") == []


@clauses("xinglingwang:11.6.(6)", "xinglingwang:8.3.p1", "xinglingwang:15.c5.k4.1")
def test_8_3_p1_no_untap():
    s = load({"phase": "end", "players": [{"units": [{"card": "流浪劍士", "at": "1F", "state": "sideways"}]}, {}]})
    s = drive(s, 1)
    assert s.active == 0 and units(s, 0) == ["流浪劍士@1F:sideways"]


@clauses("xinglingwang:3.1.p1", "xinglingwang:3.2.p1")
def test_3_1_p1_no_concession():
    assert not [t for t in GAME.action_types if t.kind in ("concede", "resign")]


@clauses("xinglingwang:3.2.(2)", "xinglingwang:14.4.(2)", "xinglingwang:14.4.p1")
def test_14_4_p1_early_end_units():
    def holds(mine: int) -> bool:
        own = [{"card": "迷途小子", "at": f"{i}F"} for i in range(1, mine + 1)]
        s = GAME.load_position({"players": [{"units": own}, {"units": [{"card": "迷途小子", "at": "1F"}]}]})
        return condition_holds(s, 0, 2)
    assert not holds(3) and holds(4)


@clauses("xinglingwang:3.2.(1)", "xinglingwang:14.4.(1)", "xinglingwang:14.4.p1")
def test_14_4_p1_early_end_score():
    for bonus, holds in ((14, False), (15, True), (16, True)):
        assert condition_holds(GAME.load_position({"players": [{"bonus": bonus}, {}]}), 0, 1) is holds


@clauses("xinglingwang:3.1.p1", "xinglingwang:14.3.p1", "xinglingwang:14.5.p1")
def test_14_3_p1_countdown_length():
    s = load({"phase": "end", "players": [{"deck": 0}, {"deck": 20}]})
    assert s.countdown == 1 and s.turn == 4
    s = drive(s, 10)
    assert GAME.result(s) is not None and s.countdown == 5 and s.turn == 7  # turns 3 (entering) to 7: five


@clauses("xinglingwang:13.1", "xinglingwang:14.5.p1")
def test_13_1_last_countdown_turn():
    s = load({"phase": "summon", "countdown": 4, "players": [{"hand": ["流浪劍士"]}, {}]})
    s = act(s, kind="play", card="流浪劍士", at="1F")
    assert GAME.result(s) is not None and s.countdown == 5


@clauses("xinglingwang:6.9.n1", "xinglingwang:12.2")
def test_6_9_n1_traveler_values():
    s = load({"phase": "summon", "players": [{}, {}]})
    s = act(s, kind="traveler", at="1F")
    u = s.players[0].field[0]
    assert (attack(u), unit_score(u)) == (POOL.by_name["小旅人"].attack, POOL.by_name["小旅人"].score) == (1, 1)


@clauses("xinglingwang:2.1.p1", "xinglingwang:6.2")
def test_2_1_p1_empty_draw():
    s = load({"phase": "draw", "players": [{"deck": ["流浪劍士"]}, {}]})
    assert zone(s, 0, "hand") == ["流浪劍士"] and PHASE_NAMES[s.phase] == "summon" and GAME.result(s) is None


@clauses("xinglingwang:14.2.p1", "xinglingwang:2.5.(2)")
def test_14_2_p1_hand_limit_choice():
    s = load({"phase": "end", "players": [{"hand": ["迷途小子"] * 11}, {}]})
    assert s.pending.kind == "excess" and s.pending.player == 0 and len(s.pending.options) == 11


@clauses("xinglingwang:12.2", "xinglingwang:12.2.n1")
def test_12_2_summon_duty():
    assert rejected(load({"phase": "summon", "players": [{"forest": 1}, {}]}), kind="pass") == "12.2"


@clauses("xinglingwang:11.4", "xinglingwang:5.1.p1")
def test_11_4_attack_target():
    s = load({"phase": "tactics", "players": [{"units": [{"card": "流浪劍士", "at": "2F"}]},
                                               {"units": [{"card": "迷途小子", "at": "2F"}, {"card": "迷途小子", "at": "2B"}]}]})
    assert [place_name(x) for x in targets_of(s, 0, 2, -1)] == ["2F"]


@clauses("xinglingwang:9.2")
def test_9_2_enter_place():
    s = load({"phase": "summon", "players": [{"units": [{"card": "迷途小子", "at": f"{i}F"} for i in (1, 2, 3, 4)]}, {}]})
    assert [place_name(x) for x in entry_places(s, 0)] == ["5F"]
    s = load({"phase": "summon", "players": [{"units": [{"card": "迷途小子", "at": f"{i}F"} for i in range(1, 6)]}, {}]})
    assert [place_name(x) for x in entry_places(s, 0)] == ["1B", "2B", "3B", "4B", "5B"]


@clauses("xinglingwang:11.6.(5)", "xinglingwang:10.2")
def test_10_2_loser_destroyed():
    s = load({"active": 1, "phase": "defense", "players": [{"units": [{"card": "迷途小子", "at": "2F", "state": "attack"}]},
                                                           {"units": [{"card": "流浪劍士", "at": "2F"}]}]})
    s = act(act(s, kind="pass", player=1), kind="pass", player=0)
    assert units(s, 0) == [] and units(s, 1) == ["流浪劍士@2F"]


@clauses("xinglingwang:6.1", "xinglingwang:14.1")
def test_6_1_trigger_order():
    s = GAME.settle(GAME.load_position({"phase": "end", "players": [
        {"field_card": "戰場", "units": [{"card": "守夜人", "at": "1F"}]}, {}]}))
    assert [e.text for e in s.events if e.kind == "effect"][:2] == ["player 0: draw", "player 0: bonus"]


@clauses("xinglingwang:3.2.n1", "xinglingwang:3.1.p1")
def test_3_2_n1_second_player_wins_ties():
    s = load({"phase": "end", "countdown": 4, "first": 0,
              "players": [{"units": [{"card": "流浪劍士", "at": "1F"}]}, {"units": [{"card": "流浪劍士", "at": "1F"}]}]})
    result = GAME.result(s)
    assert result is not None and result.winner == 1 and "tie" in result.reason


@clauses("xinglingwang:15.c7.k2.1", "xinglingwang:1.2.(1)")
def test_15_c7_k2_1_overload_copies():
    names = ["齒輪兵", "蒸汽工人", "鍋爐技師", "動力裝甲", "蒸汽巨人", "合體機兵", "合體戰車", "拆卸工兵", "能量砲台", "電網塔",
             "滑軌機兵", "飛艇", "月台站長", "衰變機械", "過載充能", "緊急維修", "工廠"]
    cards = {POOL.by_name[n].number: 1 for n in names}
    cards[POOL.by_name["超載傀儡"].number] = 3
    assert len(deck_from_data({"name": "d", "race": "蒸汽世界", "cards": cards}, "d").cards) == 20


@clauses("xinglingwang:15.c5.k5.5", "xinglingwang:15.c5.k5.5~2.p1")
def test_15_c5_k5_5_duplicate_kidnap_5():
    s = load({"phase": "summon", "players": [{"hand": ["火球術"]},
                                              {"units": [{"card": "綁匪", "at": "2F", "kidnapped": ["巨岩魔像"]}]}]})
    assert units(act(s, kind="magic", card="火球術", target="1:2F"), 0) == ["巨岩魔像@1F:sideways"]


@clauses("xinglingwang:15.c5.k6.2", "xinglingwang:15.c5.k6.2.(1)")
def test_15_c5_k6_2_break_consequence():
    s = load({"phase": "summon", "players": [{"hand": ["推擠巨人"], "units": [{"card": "迷途小子", "at": "1F"}]},
                                              {"units": [{"card": "旅店老闆", "at": "2F"}, {"card": "流浪劍士", "at": "2B"}]}]})
    s = act(s, kind="play", card="推擠巨人", at="1F", sacrifices=["1F"], target="1:2F")
    assert units(s, 1) == ["旅店老闆@2B"] and zone(s, 1, "grave") == ["流浪劍士"]


@clauses("xinglingwang:15.c5.k5.5", "xinglingwang:9.2")
def test_15_c5_k5_5_effect_places():
    s = load({"phase": "summon", "players": [{"hand": ["火球術"], "units": [{"card": "迷途小子", "at": "1F"}]},
                                              {"units": [{"card": "綁匪", "at": "2F", "kidnapped": ["巨岩魔像"]}]}]})
    assert units(act(s, kind="magic", card="火球術", target="1:2F"), 0) == ["迷途小子@1F", "巨岩魔像@2F:sideways"]
