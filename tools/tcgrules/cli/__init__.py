"""The ``tcgrules`` command: a thin layer over the library.

Each command lives in a module of this package that defines
``register(subparsers)`` (and, for benchmarks, ``register_bench(bench_subparsers)``);
the handler it sets calls a library function and prints its result, as text or ``--json``.
Exit codes: 0 success, 1 a finding (a failed check, no such term), 2 bad input.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path

from ..errors import Finding, UsageError
from ..kb.files import KnowledgeBaseError, control_problem, find_root

# Command modules, in the order their commands appear in --help.
COMMANDS = [
    "imports",
    "check",
    "export",
    "api",
    "show",
    "search",
    "term",
    "glossary",
    "site",
    "engine",
    "diff",
    "revision",
]
BENCH_COMMANDS: list[str] = [
    "imports",
    "search",
    "engine",
    "diff",
    "site",
    "glossary",
]
# Which module registers each command name, so that running one command imports only its
# module (start-up time matters for `tcgrules search`); tests keep this in step with the
# modules. Names missing here fall back to building the whole parser.
COMMAND_MODULES = {
    "import": "imports", "check": "check", "export": "export", "api": "api", "show": "show", "search": "search",
    "term": "term", "glossary": "glossary", "site": "site", "engine": "engine",
    "diff": "diff", "history": "diff", "align": "diff", "revision": "revision",
}
BENCH_MODULES = {"records": "imports", "search": "search", "engine": "engine", "judge": "engine", "diff": "diff", "site": "site", "lint": "glossary"}


def _root(args: argparse.Namespace) -> Path:
    return Path(args.root).resolve() if args.root else find_root()


def build_parser(only: str | None = None, only_bench: str | None = None) -> argparse.ArgumentParser:
    """The parser with every command, or only the module of command ``only`` (and of the
    benchmark ``only_bench``) when the command line names one."""
    parser = Parser(
        prog="tcgrules",
        description="Multilingual rules knowledge base for trading card games: import rulebooks, "
                    "check records, search, look up terms and clauses, build the site, diff "
                    "revisions and run the rules engines.",
        epilog="Run 'tcgrules COMMAND --help' for a command's options. Clause citations have the "
               "form <game>:<number>, e.g. battle-spirits:8-1-6-1. Exit status: 0 done or found; 1 a "
               "negative answer (no such clause or term, a check that failed); 2 bad input (a "
               "one-line error naming the file, line, field or clause).",
    )
    parser.add_argument("--root", metavar="DIR", help="project root (default: the nearest folder "
                        "upwards that holds rules/editions.yaml)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    bench = sub.add_parser("bench", help="benchmarks: figures as ratios against a baseline run in the same process",
                           description="Benchmarks. Each prints its figures and, with --json, one JSON object.")
    bench_sub = bench.add_subparsers(dest="bench_command", metavar="WHAT")
    bench.set_defaults(func=lambda args: bench.print_help() or 2)
    modules = [COMMAND_MODULES[only]] if only in COMMAND_MODULES else ([] if only == "bench" else COMMANDS)
    bench_modules = [BENCH_MODULES[only_bench]] if only_bench in BENCH_MODULES else BENCH_COMMANDS
    for name in modules:
        importlib.import_module(f"tcgrules.cli.{name}").register(sub)
    if only in (None, "bench") or only not in COMMAND_MODULES:
        for name in bench_modules:
            importlib.import_module(f"tcgrules.cli.{name}").register_bench(bench_sub)
    parser.set_defaults(func=lambda args: parser.print_help() or 2)
    return parser


def _command_words(argv: list[str]) -> tuple[str | None, str | None]:
    """The command (and benchmark) named on the command line, skipping ``--root DIR``."""
    words: list[str] = []
    i = 0
    while i < len(argv) and len(words) < 2:
        a = argv[i]
        if a == "--root":
            i += 2
            continue
        if a.startswith("-"):
            if words:  # an option of the command: the benchmark name, if any, came before
                break
            i += 1
            continue
        words.append(a)
        i += 1
    cmd = words[0] if words else None
    return cmd, (words[1] if cmd == "bench" and len(words) > 1 else None)


MAX_ARGUMENT = 10_000  # characters: no citation, query or path is longer


class Parser(argparse.ArgumentParser):
    """argparse, but every argument is checked as text (an undecodable byte reaches Python as a
    lone surrogate) and an error is one line (a UsageError), not usage plus a message."""

    def _get_value(self, action, arg_string):
        # a command's action gets all the words after it; its own parser checks them
        problem = (None if isinstance(action, argparse._SubParsersAction)
                   else argument_problem(arg_string, str(action.metavar or action.dest).lower()))
        if problem:
            raise argparse.ArgumentError(action, problem)
        return super()._get_value(action, arg_string)

    def error(self, message):
        raise UsageError(f"{self.prog}: {message} (see `{self.prog} --help`)")


def argument_problem(text: str, name: str) -> str | None:
    """What makes the argument ``name`` unusable: not text, too long, control characters."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        return f"not UTF-8 text (byte 0x{ord(text[e.start]) & 0xFF:02X} at character {e.start + 1})"
    if len(text) > MAX_ARGUMENT:
        return f"{name} too long ({len(text):,} characters; at most {MAX_ARGUMENT:,})"
    if bad := control_problem(text):
        return f"{bad[1]} at character {bad[0] + 1}"
    return None


def main(argv: list[str] | None = None) -> int:
    """Run one command; bad input is one line and exit status 2, never a traceback (set
    TCGRULES_DEBUG=1 to see the traceback of an unexpected error)."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        cmd, bench = _command_words(argv)
        parser = build_parser(cmd, bench)
        args = parser.parse_args(argv)
        args.root_path = None
        if getattr(args, "needs_root", True) and args.command:
            args.root_path = _root(args)
        rc = args.func(args)
    except (UsageError, KnowledgeBaseError) as e:
        print(f"tcgrules: error: {one_line(e)}", file=sys.stderr)
        return 2
    except Finding as e:
        print(str(e), file=sys.stderr)
        return 1
    except BrokenPipeError:  # `tcgrules export … | head`
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as e:
        if os.environ.get("TCGRULES_DEBUG"):
            raise
        print(f"tcgrules: internal error: {type(e).__name__}: {one_line(e)} "
              "(a bug: run with TCGRULES_DEBUG=1 for the traceback)", file=sys.stderr)
        return 2
    return int(rc or 0)


def one_line(e: BaseException, limit: int = 500) -> str:
    """An error message on one line, cut to ``limit`` characters, printable whatever it quotes."""
    text = " ".join(str(e).splitlines()).encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else text[:limit] + "…"

