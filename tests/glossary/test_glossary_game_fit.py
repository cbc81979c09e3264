"""A game-less English phrase names the concept of the game its words fit best (issue 33 part 2,
english24): when the concept its terms name first (kb.concepts.covering, by the phrase's head, by
id) has a description that does not name the phrase, a concept of another game standing in it by
a term as long, whose description names it with more of its words and a higher score, comes first
(storm can attack immediately: Shadowverse: Evolve's Storm, not 星靈王's Immediate; an illegal target
when an effect resolves: Zero Dimension's Target, whose rules say when a target is illegal). A longer
term the first stands by, and the word a phrase opens on, its topic, keep it (effects that don't
stack: Battle Spirits' term; chain resolves last in first out: the Chain), and so does a game's
preferred term another game has as an alias (sending to cemetery: Shadowverse: Evolve's Cemetery). The worker reads them
alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import described_instead
from tcgrules.kb.definitions import Told


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "concept"), [
    ("storm can attack immediately", "shadowverse-evolve/storm"),       # Storm's description: attack the turn it is played
    ("illegal target when an effect resolves", "zero-dimension/target"),
    ("field limit of 5", "shadowverse-evolve/field"),                    # the field's 5 cards, its description says
])
def test_a_phrase_names_the_concept_of_the_game_its_words_fit_best(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept


@pytest.mark.parametrize(("query", "concept"), [
    ("effects that don't stack", "battle-spirits/no-duplicates"),        # its term longer than Stack
    ("chain resolves last in first out", "zero-dimension/chain"),        # the topic it opens on
    ("refreshing spirits", "battle-spirits/refresh"),                    # of one game: the deed, as before
    ("storm", "shadowverse-evolve/storm"),
    ("sending to cemetery", "shadowverse-evolve/cemetery"),              # its preferred term, 星靈王's alias
])
def test_a_longer_term_the_topic_or_one_game_keeps_the_first(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept


def test_only_a_description_naming_more_moves_another_game_first() -> None:
    found, official = ["b/immediate", "a/storm"], lambda c: {("immedi",), ("storm",)}
    words = {"b/immediate": ("immedi",), "a/storm": ("storm",)}
    weak, strong = Told(0.4, 5.0, 1, False), Told(0.6, 8.0, 2, True)
    assert described_instead(found, {"b/immediate": weak, "a/storm": strong}, "storm can attack immediately",
                             words.get, official) == ["a/storm", "b/immediate"]
    assert described_instead(found, {"b/immediate": Told(0.6, 5.0, 2, True), "a/storm": strong},
                             "storm can attack immediately", words.get, official) == found  # the first's description names it
    assert described_instead(found, {"b/immediate": weak, "a/storm": Told(0.6, 4.0, 2, True)},
                             "storm can attack immediately", words.get, official) == found  # a lower score
    assert described_instead(["a/immediate", "a/storm"], {"a/immediate": weak, "a/storm": strong},
                             "storm can attack immediately", {"a/immediate": ("immedi",), "a/storm": ("storm",)}.get, official) \
        == ["a/immediate", "a/storm"]  # one game's: other rules weigh them
    alias = {"b/cemetery": ("cemeteri",), "a/graveyard": ("cemeteri",)}.get
    assert described_instead(["b/cemetery", "a/graveyard"], {"b/cemetery": weak, "a/graveyard": strong}, "sending to cemetery",
                             alias, lambda c: {("cemeteri",)} if c == "b/cemetery" else {("graveyard",)}) \
        == ["b/cemetery", "a/graveyard"]  # an alias of the first's preferred term
