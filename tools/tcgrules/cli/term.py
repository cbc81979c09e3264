"""``tcgrules term``: a concept by any of its terms, with the clauses that define it."""
from __future__ import annotations

import argparse

from . import Finding, UsageError
from ..glossary import Concept
from ..kb import text
from ..kb.model import LANGS, KnowledgeBase, UnknownClause
from .common import load_kb, print_json
from .show import find_clauses


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "term", help="look a term up in any language or script: its concept, terms and defining clauses",
        description="Find the glossary concepts one of whose terms is QUERY, in zh-Hant, zh-Hans, ja or en "
                    "(scripts and kanji variants folded: 灵魂卡 finds 靈魂卡, 疲労 finds 疲勞), or a concept id. "
                    "Exact matches are shown; without one, the concepts whose terms contain QUERY.",
        epilog="Examples: tcgrules term 灵魂卡 · tcgrules term スピリット · tcgrules term spirit --json")
    p.add_argument("query", metavar="QUERY", help="a term in any language or script, or a concept id")
    p.add_argument("--json", action="store_true", help="print the concepts (with defining clause texts) as JSON; none found: "
                   "an empty list and the closest terms (exit status 1)")
    p.set_defaults(func=run)


def describe(kb: KnowledgeBase, c: Concept) -> dict:
    """The concept as plain data, each defining clause with its text."""
    d = c.to_dict()
    if c.en_status:
        d["en_status"] = c.en_status
    d["definitions"] = [
        {"id": cid, "edition": cid.rsplit("/", 1)[0], "number": kb.clauses[cid].number,
         "text": " ".join(x for x in (kb.clauses[cid].title, kb.clauses[cid].text) if x)}
        for ids in d["defined_in"].values() for cid in ids if cid in kb.clauses]
    return d


def run(args: argparse.Namespace) -> int:
    if not args.query.strip():
        raise UsageError("empty QUERY: give a term such as 灵魂卡, スピリット or spirit")
    kb = load_kb(args.root_path)
    found = kb.glossary.lookup(args.query)
    if not found:
        close = kb.glossary.closest(args.query)
        hint = ("; closest: " + ", ".join(f"{t} ({cid})" for t, cid in close)) if close else ""
        if text.parse_number(args.query) and _clauses(kb, args.query):  # a judge's clause number: show reads it
            hint = f"; {args.query} is a clause that defines none: read it with `tcgrules show {args.query}`"
        if args.json:  # a script reads the miss on stdout too; the exit status still says none was found
            print_json({"query": args.query, "concepts": [], "closest": [{"term": t, "id": cid} for t, cid in close]})
        raise Finding(f"tcgrules: no such concept: {args.query!r}{hint}")
    data = [describe(kb, c) for c in found]
    if args.json:
        print_json({"query": args.query, "concepts": data})
        return 0
    for i, d in enumerate(data):
        if i:
            print()
        print_concept(d)
    return 0


def print_concept(d: dict) -> None:
    print(f"{d['id']}  ({d['category']})")
    for lang in LANGS:
        if lang in d["terms"]:
            proposed = " (proposed)" if lang == "en" and d.get("en_status") == "proposed" else ""
            print(f"  {lang:8} {' · '.join(d['terms'][lang])}{proposed}")
    if d.get("en_definition"):
        print(f"  meaning  {d['en_definition']} (our wording, not the rules' text)")
    for defn in d["definitions"]:
        print(f"  defined in {defn['id']}: {defn['text']}")
    if d["related"]:
        print(f"  related: {', '.join(d['related'])}")


def _clauses(kb: KnowledgeBase, number: str) -> bool:
    """Whether some edition has a clause numbered ``number`` (typed any way, as ``tcgrules show`` reads it)."""
    try:
        return bool(find_clauses(kb, number))
    except UnknownClause:
        return False
