"""tcgrules: a multilingual rules knowledge base, reference site and rules engines for TCGs."""
from __future__ import annotations

from typing import Any

__all__ = ["Clause", "Edition", "KnowledgeBase", "Ref"]

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """The knowledge base's record types, imported on first use: every ``tcgrules.*`` module
    is imported under this package, and a command that never reads the knowledge base (an
    engine judging a position) should not pay for its model (a third of that call's start)."""
    if name in __all__:
        from .kb import model

        return getattr(model, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
