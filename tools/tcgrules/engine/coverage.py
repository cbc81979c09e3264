"""The clause index of an engine: which clauses govern play, which functions implement
them and which tests check them.

``implemented_by`` comes from the game's :class:`~tcgrules.engine.core.RuleBook` (filled
at import by the ``cites`` decorator); ``tested_by`` from the ``@pytest.mark.clauses(...)``
marks of the tests (:func:`tcgrules.kb.tested.tests_citing`: no test runs).
"""
from __future__ import annotations

from pathlib import Path

from ..kb.model import number_key
from ..kb.tested import tests_citing
from ..kb.citations import clause_numbers, stale_notes
from ..kb.store import read_manifest
from .api import game as find_game
from .api import games
from .core import RuleBook


def relevant(game: str) -> list[str]:
    """Clause numbers (kind ``clause``) of the game's ``play_chapters``, less its
    ``not_play`` (both tables of the game's ``scope``). A clause's chapter comes from the
    clause records (its topmost parent), never from splitting its number."""
    index = clause_numbers(game)
    chapters, skip = find_game(game).play_chapters, find_game(game).not_play
    chapter_of = dict(index.chapters)
    out = [n for n, kind in index.kinds if kind == "clause" and chapter_of[n] in chapters and n not in skip]
    return sorted(out, key=number_key)


def coverage_path(root: Path, game: str) -> Path:
    """Where ``tcgrules engine coverage`` writes a game's index and the site reads it."""
    return root / "build" / "engine" / f"{game}.coverage.json"


def coverage_index(root: Path, game: str) -> dict:
    """``{"game", "relevant", "clauses": {number: {"implemented_by", "tested_by"}}, "left", "stale",
    "interpretations"}``:
    ``left`` holds each relevant clause not both implemented and tested, with the reason the
    engine gives for it (its package's ``NOT_YET``, "" where it gives none); ``stale`` the
    cited clauses a current revision changed or removed ("cites the r1 text; changed in r2");
    ``interpretations`` the readings the engine takes where the rulebook is unclear (``Game.interpretations``)."""
    found = find_game(game)
    rules: RuleBook = found.rules
    tests = tests_citing(root, game)
    rel = relevant(game)
    numbers = sorted(set(rel) | set(rules.implemented) | set(tests), key=number_key)
    reasons = found.not_yet
    return {
        "game": game,
        "relevant": rel,
        "clauses": {n: {"implemented_by": sorted(rules.implemented.get(n, [])),
                        "tested_by": sorted(tests.get(n, []))} for n in numbers},
        "left": {n: reasons.get(n, "") for n in rel if not (rules.implemented.get(n) and tests.get(n))},
        "stale": stale_notes(read_manifest(root), game),
        "interpretations": [dict(x) for x in found.interpretations],
    }


def citing(root: Path, game: str) -> dict[str, list[str]]:
    """Clause number → the rule functions and tests (under ``root/tests``) that cite it."""
    out = {n: list(ids) for n, ids in tests_citing(root, game).items()}
    if game in games():
        for n, who in find_game(game).rules.implemented.items():
            out[n] = sorted(who) + out.get(n, [])
    return out


def untested(index: dict) -> list[str]:
    """Implemented clauses that no test cites."""
    return [n for n, c in index["clauses"].items() if c["implemented_by"] and not c["tested_by"]]


def game_summaries(root: Path) -> list[dict]:
    """Every registered game: its name, the current editions of its rulebook (language,
    revision, version) and their numbering (the edition's format, with a clause number of
    it), its replay log version, the optional hooks it declares and its kinds of action. The
    editions are the manifest's: no record file is read."""
    manifest = read_manifest(root)
    out = []
    for name, g in games().items():
        editions = [e for e in manifest if e.current and e.game == name]
        example = next((n for n, kind in clause_numbers(name).kinds if kind == "clause"), "")
        out.append({
            "game": name,
            "title": next((e.game_title for e in editions if e.game_title), name),
            "editions": [{"lang": e.lang, "revision": e.revision, "version": e.version, "numbering": e.format}
                         for e in editions],
            "numbering": sorted({e.format for e in editions}),
            "example_citation": f"{name}:{example}" if example else "",
            "log_version": g.log_version,
            "capabilities": sorted(g.capabilities),
            "actions": [cls.kind for cls in g.action_types],
        })
    return out
