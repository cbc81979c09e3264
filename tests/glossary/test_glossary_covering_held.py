"""A phrase's covering terms (:func:`tcgrules.kb.concepts.covering`, a third of an English lookup's
time when it walked every term twice a query) found from the words the phrase types: the index
of each word with the terms holding it (:func:`parts_held` of its words, made once with the table), the
answers those of a walk of every term."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import covering, of_game, parts_held

PHRASES = ["follower health", "gain control of a follower", "families of a spirit card", "is my spirit exhausted",
           "turntable cards shuffled face down", "summoning a spirit", "forfeit the match", "storm keyword",
           "how many lives do you start with", "Lv1コスト", "spirit"]


class _Unwalked(dict):
    """A table of terms whose every key is never walked (only those asked for are read)."""

    def items(self):
        raise AssertionError("every term walked")

    def __iter__(self):
        raise AssertionError("every term walked")


@pytest.mark.parametrize("game", [None, "battle-spirits"])
def test_a_phrase_is_covered_by_the_terms_holding_its_words_without_a_walk_of_every_term(glossary, game):
    table = of_game(glossary._by_words, game) if game else glossary._by_words
    held = parts_held(glossary._by_words, str.split)  # the whole table's: a game's is a part of it
    for phrase in PHRASES:
        walked = covering(phrase, dict(table), False, glossary.naming_words, glossary.states)
        assert covering(phrase, _Unwalked(table), False, glossary.naming_words, glossary.states, holding=held) == walked
        assert covering(phrase, _Unwalked(table), True, glossary.naming_words, glossary.states, holding=held) == \
            covering(phrase, dict(table), True, glossary.naming_words, glossary.states)


def test_each_word_is_held_by_its_terms_once_each():
    assert parts_held({"spirit": ["a/spirit"], "spirit card": ["a/spirit"], "card card": ["b/x"]}, str.split) == \
        {"spirit": ["spirit", "spirit card"], "card": ["spirit card", "card card"]}


def test_each_character_is_held_by_its_keys_once_each_in_their_order():
    assert parts_held(["灵魂卡", "卡卡", "灵魂"], iter) == \
        {"灵": ["灵魂卡", "灵魂"], "魂": ["灵魂卡", "灵魂"], "卡": ["灵魂卡", "卡卡"]}
