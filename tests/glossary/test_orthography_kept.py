"""The style lists' forms for an edition's script, kept in a build folder by the lists' bytes:
a site rebuild's findings worker reads them there instead of loading OpenCC's Taiwan
dictionaries (a tenth of a second) to convert the ``zh`` entries again."""
from __future__ import annotations

from pathlib import Path

from tcgrules.glossary.consistency import STYLE_DIR, orthography_list
from tcgrules.kb import text


def _lists(root: Path, wording: str) -> None:
    (root / STYLE_DIR).mkdir(parents=True, exist_ok=True)
    (root / STYLE_DIR / "wording.yaml").write_text(wording, encoding="utf-8")
    (root / STYLE_DIR / "orthography.yaml").write_text("- {lang: ja, forms: [無けれ, なけれ], why: kana}\n",
                                                     encoding="utf-8")


def test_kept_forms_are_the_converted_ones_and_need_no_converter(tmp_path):
    _lists(tmp_path, "- {lang: zh, forms: [对方, 对手], why: opponent}\n")
    kept = tmp_path / "kept"
    made = orthography_list(tmp_path, "zh-Hant", kept)
    assert made == orthography_list(tmp_path, "zh-Hant") == [
        {"forms": ["對方", "對手"], "why": "opponent", "kind": "wording"}]
    text._converter.cache_clear()
    assert orthography_list(tmp_path, "zh-Hant", kept) == made
    assert text._converter.cache_info().currsize == 0  # read as kept: no OpenCC dictionary loaded


def test_a_changed_list_is_converted_again(tmp_path):
    kept = tmp_path / "kept"
    _lists(tmp_path, "- {lang: zh, forms: [对方, 对手], why: opponent}\n")
    orthography_list(tmp_path, "zh-Hant", kept)
    _lists(tmp_path, "- {lang: zh, forms: [玩家, 游戏者], why: player}\n")
    assert orthography_list(tmp_path, "zh-Hant", kept)[0]["forms"] == ["玩家", "遊戲者"]
    assert orthography_list(tmp_path, "zh-Hans", kept)[0]["forms"] == ["玩家", "游戏者"]  # each script its own
    assert orthography_list(tmp_path, "ja", kept) == [{"forms": ["無けれ", "なけれ"], "why": "kana", "kind": "variant"}]
