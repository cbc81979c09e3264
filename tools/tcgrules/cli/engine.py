"""``tcgrules engine``: the rules engines' clause index, replays, random play and compiled
build; and ``tcgrules bench engine``."""
from __future__ import annotations

import argparse
import dataclasses
import json
from pathlib import Path

from . import Finding, UsageError
from .common import count, print_json

FAILURES = "build/engine/failures"
FULL_CHECK_EVERY = 100  # as tcgrules.engine.run.FULL_CHECK_EVERY (the CLI imports the engine only when run)
MAX_GAMES = 1_000_000  # --games and --step-cap: beyond this a run would not end in a working day


def _game(game: str, where: str = ""):
    """The registered :class:`~tcgrules.engine.api.Game` of that name; ``where`` names the
    file, line and field the game was read from."""
    from ..engine.api import game as find_game

    try:
        return find_game(game)
    except KeyError as e:
        raise UsageError(f"{where}: {e.args[0]}" if where else str(e.args[0])) from None


def _game_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default="battle-spirits", help="the game whose engine to use (default battle-spirits)")


def register(sub: argparse._SubParsersAction) -> None:
    eng = sub.add_parser(
        "engine", help="rules engines: clause coverage index, replay a game log, play random games, compile",
        description="The executable rules engines. Every rule function cites the clauses it implements and "
                    "every engine test the clauses it checks; 'coverage' writes that index, 'replay' verifies a "
                    "game log step by step, 'play' runs random legal games, optionally checking invariants, and "
                    "'build' compiles the engines with mypyc.",
        epilog="Examples: tcgrules engine coverage --game battle-spirits --json · "
               "tcgrules engine play --games 100 --seed 1 --check-invariants · tcgrules engine replay game.jsonl · "
               "tcgrules engine build --check")
    esub = eng.add_subparsers(dest="engine_command", metavar="SUBCOMMAND")
    eng.set_defaults(func=lambda args: eng.print_help() or 2)

    cov = esub.add_parser(
        "coverage", help="write and print the clause index: which clauses are implemented and tested",
        description="Write the clause index {game, relevant, clauses: {number: {implemented_by, tested_by}}} to "
                    "--out and print it. 'relevant' lists the clauses of chapters 1 and 3-12 that govern play; "
                    "implemented_by names the engine functions citing a clause, tested_by the tests in "
                    "tests/engine/ whose @pytest.mark.clauses marks cite it. The site shows it beside each clause.")
    _game_option(cov)
    cov.add_argument("--out", metavar="PATH", help=f"where to write the JSON (default {'build/engine/GAME.coverage.json'} "
                     "under the project root)")
    cov.add_argument("--json", action="store_true", help="print the whole index as JSON (default: a summary)")
    cov.set_defaults(func=run_coverage)

    rep = esub.add_parser(
        "replay", help="verify a JSONL game log action by action",
        description="Replay a game log (a header line with game, seed and decks; then one line per action with "
                    "the state digest after it) and check every digest. Exit 1 at the first action that is "
                    "illegal or gives another digest; 2 when the file cannot be read.")
    rep.add_argument("log", metavar="LOG", help="the .jsonl log, e.g. one written by 'engine play --log-dir'")
    rep.add_argument("--game", help="the log's game (default: read from its header)")
    rep.add_argument("--json", action="store_true", help="print the result as JSON")
    rep.set_defaults(func=run_replay)

    play = esub.add_parser(
        "play", help="play random legal games and report wins, draws, turns and actions",
        description="Play N random legal games with the engine's test decks, from seeds derived from --seed, "
                    "on every core (--workers): the games and the report are the same for any number of workers. "
                    "With --check-invariants, after every action: the action (a listed one) was accepted, apply "
                    "left its input state as it was, cards and cores are conserved and no count is negative; "
                    "before every K-th action (--check-every) the full check: listed legal actions (up to 24, "
                    "spread over the listing) are accepted and leave their input unchanged, and a serialization "
                    "round trip keeps the digest "
                    "and the listed actions (so too for each final state); every game ends within the step cap. "
                    f"A broken invariant, or a crash of the engine, exits 1 and saves the failing seed and its "
                    f"log under {FAILURES}/.")
    _game_option(play)
    play.add_argument("--games", type=count(1, MAX_GAMES), default=100,
                      help=f"how many games (default 100, at most {MAX_GAMES:,})")
    play.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    play.add_argument("--check-invariants", action="store_true", help="check the invariants after every action")
    play.add_argument("--step-cap", type=count(1, MAX_GAMES), default=20_000,
                      help="actions after which a game counts as unfinished, or breaks an invariant when "
                           f"checking (default 20000, at most {MAX_GAMES:,})")
    play.add_argument("--log-dir", metavar="DIR", help="also write each game's JSONL log into DIR")
    play.add_argument("--check-every", type=count(1), default=FULL_CHECK_EVERY, metavar="K",
                      help="with --check-invariants, the full check (up to 24 listed actions spread over the "
                           "listing, the JSON round trip) before every K-th action; the other checks still follow "
                           f"every action (default {FULL_CHECK_EVERY}; 1: the full check at every action, some 25 "
                           "times slower)")
    play.add_argument("--workers", type=count(0), default=0, metavar="N",
                      help="play the games in N processes (default 0: one per core); the games and the report "
                           "are the same for any N")
    play.add_argument("--json", action="store_true", help="print the report as JSON")
    play.set_defaults(func=run_play)

    judge = esub.add_parser(
        "judge", help="a hand-written position: its legal actions, then the given actions applied with a trace",
        description="Load POSITION (YAML or JSON, checked against the game's position.schema.json: an unknown "
                    "or misspelt key is named, with its line; its 'cards' may describe cards of the game's card "
                    "vocabulary that the test pool lacks; it may be before the game, who goes first and the "
                    "redraws pending), run the rules up to the first choice, list the legal actions by card name "
                    "with the clauses that allow them, apply ACTIONS in order and print every rule applied with "
                    "its clause (a copy of a card named twice is told apart: 白機兵#14), then the resulting "
                    "position. An action is 'kind' with "
                    "'field=value' words and at most one bare word, the card ('summon 火蜥蜴', "
                    "'pay plan=[[\"reserve\",2]]', 'end_main'), or a JSON object. The game is the position's "
                    "'game', else the <game> of a positions/<game>/ folder holding it. --json names every card of "
                    "every zone with its current values. Exit 2 on a malformed position or action, 1 when the "
                    "rules refuse an action (the clause is cited; the position is left as it was).",
        epilog="Examples: tcgrules engine judge positions/battle-spirits/vanish-at-level-2.yaml "
               "'use 吸魂術 effect=0' 'pay plan=[[\"reserve\",2]]' 'target 幽光蝶' · "
               "tcgrules engine judge POSITION --interactive · tcgrules engine judge --cases cases.jsonl")
    judge.add_argument("position", metavar="POSITION", nargs="?",
                       help="the position file (see positions/ for examples); not with --cases")
    judge.add_argument("actions", metavar="ACTION", nargs="*", help="actions to apply, in order")
    judge.add_argument("--game", help="the position's game (default: its 'game' key, else the folder "
                       "positions/<game>/ holding it)")
    judge.add_argument("--legal", action="store_true", help="list the legal actions after every applied action")
    judge.add_argument("--keep-going", action="store_true",
                       help="report a refused action with its clause and go on with the next (exit 1 at the end)")
    judge.add_argument("--interactive", action="store_true",
                       help="play the position by hand: the numbered legal actions, then read a number or an action "
                            "per line of input, print the trace; 'undo' goes back one action, 'quit' ends")
    judge.add_argument("--cases", metavar="FILE",
                       help="judge many positions in one process: FILE holds one JSON case per line, {\"position\": "
                            "file (relative to FILE) or position, \"actions\": [...], \"game\", \"keep_going\", "
                            "\"legal\", \"id\"}; one JSON report per line (JSONL) on the output")
    judge.add_argument("--json", action="store_true", help="print the report as JSON")
    judge.set_defaults(func=run_judge, needs_root=False)

    listing = esub.add_parser(
        "games", help="the games that have a rules engine, with their editions and numbering",
        description="List every registered game (each package of tcgrules/engine/ registers its game): its "
                    "name, the current editions of its rulebook with their numbering (hyphen: 8-1-6-1, dot: "
                    "10.5.1 …, from rules/editions.yaml), its replay log version, the optional hooks it declares "
                    "and its kinds of action.",
        epilog="Examples: tcgrules engine games · tcgrules engine games --json")
    listing.add_argument("--json", action="store_true", help="print the list as JSON")
    listing.set_defaults(func=run_games)

    build = esub.add_parser(
        "build", help="compile the engines with mypyc (about 2x faster; the same games), unless up to date",
        description="Compile the engine modules (tools/tcgrules/engine/core.py, battle_spirits/, "
                    "shadowverse_evolve/ and zero_dimension/) with "
                    "mypyc into tools/tcgrules/engine/_compiled/ (ignored by git). The compiled modules play "
                    "exactly the same games as the Python sources, about twice as fast. The build records a hash "
                    "of the sources it was compiled from and is used only while that hash matches: after an edit "
                    "the engine runs as Python (slower, same results) until the next build, so a stale build is "
                    "never run. Without options: build when the build is missing or stale, else say it is up to "
                    "date. Needs mypy (which provides mypyc), setuptools and a C compiler with Python's headers. "
                    "With GCC the build is profile-guided: compiled once instrumented, run on training games of "
                    "every engine (seeds the benchmark never plays), then compiled again with the profile they "
                    "wrote, about twelve minutes in all on 2 cores (each of the two compiles is of one C file, "
                    "on one core; --no-profile: one quicker compile at -O1, about a minute, "
                    "and random games about 17% slower). When the compiler fails the previous build is left as it "
                    "was. TCGRULES_ENGINE=python in the environment forces the Python modules whatever the build.",
        epilog="Examples: tcgrules engine build · tcgrules engine build --check (exit 1 when the engine would "
               "run as Python) · TCGRULES_ENGINE=python tcgrules engine play --games 10")
    build.add_argument("--force", action="store_true", help="build even when the build is up to date")
    build.add_argument("--check", action="store_true", help="build nothing: say which engine runs (compiled, or "
                       "python and why) and exit 1 when it is python")
    build.add_argument("--json", action="store_true", help="print the result as JSON")
    build.add_argument("--verbose", action="store_true", help="show the compiler's output as it runs")
    build.add_argument("--no-profile", dest="profile", action="store_false",
                       help="compile once, without the training games and the profile-guided second compile: "
                            "a third of the build time, random games about 17%% slower")
    build.set_defaults(func=run_build, needs_root=False)


def register_bench(bench: argparse._SubParsersAction) -> None:
    p = bench.add_parser(
        "engine", help="random and invariant-checked games per second on one core, as ratios against baselines",
        description="Time random full games with the engine's test decks on one core, after a few games of "
                    "warm-up, and print games/s and actions/s: the best of five runs of the same games, played "
                    "in place (one state changed action after action), then the same games through apply, which "
                    "copies the state at each action, then games with every action checked as 'engine play "
                    "--check-invariants' checks it. Each figure is given on the wall clock and on the process's "
                    "CPU time (which other jobs on a shared machine disturb less), with the load average, and as "
                    "ratios: against the goals, against a fixed Python workload run between the games (a figure "
                    "the load barely moves), and a copy.deepcopy-based apply against the engine's. Then the share "
                    "of time spent listing legal actions, the time per action split into listing, applying and "
                    "choosing, a profile summary and the peak memory of a game. The JSON's 'engine' says whether "
                    "the compiled build (tcgrules engine build) or the Python modules ran; with the compiled one, "
                    "the Python modules are timed too, in a child process. Goals, compiled on one core: Battle "
                    "Spirits >= 2500 games/s, >= 500000 actions/s, >= 200 games/s with invariants checked; "
                    "Shadowverse: Evolve >= 2000 games/s; Zero Dimension and 星靈王 >= 1500 games/s.")
    _game_option(p)
    p.add_argument("--games", type=count(1, MAX_GAMES), default=300,
                   help=f"games to time (default 300, at most {MAX_GAMES:,})")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.add_argument("--no-python", action="store_true",
                   help="with the compiled engine, skip the comparison run of the Python modules (by default "
                        "run in a child process: its games/s, the speed-up, and the profile cProfile can take)")
    p.add_argument("--flat-memory", action="store_true",
                   help="instead, the flat-memory run: 500 invariant-checked games, then 4,200 more (over a million "
                        "actions of Battle Spirits), and the growth of the process's peak resident memory between "
                        "them (goal: under 8 MiB; caches bounded, games leave nothing behind)")
    p.set_defaults(func=run_bench)

    j = bench.add_parser(
        "judge", help="one 'engine judge' call on a small position of each game: seconds and ratios",
        description="Run 'tcgrules engine judge' on a small position of each game (positions/…, with its actions) "
                    "in a new process, as a judge does, interleaved with a bare Python start, RUNS times each; "
                    "print the median wall-clock and CPU seconds, the ratio to the Python start (which the "
                    "machine's load moves alike) and to the goal of 0.3 s a call, and the seconds of one more "
                    "judgement in a process that has the engine loaded (as --cases judges each further case).")
    j.add_argument("--runs", type=count(1, 1000), default=7, help="processes timed per figure (default 7)")
    j.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    j.set_defaults(func=run_bench_judge)


# ---------------------------------------------------------------- handlers


def run_coverage(args: argparse.Namespace) -> int:
    from ..engine.coverage import coverage_index, coverage_path, untested
    from ..kb.store import output_path

    _game(args.game)
    index = coverage_index(args.root_path, args.game)
    out = output_path(args.root_path, args.out) if args.out else coverage_path(args.root_path, args.game)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if args.json:
        print_json(index)
        return 0
    clauses = index["clauses"]
    implemented = [n for n, c in clauses.items() if c["implemented_by"]]
    tested = [n for n, c in clauses.items() if c["tested_by"]]
    rel = set(index["relevant"])
    print(f"{args.game}: {len(rel)} relevant clauses; {len(implemented)} implemented "
          f"({len(rel & set(implemented))} relevant), {len(tested)} cited by tests")
    missing = untested(index)
    if missing:
        print(f"implemented but cited by no test: {', '.join(missing)}")
    print(f"written to {out}")
    return 0


def run_games(args: argparse.Namespace) -> int:
    from ..engine.coverage import game_summaries

    summaries = game_summaries(args.root_path)
    if args.json:
        print_json(summaries)
        return 0
    for g in summaries:
        editions = ", ".join(f"{e['lang']} {e['version'] or e['revision']}" for e in g["editions"])
        print(f"{g['game']} ({g['title']}): {editions}; numbered {'/'.join(g['numbering'])} "
              f"({g['example_citation']}); log version {g['log_version']}; "
              f"{len(g['actions'])} kinds of action; declares {', '.join(g['capabilities']) or 'no optional hook'}")
    return 0


def run_replay(args: argparse.Namespace) -> int:
    from ..engine.api import InputError
    from ..engine.run import ReplayMismatch, read_log_header, replay_log

    path = Path(args.log)
    try:
        game = _game(args.game) if args.game else _game(_log_game(path, read_log_header(path)), f"{path}:1: game")
        report = replay_log(game, path)
    except ReplayMismatch as e:
        raise Finding(f"tcgrules: replay failed: {e}") from None
    except InputError as e:
        raise UsageError(str(e)) from None
    if args.json:
        print_json(dataclasses.asdict(report))
    else:
        print(f"{path}: {report.actions} actions replayed, every digest matches; outcome {report.outcome}")
    return 0


def _log_game(path: Path, header) -> str:
    if not isinstance(header, dict) or not isinstance(header.get("game"), str):
        raise UsageError(f"{path}:1: game: not a game log header (expected JSON with 'game', 'seed', 'decks')")
    return header["game"]


def run_judge(args: argparse.Namespace) -> int:
    from ..engine.api import InputError

    try:
        if args.cases:
            return _judge_cases(args)
        if not args.position:
            raise UsageError("tcgrules engine judge: give a POSITION file, or --cases FILE")
        return _judge_one(args)
    except InputError as e:
        raise UsageError(str(e)) from None


def _judge_one(args: argparse.Namespace) -> int:
    import sys

    from ..engine.api import game_names
    from ..engine.judge import interact, position_game
    from ..engine.run import judge_position, read_position

    path = Path(args.position)
    data, lines = read_position(path)
    game = _game(args.game) if args.game else _game(position_game(path, data, game_names(), lines))
    if args.interactive:
        if args.actions:
            raise UsageError("tcgrules engine judge: --interactive reads the actions from the input, not ACTION")
        try:
            interact(game, path, sys.stdin, print, args.json)
        except UnicodeDecodeError as e:
            raise UsageError(f"standard input: not UTF-8 text ({e.reason} at byte {e.start})") from None
        return 0
    report = judge_position(game, path, args.actions, keep_going=args.keep_going, legal_after=args.legal)
    if args.json:
        print_json(report.to_json())
    else:
        print_judge(report)
    if report.rejected:
        raise Finding(f"tcgrules: refused: {report.rejected}" if len(report.refused) == 1 else
                      f"tcgrules: {len(report.refused)} actions refused, the first: {report.rejected}")
    return 0


def _judge_cases(args: argparse.Namespace) -> int:
    from ..engine.api import InputError, game_names
    from ..engine.judge import judge_cases

    if args.position or args.interactive:
        raise UsageError("tcgrules engine judge: --cases takes its positions and actions from FILE")

    def game(name: str):
        try:
            return _game(name)
        except UsageError as e:
            raise InputError(str(e), field="game") from None

    errors = refused = 0
    for out in judge_cases(Path(args.cases), game, game_names()):
        print(json.dumps(out, ensure_ascii=False), flush=True)
        errors += "error" in out
        refused += bool(out.get("refused"))
    if errors:
        raise UsageError(f"{errors} case(s) could not be judged (their lines say why)")
    if refused:
        raise Finding(f"tcgrules: {refused} case(s) with a refused action")
    return 0


def print_judge(report) -> None:
    if report.opening:
        print("rule processing from the position:")
        for line in report.opening:
            print(f"    {line}")
    print("legal actions:")
    _print_legal(report.legal)
    refused = {r.n: r for r in report.refused}
    applied = dict(zip(report.numbers, range(len(report.steps))))
    for n in sorted({*refused, *applied}):
        if n in refused:
            r = refused[n]
            print(f"> {r.action}\n    refused: {r.message} ({r.clause}); the position is unchanged")
            continue
        k = applied[n]
        action, trace = report.steps[k]
        print(f"> {action}")
        for line in trace:
            print(f"    {line}")
        if report.after:
            print("  legal actions now:")
            _print_legal(report.after[k], "  ")
    print("position:")
    print("  " + report.position.replace("\n", "\n  "))
    if report.result:
        print(f"result: {report.result}")


def _print_legal(legal, indent: str = "") -> None:
    for x in legal:
        print(f"{indent}  {x.text}  [{', '.join(x.clauses)}]")


def run_play(args: argparse.Namespace) -> int:
    from ..engine.core import game_seed
    from ..engine.run import fuzz_games, play_game, write_log
    from ..kb.store import output_path

    log_dir = output_path(args.root_path, args.log_dir) if args.log_dir else None
    game = _game(args.game)
    report = fuzz_games(game, args.games, args.seed, check=args.check_invariants, workers=args.workers,
                        save_dir=args.root_path / FAILURES, step_cap=args.step_cap, every=args.check_every)
    if log_dir:
        decks = game.default_decks()
        for i in range(args.games):
            s = game_seed(args.seed, i)
            record = play_game(game, decks, s, args.step_cap, with_digests=True)
            write_log(log_dir / f"{args.game}-{s}.jsonl", game, record)
    if args.json:
        print_json(report.to_json())
    else:
        print(f"{args.game}: {args.games} games from seed {args.seed}"
              f"{' with invariants checked' if report.checked else ''}: wins {report.wins['0']} / "
              f"{report.wins['1']}, draws {report.draws}, unfinished {report.unfinished}, "
              f"average {report.average_turns} turns and {report.average_actions} actions")
    if report.failure:
        raise Finding(f"tcgrules: invariant broken: {report.failure}"
                      + (f" (seed and log saved: {report.saved})" if report.saved else ""))
    return 0


def _describe(status: dict) -> str:
    return f"engine: {status['engine']} ({status['why']})"


def run_build(args: argparse.Namespace) -> int:
    from ..engine import build

    if args.check:
        status = build.status()
        if args.json:
            print_json(status)
        else:
            print(_describe(status))
        return 0 if status["engine"] == "compiled" else 1
    try:
        result = build.ensure(force=args.force, verbose=args.verbose, profile=args.profile)
    except build.BuildError as e:
        raise Finding(f"tcgrules: engine build failed: {e}\nAny previous build is left as it was.") from None
    status = build.status()
    if args.json:
        print_json({**result, "engine": status["engine"], "why": status["why"]})
        return 0
    if result["built"]:
        how = "profile-guided, trained on random games" if result["profiled"] else "without a profile"
        print(f"compiled {len(result['modules'])} engine modules with mypyc ({how}) in {result['seconds']} s "
              f"into {result['path']}")
    else:
        print(f"up to date: {result['path']} matches the sources (--force rebuilds)")
    print(_describe(status))
    return 0


def run_bench(args: argparse.Namespace) -> int:
    from ..bench.engine import bench
    from ..engine.build import status

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.flat_memory:
        return _bench_flat_memory(args)
    r = bench(_game(args.game), args.games, args.seed)
    running = status()
    r["engine"] = running["engine"]  # which modules ran: the mypyc build or the Python sources
    r["profiled"] = running.get("profiled", False)  # a profile-guided build (tcgrules engine build)
    if r["engine"] == "compiled" and not args.no_python:
        # cProfile cannot see inside compiled functions, and the speed-up is worth knowing:
        # the same benchmark of the Python modules, in a process of their own.
        python = _python_bench(args)
        r["python"] = {k: python[k] for k in ("games_per_s", "games_per_s_cpu", "apply_games_per_s",
                                              "actions_per_s", "checked_games_per_s_cpu", "per_action_us",
                                              "profile")}
        r["compiled_speedup"] = round(r["games_per_s_cpu"] / python["games_per_s_cpu"], 2)
        r["profile"] = python["profile"]
        r["profile_of"] = "the Python modules (cProfile cannot see inside compiled ones)"
    if args.json:
        print_json(r)
        return 0
    goal, ratio = r["goals"], r["goal_ratio"]
    print(f"{r['game']} ({r['engine']} engine{', profile-guided' if r['profiled'] else ''}), {r['games']} random games on one core, load average "
          f"{', '.join(str(x) for x in r['load_average'])}; best of {len(r['games_per_s_runs'])} runs, wall clock "
          "(CPU time of this process):")
    print(f"  random games:  {r['games_per_s']} games/s ({r['games_per_s_cpu']}), {r['actions_per_s']} actions/s "
          f"({r['actions_per_s_cpu']}); {r['average_actions']} actions a game")
    print(f"  through apply, copying the state at each action: {r['apply_games_per_s']} games/s "
          f"({r['apply_games_per_s_cpu']})")
    print(f"  invariants checked at every action ({r['checked_games']} games): {r['checked_games_per_s']} games/s "
          f"({r['checked_games_per_s_cpu']}); {r['checked_actions_per_s_cpu']} actions/s of CPU time")
    print("  games/s of each run: " + ", ".join(str(g) for g in r["games_per_s_runs"]) + "; checked: "
          + ", ".join(str(g) for g in r["checked_games_per_s_runs"]))
    print("ratios against the goals (CPU time): "
          + ", ".join(f"{k.replace('_', ' ')} {ratio[k]}x of {goal[k]:,}" for k in goal))
    print(f"ratios against the machine baseline ({r['machine_rounds_per_s']} rounds/s of a fixed Python workload, "
          "run between the games): " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in r["per_machine_round"].items()))
    print(f"deepcopy-based apply: {r['deepcopy_baseline_ratio']}x slower; listing legal actions: "
          f"{r['enumeration_share']:.0%} of the time; peak memory of a game {r['peak_memory_kib']} KiB")
    cost = r["per_action_us"]
    print(f"per action (CPU): {cost['total']} µs = listing {cost['list']} + applying {cost['apply']} "
          f"+ choosing and the loop {cost['choose_and_loop']}; apply's copy adds {cost['copy']}")
    if "python" in r:
        print(f"the Python modules: {r['python']['games_per_s_cpu']} games/s, {r['python']['checked_games_per_s_cpu']} "
              f"checked games/s (CPU); compiled: {r['compiled_speedup']}x faster")
    print("profile" + (f" of {r['profile_of']}" if "profile_of" in r else "") + ":")
    for f in r["profile"]:
        print(f"  {f['own_s']:8.4f} s  {f['calls']:8d}  {f['function']}")
    return 0


def run_bench_judge(args: argparse.Namespace) -> int:
    from ..bench.judge import POSITIONS, bench

    try:
        r = bench(args.root_path, args.runs)
    except RuntimeError as e:
        raise Finding(f"tcgrules: bench judge: {e}") from None
    if args.json:
        print_json(r)
        return 0
    py = r["python_start"]
    print(f"one 'engine judge' call, median of {r['runs']} processes, load average "
          f"{', '.join(map(str, r['load_average']))}; a bare Python start: {py['wall_s']} s wall, {py['cpu_s']} s CPU")
    for game in POSITIONS:
        g = r[game]
        print(f"  {game}: {g['wall_s']} s wall ({g['cpu_s']} s CPU), {g['ratio_to_python_start']}x a Python start, "
              f"{g['goal_ratio']}x the goal of {r['goal_s']} s; judged again in the same process: "
              f"{g['loaded_judge_s']} s")
    return 0


def _bench_flat_memory(args: argparse.Namespace) -> int:
    """``bench engine --flat-memory``: the game's default decks checked game after game; exit
    status 1 when an invariant broke or the peak memory grew past the goal."""
    from ..bench.engine import flat_memory

    game = _game(args.game)
    r = flat_memory(game, game.default_decks())
    if args.json:
        print_json(r)
    else:
        first, rest = r["stretches"]
        print(f"{r['game']}: {r['actions']:,} invariant-checked actions in {first['games'] + rest['games']:,} games, "
              f"load average {', '.join(str(x) for x in r['load_average'])}; peak resident memory "
              f"{first['peak_kib']:,} KiB after {first['games']:,} games, {rest['peak_kib']:,} KiB after "
              f"{rest['games']:,} more: grew {r['growth_kib']:,} KiB (goal under {r['goal_kib']:,})")
        if r["failure"]:
            print(f"broken invariant: {r['failure']}")
    return 0 if r["flat"] and r["failure"] is None else 1


def _python_bench(args: argparse.Namespace) -> dict:
    """``bench engine --json`` run with TCGRULES_ENGINE=python in a child process."""
    import os
    import subprocess
    import sys

    cmd = [sys.executable, "-c", "import sys; from tcgrules.cli import main; sys.exit(main())", "bench", "engine",
           "--game", args.game, "--games", str(args.games), "--seed", str(args.seed), "--json", "--no-python"]
    run = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "TCGRULES_ENGINE": "python"})
    if run.returncode != 0:
        raise Finding(f"tcgrules: the Python engine's benchmark failed:\n{run.stderr[-2000:]}")
    return json.loads(run.stdout)
