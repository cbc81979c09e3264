"""The site search's data: what each MkDocs search index needs beyond Material's own.

Material indexes a section's title and text as typed; for CJK rules that finds little (no
spaces between words, two Chinese scripts, Japanese kanji forms, terms in other
languages). The site's search worker (``templates/theme/assets/javascripts/workers/
tcgrules-search.js``) therefore indexes and queries its own way, the way
:func:`tcgrules.kb.text.search_tokens` does for ``tcgrules search``: characters folded one by
one to one script, Han and kana runs as single characters and pairs, numbers whole.

The site has one search over every game and edition (:func:`site_index`, the root build's
``search/search_index.json``; the worker of every build loads it, and each edition build keeps
only its index's ``config``, which Material's page highlighter reads). Besides Material's
fields it holds:

* per glossary entry, ``head``: its terms in every language and script and its English as
  players inflect it (the worker lists the entry a query names first), its preferred terms
  first, and ``preferred``, how many (an entry a query names by one ranks above one naming
  it by an alias: `cemetery` is Shadowverse: Evolve's, an alias of 星靈王's graveyard);
* per clause section, ``head``: the strings that name it (its number first, then its label,
  title and every alias of the glossary concepts it defines or is titled with), ranked above
  the text, each also matched whole ("the clause titled 靈魂卡" for 灵魂卡, スピリット, Spirit);
* per clause section, ``more``: the aliases of the concepts its text uses, in every
  language and script, so that スピリット finds the zh-Hant 靈魂卡 clauses;
* ``config.tcgrules.superseded``: the folders of revisions a later one replaced (marked in
  ``folders`` and ranked after the current revision);
* ``config.tcgrules.fold`` (in ``config``, the part of the index Material's UI passes on
  to the worker whole): the character folding table (:func:`tcgrules.kb.text.fold_char` of every
  character the index holds and of its other-script forms), so that the worker folds a
  typed query exactly as the index was folded;
* ``config.tcgrules.phrases``: the phrases OpenCC folds whole (:func:`phrase_table`: 回覆 → 回复),
  which the worker folds first, longest first, where it reads a query as ``tcgrules term`` does;
* ``built`` (:func:`shipped`): the worker's own index, made once by the site build rather than
  by the worker of every page a reader opens, from the documents' names, text and ``more``
  (which the index then leaves out).

Beside it, ``search/clause_numbers.json`` (:func:`clause_numbers`) holds only the clause
sections' addresses, titles and numbers (and the clauses by number, ``built``): the worker answers a clause number from it as soon as
it is read, a fifth of the index, before the full index is read and indexed (seconds on a
phone, or on the offline site, where the worker runs in the page).
"""
from __future__ import annotations

import hashlib
import json
import pickle
import re
import unicodedata
from collections import Counter
from pathlib import Path

from ..kb import text
from ..kb.model import Clause
from .html import edition_url, ui
from .page_keys import keep

FORMAT = 1  # the worker checks this before using the fields below
SITE_INDEX = "site_index.json"  # the site's one index, in the root build's search/ folder
NUMBERS = "clause_numbers.json"  # beside it


def concepts_named_by(ctx, c: Clause) -> list[str]:
    """Concept ids the record defines (glossary ``defined_in``) or whose term is its title (named
    exactly: a title no term names has no nearest concept)."""
    g = ctx.glossary
    if g is None:
        return []
    out = [cid for cid in c.terms
           if cid in g.concepts and c.id in g.concepts[cid].defined_in.get(c.edition, [])]
    if c.title:
        title = text.fold(c.title)
        out += [k.id for k in g.named(c.title)
                if k.game == c.game and k.id not in out
                and any(text.fold(t) == title for ts in k.terms.values() for t in ts)]
    return out


def head_strings(ctx, c: Clause, forms=None) -> list[str]:
    """What names a record: number (printed or not, it is the anchor and the citation),
    label, title, and the aliases of the concepts it names (``forms``: where the concepts'
    forms are kept, :class:`ConceptForms`; the glossary by default)."""
    out = [s for s in (c.number, c.label, c.title) if s]
    for cid in concepts_named_by(ctx, c):
        out.extend((forms or ctx.glossary).typed_forms(cid)[0])
    return list(dict.fromkeys(out))


class ConceptForms:
    """The glossary's :meth:`typed_forms` and :meth:`aliases` of each concept, made once for
    every record that names or uses it and for its glossary entry (English inflection and
    script conversions: seconds over a site when made again per record); ``made``: those an
    earlier build made from the same glossary, added to as more are made."""

    def __init__(self, glossary, made: dict[tuple[str, str], object] | None = None) -> None:
        self.glossary = glossary
        self.made: dict[tuple[str, str], object] = {} if made is None else made

    def typed_forms(self, concept_id: str) -> tuple[list[str], int]:
        return self._once("typed_forms", concept_id)

    def aliases(self, concept_id: str) -> list[str]:
        return self._once("aliases", concept_id)

    def _once(self, kind: str, concept_id: str):
        if (kind, concept_id) not in self.made:
            self.made[kind, concept_id] = getattr(self.glossary, kind)(concept_id)
        return self.made[kind, concept_id]


# Whole-text conversion to the other Chinese script, for words that OpenCC converts as a
# phrase, not character by character (藉由 → 借由, 並選擇 → 并选择).
OTHER_SCRIPT = {"zh-Hant": text.to_hans, "zh-Hans": text.to_hant}


def other_script(c: Clause) -> str | None:
    """The record's title and text in the other Chinese script, when folding them character
    by character does not already give the same key."""
    convert = OTHER_SCRIPT.get(c.lang)
    s = " ".join(p for p in (c.title, c.text) if p)
    if convert is None or not s:
        return None
    alt = convert(s)
    return alt if _char_fold(alt) != _char_fold(s) else None


def _char_fold(s: str) -> str:
    return "".join(text.fold_char(ch) for ch in s)


def more_strings(ctx, c: Clause, forms=None) -> list[str]:
    """Hidden search text: the other-script form of the text where it folds differently, and
    the aliases of the concepts the record uses (all languages and scripts; ``forms`` as in
    :func:`head_strings`)."""
    out: list[str] = []
    if alt := other_script(c):
        out.append(alt)
    if ctx.glossary is not None:
        for cid in c.terms:
            if cid in ctx.glossary.concepts:
                out.extend((forms or ctx.glossary).aliases(cid))
    return list(dict.fromkeys(out))


def fold_table(strings: list[str], kept: RecordStrings | None = None) -> dict[str, str]:
    """``{char: folded}`` for every character of ``strings``, its other-script forms and every
    ideograph folding as one of them does (text.folded_to: what a reader types in any script, as
    `tcgrules search` folds it), whose fold is more than NFKC and lowercasing (the worker does
    those itself); ``kept``: the
    table the last build made from the same characters (a changed text seldom adds one)."""
    chars, han = _written(strings)
    if kept is not None:
        return kept.part("fold table", (han, *sorted(ch for ch in chars if ch.isascii())),
                         lambda: _fold_table(chars, han))
    return _fold_table(chars, han)


def phrase_table(strings: list[str], kept: RecordStrings | None = None) -> dict[str, str]:
    """``{phrase: folded}`` for each phrase OpenCC folds whole and otherwise than character by
    character (:func:`tcgrules.kb.text.phrase_folds`: 回覆 → 回复), written with the characters
    :func:`fold_table` holds: the worker folds a query's words as ``tcgrules term`` does (its
    phrases longest first, the other characters by the fold table); ``kept`` as there."""
    chars, han = _written(strings)
    if kept is not None:
        return kept.part("phrase table", (han,), lambda: text.phrase_folds(_forms(chars, han)))
    return text.phrase_folds(_forms(chars, han))


def _written(strings: list[str]) -> tuple[set[str], str]:
    """The characters of ``strings`` (NFKC) and, sorted in one string, those of them not ASCII (ideographs and kana)."""
    chars = {ch for s in strings for ch in unicodedata.normalize("NFKC", s)}
    return chars, "".join(sorted(ch for ch in chars if not ch.isascii()))


def _forms(chars: set[str], han: str) -> set[str]:
    """``chars`` (``han`` their ideographs and kana) with their other-script forms and every
    ideograph folding as one of them does."""
    for convert in (text.to_hant, text.to_hans, text.jp_to_hant):
        chars.update(convert(han))
    chars.update(text.folded_to({text.fold_char(ch) for ch in chars}))
    return chars


def _fold_table(chars: set[str], han: str) -> dict[str, str]:
    chars = _forms(chars, han)
    out = {}
    for ch in sorted(chars):
        folded = text.fold_char(ch)
        if folded != unicodedata.normalize("NFKC", ch).lower():
            out[ch] = folded
    return out


class RecordStrings:
    """Each record's :func:`head_strings` and :func:`more_strings` (their script conversions
    and glossary aliases take seconds over a site), kept in ``kept`` for the next build while
    the record and the site's shape (:class:`tcgrules.site.page_keys.PageKeys`) are the same;
    and the index's other parts made from the glossary or the whole text (:meth:`part`)."""

    def __init__(self, ctx, kept: Path | None = None) -> None:
        self.ctx, self.kept = ctx, kept
        self.before: dict = {}
        if kept is not None and ctx.keys is not None:
            try:
                with open(kept, "rb") as f:
                    self.before = pickle.load(f)
            except Exception:  # noqa: BLE001  (none kept yet, or a torn or older file: found again)
                self.before = {}
        self.now: dict[str, tuple] = {}
        # the concepts' forms, kept with the site's shape (the glossary and the code are in it):
        # a changed record that names or uses a concept needs no stemming or script conversion
        self.forms = ConceptForms(ctx.glossary, self.part("concept forms", (), dict)) \
            if ctx.glossary is not None else None

    def __call__(self, c: Clause) -> tuple[list[str], list[str]]:
        """(head, more) of the record: made once per build (:meth:`make` makes them while
        MkDocs runs, the index reads them after), or kept from the last build."""
        hit = self.now.get(c.id)
        if hit is None:  # not made or found yet this build
            keys = self.ctx.keys
            key = keys.of(f"search {c.id}", keys.record[c.id]) if keys is not None else ""
            hit = self.before.get(c.id) if key else None
            if not (isinstance(hit, tuple) and len(hit) == 3 and hit[0] == key):
                hit = (key, head_strings(self.ctx, c, self.forms), more_strings(self.ctx, c, self.forms))
            self.now[c.id] = hit
        return hit[1], hit[2]

    def make(self, records) -> None:
        """Every record's strings, the glossary's entries and its lookup tables, made now
        (the site build makes them while MkDocs runs)."""
        for c in records:
            self(c)
        self.glossary_entries()
        self.term_lookup()

    def glossary_entries(self) -> dict[str, tuple[list[str], int]]:
        return self.part("glossary entries", (), lambda: glossary_entries(self.ctx, self.forms))

    def term_lookup(self) -> dict:
        """:func:`term_lookup`: its tables made from the glossary alone (a second of stemming)
        kept with the site's shape, those it reads from the rules (what each zone holds, the
        defining clauses' text, how often each term is printed: :meth:`Glossary.rules_tables`)
        made again."""
        kept = self.part("term lookup", (), lambda: term_lookup(self.ctx))
        g = self.ctx.glossary
        return kept if g is None else {**kept, **term_lookup(self.ctx, g.rules_tables())}

    def part(self, name: str, made_from: tuple, make):
        """``make()``, or what it gave the last build from the same ``made_from`` (a part
        of the index made from the site's shape and ``made_from``)."""
        if self.ctx.keys is None:
            return make()
        last = self.last(name, made_from)
        return self.put(name, made_from, make() if last is None else last[0])

    def last(self, name: str, made_from: tuple) -> tuple | None:
        """The part ``name`` this build or the last one made from the same ``made_from`` and
        site's shape (as a 1-tuple), or None."""
        if self.ctx.keys is None:
            return None
        key = self.ctx.keys.of(name, *made_from)
        hit = self.now.get(f" {name}") or self.before.get(f" {name}")  # a record's id has no space
        return (hit[1],) if isinstance(hit, tuple) and len(hit) == 2 and hit[0] == key else None

    def put(self, name: str, made_from: tuple, part):
        """Keep ``part`` for the next build as the part ``name`` made from ``made_from``; it."""
        if self.ctx.keys is not None:
            self.now[f" {name}"] = (self.ctx.keys.of(name, *made_from), part)
        return part

    def save(self) -> None:
        if self.kept is None or self.ctx.keys is None:
            return
        keep(self.kept, pickle.dumps(self.now, protocol=pickle.HIGHEST_PROTOCOL))


def site_index(builds: list[tuple[str, str | None, dict]], records: dict[str, list[Clause]], ctx,
               folders: dict[str, str] | None = None, strings: RecordStrings | None = None) -> dict:
    """One search index over every game and edition, from Material's index of each build
    (``(url prefix, language or None, index)``, the root build first). Locations become
    site-relative; ``records`` maps a site-relative location to the records shown there (one
    clause, or the two of a side-by-side row). Each document gets ``langs`` (the languages
    it is in, for the search's filter) and, when it shows records, ``head`` and ``more``.
    ``folders`` names the site's folders (an edition, a side-by-side view): the worker shows
    the name beside each result page, since one search lists every game and edition."""
    docs: list[dict] = []
    found: list[str] = []
    named = strings or RecordStrings(ctx)
    entries = named.glossary_entries()
    for url, lang, index in builds:
        for doc in index["docs"]:
            d = dict(doc, location=url + doc["location"])
            recs = records.get(d["location"], [])
            langs = sorted({c.lang for c in recs}) or ([lang] if lang else [])  # a row: both
            if langs:
                d["langs"] = langs
            found += (d.get("title", ""), d.get("text", ""))
            if recs:
                both = [named(c) for c in recs]
                d["head"] = list(dict.fromkeys(s for head, _ in both for s in head))
                d["more"] = list(dict.fromkeys(s for _, more in both for s in more))
                found += d["head"] + d["more"]
            elif d["location"] in entries:
                d["head"], d["preferred"] = entries[d["location"]]
                found += d["head"]
            docs.append(d)
    superseded = {edition_url(e): e for e in ctx.kb.editions.values() if not e.current}
    folders = {f: name + (ui("superseded", superseded[f].lang, x=superseded[f].label) if f in superseded else "")
               for f, name in (folders or {}).items()}
    config = dict(builds[0][2]["config"], tcgrules={"format": FORMAT, "fold": fold_table(found, named),
                                                    "phrases": phrase_table(found, named),
                                                    "folders": folders, "superseded": sorted(superseded),
                                                    "terms": named.term_lookup()})
    return {"config": config, "docs": docs}


def term_lookup(ctx, tables: dict | None = None) -> dict:
    """The glossary's lookup tables (:meth:`Glossary.lookup_tables`, or those ``tables`` of them)
    with each concept as its entry's location: the worker names the entry `tcgrules term` names
    from them."""
    if ctx.glossary is None:
        return {}
    return {name: _located(ctx.concept_url, name, table)
            for name, table in (ctx.glossary.lookup_tables() if tables is None else tables).items()}


def _located(url, name: str, table):
    """The lookup table ``name`` with each concept as its entry's location (``url(concept)``)."""
    if name in ("english", "bags", "written", "compared", "marks", "figure_words"):
        return {k: [url(c) for c in ids] for k, ids in table.items()}
    if name == "named":
        return {k: {typed: [url(c) for c in ids] for typed, ids in orders.items()} for k, orders in table.items()}
    if name in ("states", "deeds", "verbs", "used", "roles", "timings"):
        return [url(c) for c in table]
    if name in ("descriptions", "written_descriptions"):
        return {url(c): words for c, words in table.items()}
    if name == "classes":
        return [[url(c), [url(k) for k in kinds]] for c, kinds in table]
    if name == "steps":
        return [[url(c), *place] for c, *place in table]
    if name == "seen":
        return [[url(c), restricted] for c, restricted in table]
    if name == "scripts":
        return [[url(c), words, keys] for c, words, keys in table]
    if name == "holds":
        return {url(z): {url(c): n for c, n in held.items()} for z, held in table.items()}
    if name == "related":
        return {url(c): [url(r) for r in rs] for c, rs in table.items()}
    if name == "defined":
        return {url(c): numbers for c, numbers in table.items()}
    return table


def glossary_entries(ctx, forms=None) -> dict[str, tuple[list[str], int]]:
    """Each glossary entry's location, the strings that name it (its terms in every language
    and script, English as players inflect it: :meth:`Glossary.typed_forms`), so that a term
    typed in any of them leads to its entry first, and how many of them are its preferred
    terms (the worker ranks an entry named by one above those naming the query by an alias);
    ``forms`` as in :func:`head_strings`."""
    g = ctx.glossary
    return {ctx.concept_url(c.id): (forms or g).typed_forms(c.id) for c in g} if g is not None else {}


# The worker's index is made once by the site build, not by the worker of every page a reader
# opens (a second of a phone's CPU before the first answer): what the worker's indexText makes of
# each document, token for token, in its fields (its BOOST): ``exact`` (each of its names whole),
# ``head`` (the names' tokens) and ``keys`` (its title, text and ``more`` as tokens).
FIELDS = ("exact", "head", "keys")
_TAG = re.compile(r"<[^>]*>")
_ENTITY = re.compile(r"&[a-z]+;|&#[0-9]+;")


def shipped(index: dict, kept: RecordStrings | None = None) -> dict:
    """The site's index (:func:`site_index`) with the worker's index made from it (``built``:
    :func:`_built`), its documents without ``more``, read only into the worker's index;
    ``kept``: where the last build kept its worker index (:func:`_rebuilt`)."""
    docs = [{k: v for k, v in d.items() if k != "more"} for d in index["docs"]]
    fold = index["config"].get("tcgrules", {}).get("fold", {})
    built = _built(index["docs"], fold) if kept is None else _rebuilt(index["docs"], fold, kept)
    return {**index, "docs": docs, "built": built}


def _built(docs: list[dict], table: dict[str, str]) -> dict:
    """The worker's index of ``docs`` (folded by the fold ``table``): its clauses by number
    (:func:`_numbers`); ``postings``, each field's tokens and beside each its documents
    (:func:`_sorted`), and ``lengths``, each field's count of tokens by document, the documents
    numbered in the index's order (the first of a location, as the worker's Map keeps them)."""
    fold = _WorkerFold(table)
    return _indexed(docs, fold, [_fields(d, fold) for d in _placed(docs)])


def _rebuilt(docs: list[dict], table: dict[str, str], kept: RecordStrings) -> dict:
    """:func:`_built`, made from what the last build kept with the same fold ``table`` (the
    worker index ``kept``): each document's tokens by its content (:func:`_content`), so only a
    changed document is tokenized again, and the postings, so only a changed document's tokens
    are read again and written (:func:`_changed`) while no document is added or removed.
    Kept again for the next build."""
    fold, made_from = _WorkerFold(table), (json.dumps(table, ensure_ascii=False, sort_keys=True),)
    last = kept.last("worker index", made_from)
    contents, tokens, built = last[0] if last is not None else ([], {}, None)
    placed = _placed(docs)
    now = [_content(d) for d in placed]
    made = {c: tokens[c] if c in tokens else _joined(_fields(d, fold)) for c, d in zip(now, placed)}
    if built is not None and len(now) == len(contents):
        moved = {n: (_split(made[c]), _split(tokens[contents[n]])) for n, c in enumerate(now) if c != contents[n]}
        built = {"numbers": _numbers(docs, fold), **_changed(built, moved)}
    else:
        built = _indexed(docs, fold, [_split(made[c]) for c in now])
    return kept.put("worker index", made_from, (now, made, built))[2]


def _joined(fields: dict[str, list[str]]) -> tuple[str, ...]:
    """A document's tokens in each field (:func:`_fields`) as one string a field, kept for the
    next build (a token is a run of word characters, or ``=`` and runs: never a NUL)."""
    return tuple("\0".join(fields[f]) for f in FIELDS)


def _split(joined: tuple[str, ...]) -> dict[str, list[str]]:
    """The tokens :func:`_joined` keeps, by field."""
    return {f: s.split("\0") if s else [] for f, s in zip(FIELDS, joined)}


def _placed(docs: list[dict]) -> list[dict]:
    """The documents the worker indexes, in its order: the first place of a location, its last
    document (as its Map keeps them)."""
    return list({d["location"]: d for d in docs}.values())


def _content(d: dict) -> bytes:
    """A digest of what a document's tokens are made from (:func:`_fields`)."""
    made_from = (d.get("head"), d.get("title", ""), d.get("text", ""), d.get("more", []))
    return hashlib.blake2b(repr(made_from).encode("utf-8"), digest_size=16).digest()


def _indexed(docs: list[dict], fold: _WorkerFold, fields: list[dict[str, list[str]]]) -> dict:
    """The worker's index (:func:`_built`) of ``docs`` from the tokens of each it indexes (``fields``)."""
    postings: dict[str, dict[str, list[tuple[int, int]]]] = {f: {} for f in FIELDS}
    lengths: dict[str, list[int]] = {f: [] for f in FIELDS}
    for n, tokens_by_field in enumerate(fields):
        for f, tokens in tokens_by_field.items():
            lengths[f].append(len(tokens))
            for t, count in Counter(tokens).items():
                postings[f].setdefault(t, []).append((n, count))
    return {"numbers": _numbers(docs, fold), "lengths": lengths,
            "postings": {f: _sorted({t: _gaps(ns) for t, ns in by.items()}) for f, by in postings.items()}}


def _changed(built: dict, moved: dict[int, tuple[dict, dict]]) -> dict:
    """The lengths and postings of the worker's index ``built`` with the documents ``moved``
    (by number: their tokens now and in ``built``) indexed by their tokens now: only the
    postings of a token they hold now or held are read (:func:`_ungapped`) and written again."""
    lengths = {f: list(ns) for f, ns in built["lengths"].items()}
    postings = {}
    for f, (tokens, gaps) in built["postings"].items():
        counts: dict[str, dict[int, int]] = {}  # each token's documents moved, with its count in each now
        for n, (now, then) in moved.items():
            lengths[f][n] = len(now[f])
            for t in then[f]:
                counts.setdefault(t, {})[n] = 0
            for t, count in Counter(now[f]).items():
                counts.setdefault(t, {})[n] = count
        gapped = dict(zip(tokens, gaps))
        for t, changes in counts.items():
            held = {**_ungapped(gapped.pop(t, "")), **changes}
            if now_held := sorted((n, count) for n, count in held.items() if count):
                gapped[t] = _gaps(now_held)
        same = gapped.keys() == set(tokens)  # no token gone or new: the tokens' order is the same
        postings[f] = [tokens, [gapped[t] for t in tokens]] if same else _sorted(gapped)
    return {"lengths": lengths, "postings": postings}


def _sorted(gapped: dict[str, str]) -> list[list[str]]:
    """A field's postings as the worker reads them: its tokens in the order JavaScript compares
    strings (by UTF-16 code unit: it finds a token by halving), and each token's (:func:`_gaps`)."""
    tokens = sorted(gapped, key=lambda t: t.encode("utf-16-be"))
    return [tokens, [gapped[t] for t in tokens]]


def _numbers(docs: list[dict], fold: _WorkerFold) -> dict[str, list[int]]:
    """The clauses by number, as the worker's Engine finds them: each section's (a location with
    ``#``) first name whole (its number), with the places in ``docs`` of those it names."""
    out: dict[str, list[int]] = {}
    for n, d in enumerate(docs):
        if d.get("head") and "#" in d["location"]:
            out.setdefault(text.whole_key(fold(d["head"][0])), []).append(n)
    return out


def _fields(d: dict, fold: _WorkerFold) -> dict[str, list[str]]:
    """The tokens of a document in each field, as the worker's indexText makes them: its names
    (``head``, else its title) whole and as tokens, its title, text and ``more`` as tokens."""
    names = [fold(s) for s in d["head"]] if "head" in d else [fold(_plain(d.get("title", "")))]
    words = f"{d.get('title', '')} {d.get('text', '')} {' '.join(d.get('more', []))}"
    return {"exact": [k for k in map(text.whole_key, names) if k],
            "head": [t for s in names for t in text.written_words(s)],
            "keys": text.written_words(fold(_plain(words)))}


def _plain(html: str) -> str:
    """The text of ``html`` as the worker reads it (``plain``): each tag and entity a space."""
    return _ENTITY.sub(" ", _TAG.sub(" ", html))


class _WorkerFold(dict):
    """Text folded as the worker folds it (``fold``, called on a string): NFKC, then each capital
    and non-ASCII character by the index's fold ``table``, else lowercased (a ``str.translate``
    table, filled as characters come)."""

    def __init__(self, table: dict[str, str]) -> None:
        super().__init__()
        self.table = table

    def __missing__(self, code: int) -> str:
        ch = chr(code)
        self[code] = folded = ch if ch <= "\x40" or "\x5b" <= ch <= "\x7f" else self.table.get(ch, ch.lower())
        return folded

    def __call__(self, s: str) -> str:
        return unicodedata.normalize("NFKC", s).translate(self)


def _gaps(postings: list[tuple[int, int]]) -> str:
    """A token's ``(document, count)`` list, documents rising, as the worker reads it: each
    document the gap from the one before (from -1), negated and followed by its count when it
    holds the token more than once, the numbers written with commas between them (a string,
    which the worker's JSON.parse reads at once and splits only for a token a query asks for)."""
    out, last = [], -1
    for n, count in postings:
        out += [n - last] if count == 1 else [last - n, count]
        last = n
    return ",".join(map(str, out))


def _ungapped(gaps: str) -> dict[int, int]:
    """A token's documents, each with its count, as :func:`_gaps` wrote them."""
    out: dict[int, int] = {}
    last, numbers = -1, iter(map(int, gaps.split(",")) if gaps else ())
    for gap in numbers:
        last += abs(gap)
        out[last] = 1 if gap > 0 else next(numbers)
    return out


def clause_numbers(index: dict) -> dict:
    """The part of the site index (:func:`site_index`) that answers a clause number: its
    config but the term lookup's tables (``terms``: a number names no term; two thirds of the
    file, which a judge's first number would wait for), each clause section's location, title,
    languages and number (``head`` cut to its first string), and the location and title of the
    pages holding them; and the clauses by number, as the worker finds them (``built``)."""
    clauses = [d for d in index["docs"] if "head" in d and not d["location"].startswith("glossary/")]
    pages = {d["location"].split("#")[0] for d in clauses}
    keep = ("location", "title", "langs")
    numbered = {d["location"] for d in clauses}
    docs = [{k: d[k] for k in keep if k in d} | ({"head": d["head"][:1]} if d["location"] in numbered else {})
            for d in index["docs"] if d["location"] in numbered or d["location"] in pages]
    tcgrules = {k: v for k, v in index["config"]["tcgrules"].items() if k != "terms"}
    return {"config": {**index["config"], "tcgrules": tcgrules}, "docs": docs,
            "built": {"numbers": _numbers(docs, _WorkerFold(tcgrules.get("fold", {})))}}
