"""The compiled build of the rules engines: the same Python modules, compiled with mypyc.

The engines are written once, in Python; nothing here changes what they do. ``tcgrules
engine build`` compiles :data:`MODULES` into ``tools/tcgrules/engine/_compiled/`` (ignored by
git) and records the hash of the sources it compiled. On import, :func:`activate` puts that
build ahead of the sources on the packages' import paths only while the hash still matches
the sources as they are, so a module edited since the build is never shadowed by its stale
compiled copy: the engine silently runs as Python until the next build.
``TCGRULES_ENGINE=python`` forces the Python modules (the differential tests use it).

mypyc calls a decorated function through its Python object (arguments boxed and parsed on
every call), even when the decorator hands the function back unchanged as ``cites`` does. So
the build compiles a staged copy of the modules in which each module-level ``@cites(...)``
becomes the same call made after the module's code, ``cites(...)(function)``: the same
registration and import-time check, and calls between rule functions stay native C calls.
"""
from __future__ import annotations

import ast
import contextlib
import fcntl
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Iterator

ENGINE_DIR = Path(__file__).resolve().parent
BUILD_DIR = ENGINE_DIR / "_compiled"
HASH_FILE = "SOURCE-HASH"
GROUP = "tcgrules_engine"  # the name of the shared library every compiled module loads
# The modules compiled: the engine core and the Battle Spirits rules. Package __init__ files
# stay Python, as they choose between the build and the sources.
MODULES = ("action.py", "core.py", "battle_spirits/action.py", "battle_spirits/actions.py", "battle_spirits/battle.py",
           "battle_spirits/cards.py", "battle_spirits/choices.py", "battle_spirits/cores.py", "battle_spirits/cost.py",
           "battle_spirits/deck.py", "battle_spirits/effects.py", "battle_spirits/levels.py", "battle_spirits/rules.py",
           "battle_spirits/setup.py", "battle_spirits/state.py", "battle_spirits/status.py",
           "battle_spirits/triggers.py", "battle_spirits/turn.py", "battle_spirits/victory.py",
           "shadowverse_evolve/rules.py", "shadowverse_evolve/actiontypes.py", "shadowverse_evolve/cards.py", "shadowverse_evolve/state.py",
           "shadowverse_evolve/info.py", "shadowverse_evolve/zones.py", "shadowverse_evolve/checks.py",
           "shadowverse_evolve/evolve.py", "shadowverse_evolve/effects.py", "shadowverse_evolve/play.py",
           "shadowverse_evolve/combat.py", "shadowverse_evolve/turn.py", "shadowverse_evolve/actions.py",
           "shadowverse_evolve/choices.py", "shadowverse_evolve/theme.py")
MYPY_CONFIG = ENGINE_DIR / "mypyc.ini"
# Bumped when stage_sources changes what it writes: a build from other staged text is stale.
STAGING_VERSION = "1"


class BuildError(Exception):
    """The compiler failed or is missing; the message says which and how to see why."""


def source_hash() -> str:
    """What the build depends on: the modules' text, the Python ABI and mypyc's version."""
    h = hashlib.sha256()
    h.update(sysconfig.get_config_var("EXT_SUFFIX").encode() + STAGING_VERSION.encode())
    for rel in (*MODULES, MYPY_CONFIG.name):
        h.update(rel.encode() + b"\0" + (ENGINE_DIR / rel).read_bytes() + b"\0")
    try:
        from mypy.version import __version__ as mypy_version
    except ImportError:
        mypy_version = "none"
    h.update(mypy_version.encode())
    return h.hexdigest()


def _is_citation(decorator: ast.expr) -> bool:
    """``@cites(...)`` or ``@RULES.cites(...)``."""
    if not isinstance(decorator, ast.Call):
        return False
    f = decorator.func
    return (isinstance(f, ast.Name) and f.id == "cites") or (isinstance(f, ast.Attribute) and f.attr == "cites")


def registrations_after_code(text: str) -> str:
    """The module with its module-level ``@cites(...)`` decorators turned into calls
    ``cites(...)(function)`` at its end, in their order. Decorator lines become blank, so
    line numbers (in tracebacks of compiled code) stay those of the source."""
    lines = text.splitlines(keepends=True)
    calls: list[str] = []
    for node in ast.parse(text).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for dec in node.decorator_list:
            if _is_citation(dec):
                calls.append(f"{ast.get_source_segment(text, dec)}({node.name})\n")
                for i in range(dec.lineno - 1, dec.end_lineno or dec.lineno):
                    lines[i] = "\n"
    if not calls:
        return text
    return "".join(lines) + "\n\n# The citations of the rule functions above (tools/tcgrules/engine/build.py).\n" + "".join(calls)


def stage_sources(target: Path) -> list[str]:
    """Write the modules to compile under ``target`` (``target/tcgrules/engine/…``, with empty
    package ``__init__`` files) and return their paths relative to ``target``."""
    files = []
    for rel in MODULES:
        out = target / "tcgrules" / "engine" / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        package = out.parent
        while package != target:
            (package / "__init__.py").touch()
            package = package.parent
        out.write_text(registrations_after_code((ENGINE_DIR / rel).read_text(encoding="utf-8")), encoding="utf-8")
        files.append(str(out.relative_to(target)))
    return files


def built_hash() -> str | None:
    """The source hash the build in :data:`BUILD_DIR` was compiled from (``None``: no build)."""
    path = BUILD_DIR / HASH_FILE
    return path.read_text().strip() if path.is_file() else None


def is_fresh() -> bool:
    """Whether a build exists and was compiled from the sources as they are now."""
    return built_hash() == source_hash()


def status() -> dict:
    """Which engine a new process runs, ``compiled`` (a fresh build) or ``python``, and why."""
    if os.environ.get("TCGRULES_ENGINE") == "python":
        why = "TCGRULES_ENGINE=python"
    elif (built := built_hash()) is None:
        why = "not built (run 'tcgrules engine build')"
    elif built != source_hash():
        why = "the build is stale: the sources changed since (run 'tcgrules engine build')"
    else:
        return {"engine": "compiled", "why": "a mypyc build of the sources as they are", "path": str(BUILD_DIR)}
    return {"engine": "python", "why": why, "path": str(BUILD_DIR)}


_ACTIVE: bool | None = None


def use_compiled() -> bool:
    """Whether the compiled build is in use (decided once per process)."""
    global _ACTIVE
    if _ACTIVE is None:
        _ACTIVE = status()["engine"] == "compiled"
        if _ACTIVE and str(BUILD_DIR) not in sys.path:
            sys.path.append(str(BUILD_DIR))  # where the shared library GROUP is found
    return _ACTIVE


def activate(package_path: list[str], package: str) -> None:
    """Put the compiled modules of ``package`` (``engine`` or ``engine/battle_spirits``)
    ahead of its sources, when the build is fresh."""
    if use_compiled():
        package_path.insert(0, str(BUILD_DIR / "tcgrules" / package))


def build(verbose: bool = False) -> dict:
    """Compile :data:`MODULES` with mypyc into :data:`BUILD_DIR`, replacing it only once the
    new build is complete: when the compiler fails, the previous build stays as it was.
    Returns the hash, the modules, the path and the seconds it took."""
    for package, why in (("mypyc", "mypyc (part of mypy)"), ("setuptools", "setuptools")):
        if importlib.util.find_spec(package) is None:
            raise BuildError(f"{why} is not installed: pip install -e . (or bash tools/dev.sh setup) installs it")
    started = time.perf_counter()
    digest = source_hash()
    # Staged beside BUILD_DIR, so that the final renames stay on one file system.
    BUILD_DIR.parent.mkdir(parents=True, exist_ok=True)
    with _build_lock():
        _remove_stale_staging()
        _compile(digest, verbose)
    return {"hash": digest, "modules": list(MODULES), "path": str(BUILD_DIR),
            "seconds": round(time.perf_counter() - started, 1)}


@contextlib.contextmanager
def _build_lock() -> Iterator[None]:
    """One build at a time: an exclusive lock on the folder that holds the build, released
    by the system when the process ends, killed or not."""
    fd = os.open(BUILD_DIR.parent, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _remove_stale_staging() -> None:
    """Remove the staging folders of builds that were killed: under the lock, no build is
    running, so every ``_compiled-*`` folder is left over."""
    for left in BUILD_DIR.parent.glob(f"{BUILD_DIR.name}-*"):
        if left.is_dir():
            shutil.rmtree(left, ignore_errors=True)


def _compile(digest: str, verbose: bool) -> None:
    """Stage the sources, compile them and swap the result in as :data:`BUILD_DIR`."""
    staging = Path(tempfile.mkdtemp(prefix=f"{BUILD_DIR.name}-", dir=BUILD_DIR.parent))
    files = stage_sources(staging / "src")
    script = ("import sys\nfrom setuptools import setup\nfrom mypyc.build import mypycify\n"
              "setup(name='tcgrules-engine', packages=[], script_args=sys.argv[1:],\n"
              f"      ext_modules=mypycify(['--config-file', {str(MYPY_CONFIG)!r}, *{files!r}],\n"
              f"                           opt_level='3', group_name={GROUP!r},\n"
              f"                           target_dir={str(staging / 'c')!r}))\n")
    cmd = [sys.executable, "-c", script, "build_ext", "--build-lib", str(staging / "out"),
           "--build-temp", str(staging / "temp"), "--parallel", str(os.cpu_count() or 1)]
    try:
        run = subprocess.run(cmd, cwd=staging / "src", capture_output=not verbose, text=True)
        if run.returncode != 0:
            tail = "\n".join(((run.stdout or "") + (run.stderr or "")).splitlines()[-30:])
            hint = "" if verbose else "\n('tcgrules engine build --verbose' shows the whole output)"
            raise BuildError(f"mypyc failed (exit {run.returncode})" + (f":\n{tail}" if tail else "") + hint)
        (staging / "out" / HASH_FILE).write_text(digest + "\n")
        old = staging / "old"
        if BUILD_DIR.exists():
            BUILD_DIR.rename(old)
        (staging / "out").rename(BUILD_DIR)
    finally:
        shutil.rmtree(staging, ignore_errors=True)  # the old build too, once replaced


def ensure(force: bool = False, verbose: bool = False) -> dict:
    """Build unless the build is fresh (or ``force``): :func:`build`'s result with
    ``built: True``, or ``built: False`` and the fresh build's hash and path."""
    if not force and is_fresh():
        return {"built": False, "hash": built_hash(), "modules": list(MODULES), "path": str(BUILD_DIR)}
    return {"built": True, **build(verbose)}
