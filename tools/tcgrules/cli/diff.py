"""``tcgrules diff`` / ``history`` / ``align``: what changed between revisions and languages."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import diff
from . import Finding, UsageError
from ..diff import affected, forced
from ..diff import report
from ..site import diff_html
from .common import load_kb, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "diff", help="compare two revisions of a rulebook, clause by clause",
        description="Compare two revisions of one language edition. OLD and NEW are editions in rules/ "
                    "(battle-spirits/ja/1.0, its folder, or a revision such as 1.0 with --game/--lang) or "
                    "source files, imported on the fly by their game's importer. Each record is unchanged, "
                    "changed, minor (punctuation or spacing only), added, removed, renumbered (same text, new "
                    "number) or moved (new parent). Records pair by number first, then by text; "
                    "rules/diff-matches.yaml forces the pairs similarity gets wrong.",
        epilog="Examples: tcgrules diff battle-spirits/ja/1.0 new-rules.ja.txt · "
               "tcgrules diff 1.0 1.1 --game battle-spirits --lang ja --format markdown > CHANGES.md")
    p.add_argument("old", metavar="OLD", help="the older revision: an edition, a revision or a source file")
    p.add_argument("new", metavar="NEW", help="the newer revision: an edition, a revision or a source file")
    p.add_argument("--game", help="the game (needed for a bare revision, or a file whose name does not say it)")
    p.add_argument("--lang", help="the language (zh-Hant, zh-Hans, ja) when the game has several")
    p.add_argument("--format", choices=["terminal", "json", "markdown"], default="terminal",
                   help="terminal (default), json (a machine-readable changelog) or markdown")
    p.add_argument("--json", action="store_const", dest="format", const="json", help="same as --format json")
    p.add_argument("--color", choices=["auto", "always", "never"], default="auto",
                   help="color the terminal output (default: when writing to a terminal)")
    p.add_argument("--matches", metavar="FILE", help="forced matches (default: rules/diff-matches.yaml)")
    p.set_defaults(func=run_diff)

    h = sub.add_parser(
        "history", help="a clause through every revision: its number there and what changed",
        description="Follow a clause (by citation <game>:<number>) through every revision of each language "
                    "edition in rules/, oldest first: its number in each and what changed since the one before.",
        epilog="Example: tcgrules history battle-spirits:8-1-6-1 --lang ja")
    h.add_argument("citation", metavar="CITATION", help="<game>:<number>, e.g. battle-spirits:8-1-6-1")
    h.add_argument("--lang", help="only this language edition")
    h.add_argument("--json", action="store_true", help="print the history as JSON")
    h.set_defaults(func=run_history)

    a = sub.add_parser(
        "align", help="compare the language editions of a game: one-sided numbers, quantity slips",
        description="Align a game's current language editions by clause number and list the numbers present "
                    "in one language only (with the record that likely stands for it in the other) and the "
                    "aligned clauses whose quantities (digits, counted Chinese numerals) or counts of listed "
                    "items differ: likely translation slips.",
        epilog="Example: tcgrules align battle-spirits --json")
    a.add_argument("game", metavar="GAME", help="a game with two or more language editions")
    a.add_argument("--json", action="store_true", help="print the alignment as JSON")
    a.set_defaults(func=run_align)


def register_bench(sub: argparse._SubParsersAction) -> None:
    b = sub.add_parser(
        "diff", help="time a diff of two full editions against a no-change diff",
        description="Diff each imported edition against a crafted revision of itself (a renumbered chapter, "
                    "edits, deletions, insertions) and against an unchanged copy (the baseline); print seconds "
                    "and the ratio. The goal is a full-edition diff in at most 1 s.")
    b.add_argument("--repeat", type=int, default=5, help="runs per measure; the best counts (default 5)")
    b.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    b.set_defaults(func=run_bench)


def _sides(args: argparse.Namespace) -> tuple[diff.Revision, diff.Revision]:
    root = args.root_path
    try:
        old = diff.resolve(root, args.old, lambda: load_kb(root), args.game, args.lang)
        new = diff.resolve(root, args.new, lambda: load_kb(root), args.game, args.lang)
        diff.check_comparable(old, new)
    except diff.RevisionError as e:
        raise UsageError(str(e)) from None
    return old, new


def run_diff(args: argparse.Namespace) -> int:
    old, new = _sides(args)
    matches = args.root_path / forced.FILE if args.matches is None else Path(args.matches)
    if not matches.is_file() and args.matches is not None:
        raise UsageError(f"{matches}: no such forced-matches file")
    try:
        entries = forced.load(matches)
        d = diff.diff_revisions(old, new, entries)
    except forced.ForcedMatchError as e:
        raise UsageError(str(e)) from None
    d.affected = affected.affected_tests(args.root_path, old.edition.game, d.changes)
    if args.format == "json":
        print_json(report.to_json(d))
    elif args.format == "markdown":
        sys.stdout.write(diff_html.markdown(d))
    else:
        color = args.color == "always" or (args.color == "auto" and sys.stdout.isatty())
        sys.stdout.write(report.terminal(d, color))
    return 0


def run_history(args: argparse.Namespace) -> int:
    from ..diff import history
    from ..kb.model import UnknownClause

    kb = load_kb(args.root_path)
    try:
        entries = forced.load(args.root_path / forced.FILE)
        h = history.history(kb, args.citation, args.lang, entries)
    except UnknownClause as e:
        raise Finding(f"tcgrules: {e}") from None
    except (history.HistoryError, forced.ForcedMatchError) as e:
        raise UsageError(str(e)) from None
    if args.json:
        print_json(history.to_json(h))
    else:
        sys.stdout.write(history.text(h))
    return 0


def run_align(args: argparse.Namespace) -> int:
    from ..diff import align

    kb = load_kb(args.root_path)
    try:
        alignments = align.align(kb, args.game)
    except align.AlignError as e:
        raise UsageError(str(e)) from None
    if args.json:
        print_json([a.to_json() for a in alignments])
    else:
        sys.stdout.write("\n".join(a.text() for a in alignments))
    return 0


def run_bench(args: argparse.Namespace) -> int:
    from ..bench import diff as bench

    figures = bench.run(load_kb(args.root_path), args.repeat)
    if args.json:
        print_json(figures)
    else:
        sys.stdout.write(bench.text(figures))
    return 0
