"""An English query a one-word term covers, whose every word one description of that term's game
says, names the concept of that description (issue 33 part 2, round twenty-two): the query says what
the description says, the term is only a word of it (the last step in a turn: End step, whose
description is the last step of a turn, not Step; discard a card from your hand to the cemetery:
Discard, not Cemetery), or whatever term covers it when an action's term of one word is the word it
opens on (cast magic cards from your hand: Use, whose term cast is, not Magic card). Another term of
several words the query holds, or the one word it opens on, is still its topic (level costs of a
spirit: Level cost; eternal legal cards: Eternal). The worker
reads it alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary
from tcgrules.kb.definitions import Told, holds_all


def test_a_description_holding_every_word_goes_before_a_term_holding_fewer() -> None:
    whole, covering = Told(1.0, 9.9, 3, True), Told(0.48, 4.2, 2, False)
    assert holds_all(whole, covering, 3)
    assert not holds_all(whole, Told(1.0, 9.0, 3, True), 3)  # the term's own description says it all
    assert not holds_all(Told(1.0, 6.0, 2, True), None, 2)    # two words: a term covering one is the query's


@pytest.mark.parametrize("query, first", [
    ("the last step in a battle spirits turn", "battle-spirits/end-step"),          # not Step
    ("first phase in a shadowverse evolve turn", "shadowverse-evolve/start-phase"),  # not Turn
    ("discard a card from your hand to the cemetery in sve", "shadowverse-evolve/discard"),  # not Cemetery
    ("the card an effect comes from bs", "battle-spirits/source"),                  # not Effect
    ("amulet stays on the field", "shadowverse-evolve/amulet"),                     # not Field
    ("last phase of a shadowverse turn", "shadowverse-evolve/end-phase"),  # the game by its first word
    ("cast magic cards from your hand in bs", "battle-spirits/use"),  # the deed typed first, not Magic card
])
def test_a_query_its_description_says_names_the_concept(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first


@pytest.mark.parametrize("query, first", [
    ("level costs of a spirit", "battle-spirits/level-cost"),  # a term of two words the query holds
    ("eternal legal cards", "battle-spirits/eternal"),         # the term the query opens on
])
def test_a_term_of_several_words_or_typed_first_stays_the_topic(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
