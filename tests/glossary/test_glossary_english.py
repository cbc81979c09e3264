"""English in the project's glossary: what players type finds the concept of each game."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tcgrules.cli import main
from tcgrules.cli.common import load_kb
from tcgrules.glossary import load_glossary
from tcgrules.glossary.stats import coverage

PLAYER_TERMS = {
    "first player": {"battle-spirits/first-player", "shadowverse-evolve/first-player", "xinglingwang/first-player"},
    "going first": {"battle-spirits/first-player", "shadowverse-evolve/first-player", "xinglingwang/first-player"},
    "concede": {"battle-spirits/surrender", "shadowverse-evolve/concede", "zero-dimension/concede"},
    # Shadowverse: Evolve's zh-Hans rulebook describes the mulligan (6.2.1.8) but names it nowhere.
    "mulligan": {"battle-spirits/mulligan", "zero-dimension/mulligan", "xinglingwang/mulligan"},
    "summon cost": {"battle-spirits/summon-cost"},
    "keyword effect": {"battle-spirits/keyword-effect", "shadowverse-evolve/keyword-ability",
                       "zero-dimension/keyword-effect"},
    "reminder text": {"battle-spirits/annotation", "shadowverse-evolve/reminder-text"},
}


@pytest.mark.parametrize("query", sorted(PLAYER_TERMS))
def test_player_english_finds_the_concept_of_each_game(root: Path, capsys, query: str) -> None:
    load_kb.cache_clear()
    assert main(["--root", str(root), "term", query, "--json"]) == 0
    found = {c["id"] for c in json.loads(capsys.readouterr().out)["concepts"]}
    assert found == PLAYER_TERMS[query]


def test_every_concept_has_english(root: Path) -> None:
    g = load_glossary(root)
    missing = [c.id for c in g if not c.terms.get("en")]
    assert missing == []
    counts = coverage(g)
    # Xinglingwang and Zero Dimension have no English release: all their English is proposed.
    for game in ("xinglingwang", "zero-dimension"):
        assert counts[game]["en"]["official"] == 0, game
