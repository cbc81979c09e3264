"""Positions a judge writes (position.schema.json): the phase of the turn and each player's
zones and units by card name; and the judge's named view of a state (:func:`zones`)."""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..action import Events
from ..api import PositionError
from ..core import new_rng
from .actions import owned
from .info import CARDS, attack, card_of, score, unit_score
from .cards import POOL
from .state import (ATTACK, DECLARE_NAMES, FOREST, PHASE_NAMES, PLACES, STATUS_NAMES, State, Player, Unit,
                    parse_place, place_name)
from .turn import advance

FILLER = "迷途小子"  # the card of a deck written as a number
RACES = ("蒸汽世界", "馬戲團")


def schema() -> dict:
    return json.loads(resources.files(__package__).joinpath("position.schema.json").read_text(encoding="utf-8"))


def card(text: str, where: str, field: str) -> int:
    found = POOL.by_number.get(text) or POOL.by_name.get(text)
    if found is None:
        raise PositionError(f"unknown card {text!r} (not in the card pool)", where, field)
    return found.index


def cards(names: list, where: str, field: str) -> list[int]:
    return [card(n, where, f"{field}[{i}]") for i, n in enumerate(names)]


def position_state(data: dict, where: str) -> State:
    """The state a position describes (checked against the schema already)."""
    players = [player(d, i, where) for i, d in enumerate(data["players"])]
    s = State(players, new_rng(0))
    s.turn = data.get("turn", 3)
    s.active = s.priority = s.chooser = data.get("active", 0)
    s.first = data.get("first", 0)
    s.phase = PHASE_NAMES.index(data.get("phase", "summon"))
    s.countdown = data.get("countdown", 0)
    s.fusion = 2 if data.get("fused", False) else 0
    for i, d in enumerate(data["players"]):
        for j, u in enumerate(d.get("units", [])):
            put_unit(s, i, u, where, f"players[{i}].units[{j}]")
    for o, pl in enumerate(s.players):
        pl.cards = owned(s, o)
    return s


def player(d: dict, i: int, where: str) -> Player:
    field = f"players[{i}]"
    deck = d.get("deck", 10)
    deck_cards = [card(FILLER, where, f"{field}.deck")] * deck if isinstance(deck, int) \
        else cards(deck, where, f"{field}.deck")[::-1]  # written top first; kept top last
    pl = Player(d.get("race", RACES[i]), deck_cards, d.get("forest", FOREST))
    pl.hand = cards(d.get("hand", []), where, f"{field}.hand")
    pl.grave = cards(d.get("grave", []), where, f"{field}.grave")
    pl.banished = cards(d.get("banished", []), where, f"{field}.banished")
    pl.wheel = cards(d.get("wheel", []), where, f"{field}.wheel")
    pl.bonus, pl.charge = d.get("bonus", 0), d.get("charge", 0)
    pl.declared = DECLARE_NAMES.index(d.get("declared", "none"))
    if "field_card" in d:
        pl.field_card = card(d["field_card"], where, f"{field}.field_card")
        if CARDS[pl.field_card].type != "field":
            raise PositionError(f"{d['field_card']} is not a field card", where, f"{field}.field_card")
    return pl


def put_unit(s: State, p: int, d: dict, where: str, field: str) -> None:
    slot = parse_place(d["at"])
    if s.players[p].field[slot] is not None:
        raise PositionError(f"two units on {d['at']}", where, f"{field}.at")
    c = card(d["card"], where, f"{field}.card")
    if CARDS[c].kind == "magic":
        raise PositionError(f"{d['card']} is a magic card, not a unit", where, f"{field}.card")
    status = STATUS_NAMES.index(d.get("state", "upright"))
    aim = ("front", "back").index(d["aim"]) if "aim" in d else -1
    u = Unit(s.new_uid(), c, CARDS[c].kind == "traveler", status, aim, bool(d.get("entered", False)) and slot % 2 == 0,
             status == ATTACK, bool(d.get("imprisoned", False)), d.get("atk", 0), 0,
             cards(d.get("under", []), where, f"{field}.under"), cards(d.get("given", []), where, f"{field}.given"),
             cards(d.get("kidnapped", []), where, f"{field}.kidnapped"), d.get("riders", 0),
             bool(d.get("boarded", False)))
    s.players[p].field[slot] = u


def unit_view(u: Unit, slot: int) -> dict:
    return {"place": place_name(slot), "name": card_of(u).name, "number": card_of(u).number,
            "status": STATUS_NAMES[u.status], "attack": attack(u), "score": unit_score(u),
            "under": [CARDS[c].name for c in u.under], "given": [CARDS[c].name for c in u.given],
            "kidnapped": [CARDS[c].name for c in u.kidnapped], "riders": u.riders, "imprisoned": u.imprisoned}


def zones(s: State) -> dict:
    """Every card of every zone by name, with each unit's values."""
    out = {"turn": s.turn, "active": s.active, "phase": PHASE_NAMES[s.phase], "countdown": s.countdown, "players": []}
    for p, pl in enumerate(s.players):
        out["players"].append({  # type: ignore[attr-defined]
            "race": pl.race, "score": score(s, p), "bonus": pl.bonus, "charge": pl.charge, "forest": pl.forest,
            "deck": len(pl.deck), "hand": [CARDS[c].name for c in pl.hand],
            "grave": [CARDS[c].name for c in pl.grave], "banished": [CARDS[c].name for c in pl.banished],
            "wheel": [CARDS[c].name for c in pl.wheel],
            "field_card": CARDS[pl.field_card].name if pl.field_card >= 0 else None,
            "units": [unit_view(u, slot) for slot, u in enumerate(pl.field) if u is not None]})
    return out


def describe_state(s: State) -> str:
    """The position for people: the phase, then each player's score, zones and units."""
    lines = [f"turn {s.turn}, player {s.active}'s turn, phase {PHASE_NAMES[s.phase]}, star fronts flipped {s.countdown}"]
    for p, pl in enumerate(s.players):
        lines.append(f"player {p} ({pl.race}): score {score(s, p)} (bonus {pl.bonus}), charge {pl.charge}, "
                     f"deck {len(pl.deck)}, forest {pl.forest}, graveyard {len(pl.grave)}")
        lines.append("  hand: " + ", ".join(CARDS[c].name for c in pl.hand))
        for slot in range(PLACES):
            u = pl.field[slot]
            if u is not None:
                extra = f" under {','.join(CARDS[c].name for c in u.under)}" if u.under else ""
                lines.append(f"  {place_name(slot)} {card_of(u).name} {STATUS_NAMES[u.status]} attack {attack(u)}"
                             f" score {unit_score(u)}{extra}")
    if s.pending is not None:
        lines.append(f"player {s.pending.player} to choose: {s.pending.kind}")
    return "\n".join(lines)


def settle(s: State, events: Events) -> None:
    """The steps a position's phase runs by itself, up to its first choice."""
    advance(s, events)
