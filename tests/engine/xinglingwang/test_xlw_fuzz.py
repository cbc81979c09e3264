"""Random play with every invariant checked after every action (engine/run.py): listed
actions accepted and leaving their input as it was, every card of each player somewhere
(less none, more only by 變為), charge within 0..5, bonus and forest never negative, a legal
action whenever the game goes on, the JSON round trip, and seeded determinism."""
from __future__ import annotations

import pytest

from tcgrules.engine import run
from tcgrules.engine.xinglingwang import GAME

clauses = pytest.mark.clauses


@clauses("xinglingwang:3.1.p1", "xinglingwang:15.c6.k1.1", "xinglingwang:15.c7.k1.1")
def test_3_1_p1_random_games_keep_the_invariants_and_end():
    report = run.fuzz_games(GAME, 6, 3, check=True)
    assert report.failure is None, report.failure
    assert report.unfinished == 0 and report.games * report.average_actions > 300


@clauses("xinglingwang:1.4.p1")
def test_1_4_p1_the_same_seed_plays_the_same_game():
    a = run.play_game(GAME, GAME.default_decks(), 9, 5_000, with_digests=True)
    b = run.play_game(GAME, GAME.default_decks(), 9, 5_000, with_digests=True)
    assert a.digests == b.digests and a.outcome == b.outcome
    state, record = run.play_in_place(GAME, GAME.default_decks(), 9, 5_000)
    assert record.actions == a.actions and run.state_digest(GAME, state) == a.digests[-1]


@pytest.mark.slow
@clauses("xinglingwang:3.1.p1", "xinglingwang:15.c6.k1.1")
def test_3_1_p1_over_200000_fuzzed_actions_without_a_failure():
    report = run.fuzz_games(GAME, 2_200, 2026, check=True, workers=0)
    assert report.failure is None, report.failure
    assert report.unfinished == 0
    assert report.games * report.average_actions >= 200_000
