"""Adding and removing a revision of a language edition: ``tcgrules revision add / list / remove``.

A new rulebook file becomes a revision in one step: it is read and imported in memory first
(so a file of the wrong format or encoding is refused before anything is written), then its
records folder, its copy under ``rules/sources/`` and the manifest entry (with its sha256,
moving ``current: true`` to it) are staged; ``verify`` (the CLI passes ``tcgrules check`` and
what the engine and site need) runs on a view of the result; only then are they committed, the
manifest last. All of it is one change of rules/ under its lock
(:func:`tcgrules.kb.store.changing_rules`): a failure, a kill or a concurrent writer never
leaves half a revision. Before anything is staged, the rule functions and tests that cite a
clause the revision changes or removes (:mod:`.stale`) refuse it, unless ``allow_stale``.

The revision folder is named after ``--version``: ``Ver.1.1`` → ``1.1``; ``r2`` (for a
rulebook that prints no version) → ``r2`` with no printed version recorded.
"""
from __future__ import annotations

import dataclasses
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping, Sequence

from ..errors import UsageError
from ..kb import store
from ..kb.model import Clause, Edition, KnowledgeBaseError, parse_date
from .base import ImportResult
from .stale import StaleCitation, StaleCitations, stale_citations
from .transaction import ImportFailed, parse_source, read_source_file

# A printed version's prefix that the folder name drops: Ver.1.1, Version 2, v1.0
_VERSION_PREFIX = re.compile(r"^(?:ver(?:sion)?\.?\s*|v(?=\d))", re.IGNORECASE)
# Below this share of the previous revision's clause numbers, a file is not a revision of it.
MIN_SHARED_NUMBERS = 0.5
# Above this share of its clause numbers going backwards, or repeating one, a file is refused.
MAX_ODD_NUMBERS = 0.25


@dataclass
class Added:
    edition: Edition
    previous: Edition
    result: ImportResult  # the new revision's records, defects and skipped text
    stale: list[StaleCitation]  # the citations it left stale (accepted with allow_stale)


def add(root: Path, game: str, lang: str, file: Path, version: str, date: str, title: str | None = None,
        verify: Callable[[Path], list[str]] | None = None, force: bool = False,
        citations: Mapping[str, Sequence[str]] | None = None, allow_stale: bool = False) -> Added:
    """Add ``file`` as the new current revision of ``game``/``lang`` (see the module docstring):
    one change of rules/, under its lock from reading the manifest to the end.

    ``citations`` (clause number → the rule functions and tests citing it) are checked
    against the new text: any left stale raise :class:`StaleCitations`, or with
    ``allow_stale`` are recorded as the edition's ``stale``."""
    with store.changing_rules(root) as change:
        return _add(change, game, lang, file, version, date, title, verify, force, citations or {}, allow_stale)


def _add(change: store.RulesChange, game: str, lang: str, file: Path, version: str, date: str,
         title: str | None, verify: Callable[[Path], list[str]] | None, force: bool,
         citations: Mapping[str, Sequence[str]], allow_stale: bool) -> Added:
    root = change.root
    editions = _manifest(root)
    previous = _current(editions, store.path_name(game, "game"), store.path_name(lang, "lang"))
    edition = _new_edition(editions, previous, version, date, title)
    raw, lines = _read(file)
    edition.sha256 = hashlib.sha256(raw).hexdigest()
    for rel in (edition.source, f"{game}/{lang}/{edition.revision}"):
        if store.inside(root / "rules", rel).exists():
            raise UsageError(f"rules/{rel} exists already: remove it or pick another --version")
    old = store.load_edition_records(root, previous)
    result = _parse(root, file, lines, edition, previous, old)
    _check_numbering(file, edition, result, force)
    stale = stale_citations(old, result.clauses, citations)
    if stale and not allow_stale:
        raise StaleCitations(edition, previous, stale)
    # citations accepted as stale before stay so until they are updated (still citable)
    kept = {n: kind for n, kind in previous.stale.items() if n in citations}
    edition.stale = kept | {s.number: s.kind for s in stale}
    files = store.render_edition(edition, result.clauses, result.defects, result.skips)
    for e in editions:
        e.current = e.current and (e.game, e.lang) != (game, lang)
    after = max(i for i, e in enumerate(editions) if (e.game, e.lang) == (game, lang))
    _apply(change, edition, raw, files, editions[:after + 1] + [edition] + editions[after + 1:], verify)
    return Added(edition, previous, result, stale)


def remove(root: Path, game: str, lang: str, revision: str) -> Edition:
    """Remove a revision: its manifest entry, records folder and source copy, as one change of
    rules/. Removing the current revision makes the one before it current; the only revision
    of an edition is never removed."""
    with store.changing_rules(root) as change:
        gone = _remove(change, game, lang, revision)
        change.commit()
    return gone


def _remove(change: store.RulesChange, game: str, lang: str, revision: str) -> Edition:
    root = change.root
    editions = _manifest(root)
    _current(editions, store.path_name(game, "game"), store.path_name(lang, "lang"))
    same = [e for e in editions if (e.game, e.lang) == (game, lang)]
    gone = next((e for e in same if e.revision == revision), None)
    if gone is None:
        raise UsageError(f"no revision {revision!r} of {game}/{lang} (known: {', '.join(e.revision for e in same)})")
    if len(same) == 1:
        raise UsageError(f"{gone.key} is the only revision of {game}/{lang}: nothing removed")
    rest = [e for e in editions if e is not gone]
    if gone.current:
        [e for e in rest if (e.game, e.lang) == (game, lang)][-1].current = True
    change.manifest(rest)
    change.folder(store.edition_path(root, game, lang, gone.revision), None)
    if not any(e.source == gone.source for e in rest):
        change.file(gone.source, None)
    return gone


def listing(root: Path, game: str | None = None, lang: str | None = None) -> list[dict]:
    """Every revision in manifest order (the order they were added), with its record count."""
    out = []
    for e in _manifest(root):
        if game not in (None, e.game) or lang not in (None, e.lang):
            continue
        report = store.edition_dir(root, e) / store.EDITION_FILE
        counts = (store.read_yaml(report) or {}).get("counts", {}) if report.is_file() else {}
        out.append({"edition": e.key, "game": e.game, "lang": e.lang, "revision": e.revision,
                    "version": e.version, "date": e.date, "current": e.current, "title": e.title,
                    "source": f"rules/{e.source}", "sha256": e.sha256, "records": counts.get("records"),
                    "defects": counts.get("defects")})
    if game is not None and not out:
        raise UsageError(f"no revision of {game}{'/' + lang if lang else ''} in rules/editions.yaml")
    return out


def _manifest(root: Path) -> list[Edition]:
    try:
        return store.read_manifest(root)
    except KnowledgeBaseError as e:
        raise UsageError(str(e)) from None


def _current(editions: list[Edition], game: str, lang: str) -> Edition:
    """The current revision of game/lang: the one a new revision follows."""
    games = sorted({e.game for e in editions})
    if game not in games:
        raise UsageError(f"unknown game {game!r} (known: {', '.join(games)})")
    same = [e for e in editions if (e.game, e.lang) == (game, lang)]
    if not same:
        langs = sorted({e.lang for e in editions if e.game == game})
        raise UsageError(f"{game} has no {lang} edition (known: {', '.join(langs)}); "
                         "a new language edition is added by hand in rules/editions.yaml")
    return next((e for e in same if e.current), same[-1])


def _new_edition(editions: list[Edition], previous: Edition, version: str, date: str,
                 title: str | None) -> Edition:
    try:
        folder = store.path_name(_VERSION_PREFIX.sub("", version.strip()), "revision")
    except KnowledgeBaseError as e:
        raise UsageError(f"--version {version!r}: {e}") from None
    printed = None if re.fullmatch(r"r\d+", version.strip()) else version.strip()
    for e in editions:
        if (e.game, e.lang) == (previous.game, previous.lang) and (
                e.revision == folder or (printed and e.version == printed)):
            raise UsageError(f"revision {e.revision} of {e.game}/{e.lang} exists (version "
                             f"{e.version or 'not printed'}): pick another --version, or `tcgrules revision remove` it")
    day = parse_date(date)
    if day is None:
        raise UsageError(f"--date {date!r} is not a date: write it as the rulebook prints it, e.g. 2026/07/01")
    if previous.day and day < previous.day:
        raise UsageError(f"--date {date} is before {previous.date}, the date of {previous.revision}, "
                         f"the revision of {previous.game}/{previous.lang} it would follow")
    return dataclasses.replace(
        previous, revision=folder, version=printed, date=date, title=title or previous.title, current=True,
        source=f"sources/{previous.game}-{folder}.{previous.lang}.txt", sha256="", defects=[], skips=[], stale={})


def _read(file: Path) -> tuple[bytes, list[str]]:
    """The file's bytes and lines, read as an import reads a source (UTF-8, BOM dropped)."""
    if not file.is_file():
        raise UsageError(f"{file}: no such file")
    raw = file.read_bytes()
    try:
        lines, sha = read_source_file(file, str(file))
    except ImportFailed as e:
        raise UsageError(f"{e}: give the rulebook as UTF-8 text") from None
    if hashlib.sha256(raw).hexdigest() != sha:
        raise UsageError(f"{file}: changed while it was read; try again")
    return raw, lines


def _parse(root: Path, file: Path, lines: list[str], edition: Edition, previous: Edition,
           old: list[Clause]) -> ImportResult:
    """Import in memory; refuse a file whose numbering is not that of the previous revision
    (whose records are ``old``)."""
    try:
        result = parse_source(lines, edition, str(file), root)
    except ImportFailed as e:
        raise UsageError(str(e)) from None
    before = {c.number for c in old if c.number_printed}
    shared = len(before & {c.number for c in result.clauses if c.number_printed})
    if before and shared < MIN_SHARED_NUMBERS * len(before):
        raise UsageError(f"{file}: not a {edition.format} rulebook like {previous.key}: only {shared} of its "
                         f"{len(before)} clause numbers are in it (wrong file, game or format?)")
    return result


def _check_numbering(file: Path, edition: Edition, result: ImportResult, force: bool) -> None:
    """Refuse a revision folder that would be a chapter's URL, and (unless ``force``) a file
    whose clause numbers mostly go backwards or come more than once: a reversed or repeated
    rulebook, not a revision of it."""
    chapters = {c.number for c in result.clauses if c.kind == "chapter"}
    if edition.revision in chapters:
        raise UsageError(f"--version {edition.revision!r}: the folder rules/{edition.game}/{edition.lang}/"
                         f"{edition.revision} would be the address of chapter {edition.revision}; write the version "
                         "as the rulebook prints it (Ver.1.1), or r2 when it prints none")
    numbers = [c.number for c in result.clauses if c.number_printed]
    if force or len(numbers) < 2:
        return
    keys = [tuple(int(x) for x in re.findall(r"\d+", n)) for n in numbers]
    backwards = sum(b < a for a, b in zip(keys, keys[1:]))
    repeated = len(numbers) - len(set(numbers))
    if backwards > MAX_ODD_NUMBERS * (len(keys) - 1):
        raise UsageError(f"{file}: its clause numbers go backwards {backwards} times in {len(keys)} (reversed or "
                         "shuffled?); add it anyway with --force")
    if repeated > MAX_ODD_NUMBERS * len(numbers):
        raise UsageError(f"{file}: {repeated} of its {len(numbers)} clause numbers repeat an earlier one (the "
                         "rulebook repeated?); add it anyway with --force")


def _apply(change: store.RulesChange, edition: Edition, raw: bytes, files: dict[str, str],
           editions: list[Edition], verify: Callable[[Path], list[str]] | None) -> None:
    """Stage the records folder, the source copy and the manifest; verify a view of the
    result; only then commit (nothing counts before: a failure or a kill keeps rules/ as it was)."""
    change.folder(store.edition_dir(change.root, edition), files)
    change.file(edition.source, raw)
    change.manifest(editions)
    problems = verify(change.view()) if verify else []
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise UsageError(f"check failed on the new revision, nothing kept: {problems[0]}{more}")
    change.commit()
