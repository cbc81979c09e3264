"""A Chinese or Japanese query naming a game names that game's concept (issue 33 part 3, seventeenth
round): the game's title as its rules print it (星靈王, 零次元) or its short name in Latin letters (ZD,
SVE, XLW) anywhere in the query, the rest read as the query (kb.concepts.game_named). The worker reads
it alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, game_named, game_names

NAMES = game_names(["xinglingwang", "zero-dimension"], {"xinglingwang": "星靈王", "zero-dimension": "零次元 Zero Dimension"})


def test_a_game_s_title_names_it_in_its_script_folded() -> None:
    assert NAMES["星灵王"] == "xinglingwang" and NAMES["零次元"] == "zero-dimension"
    assert "zero dimension" in NAMES and "零次元 zero dimension" not in NAMES


@pytest.mark.parametrize("query, named", [
    ("星靈王結束階段", ("xinglingwang", "结束阶段")),        # the title anywhere, in either script
    ("零次元的主要阶段", ("zero-dimension", "主要阶段")),      # its 的 cut with it
    ("ZD的ATK加成", ("zero-dimension", "atk加成")),          # a short name apart from other Latin letters
    ("xlwx分数", ("", "")),                                  # not inside a longer Latin word
    ("零次元", ("", "")),                                    # nothing else: the name alone
    ("zd main phase", ("zero-dimension", "main phase")),    # English as it was
])
def test_a_written_query_names_a_game_by_its_title_or_short_name(query: str, named: tuple[str, str]) -> None:
    assert game_named(query, NAMES) == named


@pytest.mark.parametrize("query, first", [
    ("星灵王的结束阶段", "xinglingwang/end-phase"),      # not Battle Spirits' End step
    ("ZD的结束阶段", "zero-dimension/end-phase"),
    ("SVE的主要阶段", "shadowverse-evolve/main-phase"),
])
def test_a_written_query_naming_a_game_names_its_concept(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first


@pytest.mark.parametrize("query, game", [
    ("バトスピのプレイヤー", "battle-spirits"),             # Battle Spirits' Japanese short name, の cut
    ("バトルスピリッツのカード", "battle-spirits"),         # and its whole Japanese name
    ("表向きで置く シャドバ", "shadowverse-evolve"),        # Shadowverse's Japanese short name, apart
    ("領域 影之詩", "shadowverse-evolve"),                  # its Chinese name, in either script
])
def test_a_game_is_named_by_the_names_its_players_write_beside_its_titles(ruled: Glossary, query: str, game: str) -> None:
    assert game_named(query, ruled.game_names)[0] == game


@pytest.mark.parametrize("query, first", [
    ("领域 影之诗", "shadowverse-evolve/zone"),          # not Battle Spirits' Zone
    ("影之詩的回合", "shadowverse-evolve/turn"),         # not Battle Spirits' Turn
    ("シャドバのターン", "shadowverse-evolve/turn"),
    ("バトルスピリッツの領域", "battle-spirits/zone"),    # not Shadowverse: Evolve's Zone
])
def test_a_query_naming_a_game_by_a_players_name_names_its_concept(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
