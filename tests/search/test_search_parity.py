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
# queries' own characters): 1,060 of 1,139 alike (the old harness: 1,058; every tune query: 4,193 of
# 4,504). Three sets measure lower than the old harness did, each by a query it placed as no page of the
# site does: english-fresh-7 0.93 -> 0.9 (turned sideways cards: the entry's two defining clauses in the
# build's order, the command line's by BM25), terms-5 1.0 -> 0.94 (帰刃: the site's fold table has no 帰,
# a Japanese form no rule prints, so the site finds nothing), terms-9 0.93 -> 0.9 (フォロワーの攻撃力).
# What differs (every tune query, 311): another clause of the same game (117), a term several games'
# entries are named by alike, whose definitions the command line ranks all by BM25 and the worker keeps
# in their places (95), no clause in the first ten pages of the site (35), another game (31), a section's
# heading against a clause under it (23), none in the command line (10).
ALIKE = {"english.yaml": 0.89, "english-fresh.yaml": 0.8, "english-fresh-2.yaml": 0.9,
         "english-fresh-3.yaml": 0.87, "english-fresh-4.yaml": 0.93, "english-fresh-5.yaml": 0.92,
         "english-fresh-6.yaml": 0.9, "english-fresh-7.yaml": 0.9, "english-fresh-8.yaml": 0.91,
         "english-fresh-9.yaml": 0.94, "english-fresh-10.yaml": 1.0, "english-fresh-11.yaml": 0.92,
         "english-fresh-12.yaml": 0.88, "english-fresh-13.yaml": 1.0, "english-fresh-14.yaml": 0.94,
         "english-fresh-15.yaml": 0.91, "english-fresh-16.yaml": 0.93, "english-fresh-17.yaml": 0.96,
         "terms.yaml": 0.73, "terms-2.yaml": 1.0, "terms-3.yaml": 0.97, "terms-4.yaml": 0.92,
         "terms-5.yaml": 0.94, "terms-6.yaml": 0.92, "terms-7.yaml": 0.85, "terms-8.yaml": 0.95,
         "terms-9.yaml": 0.9, "terms-10.yaml": 0.96, "terms-11.yaml": 1.0, "terms-12.yaml": 0.98,
         "terms-13.yaml": 0.94, "terms-14.yaml": 0.86, "terms-15.yaml": 0.97, "terms-16.yaml": 0.83,
         "terms-17.yaml": 0.81}
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
    queries = list(dict.fromkeys([*(d["query"] for tune in sampled(root).values() for d in tune), *NUMBERS]))
    listed = site_clauses(kb, site_listed(real_site, queries), 1)
    return {q: ids[0] if ids else None for q, ids in zip(queries, listed)}


def sampled(root: Path) -> dict[str, list[dict]]:
    """Every fourth query of each set's tune half, by set."""
    return {name: halves.load_halves(root / "tests" / "queries" / name)["tune"][::SAMPLED] for name in sorted(ALIKE)}


@pytest.mark.slow  # 1,004 queries in both searches, the worker over every clause: minutes
def test_the_site_lists_first_the_clause_the_command_line_lists_first(root: Path, searched_root: Path, site_first) -> None:
    with open_searcher(searched_root) as searcher:
        for name, tune in sampled(root).items():
            pairs = [(d["query"], clause(hits[0].id) if (hits := searcher.search(d["query"], limit=1)) else None,
                      clause(site_first[d["query"]])) for d in tune]
            alike = sum(cli == site for _, cli, site in pairs) / len(pairs)
            assert alike >= ALIKE[name], (name, alike, [p for p in pairs if p[1] != p[2]][:20])


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


@pytest.fixture(scope="module")
def kb(root: Path, real_kb_kept: Path):
    """The real rules and glossary, read once for the module from the records the site build keeps."""
    return load_knowledge_base(root, kept=real_kb_kept)
