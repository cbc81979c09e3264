"""The clause coverage checks every engine's tests make (test_*_coverage.py): the share of the
clauses that govern play that a rule function implements and a test checks stays above the
engine's floor, and every clause left is listed with why (its scope's NOT_YET)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from tcgrules.engine import coverage
from tcgrules.kb import tested
from tcgrules.kb.citations import clause_numbers
from tcgrules.kb.model import number_key

ROOT = Path(__file__).resolve().parents[1]


def relevant(game: str, not_play: Mapping[str, Any]) -> list[str]:
    return [n for n, kind in clause_numbers(game).kinds if kind == "clause" and n not in not_play]


def check_index(game: str, not_play: Mapping[str, Any]) -> None:
    """The coverage index counts the same clauses as the scope says."""
    assert coverage.relevant(game) == sorted(relevant(game, not_play), key=number_key)


def check_scope(game: str, not_play: Mapping[str, Any], not_yet: Mapping[str, str]) -> None:
    """The scope names only clauses of the game, each with a reason, never in both tables."""
    numbers = clause_numbers(game).numbers
    assert set(not_play) <= numbers and set(not_yet) <= numbers
    assert not set(not_play) & set(not_yet)
    assert all(reason for reason in (*not_play.values(), *not_yet.values()))


def check_floor(game: str, rules: Any, not_play: Mapping[str, Any], not_yet: Mapping[str, str], floor: float) -> None:
    """Covered clauses at or above the floor; every clause left listed in NOT_YET, none covered."""
    tests = tested.tests_citing(ROOT, game)
    rel = relevant(game, not_play)
    covered = [n for n in rel if rules.implemented.get(n) and tests.get(n)]
    left = sorted(set(rel) - set(covered))
    assert len(covered) >= floor * len(rel), f"{len(covered)}/{len(rel)} covered; left: {left}"
    assert set(left) <= set(not_yet), f"left without a reason: {sorted(set(left) - set(not_yet))}"
    assert not set(covered) & set(not_yet), "a clause covered is still listed as left"


def check_tested(game: str, rules: Any) -> None:
    """Every clause a rule function implements is cited by a test."""
    tests = tested.tests_citing(ROOT, game)
    assert sorted(n for n in rules.implemented if not tests.get(n)) == []
