"""The clause index of an engine: which clauses govern play, which functions implement
them and which tests check them.

``implemented_by`` comes from the engine's :class:`~tcgrules.engine.core.RuleBook` (filled
at import by the ``cites`` decorator); ``tested_by`` from the ``@pytest.mark.clauses(...)``
marks of the tests (:func:`tcgrules.testing.citations.tests_citing`: no test runs).
"""
from __future__ import annotations

import importlib
from pathlib import Path

from ..kb.model import number_key
from ..testing.citations import tests_citing
from ..kb.citations import clause_numbers
from .core import RuleBook

# Engines by game: the module that defines RULES and ENGINE.
ENGINES = {"battle-spirits": "tcgrules.engine.battle_spirits"}
# The chapters whose clauses govern play: 1 and 3 to 12 (2 describes the card face, 13 is misc).
PLAY_CHAPTERS = {"battle-spirits": {"1", *map(str, range(3, 13))}}
# Clauses of those chapters that do not govern play (tournament, table and visibility matters).
NOT_PLAY = {"battle-spirits": {
    "1-1-1",  # formats (Standard / Eternal): deck building, not play
    "4-1-2", "4-1-3", "4-2-2", "4-3-2", "4-3-3", "4-4-2", "4-5-2", "4-5-5", "4-6-2", "4-7-2", "4-9-2",  # who may look
    "4-8-2",  # marbles may stand in for cores
    "5-3-5",  # each player takes back their cards after the game
    "5-7-2",  # official tokens may be used as cores
    "6-1-1-2-2",  # tournament ban and restriction lists
    "6-2-1-1-1",  # preparing the void on the table
}}


def engine_module(game: str):
    try:
        return importlib.import_module(ENGINES[game])
    except KeyError:
        raise KeyError(f"no rules engine for game {game!r} (engines: {', '.join(sorted(ENGINES))})") from None


def relevant(game: str) -> list[str]:
    """Clause numbers (kind ``clause``) of the play chapters, less :data:`NOT_PLAY`."""
    index = clause_numbers(game)
    chapters, skip = PLAY_CHAPTERS[game], NOT_PLAY[game]
    out = [n for n, kind in index.kinds if kind == "clause" and n.split("-", 1)[0] in chapters and n not in skip]
    return sorted(out, key=number_key)


def coverage_path(root: Path, game: str) -> Path:
    """Where ``tcgrules engine coverage`` writes a game's index and the site reads it."""
    return root / "build" / "engine" / f"{game}.coverage.json"


def coverage_index(root: Path, game: str) -> dict:
    """``{"game", "relevant", "clauses": {number: {"implemented_by", "tested_by"}}}``."""
    rules: RuleBook = engine_module(game).RULES
    tests = tests_citing(root, game)
    rel = relevant(game)
    numbers = sorted(set(rel) | set(rules.implemented) | set(tests), key=number_key)
    return {
        "game": game,
        "relevant": rel,
        "clauses": {n: {"implemented_by": sorted(rules.implemented.get(n, [])),
                        "tested_by": sorted(tests.get(n, []))} for n in numbers},
    }


def untested(index: dict) -> list[str]:
    """Implemented clauses that no test cites."""
    return [n for n, c in index["clauses"].items() if c["implemented_by"] and not c["tested_by"]]
