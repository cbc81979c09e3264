"""The site's search worker expands a term within its concept's game, as `tcgrules search`
does (issue 33, item 3: "in the command line and in the browser alike").

The worker has no query-side expansion: each clause section carries, in ``more``, the terms of the
concepts its own game's terms link (:func:`tcgrules.glossary.link.link_clauses`, at import) and, in ``head``, those
of the concepts it defines. This runs the worker's Engine under node over the clauses of two
crafted games (glossarykit.TWO_GAMES: Alpha's Discard lists 棄牌, which Beta prints), their
fields made by the site's own :func:`tcgrules.site.search_index.head_strings` and
:func:`~tcgrules.site.search_index.more_strings`.
"""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import glossarykit
from workerkit import entry_docs, run_worker, term_tables
from tcgrules.kb import load_knowledge_base
from tcgrules.search import open_searcher
from tcgrules.site import search_index

# The worker's browser globals stubbed; its Engine indexes the sections, then lists each query's.
DRIVER = r"""
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const sections = new Engine({ config: { tcgrules: { fold: input.table } }, docs: input.docs });
sections.indexText(() => process.stdout.write(JSON.stringify(
  input.queries.map(q => sections.search(q).items.flat().map(item => item.location.replace(/^http:\/\/localhost\//, '')).filter(l => l.includes('#'))))));
"""


def section_docs(root: Path) -> list[dict]:
    """Each clause of ``root`` as the site's index lists it: its location, text, names and the
    terms of the concepts it uses."""
    kb = load_knowledge_base(root)
    ctx = SimpleNamespace(glossary=kb.glossary)
    return [{"location": f"{c.game}/{c.lang}/#{c.number}", "title": c.title or c.number, "text": c.text,
             "head": search_index.head_strings(ctx, c), "more": search_index.more_strings(ctx, c), "langs": [c.lang]}
            for c in kb.clauses.values()]


def listed(root: Path, queries: list[str]) -> list[list[str]]:
    """The sections (game/lang/#number) the worker lists for each query, in order."""
    return run_worker(DRIVER, section_docs(root), queries)


def test_the_worker_expands_a_term_only_within_its_games_clauses(tmp_path: Path) -> None:
    """Discard lists Alpha's defining clause (after its heading) and no clause of Beta printing
    only Alpha's words (弃牌, 废弃; Beta's clauses using its own Discard step are its own); 弃牌
    typed finds Beta's clauses printing it, not its 废弃; 廢棄 typed, Beta's 废弃 only.

    This holds on main too (found in round 25: the worker's expansion was in the game already);
    it fails if ``more`` or ``head`` take another game's concepts, or the worker expands the query."""
    discard, qipai, feiqi = listed(glossarykit.two_games_root(tmp_path), ["Discard", "弃牌", "廢棄"])
    assert "alpha/zh-Hant/#5-13-1" in discard[:2]
    assert not {"beta/zh-Hans/#408.1", "beta/zh-Hans/#409"} & set(discard)  # they print only Alpha's words
    assert {loc for loc in qipai if loc.startswith("beta/")} == {f"beta/zh-Hans/#{n}" for n in ("408", "408.1", "408.2")}
    assert {loc for loc in feiqi if loc.startswith("beta/")} == {"beta/zh-Hans/#409"}


# The worker over the glossary's entries and every clause section, with the term lookup's tables.
ALL_DRIVER = r"""
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const site = new Engine({ config: { tcgrules: { fold: input.table, phrases: input.phrases, terms: input.terms } }, docs: input.docs });
site.indexText(() => process.stdout.write(JSON.stringify(
  input.queries.map(q => site.search(q).items.flat().map(item => item.location.replace(/^http:\/\/localhost\//, '')).filter(l => l.includes('#'))))));
"""


def listed_with_entries(root: Path, queries: list[str]) -> list[list[str]]:
    """The glossary entries (glossary/game/#slug) and sections (game/lang/#number) the worker lists
    for each query, in order, over ``root``'s rules and glossary as the site indexes them."""
    kb = load_knowledge_base(root)
    g = kb.glossary
    docs = [{"location": f"{c.game}/{c.lang}/#{c.number}", "title": c.title or c.number, "text": c.text,
             "head": search_index.head_strings(SimpleNamespace(glossary=g), c), "langs": [c.lang]} for c in kb.clauses.values()]
    return run_worker(ALL_DRIVER, docs + entry_docs(g), queries, term_tables(g))


def test_the_worker_lists_the_clause_defining_the_entry_a_phrase_names_after_it(root: Path, searched_root: Path) -> None:
    """A term with words round it (issue 33, search round 21), as `tcgrules search` ranks it:
    after the entry `tcgrules term` names, the clause defining it in its game, not a clause of
    another game holding the phrase's words (主要阶段打随从: Shadowverse: Evolve's Main phase, 7.3,
    not 星靈王's), nor the heading or a sibling of the definition (墓场的卡数量: Cemetery, 4.9.1, not 4.9;
    隨從體力降到0: Defense, 2.8.1, not 2.8); a clause number typed keeps its clauses first. An English
    phrase naming several concepts, or a concept by a deed, a description or words of its terms
    (search round 22: follower health, banishing a card, where the leader card sits, keisho summon),
    lists first the clause `tcgrules search` lists first. A term naming one entry whole lists its
    definition first (search round 23: defeat check, 10-2-1, not the heading 10-2 its title names),
    as `tcgrules search` ranks a term's definitions (LEADS) before a heading of its name (TITLE_EXACT)."""
    english = ["follower health", "banishing a card", "where the leader card sits", "keisho summon",
               "defeat check", "collab name", "effect text", "leader area", "roll a die"]
    main, cemetery, defense, number, *phrases = listed_with_entries(
        root, ["主要阶段打随从", "墓场的卡数量", "隨從體力降到0", "10.5.1", *english])
    with open_searcher(searched_root) as searcher:
        for query, found in zip(english, phrases):
            hit = searcher.search(query)[0]
            assert [ref for ref in found if not ref.startswith("glossary/")][0] == f"{hit.game}/{hit.lang}/#{hit.number}", query
    assert main[:2] == ["glossary/shadowverse-evolve/#main-phase", "shadowverse-evolve/zh-Hans/#7.3"]
    assert cemetery[:2] == ["glossary/shadowverse-evolve/#cemetery", "shadowverse-evolve/zh-Hans/#4.9.1"]
    assert defense[1] == "shadowverse-evolve/zh-Hans/#2.8.1"
    assert number[0] == "shadowverse-evolve/zh-Hans/#10.5.1"


def test_a_term_several_games_share_keeps_every_games_definition_among_the_first_clauses(root: Path) -> None:
    """A term several games have, typed with no game named (Hand), lists the entries alike and,
    as `tcgrules search` does, the clause defining it in each game among the first ten (a judge
    reading 星靈王 looks for its 4.1), not one game's definitions poured ahead of the others."""
    hand, = listed_with_entries(root, ["Hand"])
    sections = [ref for ref in hand if not ref.startswith("glossary/")][:10]
    assert {"zero-dimension/zh-Hans/#203", "xinglingwang/zh-Hant/#4.1"} <= set(sections)
    assert {ref.split("/", 1)[0] for ref in sections} == {"battle-spirits", "shadowverse-evolve", "xinglingwang", "zero-dimension"}
