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
from ..kb.citations import clause_numbers
from .core import RuleBook

# Engines by game: the module that defines RULES and ENGINE.
ENGINES = {"battle-spirits": "tcgrules.engine.battle_spirits",
           "shadowverse-evolve": "tcgrules.engine.shadowverse_evolve"}
def engine_module(game: str):
    try:
        return importlib.import_module(ENGINES[game])
    except KeyError:
        raise KeyError(f"no rules engine for game {game!r} (engines: {', '.join(sorted(ENGINES))})") from None


def relevant(game: str) -> list[str]:
    """Clause numbers (kind ``clause``) of the game's play chapters, less its ``NOT_PLAY``
    (both tables of the game's package)."""
    index = clause_numbers(game)
    module = engine_module(game)
    chapters, skip = module.PLAY_CHAPTERS, module.NOT_PLAY
    out = [n for n, kind in index.kinds if kind == "clause" and n.split("-", 1)[0] in chapters and n not in skip]
    return sorted(out, key=number_key)


def coverage_path(root: Path, game: str) -> Path:
    """Where ``tcgrules engine coverage`` writes a game's index and the site reads it."""
    return root / "build" / "engine" / f"{game}.coverage.json"


def coverage_index(root: Path, game: str) -> dict:
    """``{"game", "relevant", "clauses": {number: {"implemented_by", "tested_by"}}, "left"}``:
    ``left`` holds each relevant clause not both implemented and tested, with the reason the
    engine gives for it (its package's ``NOT_YET``, "" where it gives none)."""
    from ..testing.citations import tests_citing  # imports pytest: not for loading an engine

    module = engine_module(game)
    rules: RuleBook = module.RULES
    tests = tests_citing(root, game)
    rel = relevant(game)
    numbers = sorted(set(rel) | set(rules.implemented) | set(tests), key=number_key)
    reasons = getattr(module, "NOT_YET", {})
    return {
        "game": game,
        "relevant": rel,
        "clauses": {n: {"implemented_by": sorted(rules.implemented.get(n, [])),
                        "tested_by": sorted(tests.get(n, []))} for n in numbers},
        "left": {n: reasons.get(n, "") for n in rel if not (rules.implemented.get(n) and tests.get(n))},
    }


def untested(index: dict) -> list[str]:
    """Implemented clauses that no test cites."""
    return [n for n, c in index["clauses"].items() if c["implemented_by"] and not c["tested_by"]]
