"""Words players of other card games type for a notion (issue 33, item 2, nineteenth round).

A player brings the words of the game they played before (Magic's enters the battlefield and
static abilities, the story text at a card's bottom) or says it as players do (a Battle Spirits
card double tapped, turned upside down). No term of ours has them and WordNet links few of them;
``glossary/players/*.yaml`` lists each with the glossary's English it means and whose word it is,
reviewed by hand, and the term lookup, the search and the worker read a query with them typed as
that English (:func:`tcgrules.kb.concepts.players_words`).
"""
from __future__ import annotations

from pathlib import Path

import pytest

import glossarykit as kit
from tcgrules.cli import main
from tcgrules.kb.concepts import players_words
from tcgrules.kb.glossary import load_glossary


@pytest.mark.parametrize("query, expected", [
    ("story text at the bottom of a card", "battle-spirits/flavor-text"),  # players of several games
    ("the story text of a follower", "shadowverse-evolve/flavor-text"),
    ("double tapped spirit", "battle-spirits/heavily-exhausted"),  # Battle Spirits players
    ("a spirit turned upside down", "battle-spirits/heavily-exhausted"),
    ("enter the battlefield trigger zd", "zero-dimension/when-enters"),  # Magic: The Gathering
    ("always-on abilities of a follower", "shadowverse-evolve/continuous-ability"),
    ("spell boost in sve", "shadowverse-evolve/spellchain"),  # Shadowverse, the digital game
    ("spin the wheel in xlw", "xinglingwang/rotate"),  # 星靈王 players (the turntable spun: Rotate)
    ("spend 2 energy in xlw", "xinglingwang/consume"),  # players of several games (energy spent)
    ("who are you playing against in bs", "battle-spirits/opponent"),  # players of every game
    ("shift a core to the reserve", "battle-spirits/move-core"),  # players of every game (shifted: moved)
    ("throw away a card from your hand in zd", "zero-dimension/discard"),  # players of every game (thrown away: discarded)
])
def test_another_games_word_finds_the_notion_it_means(glossary, query: str, expected: str) -> None:
    assert [c.id for c in glossary.lookup(query)][:1] == [expected]


@pytest.mark.parametrize("query, expected", [
    ("untap phase in battle spirits", "battle-spirits/refresh-step"),  # Zero Dimension's Reset step's alias
    ("untap step in bs", "battle-spirits/refresh-step"),  # Battle Spirits' own alias
    ("refresh phase zd", "zero-dimension/reset-step"),  # Battle Spirits' alias, Zero Dimension's alias too
])
def test_another_games_term_in_a_query_naming_a_game_is_that_games_counterpart(glossary, query: str, expected: str) -> None:
    """A phrase only another game's terms name whole, in a query naming a game, is that game's
    counterpart of the concept it names (the concept map's ``related``), before a concept of the
    game its words cover (untap phase: not Battle Spirits' Refresh, the action)."""
    assert [c.id for c in glossary.lookup(query)][:1] == [expected]


def test_a_run_of_whole_words_is_typed_as_the_english_it_means() -> None:
    players = {"enter battlefield": "when enters", "stori text": "flavor text", "spell boost": "spellchain"}
    assert players_words("Enters the Battlefield trigger", players) == "when enters trigger"
    assert players_words("story texts", players) == "flavor text"
    assert players_words("spell-boost count", players) == "spellchain count"
    assert players_words("multi-spell boost", players) == "multi-spell boost"  # not a run of whole words
    assert players_words("history text", players) == "history text"
    assert players_words("物語テキスト", players) == "物語テキスト"


@pytest.mark.parametrize("query", ["zzqx blorf wug", "baking bread with flour", "a bedtime tale for tomorrow"])
def test_a_nonsense_or_off_topic_query_still_names_nothing(glossary, query: str) -> None:
    assert glossary.lookup(query) == []


def test_every_entry_is_read_and_means_words_of_terms(root: Path, glossary) -> None:
    """Every entry of the project's files meaning English is kept (none refused on load)."""
    entries = sum(p.read_text(encoding="utf-8").count("\n  means:") for p in (root / "glossary" / "players").glob("*.yaml"))
    assert len(glossary.players) == entries > 0 and not load_glossary(root).problems


RECORDS = [{"id": "testgame/flavor-text", "category": "card-info", "terms": {"en": ["Flavor text"], "ja": ["フレーバーテキスト"]}}]


def project(root: Path) -> None:
    """A crafted project whose one concept is the Flavor text, with a folder for players' words."""
    kit.glossary_root(root, kit.yaml_list(RECORDS))
    (root / "glossary" / "players").mkdir()


@pytest.mark.parametrize("entry, problem", [
    ("- typed: story text\n  means: flavour prose\n  from: players\n", "means 'flavour prose': prose is no word of a term"),
    ("- typed: flavor texts\n  means: flavor text\n  from: players\n", "typed 'flavor texts': not English words, or a term"),
    ("- typed: flavor\n  means: flavor text\n  from: players\n", "typed 'flavor': not English words, or a term or words of one"),
    ("- typed: story text\n  means: flavor text\n", "missing field 'from'"),
    ("- typed: story text\n  means: flavor text\n  from: players\n  lang: x\n", "unknown field 'lang'"),
])
def test_a_bad_entry_is_refused_in_one_line_naming_its_file_and_line(tmp_path: Path, capsys, entry: str, problem: str) -> None:
    project(tmp_path)
    (tmp_path / "glossary" / "players" / "words.yaml").write_text("# words\n" + entry, encoding="utf-8")
    assert main(["--root", str(tmp_path), "term", "story text"]) == 2
    err = capsys.readouterr().err
    assert f"glossary/players/words.yaml:2: {problem}" in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_an_entry_is_read_by_the_term_lookup_of_any_project(tmp_path: Path, capsys) -> None:
    project(tmp_path)
    (tmp_path / "glossary" / "players" / "words.yaml").write_text(
        "- typed: story text\n  means: flavor text\n  from: players of several card games\n", encoding="utf-8")
    assert main(["--root", str(tmp_path), "term", "story text"]) == 0
    assert "testgame/flavor-text" in capsys.readouterr().out
