"""A query that names one game answers with that game's concepts first (issue 33, thirty-fourth
session): by the game's name (SVE, ZD, 影之诗, xlw …: kb.concepts.game_named) or by a kind of card
only that game has (随从, 灵魂卡, 单位, スピリット: kb.concepts.kind_named). A generic word of another
game's term (玩家, 战斗, 效果) named elsewhere no longer hides the game's concept the rest describes
(Glossary._described_of); another game's concepts never follow (tests/glossary/test_glossary_named_game_only.py).
The worker reads it alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, kind_named

KINDS = {"随从": ["shadowverse-evolve/follower"], "单位": ["xinglingwang/unit"], "灵魂卡": ["battle-spirits/spirit"],
         "魔法卡": ["battle-spirits/magic", "xinglingwang/magic-card"]}


@pytest.mark.parametrize("query, named", [
    ("防御为0的随从被规则破坏", ("shadowverse-evolve", "防御为0的 被规则破坏")),  # the kind cut, its game named
    ("單位不會被破壞", ("xinglingwang", "不会被破坏")),                         # folded, either script
    ("随从", ("", "")),                                                       # nothing else: the kind alone
    ("魔法卡的费用", ("", "")),                                                # a kind two games have names neither
    ("随从和灵魂卡", ("", "")),                                                # kinds of two games: both kept
    ("follower health", ("", "")),                                            # English reads its game words elsewhere
])
def test_a_kind_of_card_only_one_game_has_names_that_game(query: str, named: tuple[str, str]) -> None:
    assert kind_named(query, KINDS, KINDS) == named


@pytest.mark.parametrize("query, first", [
    ("影之诗 用别的事代替的效果", "shadowverse-evolve/replacement-effect"),  # its concept, not Battle Spirits' Effect
    ("影之诗 一段时间内持续有效的效果", "shadowverse-evolve/continuous-effect"),
    ("ZD一个角色进行好几次战斗", "zero-dimension/multiple-battles"),    # described in its game, not Battle Spirits' Battle
    ("单位不会被破坏", "xinglingwang/destruction-resistance"),          # 单位 is 星靈王's: not Battle Spirits' Destroy
    ("没有攻击力的阻挡单位", "xinglingwang/block"),                     # not Shadowverse: Evolve's Attack
])
def test_a_query_naming_a_game_answers_with_its_concept(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first


@pytest.mark.parametrize("query, game", [
    ("what happens when a spirit is destroyed sve", "shadowverse-evolve"),  # the name, not the spirit, says the game
    ("玩家 影之诗", "shadowverse-evolve"),               # no Player of its own: what its rules say of players
    ("xlw的最后一个阶段", "xinglingwang"),               # not Battle Spirits' Step
    ("随从被对手控制", "shadowverse-evolve"),            # not Battle Spirits' Opponent
    ("where does a used spell go xlw", "xinglingwang"),  # the zone, then its Magic card before another game's Spell
])
def test_every_concept_of_the_named_game_comes_before_another_game_s(ruled: Glossary, query: str, game: str) -> None:
    games = [c.game for c in ruled.lookup(query)]
    assert games[0] == game and games == sorted(games, key=lambda g: g != game)


@pytest.mark.parametrize("query, first", [
    ("墓場のカード", "shadowverse-evolve/cemetery"),     # the card itself (カード) names no game
    ("突进随从", "shadowverse-evolve/rush"),             # the kind's game named first already: as it was
    ("随从", "shadowverse-evolve/follower"),
])
def test_a_query_whose_first_concept_is_of_the_kind_s_game_is_read_as_before(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
