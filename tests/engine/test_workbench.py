"""The judge's workbench, as a judge uses it: ``tcgrules engine judge`` with a named JSON report,
the legal actions after every step, refusals reported and gone past, a position played by hand
with undo, many cases in one process, and a position's game from its folder."""
from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tcgrules.cli import main
from tcgrules.engine.api import game_names

clauses = pytest.mark.clauses
POSITIONS = Path(__file__).resolve().parents[2] / "positions"
VANISH = str(POSITIONS / "battle-spirits" / "vanish-at-level-2.yaml")
VANISH_ACTIONS = ["use 吸魂術 effect=0", 'pay plan=[["reserve",2]]', "target 幽光蝶"]
ATTACK = str(POSITIONS / "shadowverse-evolve" / "attack-leader.yaml")


def judge_json(capsys, *argv: str) -> tuple[int, dict]:
    code = main(["engine", "judge", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


# ---------------------------------------------------------------- the named report


@clauses("battle-spirits:10-2-2-8")
def test_10_2_2_8_the_json_report_names_every_card_with_its_values(capsys):
    code, report = judge_json(capsys, VANISH)
    assert code == 0
    butterfly = report["position"]["players"][1]["field"][0]
    assert butterfly["name"] == "幽光蝶" and butterfly["number"].startswith("TP-") and isinstance(butterfly["copy"], int)
    assert (butterfly["cores"], butterfly["level"], butterfly["status"]) == (3, 2, "recovered") and butterfly["bp"] > 0
    spell = report["position"]["players"][0]["hand"][0]
    assert spell["name"] == "吸魂術" and "cost" in spell and "cost_to_pay" in spell
    assert all({"name", "number", "copy"} <= set(c) for c in report["position"]["players"][1]["deck"])
    code, report = judge_json(capsys, VANISH, *VANISH_ACTIONS)
    assert report["position"]["players"][1]["field"] == []
    assert [c["name"] for c in report["position"]["players"][1]["trash"]] == ["幽光蝶"]
    assert report["state"]["decks"]  # the state's own JSON is still there, to read back


@clauses("shadowverse-evolve:8.4.9")
def test_8_4_9_the_json_report_gives_attack_defense_and_the_copy_of_a_field_card(capsys):
    code, report = judge_json(capsys, ATTACK, "attack unit=斗士 target=leader:1")
    assert code == 0
    fighter = report["position"]["players"][0]["field"][0]
    assert (fighter["name"], fighter["copy"], fighter["attack"], fighter["defense"], fighter["tapped"]) == \
        ("斗士", 0, 2, 2, True)
    assert report["position"]["players"][1]["life"] == 18
    assert report["position"]["players"][1]["leader"]["number"] == "SVL-02"


# ---------------------------------------------------------------- --legal and --keep-going


def test_legal_lists_the_actions_after_every_applied_one(capsys):
    code, report = judge_json(capsys, VANISH, *VANISH_ACTIONS, "--legal")
    assert code == 0 and len(report["applied"]) == 3
    assert "player 0 pays 2 from the reserve" in [x["action"] for x in report["applied"][0]["legal"]]
    assert [x["action"] for x in report["applied"][1]["legal"]][0] == "player 0 targets 幽光蝶"
    assert "player 0 ends the main step" in [x["action"] for x in report["applied"][2]["legal"]]
    main(["engine", "judge", VANISH, *VANISH_ACTIONS[:1], "--legal"])
    assert "  legal actions now:\n    player 0 pays 2 from the reserve" in capsys.readouterr().out


@clauses("battle-spirits:7-6-1-2-1")
def test_7_6_1_2_1_keep_going_reports_a_refusal_with_its_clause_and_goes_on(capsys):
    code, report = judge_json(capsys, VANISH, "attack 幽光蝶", *VANISH_ACTIONS, "--keep-going")
    assert code == 1  # an action was refused
    assert [r["n"] for r in report["refused"]] == [1] and report["refused"][0]["clause"] == "battle-spirits:7-6-1-2-1"
    assert [s["n"] for s in report["applied"]] == [2, 3, 4]  # the refusal changed nothing: the rest applies
    assert report["position"]["players"][1]["field"] == []
    code, report = judge_json(capsys, VANISH, "attack 幽光蝶", *VANISH_ACTIONS)
    assert report["applied"] == [] and len(report["refused"]) == 1  # without it, the run stops there
    main(["engine", "judge", VANISH, "attack 幽光蝶", "end_main", "--keep-going"])
    out = capsys.readouterr().out
    assert "refused:" in out and "(battle-spirits:7-6-1-2-1); the position is unchanged" in out
    assert "> player 0 ends the main step" in out


# ---------------------------------------------------------------- --interactive


def interactive(monkeypatch, capsys, position: str, text: str, *argv: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["engine", "judge", position, "--interactive", *argv]) == 0
    return capsys.readouterr().out


@clauses("battle-spirits:10-2-2-1")
def test_10_2_2_1_interactive_takes_numbers_and_actions_and_undoes(monkeypatch, capsys):
    out = interactive(monkeypatch, capsys, VANISH, "1\npay plan=[[\"reserve\",2]]\nundo\n1\ntarget 幽光蝶\n")
    assert "  1. player 0 uses 吸魂術 (effect 0)  [9-1-7-1, 5-12-2]" in out
    assert "> player 0 uses 吸魂術 (effect 0)" in out and "undone: back one action" in out
    assert out.count("> player 0 pays 2 from the reserve") == 2  # once before the undo, once after
    assert "vanish: 5-11-1, 10-2-2-1 player 1's 幽光蝶 vanishes" in out


def test_interactive_refusals_and_errors_leave_the_position(monkeypatch, capsys):
    out = interactive(monkeypatch, capsys, VANISH, "attack 幽光蝶\n99\nfly away\nundo\nhelp\nquit\n1\n")
    assert "refused:" in out and "the position is unchanged" in out
    assert "no legal action 99 (1 to 5)" in out and "action 3: kind: " in out
    assert "nothing to undo" in out and "undo: back one action" in out
    assert "> player 0 uses" not in out  # quit ended the input before "1"


def test_interactive_json_is_one_object_per_input(monkeypatch, capsys):
    out = interactive(monkeypatch, capsys, ATTACK, "attack unit=斗士 target=leader:1\nundo\n", "--json")
    lines = [json.loads(x) for x in out.splitlines()]
    assert [("applied" in x, "undone" in x) for x in lines] == [(False, False), (True, False), (False, True)]
    assert lines[1]["position"]["players"][1]["life"] == 18 and lines[2]["position"]["players"][1]["life"] == 20


# ---------------------------------------------------------------- --cases


def test_cases_judges_many_positions_in_one_process(tmp_path, capsys):
    cases = tmp_path / "cases.jsonl"
    shutil.copy(VANISH, tmp_path / "vanish.yaml")
    lines = [{"id": "vanish", "position": "vanish.yaml", "actions": VANISH_ACTIONS},
             {"id": "sve", "position": json.loads(json.dumps(_yaml(ATTACK))), "actions": ["attack unit=斗士 target=leader:1"]},
             {"id": "refused", "position": "vanish.yaml", "actions": ["attack 幽光蝶", "end_main"], "keep_going": True},
             {"id": "bad", "position": "vanish.yaml", "actions": ["fly"]}]
    cases.write_text("\n".join(json.dumps(x, ensure_ascii=False) for x in lines) + "\n\n[1]\n", encoding="utf-8")
    assert main(["engine", "judge", "--cases", str(cases)]) == 2  # a case could not be judged
    captured = capsys.readouterr()
    out = [json.loads(x) for x in captured.out.splitlines()]
    assert [x.get("id") for x in out] == ["vanish", "sve", "refused", "bad", None]
    assert out[0]["position"]["players"][1]["field"] == [] and out[1]["position"]["players"][1]["life"] == 18
    assert out[2]["refused"][0]["n"] == 1 and out[2]["applied"][0]["n"] == 2
    assert out[3]["error"].startswith("action 1: kind: ") and out[4]["case"] == 6 and "JSON object" in out[4]["error"]
    assert "2 case(s) could not be judged" in captured.err and "Traceback" not in captured.err


def _yaml(path: str) -> dict:
    from tcgrules.kb import store

    return store.load_yaml(Path(path).read_text(encoding="utf-8"), path)


# ---------------------------------------------------------------- the position's game


def test_a_position_without_game_is_an_error_naming_the_field(tmp_path, capsys):
    loose = tmp_path / "loose.yaml"
    loose.write_text("players: [{}, {}]\n", encoding="utf-8")
    assert main(["engine", "judge", str(loose)]) == 2
    err = capsys.readouterr().err
    assert f"{loose}: game: missing: the game of the position" in err and len(err.strip().splitlines()) == 1
    assert main(["engine", "judge", str(loose), "--game", "battle-spirits"]) == 0
    capsys.readouterr()
    kept = tmp_path / "positions" / "battle-spirits" / "loose.yaml"
    kept.parent.mkdir(parents=True)
    kept.write_text("players: [{}, {}]\n", encoding="utf-8")
    assert main(["engine", "judge", str(kept)]) == 0  # its folder names the game
    capsys.readouterr()
    loose.write_text("game: chess\nplayers: [{}, {}]\n", encoding="utf-8")
    assert main(["engine", "judge", str(loose)]) == 2
    assert f"{loose}:1: game: no rules engine for game 'chess'" in capsys.readouterr().err


def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    for argv in (["engine", "judge"], ["engine", "judge", VANISH, "--cases", "x.jsonl"],
                 ["engine", "judge", "--cases", str(tmp_path / "none.jsonl")],
                 ["engine", "judge", VANISH, "end_main", "--interactive"], ["engine", "judge", VANISH, "  "]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, (argv, err)


# ---------------------------------------------------------------- a judge's own cards


@clauses("battle-spirits:10-2-2-8", "battle-spirits:2-12-3")
def test_10_2_2_8_a_positions_own_card_plays_and_the_trace_tells_copies_apart(capsys):
    own = str(POSITIONS / "battle-spirits" / "own-cards.yaml")
    code, report = judge_json(capsys, own, "use 吸魂術 effect=0", 'pay plan=[["reserve",2]]', "target 白銀機兵#23")
    assert code == 0
    assert "void_cores: 10-2-2-8 player 1's 白銀機兵#23: 2 core(s) to the void" in report["applied"][2]["trace"]
    field = report["position"]["players"][1]["field"]
    assert [(c["number"], c["copy"], c["cores"], c["level"], c["bp"]) for c in field] == \
        [("JD-01", 22, 1, 1, 2000), ("JD-01", 23, 2, 1, 2000)]
    hand = report["position"]["players"][0]["hand"]
    assert [(c["name"], c["cost"]) for c in hand] == [("白銀機兵", 3)]


@pytest.mark.parametrize("game, cards, message", [
    ("battle-spirits", "[{number: JD-1, name: 甲, kind: spirit, colors: [red], cost: 1, levels: [{cost: 1, bp: 1000}],"
     " effects: [{timimg: when_summoned, do: draw}]}]",
     ":2: cards[0]: card JD-1: effect 1: unknown key 'timimg' in an effect"),
    ("battle-spirits", "[{number: TP-01, name: 甲, kind: spirit, colors: [red], cost: 1, levels: [{cost: 1, bp: 1}]}]",
     ":2: cards[0].number: TP-01: another card of the pool or of the position has it (2-12-3)"),
    ("battle-spirits", "[{number: JD-1, name: 甲, kind: spirit, colors: [grey], cost: 1}]",
     ":2: cards[0]: card JD-1: colors must be a non-empty list of"),
    ("battle-spirits", "[3]", ":2: cards[0]: 3 is not of type 'object'"),
    ("shadowverse-evolve", "[{number: JD-1, name: 甲, class: sword, kind: follower, cost: 1, attack: 1, defense: 1,"
     " keywords: [flying]}]", ":2: cards[0]: card JD-1: keywords: unknown keyword 'flying'"),
    ("shadowverse-evolve", "[{number: SVN-01, name: 甲, class: sword, kind: amulet}]",
     ":2: cards[0]: card SVN-01: number: another card of the pool or of the position has it"),
    ("shadowverse-evolve", "[{number: JD-1, name: 甲, class: sword, kind: follower, cost: 1}]",
     ":2: cards[0]: card JD-1: attack: a follower needs attack and defense"),
])
def test_a_positions_card_is_checked_as_the_pools_naming_its_place(tmp_path, capsys, game, cards, message):
    players = ("[{}, {}]" if game == "battle-spirits" else "[{leader: SVL-01}, {leader: SVL-02}]")
    path = tmp_path / "p.yaml"
    path.write_text(f"game: {game}\ncards: {cards}\nplayers: {players}\n", encoding="utf-8")
    assert main(["engine", "judge", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_a_positions_cards_are_its_own_not_the_next_ones(tmp_path, capsys):
    first = tmp_path / "a.yaml"
    first.write_text("game: shadowverse-evolve\ncards: [{number: JD-1, name: 甲, class: sword, kind: amulet}]\n"
                     "players: [{leader: SVL-01, hand: [甲]}, {leader: SVL-02}]\n", encoding="utf-8")
    second = tmp_path / "b.yaml"
    second.write_text("game: shadowverse-evolve\nplayers: [{leader: SVL-01, hand: [甲]}, {leader: SVL-02}]\n",
                      encoding="utf-8")
    assert main(["engine", "judge", str(first)]) == 0
    capsys.readouterr()
    assert main(["engine", "judge", str(second)]) == 2
    assert "players[0].hand[0]: unknown card '甲'" in capsys.readouterr().err


# ---------------------------------------------------------------- a position before the game


@clauses("battle-spirits:6-2-1-6", "battle-spirits:6-2-1-7", "battle-spirits:6-2-1-8")
def test_6_2_1_6_a_position_before_the_game_chooses_first_then_redraws(capsys):
    setup = str(POSITIONS / "battle-spirits" / "game-setup.yaml")
    code, report = judge_json(capsys, setup, "go_first first=false", "redraw player=0 redraw=true",
                              "redraw player=1 redraw=false", "--legal")
    assert code == 0
    assert [x["action"] for x in report["legal"]][:2] == ["player 1 goes first", "player 1 goes second"]
    assert [x["action"] for x in report["applied"][0]["legal"]][:2] == \
        ["player 0 redraws the opening hand", "player 0 keeps the opening hand"]
    assert "redraw: 6-2-1-8 player 0 redraws" in report["applied"][1]["trace"]
    assert (report["position"]["turn"], report["position"]["turn_player"]) == (1, 0)
    assert [c["name"] for c in report["position"]["players"][1]["hand"]] == ["幽光蝶", "吸魂術", "火蜥蜴", "劍龍兵"]


@pytest.mark.parametrize("game, text, message", [
    ("battle-spirits", "step: go_first\nturn: 2\nplayers: [{}, {}]\n",
     ":3: turn: a position before the game has no turn"),
    ("shadowverse-evolve", "step: mulligan\nplayers: [{leader: SVL-01, field: [{card: 斗士}]}, {leader: SVL-02}]\n",
     ":3: players: a position before the game has no turn and no card on a field"),
])
def test_a_position_before_the_game_has_no_turn(tmp_path, capsys, game, text, message):
    path = tmp_path / "p.yaml"
    path.write_text(f"game: {game}\n{text}", encoding="utf-8")
    assert main(["engine", "judge", str(path)]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.slow
def test_bench_judge_gives_ratios_against_a_python_start(root):
    from tcgrules.bench.judge import GOAL_S, bench

    r = bench(root, runs=1)
    for game in ("battle-spirits", "shadowverse-evolve"):
        g = r[game]
        assert g["wall_s"] > 0 and g["ratio_to_python_start"] > 0 and g["loaded_judge_s"] > 0
        assert g["goal_ratio"] == round(GOAL_S / g["wall_s"], 2)


# ---------------------------------------------------------------- one call, one engine


def test_judging_a_position_loads_its_game_s_engine_and_no_other():
    """A judge's call waits only for what it uses: the position's engine, not the other games'
    nor the compiler (each engine takes a tenth of a second to load)."""
    probe = ("import json, sys\nfrom tcgrules.cli import main\nmain(['engine', 'judge', sys.argv[1]])\n"
             "print(json.dumps(sorted(sys.modules)), file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", probe, VANISH], capture_output=True, text=True, check=True)
    loaded = set(json.loads(run.stderr.splitlines()[-1]))
    engines = {f"tcgrules.engine.{name.replace('-', '_')}" for name in game_names()}
    assert engines & loaded == {"tcgrules.engine.battle_spirits"}
    assert "mypy" not in loaded and "concurrent.futures.process" not in loaded
