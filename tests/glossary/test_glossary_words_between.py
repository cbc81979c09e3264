"""Which term a Chinese query of several terms is about, when a term the query types whole stands
between the characters of another (issue 33 part 3, thirtieth round):

* a term of two or more pieces typed with another term between them (跳过 … 回合 in 跳过对方回合) is the
  term the query names, before each piece's own concept: 跳过对方回合 asks of Skip a turn, not of Battle
  Spirits' Pass (跳过) nor of the Opponent (kb.concepts.composed, by the pieces' order);
* a term of one word, two characters, is not read across a term the query types whole between them:
  先 … 手 in 先展示手牌 is no 先手 (First player), for 展示 (Reveal) stands between (kb.concepts.splits);
  a term of several words may have words between its own (查看 … 顶部, 查看牌组顶部: Look at the top).

None of these queries is a query of a query set. The worker reads them alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import composed, splits


@pytest.mark.parametrize("query, first", [
    ("跳过对方回合", "shadowverse-evolve/skip-turn"),        # the opponent between the term's pieces
    ("跳過對方的回合", "shadowverse-evolve/skip-turn"),
    ("跳过自己的回合", "shadowverse-evolve/skip-turn"),
    ("跳过回合", "shadowverse-evolve/skip-turn"),            # as before: the term itself
])
def test_a_term_typed_with_another_between_its_pieces(ruled, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first


KEYS = {"跳过": ["g/pass"], "回合": ["g/turn"], "对方": ["g/opponent"], "跳过回合": ["g/skip-turn"]}
BAGS = [([["g/pass"], ["g/turn"]], ["g/skip-turn"])]


def test_the_term_of_the_pieces_in_their_order_comes_first() -> None:
    assert composed("跳过对方回合", KEYS, (), BAGS)[:1] == ["g/skip-turn"]
    assert composed("回合对方跳过", KEYS, (), BAGS)[:1] != ["g/skip-turn"]      # not in the term's order
    assert composed("跳过对方", KEYS, (), BAGS)[:1] == ["g/pass"]               # not all its pieces


@pytest.mark.parametrize("key, query, whole, split", [
    ("先手", "要先展示手牌", ["展示", "手牌"], True),      # 展示 between 先 and 手
    ("后攻", "后排单位能进攻吗", ["单位", "进攻"], True),   # 单位 between 后 and 攻
    ("先手", "先把手牌展示出来", ["手牌", "展示"], False),  # no typed term between (把 is none)
    ("查看顶部", "查看牌组顶部", ["查看", "牌组", "顶部"], False),  # two words, a term between them
])
def test_a_word_of_two_characters_is_not_read_across_a_typed_term(key: str, query: str, whole: list[str], split: bool) -> None:
    assert splits(key, query, whole) is split


@pytest.mark.parametrize("query, first", [
    ("宣告时要先展示手牌", "battle-spirits/declare"),
    ("先展示手牌再宣告", "battle-spirits/declare"),
    ("要先展示手牌吗", "shadowverse-evolve/reveal"),
])
def test_the_glossary_names_the_terms_typed_whole_first(ruled, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
