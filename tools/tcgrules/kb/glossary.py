"""Reading ``glossary/*.yaml``: one file per game, each a list of concept records.

The record format is documented in ``glossary/README.md``. The loader never stops at a bad
record: it keeps what it can and lists each problem with the file and line it stands on
(from the YAML node marks), for ``tcgrules check`` to report. Problems found:

* a field the format does not have, a malformed id, an id whose game is not the file's;
* an unknown category or language tag; an ``en_status`` other than ``proposed``, or one on a
  concept without English terms; an ``en_definition`` on a concept without English terms, or one
  that is not a single line of at most 300 characters;
* a term listed twice, or one (folded) term naming two concepts of the same game;
* an id used twice, a ``related`` link to a concept that does not exist;
* in ``glossary/players/*.yaml`` (the words players type), an entry without its three fields
  (``typed``, ``from`` and either ``means`` or ``game``), or with both; of an entry meaning English,
  a phrase typed that is a term or words of one or listed twice, an English meant of a word no term
  has (:meth:`~tcgrules.kb.concepts.Glossary.read_players`); of an entry naming a game, a game no
  glossary file is of, a name listed twice or one another game's id or entry names
  (:meth:`~tcgrules.kb.concepts.Glossary.read_game_names`).

``related`` is symmetric: a link written on one side is added to the other on loading.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml  # node types only: files are read by store.compose_yaml

from .files import FileError, read_text
from . import store, text
from .model import LANGS, KnowledgeBaseError
from .concepts import CATEGORIES, Concept, Glossary, Location
from .readings import kana_forms
from .lexicon import RELATED_FILE

GLOSSARY_DIR = "glossary"
KEPT_FILE = "glossary.kept"  # load_glossary_kept's, in its folder (beside the records' *.pickle)
# The words players type (glossary/players/*.yaml): each entry's fields, the words typed, whose
# words they are and what they are read as (PLAYERS_READS, one of them): the glossary English they
# mean (players of other card games: story text) or the game they name (its id: SVE, バトスピ).
PLAYERS_DIR = "players"
PLAYERS_FIELDS = ("typed", "means", "game", "from")
PLAYERS_READS = ("means", "game")
FIELDS = ("id", "category", "terms", "en_status", "en_definition", "defined_in", "related", "note")
# en_status: the English terms are our proposal, not the game's official English (absent: official).
EN_STATUSES = ("proposed",)
# en_definition: what the defining clauses say, in one line of plain English (always our wording).
EN_DEFINITION_MAX = 300
_ID = re.compile(r"^(?P<game>[a-z][a-z0-9-]*)/(?P<slug>[a-z0-9][a-z0-9-]*)$")


class GlossaryError(KnowledgeBaseError):
    """A glossary file that cannot be read at all; the message names the file and line."""


@dataclass
class _Parsed:
    """What the files gave: concepts, problems, and the line of each term and link."""

    concepts: list[Concept] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)
    term_at: dict[tuple[str, str, str], Location] = field(default_factory=dict)
    link_at: dict[tuple[str, str], Location] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)  # games whose file could not be read

    def problem(self, where: Location | str, message: str) -> None:
        self.problems.append((str(where), message))


def players_files(root: Path) -> list[Path]:
    """The files of the words players type for a notion our games' English names otherwise
    (:data:`PLAYERS_DIR` under ``root/glossary``), sorted by name."""
    folder = Path(root) / GLOSSARY_DIR / PLAYERS_DIR
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def _read_players(root: Path, glossary: Glossary, parsed: _Parsed) -> None:
    """Teach ``glossary`` the players' words of :func:`players_files`: those meaning English
    (:meth:`Glossary.read_players`) and the games' names (:meth:`Glossary.read_game_names`, of the
    games of :func:`glossary_files`), each entry's problems (a field missing or unknown, a word
    naming no term, a name of no game) kept in ``parsed``; none while a game's file is unread (the
    words its terms have are unknown: its problem is the one)."""
    if parsed.refused:
        return
    entries: list[tuple[str, str, str, Location]] = []
    for path in players_files(root):
        rel = f"{GLOSSARY_DIR}/{PLAYERS_DIR}/{path.name}"
        try:
            node = store.compose_yaml(read_text(path, rel), rel)
        except FileError as e:
            parsed.problem(e.where, e.message)
            continue
        items = node.value if isinstance(node, yaml.SequenceNode) else [node] if node is not None else []
        entries += [e for item in items if (e := _players_entry(item, rel, parsed))]
    meaning, naming = ([(typed, value, where) for read, typed, value, where in entries if read == kind] for kind in PLAYERS_READS)
    games = [path.stem for path in glossary_files(root)]
    for where, message in glossary.read_players(meaning) + glossary.read_game_names(naming, games):
        parsed.problem(where, message)


def _players_entry(node: yaml.Node, rel: str, parsed: _Parsed) -> tuple[str, str, str, Location] | None:
    """One entry of a players' words file (``typed``, ``from`` and what it is read as, one of
    :data:`PLAYERS_READS`: ``means`` or ``game``) as what it is read as, the words typed, the
    English they mean or the game they name, and its line; None, its problem kept, when it is not
    such a mapping of three non-empty texts."""
    where = _at(rel, node)
    if not isinstance(node, yaml.MappingNode):
        parsed.problem(where, "expected an entry (typed, means or game, from)")
        return None
    fields = {k.value: v for k, v in node.value if isinstance(k, yaml.ScalarNode)}
    if unknown := sorted(set(fields) - set(PLAYERS_FIELDS)):
        parsed.problem(where, f"unknown field {unknown[0]!r} (an entry has {', '.join(PLAYERS_FIELDS)})")
        return None
    if set(PLAYERS_READS) <= set(fields):
        parsed.problem(where, "an entry has 'means' or 'game', not both")
        return None
    read = next((f for f in PLAYERS_READS if f in fields), PLAYERS_READS[0])
    if missing := [f for f in ("typed", read, "from") if f not in fields]:
        parsed.problem(where, f"missing field {missing[0]!r}")
        return None
    typed, value, source = (_scalar(fields[f], rel, f, parsed) for f in ("typed", read, "from"))
    return (read, typed, value, where) if typed and value and source else None


def glossary_files(root: Path) -> list[Path]:
    """The concept files under ``root/glossary``, sorted by name."""
    folder = Path(root) / GLOSSARY_DIR
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def load_glossary(root: Path, strict: bool = False) -> Glossary:
    """Every concept under ``root/glossary`` (an empty glossary when there is none).

    Problems are kept in :attr:`Glossary.problems` for ``tcgrules check`` to list; a
    ``strict`` reader (a term lookup, an import) gets the first one raised instead, rather
    than answers from a glossary that is not what its files say.
    """
    parsed = _Parsed()
    for path in glossary_files(root):
        _parse_file(path, f"{GLOSSARY_DIR}/{path.name}", parsed)
    concepts = _cross_check(parsed)
    english = {t: c.terms.get("en", []) for c in concepts for t in c.terms.get("ja", [])}  # each ja term's
    glossary = Glossary(concepts, parsed.problems, parsed.link_at, parsed.refused, kana_forms(list(english), english))
    _read_players(root, glossary, parsed)
    if strict and parsed.problems:
        where, message = parsed.problems[0]
        more = len(parsed.problems) - 1
        raise GlossaryError(f"{where}: {message}" + (f" (and {more} more problem(s): run `tcgrules check`)" if more else ""))
    glossary.problems = list(parsed.problems)
    return glossary


def load_glossary_kept(root: Path, kept: Path) -> Glossary:
    """:func:`load_glossary` (strict), or the glossary read before from the same files by
    the same code, kept in ``kept`` (a build's folder, git-ignored): reading the files and
    indexing every term by its key takes a third of a second, on every site build. Only a
    glossary without problems is kept."""
    return store.slot_kept(kept / KEPT_FILE, glossary_key(root), lambda: load_glossary(root, strict=True))


def glossary_key(root: Path) -> str:
    """The hash of the glossary files under ``root`` (the players' words of :func:`players_files`
    too), of the code that reads them and of the table of the words players type for the terms'
    (:data:`~tcgrules.kb.lexicon.RELATED_FILE`):
    what a kept glossary (and anything made from it) is kept under."""
    key = hashlib.sha256()
    for p in glossary_files(root) + players_files(root) + sorted(Path(__file__).parent.glob("*.py")) + [RELATED_FILE]:
        key.update(f"{p.parent.name}/{p.name}".encode("utf-8") + b"\0" + p.read_bytes() + b"\0")
    return key.hexdigest()


def _at(rel: str, node: yaml.Node) -> Location:
    return Location(rel, node.start_mark.line + 1)


def _parse_file(path: Path, rel: str, parsed: _Parsed) -> None:
    try:
        root_node = store.compose_yaml(read_text(path, rel), rel)
    except FileError as e:
        parsed.problem(e.where, e.message)
        parsed.refused.append(path.stem)
        return
    if root_node is None:
        return
    if not isinstance(root_node, yaml.SequenceNode):
        parsed.problem(_at(rel, root_node), "expected a list of concept records")
        parsed.refused.append(path.stem)
        return
    for item in root_node.value:
        concept = _parse_concept(item, rel, path.stem, parsed)
        if concept is not None:
            parsed.concepts.append(concept)


def _scalar(node: yaml.Node, rel: str, what: str, parsed: _Parsed) -> str | None:
    """The node's text when it is a non-empty scalar (kept as written: 1.0 stays "1.0")."""
    if isinstance(node, yaml.ScalarNode) and node.value.strip():
        return node.value.strip()
    parsed.problem(_at(rel, node), f"{what}: expected a non-empty text")
    return None


def _scalars(node: yaml.Node, rel: str, what: str, parsed: _Parsed) -> list[tuple[str, Location]]:
    """A scalar or a list of scalars, each with its line."""
    items = node.value if isinstance(node, yaml.SequenceNode) else [node]
    out = []
    for n in items:
        v = _scalar(n, rel, what, parsed)
        if v is not None:
            out.append((v, _at(rel, n)))
    return out


def _parse_concept(node: yaml.Node, rel: str, game: str, parsed: _Parsed) -> Concept | None:
    where = _at(rel, node)
    if not isinstance(node, yaml.MappingNode):
        parsed.problem(where, "expected a concept record (a mapping)")
        return None
    fields: dict[str, yaml.Node] = {}
    for k, v in node.value:
        if k.value not in FIELDS:
            parsed.problem(_at(rel, k), f"unknown field {k.value!r} (known: {', '.join(FIELDS)})")
        else:
            fields[k.value] = v
    cid = _scalar(fields["id"], rel, "id", parsed) if "id" in fields else None
    if cid is None:
        parsed.problem(where, "concept record without an id")
        return None
    m = _ID.match(cid)
    if not m:
        parsed.problem(_at(rel, fields["id"]), f"id {cid!r} is not <game>/<slug> (lowercase, digits, hyphens)")
        return None
    if m["game"] != game:
        parsed.problem(_at(rel, fields["id"]), f"id {cid!r} belongs in glossary/{m['game']}.yaml, not {rel}")
    category = _scalar(fields["category"], rel, "category", parsed) if "category" in fields else None
    if category is None:
        parsed.problem(where, f"{cid}: missing category")
    elif category not in CATEGORIES:
        parsed.problem(_at(rel, fields["category"]),
                       f"{cid}: unknown category {category!r} (known: {', '.join(CATEGORIES)})")
    concept = Concept(id=cid, category=category or "", terms=_parse_terms(cid, fields.get("terms"), rel, parsed),
                      where=where)
    if not concept.terms:
        parsed.problem(where, f"{cid}: no terms")
    if "defined_in" in fields:
        concept.defined_in = _parse_defined_in(cid, fields["defined_in"], rel, parsed)
    if "related" in fields:
        for target, loc in _scalars(fields["related"], rel, f"{cid}: related", parsed):
            if target not in concept.related:
                concept.related.append(target)
                parsed.link_at[(cid, target)] = loc
    if "en_status" in fields:
        concept.en_status = _parse_en_status(concept, fields["en_status"], rel, parsed)
    if "en_definition" in fields:
        concept.en_definition = _parse_en_definition(concept, fields["en_definition"], rel, parsed)
    if "note" in fields:
        concept.note = _scalar(fields["note"], rel, f"{cid}: note", parsed)
    return concept


def _parse_en_definition(concept: Concept, node: yaml.Node, rel: str, parsed: _Parsed) -> str | None:
    text = _scalar(node, rel, f"{concept.id}: en_definition", parsed)
    if text is None:
        return None
    if "\n" in text or len(text) > EN_DEFINITION_MAX:
        parsed.problem(_at(rel, node), f"{concept.id}: en_definition is not one line of at most "
                                       f"{EN_DEFINITION_MAX} characters")
        return None
    if not concept.terms.get("en"):
        parsed.problem(_at(rel, node), f"{concept.id}: en_definition without en terms")
        return None
    return text


def _parse_en_status(concept: Concept, node: yaml.Node, rel: str, parsed: _Parsed) -> str | None:
    status = _scalar(node, rel, f"{concept.id}: en_status", parsed)
    if status is not None and status not in EN_STATUSES:
        parsed.problem(_at(rel, node), f"{concept.id}: unknown en_status {status!r} (known: {', '.join(EN_STATUSES)})")
        return None
    if status is not None and not concept.terms.get("en"):
        parsed.problem(_at(rel, node), f"{concept.id}: en_status {status!r} without en terms")
        return None
    return status


def _parse_terms(cid: str, node: yaml.Node | None, rel: str, parsed: _Parsed) -> dict[str, list[str]]:
    if node is None:
        return {}
    if not isinstance(node, yaml.MappingNode):
        parsed.problem(_at(rel, node), f"{cid}: terms: expected a mapping of language tag to terms")
        return {}
    terms: dict[str, list[str]] = {}
    for k, v in node.value:
        lang = k.value
        if lang not in LANGS:
            parsed.problem(_at(rel, k), f"{cid}: unknown language tag {lang!r} (known: {', '.join(LANGS)})")
            continue
        if not isinstance(v, yaml.SequenceNode):  # a lone string is a slip: the format lists terms
            got = f"the text {v.value[:40]!r}" if isinstance(v, yaml.ScalarNode) else "a mapping"
            parsed.problem(_at(rel, v), f"{cid}: terms: {lang}: expected a list of terms ([term, …]), not {got}")
            continue
        listed = terms.setdefault(lang, [])
        for term, loc in _scalars(v, rel, f"{cid}: {lang} term", parsed):
            if term in listed:
                parsed.problem(loc, f"{cid}: duplicate term {term!r} in {lang}")
                continue
            listed.append(term)
            parsed.term_at[(cid, lang, term)] = loc
    return {lang: terms[lang] for lang in LANGS if terms.get(lang)}


def _parse_defined_in(cid: str, node: yaml.Node, rel: str, parsed: _Parsed) -> dict[str, list[str]]:
    """``{edition key: [number, …]}`` in the file; clause ids ``<edition>/<number>`` in memory."""
    if not isinstance(node, yaml.MappingNode):
        parsed.problem(_at(rel, node), f"{cid}: defined_in: expected a mapping of edition key to clause numbers")
        return {}
    out: dict[str, list[str]] = {}
    for k, v in node.value:
        numbers = _scalars(v, rel, f"{cid}: defined_in {k.value}", parsed)
        out[k.value] = [f"{k.value}/{n}" for n, _ in numbers]
        for n, loc in numbers:
            parsed.link_at[(cid, f"{k.value}/{n}")] = loc
    return out


def _cross_check(parsed: _Parsed) -> list[Concept]:
    """Duplicate ids and terms across records, dangling links; makes ``related`` symmetric."""
    by_id: dict[str, Concept] = {}
    for c in parsed.concepts:
        if c.id in by_id:
            parsed.problem(c.where, f"duplicate concept id {c.id} (first at {by_id[c.id].where})")
            continue
        by_id[c.id] = c
    owner: dict[tuple[str, str], tuple[str, str]] = {}  # (game, folded term) -> (concept id, term)
    for c in by_id.values():
        for lang in LANGS:
            for t in c.terms.get(lang, []):
                key = (c.game, text.fold(t))
                first = owner.setdefault(key, (c.id, t))
                if first[0] != c.id:
                    parsed.problem(parsed.term_at[(c.id, lang, t)],
                                   f"{c.id}: duplicate term {t!r}: {first[0]} already has {first[1]!r}")
    for c in by_id.values():
        for target in list(c.related):
            loc = parsed.link_at.get((c.id, target), c.where)
            if target == c.id:
                parsed.problem(loc, f"{c.id}: related to itself")
                c.related.remove(target)
            elif target not in by_id:
                if target.split("/", 1)[0] not in parsed.refused:  # else its file is the one problem
                    parsed.problem(loc, f"{c.id}: related concept {target!r} does not exist")
                c.related.remove(target)
    for c in by_id.values():
        for target in c.related:
            back = by_id[target].related
            if c.id not in back:
                back.append(c.id)
    for c in by_id.values():
        c.related.sort()
    parsed.concepts = list(by_id.values())
    return parsed.concepts

