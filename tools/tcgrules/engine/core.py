"""What every game engine shares, and nothing more.

* **Citations**: :class:`RuleBook` gives each game a decorator, ``@rules.cites("8-1-6-1")``,
  that records which function implements which clause and fails at import when a cited
  clause does not exist in the game's clause records (:mod:`tcgrules.kb.citations`).
* **Randomness**: one :class:`random.Random` lives inside a game state; :func:`new_rng` seeds
  it and :func:`fork_rng` copies it before a state that is being derived draws from it, so
  the input state of ``apply`` never changes.
* **Records of games** (:class:`GameRecord`, :class:`PlayReport`, :func:`game_seed`) shared
  by :mod:`tcgrules.engine.run`, which plays, replays, fuzzes and judges any
  :class:`~tcgrules.engine.api.Game`.
* **Benchmarks**: :func:`bench` times random games against baselines run in the same process,
  through a game's :class:`Engine` record: its rules' own functions, played in place.
"""
from __future__ import annotations

import _random
import cProfile
import copy
import gc
import hashlib
import io
import json
import pstats
import random
import time
import tracemalloc
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, Final, Iterable, Sequence, TypeVar

from ..kb.citations import UnknownCitation, check_citation
from .api import Rejection as IllegalAction  # noqa: F401  (an action the rules do not allow now, citing the clause)


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
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def rng_to_json(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list) -> random.Random:
    rng = random.Random.__new__(random.Random)
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


def digest(data: Any) -> str:
    """A short stable hash of JSON data (keys sorted, so dict order does not matter)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=12).hexdigest()


# ---------------------------------------------------------------- the engine record


@dataclass(frozen=True)
class Engine:
    """A game's rules as its own functions, for the benchmark: random games played in place
    on one state (``apply_in_place``, ``play_random``) against the copying ``apply`` and a
    deepcopy baseline. Everything else goes through the game's :class:`~.api.Game`."""

    game: str
    new_game: Callable[[Sequence[Any], int], Any]
    legal_actions: Callable[[Any], Sequence]
    apply: Callable[[Any, Any], tuple[Any, tuple]]
    naive_apply: Callable[[Any, Any], tuple[Any, tuple]]  # deepcopy-based: the bench baseline
    is_over: Callable[[Any], bool]
    outcome: Callable[[Any], str]  # "win:0", "win:1", "draw"
    turns: Callable[[Any], int]
    to_json: Callable[[Any], dict]
    choose: Callable[[Any, Sequence, random.Random], Any]  # the random player's choice
    default_decks: Callable[[], list]
    # apply without the copy: changes the state it is given. Only for an action the state
    # listed, on a state never copied (its copies would share its zones).
    apply_in_place: Callable[[Any, Any], None]
    # The random player's whole game from a state on, in place (state, generator, step cap,
    # the list each action is appended to): play_one's loop, run inside the engine.
    play_random: Callable[[Any, random.Random, int, list], None]

    def digest(self, state: Any) -> str:
        return digest(self.to_json(state))


# ---------------------------------------------------------------- random play


@dataclass
class GameRecord:
    seed: int
    decks: list
    actions: list = field(default_factory=list)
    digests: list[str] = field(default_factory=list)
    outcome: str = ""
    turns: int = 0


def play_one(engine: Engine, decks: list, seed: int, step_cap: int,
             with_digests: bool = False, in_place: bool = True) -> tuple[Any, GameRecord]:
    """One random legal game from ``seed``; the player's choices come from a second seed.

    The random player keeps no earlier state, so when the engine has ``apply_in_place`` the
    game's one state is changed action after action, with the same rules and the same game
    as ``apply`` gives (tests/engine/test_api.py compares the digests), and without digests
    the engine's ``play_random`` runs the whole loop; ``in_place=False`` copies the state at
    each action through ``apply``, as a caller keeping states does.

    Engine states make no reference cycles (tests/engine/test_api.py checks it), so Python's
    cycle collector, which the many short-lived states would wake every few actions, is paused
    for the game and restored after it."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        state = engine.new_game(decks, seed)
        player = new_rng(seed ^ 0x5EED)
        record = GameRecord(seed, decks)
        actions = record.actions
        is_over, legal_actions, choose, apply = engine.is_over, engine.legal_actions, engine.choose, engine.apply
        change = engine.apply_in_place if in_place else None
        if change is not None and not with_digests and engine.play_random is not None:
            engine.play_random(state, player, step_cap, actions)
        while not is_over(state) and len(actions) < step_cap:
            action = choose(state, legal_actions(state), player)
            if change is not None:
                change(state, action)
            else:
                state, _ = apply(state, action)
            actions.append(action)
            if with_digests:
                record.digests.append(engine.digest(state))
    finally:
        if collecting:
            gc.enable()
    record.outcome = engine.outcome(state) if engine.is_over(state) else "unfinished"
    record.turns = engine.turns(state)
    return state, record


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


# ---------------------------------------------------------------- benchmark


def _timed_games(engine: Engine, decks: list, seeds: Iterable[int], step_cap: int,
                 in_place: bool = True) -> tuple[float, int, list]:
    start = time.perf_counter()
    actions = 0
    records = []
    for s in seeds:
        _, record = play_one(engine, decks, s, step_cap, in_place=in_place)
        actions += len(record.actions)
        records.append(record)
    return time.perf_counter() - start, actions, records


def _replay_time(engine: Engine, decks: list, records: list, apply: Callable | None, enumerate_only: bool) -> float:
    """Time to re-run recorded games with another ``apply`` (``None``: the engine's
    ``apply_in_place``), listing the legal actions before each action if asked."""
    change = engine.apply_in_place if apply is None else None
    collecting = gc.isenabled()
    gc.disable()  # as play_one does
    start = time.perf_counter()
    try:
        for r in records:
            state = engine.new_game(decks, r.seed)
            for action in r.actions:
                if enumerate_only:
                    engine.legal_actions(state)
                if change is not None:
                    change(state, action)
                else:
                    assert apply is not None
                    state, _ = apply(state, action)
        return time.perf_counter() - start
    finally:
        if collecting:
            gc.enable()


BENCH_RUNS: Final = 5  # as timeit repeats by default


def bench(engine: Engine, games: int = 300, seed: int = 1, step_cap: int = 20_000) -> dict:
    """Random full games on one core, after a few games of warm-up: ``games_per_s`` is the
    best of :data:`BENCH_RUNS` runs of the same games (``games_per_s_runs`` lists them all), played as
    ``engine play`` plays them: in place when the engine can (:func:`play_one`).
    ``apply_games_per_s`` is the same for the same games played through ``apply``, which
    copies the state at each action as a caller keeping states needs. Baselines run in the
    same process:

    * ``deepcopy_baseline_ratio``: a few of the games replayed with a ``copy.deepcopy``-based
      apply, divided by the time of the engine's own ``apply`` (how much the cheap copies save);
    * ``enumeration_share``: the share of a game's time spent listing legal actions;
    * ``per_action_us``: the time per action of the first games (the best of three replays)
      split into listing the legal actions, applying the chosen one, and the rest (the random
      player's choice and the loop); ``copy``: what ``apply``'s copy adds to an action;
    * ``profile``: the functions with the most own time over a few games;
    * ``peak_memory_kib``: tracemalloc's peak over one game.
    """
    decks = engine.default_decks()
    seeds = [game_seed(seed, i) for i in range(games)]
    # Warm up on other games first: the first games of a process run a third slower (memory
    # allocator, caches), which a long-running player never sees.
    _timed_games(engine, decks, [game_seed(seed + 1, -1 - i) for i in range(min(20, games))], step_cap)
    # The same games several times, the best run kept (as timeit does): other jobs on a shared
    # machine only ever slow a run down, by up to a third here.
    in_place = engine.apply_in_place is not None
    runs: list[float] = []
    copying_runs: list[float] = []
    for _ in range(BENCH_RUNS):  # alternated, so that a slow spell of the machine hits both alike
        elapsed, actions, records = _timed_games(engine, decks, seeds, step_cap)
        runs.append(elapsed)
        copying_runs.append(_timed_games(engine, decks, seeds, step_cap, in_place=False)[0] if in_place else elapsed)
    elapsed = min(runs)
    sample = records[: max(1, min(30, games))]
    sample_actions = max(1, sum(len(r.actions) for r in sample))
    # The best of three runs of each, alternating: other jobs on the machine slow single runs.
    own_apply = None if in_place else engine.apply
    replay = with_enum = played = copied = float("inf")
    for _ in range(3):
        replay = min(replay, _replay_time(engine, decks, sample, own_apply, enumerate_only=False))
        with_enum = min(with_enum, _replay_time(engine, decks, sample, own_apply, enumerate_only=True))
        played = min(played, _timed_games(engine, decks, [r.seed for r in sample], step_cap)[0])
        copied = min(copied, _replay_time(engine, decks, sample, engine.apply, enumerate_only=False))
    few = sample[:5]  # the deepcopy baseline is some hundred times slower: a few games tell the ratio
    naive = _replay_time(engine, decks, few, engine.naive_apply, enumerate_only=False)
    replay_few = _replay_time(engine, decks, few, engine.apply, enumerate_only=False)
    profiler = cProfile.Profile()
    profiler.enable()
    _timed_games(engine, decks, seeds[:20], step_cap)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime")
    top = []
    for (file, line, name), (_cc, calls, tottime, _cum, _callers) in sorted(
            stats.stats.items(), key=lambda kv: -kv[1][2])[:10]:  # type: ignore[attr-defined]
        top.append({"function": f"{Path(file).name}:{line}:{name}", "calls": calls,
                    "own_s": round(tottime, 4)})
    tracemalloc.start()
    play_one(engine, decks, seeds[0], step_cap)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    per_action = played / sample_actions * 1e6
    listing = max(0.0, with_enum - replay) / sample_actions * 1e6
    applying = replay / sample_actions * 1e6
    return {
        "game": engine.game,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
        "games_per_s_runs": [round(games / t, 1) for t in runs],
        "apply_games_per_s": round(games / min(copying_runs), 1),
        "apply_games_per_s_runs": [round(games / t, 1) for t in copying_runs],
        "actions_per_s": round(actions / elapsed, 1),
        "apply_actions_per_s": round(actions / min(copying_runs), 1),
        "average_actions": round(actions / games, 1),
        "deepcopy_baseline_ratio": round(naive / replay_few, 2) if replay_few else None,
        "enumeration_share": round(max(0.0, with_enum - replay) / with_enum, 3) if with_enum else None,
        "per_action_us": {"total": round(per_action, 2), "list": round(listing, 2), "apply": round(applying, 2),
                          "choose_and_loop": round(max(0.0, per_action - listing - applying), 2),
                          "copy": round(max(0.0, copied - replay) / sample_actions * 1e6, 2)},
        "profile": top,
        "peak_memory_kib": round(peak / 1024, 1),
    }


def deepcopy_apply(apply_in_place: Callable[[Any, Any], tuple]) -> Callable[[Any, Any], tuple]:
    """The naive baseline: copy the whole state with ``copy.deepcopy`` and change the copy."""

    def naive(state: Any, action: Any) -> tuple:
        return apply_in_place(copy.deepcopy(state), action)

    return naive
