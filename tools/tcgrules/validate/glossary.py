"""The glossary's part of ``tcgrules check`` (registered in ``check.EXTRA_CHECKS``).

Errors, each naming the file and line:

* every problem the loader found (unknown field, category or language tag, duplicate term
  or id, a ``related`` link to a missing concept);
* a ``defined_in`` entry naming an edition or clause that does not exist, or a clause of
  another game;
* a clause record whose ``terms`` names a concept that does not exist.

A warning when a clause's ``terms`` differ from what linking would give now (the glossary
changed since the last import): run ``tcgrules glossary link``.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Iterator

from ..kb import store
from ..kb.model import KnowledgeBase
from ..glossary import link
from ..glossary.link import Matcher, clause_text
from ..kb.glossary import GLOSSARY_DIR, KEPT_FILE, glossary_files, glossary_key, load_glossary
from ..kb.concepts import Glossary


def check_glossary(root: Path, report) -> None:
    """Validate ``glossary/`` and the clauses' links to it; adds to ``report`` (a CheckReport).
    With ``report.kept``, the glossary a command read before from the same files (only one
    without problems is kept, so a broken one is read and reported again), and the link check
    done before for the same glossary and clauses: both were most of a check's time."""
    if not glossary_files(root) and report.kb is not None and not any(c.terms for c in report.kb):
        return  # a project without a glossary has nothing to link
    if report.kept is None:
        glossary = load_glossary(root)
        key = ""
    else:
        key = glossary_key(root)
        glossary = store.slot_kept(report.kept / KEPT_FILE, key, lambda: load_glossary(root), report.to_keep,
                                   keep=lambda g: not g.problems)
    for where, message in glossary.problems:
        report.error(where, message)
    if report.kb is not None:
        check_definitions(glossary, report.kb, report)
        check_links(glossary, report.kb, report, key)
    report.stats["concepts"] = {g: len(glossary.for_game(g)) for g in glossary.games()}


def check_definitions(glossary: Glossary, kb: KnowledgeBase, report) -> None:
    for c in glossary:
        for edition, clause_ids in c.defined_in.items():
            where = str(glossary.link_at.get((c.id, clause_ids[0]), c.where) if clause_ids else c.where)
            if edition not in kb.editions:
                report.error(where, f"{c.id}: defined_in names unknown edition {edition!r}")
                continue
            if kb.editions[edition].game != c.game:
                report.error(where, f"{c.id}: defined_in names {edition}, an edition of another game")
            for cid in clause_ids:
                if cid not in kb.clauses:
                    report.error(str(glossary.link_at.get((c.id, cid), c.where)),
                                 f"{c.id}: defined_in names clause {cid!r}, which does not exist")


def check_links(glossary: Glossary, kb: KnowledgeBase, report, glossary_key: str = "") -> None:
    for where, message, record in _missing_links(glossary, kb):
        report.error(where, message, record)
    if glossary_key:  # the stale count, kept by the glossary's and every clause's content
        stale = store.slot_kept(store.kept_slot(report.kept, "stale links"), _links_source(glossary_key, kb),
                                lambda: _stale_links(glossary, kb), report.to_keep)
    else:
        stale = _stale_links(glossary, kb)
    for edition, n in sorted(stale.items()):
        report.warn(f"rules/{edition}", f"{n} record(s) link terms other than the glossary gives now: "
                    "run `tcgrules glossary link`")


def _missing_links(glossary: Glossary, kb: KnowledgeBase) -> Iterator[tuple[str, str, str]]:
    for clause in kb:
        if kb.editions[clause.edition].game in glossary.refused:
            continue  # its glossary file is reported once; its links cannot be checked
        for t in clause.terms:
            if t not in glossary.concepts:
                yield (record_line(kb.root, clause.chapter_file, clause.id),
                       f"terms: link to missing concept {t!r} (not in {GLOSSARY_DIR}/)", clause.id)


def _stale_links(glossary: Glossary, kb: KnowledgeBase) -> dict[str, int]:
    """How many records of each edition link terms other than matching the glossary gives."""
    matchers: dict[str, Matcher] = {}
    stale: dict[str, int] = {}
    for clause in kb:
        if kb.editions[clause.edition].game in glossary.refused:
            continue
        e = kb.editions[clause.edition]
        m = matchers.get(e.key)
        if m is None:  # one matcher per edition (setdefault would build one per clause)
            m = matchers[e.key] = Matcher.for_edition(glossary, e.game, e.lang)
        if clause.terms != m.concepts(clause_text(clause)):
            stale[e.key] = stale.get(e.key, 0) + 1
    return stale


def _links_source(glossary_key: str, kb: KnowledgeBase) -> str:
    """The hash of what the stale count is made from: the glossary (and its reader), the
    matching code, and each clause's edition, text and terms."""
    made_of = hashlib.sha256(glossary_key.encode("utf-8") + Path(link.__file__).read_bytes())
    for clause in kb:
        e = kb.editions[clause.edition]
        made_of.update(f"{e.key}\0{e.game}\0{e.lang}\0{clause_text(clause)}\0{' '.join(clause.terms)}\x1e".encode("utf-8"))
    return made_of.hexdigest()


def record_line(root: Path, rel: str, clause_id: str) -> str:
    """``file:line`` of a clause record's ``id:`` line (``file`` alone if not found)."""
    try:
        lines = (Path(root) / rel).read_text(encoding="utf-8").splitlines()
    except OSError:
        return rel
    for i, line in enumerate(lines, start=1):
        if line.lstrip("- ").startswith("id: ") and line.split("id: ", 1)[1].strip("'\" ") == clause_id:
            return f"{rel}:{i}"
    return rel
