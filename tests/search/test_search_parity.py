"""The site's search lists first the clause `tcgrules search` lists first (issue 33, item 3: "in the
command line and in the browser alike"; search round 23).

The term parity (tests/search/test_term_parity.py) holds the worker's first glossary entry to the
concept `tcgrules term` names; this holds the worker's first clause to the command line's first
hit, for every fourth query of every English and terms set's tune half: the worker run under node as
the site's home page runs it, over the built site's own index (workerkit.site_listed: every page's
sections at their addresses, the side-by-side rows, the folders, the fold and term tables, the index
the build made), its first clause read as the site's recall reads the search box (the reading views
of the first ten pages listed; tests/site/test_site_browser.py holds this harness to the browser). A
clause is its game and number (a Battle Spirits clause in either language is the one).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.bench import halves
from tcgrules.kb import load_knowledge_base
from tcgrules.search import open_searcher
from workerkit import site_clauses, site_listed

# The share of every fourth query of each set's tune half whose first clause is the same clause on the
# site's home page as in `tcgrules search`. Measured by this harness since search round 27 (before it, the
# worker ran over the clauses alone, each edition one page of results, with a fold table holding the
# queries' own characters): 1,060 of 1,139 alike on main (the old harness: 1,058), 1,068 after round 27's
# change (every tune query: 4,193 -> 4,239 of 4,504). Three sets measure lower than the old harness did,
# each by a query it placed as no page of the site does (the same on main's worker): english-fresh-7
# 0.93 -> 0.9 (turned sideways cards: the entry's two defining clauses in the build's order, the command
# line's by BM25), terms-5 1.0 -> 0.94 (帰刃: the site's fold table has no 帰, a Japanese form no rule
# prints, so the site found nothing; back to 1.0 since fold28: the fold table holds every ideograph folding
# as a document's character does), terms-9 0.93 -> 0.9 (フォロワーの攻撃力). What differs still
# (every tune query, 265; on main 311): another clause of the same game (117; 117), a term several games'
# entries are named by alike, whose definitions the command line ranks all by BM25 and the worker lists
# those of the entry `tcgrules term` lists first, then each other's best (52; 95), no clause in the
# first ten pages of the site (35; 35), another game (31; 31), a section's heading against a clause under
# it (20; 23), none in the command line (10; 10). The twenty-fourth round's new sets (sets24), measured on
# the merged tree of the thirty-second session: english-fresh-18 0.903 (28 of 31), terms-18 0.949 (37 of 39).
# Lowered in that session: terms-13 0.94 -> 0.92 (36 -> 35 of 38): topic28's asking words make SVE有哪些领域
# name Zone on both sides (was Public zone), and the command line then lists the chapter Zones (SVE 4) first,
# the site Zone's definition (4.1.1): a heading against a clause under it, mended in the thirty-fourth session
# (parity28), which made both sides share four rules: the search reads a question's asking words as `tcgrules
# term` does (SVE有哪些领域: Zone); of a term several games' entries are named by alike, the command line lists the
# definitions of the entry `tcgrules term` lists first before the others' (ALIKE), as the site does; a query no
# clause holds whole and naming no concept leads, in both, with the definitions of the concept its words describe
# (the command line's whole=False reading; the worker's described entry, where its text search found some words
# only); the site lists the definitions of the entry it leads with before every clause found by words, wherever
# the entry ranks (衍生卡: Token's 2.9.1, not the section 2.9). Every fourth tune query: 1,134 -> 1,151 of 1,209
# alike; every tune query (4,771 distinct): 286 -> 222 differ: another clause of the same game (133 -> 128), a
# term several games share (51 -> 2), no clause in the site's first ten pages (32 -> 30), another game (35 -> 32),
# a heading against a clause under it (25 -> 20; mostly Zero Dimension's and 星靈王's section against its
# paragraph, where the command line's search names no concept and `tcgrules term` does: 防御胜利时 角色, Defense
# won, defined in 804), none in the command line (10). Raised to the new measure: english 0.96 -> 1.0,
# english-fresh-2 0.9 -> 1.0, -3 0.89 -> 0.97, -4 0.96 -> 1.0, -6 0.9 -> 0.93, -7 0.9 -> 0.93, terms-3 0.97 -> 1.0,
# terms-4 0.92 -> 0.96, terms-6 0.92 -> 0.96, terms-8 0.95 -> 0.97, terms-9 0.9 -> 0.95, terms-13 0.92 -> 0.94,
# terms-16 0.83 -> 0.89, terms-18 0.94 -> 0.97. Then a fifth: of a concept's defining clauses, both list first one
# defining it alone before one it shares with another concept (Shadowverse: Evolve's 5.3.1 defines Reserved and
# Engaged: engaged is 4.2.2.2 on both sides), where the command line's BM25 put the shared one first: every fourth
# 1,151 -> 1,156; every tune query 222 -> 203 differ (another clause of the same game 128 -> 109); english-fresh-5
# 0.96 -> 1.0, -9 0.94 -> 0.97, -11 0.92 -> 0.96, terms-9 0.95 -> 1.0.
# Thirty-fourth session (named34): a kind of card only one game has (随从, 灵魂卡, 单位) names that game's
# concept in the command line and the worker alike, its definition first (kb.concepts.kind_named):
# english-fresh-18 28 -> 29 of 31, terms-17 30 -> 31 of 37, terms-18 37 -> 38 of 39, terms-16 31 -> 30 of 37
# (0.84 -> 0.81: 防禦為0的隨從被規則破壞, both now Shadowverse: Evolve's, not Battle Spirits' 8-1-3-1: the command
# line's search names its concept of the rest by its own steps, 12.14, the worker the term lookup's Destroy, 5.5).
# The session's merged tree (round 1 and round 2: named34, english30/31/32, terms28/29, topic34, parity28),
# every fourth tune query: 1,253 of 1,306 alike; raised to its measure: terms-6 0.96 -> 1.0, terms-16 0.81 ->
# 0.91, terms-17 0.81 -> 0.86, terms-18 0.97 -> 1.0, english-fresh-18 0.9 -> 0.93. The twenty-fifth round's new
# sets (sets25, written on 13b0a03), measured on that tree: english-fresh-19 0.928 (39 of 42), terms-19 0.945
# (52 of 55). Session onelookup: the command line names a query's concepts by `tcgrules term`'s own lookup (no port
# of it); where the worker's port still differs from it, or ranks the entry's clauses otherwise, three sets measure
# lower: english-fresh-13 1.0 -> 0.96 (a query on Battle Spirits' card frame: the command line lists 2-12-1, defining
# Card number, the concept `tcgrules term` names first; the site 2-16-1), terms-8 0.97 -> 0.95, terms-9 1.0 -> 0.97.
# Thirty-fifth session's merged tree (onelookup, engdesc, engnamed, termsdesc, termsnamed): 1,371 of 1,409 alike
# (97.3%; 1,253 of 1,306 before), raised to its measure (english-fresh-13 back to 1.0); the new sets (sets26, written
# on ca5c9e3): english-fresh-20 0.957 (45 of 47), terms-20 0.964 (54 of 56).
# Round 2 (workerparity): a misspelt word respelt to a term several entries stem alike names, in the worker as in
# `tcgrules term`, the entry the respelt term names first (Battle Spirits' Exhaust, not Exhausted): 1,372 of 1,409
# alike; english-fresh-6 0.93 -> 0.95.
# Thirty-sixth session's merged tree (engwords2, termsrank2, engdesc2): 1,476 of 1,512 alike (97.6%); the new sets
# (sets27, written on 0318e50): english-fresh-21 0.915 (43 of 47), terms-21 0.982 (55 of 56); english-fresh-20, terms-9,
# -16, -19, -20 raised to their measure (0.97, 1.0 ×4).
# parity36: a word a colon follows is no game in the worker (a game before a colon cites a clause by its number only), and
# a query naming a game lists no entry of it by its text alone where no rule names one: 1,476 -> 1,478 of 1,512 alike;
# english-fresh-19 0.95 -> 1.0 (42 of 42).
# phrasefold: the worker folds the phrases OpenCC folds whole (回覆 → 回复) as text.fold does: terms-14 0.892 -> 0.919.
ALIKE = {"english.yaml": 1.0, "english-fresh.yaml": 0.8, "english-fresh-2.yaml": 1.0,
         "english-fresh-3.yaml": 0.97, "english-fresh-4.yaml": 1.0, "english-fresh-5.yaml": 1.0,
         "english-fresh-6.yaml": 0.95, "english-fresh-7.yaml": 0.93, "english-fresh-8.yaml": 0.97,
         "english-fresh-9.yaml": 0.97, "english-fresh-10.yaml": 1.0, "english-fresh-11.yaml": 0.96,
         "english-fresh-12.yaml": 0.96, "english-fresh-13.yaml": 1.0, "english-fresh-14.yaml": 0.94,
         "english-fresh-15.yaml": 0.94, "english-fresh-16.yaml": 1.0, "english-fresh-17.yaml": 0.96,
         "terms.yaml": 1.0, "terms-2.yaml": 1.0, "terms-3.yaml": 1.0, "terms-4.yaml": 0.96,
         "terms-5.yaml": 1.0, "terms-6.yaml": 1.0, "terms-7.yaml": 0.96, "terms-8.yaml": 0.97,
         "terms-9.yaml": 1.0, "terms-10.yaml": 1.0, "terms-11.yaml": 1.0, "terms-12.yaml": 1.0,
         "terms-13.yaml": 0.94, "terms-14.yaml": 0.91, "terms-15.yaml": 1.0, "terms-16.yaml": 1.0,
         "terms-17.yaml": 0.94, "english-fresh-18.yaml": 0.93, "terms-18.yaml": 1.0,
         "english-fresh-19.yaml": 1.0, "terms-19.yaml": 1.0,
         "english-fresh-20.yaml": 0.97, "terms-20.yaml": 1.0,
         "english-fresh-21.yaml": 0.91, "terms-21.yaml": 0.98}
SAMPLED = 4  # every fourth query of a tune half


def clause(cid: str | None) -> tuple[str, str] | None:
    """A clause id's clause: its game and number (game/lang/version/number)."""
    return None if cid is None else (cid.split("/", 1)[0], cid.rsplit("/", 1)[1])


def test_every_english_and_term_set_is_held_to_the_clause_parity(root: Path) -> None:
    sets = {p.name for p in (root / "tests" / "queries").glob("*.yaml") if p.name.startswith(("english", "terms"))}
    assert sets == set(ALIKE)


@pytest.fixture(scope="module")
def site_first(root: Path, real_site: Path, kb) -> dict[str, str | None]:
    """The clause the site's home page lists first (its id) for every query the slow tests below ask
    (every fourth of each set's tune half, and NUMBERS), from one run of the worker over the site's index."""
    queries = list(dict.fromkeys([*(d["query"] for tune in sampled(root).values() for d in tune), *NUMBERS, *UNPRINTED,
                                  *DEFINED_FIRST, *SHARED]))
    listed = site_clauses(kb, site_listed(real_site, queries), 1)
    return {q: ids[0] if ids else None for q, ids in zip(queries, listed)}


def sampled(root: Path) -> dict[str, list[dict]]:
    """Every fourth query of each set's tune half, by set."""
    return {name: halves.load_halves(root / "tests" / "queries" / name)["tune"][::SAMPLED] for name in sorted(ALIKE)}


@pytest.mark.slow  # 1,004 queries in both searches, the worker over every clause: minutes
def test_the_site_lists_first_the_clause_the_command_line_lists_first(root: Path, searched_root: Path, site_first) -> None:
    low = {}  # every set below its measure at once, with the queries differing
    with open_searcher(searched_root) as searcher:
        for name, tune in sampled(root).items():
            pairs = [(d["query"], clause(hits[0].id) if (hits := searcher.search(d["query"], limit=1)) else None,
                      clause(site_first[d["query"]])) for d in tune]
            alike = sum(cli == site for _, cli, site in pairs) / len(pairs)
            if alike < ALIKE[name]:
                low[name] = (alike, [p for p in pairs if p[1] != p[2]][:20])
    assert not low, {name: alike for name, (alike, _) in low.items()}


# A number several games have, typed as one game prints its numbers: Shadowverse: Evolve's 10.1, Battle
# Spirits' 10-1 (the worker's own example, numbered; search round 25).
NUMBERS = {"10.1": "shadowverse-evolve", "10-1": "battle-spirits"}


def test_the_command_line_lists_first_the_game_printing_a_number_as_typed(searched_root: Path) -> None:
    """`tcgrules search` lists first, of the clauses a number several games have names, the game's
    printing it as typed (its separators); the others after it (NUMBER, all)."""
    with open_searcher(searched_root) as searcher:
        for q, game in NUMBERS.items():
            hits = searcher.search(q)
            assert hits[0].game == game and len({h.game for h in hits if h.tier == hits[0].tier}) > 1, (q, hits[:3])


@pytest.mark.slow  # the worker over every clause (its run shared with the test above)
def test_the_site_lists_first_the_game_printing_a_number_as_typed(searched_root: Path, site_first) -> None:
    """A clause number several games have goes, in both searches, to the game printing it as typed,
    whichever page it is typed on (the worker's `numbered`, the command line's NUMBER tier)."""
    with open_searcher(searched_root) as searcher:
        for q, game in NUMBERS.items():
            assert clause(searcher.search(q, limit=1)[0].id) == clause(site_first[q]) == (game, q), (q, site_first[q])


# Japanese forms no rule prints (the zh-Hant rules print 歸): the site folds them as the command line does.
UNPRINTED = ["帰刃"]


@pytest.mark.slow  # the worker over every clause (its run shared with the tests above)
def test_a_japanese_form_no_rule_prints_lists_first_the_clause_the_command_line_lists_first(
        searched_root: Path, site_first) -> None:
    with open_searcher(searched_root) as searcher:
        for q in UNPRINTED:
            hits = searcher.search(q, limit=1)
            assert hits and clause(hits[0].id) == clause(site_first[q]), (q, hits[:1], site_first[q])


@pytest.fixture(scope="module")
def kb(root: Path, real_kb_kept: Path):
    """The real rules and glossary, read once for the module from the records the site build keeps."""
    return load_knowledge_base(root, kept=real_kb_kept)


def defining(kb, cid: str) -> set[tuple[str, str]]:
    """The clauses (game and number) defining the concept ``cid``."""
    return {clause(n) for ns in kb.glossary.concept(cid).defined_in.values() for n in ns}


# Terms several games' entries are named by alike, typed whole (the worker's own examples: 先攻, destroyed,
# Hand): the site lists first a clause defining the entry `tcgrules term` lists first, and the other
# entries' definitions among the first ten (search round 27; a judge reading 星靈王 finds its 4.1 for Hand).
NAMED_ALIKE = ["先攻", "destroyed", "Hand"]
# Such terms of the tune halves (destroying: Battle Spirits' Destroy first; concede: its Surrender; 攻击力:
# Shadowverse: Evolve's Attack), in the command line: the definitions of the entry `tcgrules term` lists
# first before the others' (ALIKE), as the site lists them, not all of them by BM25 (search round 34).
SHARED = ["destroying", "concede", "攻击力"]


def test_the_command_line_lists_first_the_definition_of_the_concept_a_shared_term_names_first(searched_root: Path, kb) -> None:
    with open_searcher(searched_root) as searcher:
        firsts = {q: clause(searcher.search(q, limit=1)[0].id) for q in SHARED}
    assert {q: first in defining(kb, kb.glossary.lookup(q)[0].id) for q, first in firsts.items()} == dict.fromkeys(SHARED, True), firsts


@pytest.mark.slow  # the worker over the built site's index
def test_a_term_several_games_name_alike_lists_first_the_definition_of_the_concept_term_lists_first(
        searched_root: Path, real_site: Path, kb) -> None:
    """A term typed whole that several games' entries are named by: the site lists first (after the
    entries) a clause defining the entry `tcgrules term` lists first, as `tcgrules search` lists a
    definition of a concept the term names first (LEADS), then each other entry's best, not one game's
    definitions poured ahead of the others' (Material lists a page's sections together: one game's
    chapter page may fill the first ten)."""
    named = {q: [c.id for c in kb.glossary.lookup(q)] for q in NAMED_ALIKE}
    assert all(len({cid.split("/")[0] for cid in ids}) > 1 for ids in named.values()), named
    listed = dict(zip(NAMED_ALIKE, site_clauses(kb, site_listed(real_site, NAMED_ALIKE))))
    with open_searcher(searched_root) as searcher:
        for q, ids in named.items():
            cli, ten = clause(searcher.search(q, limit=1)[0].id), {clause(cid) for cid in listed[q]}
            assert clause(listed[q][0]) in defining(kb, ids[0]) and cli in set().union(*(defining(kb, c) for c in ids)), (q, listed[q])
            assert sum(bool(defining(kb, c) & ten) for c in ids) > 1, (q, listed[q])


@pytest.mark.slow  # the worker over every clause (its run shared with the tests above)
def test_the_site_lists_first_the_clause_the_command_line_lists_for_a_shared_term(searched_root: Path, site_first) -> None:
    with open_searcher(searched_root) as searcher:
        assert {q: clause(site_first[q]) for q in SHARED} == {q: clause(searcher.search(q, limit=1)[0].id) for q in SHARED}


# A term typed on an edition's page, in its language, the other's or another script: the definition in
# the page's edition first (Battle Spirits' 3-2-1 defines スピリット and 靈魂卡, its 7-6-1 主要階段, which
# three games' entries are named by), not the other language's nor the side-by-side row (search round 27); a
# clause found by words only the other language prints, in the page's edition first too (効果の条件, the Japanese
# heading of 9-2: the site's recall types it on the Chinese page; search round 34).
ON_THE_PAGE = {("battle-spirits/zh-Hant/", "zh-Hant"): {"スピリット": "3-2-1", "主要阶段": "7-6-1", "灵魂卡": "3-2-1",
                                                        "効果の条件": "9-2"},
               ("battle-spirits/ja/", "ja"): {"靈魂卡": "3-2-1", "スピリット": "3-2-1"}}


@pytest.mark.slow  # the worker over the built site's index
def test_a_term_typed_on_an_edition_page_lists_first_its_definition_in_that_edition(real_site: Path, kb) -> None:
    """On an edition's page the clause defining the term a query names comes first in that edition
    (a judge reads the edition open before them), whichever language or script the term is typed in."""
    for (here, lang), expected in ON_THE_PAGE.items():
        first = site_clauses(kb, site_listed(real_site, list(expected), here, lang), 1)
        edition = next(e.key for e in kb.current_editions() if f"{e.game}/{e.lang}/" == here)
        assert {q: ids[0] for q, ids in zip(expected, first)} == {q: f"{edition}/{n}" for q, n in expected.items()}, here


# The definition a judge wants of a concept, listed first by both searches (search round 34): not the heading
# of the section holding it (the command line's LEADS tier above the clauses found by words; the site's
# definitions before those clauses, wherever the entry ranks): SVE有哪些领域 is Zone's 4.1.1 (asking words,
# kb.concepts.asking_split, read by the search as by `tcgrules term`), not the chapter Zones (4); 衍生卡 is
# Token's 2.9.1 (its nearest term), not the section Token information (2.9); and of its defining clauses, one
# defining it alone before one it shares with another concept (Shadowverse: Evolve's 5.3.1 defines Reserved and
# Engaged): engaged is 4.2.2.2, reserved state 4.2.2.1, not one by the command line's BM25, the other by the worker's.
# A phrase a clause prints that is no phrase of the rules (Glossary.rule_phrase: shorter than ten characters, or made of
# terms and fillers) names its concept loosely on both sides, its definition first: 主战者的体力, the leader's Defense
# (2.8.1); 重疲労状態のフィールド, Heavily exhausted (5-5-1-3), not the clauses printing the phrase. A heading typed whole
# over a numbered clause under it defining the concept it names loosely lists that definition first (卡框上的資訊, the
# heading 2-16: the Card frame, 2-16-1), a chapter's title the chapter (遊戲基礎用語, chapter 5).
DEFINED_FIRST = {"SVE有哪些领域": ("shadowverse-evolve", "4.1.1"), "衍生卡": ("shadowverse-evolve", "2.9.1"),
                 "engaged": ("shadowverse-evolve", "4.2.2.2"), "reserved state": ("shadowverse-evolve", "4.2.2.1"),
                 "主战者的体力": ("shadowverse-evolve", "2.8.1"), "重疲労状態のフィールド": ("battle-spirits", "5-5-1-3"),
                 "卡框上的資訊": ("battle-spirits", "2-16-1"), "遊戲基礎用語": ("battle-spirits", "5")}


def test_the_command_line_lists_first_the_definition_a_judge_wants(searched_root: Path) -> None:
    with open_searcher(searched_root) as searcher:
        assert {q: clause(searcher.search(q, limit=1)[0].id) for q in DEFINED_FIRST} == DEFINED_FIRST


@pytest.mark.slow  # the worker over every clause (its run shared with the tests above)
def test_the_site_lists_first_the_definition_a_judge_wants(site_first) -> None:
    assert {q: clause(site_first[q]) for q in DEFINED_FIRST} == DEFINED_FIRST


def test_the_worker_reads_a_sentence_of_the_rules_by_the_command_line_s_punctuation() -> None:
    """A query holding a sentence's punctuation is a sentence of the rules typed, searched as typed on both
    sides: the worker's SENTENCE holds the characters the command line's does."""
    import re

    from tcgrules.search.query import SENTENCE
    from workerkit import WORKER

    assert re.search(r"^const SENTENCE = /(.+)/;$", WORKER.read_text(encoding="utf-8"), re.M)[1] == SENTENCE.pattern
