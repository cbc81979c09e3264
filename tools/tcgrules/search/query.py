"""Running a query: clause numbers, glossary expansion, ranking and snippets.

A query is read in this order:

1. a clause id (``battle-spirits/ja/1.0/8-1-6-1``) or a clause number typed any way
   (``8-1-6-1``, ``8.1.6.1``, ``８－１－６－１``, ``battle-spirits:8-1-6-1``) goes straight
   to the clause(s) with that number — in every game unless a game is given;
2. otherwise (and after those) the text is searched: the query itself and, when it names
   glossary concepts, every term of those concepts in the concept's game (so ``spirit`` also
   searches スピリット and 靈魂卡 in Battle Spirits' clauses; the query as typed in every game) —
   each with all its words (Han character pairs overlap, so this is nearly a phrase) in titles,
   terms and texts, scored by BM25; only when no clause has the whole query, clauses with some
   of its words. The concepts a query names are the ones `tcgrules term` names, by its own lookup
   (:meth:`tcgrules.kb.concepts.Glossary.lookup`: ``deck-building rules``, English words no clause
   prints, the concept whose terms' words stand in it; 風味文字, the concept its words describe);
   an English query naming a game (``the life zone in battle spirits``, ``main phase zd``) is the
   rest of its words, searched in that game; a Chinese or Japanese phrase no term is names its
   concepts loosely by a term among more characters (回合玩家决定发动顺序: Turn player), unless a clause prints the phrase
   and it may be a phrase of the rules (:meth:`~tcgrules.kb.concepts.Glossary.rule_phrase`: ten characters or more, not
   made of terms and fillers; then their definitions only follow the clauses found),
   and a sentence of the rules typed (punctuation between its words) none.

Ranking, in tiers: a number match first (of a number several games have, the clauses printing it as
typed first: 10.1 is Shadowverse: Evolve's, 10-1 Battle Spirits', as the site's worker orders them),
then clauses whose title is the query as typed
when the query is no term (スピリットの破壊 is the heading of 8-1-6; スピリット, a term, leads
to the clause defining it before the heading of its section; a heading a numbered clause under which defines the
concept the query names first ranks after that definition, as a title of its terms: :func:`_beneath`, 卡框上的資訊 the
Card frame's 2-16-1 before the heading 2-16), then clauses that define the concept the query
names first (as `tcgrules term` names it: follower health, Defense; of several games' concepts a term typed
whole names alike, the one `tcgrules term` lists first, as the site's worker lists it: destroying, Battle
Spirits' Destroy), then those defining the others named alike, then those defining another concept it
names (a word's: Follower), then clauses whose title is one of its terms, then titles that contain it, then
those defining the other concepts `tcgrules term` lists for it (in the order it lists them), then everything else by BM25 score. A hit's ``score`` is its tier plus its
BM25 score squashed into [0, 1), so scores sort like the hits.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable, Iterator

from whoosh.query import And, Or, PreloadedOr, Query, Require, Term

from .scoring import CachedLengthBM25F
from ..kb.concepts import ADDED, FILLERS, GENERIC, Glossary, game_named, players_words, term_key
from ..kb.text import SearchToken, parse_number, search_tokens, search_words, typed_number

MAX_QUERY_CHARS = 1000  # a rule phrase is far shorter; anything longer is a mistake
CANDIDATES = 60  # BM25 hits considered for re-ranking
SNIPPET_CHARS = 80
MARK = ("**", "**")  # around matched text in snippets (Markdown bold)

# Tiers (higher first) and the boosts of the text query's parts.
NUMBER, TITLE_TYPED, LEADS, ALIKE, DEFINES, TITLE_EXACT, TITLE, LISTED, TEXT = 8, 7, 6, 5, 4, 3, 2, 1, 0
FIELD_BOOST = {"title": 4.0, "terms": 1.5, "text": 1.0}
PHRASE_BOOST = 3.0
# A sentence's punctuation: a Chinese or Japanese query holding it is a sentence of the rules typed, searched as
# typed, never read as the concepts its words name (the site's worker holds the same characters:
# tests/search/test_search_parity.py).
SENTENCE = re.compile("[，。、；,;]")


class QueryError(ValueError):
    """A query or filter the search cannot run; the message tells the user why."""


@dataclass(slots=True)
class Hit:
    """One clause found, with its rank score and a snippet with the match marked."""

    id: str
    game: str
    lang: str
    number: str
    score: float
    snippet: str
    title: str = ""
    tier: int = TEXT

    def to_dict(self) -> dict:
        return {"id": self.id, "game": self.game, "lang": self.lang, "number": self.number,
                "score": round(self.score, 4), "snippet": self.snippet}


# ---------------------------------------------------------------- reading the query


def check_query(query: str) -> str:
    """The query stripped, or :class:`QueryError` when there is nothing sensible to search."""
    q = query.strip()
    if not q:
        raise QueryError("empty query: give a term, a phrase or a clause number")
    if len(q) > MAX_QUERY_CHARS:
        raise QueryError(f"query too long: {len(q)} characters (at most {MAX_QUERY_CHARS}); "
                         "search for a phrase of the clause, not the whole text")
    if not search_tokens(q):
        raise QueryError(f"nothing to search for in {q!r}: the query has only punctuation or symbols")
    return q


def phrase_spans(indexed: list[SearchToken], tokens: list[SearchToken]) -> Iterator[tuple[int, int]]:
    """Character spans of the places where the query ``tokens`` occur, as a phrase, among
    the ``indexed`` tokens of a text (the test of Whoosh's phrase query)."""
    at = {(t.text, t.pos): t for t in reversed(indexed)}
    first, last = tokens[0], tokens[-1]
    for t in indexed:
        if t.text == first.text and all((q.text, t.pos + q.pos - first.pos) in at for q in tokens[1:]):
            yield t.start, at[(last.text, t.pos + last.pos - first.pos)].end


def find_phrase(indexed: list[SearchToken], tokens: list[SearchToken]) -> tuple[int, int] | None:
    """The span of the first place the phrase occurs (see :func:`phrase_spans`), or None."""
    return next(phrase_spans(indexed, tokens), None)


# ---------------------------------------------------------------- the searcher


class Searcher:
    """Queries over one opened index; keep it open for many queries (it is cheap then)."""

    def __init__(self, ix, meta: dict, glossary: Glossary):
        self.ix = ix
        self.meta = meta
        self.glossary = glossary  # what names a query's concepts (:meth:`concepts`)
        self._searcher = ix.searcher(weighting=CachedLengthBM25F())
        self._expansion = meta.get("expansion") or {"keys": {}, "concepts": {}}
        self._filters: dict[tuple[str | None, str | None], set[int]] = {}
        self._stored: dict[int, dict] = {}

    def close(self) -> None:
        self._searcher.close()
        self.ix.close()

    def __enter__(self) -> "Searcher":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- filters
    def check_filters(self, game: str | None, lang: str | None) -> None:
        """Unknown games and languages are errors that list the known ones."""
        editions = self.meta["editions"]
        games = sorted({e["game"] for e in editions})
        if game and game not in games:
            raise QueryError(f"unknown game {game!r} (known: {', '.join(games)})")
        langs = sorted({e["lang"] for e in editions if not game or e["game"] == game})
        if lang and lang not in langs:
            raise QueryError(f"unknown language {lang!r}{' for ' + game if game else ''} (known: {', '.join(langs)})")

    def _filter(self, game: str | None, lang: str | None) -> set[int] | None:
        """The documents of a game and/or language, computed once per searcher (Whoosh
        would rebuild the set for every search given the filter as a query)."""
        if not game and not lang:
            return None
        if (game, lang) not in self._filters:
            terms = [Term(f, v) for f, v in (("game", game), ("lang", lang)) if v]
            self._filters[(game, lang)] = set(And(terms).docs(self._searcher))  # Whoosh takes a set
        return self._filters[(game, lang)]

    def _fields(self, docnum: int) -> dict:
        """The stored fields of a document (cached: titles are read for every title match)."""
        if docnum not in self._stored:
            self._stored[docnum] = self._searcher.stored_fields(docnum)
        return self._stored[docnum]

    # --- the search
    def search(self, query: str, game: str | None = None, lang: str | None = None,
               limit: int = 10) -> list[Hit]:
        """The best ``limit`` clauses for ``query`` (see the module docstring)."""
        q = check_query(query)
        self.check_filters(game, lang)
        if limit < 1:
            raise QueryError(f"limit must be at least 1, not {limit}")
        q = players_words(q, self.glossary.players)  # story text: flavor text
        named, rest = game_named(q, self.glossary.game_names) if not game else ("", "")
        if named:  # the life zone in battle spirits: the life zone, in Battle Spirits
            q, game = rest, named
        plan = self.plan(q, game)
        ranked = self._ranked(q, plan, self._filter(game or plan.game, lang), limit)
        best = sorted(ranked.items(), key=lambda x: (-x[1][0], -x[1][1], x[0]))[:limit]
        return [self._hit(self._fields(d), tier, within, plan) for d, (tier, within) in best]

    def _ranked(self, q: str, plan: "Plan", allowed: set[int] | None, limit: int) -> dict[int, tuple[int, float]]:
        """Each document the plan finds, with its tier and its place within the tier (:func:`_within_tier`)."""
        typed = typed_number(q)  # a number several games have: the one printing it as typed first
        ranked: dict[int, tuple[int, float]] = {d: (NUMBER, float(self._fields(d)["number"] == typed)) for d in self._exact(q, allowed)}
        scores, titled = self._scores(plan, allowed, max(CANDIDATES, limit))
        printed = plan.far and (self.glossary.rule_phrase(plan.query) or self._generic_named(plan)) and self._printing(plan)
        defining, listed = (set() if printed else self._within(self._docs("id", ids), allowed) for ids in (plan.defining, plan.listed))
        leading, alike = (defining & self._docs("id", ids) for ids in (plan.leading, plan.alike))
        for d, score in scores.items():
            if d not in ranked:
                tier = plan.title_tier(self._fields(d)["title"]) if d in titled else TEXT
                ranked[d] = (max(tier, _defining_tier(d, leading, alike, defining, listed)), score)
        for d in (defining | listed).difference(ranked):  # defines a concept named, though not matched
            ranked[d] = (_defining_tier(d, leading, alike, defining, listed), 0.0)
        if printed:  # a clause prints the phrase of the rules: the definitions of the concepts it names loosely follow those found
            for d in self._within(self._docs("id", plan.defining), allowed).difference(ranked):
                ranked[d] = (TEXT, 0.0)
        headed = [self._fields(d)["id"] for d in leading]  # a heading typed over the concept's definition: it leads
        for d, (tier, bm25) in list(ranked.items()):
            if tier == TITLE_TYPED and any(_beneath(i, self._fields(d)["id"]) for i in headed):
                ranked[d] = (TITLE_EXACT, bm25)
        places = 1 + max(plan.listed.values(), default=0)
        return {d: (tier, _within_tier(bm25, plan.listed.get(self._fields(d)["id"]) if tier == LISTED else None, places))
                for d, (tier, bm25) in ranked.items()}

    def _printing(self, plan: "Plan") -> bool:
        """Whether a clause of any game or language prints the query as typed, a phrase (in its
        title or text, among the best found): a phrase of the rules typed is looked for, not the
        concept of a term standing in it (``far``: :meth:`plan`)."""
        found = self._scores(plan, None, CANDIDATES)[0]
        return any(find_phrase(search_tokens(text), plan.phrase) for d in found
                   for text in (self._fields(d)["title"], self._fields(d)["text"]) if text)

    @staticmethod
    def _hit(f: dict, tier: int, within: float, plan: "Plan") -> Hit:
        return Hit(f["id"], f["game"], f["lang"], f["number"], tier + within,
                   snippet(f["title"], f["text"], plan.phrases, plan.words), f["title"], tier)

    def _scores(self, plan: "Plan", filter_: set[int] | None, limit: int) -> tuple[dict[int, float], set[int]]:
        """BM25 scores (summed over fields) of the best ``limit`` documents of each of the
        plan's Whoosh queries and the documents whose title matched; partial matches are looked
        for only when no document has the whole query (a loosely typed phrase).

        One search per field is several times faster than one search for their union,
        whose matcher Whoosh advances document by document in Python.
        """
        scores: dict[int, float] = {}
        titled: set[int] = set()
        queries = plan.whoosh_queries()
        for name, wq in queries.items():
            for hit in self._searcher.search(wq, limit=limit, filter=filter_, optimize=False):
                scores[hit.docnum] = scores.get(hit.docnum, 0.0) + hit.score
                if name == "title":
                    titled.add(hit.docnum)
        partial = plan.partial_query() if not scores else None
        if partial is not None:
            for hit in self._searcher.search(partial, limit=limit, filter=filter_, optimize=False):
                scores[hit.docnum] = scores.get(hit.docnum, 0.0) + hit.score
        return scores, titled

    def _docs(self, field_name: str, values: Iterable[str]) -> set[int]:
        """The documents with one of ``values`` in an ID field."""
        return {d for v in values for d in Term(field_name, v).docs(self._searcher)}

    @staticmethod
    def _within(docs: set[int], allowed: set[int] | None) -> set[int]:
        return docs if allowed is None else docs & allowed

    def _exact(self, q: str, allowed: set[int] | None) -> list[int]:
        """The document of the clause id ``q``, or of the clauses numbered ``q`` (a game
        prefix typed in ``q`` is applied through ``allowed`` by the caller)."""
        parsed = parse_number(q)
        if parsed and parsed[0]:
            self.check_filters(parsed[0], None)
        docs = self._docs("number", ["-".join(parsed[1])]) if parsed else self._docs("id", [q])
        return sorted(self._within(docs, allowed))

    def concepts(self, q: str, game: str | None = None) -> list[str]:
        """The glossary concepts ``q`` names, the one it names first first: what `tcgrules term`
        answers (:meth:`tcgrules.kb.concepts.Glossary.lookup`, one reading of a query for both:
        follower health, Defense, then Follower; where does my leader go, the Leader area); with
        ``game``, that game's concepts the query names read as naming the game (untap phase, in
        Battle Spirits: the counterpart of Zero Dimension's Reset step, the Refresh step); not those its words only
        describe (a clause printing a phrase typed comes before their definitions, as in the site's worker)."""
        return [c.id for c in self.glossary.lookup(q, game, described=False) if not game or c.game == game]

    def plan(self, q: str, game: str | None = None) -> "Plan":
        """How ``q`` is searched: its tokens, its glossary concepts (:meth:`concepts`) and their terms; a
        Chinese or Japanese phrase no term is may name its concept loosely (``far``, :meth:`_far`: a term among
        more characters), so a clause printing it as typed is not outranked by the concept's definitions
        (回合玩家决定发动顺序 names the Turn player, unless a clause prints it: a phrase of the rules, Glossary.rule_phrase;
        a shorter one or one of terms, though printed, names it: 主战者的体力, Defense); a Chinese or Japanese sentence of the rules
        typed (:data:`SENTENCE`: 」或「变更」时，借由该能力所) names none, searched as typed."""
        parsed = parse_number(q)
        sentence = bool(SENTENCE.search(q)) and not term_key(q).isascii()
        # a clause number goes straight to its clauses: the concepts they define are no words to search for
        named, typed = [] if sentence or parsed else self.concepts(q, game), self._typed(q)
        concepts = named[:1] + [c for c in named[1:] if c in typed]
        info = self._expansion["concepts"]
        defining = {i for c in concepts for i in info[c]["defined_in"]}
        first = [i for c in concepts[:1] for i in info[c]["defined_in"]]
        # the others' definitions only after the first's: of a concept the rules define nowhere, the clauses
        # printing the query's words come first (xinglingwang's Score, not Battle Spirits' victory conditions)
        # each by the place `tcgrules term` lists its concept at, the earliest of several
        others = [c for c in named if c not in concepts] if first else []
        listed = {i: place for place, c in reversed(list(enumerate(others))) for i in info[c]["defined_in"] if i not in defining}
        if parsed:  # the text part looks for the number (in references), not the game name
            q = "-".join(parsed[1])
        term = term_key(q) in self._expansion["keys"]
        far = bool(concepts) and not term and self._far(q, concepts[0])
        return Plan(q, search_tokens(q, query=True), search_words(q), [] if far else _game_terms(q, concepts, info),
                    defining, parsed[0] if parsed else None, term, far,
                    {i for i in first if i not in self._shared} or set(first), defining if term else set(), concepts, listed)

    def _far(self, q: str, concept_id: str) -> bool:
        """Whether a Chinese or Japanese ``q`` names the concept loosely: holding none of its terms (their keys,
        forms included, their characters in order) with at most :data:`~tcgrules.kb.concepts.ADDED` characters
        added besides :data:`~tcgrules.kb.concepts.FILLERS`, nor held in one with as many left out, a generic word
        (:data:`~tcgrules.kb.concepts.GENERIC`: 効果の条件, Effect's 效果) never naming it so (回合玩家决定发动顺序:
        Turn player, 回合玩家, with 决定发动顺序 added; not 抽一张牌, Draw's 抽牌 with the fillers 一张 added)."""
        key = term_key(q)
        return not key.isascii() and not any(_in_order(k, key) and _added(k, key) <= ADDED or _in_order(key, k) and len(k) - len(key) <= ADDED
                                             for k in self._keys_of.get(concept_id, ()) if k not in GENERIC)

    def _generic_named(self, plan: "Plan") -> bool:
        """Whether the concept ``plan`` names loosely first is that of a generic word the query holds (:data:`GENERIC`:
        効果の条件, Effect's 效果, asks about the conditions of effects): such a phrase a clause prints is searched as
        typed however short (:meth:`~tcgrules.kb.concepts.Glossary.rule_phrase`)."""
        key = term_key(plan.query)
        return any(k in GENERIC and k in key for c in plan.concepts[:1] for k in self._keys_of.get(c, ()))

    @cached_property
    def _keys_of(self) -> dict[str, list[str]]:
        """Each concept with the keys of its terms and their forms (the expansion's ``keys``, turned round)."""
        out: dict[str, list[str]] = {}
        for k, ids in self._expansion["keys"].items():
            for c in ids:
                out.setdefault(c, []).append(k)
        return out

    def _typed(self, q: str) -> set[str]:
        """The concepts ``q`` names by terms typed whole: the query itself (destroy: every game's Destroy), or
        each of its words when every one is a term (follower health: Follower and Health). Of the concepts
        `tcgrules term` lists, the first and these only have their terms searched and their definitions ranked
        among the definitions (:meth:`plan`); the others' definitions come after the titles (LISTED: terms containing
        the query's words, what it may ask for, not what it names)."""
        keys, parts = self._expansion["keys"], q.split()
        typed = [q] if term_key(q) in keys else parts if len(parts) > 1 and all(term_key(w) in keys for w in parts) else []
        return {c for t in typed for c in keys[term_key(t)]}

    @cached_property
    def _shared(self) -> frozenset[str]:
        """The clauses defining several concepts (Shadowverse: Evolve's 5.3.1 defines Upright and Engaged): a
        concept's own definition leads before one it shares (4.2.2.2, the Engaged state), as the site's worker
        orders an entry's definitions (its ``sharedDefinition``, from the build's ``defined``); the clauses using a
        concept no clause defines (``used``) define nothing."""
        seen: set[str] = set()
        shared: set[str] = set()
        for info in self._expansion["concepts"].values():
            for i in [] if info["used"] else info["defined_in"]:
                (shared if i in seen else seen).add(i)
        return frozenset(shared)


def _beneath(cid: str, heading: str) -> bool:
    """Whether the clause ``cid`` is a numbered clause under the clause ``heading``, itself no chapter (its number has a
    separator; a chapter's title names the chapter, 遊戲基礎用語 the chapter 5): its id the heading's and more, a
    separator and a digit (3.1.1 under 3.1; not 1.1.p1, the heading's own paragraph). A heading typed whole
    (TITLE_TYPED) over the definition of the concept the query names first ranks as a title of its terms (TITLE_EXACT),
    after that definition (卡框上的資訊, the heading 2-16: the Card frame, 2-16-1), the site's worker alike."""
    rest = cid[len(heading):] if cid.startswith(heading) else ""
    return bool(re.search("[-.]", heading.rsplit("/", 1)[-1])) and rest[:1] in ("-", ".") and rest[1:2].isdigit()


def _in_order(part: str, whole: str) -> bool:
    """Whether the characters of ``part`` stand in ``whole`` in their order, others between or not (抽牌 in 抽一张牌)."""
    rest = iter(whole)
    return all(ch in rest for ch in part)


def _added(part: str, whole: str) -> int:
    """How many characters ``whole`` holds besides those of ``part`` and the fillers (:data:`FILLERS`: 的, 了)."""
    rest = Counter(whole)
    rest.subtract(part)
    return sum(n for ch, n in rest.items() if n > 0 and ch not in FILLERS)


def _within_tier(bm25: float, place: int | None, places: int) -> float:
    """A document's place within its tier, in [0, 1): its BM25 score squashed, higher first; of the LISTED tier, by
    the place `tcgrules term` lists the concept it defines at, the earlier first, then by BM25 (the order of steps
    in a turn: Turn's definition leads, then Step's, the second concept listed, before those of the third and
    later, however many words these print)."""
    squashed = bm25 / (bm25 + 10.0)
    return squashed if place is None else (places - place - 1 + squashed) / places


def _defining_tier(doc: int, leading: set[int], alike: set[int], defining: set[int], listed: set[int]) -> int:
    """LEADS for a clause defining the concept the query names first (the one `tcgrules term`
    names: follower health, Defense; of its clauses, those defining it alone when it has any), ALIKE for one defining another a term typed whole names alike
    (another game's: Hand), DEFINES for one defining another concept it names (a word's: Follower),
    LISTED for one defining another concept `tcgrules term` lists for it (where do discarded cards go, after
    the Trash: the other zones, Shadowverse: Evolve's Cemetery), else TEXT."""
    return LEADS if doc in leading else ALIKE if doc in alike else DEFINES if doc in defining else LISTED if doc in listed else TEXT


def _game_terms(q: str, concepts: list[str], info: dict) -> list[tuple[str, list[str], list[str]]]:
    """Each alias of the ``concepts`` worth searching besides the query, with its words and
    the games whose concepts list it: an alias is searched in its concept's game only (a
    players' word of Battle Spirits' Discard, 棄牌, is no Zero Dimension discard step it prints),
    the query as typed in every game (:func:`_distinct_terms` within each game)."""
    games: dict[str, list[str]] = {}
    for c in concepts:
        games.setdefault(c.split("/", 1)[0], []).extend(info[c]["aliases"])
    merged: dict[tuple[str, ...], tuple[str, list[str]]] = {}
    for game, aliases in games.items():
        for alias, words in _distinct_terms(q, aliases):
            merged.setdefault(tuple(words), (alias, []))[1].append(game)
    return [(alias, list(words), found) for words, (alias, found) in merged.items()]


def _distinct_terms(q: str, aliases: list[str]) -> list[tuple[str, list[str]]]:
    """Each alias worth searching besides the query, with its words.

    Aliases with the same words as the query or another alias are dropped, and so is one
    whose words include all the words of another (灵魂卡牌 beside 灵魂卡): whatever it
    matches, the shorter one matches too.
    """
    query_tokens = {t.text for t in search_tokens(q, query=True)}
    seen = {frozenset(search_words(q))}
    kept: list[tuple[str, frozenset[str]]] = []
    candidates = [(frozenset(search_words(a)), a) for a in dict.fromkeys(aliases)]
    for words, alias in sorted(candidates, key=lambda x: (len(x[0]), x[1])):
        if query_tokens <= {t.text for t in search_tokens(alias, query=True)}:
            continue  # the query's own tokens find it
        if words and words not in seen and not any(k <= words for _, k in kept):
            kept.append((alias, words))
            seen.add(words)
    return [(alias, sorted(words)) for alias, words in kept]


@dataclass(slots=True)
class Plan:
    """A query taken apart: what to ask Whoosh, and how to rank and mark what it finds.

    ``phrase`` is the query's phrase tokens; ``words`` its words (pairs, whole katakana
    and Latin words); ``aliases`` each other glossary term of the concepts the query
    names, with its words and the games it is searched in (its concepts' games);
    ``defining`` the clauses that define those concepts, ``leading`` those defining the one named
    first, ``alike`` those defining every one a term typed whole names alike (Hand), ``listed`` those defining the
    other concepts `tcgrules term` lists for it. A concept ``far`` (named loosely by a
    longer phrase) has no aliases searched, and its clauses define only when no clause prints the
    phrase.
    """

    query: str
    phrase: list[SearchToken]
    words: list[str]
    aliases: list[tuple[str, list[str], list[str]]]
    defining: set[str]
    game: str | None = None  # a game prefix typed in the query (battle-spirits:…)
    term: bool = False  # the query is a glossary term
    far: bool = False  # the concepts are named loosely: a Chinese or Japanese phrase no term is (Searcher.plan)
    leading: set[str] = field(default_factory=set)  # the clauses defining the concept named first
    alike: set[str] = field(default_factory=set)  # a term's: those defining every concept it names alike
    concepts: list[str] = field(default_factory=list)  # the concepts named, the first first
    listed: dict[str, int] = field(default_factory=dict)  # the clauses defining the other concepts `tcgrules term` lists, each with its concept's place among them
    phrases: list[list[SearchToken]] = field(default_factory=list)  # query and aliases, for titles and snippets

    def __post_init__(self) -> None:
        self.phrases = [self.phrase] + [search_tokens(alias, query=True) for alias, _, _ in self.aliases]


    def whoosh_queries(self) -> dict[str, Query]:
        """One Whoosh query per field: all the query's tokens, or all the words of one of
        its aliases in a clause of the alias's games, present. The terms field is asked only
        when the query names no concept: otherwise the aliases, searched in titles and texts,
        find the same clauses."""
        phrase_words = list(dict.fromkeys(t.text for t in self.phrase))
        out: dict[str, Query] = {}
        for name, boost in FIELD_BOOST.items():
            if name == "terms" and self.aliases:
                continue
            by_games: dict[tuple[str, ...], list[Query]] = {}
            for _, words, games in self.aliases:
                by_games.setdefault(tuple(games), []).append(_all(name, words, boost * PHRASE_BOOST))
            parts = [_all(name, phrase_words, boost * PHRASE_BOOST)]
            parts += [_in_games(_any(ps) if len(ps) > 1 else ps[0], games) for games, ps in by_games.items()]
            out[name] = _any(parts) if len(parts) > 1 else parts[0]
        return out

    def partial_query(self) -> Query | None:
        """Any of the words of a longer query (for a phrase no clause has whole)."""
        partial = [w for w in self.words if len(w) > 1] or self.words
        if len(partial) < 3:
            return None
        return PreloadedOr([Term(f, w, boost=FIELD_BOOST[f]) for w in partial for f in ("title", "text")])

    def title_tier(self, title: str) -> int:
        """TITLE_TYPED when the title is the query as typed and the query no term,
        TITLE_EXACT when it is the query or one of its terms, TITLE when it contains one as a
        phrase, else TEXT."""
        if not title:
            return TEXT
        title_phrase = [t.text for t in search_tokens(title, query=True)]
        exact = [[t.text for t in p] == title_phrase for p in self.phrases]
        if any(exact):
            return TITLE_TYPED if exact[0] and not self.term else TITLE_EXACT
        indexed = search_tokens(title)
        return TITLE if any(find_phrase(indexed, p) for p in self.phrases) else TEXT


def _any(parts: list[Query]) -> Query:
    """Any of the parts, matched by Whoosh's tree of unions (for a small index it would
    preload every part into an array the size of the index, which is slower here)."""
    q = Or(parts)
    q.matcher_type = Or.DEFAULT_MATCHER
    return q


def _in_games(q: Query, games: tuple[str, ...]) -> Query:
    """``q`` in the clauses of ``games`` only, scored by ``q`` alone (the aliases of one game
    asked together: one game term to match, not one per alias)."""
    game = [Term("game", g) for g in games]
    return Require(q, game[0] if len(game) == 1 else Or(game))


def _all(field: str, words: list[str], boost: float) -> Query:
    """Every word present in the field (each term boosted: Whoosh ignores an And's boost)."""
    terms = [Term(field, w, boost=boost) for w in words]
    return terms[0] if len(terms) == 1 else And(terms)


# ---------------------------------------------------------------- snippets


def snippet(title: str, text: str, phrases: list[list[SearchToken]], words: Iterable[str],
            width: int = SNIPPET_CHARS) -> str:
    """Title and text around the first match, matches marked with :data:`MARK`.

    Every phrase match (of the query or one of its terms) is marked whole; failing one,
    the query's words are marked where they occur.
    """
    display = f"{title} {text}" if title and text else title or text
    indexed = search_tokens(display)
    spans = [span for tokens in phrases for span in phrase_spans(indexed, tokens)]
    if not spans:
        words = set(words)
        spans = [(t.start, t.end) for t in indexed if t.text in words]
    spans = _merge(spans)
    start = max(0, spans[0][0] - width // 4) if spans else 0
    end = min(len(display), start + width)
    out, at = [], start
    for s, e in spans:
        if s >= end:
            break
        s, e = max(s, start), min(e, end)
        out += [display[at:s], MARK[0], display[s:e], MARK[1]]
        at = e
    out.append(display[at:end])
    text = ("…" if start else "") + "".join(out) + ("…" if end < len(display) else "")
    return " ".join(text.split())  # one line, whatever breaks the record keeps


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping or touching spans joined, in order."""
    out: list[tuple[int, int]] = []
    for s, e in sorted(spans):
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out
