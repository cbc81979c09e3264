"""Random play with every invariant checked after every action (engine/run.py): listed actions
accepted and leaving their input as it was, cards conserved, one event and one equipment at
most, no two characters of a name, the JSON round trip, and seeded determinism."""
from __future__ import annotations

import pytest

from tcgrules.engine import run
from tcgrules.engine.zero_dimension import GAME

clauses = pytest.mark.clauses


@clauses("zero-dimension:101.p3", "zero-dimension:200.p1")
def test_101_p3_every_random_game_ends_and_the_same_seed_plays_the_same_game():
    report = run.fuzz_games(GAME, 2, 5, check=True)
    assert report.failure is None and report.unfinished == 0
    a = run.play_game(GAME, GAME.default_decks(), 9, 400, with_digests=True)
    b = run.play_game(GAME, GAME.default_decks(), 9, 400, with_digests=True)
    assert a.digests == b.digests and a.outcome == b.outcome
    state, record = run.play_in_place(GAME, GAME.default_decks(), 9, 400)
    assert record.actions == a.actions and run.state_digest(GAME, state) == a.digests[-1]


@pytest.mark.slow
@clauses("zero-dimension:200.p1", "zero-dimension:206.p3")
def test_200_p1_over_200000_fuzzed_actions_without_a_failure():
    report = run.fuzz_games(GAME, 1300, 2026, check=True, workers=0)  # some 170 actions a game
    assert report.failure is None, report.failure
    assert report.unfinished == 0
    assert report.games * report.average_actions >= 200_000
