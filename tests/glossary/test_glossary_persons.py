"""A player who says "everyone", "nobody" or "people" means the players (issue 33, English
descriptions: a generic head narrowed by its modifiers, english30).

In a card game the persons are its players: a word for persons is read as the players it means
(``_PERSONS`` in kb/concepts.py), so a description naming "every player" holds a query's "everybody"
(zones that everybody can see: the Public zone, whose definition says every player may see its
cards, not the Zone its term names) and "people who play a game" is the Player, a person playing it.
"""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import content_words, term_words


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize("typed, read", [("everybody", ("everi", "player")), ("nobody else", ("no", "player", "els")),
                                         ("people", ("player",)), ("anyone", ("ani", "player"))])
def test_a_word_for_persons_is_read_as_players(typed: str, read: tuple[str, ...]) -> None:
    assert term_words(typed) == read


@pytest.mark.parametrize("query, expected", [
    ("zones that everybody can see in sve", "shadowverse-evolve/public-zone"),
    ("people who play a battle spirits game", "battle-spirits/player"),
])
def test_a_phrase_with_a_word_for_persons_names_the_notion_its_modifiers_pick(glossary, query: str, expected: str) -> None:
    assert first(glossary, query) == expected


def test_a_word_for_persons_adds_no_word_a_definition_lacks() -> None:
    """The reading only says who: "someone" is a player, no notion of its own."""
    assert content_words("someone draws a card") == content_words("a player draws a card")
