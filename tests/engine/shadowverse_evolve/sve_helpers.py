"""Helpers of the Shadowverse: Evolve engine tests: positions written as a judge writes
them (cards by name or number), actions in the JSON convention, and event clauses."""
from __future__ import annotations

import copy

from tcgrules.engine.api import Rejection
from tcgrules.engine.shadowverse_evolve import GAME
from tcgrules.engine.shadowverse_evolve.cards import Deck, load_pool

FILLER = ["哥布林"] * 10  # a deck to draw from


def position(p0: dict | None = None, p1: dict | None = None, **top) -> dict:
    """A position in player 0's main phase: both players at 5/5 play points unless told."""
    players = []
    for extra, leader in ((p0, "SVL-01"), (p1, "SVL-02")):
        pl = {"leader": leader, "pp": 5, "pp_max": 5, "deck": list(FILLER)}
        pl.update(extra or {})
        players.append(pl)
    out = {"game": "shadowverse-evolve", "turn": 3, "active": 0, "first": 0, "step": "main", "players": players}
    out.update(top)
    return out


def load(data: dict):
    return GAME.load_position(copy.deepcopy(data), "test")


def act(s, kind: str, player: int | None = None, **fields):
    """Apply one action given as in a judge's file; returns (state, events)."""
    data = {"kind": kind, "player": s.active if player is None else player, **fields}
    out = GAME.apply(s, GAME.action_from_json(data, s))
    return out.state, out.events


def rejected(s, kind: str, player: int | None = None, **fields) -> str:
    """The clause an illegal action is rejected with (the state is left as it was)."""
    before = GAME.to_json(s)
    try:
        act(s, kind, player, **fields)
    except Rejection as e:
        assert GAME.to_json(s) == before
        return e.citation.split(":", 1)[1]
    raise AssertionError(f"{kind} {fields} was accepted")


def clauses(events) -> list[str]:
    return [c for e in events for c in e.clauses]


def kinds(s) -> list[str]:
    return [a.kind for a in GAME.legal(s)]


def legal(s, kind: str) -> list:
    return [a for a in GAME.legal(s) if a.kind == kind]


def names(s, p: int) -> list[str]:
    """The names of the cards on a player's field (as shown: evolved cards too)."""
    from tcgrules.engine.shadowverse_evolve.info import shown
    return [shown(u).name for u in s.players[p].field]


def unit(s, p: int, i: int = 0):
    return s.players[p].field[i]


def resolve_all(s, target_of=None):
    """Use every standby ability, in listed order, with the first target listed (or the one
    ``target_of(state, action list)`` picks)."""
    events: list = []
    while s.triggers and s.winner is None:
        options = legal(s, "use_trigger")
        a = target_of(s, options) if target_of else options[0]
        out = GAME.apply(s, a)
        s = out.state
        events += out.events
    return s, events


def deck(leader="SVL-01", main=(("SVF-01", 3),) * 13 + (("SVN-01", 1),), evolve=(), basis="class") -> Deck:
    pool = load_pool()
    cards = tuple(pool.by_number[n].index for n, k in main for _ in range(k))
    evo = tuple(pool.by_number[n].index for n, k in evolve for _ in range(k))
    return Deck("t", pool.by_number[leader].index, basis, cards, evo)


def forest(n: int) -> tuple:
    """n cards of the forest pool, three of each name."""
    numbers = [f"SVF-{i:02d}" for i in range(1, 16)] + [f"SVN-{i:02d}" for i in range(1, 31)]
    out, left = [], n
    for number in numbers:
        if left <= 0:
            break
        out.append((number, min(3, left)))
        left -= 3
    return tuple(out)
