"""A model of one edition's own usage: the minority form of two near-identical forms.

An edition that prints a phrase one way in many clauses and, between the same words, one
character otherwise in a few, prints the few as a slip: 清除步骤 in 105.p4 where the same
surroundings print 清算步骤 four times. :func:`minority_forms` reads every clause of an edition
and counts, for each frame of two characters before and two after (the words around the form,
in one run of Han characters or katakana: ja 置換効果 beside 置換型効果 ×6), the middles printed
between them: one character, or none. In a frame, a middle printed in two clauses at most, where another is printed in three
times as many clauses and three or more, is the minority form, the other the edition's usage.

Of these, what the edition's counts cannot tell from a wording of its own is left out (precision
round 17, tests/queries/lint-precision.md: the model without these tests was a fifth real):

* a character put in: Chinese puts words in at will (不会受影响, 我方本回合, 防御方的角色牌);
* a grammatical word changed or left out (的, 在, 该, 不, 会, 可, 时, 则 …: 卡牌會移動 /
  卡牌移動), nor any character the usage's frame does not print inside a glossary term of the
  game (清算完之后 beside 清算完毕之后): only a term's inner character, neither its first nor its
  last (a head noun dropped, 靈魂卡 → 靈魂, is a short form; a first one, 死循环 → 循环, a
  modifier), changed or left out is a slip;
* a minority holding a glossary term of another concept at its change (生命值的牌 / 生命区的牌);
* a pair the style sheets record, kept or refused, either way round (glossary/style/<game>.yaml,
  orthography.yaml, wording.yaml: 进行 / 进入): a maintainer judged it already.
"""
from __future__ import annotations

import os
import re
from collections import Counter, defaultdict
from typing import Iterator, Protocol, TypeVar

from ..kb.model import Clause

F = TypeVar("F", covariant=True)


class Read(Protocol[F]):
    """What the model reads of one edition (the lint's edition, :mod:`.consistency`, which
    calls the model: this module names it by what it reads, not by import)."""

    clauses: list[Clause]
    texts: dict[str, str]  # each clause's text, by clause id
    hits: dict[str, list]  # the glossary terms printed in each clause, by clause id
    style: list[dict]
    orthography: list[dict]

    def finding(self, c: Clause, kind: str, found: str, suggest: str, severity: str,
                concept: str | None = None, why: str = "") -> F: ...

    def occurrences(self, word: str) -> Iterator[tuple[Clause, int]]: ...

CONTEXT = 2  # characters of the frame before and after the middle
RARE_MAX = 2  # the minority printed in two clauses at most: more is a wording of its own
RARE_SHARE = 3  # the usage printed in three times as many clauses as the minority
USUAL_MIN = 3  # and in three clauses or more
# Closed classes and grammatical words (Simplified and Traditional): numerals, measure words,
# locatives, pronouns, particles, negation, modal and aspect words, conjunctions, prepositions.
GRAMMATICAL = frozenset("一二两兩三四五六七八九十百千万萬几幾每各某诸諸这這那此该該其之的了着著过過地得所"
                        "上下前后後中内內外里裡左右间間旁来來去再又也都就才将將把被让讓使给給对對向从從"
                        "在于於与與和或及并並而个個张張名位次种種类類些件他她它们們者"
                        "不非没沒未无無别別会會可能要需须須应應只皆均仅僅先新另第已时時则則若即便仍亦还還且"
                        "曾正是为為有由以依等如当當")
_RUN = re.compile(r"[一-鿿々ァ-ヺー]+")  # Han characters and katakana: kana particles and marks break a run


def minority_forms(ed: Read[F]) -> Iterator[F]:
    """Each clause printing a frame's minority middle (:func:`_frames`, :func:`_usage`) that is a
    slip (:func:`_slip`), with the usage as the suggestion and both counts."""
    judged = _judged(ed)
    for (before, after), middles in _frames(ed).items():
        for x, n in middles.items():
            usual = _usage(middles, x)
            if usual is None or not _slip(ed, before, after, x, usual, judged):
                continue
            found, suggest = before + x + after, before + usual + after
            why = f"{suggest} in {middles[usual]} clauses, {found} in {n}"
            for c in (c for c in ed.clauses if found in ed.texts[c.id]):
                yield ed.finding(c, "wording", found, suggest, "warning", None, why)


def _frames(ed: Read) -> dict[tuple[str, str], dict[str, int]]:
    """For each two characters before and two after in a run of Han characters or katakana, the
    middles printed between them, one character or none, each with the number of clauses printing
    it; only frames with two middles or more, one of them printed in three clauses or more."""
    k = CONTEXT
    printed: Counter[str] = Counter()
    for s in ed.texts.values():
        runs = [run for run in _RUN.findall(s) if len(run) >= 2 * k]
        printed.update({run[i:i + n] for run in runs for n in (2 * k, 2 * k + 1) for i in range(len(run) - n + 1)})
    usual = {(form[:k], form[-k:]) for form, n in printed.items() if n >= USUAL_MIN}
    frames: dict[tuple[str, str], dict[str, int]] = defaultdict(dict)
    for form, n in printed.items():
        if (frame := (form[:k], form[-k:])) in usual:
            frames[frame][form[k:-k]] = n
    return {f: m for f, m in frames.items() if len(m) > 1}


def _usage(middles: dict[str, int], x: str) -> str | None:
    """The middle the frame prints most, when ``x`` is its minority: ``x`` printed in two clauses
    at most, the usage in three times as many and three or more."""
    n, y = max((n, m) for m, n in middles.items() if m != x)
    return y if middles[x] <= RARE_MAX and n >= max(USUAL_MIN, RARE_SHARE * middles[x]) else None


def _slip(ed: Read, before: str, after: str, x: str, y: str, judged: set[frozenset[str]]) -> bool:
    """Whether the minority ``x`` for the usage ``y`` is a slip: a character of neither a
    grammatical word nor a pair of the style sheets, ``y`` an inner character of a glossary term
    where the usage is printed, and no term of another concept across ``x`` where it is printed."""
    if not y or x in GRAMMATICAL or y in GRAMMATICAL:
        return False
    if any(_same_change(pair, before, x, y, after) for pair in judged):
        return False
    rare, common = before + x + after, before + y + after
    terms = _terms_across(ed, common, 1, 1)
    return bool(terms) and not _terms_across(ed, rare, int(not x), 0) - terms


def _same_change(pair: frozenset[str], before: str, x: str, y: str, after: str) -> bool:
    """Whether a judged pair makes the frame's change, ``x`` for ``y``, between the characters the
    frame prints beside it (进入 / 进行 in 进行连锁 beside 进入连锁, 放置於廢棄區 / 放置到廢棄區)."""
    for a, b in (sorted(pair), sorted(pair)[::-1]):
        i = next((i for i, (p, q) in enumerate(zip(a, b)) if p != q), min(len(a), len(b)))
        tail = len(os.path.commonprefix([a[i:][::-1], b[i:][::-1]]))
        if (a[i:len(a) - tail], b[i:len(b) - tail]) == (x, y) and a[:i].endswith(before[-1:] if i else "") \
                and (a[len(a) - tail:].startswith(after[:1]) if tail else True):
            return True
    return False


def _judged(ed: Read) -> set[frozenset[str]]:
    """The pairs the style sheets record: each kept pair (``prefer`` and each ``avoid``, ``from``),
    each ``refused`` pair, and any two forms of one group of orthography.yaml or wording.yaml."""
    out: set[frozenset[str]] = set()
    for d in ed.style:
        out |= {frozenset((d["prefer"], a)) for a in d.get("avoid", [])} if "prefer" in d else set()
        out |= {frozenset(p) for p in d.get("refused", []) + ([d["from"]] if "from" in d else [])}
    for g in (g for g in ed.orthography if "forms" in g):
        out |= {frozenset((a, b)) for a in g["forms"] for b in g["forms"] if a != b}
    return {p for p in out if len(p) == 2}


def _terms_across(ed: Read, form: str, before: int, after: int) -> set[str]:
    """The concepts of the glossary terms printed across the middle of ``form`` (its character
    after the frame's first two) where the edition prints it, each holding ``before`` characters
    or more before it and ``after`` or more after it (1, 1: an inner character; 1, 0: across the
    gap a character left out leaves before it)."""
    return {h.concept for c, at in ed.occurrences(form) for h in ed.hits[c.id]
            if h.start + before <= at + CONTEXT < h.end - after}
