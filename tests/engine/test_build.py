"""The compiled (mypyc) build of the engines: when it is used, the ``engine build`` command,
and that the compiled engine plays exactly the games the Python sources play.

The fast tests point :data:`build.BUILD_DIR` at a temporary folder and fake the compiler;
only the slow ones compile (when the build is missing or stale) and run the engine in
subprocesses.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tcgrules.cli import main
from tcgrules.engine import build
from enginekit import compiled_loaded, engine_env

@pytest.fixture
def build_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty place for the build, the environment variable unset and the per-process
    decision forgotten (monkeypatch restores all three)."""
    monkeypatch.setattr(build, "BUILD_DIR", tmp_path / "_compiled")
    monkeypatch.setattr(build, "_ACTIVE", None)
    monkeypatch.delenv("TCGRULES_ENGINE", raising=False)
    return build.BUILD_DIR


def fake_build(where: Path, digest: str) -> None:
    """A build compiled from the sources whose hash is ``digest``, with one module file."""
    (where / "tcgrules" / "engine").mkdir(parents=True)
    (where / "tcgrules" / "engine" / "core.so").write_text("old build")
    (where / build.HASH_FILE).write_text(digest + "\n")


# ---------------------------------------------------------------- status and activate


@pytest.mark.parametrize("case, why", [
    ("forced", "TCGRULES_ENGINE=python"),
    ("missing", "not built"),
    ("stale", "stale"),
])
def test_status_says_python_and_why(build_dir, monkeypatch, case, why):
    if case == "forced":
        fake_build(build_dir, build.source_hash())
        monkeypatch.setenv("TCGRULES_ENGINE", "python")
    elif case == "stale":
        fake_build(build_dir, "0" * 64)
    assert build.status()["engine"] == "python"
    assert why in build.status()["why"]


def test_status_says_compiled_while_the_hash_matches(build_dir):
    fake_build(build_dir, build.source_hash())
    assert build.status() == {"engine": "compiled", "why": "a mypyc build of the sources as they are",
                              "path": str(build_dir), "profiled": False}
    assert build.is_fresh()


def test_the_hash_follows_the_sources(build_dir, monkeypatch, tmp_path):
    before = build.source_hash()
    engine_copy = tmp_path / "engine"
    for rel in (*build.MODULES, build.MYPY_CONFIG.name):
        (engine_copy / rel).parent.mkdir(parents=True, exist_ok=True)
        (engine_copy / rel).write_bytes((build.ENGINE_DIR / rel).read_bytes())
    monkeypatch.setattr(build, "ENGINE_DIR", engine_copy)
    assert build.source_hash() == before
    with (engine_copy / "battle_spirits" / "turn.py").open("a") as f:
        f.write("\n# an edit\n")
    assert build.source_hash() != before


def test_activate_leaves_the_path_alone_unless_the_build_is_fresh(build_dir, monkeypatch):
    monkeypatch.setattr(sys, "path", list(sys.path))
    fake_build(build_dir, "0" * 64)
    package_path = ["sources"]
    build.activate(package_path, "engine")
    assert package_path == ["sources"] and str(build_dir) not in sys.path

    (build_dir / build.HASH_FILE).write_text(build.source_hash())
    monkeypatch.setenv("TCGRULES_ENGINE", "python")
    monkeypatch.setattr(build, "_ACTIVE", None)
    build.activate(package_path, "engine")
    assert package_path == ["sources"] and str(build_dir) not in sys.path

    monkeypatch.delenv("TCGRULES_ENGINE")
    monkeypatch.setattr(build, "_ACTIVE", None)
    build.activate(package_path, "engine/battle_spirits")
    assert package_path == [str(build_dir / "tcgrules" / "engine" / "battle_spirits"), "sources"]
    assert str(build_dir) in sys.path


# ---------------------------------------------------------------- the staged sources


def test_citations_become_calls_after_the_code_with_line_numbers_kept():
    text = ('"""doc"""\nfrom .rules import cites\n\n\n@cites("1-3-1", "1-4-2")\ndef first(s):\n'
            '    return 1\n\n\n@cites("8-1-6-1")\ndef second(s):\n    return first(s)\n\n\ndef plain(s):\n'
            '    return 3\n\n\nclass K:\n    @property\n    def x(self):\n        return 4\n')
    staged = build.registrations_after_code(text)
    lines, staged_lines = text.splitlines(), staged.splitlines()
    assert staged_lines[4] == "" and staged_lines[9] == ""  # the decorator lines, blanked
    for i, line in enumerate(lines):  # every other line where it was
        if not line.startswith("@cites"):
            assert staged_lines[i] == line
    assert staged_lines[-2:] == ['cites("1-3-1", "1-4-2")(first)', 'cites("8-1-6-1")(second)']
    assert "@property" in staged  # other decorators stay
    assert build.registrations_after_code("x = 1\n") == "x = 1\n"


def test_the_staged_engine_registers_what_the_sources_declare(tmp_path):
    """Each staged module compiles, keeps its length up to the appended calls, and makes one
    call per ``@cites`` of its source, with the same clause numbers."""
    import ast
    files = build.stage_sources(tmp_path)
    assert [Path(f).as_posix() for f in files] == [f"tcgrules/engine/{m}" for m in build.MODULES]
    total = 0
    for rel, staged_rel in zip(build.MODULES, files):
        source = (build.ENGINE_DIR / rel).read_text(encoding="utf-8")
        staged = (tmp_path / staged_rel).read_text(encoding="utf-8")
        compile(staged, staged_rel, "exec")
        declared = [(ast.unparse(d), f.name) for f in ast.parse(source).body if isinstance(f, ast.FunctionDef)
                    for d in f.decorator_list if "cites" in ast.unparse(d)]
        calls = [(ast.unparse(e.value.func), e.value.args[0].id) for e in ast.parse(staged).body
                 if isinstance(e, ast.Expr) and isinstance(e.value, ast.Call) and "cites" in ast.unparse(e.value.func)]
        assert calls == declared, rel
        assert not any(line.startswith("@cites") for line in staged.splitlines())
        assert staged.splitlines()[:len(source.splitlines())][-1] == source.splitlines()[-1]
        total += len(calls)
    # every citation was staged (counted another way: the lines that start with one)
    assert total == sum(line.startswith("@cites(") for m in build.MODULES
                        for line in (build.ENGINE_DIR / m).read_text(encoding="utf-8").splitlines())
    for package in ("tcgrules", "tcgrules/engine", "tcgrules/engine/battle_spirits"):
        assert (tmp_path / package / "__init__.py").read_text() == ""


# ---------------------------------------------------------------- building


def fake_compiler(returncode: int, output: str = "", gcc: bool = False, calls: list | None = None,
                  training: int = 0):
    """A stand-in for ``subprocess.run`` of the build's steps: the compiler's ``--version``
    (GCC's when ``gcc``, so the build is profile-guided), mypyc, which on success writes one
    module into the folder given as ``--build-lib`` (saying whether it was instrumented),
    and the training games, which exit with ``training``. Each call's command and
    environment go to ``calls``."""
    def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
        env = kwargs.get("env") or {}
        if calls is not None:
            calls.append((cmd, env))
        if "--version" in cmd:
            return subprocess.CompletedProcess(cmd, 0, "gcc (Debian 12.2.0) 12.2.0\nCopyright (C) 2022 Free Software "
                                               "Foundation, Inc.\n" if gcc else "clang version 16.0.6\n", "")
        if "--build-lib" not in cmd:  # the training games
            return subprocess.CompletedProcess(cmd, training, "", "Traceback …\nInvariantBroken: seed 5" if training else "")
        if returncode == 0:
            out = Path(cmd[cmd.index("--build-lib") + 1]) / "tcgrules" / "engine"
            out.mkdir(parents=True, exist_ok=True)
            instrumented = "-fprofile-generate" in env.get("CFLAGS", "")
            (out / "core.so").write_text("instrumented build" if instrumented else "new build")
        return subprocess.CompletedProcess(cmd, returncode, "", output)
    return run


def test_a_build_replaces_the_previous_one_when_complete(build_dir, monkeypatch):
    fake_build(build_dir, "0" * 64)
    monkeypatch.setattr(subprocess, "run", fake_compiler(0))
    result = build.ensure()
    assert result["built"] and result["hash"] == build.source_hash() and result["path"] == str(build_dir)
    assert (build_dir / "tcgrules" / "engine" / "core.so").read_text() == "new build"
    assert build.status()["engine"] == "compiled"
    assert [p.name for p in build_dir.parent.iterdir()] == ["_compiled"]  # no staging or old build left


def test_a_failing_build_leaves_the_previous_build_in_place(build_dir, monkeypatch, capsys):
    fake_build(build_dir, "0" * 64)
    monkeypatch.setattr(subprocess, "run", fake_compiler(1, "error: the C compiler broke"))
    assert main(["engine", "build"]) == 1
    err = capsys.readouterr().err
    assert "engine build failed: mypyc failed (exit 1)" in err and "the C compiler broke" in err
    assert (build_dir / "tcgrules" / "engine" / "core.so").read_text() == "old build"
    assert build.built_hash() == "0" * 64
    assert [p.name for p in build_dir.parent.iterdir()] == ["_compiled"]


def test_a_build_removes_what_a_killed_build_left(build_dir, monkeypatch):
    """A build killed mid-way leaves its staging folder (sources, C, half a build); the next
    build, which holds the build lock so no other build is running, removes it."""
    left = build_dir.parent / "_compiled-k1ll3d"
    (left / "out" / "tcgrules").mkdir(parents=True)
    (left / "src" / "core.py").parent.mkdir(parents=True)
    (left / "src" / "core.py").write_text("staged")
    (build_dir.parent / "_compiled-notes.txt").write_text("not a staging folder")
    monkeypatch.setattr(subprocess, "run", fake_compiler(0))
    build.ensure()
    assert sorted(p.name for p in build_dir.parent.iterdir()) == ["_compiled", "_compiled-notes.txt"]


def test_with_gcc_the_build_is_trained_on_games_then_compiled_with_their_profile(build_dir, monkeypatch):
    """Instrumented compile, training games run on that staged build (in a process told where
    it is, whose own engine choice is dropped), then the second compile reading the profile;
    every compile with the hidden-symbol flags, and the environment's own CFLAGS kept."""
    calls: list = []
    monkeypatch.setattr(subprocess, "run", fake_compiler(0, gcc=True, calls=calls))
    monkeypatch.setenv("CFLAGS", "-DMINE")
    monkeypatch.setenv("TCGRULES_ENGINE", "python")
    result = build.build()
    assert result["profiled"]
    steps = [c for c in calls if "--version" not in c[0]]
    assert len(steps) == 3
    (first, first_env), (training, training_env), (second, second_env) = steps
    assert "-fprofile-generate" in first_env["CFLAGS"] and "-fprofile-generate" in first_env["LDFLAGS"]
    assert "-fprofile-use" in second_env["CFLAGS"] and "-fprofile-generate" not in second_env["CFLAGS"]
    for env in (first_env, second_env):
        assert env["CFLAGS"].startswith("-DMINE ") and build.CFLAGS in env["CFLAGS"]
    staged = Path(training_env[build.TRAINING_ENV])
    assert staged == Path(first[first.index("--build-lib") + 1]) == Path(second[second.index("--build-lib") + 1])
    assert staged.parent.parent == build_dir.parent and staged.parent.name.startswith("_compiled-")
    assert "TCGRULES_ENGINE" not in training_env and "train()" in training[-1]
    assert "--force" in first and "--force" in second  # the second compile redoes every module
    assert (build_dir / "tcgrules" / "engine" / "core.so").read_text() == "new build"
    assert build.built_hash() == build.source_hash()
    monkeypatch.delenv("TCGRULES_ENGINE")
    assert build.status()["profiled"] and "trained on seed 2: battle-spirits 300 games in place" in (
        build_dir / build.PROFILE_FILE).read_text()


def test_without_gcc_or_with_no_profile_the_build_compiles_once(build_dir, monkeypatch, capsys):
    calls: list = []
    monkeypatch.setattr(subprocess, "run", fake_compiler(0, gcc=False, calls=calls))
    assert build.build()["profiled"] is False
    assert [c for c in calls if "--version" not in c[0]] == [calls[-1]]
    assert not build.status()["profiled"]
    calls.clear()
    monkeypatch.setattr(subprocess, "run", fake_compiler(0, gcc=True, calls=calls))
    assert main(["engine", "build", "--force", "--no-profile"]) == 0
    assert "(without a profile)" in capsys.readouterr().out
    assert not any("--version" in c[0] for c in calls) and len(calls) == 1
    assert "-fprofile" not in calls[0][1]["CFLAGS"] and build.CFLAGS in calls[0][1]["CFLAGS"]


def test_the_quick_build_compiles_a_c_file_per_module_the_profiled_one_a_single_file(build_dir, monkeypatch):
    """--no-profile (what the tests need) compiles on every core; the benchmark's profiled
    build keeps one C file, whose functions the compiler inlines across modules."""
    calls: list = []
    monkeypatch.setattr(subprocess, "run", fake_compiler(0, gcc=True, calls=calls))
    build.build(profile=False)
    build.build(profile=True)
    scripts = [cmd[2] for cmd, _ in calls if "--build-lib" in cmd]
    assert len(scripts) == 3 and "multi_file=True" in scripts[0]
    assert all("multi_file=False" in s for s in scripts[1:])
    for script in scripts:
        compile(script, "setup script", "exec")  # valid Python, whatever the paths
        assert "cmdclass={'build_ext': build_ext_on_every_core}" in script


def test_the_quick_build_is_compiled_at_o1_without_debug_information_the_profiled_one_at_o3(build_dir, monkeypatch):
    """The tests' build (--no-profile) at -O1 -g0 (40% less compiler CPU, random games about
    7% slower: the test run's engine work is far smaller than the compile); the benchmark's
    profiled build at mypyc's default -O3 -g1, as before."""
    calls: list = []
    monkeypatch.setattr(subprocess, "run", fake_compiler(0, gcc=True, calls=calls))
    build.build(profile=False)
    build.build(profile=True)
    quick, *profiled = [cmd[2] for cmd, _ in calls if "--build-lib" in cmd]
    assert "opt_level='1', debug_level='0'" in quick
    assert len(profiled) == 2 and all("opt_level='3', debug_level='1'" in s for s in profiled)


def _setup_scripts(monkeypatch) -> tuple[str, str]:
    """The setup scripts of a quick build and of a profiled build's last compile."""
    calls: list = []
    monkeypatch.setattr(subprocess, "run", fake_compiler(0, gcc=True, calls=calls))
    build.build(profile=False)
    build.build(profile=True)
    quick, _, profiled = [cmd[2] for cmd, _ in calls if "--build-lib" in cmd]
    return quick, profiled


def _compiled_with(script: str, sources: list[str], tmp_path: Path | None = None) -> dict[str, list[str]]:
    """The extra flags the script's compile step gives each C file, one at a time: its
    ``build_ext`` class run on a compiler that records what it is asked (under ``pre:`` and
    the file, the flags given before the file's; under ``made:`` and a header's stub, those
    of a precompiled header made)."""
    from setuptools import Distribution

    asked: dict[str, list[str]] = {}

    class Recorder:
        def compile(self, one, output_dir=None, extra_preargs=None, extra_postargs=None, **kwargs):
            if extra_preargs == ["-x", "c-header"]:
                asked["made:" + one[0]] = list(extra_postargs or [])
                Path(one[0] + ".o").write_text("precompiled")
            else:
                asked[one[0]] = list(extra_postargs or [])
                asked["pre:" + one[0]] = list(extra_preargs or [])
            return [one[0] + ".o"]

    namespace: dict = {}
    exec(script[:script.index("\nsetup(")], namespace)  # the imports and the class, not the build
    command = namespace["build_ext_on_every_core"](Distribution())
    command.compiler, command.parallel, command.extensions = Recorder(), 2, []
    command.build_temp = str(tmp_path or Path("temp"))
    command.build_extensions()  # wraps the compiler's compile, builds nothing
    command.compiler.compile(sources, output_dir="temp", extra_postargs=["-O1", "-g0"])
    return {c: flags for c, flags in asked.items() if tmp_path or not c.startswith("pre:")}


def _c_files(where: Path, names: list[str], opening: str) -> list[str]:
    """C files ``names`` in ``where``, each opening with the line ``opening``."""
    where.mkdir(parents=True, exist_ok=True)
    for name in names:
        (where / name).write_text(opening + "\nint x;\n")
    return [str(where / name) for name in names]


def test_the_quick_build_reads_the_headers_its_c_files_open_with_precompiled(build_dir, monkeypatch, tmp_path):
    """The group's header, which every module's C file opens with, and Python.h, which each
    module's shim opens with, are parsed once into GCC's precompiled headers (a variant in
    NAME.gch for each set of flags, -O0's apart), not again for each file: the compile is
    the same, the compiler's CPU less. The profiled build compiles as before."""
    quick, profiled = _setup_scripts(monkeypatch)
    group = f'#include "__native_{build.GROUP}.h"'
    modules = _c_files(tmp_path / "c", ["__native_tcgrules___engine___core.c", "__native_tcgrules___engine___zero_dimension___setup.c",
                                         "__native_tcgrules___engine___action.c"], group)
    shims = _c_files(tmp_path / "c" / "tcgrules" / "engine", ["core.c", "action.c"], "#include <Python.h>")
    runtime = _c_files(tmp_path / "c", ["int_ops.c"], "// Int primitive operations")
    asked = _compiled_with(quick, modules + shims + runtime, tmp_path / "temp")
    made = {c: flags for c, flags in asked.items() if c.startswith("made:")}
    assert len(made) == 3  # the group's header at -O1 and at -O0, Python.h at -O1
    assert sorted(Path(c).name for c in made) == ["pch-0.c", "pch-1.c", "pch-2.c"]
    assert sorted(map(tuple, made.values())) == [("-O1", "-g0"), ("-O1", "-g0"), ("-O1", "-g0", "-O0")]
    variants = tmp_path / "c" / f"__native_{build.GROUP}.h.gch"
    assert sorted(p.read_text() for p in variants.iterdir()) == ["precompiled"] * 2
    assert [p.read_text() for p in (tmp_path / "temp" / "pch" / "Python.h.gch").iterdir()] == ["precompiled"]
    for c in modules + runtime:  # the group's header beside them; the runtime's files open otherwise
        assert asked["pre:" + c] == []
    for c in shims:
        assert asked["pre:" + c] == ["-I", str(tmp_path / "temp" / "pch")]
    assert not any(c.startswith("made:") for c in _compiled_with(profiled, modules + shims, tmp_path / "temp2"))


def test_the_quick_build_compiles_the_modules_run_once_a_game_at_o0(build_dir, monkeypatch, tmp_path):
    """The card pool's reader, the game's setup and its citations (each game's cards.py,
    setup.py and rules.py) run when a game is loaded or started, not on each action: the
    quick build compiles their C files at -O0 (mypyc's -O1 given, then -O0, which the compiler
    takes as the last), every other module at -O1; the profiled build compiles all alike."""
    quick, profiled = _setup_scripts(monkeypatch)
    games = {m.split("/")[0] for m in build.MODULES if "/" in m}
    once = {f"c/__native_tcgrules___engine___{game}___{name}.c" for game in games for name in ("cards", "setup", "rules")}
    others = {"c/__native_tcgrules___engine___core.c", "c/__native_tcgrules___engine___battle_spirits___effects.c",
              "c/__native_tcgrules___engine___zero_dimension___state.c", "c/tcgrules/engine/battle_spirits/cards.c",
              "c/misc_ops.c"}
    assert len(once) == 12
    once, others = ({str(tmp_path / c) for c in files} for files in (once, others))
    for c in once | others:
        _c_files(Path(c).parent, [Path(c).name], "// a C file")
    asked = _compiled_with(quick, sorted(once | others))
    assert {c for c, flags in asked.items() if flags == ["-O1", "-g0", "-O0"]} == once
    assert {c for c, flags in asked.items() if flags == ["-O1", "-g0"]} == others
    assert all(flags == ["-O1", "-g0"] for flags in _compiled_with(profiled, sorted(once | others)).values())


def test_a_failing_instrumented_compile_is_named(build_dir, monkeypatch):
    monkeypatch.setattr(subprocess, "run", fake_compiler(1, "error: cc1 died", gcc=True))
    with pytest.raises(build.BuildError, match=r"mypyc failed \(instrumented compile\) \(exit 1\):\nerror: cc1 died"):
        build.build()
    assert [p.name for p in build_dir.parent.iterdir()] == []  # no staging left


def test_failing_training_games_fail_the_build_and_leave_the_previous_one(build_dir, monkeypatch, capsys):
    fake_build(build_dir, "0" * 64)
    monkeypatch.setattr(subprocess, "run", fake_compiler(0, gcc=True, training=1))
    assert main(["engine", "build"]) == 1
    err = capsys.readouterr().err
    assert "engine build failed: the training games of the profiled build failed (exit 1)" in err
    assert "InvariantBroken: seed 5" in err
    assert (build_dir / "tcgrules" / "engine" / "core.so").read_text() == "old build"
    assert [p.name for p in build_dir.parent.iterdir()] == ["_compiled"]


@pytest.mark.parametrize("value, used", [
    ("{engine}/_compiled-abc/out", True),
    ("{engine}/_compiled-abc", False),  # not the staged build's out folder
    ("{engine}/_compiled-abc/out/../../../kb/out", False),
    ("{tmp}/_compiled-abc/out", False),  # a folder outside the engine's
    ("", False),
])
def test_only_a_staged_build_is_run_for_training(monkeypatch, tmp_path, value, used):
    monkeypatch.setenv(build.TRAINING_ENV, value.format(engine=build.ENGINE_DIR, tmp=tmp_path))
    got = build._staged_for_training()
    assert (got == build.ENGINE_DIR / "_compiled-abc" / "out") if used else got is None


def test_the_training_games_refuse_to_run_on_anything_but_a_staged_build(monkeypatch):
    monkeypatch.delenv(build.TRAINING_ENV, raising=False)
    with pytest.raises(SystemExit, match="run only on a staged build"):
        build.train()


def test_a_missing_compiler_is_a_build_error(build_dir, monkeypatch):
    monkeypatch.setitem(sys.modules, "mypyc", None)  # what an uninstalled package looks like to find_spec
    with pytest.raises(build.BuildError, match="mypyc .* is not installed"):
        build.build()
    assert list(build_dir.parent.iterdir()) == []  # nothing staged


# ---------------------------------------------------------------- the command


def test_engine_build_check_exits_1_when_the_engine_would_run_as_python(build_dir, capsys):
    assert main(["engine", "build", "--check", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["engine"] == "python"
    fake_build(build_dir, build.source_hash())
    assert main(["engine", "build", "--check"]) == 0
    assert capsys.readouterr().out == "engine: compiled (a mypyc build of the sources as they are)\n"


def test_engine_build_does_nothing_when_up_to_date_unless_forced(build_dir, monkeypatch, capsys):
    fake_build(build_dir, build.source_hash())
    monkeypatch.setattr(subprocess, "run", fake_compiler(0))
    assert main(["engine", "build", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["built"] is False
    assert (build_dir / "tcgrules" / "engine" / "core.so").read_text() == "old build"

    assert main(["engine", "build", "--force"]) == 0
    out = capsys.readouterr().out
    assert f"compiled {len(build.MODULES)} engine modules" in out and "engine: compiled" in out
    assert (build_dir / "tcgrules" / "engine" / "core.so").read_text() == "new build"


def test_bench_engine_says_which_engine_ran(capsys, root):
    assert main(["--root", str(root), "bench", "engine", "--games", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["engine"] == ("compiled" if compiled_loaded() else "python")
    assert out["profiled"] == (compiled_loaded() and (build.BUILD_DIR / build.PROFILE_FILE).is_file())
    if compiled_loaded():  # and the same games of the Python modules in a child process, with their profile
        assert out["compiled_speedup"] == round(out["games_per_s_cpu"] / out["python"]["games_per_s_cpu"], 2)
        assert out["profile"] == out["python"]["profile"] and out["profile_of"].startswith("the Python modules")


# ---------------------------------------------------------------- compiled against Python (slow)


def run_tcgrules(root: Path, *args: str, python: bool = False) -> subprocess.CompletedProcess:
    """``tcgrules ARGS`` in a new process importing this checkout's package; with
    ``python`` under ``TCGRULES_ENGINE=python``."""
    main = "import sys; from tcgrules.cli import main; sys.exit(main())"  # the cli package has no __main__
    return subprocess.run([sys.executable, "-c", main, "--root", str(root), *args],
                          env=engine_env(python), capture_output=True, text=True)


@pytest.mark.slow
def test_the_compiled_engine_plays_the_same_games_as_the_python_sources(root, tmp_path):
    if run_tcgrules(root, "engine", "build", "--check").returncode != 0:
        built = run_tcgrules(root, "engine", "build")
        assert built.returncode == 0, built.stderr
    loaded = subprocess.run([sys.executable, "-c", "import tcgrules.engine.core as c; print(c.__file__)"],
                            env=engine_env(python=False), capture_output=True, text=True, check=True)
    assert str(build.BUILD_DIR) in loaded.stdout  # the second run below really is the compiled one

    logs = {}
    work = root / "build" / "test-compiled-games"  # commands write only inside the project
    shutil.rmtree(work, ignore_errors=True)
    for engine in ("python", "compiled"):
        played = run_tcgrules(root, "engine", "play", "--game", "battle-spirits", "--games", "20", "--seed", "7",
                              "--log-dir", str(work / engine), python=engine == "python")
        assert played.returncode == 0, played.stderr
        logs[engine] = {p.name: p.read_bytes() for p in sorted((work / engine).iterdir())}
    assert len(logs["python"]) == 20 and all(log.count(b"\n") > 1 for log in logs["python"].values())
    assert logs["compiled"].keys() == logs["python"].keys()
    for name, log in logs["python"].items():
        assert logs["compiled"][name] == log, f"{name}: the compiled engine played another game"
    # the citations, registered after each compiled module's code, make the same index
    indexes = [run_tcgrules(root, "engine", "coverage", "--game", "battle-spirits", "--json", python=engine == "python")
               for engine in ("python", "compiled")]
    assert indexes[0].returncode == 0 and indexes[0].stdout == indexes[1].stdout
