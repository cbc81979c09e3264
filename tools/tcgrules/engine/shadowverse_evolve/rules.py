"""The Shadowverse: Evolve rule book: ``@cites("10.5.1")`` marks the clauses a function implements.

Citations are checked at import against the clause records of the zh-Hans comprehensive
rules (``rules/shadowverse-evolve/zh-Hans/r1``); a citation of a missing clause is an import error.
"""
from __future__ import annotations

from ..core import RuleBook

NAME = "shadowverse-evolve"
RULES = RuleBook(NAME)
cites = RULES.cites
