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


@clauses("zero-dimension:105.p1", "zero-dimension:400.p5")
def test_105_p1_the_quick_look_for_something_to_add_agrees_with_the_full_listing():
    """The automatic pass asks whether the player with priority could do anything but pass,
    stopping at the first thing found, no action made: over random positions (the passes played,
    not made for the players, so that positions with nothing to add come up too), it finds
    something exactly when something is listed."""
    import random

    from tcgrules.engine.action import Events
    from tcgrules.engine.zero_dimension.actions import choose, dispatch, legal_actions, may_add, priority_actions, \
        settle
    from tcgrules.engine.zero_dimension.play import has_priority
    from tcgrules.engine.zero_dimension.state import FREE_TIMINGS, NONE

    seen = {True: 0, False: 0}
    for seed in range(40):
        s = GAME.new_game(GAME.default_decks(), seed)
        rng = random.Random(seed)
        ev = Events(False)
        for _ in range(300):
            if s.winner != NONE:
                break
            if s.pending is None and not s.triggers and not s.flips and s.step in FREE_TIMINGS:
                for p in (0, 1):
                    quick, full = has_priority(s, p) and may_add(s, p), priority_actions(s, p)
                    assert quick == bool(full), (seed, p, quick, full)
                    seen[bool(full)] += p == s.priority
            dispatch(s, choose(s, legal_actions(s), rng), ev)
            settle(s, ev, auto_pass=False)
    assert min(seen.values()) > 100, seen


@clauses("zero-dimension:105.p1", "zero-dimension:405.1.p5")
def test_105_p1_the_random_player_in_place_picks_what_it_picks_from_the_listing():
    """The benchmark's random player lists only what it must; it picks what choose picks from
    the full listing, with the same draws (the generator left in the same state), whether it
    looks for something to add itself or is told by the rules' processing that there is
    (settle's answer: something is found exactly where the quick look finds it)."""
    import random

    from tcgrules.engine.action import Events
    from tcgrules.engine.zero_dimension.actions import choose, dispatch, legal_actions, may_add, random_action, \
        settle
    from tcgrules.engine.zero_dimension.state import NONE

    picks = told = 0
    for seed in range(30):
        s = GAME.new_game(GAME.default_decks(), seed)
        rng = random.Random(seed)
        ev = Events(False)
        found = False
        while s.winner == NONE and picks < 30 * 400:
            listed, lazy, told_rng = random.Random(), random.Random(), random.Random()
            for r in (listed, lazy, told_rng):
                r.setstate(rng.getstate())
            a = choose(s, legal_actions(s), listed)
            assert random_action(s, lazy) == a and lazy.getstate() == listed.getstate(), (seed, a)
            assert random_action(s, told_rng, found) == a and told_rng.getstate() == listed.getstate(), (seed, a)
            dispatch(s, a, ev)
            found = settle(s, ev)
            assert not found or may_add(s, s.priority), (seed, a)
            told += found
            rng = listed
            picks += 1
    assert picks > 3000 and told > 1000, (picks, told)
