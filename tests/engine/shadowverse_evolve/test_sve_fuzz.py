"""Random play with every invariant checked after every action (engine/run.py): listed
actions accepted and leaving their input as it was, cards conserved (tokens apart), no
negative count, play points within 0..maximum..10, evolve points not below 0, the field and
EX area within their limits, the JSON round trip, and seeded determinism."""
from __future__ import annotations

import pytest

from tcgrules.engine import run
from tcgrules.engine.shadowverse_evolve import GAME, cards

clauses = pytest.mark.clauses


@clauses("shadowverse-evolve:3.2.4.2", "shadowverse-evolve:3.2.5.1", "shadowverse-evolve:4.4.4.1",
         "shadowverse-evolve:4.8.3.1", "shadowverse-evolve:3.1.1")
def test_3_2_4_2_random_games_of_every_deck_keep_the_invariants():
    decks = cards.test_decks()
    actions = 0
    for i in range(len(decks)):
        pair = [decks[i], decks[(i + 1) % len(decks)]]
        for seed in range(3):
            record = run.fuzz_one(GAME, pair, 100 * i + seed, 5_000, check=True)
            assert record.outcome in ("win:0", "win:1", "draw")
            actions += len(record.actions)
    assert actions > 1_000


@clauses("shadowverse-evolve:1.2.1")
def test_1_2_1_every_random_game_ends_and_the_same_seed_plays_the_same_game():
    report = run.fuzz_games(GAME, 20, 5, check=True)
    assert report.failure is None and report.unfinished == 0
    a = run.play_game(GAME, GAME.default_decks(), 9, 5_000, with_digests=True)
    b = run.play_game(GAME, GAME.default_decks(), 9, 5_000, with_digests=True)
    assert a.digests == b.digests and a.outcome == b.outcome
    # in place, as the benchmark plays: the same game as through apply
    state, record = run.play_in_place(GAME, GAME.default_decks(), 9, 5_000)
    assert record.actions == a.actions and run.state_digest(GAME, state) == a.digests[-1]


@pytest.mark.slow
@clauses("shadowverse-evolve:3.2.4.1", "shadowverse-evolve:3.2.4.2", "shadowverse-evolve:3.2.5.1")
def test_3_2_4_1_over_200000_fuzzed_actions_without_a_failure():
    report = run.fuzz_games(GAME, 2_400, 2026, check=True, workers=0)
    assert report.failure is None, report.failure
    assert report.unfinished == 0
    assert report.games * report.average_actions >= 200_000
