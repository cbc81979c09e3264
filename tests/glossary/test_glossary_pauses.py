"""A comma or a question's mark typed against an English word is no part of it (issue 33 part 2, English: the
concept found but not first): "step," is the word step, so a query naming its game after a comma reads as one
naming it after "in" (cards played in the main step, bs: the Main step, not the Main timing), and
the game's name followed by a comma is still its name (kb.concepts._PAUSES, game_named). Of the zones a question
asking where something goes finds holding it alike, the one whose description says it goes there comes first
(kb.concepts.said: where do spent cores go, the Trash, "cores paid for costs go there", not the Reserve).
The worker reads them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import game_named, game_names, term_words


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


def test_a_mark_typed_against_a_word_is_no_part_of_it() -> None:
    assert term_words("during the main step, bs") == term_words("during the main step bs")
    assert term_words("can it attack?") == term_words("can it attack")
    assert term_words("cores; then cards!") == term_words("cores then cards")
    assert term_words("[Activate: Flash]") == term_words("activate flash")


def test_a_game_named_beside_a_comma_is_named() -> None:
    names = game_names(["battle-spirits", "zero-dimension"])
    assert game_named("the life zone, battle spirits", names) == ("battle-spirits", "the life zone")
    assert game_named("bs, the life zone", names) == ("battle-spirits", "the life zone")
    assert game_named("the life zone in zd", names) == ("zero-dimension", "the life zone")


@pytest.mark.parametrize(("query", "concept"), [
    ("cards played in the main step, bs", "battle-spirits/main-step"),  # not Main, the timing
    ("during the main step, bs", "battle-spirits/main-step"),
    ("the attack step, zd", "zero-dimension/attack-step"),             # not Attack power
])
def test_a_query_reads_alike_with_a_comma_before_its_game(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept == first(ruled, query.replace(",", ""))


@pytest.mark.parametrize("query", ["where do spent cores go", "where do the cores i paid go", "where do cores go once paid"])
def test_of_zones_holding_a_thing_alike_the_one_its_description_sends_it_to(ruled, query: str) -> None:
    assert first(ruled, query) == "battle-spirits/trash"  # the Reserve holds cores as much; the Trash's description says paid ones go there
