"""The command line started once and forked for each command a test runs (tests/badinput/zygote.py):
a command costs its own work, not Python's start and the import of the whole project again."""
from __future__ import annotations

import json
import os
import queue
import select
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ZYGOTE = Path(__file__).resolve().parent / "badinput" / "zygote.py"
ENV = {"PYTHONUTF8": "1", "LC_ALL": "C.UTF-8", "NO_COLOR": "1"}  # the commands', besides this process's


class Zygote:
    """tests/badinput/zygote.py: the command line started once, each command a fork of it (its
    own process, memory limit, folder, environment and output, as the console script runs it),
    without Python's start and the project's import again (most of a short command's time)."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, str(ZYGOTE)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env={**os.environ, **ENV}, bufsize=0)
        self.pending = b""

    def _line(self, timeout: float | None = None) -> int:
        while b"\n" not in self.pending:
            if timeout is not None and not select.select([self.proc.stdout], [], [], timeout)[0]:
                raise TimeoutError
            chunk = os.read(self.proc.stdout.fileno(), 4096)
            if not chunk:
                raise RuntimeError(f"the zygote ended (status {self.proc.wait()})")
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return int(line)

    def run(self, root: Path, argv: list, cwd: Path, timeout: float, limit: int | None = None,
            env: dict[str, str] | None = None, prelude: str = "") -> subprocess.CompletedProcess:
        """``tcgrules --root ROOT ARGV…`` in ``cwd`` (an argument of bytes as a shell passes it),
        its address space ``limit``ed, with ``env`` besides the zygote's environment, after the
        Python code ``prelude`` (a fault a test plants); killed after ``timeout`` seconds
        (:class:`subprocess.TimeoutExpired`, as subprocess.run)."""
        with tempfile.TemporaryDirectory() as io:
            out, err = Path(io) / "stdout", Path(io) / "stderr"
            args = ["--root", str(root)] + [{"bytes": a.decode("latin-1")} if isinstance(a, bytes) else a for a in argv]
            request = {"argv": args, "cwd": str(cwd), "out": str(out), "err": str(err), "limit": limit, "env": env or {},
                       "prelude": prelude}
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            pid = self._line()
            try:
                status = self._line(timeout)
            except TimeoutError:
                os.kill(pid, signal.SIGKILL)
                self._line()
                raise subprocess.TimeoutExpired(args, timeout) from None
            return subprocess.CompletedProcess(args, status, out.read_bytes(), err.read_bytes())

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


class Zygotes:
    """One :class:`Zygote` per thread running commands at once."""

    def __init__(self) -> None:
        self.idle: queue.SimpleQueue[Zygote] = queue.SimpleQueue()
        self.started: list[Zygote] = []

    def run(self, root: Path, argv: list, cwd: Path, timeout: float, limit: int | None = None,
            env: dict[str, str] | None = None, prelude: str = "") -> subprocess.CompletedProcess:
        """:meth:`Zygote.run` on an idle zygote (one started when none is)."""
        try:
            zygote = self.idle.get_nowait()
        except queue.Empty:
            zygote = Zygote()
            self.started.append(zygote)
        try:
            return zygote.run(root, argv, cwd, timeout, limit, env, prelude)
        finally:
            self.idle.put(zygote)

    def close(self) -> None:
        for zygote in self.started:
            zygote.close()
