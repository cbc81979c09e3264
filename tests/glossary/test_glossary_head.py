"""A phrase whose head no term names is about what a description says of its head (issue 33 part 2,
english27): the words of an English query before its first linking word (of, for, at, like, on) are what it
is about, the rest qualifies it; when no term standing in the query holds a word of that head
(kb.concepts.untermed_head), the concept whose description names the query, holds a word of the head and
more of the query's weight than the first covering term's comes first (kb.concepts.headed): the picture on a
spirit card is the Illustration, not the Spirit the qualifier names; of several, one whose own term holds a
word of the head before a better BM25 score (english28: cleanup at the end of the turn is the Cleanup step,
not the End phase whose description tells of the cleanup). A head a term holds (cards in the trash,
spirits on the field) or a head only measuring what follows (the amount of pp) keeps the term. The worker
reads them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Told, headed, untermed_head


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "about"), [
    ("the picture on a spirit card", "battle-spirits/illustration"),
    ("parts of a battle spirits turn", "battle-spirits/step"),
    ("condition part of an auto ability sve", "shadowverse-evolve/trigger-condition"),
    ("cleanup at the end of the turn", "zero-dimension/cleanup-step"),
])
def test_a_head_no_term_names_is_what_a_description_says(ruled, query: str, about: str) -> None:
    assert first(ruled, query) == about


@pytest.mark.parametrize(("query", "thing"), [
    ("cards in the trash", "battle-spirits/trash"),
    ("the amount of pp", "shadowverse-evolve/play-points"),
    ("spirits on the field", "battle-spirits/field"),
])
def test_a_head_a_term_holds_or_a_measure_keeps_the_term(ruled, query: str, thing: str) -> None:
    assert first(ruled, query) == thing


def test_the_head_is_before_the_first_linking_word() -> None:
    table = {"spirit": ["battle-spirits/spirit"], "spirit card": ["battle-spirits/spirit-card"]}
    assert untermed_head("the picture on a spirit card", table) == {"pictur"}
    assert untermed_head("spirits on a card", table) == frozenset()  # a term holds the head
    assert untermed_head("the number of spirits", table) == frozenset()  # a measure of what follows
    assert untermed_head("picture spirit card", table) == frozenset()  # no linking word: no head apart


def test_a_concept_whose_term_holds_the_head_comes_before_a_better_score() -> None:
    scores = {"zd/end-phase": Told(1.0, 11.0, 3, True), "zd/cleanup-step": Told(1.0, 8.0, 3, True),
              "zd/turn-end": Told(0.4, 6.0, 2, False)}
    described = {"zd/end-phase": ("cleanup", "end"), "zd/cleanup-step": ("cleanup",)}.get
    termed = {"zd/end-phase": [("end", "phase")], "zd/cleanup-step": [("cleanup", "step")]}.get
    assert headed(["zd/turn-end"], scores, {"cleanup"}, lambda c: described(c, ()), lambda c: termed(c, ()))[0] == "zd/cleanup-step"
    assert headed(["zd/turn-end"], scores, {"cleanup"}, lambda c: described(c, ()), lambda c: ())[0] == "zd/end-phase"
