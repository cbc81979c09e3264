"""A Chinese or Japanese query whose terms, with other words between, are together the pieces of
one term (issue 33, terms21): 能量 and 移动 in 能量可以随时移动吗 are 移动能量 (Move core), PP and 回復
in PPはいつ回復する are PP回复 (Recover play points). That term comes before each piece's own
concept, by a general rule (kb.concepts.held_pieces), not by a list of queries; none of these is a
query of a query set."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, held_pieces


@pytest.mark.parametrize("query, first", [
    ("能量可以随时移动吗", "battle-spirits/move-core"),    # a question between the pieces
    ("能量随时都能移动", "battle-spirits/move-core"),
    ("PPはいつ回復する", "shadowverse-evolve/recover-play-points"),  # a Latin piece and a kanji one
    ("PP什么时候回复", "shadowverse-evolve/recover-play-points"),
])
def test_a_term_made_of_the_querys_terms_comes_before_theirs(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first


def test_a_generic_word_is_no_piece(glossary: Glossary) -> None:
    """效果 says what a term gives: 宣告 and 效果 in 先宣告再发挥效果 are no 宣告型效果 (Declared effect)."""
    assert glossary.lookup("先宣告再发挥效果")[0].id != "battle-spirits/declared-effect"


def test_the_query_s_terms_are_all_the_pieces() -> None:
    keys = {"能量": ["g/core"], "移动": ["g/move"], "灵魂卡": ["g/spirit"], "移动能量": ["g/move-core"]}
    bags = [([["g/move"], ["g/core"]], ["g/move-core"])]
    assert held_pieces("能量可以随时移动吗", keys, bags, ()) == ["g/move-core"]
    assert held_pieces("能量随时移动到灵魂卡", keys, bags, ()) == []   # a third term: not all are the term's
    assert held_pieces("能量什么时候用", keys, bags, ()) == []           # one term alone: the nearest's
