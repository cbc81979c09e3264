"""tcgrules diff: crafted revisions of real clauses, imported on the fly and compared."""
from __future__ import annotations

import json

import pytest

import diffkit as kit
from tcgrules import cli
from tcgrules.diff import RevisionError, diff_revisions
from tcgrules.diff import forced as forced_matches
from tcgrules.diff.chardiff import char_diff, skeleton
from tcgrules.diff.report import counts_line, terminal, to_json
from tcgrules.site.diff_html import markdown

BS, JA = "battle-spirits", "ja"


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return kit.make_project(tmp_path_factory.mktemp("diff"))


def diff_ja(project, name, edit, forced=None):
    """Diff the imported ja 1.0 against a crafted copy of its source."""
    new = kit.craft(project, f"{BS}-{name}", BS, JA, edit)
    return diff_revisions(kit.revision(project, f"{BS}/ja/1.0"), kit.revision(project, new), forced)


def by_kind(d) -> dict[str, list[tuple[str | None, str | None]]]:
    out: dict[str, list] = {}
    for ch in d.reported:
        out.setdefault(ch.kind, []).append((ch.old_number, ch.new_number))
    return out


# ---------------------------------------------------------------- character diff


def test_char_diff_splits_cjk_by_character_not_by_space():
    segs = char_diff("デッキの1番上のカード1枚を", "デッキの1番上のカード2枚を")
    assert segs == [("=", "デッキの1番上のカード"), ("-", "1"), ("+", "2"), ("=", "枚を")]


def test_char_diff_absorbs_one_character_islands_between_edits():
    # 攻擊→防禦 twice; the 時 between 發揮 and 標示 must not leave a comb of pieces
    segs = char_diff("且標示為", "並發揮標示為")
    assert segs == [("-", "且"), ("+", "並發揮"), ("=", "標示為")]
    assert char_diff("abcdef", "axcyef") == [("=", "a"), ("-", "bcd"), ("+", "xcy"), ("=", "ef")]


def test_skeleton_ignores_punctuation_width_and_spacing_only():
    assert skeleton("Nが0の場合、何も") == skeleton("Ｎが０の場合 何も")
    assert skeleton("1枚") != skeleton("2枚")


# ---------------------------------------------------------------- crafted revisions


def test_an_unedited_source_diffs_as_all_unchanged(project):
    d = diff_ja(project, "same.ja.txt", lambda lines: lines)
    assert d.reported == []
    assert d.summary["unchanged"] == len(d.old.clauses) == len(d.new.clauses)


def test_an_edit_is_changed_with_a_character_diff(project):
    d = diff_ja(project, "edit.ja.txt", kit.replace_line("5-6-2 ", lambda s: s.replace("カード1枚を", "カード2枚を")))
    assert by_kind(d) == {"changed": [("5-6-2", "5-6-2")]}
    (ch,) = d.reported
    assert ("-", "1") in ch.segments and ("+", "2") in ch.segments
    assert "2枚を" in ch.new_text and "1枚を" in ch.old_text


def test_an_insertion_is_added(project):
    d = diff_ja(project, "insert.ja.txt", kit.insert_after("5-6-3 ", "5-6-4 テスト用に追加されたドローの規則です。"))
    assert by_kind(d) == {"added": [(None, "5-6-4")]}
    assert d.reported[0].new.parent.endswith("/5-6")


def test_a_deletion_is_removed_and_listed_where_it_stood(project):
    d = diff_ja(project, "delete.ja.txt", kit.delete_line("7-3-3 "))
    assert by_kind(d) == {"removed": [("7-3-3", None)]}
    order = [c.number for c in d.changes]
    assert order.index("7-3-3") == order.index("7-3-2") + 1  # placed after its old neighbour


def test_a_renumbered_section_is_renumbered_and_the_new_one_added(project, tmp_path):
    old_kb_numbers = [c.number for c in kit.revision(project, f"{BS}/ja/1.0").clauses
                      if c.number == "10-2" or c.number.startswith("10-2-")]
    edit = kit.chain(kit.renumber_section("10-2", "10-3"),
                     kit.insert_before("10-3 ", "10-2 新しい処理", "10-2-1 これは新しく追加されたルール処理です。"))
    d = diff_ja(project, "renumber.ja.txt", edit)
    kinds = by_kind(d)
    assert kinds["added"] == [(None, "10-2"), (None, "10-2-1")]
    assert kinds["renumbered"] == [(n, "10-3" + n[4:]) for n in old_kb_numbers]
    assert set(kinds) == {"added", "renumbered"}
    assert counts_line(d.summary) == f"2 added · {len(old_kb_numbers)} renumbered"


def test_a_punctuation_only_change_is_minor(project):
    d = diff_ja(project, "punct.ja.txt", kit.replace_line("5-6-3 ", lambda s: s.replace("Nが0の場合、", "Nが0の場合 ")))
    assert by_kind(d) == {"minor": [("5-6-3", "5-6-3")]}
    assert d.reported[0].text_change == "minor"


def test_the_second_11_2_1_4_fixed_to_11_3_1_4_is_renumbered(project):
    def fix(lines):
        i = [i for i, line in enumerate(lines) if line.startswith("11-2-1-4 ")][1]
        lines[i] = lines[i].replace("11-2-1-4", "11-3-1-4", 1)
        return lines
    d = diff_ja(project, "fix.ja.txt", fix)
    assert by_kind(d) == {"renumbered": [("11-2-1-4", "11-3-1-4")]}
    assert d.reported[0].old.id.endswith("/11-2-1-4~2")


def test_a_clause_moved_to_another_section_is_moved(project):
    # 8-1-7-1 (バトル終了時) moved to the end of 8-1-6 as 8-1-6-9 with the same text
    def move(lines):
        i = next(i for i, line in enumerate(lines) if line.startswith("8-1-7-1 "))
        text = lines.pop(i).split(" ", 1)[1]
        j = max(i for i, line in enumerate(lines) if line.startswith("8-1-6-"))
        return lines[:j + 1] + ["", f"8-1-6-99 {text}"] + lines[j + 1:]
    d = diff_ja(project, "move.ja.txt", move)
    assert by_kind(d) == {"moved": [("8-1-7-1", "8-1-6-99")]}


def test_an_unnumbered_source_with_a_reworded_item(project):
    new = kit.craft(project, "xinglingwang-reword.zh-Hant.txt", "xinglingwang", "zh-Hant",
                    kit.replace_line("(1)必須使用", lambda s: s.replace("剛好二十張", "至少二十五張")))
    d = diff_revisions(kit.revision(project, "xinglingwang/zh-Hant/r1"), kit.revision(project, new))
    assert [(c.kind, c.old.label, c.new.label) for c in d.reported] == [("changed", "(1)", "(1)")]
    deleted = "".join(t for op, t in d.reported[0].segments if op == "-")
    inserted = "".join(t for op, t in d.reported[0].segments if op == "+")
    assert "剛好" in deleted and "至少" in inserted and "二十" not in deleted


def test_forced_matches_override_the_pairing(project, tmp_path):
    matches = tmp_path / "diff-matches.yaml"
    matches.write_text("matches:\n- game: battle-spirits\n  lang: ja\n  old: '1.0'\n  new: '*'\n"
                       "  pairs:\n  - [5-6-2, null]\n  - [null, 5-6-2]\n", encoding="utf-8")
    edit = kit.replace_line("5-6-2 ", lambda s: s.replace("カード1枚を", "カード2枚を"))
    d = diff_ja(project, "forced.ja.txt", edit, forced_matches.load(matches))
    assert by_kind(d) == {"added": [(None, "5-6-2")], "removed": [("5-6-2", None)]}
    matches.write_text("matches:\n- {game: battle-spirits, old: '1.0', new: '*', pairs: [[5-6-77, 5-6-2]]}\n")
    with pytest.raises(forced_matches.ForcedMatchError, match="no record numbered 5-6-77"):
        diff_ja(project, "forced.ja.txt", edit, forced_matches.load(matches))


def test_the_project_forced_matches_file_is_present_and_valid(root):
    assert (root / forced_matches.FILE).is_file()
    forced_matches.load(root / forced_matches.FILE)  # raises on a malformed file


# ---------------------------------------------------------------- outputs


def test_json_changelog_lists_every_record_that_is_not_unchanged(project, capsys):
    edit = kit.chain(kit.replace_line("5-6-2 ", lambda s: s.replace("カード1枚を", "カード2枚を")),
                     kit.delete_line("7-3-3 "))
    new = kit.craft(project, f"{BS}-json.ja.txt", BS, JA, edit)
    assert cli.main(["--root", str(project), "diff", f"{BS}/ja/1.0", str(new), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["changed"] == 1 and data["summary"]["removed"] == 1
    assert [(c["kind"], c["old_number"], c["new_number"]) for c in data["changes"]] == [
        ("changed", "5-6-2", "5-6-2"), ("removed", "7-3-3", None)]
    assert set(data["changes"][0]) >= {"kind", "old_number", "new_number", "old_text", "new_text"}
    assert data["changes"][1]["new_text"] is None and data["affected_tests"] == []


def test_terminal_and_markdown_outputs(project):
    d = diff_ja(project, "out.ja.txt", kit.chain(
        kit.replace_line("5-6-2 ", lambda s: s.replace("カード1枚を", "カード2枚を")), kit.delete_line("7-3-3 ")))
    plain = terminal(d, color=False)
    assert "[-1-]{+2+}" in plain and plain.count("\x1b[") == 0
    assert "1 changed · 1 removed" in plain
    assert "\x1b[32m2\x1b[0m" in terminal(d, color=True)
    md = markdown(d)
    assert "<del>1</del><ins>2</ins>" in md and "## Removed (1)" in md
    assert to_json(d)["summary"] == d.summary


# ---------------------------------------------------------------- bad input


def run_cli(project, capsys, *args) -> tuple[int, str]:
    rc = cli.main(["--root", str(project), "diff", *args])
    return rc, capsys.readouterr().err


def test_a_missing_file_is_a_usage_error(project, capsys):
    rc, err = run_cli(project, capsys, f"{BS}/ja/1.0", str(project / "nope.ja.txt"))
    assert rc == 2 and "nope.ja.txt: no such file" in err and "Traceback" not in err


def test_an_unreadable_file_is_a_usage_error(project, capsys):
    bad = project / "battle-spirits.bad.ja.txt"
    bad.write_bytes(b"1 \xff\xfe broken\n")
    rc, err = run_cli(project, capsys, f"{BS}/ja/1.0", str(bad))
    assert rc == 2 and "not UTF-8" in err


def test_an_unknown_game_is_a_usage_error(project, capsys):
    rc, err = run_cli(project, capsys, "1.0", "1.0", "--game", "pokemon")
    assert rc == 2 and "unknown game 'pokemon'" in err


def test_revisions_of_different_languages_or_games_are_refused(project, capsys):
    rc, err = run_cli(project, capsys, f"{BS}/ja/1.0", f"{BS}/zh-Hant/1.0")
    assert rc == 2 and "is in ja but" in err and "align" in err
    rc, err = run_cli(project, capsys, f"{BS}/ja/1.0", "xinglingwang/zh-Hant/r1")
    assert rc == 2 and "is battle-spirits but" in err


def test_ambiguous_revision_and_unnamed_file_ask_for_game_and_lang(project, capsys):
    rc, err = run_cli(project, capsys, "1.0", "1.0", "--game", BS)
    assert rc == 2 and "ambiguous" in err and "--lang" in err
    anonymous = kit.craft(project, "rules-new.txt", BS, JA, lambda lines: lines)
    with pytest.raises(RevisionError, match="cannot tell the game"):
        kit.revision(project, anonymous)
    # with --game, the language comes from the script of the text (kana: ja)
    assert kit.revision(project, anonymous, game=BS).edition.lang == "ja"


def test_the_bench_workload_exercises_every_pairing_round(project):
    from tcgrules.diff import Revision
    from tcgrules.bench import diff as bench

    old = kit.revision(project, f"{BS}/ja/1.0")
    crafted = bench.perturb(old.clauses)
    d = diff_revisions(old, Revision(old.edition, crafted, old.edition.key))
    n = len(old.clauses)
    assert d.summary["removed"] == n // 29 and d.summary["added"] == n // 31
    assert d.summary["renumbered"] > 10 and d.summary["changed"] >= n // 10 - n // 29
    assert sum(d.summary.values()) == n + d.summary["added"]  # every old record counted once
