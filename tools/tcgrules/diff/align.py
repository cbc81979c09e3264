"""Aligning the language editions of a game: what one translation has that the other lacks.

Two current language editions of a game (zh-Hant and ja for Battle Spirits) print the same
numbers for the same rules. Aligned by record key (the number, ``~2`` for a number printed
twice), they show

* numbers present in one language only. For each, the record standing at the same place in
  the other edition (found by aligning the two key sequences) is named as its likely
  counterpart: the ja source prints 11-2-1-4 a second time where zh-Hant has 11-3-1-4;
* aligned records whose *quantities* differ: the numbers a rule states, as digits or as
  Chinese numerals before a counter (三種, 一次, 第二), reference spans and clause numbers
  left out. 1 is ignored on its own, as translations add or drop it idiomatically
  (1つずつ / 一張一張, デッキの1番上 / 最上方);
* aligned records whose *counts of listed items* differ: how many sub-records they have
  (``sub-records``), or how many quoted terms they enumerate in a row (``listed terms``:
  「A」、「B」、「C」; 9-3-2 lists four forms in ja and three in zh-Hant).
"""
from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from ..ingest.base import cjk_numeral
from ..kb.model import Clause, Edition, KnowledgeBase
from .match import content, key


class AlignError(Exception):
    """A game that cannot be aligned (unknown, or fewer than two language editions)."""


@dataclass
class OneSided:
    """A record whose key only one language edition has."""

    clause: Clause
    counterpart: Clause | None  # the other edition's one-sided record at the same place

    def to_json(self) -> dict:
        c, o = self.clause, self.counterpart
        return {"key": key(c), "number": c.number, "id": c.id, "line": c.source.first_line, "text": content(c),
                "counterpart": None if o is None else {"key": key(o), "id": o.id, "line": o.source.first_line}}


@dataclass
class Mismatch:
    """An aligned pair whose quantities or listed-item counts differ."""

    what: str  # quantities, sub-records or listed terms
    a: Clause
    b: Clause
    a_values: list[int]
    b_values: list[int]

    def to_json(self, a: Edition, b: Edition) -> dict:
        return {"number": key(self.a), "what": self.what,
                "values": {a.lang: self.a_values, b.lang: self.b_values},
                "texts": {a.lang: content(self.a), b.lang: content(self.b)},
                "ids": {a.lang: self.a.id, b.lang: self.b.id}}


@dataclass
class Alignment:
    game: str
    a: Edition
    b: Edition
    aligned: int
    only_a: list[OneSided] = field(default_factory=list)
    only_b: list[OneSided] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"game": self.game, "editions": [self.a.key, self.b.key], "aligned": self.aligned,
                "only_in": {self.a.lang: [o.to_json() for o in self.only_a],
                            self.b.lang: [o.to_json() for o in self.only_b]},
                "mismatches": [m.to_json(self.a, self.b) for m in self.mismatches]}

    def text(self) -> str:
        a, b = self.a, self.b
        out = [f"{self.game}: {a.lang} {a.revision} | {b.lang} {b.revision}: {self.aligned} numbers in both"]
        for ed, other, only in ((a, b, self.only_a), (b, a, self.only_b)):
            for o in only:
                out.append(f"  {key(o.clause)}: only in {ed.lang} (line {o.clause.source.first_line}); "
                           + one_sided_note(o, ed, other))
        for m in self.mismatches:
            out.append(f"  {key(m.a)}: {m.what} differ: {a.lang} {m.a_values} | {b.lang} {m.b_values}")
        if len(out) == 1:
            out.append("  the editions align: same numbers, same quantities")
        return "\n".join(out) + "\n"


def one_sided_note(o: OneSided, ed: Edition, other: Edition) -> str:
    """What a one-sided record means, in words, naming the counterpart when there is one."""
    c, cp = o.clause, o.counterpart
    if cp is None:
        return f"{other.lang} has nothing at this place"
    if key(cp) != cp.number:  # the counterpart repeats a number printed before it
        return f"{other.lang} has no {c.number}: it prints {cp.number} a second time here (line {cp.source.first_line})"
    return f"{other.lang} numbers it {cp.number} (line {cp.source.first_line})"


def align(kb: KnowledgeBase, game: str) -> list[Alignment]:
    """One :class:`Alignment` per pair of the game's current language editions."""
    if game not in kb.games():
        raise AlignError(f"unknown game {game!r} (known: {', '.join(kb.games())})")
    editions = kb.current_editions(game=game)  # manifest order: zh-Hant before ja
    if len(editions) < 2:
        raise AlignError(f"{game} has only one language edition ({', '.join(e.key for e in editions)}): "
                         "nothing to align")
    return [align_pair(kb, a, b) for a, b in itertools.combinations(editions, 2)]


def align_pair(kb: KnowledgeBase, a: Edition, b: Edition) -> Alignment:
    ra, rb = kb.in_edition(a.key), kb.in_edition(b.key)
    ka, kb_ = {key(c): c for c in ra}, {key(c): c for c in rb}
    result = Alignment(a.game, a, b, aligned=sum(1 for k in ka if k in kb_))
    result.only_a, result.only_b = one_sided(ra, rb, ka, kb_)
    kids_a, kids_b = _child_counts(ra), _child_counts(rb)
    for k, x in ka.items():
        y = kb_.get(k)
        if y is None:
            continue
        qa, qb = quantities(x), quantities(y)
        if qa - {1} != qb - {1}:
            result.mismatches.append(Mismatch("quantities", x, y, sorted(qa), sorted(qb)))
        for what, na, nb in (("sub-records", kids_a.get(x.id, 0), kids_b.get(y.id, 0)),
                             ("listed terms", enumerated(x), enumerated(y))):
            if na != nb:
                result.mismatches.append(Mismatch(what, x, y, [na], [nb]))
    return result


def one_sided(ra: list[Clause], rb: list[Clause], ka: dict[str, Clause],
              kb_: dict[str, Clause]) -> tuple[list[OneSided], list[OneSided]]:
    """The records each side has alone, each with the other side's record at its place."""
    seq_a, seq_b = [key(c) for c in ra], [key(c) for c in rb]
    partner: dict[str, Clause] = {}
    for op, i1, i2, j1, j2 in SequenceMatcher(None, seq_a, seq_b, autojunk=False).get_opcodes():
        if op == "replace":
            for x, y in zip(ra[i1:i2], rb[j1:j2]):
                if key(x) not in kb_ and key(y) not in ka:
                    partner[x.id], partner[y.id] = y, x
    only_a = [OneSided(c, partner.get(c.id)) for c in ra if key(c) not in kb_]
    only_b = [OneSided(c, partner.get(c.id)) for c in rb if key(c) not in ka]
    return only_a, only_b


# ---------------------------------------------------------------- quantities

_CLAUSE_NUMBER = re.compile(r"\d+(?:-\d+)+")
_LEVEL = re.compile(r"Lv\s*\d+")  # Lv1, Lv2: names of levels, not quantities
_DIGITS = re.compile(r"\d+")
_COUNTERS = "個个張张次種种名位點点回人枚體体倍項项條条格隻只度つ"
_NUMERAL = "一二兩两三四五六七八九十"
_CJK_QUANTITY = re.compile(rf"(?:第([{_NUMERAL}]+))|(?:([{_NUMERAL}]+)(?=[{_COUNTERS}]))")


def quantities(c: Clause) -> set[int]:
    """The distinct numbers a record states (see the module docstring)."""
    text = c.text
    for r in sorted(c.refs, key=lambda r: -r.start):
        text = text[:r.start] + " " + text[r.end:]
    s = unicodedata.normalize("NFKC", f"{c.title or ''} {text}")
    s = _LEVEL.sub(" ", _CLAUSE_NUMBER.sub(" ", s))
    found = {int(d) for d in _DIGITS.findall(s)}
    for m in _CJK_QUANTITY.finditer(s):
        numeral = (m[1] or m[2]).replace("兩", "二").replace("两", "二")
        try:
            found.add(cjk_numeral(numeral))
        except ValueError:
            pass  # a run such as 一二 that is no numeral
    return found


# ---------------------------------------------------------------- listed items

_QUOTED = r"(?:「[^」]*」|『[^』]*』|《[^》]*》|【[^】]*】|〔[^〕]*〕|\[[^\]]*\])"
_LIST_SEPARATOR = r"(?:\s*(?:、|，|,|・|及|和|與|与|或|や|と|か|および|または)){0,2}\s*"
_ENUMERATION = re.compile(rf"{_QUOTED}(?:{_LIST_SEPARATOR}{_QUOTED}){{2,}}")


def enumerated(c: Clause) -> int:
    """The number of quoted terms in the longest run of three or more listed in a row."""
    runs = [len(re.findall(_QUOTED, m[0])) for m in _ENUMERATION.finditer(c.text)]
    return max(runs, default=0)


def _child_counts(records: list[Clause]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in records:
        if c.parent:
            counts[c.parent] = counts.get(c.parent, 0) + 1
    return counts
