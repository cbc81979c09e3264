"""The Zero Dimension rule book: ``@cites("309.p2")`` marks the paragraphs a function implements.

The rulebook's paragraphs are unnumbered; they are imported as ``<section>.p<n>`` (the n-th
paragraph of section 309) and the keywords of 900 as ``900.k<n>`` with their own paragraphs.
Citations are checked at import against the records of ``rules/zero-dimension/zh-Hans/1.20``.
"""
from __future__ import annotations

from ..core import RuleBook

NAME = "zero-dimension"
RULES = RuleBook(NAME)
cites = RULES.cites
