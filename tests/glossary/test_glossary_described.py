"""A player who describes a notion finds it: the term lookup reads each concept's English
definition (issue 33, items 2 and 3, fifteenth round).

A query no term covers well is read against what the glossary says of each concept (its
English terms' words and its ``en_definition``, BM25, rare words counting more): the concept
whose description holds most of it, below every concept a term names; among concepts whose
terms cover a query alike, the one whose definition holds its other words first. Words that
no description holds, or one common word, still name nothing.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from glossarykit import glossary_root
from tcgrules.glossary import load_glossary
from tcgrules.kb.concepts import content_words
from tcgrules.kb.definitions import Descriptions

@pytest.fixture
def crafted(tmp_path: Path):
    """The glossary of :data:`glossarykit.DESCRIBED`."""
    g = load_glossary(glossary_root(tmp_path))
    assert g.problems == []
    return g


def first(crafted, query: str) -> str | None:
    return found[0].id if (found := crafted.lookup(query)) else None


def test_a_definition_names_what_a_player_describes_that_no_term_covers(crafted) -> None:
    """No term's words stand in it: its concept is the one whose definition holds it."""
    assert first(crafted, "both players lose together") == "testgame/draw-game"
    assert first(crafted, "marks that lower what you pay") == "testgame/reduction"


def test_a_definition_holding_more_of_a_query_comes_before_a_term_covering_a_word(crafted) -> None:
    """Spirit and Core are terms of the query, each covering one word of four; Depletion's
    definition holds them all: the notion the player describes."""
    assert [c.id for c in crafted.lookup("spirit dies from losing its cores")][:3] == \
        ["testgame/depletion", "testgame/core", "testgame/spirit"]


def test_terms_covering_a_query_alike_are_told_apart_by_their_definitions(crafted) -> None:
    """Symbol and Cost each cover one word of "symbol or cost of a spirit attack" (by id, Cost
    first): Symbol's definition holds its other words (spirit, attack)."""
    found = [c.id for c in crafted.lookup("symbol or cost when a spirit attacks")]
    assert found.index("testgame/symbol") < found.index("testgame/cost")


def test_a_term_named_stays_before_any_definition(crafted) -> None:
    assert first(crafted, "cost") == "testgame/cost"
    assert first(crafted, "draw game") == "testgame/draw-game"
    assert first(crafted, "the reserve") == "testgame/reserve"


@pytest.mark.parametrize("query", ["zzqx blorf wug", "baking bread with flour", "what time is lunch in paris",
                                   "cards", "a card about pizza"])
def test_words_no_definition_holds_enough_of_name_nothing(crafted, query: str) -> None:
    """Nonsense, an off-topic question, a single common word (card: four definitions) and a
    common word beside a word no definition holds name nothing."""
    assert crafted.lookup(query) == []


def test_one_word_names_a_concept_only_when_no_other_definition_holds_it(crafted) -> None:
    assert first(crafted, "winner") == "testgame/draw-game"
    assert crafted.lookup("cores") and first(crafted, "paid") is None  # Core's and Cost's definitions


def test_rare_words_count_more() -> None:
    """A description holding a query's common word but not its rare one names nothing; one
    holding the rare word does."""
    d = Descriptions({"g/a": ("card", "spirit", "field"), "g/b": ("card", "trash", "discard"),
                      "g/c": ("card", "deck"), "g/d": ("card", "hand", "discard")})
    scores = d.scores(content_words("cards in the trash"))
    assert scores["g/b"].names and not scores["g/a"].names and not scores["g/c"].names
    assert scores["g/b"].bm25 > scores["g/d"].bm25


def test_content_words_drop_fillers_and_marks() -> None:
    assert content_words("What does it mean when a spirit dies, losing its cores?") == ("spirit", "die", "lose", "core")


@pytest.mark.parametrize("query", ["zzqx blorf wug", "what is the capital of france", "how do I bake bread",
                                   "the weather is nice today"])
def test_the_glossary_names_nothing_for_nonsense_or_an_off_topic_question(glossary, query: str) -> None:
    """The project's glossary, every definition read: words no description holds enough of."""
    assert glossary.lookup(query) == []
