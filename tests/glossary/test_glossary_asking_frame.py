"""A Chinese or Japanese question whose words ask about the term after them (有哪些, 有什么, 什么是,
哪些, どんな, opening it: issue 33 part 3, thirty-second round) answers that term: 有哪些领域 asks which zones there
are, so its answer is the Zone, not a zone the descriptions name (Public zone); 什么是领域 alike, the
game named or not (SVE有哪些领域: Shadowverse: Evolve's Zone). A generic word after them (效果, 能力)
says what the term before gives (激突有什么效果 asks of Clash), so it is none.

The worker reads them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, asking_split


@pytest.mark.parametrize("query, asked", [
    ("有哪些领域", "领域"),
    ("什麼是領域", "領域"),
    ("零次元开始阶段有哪些步骤", ""),  # after a term they ask what it holds: the Start phase
    ("どんな領域がある", "領域"),
    ("领域有哪些", ""),                # after the term: the question word after it reads it (Glossary._asked)
    ("有哪些", ""),                    # nothing asked about
])
def test_the_term_after_the_asking_words_is_asked_about(query: str, asked: str) -> None:
    assert asking_split(query) == asked


@pytest.mark.parametrize("query, first", [
    ("有哪些领域", "shadowverse-evolve/zone"),      # not Public zone
    ("什么是领域", "shadowverse-evolve/zone"),
    ("SVE有哪些领域", "shadowverse-evolve/zone"),
    ("零次元开始阶段有哪些步骤", "zero-dimension/start-phase"),  # not the Step
    ("激突有什么效果", "battle-spirits/clash"),       # a generic word asks of the term before
])
def test_a_question_names_the_term_it_asks_about(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
