"""A Chinese or Japanese question asking where something goes names the zone the rules put it in
(issue 33, twenty-second round), as an English one does (kb.concepts.held_zones: where do destroyed
spirits go, the Trash).

事件牌用完放哪 asks where an Event card goes: the rules' zone holding it is the Event zone, not the
Event card. A zone answers only when one alone holds what the question's terms name the most, its own
definition saying it holds it and the thing's naming the zone; of a deed the question names, the deed's
(被破坏的灵魂卡去哪里: Destroy's, the Trash, not the Field spirits stand on). A thing several zones hold
alike, or only passing through one, keeps its own concept (魔法卡用完去哪, SC放在哪里); a question naming no term (火车站在哪里), or naming a zone
itself, names no zone. The worker reads them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import where_cut


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


def test_a_question_is_cut_before_its_going_and_where() -> None:
    assert where_cut("事件牌用完放哪") == "事件牌用完"
    assert where_cut("被消失的卡去哪里") == "被消失的卡"
    assert where_cut("被消失的卡放到哪裡呢") == "被消失的卡"
    assert where_cut("破壊されたカードはどこに行く") == "破坏サレタカード"  # folded: 壊 坏
    assert where_cut("主牌组放在哪个区域") == "主牌组"  # which zone (哪个区域, 哪个地方) asks where too
    assert where_cut("进化牌组放在哪個區域") == "进化牌组"
    assert where_cut("规则书在哪里看") == ""  # where to read it: no going's end
    assert where_cut("哪里") == "" and where_cut("事件牌") == ""


@pytest.mark.parametrize(("query", "zone"), [
    ("事件牌用完放哪", "zero-dimension/event-zone"),
    ("事件牌用完放在哪里", "zero-dimension/event-zone"),
    ("事件牌用完放哪裡", "zero-dimension/event-zone"),   # Traditional script
    ("被消失的卡去哪", "shadowverse-evolve/banish-zone"),
    ("被消失的牌会去哪里", "shadowverse-evolve/banish-zone"),
    ("被破坏的灵魂卡去哪里", "battle-spirits/trash"),            # the deed's zone, not the Field spirits are on
    ("破壊されたスピリットはどこに行く", "battle-spirits/trash"),  # Japanese
    ("进化牌组放在哪里", "shadowverse-evolve/evolve-deck-area"),  # the zone named after it, its term and 放置区
    ("主牌组放在哪个区域", "shadowverse-evolve/deck-area"),       # after its head, 牌组: its game's 牌组放置区
])
def test_a_where_question_names_the_zone_the_rules_put_its_thing_in(ruled, query: str, zone: str) -> None:
    assert first(ruled, query) == zone


@pytest.mark.parametrize(("query", "concept"), [
    ("魔法卡用完去哪", "battle-spirits/magic"),        # the deck and the trash hold it alike
    ("SC放在哪里", "battle-spirits/soul-core"),        # only its own definition names the zones it passes
    ("版權文字在哪", "zero-dimension/copyright-text"),  # no zone holds it
    ("规则书在哪里看", "battle-spirits/comprehensive-rules"),
    ("使用后的魔法卡放在哪里", "battle-spirits/use"),   # the reserve holds what paying to use takes, not the card
    ("事件牌", "zero-dimension/event-card"),           # no question
    ("火车站在哪里", None),                             # no term
])
def test_a_where_question_no_zone_alone_holds_keeps_its_answer(ruled, query: str, concept: str | None) -> None:
    assert first(ruled, query) == concept


def test_a_where_question_naming_a_zone_names_that_zone(ruled) -> None:
    assert first(ruled, "事件区在哪里") == "zero-dimension/event-zone"
