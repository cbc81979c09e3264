"""One importer module per source format (see :mod:`tcgrules.ingest.base`)."""
from __future__ import annotations

import importlib
from types import ModuleType

from ..kb.model import FORMATS


def importer(fmt: str) -> ModuleType:
    """The importer module for a format named in rules/editions.yaml."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown source format {fmt!r} (known: {', '.join(FORMATS)})")
    return importlib.import_module(f"{__name__}.{fmt}")
