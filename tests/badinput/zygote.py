"""The command line, started once and forked for each command of the bad-input corpus and the
fault tests (tests/clikit.py).

Started as ``python zygote.py`` with the environment a case's command gets, it imports the
``tcgrules`` console script's entry point and every command's module once, then reads one
request a line on standard input (JSON: ``argv``, ``cwd``, ``out``, ``err``, ``limit``, ``env``,
``prelude``) and forks a child per request. The child is the command as the console script runs
it: its own process, its memory limited (unless ``limit`` is null), ``env`` added to its
environment, the Python code ``prelude`` run first (if any), in ``cwd``, its standard output and error written to the files ``out`` and ``err``, ``argv`` given
as the operating system gives a script its arguments, an uncaught exception printed as a
traceback with exit status 1, as Python prints it. The zygote answers each request with two
lines: the child's pid (so the test can kill it at its timeout), then its exit status
(negative: killed by that signal). A command costs its own work, not Python's start and the
import of the whole project again.
"""
from __future__ import annotations

import gc
import importlib
import json
import os
import pkgutil
import resource
import sys
import traceback
from importlib.metadata import entry_points


def entry_point():
    """The function the installed ``tcgrules`` script calls, and its modules imported."""
    (script,) = entry_points(group="console_scripts", name="tcgrules")
    main = script.load()
    package = importlib.import_module(main.__module__)
    for module in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        if not module.name.endswith(".__main__"):  # (which would run a command)
            importlib.import_module(module.name)  # each command's module: the libraries it runs
    return main


def run(main, request: dict) -> int:
    """In the forked child: the command, as the console script runs it; its exit status."""
    if request.get("limit") is not None:
        limit = int(request["limit"])
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    os.environ.update(request.get("env", {}))
    os.chdir(request["cwd"])
    for fd, path in ((1, request["out"]), (2, request["err"])):
        f = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(f, fd)
        os.close(f)
    sys.stdin = open(os.devnull, encoding="utf-8")
    if request.get("prelude"):  # a test's code run before the command (a fault it plants)
        exec(request["prelude"], {"__name__": "__prelude__"})
    # Arguments as Python decodes a process's: bytes through the file system encoding.
    sys.argv = ["tcgrules"] + [os.fsdecode(a["bytes"].encode("latin-1")) if isinstance(a, dict) else a
                               for a in request["argv"]]
    try:
        code = main()
    except SystemExit as e:
        code = e.code
    except BaseException:
        traceback.print_exc()
        code = 1
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    return code or 0


def serve() -> None:
    main = entry_point()
    # What the imports made is kept out of the collector's passes (gc.freeze): a child's
    # collection would otherwise write to every object it shares with the zygote, copying
    # their pages (a fifth of a short command's time).
    gc.freeze()
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            os._exit(run(main, request))
        print(pid, flush=True)
        _, status = os.waitpid(pid, 0)
        print(os.waitstatus_to_exitcode(status), flush=True)


if __name__ == "__main__":
    serve()
