"""``tcgrules import``: sources → records, for every edition in the manifest.

Each edition's source is read, checked against its sha256, parsed by its format's importer,
its references resolved, and its records rendered; only when every edition has been
rendered is ``rules/`` changed, as one transaction under its lock (see
:func:`tcgrules.kb.store.changing_rules`), so a failed or killed import leaves ``rules/`` as it was.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..glossary.link import link_records
from . import refs
from ..kb.files import read_bytes
from ..kb import store, strict_glossary
from ..kb.glossary import GLOSSARY_DIR
from . import importer
from .base import ImportResult, SourceError, numbering_problem
from ..kb.model import Edition, KnowledgeBaseError


class ImportFailed(Exception):
    """An edition could not be imported; the message names the source (and line)."""


@dataclass
class EditionImport:
    edition: Edition
    result: ImportResult
    files: dict[str, str]

    @property
    def resolved(self) -> int:
        """References whose target was found."""
        return sum(1 for c in self.result.clauses for r in c.refs if r.target)

    @property
    def unresolved(self) -> int:
        """References kept with a reason instead of a target."""
        return sum(1 for c in self.result.clauses for r in c.refs if not r.target)


def read_source(root: Path, edition: Edition) -> tuple[list[str], str]:
    """The edition's source (``rules/sources/…``): its lines and sha256."""
    try:
        path = store.source_path(root, edition.source)
    except KnowledgeBaseError as e:
        raise ImportFailed(f"rules/editions.yaml ({edition.key}): {e}") from None
    return read_source_file(path, f"rules/{edition.source}")


def read_source_file(path: Path, rel: str) -> tuple[list[str], str]:
    """A source file's lines and sha256 (errors name ``rel`` and the line)."""
    try:
        raw = read_bytes(path, rel)
        return store.source_lines(raw, rel), hashlib.sha256(raw).hexdigest()
    except KnowledgeBaseError as e:
        raise ImportFailed(str(e)) from None


def parse_source(lines: list[str], edition: Edition, path: str = "", root: Path | None = None) -> ImportResult:
    """Run the edition's importer and resolve references (no files written)."""
    try:
        parser = importer(edition.format)
    except ValueError as e:
        raise ImportFailed(f"rules/editions.yaml ({edition.key}): format: {e}") from None
    if mismatch := numbering_problem(lines, edition.format):
        raise ImportFailed(f"{path or edition.source}:{mismatch[0]}: {mismatch[1]}")
    try:
        result = parser.parse(lines, edition)
    except SourceError as e:
        raise ImportFailed(f"{path or edition.source}: {e}") from None
    ids = set()
    for c in result.clauses:
        if c.id in ids:
            raise ImportFailed(f"{path or edition.source}:{c.source.first_line}: importer minted id {c.id} twice")
        ids.add(c.id)

    def report(c, r):
        result.defect("unresolved-ref", c.source.first_line, f"reference {r.span!r} in {c.number}: {r.reason}",
                      "kept the reference with target null", record=c.id)

    refs.resolve_all(result.clauses, report)
    link_terms(result, root)
    return result


def link_terms(result: ImportResult, root: Path | None = None) -> None:
    """Fill each record's ``terms`` from the glossary (of ``root``): read as every command reads
    it, kept in the project's build folder by its bytes (parsing it again was a third of an
    import's time)."""
    glossary = None
    if root is not None and (Path(root) / GLOSSARY_DIR).is_dir():
        glossary = strict_glossary(Path(root), kept=Path(root) / store.PARSED)
    link_records(result.edition, result.clauses, glossary, root=root)


def import_edition(root: Path, edition: Edition, verify_sha: bool = True) -> EditionImport:
    lines, sha = read_source(root, edition)
    if verify_sha and sha != edition.sha256:
        raise ImportFailed(
            f"rules/{edition.source}: sha256 is {sha}, rules/editions.yaml says {edition.sha256} for "
            f"{edition.key}: a changed source is a new revision (add an edition entry), or fix the checksum")
    edition.sha256 = sha
    result = parse_source(lines, edition, f"rules/{edition.source}", root)
    files = store.render_edition(edition, result.clauses, result.defects, result.skips)
    return EditionImport(edition, result, files)


def select(editions: Iterable[Edition], game: str | None = None, lang: str | None = None) -> list[Edition]:
    eds = [e for e in editions if (game is None or e.game == game) and (lang is None or e.lang == lang)]
    if not eds:
        raise ImportFailed(f"no edition in rules/editions.yaml matches game={game!r} lang={lang!r}")
    return eds


def run_import(root: Path, game: str | None = None, lang: str | None = None,
               write: bool = True) -> list[EditionImport]:
    """Import the selected editions; write them (atomically) unless ``write`` is False: one
    change of rules/, under its lock from reading the manifest to the end."""
    if not write:
        return _import(root, game, lang)
    with store.changing_rules(root) as change:
        done = _import(root, game, lang)
        for d in done:
            change.folder(store.edition_dir(root, d.edition), d.files)
        change.commit()
    return done


def _import(root: Path, game: str | None, lang: str | None) -> list[EditionImport]:
    try:
        store.recover(root)
        editions = select(store.read_manifest(root), game, lang)
    except KnowledgeBaseError as e:
        raise ImportFailed(str(e)) from None
    return [import_edition(root, e) for e in editions]


def stale_files(root: Path, done: list[EditionImport]) -> list[str]:
    """Files under rules/ that differ from what the import produced (for ``--check``)."""
    out: list[str] = []
    for d in done:
        folder = store.edition_dir(root, d.edition)
        existing = {p.name for p in folder.glob("*.yaml")} if folder.is_dir() else set()
        for name, text in d.files.items():
            p = folder / name
            if not p.exists() or p.read_text(encoding="utf-8") != text:
                out.append(str(p.relative_to(root)))
        out.extend(str((folder / n).relative_to(root)) for n in sorted(existing - set(d.files)))
    return out
