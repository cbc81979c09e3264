"""The Battle Spirits rule book: ``@cites("8-1-6-1")`` marks the clauses a function implements.

Citations are checked at import against the clause records of Battle Spirits Standard
Ver.1.0 (``rules/battle-spirits/*/1.0``); a citation of a missing clause is an import error.
"""
from __future__ import annotations

from ..core import RuleBook

NAME = "battle-spirits"
RULES = RuleBook(NAME)
cites = RULES.cites
