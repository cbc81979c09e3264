"""tests/queries/lint-translator-12.yaml, written by a helper who does not change the detectors and
split before the lint was run on it: ten inconsistencies or more per game, every game in both halves,
each variant printed in every clause it names, and none an (edition, clause, variant) that another
lint set lists (recall sets) or judged before it (precision rounds to 15)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tcgrules.bench import lint as bench
from tcgrules.kb import load_knowledge_base, store
from tcgrules.kb.model import KnowledgeBase

SET = "lint-translator-12.yaml"
GAMES = {"battle-spirits", "shadowverse-evolve", "zero-dimension", "xinglingwang"}


@pytest.fixture(scope="module")
def kb(root: Path, real_kb_kept: Path) -> KnowledgeBase:
    return load_knowledge_base(root, kept=real_kb_kept)


@pytest.fixture(scope="module")
def halves(root: Path) -> dict[str, list[dict]]:
    return bench.load_halves(root / "tests" / "queries" / SET)


def listed(data) -> set[tuple[str, str, str]]:
    """Every (edition, clause, variant) a lint set names: its entries' `clauses`, its findings' `number`."""
    if isinstance(data, list):
        return {k for d in data for k in listed(d)}
    if not isinstance(data, dict):
        return set()
    own = {(data["edition"], str(n), str(data["found"])) for n in data.get("clauses") or [data.get("number")]
           if n is not None} if "edition" in data and "found" in data else set()
    return own | {k for v in data.values() for k in listed(v)}


def test_ten_or_more_per_game_in_both_halves(halves) -> None:
    entries = halves["tune"] + halves["held_out"]
    games = [d["edition"].split("/")[0] for d in entries]
    assert set(games) == GAMES and min(map(games.count, GAMES)) >= 10
    assert all({d["edition"].split("/")[0] for d in halves[h]} == GAMES for h in bench.HALVES)


def test_every_variant_is_printed_where_it_says(halves, kb) -> None:
    for d in halves["tune"] + halves["held_out"]:
        for number in d["clauses"]:
            printed = "\n".join((c.title or "") + "\n" + c.text for c in kb.by_number(d["edition"], str(number)))
            assert d["found"] in printed, (d["edition"], number, d["found"])


def test_none_is_in_another_lint_set(root: Path, halves) -> None:
    """None was listed or judged before the set was written: a later precision round may judge a
    finding the lint comes to make at one of its places (round 16 did)."""
    queries = root / "tests" / "queries"
    others = {k for p in queries.glob("lint*.yaml") if p.name != SET and not _later_round(p.name)
              for k in listed(store.read_yaml(p))}
    assert not listed(halves["tune"] + halves["held_out"]) & others


def _later_round(name: str) -> bool:
    """Whether ``name`` is a precision round judged after this set was written (16 on)."""
    m = re.fullmatch(r"lint-precision-round(\d+)\.yaml", name)
    return bool(m) and int(m.group(1)) >= 16
