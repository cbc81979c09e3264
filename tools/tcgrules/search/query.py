"""Running a query: clause numbers, glossary expansion, ranking and snippets.

A query is read in this order:

1. a clause id (``battle-spirits/ja/1.0/8-1-6-1``) or a clause number typed any way
   (``8-1-6-1``, ``8.1.6.1``, ``８－１－６－１``, ``battle-spirits:8-1-6-1``) goes straight
   to the clause(s) with that number — in every game unless a game is given;
2. otherwise (and after those) the text is searched: the query itself and, when it is
   a glossary term in any language or script, every term of that concept in the concept's
   game (so ``spirit`` also searches スピリット and 靈魂卡 in Battle Spirits' clauses; the query
   as typed in every game) — each with all its words (Han character pairs
   overlap, so this is nearly a phrase) in titles, terms and texts, scored by BM25; only
   when no clause has the whole query, clauses with some of its words; and when nothing is
   found at all (``deck-building rules``: English words no clause prints), the concept whose
   terms' words stand in the query (deck building) is searched, and so, when no clause has the
   whole query and it names no concept, the one its words describe (風味文字: Flavor text); an English query naming a
   game (``the life zone in battle spirits``, ``main phase zd``) is the rest of its words,
   searched in that game; a Chinese or Japanese phrase naming no concept so, the concept of its
   nearest term however many characters it adds (:meth:`Searcher.far`: 墓场的卡数量, Cemetery),
   as `tcgrules term` names it, unless a clause prints the phrase.

Ranking, in tiers: a number match first (of a number several games have, the clauses printing it as
typed first: 10.1 is Shadowverse: Evolve's, 10-1 Battle Spirits', as the site's worker orders them),
then clauses whose title is the query as typed
when the query is no term (スピリットの破壊 is the heading of 8-1-6; スピリット, a term, leads
to the clause defining it before the heading of its section), then clauses that define the concept the query
names first (as `tcgrules term` names it: follower health, Defense; of several games' concepts a term typed
whole names alike, the one `tcgrules term` lists first, as the site's worker lists it: destroying, Battle
Spirits' Destroy), then those defining the others named alike, then those defining another concept it
names (a word's: Follower), then clauses whose title is one of its terms, then titles that contain it, then everything
else by BM25 score. A hit's ``score`` is its tier plus its
BM25 score squashed into [0, 1), so scores sort like the hits.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Collection, Iterable, Iterator

from whoosh.query import And, Or, PreloadedOr, Query, Require, Term

from .scoring import CachedLengthBM25F
from ..kb.concepts import (ADDED, GENERIC, asked_about, asking_split, bag_key, bare_deeds, by_its_words, compared, composed, containing, content_words,
                            covering, described, described_instead, difference_split, form_fits, game_named, kind_named, headed, held_pieces, held_written, held_zones, kept_zones, kinds_of, listed, lists_kinds, whole_first,
                            named_written, named_zones, narrower, narrowing, nearest_english, nearest_written, of_game, of_two_scripts, one_word, opening_actions, parts_held, piece_bags, placed, predicated,
                            players_words, priced, priced_english, respell, sharing_rank, standing, synonymous, term_key, term_words, told, told_written,
                            turn_steps, two_script_table, typed_deed, untermed_head, valued, verb_deeds, words_of, TwoScripts)
from ..kb.definitions import MORE, Descriptions, Told, of_written
from ..kb.lexicon import as_swaps
from ..kb.text import SearchToken, parse_number, search_tokens, search_words, typed_number

MAX_QUERY_CHARS = 1000  # a rule phrase is far shorter; anything longer is a mistake
CANDIDATES = 60  # BM25 hits considered for re-ranking
SNIPPET_CHARS = 80
MARK = ("**", "**")  # around matched text in snippets (Markdown bold)

# Tiers (higher first) and the boosts of the text query's parts.
NUMBER, TITLE_TYPED, LEADS, ALIKE, DEFINES, TITLE_EXACT, TITLE, TEXT = 7, 6, 5, 4, 3, 2, 1, 0
FIELD_BOOST = {"title": 4.0, "terms": 1.5, "text": 1.0}
PHRASE_BOOST = 3.0
_RUN = re.compile(r"\w+")  # a run of letters and digits: a phrase typed is one, a sentence of the rules several
# A sentence's punctuation: a query holding it is a sentence of the rules typed, searched as typed, never read as
# the concept its words describe (the site's worker holds the same characters: tests/search/test_search_parity.py).
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

    def __init__(self, ix, meta: dict):
        self.ix = ix
        self.meta = meta
        self._searcher = ix.searcher(weighting=CachedLengthBM25F())
        self._expansion = meta.get("expansion") or {"keys": {}, "words": {}, "concepts": {}}
        self._vocabulary = frozenset(self._expansion.get("vocabulary", ()))
        self._states = frozenset(self._expansion.get("states", ()))
        self._deeds = frozenset(self._expansion.get("deeds", ()))
        self._verbs = frozenset(self._expansion.get("verbs", ()))
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
        q = players_words(q, self._expansion.get("players", {}))  # story text: flavor text
        named, rest = game_named(q, self._expansion.get("names", {})) if not game else ("", "")
        if named:  # the life zone in battle spirits: the life zone, in Battle Spirits
            q, game = rest, named
        plan, loose = self.plan(q, game, named=None if game else self._kind_concepts(q)), None
        if not plan.defining and term_words(q) and (loose := self.plan(q, game, whole=False)).defining:
            plan = loose  # English naming no concept whole, which no clause prints: the concept of its terms' words
        allowed = self._filter(game or plan.game, lang)
        ranked, whole = self._ranked(q, plan, allowed, limit)
        # nothing as typed ("deck-building rules"): the concept of its terms' words; no clause holding the whole
        # query, some of its words only (風味文字), no concept named and no sentence of the rules typed (」或「变更」
        # 时，): the concept its words describe, as `tcgrules term` names it (the site's worker leads with its
        # entry where no page holds every word)
        if not ranked or not whole and not plan.concepts and not SENTENCE.search(q):
            loose = loose if loose is not None else self.plan(q, game, whole=False)  # made once
            if not ranked or loose.defining:
                plan, (ranked, _) = loose, self._ranked(q, loose, allowed, limit)
        best = sorted(ranked.items(), key=lambda x: (-x[1][0], -x[1][1], x[0]))[:limit]
        return [self._hit(self._fields(d), tier, bm25, plan) for d, (tier, bm25) in best]

    def _ranked(self, q: str, plan: "Plan", allowed: set[int] | None, limit: int) -> tuple[dict[int, tuple[int, float]], bool]:
        """Each document the plan finds, with its tier and BM25 score; and whether any holds the whole
        query (or an alias of its concepts), not some of its words only."""
        typed = typed_number(q)  # a number several games have: the one printing it as typed first
        ranked: dict[int, tuple[int, float]] = {d: (NUMBER, float(self._fields(d)["number"] == typed)) for d in self._exact(q, allowed)}
        scores, titled, whole = self._scores(plan, allowed, max(CANDIDATES, limit))
        defining = set() if plan.far and self._printing(plan) else self._within(self._docs("id", plan.defining), allowed)
        leading, alike = (defining & self._docs("id", ids) for ids in (plan.leading, plan.alike))
        for d, score in scores.items():
            if d not in ranked:
                tier = plan.title_tier(self._fields(d)["title"]) if d in titled else TEXT
                ranked[d] = (max(tier, _defining_tier(d, leading, alike, defining)), score)
        for d in defining.difference(ranked):  # defines the concept named, though not matched
            ranked[d] = (_defining_tier(d, leading, alike, defining), 0.0)
        return ranked, whole

    def _printing(self, plan: "Plan") -> bool:
        """Whether a clause of any game or language prints the query as typed, a phrase (in its
        title or text, among the best found): a phrase of the rules typed is looked for, not the
        concept of a term standing in it (:meth:`far`)."""
        found = self._scores(plan, None, CANDIDATES)[0]
        return any(find_phrase(search_tokens(text), plan.phrase) for d in found
                   for text in (self._fields(d)["title"], self._fields(d)["text"]) if text)

    @staticmethod
    def _hit(f: dict, tier: int, bm25: float, plan: "Plan") -> Hit:
        return Hit(f["id"], f["game"], f["lang"], f["number"], tier + bm25 / (bm25 + 10.0),
                   snippet(f["title"], f["text"], plan.phrases, plan.words), f["title"], tier)

    def _scores(self, plan: "Plan", filter_: set[int] | None, limit: int) -> tuple[dict[int, float], set[int], bool]:
        """BM25 scores (summed over fields) of the best ``limit`` documents of each of the
        plan's Whoosh queries, the documents whose title matched and whether any has the whole
        query; partial matches are looked for only when none does (a loosely typed phrase).

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
        whole = bool(scores)
        partial = plan.partial_query() if not whole else None
        if partial is not None:
            for hit in self._searcher.search(partial, limit=limit, filter=filter_, optimize=False):
                scores[hit.docnum] = scores.get(hit.docnum, 0.0) + hit.score
        return scores, titled, whole

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

    def concepts(self, q: str, game: str | None = None, whole: bool = True) -> list[str]:
        """Glossary concepts the query names, as `tcgrules term` names them, the one it names first
        first: a zone a question asking where something is or goes names after its thing
        (:func:`named_zones`: where does my leader go; :func:`named_written`: 被除外的牌去哪里) or by what it holds (:func:`held_zones`,
        :func:`held_written`) or, asking where something is, whose description says so
        (:func:`kept_zones`: where the leader card sits); the deed a verb in -ing names before the
        rest (:func:`typed_deed`: banishing a card, Banish), else the step named after a deed done each
        turn (:func:`turn_steps`: drawing a card each turn); the whole query, or the cost it asks by the
        amount paid (:meth:`_priced`) or the figure a value word asks for (:meth:`_valued`), or a
        term's words in another order (the first concept of its :func:`bag_key`, core move), or
        a term with one of its words swapped (:func:`synonymous`: bonus zone; or a word no term
        has for its relative one a term has, the expansion's ``relatives``: regain pp), or each of its
        space-separated words when every one is a term, the concept they name together first
        (follower health: Defense, then Follower; with ``game``, a term only other games'
        concepts have names that game's counterpart, :meth:`counterparts`), or else the best concept :func:`covering` the query
        (with ``whole``, only a query made of terms' words), after, as `tcgrules term` reads an
        English phrase naming no game, the concept with the shortest term containing it
        (:func:`containing`: won while attacking) or one with words of several of its terms
        (:func:`by_its_words`: keisho summon), or failing all, the concept the query with a
        misspelt word respelt names or begins (:func:`respell`: reducton symbols; as `tcgrules
        term` reads it, :meth:`_named_or_begun`), or the nearest English term
        (:func:`nearest_english`: fanfair, deckzone), a word of two scripts read as each
        script's words (:func:`of_two_scripts`: EX区), a Chinese or Japanese one of terms and
        fillers read as the terms (:func:`composed`: 突进随从) or a question as the term it asks
        about (:func:`asked_about`: 真红条件是什么, Crimson); a concept whose description holds
        more of an English query than the terms covering it (or, standing in it by a term of one word,
        :func:`one_word`, a description holding all of it: spirit destroyed trigger, When destroyed),
        or without ``whole`` failing all,
        one whose description holds enough of it (:func:`described`; of a Chinese or Japanese
        query, what the rules print of it: :func:`told_written`); with ``game``, a query
        naming only other games' concepts whole is read as the words of that game's terms.
        Of the concepts a string names, the ones naming it best (:func:`match_rank`: by a
        preferred term, then as typed), so ``[Pierce]`` is 星靈王's keyword, not the game that
        lists pierce as an alias."""
        keys, holds, english = self._expansion["keys"], self._expansion.get("holds", {}), self._expansion.get("english", {})
        written = self._expansion.get("pieces", {}).get("keys", {})
        zones = named_zones(q, english, holds) + named_written(q, written, holds) + (held_zones(q, english, holds, self._expansion.get("games", {}))
                                                  or held_written(q, written, holds, self._deeds))
        if found := self._in_game(zones, game)[:1] or self._in_game(kept_zones(q, holds, lambda: self._told(q, game)), game)[:1]:
            return found  # where does my leader go: the Leader area; where do destroyed spirits go: the Trash
        deed = typed_deed(q)  # banishing a card: Banish first, not the Banish zone of "banished cards"
        deeds = (self._in_game(self._best(deed, keys.get(term_key(deed), [])), game) if deed else []) \
            or self._in_game(turn_steps(q, english), game)  # drawing a card each turn: the Draw step
        return list(dict.fromkeys(deeds + self._named(q, game, whole)))

    def _named(self, q: str, game: str | None, whole: bool) -> list[str]:
        """The concepts ``q`` names, as :meth:`concepts` reads it after a where-question and a deed."""
        keys, words = self._expansion["keys"], self._expansion.get("words", {})
        parts = q.split()
        bags = self._expansion.get("bags", {})
        if term_key(q) not in keys:  # a price or a value asked, kinds listed (their class), a question round two notions, a term's words in another order (core move) or one swapped
            named = self._in_game(self._priced(q) or self._valued(q) or self._of_kinds(q), game) or self._framed(q, game, whole) \
                or self._in_game(bags.get(bag_key(q), []), game)[:1] \
                or self._in_game(synonymous(q, self._expansion.get("synonyms", {}), keys, bags), game) \
                or self._in_game(synonymous(q, self._relatives, keys, bags), game)
            if named:
                return named
        if term_key(q) in keys or len(parts) > 1 and all(term_key(w) in keys for w in parts):
            named = [q] if term_key(q) in keys else parts
            found = list(dict.fromkeys(c for typed in named for c in self._best(typed, self._in_game(keys[term_key(typed)], game))))
            if found and term_key(q) not in keys:  # follower health: Defense, then each word's concept
                return list(dict.fromkeys(self._read(q, game, whole, words)[:1] + found))
            if found or not game:
                return found
            if term_key(q) in keys and (twin := self.counterparts(q, game, whole)):
                return twin  # untap phase, in Battle Spirits: Zero Dimension's Reset step's, the Refresh step
            words = of_game(words, game)  # life zone, in Battle Spirits: Life
        return self._read(q, game, whole, words)

    def _framed(self, q: str, game: str | None, whole: bool) -> list[str]:
        """The concepts a question round two notions names, the one it asks about first, as `tcgrules
        term` reads it (:meth:`tcgrules.kb.concepts.Glossary._framed`): the kind a yes/no question asks
        whether a thing is (:func:`predicated`: 墓场是公开领域吗), the first of two notions whose difference
        it asks (:func:`difference_split`: 消失和破坏的区别, Banish, then Destroy)."""
        pieces = self._expansion.get("pieces", {})
        if kind := self._in_game(predicated(q, pieces.get("keys", {}), pieces.get("generic", GENERIC)), game):
            return kind
        first, second = difference_split(q)
        asked = self._named(first, game, whole) if first else []
        return list(dict.fromkeys(asked + self._named(second, game, whole))) if asked else []

    def _read(self, q: str, game: str | None, whole: bool, words: dict[str, list[str]]) -> list[str]:
        """The concept ``q`` names as `tcgrules term` reads a query no term is whole (the steps
        after a term's in :meth:`concepts`): by terms among fillers or a question, a term containing
        it or words of several of a concept's terms (no game named), the terms its words cover
        (``words``: each term's words with its concepts) or a description, a misspelt word respelt
        or the nearest term; of ``game`` when given, the one a description of that game says it
        names better first when it has more than :data:`~tcgrules.kb.definitions.MORE` words
        (:meth:`tcgrules.kb.concepts.Glossary.lookup`'s ``_described_in``)."""
        parts, pieces = q.split(), self._expansion.get("pieces", {})
        near = (composed(q, pieces.get("keys", {}), pieces.get("cards", ()), self._piece_bags, self._states,
                         pieces.get("generic", GENERIC))
                or self._asking(q, game, pieces.get("generic", GENERIC))
                or asked_about(q, lambda start: self._named_or_begun(start, game), self._expansion["keys"])
                or of_two_scripts(q, self._listed)
                or placed(q, nearest_written(q, self._written_keys, ADDED, pieces.get("cards", ()), self._holding, pieces.get("printed"),
                                             pieces.get("generic", GENERIC), self._states),
                          pieces.get("keys", {}), pieces.get("cards", ()), self._written_descriptions)) \
            if len(parts) == 1 and not term_key(q).isascii() else []
        scores = self._told(q, game)
        covered = covering(q, words, whole, self._expansion.get("games"), self._states, scores,
                           bare_deeds(q, self._expansion.get("words", {}), self._deeds), self._words_held,
                           verb_deeds(q, self._expansion.get("words", {}), self._verbs, self._words_held))
        fits = form_fits(q, self._states)
        contained = containing(q, words) if len(term_words(q)) > 1 else []
        found = ([] if game else contained or by_its_words(q, self._expansion.get("typed_words", {}))) \
            or (self._instead(q, self._described(q, covered, scores, fits), scores, game) if covered else []) \
            or contained or near
        if not found and (respelt := respell(q, self._vocabulary)):  # a misspelt word (reducton symbols)
            return self._named_or_begun(respelt, game)
        found = found or nearest_english(q, self._expansion.get("english", {})) \
            or (described([], told_written(q, self._written_descriptions, game) or scores, fits=fits) if not whole else [])
        ours = self._in_game(found, game)
        if game and ours and len(set(content_words(q))) > MORE:  # a query naming a game: the concept its description
            ours = self._described(q, ours, scores, fits)  # says it names better, as `tcgrules term` reads it
        return ours[:1]

    def _of_kinds(self, q: str) -> list[str]:
        """The class of the kinds a Chinese or Japanese ``q`` lists, then theirs, as `tcgrules term` reads it
        (:func:`listed`: 普通战术和瞬间战术, Zero Dimension's Tactic type)."""
        pieces = self._expansion.get("pieces", {})
        return listed(q, pieces.get("keys", {}), pieces.get("classes", ()))

    def _asking(self, q: str, game: str | None, generic) -> list[str]:
        """The concepts a Chinese or Japanese question names by the term after the words asking about
        it (:func:`asking_split`: SVE有哪些领域, the Zone), as `tcgrules term` reads it
        (:meth:`tcgrules.kb.concepts.Glossary._asking`): a term named exactly, no generic word."""
        asked = asking_split(q)
        key = term_key(asked)
        return [] if not key or key in generic else self._best(asked, self._in_game(self._expansion["keys"].get(key, []), game))

    def _priced(self, q: str) -> list[str]:
        """The cost ``q`` asks for by the amount paid, as `tcgrules term` reads it
        (:meth:`tcgrules.kb.concepts.Glossary._priced`): in Chinese or Japanese (:func:`priced`:
        Lv3要几个能量, the Level cost), in English (:func:`priced_english`: cores needed for level 3)."""
        pieces = self._expansion.get("pieces", {})
        resources = pieces.get("resources", ())
        return priced(term_key(q), self._expansion["keys"], self._piece_bags, pieces.get("costs", ()), resources) \
            or priced_english(q, self._expansion.get("english", {}), resources)

    def _valued(self, q: str) -> list[str]:
        """The figure a Chinese query names by a deed's term and a value word, as `tcgrules term` reads
        it (:func:`valued`: 防御数值, the Defense power, not the deed)."""
        pieces = self._expansion.get("pieces", {})
        return valued(term_key(q), pieces.get("keys", {}), pieces.get("figures", ()))

    def _made_of(self, q: str) -> list[str]:
        """The concepts a Chinese or Japanese ``q`` names by its pieces, as `tcgrules term` reads it
        before its nearest term (:meth:`tcgrules.kb.concepts.Glossary.nearest`): the comparison of a
        figure it compares (:func:`compared`: 比BP高低, the BP comparison), then the term whose pieces
        it holds apart (:func:`held_pieces`: 能量可以随时移动吗, Move core); a phrase of the rules
        printing them keeps its clause, as a nearest term's does (:meth:`far`)."""
        key, pieces = term_key(q), self._expansion.get("pieces", {})
        return list(dict.fromkeys(compared(key, pieces.get("compared", {}))
                                  + held_pieces(key, self._expansion["keys"], self._piece_bags, pieces.get("generic", GENERIC))))

    def _told(self, q: str, game: str | None) -> dict[str, Told]:
        """How much of ``q`` each concept's description holds (:func:`told`), of ``game``."""
        return told(q, self._descriptions, self._expansion.get("games", {}), game)

    def _described(self, q: str, covered: list[str], scores: dict[str, Told], fits: Callable[[str], bool]) -> list[str]:
        """The ``covered`` concepts with the one a description says ``q`` names better first, as
        `tcgrules term` reads them (:func:`described`, a concept standing in ``q`` by a term of one
        word, :func:`one_word`, or an action ``q`` opens on, :func:`opening_actions`: spirit destroyed
        trigger, When destroyed; the kinds of a generic head it stands by, :func:`kinds_of`, and the longer
        terms holding the one it stands by, :func:`narrowing`, in a query listing kinds of one head, :func:`lists_kinds`)."""
        info = self._expansion["concepts"]
        opening = opening_actions(q, self._expansion.get("words", {}), self._deeds)
        return described(covered, scores, len(set(content_words(q))), fits, one_word(info[covered[0]]["terms"], q), opening,
                         kinds_of(covered[0], q, self._words_of), narrowing(covered[0], q, self._words_of),
                         lists_kinds(q, self._expansion.get("words", {}), self._words_held))

    def _instead(self, q: str, found: list[str], scores: dict[str, Told], game: str | None) -> list[str]:
        """The concepts a game-less ``q`` names by its terms (``found``), with the game its words fit
        best first, as `tcgrules term` orders them (:func:`described_instead`: storm can attack
        immediately, Shadowverse: Evolve's Storm, not 星靈王's Immediate; of ``game``, as they are), after
        the one described by a head no term names (:func:`headed`: the picture on a spirit card, Illustration),
        after the narrower notion of the first it says (:func:`narrower`: zd effect at the end of my opponent's turn,
        Opponent's turn end)."""
        info = self._expansion["concepts"]
        found = found if game else described_instead(found, scores, q, lambda c: standing(self._terms_of(c), q),
                                                     lambda c: {tuple(ws.split()) for ws in info[c].get("official", ())})
        head = untermed_head(q, self._expansion.get("words", {}), self._words_held)
        found = headed(found, scores, head, self._description_of, self._terms_of)
        found = narrower(found, scores, q, self._terms_of, self._description_of, self._expansion.get("synonyms", {}))
        return whole_first(found, q, self._words_of, self._description_of, self._expansion.get("names", {}))

    def _description_of(self, concept_id: str) -> tuple[str, ...]:
        """The words of a concept's English description, none without one."""
        return self._descriptions.words.get(concept_id, ())

    def _terms_of(self, concept_id: str) -> list[tuple[str, ...]]:
        """The words of each of a concept's terms."""
        return self._words_of.get(concept_id, [])

    @cached_property
    def _words_held(self) -> dict[str, list[str]]:
        """Each word of the terms with the terms' words holding it (:func:`parts_held` of the expansion's ``words``)."""
        return parts_held(self._expansion.get("words", {}), str.split)

    @cached_property
    def _words_of(self) -> dict[str, list[tuple[str, ...]]]:
        """Each concept with the words of its terms (:func:`words_of` of the expansion's ``words``)."""
        return words_of(self._expansion.get("words", {}))

    def far(self, q: str, game: str | None = None) -> list[str]:
        """The concept `tcgrules term` names a Chinese or Japanese phrase by when no term stands in
        it within :data:`ADDED` characters (:meth:`tcgrules.kb.concepts.Glossary.nearest`): the concept it
        names by its pieces (:meth:`_made_of`: 比BP高低, the BP comparison), else its
        nearest term however many characters the phrase adds (ファンファーレの効果はいつ: Fanfare), as
        the site's worker names the entry of a phrase (its ``far`` entry); for one run of letters and
        digits only (:data:`_RUN`)."""
        if len(_RUN.findall(q)) > 1 or term_key(q).isascii():
            return []  # words apart, or punctuation between (」或「变更」时): a sentence of the rules typed
        pieces = self._expansion.get("pieces", {})
        return self._in_game(self._made_of(q) or nearest_written(q, self._written_keys, None, pieces.get("cards", ()), self._holding, pieces.get("printed"),
                                                                 pieces.get("generic", GENERIC), self._states), game)[:1]

    def _kind_concepts(self, q: str) -> list[str] | None:
        """For a Chinese or Japanese ``q`` whose first concept (or none) is another game's than a kind of card only
        one game has names, the concepts of that game its rest names, as `tcgrules term` reads it (:func:`kind_named`
        of the expansion's ``cards`` but the ``generic`` ones; :meth:`tcgrules.kb.concepts.Glossary._kind_first`:
        防御为0的随从被规则破坏, Shadowverse: Evolve's); None for another query (its clauses stay every game's)."""
        pieces = self._expansion.get("pieces", {})
        game, rest = kind_named(q, set(pieces.get("cards", ())).difference(pieces.get("generic", GENERIC)), pieces.get("keys", {}))
        if not game or any(c.split("/", 1)[0] == game for c in (self.concepts(q) or self.far(q, None))[:1]):
            return None
        related = self._expansion.get("related", {})
        return self.concepts(rest, game) or self.counterparts(rest, game) or self.far(rest, game) \
            or [r for c in self.far(rest) for r in related.get(c, []) if r.split("/", 1)[0] == game][:1] \
            or self._described_of(rest, game) or None

    def _described_of(self, q: str, game: str) -> list[str]:
        """The concept of ``game`` its descriptions say ``q`` names, as `tcgrules term` reads the rest of a query
        naming a game (:meth:`tcgrules.kb.concepts.Glossary._described_of`: :func:`told_written`, else :func:`told`)."""
        scores = told_written(q, self._written_descriptions, game) or self._told(q, game)
        return described([], scores, fits=form_fits(q, self._states))[:1]

    def counterparts(self, q: str, game: str | None, whole: bool = True) -> list[str]:
        """For a query naming no concept of ``game``, that game's counterpart (``related``) of
        the concept it names in any game, as `tcgrules term` names it
        (:meth:`tcgrules.kb.concepts.Glossary.counterparts`: cemetery in battle spirits, the Trash)."""
        related = self._expansion.get("related", {})
        return [r for c in self.concepts(q, None, whole)[:1] for r in related.get(c, []) if r.split("/", 1)[0] == game][:1] \
            if game else []

    @cached_property
    def _descriptions(self) -> Descriptions:
        """What the glossary says of each concept (the expansion's ``descriptions``), for a
        query describing one (:func:`told`), made when first needed."""
        return Descriptions({cid: tuple(words.split()) for cid, words in self._expansion.get("descriptions", {}).items()})

    @cached_property
    def _written_descriptions(self) -> Descriptions:
        """What the rules print of each concept in Chinese or Japanese (the expansion's
        ``written_descriptions``), for a query describing one (:func:`told_written`)."""
        return of_written(self._expansion.get("written_descriptions", {}))

    @cached_property
    def _relatives(self) -> dict[str, dict[str, Collection[str]]]:
        """The words a player may type for a word of the terms (the expansion's ``relatives``,
        each term's word with those typed for it: regain for recover), as :func:`synonymous`
        swaps them, in any game."""
        return as_swaps(self._expansion.get("relatives", {}), {cid.split("/", 1)[0] for cid in self._expansion["concepts"]})

    @cached_property
    def _listed(self) -> list[TwoScripts]:
        """Each concept with the words and keys of its terms (:func:`two_script_table`)."""
        return two_script_table((cid, info.get("terms", [])) for cid, info in self._expansion["concepts"].items())

    @cached_property
    def _holding(self) -> dict[str, list[str]]:
        """Each character of the expansion's keys with the keys holding it (:func:`parts_held`)."""
        return parts_held(self._expansion["keys"], iter)

    @cached_property
    def _piece_bags(self) -> list[tuple[list[list[str]], list[str]]]:
        """The terms of several pieces (:func:`piece_bags`, a Latin key among them: Lvコスト), made
        when a Chinese or Japanese query first needs them."""
        return piece_bags(self._expansion.get("pieces", {}).get("keys", {}), self._expansion["keys"])

    def _named_or_begun(self, q: str, game: str | None) -> list[str]:
        """The concept ``q`` names (its :meth:`_best`), or the one with the shortest term
        containing it (:func:`containing`), as `tcgrules term` reads a respelt query
        (:meth:`tcgrules.kb.concepts.Glossary._named_or_begun`): the amount of pp, respelt the
        mount of pp, names no Ride, whose term a respelt word is."""
        keys = self._expansion["keys"]
        named = self._best(q, self._in_game(keys[term_key(q)], game)) if term_key(q) in keys else []
        return (named or self._in_game(containing(q, self._expansion.get("words", {})), game))[:1]

    @staticmethod
    def _in_game(ids: list[str], game: str | None) -> list[str]:
        return [c for c in ids if not game or c.split("/", 1)[0] == game]

    def _best(self, typed: str, ids: list[str]) -> list[str]:
        """Those of ``ids`` naming ``typed`` best (:func:`match_rank`), of several games so alike in the
        order `tcgrules term` lists them (:func:`sharing_rank`: DEF, Zero Dimension's Defense power, whose
        English is proposed, before Shadowverse: Evolve's alias def)."""
        ranks = {c: self._rank(c, typed) for c in ids}
        best = min((r[:2] for r in ranks.values()), default=None)
        return sorted((c for c in ids if ranks[c][:2] == best), key=lambda c: (ranks[c], c))

    def _rank(self, concept_id: str, typed: str, as_typed: bool = True) -> tuple[int, int, bool]:
        """How closely the concept names ``typed`` (:func:`sharing_rank`; without ``as_typed``, any spelling of its key)."""
        c = self._expansion["concepts"][concept_id]
        return sharing_rank(c.get("terms", []), c.get("preferred", []), c.get("proposed", False), typed, as_typed)

    @cached_property
    def _written_keys(self) -> dict[str, list[str]]:
        """The expansion's keys, a Latin key's concepts in the order `tcgrules term` lists them for any
        spelling (:func:`sharing_rank`), as the nearest term reads them (:attr:`tcgrules.kb.concepts.Glossary._written_keys`:
        DEF多少, Zero Dimension's Defense power, whose English is proposed)."""
        return {k: sorted(ids, key=lambda c: (self._rank(c, k, False), c)) if k.isascii() else ids
                for k, ids in self._expansion["keys"].items()}

    def plan(self, q: str, game: str | None = None, whole: bool = True, named: list[str] | None = None) -> "Plan":
        """How ``q`` is searched: its tokens, its glossary concepts (:meth:`concepts`, unless ``named``) and their terms."""
        parsed = parse_number(q)
        named = named or self.concepts(q, game, whole) or self.counterparts(q, game, whole)
        far = [] if named else self.far(q, game)
        concepts = named or far
        info = self._expansion["concepts"]
        defining = {i for c in concepts for i in info[c]["defined_in"]}
        if parsed:  # the text part looks for the number (in references), not the game name
            q = "-".join(parsed[1])
        term = term_key(q) in self._expansion["keys"]
        first = [i for c in concepts[:1] for i in info[c]["defined_in"]]
        return Plan(q, search_tokens(q, query=True), search_words(q), [] if far else _game_terms(q, concepts, info),
                    defining, parsed[0] if parsed else None, term, bool(far),
                    {i for i in first if i not in self._shared} or set(first), defining if term else set(), concepts)

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


def _defining_tier(doc: int, leading: set[int], alike: set[int], defining: set[int]) -> int:
    """LEADS for a clause defining the concept the query names first (the one `tcgrules term`
    names: follower health, Defense; of its clauses, those defining it alone when it has any), ALIKE for one defining another a term typed whole names alike
    (another game's: Hand), DEFINES for one defining another concept it names (a word's: Follower),
    else TEXT."""
    return LEADS if doc in leading else ALIKE if doc in alike else DEFINES if doc in defining else TEXT


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
    first, ``alike`` those defining every one a term typed whole names alike (Hand). A concept ``far`` (the nearest term of a
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
    far: bool = False  # the concept is a longer phrase's nearest term (Searcher.far)
    leading: set[str] = field(default_factory=set)  # the clauses defining the concept named first
    alike: set[str] = field(default_factory=set)  # a term's: those defining every concept it names alike
    concepts: list[str] = field(default_factory=list)  # the concepts named (or the far one), the first first
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
