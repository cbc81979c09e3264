"""A Chinese or Japanese query holding several terms names the one its grammar makes its topic
(issue 33 part 3, twenty-eighth round), and a query naming a game names that game's concept when
one of its terms is the game's:

* a deed typed as done to a thing (被 before it) or as done (了 after it) names the card state it
  leaves, where a term names both (被疲劳的灵魂, 灵魂卡疲劳了: Exhausted, not Exhaust);
* Japanese marks a term's role with a particle: the topic before は or が comes first (後攻はドロー
  できる: the Second player, not Draw); a verb's object before を last, but only the words after
  the particle before it (軽減でコストを下げる: Reduce, not Cost, for で marks 軽減); で of できる is no
  particle;
* a term standing within a longer term the query holds (指示物 in 等级指示物) is no other term (which
  would make a kind of card say the game only: 等级指示物算不算卡 is the Level marker) and comes after
  the terms it stands in (要放等级指示物吗: the Level marker, not the Counter);
* a word naming a kind of card (护符, 法术, リーダー) says the game of the other terms only when one
  of them is of its game; beside terms of other games only it is the topic (护符的倒数: the Amulet,
  not 星靈王's Countdown phase), among terms and fillers as among terms near;
* a figure typed with a word saying two of its values are compared (一样, 相同, 大小; 比 before it)
  names its comparison where a term names one (BP相同会怎样: the BP comparison, not BP);
* a query naming a game whose other words name no concept of that game by a term, a form or a
  counterpart names the game's concept its terms name nearest (零次元手牌上限: Zero Dimension's Hand,
  not 星靈王's Hand limit).

The worker reads them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, compared, comparisons, nearest_written, particle_roles, term_key

KEYS = {"疲劳": ["bs/exhaust", "bs/exhausted"], "灵魂": ["bs/spirit"], "防御": ["bs/block"]}
STATES = frozenset({"bs/exhausted"})


@pytest.mark.parametrize("query", ["被疲劳的灵魂", "灵魂疲劳了"])
def test_a_deed_typed_as_done_names_the_state(query: str) -> None:
    found = nearest_written(query, KEYS, states=STATES)
    assert found.index("bs/exhausted") < found.index("bs/exhaust")


@pytest.mark.parametrize("query", ["疲劳灵魂", "灵魂疲劳"])
def test_a_deed_typed_plainly_names_the_deed(query: str) -> None:
    found = nearest_written(query, KEYS, states=STATES)
    assert found.index("bs/exhaust") < found.index("bs/exhausted")


@pytest.mark.parametrize("query, roles", [
    ("後攻はドローできる？", ("後攻", "")),                    # できる's で is no particle
    ("軽減でコストを下げる", ("", "コスト")),                  # the object after で
    ("スピリットを召喚する", ("", "スピリット")),
    ("相手のスピリットが破壊される", ("相手ノスピリット", "")),
    ("はじめて", ("", "")),                                   # a word's は is no particle
    ("灵魂卡疲劳了", ("", "")),                                # Chinese has none
])
def test_japanese_particles_mark_the_topic_and_the_object(query: str, roles: tuple[str, str]) -> None:
    assert particle_roles(query) == tuple(map(term_key, roles))


FIGURES = comparisons({"bp": ["bs/bp"], "bp比对": ["bs/bp-comparison"], "bp比较": ["bs/bp-comparison"], "比对": ["x/y"]})


def test_a_figure_s_comparison_is_a_term_of_it_and_a_comparing_word() -> None:
    assert FIGURES == {"bp": ["bs/bp-comparison"]}


@pytest.mark.parametrize("query, named", [
    ("比bp大小", ["bs/bp-comparison"]), ("bp相同会怎样", ["bs/bp-comparison"]), ("两边bp一样", ["bs/bp-comparison"]),
    ("bp是多少", []), ("bp", []), ("比较大小", []),   # no figure compared
])
def test_a_figure_compared_names_its_comparison(query: str, named: list[str]) -> None:
    assert compared(query, FIGURES) == named


@pytest.mark.parametrize("query, first", [
    ("被疲劳的灵魂卡", "battle-spirits/exhausted"),          # the state, not the deed
    ("灵魂卡疲劳了还能防御吗", "battle-spirits/exhausted"),
    ("灵魂卡重疲劳了", "battle-spirits/heavily-exhausted"),
    ("疲劳灵魂卡", "battle-spirits/exhaust"),                # the deed, as before
    ("要放等级指示物吗", "zero-dimension/level-marker"),      # not the Counter, 指示物 within it
    ("升级时放等级指示物", "zero-dimension/level-up"),        # a term of the Level marker's game: it says the game
    ("後攻はドローできる？", "battle-spirits/second-player"),  # the topic, not Draw
    ("先攻はドローできない", "battle-spirits/first-player"),
    ("軽減でコストを下げる", "battle-spirits/reduce"),         # not the object Cost
    ("护符的倒数", "shadowverse-evolve/amulet"),            # a kind beside another game's term only: the topic
    ("使用法术", "shadowverse-evolve/spell"),               # not Battle Spirits' Use
    ("リーダーのライフが0", "shadowverse-evolve/leader"),
    ("BP相同会怎样", "battle-spirits/bp-comparison"),        # a figure compared: its comparison
    ("比BP高低", "battle-spirits/bp-comparison"),
    ("BP是多少", "battle-spirits/bp"),                      # the figure, as before
    ("零次元手牌上限", "zero-dimension/hand"),                # the game's concept, not 星靈王's Hand limit
    ("ZD的手牌上限", "zero-dimension/hand"),
    ("星灵王的手牌上限", "xinglingwang/hand-limit"),           # the game's own term, as before
])
def test_the_topic_a_query_s_grammar_or_game_gives_comes_first(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
