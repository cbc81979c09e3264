"""The 星靈王 rule book: ``@cites("11.6.(2)")`` marks the records a function implements.

The zh-Hant outline prints no numbers; the importer synthesized them (``xinglingwang:3.1.p1``,
``xinglingwang:15.c1.k1.1`` for block 1 of class 1 of section 十五). Citations are checked
at import against the records of ``rules/xinglingwang/zh-Hant/r1``.
"""
from __future__ import annotations

from ..core import RuleBook

NAME = "xinglingwang"
RULES = RuleBook(NAME)
cites = RULES.cites
