"""An English question asking when something happens (when does, when are, at what moment) asks for a
timing, which the rules define by what happens at it (engdesc2): when rule processing is done, Shadowverse:
Evolve's Check timing ("the moment when rule processing is done and waiting auto abilities are used"); when
a defender gets tapped, Zero Dimension's Defense established (kb.concepts.timing_asked, of the concepts an
English term of which says timing or moment or whose definition opens on a moment, Glossary.timings). A
question naming a step asks for the step; a trigger's words (when attacks) ask nothing. The worker reads
them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import timing_asked


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "timing"), [
    ("when is rule processing performed in shadowverse evolve", "shadowverse-evolve/check-timing"),
    ("when are waiting auto abilities played sve", "shadowverse-evolve/check-timing"),
    ("at what moment does a defender get tapped zd", "zero-dimension/defense-established"),
])
def test_a_question_asking_when_names_the_timing_it_asks_for(ruled, query: str, timing: str) -> None:
    assert first(ruled, query) == timing


def test_the_timings_are_the_concepts_named_or_defined_as_a_moment(ruled) -> None:
    assert {"battle-spirits/timing", "battle-spirits/flash-timing", "shadowverse-evolve/check-timing",
            "zero-dimension/attack-established"} <= ruled.timings
    assert "battle-spirits/turn" not in ruled.timings and "battle-spirits/battle-end" not in ruled.timings


def test_only_a_question_asking_when_names_a_timing(ruled) -> None:
    timings, sve = ruled.timings, "shadowverse-evolve"
    assert timing_asked("when is rule processing done", ruled.descriptions, ruled.naming_words, timings, sve) \
        == ["shadowverse-evolve/check-timing"]
    assert timing_asked("rule processing is done", ruled.descriptions, ruled.naming_words, timings, sve) == []
    assert timing_asked("when rule processing is done", ruled.descriptions, ruled.naming_words, timings, sve) == []
    assert timing_asked("when is the end step", ruled.descriptions, ruled.naming_words, timings) == []  # a step
