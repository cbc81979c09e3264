"""Which concept a player's description names: BM25 over what the glossary says of each concept.

A concept's description is the words of its English terms and of its English definition
(``en_definition``), as :func:`tcgrules.kb.concepts.content_words` reads them: stemmed, fillers
dropped. A query describing a notion ("symbols that lower the cost") is scored against every
description of the candidate games by BM25, whose weights let a rare word count more than a
common one; a description names its concept only when it holds at least half the query's weight
(:data:`SHARE`) in two words or more (:data:`MATCHED`), or the one word of a query that no other
description holds, so that a query of words no description holds, or of one common word, names
nothing. The term lookup, the search and the site's worker
(which reads the descriptions the build exports) score alike.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Collection, NamedTuple

from .text import written_words

K1, B = 1.2, 0.75  # BM25's usual constants, as the site's worker ranks its documents
SHARE = 0.5  # the share of a query's weight (the idf of its distinct words) an English description must hold
# and a Chinese or Japanese one, of characters and pairs of characters (:data:`ASKING` dropped): a
# third (tuned on the tune halves of the terms sets; an off-topic question holds a sixth or less)
WRITTEN_SHARE = 0.3
# The characters of a question's frame in Chinese and Japanese (folded: 麼 么, 嗎 吗, 兒 儿), which the
# rules, never asking, hold rarely and so would weigh most: a word of a query holding one is not read
# (火车站在哪里: 在哪, 哪里 are no notion's).
ASKING = frozenset("哪怎么什吗呢啥谁几多少吧呀啊儿样どこなにかね")
MATCHED = 2  # and the distinct words of the query it must hold (but a word no other description holds)
MORE = 2  # the words more than a covering term's concept's description one describing a query better holds
# but in a query of :data:`SPELT` distinct words or more, which spells its notion out, one word more (main phase
# after combat: the Second main step, not the Main step its term covers; tuned on the tune halves of the English
# sets: a shorter query keeps its term, the last rounds countdown in xlw)
SPELT = 4
# A query of :data:`LONG` distinct words or more describes a notion: the best description of the covering
# concept's game names it first when it holds :data:`MOST` of the query's weight, more of its words than the
# covering concept's and :data:`MARGIN` more of its weight (character deals battle damage first: First strike,
# not Damage; tuned on the tune halves of the English sets: a shorter query keeps its term, storm keyword)
LONG, MOST, MARGIN = 5, 0.7, 0.1
# A description holding every word of a query of :data:`WHOLE` distinct words or more names it before the
# concept a one-word term of it covers, whose description holds fewer (:func:`holds_all`; tuned on the tune
# halves of the English sets: of two words, the term covering one is the query's, storm keyword)
WHOLE = 3
# The terms of its game a word must end for a concept named by it alone to be a kind, their head (Step:
# Main step, Draw step, Attack step…; Zone; Cost), whose narrower kinds a query's modifiers may pick, not a
# notion of its own a few terms qualify (Play points: Max play points, Recover play points; tuned on the tune
# halves of the English sets: :func:`~tcgrules.kb.concepts.kinds_of`)
GENERIC_HEAD = 3
# A query of :data:`SPELT` distinct words or more whose best description in the covering concept's game holds a word
# more than the covering concept's and scores :data:`SCORED` times its BM25 names that concept first, though holding
# less than :data:`SHARE` of the query's weight (little tokens placed on a spirit: Core, not Spirit; tuned on the
# tune halves of the English sets: at 1.3 times a description of the term's few words took the term's place)
SCORED = 1.5
DIGITS = 9  # scores rounded, so that the worker's floating point orders them as Python's does
DESCRIBING = {"k1": K1, "b": B, "share": SHARE, "written_share": WRITTEN_SHARE, "asking": "".join(sorted(ASKING)),
              "matched": MATCHED, "more": MORE, "spelt": SPELT, "long": LONG, "most": MOST, "margin": MARGIN, "whole": WHOLE, "generic_head": GENERIC_HEAD, "scored": SCORED,
              "digits": DIGITS}  # as the worker reads them


class Told(NamedTuple):
    """How much of a query a concept's description holds, and whether it names the concept:
    a share of the query's weight (:data:`SHARE`, :data:`WRITTEN_SHARE`) in :data:`MATCHED` of its words or more, or its one
    word when no other description holds it (forestcraft: a class the definition of Class names)."""

    share: float  # of the query's weight (the idf of its distinct words)
    bm25: float
    held: int  # the query's distinct words it holds
    names: bool


class Descriptions:
    """The descriptions of the concepts (each concept id with its words), scored against a
    query's words with the collection figures (documents, document frequencies, mean length)
    of the candidate games' descriptions."""

    def __init__(self, words: dict[str, tuple[str, ...]], share: float = SHARE):
        self.words = words
        self.share = share  # of a query's weight a description must hold to name its concept
        self._figures: dict[frozenset[str], tuple[int, Counter, float]] = {}
        self._order = {cid: i for i, cid in enumerate(words)}  # the concepts scored in this order, as the worker scores them
        self._counts = {cid: Counter(ws) for cid, ws in words.items()}  # each description's words, counted once
        self._holding: dict[str, list[str]] = {}  # each word with the concepts whose description holds it
        for cid, counts in self._counts.items():
            for w in counts:
                self._holding.setdefault(w, []).append(cid)

    def figures(self, games: frozenset[str]) -> tuple[int, Counter, float]:
        """The number of descriptions of ``games`` (every game when empty), each word's document
        frequency among them and their mean length, made once per set of games."""
        if games not in self._figures:
            docs = [ws for cid, ws in self.words.items() if not games or cid.split("/", 1)[0] in games]
            df = Counter(w for ws in docs for w in set(ws))
            self._figures[games] = (len(docs), df, sum(map(len, docs)) / (len(docs) or 1))
        return self._figures[games]

    def scores(self, query: Collection[str], games: Collection[str] = ()) -> dict[str, Told]:
        """Each concept of ``games`` (any when empty) whose description holds a word of the
        ``query`` (its words, :func:`~tcgrules.kb.concepts.content_words`), with how much."""
        asked = sorted(set(query))
        n, df, mean = self.figures(frozenset(games))
        idf = {w: math.log(1 + (n - df[w] + 0.5) / (df[w] + 0.5)) for w in asked}
        total = sum(idf[w] for w in asked)
        out: dict[str, Told] = {}
        for cid in sorted({c for w in asked for c in self._holding.get(w, ())}, key=self._order.__getitem__):
            if games and cid.split("/", 1)[0] not in games:
                continue
            tf = self._counts[cid]
            held = [w for w in asked if w in tf]  # summed in one order, as the worker sums them
            if held:
                norm = K1 * (1 - B + B * len(self.words[cid]) / mean)
                bm25 = sum(idf[w] * tf[w] * (K1 + 1) / (tf[w] + norm) for w in held)
                share = sum(idf[w] for w in held) / total
                enough = len(held) >= MATCHED or len(asked) == 1 and df[asked[0]] == 1
                out[cid] = Told(round(share, DIGITS), round(bm25, DIGITS), len(held), enough and share >= self.share)
        return out


def more_held(asked: int) -> int:
    """The words more than the covering concept's a description of its game must hold of a query of
    ``asked`` distinct words to name it first, the covering one's not naming it: :data:`MORE`, but
    one in a query of :data:`SPELT` words or more."""
    return 1 if asked >= SPELT else MORE


def holds_more(told: Told, covering: Told | None, more: int) -> bool:
    """Whether a description (``told``) names a query better than the concept a term of it covers
    (``covering``, its description's hold of the query), whose description does not name it: it holds
    ``more`` of its words more and more of its weight (:func:`more_held` of its game; another game's,
    :data:`MORE` always, the term naming its own game: cards revealed and the higher cost wins, Zero
    Dimension's Duel, not Battle Spirits' Cost)."""
    return covering is not None and not covering.names and told.held >= covering.held + more and told.share > covering.share


def outweighs(told: Told, covering: Told | None, asked: int) -> bool:
    """Whether a description (``told``) names a query of ``asked`` distinct words before the concept a
    term of it covers (``covering``, its description's hold of the query, if any): the query has
    :data:`LONG` words or more, and the description holds :data:`MOST` of its weight, more of its
    words and :data:`MARGIN` more of its weight (follower that cannot be chosen as an attack target:
    Intimidate, not Attack)."""
    held, share = (covering.held, covering.share) if covering else (0, 0.0)
    return asked >= LONG and told.names and told.share >= MOST and told.held > held and told.share >= share + MARGIN


def holds_all(told: Told, covering: Told | None, asked: int) -> bool:
    """Whether a description (``told``) names a query of ``asked`` distinct words before the concept a
    term of it covers (``covering``, its description's hold of the query, if any) by holding every one
    of its words (:data:`WHOLE` or more), the covering one's not: the query says what the description says (last step of a
    turn: End step, whose description is the last step of a turn, not Step; discard cards from hand
    to the cemetery: Discard, not Cemetery)."""
    return asked >= WHOLE and told.names and told.held == asked and told.held > (covering.held if covering else 0)


def surpasses(told: Told, covering: Told | None, asked: int) -> bool:
    """Whether the best description of a game (``told``, naming its concept or not) names a query of ``asked``
    distinct words before the concept of that game a term of it covers (``covering``, its description's hold
    of the query, if any): the query spells a notion out (:data:`SPELT` words or more) and the description holds
    more of its words and scores more than :data:`SCORED` times the covering one's BM25 (little tokens placed
    on a spirit: Core, whose description holds more of it, not Spirit, which a word of it names)."""
    held, bm25 = (covering.held, covering.bm25) if covering else (0, 0.0)
    return asked >= SPELT and told.held > held and told.bm25 > SCORED * bm25


def of_written(texts: dict[str, str]) -> Descriptions:
    """The descriptions of concepts in Chinese or Japanese (``texts``: each concept id with what
    describes it as printed, :meth:`tcgrules.kb.model.KnowledgeBase.defining_texts`), each as its
    :func:`~tcgrules.kb.text.written_words`, naming a concept with :data:`WRITTEN_SHARE` of a query."""
    return Descriptions({cid: tuple(written_words(t)) for cid, t in texts.items()}, WRITTEN_SHARE)
