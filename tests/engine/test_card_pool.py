"""The test card pool: every keyword, timing and effect the rulebook and the engine define has a
card, each card is played by a test deck, and each piece of the vocabulary is named by a test."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tcgrules.engine import run
from tcgrules.engine.core import check_citation
from tcgrules.engine.battle_spirits.rules import NAME
from tcgrules.engine.battle_spirits import GAME, load_pool
from tcgrules.engine.battle_spirits import cards
from tcgrules.kb.store import load_yaml

clauses = pytest.mark.clauses
TESTS = Path(__file__).resolve().parent

# The engine's own tables: each kind of vocabulary and every name it knows.
VOCABULARY = {
    "timing": cards.TRIGGER_TIMINGS + cards.CONSTANT_TIMINGS + cards.ACTIVATED_TIMINGS + cards.MAGIC_TIMINGS
    + cards.HAND_TIMINGS + cards.REPLACEMENT_TIMINGS,
    "keyword": tuple(cards.KEYWORDS), "limit": cards.LIMITS, "during": tuple(cards.DURING),
    "condition": cards.CONDITIONS, "action": cards.EFFECT_ACTIONS, "link": cards.LINKS,
    "field": ("true_release", "soul_magic", "succession"),
}


def pieces() -> list[tuple[str, str]]:
    return [(what, name) for what, names in VOCABULARY.items() for name in names]


@pytest.fixture(scope="module")
def pool():
    return load_pool()


def test_the_pool_holds_at_least_150_cards(pool):
    assert len(pool) >= 150


@clauses("battle-spirits:12-2-1", "battle-spirits:12-1-1", "battle-spirits:9-1-3")
@pytest.mark.parametrize("what, name", pieces())
def test_12_2_1_every_timing_keyword_and_effect_of_the_engine_has_a_card_and_a_test(pool, what, name):
    holders = [c for c in pool.values() if cards.holds(c, what, name)]
    assert holders, f"no card of the pool has the {what} {name!r}"
    text = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py"))
    assert any(c.name in text or c.number in text for c in holders), \
        f"no test names a card with the {what} {name!r} ({', '.join(c.name for c in holders)})"


def rulebook_effect_clauses(root: Path) -> set[str]:
    """The clauses of chapter 12 that define a keyword, common or restriction effect, read
    from the rulebook: 12-1-1, each 12-2-1-N and 12-2-1-12-1, each 12-3-N."""
    rel = "rules/battle-spirits/zh-Hant/1.0/12.yaml"
    chapter = load_yaml((root / rel).read_text(encoding="utf-8"), rel)
    numbers = set()

    def walk(x):
        if isinstance(x, dict):
            if isinstance(x.get("number"), str):
                numbers.add(x["number"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(chapter)
    return {n for n in numbers if re.fullmatch(r"12-1-1|12-2-1-\d+|12-2-1-12-1|12-3-\d+", n)}


@clauses("battle-spirits:12-2-1", "battle-spirits:12-1-1", "battle-spirits:12-3-1-1", "battle-spirits:13-1-1",
         "battle-spirits:13-1-2")
def test_12_2_1_every_effect_the_rulebook_defines_is_in_the_vocabulary_with_a_card(root, pool):
    defined = rulebook_effect_clauses(root)
    assert len(defined) >= 16  # 【激突】, 13 common effects, 3 restrictions
    assert defined <= set(cards.RULEBOOK_EFFECTS), f"not in the vocabulary: {sorted(defined - set(cards.RULEBOOK_EFFECTS))}"
    for clause, carriers in cards.RULEBOOK_EFFECTS.items():
        check_citation(NAME, clause, "cards.RULEBOOK_EFFECTS")  # a clause of the rulebook
        for what, name in carriers:
            assert name in VOCABULARY[what], (clause, what, name)
            assert any(cards.holds(c, what, name) for c in pool.values()), f"{clause}: no card has the {what} {name!r}"


def test_every_card_is_played_by_a_test_deck(pool):
    played = {c.number for d in cards.test_decks() for c in d.cards}
    from conftest import ADDED_CARDS  # the cards the engine tests add to the default decks

    assert sorted(set(pool) - played - set(ADDED_CARDS)) == []


@pytest.mark.parametrize("name", cards.DECKS[2:])
def test_random_games_of_each_vocabulary_deck_keep_the_invariants(name):
    decks = {d.name: d for d in cards.test_decks()}
    report = run.fuzz_games(GAME, 2, 7, check=True, decks=[decks[name], decks["red-blue"]])
    assert report.failure is None and report.unfinished == 0


@pytest.mark.slow
@clauses("battle-spirits:9-3-2-1", "battle-spirits:5-8-1", "battle-spirits:13-1-1", "battle-spirits:1-4-3")
def test_9_3_2_1_each_vocabulary_deck_against_every_deck_in_checked_random_games():
    decks = cards.test_decks()
    for i, deck in enumerate(decks[2:], start=2):
        for j, other in enumerate(decks):
            if i != j:
                report = run.fuzz_games(GAME, 10, 1000 * i + j, check=True, workers=0, decks=[deck, other])
                assert report.failure is None, report.failure
                assert report.unfinished == 0
