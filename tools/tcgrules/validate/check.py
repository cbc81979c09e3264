"""``tcgrules check``: validate everything under ``rules/`` (and ``glossary/``).

Checks, each message naming the file, line and record:

* the manifest: fields, one current revision per game and language, sources present and
  matching their sha256;
* each record file: well-formed YAML, every record valid against
  ``schema/clause.schema.json`` (no unknown fields), ids unique across the knowledge base and
  of the form ``<edition>/<number>[~n]``, parents that exist in the same edition, references
  whose span matches the text and whose target exists (or which say why not);
* reconstruction: the records of each source account for every non-blank character of it,
  in order, but for the skipped runs listed in the edition's ``edition.yaml``.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from ..ingest import reconstruct
from ..kb.files import MANIFEST, FileError, decode, read_bytes
from ..kb import store, strict_glossary
from ..kb.model import LANGS, Clause, Edition, KnowledgeBase, KnowledgeBaseError


@dataclass
class Problem:
    where: str  # file[:line]
    message: str
    record: str | None = None

    def __str__(self) -> str:
        rec = f" [{self.record}]" if self.record else ""
        return f"{self.where}:{rec} {self.message}"


@dataclass
class CheckReport:
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    stats: dict = field(default_factory=dict)
    kb: KnowledgeBase | None = None
    # Editions with a source or record already reported: the checks that build on them are
    # skipped, so that one problem is one error.
    refused: set[str] = field(default_factory=set)
    # A build folder where what this check parsed is kept by its bytes for the next one, and
    # what it parsed now, written there only when it finds no error (a failed check writes
    # nothing, so a bad file is refused again with its line).
    kept: Path | None = None
    to_keep: dict[Path, object] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.errors

    def error(self, where: str, message: str, record: str | None = None) -> None:
        self.errors.append(Problem(where, message, record))

    def warn(self, where: str, message: str, record: str | None = None) -> None:
        self.warnings.append(Problem(where, message, record))

    def to_dict(self) -> dict:
        return {"ok": self.ok, "stats": self.stats,
                "errors": [p.__dict__ for p in self.errors],
                "warnings": [p.__dict__ for p in self.warnings]}


@lru_cache(maxsize=1)
def clause_validator():
    """jsonschema's validator: slow, but lists every error with its path (for messages)."""
    import jsonschema

    return jsonschema.Draft202012Validator(store.clause_schema())


def schema_errors(d) -> list:
    """The schema errors of one record: none quickly for a valid one, all of them otherwise."""
    import fastjsonschema

    try:
        store.fast_clause_validator()(d)
        return []
    except fastjsonschema.JsonSchemaException:
        return sorted(clause_validator().iter_errors(d), key=lambda e: list(e.path))


def _load_with_lines(path: Path, rel: str, kept: Path | None, parsed: dict[Path, object], edition: Edition):
    """Parse a record file once; returns the data, the 1-based line of each record and the
    clauses a load kept of the same bytes (:func:`.store.kept_clauses`: records known valid
    against the schema, each checked and built once for them; None when none are). With
    ``kept`` (a build folder), what a check that found no error kept there for the same bytes
    (parsing each record file was most of a check); a file parsed now is added to ``parsed``."""
    raw = read_bytes(path, rel)
    known = store.kept_clauses(kept, raw, rel, edition) if kept else None
    return (*_data_with_lines(raw, rel, kept, parsed), known)


def _data_with_lines(raw: bytes, rel: str, kept: Path | None, parsed: dict[Path, object]):
    """:func:`_load_with_lines`'s data and lines of a record file whose bytes are ``raw``."""
    cached = store.kept_file(kept, raw, ".lines") if kept else None
    found = store.read_kept(cached) if cached else None
    if found is not None:
        return found
    text = decode(raw, rel)
    data, lines = store.remembered(text, "lines", lambda: _record_lines(*store.parse_yaml(text, rel)))
    if cached:
        parsed[cached] = (data, lines)
    return data, lines


def _record_lines(node: yaml.Node | None, data) -> tuple[object, list[int]]:
    """The data of a record file and the 1-based line of each of its records."""
    lines: list[int] = []
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if k.value == "records" and isinstance(v, yaml.SequenceNode):
                lines = [item.start_mark.line + 1 for item in v.value]
    return data, lines


def check_manifest(root: Path, report: CheckReport) -> list[Edition]:
    path = root / MANIFEST
    try:
        editions = store.read_manifest(root)
    except FileError as e:
        report.error(e.where, e.message)
        return []
    except KnowledgeBaseError as e:
        report.error(str(MANIFEST), str(e).removeprefix(f"{MANIFEST}: "))
        return []
    current: dict[tuple[str, str], list[str]] = {}
    for e in editions:
        where = f"{MANIFEST} ({e.key})"
        if e.lang not in LANGS:
            report.error(where, f"unknown language tag {e.lang!r} (known: {', '.join(LANGS)})")
        if e.current:
            current.setdefault((e.game, e.lang), []).append(e.revision)
        src = root / "rules" / e.source
        if not src.is_file():
            report.error(where, f"source file rules/{e.source} is missing")
            continue
        sha = hashlib.sha256(src.read_bytes()).hexdigest()
        if sha != e.sha256:
            report.error(where, f"rules/{e.source} has sha256 {sha}, the manifest says {e.sha256}")
            report.refused.add(e.key)
    for (game, lang), revs in sorted(current.items()):
        if len(revs) > 1:
            report.error(str(MANIFEST), f"{game}/{lang}: {len(revs)} revisions marked current ({', '.join(revs)})")
    for game, lang in sorted({(e.game, e.lang) for e in editions} - set(current)):
        report.error(str(MANIFEST), f"{game}/{lang}: no revision is marked current")
    return editions


def _checked_clause(d, where: str, rel: str, edition: Edition, report: CheckReport) -> Clause | None:
    """The clause of the record ``d`` of the file ``rel``; None when it breaks the schema (each
    error reported at ``where``)."""
    errs = schema_errors(d)
    if errs:
        rid = d.get("id") if isinstance(d, dict) else None
        for err in errs:
            loc = "/".join(str(p) for p in err.path)
            report.error(where, f"{loc + ': ' if loc else ''}{err.message}", rid)
        report.refused.add(edition.key)
        return None
    return Clause.from_dict(d, edition=edition.key, chapter_file=rel)


_ID_SUFFIX = re.compile(r"^(?P<number>.+?)(?:~(?P<n>[2-9]|[1-9]\d+))?$")


def check_edition(root: Path, edition: Edition, report: CheckReport, seen_ids: dict[str, str]) -> list[Clause]:
    folder = store.edition_dir(root, edition)
    rel_folder = folder.relative_to(root)
    if not folder.is_dir():
        report.error(str(rel_folder), f"missing: run `tcgrules import` to create the records of {edition.key}")
        return []
    clauses: list[Clause] = []
    lines_of: dict[str, int] = {}
    for path in store.record_files(folder):
        rel = str(path.relative_to(root))
        try:
            data, rec_lines, known = _load_with_lines(path, rel, report.kept, report.to_keep, edition)
        except FileError as e:
            report.error(e.where, e.message)
            report.refused.add(edition.key)
            continue
        if not isinstance(data, dict) or not isinstance(data.get("records"), list):
            report.error(rel, "expected a mapping with a list 'records'")
            continue
        if data.get("edition") != edition.key:
            report.error(rel, f"file says edition {data.get('edition')!r}, its folder is {edition.key}")
        for i, d in enumerate(data["records"]):
            line = rec_lines[i] if i < len(rec_lines) else 0
            where = f"{rel}:{line}" if line else rel
            c = known[i] if known is not None else _checked_clause(d, where, rel, edition, report)
            if c is None:
                continue
            if c.id in seen_ids:
                report.error(where, f"duplicate id {c.id} (also at {seen_ids[c.id]})", c.id)
                continue
            seen_ids[c.id] = where
            lines_of[c.id] = line
            prefix, _, tail = c.id.rpartition("/")
            m = _ID_SUFFIX.match(tail)
            if prefix != edition.key:
                report.error(where, f"id does not start with the edition {edition.key}/", c.id)
            elif not m or m["number"] != c.number:
                report.error(where, f"id does not end with the number {c.number!r} (optionally ~2, ~3 …)", c.id)
            if c.source.file != edition.source:
                report.error(where, f"source file {c.source.file!r} is not the edition's source {edition.source!r}", c.id)
            if c.source.last_line < c.source.first_line:
                report.error(where, "source last_line is before first_line", c.id)
            clauses.append(c)
    if edition.key in report.refused:  # reported once: the checks below would fail again for it
        return clauses
    ids = {c.id for c in clauses}
    for c in clauses:
        where = f"{c.chapter_file}:{lines_of.get(c.id, 0)}"
        if c.parent is not None and c.parent not in ids:
            report.error(where, f"parent {c.parent!r} does not exist in {edition.key}", c.id)
        for r in c.refs:
            if c.text[r.start:r.end] != r.span:
                report.error(where, f"ref {r.span!r}: text[{r.start}:{r.end}] is {c.text[r.start:r.end]!r}", c.id)
            for t in (r.target, r.target_end):
                if t is not None and t not in ids:
                    report.error(where, f"ref {r.span!r}: target {t!r} does not exist in {edition.key}", c.id)
            if r.target is None:
                if not r.reason:
                    report.error(where, f"ref {r.span!r} has no target and no reason", c.id)
                else:
                    report.warn(where, f"unresolved ref {r.span!r}: {r.reason}", c.id)
    _check_cycles(clauses, report, lines_of)
    _check_reconstruction(root, edition, clauses, report, lines_of)
    return clauses


def _check_cycles(clauses: list[Clause], report: CheckReport, lines_of: dict[str, int]) -> None:
    parent = {c.id: c.parent for c in clauses}
    for c in clauses:
        seen = {c.id}
        p = c.parent
        while p is not None and p in parent:
            if p in seen:
                report.error(f"{c.chapter_file}:{lines_of.get(c.id, 0)}", "parent chain loops back on itself", c.id)
                break
            seen.add(p)
            p = parent[p]


def _check_reconstruction(root: Path, edition: Edition, clauses: list[Clause], report: CheckReport,
                          lines_of: dict[str, int]) -> None:
    folder = store.edition_dir(root, edition)
    src = root / "rules" / edition.source
    rel_report = str((folder / store.EDITION_FILE).relative_to(root))
    if not (folder / store.EDITION_FILE).is_file():
        report.error(rel_report, "missing import report (defects and skipped text)")
        return
    if not src.is_file():
        return
    try:
        _, skips = store.read_report(
            store.read_yaml_kept(folder / store.EDITION_FILE, rel_report, report.kept, report.to_keep), rel_report)
    except FileError as e:
        report.error(e.where, e.message)
        return
    except KnowledgeBaseError as e:
        report.error(rel_report, str(e).removeprefix(f"{rel_report}: "))
        return
    try:
        lines = store.source_lines(src.read_bytes(), f"rules/{edition.source}")
    except FileError as e:
        report.error(e.where, e.message)
        return
    mismatch, problems = _reconstruction(edition, lines, clauses, skips, report)
    for p in problems:
        report.error(rel_report, p)
    if mismatch:
        record = next((c for c in clauses if c.id == mismatch.record), None)
        where = f"{record.chapter_file}:{lines_of.get(record.id, 0)}" if record else f"rules/{edition.source}"
        report.error(where, f"reconstruction: differs from its source rules/{edition.source}:{mismatch.line or 'end'}: "
                     f"{mismatch}",
                     mismatch.record)
    reasons: dict[str, int] = {}
    for s in skips:
        reasons[s.reason] = reasons.get(s.reason, 0) + len("".join(s.text.split()))
    report.stats.setdefault("skipped_chars", {})[edition.key] = dict(sorted(reasons.items()))


def _reconstruction(edition: Edition, lines: list[str], clauses: list[Clause], skips: list, report: CheckReport):
    """:func:`.reconstruct.check`, or with ``report.kept`` the edition's answer kept for the
    same source, records and skips (a fifth of a check whose files are all kept)."""
    if report.kept is None:
        return reconstruct.check(lines, clauses, skips)
    made_of = hashlib.sha256(Path(reconstruct.__file__).read_bytes())
    for part in ("\n".join(lines), repr(skips),
                 *(repr((c.id, c.label, c.title, c.text, c.source.first_line, c.source.first_col)) for c in clauses)):
        made_of.update(part.encode("utf-8") + b"\0")
    return store.slot_kept(store.kept_slot(report.kept, f"reconstruction {edition.key}"), made_of.hexdigest(),
                           lambda: reconstruct.check(lines, clauses, skips), report.to_keep)


def run_check(root: Path, kept: Path | None = None) -> CheckReport:
    """Validate rules/ (and glossary/ when present); never raises on bad data. ``kept``: a
    folder where each record file's parse is kept by its bytes for the next check, when this
    one finds no error (a failed check writes nothing)."""
    report = CheckReport(kept=kept)
    store.recover(root)  # a killed import's transaction, completed or undone
    editions = check_manifest(root, report)
    seen: dict[str, str] = {}
    all_clauses: list[Clause] = []
    per_edition: dict[str, int] = {}
    for e in editions:
        cs = check_edition(root, e, report, seen)
        per_edition[e.key] = len(cs)
        all_clauses.extend(cs)
    report.stats["records"] = per_edition
    report.stats["errors"] = len(report.errors)
    report.stats["warnings"] = len(report.warnings)
    if not report.errors:
        report.kb = KnowledgeBase(root, editions, all_clauses, strict_glossary)
    for extra in EXTRA_CHECKS:
        extra(root, report)
    report.stats["errors"] = len(report.errors)
    report.stats["warnings"] = len(report.warnings)
    for path, value in report.to_keep.items() if report.ok else ():
        store.keep_pickle(path, value)
    return report


# Further checks (e.g. the glossary's) append a function(root, report) here.
from .glossary import check_glossary  # noqa: E402  (after CheckReport, which it fills)

EXTRA_CHECKS: list = [check_glossary]
