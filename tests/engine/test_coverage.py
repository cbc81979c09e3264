"""The clause index: every implemented clause is cited by a test; citations are checked."""
from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from tcgrules.engine.core import RuleBook, UnknownCitation
from tcgrules.engine.coverage import coverage_index, relevant, untested


def test_every_implemented_clause_is_cited_by_a_test(root):
    index = coverage_index(root, "battle-spirits")
    assert untested(index) == []
    assert set(index["relevant"]) <= set(index["clauses"])


def test_relevant_clauses_are_play_chapters_only():
    rel = relevant("battle-spirits")
    assert "8-1-6-1" in rel and "1-3-3" in rel and "13-1-2" in rel  # chapter 13 counts: thresholds
    assert not any(n.startswith("2-") for n in rel)
    assert "4-8-2" not in rel  # marbles for cores do not govern play


def test_citing_a_missing_clause_fails_at_import():
    book = RuleBook("battle-spirits")
    with pytest.raises(UnknownCitation, match=r"test_coverage\.\S*compare cites battle-spirits:99-9"):
        @book.cites("8-1-6-1", "99-9")
        def compare():
            return None
    assert book.implemented == {}


def test_the_pytest_plugin_fails_on_bad_citations(tmp_path, root):
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "test_x.py").write_text(textwrap.dedent("""
        import pytest

        @pytest.mark.clauses("battle-spirits:99-9")
        def test_99_9_missing():
            pass

        @pytest.mark.clauses("battle-spirits:8-1-6-1")
        def test_unnamed():
            pass

        @pytest.mark.clauses("battle-spirits:8-1-6-1")
        def test_8_1_6_1_named():
            pass
    """), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "tcgrules.testing.citations", "-q", "--rootdir",
                          str(tmp_path), "-c", "/dev/null", str(engine)], capture_output=True, text=True, cwd=root)
    assert run.returncode != 0
    assert "test_x.py::test_99_9_missing cites battle-spirits:99-9" in run.stderr
    assert "test_x.py::test_unnamed: an engine test's name must contain" in run.stderr
    assert "test_8_1_6_1_named" not in run.stderr
