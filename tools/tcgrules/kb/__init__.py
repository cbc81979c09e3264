"""The knowledge base: typed records (:mod:`.model`), their files (:mod:`.store`), the
glossary (:mod:`.concepts`, :mod:`.glossary`) and citations.

:func:`load_knowledge_base` is how the rest of tcgrules opens a project's knowledge base.
The record model, the files and the glossary's modules are imported when first used: a command
that only names a clause (an engine judging a position) does not pay for them.
"""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from .concepts import Glossary
    from .model import Edition, KnowledgeBase


def strict_glossary(root: Path, kept: Path | None = None) -> Glossary:
    """The glossary under ``root/glossary``, its first problem raised rather than kept;
    ``kept`` as :func:`.glossary.load_glossary_kept` takes it."""
    from .glossary import load_glossary, load_glossary_kept

    return load_glossary(root, strict=True) if kept is None else load_glossary_kept(root, kept)


def load_knowledge_base(root: Path | str = ".", editions: Iterable[Edition] | None = None,
                        kept: Path | None = None) -> KnowledgeBase:
    """Read ``root/rules`` (editions.yaml, unless ``editions`` are given, and every edition's
    records); the glossary under ``root/glossary`` is read on first use. ``kept``: a folder
    where the parsed record files and glossary are kept for the next read
    (:func:`.store.read_yaml_kept`, :func:`.glossary.load_glossary_kept`)."""
    from .store import read_knowledge_base

    read_glossary = strict_glossary if kept is None else partial(strict_glossary, kept=kept)
    return read_knowledge_base(Path(root), editions, read_glossary, kept)
