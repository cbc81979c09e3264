"""The store (atomic, deterministic writes), the reference resolver, export and show."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import minikb
from tcgrules.ingest import transaction as importing, refs
from tcgrules.errors import UsageError
from tcgrules.kb.files import checkout_root, root_above
from tcgrules.kb import store
from tcgrules.cli import main
from tcgrules.ingest.base import SourceError, cjk_numeral, join_text
from tcgrules.kb.model import Clause, Ref, SourceSpan, UnknownClause
from tcgrules.kb import load_knowledge_base
from tcgrules.kb.glossary import GlossaryError


@pytest.fixture
def kb_root(tmp_path: Path) -> Path:
    return minikb.make(tmp_path)


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "rules").rglob("*")) if p.is_file()}


def test_render_is_deterministic(kb_root: Path) -> None:
    kb = load_knowledge_base(kb_root)
    e = kb.editions["testgame/ja/1.0"]
    recs = kb.in_edition(e.key)
    assert store.render_edition(e, recs, [], e.skips) == store.render_edition(e, list(reversed(recs)), [], e.skips)


def test_write_tree_is_all_or_nothing(kb_root: Path, monkeypatch) -> None:
    before = snapshot(kb_root)
    kb = load_knowledge_base(kb_root)
    trees = {}
    for e in kb.editions.values():
        recs = kb.in_edition(e.key)
        recs[-1].text = "changed"
        trees[store.edition_dir(kb_root, e)] = store.render_edition(e, recs, [], e.skips)
    real_replace = os.rename
    calls = {"n": 0}

    def failing_replace(a, b):
        calls["n"] += 1
        if calls["n"] == 3:  # fail half-way through swapping the folders in
            raise OSError(28, "No space left on device")
        return real_replace(a, b)

    monkeypatch.setattr(os, "rename", failing_replace)
    with pytest.raises(UsageError, match="rules/.*No space left on device"):  # one line naming the folder
        store.write_tree(kb_root, trees)
    monkeypatch.setattr(os, "rename", real_replace)
    assert snapshot(kb_root) == before
    assert not [p for p in (kb_root / "rules").iterdir() if p.name.startswith(".")]


def test_failed_import_leaves_rules_unchanged(kb_root: Path, monkeypatch) -> None:
    before = snapshot(kb_root)

    class Broken:
        @staticmethod
        def parse(lines, edition):
            raise SourceError("line 3: not a hyphen-numbered rulebook")

    monkeypatch.setattr(importing, "importer", lambda fmt: Broken)
    with pytest.raises(importing.ImportFailed, match=r"sources/testgame\.\w+(-\w+)?\.txt: line 3"):
        importing.run_import(kb_root)
    assert snapshot(kb_root) == before
    assert main(["--root", str(kb_root), "import"]) == 2


def test_import_refuses_a_changed_source(kb_root: Path) -> None:
    src = kb_root / "rules/sources/testgame.ja.txt"
    src.write_text(src.read_text(encoding="utf-8") + "1-3 追加。\n", encoding="utf-8")
    with pytest.raises(importing.ImportFailed, match="sha256 is .* new revision"):
        importing.run_import(kb_root, lang="ja")


def test_load_reports_malformed_yaml_with_file_and_line(kb_root: Path) -> None:
    p = kb_root / "rules/testgame/ja/1.0/01.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("kind: clause", "kind: [clause", 1), encoding="utf-8")
    with pytest.raises(Exception, match=r"01\.yaml:\d+: malformed YAML"):
        load_knowledge_base(kb_root)
    assert main(["--root", str(kb_root), "show", "testgame:1-1"]) == 2


def _clause(number: str, title: str | None = None, kind: str = "section") -> Clause:
    return Clause(f"g/ja/1/{number}", number, True, kind, "", None, SourceSpan("s", 1, 1), title=title)


def test_resolver_numbers_titles_and_ranges() -> None:
    cs = [_clause("2", "卡牌資訊", "chapter"), _clause("318", "角色牌"), _clause("321", "事件牌"),
          _clause("305", "角色名"), _clause("901", "死循环")]
    r = refs.Resolver(cs)
    cases = [
        (Ref("(2 卡牌資訊參照)", 0, 10, number="2", title="卡牌資訊"), "g/ja/1/2", None),
        (Ref("(2 效果參照)", 0, 8, number="2", title="效果"), None, "titled '卡牌資訊'"),
        (Ref("参照 318—321", 0, 10, number="318", number_end="321"), "g/ja/1/318", None),
        (Ref("（详见角色名）", 0, 7, title="角色名"), "g/ja/1/305", None),
        (Ref("参照 901.死循环", 0, 10, number="901", title="死循环"), "g/ja/1/901", None),
        (Ref("（参照 77）", 0, 6, number="77"), None, "no clause numbered 77"),
        (Ref("（详见升级）", 0, 6, title="升级"), None, "no record titled '升级'"),
    ]
    for ref, target, reason in cases:
        r.resolve(ref)
        assert ref.target == target, ref
        if reason:
            assert reason in ref.reason
    rng = cases[2][0]
    assert rng.target_end == "g/ja/1/321"


def test_join_text_and_numerals() -> None:
    assert join_text("無須等待規則處", "理，在該處理中") == "無須等待規則處理，在該處理中"
    assert join_text("Battle", "Spirits") == "Battle Spirits"
    assert [cjk_numeral(s) for s in ("一", "十", "十五", "二十三")] == [1, 10, 15, 23]


def test_citation_lookup(kb_root: Path) -> None:
    kb = load_knowledge_base(kb_root)
    found = kb.resolve_citation("testgame:1-2")
    assert sorted(c.lang for c in found) == ["ja", "zh-Hant"]
    with pytest.raises(UnknownClause, match="no clause numbered '9-9'"):
        kb.resolve_citation("testgame:9-9")
    with pytest.raises(UnknownClause, match="no edition of game 'nogame'"):
        kb.resolve_citation("nogame:1")
    assert [c.id for c in kb.backrefs["testgame/ja/1.0/1-2"]] == ["testgame/ja/1.0/1-1"]
    assert [c.lang for c in kb.counterparts(kb.clause("testgame/ja/1.0/1-1"))] == ["zh-Hant"]


def test_export_clauses_jsonl(kb_root: Path, capsys) -> None:
    assert main(["--root", str(kb_root), "export", "clauses", "--format", "jsonl", "--lang", "ja"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["number"] for r in rows] == ["0", "1", "1-1", "1-2"]
    first = rows[2]
    for key in ("id", "number", "number_printed", "kind", "text", "parent", "refs", "terms", "source",
                "game", "lang", "version", "edition"):
        assert key in first
    assert (first["game"], first["lang"], first["version"], first["edition"]) == ("testgame", "ja", "1.0", "testgame/ja/1.0")
    assert first["refs"][0]["target"] == "testgame/ja/1.0/1-2"
    assert main(["--root", str(kb_root), "export", "clauses", "--game", "nope"]) == 2
    assert "unknown game 'nope'" in capsys.readouterr().err


def test_show_citation_and_unknown(kb_root: Path, capsys) -> None:
    assert main(["--root", str(kb_root), "show", "testgame:1-1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {d["clause"]["id"] for d in data} == {"testgame/ja/1.0/1-1", "testgame/zh-Hant/1.0/1-1"}
    ja = next(d for d in data if d["edition"] == "testgame/ja/1.0")
    assert ja["parents"][0]["title"] == "概要"
    assert ja["refers_to"][0]["target"] == "testgame/ja/1.0/1-2"
    assert ja["counterparts"][0]["lang"] == "zh-Hant"
    assert main(["--root", str(kb_root), "show", "testgame:4-4"]) == 1
    assert "no clause numbered '4-4'" in capsys.readouterr().err


def test_the_help_states_the_exit_statuses_show_returns(kb_root: Path, capsys) -> None:
    """A clause that is not there is a negative answer (1), like grep's; a game that is not
    there is bad input (2); the top-level help says which is which."""
    with pytest.raises(SystemExit):
        main(["--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "1 a negative answer (no such clause" in help_text and "2 bad input" in help_text
    assert main(["--root", str(kb_root), "show", "testgame:1-1"]) == 0
    assert main(["--root", str(kb_root), "show", "testgame:4-4"]) == 1
    assert main(["--root", str(kb_root), "show", "nogame:1-1"]) == 2


def test_every_command_has_help(capsys) -> None:
    from tcgrules.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, p in sub.choices.items():
        assert p.description, f"`tcgrules {name}` has no description"
        with pytest.raises(SystemExit) as e:
            main([name, "--help"])
        assert e.value.code == 0
    capsys.readouterr()


TRICKY = ["", " x", "x ", "- a", "a: b", "a #b", "yes", "No", "1.20", "0x1F", "1e3", "2015-06-12", "~", "null",
          "123", "-5", "#x", "「x」", "x:", "&a", "*", "\u2028", "a\nb", "tab\tx", "\ufeffx", '"q"', "it's", "：全角",
          "8-1-6-1", ".inf", "<<", "%x", "@x", "!x", "|", ">", "a\\b", "\x85", "\x01", "\x7f", "a\x00b", "?", "- ",
          "---", "...", "《継召》(12-2-1-3)", "【召喚時】", "〔每回合 1 次〕"]


def test_dump_yaml_round_trips_any_string() -> None:
    import yaml

    data = {"strings": TRICKY, "empty": [], "none": None, "flag": True, "n": 3,
            "records": [{"a": 1, "b": [{"x": "y"}], "c": {}}, {"z": None}]}
    text = store.dump_yaml(data)
    assert yaml.safe_load(text) == data
    assert yaml.load(text, Loader=store.Loader) == data
    assert "- 「x」\n" in text and '- "1.20"\n' in text  # CJK stays plain and readable; numbers quoted


def test_command_module_map_matches_the_modules() -> None:
    """cli.COMMAND_MODULES / BENCH_MODULES name the module that registers each command."""
    import argparse
    import importlib

    from tcgrules import cli

    for module in set(cli.COMMANDS):
        sub = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(f"tcgrules.cli.{module}").register(sub)
        for name in sub.choices:
            assert cli.COMMAND_MODULES.get(name) == module, f"COMMAND_MODULES[{name!r}] should be {module!r}"
    assert set(cli.COMMAND_MODULES.values()) == set(cli.COMMANDS)
    for module in set(cli.BENCH_COMMANDS):
        sub = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(f"tcgrules.cli.{module}").register_bench(sub)
        for name in sub.choices:
            assert cli.BENCH_MODULES.get(name) == module, f"BENCH_MODULES[{name!r}] should be {module!r}"
    assert set(cli.BENCH_MODULES.values()) == set(cli.BENCH_COMMANDS)


def test_one_command_imports_only_its_module() -> None:
    import subprocess
    import sys

    code = ("import sys; from tcgrules.cli import build_parser; build_parser('search');"
            "print(sorted(m for m in sys.modules if m.startswith('tcgrules.cli.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "tcgrules.cli.search" in out and "tcgrules.cli.site" not in out


@pytest.mark.parametrize("text, path, message", [
    ('{"a": [1, 1e999]}', ["a", 1], "number out of range: 1e999"),
    ('{"n": -' + "1" * 5000 + "}", ["n"], "number out of range: -1111111…(5000 digits)"),
])
def test_load_json_names_the_path_of_a_number_no_value_can_take(text: str, path: list, message: str) -> None:
    """The one JSON reader owns the number checks: the caller (a replay log's reader) names
    the field from the path."""
    with pytest.raises(store.NumberError) as e:
        store.load_json(text, "log:1")
    assert (e.value.path, str(e.value)) == (path, f"log:1: {message}")


def test_the_checkout_is_found_one_way(tmp_path: Path, monkeypatch) -> None:
    """The clause index and the kept values look for the checkout alike: above the package,
    else above the working folder."""
    from tcgrules.kb.cache import cache_dir
    from tcgrules.kb.citations import project_root

    root = checkout_root()
    assert root is not None and project_root() == root and cache_dir() == root / ".cache"
    assert root_above(tmp_path) is None and root_above(root / "tools") == root


def test_a_kept_glossary_is_read_again_when_its_file_changes(kb_root: Path) -> None:
    """A build keeps the glossary it read (with the parsed records); a changed file, or a
    file with a problem, is read again, never answered from what was kept."""
    (kb_root / "glossary").mkdir()
    entry = "- id: testgame/spirit\n  category: card-type\n  terms:\n    zh-Hant: [靈魂卡]\n    en: [{en}]\n"
    (kb_root / "glossary" / "testgame.yaml").write_text(entry.format(en="Spirit"), encoding="utf-8")
    kept = kb_root / "kept"
    first = load_knowledge_base(kb_root, kept=kept).glossary
    assert (kept / "glossary.kept").is_file()
    assert load_knowledge_base(kb_root, kept=kept).glossary.concept("testgame/spirit").terms == \
        first.concept("testgame/spirit").terms
    (kb_root / "glossary" / "testgame.yaml").write_text(entry.format(en="Soul"), encoding="utf-8")
    assert load_knowledge_base(kb_root, kept=kept).glossary.concept("testgame/spirit").terms["en"] == ["Soul"]
    (kb_root / "glossary" / "testgame.yaml").write_text(entry.format(en="Soul") + "  bogus: 1\n", encoding="utf-8")
    with pytest.raises(GlossaryError, match="bogus"):
        load_knowledge_base(kb_root, kept=kept).glossary


def test_commands_keep_the_parsed_records_and_read_a_changed_file_again(kb_root: Path, capsys) -> None:
    """Every command reads the record files as the site build does: parsed once and kept by
    their bytes (a second `show` parses nothing); a changed file is parsed again, and a broken
    one is refused with its line, never answered from what was kept."""
    from tcgrules.cli.common import load_kb

    def show() -> tuple[int, str]:
        load_kb.cache_clear()  # each call as a new process would make it
        code = main(["--root", str(kb_root), "show", "testgame:1-1", "--json"])
        return code, capsys.readouterr().out

    assert show()[0] == 0
    kept = sorted((kb_root / store.PARSED).glob("*.pickle"))
    assert kept and show()[0] == 0 and sorted((kb_root / store.PARSED).glob("*.pickle")) == kept
    chapter = next(p for p in (kb_root / "rules").rglob("*.yaml") if "概要" in p.read_text(encoding="utf-8")
                   and "/ja/" in p.as_posix())
    chapter.write_text(chapter.read_text(encoding="utf-8").replace("概要", "ゲームの概要"), encoding="utf-8")
    code, out = show()
    assert code == 0 and "ゲームの概要" in out
    chapter.write_text(chapter.read_text(encoding="utf-8") + "records: [\n", encoding="utf-8")
    load_kb.cache_clear()
    assert main(["--root", str(kb_root), "show", "testgame:1-1"]) == 2
    assert chapter.name in capsys.readouterr().err


def test_the_records_of_a_kept_file_are_checked_and_built_once_for_its_bytes(kb_root: Path, monkeypatch) -> None:
    """A record file read again from the same bytes gives the same clauses without checking each
    record against the schema or building it again (most of a command's load of the rules); a
    file changed to break the schema is refused with its name every time, never answered from
    what was kept."""
    kept = kb_root / "kept"
    first = load_knowledge_base(kb_root, kept=kept).clauses
    with monkeypatch.context() as m:
        m.setattr(store, "fast_clause_validator", lambda: pytest.fail("a kept record checked again"))
        again = load_knowledge_base(kb_root, kept=kept).clauses
    assert again == first and [c.chapter_file for c in again.values()] == [c.chapter_file for c in first.values()]
    chapter = next(p for p in (kb_root / "rules").rglob("*.yaml") if "number_printed: true" in p.read_text(encoding="utf-8"))
    chapter.write_text(chapter.read_text(encoding="utf-8").replace("number_printed: true", "number_printed: \"true\"", 1),
                       encoding="utf-8")
    for _ in range(2):
        with pytest.raises(store.KnowledgeBaseError, match=chapter.name):
            load_knowledge_base(kb_root, kept=kept).clauses
