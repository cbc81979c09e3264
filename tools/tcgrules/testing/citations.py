"""The clauses a test checks, cited with ``@pytest.mark.clauses(...)``: the pytest plugin
that checks them.

The scanner of those marks that coverage, diff and the site read (:mod:`tcgrules.kb.tested`)
lives in the library, which never imports pytest.

At collection the run fails (a usage error naming the test and the citation) when

* a test cites a clause that does not exist (``battle-spirits:99-9``), or a citation is
  not of the form ``<game>:<number>``;
* an engine test (under a folder ``engine``) cites clauses but its name contains none of
  their numbers, written with underscores: ``test_8_1_6_1_equal_bp_destroys_both``,
  ``test_10_5_1_…`` for a dotted number.

Register with ``pytest_plugins = ["tcgrules.testing.citations"]`` in tests/conftest.py.
"""
from __future__ import annotations

import re

import pytest

from ..kb.citations import UnknownCitation, check_citation
from ..kb.model import UnknownClause, parse_citation


def citation_problems(item: pytest.Item) -> list[str]:
    """What is wrong with the ``clauses`` marks of one test."""
    problems: list[str] = []
    numbers: list[str] = []
    for mark in item.iter_markers("clauses"):
        for citation in mark.args:
            try:
                game, number = parse_citation(str(citation))
                check_citation(game, number, item.nodeid)
            except (UnknownClause, UnknownCitation) as e:
                problems.append(f"{item.nodeid}: {e}")
                continue
            numbers.append(number)
    if numbers and "engine" in item.path.parts and not any(_names(item.name, n) for n in numbers):
        problems.append(f"{item.nodeid}: an engine test's name must contain a number it cites, "
                        f"e.g. test_{re.sub(r'[-.]', '_', numbers[0])}_… (it cites {', '.join(numbers)})")
    return problems


def _names(test_name: str, number: str) -> bool:
    return re.search(rf"(?:^|_){re.escape(re.sub(r'[-.]', '_', number))}(?:_|$|\[)", test_name) is not None


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    problems = [p for item in items for p in citation_problems(item)]
    if problems:
        raise pytest.UsageError("clause citations of tests:\n  " + "\n  ".join(problems))
