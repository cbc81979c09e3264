"""Values worth keeping between processes, by the hash of what they are made from.

A command that judges one position reads the card pool (YAML, a tenth of a second) and compiles
a position schema's validator: the same work every call. Here each is kept in ``.cache/`` under
the project root, in :mod:`marshal` form (plain data and code objects, read back in
microseconds), under the hash of its source bytes: a changed source is a new key, so a kept value
is never stale. No project root (an installed package run elsewhere), or a folder that cannot be
written: the value is made each time.
"""
from __future__ import annotations

import functools
import hashlib
import marshal
import os
import tempfile
from pathlib import Path
from typing import Any, Callable

from .files import checkout_root

VERSION = b"1"  # of the kept forms: a new one makes new keys


@functools.cache
def cache_dir() -> Path | None:
    """``.cache/`` under the checkout (:func:`~.files.checkout_root`), or None."""
    root = checkout_root()
    return root / ".cache" if root is not None else None


def kept(kind: str, source: bytes, make: Callable[[], Any]) -> Any:
    """The value ``make()`` gives for ``source``, kept under ``.cache/<kind>/`` by the hash
    of the source: made once, then read back. ``make`` must give plain data (None, bool,
    int, float, str, lists, tuples, dicts, sets) or a code object."""
    folder = cache_dir()
    if folder is None:
        return make()
    key = hashlib.blake2b(VERSION + b"\0" + source, digest_size=16).hexdigest()
    path = folder / kind / f"{key}.marshal"
    try:
        return marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        pass  # not kept yet (or a broken file): make it again
    value = make()
    _write(path, marshal.dumps(value))
    return value


def _write(path: Path, data: bytes) -> None:
    """Atomically (a temporary file, then a rename); an unwritable folder keeps nothing."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        Path(tmp).unlink(missing_ok=True)
