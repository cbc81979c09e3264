"""The test run's cyclic garbage collector (a pytest plugin, loaded by tests/conftest.py).

What a worker keeps for the whole run (the imported modules, the session's fixtures: the
project's glossary and records, the search index, the caches of the library) is walked by
every full collection Python makes while the tests run, a tenth of a worker's CPU. When a
module's last test is done (its fixtures torn down), the unreachable objects are collected,
then what survives is frozen (:func:`gc.freeze`): the next modules' collections walk only what
their own tests make."""
from __future__ import annotations

import gc

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None):
    """After a module's last test and its fixtures: collect, then freeze what survives."""
    yield
    if nextitem is None or nextitem.module is not item.module:
        gc.collect()
        gc.freeze()
