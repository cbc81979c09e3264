"""Proposing zh-Hant ↔ ja term pairs from two editions aligned by clause number.

Battle Spirits prints the same rules in Japanese and Traditional Chinese with the same
clause numbers, so a clause and its counterpart name the same concepts. Four kinds of
evidence are collected from each aligned pair (a clause number present once in each edition):

* ``title``: the two titles of a short section (4-4 トラッシュ | 廢棄區) pair as wholes;
* ``bracket``: names in brackets (『召喚時』, 《継召》, [メイン]) pair in order when both
  clauses bracket the same number of names;
* ``cognate``: a kanji word of the ja text whose folded form occurs in the zh-Hant text
  (誘発型効果 → 誘發型效果);
* ``association``: a katakana or kanji word of the ja text and the Chinese n-gram that
  co-occurs with it across aligned clauses most consistently (Dice coefficient).

The output is a proposal list for review by hand; the reviewed pairs live in
``glossary/battle-spirits.yaml``.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from ..kb import text
from ..kb.model import Clause, KnowledgeBase

BRACKETS = re.compile(r"【([^】]{1,20})】|《([^》]{1,20})》|『([^』]{1,20})』|〔([^〕]{1,20})〕|\[([^\]]{1,20})\]"
                      r"|「([^」]{1,20})」")
KATAKANA = re.compile(r"[ァ-ヺー・]{2,}")
KANJI = re.compile(r"[一-鿿々〆]{2,}")
HAN = re.compile(r"[一-鿿]+")
TITLE_MAX = 12  # longer titles are phrases, not terms
METHODS = ("title", "bracket", "cognate", "association")


@dataclass
class Pair:
    """A proposed ja ↔ zh-Hant term pair with the clause numbers that support it."""

    ja: str
    zh: str
    methods: set[str] = field(default_factory=set)
    numbers: list[str] = field(default_factory=list)
    score: float = 0.0  # Dice coefficient for association, 1.0 for the other methods

    def to_dict(self) -> dict:
        return {"ja": self.ja, "zh-Hant": self.zh, "methods": [m for m in METHODS if m in self.methods],
                "numbers": self.numbers, "score": round(self.score, 3)}


def aligned(kb: KnowledgeBase, ja_edition: str, zh_edition: str, examples: bool = False) -> list[tuple[Clause, Clause]]:
    """(ja clause, zh clause) for each number printed exactly once in both editions (and, with
    ``examples``, each number the records give an unnumbered example or note: 9-1-5-4.ex1)."""
    out = []
    for c in kb.in_edition(ja_edition):
        ja_same, zh_same = kb.by_number(ja_edition, c.number), kb.by_number(zh_edition, c.number)
        if (c.number_printed or examples) and len(ja_same) == 1 and len(zh_same) == 1:
            out.append((c, zh_same[0]))
    return out


def bracketed(s: str) -> list[str]:
    """The names in brackets, in order (【】《》『』〔〕[] and 「」)."""
    return [next(g for g in m.groups() if g is not None).strip() for m in BRACKETS.finditer(s)]


def _title_term(title: str | None) -> str | None:
    """A title that is a term: short, without sentence punctuation; brackets removed."""
    if not title:
        return None
    t = title.strip()
    names = bracketed(t)
    if len(names) == 1 and len(t) <= len(names[0]) + 2:
        t = names[0]
    if len(t) > TITLE_MAX or re.search(r"[、，。,（）()／/]", t):
        return None
    return t


def _cognates(ja: str, zh: str) -> list[tuple[str, str]]:
    """Kanji words of ``ja`` whose folded form occurs in ``zh``, with the zh spelling."""
    zh_folded = text.fold(zh)
    out = []
    for w in KANJI.findall(ja):
        key = text.fold(w)
        at = zh_folded.find(key)
        # fold maps character for character here, so the position holds in the zh text too
        if at >= 0 and len(zh_folded) == len(zh):
            out.append((w, zh[at:at + len(w)]))
    return out


def _ngrams(s: str, longest: int = 5) -> set[str]:
    grams: set[str] = set()
    for run in HAN.findall(s):
        for n in range(2, longest + 1):
            grams.update(run[i:i + n] for i in range(len(run) - n + 1))
    return grams


def _associations(pairs: list[tuple[Clause, Clause]], min_together: int, min_dice: float) -> list[Pair]:
    """For each ja katakana or kanji word, the zh n-gram with the best Dice coefficient."""
    ja_sets: dict[str, set[int]] = {}
    zh_sets: dict[str, set[int]] = {}
    for i, (a, b) in enumerate(pairs):
        for w in set(KATAKANA.findall(a.text)) | set(KANJI.findall(a.text)):
            ja_sets.setdefault(w, set()).add(i)
        for g in _ngrams(b.text):
            zh_sets.setdefault(g, set()).add(i)
    out = []
    for w, where in sorted(ja_sets.items()):
        if len(where) < min_together:
            continue
        together = Counter(g for i in where for g in _ngrams(pairs[i][1].text))
        best: tuple[float, int, str] | None = None
        for g, n in together.items():
            if n < min_together:
                continue
            dice = 2 * n / (len(where) + len(zh_sets[g]))
            cand = (round(dice, 6), len(g), g)
            if best is None or cand > best:
                best = cand
        if best and best[0] >= min_dice:
            shared = sorted(where & zh_sets[best[2]])
            out.append(Pair(w, best[2], {"association"}, [pairs[i][0].number for i in shared], best[0]))
    return out


def derive_pairs(kb: KnowledgeBase, ja_edition: str, zh_edition: str, min_together: int = 3,
                 min_dice: float = 0.6) -> list[Pair]:
    """Proposed (ja, zh-Hant) pairs from the aligned clauses, sorted by ja then zh term."""
    pairs = aligned(kb, ja_edition, zh_edition)
    found: dict[tuple[str, str], Pair] = {}

    def add(ja: str, zh: str, method: str, number: str, score: float = 1.0) -> None:
        if not ja or not zh or ja == zh and not re.search(r"[一-鿿]", ja):
            return  # identical Latin or digits (BP, Lv) say nothing about translation
        p = found.setdefault((ja, zh), Pair(ja, zh))
        p.methods.add(method)
        p.score = max(p.score, score)
        if number not in p.numbers:
            p.numbers.append(number)

    for a, b in pairs:
        ta, tb = _title_term(a.title), _title_term(b.title)
        if ta and tb:
            add(ta, tb, "title", a.number)
        na, nb = bracketed(clause_both(a)), bracketed(clause_both(b))
        if len(na) == len(nb):
            for x, y in zip(na, nb):
                add(x, y, "bracket", a.number)
        for x, y in _cognates(clause_both(a), clause_both(b)):
            add(x, y, "cognate", a.number)
    for p in _associations(pairs, min_together, min_dice):
        for n in p.numbers:
            add(p.ja, p.zh, "association", n, p.score)
    return sorted(found.values(), key=lambda p: (p.ja, p.zh))


def clause_both(c: Clause) -> str:
    return f"{c.title or ''}\n{c.text}"
