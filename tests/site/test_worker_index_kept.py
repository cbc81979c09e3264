"""The worker's index (``built`` in search/site_index.json) made again from the last build's:
a rebuild after a clause changed tokenizes only the documents that changed, and ships the
index a build from nothing makes, byte for byte; a build killed while it keeps its parts
leaves the next build answering right."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from tcgrules.site import search_index
from tcgrules.site.page_keys import sha
from tcgrules.site.search_index import RecordStrings

FOLD = {"靈": "灵", "A": "a"}


def _doc(n: int, text: str, **more) -> dict:
    return {"location": f"game/zh-Hant/1/#{n}", "title": f"{n} 靈魂卡", "text": text, "head": [str(n), "靈魂卡"],
            **more}


def _index(docs: list[dict]) -> dict:
    return {"config": {"tcgrules": {"fold": FOLD}}, "docs": docs}


DOCS = [_doc(1, "<p>靈魂卡的核心 Spirit Nexus</p>", more=["スピリット"]), _doc(2, "核心放到靈魂卡上"),
        {"location": "glossary/game/#spirit", "title": "Spirit", "text": "", "head": ["靈魂卡", "spirit"]},
        _doc(3, "8-1-6-1 回合結束"), {"location": "game/zh-Hant/1/", "title": "第一章", "text": "回合"},
        _doc(2, "核心放到靈魂卡上（重）")]  # a location twice: the worker keeps the first place, the last document

# Each rebuild's documents: a reworded clause (a token gone, a new one), a clause added, one
# removed, none changed, and two reworded at once.
EDITS = [
    lambda docs: [_doc(1, "<p>靈魂卡的核心放到虛無區 Spirit</p>", more=["スピリット"]), *docs[1:]],
    lambda docs: [*docs[:3], _doc(9, "新的規則 ABC"), *docs[3:]],
    lambda docs: docs[1:],
    lambda docs: docs,
    lambda docs: [_doc(1, "Spirit Spirit 靈魂"), *docs[1:4], _doc(3, "8-1-6-2 回合開始"), *docs[5:]],
]


def _strings(kept) -> RecordStrings:
    return RecordStrings(SimpleNamespace(glossary=None, keys=SimpleNamespace(of=lambda *parts: sha("shape", *parts))),
                         kept)


def _shipped(docs: list[dict], kept=None) -> str:
    """The shipped index of ``docs`` as the site writes it (kept in ``kept`` for the next build)."""
    strings = _strings(kept) if kept is not None else None
    index = search_index.shipped(_index(json.loads(json.dumps(docs))), strings)
    if strings is not None:
        strings.save()
    return json.dumps(index, ensure_ascii=False, separators=(",", ":"))


@pytest.fixture
def tokenized(monkeypatch) -> list[dict]:
    """The documents tokenized (``_fields``) by the builds that follow."""
    seen: list[dict] = []
    fields = search_index._fields
    monkeypatch.setattr(search_index, "_fields", lambda d, fold: seen.append(d) or fields(d, fold))
    return seen


def test_a_rebuild_tokenizes_only_the_changed_documents_and_ships_the_index_a_build_from_nothing_makes(
        tmp_path, tokenized):
    kept = tmp_path / "search-strings.pickle"
    docs = DOCS
    _shipped(docs, kept)
    for edit in EDITS:
        before = docs
        docs = edit(docs)
        tokenized.clear()
        rebuilt = _shipped(docs, kept)
        places = list({d["location"]: d for d in docs}.values())
        new = [d for d in places if d not in before]
        assert tokenized == new  # a changed document's tokens made again, the others' kept
        assert rebuilt == _shipped(docs)


def test_a_build_killed_while_it_keeps_its_parts_leaves_the_next_one_answering_right(tmp_path, monkeypatch):
    """Killed before the kept file is replaced (the last build's file stays, beside a temporary
    one), or with the file torn (a copy cut short), or after it kept its parts but before the
    site was switched in: the next build ships what a build from nothing makes."""
    kept = tmp_path / "search-strings.pickle"
    _shipped(DOCS, kept)
    one, two = EDITS[0](DOCS), EDITS[4](EDITS[0](DOCS))

    def killed(path, data):
        path.with_name(f"{path.name}.1.tmp").write_bytes(data[:len(data) // 2])
        raise KeyboardInterrupt
    with monkeypatch.context() as m:
        m.setattr(search_index, "keep", killed)
        with pytest.raises(KeyboardInterrupt):
            _shipped(one, kept)
    assert _shipped(two, kept) == _shipped(two)  # kept from DOCS; the change in `one` is made too
    data = kept.read_bytes()
    kept.write_bytes(data[:len(data) // 3])
    assert _shipped(one, kept) == _shipped(one)
    assert _shipped(one, kept) == _shipped(one)  # kept whole again: nothing changed
