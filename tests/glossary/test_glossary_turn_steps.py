"""An English query saying a deed is done each turn names the step of the turn named after the deed
(issue 33 part 2, english23): drawing a card each turn is the Draw step (星靈王's Draw phase), getting a
core each turn the Core step, putting a resource down each turn Zero Dimension's Resource step
(kb.concepts.turn_steps). A word naming no concept itself (at the start of each turn: Start) names no
step, nor a query not saying each turn. The worker reads them alike (tests/search/test_term_parity.py,
READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import turn_steps


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "step"), [
    ("drawing cards every turn in bs", "battle-spirits/draw-step"),
    ("get a core each turn", "battle-spirits/core-step"),           # core: Battle Spirits' alone
    ("placing a resource each turn zd", "zero-dimension/resource-step"),
    ("draw a card each turn in xlw", "xinglingwang/draw-phase"),    # a phase: 星靈王's steps are
])
def test_a_deed_done_each_turn_names_the_step_named_after_it(ruled, query: str, step: str) -> None:
    assert first(ruled, query) == step


def test_only_a_deed_done_each_turn_names_a_step() -> None:
    english = {"draw": ["battle-spirits/draw"], "drawstep": ["battle-spirits/draw-step"],
               "startstep": ["zero-dimension/start-step"]}
    assert turn_steps("drawing a card each turn", english) == ["battle-spirits/draw-step"]
    assert turn_steps("drawing a card", english) == []                   # not each turn
    assert turn_steps("each turn drawing a card", english) == []         # the deed before it
    assert turn_steps("at the start of each turn", english) == []        # Start names no concept
