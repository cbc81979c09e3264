"""An English phrase a term of one game covers, whose description does not name it, names the concept
of another game whose description holds :data:`~tcgrules.kb.definitions.MORE` of its words more and
more of its weight (issue 33 part 2, english25): the term is only a word of the phrase, the description
says the rest (the higher cost wins when the top cards are revealed: Zero Dimension's Duel, not Battle
Spirits' Cost; zones whose cards both players can see: Shadowverse: Evolve's Public zone, not Battle
Spirits' Player). Another game needs MORE words more even in a phrase spelling its notion out, where
one more does in the term's own game (:func:`~tcgrules.kb.definitions.more_held`): the term names its
game. A description naming the phrase keeps its concept first, and so do the phrases the rules before
this one keep (chain resolves last in first out: the Chain). The worker reads it alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, described
from tcgrules.kb.definitions import MORE, Told, holds_more

WEAK = Told(0.3, 5.0, 2, False)  # the covering concept's description: two words, not naming the phrase


def test_a_description_holding_more_words_and_weight_holds_more() -> None:
    assert holds_more(Told(1.0, 12.0, 2 + MORE, True), WEAK, MORE)
    assert not holds_more(Told(1.0, 12.0, 1 + MORE, True), WEAK, MORE)          # one word fewer
    assert not holds_more(Told(0.3, 12.0, 2 + MORE, True), WEAK, MORE)          # no more of the weight
    assert not holds_more(Told(1.0, 12.0, 2 + MORE, True), WEAK._replace(names=True), MORE)  # its own names it
    assert not holds_more(Told(1.0, 12.0, 2 + MORE, True), None, MORE)          # no covering description


def test_another_games_description_holding_more_words_comes_first() -> None:
    elsewhere = {"a/cost": WEAK, "b/duel": Told(1.0, 12.0, 2 + MORE, True)}
    assert described(["a/cost"], elsewhere, 6) == ["b/duel", "a/cost"]
    one_more = {"a/cost": WEAK, "b/duel": Told(1.0, 12.0, 3, True)}
    assert described(["a/cost"], one_more, 6) == ["a/cost", "b/duel"]        # another game: MORE, not one
    own_game = {"a/cost": WEAK, "a/duel": Told(1.0, 12.0, 3, True)}
    assert described(["a/cost"], own_game, 6) == ["a/duel", "a/cost"]        # the term's game: one in a long phrase


@pytest.mark.parametrize("query, first", [
    ("the higher cost wins when the top cards are revealed", "zero-dimension/duel"),  # not Battle Spirits' Cost
    ("zones whose cards both players can see", "shadowverse-evolve/public-zone"),     # not Battle Spirits' Player
    ("a card that goes to the cemetery after it is used once", "shadowverse-evolve/spell"),  # not Battle Spirits' Then
])
def test_a_phrase_another_games_description_says_names_its_concept(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first


@pytest.mark.parametrize("query, first", [
    ("chain resolves last in first out", "zero-dimension/chain"),       # the topic it opens on
    ("effects that don't stack with each other", "battle-spirits/no-duplicates"),  # its longer term
])
def test_a_phrase_a_longer_term_or_its_topic_names_keeps_it(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
