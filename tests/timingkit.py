"""The slowest tests of a CI job made of several pytest runs (a pytest plugin, loaded by
tests/conftest.py): ``--timings FILE`` adds the time of each test of this run (its setup, call
and teardown together) to FILE, ``--slowest N`` lists at the end the N slowest tests of every
run that added to FILE."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("timingkit", "the slowest tests of several runs")
    group.addoption("--timings", metavar="FILE", help="add the time of each test of this run to FILE (JSON lines)")
    group.addoption("--slowest", type=int, default=0, metavar="N",
                    help="at the end, list the N slowest tests of FILE (every run that added to it)")


def pytest_configure(config: pytest.Config) -> None:
    # the run's controller: pytest-xdist's workers send it every report
    if config.getoption("timings") and not hasattr(config, "workerinput"):
        config.pluginmanager.register(Timings(Path(config.getoption("timings")), config.getoption("slowest")))


class Timings:
    """The times of this run's tests, added to ``file`` at its end."""

    def __init__(self, file: Path, slowest: int) -> None:
        self.file, self.slowest, self.seconds = file, slowest, Counter[str]()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[report.nodeid] += report.duration

    def pytest_sessionfinish(self) -> None:
        self.file.parent.mkdir(parents=True, exist_ok=True)
        with self.file.open("a", encoding="utf-8") as f:
            f.writelines(json.dumps([test, seconds]) + "\n" for test, seconds in self.seconds.items())

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if not self.slowest:
            return
        every = Counter[str]()
        for line in self.file.read_text(encoding="utf-8").splitlines():
            test, seconds = json.loads(line)
            every[test] += seconds
        terminalreporter.write_sep("=", f"{self.slowest} slowest tests (setup, call and teardown) of every run")
        for test, seconds in every.most_common(self.slowest):
            terminalreporter.write_line(f"{seconds:8.2f}s {test}")
