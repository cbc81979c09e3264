"""``tcgrules revision add / list / remove``: a new rulebook file becomes a revision in one command."""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ..diff import Revision, diff_revisions, load_forced
from ..diff.report import counts_line, numbers
from ..engine.coverage import citing
from ..ingest import revision
from ..ingest.stale import StaleCitations, unresolved
from ..kb import load_knowledge_base
from ..validate.check import run_check
from .common import print_json

LISTED_CHANGES = 30  # changes printed after the summary; `tcgrules diff` lists them all


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "revision", help="add, list or remove a revision of a rulebook",
        description="Manage the revisions of each language edition in rules/editions.yaml.",
        epilog="Example: tcgrules revision add battle-spirits ja new-rules.txt --version Ver.1.1 --date 2026/07/01")
    rsub = p.add_subparsers(dest="revision_command", metavar="ACTION")
    p.set_defaults(func=lambda args: p.print_help() or 2)

    a = rsub.add_parser(
        "add", help="add a new rulebook file as the current revision of an edition",
        description="Copy FILE (the rulebook as UTF-8 text) to rules/sources/, record its sha256 in "
                    "rules/editions.yaml as the new current revision of GAME in LANG, import it, run "
                    "`tcgrules check` and check that every clause the engines and tests cite still names one, "
                    "then print what changed since the previous revision and the defects "
                    "the importer found in the source. The revision's folder is named after --version "
                    "(Ver.1.1 → rules/GAME/LANG/1.1/). Anything wrong (unknown game, a version that exists, a "
                    "date before the previous revision's, a file of the wrong format) is an error, and "
                    "nothing is written. A revision that removes or changes a clause that rule functions or "
                    "tests cite is refused with the list of them and both texts, unless --allow-stale.",
        epilog="Then: tcgrules site build (the Changes page, feeds and clause history follow).")
    a.add_argument("game", metavar="GAME", help="the game, e.g. battle-spirits")
    a.add_argument("lang", metavar="LANG", help="the language edition: zh-Hant, zh-Hans or ja")
    a.add_argument("file", metavar="FILE", type=Path, help="the new rulebook, as UTF-8 text")
    a.add_argument("--version", required=True,
                   help="the version the rulebook prints (Ver.1.1); r2, r3 … when it prints none")
    a.add_argument("--date", required=True, help="the date the rulebook prints, e.g. 2026/07/01")
    a.add_argument("--title", help="the title (default: the previous revision's)")
    a.add_argument("--force", action="store_true",
                   help="add a file whose clause numbers mostly go backwards or repeat (refused otherwise)")
    a.add_argument("--allow-stale", action="store_true",
                   help="add it even though it removes or changes cited clauses: their citations are marked "
                        "stale (\"cites the r1 text; changed in r2\") in rules/editions.yaml, the engine "
                        "coverage and on the site, until they are updated")
    a.add_argument("--json", action="store_true", help="print the new revision, counts and defects as JSON")
    a.set_defaults(func=run_add)

    ls = rsub.add_parser("list", help="list the revisions of every edition (or of one game / language)",
                         description="List every revision in rules/editions.yaml in the order they were added: "
                                     "version, date, whether current, records and source.")
    ls.add_argument("game", metavar="GAME", nargs="?", help="only this game")
    ls.add_argument("lang", metavar="LANG", nargs="?", help="only this language")
    ls.add_argument("--json", action="store_true", help="print the list as JSON")
    ls.set_defaults(func=run_list)

    rm = rsub.add_parser(
        "remove", help="remove a revision: its entry, records and source copy",
        description="Remove REVISION (its folder name, as `revision list` shows it) of GAME in LANG from "
                    "rules/editions.yaml, with its records and its source copy. Removing the current revision "
                    "makes the previous one current; the only revision of an edition is never removed.")
    rm.add_argument("game", metavar="GAME")
    rm.add_argument("lang", metavar="LANG")
    rm.add_argument("revision", metavar="REVISION", help="e.g. 1.1 or r2")
    rm.set_defaults(func=run_remove)


def _verify(view: Path, game: str, cited: dict[str, list[str]]) -> list[str]:
    """`tcgrules check` on the view of rules/ with the new revision, then what the engine and
    the site need of the game: every citation (``cited``) names a clause of its current
    revisions or is marked stale."""
    problems = [str(p) for p in run_check(view).errors]
    return problems or unresolved(load_knowledge_base(view), game, cited)


def run_add(args: argparse.Namespace) -> int:
    root = args.root_path
    cited = citing(root, args.game)
    try:
        added = revision.add(root, args.game, args.lang, args.file, args.version, args.date, args.title,
                             lambda view: _verify(view, args.game, cited), args.force, cited, args.allow_stale)
    except StaleCitations as e:
        print(f"tcgrules: error: {e}", file=sys.stderr)
        for s in e.stale:
            print("\n".join("  " + line for line in s.lines(e.previous.label, e.edition.label)), file=sys.stderr)
        return 2
    kb = load_knowledge_base(root)
    old, new = (Revision(kb.edition(e.key), kb.in_edition(e.key), e.key) for e in (added.previous, added.edition))
    d = diff_revisions(old, new, load_forced(root))
    defects = sorted(added.result.defects, key=lambda x: x.line)
    if args.json:
        print_json({"edition": added.edition.manifest_dict(), "previous": added.previous.key,
                    "records": len(added.result.clauses), "summary": d.summary, "check": "OK",
                    "changes": [{"kind": ch.kind, "numbers": numbers(ch)} for ch in d.reported],
                    "stale": [s.to_dict() for s in added.stale],
                    "defects": [x.to_dict() for x in defects]})
        return 0
    e = added.edition
    print(f"added {e.key} ({e.label}, {e.date}) from rules/{e.source}: {len(added.result.clauses)} records, "
          f"sha256 {e.sha256[:12]}…; now the current revision")
    print("check: OK")
    print(f"changes since {added.previous.revision}: {counts_line(d.summary)}")
    for ch in d.reported[:LISTED_CHANGES]:
        print(f"  {ch.kind:<11} {numbers(ch)}")
    if len(d.reported) > LISTED_CHANGES:
        print(f"  … {len(d.reported) - LISTED_CHANGES} more: tcgrules diff {added.previous.key} {e.key}")
    if added.stale:
        print(f"stale: {len(added.stale)} cited clauses changed or removed (--allow-stale): update these "
              f"citations, then remove their numbers from the stale list of {e.key} in rules/editions.yaml")
        for s in added.stale:
            print("\n".join("  " + line for line in s.lines(added.previous.label, e.label)))
    kinds: dict[str, int] = {}
    for x in defects:
        kinds[x.kind] = kinds.get(x.kind, 0) + 1
    print(f"defects in the source: {len(defects)} ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))})")
    before = kb.edition(added.previous.key).defects
    seen, now = {_unlined(x) for x in before}, {_unlined(x) for x in defects}
    fresh = [x for x in defects if _unlined(x) not in seen]
    print(f"of which new since {added.previous.revision}: {len(fresh)}")
    for x in fresh:
        print(f"  rules/{e.source}:{x.line}: {x.kind}: {x.message} -> {x.action}")
    for x in (x for x in before if _unlined(x) not in now):
        print(f"  gone since {added.previous.revision}: {x.kind}: {x.message}")
    return 0


def _unlined(defect) -> tuple[str, str]:
    """A defect without its line numbers, which shift between revisions."""
    return defect.kind, re.sub(r"\blines? \d+(?:–\d+)?", "line …", defect.message)


def run_list(args: argparse.Namespace) -> int:
    rows = revision.listing(args.root_path, args.game, args.lang)
    if args.json:
        print_json(rows)
        return 0
    for r in rows:
        mark = "current" if r["current"] else "       "
        print(f"{r['game']}/{r['lang']}/{r['revision']}  {mark}  {r['version'] or '—'}  {r['date'] or '—'}  "
              f"{r['records'] or '?'} records  {r['source']}")
    return 0


def run_remove(args: argparse.Namespace) -> int:
    gone = revision.remove(args.root_path, args.game, args.lang, args.revision)
    print(f"removed {gone.key}: its rules/editions.yaml entry, records and source copy")
    return 0
