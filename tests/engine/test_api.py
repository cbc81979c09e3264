"""The engine's interface: apply leaves its input alone, determinism, serialization,
replay logs, random play with invariants, and the ``tcgrules engine`` commands."""
from __future__ import annotations

import json
import shutil

import pytest

from tcgrules.bench.engine import BENCH_RUNS
from tcgrules.engine import core, run
from tcgrules.engine.battle_spirits import GAME, apply, legal_actions, new_game
from tcgrules.engine.battle_spirits.action import Attack, EndMain, Summon
from tcgrules.engine.battle_spirits.game import BattleSpirits
from tcgrules.engine.battle_spirits.state import UNRECORDED
from tcgrules.engine.api import Events, InputError
from tcgrules.engine.core import IllegalAction
from bs_helpers import started
from enginekit import compiled_loaded, engine_env

clauses = pytest.mark.clauses


@clauses("battle-spirits:1-4-2", "battle-spirits:7-6-1-2-1")
def test_1_4_2_an_illegal_action_cites_its_clause_and_changes_nothing(decks):
    s = started(decks)
    before = GAME.digest(s)
    with pytest.raises(IllegalAction) as e:
        apply(s, Attack(s.turn_player, 0))
    assert e.value.citation == "7-6-1-2-1" and GAME.digest(s) == before  # the rules cite a bare number
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Attack(s.turn_player, 0))
    assert e.value.citation == "battle-spirits:7-6-1-2-1"  # the framework adds the game
    with pytest.raises(IllegalAction):
        apply(s, Summon(s.turn_player, 999))
    for action in legal_actions(s):
        apply(s, action)
    assert GAME.digest(s) == before


@clauses("battle-spirits:1-4-2", "battle-spirits:7-6-1-2-2")
def test_1_4_2_apply_copies_only_the_player_it_changes(decks):
    s = started(decks)
    p = s.turn_player
    opponent = s.players[1 - p]
    before = GAME.digest(s)
    moved, _ = apply(s, EndMain(p))  # the opponent's turn: they draw, then act
    assert moved.players[p] is s.players[p] and moved.players[1 - p] is not opponent
    assert GAME.digest(s) == before and len(moved.players[1 - p].hand) == len(opponent.hand) + 1
    again, _ = apply(moved, EndMain(1 - p))  # no spirit to attack with: the second main step
    assert again.pending.kind == "main" and all(a is b for a, b in zip(again.players, moved.players))
    assert GAME.digest(moved) == GAME.digest(GAME.from_json(json.loads(json.dumps(GAME.to_json(moved)))))


@clauses("battle-spirits:4-2-4", "battle-spirits:6-2-1-2")
def test_4_2_4_the_same_seed_gives_the_same_game_and_round_trips(decks):
    a = run.play_game(GAME, decks, 42, 5000, with_digests=True)
    b = run.play_game(GAME, decks, 42, 5000, with_digests=True)
    assert a.digests == b.digests and a.outcome != "unfinished"
    s = new_game(decks, 42)
    again = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
    assert GAME.digest(again) == GAME.digest(s)
    assert legal_actions(again) == legal_actions(s)


@clauses("battle-spirits:4-2-4", "battle-spirits:1-3-1")
def test_4_2_4_games_played_in_place_are_the_games_apply_plays(decks, added_decks):
    """Random play changes its one state in place (the game's play_random, the benchmark's
    loop); the games, action by action, are the ones the copying apply gives, with the added
    cards' effects too."""
    for game_decks in (decks, added_decks):
        for seed in (3, 11, 42):
            copied = run.play_game(GAME, game_decks, seed, 5000, with_digests=True)
            assert copied.outcome != "unfinished"
            last, whole = run.play_in_place(GAME, game_decks, seed, 5000)
            assert whole.actions == copied.actions and GAME.digest(last) == copied.digests[-1]
            assert whole.outcome == copied.outcome
            assert not UNRECORDED  # random play records no event: nobody reads them


@clauses("battle-spirits:4-2-4", "battle-spirits:5-10-1")
def test_4_2_4_events_are_recorded_only_when_read(added_decks):
    """With the framework's Events off, the rules record nothing, and the game is the one
    played recording every event (an effect that destroys reads its own records: 5-19-2)."""
    for seed in (3, 11):
        record = run.play_game(GAME, added_decks, seed, 5000)
        on, off = GAME.new_game(added_decks, seed), GAME.new_game(added_decks, seed)
        heard, quiet = Events(), Events(False)
        for action in record.actions:
            GAME.apply_in_place(on, action, heard)
            GAME.apply_in_place(off, action, quiet)
        assert GAME.digest(on) == GAME.digest(off) and heard.items and not quiet.items
        assert any(e[0] == "destroy" for e in heard.items) and not UNRECORDED


@clauses("battle-spirits:1-4-2")
def test_1_4_2_a_copied_state_is_never_changed_in_place(decks):
    """A state that apply has copied shares its zones with the copy: changing it in place
    would change the copy too, so play_random refuses it and both stay as they were."""
    s = new_game(decks, 5)
    action = legal_actions(s).groups[0][0]
    after, _ = apply(s, action)
    before = (GAME.digest(s), GAME.digest(after))
    with pytest.raises(ValueError, match="copied"):
        GAME.play_random(s, core.new_rng(1), 1, [])
    assert (GAME.digest(s), GAME.digest(after)) == before
    GAME.play_random(after, core.new_rng(1), 1, [])  # never copied: changed in place
    assert GAME.digest(after) != before[1]


@clauses("battle-spirits:1-3-1")
def test_1_3_1_a_replay_log_verifies_and_a_changed_one_fails(decks, tmp_path):
    record = run.play_game(GAME, decks, 7, 5000, with_digests=True)
    log = tmp_path / "game.jsonl"
    run.write_log(log, GAME, record)
    report = run.replay_log(GAME, log)
    assert report.actions == len(record.actions) and report.outcome == record.outcome
    lines = log.read_text(encoding="utf-8").splitlines()
    entry = json.loads(lines[5])
    entry["digest"] = "0" * 24
    lines[5] = json.dumps(entry)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(run.ReplayMismatch, match=r"game\.jsonl:6: digest: state digest"):
        run.replay_log(GAME, log)


@clauses("battle-spirits:7-6-1-2-2", "battle-spirits:11-1-1-5")
def test_7_6_1_2_2_random_games_keep_every_invariant(decks):
    report = run.fuzz_games(GAME, 3, 11, check=True)
    assert report.failure is None and report.games == 3
    assert sum(report.wins.values()) + report.draws == 3


@pytest.mark.slow
@clauses("battle-spirits:7-6-1-2-2")
def test_7_6_1_2_2_many_random_games_keep_every_invariant(decks):
    report = run.fuzz_games(GAME, 200, 2026, check=True, workers=0)
    assert report.failure is None, report.failure


def _run_on_decks(script: str, decks, timeout: int, env: dict[str, str] | None = None) -> str:
    """What ``script`` prints, run in a new Python process given ``decks`` as JSON on stdin."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", script], input=json.dumps([GAME.deck_to_json(d) for d in decks]),
                          capture_output=True, text=True, env=env, timeout=timeout)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.slow
@clauses("battle-spirits:7-6-1-2-2", "battle-spirits:1-4-2", "battle-spirits:10-2-2-8")
def test_7_6_1_2_2_200000_fuzzed_actions_with_the_added_cards_keep_every_invariant(added_decks):
    """Over 200,000 random actions (as each other game's fuzz test) with the cards outside the
    default decks too (effects that take cores, raise Lv1 costs, work while attacking), each one
    checked: accepted, its input state left as it was, cards and cores conserved and no count
    negative; the full check (every listed action accepted, the JSON round trip) before every
    100th and on each final state. No crash, no broken invariant. The games are split over the
    cores (checked games share nothing: the report is the same for any number of workers,
    test_fuzzing.py). The million actions in flat memory are a memory target, the benchmark's:
    `tcgrules bench engine --flat-memory` (its run is tested below)."""
    report = run.fuzz_games(GAME, 760, 1_000_001, check=True, decks=added_decks, workers=0)
    assert report.failure is None, report.failure
    assert report.unfinished == 0 and report.actions >= 200_000


def test_7_6_1_2_2_the_flat_memory_run_checks_its_games_and_reports_the_peaks_growth(added_decks):
    """`tcgrules bench engine --flat-memory`, on a few games: two stretches of checked games,
    the process's peak resident memory after each and its growth against the goal."""
    from tcgrules.bench.engine import FLAT_MEMORY_GOAL_KIB, flat_memory

    r = flat_memory(GAME, added_decks, games=(2, 3))
    first, rest = r["stretches"]
    assert (first["games"], rest["games"]) == (2, 3) and r["failure"] is None
    assert r["actions"] == first["actions"] + rest["actions"] > 0 and first["unfinished"] == rest["unfinished"] == 0
    assert r["growth_kib"] == rest["peak_kib"] - first["peak_kib"] >= 0
    assert r["flat"] == (r["growth_kib"] < FLAT_MEMORY_GOAL_KIB) and r["goal_kib"] == FLAT_MEMORY_GOAL_KIB


def test_zones_change_only_through_their_owner_copies():
    """Players share their zones with the state they were copied from (state.Player): a rule
    module that changed ``player.hand`` or ``player.field`` in place would change that earlier
    state too, so every change goes through ``own_hand()`` … ``own_field()``."""
    import ast
    from pathlib import Path

    import tcgrules.engine.battle_spirits as package
    zones = {"deck", "hand", "trash", "removed", "field", "cards"}  # cards: a Field's list
    changing = {"append", "pop", "remove", "extend", "insert", "clear", "sort", "reverse", "update",
                "setdefault", "popitem", "__setitem__", "__delitem__", "put", "add_cores"}
    offences = []
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        if path.name == "state.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            target = None
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in changing:
                target = node.func.value
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                for t in getattr(node, "targets", None) or [node.target]:
                    if isinstance(t, ast.Subscript):
                        target = t.value
            if isinstance(target, ast.Attribute) and target.attr in zones:
                offences.append(f"{path.name}:{node.lineno}: {ast.unparse(node)[:80]}")
    assert offences == []


# Eight games on the Python sources, then the number of unreachable objects the collector finds.
NO_CYCLES = """
import gc, json, sys
from tcgrules.engine import core, run
from tcgrules.engine.battle_spirits import GAME
assert not core.__file__.endswith((".so", ".pyd")), core.__file__
decks = [GAME.deck_from_json(d) for d in json.load(sys.stdin)]
gc.collect()
gc.disable()
for seed in range(8):
    run.play_in_place(GAME, decks, seed, 5000)
print(gc.collect())
"""


def test_games_make_no_reference_cycles_and_restore_the_collector(added_decks):
    """play_in_place pauses Python's cycle collector during a game, which is right only while
    engine states, actions and events make no reference cycles: none is left to collect. Counted
    on the Python sources, where the collector tracks every object (the compiled state and its
    parts are acyclic classes, which it never sees)."""
    import gc

    assert _run_on_decks(NO_CYCLES, added_decks, 600, engine_env(python=True)).split() == ["0"]
    run.play_in_place(GAME, added_decks, 1, 5000)
    assert gc.isenabled()
    gc.disable()
    run.play_in_place(GAME, added_decks, 1, 5000)
    assert not gc.isenabled()
    gc.enable()


def test_a_broken_invariant_saves_the_failing_seed(decks, tmp_path):
    class Broken(BattleSpirits):
        def problems(self, state):
            return ["cores not conserved"] if state.turn > 2 else []

    report = run.fuzz_games(Broken(), 2, 5, check=True, save_dir=tmp_path)
    assert report.failing_seed == core.game_seed(5, 0) and "cores not conserved" in report.failure
    assert str(report.failing_seed) in (tmp_path / "failing-seeds.txt").read_text()
    run.replay_log(GAME, tmp_path / f"failing-{report.failing_seed}.jsonl")


def test_the_engine_commands(tmp_path, capsys, root):
    from tcgrules.cli import main

    work = root / "build" / "test-engine-commands"  # commands write only inside the project
    shutil.rmtree(work, ignore_errors=True)
    assert main(["--root", str(root), "engine", "coverage", "--out", str(tmp_path / "coverage.json")]) == 2
    out = work / "coverage.json"
    assert main(["--root", str(root), "engine", "coverage", "--out", str(out), "--json"]) == 0
    index = json.loads(out.read_text(encoding="utf-8"))
    assert json.loads(capsys.readouterr().out) == index
    assert index["clauses"]["8-1-6-1"]["tested_by"] and "8-1-6-1" in index["relevant"]
    assert main(["--root", str(root), "engine", "play", "--games", "2", "--seed", "3", "--json",
                 "--log-dir", str(work / "logs")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert sum(report["wins"].values()) + report["draws"] == 2
    logs = sorted((work / "logs").glob("*.jsonl"))
    assert len(logs) == 2 and main(["--root", str(root), "engine", "replay", str(logs[0])]) == 0
    assert main(["--root", str(root), "engine", "replay", str(tmp_path / "none.jsonl")]) == 2
    assert main(["--root", str(root), "engine", "play", "--game", "chess"]) == 2
    capsys.readouterr()
    assert main(["--root", str(root), "engine", "games", "--json"]) == 0
    listed = {g["game"]: g for g in json.loads(capsys.readouterr().out)}
    assert listed["battle-spirits"]["numbering"] == ["hyphen"] and listed["shadowverse-evolve"]["numbering"] == ["dot"]
    assert {e["lang"] for e in listed["battle-spirits"]["editions"]} == {"zh-Hant", "ja"}
    assert main(["--root", str(root), "engine", "games"]) == 0
    assert "shadowverse-evolve (Shadowverse: Evolve): zh-Hans r1; numbered dot" in capsys.readouterr().out
    # the compiled engine's figures (its Python modules' run in a child: test_build.py)
    assert main(["--root", str(root), "bench", "engine", "--games", "3", "--no-python", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 3 and figures["games_per_s"] > 0 and figures["deepcopy_baseline_ratio"] > 1
    runs = figures["games_per_s_runs"]
    assert len(runs) == BENCH_RUNS and figures["games_per_s"] == max(runs)
    assert figures["checked_games_per_s"] == max(figures["checked_games_per_s_runs"]) > 0
    assert figures["games_per_s_cpu"] > 0 and figures["machine_rounds_per_s"] > 0
    assert figures["goal_ratio"]["games_per_s"] == round(figures["games_per_s_cpu"] / 2_500, 2)
    assert set(figures["per_machine_round"]) == {"games_per_s", "actions_per_s", "checked_games_per_s"}
    assert figures["apply_games_per_s"] == max(figures["apply_games_per_s_runs"]) > 0
    assert figures["per_action_us"]["copy"] >= 0
    cost = figures["per_action_us"]
    # Each figure is timed apart (best of three) on a shared machine: the parts are not bound
    # to add up below the total, the remainder is what they leave of it.
    assert cost["list"] >= 0 and cost["apply"] > 0 and cost["total"] > 0  # listing 3 games can time as 0 on a busy machine
    assert cost["choose_and_loop"] == pytest.approx(max(0.0, cost["total"] - cost["list"] - cost["apply"]), abs=0.02)
    assert 0 < len(figures["profile"]) <= 10


def test_each_game_is_benched_against_its_own_goals(capsys):
    """Shadowverse: Evolve's goal is 1,000 random games/s (issue 21), not Battle Spirits' 2,500."""
    from tcgrules.cli import main
    assert main(["bench", "engine", "--game", "shadowverse-evolve", "--games", "2", "--no-python", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["goals"] == {"games_per_s": 2_000}
    assert figures["goal_ratio"] == {"games_per_s": round(figures["games_per_s_cpu"] / 2_000, 2)}
    assert set(figures["per_machine_round"]) == {"games_per_s", "actions_per_s", "checked_games_per_s"}


def test_the_bench_times_games_without_keeping_their_records_past_those_it_reads(decks):
    """A player keeps no record of the games it played: the bench's timed games keep only the
    records it reads afterwards (each one kept is walked by Python's cycle collector while
    the clock runs), and count every game's actions."""
    from tcgrules.bench.engine import _timed_games
    seeds = [core.game_seed(1, i) for i in range(3)]
    _, actions, kept = _timed_games(GAME, decks, seeds, 20_000, keep=1)
    assert [r.seed for r in kept] == seeds[:1]
    assert actions == sum(len(run.play_in_place(GAME, decks, s, 20_000)[1].actions) for s in seeds)


@clauses("battle-spirits:11-1-1-5")
def test_11_1_1_5_a_log_of_one_core_payments_is_refused_by_version(decks, tmp_path):
    record = run.play_game(GAME, decks, 7, 5000, with_digests=True)
    log = tmp_path / "old.jsonl"
    run.write_log(log, GAME, record)
    lines = log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["version"] == 4
    header["version"] = 1  # a version 1 log paid and placed one core per action
    log.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"old\.jsonl:1: version: log format version 1; this engine replays version 4"):
        run.replay_log(GAME, log)
    header["version"] = 2  # its digests dropped BP changes in the standby state (10-2-2-2)
    log.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"log format version 2; this engine replays version 4"):
        run.replay_log(GAME, log)


def test_compiled_states_and_listings_stay_out_of_the_cycle_collector(decks):
    """They make no reference cycles (above), so the compiled classes of a state, its parts and
    its listings are acyclic: the cycle collector never tracks them (making and freeing each
    costs less). Run from the Python sources they are ordinary objects, tracked."""
    import gc

    from tcgrules.engine.battle_spirits.action import Playable
    from tcgrules.engine.battle_spirits.choices import Choices, MoveGroup, PlanGroup
    from tcgrules.engine.battle_spirits.state import Battle, Casting, FieldCard, Pending, Trigger

    compiled = compiled_loaded()
    s = GAME.new_game(decks, 1)
    player = s.players[0]
    made = [s, player, player.field, s.pending, FieldCard(0, 1), Trigger(0, 0, 0), Battle(0), Casting(0, 0, "summon", 1),
            PlanGroup(False, 0, player, True, 1, 1), MoveGroup(0, player), Playable(None, None, None), Choices([])]
    assert [type(x).__name__ for x in made if gc.is_tracked(x) == compiled] == []
