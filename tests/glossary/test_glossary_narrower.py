"""A timing a player describes by whose turn or which side of the battle names the timing keyword
saying exactly that, not the broader one its words also cover (issue 33, english31;
kb.concepts.narrower): Zero Dimension prints 回合结束时 (At the end of the turn) beside
对方回合结束时 (At the end of your opponent's turn), 战斗胜利时 (When wins a battle) beside
防御胜利时 (When wins a battle while defending), 战斗破坏时 beside 攻击破坏时 (rules 804–810).
The keyword whose description says what the broader term says, whose terms hold the query's
modifier (opponent, defend, attack) or the broader term's every word (Defense battle established
beside Defense battle) and whose description holds more of the query comes first;
without a modifier, or in a query too short to spell its notion out, the term it types stays. A "not" typed (isn't) is read as the negating
prefix the glossary's terms spell (non-: Non-turn player). The worker reads them alike
(tests/search/test_term_parity.py)."""
from __future__ import annotations

import pytest


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "concept"), [
    # whose turn: the opponent's, not every turn's
    ("effect that triggers at the end of the opponent's turn zd", "zero-dimension/opponent-turn-end"),
    ("zd trigger at the start of my opponent's turn", "zero-dimension/opponent-turn-start"),
    # which side: the defender's win, the attacker's destruction, the defender's battle
    ("effect when my defending character wins a battle zd", "zero-dimension/defense-won"),
    ("zd effect when my attacking character is destroyed in battle", "zero-dimension/attack-destroyed"),
    # a notion of the battle the defender fights: the battle established, its terms holding Defense battle's
    ("zd effect when my defender enters a battle", "zero-dimension/defense-battle-established"),
])
def test_a_timing_with_its_modifier_names_the_narrower_keyword(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept


def test_a_word_reads_as_the_one_the_games_terms_use_for_it(ruled) -> None:
    # Zero Dimension's terms say step and phase for one another (kb.concepts.synonyms): the phase whose
    # description holds its steps (1.20, 400: the end phase is the end, cleanup and discard steps)
    assert first(ruled, "discard step cleanup step and end step") == "zero-dimension/end-phase"


@pytest.mark.parametrize(("query", "concept"), [
    ("effect at the end of the turn zd", "zero-dimension/turn-end"),
    ("zd trigger when a character wins a battle", "zero-dimension/battle-won"),
    ("zd effect when a character is destroyed in battle", "zero-dimension/battle-destroyed"),
    ("instant-speed tactic", "zero-dimension/instant-tactic"),  # too short to spell a notion out: its term
])
def test_a_timing_without_a_modifier_keeps_the_broader_keyword(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept


@pytest.mark.parametrize(("query", "concept"), [
    ("player whose turn it is not in battle spirits", "battle-spirits/non-turn-player"),
    ("zd player whose turn it isn't", "zero-dimension/non-active-player"),
    ("player whose turn it is in battle spirits", "battle-spirits/turn-player"),
])
def test_not_reads_as_the_negated_concept(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept
