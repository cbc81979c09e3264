"""Judge scenarios: a position as a judge writes it, the actions taken, and what the rules
give — read through ``tcgrules engine judge``'s report (the trace cites each rule applied)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.engine import run
from tcgrules.engine.api import PositionError
from tcgrules.engine.battle_spirits import GAME
from tcgrules.engine.battle_spirits.events import EVENTS
from tcgrules.engine.battle_spirits.rules import RULES

clauses = pytest.mark.clauses
POSITIONS = Path(__file__).resolve().parents[2] / "positions" / "battle-spirits"


def judge(position, *actions):
    """The judge's report, and the state it ends in."""
    report = run.judge_position(GAME, position, list(actions))
    return report, GAME.from_json(report.final)


def trace(report) -> list[str]:
    return report.opening + [line for _, lines in report.steps for line in lines]


def kinds(report) -> list[str]:
    return [line.split(":", 1)[0] for line in trace(report)]


def attack_step(attacker: dict, defender: dict, **rest) -> dict:
    """Turn 3, player 0's attack step: player 0 with ``attacker``'s field, player 1 with
    ``defender``'s; both hands empty, so no flash timing asks for a choice."""
    return {"turn": 3, "turn_player": 0, "step": "attack", "players": [attacker, defender], **rest}


# ---------------------------------------------------------------- the steps (7)


@clauses("battle-spirits:7-2-2", "battle-spirits:1-3-8")
def test_7_2_2_position_deck_out_before_the_start_step_effect_resolves():
    report, s = judge(POSITIONS / "start-step-deck-out.yaml")
    assert s.winner == 1 and "deck_out: 7-2-2, 1-3-2-2 player 0 has no card in the deck" in trace(report)[-1]
    assert "effect" not in kinds(report)


@clauses("battle-spirits:7-3-2", "battle-spirits:7-3-1")
def test_7_3_2_position_the_core_step_then_its_effect():
    report, s = judge({"turn": 4, "turn_player": 1, "step": "core",
                       "players": [{}, {"field": [{"card": "時之輪", "cores": 0}]}]})
    k = kinds(report)
    assert k.index("core_step") < k.index("effect")
    assert s.players[1].reserve == 3 + 1 + 1 + 1  # the step's core, 『能量階段』's, 『回復階段』's


@clauses("battle-spirits:7-4-2")
def test_7_4_2_position_the_draw_step_draws_one():
    report, s = judge({"turn": 4, "turn_player": 1, "step": "draw", "players": [{}, {"deck": 5}]})
    assert "draw: 5-6-1 player 1 draws 1" in trace(report) and len(s.players[1].hand) == 1


@clauses("battle-spirits:7-5-2", "battle-spirits:5-14-1")
def test_7_5_2_position_refresh_recovers_and_returns_the_trash_cores():
    report, s = judge({"turn": 4, "turn_player": 1, "step": "refresh", "players": [
        {}, {"trash_cores": 2, "field": [{"card": "火蜥蜴", "status": "exhausted"}]}]})
    assert "recover: 5-14-1 player 1's 火蜥蜴 recovers" in trace(report)
    assert s.players[1].trash_cores == 0 and s.players[1].reserve == 5


@clauses("battle-spirits:7-7-2", "battle-spirits:7-8-2")
def test_7_7_2_position_no_attack_step_in_the_first_players_first_turn():
    report, s = judge({"turn": 1, "turn_player": 0, "step": "main",
                       "players": [{"field": [{"card": "火蜥蜴"}]}, {}]}, "end_main")
    assert "attack" not in {a.action.kind for a in report.legal}
    assert s.turn == 2 and s.turn_player == 1


@clauses("battle-spirits:7-6-1-2-4", "battle-spirits:7-7-3-2")
def test_7_6_1_2_4_position_ending_the_main_step_goes_to_the_attack_step():
    _, s = judge({"turn": 3, "players": [{"field": [{"card": "火蜥蜴"}]}, {}]}, "end_main")
    assert s.pending.kind == "attack" and s.pending.player == 0


# ---------------------------------------------------------------- playing cards (11)


@clauses("battle-spirits:11-1-1-5", "battle-spirits:11-1-1-6", "battle-spirits:7-6-1-2-1")
def test_11_1_1_6_position_summon_pay_and_place():
    report, s = judge(POSITIONS / "main-step-summon.yaml", "summon 火蜥蜴", 'pay plan=[["reserve",1]]',
                      'place plan=[["reserve",1]]')
    assert [a.text for a in report.legal][0] == "player 0 summons 火蜥蜴"
    assert any(line.startswith("on_field: 4-5-1 player 0's 火蜥蜴") for line in trace(report))
    assert s.players[0].reserve == 2 and s.players[0].trash_cores == 1
    assert [s.defs[c].name for c in s.players[0].field] == ["火蜥蜴"]


@clauses("battle-spirits:11-1-1-5")
def test_11_1_1_5_position_overpaying_is_refused_citing_the_clause():
    report, s = judge(POSITIONS / "main-step-summon.yaml", "summon 火蜥蜴", 'pay plan=[["reserve",2]]')
    assert "battle-spirits:11-1-1-5" in report.rejected and "no more, no less" in report.rejected
    assert s.casting is not None and s.players[0].reserve == 4  # nothing paid


# ---------------------------------------------------------------- the battle (8)


@clauses("battle-spirits:8-1-6-1", "battle-spirits:8-1-3-1")
def test_8_1_6_1_position_equal_bp_destroys_both():
    report, s = judge(attack_step({"field": [{"card": "火蜥蜴"}]}, {"field": [{"card": "火蜥蜴"}]}),
                      "attack 火蜥蜴", "block 火蜥蜴")
    assert "bp_compare: 8-1-6-1 BP 1000 against 1000" in trace(report)
    assert not s.players[0].field and not s.players[1].field


@clauses("battle-spirits:8-1-6-1")
def test_8_1_6_1_position_the_lower_bp_is_destroyed():
    report, s = judge(attack_step({"field": [{"card": "劍龍兵"}]}, {"field": [{"card": "火蜥蜴"}]}),
                      "attack 劍龍兵", "block 火蜥蜴")
    assert "player 1's 火蜥蜴 is destroyed" in " ".join(trace(report))
    assert [s.defs[c].name for c in s.players[0].field] == ["劍龍兵"] and not s.players[1].field


@clauses("battle-spirits:8-1-5-1", "battle-spirits:8-1-3-1")
def test_8_1_5_1_position_an_unblocked_attack_takes_a_life():
    report, s = judge(attack_step({"field": [{"card": "火蜥蜴"}]}, {}), "attack 火蜥蜴")
    assert "life: 8-1-5-1 player 1 loses 1 life" in trace(report)
    assert s.players[1].life == 4 and s.players[1].reserve == 4


@clauses("battle-spirits:1-3-2-1", "battle-spirits:8-1-5-1")
def test_1_3_2_1_position_the_last_life_taken_wins():
    _, s = judge(attack_step({"field": [{"card": "火蜥蜴"}]}, {"life": 1}), "attack 火蜥蜴")
    assert s.winner == 0 and GAME.result(s).winner == 0


@clauses("battle-spirits:1-3-4")
def test_1_3_4_position_either_player_may_surrender():
    report, s = judge({"players": [{}, {}]}, "surrender player=1")
    assert s.winner == 0 and "surrender: 1-3-4 player 1 surrenders" in trace(report)


@clauses("battle-spirits:1-3-5", "battle-spirits:9-3-1-3")
def test_1_3_5_position_an_effect_cannot_make_the_opponent_surrender():
    report, s = judge({"turn": 3, "players": [{"hand": ["降伏勸告"]}, {}]}, "use 降伏勸告", 'pay plan=[["reserve",1]]')
    assert "no_forced_surrender: 1-3-5 player 1 cannot be made to surrender by an effect" in trace(report)
    assert s.winner is None and "surrender" not in kinds(report)


@clauses("battle-spirits:1-4-2-3", "battle-spirits:5-6-1")
@pytest.mark.parametrize("spirits, drawn", [(1, 0), (2, 0), (3, 1)])
def test_1_4_2_3_position_a_count_computed_to_0_or_less_draws_nothing(spirits, drawn):
    position = {"turn": 3, "players": [{"hand": ["兵力計算"], "deck": 5, "field": [{"card": "火蜥蜴"}] * spirits}, {}]}
    report, s = judge(position, "use 兵力計算", 'pay plan=[["reserve",1]]')
    assert len(s.players[0].hand) == drawn and len(s.players[0].deck) == 5 - drawn
    assert ("draw" in kinds(report)) == (drawn > 0)


@clauses("battle-spirits:12-2-1-1-2", "battle-spirits:12-2-1-1-3", "battle-spirits:10-2-2-4")
def test_12_2_1_1_2_position_effects_not_applied_stop_true_release_effects_not_its_lv2():
    position = attack_step({"hand": ["劍龍兵"], "field": [{"card": "世界樹", "cores": 1, "soul_core": True}]},
                           {"field": [{"card": "靜默聖域", "cores": 0}]})
    report, s = judge(position, "attack 世界樹")
    assert "field: 世界樹 (1 cores, Lv2, BP 12000, exhausted)" in report.position  # a rule: Lv2 with the soul core
    assert "summon_free" not in kinds(report) and names(s, s.players[0].hand) == ["劍龍兵"]  # its effect: stopped


# ---------------------------------------------------------------- thresholds (13)


def life_guard(life: int) -> dict:
    """Player 1 with ``life`` and 守命獸 (自己的生命值減少時，在 2 以下的話 +1 core), exhausted."""
    return attack_step({"field": [{"card": "火蜥蜴"}]},
                       {"life": life, "field": [{"card": "守命獸", "status": "exhausted"}]})


@clauses("battle-spirits:13-1-2", "battle-spirits:9-3-1-1")
def test_13_1_2_position_a_decrease_to_the_threshold_triggers():
    report, s = judge(life_guard(3), "attack 火蜥蜴")
    assert "effect: 9-3-1-3 player 1's 守命獸: effect gain_core" in trace(report)
    assert s.players[1].life == 2 and s.players[1].reserve == 3 + 1 + 1


@clauses("battle-spirits:13-1-2")
def test_13_1_2_position_a_decrease_already_below_the_threshold_triggers_too():
    report, s = judge(life_guard(2), "attack 火蜥蜴")
    assert "gain_core" in " ".join(trace(report)) and s.players[1].reserve == 3 + 1 + 1


@clauses("battle-spirits:13-1-2", "battle-spirits:9-3-1-1")
def test_13_1_2_position_a_decrease_that_stays_above_does_not():
    report, s = judge(life_guard(5), "attack 火蜥蜴")
    assert "unmet: 9-3-1-1 player 1's 守命獸: its condition is not met" in " ".join(trace(report))
    assert s.players[1].reserve == 3 + 1


# ---------------------------------------------------------------- vanishing (10-2-2)


@clauses("battle-spirits:10-2-2-3", "battle-spirits:10-2-2-8")
def test_10_2_2_3_position_vanished_at_lv2_its_lv2_effect_resolves():
    report, s = judge(POSITIONS / "vanish-at-level-2.yaml", "use 吸魂術 effect=0", 'pay plan=[["reserve",2]]',
                      "target 幽光蝶")
    lines = trace(report)
    assert lines.index("vanish: 5-11-1, 10-2-2-1 player 1's 幽光蝶 vanishes: fewer cores than its Lv1 cost") \
        < lines.index("effect: 9-3-1-3 player 1's 幽光蝶: effect draw")
    assert len(s.players[1].hand) == 1


@clauses("battle-spirits:10-2-2-3")
def test_10_2_2_3_position_vanished_at_lv1_its_lv2_effect_does_not_resolve():
    position = {"turn": 3, "players": [{"hand": ["吸魂術"], "reserve": 2},
                                       {"field": [{"card": "幽光蝶", "cores": 2}]}]}
    report, s = judge(position, "use 吸魂術 effect=0", 'pay plan=[["reserve",2]]', "target 幽光蝶")
    assert "vanish" in kinds(report) and "draw" not in kinds(report) and not s.players[1].hand


# ---------------------------------------------------------------- positions refused, and the command


@pytest.mark.parametrize("text, message", [
    ("players:\n  - hand: [火蜥蜴]\n    resrve: 3\n  - {}\n", ":3: players[0].resrve: unknown key"),
    ("players:\n  - field:\n      - {card: 火蜥蜴, cores: -1}\n  - {}\n", ":3: players[0].field[0].cores: -1 is less than"),
    ("players:\n  - hand: [no such card]\n  - {}\n", ":2: players[0].hand[0]: unknown card 'no such card'"),
    ("step: lunch\nplayers: [{}, {}]\n", ":1: step: 'lunch' is not one of"),
    ("players: [{}]\n", ":1: players: [{}] is too short"),
    ("players:\n  - field: [{card: 火蜥蜴, soul_core: true}, {card: 火蜥蜴, soul_core: true}]\n  - {}\n",
     "players[0].field: the soul core is in one place only (5-7-3)"),
    ("players: [{}, {}]\nwaiting: [{card: 守命獸}]\n", ":2: waiting[0].card: player 0 has no 守命獸"),
    ("players: [{}, {}]\nwaiting: [{card: 火蜥蜴}]\n", ":2: waiting[0].effect: 火蜥蜴 has 0 effect(s)"),
    ("players: [\n", ":2: malformed YAML"),
    ("players: [{}, {}]\nplayers: [{}, {}]\n", ":2: duplicate key 'players' (first at line 1)"),
    ("players: [&p {}, *p]\n", ":1: anchor or alias 'p': anchors and aliases are not allowed"),
])
def test_a_position_is_refused_naming_its_file_line_and_field(tmp_path, text, message):
    path = tmp_path / "position.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PositionError) as e:
        run.load_position_file(GAME, path)
    assert message in str(e.value) and str(path) in str(e.value) and "\n" not in str(e.value)


def test_the_position_schema_is_the_file_beside_the_game(root):
    schema = GAME.position_schema()
    assert schema["additionalProperties"] is False
    assert (root / "tools/tcgrules/engine/battle_spirits/position.schema.json").is_file()
    for example in sorted(POSITIONS.glob("*.yaml")):
        run.load_position_file(GAME, example)  # every worked example loads


def test_engine_judge_prints_legal_actions_trace_and_position(capsys, tmp_path):
    from tcgrules.cli import main

    position = str(POSITIONS / "vanish-at-level-2.yaml")
    assert main(["engine", "judge", position, "use 吸魂術 effect=0", 'pay plan=[["reserve",2]]', "target 幽光蝶"]) == 0
    out = capsys.readouterr().out
    assert "player 0 uses 吸魂術 (effect 0)  [9-1-7-1, 5-12-2]" in out
    assert "vanish: 5-11-1, 10-2-2-1 player 1's 幽光蝶 vanishes" in out and "hand: 火蜥蜴" in out
    assert main(["engine", "judge", position, "attack 幽光蝶"]) == 1  # refused, citing the clause
    assert "battle-spirits:7-6-1-2-1" in capsys.readouterr().err
    assert main(["engine", "judge", position, "summon card=火蜥蜴 copies=3"]) == 2
    assert capsys.readouterr().err.strip() == ("tcgrules: error: action 1: copies: unknown field of 'summon' "
                                               "(fields: player, card, removed)")
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"players: [\xff]\n")
    assert main(["engine", "judge", str(bad)]) == 2 and "not UTF-8" in capsys.readouterr().err


# ---------------------------------------------------------------- blocking (8-1-3, 9-1-2-2)


@clauses("battle-spirits:9-1-2-2", "battle-spirits:8-1-3-1")
def test_9_1_2_2_position_clash_leaves_no_choice_not_to_block():
    report, s = judge(attack_step({"field": [{"card": "激突角龍"}]}, {"field": [{"card": "火蜥蜴"}]}),
                      "attack 激突角龍")
    assert s.pending.kind == "block" and {a.kind for a in GAME.legal(s)} == {"block", "surrender"}


@clauses("battle-spirits:9-1-2-2")
def test_9_1_2_2_position_cannot_block_wins_over_clash():
    report, s = judge(attack_step({"field": [{"card": "激突角龍"}]}, {"field": [{"card": "石像哨兵"}]}),
                      "attack 激突角龍")
    assert "life: 8-1-5-1 player 1 loses 1 life" in trace(report) and "block" not in kinds(report)


@clauses("battle-spirits:8-1-1-1", "battle-spirits:7-7-3-2")
def test_8_1_1_1_position_an_exhausted_spirit_cannot_attack():
    report, s = judge(attack_step({"field": [{"card": "火蜥蜴", "status": "exhausted"}]}, {}))
    assert "attack" not in {a.action.kind for a in report.legal} and s.step == 6  # the second main step


# ---------------------------------------------------------------- destruction, replacement, standby (9, 10)


@clauses("battle-spirits:9-1-8-1", "battle-spirits:8-1-6-1")
def test_9_1_8_1_position_a_replacement_returns_the_destroyed_spirit_to_the_hand():
    report, s = judge(attack_step({"field": [{"card": "烈焰龍"}]}, {"field": [{"card": "幻影獸"}]}),
                      "attack 烈焰龍", "block 幻影獸")
    assert "replace" in kinds(report) and "destroy" not in kinds(report)
    assert [s.defs[c].name for c in s.players[1].hand] == ["幻影獸"] and not s.players[1].field


@clauses("battle-spirits:10-2-2-5", "battle-spirits:8-1-6-1")
def test_10_2_2_5_position_a_destroyed_spirits_effect_resolves_before_it_reaches_the_trash():
    report, s = judge(attack_step({"field": [{"card": "劍龍兵"}]}, {"field": [{"card": "繼承龍"}]}),
                      "attack 劍龍兵", "block 繼承龍")
    k = kinds(report)
    assert k.index("destroy") < k.index("effect") < len(k) - 1 - k[::-1].index("to_trash")
    assert len(s.players[1].hand) == 1 and "繼承龍" in [s.defs[c].name for c in s.players[1].trash]


@clauses("battle-spirits:9-1-5-4")
def test_9_1_5_4_position_a_destruction_of_two_spirits_triggers_once():
    report, s = judge(attack_step({"field": [{"card": "火蜥蜴"}]},
                                  {"field": [{"card": "火蜥蜴"}, {"card": "墓碑", "cores": 0}]}),
                      "attack 火蜥蜴", "block 火蜥蜴")
    assert [line for line in trace(report) if "墓碑" in line] == ["effect: 9-3-1-3 player 1's 墓碑: effect draw"]


@clauses("battle-spirits:10-2-2-8")
def test_10_2_2_8_position_cores_taken_by_the_opponents_effect_vanish_it_by_that_effect():
    position = {"turn": 3, "players": [{"hand": ["吸魂術"], "reserve": 2},
                                       {"field": [{"card": "怨念靈", "cores": 2}]}]}
    report, s = judge(position, "use 吸魂術 effect=0", 'pay plan=[["reserve",2]]', "target 怨念靈")
    assert "draw: 5-6-1 player 1 draws 2" in trace(report)


@clauses("battle-spirits:10-2-2-10", "battle-spirits:5-11-1")
def test_10_2_2_10_position_moving_its_own_last_core_vanishes_it_by_its_player():
    report, s = judge({"turn": 3, "players": [{"field": [{"card": "怨念靈", "cores": 2}]}, {}]},
                      "move_core source=怨念靈 dest=reserve")
    assert "vanish" in kinds(report) and "draw" not in kinds(report)  # not by the opponent: no draw
    assert s.players[0].reserve == 3 + 2 and not s.players[0].field


# ---------------------------------------------------------------- cores (7-6-1-2-2)


@clauses("battle-spirits:7-6-1-2-2", "battle-spirits:2-8-3")
def test_7_6_1_2_2_position_moving_cores_raises_the_level():
    _, s = judge({"turn": 3, "players": [{"field": [{"card": "火蜥蜴", "cores": 2}]}, {}]},
                 "move_core source=reserve dest=火蜥蜴")
    from tcgrules.engine.battle_spirits.levels import bp, level
    spirit = next(iter(s.players[0].field))
    assert (level(s, spirit), bp(s, spirit)) == (2, 3000)


# ---------------------------------------------------------------- effects (9, 12, 1-3, 4)


@clauses("battle-spirits:9-1-6-1", "battle-spirits:9-1-6-2")
def test_9_1_6_1_position_an_activated_effect_pays_by_exhausting():
    report, s = judge({"turn": 3, "players": [{"field": [{"card": "機巧兵"}]}, {}]}, "activate 機巧兵 effect=0")
    assert "exhaust" in kinds(report) and "draw: 5-6-1 player 0 draws 1" in trace(report)
    assert all(fc.status == 1 for fc in s.players[0].field.cards)


@clauses("battle-spirits:1-3-6", "battle-spirits:9-3-1-1")
def test_1_3_6_position_an_effect_that_wins_the_game():
    five = [{"card": n} for n in ("火蜥蜴", "火蜥蜴", "青鮫", "青鮫", "綠甲蟲")]
    _, s = judge({"turn": 3, "players": [{"hand": ["勝利宣言"], "reserve": 5, "field": five}, {}]},
                 "use 勝利宣言", 'pay plan=[["reserve",5]]')
    assert s.winner == 0


@clauses("battle-spirits:9-3-1-1")
def test_9_3_1_1_position_an_unmet_condition_does_nothing():
    four = [{"card": n} for n in ("火蜥蜴", "火蜥蜴", "青鮫", "青鮫")]
    report, s = judge({"turn": 3, "players": [{"hand": ["勝利宣言"], "reserve": 5, "field": four}, {}]},
                      "use 勝利宣言", 'pay plan=[["reserve",5]]')
    assert s.winner is None and "unmet" in kinds(report)


@clauses("battle-spirits:1-3-3", "battle-spirits:1-3-2-1")
def test_1_3_3_position_both_lives_to_0_at_once_is_a_draw():
    _, s = judge({"turn": 3, "players": [{"hand": ["兩敗俱傷"], "reserve": 4, "life": 1}, {"life": 1}]},
                 "use 兩敗俱傷", 'pay plan=[["reserve",4]]')
    assert GAME.result(s).winner is None and GAME.result(s).code() == "draw"


@clauses("battle-spirits:4-7-3")
def test_4_7_3_position_a_life_has_no_upper_limit():
    _, s = judge({"turn": 3, "players": [{"hand": ["生命之泉"], "reserve": 3}, {}]},
                 "use 生命之泉", 'pay plan=[["reserve",3]]')
    assert s.players[0].life == 6


@clauses("battle-spirits:5-13-1")
def test_5_13_1_position_discarding_moves_the_decks_top_cards_to_the_trash():
    _, s = judge({"turn": 3, "players": [{"hand": ["送葬之歌"], "reserve": 1,
                                          "deck": ["青鮫", "綠甲蟲", "紫影", "火蜥蜴"]}, {}]},
                 "use 送葬之歌", 'pay plan=[["reserve",1]]')
    assert [s.defs[c].name for c in s.players[0].trash] == ["青鮫", "綠甲蟲", "紫影", "送葬之歌"]
    assert [s.defs[c].name for c in s.players[0].deck] == ["火蜥蜴"]


@clauses("battle-spirits:9-3-2-2")
def test_9_3_2_2_position_a_search_takes_the_card_chosen():
    _, s = judge({"turn": 3, "players": [{"hand": ["森林的呼喚"], "reserve": 2, "deck": ["火山口", "青鮫", "火蜥蜴"]},
                                         {}]},
                 "use 森林的呼喚", 'pay plan=[["reserve",2]]', "search 青鮫")
    assert [s.defs[c].name for c in s.players[0].hand] == ["青鮫"]


# ---------------------------------------------------------------- more steps (7-6, 7-7, 7-9)


@clauses("battle-spirits:7-6-1-1")
def test_7_6_1_1_position_main_step_start_effects_after_the_refresh_step():
    report, s = judge({"turn": 4, "turn_player": 1, "step": "refresh",
                       "players": [{}, {"field": [{"card": "綠之泉", "cores": 0}]}]})
    assert "effect: 9-3-1-3 player 1's 綠之泉: effect gain_core" in trace(report) and s.pending.kind == "main"


@clauses("battle-spirits:7-9-1-1", "battle-spirits:7-9-1-3")
def test_7_9_1_1_position_end_step_effects_then_the_opponents_turn():
    report, s = judge({"turn": 3, "step": "end", "players": [{"field": [{"card": "綠之泉", "cores": 0}]}, {}]})
    k = kinds(report)
    assert k.index("effect") < k.index("end_turn") < k.index("turn")
    assert (s.turn, s.turn_player, s.pending.kind) == (4, 1, "main")


@clauses("battle-spirits:7-7-3-1")
def test_7_7_3_1_position_attack_step_start_effects_choose_their_target():
    _, s = judge({"turn": 3, "players": [{"field": [{"card": "時之輪", "cores": 0}, {"card": "火蜥蜴"}]}, {}]},
                 "end_main", "target 火蜥蜴")
    from tcgrules.engine.battle_spirits.levels import bp
    spirit = next(c for c in s.players[0].field if s.defs[c].name == "火蜥蜴")
    assert bp(s, spirit) == 2000 and s.pending.kind == "attack"


# ---------------------------------------------------------------- battle timings (8-1, 12-2-1)


@clauses("battle-spirits:12-2-1-7-1")
def test_12_2_1_7_1_position_a_when_attacks_effect():
    report, s = judge(attack_step({"field": [{"card": "烈焰龍"}]}, {}), "attack 烈焰龍")
    assert "effect: 9-3-1-3 player 0's 烈焰龍: effect gain_core" in trace(report)


@clauses("battle-spirits:8-1-3-2", "battle-spirits:12-2-1-9-1", "battle-spirits:12-2-1-10-1")
def test_8_1_3_2_position_a_blockers_when_blocks_effect_wins_the_battle():
    report, s = judge(attack_step({"field": [{"card": "劍龍兵"}]}, {"field": [{"card": "守護騎士"}]}),
                      "attack 劍龍兵", "block 守護騎士")
    assert "bp_compare: 8-1-6-1 BP 3000 against 6000" in trace(report) and not s.players[0].field


@clauses("battle-spirits:8-1-5-1", "battle-spirits:12-2-1-8-1")
def test_8_1_5_1_position_battle_resolution_effects_come_before_the_comparison():
    report, s = judge(attack_step({"field": [{"card": "戰鬥狂"}]}, {"field": [{"card": "劍龍兵"}]}),
                      "attack 戰鬥狂", "block 劍龍兵")
    k = kinds(report)
    assert k.index("effect") < k.index("bp_compare")
    assert "bp_compare: 8-1-6-1 BP 4000 against 3000" in trace(report)


@clauses("battle-spirits:8-1-7-1")
def test_8_1_7_1_position_battle_end_effects_after_the_life():
    report, s = judge(attack_step({"field": [{"card": "殘響"}]}, {}), "attack 殘響")
    k = kinds(report)
    assert k.index("life") < k.index("effect") < k.index("battle_end")


@clauses("battle-spirits:5-15-1", "battle-spirits:9-4-1")
def test_5_15_1_position_attacking_exhausts_and_triggers_when_exhausted():
    # Its 「疲勞時」 draw and 『攻擊時』 recovery trigger together: its player orders them (9-4-1).
    report, s = judge(attack_step({"field": [{"card": "疾風武者"}]}, {}), "attack 疾風武者", "order effect=1")
    lines = trace(report)
    assert lines.index("effect: 9-3-1-3 player 0's 疾風武者: effect draw") \
        < lines.index("effect: 9-3-1-3 player 0's 疾風武者: effect recover_self")


@clauses("battle-spirits:5-15-2", "battle-spirits:9-4-1")
def test_5_15_2_position_recovered_first_its_when_exhausted_effect_does_not_resolve():
    report, s = judge(attack_step({"field": [{"card": "疾風武者"}]}, {}), "attack 疾風武者", "order effect=0")
    assert "fizzle" in kinds(report) and "draw" not in kinds(report)


# ---------------------------------------------------------------- playing cards, more (3, 5, 9, 11, 12)


@clauses("battle-spirits:11-2-1-6", "battle-spirits:3-3-3-3")
def test_11_2_1_6_position_deploying_a_nexus_with_no_core():
    report, s = judge({"turn": 3, "players": [{"hand": ["火山口"], "reserve": 2}, {}]},
                      "deploy 火山口", 'pay plan=[["reserve",2]]', "place plan=[]")
    assert [s.defs[c].name for c in s.players[0].field] == ["火山口"]


@clauses("battle-spirits:9-1-7-1-3", "battle-spirits:5-16-1")
def test_9_1_7_1_3_position_a_magic_of_two_effects_uses_the_one_chosen():
    report, s = judge({"turn": 3, "players": [{"hand": ["冰封術"], "reserve": 2}, {"field": [{"card": "火蜥蜴"}]}]},
                      "use 冰封術 effect=0", 'pay plan=[["reserve",2]]', "target 火蜥蜴")
    assert "player 1's 火蜥蜴 is heavily exhausted" in " ".join(trace(report))


@clauses("battle-spirits:11-1-1-5")
def test_11_1_1_5_position_a_spirit_costing_more_than_the_cores_is_refused():
    report, s = judge({"turn": 3, "players": [{"hand": ["炎帝龍"], "reserve": 2}, {}]}, "summon 炎帝龍")
    assert "summon" not in {a.action.kind for a in report.legal}
    assert "battle-spirits:11-1-1-5" in report.rejected and "炎帝龍" in report.rejected


@clauses("battle-spirits:7-6-1-2-1")
def test_7_6_1_2_1_position_only_the_turn_player_acts_in_the_main_step():
    report, _ = judge({"turn": 3, "players": [{}, {}]}, "end_main player=1")
    assert "battle-spirits:7-6-1-2-1" in report.rejected


@clauses("battle-spirits:5-7-3", "battle-spirits:10-2-2-8")
def test_5_7_3_position_the_soul_core_is_never_sent_to_the_void():
    report, s = judge({"turn": 3, "players": [{"hand": ["吸魂術"], "reserve": 2},
                                              {"field": [{"card": "火蜥蜴", "cores": 1, "soul_core": True}]}]},
                      "use 吸魂術 effect=0", 'pay plan=[["reserve",2]]', "target 火蜥蜴")
    assert "void_cores: 10-2-2-8 player 1's 火蜥蜴: 1 core(s) to the void" in trace(report)
    assert "vanish" not in kinds(report) and len(s.players[1].field) == 1  # the soul core keeps its Lv1


@clauses("battle-spirits:4-9-1", "battle-spirits:10-2-2-4")
def test_4_9_1_position_a_destroyed_spirit_removes_itself_from_the_game():
    _, s = judge(attack_step({"field": [{"card": "劍龍兵"}]}, {"field": [{"card": "流星蟲"}]}),
                 "attack 劍龍兵", "block 流星蟲")
    assert [s.defs[c].name for c in s.players[1].removed] == ["流星蟲"] and not s.players[1].trash


@clauses("battle-spirits:10-2-2-6-1", "battle-spirits:10-2-2-4")
def test_10_2_2_6_1_position_a_destroyed_spirit_destroying_itself_again_changes_nothing():
    position = attack_step({"field": [{"card": "劍龍兵"}]}, {"deck": 5, "field": [{"card": "殉爆蟲"}]})
    report, s = judge(position, "attack 劍龍兵", "block 殉爆蟲", "order effect=0")
    assert "same_standby: 10-2-2-6-1 player 1's 殉爆蟲 is destroyed already: it does not change to the same " \
           "standby state" in trace(report)
    assert kinds(report).count("draw") == 1 and names(s, s.players[1].trash) == ["殉爆蟲"]


@clauses("battle-spirits:10-2-2-6", "battle-spirits:10-2-2-6-2", "battle-spirits:5-17-1")
def test_10_2_2_6_position_a_returned_spirit_destroying_itself_changes_to_destruction_and_triggers():
    position = {"turn": 3, "players": [{"hand": ["洪流之門"], "reserve": 6}, {"deck": 5, "field": [{"card": "殉爆蟲"}]}]}
    report, s = judge(position, "use 洪流之門", 'pay plan=[["reserve",4]]', "target 殉爆蟲")
    lines = trace(report)
    assert lines.index("destroy_standby: 10-2-2-6, 5-10-1 player 1's 殉爆蟲 is destroyed in the standby state: "
                       "it changes to destruction's") < lines.index("draw: 5-6-1 player 1 draws 1")
    assert len(s.players[1].deck) == 4


@clauses("battle-spirits:12-2-1-1-2")
def test_12_2_1_1_2_position_true_release_is_lv2_with_the_soul_core():
    report, _ = judge({"turn": 3, "players": [{"field": [{"card": "炎帝龍", "cores": 1, "soul_core": True}]}, {}]})
    assert "field: 炎帝龍 (1 cores, Lv2, BP 9000, recovered)" in report.position


@clauses("battle-spirits:9-1-4-1", "battle-spirits:9-1-4-2")
def test_9_1_4_1_position_a_constant_effect_raises_bp_with_no_trigger():
    report, _ = judge({"turn": 3, "players": [{"field": [{"card": "號令塔", "cores": 0}, {"card": "火蜥蜴"}]}, {}]})
    assert "field: 火蜥蜴 (1 cores, Lv1, BP 2000, recovered)" in report.position


@clauses("battle-spirits:5-12-2")
def test_5_12_2_position_an_effect_used_from_the_hand_reveals_the_card():
    report, s = judge({"turn": 3, "players": [{"hand": ["潛影海豚"]}, {}]}, "use 潛影海豚")
    assert "reveal" in kinds(report) and len(s.players[0].hand) == 2  # it stays, and one drawn


@clauses("battle-spirits:9-4-1", "battle-spirits:9-1-5-9")
def test_9_4_1_position_waiting_effects_of_one_player_are_ordered_by_that_player():
    report, s = judge({"turn": 3, "players": [{"field": [{"card": "時之輪", "cores": 0}]}, {}],
                       "waiting": [{"card": "時之輪", "effect": 0}, {"card": "時之輪", "effect": 1}]})
    assert s.pending.kind == "order" and s.pending.player == 0
    assert {a.kind for a in GAME.legal(s)} == {"order", "surrender"}


@clauses("battle-spirits:9-1-5-9", "battle-spirits:7-6-1-2-1")
def test_9_1_5_9_position_a_waiting_effect_resolves_before_the_turn_player_acts():
    report, s = judge({"turn": 3, "players": [{"field": [{"card": "時之輪", "cores": 0}]}, {}],
                       "waiting": [{"card": "時之輪", "effect": 1}]})
    assert report.opening[0] == "effect: 9-3-1-3 player 0's 時之輪: effect draw" and s.pending.kind == "main"
    assert len(s.players[0].hand) == 1


@clauses("battle-spirits:5-14-2")
def test_5_14_2_position_a_heavily_exhausted_spirit_recovers_only_to_exhausted():
    report, s = judge({"turn": 4, "turn_player": 1, "step": "refresh", "players": [
        {}, {"field": [{"card": "火蜥蜴", "status": "heavily_exhausted"}]}]})
    assert "field: 火蜥蜴 (1 cores, Lv1, BP 1000, exhausted)" in report.position


@clauses("battle-spirits:5-14-1", "battle-spirits:7-5-2")
def test_5_14_1_position_a_when_recovered_effect_resolves_after_the_refresh():
    report, s = judge({"turn": 4, "turn_player": 1, "step": "refresh", "players": [
        {}, {"field": [{"card": "晨曦鹿", "status": "exhausted"}, {"card": "火蜥蜴", "status": "exhausted"}]}]})
    lines = trace(report)
    assert lines.index("recover: 5-14-1 player 1's 火蜥蜴 recovers") \
        < lines.index("effect: 9-3-1-3 player 1's 晨曦鹿: effect gain_core")  # every card first (7-5-2)
    assert s.players[1].reserve == 3 + 1


@clauses("battle-spirits:5-14-2", "battle-spirits:5-14-1")
def test_5_14_2_position_heavily_exhausted_that_recovers_to_exhausted_triggers_when_recovered():
    report, s = judge({"turn": 4, "turn_player": 1, "step": "refresh", "players": [
        {}, {"field": [{"card": "晨曦鹿", "status": "heavily_exhausted"}]}]})
    lines = trace(report)
    assert lines.index("recover_heavy: 5-14-2 player 1's 晨曦鹿 recovers: heavily exhausted to exhausted") \
        < lines.index("effect: 9-3-1-3 player 1's 晨曦鹿: effect gain_core")
    assert s.players[1].reserve == 3 + 1
    assert "field: 晨曦鹿 (1 cores, Lv1, BP 2000, exhausted)" in report.position


# ---------------------------------------------------------------- the effect vocabulary: targets (9-3-2)


def names(s, cards) -> list[str]:
    return sorted(s.defs[c].name for c in cards)


def three_spirits(hand: str, reserve: int) -> dict:
    """Turn 3, player 0's main step with ``hand``; player 1 with three spirits of BP 1000,
    3000 and 4000 and a 墓碑 (「靈魂卡被破壞時」 draw 1)."""
    return {"turn": 3, "players": [{"hand": [hand], "reserve": reserve},
                                   {"field": [{"card": "火蜥蜴"}, {"card": "劍龍兵"}, {"card": "烈焰龍"},
                                              {"card": "墓碑", "cores": 0}]}]}


@clauses("battle-spirits:9-3-2-1", "battle-spirits:9-3-2", "battle-spirits:9-1-5-4", "battle-spirits:9-1-1-1")
def test_9_3_2_1_position_up_to_two_targets_destroyed_at_once():
    report, s = judge(POSITIONS / "up-to-two-targets.yaml", "use 群星隕落", 'pay plan=[["reserve",4]]',
                      "target 火蜥蜴", "target 劍龍兵")
    assert names(s, s.players[1].field) == ["墓碑", "烈焰龍"]  # BP 4000: never a candidate
    assert [line for line in trace(report) if "墓碑" in line] == ["effect: 9-3-1-3 player 1's 墓碑: effect draw"]
    assert len(s.players[1].hand) == 1  # two spirits destroyed at once: 「靈魂卡被破壞時」 once


@clauses("battle-spirits:9-3-2-1", "battle-spirits:1-4-5-1")
def test_1_4_5_1_position_up_to_may_choose_none():
    report, s = judge(three_spirits("群星隕落", 4), "use 群星隕落", 'pay plan=[["reserve",4]]')
    assert sorted(a.text for a in run.list_legal(GAME, s) if a.action.kind == "target") == [
        "player 0 targets no card", "player 0 targets 劍龍兵", "player 0 targets 火蜥蜴"]
    _, s = judge(three_spirits("群星隕落", 4), "use 群星隕落", 'pay plan=[["reserve",4]]', "target none")
    assert len(s.players[1].field) == 4 and names(s, s.players[0].trash) == ["群星隕落"]


@clauses("battle-spirits:9-3-2-1")
def test_9_3_2_1_position_up_to_may_stop_after_one():
    _, s = judge(three_spirits("群星隕落", 4), "use 群星隕落", 'pay plan=[["reserve",4]]', "target 劍龍兵",
                 "target none")
    assert names(s, s.players[1].field) == ["墓碑", "火蜥蜴", "烈焰龍"]


@clauses("battle-spirits:9-3-2-1")
def test_9_3_2_1_position_two_targets_without_up_to_must_both_be_chosen():
    _, s = judge(three_spirits("雙重冰縛", 3), "use 雙重冰縛", 'pay plan=[["reserve",3]]', "target 火蜥蜴")
    assert s.pending.kind == "target"
    options = {s.defs[a.card].name for a in GAME.legal(s) if a.kind == "target"}
    assert options == {"劍龍兵", "烈焰龍"}  # not the one chosen, and no "none"
    _, s = judge(three_spirits("雙重冰縛", 3), "use 雙重冰縛", 'pay plan=[["reserve",3]]', "target 火蜥蜴",
                 "target 烈焰龍")
    assert sorted((s.defs[fc.card].name, fc.status) for fc in s.players[1].field.cards) == [
        ("劍龍兵", 0), ("墓碑", 0), ("火蜥蜴", 1), ("烈焰龍", 1)]


@clauses("battle-spirits:9-3-2-1", "battle-spirits:1-4-2")
def test_9_3_2_1_position_as_many_as_there_are_when_fewer_can_be_chosen():
    position = {"turn": 3, "players": [{"hand": ["雙重冰縛"], "reserve": 3}, {"field": [{"card": "火蜥蜴"}]}]}
    _, s = judge(position, "use 雙重冰縛", 'pay plan=[["reserve",3]]', "target 火蜥蜴")
    assert s.pending.kind == "main" and [fc.status for fc in s.players[1].field.cards] == [1]


# ---------------------------------------------------------------- summons (5-8, 9-1-5-4, 12-3-2-1)


@clauses("battle-spirits:5-8-1", "battle-spirits:9-1-5-4", "battle-spirits:12-3-2-1", "battle-spirits:12-2-1-6-1")
def test_5_8_1_position_two_spirits_summoned_by_an_effect_trigger_once():
    position = POSITIONS / "summon-by-effect.yaml"
    report, s = judge(position, "use 召喚之門", 'pay plan=[["reserve",4]]', "target 火蜥蜴", "target 劍龍兵")
    assert [line for line in trace(report) if line.startswith("summon_free")] == [
        "summon_free: 5-8-1 player 0 summons 火蜥蜴 by an effect, paying no cost",
        "summon_free: 5-8-1 player 0 summons 劍龍兵 by an effect, paying no cost"]
    assert s.pending.kind == "order"  # 劍龍兵's 『召喚時』 and one 集結號角: its player orders them (9-4-1)
    assert len(s.triggers[-1]) == 2  # two 〔不可重複〕 horns, two spirits: one draw (9-1-5-4, 12-3-2-1)
    _, s = judge(position, "use 召喚之門", 'pay plan=[["reserve",4]]', "target 火蜥蜴", "target 劍龍兵",
                 "order effect=0")
    assert "烈焰龍" in names(s, s.players[0].hand) and len(s.players[0].hand) == 3  # and two cards drawn
    summoned = {s.defs[fc.card].name: fc.cores for fc in s.players[0].field.cards if s.defs[fc.card].kind == "spirit"}
    assert summoned == {"火蜥蜴": 1, "劍龍兵": 1}  # their Lv1 cost, from the void
    assert s.players[0].reserve == 0 and s.players[0].trash_cores == 4


@clauses("battle-spirits:5-8-1")
def test_5_8_1_position_a_summon_from_the_hand_chooses_only_within_its_cost():
    _, s = judge({"turn": 3, "players": [{"hand": ["召喚之門", "烈焰龍"], "reserve": 4}, {}]},
                 "use 召喚之門", 'pay plan=[["reserve",4]]')
    assert s.pending.kind == "main" and names(s, s.players[0].hand) == ["烈焰龍"]  # cost 5: none to choose


@clauses("battle-spirits:12-2-1-6-1", "battle-spirits:11-1-1-6")
def test_12_2_1_6_1_position_a_paid_summon_triggers_the_field_cards_summon_effect():
    position = {"turn": 3, "players": [{"hand": ["火蜥蜴"], "field": [{"card": "集結號角", "cores": 0}]}, {}]}
    report, s = judge(position, "summon 火蜥蜴", 'pay plan=[["reserve",1]]', 'place plan=[["reserve",1]]')
    assert "effect: 9-3-1-3 player 0's 集結號角: effect draw" in trace(report) and len(s.players[0].hand) == 1


# ---------------------------------------------------------------- life changes and thresholds (13-1)


def life_tree(life: int) -> dict:
    """Player 0 with 生命之泉 (life +1; cost 3, 2 with the white symbol of) 生命之樹靈
    (「自己的生命值增加時，在 6 以上的話」 draw 1)."""
    return {"turn": 3, "players": [{"hand": ["生命之泉"], "life": life, "field": [{"card": "生命之樹靈"}]}, {}]}


@clauses("battle-spirits:13-1-1", "battle-spirits:4-7-3")
def test_13_1_1_position_an_increase_to_the_threshold_triggers():
    report, s = judge(life_tree(5), "use 生命之泉", 'pay plan=[["reserve",2]]')
    assert "effect: 9-3-1-3 player 0's 生命之樹靈: effect draw" in trace(report)
    assert s.players[0].life == 6 and len(s.players[0].hand) == 1


@clauses("battle-spirits:13-1-1")
def test_13_1_1_position_an_increase_already_above_the_threshold_triggers_too():
    _, s = judge(life_tree(7), "use 生命之泉", 'pay plan=[["reserve",2]]')
    assert s.players[0].life == 8 and len(s.players[0].hand) == 1


@clauses("battle-spirits:13-1-1", "battle-spirits:9-3-1-1")
def test_13_1_1_position_an_increase_that_stays_below_does_not():
    report, s = judge(life_tree(4), "use 生命之泉", 'pay plan=[["reserve",2]]')
    assert "unmet" in kinds(report) and not s.players[0].hand


@clauses("battle-spirits:13-1-1", "battle-spirits:8-1-5-1")
def test_13_1_1_position_a_decrease_to_the_threshold_does_not_trigger_it():
    report, s = judge(attack_step({"field": [{"card": "火蜥蜴"}]}, {"life": 7, "field": [{"card": "生命之樹靈"}]}),
                      "attack 火蜥蜴", "no_block")
    assert s.players[1].life == 6 and "effect" not in kinds(report) and not s.players[1].hand


@clauses("battle-spirits:8-1-5-1")
def test_8_1_5_1_position_the_opponents_life_decrease_triggers_once_a_turn():
    report, s = judge(attack_step({"field": [{"card": "獵心者"}]}, {}), "attack 獵心者")
    assert "effect: 9-3-1-3 player 0's 獵心者: effect gain_core" in trace(report)
    assert s.players[0].reserve == 3 + 1 and s.players[1].life == 4


# ---------------------------------------------------------------- cores (4-5-6, 7-6-1-2-2, 10-2-2-8)


@clauses("battle-spirits:7-6-1-2-2", "battle-spirits:12-3-1-1")
def test_7_6_1_2_2_position_a_core_moved_onto_it_triggers_its_effect_once_a_turn():
    position = {"turn": 3, "players": [{"field": [{"card": "充能石像"}]}, {}]}
    report, s = judge(position, "move_core source=reserve dest=充能石像", "move_core source=reserve dest=充能石像")
    assert [line for line in trace(report) if line.startswith("effect")] == [
        "effect: 9-3-1-3 player 0's 充能石像: effect draw"]
    assert len(s.players[0].hand) == 1 and s.players[0].field.cards[0].cores == 3


@clauses("battle-spirits:4-5-6", "battle-spirits:12-2-1-6-1", "battle-spirits:3-2-5-3")
def test_4_5_6_position_a_summon_effect_puts_cores_on_its_own_card():
    position = {"turn": 3, "players": [{"hand": ["聚能祭司"], "reserve": 4}, {}]}
    report, s = judge(position, "summon 聚能祭司", 'pay plan=[["reserve",3]]', 'place plan=[["reserve",1]]')
    assert "cores_placed: 4-5-6 player 0's 聚能祭司: 2 core(s) put on it from the void" in trace(report)
    assert "field: 聚能祭司 (3 cores, Lv2, BP 5000, recovered)" in report.position


@clauses("battle-spirits:4-5-6", "battle-spirits:9-3-2-1")
def test_4_5_6_position_cores_on_up_to_two_own_spirits_trigger_their_effects():
    position = {"turn": 3, "players": [{"hand": ["能量灌注"], "reserve": 2,
                                        "field": [{"card": "充能石像"}, {"card": "火蜥蜴"}]}, {}]}
    report, s = judge(position, "use 能量灌注", 'pay plan=[["reserve",1]]', "target 充能石像", "target 火蜥蜴")
    assert sorted(fc.cores for fc in s.players[0].field.cards) == [2, 2]
    assert "effect: 9-3-1-3 player 0's 充能石像: effect draw" in trace(report)


@clauses("battle-spirits:10-2-2-8", "battle-spirits:4-6-1")
def test_10_2_2_8_position_cores_moved_to_the_reserve_vanish_it_by_the_opponents_effect():
    position = attack_step({"field": [{"card": "奪能鬼"}]}, {"field": [{"card": "怨念靈", "cores": 2}]})
    report, s = judge(position, "attack 奪能鬼", "target 怨念靈")
    assert "cores_to_reserve: 10-2-2-8, 4-6-1 player 1's 怨念靈: 1 core(s) to the reserve" in trace(report)
    assert "vanish" in kinds(report) and "draw: 5-6-1 player 1 draws 2" in trace(report)  # by the opponent


# ---------------------------------------------------------------- prohibitions and negation (1-4-3, 9-1-2-1)


@clauses("battle-spirits:1-4-3", "battle-spirits:7-4-2", "battle-spirits:1-4-1")
def test_1_4_3_position_cannot_draw_stops_the_draw_step():
    report, s = judge({"turn": 4, "turn_player": 1, "step": "draw",
                       "players": [{"field": [{"card": "封言石碑", "cores": 0}]}, {"deck": 5}]})
    assert "no_draw: 1-4-3 player 1 cannot draw: a prohibition wins" in trace(report)
    assert not s.players[1].hand and len(s.players[1].deck) == 5


@clauses("battle-spirits:1-4-3", "battle-spirits:5-6-1")
def test_1_4_3_position_cannot_draw_binds_only_the_opponent():
    position = {"turn": 3, "players": [{"hand": ["抽牌術"], "field": [{"card": "封言石碑", "cores": 0}]}, {}]}
    _, s = judge(position, "use 抽牌術", 'pay plan=[["reserve",3]]')
    assert len(s.players[0].hand) == 2


@clauses("battle-spirits:10-2-2-4", "battle-spirits:9-1-2-1", "battle-spirits:12-2-1-6-1")
def test_9_1_2_1_position_a_negated_summon_effect_does_not_trigger():
    position = {"turn": 3, "players": [{"hand": ["劍龍兵"], "reserve": 4},
                                       {"field": [{"card": "靜默聖域", "cores": 0}]}]}
    report, s = judge(position, "summon 劍龍兵", 'pay plan=[["reserve",3]]', 'place plan=[["reserve",1]]')
    assert "effect" not in kinds(report) and not s.players[0].hand


@clauses("battle-spirits:9-1-2-1")
def test_9_1_2_1_position_a_negation_leaves_its_own_players_effects():
    position = {"turn": 3, "players": [{"hand": ["劍龍兵"], "reserve": 4, "field": [{"card": "靜默聖域", "cores": 0}]},
                                       {}]}
    _, s = judge(position, "summon 劍龍兵", 'pay plan=[["reserve",3]]', 'place plan=[["reserve",1]]')
    assert len(s.players[0].hand) == 1


# ---------------------------------------------------------------- the vocabulary decks' cards


@clauses("battle-spirits:12-1-3", "battle-spirits:9-1-2-2")
def test_12_1_3_position_the_same_keyword_twice_still_forces_one_block():
    report, s = judge(attack_step({"field": [{"card": "雙重激突龍"}]}, {"field": [{"card": "火蜥蜴"}]}),
                      "attack 雙重激突龍")
    assert [k.name for k in s.defs[next(iter(s.players[0].field))].keywords] == ["clash", "clash"]
    assert {a.kind for a in GAME.legal(s)} == {"block", "surrender"}


@clauses("battle-spirits:12-2-1-1-3", "battle-spirits:5-8-1", "battle-spirits:12-2-1-7-1")
def test_12_2_1_1_3_position_a_true_release_attack_summons_from_the_hand():
    position = attack_step({"hand": ["劍龍兵"], "field": [{"card": "世界樹", "cores": 1, "soul_core": True}]}, {})
    report, s = judge(position, "attack 世界樹", "target 劍龍兵")
    assert "summon_free: 5-8-1 player 0 summons 劍龍兵 by an effect, paying no cost" in trace(report)
    assert "劍龍兵" in names(s, s.players[0].field)


@clauses("battle-spirits:12-2-1-1-3")
def test_12_2_1_1_3_position_below_true_release_the_attack_summons_nothing():
    position = attack_step({"hand": ["劍龍兵"], "field": [{"card": "世界樹", "cores": 1}]}, {})
    report, s = judge(position, "attack 世界樹")
    assert "summon_free" not in kinds(report) and names(s, s.players[0].hand) == ["劍龍兵"]


@clauses("battle-spirits:10-2-2-4", "battle-spirits:12-2-1-12")
def test_10_2_2_4_position_a_negated_when_destroyed_effect_does_not_trigger():
    position = attack_step({"field": [{"card": "劍龍兵"}, {"card": "寂靜之墓", "cores": 0}]},
                           {"field": [{"card": "繼承龍"}]})
    report, s = judge(position, "attack 劍龍兵", "block 繼承龍")
    assert "destroy" in kinds(report) and "effect" not in kinds(report) and not s.players[1].hand


@clauses("battle-spirits:5-19-5", "battle-spirits:5-13-1")
def test_5_19_5_position_a_must_part_is_not_done_when_the_part_before_fell_short():
    position = {"turn": 3, "players": [{"hand": ["亡者的呼聲"], "deck": ["火蜥蜴"]}, {}]}
    report, s = judge(position, "use 亡者的呼聲", 'pay plan=[["reserve",3]]')
    assert "not_done" in kinds(report) and not s.players[0].hand  # 1 of 2 discarded: no draw


@clauses("battle-spirits:5-8-1", "battle-spirits:9-1-5-9")
def test_5_8_1_position_a_summon_effect_summons_another_whose_effect_resolves_first():
    position = {"turn": 3, "players": [{"hand": ["蟲后", "火花小龍[2]"], "reserve": 6}, {}]}
    report, s = judge(position, "summon 蟲后", 'pay plan=[["reserve",5]]', 'place plan=[["reserve",1]]',
                      "target 火花小龍[2]")
    assert names(s, s.players[0].field) == ["火花小龍[2]", "蟲后"]
    assert s.players[0].reserve == 0 + 1  # 火花小龍[2]'s 『召喚時』: one core


@clauses("battle-spirits:10-2-2-8", "battle-spirits:5-11-1")
def test_10_2_2_8_position_cores_to_the_reserve_by_a_magic_vanish_by_the_opponent():
    position = {"turn": 3, "players": [{"hand": ["奪魂術"]}, {"field": [{"card": "冥府守門人", "cores": 2}]}]}
    report, s = judge(position, "use 奪魂術", 'pay plan=[["reserve",2]]', "target 冥府守門人")
    assert "vanish" in kinds(report) and "draw: 5-6-1 player 1 draws 1" in trace(report)
    assert s.players[1].reserve == 3 + 2


@clauses("battle-spirits:12-2-1-8-2", "battle-spirits:8-1-6-1")
def test_12_2_1_8_2_position_while_attacking_an_opponents_spirit_destroyed_triggers():
    report, s = judge(attack_step({"field": [{"card": "光翼獅"}]}, {"field": [{"card": "火蜥蜴"}]}),
                      "attack 光翼獅", "block 火蜥蜴")
    assert "effect: 9-3-1-3 player 0's 光翼獅: effect gain_core" in trace(report)
    assert s.players[0].reserve == 3 + 1


@clauses("battle-spirits:5-14-2", "battle-spirits:1-3-5", "battle-spirits:10-2-2-6", "battle-spirits:10-2-2-6-1")
@pytest.mark.parametrize("kind, function", [("recover_heavy", "status.recover"),
                                            ("no_forced_surrender", "effects.resolve"),
                                            ("destroy_standby", "effects.destroy_in_standby"),
                                            ("same_standby", "effects.destroy_in_standby")])
def test_5_14_2_and_10_2_2_6_1_each_new_event_cites_clauses_its_rule_function_cites(kind, function):
    cited = {n for n, who in RULES.implemented.items() if any(w.endswith(f".{function}") for w in who)}
    assert set(EVENTS[kind][0]) <= cited
