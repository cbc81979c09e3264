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

The C compiler is told that the library's functions are its own (:data:`CFLAGS`), and with
GCC the build is profile-guided: compiled once instrumented, run on training games of every
engine (:func:`train`, seeds the benchmark never plays), then compiled again with the profile
those games wrote. The same code, laid out for the branches the games take: random games run
about 10% faster than from a single compile at the same -O3. The quick build the tests use
(``--no-profile``) is one compile at -O1 (:data:`QUICK_LEVELS`), the modules run once a game
at -O0 (:data:`RUN_ONCE`): random games about 8% slower again, for 45% less compiler time.
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib.util
import os
import re
import sys
import sysconfig
import time
from pathlib import Path
from typing import TYPE_CHECKING, Final, Iterator

if TYPE_CHECKING:  # the compiler's tools: imported by a build, not by each process running an engine
    import ast
    import subprocess

ENGINE_DIR = Path(__file__).resolve().parent
HASH_FILE = "SOURCE-HASH"
PROFILE_FILE = "PROFILE"  # in a profile-guided build: the training games its profile came from
# Set by a build for the process that plays its training games: the instrumented build it
# staged (ENGINE_DIR/_compiled-*/out), which that process runs instead of the build in use.
TRAINING_ENV = "TCGRULES_ENGINE_TRAINING"


def _staged_for_training() -> Path | None:
    """The staged build named by :data:`TRAINING_ENV`, when it names one; any other value is
    ignored (the variable is the build's own, not an option)."""
    value = os.environ.get(TRAINING_ENV)
    if not value:
        return None
    staged = Path(value).resolve()
    if staged.name == "out" and staged.parent.parent == ENGINE_DIR and staged.parent.name.startswith("_compiled-"):
        return staged
    return None


BUILD_DIR = _staged_for_training() or ENGINE_DIR / "_compiled"
GROUP = "tcgrules_engine"  # the name of the shared library every compiled module loads
# The modules compiled: the engine core and each game's rules. Package __init__ files
# stay Python, as they choose between the build and the sources.
MODULES = ("action.py", "core.py", "battle_spirits/action.py", "battle_spirits/actions.py", "battle_spirits/battle.py",
           "battle_spirits/cards.py", "battle_spirits/choices.py", "battle_spirits/cores.py", "battle_spirits/cost.py",
           "battle_spirits/deck.py", "battle_spirits/effects.py", "battle_spirits/levels.py", "battle_spirits/rules.py",
           "battle_spirits/setup.py", "battle_spirits/state.py", "battle_spirits/status.py",
           "battle_spirits/triggers.py", "battle_spirits/turn.py", "battle_spirits/victory.py",
           "shadowverse_evolve/rules.py", "shadowverse_evolve/action.py", "shadowverse_evolve/cards.py", "shadowverse_evolve/state.py",
           "shadowverse_evolve/info.py", "shadowverse_evolve/zones.py", "shadowverse_evolve/checks.py",
           "shadowverse_evolve/evolve.py", "shadowverse_evolve/effects.py", "shadowverse_evolve/play.py",
           "shadowverse_evolve/combat.py", "shadowverse_evolve/turn.py", "shadowverse_evolve/setup.py", "shadowverse_evolve/actions.py",
           "shadowverse_evolve/choices.py", "shadowverse_evolve/theme.py",
           "zero_dimension/rules.py", "zero_dimension/action.py", "zero_dimension/cards.py", "zero_dimension/state.py",
           "zero_dimension/info.py", "zero_dimension/zones.py", "zero_dimension/effects.py", "zero_dimension/play.py",
           "zero_dimension/combat.py", "zero_dimension/turn.py", "zero_dimension/setup.py", "zero_dimension/actions.py",
           "xinglingwang/rules.py", "xinglingwang/cards.py", "xinglingwang/state.py", "xinglingwang/info.py",
           "xinglingwang/zones.py", "xinglingwang/effects.py", "xinglingwang/battle.py", "xinglingwang/play.py",
           "xinglingwang/turn.py", "xinglingwang/setup.py", "xinglingwang/action.py", "xinglingwang/actions.py")
MYPY_CONFIG = ENGINE_DIR / "mypyc.ini"
# Bumped when stage_sources changes what it writes: a build from other staged text is stale.
STAGING_VERSION = "1"
# The rule functions call each other across the modules of one shared library. By default
# each such call could be taken over by another library's symbol, so it goes through the
# symbol table and is never inlined; hidden symbols let the compiler call them directly and
# inline the small ones (4.8% fewer instructions in a random game; only the module's init
# function is exported, as Python declares it so).
CFLAGS: Final = "-fvisibility=hidden -fno-semantic-interposition"
# Profile-guided optimization with GCC: the flags of the instrumented compile and of the
# second one, which reads the profile files the first wrote beside its objects (build-temp).
# A function whose code differs from the profiled one is compiled without its profile (a
# warning, not GCC's default error): slower at worst, never wrong.
PROFILE_GENERATE: Final = "-fprofile-generate -fprofile-update=single"
PROFILE_USE: Final = "-fprofile-use -fprofile-correction -Wno-missing-profile -Wno-error=coverage-mismatch"
# The training games: random games played in place, through apply (copying the state), and
# with every action checked, per engine. The benchmark plays seed 1: never a training game.
TRAINING_SEED: Final = 2
TRAINING: Final = {"battle-spirits": (300, 50, 40), "shadowverse-evolve": (150, 30, 20), "zero-dimension": (150, 30, 20),
                     "xinglingwang": (150, 30, 20)}
TRAINING_STEP_CAP: Final = 20_000


# The setup script of one compile into the one shared library GROUP. mypyc writes one C file of
# every module, whose functions the C compiler can inline into each other: the build for the
# benchmark. The quick build (--no-profile, what the tests need) asks for a C file per module
# (multi_file), which build_ext compiles on every core (--parallel: the number of jobs, each
# file alone through the compiler's public compile()): setuptools would compile them one after
# another. One C file took a single core as much CPU time as the C files take both. The quick
# build is compiled at -O1 without debug information (QUICK_LEVELS): 120 s of compiler CPU
# against 203 s at mypyc's default -O3 -g1, for random games about 7% slower, which the test
# run's engine work (its largest part, the million fuzzed actions, about 60 s) costs far less
# than the compile saves; the benchmark's profiled build keeps the default (PROFILED_LEVELS).
QUICK_LEVELS: Final = "opt_level='1', debug_level='0'"
PROFILED_LEVELS: Final = "opt_level='3', debug_level='1'"
# The modules of each game that run when its card pool is read, a game is set up or the
# citations are registered, not on each action (cProfile of checked random games on the
# sources: 0-2% of their time): the quick build compiles their C files at -O0, which takes
# the compiler half the CPU time of -O1 on them (10 of its 114 CPU-s on the C files; the
# whole build 125 -> 114 CPU-s). What it costs (callgrind): 0.8% more instructions per
# random game, and 20M per process that reads the four card pools.
RUN_ONCE: Final = ("cards.py", "setup.py", "rules.py")
# The headers the quick build reads precompiled (GCC's precompiled headers) instead of parsing
# them again for each C file: the group's own, which every module's C file opens with (Python.h,
# mypyc's CPy.h and the group's types: about 0.13 CPU-s of each), and Python.h, which each
# module's shim opens with (0.19 -> 0.06 CPU-s a shim). Each is made once for each set of flags
# compiling a file that opens with it, by the same compiler command, into a folder ``NAME.gch``
# of variants (GCC takes the first that fits the compile, else parses the header as without);
# the objects are the same, byte for byte. The whole quick build: 162 -> 131 CPU-s (one run
# each, on a loaded machine). The profiled build compiles one C file: it keeps its compile.
# (-Og instead of -O1 took the build to 108 CPU-s, but random games ran 25-38% slower on it:
# more than the test run's engine work would give back.)
PRECOMPILE: Final = ('#include "__native_{group}.h"', "#include <Python.h>")
SETUP_SCRIPT: Final = """\
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from setuptools import setup
from setuptools.command.build_ext import build_ext
from mypyc.build import mypycify
from mypyc.namegen import exported_name

AT_O0 = {{'__native_' + exported_name(f[:-3].replace(os.sep, '.')) + '.c' for f in {at_o0!r}}}
PRECOMPILE = {precompile!r}


def opening(c):
    \"\"\"The line a C file opens with, when it includes one of the headers PRECOMPILE names.\"\"\"
    with open(c, encoding='utf-8') as f:
        line = f.readline().strip()
    return line if line in PRECOMPILE else None


class build_ext_on_every_core(build_ext):
    def build_extensions(self):
        one_by_one = self.compiler.compile
        lock, made = threading.Lock(), {{}}

        def precompiled(c, line, kwargs):
            \"\"\"The -I options that make the compile of C file c read its opening header
            precompiled: made once per header and flags, as a variant in the folder NAME.gch
            beside the header's include (a quoted header: the C file's folder; one in angle
            brackets: a folder of the build's whose NAME includes the real one, which a second
            include of it in the file reads).\"\"\"
            name = line.split(None, 1)[1][1:-1]
            quoted = line.endswith('"')
            where = os.path.dirname(os.path.abspath(c)) if quoted else os.path.abspath(os.path.join(self.build_temp, 'pch'))
            key = (name, where, repr(sorted(kwargs.items())))
            with lock:
                if key not in made:
                    variants = os.path.join(where, name + '.gch')
                    os.makedirs(variants, exist_ok=True)
                    stub = os.path.join(where, f'pch-{{len(made)}}.c')
                    with open(stub, 'w', encoding='utf-8') as f:
                        f.write(line + '\\n')
                    (pch,) = one_by_one([stub], **{{**kwargs, 'extra_preargs': ['-x', 'c-header']}})
                    os.replace(pch, os.path.join(variants, str(len(made))))
                    if not quoted:  # the header itself, for a later include of it in the file
                        with open(os.path.join(where, name), 'w', encoding='utf-8') as f:
                            f.write(f'#include_next <{{name}}>\\n')
                    made[key] = [] if quoted else ['-I', where]
            return made[key]

        def compile_one(c, args, kwargs):
            if os.path.basename(c) in AT_O0:  # after mypyc's -O level: the compiler takes the last
                kwargs = {{**kwargs, 'extra_postargs': [*(kwargs.get('extra_postargs') or []), '-O0']}}
            line = opening(c)
            if line is not None and not args:
                kwargs = {{**kwargs, 'extra_preargs': precompiled(c, line, kwargs)}}
            return one_by_one([c], *args, **kwargs)

        def compile(sources, *args, **kwargs):
            with ThreadPoolExecutor(self.parallel or 1) as jobs:
                return [o for objs in jobs.map(lambda c: compile_one(c, args, kwargs), sources) for o in objs]

        self.compiler.compile = compile
        super().build_extensions()


setup(name='tcgrules-engine', packages=[], script_args=sys.argv[1:], cmdclass={{'build_ext': build_ext_on_every_core}},
      ext_modules=mypycify(['--config-file', {config!r}, *{files!r}], {levels}, group_name={group!r},
                           multi_file={multi_file!r}, target_dir={target!r}))
"""


class BuildError(Exception):
    """The compiler failed or is missing; the message says which and how to see why."""


def source_hash() -> str:
    """What the build depends on: the modules' text, the Python ABI and mypyc's version."""
    h = hashlib.sha256()
    h.update(sysconfig.get_config_var("EXT_SUFFIX").encode() + STAGING_VERSION.encode() + CFLAGS.encode())
    for rel in (*MODULES, MYPY_CONFIG.name):
        h.update(rel.encode() + b"\0" + (ENGINE_DIR / rel).read_bytes() + b"\0")
    h.update(_mypy_version().encode())
    return h.hexdigest()


def _kept_source_hash() -> str:
    """:func:`source_hash`, kept between processes (:func:`~tcgrules.kb.cache.kept`) under what
    tells the sources' files apart from any other state of them (path, size, inode,
    modification and change times: a file written since has another change time): every
    process that loads an engine asks, and reading and hashing the sources took a judge call
    a twentieth of its time."""
    from ..kb.cache import kept

    marks = []
    for rel in (*MODULES, MYPY_CONFIG.name):
        st = os.stat(ENGINE_DIR / rel)
        marks.append(f"{ENGINE_DIR / rel}\0{st.st_size}\0{st.st_ino}\0{st.st_mtime_ns}\0{st.st_ctime_ns}\0")
    source = "".join(marks) + _mypy_version() + sysconfig.get_config_var("EXT_SUFFIX") + STAGING_VERSION + CFLAGS
    return kept("engine-source-hash", source.encode("utf-8", "surrogateescape"), source_hash)


def _mypy_version() -> str:
    """mypy's version, read from its version file: importing mypy (a compiled library) would
    cost every process that loads an engine a tenth of a second."""
    spec = importlib.util.find_spec("mypy")
    version = Path(spec.origin).with_name("version.py") if spec and spec.origin else None
    found = re.search(r'^__version__ = "([^"]+)"', version.read_text("utf-8"), re.M) \
        if version and version.is_file() else None
    return found.group(1) if found else "none"


def _is_citation(decorator: ast.expr) -> bool:
    """``@cites(...)`` or ``@RULES.cites(...)``."""
    import ast

    if not isinstance(decorator, ast.Call):
        return False
    f = decorator.func
    return (isinstance(f, ast.Name) and f.id == "cites") or (isinstance(f, ast.Attribute) and f.attr == "cites")


def _segment(lines: list[str], node: ast.expr) -> str:
    """``ast.get_source_segment`` of ``node`` over the module's lines split once (it splits the
    whole module again on each call: seconds per build over the engine's citations)."""
    part = [line.encode() for line in lines[node.lineno - 1:node.end_lineno]]
    part[-1] = part[-1][:node.end_col_offset]  # offsets count UTF-8 bytes of their line
    part[0] = part[0][node.col_offset:]
    return b"".join(part).decode()


def registrations_after_code(text: str) -> str:
    """The module with its module-level ``@cites(...)`` decorators turned into calls
    ``cites(...)(function)`` at its end, in their order. Decorator lines become blank, so
    line numbers (in tracebacks of compiled code) stay those of the source."""
    import ast

    lines = text.splitlines(keepends=True)
    calls: list[str] = []
    for node in ast.parse(text).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for dec in node.decorator_list:
            if _is_citation(dec):
                calls.append(f"{_segment(lines, dec)}({node.name})\n")
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
    elif built != _kept_source_hash():
        why = "the build is stale: the sources changed since (run 'tcgrules engine build')"
    else:
        return {"engine": "compiled", "why": "a mypyc build of the sources as they are", "path": str(BUILD_DIR),
                "profiled": (BUILD_DIR / PROFILE_FILE).is_file()}
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


def build(verbose: bool = False, profile: bool = True) -> dict:
    """Compile :data:`MODULES` with mypyc into :data:`BUILD_DIR`, replacing it only once the
    new build is complete: when the compiler fails, the previous build stays as it was.
    Profile-guided when ``profile`` and the compiler is GCC (:func:`profiles`). Returns the
    hash, the modules, the path, whether it was profile-guided and the seconds it took."""
    for package, why in (("mypyc", "mypyc (part of mypy)"), ("setuptools", "setuptools")):
        if importlib.util.find_spec(package) is None:
            raise BuildError(f"{why} is not installed: pip install -e . (or bash tools/dev.sh setup) installs it")
    started = time.perf_counter()
    digest = source_hash()
    # Staged beside BUILD_DIR, so that the final renames stay on one file system.
    BUILD_DIR.parent.mkdir(parents=True, exist_ok=True)
    with _build_lock():
        _remove_stale_staging()
        profiled = profile and profiles()
        _compile(digest, verbose, profiled, one_file=profile)
    return {"hash": digest, "modules": list(MODULES), "path": str(BUILD_DIR), "profiled": profiled,
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
    import shutil

    for left in BUILD_DIR.parent.glob(f"{BUILD_DIR.name}-*"):
        if left.is_dir():
            shutil.rmtree(left, ignore_errors=True)


def _compile(digest: str, verbose: bool, profile: bool, one_file: bool) -> None:
    """Stage the sources, compile them — first instrumented and trained, when ``profile``;
    as one C file or one per module (:data:`SETUP_SCRIPT`) — and swap the result in as
    :data:`BUILD_DIR`."""
    import shutil
    import tempfile

    staging = Path(tempfile.mkdtemp(prefix=f"{BUILD_DIR.name}-", dir=BUILD_DIR.parent))
    try:
        files = stage_sources(staging / "src")
        if profile:
            _setup(staging, files, verbose, PROFILE_GENERATE, one_file, "instrumented")
            (staging / "out" / HASH_FILE).write_text(digest + "\n")
            _train(staging / "out", verbose)
        _setup(staging, files, verbose, PROFILE_USE if profile else "", one_file)
        (staging / "out" / HASH_FILE).write_text(digest + "\n")
        if profile:
            (staging / "out" / PROFILE_FILE).write_text(_training_text() + "\n")
        old = staging / "old"
        if BUILD_DIR.exists():
            BUILD_DIR.rename(old)
        (staging / "out").rename(BUILD_DIR)
    finally:
        shutil.rmtree(staging, ignore_errors=True)  # the old build too, once replaced


def _setup(staging: Path, files: list[str], verbose: bool, flags: str, one_file: bool, which: str = "") -> None:
    """Run mypyc and the C compiler on the staged sources into ``staging/out``, with
    :data:`CFLAGS`, ``flags`` and any CFLAGS of the environment, as one C file at
    :data:`PROFILED_LEVELS` (``one_file``: the benchmark's build) or one per module at
    :data:`QUICK_LEVELS` (:data:`RUN_ONCE` at -O0); every module is compiled again
    (``--force``), as the second compile of a profiled build must. ``which`` names the compile in an error."""
    import subprocess

    at_o0 = [] if one_file else [f for f in files if Path(f).name in RUN_ONCE]
    script = SETUP_SCRIPT.format(config=str(MYPY_CONFIG), files=files, group=GROUP, multi_file=not one_file,
                                 levels=PROFILED_LEVELS if one_file else QUICK_LEVELS, target=str(staging / "c"),
                                 at_o0=at_o0, precompile=() if one_file else tuple(h.format(group=GROUP) for h in PRECOMPILE))
    cmd = [sys.executable, "-c", script, "build_ext", "--force", "--build-lib", str(staging / "out"),
           "--build-temp", str(staging / "temp"), "--parallel", str(os.cpu_count() or 1)]
    env = dict(os.environ)
    env["CFLAGS"] = " ".join(filter(None, [env.get("CFLAGS"), CFLAGS, flags]))
    if flags == PROFILE_GENERATE:  # the instrumented library links GCC's profiling runtime
        env["LDFLAGS"] = " ".join(filter(None, [env.get("LDFLAGS"), "-fprofile-generate"]))
    run = subprocess.run(cmd, cwd=staging / "src", capture_output=not verbose, text=True, env=env)
    if run.returncode != 0:
        raise BuildError(f"mypyc failed{f' ({which} compile)' if which else ''} (exit {run.returncode})"
                         + _tail(run, verbose))


def _train(staged: Path, verbose: bool) -> None:
    """Play the training games (:func:`train`) in a process running the staged instrumented
    build, which writes the profile as it exits."""
    import subprocess

    env = {k: v for k, v in os.environ.items() if k != "TCGRULES_ENGINE"}
    env[TRAINING_ENV] = str(staged)
    cmd = [sys.executable, "-c", "from tcgrules.engine.build import train; train()"]
    run = subprocess.run(cmd, cwd=ENGINE_DIR.parent.parent, capture_output=not verbose, text=True, env=env)
    if run.returncode != 0:
        raise BuildError(f"the training games of the profiled build failed (exit {run.returncode})" + _tail(run, verbose))


def _tail(run: subprocess.CompletedProcess, verbose: bool) -> str:
    """The last lines of a failed step's output, or where to see them."""
    tail = "\n".join(((run.stdout or "") + (run.stderr or "")).splitlines()[-30:])
    hint = "" if verbose else "\n('tcgrules engine build --verbose' shows the whole output)"
    return (f":\n{tail}" if tail else "") + hint


def profiles() -> bool:
    """Whether the build can be profile-guided: the C compiler is GCC, whose second compile
    reads the profile files where the first wrote them (clang's need merging first)."""
    import subprocess

    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    try:
        version = subprocess.run([cc, "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return "Free Software Foundation" in version


def _training_text() -> str:
    return f"trained on seed {TRAINING_SEED}: " + "; ".join(
        f"{name} {a} games in place, {b} through apply, {c} checked" for name, (a, b, c) in TRAINING.items())


def train() -> None:
    """The training games of a profiled build (:data:`TRAINING`), played by the engine this
    process runs: :func:`_train` runs it on the staged instrumented build."""
    if not use_compiled() or _staged_for_training() is None:
        raise SystemExit(f"tcgrules: the training games run only on a staged build ({TRAINING_ENV})")
    from .api import game
    from .core import game_seed
    from .run import fuzz_one, play_game, play_in_place

    for name, (in_place, copying, checked) in TRAINING.items():
        played = game(name)
        decks = played.default_decks()
        for i in range(in_place + copying):
            seed = game_seed(TRAINING_SEED, i)
            if i < in_place:
                play_in_place(played, decks, seed, TRAINING_STEP_CAP)
            else:
                play_game(played, decks, seed, TRAINING_STEP_CAP)
        for i in range(checked):
            fuzz_one(played, decks, game_seed(TRAINING_SEED, i), TRAINING_STEP_CAP, check=True)


def ensure(force: bool = False, verbose: bool = False, profile: bool = True) -> dict:
    """Build unless the build is fresh (or ``force``): :func:`build`'s result with
    ``built: True``, or ``built: False`` and the fresh build's hash and path."""
    if not force and is_fresh():
        return {"built": False, "hash": built_hash(), "modules": list(MODULES), "path": str(BUILD_DIR)}
    return {"built": True, **build(verbose, profile)}
