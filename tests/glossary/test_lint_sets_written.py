"""The lint sets written by a helper who does not change the detectors and split before the lint was
run on them (tests/queries/lint-translator-12.yaml, -14.yaml and -15.yaml to -19.yaml): each variant
printed in every clause it names; set 12 has ten or more per game, in both halves (set 14 has one entry
for 星靈王, the earlier sets having listed the rest).

Sets 12 and 14 also list no (edition, clause, variant) that another lint set lists (recall sets) or judged
before it (precision rounds up to the set's own). Sets 15 to 19 deliberately do NOT follow that rule:
they list everything printed in passages drawn at random, so that they are representative rather than the
residue the lint misses; their only exclusion was what an earlier recall set's `tune:` half lists (the
detectors were fitted on those), which is checked instead (set 16 has no 星靈王 entry left after it, set 17
one, in its tune half only; sets 17 and 18, written side by side, each left out the tune halves up to set
16's; set 19 has no Zero Dimension entry left and 星靈王 only in its tune half)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tcgrules.bench import lint as bench
from tcgrules.kb import load_knowledge_base, store
from tcgrules.kb.model import KnowledgeBase

GAMES = {"battle-spirits", "shadowverse-evolve", "zero-dimension", "xinglingwang"}
# set: (the last precision round judged before it was written, or None for a set that does not keep apart
# from the others, fewest entries per game, every game in both halves)
SETS = {
    "lint-translator-12.yaml": (15, 10, True),
    "lint-translator-14.yaml": (23, 1, False),
    "lint-translator-15.yaml": (None, 4, True),
    "lint-translator-16.yaml": (None, 0, False),
    "lint-translator-17.yaml": (None, 1, False),
    "lint-translator-18.yaml": (None, 2, True),
    "lint-translator-19.yaml": (None, 0, False),
}
# a representative set: listed whatever its passages print, but nothing the tune half of an earlier recall
# set lists, up to the set named here (sets 17 and 18 were written side by side, each without the other)
REPRESENTATIVE = {"lint-translator-15.yaml": 14, "lint-translator-16.yaml": 15,
                  "lint-translator-17.yaml": 16, "lint-translator-18.yaml": 16,
                  "lint-translator-19.yaml": 18}


@pytest.fixture(scope="module")
def kb(root: Path, real_kb_kept: Path) -> KnowledgeBase:
    return load_knowledge_base(root, kept=real_kb_kept)


@pytest.fixture(scope="module", params=sorted(SETS))
def written(request, root: Path) -> tuple[str, dict[str, list[dict]]]:
    return request.param, bench.load_halves(root / "tests" / "queries" / request.param)


def listed(data) -> set[tuple[str, str, str]]:
    """Every (edition, clause, variant) a lint set names: its entries' `clauses`, its findings' `number`."""
    if isinstance(data, list):
        return {k for d in data for k in listed(d)}
    if not isinstance(data, dict):
        return set()
    own = {(data["edition"], str(n), str(data["found"])) for n in data.get("clauses") or [data.get("number")]
           if n is not None} if "edition" in data and "found" in data else set()
    return own | {k for v in data.values() for k in listed(v)}


def test_every_game_enough_entries(written) -> None:
    name, halves = written
    _, fewest, both = SETS[name]
    games = [d["edition"].split("/")[0] for d in halves["tune"] + halves["held_out"]]
    # fewest 0: a representative set, where a game whose finds the exclusion all dropped has none
    assert set(games) <= GAMES and (not fewest or (set(games) == GAMES and min(map(games.count, GAMES)) >= fewest))
    assert not both or all({d["edition"].split("/")[0] for d in halves[h]} == GAMES for h in bench.HALVES)


def test_every_variant_is_printed_where_it_says(written, kb) -> None:
    for d in written[1]["tune"] + written[1]["held_out"]:
        for number in d["clauses"]:
            printed = "\n".join((c.title or "") + "\n" + c.text for c in kb.by_number(d["edition"], str(number)))
            assert d["found"] in printed, (d["edition"], number, d["found"])


def test_none_is_in_another_lint_set(root: Path, written) -> None:
    """None was listed or judged before the set was written: a later precision round may judge a
    finding the lint comes to make at one of its places (round 16 did, after set 12), and a later
    representative set lists whatever its passages print."""
    name, halves = written
    if SETS[name][0] is None:
        pytest.skip("a representative set lists what other sets list too")
    queries = root / "tests" / "queries"
    others = {k for p in queries.glob("lint*.yaml") if p.name != name and not _later_round(p.name, SETS[name][0])
              and p.name not in REPRESENTATIVE for k in listed(store.read_yaml(p))}
    assert not listed(halves["tune"] + halves["held_out"]) & others


def _later_round(name: str, last: int) -> bool:
    """Whether ``name`` is a precision round judged after round ``last``."""
    m = re.fullmatch(r"lint-precision-round(\d+)\.yaml", name)
    return bool(m) and int(m.group(1)) > last


def test_representative_set_leaves_out_earlier_tune_halves(root: Path, written) -> None:
    """A representative set dropped, after writing, each (edition, clause, variant) that the `tune:` half
    of an earlier recall set lists, a variant counted as the same when either contains the other."""
    name, halves = written
    if name not in REPRESENTATIVE:
        pytest.skip("not a representative set")
    queries = root / "tests" / "queries"
    earlier = [queries / "lint.yaml"] + [p for p in queries.glob("lint-translator*.yaml")
                                         if 0 < _set_number(p.name) <= REPRESENTATIVE[name]]
    tuned = {k for p in earlier for k in listed(bench.load_halves(p)["tune"])}
    for edition, number, found in listed(halves["tune"] + halves["held_out"]):
        assert not [f for e, n, f in tuned if (e, n) == (edition, number) and (f in found or found in f)], \
            (edition, number, found)


def _set_number(name: str) -> int:
    """The number of a recall set tests/queries/lint-translator[-N].yaml (1 for the first)."""
    m = re.fullmatch(r"lint-translator(?:-(\d+))?\.yaml", name)
    return int(m.group(1) or 1) if m else 0
