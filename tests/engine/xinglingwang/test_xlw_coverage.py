"""The clause coverage of the 星靈王 engine: the share of the records that govern play that a
rule function implements and a test checks, and every record left listed with why (scope.py).

The goal is 95 % (issue 30); FLOOR is what the engine has reached, so that it never goes back."""
from __future__ import annotations

from pathlib import Path

from tcgrules.engine import coverage
from tcgrules.engine.xinglingwang import RULES
from tcgrules.engine.xinglingwang.cards import KEYWORDS, POOL, RACES
from tcgrules.engine.xinglingwang.scope import NOT_PLAY, NOT_YET
from tcgrules.kb import tested
from tcgrules.kb.citations import clause_numbers

GAME = "xinglingwang"
ROOT = Path(__file__).resolve().parents[3]
FLOOR = 0.95


def relevant() -> list[str]:
    return [n for n, kind in clause_numbers(GAME).kinds if kind == "clause" and n not in NOT_PLAY]


def test_the_coverage_index_counts_the_same_records():
    from tcgrules.kb.model import number_key
    assert coverage.relevant(GAME) == sorted(set(relevant()), key=number_key)


def test_scope_names_only_records_of_the_game():
    numbers = clause_numbers(GAME).numbers
    assert set(NOT_PLAY) <= numbers and set(NOT_YET) <= numbers
    assert not set(NOT_PLAY) & set(NOT_YET)
    assert all(reason for reason in (*NOT_PLAY.values(), *NOT_YET.values()))


def test_the_play_records_implemented_and_tested_stay_above_the_floor():
    tests = tested.tests_citing(ROOT, GAME)
    rel = sorted(set(relevant()))
    covered = [n for n in rel if RULES.implemented.get(n) and tests.get(n)]
    left = sorted(set(rel) - set(covered))
    assert len(covered) >= FLOOR * len(rel), f"{len(covered)}/{len(rel)} covered; left: {left}"
    assert set(left) <= set(NOT_YET), f"left without a reason: {sorted(set(left) - set(NOT_YET))}"


def test_the_pool_has_a_hundred_cards_every_keyword_block_and_race():
    cards = POOL.cards
    assert len(cards) >= 100
    assert {c.race for c in cards} == set(RACES)
    for bit, keyword in enumerate(KEYWORDS):
        assert any(c.keywords >> bit & 1 for c in cards), keyword
    done = {e.do for c in cards for e in c.effects} | {t.do for c in cards for e in c.effects for t in e.then}
    for effect in ("tap", "become", "imprison", "kidnap", "push", "charge", "discharge", "board", "alight", "revive",
                   "target", "rotate", "bonus", "reveal", "search", "separate", "parasite"):
        assert effect in done, effect
