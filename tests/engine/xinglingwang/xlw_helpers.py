"""Helpers of the 星靈王 engine tests: positions as a judge writes them, actions in the JSON
convention, and the scenario runner of scenarios.yaml."""
from __future__ import annotations

from pathlib import Path

import pytest

from runkit import read_yaml

from tcgrules.engine import run
from tcgrules.engine.api import Rejection
from tcgrules.engine.xinglingwang import GAME
from tcgrules.engine.xinglingwang.info import CARDS, attack, score
from tcgrules.engine.xinglingwang.state import PHASE_NAMES, place_name, parse_place

SCENARIOS = read_yaml(Path(__file__).with_name("scenarios.yaml"))
ZONES = ("hand", "grave", "banished", "wheel")


def load(position: dict):
    """The state a position describes, settled up to its first choice (as the judge opens it)."""
    return GAME.settle(GAME.load_position(position)).state


def act(state, **action):
    """Apply one action written in the JSON convention; returns the new state."""
    return GAME.apply(state, GAME.action_from_json(action, state)).state


def rejected(state, **action) -> str:
    """The record an action is refused with (``"9.2"``)."""
    with pytest.raises(Rejection) as e:
        act(state, **action)
    return e.value.citation.split(":", 1)[1]


def units(state, p: int) -> list[str]:
    """A player's units as ``name@place`` in front order, ``:attack``/``:sideways`` when not upright."""
    out = []
    for slot, u in enumerate(state.players[p].field):
        if u is not None:
            status = ("", ":attack", ":sideways")[u.status]
            out.append(f"{CARDS[u.card].name}@{place_name(slot)}{status}")
    return out


def zone(state, p: int, name: str) -> list[str]:
    return sorted(CARDS[c].name for c in getattr(state.players[p], name))


def value(state, path: str):
    """``"0.score"``, ``"1.forest"``, ``"0.attack.3F"``, ``"0.field_card"``; or a state's own
    ``countdown``, ``active``, ``turn``."""
    if "." not in path:
        return getattr(state, path)
    head, key, *rest = path.split(".")
    p = int(head)
    pl = state.players[p]
    if key == "score":
        return score(state, p)
    if key == "attack":
        return attack(pl.field[parse_place(rest[0])])
    if key == "riders":
        return sum(u.riders for u in pl.field if u is not None)
    if key == "field_card":
        return CARDS[pl.field_card].name if pl.field_card >= 0 else None
    if key == "declared":
        return ("none", "score", "units")[pl.declared]
    if key == "deck":
        return len(pl.deck)
    return getattr(pl, key)


def scenario(name: str) -> None:
    data = SCENARIOS[name]
    expect = data["expect"]
    report = run.judge_position(GAME, data["position"], data["actions"])
    state = GAME.from_json(report.final)
    if "rejected" in expect:
        assert report.rejected.endswith(f"(xinglingwang:{expect['rejected']})"), report.rejected
        assert len(report.steps) == len(data["actions"]) - 1
    else:
        assert report.rejected == "" and len(report.steps) == len(data["actions"]), report.rejected
    trace = " ".join([*report.opening, *(line for _, lines in report.steps for line in lines)])
    for clause in expect.get("trace", []):
        assert f" {clause}" in trace or f", {clause}" in trace, (clause, trace)
    for p, want in expect.get("units", {}).items():
        assert units(state, int(p)) == want, (p, units(state, int(p)))
    for zone_name in ZONES:
        for p, want in expect.get(zone_name, {}).items():
            assert zone(state, int(p), zone_name) == sorted(want), (zone_name, p)
    for path, want in expect.get("values", {}).items():
        assert value(state, path) == want, (path, value(state, path))
    if "phase" in expect:
        assert PHASE_NAMES[state.phase] == expect["phase"]
    if "pending" in expect:
        assert state.pending is not None and state.pending.kind == expect["pending"]
    if "winner" in expect:
        result = GAME.result(state)
        assert result is not None and result.winner == expect["winner"], result
