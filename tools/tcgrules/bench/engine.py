"""``tcgrules bench engine``: random full games per second on one core, and invariant-checked
fuzzing, as figures and as ratios against baselines run in the same process.

On a machine shared with other jobs, wall-clock figures fall with the load: every figure is
timed on the process's own CPU time too (``*_cpu``), and the ratios — against the
deepcopy-based apply and against a fixed Python workload run between the games
(:func:`machine_baseline`) — compare across loads and machines where absolute figures do not.
"""
from __future__ import annotations

import cProfile
import gc
import io
import os
import pstats
import random
import resource
import time
import tracemalloc
from pathlib import Path
from typing import Callable, Final, Iterable

from ..engine.api import Events, Game
from ..engine.core import game_seed
from ..engine.run import fuzz_games, fuzz_one, play_game, play_in_place

BENCH_RUNS: Final = 5  # as timeit repeats by default
CHECKED_GAMES: Final = 60  # games timed with invariants checked (each run)
SAMPLE_GAMES: Final = 30  # games replayed for the per-action figures
# Each game's goals, compiled, on one core (issues 20, 21, 28 and 29): random games and actions
# per second, and games per second with every action checked (tcgrules.engine.run.fuzz_one).
GOALS: Final = {"battle-spirits": {"games_per_s": 2_500, "actions_per_s": 500_000, "checked_games_per_s": 200},
                "shadowverse-evolve": {"games_per_s": 2_000}, "zero-dimension": {"games_per_s": 1_500},
                "xinglingwang": {"games_per_s": 1_500}}
FIGURES: Final = ("games_per_s", "actions_per_s", "checked_games_per_s")  # timed for every game
# The flat-memory run (a million fuzzed actions, once a slow test's): checked games, the peak resident memory
# after the first stretch and after the second; the goal bounds its growth (4,200 games that each
# left 2 KiB behind would break it).
FLAT_MEMORY_GAMES: Final = (500, 4_200)
FLAT_MEMORY_GOAL_KIB: Final = 8 * 1024


class Clock:
    """Wall and CPU seconds of what ran between ``start`` and ``stop``."""

    def __init__(self) -> None:
        self.wall = self.cpu = 0.0

    def __enter__(self) -> "Clock":
        self._wall, self._cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall, self.cpu = time.perf_counter() - self._wall, time.process_time() - self._cpu


def machine_baseline(rounds: int = 2_000) -> float:
    """A fixed Python workload's rounds per CPU second (shuffling and sorting 80 numbers with a
    seeded generator): what the machine gives one process now, for the load-independent ratios."""
    rng = random.Random(1)
    cards = list(range(80))
    with Clock() as c:
        for _ in range(rounds):
            rng.shuffle(cards)
            sorted(cards)
    return rounds / c.cpu


def _timed_games(game: Game, decks: list, seeds: Iterable[int], step_cap: int,
                 in_place: bool = True, keep: int = 0) -> tuple[Clock, int, list]:
    """Random games played in place (the game's ``play_random``), or through ``apply``, and
    the records of the first ``keep``: a player keeps no record of the games it played, and
    the timed games should not either (Python's cycle collector walks every object kept:
    300 kept records made Battle Spirits' games 17% slower)."""
    actions = 0
    records = []
    with Clock() as clock:
        for s in seeds:
            record = play_in_place(game, decks, s, step_cap)[1] if in_place else play_game(game, decks, s, step_cap)
            actions += len(record.actions)
            if len(records) < keep:
                records.append(record)
    return clock, actions, records


def _checked_games(game: Game, decks: list, seeds: Iterable[int], step_cap: int) -> Clock:
    with Clock() as clock:
        for s in seeds:
            fuzz_one(game, decks, s, step_cap, check=True)
    return clock


def _replay_time(game: Game, decks: list, records: list, apply: Callable | None, enumerate_only: bool) -> float:
    """CPU time to re-run recorded games with an ``apply`` (``None``: the game's
    ``apply_in_place``), listing the legal actions before each action if asked."""
    collecting = gc.isenabled()
    gc.disable()  # as play_in_place does
    events = Events()
    try:
        with Clock() as clock:
            for r in records:
                state = game.new_game(decks, r.seed)
                for action in r.actions:
                    if enumerate_only:
                        game.legal(state)
                    if apply is None:
                        game.apply_in_place(state, action, events)
                        events.items.clear()
                    else:
                        state = apply(state, action).state
        return clock.cpu
    finally:
        if collecting:
            gc.enable()


def _profile(game: Game, decks: list, seeds: list, step_cap: int) -> list[dict]:
    profiler = cProfile.Profile()
    profiler.enable()
    _timed_games(game, decks, seeds, step_cap)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    top = []
    for (file, line, name), (_cc, calls, tottime, _cum, _callers) in sorted(
            stats.stats.items(), key=lambda kv: -kv[1][2])[:10]:  # type: ignore[attr-defined]
        top.append({"function": f"{Path(file).name}:{line}:{name}", "calls": calls, "own_s": round(tottime, 4)})
    return top


def bench(game: Game, games: int = 300, seed: int = 1, step_cap: int = 20_000) -> dict:
    """Random full games on one core, after a few games of warm-up: ``games_per_s`` is the
    best of :data:`BENCH_RUNS` runs of the same games (``games_per_s_runs`` lists them all),
    played in place by the game's ``play_random`` (:func:`~tcgrules.engine.run.play_in_place`);
    ``apply_games_per_s`` the same games through ``apply``, which copies the state at each
    action; ``checked_games_per_s`` games of ``engine play --check-invariants``
    (:func:`~tcgrules.engine.run.fuzz_one`). Each has a ``_cpu`` twin timed on the process's
    CPU time. Baselines run in the same process:

    * ``deepcopy_baseline_ratio``: a few of the games replayed with a ``copy.deepcopy``-based
      apply, divided by the time of the engine's own ``apply`` (how much the cheap copies save);
    * ``machine_rounds_per_s`` (:func:`machine_baseline`) and ``per_machine_round``: games/s
      divided by it, a figure of the engine that the load of the machine barely moves;
    * ``goal_ratio``: each figure over the game's goal for it (:data:`GOALS`), CPU time;
    * ``enumeration_share``, ``per_action_us`` (listing, applying, the rest, the copy),
      ``profile`` (own time over a few games) and ``peak_memory_kib`` (tracemalloc, one game).
    """
    decks = game.default_decks()
    seeds = [game_seed(seed, i) for i in range(games)]
    # Warm up on other games first: the first games of a process run a third slower (memory
    # allocator, caches), which a long-running player never sees.
    _timed_games(game, decks, [game_seed(seed + 1, -1 - i) for i in range(min(20, games))], step_cap)
    machine: list[float] = []
    runs: list[Clock] = []
    copying: list[Clock] = []
    checked: list[Clock] = []
    checked_seeds = seeds[:CHECKED_GAMES]
    for _ in range(BENCH_RUNS):  # alternated, so that a slow spell of the machine hits each alike
        machine.append(machine_baseline())
        clock, actions, records = _timed_games(game, decks, seeds, step_cap, keep=max(CHECKED_GAMES, SAMPLE_GAMES))
        runs.append(clock)
        copying.append(_timed_games(game, decks, seeds, step_cap, in_place=False)[0])
        checked.append(_checked_games(game, decks, checked_seeds, step_cap))
    best = min(runs, key=lambda c: c.wall)
    cpu = min(c.cpu for c in runs)
    checked_actions = sum(len(r.actions) for r in records[:CHECKED_GAMES])
    sample = records[: max(1, min(SAMPLE_GAMES, games))]
    sample_actions = max(1, sum(len(r.actions) for r in sample))
    replay = with_enum = played = copied = float("inf")
    for _ in range(3):  # the best of three of each, alternating
        replay = min(replay, _replay_time(game, decks, sample, None, enumerate_only=False))
        with_enum = min(with_enum, _replay_time(game, decks, sample, None, enumerate_only=True))
        played = min(played, _timed_games(game, decks, [r.seed for r in sample], step_cap)[0].cpu)
        copied = min(copied, _replay_time(game, decks, sample, game.apply, enumerate_only=False))
    few = sample[:5]  # the deepcopy baseline is some ten times slower: a few games tell the ratio
    naive = _replay_time(game, decks, few, game.naive_apply, enumerate_only=False)
    replay_few = _replay_time(game, decks, few, game.apply, enumerate_only=False)
    tracemalloc.start()
    play_in_place(game, decks, seeds[0], step_cap)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    per_action = played / sample_actions * 1e6
    listing = max(0.0, with_enum - replay) / sample_actions * 1e6
    applying = replay / sample_actions * 1e6
    machine_rate = sorted(machine)[len(machine) // 2]  # the median
    figures = {
        "games_per_s": round(games / best.wall, 1),
        "games_per_s_cpu": round(games / cpu, 1),
        "actions_per_s": round(actions / best.wall, 1),
        "actions_per_s_cpu": round(actions / cpu, 1),
        "apply_games_per_s": round(games / min(c.wall for c in copying), 1),
        "apply_games_per_s_cpu": round(games / min(c.cpu for c in copying), 1),
        "checked_games_per_s": round(len(checked_seeds) / min(c.wall for c in checked), 1),
        "checked_games_per_s_cpu": round(len(checked_seeds) / min(c.cpu for c in checked), 1),
    }
    return {
        "game": game.name,
        "games": games,
        "seconds": round(best.wall, 3),
        **figures,
        "games_per_s_runs": [round(games / c.wall, 1) for c in runs],
        "apply_games_per_s_runs": [round(games / c.wall, 1) for c in copying],
        "checked_games_per_s_runs": [round(len(checked_seeds) / c.wall, 1) for c in checked],
        "checked_games": len(checked_seeds),
        "checked_actions_per_s_cpu": round(checked_actions / min(c.cpu for c in checked), 1),
        "apply_actions_per_s": round(actions / min(c.wall for c in copying), 1),
        "average_actions": round(actions / games, 1),
        "goals": dict(GOALS.get(game.name, {})),
        "goal_ratio": {k: round(figures[f"{k}_cpu"] / v, 2) for k, v in GOALS.get(game.name, {}).items()},
        "machine_rounds_per_s": round(machine_rate, 1),
        "per_machine_round": {k: round(figures[f"{k}_cpu"] / machine_rate, 4) for k in FIGURES},
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "deepcopy_baseline_ratio": round(naive / replay_few, 2) if replay_few else None,
        "enumeration_share": round(max(0.0, with_enum - replay) / with_enum, 3) if with_enum else None,
        "per_action_us": {"total": round(per_action, 2), "list": round(listing, 2), "apply": round(applying, 2),
                          "choose_and_loop": round(max(0.0, per_action - listing - applying), 2),
                          "copy": round(max(0.0, copied - replay) / sample_actions * 1e6, 2)},
        "profile": _profile(game, decks, seeds[:20], step_cap),
        "peak_memory_kib": round(peak / 1024, 1),
    }


def flat_memory(game: Game, decks: list, seed: int = 1_000_001,
                games: tuple[int, int] = FLAT_MEMORY_GAMES) -> dict:
    """Invariant-checked random games (``engine play --check-invariants``, one process), in two
    stretches: the peak resident memory of the process after the first (caches filled) and
    after the second, whose growth is bounded by :data:`FLAT_MEMORY_GOAL_KIB` when the caches
    are bounded and games leave nothing behind. With the default stretches, Battle Spirits
    plays over a million actions: a figure for a fresh process (the peak is the process's)."""
    stretches = []
    for count, stretch_seed in zip(games, (seed, seed + 1)):
        report = fuzz_games(game, count, stretch_seed, check=True, workers=1, decks=decks)
        stretches.append({"games": report.games, "actions": report.actions, "failure": report.failure,
                          "unfinished": report.unfinished,
                          "peak_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss})
    growth = stretches[1]["peak_kib"] - stretches[0]["peak_kib"]
    return {"game": game.name, "stretches": stretches, "actions": sum(s["actions"] for s in stretches),
            "failure": next((s["failure"] for s in stretches if s["failure"]), None),
            "growth_kib": growth, "goal_kib": FLAT_MEMORY_GOAL_KIB, "flat": growth < FLAT_MEMORY_GOAL_KIB,
            "load_average": [round(x, 2) for x in os.getloadavg()]}
