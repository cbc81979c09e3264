"""Term linking: which glossary concepts each clause's title and text use.

A clause of edition ``<game>/<lang>/…`` is matched against the terms its game's concepts
list in that language. Matching is on folded text (:func:`tcgrules.kb.text.fold`), so kanji
variants (疲労 / 疲勞) and the Chinese scripts match alike, and it is leftmost-longest: at
each position the longest term wins and the scan continues after it, so a term inside a
longer term (コア inside ソウルコア) is not a hit. A clause's ``terms`` lists the concept ids
in the order of their first occurrence, which keeps re-imports byte-identical.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterable, NamedTuple

from ..errors import UsageError
from ..kb import text
from ..kb.files import find_root
from ..kb.model import Clause, Edition
from ..kb.glossary import glossary_files, load_glossary
from ..kb.concepts import Glossary


class Hit(NamedTuple):
    """A term found in a folded text: its span there, its concept and the term as listed."""

    start: int
    end: int
    concept: str
    term: str


class Matcher:
    """Leftmost-longest matching of one game's terms in one language."""

    def __init__(self, terms: dict[str, tuple[str, str]]):
        # folded term -> (concept id, term as listed); at a position, the lengths of the terms
        # starting with its character, tried longest first (most characters start none)
        self.terms = terms
        starting: dict[str, set[int]] = {}
        for t in terms:
            starting.setdefault(t[:1], set()).add(len(t))
        self.lengths = {first: sorted(ns, reverse=True) for first, ns in starting.items()}

    @classmethod
    def for_edition(cls, glossary: Glossary, game: str, lang: str) -> "Matcher":
        terms: dict[str, tuple[str, str]] = {}
        for c in glossary.for_game(game):
            for t in c.terms.get(lang, []):
                terms.setdefault(text.fold(t), (c.id, t))
        return cls(terms)

    def hits(self, s: str) -> list[Hit]:
        """Each hit in the folded form of ``s``, left to right."""
        folded = text.fold(s)
        out: list[Hit] = []
        i, n = 0, len(folded)
        while i < n:
            for length in self.lengths.get(folded[i], ()):
                if i + length <= n and (found := self.terms.get(folded[i:i + length])):
                    out.append(Hit(i, i + length, *found))
                    i += length
                    break
            else:
                i += 1
        return out

    def concepts(self, s: str) -> list[str]:
        """The concept ids used in ``s``, each once, in order of first occurrence."""
        seen: dict[str, None] = {}
        for h in self.hits(s):
            seen.setdefault(h.concept)
        return list(seen)


def clause_text(c: Clause) -> str:
    """What a clause says: its title and text (a newline keeps a term from spanning both)."""
    return f"{c.title}\n{c.text}" if c.title else c.text


def link_clauses(glossary: Glossary, edition: Edition, clauses: Iterable[Clause]) -> int:
    """Set each clause's ``terms``; returns how many clauses changed."""
    matcher = Matcher.for_edition(glossary, edition.game, edition.lang)
    changed = 0
    for c in clauses:
        terms = matcher.concepts(clause_text(c)) if matcher.terms else []
        if terms != c.terms:
            c.terms = terms
            changed += 1
    return changed


def link_records(edition: Edition, clauses: list[Clause], glossary: Glossary | None = None,
                 root: Path | None = None) -> None:
    """Fill each clause's ``terms`` (called by ``tcgrules import``).

    The glossary is ``glossary`` when given, else the one under ``root``, else the one of the
    project the working directory is in; with none found, ``terms`` stay empty.
    """
    if glossary is None:
        if root is None:
            try:
                root = find_root()
            except UsageError:
                return
        glossary = _cached_glossary(Path(root).resolve(), _stamp(Path(root)))
    link_clauses(glossary, edition, clauses)


def _stamp(root: Path) -> tuple:
    """Names, sizes and times of the glossary files: a changed file means a reload."""
    return tuple((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in glossary_files(root))


@lru_cache(maxsize=4)
def _cached_glossary(root: Path, stamp: tuple) -> Glossary:
    return load_glossary(root, strict=True)
