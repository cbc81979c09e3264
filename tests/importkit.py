"""Helpers the importer tests share: crafted editions, parsing with the reconstruction
check, and picking out one reported defect."""
from __future__ import annotations

from types import ModuleType

from tcgrules.ingest import reconstruct
from tcgrules.ingest.base import ImportResult
from tcgrules.kb.model import Defect, Edition


def crafted_edition(game: str, lang: str, fmt: str) -> Edition:
    """An edition for small crafted sources (revision ``t``, source ``sources/t.txt``)."""
    return Edition(game=game, lang=lang, revision="t", title="t", source="sources/t.txt", sha256="", format=fmt)


def parse_checked(importer: ModuleType, lines: list[str], edition: Edition) -> ImportResult:
    """Parse crafted lines and assert the records account for every character."""
    result = importer.parse(lines, edition)
    assert reconstruct.check(lines, result.clauses, result.skips) == (None, [])
    return result


def only(result: ImportResult, kind: str) -> Defect:
    """The one defect of ``kind`` the import reported (fails if there are none or several)."""
    found = [d for d in result.defects if d.kind == kind]
    assert len(found) == 1, result.defects
    return found[0]
