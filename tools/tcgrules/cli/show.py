"""``tcgrules show``: one clause with its context, for a judge at the table."""
from __future__ import annotations

import argparse

from . import Finding, UsageError
from ..kb.model import Clause, KnowledgeBase, UnknownClause
from ..kb.text import number_forms, parse_number
from .common import load_kb, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "show", help="print a clause with its parents, references, back-references and translation",
        description="Print a clause by id (battle-spirits/ja/1.0/8-1-6-1) or citation (battle-spirits:8-1-6-1, "
                    "which shows it in every language edition): its parent chain, its text, the clauses it "
                    "refers to, the clauses that refer to it and its counterpart in the other language edition.",
        epilog="Examples: tcgrules show battle-spirits:8-1-6-1 · tcgrules show zero-dimension:901 --json")
    p.add_argument("ref", metavar="ID_OR_CITATION", help="a clause id, <game>:<number>, or a clause number in any "
                   "form (8.1.6.1, ８－１－６－１), shown in every game that has it")
    p.add_argument("--json", action="store_true", help="print the clause(s) and their context as JSON")
    p.set_defaults(func=run)


def context(kb: KnowledgeBase, c: Clause) -> dict:
    """A clause with what a reader needs around it, as plain data."""
    return {
        "clause": c.to_dict(),
        "edition": c.edition,
        "citation": c.citation,
        "parents": [{"id": p.id, "number": p.number, "title": p.title} for p in kb.ancestors(c.id)],
        "refers_to": [{"span": r.span, "target": r.target, "target_end": r.target_end, "reason": r.reason,
                       "target_text": kb.clauses[r.target].text if r.target else None} for r in c.refs],
        "referred_by": [{"id": b.id, "number": b.number, "text": b.text} for b in kb.backrefs.get(c.id, [])],
        "counterparts": [{"id": o.id, "lang": o.lang, "title": o.title, "text": o.text} for o in kb.counterparts(c)],
        "children": [{"id": ch.id, "number": ch.number, "kind": ch.kind} for ch in kb.children(c.id)],
    }


def find_clauses(kb: KnowledgeBase, ref: str) -> list[Clause]:
    """The clauses ``ref`` names: an id, a citation, or a clause number written any way
    (8.1.6.1, ８－１－６－１, with or without ``<game>:``; without, in every game that has it)."""
    try:
        return kb.lookup(ref)
    except UnknownClause as e:
        parsed = parse_number(ref)
        if not parsed or (parsed[0] and parsed[0] not in kb.games()):
            raise
        error = e  # kept: it names what was looked for when no number form matches either
    game, parts = parsed
    found = {c.id: c for e in kb.current_editions(game=game) for form in number_forms(parts)
             for c in kb.by_number(e.key, form)}
    if not found:
        raise error
    return list(found.values())


def run(args: argparse.Namespace) -> int:
    kb = load_kb(args.root_path)
    try:
        found = find_clauses(kb, args.ref)
    except UnknownClause as e:
        game, colon, number = args.ref.strip().partition(":")
        if colon and game not in kb.games():  # bad input, not a clause that is missing
            raise UsageError(f"unknown game {game!r} in {args.ref!r} (known: {', '.join(kb.games())})") from None
        if colon and (not number.strip() or ":" in number):
            raise UsageError(f"{args.ref!r} is not a citation: write <game>:<number>, "
                             "e.g. battle-spirits:8-1-6-1") from None
        raise Finding(f"tcgrules: {e}") from None
    data = [context(kb, c) for c in found]
    if args.json:
        print_json(data if len(data) > 1 else data[0])
        return 0
    for i, d in enumerate(data):
        if i:
            print()
        print_context(d)
    return 0


def print_context(d: dict) -> None:
    c = d["clause"]
    chain = " › ".join(f"{p['number']} {p['title'] or ''}".strip() for p in d["parents"])
    print(f"{c['id']}  ({c['kind']}{'' if c['number_printed'] else ', number synthesized'})")
    if chain:
        print(f"  in: {chain}")
    head = " ".join(x for x in (c.get("label") or c["number"], c.get("title") or "") if x)
    print(f"  {head}")
    if c["text"]:
        print(f"  {c['text']}")
    for r in d["refers_to"]:
        tgt = r["target"] + (f" … {r['target_end']}" if r["target_end"] else "") if r["target"] else f"unresolved: {r['reason']}"
        print(f"  → {r['span']}: {tgt}")
    for b in d["referred_by"]:
        print(f"  ← {b['number']}: {b['text'][:60]}")
    for o in d["counterparts"]:
        print(f"  [{o['lang']}] {o['title'] or ''}{o['text']}")
