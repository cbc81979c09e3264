"""Helpers the command modules share: loading the knowledge base, printing JSON, counts."""
from __future__ import annotations

import argparse
import json
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from . import UsageError
from ..kb import load_knowledge_base
from ..kb.files import KnowledgeBaseError

if TYPE_CHECKING:
    from ..kb.model import KnowledgeBase


@lru_cache(maxsize=4)
def load_kb(root: Path, kept: Path | None = None) -> KnowledgeBase:
    """The knowledge base under ``root``, its record files parsed once and kept
    (:data:`~tcgrules.kb.store.PARSED`, or ``kept``, as :func:`load_knowledge_base` takes it):
    parsing them all takes over a second; a broken record file is a usage error naming it."""
    try:
        from ..kb.store import PARSED

        return load_knowledge_base(root, kept=kept or root / PARSED)
    except KnowledgeBaseError as e:
        raise UsageError(f"{e}\n(run `tcgrules check` for every problem at once)") from None


def print_json(data) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def check_filters(kb: KnowledgeBase, game: str | None, lang: str | None) -> None:
    """Unknown --game / --lang values are usage errors that list the known ones."""
    if game and game not in kb.games():
        raise UsageError(f"unknown game {game!r} (known: {', '.join(kb.games())})")
    langs = sorted({e.lang for e in kb.editions.values() if not game or e.game == game})
    if lang and lang not in langs:
        raise UsageError(f"unknown language {lang!r}{' for ' + game if game else ''} (known: {', '.join(langs)})")


def count(low: int, high: int | None = None):
    """An argparse type: a whole number from ``low`` to ``high``; anything else is argparse's
    one-line error naming the option, the value and the bound."""
    def convert(text: str) -> int:
        text = text.strip()
        if not re.fullmatch(r"[-+]?[0-9]+", text):
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number")
        digits = len(text.lstrip("+-"))
        shown = text if digits <= 30 else f"{text[:8]}…({digits} digits)"  # no count is that long
        value = int(text) if digits <= 30 else -10 ** 30 if text.startswith("-") else 10 ** 30
        if value < low:
            raise argparse.ArgumentTypeError(f"{shown} is too small (at least {low:,})")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{shown} is too large (at most {high:,})")
        return value
    return convert
