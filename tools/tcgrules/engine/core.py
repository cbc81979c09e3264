"""What every game engine shares, and nothing more.

* **Citations**: :class:`RuleBook` gives each game a decorator, ``@rules.cites("8-1-6-1")``,
  that records which function implements which clause and fails at import when a cited
  clause does not exist in the game's clause records (:mod:`tcgrules.kb.citations`).
* **Randomness**: one :class:`random.Random` lives inside a game state; :func:`new_rng` seeds
  it and :func:`fork_rng` copies it before a state that is being derived draws from it, so
  the input state of ``apply`` never changes.
* **Records of games** (:class:`GameRecord`, :class:`PlayReport`, :func:`game_seed`) shared
  by :mod:`tcgrules.engine.run`, which plays, replays, fuzzes, benchmarks and judges any
  :class:`~tcgrules.engine.api.Game`.
"""
from __future__ import annotations

import _random
import random
from dataclasses import dataclass, field, fields
from typing import Any, Callable, Final, TypeVar

from ..kb.citations import UnknownCitation, check_citation
from .api import Rejection as IllegalAction  # noqa: F401  (the rules raise it with a bare clause number)
from .api import digest  # noqa: F401  (the state digest of replay logs)


# ---------------------------------------------------------------- citations


RuleFunction = TypeVar("RuleFunction", bound=Callable[..., Any])


class RuleBook:
    """The registry of one game's rule functions and the clauses each implements."""

    def __init__(self, game: str):
        self.game = game
        self.implemented: dict[str, list[str]] = {}

    def cites(self, *numbers: str) -> Callable[[RuleFunction], RuleFunction]:
        """Decorator: the function implements these clauses (checked at import, not per call)."""
        if not numbers:
            raise UnknownCitation(f"{self.game}: a rule function must cite at least one clause")

        def register(func: RuleFunction) -> RuleFunction:
            who = f"{func.__module__}.{func.__qualname__}"
            for n in numbers:
                check_citation(self.game, n, who)
            for n in numbers:
                self.implemented.setdefault(n, []).append(who)
            try:
                func.__clauses__ = tuple(numbers)  # type: ignore[attr-defined]
            except AttributeError:  # a mypyc-compiled function has no __dict__: `implemented` has it all
                pass
            return func  # unwrapped: citing a clause costs nothing per call

        return register


# ---------------------------------------------------------------- errors and randomness


def new_rng(seed: int) -> random.Random:
    """The state's one random generator, seeded (never the module-level ``random``): the
    generator ``random.Random(seed)`` makes, seeded by the C method directly rather than
    through ``Random.__init__`` and ``Random.seed``, which are Python code."""
    rng = random.Random.__new__(random.Random)  # unseeded until _seed
    _seed(rng, seed)
    rng.gauss_next = None  # as Random.seed leaves it: part of getstate()
    return rng


_seed: Final = _random.Random.seed  # what Random.seed does for an int, after its type checks


def fork_rng(rng: random.Random) -> random.Random:
    """An independent copy, taken before a derived state draws, so the input stays as it was."""
    twin = random.Random.__new__(random.Random)  # unseeded: setstate gives it its whole state
    twin.setstate(rng.getstate())
    return twin


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would (the same draws,
    the same order, so a seed deals the same decks), but as compiled code: Fisher-Yates
    from the end, each index drawn by rejection from ``getrandbits``, as random.py does."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for n > 0 — the same draw — as compiled code: a rejection
    sample from ``getrandbits``, as random.py's ``_randbelow`` takes it (``randrange`` is
    Python code, and costs a random player more than the rest of its choice)."""
    k = n.bit_length()
    r = _getrandbits(rng, k)
    while r >= n:
        r = _getrandbits(rng, k)
    return r


# rng.getrandbits, the C method itself: compiled code then calls it without looking it up by
# name (a subclass's own getrandbits would not be called: the engine's generators are plain).
_getrandbits: Final = _random.Random.getrandbits


def rng_to_json(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list) -> random.Random:
    rng = random.Random.__new__(random.Random)
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


# ---------------------------------------------------------------- records of games


@dataclass
class GameRecord:
    seed: int
    decks: list
    actions: list = field(default_factory=list)
    digests: list[str] = field(default_factory=list)
    outcome: str = ""
    turns: int = 0


# ---------------------------------------------------------------- invariants and random play


class InvariantBroken(Exception):
    """An invariant failed; ``seed`` replays the game that broke it."""

    def __init__(self, seed: int, step: int, message: str):
        super().__init__(f"seed {seed}, action {step}: {message}")
        self.seed = seed
        self.step = step


@dataclass
class PlayReport:
    game: str
    games: int
    seed: int
    wins: dict[str, int]
    draws: int
    unfinished: int
    average_turns: float
    average_actions: float
    checked: bool
    failure: str | None = None
    failing_seed: int | None = None
    saved: str | None = None
    actions: int = 0  # played in all

    def to_json(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}  # no __dict__ once compiled


def game_seed(seed: int, i: int) -> int:
    """The seed of the i-th game of a run: distinct, stable, independent of hash order."""
    return (seed * 1_000_003 + i) & 0x7FFF_FFFF
