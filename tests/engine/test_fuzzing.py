"""Fuzzing that scales: every action of a checked game is checked cheaply (the action
accepted, apply's input left as it was, the game's invariants), the full check every
``every``-th state; a crash is reported with its seed like a broken invariant; and the
report is the same for any number of worker processes."""
from __future__ import annotations


import pytest

from tcgrules.engine import core, run
from tcgrules.engine.api import Outcome
from tcgrules.engine.battle_spirits import GAME
from tcgrules.engine.battle_spirits.game import BattleSpirits
from tcgrules.engine.battle_spirits.state import SNAPSHOT_KEYS, FieldCard, Trigger, snapshot
from bs_helpers import started

clauses = pytest.mark.clauses


def test_the_snapshot_holds_every_value_the_state_serializes(decks):
    """The fuzzer's cheap check of apply's input compares snapshots: one that missed a
    field of the state would miss a change of it."""
    s = started(decks)
    keys = set(GAME.to_json(s)) - {"decks"}
    assert keys <= set(SNAPSHOT_KEYS) and set(SNAPSHOT_KEYS) - keys <= {"lv1_plus", "vanishing"}
    assert len(snapshot(s)) == len(SNAPSHOT_KEYS)
    s.lv1_plus, s.vanishing = ((0, 1),), ((0, 1, False),)
    assert set(GAME.to_json(s)) - {"decks"} == set(SNAPSHOT_KEYS)


@clauses("battle-spirits:1-4-2")
def test_1_4_2_a_snapshot_sees_any_change_made_in_place(decks):
    s = started(decks)
    p = s.turn_player
    player = s.players[p]
    before = snapshot(s)
    assert snapshot(s.clone()) == before  # a copy shares the generator until it draws
    changes = [lambda: player.hand.append(player.deck.pop()), lambda: setattr(s, "rng", core.fork_rng(s.rng)),
               lambda: player.field.put(FieldCard(0, 1)), lambda: setattr(player, "reserve", player.reserve + 1),
               lambda: setattr(s, "triggers", ((Trigger(p, 0, 0),),))]
    for change in changes:
        taken = snapshot(s)
        change()
        assert snapshot(s) != taken


@pytest.mark.parametrize("package", ["battle_spirits", "shadowverse_evolve"])
def test_rule_modules_draw_only_through_the_states_accessor(package):
    """A snapshot holds the generator as itself: a rule module drawing from ``s.rng`` directly
    would draw from the generator the input state shares (``State.random_for_change`` of
    Battle Spirits, ``State.random`` of Shadowverse: Evolve copy it first)."""
    import ast
    import importlib
    from pathlib import Path

    offences = []
    for path in sorted(Path(importlib.import_module(f"tcgrules.engine.{package}").__file__).parent.glob("*.py")):
        if path.name == "state.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "rng":
                offences.append(f"{path.name}:{node.lineno}")
    assert offences == []


class Impure(BattleSpirits):
    """Applies as the rules do, then takes a card from the input state's deck (once a few
    actions were played)."""

    def apply(self, state, action):
        out = super().apply(state, action)
        if state.actions > 5:
            state.players[0].deck.pop()
        return out


class Crashing(BattleSpirits):
    def apply(self, state, action):
        if state.actions > 7:
            raise KeyError("a rule function's bug")
        return super().apply(state, action)


@clauses("battle-spirits:1-4-2")
def test_1_4_2_fuzzing_finds_an_apply_that_changes_its_input_between_full_checks(decks):
    report = run.fuzz_games(Impure(), 2, 5, check=True, every=1000)
    assert report.failure is not None and "apply changed its input state" in report.failure
    assert report.failing_seed == core.game_seed(5, 0)


def test_a_crash_is_reported_with_its_seed(decks):
    report = run.fuzz_games(Crashing(), 2, 5, check=True)
    assert report.failing_seed == core.game_seed(5, 0)
    assert "the engine crashed: KeyError" in report.failure and "a rule function's bug" in report.failure


def test_a_rejected_action_of_the_random_player_breaks_an_invariant(decks):
    class Refusing(BattleSpirits):
        def apply(self, state, action):
            if state.actions > 3:
                from tcgrules.engine.api import Rejection
                raise Rejection("battle-spirits:1-4-2", "refused")
            return super().apply(state, action)

    report = run.fuzz_games(Refusing(), 1, 5, check=True, every=1000)
    assert "the random player's listed action" in report.failure and "refused" in report.failure


def test_checked_games_count_every_action_and_are_the_unchecked_games(decks):
    checked = run.fuzz_games(GAME, 6, 3, check=True)
    unchecked = run.fuzz_games(GAME, 6, 3, check=False)
    assert checked.failure is None and checked.actions == unchecked.actions > 6 * 50
    assert (checked.wins, checked.draws, checked.average_turns) == (unchecked.wins, unchecked.draws,
                                                                    unchecked.average_turns)


def test_the_report_is_the_same_for_any_number_of_workers():
    games = 2 * run.CHUNK + 7  # three chunks, the last one short
    one = run.fuzz_games(GAME, games, 9, check=False, workers=1)
    two = run.fuzz_games(GAME, games, 9, check=False, workers=2)
    assert one.to_json() == two.to_json() and one.failure is None
    assert sum(one.wins.values()) + one.draws + one.unfinished == games


def test_outcome_events_are_made_when_read(decks):
    s = started(decks)
    action = GAME.legal(s)[0]
    outcome = GAME.apply(s, action)
    assert isinstance(outcome, Outcome) and outcome.events and all(e.clauses for e in outcome.events)
    assert outcome.events is outcome.events  # converted once
    assert outcome.events == GAME.apply(s, action).events


def test_the_command_line_runs_the_full_check_as_often_as_the_library():
    from tcgrules.cli.engine import FULL_CHECK_EVERY

    assert FULL_CHECK_EVERY == run.FULL_CHECK_EVERY


def test_the_shadowverse_snapshot_holds_every_value_the_state_serializes():
    from tcgrules.engine.shadowverse_evolve import GAME as SVE

    s = SVE.new_game(SVE.default_decks(), 4)
    rng = core.new_rng(1)
    for _ in range(40):  # into the game: units on the field
        s = SVE.apply(s, SVE.choose(s, SVE.legal(s), rng)).state
    data = SVE.to_json(s)
    taken = SVE.snapshot(s)
    assert len(taken) == len(data) and len(taken[0][0]) == len(data["players"][0])
    assert SVE.snapshot(s.clone()) == taken
    s.players[0].hand.append(s.players[0].deck.pop())
    assert SVE.snapshot(s) != taken


@pytest.mark.parametrize("package", ["zero_dimension", "xinglingwang"])
def test_a_snapshot_is_the_states_json_held_in_tuples(package):
    """The fuzzer's cheap check of apply's input compares snapshots (a JSON digest of each
    state costs a hundred times more). Zero Dimension's and 星靈王's hold every value of the
    JSON in its order, arrays and objects as tuples, the generator as itself: a change of
    any value shows."""
    import importlib

    game = importlib.import_module(f"tcgrules.engine.{package}").GAME
    s = game.new_game(game.default_decks(), 4)
    rng = core.new_rng(1)
    while not any(u is not None for p in game.to_json(s)["players"] for u in p["field"]):  # units in play
        s = game.apply(s, game.choose(s, game.legal(s), rng)).state
    taken = game.snapshot(s)
    assert taken == _as_tuples({**game.to_json(s), "rng": s.rng})
    game.apply(s, game.choose(s, game.legal(s), rng))
    assert game.snapshot(s) == taken  # apply leaves its input as it was
    for change in (lambda: s.players[0].hand.append(s.players[0].deck.pop()),
                   lambda: setattr(next(u for p in s.players for u in p.field if u is not None), "card", -5),
                   lambda: setattr(s, "rng", core.fork_rng(s.rng))):
        before = game.snapshot(s)
        change()
        assert game.snapshot(s) != before


def _as_tuples(value):
    """JSON as a snapshot holds it: objects as their values in order, arrays as tuples."""
    if isinstance(value, (dict, list)):
        return tuple(_as_tuples(v) for v in (value.values() if isinstance(value, dict) else value))
    return value
