"""The typed records of the knowledge base and the one loader that reads them.

Everything in tcgrules starts from a :class:`KnowledgeBase`: the editions listed in
``rules/editions.yaml``, the clause records under ``rules/<game>/<lang>/<revision>/``
and (once present) the glossary under ``glossary/``. Nothing else re-parses YAML.

Identifiers
-----------
* An edition key is ``<game>/<lang>/<revision>``, e.g. ``battle-spirits/ja/1.0``.
* A clause id is ``<edition key>/<number>``, e.g. ``battle-spirits/ja/1.0/8-1-6-1``; a
  number printed twice gets ``~2``, ``~3`` … on its later occurrences.
* A citation is ``<game>:<number>`` (``battle-spirits:8-1-6-1``): it names the clause with
  that number in every language edition of the game (current revisions).
"""
from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

from .files import KnowledgeBaseError  # noqa: F401  (where the records' readers raise it from)
from .text import LANGS, fold_chars, written_text  # LANGS: the languages of the editions, read here by many

if TYPE_CHECKING:
    from .concepts import Glossary

FORMATS = ("hyphen", "dot", "sections", "outline")  # source formats: one importer each (tcgrules.ingest)


class UnknownClause(KeyError):
    """An id or citation that names no clause."""

    def __str__(self) -> str:  # KeyError quotes its argument; we want a sentence
        return str(self.args[0]) if self.args else "unknown clause"


def _call_with_fields(self) -> tuple:
    """A record's pickled form: its class called with its fields in order, made whole by one
    call to ``__init__`` (a slotted dataclass's own form restores each field by a Python
    ``__setstate__``, most of reading the kept clauses of every record file back)."""
    return type(self), tuple(getattr(self, name) for name in self.__slots__)


@dataclass(frozen=True, slots=True)
class SourceSpan:
    """Where a record stands in its source file (1-based lines, inclusive)."""

    file: str
    first_line: int
    last_line: int
    first_col: int = 0  # 0-based column of the record's first character on first_line

    __reduce__ = _call_with_fields

    def to_dict(self) -> dict:
        d = {"file": self.file, "first_line": self.first_line, "last_line": self.last_line}
        if self.first_col:
            d["first_col"] = self.first_col
        return d


@dataclass(slots=True)
class Ref:
    """An explicit cross-reference inside a clause's text.

    ``span`` is the reference as written and ``text[start:end] == span``. A resolved
    reference has ``target`` (a clause id; ``target_end`` too for a range such as
    ``参照 318—321``); an unresolved one keeps ``target`` None and says why in ``reason``.
    """

    span: str
    start: int
    end: int
    target: str | None = None
    target_end: str | None = None
    reason: str | None = None
    # What the importer saw, for the resolver: a number, a range end, or a title.
    number: str | None = None
    number_end: str | None = None
    title: str | None = None

    __reduce__ = _call_with_fields

    def to_dict(self) -> dict:
        d: dict = {"span": self.span, "start": self.start, "end": self.end}
        if self.number is not None:
            d["number"] = self.number
        if self.number_end is not None:
            d["number_end"] = self.number_end
        if self.title is not None:
            d["title"] = self.title
        d["target"] = self.target
        if self.target_end is not None:
            d["target_end"] = self.target_end
        if self.reason is not None:
            d["reason"] = self.reason
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Ref":
        return cls(
            span=d["span"], start=d["start"], end=d["end"], target=d.get("target"),
            target_end=d.get("target_end"), reason=d.get("reason"), number=d.get("number"),
            number_end=d.get("number_end"), title=d.get("title"),
        )


@dataclass(slots=True)
class Clause:
    """One record of a rulebook: a chapter, section, clause, example or note.

    ``label`` is the marker exactly as printed before the title or text (``8-1-6-1``,
    ``一、``, ``(1)``, ``※``, ``例 1：``); ``label + title + text`` keeps every non-blank
    character the source has for this record. ``number`` is the printed number, or a
    synthesized one when ``number_printed`` is False.
    """

    id: str
    number: str
    number_printed: bool
    kind: str
    text: str
    parent: str | None
    source: SourceSpan
    title: str | None = None
    label: str | None = None
    refs: list[Ref] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)
    # Filled by the loader, not stored in YAML:
    edition: str = ""
    chapter_file: str = ""

    __reduce__ = _call_with_fields

    @property
    def game(self) -> str:
        return self.id.split("/", 1)[0]

    @property
    def lang(self) -> str:
        return self.id.split("/", 2)[1]

    @property
    def citation(self) -> str:
        return f"{self.game}:{self.number}"

    def to_dict(self) -> dict:
        d: dict = {"id": self.id, "number": self.number, "number_printed": self.number_printed,
                   "kind": self.kind}
        if self.label is not None:
            d["label"] = self.label
        if self.title is not None:
            d["title"] = self.title
        d["text"] = self.text
        d["parent"] = self.parent
        d["refs"] = [r.to_dict() for r in self.refs]
        d["terms"] = list(self.terms)
        d["source"] = self.source.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: dict, edition: str = "", chapter_file: str = "") -> "Clause":
        s = d["source"]
        return cls(
            id=d["id"], number=d["number"], number_printed=d["number_printed"], kind=d["kind"],
            text=d["text"], parent=d.get("parent"), title=d.get("title"), label=d.get("label"),
            refs=[Ref.from_dict(r) for r in d.get("refs") or []],
            terms=list(d.get("terms") or []),
            source=SourceSpan(s["file"], s["first_line"], s["last_line"], s.get("first_col", 0)),
            edition=edition, chapter_file=chapter_file,
        )


@dataclass(slots=True)
class Defect:
    """A defect an importer found in a source, and what it did about it."""

    kind: str  # a short slug: toc-line, merged-clauses, duplicate-number, ...
    line: int  # 1-based line in the source
    message: str  # what was found, naming the text
    action: str  # what the importer did
    record: str | None = None  # the clause id it concerns, if any

    def to_dict(self) -> dict:
        d = {"kind": self.kind, "line": self.line, "message": self.message, "action": self.action}
        if self.record is not None:
            d["record"] = self.record
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Defect":
        return cls(d["kind"], d["line"], d["message"], d["action"], d.get("record"))


@dataclass(slots=True)
class Skip:
    """Source characters that belong to no record (table of contents, markup, separators).

    ``text`` is the exact run of characters skipped on ``line``; the reconstruction check
    removes these runs from the source before comparing it with the records.
    """

    line: int
    text: str
    reason: str

    def to_dict(self) -> dict:
        return {"line": self.line, "text": self.text, "reason": self.reason}

    @classmethod
    def from_dict(cls, d: dict) -> "Skip":
        return cls(d["line"], d["text"], d["reason"])


@dataclass(slots=True)
class Edition:
    """One revision of one language edition of a game's rulebook (rules/editions.yaml)."""

    game: str
    lang: str
    revision: str  # directory name: the printed version, or r1, r2 … when none is printed
    title: str
    source: str  # path relative to rules/, e.g. sources/battle-spirits-standard.ja.txt
    sha256: str
    format: str  # importer module name: hyphen, dot, sections, outline
    version: str | None = None  # as printed
    date: str | None = None  # as printed
    current: bool = True
    game_title: str | None = None
    # Filled by the loader from <edition>/edition.yaml:
    defects: list[Defect] = field(default_factory=list)
    skips: list[Skip] = field(default_factory=list)
    # Clause number → "changed" or "removed": the citations of rule functions and tests this
    # revision left stale when it was added (`tcgrules revision add --allow-stale`).
    stale: dict[str, str] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.game}/{self.lang}/{self.revision}"

    @property
    def day(self) -> datetime.date | None:
        """The printed date as a date (None when none is printed)."""
        return parse_date(self.date) if self.date else None

    @property
    def label(self) -> str:
        """The version as printed, or the revision folder when none is printed."""
        return self.version or self.revision

    def manifest_dict(self) -> dict:
        d = {"game": self.game, "lang": self.lang, "revision": self.revision,
             "current": self.current, "title": self.title}
        if self.game_title:
            d["game_title"] = self.game_title
        d.update({"version": self.version, "date": self.date, "format": self.format,
                  "source": self.source, "sha256": self.sha256})
        if self.stale:
            d["stale"] = dict(self.stale)
        return d


def parse_date(printed: str) -> datetime.date | None:
    """A date as rulebooks print it (``2026/04/01``, ``2015-6-12``, ``2026.4.1``); None if it is not one."""
    m = re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", printed.strip())
    try:
        return datetime.date(int(m[1]), int(m[2]), int(m[3])) if m else None
    except ValueError:
        return None


# ---------------------------------------------------------------- citations and numbers

_CITATION = re.compile(r"^(?P<game>[a-z][a-z0-9-]*):(?P<number>\S+)$")


def parse_citation(citation: str) -> tuple[str, str]:
    """Split ``battle-spirits:8-1-6-1`` into ``("battle-spirits", "8-1-6-1")``."""
    m = _CITATION.match(citation.strip())
    if not m:
        raise UnknownClause(f"not a citation (expected <game>:<number>): {citation!r}")
    return m["game"], m["number"]


def number_key(number: str) -> tuple:
    """Sort key for clause numbers: numeric parts numerically, others as text."""
    parts = re.split(r"[-.~]", number)
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts)


# ---------------------------------------------------------------- the knowledge base


class KnowledgeBase:
    """All editions and clause records (and the glossary once loaded), with lookups.

    ``read_glossary(root)`` reads the glossary on first use of :attr:`glossary`; the
    package's :func:`tcgrules.kb.load_knowledge_base` gives the glossary loader, so that
    the records here import no loader."""

    def __init__(self, root: Path, editions: list[Edition], clauses: list[Clause],
                 read_glossary: Callable[[Path], Glossary] | None = None):
        self.root = Path(root)
        self._read_glossary = read_glossary
        self.editions: dict[str, Edition] = {e.key: e for e in editions}
        self.clauses: dict[str, Clause] = {}
        for c in clauses:
            self.clauses[c.id] = c
        self._by_number: dict[tuple[str, str], list[Clause]] = {}
        for c in clauses:
            self._by_number.setdefault((c.edition, c.number), []).append(c)


    # --- lookups
    def edition(self, key: str) -> Edition:
        try:
            return self.editions[key]
        except KeyError:
            raise KnowledgeBaseError(f"no such edition: {key!r} (known: {', '.join(sorted(self.editions))})") from None

    def current_editions(self, game: str | None = None, lang: str | None = None) -> list[Edition]:
        return [e for e in self.editions.values() if e.current
                and (game is None or e.game == game) and (lang is None or e.lang == lang)]

    def games(self) -> list[str]:
        return sorted({e.game for e in self.editions.values()})

    def clause(self, clause_id: str) -> Clause:
        try:
            return self.clauses[clause_id]
        except KeyError:
            raise UnknownClause(f"no clause with id {clause_id!r}") from None

    def in_edition(self, edition_key: str) -> list[Clause]:
        """The records of one edition, in source order."""
        return sorted((c for c in self.clauses.values() if c.edition == edition_key),
                      key=lambda c: (c.source.first_line, c.source.first_col))

    def by_number(self, edition_key: str, number: str) -> list[Clause]:
        """Every record of the edition printed (or synthesized) with this number."""
        return list(self._by_number.get((edition_key, number), ()))

    def resolve_citation(self, citation: str) -> list[Clause]:
        """The clauses a citation names: one per current language edition that has it.

        Raises :class:`UnknownClause` when no current edition of the game has the number.
        """
        game, number = parse_citation(citation)
        found: list[Clause] = []
        editions = self.current_editions(game=game)
        if not editions:
            raise UnknownClause(f"{citation}: no edition of game {game!r} (known: {', '.join(self.games())})")
        for e in editions:
            found.extend(self.by_number(e.key, number))
        if not found:
            raise UnknownClause(f"{citation}: no clause numbered {number!r} in "
                                + ", ".join(e.key for e in editions))
        return found

    def lookup(self, ref: str) -> list[Clause]:
        """A clause id or a citation, whichever ``ref`` is."""
        if ref in self.clauses:
            return [self.clauses[ref]]
        if ":" in ref:
            return self.resolve_citation(ref)
        raise UnknownClause(f"no clause with id or citation {ref!r}")

    def children(self, clause_id: str) -> list[Clause]:
        return [c for c in self.clauses.values() if c.parent == clause_id]

    def ancestors(self, clause_id: str) -> list[Clause]:
        """Parent chain from the chapter down to the clause's parent."""
        chain: list[Clause] = []
        c = self.clause(clause_id)
        seen = {c.id}
        while c.parent and c.parent in self.clauses and c.parent not in seen:
            c = self.clauses[c.parent]
            seen.add(c.id)
            chain.append(c)
        return list(reversed(chain))

    @cached_property
    def backrefs(self) -> dict[str, list[Clause]]:
        """For each clause id, the clauses whose refs point at it (range ends included)."""
        out: dict[str, list[Clause]] = {}
        for c in self.clauses.values():
            for r in c.refs:
                for t in (r.target, r.target_end):
                    if t:
                        lst = out.setdefault(t, [])
                        if not lst or lst[-1] is not c:
                            lst.append(c)
        return out

    def counterparts(self, clause: Clause) -> list[Clause]:
        """The clauses with the same number in the game's other current language editions."""
        rev = self.editions[clause.edition]
        out: list[Clause] = []
        for e in self.current_editions(game=rev.game):
            if e.key != clause.edition:
                out.extend(self.by_number(e.key, clause.number))
        return out

    @cached_property
    def glossary(self) -> "Glossary":
        """The concepts under ``root/glossary`` (see :mod:`tcgrules.kb.glossary`), read on first use."""
        if self._read_glossary is None:
            raise KnowledgeBaseError("this knowledge base was made without a glossary reader "
                                     "(tcgrules.kb.load_knowledge_base gives one)")
        glossary = self._read_glossary(self.root)
        glossary.hold(self.zone_contents(glossary))
        glossary.read_definitions(self.defining_texts(glossary))
        glossary.read_printed(self.printed_text)
        glossary.read_uses(self.using_clauses(glossary))
        glossary.read_titles({e.game: e.game_title for e in self.current_editions() if e.game_title})
        return glossary

    @cached_property
    def paragraphs(self) -> dict[str, list[Clause]]:
        """Each clause id with its paragraphs (the clauses whose parent it is; "" the top ones)."""
        out: dict[str, list[Clause]] = {}
        for clause in self.clauses.values():
            out.setdefault(clause.parent or "", []).append(clause)
        return out

    def defining_texts(self, glossary: "Glossary") -> dict[str, str]:
        """Each concept of the ``glossary`` with what describes it in Chinese or Japanese, as
        printed: its terms in those languages, then the title and text of each clause defining
        it in an edition not English and of their paragraphs (Zero Dimension's 206 事件区:
        玩家放置事件牌的区域称为事件区 …), folded (:func:`~tcgrules.kb.text.written_text`); a
        concept with no such clause has none."""
        out: dict[str, str] = {}
        for c in glossary:
            said = [f"{cl.title or ''} {cl.text}" for ids in c.defined_in.values() for i in ids if i in self.clauses
                    for cl in [self.clauses[i], *self.paragraphs.get(i, [])] if cl.lang != "en"]
            if said:
                out[c.id] = written_text(" ".join([t for lang in LANGS[:3] for t in c.terms.get(lang, [])] + said))
        return out

    def using_clauses(self, glossary: "Glossary") -> dict[str, list[str]]:
        """Each concept of the ``glossary`` no clause defines with the clauses of its game's current
        editions whose terms name it, in source order (星靈王's Unit: the clauses that use it)."""
        undefined = {c.id for c in glossary if not c.defined_in}
        out: dict[str, list[str]] = {}
        for e in self.current_editions():
            for cl in self.in_edition(e.key):
                for cid in undefined.intersection(cl.terms):
                    if cid.split("/", 1)[0] == e.game:
                        out.setdefault(cid, []).append(cl.id)
        return out

    def printed_text(self) -> str:
        """What the current editions not in English print, each clause's title and text folded
        character by character (:func:`~tcgrules.kb.text.fold_chars`: 靈魂卡 → 灵魂卡), a line each:
        how often the rules print a term (:meth:`~tcgrules.kb.concepts.Glossary.read_printed`)."""
        editions = {e.key for e in self.current_editions() if e.lang != "en"}
        return "\n".join(fold_chars(f"{c.title or ''} {c.text}") for c in self.clauses.values() if c.edition in editions)

    def zone_contents(self, glossary: "Glossary") -> dict[str, dict[str, int]]:
        """Each zone of the ``glossary`` with the concepts the rules put there, weighed: 2 for
        each its defining clauses and their paragraphs link (what a zone's definition says it
        holds: Battle Spirits' 4-4-1, destroyed cards, discarded cards, resolved magic cards and
        cores paid as costs in the trash), and 1 more for each whose own definition links the
        zone (an action names the zones it moves cards between: scrap, the rest zone)."""
        links = {c.id: {t for ids in c.defined_in.values() for i in ids if i in self.clauses
                        for cl in [self.clauses[i], *self.paragraphs.get(i, [])] for t in cl.terms} for c in glossary}
        return {z: {c: 2 * (c in links[z]) + (z in linked) for c, linked in links.items() if c != z and (c in links[z] or z in linked)}
                for z in (c.id for c in glossary if c.category == "zone")}

    def __iter__(self) -> Iterator[Clause]:
        return iter(self.clauses.values())

    def __len__(self) -> int:
        return len(self.clauses)
