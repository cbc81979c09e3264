"""The names players write for a game are data (issue 33, review of the term lookup, round 27).

A game's id (battle spirits, bs) and its titles in rules/editions.yaml (星靈王) name it in a query;
the names players write besides (SVE, XLW, バトスピ, 影之詩) are words a maintainer confirms, one
entry each in ``glossary/players/*.yaml`` with the game it names (``game``, its id) and whose word
it is (``from``): a new game is new data, not an edit of the lookup code
(:meth:`tcgrules.kb.concepts.Glossary.read_game_names`). A bad entry is one line naming its file,
line and field.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import glossarykit as kit
from tcgrules.cli import main
from tcgrules.kb import text
from tcgrules.kb.concepts import game_names
from tcgrules.kb.glossary import load_glossary


def test_the_lookup_code_names_a_game_only_by_its_id_and_titles() -> None:
    names = game_names(["shadowverse-evolve", "battle-spirits"], {"battle-spirits": "Battle Spirits"})
    assert names == {"battle spirits": "battle-spirits", "bs": "battle-spirits",
                     "shadowverse evolve": "shadowverse-evolve", "se": "shadowverse-evolve"}


@pytest.mark.parametrize("name, game", [("sve", "shadowverse-evolve"), ("shadowverse", "shadowverse-evolve"),
                                        ("xlw", "xinglingwang"), ("バトスピ", "battle-spirits"),
                                        ("バトルスピリッツ", "battle-spirits"), ("シャドバ", "shadowverse-evolve"),
                                        ("影之詩", "shadowverse-evolve")])
def test_each_name_the_players_files_give_names_its_game(glossary, name: str, game: str) -> None:
    assert glossary.game_names[text.fold(name)] == game


RECORDS = {"testgame": [{"id": "testgame/flavor-text", "category": "card-info", "terms": {"en": ["Flavor text"]}}],
           "othergame": [{"id": "othergame/hand", "category": "zone", "terms": {"en": ["Hand"], "zh-Hans": ["手牌"]}}]}


def project(root: Path, names: str) -> Path:
    """A crafted project of two games (testgame, othergame) whose players' file is ``names``."""
    kit.glossary_root(root, kit.yaml_list(RECORDS["testgame"]))
    (root / "glossary" / "othergame.yaml").write_text(kit.yaml_list(RECORDS["othergame"]), encoding="utf-8")
    (root / "glossary" / "players").mkdir()
    (root / "glossary" / "players" / "game-names.yaml").write_text(names, encoding="utf-8")
    return root


def test_a_new_game_is_named_by_its_entries(tmp_path: Path, capsys) -> None:
    root = project(tmp_path, "- typed: TG\n  game: testgame\n  from: testgame players\n"
                             "- typed: 测试游戏\n  game: testgame\n  from: testgame's Chinese players\n")
    assert load_glossary(root).game_names == {"testgame": "testgame", "tg": "testgame", "测试游戏": "testgame",
                                              "othergame": "othergame"}
    assert main(["--root", str(root), "term", "flavor text tg"]) == 0
    assert "testgame/flavor-text" in capsys.readouterr().out


ENTRY = "- typed: {typed}\n  game: {game}\n  from: players\n"


@pytest.mark.parametrize("entries, problem", [
    ([("tg", "testgam")], "game 'testgam': no such game (games: othergame, testgame)"),
    ([("''", "testgame")], "typed: expected a non-empty text"),
    ([("tg", "testgame"), ("TG", "testgame")], "typed 'TG': listed twice"),
    ([("tg", "testgame"), ("tg", "othergame")], "typed 'tg': names testgame already"),
    ([("游戏", "testgame"), ("遊戲", "othergame")], "typed '遊戲': names testgame already"),  # compared folded
    ([("othergame", "testgame")], "typed 'othergame': names othergame already"),  # another game's id
])
def test_a_bad_entry_is_refused_in_one_line_naming_its_file_line_and_field(tmp_path: Path, capsys, entries, problem: str) -> None:
    root = project(tmp_path, "# names\n" + "".join(ENTRY.format(typed=t, game=g) for t, g in entries))
    assert main(["--root", str(root), "term", "flavor text"]) == 2
    err = capsys.readouterr().err
    line = 2 + 3 * (len(entries) - 1)
    assert f"glossary/players/game-names.yaml:{line}: {problem}" in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_an_entry_means_english_or_names_a_game_not_both(tmp_path: Path, capsys) -> None:
    root = project(tmp_path, "- typed: tg\n  game: testgame\n  means: flavor text\n  from: players\n")
    assert main(["--root", str(root), "term", "flavor text"]) == 2
    err = capsys.readouterr().err
    assert "glossary/players/game-names.yaml:1: an entry has 'means' or 'game', not both" in err
    assert len(err.strip().splitlines()) == 1
