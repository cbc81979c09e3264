"""A player who spells a notion out in a longer English phrase finds it, though a term covers one of
its words (issue 33 part 2, english24): in a phrase of four distinct words or more
(kb.definitions.SPELT), a description of the covering concept's game naming the phrase comes first
when it holds one word more than the covering concept's, which does not name it (main phase after
combat: the Second main step, not the Main step; one character attacking several characters at once:
Multiple battles, not Attack). A shorter phrase keeps its term unless a description holds two words
more (kb.definitions.MORE: storm keyword, Storm). The worker reads them alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.definitions import MORE, SPELT, more_held


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "concept"), [
    ("main phase after combat", "battle-spirits/second-main-step"),
    ("one character attacking several characters at once", "zero-dimension/multiple-battles"),
    ("a unit with range picks a back row target", "xinglingwang/ranged"),
])
def test_a_phrase_spelling_its_notion_out_names_it_by_its_description(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept


@pytest.mark.parametrize(("query", "concept"), [
    ("storm keyword", "shadowverse-evolve/storm"),
    ("the last rounds countdown in xlw", "xinglingwang/countdown-phase"),
    ("fanfare effects on followers", "shadowverse-evolve/fanfare"),
])
def test_a_shorter_phrase_keeps_its_term(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept


def test_one_word_more_suffices_from_spelt_words_on() -> None:
    assert more_held(SPELT) == more_held(SPELT + 3) == 1
    assert more_held(SPELT - 1) == MORE
