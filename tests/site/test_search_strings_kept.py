"""The glossary concepts' search forms (English inflections, both Chinese scripts: stemming
and OpenCC's dictionaries) kept by the site build for the next one while the site's shape
is the same: a rebuild after one clause changed makes none of them again."""
from __future__ import annotations

from types import SimpleNamespace

from tcgrules.site.page_keys import sha
from tcgrules.site.search_index import RecordStrings


class _Glossary:
    """A glossary that counts what it is asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str]] = []

    def typed_forms(self, concept_id: str):
        self.asked.append(("typed_forms", concept_id))
        return [f"{concept_id} form"], 1

    def aliases(self, concept_id: str):
        self.asked.append(("aliases", concept_id))
        return [f"{concept_id} alias"]


def _strings(kept, shape: str) -> tuple[RecordStrings, _Glossary]:
    glossary = _Glossary()
    ctx = SimpleNamespace(glossary=glossary, keys=SimpleNamespace(of=lambda *parts: sha(shape, *parts), record={}))
    return RecordStrings(ctx, kept), glossary


def test_the_concepts_forms_are_kept_for_a_build_of_the_same_shape(tmp_path):
    kept = tmp_path / "search-strings.pickle"
    strings, glossary = _strings(kept, "shape 1")
    assert strings.forms.typed_forms("spirit") == (["spirit form"], 1)
    assert strings.forms.aliases("spirit") == ["spirit alias"]
    strings.save()
    again, asked = _strings(kept, "shape 1")
    assert again.forms.typed_forms("spirit") == (["spirit form"], 1)
    assert again.forms.aliases("spirit") == ["spirit alias"]
    assert asked.asked == []  # both read as kept
    assert again.forms.aliases("nexus") == ["nexus alias"] and asked.asked == [("aliases", "nexus")]
    again.save()
    third, asked = _strings(kept, "shape 1")
    assert third.forms.aliases("nexus") == ["nexus alias"] and asked.asked == []  # what the last build added, kept


def test_a_changed_shape_makes_the_forms_again(tmp_path):
    kept = tmp_path / "search-strings.pickle"
    strings, _ = _strings(kept, "shape 1")
    strings.forms.typed_forms("spirit")
    strings.save()
    changed, asked = _strings(kept, "shape 2")  # another glossary or code: another shape
    assert changed.forms.typed_forms("spirit") == (["spirit form"], 1)
    assert asked.asked == [("typed_forms", "spirit")]
