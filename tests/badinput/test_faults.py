"""The second bad-input and fault corpus (issue 34): what one command on a project copy
(tests/badinput/cases.yaml) cannot show — kills at every step of a change to rules/, two
writers at once, special files, symlinks leaving the project, a full disk, the API.

Each test names what it refuses; together with the corpus cases they are run in CI.
"""
from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import diffkit as kit
from clikit import Zygotes
from tcgrules import cli
from tcgrules.errors import UsageError
from tcgrules.ingest import revision
from tcgrules.kb import store

ROOT = Path(__file__).resolve().parents[2]
SVE, HANS = "shadowverse-evolve", "zh-Hans"


def tcgrules(commands: Zygotes, root: Path, *argv, timeout: float = 120,
             env: dict | None = None) -> subprocess.CompletedProcess:
    """``tcgrules --root ROOT ARGV…`` as a process of its own (a fork of the command line
    started once: tests/clikit.py), its output as text."""
    r = commands.run(root, list(map(str, argv)), cwd=Path.cwd(), timeout=timeout, env=env)
    return subprocess.CompletedProcess(r.args, r.returncode, r.stdout.decode(), r.stderr.decode())


def one_line_error(r: subprocess.CompletedProcess) -> str:
    """The one line a refused command prints (exit 2, no traceback)."""
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert r.returncode == 2 and len(lines) == 1 and "Traceback" not in r.stderr, (r.returncode, r.stderr[-2000:])
    return lines[0]


def listed_folders(root: Path) -> set[str]:
    return {f"{e.game}/{e.lang}/{e.revision}" for e in store.read_manifest(root)}


def folders_on_disk(root: Path) -> set[str]:
    rules = root / "rules"
    return {str(p.relative_to(rules)) for p in rules.glob("*/*/*") if p.is_dir() and p.parts[-3] != "sources"}


def sources_on_disk(root: Path) -> set[str]:
    return {f"sources/{p.name}" for p in (root / "rules" / "sources").iterdir()}


def assert_whole(root: Path) -> None:
    """What every command relies on: the manifest lists exactly the folders and sources there are."""
    assert folders_on_disk(root) == listed_folders(root)
    assert sources_on_disk(root) == {e.source for e in store.read_manifest(root)}
    assert not list((root / "rules").glob(".*-*")), "a transaction left behind"


@pytest.fixture()
def project(tmp_path):
    return kit.make_project(tmp_path / "p", (SVE,), first_only=True)


@pytest.fixture()
def new_file(project):
    return kit.craft(project, "sve-new.txt", SVE, HANS,
                     kit.replace_line("    - 4.7.3.1 ", lambda s: s.replace("手牌上限为7张", "手牌上限为8张")))


def add(project, new_file, *extra) -> int:
    return cli.main(["--root", str(project), "revision", "add", SVE, HANS, str(new_file), "--version", "r2",
                     "--date", "2026/07/01", "--allow-stale", *extra])  # the edit changes a cited clause


# ---------------------------------------------------------------- 1. one lock, one transaction


def test_the_manifest_is_written_after_the_final_check(project, new_file):
    """A check that runs for minutes must not run on a manifest that already lists the revision."""
    seen = []

    def verify(checked_root: Path) -> list[str]:
        seen.append(("r2" in {e.revision for e in store.read_manifest(project)},
                     "r2" in {e.revision for e in store.read_manifest(checked_root)}))
        return []

    revision.add(project, SVE, HANS, new_file, "r2", "2026/07/01", verify=verify)
    assert seen == [(False, True)]  # the real manifest unchanged while the new one is checked
    assert "r2" in {e.revision for e in store.read_manifest(project)}
    assert_whole(project)


# Planted in a command's process (a fork of the command line: tests/clikit.py): it dies
# (os._exit, as a SIGKILL: no cleanup) just before its Nth rename, the step every change of
# rules/ is made of.
_KILLED_AT = textwrap.dedent("""
    import os
    n = {n}
    calls = [0]
    def dying(real):
        def f(*a, **k):
            calls[0] += 1
            if calls[0] == n:
                os._exit(137)
            return real(*a, **k)
        return f
    os.rename, os.replace = dying(os.rename), dying(os.replace)
""")


def _killed_run(commands: Zygotes, root: Path, n: int, *argv) -> int:
    return commands.run(root, list(map(str, argv)), cwd=Path.cwd(), timeout=300,
                        prelude=_KILLED_AT.format(n=n)).returncode


def _kill_everywhere(commands: Zygotes, project: Path, argv: list, before: set[str], after: set[str]) -> int:
    """Kill ``argv`` before each of its renames in turn: the next command sees the old state or
    the new one, whole. Returns how many kill points there were."""
    template = project.parent / "template"
    shutil.copytree(project, template)
    n = 1
    while True:
        shutil.rmtree(project)
        shutil.copytree(template, project)
        rc = _killed_run(commands, project, n, *argv)
        assert tcgrules(commands, project, "revision", "list").returncode == 0  # the next command
        assert_whole(project)
        assert listed_folders(project) in (before, after), n
        if rc != 137:
            assert rc == 0 and listed_folders(project) == after
            return n - 1
        n += 1


@pytest.mark.slow
def test_a_kill_at_any_step_of_revision_add_leaves_the_old_or_the_new_state(project, new_file, commands):
    before = listed_folders(project)
    points = _kill_everywhere(commands, project, ["revision", "add", SVE, HANS, new_file, "--version", "r2",
                                        "--date", "2026/07/01", "--allow-stale"], before, before | {f"{SVE}/{HANS}/r2"})
    assert points >= 3


@pytest.mark.slow
def test_a_kill_at_any_step_of_revision_remove_leaves_the_old_or_the_new_state(project, new_file, commands):
    assert add(project, new_file) == 0
    after = listed_folders(project)
    points = _kill_everywhere(commands, project, ["revision", "remove", SVE, HANS, "r2"], after,
                              after - {f"{SVE}/{HANS}/r2"})
    assert points >= 2


# A child that runs one command, sleeping for a second after it has read the manifest: long
# enough for another writer to change rules/ in between, unless a lock keeps it out.
_SLOW_READER = textwrap.dedent("""
    import sys, time
    from tcgrules.kb import store
    real = store.read_manifest
    def slow(*a, **k):
        out = real(*a, **k)
        print("read", file=sys.stderr, flush=True)
        time.sleep(1.5)
        return out
    store.read_manifest = slow
    from tcgrules import cli
    sys.exit(cli.main(sys.argv[1:]))
""")


@pytest.mark.slow  # a whole import in a process of its own beside the removal (CI runs it)
def test_an_import_during_revision_remove_does_not_write_the_removed_folder_back(project, new_file, commands):
    assert add(project, new_file) == 0
    importing = subprocess.Popen([sys.executable, "-c", _SLOW_READER, "--root", str(project), "import"],
                                 stderr=subprocess.PIPE, text=True)
    assert importing.stderr.readline().strip() == "read"  # the import has read the manifest (r2 in it)
    removed = tcgrules(commands, project, "revision", "remove", SVE, HANS, "r2")
    assert importing.wait(timeout=300) == 0
    assert removed.returncode == 0, removed.stderr
    assert f"{SVE}/{HANS}/r2" not in listed_folders(project)
    assert_whole(project)


def test_a_writer_that_cannot_get_the_lock_is_refused_with_one_line(project, commands):
    with store.rules_lock(project):
        r = tcgrules(commands, project, "import", env={"TCGRULES_LOCK_WAIT": "1"})
    line = one_line_error(r)
    assert "rules" in line and "another" in line
    assert_whole(project)


@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EROFS, errno.EACCES])
def test_a_full_disk_or_read_only_folder_is_one_line_naming_the_path(project, new_file, monkeypatch, error):
    before = {p: p.read_bytes() for p in (project / "rules").rglob("*") if p.is_file()}
    real = store.write_synced

    def failing(path, text):
        raise OSError(error, os.strerror(error), str(path))

    monkeypatch.setattr(store, "write_synced", failing)
    with pytest.raises(UsageError, match=rf"rules/.*{os.strerror(error)}"):
        revision.add(project, SVE, HANS, new_file, "r2", "2026/07/01")
    monkeypatch.setattr(store, "write_synced", real)
    assert {p: p.read_bytes() for p in (project / "rules").rglob("*") if p.is_file()} == before
    assert_whole(project)


def test_a_symlink_where_a_transaction_would_be_is_one_line(project, tmp_path, commands):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("keep")
    (project / "rules" / ".import-evil").symlink_to(outside)
    line = one_line_error(tcgrules(commands, project, "show", f"{SVE}:1.1"))
    assert ".import-evil" in line
    assert (outside / "keep.txt").read_text() == "keep"


# ---------------------------------------------------------------- 2. outputs that cannot clobber


def test_export_sqlite_replaces_a_database_but_a_text_file_only_with_force(project, commands):
    notes = project / "notes.txt"
    notes.write_text("my notes\n")
    line = one_line_error(tcgrules(commands, project, "export", "sqlite", notes))
    assert "notes.txt" in line and "--force" in line
    assert notes.read_text() == "my notes\n"
    assert tcgrules(commands, project, "export", "sqlite", notes, "--force").returncode == 0
    assert notes.read_bytes().startswith(b"SQLite format 3\0")
    assert tcgrules(commands, project, "export", "sqlite", notes).returncode == 0  # a database is replaced


@pytest.mark.parametrize("argv", [["site", "build"], ["export", "sqlite", "build/x.db"], ["api", "--port", "8101"]])
def test_writes_through_a_symlink_leaving_the_project_are_refused(project, tmp_path, argv, commands):
    outside = tmp_path / "outside"
    outside.mkdir()
    (project / argv[-1].split("/")[0] if argv[0] == "export" else project / "site").symlink_to(outside)
    if argv[0] == "api":
        (project / "site").unlink()
        (project / "build").symlink_to(outside)
    argv = [str(project / a) if a.startswith("build/") else a for a in argv]
    line = one_line_error(tcgrules(commands, project, *argv, timeout=60))
    assert "outside" in line
    assert list(outside.iterdir()) == []


@pytest.mark.parametrize("listed", ["./about/index.md", "assets/../about/index.md", "about//index.md"])
def test_a_tampered_generated_list_never_deletes_a_hand_written_page(tmp_path, listed):
    from tcgrules.site import pages

    site_src = tmp_path / "site_src"
    (site_src / "about").mkdir(parents=True)
    (site_src / "assets").mkdir()
    (site_src / "about" / "index.md").write_text("# About\n")
    (site_src / pages.GENERATED_LIST).write_text(listed + "\n")
    pages._remove_generated(site_src, set(pages._generated(site_src)))
    assert (site_src / "about" / "index.md").read_text() == "# About\n"


# ---------------------------------------------------------------- 5. hostile inputs


@pytest.mark.parametrize("argv", [["engine", "judge", "{path}"], ["engine", "replay", "{path}"],
                                  ["diff", "--game", SVE, "--lang", HANS, "{path}", "{path}"],
                                  ["search", "--batch", "{path}"]])
@pytest.mark.parametrize("kind", ["fifo", "/dev/zero"])
def test_special_files_are_refused_before_reading(project, tmp_path, argv, kind, commands):
    path = tmp_path / "fifo"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path = Path(kind)
    line = one_line_error(tcgrules(commands, project, *[a.format(path=path) for a in argv], timeout=30))
    assert str(path) in line and "not a regular file" in line


# ---------------------------------------------------------------- 3. the API


@pytest.fixture()
def api_client(project, tmp_path):
    import httpx

    from tcgrules.export import api, sqlite
    from tcgrules.kb import load_knowledge_base

    db = tmp_path / "k.db"
    sqlite.export(load_knowledge_base(project), db)
    transport = httpx.ASGITransport(app=api.app(db))
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    def get(url: str) -> httpx.Response:
        async def go():
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
                return await c.get(url)
        # a loop of its own, in a thread of its own: an earlier test on this worker may have
        # left an event loop running in this thread
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, go()).result()
    return get


@pytest.mark.parametrize("url", ["/foo/bar/baz/qux", "//etc/passwd", "/tcgrules/nope/x/y"])
def test_unrouted_paths_answer_404_as_json(api_client, url):
    r = api_client(url)
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("application/json")


def test_one_expensive_row_is_stopped_at_the_limit(api_client):
    import time

    t0 = time.perf_counter()
    r = api_client("/tcgrules.json?sql=" + "select length(replace(replace(hex(zeroblob(20000000)), '0', '00'), '0', '00'))")
    assert time.perf_counter() - t0 < 5
    assert r.status_code >= 400
