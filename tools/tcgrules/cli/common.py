"""Helpers the command modules share: loading the knowledge base, printing JSON."""
from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path

from . import UsageError
from ..kb.model import KnowledgeBase, KnowledgeBaseError


@lru_cache(maxsize=4)
def load_kb(root: Path) -> KnowledgeBase:
    """The knowledge base under ``root``; a broken record file is a usage error naming it."""
    try:
        return KnowledgeBase.load(root)
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
