"""The glossary concepts' search forms (English inflections, both Chinese scripts: stemming
and OpenCC's dictionaries) kept by the site build for the next one while the site's shape
is the same: a rebuild after one clause changed makes none of them again."""
from __future__ import annotations

import copy
import json
from types import SimpleNamespace

from tcgrules.kb.concepts import Glossary
from tcgrules.site import search_index
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



def _ruled(glossary: Glossary, printed: str) -> Glossary:
    """A copy of ``glossary`` (a session's, never changed) reading ``printed`` as what the rules
    print, Zero Dimension's Rush defined by it."""
    ruled = copy.copy(glossary)
    ruled.read_printed(lambda: printed)
    ruled.read_definitions({"zero-dimension/rush": printed})
    return ruled


def test_the_term_lookup_is_made_once_for_a_glossary_and_what_it_reads_of_the_rules_every_build(
        glossary, tmp_path, monkeypatch):
    """The term lookup's tables (a second of stemming) made from the glossary alone are kept
    for the next build of the same shape; those it reads from the rules (how often each term
    is printed, what a clause defining a concept says: the site bench's change rewords one
    defining Battle Spirits' formats) are made again every build: the lookup is the one a
    build from nothing makes."""
    lookups: list[Glossary] = []
    lookup_tables = Glossary.lookup_tables
    monkeypatch.setattr(Glossary, "lookup_tables", lambda g: lookups.append(g) or lookup_tables(g))
    kept = tmp_path / "search-strings.pickle"
    texts = ["突袭的角色当回合就能攻击", "突袭的角色当回合就能攻击（改）", "突袭的角色当回合就能攻击突袭"]
    for text in texts:
        ctx = SimpleNamespace(glossary=_ruled(glossary, text), concept_url=lambda c: f"glossary/{c}/",
                              keys=SimpleNamespace(of=lambda *parts: sha("shape", *parts)))
        strings = RecordStrings(ctx, kept)
        lookup = strings.term_lookup()
        assert lookups == [ctx.glossary] if text == texts[0] else len(lookups) == 1
        assert lookup["printed"]["突袭"] == text.count("突袭")
        assert lookup["written_descriptions"] == {"glossary/zero-dimension/rush/": text}
        assert json.dumps(lookup) == json.dumps(search_index.term_lookup(ctx))  # the same, in the same order
        lookups[1:] = []
        strings.save()
