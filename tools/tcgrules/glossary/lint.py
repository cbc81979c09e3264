"""``tcgrules glossary lint``: inconsistencies in the printed rules, inconsistent translations
and terms the glossary lacks.

Three findings:

* **Inconsistencies** (every game and language, :mod:`.consistency`): each clause printing a
  variant of a term, word or quote style the edition otherwise writes another way, with a
  severity and the rendering to use.

* **Renderings.** For a game printed in Japanese and Traditional Chinese with aligned clause
  numbers, each Japanese term found in a clause is looked up in the clause's counterpart:
  which of the concept's zh-Hant terms renders it there? A Japanese term rendered by
  several zh-Hant terms (誘発型効果 as 誘發型效果 and 觸發型效果) is listed with every
  rendering and its clause numbers. Where the counterpart has none of the concept's terms,
  a near spelling of one of them (same length ± 1, most characters shared) is reported as
  a rendering the glossary does not list, so a variant is found even before it is recorded.
* **Missing terms.** Names the rules print in brackets (【】《》『』〔〕[]) and words they
  define (「X」とは, 所謂X, X是指) that no concept's term covers, with their frequency.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..kb import text
from ..kb.model import Clause, KnowledgeBase
from .consistency import SEVERITIES, Inconsistency, inconsistencies
from .derive import aligned
from .link import Matcher, clause_text
from ..kb.concepts import Glossary

LINT_BRACKETS = re.compile(r"【([^】]{1,20})】|《([^》]{1,20})》|『([^』]{1,20})』|〔([^〕]{1,20})〕|\[([^\]]{1,20})\]")
# A parameter written into a name: 連擊（數值）, 喚靈充能(數值), （衍生物名稱）
PLACEHOLDER = re.compile(r"[（(][^）)]*[）)]")
# A defined word: 「X」とは / Xとは、 (ja); 所謂「X」/ 所謂X， / X是指 (zh). X is a CJK word.
_WORD = r"[一-鿿々ァ-ヺー]{2,8}"
DEFINITIONS = (
    re.compile(rf"「({_WORD})」とは"),
    re.compile(rf"(?:^|[、。\s])({_WORD})とは[、，]"),
    re.compile(rf"(?:所謂|所谓)的?「?({_WORD})」?[，,、是]"),
    re.compile(rf"「({_WORD})」是指"),
)


@dataclass
class Rendering:
    """How one Japanese term of a concept is rendered in the zh-Hant counterparts."""

    concept: str
    ja: str
    renderings: dict[str, list[str]] = field(default_factory=dict)  # zh term -> clause numbers
    unlisted: dict[str, list[str]] = field(default_factory=dict)  # near spellings not in the glossary
    unrendered: list[str] = field(default_factory=list)  # no rendering found at all

    @property
    def inconsistent(self) -> bool:
        return len(self.renderings) + len(self.unlisted) > 1

    def to_dict(self) -> dict:
        return {"concept": self.concept, "ja": self.ja, "renderings": self.renderings,
                "unlisted": self.unlisted, "unrendered": self.unrendered}


@dataclass
class MissingTerm:
    """A bracketed name or defined word of an edition that no concept covers."""

    term: str
    edition: str
    kind: str  # bracket | defined
    numbers: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.numbers)

    def to_dict(self) -> dict:
        return {"term": self.term, "edition": self.edition, "kind": self.kind, "count": self.count,
                "numbers": self.numbers}


@dataclass
class LintReport:
    renderings: list[Rendering] = field(default_factory=list)
    missing: list[MissingTerm] = field(default_factory=list)
    findings: list[Inconsistency] = field(default_factory=list)

    @property
    def inconsistent(self) -> list[Rendering]:
        return [r for r in self.renderings if r.inconsistent]

    def counts(self) -> dict[str, dict[str, int]]:
        """Findings per edition and severity."""
        out: dict[str, dict[str, int]] = {}
        for f in self.findings:
            by = out.setdefault(f.edition, {s: 0 for s in SEVERITIES})
            by[f.severity] += 1
        return out

    def to_dict(self) -> dict:
        return {"findings": [f.to_dict() for f in self.findings],
                "inconsistent": [r.to_dict() for r in self.inconsistent],
                "missing": [m.to_dict() for m in self.missing],
                "stats": {"findings": len(self.findings), "by_edition": self.counts(),
                          "ja_terms_checked": len(self.renderings), "inconsistent": len(self.inconsistent),
                          "missing": len(self.missing)}}


def lint(kb: KnowledgeBase, glossary: Glossary, game: str | None = None, kept: Path | None = None) -> LintReport:
    """Inconsistencies of every current edition (kept in ``kept`` as the site keeps them),
    renderings of every game with ja and zh-Hant editions, and missing terms of every edition."""
    report = LintReport(findings=inconsistencies(kb, glossary, game, kept=kept))
    for g in kb.games():
        if game and g != game:
            continue
        ja, zh = kb.current_editions(g, "ja"), kb.current_editions(g, "zh-Hant")
        if ja and zh:
            report.renderings.extend(renderings(kb, glossary, ja[0].key, zh[0].key))
        for e in kb.current_editions(g):
            report.missing.extend(missing_terms(kb, glossary, e.key))
    return report


def renderings(kb: KnowledgeBase, glossary: Glossary, ja_edition: str, zh_edition: str) -> list[Rendering]:
    """For each (concept, ja term) used in the ja edition, its renderings in the aligned zh clauses."""
    game = kb.edition(ja_edition).game
    ja_match = Matcher.for_edition(glossary, game, "ja")
    zh_match = Matcher.for_edition(glossary, game, "zh-Hant")
    found: dict[tuple[str, str], Rendering] = {}
    for a, b in aligned(kb, ja_edition, zh_edition):
        zh_text = clause_text(b)
        zh_terms: dict[str, set[str]] = {}
        for h in zh_match.hits(zh_text):
            zh_terms.setdefault(h.concept, set()).add(h.term)
        ja_terms: dict[str, list[str]] = {}
        for h in ja_match.hits(clause_text(a)):
            if h.term not in ja_terms.setdefault(h.concept, []):
                ja_terms[h.concept].append(h.term)
        for cid, ja_term in ((cid, t) for cid, ts in ja_terms.items() for t in ts):
            r = found.setdefault((cid, ja_term), Rendering(cid, ja_term))
            if cid in zh_terms:
                for t in _attributed(glossary.concept(cid).terms, ja_term, ja_terms[cid], zh_terms[cid]):
                    _add(r.renderings, t, a.number)
            elif near := near_spelling(zh_text, glossary.concept(cid).terms.get("zh-Hant", [])):
                _add(r.unlisted, near, a.number)
            else:
                r.unrendered.append(a.number)
    return sorted(found.values(), key=lambda r: (r.concept, r.ja))


def _attributed(terms: dict[str, list[str]], ja_term: str, ja_here: list[str], zh_here: set[str]) -> list[str]:
    """The zh terms of the counterpart that render ``ja_term``.

    When a clause uses several ja terms of one concept (スピリット and スピリットカード), the
    zh term listed at the same position (靈魂卡, 靈魂卡牌) renders each, if present.
    """
    if len(ja_here) > 1:
        i = terms["ja"].index(ja_term)
        zh = terms.get("zh-Hant", [])
        if i < len(zh) and zh[i] in zh_here:
            return [zh[i]]
    return sorted(zh_here)


def _add(d: dict[str, list[str]], key: str, number: str) -> None:
    numbers = d.setdefault(key, [])
    if number not in numbers:
        numbers.append(number)


def near_spelling(s: str, terms: list[str]) -> str | None:
    """A substring of ``s`` spelled almost like one of ``terms`` (but none of them).

    Almost: a Han-character word of the same length (± 1) sharing at least 60 % of its
    characters with the term, in folded form; the most shared, then the same length, then
    the leftmost wins.
    """
    best: tuple[int, bool, int, str] | None = None
    folded = text.fold(s)
    if len(folded) != len(s):  # positions must hold in both forms
        return None
    listed = {text.fold(t) for t in terms}
    for t in listed:  # blank the listed terms out: a window overlapping one is no variant
        folded = folded.replace(t, "\0" * len(t))
    for t in terms:
        ft = text.fold(t)
        if len(ft) < 3:  # two-character words share too much by chance
            continue
        for n in (len(ft), len(ft) - 1, len(ft) + 1):
            for i in range(len(folded) - n + 1):
                cand = folded[i:i + n]
                if not re.fullmatch(r"[一-鿿]+", cand):
                    continue
                shared = sum((Counter(cand) & Counter(ft)).values())
                if shared * 10 >= 6 * len(ft) and cand[-1] == ft[-1]:
                    key = (shared, n == len(ft), -i, s[i:i + n])
                    if best is None or key[:3] > best[:3]:
                        best = key
    return best[3] if best else None



def missing_terms(kb: KnowledgeBase, glossary: Glossary, edition_key: str, min_defined: int = 2) -> list[MissingTerm]:
    """Bracketed names (any count) and defined words (at least ``min_defined`` uses) not covered."""
    e = kb.edition(edition_key)
    matcher = Matcher.for_edition(glossary, e.game, e.lang)
    clauses = kb.in_edition(edition_key)
    found: dict[tuple[str, str], MissingTerm] = {}
    for c in clauses:
        s = clause_text(c)
        for m in LINT_BRACKETS.finditer(s):
            name = PLACEHOLDER.sub("", next(g for g in m.groups() if g is not None)).strip()
            if name and not _covered(matcher, name) and not _covered(matcher, m[0]):
                _note(found, name, edition_key, "bracket", c)
        for pattern in DEFINITIONS:
            for m in pattern.finditer(s):
                if not _covered(matcher, m[1]):
                    _note(found, m[1], edition_key, "defined", c)
    out = []
    for (term, kind), mt in found.items():
        if kind == "defined":
            # frequency: every clause that uses the word, not only where it is defined
            mt.numbers = [c.number for c in clauses if term in clause_text(c)]
            if mt.count < min_defined:
                continue
        out.append(mt)
    return sorted(out, key=lambda m: (m.edition, -m.count, m.term))


def _covered(matcher: Matcher, name: str) -> bool:
    """Whether one term of the glossary spans the whole name (or the name holds no word)."""
    if not re.search(r"[一-鿿ァ-ヺA-Za-z]", name) or re.fullmatch(r"[A-Z]{1,3}", name):
        return True  # placeholders such as ○○, A, XXX and bare numbers
    hits = matcher.hits(name)
    return bool(hits) and hits[0].start == 0 and hits[0].end == len(text.fold(name))


def _note(found: dict, name: str, edition: str, kind: str, c: Clause) -> None:
    mt = found.setdefault((name, kind), MissingTerm(name, edition, kind))
    if c.number not in mt.numbers:
        mt.numbers.append(c.number)
