"""Candidates for a translator's style sheet: what one edition prints two ways.

A translator keeps a style sheet: for each word the book prints two ways, the form to use.
:func:`candidates` reads every clause of every current edition (never a query set) and lists
each pair of forms an edition prints both ways, the rarer in a third as many clauses as the
usual or fewer, with both counts and the clauses printing the rarer, for a maintainer to judge
by reading those clauses: a real inconsistency goes to ``glossary/style/<game>.yaml`` (``prefer``
the usual form, ``avoid`` the rare one), a pair of two meanings or of the edition's free wording
to its ``refused`` pairs, so that the next run shows only pairs nobody has judged. Kinds:

* **variant**: one word in two character forms (OpenCC folds them alike: 裏 / 裡, 着 / 著).
* **synonym**: two words of two to four characters alike but one (视为 / 视作, 赋予 / 给予,
  持有 / 拥有), words as jieba segments the clause, the game's glossary terms kept whole, no
  two terms of the glossary (a term beside another term is the term detector's).
* **particle**: one character printed otherwise between the same two words or after the same
  word (一名 / 一位 玩家), where the two share their neighbours or are particles of one class
  whatever their neighbours (a verb's complement: 移动到 / 移动至, 放置在 / 放置于; X的Y / X之Y).
* **reading** (Japanese): a word written in kanji where the edition writes its reading in kana
  (pykakasi: 事 / こと, 為 / ため), or the other way round.
"""
from __future__ import annotations

import functools
import hashlib
import re
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from ..kb import store, text
from ..kb.concepts import Glossary
from ..kb.model import Clause, Edition, KnowledgeBase
from ..errors import UsageError
from .consistency import STYLE_DIR, _code_digest, _number_key, orthography_list, style_list
from .link import clause_text

KINDS = ("variant", "synonym", "particle", "reading")
RARE_SHARE = 3  # the rarer form in a third as many clauses as the usual one, or fewer
USUAL_MIN = 3  # the usual form printed in three clauses or more
# Characters of the closed classes: numerals, measure words, locatives, pronouns, particles
# (Simplified and Traditional); a word differing from another in one of them is another word.
FUNCTION_CHARS = frozenset("一二两兩三四五六七八九十百千万萬几幾每各某诸諸这這那此该該其之的了着著过過地得所"
                           "上下前后後中内內外里裡左右间間旁来來去再又也都就才将將把被让讓使给給对對向从從"
                           "在于於与與和或及并並而个個张張名位次种種类類些件")
# Particles one of another in any context: a verb's complement of place (移动到 / 移动至, 放置在 /
# 放置于) and the attributive particle (X的Y / X之Y).
PARTICLE_CLASSES = ("到至于於在", "的之")
_HAN = re.compile(r"^[一-鿿]+$")
_KANA = re.compile(r"^[ぁ-ゖ]+$")
_KANJI = re.compile(r"[一-鿿々]")


@dataclass(frozen=True)
class Candidate:
    """Two forms one edition prints: the rarer, in ``clauses``, and the usual, in ``usual_count``."""

    edition: str
    kind: str
    rare: str
    usual: str
    rare_count: int
    usual_count: int
    clauses: tuple[str, ...]
    judged: bool = False  # listed in a style sheet already, kept or refused

    def to_dict(self) -> dict:
        return {**asdict(self), "clauses": list(self.clauses)}


def candidates(kb: KnowledgeBase, glossary: Glossary, game: str | None = None,
               kept: Path | None = None) -> list[Candidate]:
    """Every candidate pair of every current edition (of ``game``), each edition's sorted by kind
    and by how many clauses print the usual form, most first. ``kept``: a build folder where
    each edition's forms are kept by what they are read from (:func:`_kept_forms`)."""
    out: list[Candidate] = []
    editions = sorted(kb.current_editions(game), key=lambda e: e.key)
    judged = {e.key: _judged(kb.root, e) for e in editions}  # a bad style sheet told before the slow reading
    for e in editions:
        forms = _kept_forms(e, kb.in_edition(e.key), _terms(glossary, e), kept)
        found = [_candidate(e, forms, kind, rare, usual, judged[e.key]) for kind, rare, usual in _pairs(forms)]
        out += sorted(found, key=lambda c: (KINDS.index(c.kind), -c.usual_count, c.rare))
    return out


def _candidate(e: Edition, forms: "Forms", kind: str, rare: str, usual: str, judged: set[frozenset[str]]) -> Candidate:
    """One pair as printed (a particle frame's parts joined: 移动|至 → 移动至)."""
    printed = rare.replace("|", ""), usual.replace("|", "")
    return Candidate(e.key, kind, *printed, len(forms.clauses[rare]), len(forms.clauses[usual]),
                     tuple(sorted(forms.clauses[rare], key=_number_key)), frozenset(printed) in judged)


def _pairs(forms: "Forms") -> Iterator[tuple[str, str, str]]:
    """(kind, rare, usual) of one edition, each rare form once (its first kind), beside the most
    printed form of its group it may stand for: synonyms and particles only where
    interchangeable (:meth:`Forms.interchangeable`) or particles of one class (:func:`_one_class`)."""
    seen: set[str] = set()
    printed = forms.clauses
    for kind, groups in (("variant", _variant_groups(printed)), ("synonym", _synonym_groups(printed)),
                         ("particle", _particle_groups(printed)), ("reading", _reading_groups(printed))):
        for group in groups:
            for rare in dict.fromkeys(group):
                fits = [u for u in group if u != rare and _rare_beside(len(printed[rare]), len(printed[u]))
                        and (kind in ("variant", "reading") or forms.interchangeable(rare, u) or _one_class(rare, u))]
                if fits and rare not in seen:
                    seen.add(rare)
                    yield kind, rare, max(fits, key=lambda f: (len(printed[f]), f))


def _one_class(rare: str, usual: str) -> bool:
    """Whether two particle frames differ in particles of one class (:data:`PARTICLE_CLASSES`),
    which the same words around them make one meaning (移动到 / 移动至, 牌的区域 / 牌之区域)."""
    a, b = rare.split("|"), usual.split("|")
    return len(a) > 1 and len(b) > 1 and any(a[1] in c and b[1] in c for c in PARTICLE_CLASSES)


def _rare_beside(rare: int, usual: int) -> bool:
    return usual >= USUAL_MIN and rare * RARE_SHARE <= usual


# ---------------------------------------------------------------- what an edition prints


def _kept_forms(e: Edition, clauses: list[Clause], terms: frozenset[str], kept: Path | None) -> "Forms":
    """:func:`_edition_forms`, kept in ``kept`` (when given) and read again while what they are
    read from is the same: the readers' code, the segmenter's version, the edition, its
    glossary terms and what each clause prints (segmenting an edition takes seconds)."""
    if kept is None:
        return _edition_forms(e, clauses, terms)
    from importlib.metadata import version

    made_of = hashlib.sha256(_code_digest())
    made_of.update(repr((version("jieba"), e, sorted(terms), [(c.number, clause_text(c)) for c in clauses])).encode("utf-8"))
    return store.slot_kept(store.kept_slot(kept, f"style candidates {e.key}"), made_of.hexdigest(),
                           lambda: _edition_forms(e, clauses, terms))


def _edition_forms(e: Edition, clauses: list[Clause], terms: frozenset[str]) -> "Forms":
    """Each word and particle frame the edition prints (:func:`_clause_forms`), with the numbers
    of the clauses printing it and the words printed before and after it."""
    forms = Forms()
    for c in clauses:
        for f, before, after in _clause_forms(e.lang, clause_text(c), terms):
            forms.clauses[f].add(c.number)
            forms.before[f].add(before)
            forms.after[f].add(after)
    return forms


@dataclass
class Forms:
    """What one edition prints: each form's clauses, and the words before and after it."""

    clauses: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    before: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    after: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def interchangeable(self, rare: str, usual: str) -> bool:
        """Whether the usual form is printed after a word the rare one is printed after, and
        before a word the rare one is printed before: words of one meaning share their
        neighbours (视作 0 / 视为 0 …), words alike by chance do not (回忆 / 回合)."""
        return bool(self.before[rare] & self.before[usual] - {""}) and bool(self.after[rare] & self.after[usual] - {""})


def _clause_forms(lang: str, s: str, terms: frozenset[str]) -> Iterator[tuple[str, str, str]]:
    """The clause's words, with a ``|`` marking a particle frame's parts (移动|到, 一|名|玩家), each
    with the words before and after it; in Japanese its kanji words and kana stretches."""
    if lang == "ja":
        yield from ((w, "", "") for w in _ja_words(s))
        return
    words = [w for w in segment(s, terms) if w.strip()]
    for i, w in enumerate(words):
        if not _HAN.match(w):
            continue
        before, after = words[i - 1] if i else "", words[i + 1] if i + 1 < len(words) else ""
        if len(w) >= 2 and w not in terms:
            yield w, before, after
        if len(w) == 1 and i and _HAN.match(before):
            if len(before) >= 2:
                yield f"{before}|{w}", words[i - 2] if i > 1 else "", after
            if _HAN.match(after):
                yield f"{before}|{w}|{after}", words[i - 2] if i > 1 else "", words[i + 2] if i + 2 < len(words) else ""


def segment(s: str, terms: Iterable[str] = ()) -> list[str]:
    """``s`` cut into words by jieba (its Simplified dictionary; a Traditional text is cut as
    its Simplified form, character for character), ``terms`` never cut."""
    tokenizer = _tokenizer(frozenset(text.to_hans(t) for t in terms))
    hans = text.to_hans(s)
    if len(hans) != len(s):
        return list(tokenizer.cut(s, HMM=False))
    words, i = [], 0
    for w in tokenizer.cut(hans, HMM=False):
        words.append(s[i:i + len(w)])
        i += len(w)
    return words


@functools.lru_cache(maxsize=8)
def _tokenizer(terms: frozenset[str]):  # noqa: ANN202  (jieba has no types)
    import logging

    import jieba  # on first use: only the candidates read it

    jieba.setLogLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()
    for t in sorted(terms):
        tokenizer.add_word(t, freq=100000)
    return tokenizer


def _terms(glossary: Glossary, e: Edition) -> frozenset[str]:
    """The game's glossary terms in the edition's language."""
    return frozenset(t for c in glossary.for_game(e.game) for t in c.terms.get(e.lang, []))


# ---------------------------------------------------------------- groups of forms


def _variant_groups(forms: dict[str, set[str]]) -> Iterator[list[str]]:
    """Words folding alike (:func:`~tcgrules.kb.text.fold`) but printed otherwise."""
    by: dict[str, list[str]] = defaultdict(list)
    for f in forms:
        if "|" not in f and not _KANA.match(f):
            by[text.fold(f)].append(f)
    return (g for g in by.values() if len(g) > 1)


def _synonym_groups(forms: dict[str, set[str]]) -> Iterator[list[str]]:
    """Words of two to four Han characters alike but one, the one no numeral, measure word,
    locative or particle (:data:`FUNCTION_CHARS`: 之中 / 之后, 一张 / 一些 are other words)."""
    by: dict[tuple[str, int], list[str]] = defaultdict(list)
    for f in forms:
        if "|" not in f and 2 <= len(f) <= 4 and _HAN.match(f):
            for i in range(len(f)):
                if f[i] not in FUNCTION_CHARS:
                    by[f[:i] + "?" + f[i + 1:], i].append(f)
    return (g for g in by.values() if len(g) > 1)


def _particle_groups(forms: dict[str, set[str]]) -> Iterator[list[str]]:
    """Particle frames alike but for their one-character word (移动|到, 移动|至)."""
    by: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for f in forms:
        parts = f.split("|")
        if len(parts) > 1:
            by[tuple(parts[:1] + parts[2:])].append(f)
    return (g for g in by.values() if len(g) > 1)


def _reading_groups(forms: dict[str, set[str]]) -> Iterator[list[str]]:
    """A kanji word and the kana run spelling its reading (ja): 事 and こと."""
    kana = {f for f in forms if _KANA.match(f)}
    for f in forms:
        if _KANJI.search(f) and "|" not in f:
            r = _reading(f)
            if len(r) >= 2 and r in kana:
                yield [f, r]


# ---------------------------------------------------------------- Japanese


_JA_RUN = re.compile(r"([一-鿿々]+[ぁ-ゖ]*)|([ぁ-ゖ]+)")


def _ja_words(s: str) -> Iterator[str]:
    """A Japanese clause's kanji words, each with the kana it is written with (pykakasi's
    segments: 疲労, 事), and each reading of one of them written out in kana inside a kana run
    (こと in ことはできません)."""
    for seg in _kakasi().convert(s):
        orig = seg["orig"]
        if _KANJI.search(orig) and len(orig) <= 4:
            yield orig
        elif _KANA.match(orig):
            yield from _kana_words(orig)


def _kana_words(run: str) -> Iterator[str]:
    """Every stretch of two to four kana of a run: a reading written out is one of them."""
    for n in range(2, 5):
        for i in range(len(run) - n + 1):
            yield run[i:i + n]


@functools.lru_cache(maxsize=4096)
def _reading(word: str) -> str:
    return "".join(seg["hira"] for seg in _kakasi().convert(word))


@functools.lru_cache(maxsize=1)
def _kakasi():  # noqa: ANN202  (pykakasi has no types)
    import pykakasi

    return pykakasi.kakasi()


# ---------------------------------------------------------------- what is judged


def _judged(root: Path, e: Edition) -> set[frozenset[str]]:
    """The pairs a style sheet names already: the game's kept pairs (``prefer`` and each of
    ``avoid``, or the candidate an entry was written from, ``from``), its ``refused`` pairs, and
    any two forms of a group of orthography.yaml or wording.yaml (无须 / 不需). A pair written
    otherwise than ``[rare, usual]`` is a UsageError naming the file, the entry and the field."""
    out: set[frozenset[str]] = set()
    for i, d in enumerate(style_list(root, e.game, e.lang), start=1):
        out |= {frozenset((d["prefer"], a)) for a in d.get("avoid", [])} if "prefer" in d else set()
        for name, pairs in (("refused", d.get("refused", [])), ("from", [d["from"]] if "from" in d else [])):
            for pair in pairs:
                if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
                    raise UsageError(f"{STYLE_DIR / (e.game + '.yaml')}: {e.lang} entry {i}: {name}: "
                                     f"expected a pair [rare, usual], got {pair!r}")
                out.add(frozenset(pair))
    for group in (g for g in orthography_list(root, e.lang) if "forms" in g):
        out |= {frozenset((a, b)) for a in group["forms"] for b in group["forms"] if a != b}
    return out
