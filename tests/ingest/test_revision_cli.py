"""tcgrules revision add / list / remove: a maintainer adds a new rulebook file with one
command, on a project holding the real Shadowverse: Evolve edition (imported on the fly)."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import diffkit as kit
from tcgrules import cli
from tcgrules.kb import store

SVE, HANS = "shadowverse-evolve", "zh-Hans"


def planted_sve(lines: list[str]) -> list[str]:
    """The planted edits of the committed Shadowverse: Evolve r2: a changed number (hand
    limit 7 → 8), an added clause 1.2.4 that renumbers the old 1.2.4 to 1.2.5, and 1.3.2.3
    removed."""
    return kit.chain(
        kit.replace_line("    - 4.7.3.1 ", lambda s: s.replace("手牌上限为7张", "手牌上限为8张")),
        kit.replace_line("- 1.2.4 ", lambda s: s.replace("- 1.2.4 ", "- 1.2.5 ")),
        kit.insert_before("- 1.2.5 ", "- 1.2.4 在正式比赛中，如果比赛规则对胜负判定另有规定，则以比赛规则的规定为准。"),
        kit.delete_line("- 1.3.2.3 "),
    )(lines)


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under rules/, to prove that a refused command wrote nothing."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "rules").rglob("*")) if p.is_file()}


@pytest.fixture()
def project(tmp_path):
    return kit.make_project(tmp_path / "p", (SVE,), first_only=True)


@pytest.fixture()
def new_file(project):
    return kit.craft(project, "sve-new.txt", SVE, HANS, planted_sve)


def add(project, *args) -> int:
    """`revision add`, accepting the stale citations of the planted edits (the engine cites
    1.2.4, 1.3.2.3 and 4.7.3.1: test_revision_stale.py)."""
    return cli.main(["--root", str(project), "revision", "add", *map(str, args), "--allow-stale"])


def test_add_copies_records_imports_checks_and_prints_the_diff(project, new_file, capsys):
    assert add(project, SVE, HANS, new_file, "--version", "r2", "--date", "2026/07/01") == 0
    out = capsys.readouterr().out
    entries = {e.key: e for e in store.read_manifest(project)}
    new = entries[f"{SVE}/{HANS}/r2"]
    assert new.current and not entries[f"{SVE}/{HANS}/r1"].current
    assert new.version is None and new.date == "2026/07/01" and new.format == "dot"
    copied = project / "rules" / new.source
    assert copied.parent == project / "rules" / "sources"
    assert copied.read_bytes() == new_file.read_bytes()
    assert new.sha256 == hashlib.sha256(new_file.read_bytes()).hexdigest()
    assert (project / "rules" / SVE / HANS / "r2" / "edition.yaml").is_file()
    # the diff summary against r1: exactly the planted edits
    assert "1 changed · 1 added · 1 removed · 1 renumbered" in out
    for line in ("1.2.4", "1.2.4 → 1.2.5", "4.7.3.1", "1.3.2.3"):
        assert line in out
    assert "check: OK" in out
    assert "new since r1: 1" in out and "skipped-number: '1.3.2.4' is printed but 1.3.2.3 never is" in out
    assert cli.main(["--root", str(project), "check"]) == 0


def test_add_takes_a_printed_version_as_the_folder_name_and_a_title(project, new_file, capsys):
    assert add(project, SVE, HANS, new_file, "--version", "Ver.1.1", "--date", "2026-07-01",
               "--title", "Shadowverse: Evolve 综合规则 Ver.1.1") == 0
    e = next(e for e in store.read_manifest(project) if e.revision == "1.1")
    assert (e.version, e.title, e.current) == ("Ver.1.1", "Shadowverse: Evolve 综合规则 Ver.1.1", True)


@pytest.mark.parametrize("args, message", [
    (("pokemon", HANS, "{file}", "--version", "r2", "--date", "2026/07/01"), "unknown game 'pokemon'"),
    ((SVE, "ja", "{file}", "--version", "r2", "--date", "2026/07/01"), "no ja edition"),
    ((SVE, HANS, "{file}", "--version", "r1", "--date", "2026/07/01"), "revision r1 of shadowverse-evolve/zh-Hans exists"),
    ((SVE, HANS, "{file}", "--version", "../../x", "--date", "2026/07/01"), "--version"),
    ((SVE, HANS, "{file}", "--version", "r2", "--date", "July"), "--date 'July'"),
    ((SVE, HANS, "{missing}", "--version", "r2", "--date", "2026/07/01"), "no such file"),
    ((SVE, HANS, "{binary}", "--version", "r2", "--date", "2026/07/01"), "not UTF-8"),
    ((SVE, HANS, "{wrong}", "--version", "r2", "--date", "2026/07/01"),
     "hyphen.txt:5: clause number '1-1' is hyphen-numbered, but the edition's format is 'dot'"),
])
def test_refused_add_says_why_in_one_line_and_writes_nothing(project, new_file, tmp_path, capsys, args, message):
    binary = tmp_path / "rules.pdf"
    binary.write_bytes(b"%PDF-1.7\n\xff\xfe\x00\x81 binary")
    wrong = tmp_path / "hyphen.txt"  # a Battle Spirits-style (hyphen) rulebook given for a dot edition
    wrong.write_text("Battle Spirits 総合ルール\n\n1 ゲームの概要\n\n1-1 ゲーム人数\n\n1-1-1 このゲームは2人で行います。\n",
                     encoding="utf-8")
    files = {"file": new_file, "missing": tmp_path / "nope.txt", "binary": binary, "wrong": wrong}
    before = snapshot(project)
    assert add(project, *(a.format(**files) for a in args)) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and "Traceback" not in err
    assert snapshot(project) == before


def test_a_date_before_the_previous_revision_is_refused(project, new_file, capsys):
    assert add(project, SVE, HANS, new_file, "--version", "r2", "--date", "2026/07/01") == 0
    before = snapshot(project)
    again = kit.craft(project, "sve-newer.txt", SVE, HANS, lambda lines: planted_sve(lines) + ["", "- 15.9 追加。"])
    assert add(project, SVE, HANS, again, "--version", "r3", "--date", "2026/06/30") == 2
    assert "2026/06/30 is before 2026/07/01, the date of r2" in capsys.readouterr().err
    assert snapshot(project) == before


def test_list_and_remove(project, new_file, capsys):
    assert add(project, SVE, HANS, new_file, "--version", "r2", "--date", "2026/07/01") == 0
    capsys.readouterr()
    assert cli.main(["--root", str(project), "revision", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(r["edition"], r["current"], r["date"]) for r in listed] == [
        (f"{SVE}/{HANS}/r1", False, None), (f"{SVE}/{HANS}/r2", True, "2026/07/01")]
    assert listed[1]["records"] > 600 and listed[1]["source"].startswith("rules/sources/")
    assert cli.main(["--root", str(project), "revision", "list", SVE]) == 0
    assert "r2  current" in capsys.readouterr().out

    source = project / "rules" / listed[1]["source"][len("rules/"):]
    assert cli.main(["--root", str(project), "revision", "remove", SVE, HANS, "r2"]) == 0
    entries = {e.key: e for e in store.read_manifest(project)}
    assert list(entries) == [f"{SVE}/{HANS}/r1"] and entries[f"{SVE}/{HANS}/r1"].current
    assert not (project / "rules" / SVE / HANS / "r2").exists() and not source.exists()
    assert cli.main(["--root", str(project), "check"]) == 0

    before = snapshot(project)
    assert cli.main(["--root", str(project), "revision", "remove", SVE, HANS, "r1"]) == 2
    assert "the only revision" in capsys.readouterr().err
    assert cli.main(["--root", str(project), "revision", "remove", SVE, HANS, "r9"]) == 2
    assert snapshot(project) == before


def test_the_sve_test_revision_holds_exactly_the_planted_edits(root):
    """tests/revisions/shadowverse-evolve-r2.zh-Hans.txt is r1's source with the planted edits:
    test data a maintainer can try `revision add` on, kept out of rules/ (it is no rulebook a
    publisher printed, so no judge may land on it)."""
    entries = {e.key: e for e in store.read_manifest(root)}
    r1 = entries[f"{SVE}/{HANS}/r1"]
    assert r1.current and f"{SVE}/{HANS}/r2" not in entries
    lines = (root / "rules" / r1.source).read_text(encoding="utf-8").splitlines()
    planted = root / "tests" / "revisions" / "shadowverse-evolve-r2.zh-Hans.txt"
    assert planted.read_text(encoding="utf-8") == "\n".join(planted_sve(lines)) + "\n"


def test_a_failed_check_puts_everything_back(project, new_file):
    from tcgrules.errors import UsageError
    from tcgrules.ingest import revision

    before = snapshot(project)
    with pytest.raises(UsageError, match="check failed on the new revision, nothing kept: planted problem"):
        revision.add(project, SVE, HANS, new_file, "r2", "2026/07/01", verify=lambda root: ["planted problem"])
    assert snapshot(project) == before
    assert not (project / "rules" / SVE / HANS / "r2").exists()


def test_add_json_names_the_revision_the_changes_and_the_defects(project, new_file, capsys):
    assert add(project, SVE, HANS, new_file, "--version", "r2", "--date", "2026/07/01", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["edition"]["revision"] == "r2" and data["previous"] == f"{SVE}/{HANS}/r1"
    assert sorted((c["kind"], c["numbers"]) for c in data["changes"]) == [
        ("added", "1.2.4"), ("changed", "4.7.3.1"), ("removed", "1.3.2.3"), ("renumbered", "1.2.4 → 1.2.5")]
    assert any(d["kind"] == "skipped-number" for d in data["defects"])
    assert [(s["number"], s["kind"], s["moved_to"]) for s in data["stale"]] == [
        ("1.2.4", "changed", "1.2.5"), ("1.3.2.3", "removed", None), ("4.7.3.1", "changed", None)]
    assert "tcgrules.engine.shadowverse_evolve.combat.attack_targets" in data["stale"][1]["cited_by"]
