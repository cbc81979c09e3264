"""`tcgrules check`: every validation error, on a crafted knowledge base."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import minikb
from tcgrules.kb import load_knowledge_base
from tcgrules.validate.check import run_check
from tcgrules.cli import main

JA = Path("rules/testgame/ja/1.0")


@pytest.fixture
def kb_root(tmp_path: Path) -> Path:
    return minikb.make(tmp_path)


def edit(root: Path, rel: Path | str, old: str, new: str, count: int = 1) -> None:
    p = root / rel
    text = p.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    p.write_text(text.replace(old, new, count), encoding="utf-8")


def messages(root: Path, kept: Path | None = None) -> list[str]:
    report = run_check(root, kept=kept)
    assert not report.ok
    return [str(p) for p in report.errors]


def test_valid_kb_passes(kb_root: Path) -> None:
    report = run_check(kb_root)
    assert report.ok, report.errors
    assert report.stats["records"] == {"testgame/ja/1.0": 4, "testgame/zh-Hant/1.0": 4}
    assert report.kb is not None and len(report.kb) == 8


def test_malformed_yaml_names_file_and_line(kb_root: Path) -> None:
    edit(kb_root, JA / "01.yaml", "  kind: clause\n", "  kind: [clause\n")
    msgs = messages(kb_root)
    assert any(re.match(r"rules/testgame/ja/1\.0/01\.yaml:\d+: .*malformed YAML", m) for m in msgs), msgs


def test_unknown_field(kb_root: Path) -> None:
    edit(kb_root, JA / "01.yaml", "  kind: clause\n", "  kind: clause\n  colour: red\n")
    msgs = messages(kb_root)
    assert any("01.yaml:" in m and "colour" in m and "testgame/ja/1.0/1-1" in m for m in msgs), msgs


def test_missing_field_and_bad_kind(kb_root: Path) -> None:
    edit(kb_root, JA / "01.yaml", "  kind: clause\n", "  kind: rule\n")
    edit(kb_root, JA / "01.yaml", "  number_printed: true\n  kind: rule\n", "  kind: rule\n")
    msgs = messages(kb_root)
    assert any("'rule' is not one of" in m for m in msgs), msgs
    assert any("'number_printed' is a required property" in m for m in msgs), msgs


def test_duplicate_id(kb_root: Path) -> None:
    edit(kb_root, JA / "01.yaml", "- id: testgame/ja/1.0/1-2\n  number: 1-2", "- id: testgame/ja/1.0/1-1\n  number: 1-1")
    msgs = messages(kb_root)
    assert any("duplicate id testgame/ja/1.0/1-1" in m and "01.yaml:" in m for m in msgs), msgs


def test_id_must_match_edition_and_number(kb_root: Path) -> None:
    edit(kb_root, JA / "01.yaml", "- id: testgame/ja/1.0/1-2\n", "- id: testgame/ja/1.0/1-3\n")
    msgs = messages(kb_root)
    assert any("does not end with the number '1-2'" in m for m in msgs), msgs


def test_dangling_parent(kb_root: Path) -> None:
    edit(kb_root, JA / "01.yaml", "  parent: testgame/ja/1.0/1\n", "  parent: testgame/ja/1.0/9\n")
    msgs = messages(kb_root)
    assert any("parent 'testgame/ja/1.0/9' does not exist" in m and "[testgame/ja/1.0/1-1]" in m for m in msgs), msgs


def test_ref_target_missing_and_span_mismatch(kb_root: Path) -> None:
    edit(kb_root, JA / "01.yaml", "    target: testgame/ja/1.0/1-2\n", "    target: testgame/ja/1.0/7-7\n")
    edit(kb_root, JA / "01.yaml", "    start: 6\n", "    start: 5\n")
    msgs = messages(kb_root)
    assert any("target 'testgame/ja/1.0/7-7' does not exist" in m for m in msgs), msgs
    assert any("text[5:14]" in m for m in msgs), msgs


def test_unresolved_ref_needs_reason(kb_root: Path) -> None:
    edit(kb_root, JA / "01.yaml", "    target: testgame/ja/1.0/1-2\n", "    target: null\n")
    msgs = messages(kb_root)
    assert any("has no target and no reason" in m for m in msgs), msgs
    edit(kb_root, JA / "01.yaml", "    target: null\n", "    target: null\n    reason: crafted\n")
    report = run_check(kb_root)
    assert report.ok and any("crafted" in str(w) for w in report.warnings)


def test_source_sha_mismatch(kb_root: Path) -> None:
    src = kb_root / "rules/sources/testgame.ja.txt"
    src.write_text(src.read_text(encoding="utf-8") + "1-3 追加。\n", encoding="utf-8")
    msgs = messages(kb_root)
    assert any("testgame.ja.txt has sha256" in m for m in msgs), msgs


def test_reconstruction_catches_a_changed_character(kb_root: Path) -> None:
    edit(kb_root, JA / "01.yaml", "text: 二番目のルール。", "text: 二番目の規則。")
    msgs = messages(kb_root)
    assert any(m.startswith("rules/testgame/ja/1.0/01.yaml:") and "reconstruction" in m
               and "rules/sources/testgame.ja.txt:9:" in m for m in msgs), msgs


def test_kept_check_still_catches_a_changed_character(kb_root: Path) -> None:
    """A check that kept its parses and reconstruction answers finds the change all the same
    (kept by the bytes they are made from), and the next passing check reads what it kept."""
    kept = kb_root / "build" / "kept"
    assert run_check(kb_root, kept=kept).ok
    made = sorted(p.name for p in kept.iterdir())
    assert sum(n.endswith(".slot.pickle") for n in made) == 2, made  # each edition's reconstruction
    edit(kb_root, JA / "01.yaml", "text: 二番目のルール。", "text: 二番目の規則。")
    msgs = messages(kb_root, kept)
    assert any(m.startswith("rules/testgame/ja/1.0/01.yaml:") and "reconstruction" in m
               and "rules/sources/testgame.ja.txt:9:" in m for m in msgs), msgs
    assert sorted(p.name for p in kept.iterdir()) == made  # a failed check keeps nothing
    edit(kb_root, JA / "01.yaml", "text: 二番目の規則。", "text: 二番目のルール。")
    assert run_check(kb_root, kept=kept).ok and sorted(p.name for p in kept.iterdir()) == made
    load_knowledge_base(kb_root, kept=kept)  # as `show` reads: it keeps its own, and drops none of check's
    assert set(made) < {p.name for p in kept.iterdir()}


def test_reconstruction_catches_a_lost_record(kb_root: Path) -> None:
    p = kb_root / JA / "00-front.yaml"
    p.unlink()
    msgs = messages(kb_root)
    assert any("reconstruction" in m and "testgame.ja.txt:1:" in m for m in msgs), msgs


def test_manifest_problems(kb_root: Path) -> None:
    edit(kb_root, "rules/editions.yaml", "lang: zh-Hant", "lang: zh-TW")
    msgs = messages(kb_root)
    assert any("unknown language tag 'zh-TW'" in m for m in msgs), msgs


def test_missing_edition_folder(kb_root: Path) -> None:
    import shutil

    shutil.rmtree(kb_root / JA)
    msgs = messages(kb_root)
    assert any("rules/testgame/ja/1.0: missing" in m for m in msgs), msgs


def test_cli_check_exit_codes(kb_root: Path, capsys) -> None:
    assert main(["--root", str(kb_root), "check"]) == 0
    assert "OK: 8 records in 2 editions" in capsys.readouterr().out
    edit(kb_root, JA / "01.yaml", "  parent: testgame/ja/1.0/1\n", "  parent: nowhere\n")
    assert main(["--root", str(kb_root), "check"]) == 1
    out = capsys.readouterr().out
    assert "error: rules/testgame/ja/1.0/01.yaml:" in out and "FAILED" in out


def test_check_checks_the_records_of_a_file_once_for_its_bytes(kb_root: Path, monkeypatch) -> None:
    """A record file a command has read (its clauses kept by its bytes) is not checked against
    the schema again by `tcgrules check`, which finds the same; a record then broken is reported
    with its file and line all the same."""
    kept = kb_root / "kept"
    clean = run_check(kb_root, kept=kept)
    load_knowledge_base(kb_root, kept=kept).clauses  # as any command reads the rules
    with monkeypatch.context() as m:
        m.setattr("tcgrules.kb.store.fast_clause_validator", lambda: pytest.fail("a kept record checked again"))
        again = run_check(kb_root, kept=kept)
    assert again.ok and again.stats == clean.stats and list(again.kb.clauses.values()) == list(clean.kb.clauses.values())
    rel = next(p for p in (kb_root / "rules").rglob("*.yaml") if "number_printed: true" in p.read_text(encoding="utf-8"))
    edit(kb_root, rel.relative_to(kb_root), "number_printed: true", 'number_printed: "true"')
    for _ in range(2):
        assert any(rel.name in m and "number_printed" in m for m in messages(kb_root, kept))
