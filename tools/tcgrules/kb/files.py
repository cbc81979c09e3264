"""The project's files at their lowest level: where the checkout is, a file's bytes and text
read defensively (one-line errors naming the file), and the characters no text holds.

Every command imports this (the command line checks each argument's characters), so it
imports neither the knowledge base's model nor YAML: a command that never reads the records
(an engine judging a position) does not pay for them.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from ..errors import UsageError

MANIFEST = Path("rules") / "editions.yaml"
MAX_FILE_BYTES = 256 * 1024 * 1024  # no rulebook, record file, position or log is near this
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufdd0-\ufdef" + "".join(
    f"{chr(plane * 0x10000 + 0xFFFE)}{chr(plane * 0x10000 + 0xFFFF)}" for plane in range(17)) + "]")


class KnowledgeBaseError(Exception):
    """A record or file that cannot be loaded; the message names the file and line."""


class FileError(KnowledgeBaseError):
    """A file refused: ``where`` is file[:line[:column]], ``message`` says what is wrong."""

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}")
        self.where, self.message = where, message


def control_problem(text: str) -> tuple[int, str] | None:
    """``(offset, message)`` for the first control character other than newline and tab, or
    Unicode noncharacter (U+FFFF …: no text holds one; a record with one breaks every reader)."""
    m = CONTROL.search(text)
    if m is None:
        return None
    what = "control character" if ord(m.group()) <= 0x9F else "Unicode noncharacter"
    return m.start(), f"{what} U+{ord(m.group()):04X}"


def read_bytes(path: Path, rel: str | None = None, limit: int = MAX_FILE_BYTES) -> bytes:
    """A file's bytes: a regular file of at most ``limit`` bytes, checked before reading (a FIFO
    would hang, /dev/zero never ends)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as e:
        raise FileError(rel or str(path), f"cannot read: {e.strerror or e}") from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileError(rel or str(path), "not a regular file (a FIFO, device or folder): refused before reading")
        if info.st_size > limit:
            raise FileError(rel or str(path), f"{info.st_size:,} bytes: more than the {limit:,} a file may hold")
        try:
            return f.read(limit + 1)[:limit]
        except OSError as e:
            raise FileError(rel or str(path), f"cannot read: {e.strerror or e}") from None


def decode(raw: bytes, rel: str) -> str:
    """UTF-8 bytes as text; the error names the line of the first bad byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        utf16 = " (it looks like UTF-16)" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise FileError(f"{rel}:{line}", f"not UTF-8 text{utf16}: {e.reason} at byte {e.start}") from None


def read_text(path: Path, rel: str | None = None) -> str:
    """A UTF-8 text file; errors name the file (and the line of a bad byte)."""
    rel = rel or str(path)
    return decode(read_bytes(path, rel), rel)


def root_above(start: Path) -> Path | None:
    """The nearest folder from ``start`` upwards holding rules/editions.yaml, or None."""
    here = start.resolve()
    return next((p for p in (here, *here.parents) if (p / MANIFEST).is_file()), None)


def checkout_root() -> Path | None:
    """The checkout holding rules/editions.yaml: above the tcgrules package (a checkout's own
    code), else above the working folder; None outside any (an installed package run
    elsewhere). The clause index and the kept values (:mod:`.cache`) look here."""
    return root_above(Path(__file__).parent) or root_above(Path.cwd())


def find_root(start: Path | None = None) -> Path:
    """The project root: the nearest folder upwards holding rules/editions.yaml."""
    here = (start or Path.cwd()).resolve()
    root = root_above(here)
    if root is not None:
        return root
    raise UsageError(f"no rules/editions.yaml in {here} or its parents: run inside a tcgrules checkout or pass --root")
