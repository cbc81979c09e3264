"""A phrase whose head is a generic word of the rules narrowed by modifiers names the narrower
kind the modifiers pick, not the generic head (issue 33, English descriptions, english30).

"step for summoning spirits in bs" stands in the query by Step only, a word ending many of Battle
Spirits' terms (Main step, Draw step, Attack step…): a generic head. Of its kinds (a term ending on
it), the one whose description holds a word of the query more than Step's and more of its weight, the
Main step where spirits are summoned, is named first (``kinds_of``). A word ending few terms is a notion
of its own (Play points: Max play points, Recover play points), which the query keeps. So too a term of
several words: "zd trigger at the start of the opponent's turn" stands by Start of turn, but Start of
opponent's turn, whose term holds it and more, has a description holding every word of the query
(``narrowing``). A query listing kinds of one head typed apart asks about their whole: "the end step,
cleanup step and discard step of zero dimension" is the End phase, whose steps they are (``lists_kinds``).
"""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import described, kinds_of, lists_kinds, narrowing
from tcgrules.kb.definitions import Told


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize("query, expected", [
    ("step for summoning spirits in bs", "battle-spirits/main-step"),
    ("cost lowering effects", "battle-spirits/reduce"),
])
def test_a_generic_head_narrowed_by_its_modifiers_names_the_kind_they_pick(glossary, query: str, expected: str) -> None:
    assert first(glossary, query) == expected


TERMS = {"g/step": [("step",)], "g/main-step": [("main", "step")], "g/draw-step": [("draw", "step")],
         "g/end-step": [("end", "step")], "g/points": [("point",)], "g/max-points": [("max", "point")],
         "h/start-step": [("start", "step")]}


def test_the_kinds_of_a_generic_head_are_its_games_terms_ending_on_it() -> None:
    assert kinds_of("g/step", "step for drawing", TERMS) == {"g/main-step", "g/draw-step", "g/end-step"}
    assert kinds_of("g/points", "points for a card", TERMS) == set()  # one kind only: a notion of its own
    assert kinds_of("g/main-step", "main step cards", TERMS) == set()  # a term of two words is no head
    assert kinds_of("g/step", "step for drawing", {**TERMS, "g/step": [(), ("step",)]}) == {"g/main-step", "g/draw-step", "g/end-step"}


def test_a_kind_needs_a_word_more_than_the_head_and_more_weight() -> None:
    scores = {"g/step": Told(0.4, 3.0, 1, False), "g/main-step": Told(0.8, 5.0, 2, True), "g/end-step": Told(0.4, 6.0, 1, True)}
    assert described(["g/step"], scores, 3, narrower={"g/main-step", "g/end-step"})[0] == "g/main-step"
    assert described(["g/step"], scores, 3)[0] == "g/step"


@pytest.mark.parametrize("query, expected", [
    ("zd trigger at the start of the opponent's turn", "zero-dimension/opponent-turn-start"),
    ("symbols that lower a cost in bs", "battle-spirits/reduction-symbol"),
])
def test_a_longer_term_holding_the_one_a_query_stands_by_names_it_when_its_description_holds_it_all(
        glossary, query: str, expected: str) -> None:
    assert first(glossary, query) == expected


def test_the_narrower_notions_are_the_longer_terms_of_the_game_holding_the_one_standing() -> None:
    terms = {**TERMS, "g/start-turn": [("start", "turn")], "g/opp-start": [("start", "oppon", "turn")],
             "h/opp-start": [("start", "oppon", "turn")]}
    assert narrowing("g/start-turn", "trigger at the start of the opponent's turn", terms) == {"g/opp-start"}
    assert narrowing("g/step", "step for drawing", terms) == {"g/main-step", "g/draw-step", "g/end-step"}
    assert narrowing("g/points", "drawing", terms) == set()  # standing by no term: none


def test_a_query_listing_kinds_of_one_head_names_their_whole(glossary) -> None:
    assert first(glossary, "the end step, cleanup step and discard step of zero dimension") == "zero-dimension/end-phase"


def test_kinds_of_one_head_are_listed_when_typed_apart() -> None:
    by_words = {"end step": ["g/end-step"], "cleanup step": ["g/cleanup-step"], "end turn": ["g/end-turn"], "turn end": ["g/turn-end"]}
    assert lists_kinds("end step and cleanup step", by_words)
    assert not lists_kinds("cleanup at end of turn end", by_words)  # End of turn and Turn end share their words
    assert not lists_kinds("cleanup step", by_words)
