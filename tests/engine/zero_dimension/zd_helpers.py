"""Positions written in a test, and actions applied to them through the framework."""
from __future__ import annotations

from tcgrules.engine.zero_dimension import GAME

P = {"kind": "pass"}
RES = ["海贼一号"] * 3 + ["武道家一号"] * 2 + ["魔法师一号"] * 2 + ["圣骑士一号", "忍者一号", "森林一号"]


def player(**kw) -> dict:
    return {"deck": ["海贼一号"] * 5, "life": ["海贼三号"] * 3, "hand": [], "resources": list(RES), **kw}


def position(p0: dict | None = None, p1: dict | None = None, **kw) -> dict:
    return {"turn": 3, "active": 0, "step": "main", **kw, "players": [player(**(p0 or {})), player(**(p1 or {}))]}


def play(data: dict, actions: list):
    """The state after the actions (each in the JSON convention), from a settled position."""
    s = GAME.settle(GAME.load_position(data)).state
    for a in actions:
        s = GAME.apply(s, GAME.action_from_json(a, s)).state
    return s


def names(s, p: int, zone: str) -> list[str]:
    from tcgrules.engine.zero_dimension.info import CARDS

    if zone == "field":
        return [CARDS[u.card].name for u in s.players[p].field]
    return sorted(CARDS[c].name for c in getattr(s.players[p], zone))


def legal_texts(s) -> list[str]:
    return [GAME.describe(s, a) for a in GAME.legal(s)]
