"""The clause coverage of the engine: the share of the clauses that govern play that a rule
function implements and a test checks, and every clause left listed with why (scope.py).

The goal is 95 %; FLOOR is what the engine has reached, so that it never goes back."""
from __future__ import annotations

from engine_coverage import check_floor, check_index, check_scope, check_tested
from tcgrules.engine.shadowverse_evolve import RULES
from tcgrules.engine.shadowverse_evolve.scope import NOT_PLAY, NOT_YET

GAME = "shadowverse-evolve"
FLOOR = 0.98  # the goal: 0.95 (issue 21); what is left is scope.NOT_YET


def test_the_coverage_index_counts_the_same_clauses():
    check_index(GAME, NOT_PLAY)


def test_scope_names_only_clauses_of_the_game():
    check_scope(GAME, NOT_PLAY, NOT_YET)


def test_the_play_clauses_implemented_and_tested_stay_above_the_floor():
    check_floor(GAME, RULES, NOT_PLAY, NOT_YET, FLOOR)


def test_every_implemented_clause_is_tested():
    check_tested(GAME, RULES)
