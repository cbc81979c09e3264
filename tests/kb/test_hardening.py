"""Issue 16, as a careless maintainer and an attacker would try it: nothing outside rules/ is
touched, nothing is half-written, no input crashes the command line.

Each test plants one bad input in a crafted project (tests/minikb.py) and asks for one clear
line (file, line or field; what is wrong), exit status 2 (1 and error lines for ``check``),
and nothing changed anywhere under the test's folder.
"""
from __future__ import annotations

import json
import os
import re
from html.parser import HTMLParser
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import minikb
from tcgrules.cli import main
from tcgrules.kb import store
from tcgrules.kb.model import KnowledgeBaseError
from tcgrules.kb import load_knowledge_base
from tcgrules.validate.check import run_check

JA = Path("rules/testgame/ja/1.0")
BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)},"
    f" *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(9))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project root inside tmp_path, with a bystander folder beside it that must survive."""
    root = tmp_path / "project"
    root.mkdir()
    minikb.make(root)
    (root / "glossary").mkdir()
    (root / "glossary" / "testgame.yaml").write_text(
        "- id: testgame/rule\n  category: game-term\n  terms:\n    ja: [ルール]\n", encoding="utf-8")
    (tmp_path / "bystander").mkdir()
    (tmp_path / "bystander" / "keep.txt").write_text("keep", encoding="utf-8")
    return root


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def edit(root: Path, rel: Path | str, old: str, new: str) -> None:
    p = root / rel
    text = p.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")


def one_error(capsys, argv: list[str], root: Path, status: int = 2) -> str:
    """Run the command line; it must end with ``status`` and print one line, no traceback."""
    rc = main(["--root", str(root), *argv])
    out = capsys.readouterr()
    text = out.err if status == 2 else out.out
    lines = [x for x in text.splitlines() if "error:" in x]
    assert rc == status, (rc, out.out, out.err)
    assert "Traceback" not in out.err + out.out
    assert len(lines) == 1, text
    return lines[0]


# ---------------------------------------------------------------- paths

@pytest.mark.parametrize("field, value", [
    ("game", "../../bystander"), ("game", "/tmp/elsewhere"), ("lang", ".."), ("revision", "../../../bystander"),
    ("revision", "a/b"), ("source", "../../bystander/keep.txt"), ("source", "/etc/hostname"), ("game", "."),
])
def test_a_name_that_leaves_rules_is_refused_and_nothing_changes(project: Path, capsys, field, value) -> None:
    quoted = f'"{value}"'
    man = project / "rules/editions.yaml"
    text = man.read_text(encoding="utf-8")
    old = {"game": "game: testgame", "lang": "lang: ja", "revision": 'revision: "1.0"',
           "source": "source: sources/testgame.ja.txt"}[field]
    assert old in text
    man.write_text(text.replace(old, f"{field}: {quoted}", 1), encoding="utf-8")
    before = tree(project.parent)
    line = one_error(capsys, ["import"], project)
    assert "editions.yaml" in line and field in line
    assert tree(project.parent) == before


def test_edition_path_resolves_inside_rules(tmp_path: Path) -> None:
    assert store.edition_path(tmp_path, "battle-spirits", "zh-Hant", "1.0") == tmp_path / "rules/battle-spirits/zh-Hant/1.0"
    for bad in (("..", "ja", "1"), ("g", "ja", ".."), ("g", "ja", "/abs"), ("g", "ja\x00", "1"), ("g", "", "1")):
        with pytest.raises(KnowledgeBaseError):
            store.edition_path(tmp_path, *bad)


def test_a_symlinked_edition_folder_that_leaves_rules_is_refused(project: Path) -> None:
    outside = project.parent / "bystander"
    (project / "rules/testgame/ja/1.0").rename(project / "ja-aside")
    (project / "rules/testgame/ja/1.0").symlink_to(outside)
    before = tree(outside)
    assert main(["--root", str(project), "import"]) == 2
    assert tree(outside) == before


# ---------------------------------------------------------------- YAML

@pytest.mark.parametrize("text, message", [
    (BOMB, "alias"),
    ("a: 1\nb: 2\na: 3\n", r"duplicate key 'a' \(first at line 1\)"),
    ("a: !!python/object/apply:os.system [echo hi]\n", "tag"),
    ("a: !!binary aGk=\n", "tag"),
    ("[" * 20000 + "]" * 20000, "(deeper than|nesting depth)"),
    ("a:\n" + "".join(" " * i + "- \n" for i in range(1, 200)), "deeper than"),
    ("a: \"x\\x00y\"\n", r"control character U\+0000"),
    ("a: \"x\\ey\"\n", r"control character U\+001B"),
    ("a: 1\n---\nb: 2\n", "one YAML document"),
    ("{[a]: 1}\n", "key"),
])
def test_the_yaml_loader_refuses_with_file_and_line(text: str, message: str) -> None:
    t = time.perf_counter()
    with pytest.raises(KnowledgeBaseError, match=f"^f.yaml(:\\d+)?: .*{message}"):
        store.load_yaml(text, "f.yaml")
    assert time.perf_counter() - t < 2


def test_the_yaml_loader_reads_our_files_as_before(root: Path) -> None:
    import yaml

    for p in [root / "rules/editions.yaml", *sorted((root / "rules").glob("*/*/*/*.yaml")), *sorted((root / "glossary").glob("*.yaml"))]:
        text = p.read_text(encoding="utf-8")
        assert store.load_yaml(text, str(p)) == yaml.load(text, Loader=store.Loader), p


@pytest.mark.parametrize("rel, old, new, where", [
    ("rules/editions.yaml", "editions:\n", "bomb: &a [x, x]\nb: [*a, *a]\neditions:\n", "rules/editions.yaml:1"),
    ("rules/editions.yaml", "  lang: ja\n", "  lang: ja\n  lang: zh-Hans\n", "rules/editions.yaml:"),
    ("rules/editions.yaml", "title: Test ja", "title: \"Test\\x1bja\"", "rules/editions.yaml:"),
])
def test_a_bad_manifest_is_one_error_for_every_command(project: Path, capsys, rel, old, new, where) -> None:
    edit(project, rel, old, new)
    before = tree(project.parent)
    for argv, status in ((["import"], 2), (["show", "testgame:1-1"], 2), (["check"], 1)):
        assert where in one_error(capsys, argv, project, status)
    assert tree(project.parent) == before


def test_an_alias_bomb_in_a_record_file_is_refused_quickly(project: Path, capsys) -> None:
    edit(project, JA / "01.yaml", "records:\n", "bomb: &a [x, x]\nb: [*a, *a]\nrecords:\n")
    line = one_error(capsys, ["check"], project, 1)
    assert "rules/testgame/ja/1.0/01.yaml:" in line and "alias" in line
    assert main(["--root", str(project), "show", "testgame:1-1"]) == 2


def test_a_python_tag_in_a_glossary_file_is_reported(project: Path) -> None:
    edit(project, "glossary/testgame.yaml", "category: game-term", "category: !!python/name:os.system game-term")
    msgs = [str(p) for p in run_check(project).errors]
    assert any(m.startswith("glossary/testgame.yaml:2") and "tag" in m for m in msgs), msgs


def test_a_glossary_file_that_cannot_be_read_is_reported_once(project: Path, capsys) -> None:
    (project / "glossary/testgame.yaml").write_bytes(b"- id: testgame/rule\n  note: caf\xe9\n")
    assert main(["--root", str(project), "check"]) == 1
    out = capsys.readouterr().out
    errors = [x for x in out.splitlines() if "error:" in x]
    assert len(errors) == 1 and "glossary/testgame.yaml" in errors[0] and "UTF-8" in errors[0], out


# ---------------------------------------------------------------- sources and records

@pytest.mark.parametrize("raw, message", [
    ("テスト\n".encode("utf-16"), "UTF-8"),
    ("# テスト総合ルール\n\n1 概要\n".encode()[:-5], "UTF-8"),
    (b"# \xff\n", "UTF-8"),
    ("# テスト\n\n1 概\x00要\n".encode(), r":3:4: control character U\+0000"),
    ("# テスト\n\n1 概要\x1b[31m\n".encode(), r":3:5: control character U\+001B"),
])
def test_a_bad_source_is_one_clear_error(project: Path, capsys, raw: bytes, message: str) -> None:
    import hashlib
    import re

    src = project / "rules/sources/testgame.ja.txt"
    old_sha = hashlib.sha256(src.read_bytes()).hexdigest()
    src.write_bytes(raw)
    edit(project, "rules/editions.yaml", old_sha, hashlib.sha256(raw).hexdigest())
    before = tree(project.parent)
    for argv, status in ((["import"], 2), (["import", "--check"], 2), (["check"], 1)):
        line = one_error(capsys, argv, project, status)
        assert "testgame.ja.txt" in line and re.search(message, line), (argv, line)
    assert tree(project.parent) == before


def test_an_unknown_source_format_is_one_error(project: Path, capsys) -> None:
    edit(project, "rules/editions.yaml", "format: hyphen", "format: pdf")
    assert "format" in one_error(capsys, ["import"], project)


def test_check_sees_a_whitespace_edit_in_a_record(project: Path) -> None:
    edit(project, JA / "01.yaml", "これはテスト（1-2 参照）。", "これは テスト（1-2 参照）。")
    msgs = [str(p) for p in run_check(project).errors]
    assert any(m.startswith("rules/testgame/ja/1.0/01.yaml:") and "testgame.ja.txt:5" in m and "' ' before 'テ'" in m
               for m in msgs), msgs


def test_a_control_character_in_a_record_is_refused(project: Path) -> None:
    edit(project, JA / "01.yaml", "text: 二番目のルール。", 'text: "二番目の\\x1bルール。"')
    msgs = [str(p) for p in run_check(project).errors]
    assert any(m.startswith("rules/testgame/ja/1.0/01.yaml:") and "U+001B" in m for m in msgs), msgs


@pytest.mark.parametrize("argv", [["search", "\udcff"], ["term", "a\ud800"]])
def test_a_lone_surrogate_in_an_argument_is_one_error(project: Path, capsys, argv) -> None:
    line = one_error(capsys, argv, project)
    assert "QUERY" in line and "not UTF-8" in line


def test_an_unexpected_exception_is_one_line(project: Path, capsys, monkeypatch) -> None:
    from tcgrules.cli import check

    monkeypatch.setattr(check, "run_check", lambda *args, **kwargs: 1 / 0)
    assert main(["--root", str(project), "check"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and "ZeroDivisionError" in err
    monkeypatch.setenv("TCGRULES_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        main(["--root", str(project), "check"])


# ---------------------------------------------------------------- the import transaction

def changed(project: Path) -> dict[str, bytes]:
    """Make every edition's files differ from what an import writes (check still passes)."""
    for p in (project / "rules/testgame").rglob("*.yaml"):
        p.write_text(p.read_text(encoding="utf-8").replace("do not edit by hand", "stale"), encoding="utf-8")
    return tree(project / "rules")


def test_a_crash_at_any_step_of_the_switch_leaves_old_or_new_whole(project: Path, monkeypatch) -> None:
    from tcgrules.ingest import transaction

    assert main(["--root", str(project), "import"]) == 0
    new = tree(project / "rules")
    old = changed(project)
    assert new != old
    real = os.rename
    for step in range(1, 20):
        changed(project)
        calls = {"n": 0}

        def crash(a, b, step=step):
            calls["n"] += 1
            if calls["n"] == step:
                raise KeyboardInterrupt  # stands for a kill: nothing after it runs
            return real(a, b)

        monkeypatch.setattr(os, "rename", crash)
        monkeypatch.setattr(os, "replace", crash)
        try:
            transaction.run_import(project)
            finished = True
        except KeyboardInterrupt:
            finished = False
        monkeypatch.setattr(os, "rename", real)
        monkeypatch.setattr(os, "replace", real)
        assert run_check(project).ok
        after = tree(project / "rules")
        assert after in (old, new), step
        assert not [p for p in (project / "rules").iterdir() if p.name.startswith(".")]
        if finished:
            break
    else:
        pytest.fail("the import never finished")


def test_leftovers_of_a_killed_import_are_cleaned(project: Path) -> None:
    for name in (".import-x1", ".replaced-x2"):
        (project / "rules" / name / "0").mkdir(parents=True)
        (project / "rules" / name / "0" / "01.yaml").write_text("half", encoding="utf-8")
    assert main(["--root", str(project), "import"]) == 0
    assert not [p for p in (project / "rules").iterdir() if p.name.startswith(".")]


@pytest.mark.slow
def test_import_killed_at_random_points(project: Path, commands) -> None:
    """SIGKILL `tcgrules import` at random instants of its run, 25 times: every time, the next
    check (a fork of the command line started once: tests/clikit.py) finds every edition whole
    (all old or all new) and passes."""
    cmd = [str(Path(sys.executable).parent / "tcgrules"), "--root", str(project)]
    t = time.perf_counter()
    subprocess.run(cmd + ["import"], check=True)
    took = time.perf_counter() - t  # the shortest whole run seen: kills land inside a run
    new = tree(project / "rules")
    old = changed(project)
    rng = random.Random(16)
    kills = runs = 0
    while kills < 25:
        runs += 1
        assert runs < 200, f"only {kills} kills in {runs} runs"
        changed(project)
        start = time.perf_counter()
        p = subprocess.Popen(cmd + ["import"])
        time.sleep(rng.uniform(0.3, 1.0) * took)
        if p.poll() is None:
            p.send_signal(signal.SIGKILL)
            kills += 1
        else:
            took = min(took, time.perf_counter() - start)
        p.wait()
        r = commands.run(project, ["check"], cwd=Path.cwd(), timeout=600)
        assert r.returncode == 0, (r.stdout + r.stderr).decode()
        assert tree(project / "rules") in (old, new)
    print(f"import killed {kills} times in {runs} runs; every time check passed and rules/ was whole (old or new)")


# ---------------------------------------------------------------- the site

XSS = '<script>alert("tcg-xss")</script>"><img src=x onerror=alert("tcg-xss")>\'><b onmouseover=alert("tcg-xss")>'


def _is_json(data: str) -> bool:
    try:
        json.loads(data)
    except ValueError:
        return False
    return True


class LiveMarkup(HTMLParser):
    """What a browser would run or build from a page: script elements and on* attributes
    carrying the planted marker (title and textarea hold text only, as in a browser)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.live: list[str] = []
        self._in_script = self._json = False

    def handle_starttag(self, tag, attrs) -> None:
        if tag in ("title", "textarea"):
            self.set_cdata_mode(tag)
        self._in_script = tag == "script"
        self._json = tag == "script" and dict(attrs).get("type") == "application/json"
        for name, value in attrs:
            if name.startswith("on") and "tcg-xss" in (value or ""):
                self.live.append(f"<{tag} {name}={value!r}>")

    def handle_data(self, data) -> None:
        if self._in_script and "tcg-xss" in data and not (self._json and _is_json(data)):
            self.live.append(f"<script>{data[:60]}")  # a JSON data island runs nothing, unless broken out of
        self._in_script = False


def test_planted_markup_is_text_on_every_page_of_the_built_site(tmp_path: Path) -> None:
    import minikb
    from tcgrules.site import build as site

    root = minikb.make_site(tmp_path)
    (root / "glossary").mkdir()
    (root / "glossary" / "testgame.yaml").write_text(store.dump_yaml({"g": [
        {"id": "testgame/rule", "category": "game-term", "terms": {"ja": ["ルール", "ル" + XSS]}, "note": XSS}]})
        .replace("g:\n", ""), encoding="utf-8")
    kb = load_knowledge_base(root)
    for e in kb.editions.values():
        e.title, e.game_title, e.version, e.date = (f"{field} {XSS}" for field in ("title", "game", "version", "date"))
    for c in kb:
        c.text = f"{c.text} {XSS}"
        if c.title:
            c.title = f"{c.title} {XSS}"
    assert site.build(root, kb) == 0
    pages = sorted((root / "site").rglob("*.html"))
    live = {str(p.relative_to(root)): x for p in pages for x in [live_markup(p)] if x}
    assert not live
    planted = [p for p in pages if "tcg-xss" in p.read_text(encoding="utf-8")]
    assert len(planted) >= 10, planted


def live_markup(page: Path) -> list[str]:
    parser = LiveMarkup()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.live


def test_a_generated_list_naming_a_file_outside_site_src_deletes_nothing(project: Path) -> None:
    from tcgrules.site import pages

    site_src = project / "site_src"
    site_src.mkdir()
    (site_src / pages.GENERATED_LIST).write_text("index.md\n../../bystander/keep.txt\n", encoding="utf-8")
    before = tree(project.parent)
    with pytest.raises(KnowledgeBaseError, match="bystander/keep.txt leads outside"):
        pages.render(load_knowledge_base(project), site_src)
    assert tree(project.parent) == before


@pytest.mark.parametrize("old, new, message", [
    ("  text: 第二條規則。\n", "  text: 7\n", r"01\.yaml: record #\d+ \(testgame/zh-Hant/1.0/1-2\): text must be string"),
    ("  text: 第二條規則。\n", "  text: 第二條規則。\n  colour: red\n", r"01\.yaml: record .*colour"),
    ("  parent: testgame/zh-Hant/1.0/1\n  refs: []", "  parent: testgame/zh-Hant/1.0/1-2\n  refs: []",
     r"01\.yaml: record testgame/zh-Hant/1.0/1-2: its parent chain loops"),
    ("  parent: testgame/zh-Hant/1.0/1\n  refs: []", "  parent: testgame/zh-Hant/1.0/9\n  refs: []",
     r"01\.yaml: record testgame/zh-Hant/1.0/1-2: parent 'testgame/zh-Hant/1.0/9' does not exist"),
    ("    target: testgame/zh-Hant/1.0/1-2\n", "    target: testgame/zh-Hant/1.0/9-9\n", "reference target 'testgame/zh-Hant/1.0/9-9'"),
    ("- id: testgame/zh-Hant/1.0/1-2\n", "- id: testgame/zh-Hant/1.0/1-1\n", "1-1 is there twice"),
])
def test_a_reader_refuses_records_that_check_would_refuse(project: Path, capsys, old, new, message) -> None:
    import re

    edit(project, "rules/testgame/zh-Hant/1.0/01.yaml", old, new)
    assert re.search(message, one_error(capsys, ["show", "testgame:1-1"], project)), message


@pytest.mark.parametrize("old, new, message", [
    ("  current: true\n", "  current: 'no'\n", "current: expected true or false"),
    ("format: hyphen", "format: klingon", "format: unknown source format 'klingon'"),
    ("  title: Test ja\n", '  title: "Test\\0"\n', r"rules/editions.yaml:\d+: title: control character U\+0000"),
])
def test_a_bad_manifest_entry_is_refused_by_every_reader(project: Path, capsys, old, new, message) -> None:
    edit(project, "rules/editions.yaml", old, new)
    assert re.search(message, one_error(capsys, ["show", "testgame:1-1"], project))


def test_a_manifest_listing_an_edition_twice_is_refused(project: Path, capsys) -> None:
    man = project / "rules/editions.yaml"
    text = man.read_text(encoding="utf-8")
    start = text.index("- game")
    first = text[start:text.index("- game", start + 1)]
    man.write_text(text + first, encoding="utf-8")
    assert "testgame/ja/1.0 is listed twice" in one_error(capsys, ["show", "testgame:1-1"], project)


@pytest.mark.parametrize("argv, message", [
    (["export", "terms", "--format", "xlsx"], "tcgrules export terms: argument --format: invalid choice: 'xlsx'"),
    (["--colour"], "unrecognized arguments: --colour"),
    (["show", "testgame:" + "9" * 20000], "argument ID_OR_CITATION: id_or_citation too long"),
    (["show", "a\x1bb"], r"argument ID_OR_CITATION: control character U+001B"),
])
def test_a_usage_error_is_one_line(project: Path, capsys, argv, message) -> None:
    assert message in one_error(capsys, argv, project)


def test_check_sees_white_space_added_at_the_end_of_a_record(project: Path) -> None:
    edit(project, JA / "01.yaml", "text: 二番目のルール。", 'text: "二番目のルール。 "')
    msgs = [str(p) for p in run_check(project).errors]
    assert any(m.startswith("rules/testgame/ja/1.0/01.yaml:") and "either end" in m for m in msgs), msgs
