"""A player asking about a whole by its parts, a generic head typed plural and of or in the whole
("steps of the battle phase", "how many steps in a turn"), asks about the whole, not one of its parts
(issue 33, English phrases of a whole and its parts, english32): the steps are counted, ordered or
listed as the whole's, a whole whose description says it is made of them (the abilities of a follower
are none of its parts). A part typed alone and singular ("last step of the end phase") names the part.
"""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import whole_of_parts


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize("query, expected", [
    ("steps of the zd battle phase", "zero-dimension/battle-phase"),
    ("how many steps in a battle spirits turn", "battle-spirits/turn"),
    ("the steps of a sve turn", "shadowverse-evolve/turn"),
    ("level costs of a spirit", "battle-spirits/level-cost"),
])
def test_the_parts_of_a_whole_name_the_whole(glossary, query: str, expected: str) -> None:
    assert first(glossary, query) == expected


TERMS = {"g/step": [("step",)], "g/main-step": [("main", "step")], "g/draw-step": [("draw", "step")],
         "g/end-step": [("end", "step")], "g/turn": [("turn",)], "g/battle": [("battl",)],
         "g/battle-phase": [("battl", "phase")], "g/once-per-turn": [("1", "turn")], "h/turn": [("turn",)]}

DESCRIBED = {"g/turn": ("turn", "step"), "g/battle-phase": ("battl", "phase", "step"), "g/once-per-turn": ("1", "turn", "step")}


def stepped(concept: str) -> tuple[str, ...]:
    return DESCRIBED.get(concept, ())


def test_the_whole_is_the_firsts_games_longest_term_typed_after_the_parts() -> None:
    assert whole_of_parts("g/step", "steps of the battle phase", TERMS, stepped) == "g/battle-phase"
    assert whole_of_parts("g/step", "steps in a battle turn", TERMS, stepped) == "g/turn"


def test_a_numeral_counts_the_whole_and_a_games_name_is_no_whole() -> None:
    assert whole_of_parts("g/step", "order of the steps in one turn", TERMS, stepped) == "g/turn"
    assert whole_of_parts("g/step", "steps in a turn of battle g", TERMS, stepped, {"battle g": "g"}) == "g/turn"


def test_a_whole_is_made_of_the_parts_its_description_says() -> None:
    assert whole_of_parts("g/step", "steps of a battle", TERMS, stepped) is None


@pytest.mark.parametrize("query", ["last step of the turn", "draw step in a turn", "turn steps"])
def test_a_part_typed_alone_names_no_whole(query: str) -> None:
    assert whole_of_parts("g/step", query, TERMS, stepped) is None


def test_a_kind_of_the_parts_typed_whole_is_no_part() -> None:
    assert whole_of_parts("g/main-step", "main steps of a turn", TERMS, stepped) is None
