"""The two ways a command ends short, shared by the library and the command line."""
from __future__ import annotations


class UsageError(Exception):
    """Bad input from the user: printed as ``tcgrules: error: …`` with exit code 2."""


class Finding(Exception):
    """A negative answer (a failed check, nothing found): printed with exit code 1."""
