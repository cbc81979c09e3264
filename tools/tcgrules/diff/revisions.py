"""Naming the two sides of a diff: a revision in ``rules/`` or a source file.

A side is named by

* an edition key, ``battle-spirits/ja/1.0``, or its folder ``rules/battle-spirits/ja/1.0``;
* a revision, ``1.0``, with ``--game`` (and ``--lang`` when the game has several
  languages with that revision);
* a source file, imported on the fly by its game's importer without writing anything.
  The game comes from ``--game`` or the file name (``battle-spirits-standard.ja.txt``
  starts with ``battle-spirits``), the language from ``--lang``, the name (``.ja.``) or the
  script of the text; the importer and titles come from the manifest entry of that game
  and language. The revision of such a side is the file name.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..kb import store
from ..ingest.transaction import ImportFailed, parse_source, read_source_file
from ..kb.model import LANGS, Clause, Edition, KnowledgeBase, KnowledgeBaseError
from ..kb.text import to_hans


class RevisionError(Exception):
    """A side that cannot be found or read; the message names the problem."""


@dataclass
class Revision:
    """One side of a diff: an edition revision and its records in source order."""

    edition: Edition
    clauses: list[Clause]
    label: str  # as the user named it: an edition key or a file path


def resolve(root: Path, spec: str, load_kb: Callable[[], KnowledgeBase], game: str | None = None,
            lang: str | None = None) -> Revision:
    """The revision ``spec`` names (see the module docstring)."""
    manifest = _manifest(root)
    games = sorted({e.game for e in manifest})
    if game is not None and game not in games:
        raise RevisionError(f"unknown game {game!r} (known: {', '.join(games)})")
    keys = {e.key: e for e in manifest}
    path = Path(spec)
    if spec in keys:
        edition = keys[spec]
    elif path.is_dir():
        edition = _edition_of_folder(root, path, keys)
    elif path.exists():
        return _from_file(root, path, manifest, game, lang)
    elif "/" in spec or path.suffix == ".txt":
        raise RevisionError(f"{spec}: no such file, and not an edition (known: {', '.join(keys)})")
    else:
        edition = _by_revision(manifest, spec, game, lang)
    for name, want, got in (("game", game, edition.game), ("language", lang, edition.lang)):
        if want is not None and want != got:
            raise RevisionError(f"{spec} is {edition.key}, not of {name} {want!r}")
    try:
        kb = load_kb()
    except KnowledgeBaseError as e:
        raise RevisionError(str(e)) from None
    return Revision(kb.edition(edition.key), kb.in_edition(edition.key), edition.key)


def check_comparable(old: Revision, new: Revision) -> None:
    """Two sides must be revisions of one language edition of one game."""
    a, b = old.edition, new.edition
    if a.game != b.game:
        raise RevisionError(f"{old.label} is {a.game} but {new.label} is {b.game}: "
                            "diff compares two revisions of one game")
    if a.lang != b.lang:
        raise RevisionError(f"{old.label} is in {a.lang} but {new.label} is in {b.lang}: diff compares "
                            f"revisions of one language edition (`tcgrules align {a.game}` compares languages)")


def _manifest(root: Path) -> list[Edition]:
    try:
        return store.read_manifest(root)
    except KnowledgeBaseError as e:
        raise RevisionError(str(e)) from None


def _edition_of_folder(root: Path, path: Path, keys: dict[str, Edition]) -> Edition:
    try:
        rel = path.resolve().relative_to((root / "rules").resolve())
    except ValueError:
        rel = None
    key = "/".join(rel.parts) if rel else ""
    if key not in keys:
        raise RevisionError(f"{path}: a folder, but not an edition folder rules/<game>/<lang>/<revision> "
                            f"(known: {', '.join(keys)})")
    return keys[key]


def _by_revision(manifest: list[Edition], revision: str, game: str | None, lang: str | None) -> Edition:
    eds = [e for e in manifest if (game is None or e.game == game) and (lang is None or e.lang == lang)]
    found = [e for e in eds if e.revision == revision]
    if len(found) == 1:
        return found[0]
    known = ", ".join(e.key for e in eds) or "none"
    if not found:
        raise RevisionError(f"no revision {revision!r}{_scope(game, lang)} in rules/editions.yaml (known: {known})")
    raise RevisionError(f"revision {revision!r} is ambiguous ({', '.join(e.key for e in found)}): "
                        "pass --game and --lang, or name the edition as <game>/<lang>/<revision>")


def _scope(game: str | None, lang: str | None) -> str:
    return "".join(f" for {x}" for x in (game, lang) if x)


def _from_file(root: Path, path: Path, manifest: list[Edition], game: str | None,
               lang: str | None) -> Revision:
    game = _game_of_file(path, manifest, game)
    entries = [e for e in manifest if e.game == game]
    lang = lang or _lang_of_name(path, entries)
    lines = _read(_file_edition(next((e for e in entries if e.lang == lang), entries[0]), path))
    lang = lang or detect_lang("\n".join(lines))
    same_lang = [e for e in entries if e.lang == lang]
    if not same_lang:
        raise RevisionError(f"{path}: rules/editions.yaml has no {game} edition in {lang} (known: "
                            f"{', '.join(sorted({e.lang for e in entries}))}), so no importer is known for it")
    edition = _file_edition(next((e for e in same_lang if e.current), same_lang[0]), path)
    try:
        result = parse_source(lines, edition, str(path))
    except ImportFailed as e:
        raise RevisionError(str(e)) from None
    except ModuleNotFoundError:
        raise RevisionError(f"{path}: the {edition.format} importer for {game} is not written yet") from None
    except Exception as e:  # an importer bug on odd input is still the input's problem to report
        raise RevisionError(f"{path}: the {edition.format} importer failed: {type(e).__name__}: {e}") from None
    edition.defects, edition.skips = result.defects, result.skips
    return Revision(edition, result.clauses, str(path))


def _file_edition(entry: Edition, path: Path) -> Edition:
    """The manifest entry of the file's game and language, with the file as its revision."""
    return dataclasses.replace(entry, revision=path.name, source=str(path.resolve()), sha256="",
                               current=False, version=None, date=None, defects=[], skips=[])


def _read(edition: Edition) -> list[str]:
    try:
        return read_source_file(Path(edition.source), edition.source)[0]  # a file named on the command line
    except ImportFailed as e:
        raise RevisionError(str(e)) from None


def _game_of_file(path: Path, manifest: list[Edition], game: str | None) -> str:
    games = sorted({e.game for e in manifest}, key=len, reverse=True)
    named = next((g for g in games if path.name.startswith(g)), None)
    if game is not None:
        if named is not None and named != game:
            raise RevisionError(f"{path}: the file name says {named}, but --game says {game}")
        return game
    if named is None:
        raise RevisionError(f"{path}: cannot tell the game from the file name; pass --game "
                            f"(known: {', '.join(sorted(games))})")
    return named


def _lang_of_name(path: Path, entries: list[Edition]) -> str | None:
    """The language the file name says (``x.ja.txt``), else the game's only one, else None."""
    named = [p for p in path.name.split(".") if p in LANGS]
    if named:
        return named[-1]
    langs = {e.lang for e in entries}
    return langs.pop() if len(langs) == 1 else None


def detect_lang(text: str) -> str:
    """ja when the text has kana; otherwise zh-Hans when Simplified conversion changes nothing."""
    if any("\u3040" <= ch <= "\u30ff" for ch in text):
        return "ja"
    han = "".join(ch for ch in text if "\u4e00" <= ch <= "\u9fff")
    return "zh-Hans" if to_hans(han) == han else "zh-Hant"
