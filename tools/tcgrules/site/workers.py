"""Work the site build hands to a second core: a forked copy of the build process, whose
result comes back pickled. A killed worker costs time, not pages: :func:`result` has this
process do the work instead."""
from __future__ import annotations

from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, TypeVar

T = TypeVar("T")

_FORKED: tuple = ()  # the call a forked worker makes: (function, arguments)


def _call_forked():
    fn, args = _FORKED
    return fn(*args)


def forked(fn, *args) -> Future:
    """``fn(*args)`` in a forked copy of this process, on another core: a Future of its
    result (pickled back). The copy has ``args`` as they are now: they are not pickled."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    global _FORKED
    _FORKED = (fn, args)
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
    try:
        return pool.submit(_call_forked)  # forks now, with _FORKED set
    finally:
        pool.shutdown(wait=False)  # the worker ends with its call


def result(future: Future, otherwise: Callable[[], T]) -> T:
    """The worker's result, or ``otherwise()`` made here when the worker was killed."""
    try:
        return future.result()
    except BrokenProcessPool:
        return otherwise()
