"""A player naming two kinds of one notion, joined by *and* or *or* before their head ("flash timing or main
timing", "title and block icons"), asks about the notion they are kinds of, the head's concept (issue 33,
English queries naming several concepts, engnamed): Battle Spirits' Timing, whose kinds Flash timing and the
Main timing are, not the first kind typed; so in `tcgrules term`, the search and the site's worker
(kb.concepts.kinds_head). A kind of concept for head (cards) names no notion so, nor a list of kinds after
the whole they are parts of (the End phase, named first)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import kinds_head


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize("query, expected", [
    ("flash timing or main timing", "battle-spirits/timing"),
    ("main and flash timing in battle spirits", "battle-spirits/timing"),
    ("title and block icons", "battle-spirits/icon"),
])
def test_two_kinds_joined_before_their_head_name_the_head(glossary, query: str, expected: str) -> None:
    assert first(glossary, query) == expected


TERMS = {"g/timing": [("time",)], "g/flash": [("flash",)], "g/flash-timing": [("flash", "time")],
         "g/main": [("main", "time")], "g/card": [("card",)], "g/spirit": [("spirit",)],
         "g/spirit-card": [("spirit", "card")], "g/nexus-card": [("nexus", "card")],
         "g/end-phase": [("end", "phase")], "g/step": [("step",)], "g/cleanup-step": [("cleanup", "step")],
         "g/discard-step": [("discard", "step")], "h/timing": [("time",)]}


def test_the_head_is_the_firsts_games_concept_named_by_it_alone() -> None:
    assert kinds_head("g/flash", "flash or main timing", TERMS) == "g/timing"
    assert kinds_head("g/flash-timing", "flash timing and main timing", TERMS) == "g/timing"
    assert kinds_head("g/main", "main timing or flash timing", TERMS) == "g/timing"


def test_no_head_for_a_kind_word_a_whole_named_first_or_a_first_standing_apart() -> None:
    assert kinds_head("g/spirit", "spirit and nexus cards", TERMS) is None  # cards: a kind of concept
    assert kinds_head("g/end-phase", "end phase cleanup step and discard step", TERMS) is None
    assert kinds_head("g/spirit", "spirit effects at flash or main timing", TERMS) is None
    assert kinds_head("g/timing", "flash or main timing", TERMS) is None  # the head itself first
