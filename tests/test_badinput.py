"""The bad-input corpus (issue 16): every case in tests/badinput/cases.yaml, run through the
command line on a copy of the project.

The rule each case checks: bad input gets ONE clear line naming the file and the line, field
or clause, and exit status 2 (for ``tcgrules check``, whose findings are its output: exit 1
and exactly one ``error:`` line on standard output); never a traceback, never a partial
write, nothing written or deleted outside the project copy. The format of the manifest is
in tests/badinput/README.md.

This file depends only on the command line (the ``tcgrules`` console script, ``tcgrules --root
COPY …``) and on files, never on the package's import paths: the template's commands and each
case's command run as forks of the script started once (tests/badinput/zygote.py).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from clikit import Zygotes
from runkit import read_yaml

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "tests" / "badinput"
CASES = read_yaml(HERE / "cases.yaml")["cases"]
FAMILIES = ("sources", "records", "glossary", "manifest", "replay", "cli")
DEFAULT_TIMEOUT = 20
MEMORY_LIMIT = 2 * 1024 ** 3  # address space of the command: an alias bomb must not take the machine down
MAX_LINE = 2000  # characters of the one error line
LOG = "game.jsonl"  # the genuine replay log, in the template's root (beside rules/)


# ---------------------------------------------------------------- the command


# ---------------------------------------------------------------- generators

BOMB_LEVELS = 9  # 10 ** 9 leaves once expanded: a few gigabytes as text


def alias_bomb(levels: int = BOMB_LEVELS) -> str:
    """"Billion laughs" as one YAML flow node: [&a [lol…], &b [*a…], …]."""
    names = "abcdefghijklmnop"
    parts = ['&a [' + ", ".join(['"lol"'] * 10) + ']']
    for i in range(1, levels):
        parts.append(f"&{names[i]} [" + ", ".join([f"*{names[i - 1]}"] * 10) + "]")
    return "[" + ", ".join(parts) + "]"


def deep(depth: int = 20_000) -> str:
    """A flow sequence (YAML) or array (JSON) nested ``depth`` deep."""
    return "[" * depth + "]" * depth


PLACEHOLDERS = {
    "@@BOMB@@": lambda ctx: alias_bomb(),
    "@@BOMB_LAST@@": lambda ctx: "*" + "abcdefghijklmnop"[BOMB_LEVELS - 1],
    "@@DEEP@@": lambda ctx: deep(),
    "@@SENTINEL@@": lambda ctx: str(ctx["sentinel"]),
    "@@OUTSIDE@@": lambda ctx: str(ctx["outside"]),
    "@@ROOT@@": lambda ctx: str(ctx["root"]),
    "@@5000DIGITS@@": lambda ctx: "0" * 5000,
    "@@100000NINES@@": lambda ctx: "9" * 100_000,
}


def expand(s: str, ctx: dict) -> str:
    for key, make in PLACEHOLDERS.items():
        if key in s:
            s = s.replace(key, make(ctx))
    return s


def _truncate_mid_char(data: bytes) -> bytes:
    """The file cut inside its last multibyte character (its lead byte kept, a continuation lost)."""
    for i in range(len(data) - 1, 0, -1):
        if data[i] >= 0xE0:  # lead byte of a 3- or 4-byte sequence
            return data[:i + 1]
    raise AssertionError("no multibyte character to cut")


def _utf16(data: bytes) -> bytes:
    return data.decode("utf-8").encode("utf-16")  # with its BOM


def _truncate_half(data: bytes) -> bytes:
    cut = len(data) // 2
    while data[cut:cut + 1] == b"\n":
        cut += 1
    return data[:cut]


def _latin1_e_acute(data: bytes) -> bytes:
    """Each é as the one Latin-1 byte E9: the rest of the file stays UTF-8."""
    assert "é".encode() in data
    return data.replace("é".encode(), b"\xe9")


def _reverse_lines(data: bytes) -> bytes:
    return b"".join(reversed(data.splitlines(keepends=True)))


def _repeat_15(data: bytes) -> bytes:
    return data * 15


TRANSFORMS = {"truncate_mid_char": _truncate_mid_char, "utf16": _utf16, "truncate_half": _truncate_half,
              "latin1_e_acute": _latin1_e_acute, "reverse_lines": _reverse_lines, "repeat_15": _repeat_15}


# ---------------------------------------------------------------- setup


def apply_op(root: Path, op: dict, ctx: dict) -> None:
    """One setup step of a case (see tests/badinput/README.md)."""
    if "fix_sha256" in op:  # the manifest's checksum of a (changed) source set to what it is now
        src = root / op["fix_sha256"]
        manifest = root / "rules" / "editions.yaml"
        rel = str(src.relative_to(root / "rules"))
        text = manifest.read_text(encoding="utf-8")
        pattern = re.compile(r"(source: " + re.escape(rel) + r"\n\s*sha256: )([0-9a-f]{64})")
        assert pattern.search(text), f"no entry with source {rel} in editions.yaml"
        sha = hashlib.sha256(src.read_bytes()).hexdigest() if src.exists() else "0" * 64
        _write_new(manifest, pattern.sub(lambda m: m.group(1) + sha, text).encode("utf-8"))
        return
    path = root / expand(op["path"], ctx)
    if op.get("delete"):
        path.unlink()
        return
    if op.get("mkdir"):
        path.mkdir(parents=True, exist_ok=True)
        return
    old = path.read_bytes() if path.exists() else b""
    if "text" in op:
        data = expand(op["text"], ctx).encode("utf-8")
    elif "bytes" in op:  # each character one byte: "\xff\xfe" in YAML
        data = op["bytes"].encode("latin-1")
    elif "file" in op:
        data = (HERE / "files" / op["file"]).read_bytes()
    elif "copy" in op:  # another file of the project copy
        data = (root / op["copy"]).read_bytes()
    elif "transform" in op:
        data = TRANSFORMS[op["transform"]](old)
    elif "sub" in op or "resub" in op:
        text = old.decode("utf-8")
        for a, b in op.get("sub", []):
            assert a in text, f"{op['path']}: {a!r} not found (the corpus needs updating)"
            text = text.replace(a, expand(b, ctx), 1)
        for a, b in op.get("resub", []):
            text, n = re.subn(a, lambda m, b=b: m.expand(expand(b, ctx)), text, count=1, flags=re.M)
            assert n, f"{op['path']}: /{a}/ not found (the corpus needs updating)"
        data = text.encode("utf-8")
    else:
        data = b""
    if "append" in op:
        data = old + expand(op["append"], ctx).encode("utf-8")
    if "append_bytes" in op:
        data = old + op["append_bytes"].encode("latin-1")
    if "prepend" in op:
        data = expand(op["prepend"], ctx).encode("utf-8") + old
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_new(path, data)


def _write_new(path: Path, data: bytes) -> None:
    """``data`` as a new file at ``path``: never written through a link into the template."""
    path.unlink(missing_ok=True)
    path.write_bytes(data)


def argv_of(case: dict, ctx: dict) -> list:
    out: list = []
    for a in case["argv"]:
        if isinstance(a, dict):  # {bytes: "\xed\xa0\x80"}: raw bytes, as a shell would pass them
            out.append(a["bytes"].encode("latin-1"))
        else:
            out.append(expand(str(a), ctx))
    return out


# ---------------------------------------------------------------- snapshots


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class Digests:
    """The sha256 of files kept by their device, inode, size and modification time: a file of
    the template, linked into every case's copy, is hashed once for the run instead of twice
    for each case. A write gives a file another time (a rename into place another inode too),
    so it is hashed again; a file changed less than ``RACY`` seconds ago is hashed every time
    (a second write within the same tick of the clock would keep its time), as git does."""

    RACY = 2.0

    def __init__(self) -> None:
        self.known: dict[tuple[int, int, int, int], str] = {}

    def __call__(self, path: Path) -> str:
        st = path.stat()
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        digest = self.known.get(key)
        if digest is None:
            digest = sha256_of(path)
            if time.time() - st.st_mtime > self.RACY:
                self.known[key] = digest
        return digest


def tree_digest(folder: Path, digest=sha256_of) -> dict[str, str]:
    """Every file and folder under ``folder`` with its content's sha256 ('dir' for folders),
    each file's by ``digest``."""
    if not folder.exists():
        return {}
    out = {}
    for p in sorted(folder.rglob("*")):
        rel = str(p.relative_to(folder))
        out[rel] = "dir" if p.is_dir() and not p.is_symlink() else digest(p)
    return out


def changed(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


# ---------------------------------------------------------------- the template


@pytest.fixture(scope="session")
def template(tmp_path_factory, searched_root: Path, commands: Zygotes) -> Path:
    """rules/ and glossary/ of this checkout, a search index of them, their parsed records
    (build/) and a genuine replay log."""
    t = tmp_path_factory.mktemp("badinput-template") / "project"
    t.mkdir()
    shutil.copytree(ROOT / "rules", t / "rules")
    shutil.copytree(ROOT / "glossary", t / "glossary")
    # The checkout's index of the same files (copied with their times, so the same fingerprint):
    # the search below finds it fresh instead of building it again.
    shutil.copytree(searched_root / ".cache" / "search", t / ".cache" / "search", ignore=shutil.ignore_patterns("tmp-*"))
    logs = t / "logs"  # inside the project: writing outside it is what a case refuses
    r = commands.run(t, ["engine", "play", "--game", "battle-spirits", "--games", "1", "--seed", "1",
                    "--log-dir", str(logs)], cwd=t, timeout=120, limit=MEMORY_LIMIT)
    assert r.returncode == 0, r.stderr.decode(errors="replace")
    (log,) = logs.glob("*.jsonl")
    shutil.copy2(log, t / LOG)
    shutil.rmtree(logs)
    shutil.rmtree(t / "build", ignore_errors=True)  # engine play's failure folder, if any
    # As a maintainer's project is: searched (.cache/search built once), checked, a clause shown
    # and a term looked up (the record files and the glossary parsed and kept by their bytes in
    # build/, as every command keeps them: check their lines, show their data, term the
    # glossary): a case's command parses again only the files the case changed, and refuses a
    # bad one with its line.
    for argv in (["search", "灵魂卡"], ["check"], ["show", "battle-spirits:1-1"], ["term", "spirit"]):
        r = commands.run(t, argv, cwd=t, timeout=120, limit=MEMORY_LIMIT)
        assert r.returncode == 0, r.stderr.decode(errors="replace")
    return t


def _copy_project(template: Path, dest: Path, case: dict) -> None:
    """The template's files linked, not copied (most of a case's disk time): a case's setup
    writes new files (:func:`_write_new`), the commands write by renaming a new file into place,
    and one that wrote through a link would change rules/, which the case checks."""
    ignore = None if case["argv"][0] == "search" else shutil.ignore_patterns(".cache")
    shutil.copytree(template, dest, ignore=ignore, copy_function=os.link)


# ---------------------------------------------------------------- the cases


def _params():
    out = []
    for case in CASES:
        marks = []
        if case.get("xfail"):  # only the case's own verdict: a setup that no longer applies is an error
            marks.append(pytest.mark.xfail(reason=case["xfail"], strict=True, raises=pytest.fail.Exception))
        if case.get("slow"):
            marks.append(pytest.mark.slow)
        out.append(pytest.param(case, id=case["id"], marks=marks))
    return out


def test_manifest_is_well_formed() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "duplicate case ids"
    for c in CASES:
        assert c["family"] in FAMILIES, c["id"]
        assert c.get("desc") and c.get("argv") and c.get("expect", {}).get("regex"), c["id"]
        re.compile(c["expect"]["regex"])
        for op in c.get("setup", []):
            if "file" in op:
                assert (HERE / "files" / op["file"]).is_file(), (c["id"], op["file"])
    for family in FAMILIES:
        assert sum(c["family"] == family for c in CASES) >= 5, family


def test_a_file_written_through_a_link_is_hashed_again(tmp_path: Path) -> None:
    """The snapshots hash a file linked from the template once (:class:`Digests`), yet see it
    changed when a command writes through a link of it, even to the same size."""
    template, copy = tmp_path / "template", tmp_path / "copy"
    template.mkdir()
    copy.mkdir()
    (template / "f").write_bytes(b"one")
    os.utime(template / "f", (1, 1))  # a file of the checkout, long unchanged
    os.link(template / "f", copy / "f")
    digests = Digests()
    before = tree_digest(copy, digests)
    assert digests.known and tree_digest(template, digests) == before
    (template / "f").write_bytes(b"two")
    assert changed(before, tree_digest(copy, digests)) == ["f"]
    (copy / "new").write_bytes(b"just written")
    tree_digest(copy, digests)
    assert len(digests.known) == 1  # a file written just now is hashed every time


def _one_line_problem(text: str, regex: str, what: str) -> str | None:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) != 1:
        return f"{what}: expected exactly one line, got {len(lines)}: {text[:1500]!r}"
    line = lines[0]
    if len(line) > MAX_LINE:  # a clear line quotes what is wrong, not the whole input
        return f"{what}: a line of {len(line)} characters (at most {MAX_LINE}): {line[:300]!r}…"
    # Patterns of lookaheads (?=.*X) are anchored: searched, they would retry at every position.
    found = (re.match if regex.startswith("(?=") else re.search)(regex, line, re.IGNORECASE)
    if not found:
        return f"{what}: {line!r} does not match /{regex}/"
    return None


def _log(case: dict, problems: list[str], seconds: float, status: int | None, stderr_lines: int,
         said: str = "") -> None:
    """With TCGRULES_BADINPUT_LOG=FILE, one JSON line per case: a summary of the corpus."""
    if not os.environ.get("TCGRULES_BADINPUT_LOG"):
        return
    with open(os.environ["TCGRULES_BADINPUT_LOG"], "a", encoding="utf-8") as f:
        f.write(json.dumps({"id": case["id"], "family": case["family"], "ok": not problems,
                            "xfail": bool(case.get("xfail")), "seconds": round(seconds, 2), "status": status,
                            "stderr_lines": stderr_lines, "said": said[:300], "problems": [p[:400] for p in problems]},
                           ensure_ascii=False) + "\n")


def run_case(case: dict, template: Path, tmp_path: Path, commands: Zygotes,
             digests: Digests) -> tuple[list[str], float]:
    """Run one case in ``tmp_path``: what is wrong with the answer (nothing when it passes);
    its snapshots of rules/ hashed by ``digests``."""
    root = tmp_path / "project"
    sentinel = tmp_path / "sentinel"
    _copy_project(template, root, case)
    sentinel.mkdir()
    (sentinel / "keep.txt").write_text("this folder is outside the project: nothing may touch it\n")
    (sentinel / "sub").mkdir()
    (sentinel / "sub" / "keep.txt").write_text("nor this\n")
    ctx = {"root": root, "sentinel": sentinel, "outside": tmp_path / "outside"}
    for op in case.get("setup", []):
        apply_op(root, op, ctx)
    rules_before = tree_digest(root / "rules", digests)
    sentinel_before = tree_digest(sentinel)
    beside_before = sorted(p.name for p in tmp_path.iterdir())

    expect = case["expect"]
    timeout = case.get("timeout", DEFAULT_TIMEOUT)
    t0 = time.perf_counter()
    try:
        r = commands.run(root, argv_of(case, ctx), cwd=root, timeout=timeout, limit=MEMORY_LIMIT)
    except subprocess.TimeoutExpired:
        problems = [f"no answer within {timeout} s"]
        _log(case, problems, timeout, None, 0)
        return problems, timeout
    elapsed = time.perf_counter() - t0
    out = r.stdout.decode("utf-8", errors="backslashreplace")
    err = r.stderr.decode("utf-8", errors="backslashreplace")

    problems = []
    if "Traceback" in err or "Traceback" in out:
        last = [ln for ln in (err + out).splitlines() if ln.strip()][-1:] or [""]
        problems.append(f"a traceback ending {last[0].strip()[:150]!r}: {err[-1500:]}")
    status = expect.get("status", 2)
    if r.returncode != status:
        problems.append(f"exit status {r.returncode}, expected {status}")
    if status == 2:
        p = _one_line_problem(err, expect["regex"], "stderr")
    else:  # tcgrules check: its findings on stdout, one `error:` line for the one problem
        errors = "\n".join(ln for ln in out.splitlines() if ln.startswith("error:"))
        p = _one_line_problem(errors, expect["regex"], "check's error lines")
    if p:
        problems.append(p)
    rules_diff = changed(rules_before, tree_digest(root / "rules", digests))
    if rules_diff:
        problems.append(f"rules/ changed: {rules_diff[:10]}")
    sentinel_diff = changed(sentinel_before, tree_digest(sentinel))
    if sentinel_diff or not sentinel.is_dir():
        problems.append(f"the folder beside the project changed: {sentinel_diff[:10] or 'gone'}")
    beside = sorted(p.name for p in tmp_path.iterdir())
    if beside != beside_before:
        problems.append(f"written beside the project: {sorted(set(beside) ^ set(beside_before))}")
    said = err if status == 2 else "\n".join(ln for ln in out.splitlines() if ln.startswith("error:"))
    _log(case, problems, elapsed, r.returncode, len(err.splitlines()), said.strip().split("\n")[0])
    return problems, elapsed


@pytest.fixture(scope="session")
def answers(request, template: Path, tmp_path_factory, commands: Zygotes):
    """The selected cases, started at once on a pool of one worker per core (each case is a
    process of its own; under pytest-xdist, the cores are shared with the other test workers): their
    futures by case id."""
    here = Path(__file__).resolve()
    selected = [item.callspec.params["case"] for item in request.session.items
                if Path(item.path).resolve() == here and getattr(item, "callspec", None)
                and "case" in item.callspec.params]
    cores = (os.cpu_count() or 1) // int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    pool = ThreadPoolExecutor(max_workers=max(1, min(4, cores)))
    linked = tree_digest(template)  # the files every copy links to (see _copy_project)
    digests = Digests()  # the template's files hashed once for every case (checked whole below)
    futures = {c["id"]: pool.submit(run_case, c, template, tmp_path_factory.mktemp(c["id"], numbered=True), commands,
                                    digests)
               for c in selected}
    yield futures
    pool.shutdown(wait=True, cancel_futures=True)
    assert changed(linked, tree_digest(template)) == [], "a case wrote through a link into the template"


@pytest.mark.parametrize("case", _params())
def test_bad_input(case: dict, answers) -> None:
    problems, elapsed = answers[case["id"]].result()
    if problems:
        pytest.fail(f"{case['id']} ({elapsed:.1f} s): " + "\n".join(problems), pytrace=False)
