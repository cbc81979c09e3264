"""`tcgrules search` names a query's concepts by `tcgrules term`'s own lookup (Glossary.lookup), not by a
port of it that drifted (onelookup: ~109 tune queries whose first concept differed, another clause of the
same game): the glossary it asks is read from glossary/ and taught the rules' tables the index keeps
(Glossary.learnt, Glossary.learn), kept pickled beside the index under the glossary's content hash, so a
`tcgrules search` unpickles it in a tenth of a second rather than reading the rules."""
from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.bench import halves
from tcgrules.search import index, open_searcher
from tcgrules.search.query import LISTED


def tune_queries(root: Path) -> list[str]:
    """Every query of the tune halves of the English and terms sets (never a held-out one)."""
    sets = sorted(p for p in (root / "tests" / "queries").glob("*.yaml") if p.name.startswith(("english", "terms")))
    return [d["query"] for p in sets if (split := halves.load_halves(p)) for d in split["tune"]]


def test_the_search_names_every_query_s_concepts_as_the_term_lookup_does(searched_root: Path, ruled) -> None:
    """The glossary the search asks, kept with the index, answers every tune query as the one `tcgrules
    term` reads with the rules does (what each zone holds: where do discarded cards go, the Trash; how
    often a term is printed; the games' titles; the Chinese and Japanese descriptions), but for the concepts
    a query only describes, which the term lookup lists after them and the search does not."""
    with open_searcher(searched_root) as searcher:
        differ = [q for q in tune_queries(searched_root)
                  if searcher.concepts(q) != [c.id for c in ruled.lookup(q, described=False)]]
    assert differ == []


def test_the_glossary_kept_with_the_index_is_read_without_the_glossary_files(searched_root: Path, monkeypatch) -> None:
    """A second search unpickles the glossary the first kept (no YAML read), taught what the rules say."""
    with open_searcher(searched_root):
        pass  # keeps it, when no search has yet

    def refused(*_args, **_kwargs):
        raise AssertionError("the glossary files were read again")

    monkeypatch.setattr("tcgrules.kb.glossary.load_glossary", refused)
    with open_searcher(searched_root) as searcher:
        assert (index.ensure_index(searched_root) / index.GLOSSARY).is_file()
        assert searcher.glossary.holds and searcher.glossary.titles and searcher.glossary.written
        assert searcher.concepts("where do discarded cards go")[:1] == ["battle-spirits/trash"]


@pytest.mark.parametrize("query,game,first", [("untap phase", "battle-spirits", "battle-spirits/refresh-step"),
                                              ("life zone", "battle-spirits", "battle-spirits/life")])
def test_a_game_given_reads_the_query_as_naming_that_game(ruled, query: str, game: str, first: str) -> None:
    """`tcgrules search --game` reads the query as `tcgrules term` reads one naming the game: untap phase in
    battle spirits is the Refresh step (the counterpart of Zero Dimension's Reset step), life zone Life."""
    assert ruled.lookup(query, game)[0].id == ruled.lookup(f"{query} in {game.replace('-', ' ')}")[0].id == first


def test_only_the_first_concept_and_those_a_typed_term_names_rank_their_definitions(searched_root: Path) -> None:
    """Of the concepts the lookup lists (where do discarded cards go: the Trash, then every concept a word
    of it begins), the search ranks the definitions of the first and of those a term typed whole names
    (destroy: every game's Destroy; follower health: Defense, Follower and Health) only."""
    with open_searcher(searched_root) as searcher:
        assert len(searcher.concepts("where do discarded cards go")) > 1
        assert searcher.plan("where do discarded cards go").concepts == ["battle-spirits/trash"]
        destroy = searcher.plan("destroy").concepts
        assert len(destroy) > 1 and set(destroy) == set(searcher.concepts("destroy"))


def test_a_chinese_phrase_names_its_concept_loosely_only_by_a_term_among_more_characters(searched_root: Path) -> None:
    """A Chinese or Japanese phrase no term is, holding its concept's term with more than ADDED characters
    besides the fillers (回合玩家决定发动顺序: Turn player, 回合玩家), names it loosely, so a clause printing
    the phrase keeps its place; one holding the term with a character or two besides (抽一张牌: Draw's 抽牌,
    一张 fillers; 墓场区: the Cemetery) names it as a term does."""
    with open_searcher(searched_root) as searcher:
        far = searcher.plan("回合玩家决定发动顺序")
        assert far.concepts == ["battle-spirits/turn-player"] and far.far
        for near in ("抽一张牌", "墓场区"):
            assert searcher.plan(near).concepts and not searcher.plan(near).far, near


@pytest.mark.parametrize("query", ["shuffle the deck at random", "where do discarded cards go"])
def test_the_other_concepts_definitions_follow_in_the_order_the_lookup_lists_them(searched_root: Path, query: str) -> None:
    """The definitions of the concepts `tcgrules term` lists after the first (LISTED) come in the order it lists
    them, the second's first, not by how many of the query's words they print (shuffle the deck at random: Zero
    Dimension's Shuffle leads, then Shadowverse: Evolve's Random, the second listed, before the Deck's or a
    zone's definitions), so the concepts term lists reach the search's top ten."""
    with open_searcher(searched_root) as searcher:
        place = searcher.plan(query).listed  # each definition with its concept's place after the first
        hits = [place[h.id] for h in searcher.search(query, limit=10) if h.tier == LISTED]
        assert hits[:1] == [0] and hits == sorted(hits)


def test_a_phrase_of_the_rules_a_clause_prints_lists_the_definitions_of_its_loose_concept_after_the_clauses_found(
        searched_root: Path) -> None:
    """A Chinese or Japanese phrase of the rules (Glossary.rule_phrase: ten characters or more, not made of terms and
    fillers) naming its concept loosely (far) that a clause prints is searched as typed, the clauses printing it first;
    the definitions of the concept `tcgrules term` names for it follow them, not left out (主战者的体力设置为20, the
    leader's 体力: the clause printing it, then Shadowverse: Evolve's Defense, 2.8.1)."""
    with open_searcher(searched_root) as searcher:
        plan = searcher.plan("主战者的体力设置为20")
        assert plan.far and plan.defining == {"shadowverse-evolve/zh-Hans/r1/2.8.1"}
        hits = [h.id for h in searcher.search("主战者的体力设置为20", limit=10)]
        assert hits[0] not in plan.defining and "shadowverse-evolve/zh-Hans/r1/2.8.1" in hits


@pytest.mark.parametrize("query", ["主战者的体力", "重疲労状態のフィールド"])
def test_a_short_phrase_or_one_of_terms_a_clause_prints_lists_the_definitions_of_its_loose_concept_first(
        searched_root: Path, query: str) -> None:
    """A phrase shorter than a phrase of the rules (主战者的体力, the leader's 体力: Shadowverse: Evolve's Defense), or
    one made of terms and fillers (重疲労状態のフィールド: Heavily exhausted, Field), is a player's words for the concept it names
    loosely, though a clause prints it: that concept's definitions lead, as a term's do (Glossary.rule_phrase)."""
    with open_searcher(searched_root) as searcher:
        plan = searcher.plan(query)
        assert plan.far and not searcher.glossary.rule_phrase(query) and searcher._printing(plan)
        assert searcher.search(query, limit=1)[0].id in plan.defining


@pytest.mark.parametrize(("query", "first"), [("卡框上的資訊", "battle-spirits/zh-Hant/1.0/2-16-1"),
                                              ("遊戲基礎用語", "battle-spirits/zh-Hant/1.0/5")])
def test_a_heading_typed_over_the_definition_of_its_concept_lists_the_definition_first(
        searched_root: Path, query: str, first: str) -> None:
    """A heading typed whole, no term (卡框上的資訊, Battle Spirits' 2-16), whose numbered clause under it defines the
    concept the query names (the Card frame, 2-16-1) ranks after that definition, as a title of its terms; a chapter's
    title (遊戲基礎用語, chapter 5) still names the chapter, before the definition of the Game (5-1)."""
    with open_searcher(searched_root) as searcher:
        assert searcher.search(query, limit=1)[0].id == first
