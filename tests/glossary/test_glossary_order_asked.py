"""An English question asks for a step or phase by its place in the turn, an order word (first, last,
final; after, next, following) beside the word step or phase: the rules' English definitions give the
place ("The last step of the end phase": 星靈王's Turn end; "The step after the Attack Step": Battle
Spirits' Second Main step; "The first phase of your turn": Shadowverse: Evolve's Start phase), so the
step asked for is the one placed in that order, in or after what the query names after its order word,
of the game it names (kb.concepts.order_asked, of Glossary.step_places, kb.concepts.placed_step). A
query with no step or phase beside its order word names none by it. The worker reads them alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import order_asked, placed_step


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "step"), [
    ("final step of the end phase in xinglingwang", "xinglingwang/turn-end"),
    ("the phase following the draw phase in xinglingwang", "xinglingwang/defense-phase"),
    ("next phase after summoning xlw", "xinglingwang/tactics-phase"),
    ("which is the step after the attack step", "battle-spirits/second-main-step"),
    ("the first step of the end phase zd", "zero-dimension/end-step"),
    ("first phase of the turn in sve", "shadowverse-evolve/start-phase"),
])
def test_a_step_asked_for_by_its_place_is_the_one_its_definition_places_so(ruled, query: str, step: str) -> None:
    assert first(ruled, query) == step


def test_a_definition_gives_a_steps_place_by_its_opening() -> None:
    assert placed_step("The last step of the end phase; the game ends if ...") == ("last", "step", ("end",))
    assert placed_step("The step after the Attack Step in which the turn player ...") == ("after", "step", ("attack",))
    assert placed_step("The first phase of your turn: your max play points rise") == ("first", "phase", ("turn",))
    assert placed_step("The step in which the turn player draws 1 card") is None


def test_only_an_order_word_beside_step_or_phase_asks_for_a_place(ruled) -> None:
    places = ruled.step_places
    assert order_asked("last step of the end phase", places, "xinglingwang") == ["xinglingwang/turn-end"]
    assert order_asked("last step of the end phase", places, "battle-spirits") == []   # its Turn end: of a turn
    assert order_asked("what happens after a spirit attacks", places) == []          # no step beside "after"
    assert order_asked("effects that last until the end of the turn", places) == []
