"""Positions a judge writes (YAML or JSON): checked against ``position.schema.json`` by the
framework, then here against the rules (cards that exist and fit their zone)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..api import PositionError, find_card
from ..core import new_rng
from .cards import CardDef, load_pool
from ..action import Events
from .actions import settle as settle_after_action
from .info import CARDS, attack, card, defense, level
from .rules import cites
from .state import LIFE_TARGET, NONE, STEP_NAMES, Player, Resource, State, Unit
from .turn import result
from .zones import check_states, count_cards

SCHEMA_PATH = Path(__file__).resolve().parent / "position.schema.json"


def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def card_of(ref: Any, where: str, field: str, kinds: tuple[str, ...] = ()) -> CardDef:
    return find_card(load_pool().cards, str(ref), where, field, kinds)


@cites("205.p1", "206.p3", "319.p5")
def position_state(data: Any, where: str = "") -> State:
    """The state a position describes; a problem is one PositionError naming the field."""
    players = []
    uid = 0
    for i, pd in enumerate(data["players"]):
        at = f"players[{i}]"

        def zone(key: str) -> list[int]:
            return [card_of(c, where, f"{at}.{key}[{k}]").index for k, c in enumerate(pd.get(key, []))]

        pl = Player(zone("deck"), zone("life"), zone("hand"), rest=zone("rest"), removed=zone("removed"),
                    mulliganed=True, leveled=pd.get("leveled", False))
        for k, r in enumerate(pd.get("resources", [])):
            r = r if isinstance(r, dict) else {"card": r}
            pl.resources.append(Resource(card_of(r["card"], where, f"{at}.resources[{k}]").index,
                                         r.get("tapped", False), r.get("up", True)))
        for k, ud in enumerate(pd.get("field", [])):
            uid = put_unit(pl, i, ud, uid, data.get("turn", 1), where, f"{at}.field[{k}]")
        if sum(1 for u in pl.field if CARDS[u.card].kind == "event") > 1:
            raise PositionError("two events in one event zone (206.p3)", where, f"{at}.field")
        players.append(pl)
    s = State(players, new_rng(int(data.get("seed", 0))))
    s.turn, s.active, s.first = data.get("turn", 1), data.get("active", 0), data.get("first", 0)
    s.step = STEP_NAMES.index(data.get("step", "main"))
    s.priority = s.active
    s.next_uid = uid
    attack_in(s, data.get("attack"), where)
    s.cards_total = count_cards(s)
    return s


def put_unit(pl: Player, p: int, ud: dict, uid: int, turn: int, where: str, at: str) -> int:
    c = card_of(ud["card"], where, f"{at}.card", ("character", "event"))
    u = Unit(uid, c.index, ud.get("owner", p), ud.get("tapped", False), ud.get("damage", 0),
             [c.index] * (ud.get("level", 1) - 1), turn if ud.get("new", False) else 0,
             charged=ud.get("charged", NONE), undead=ud.get("undead", 0), how=ud.get("by", ""))
    pl.field.append(u)
    uid += 1
    if "equip" in ud:
        if c.kind != "character":
            raise PositionError("only a character is equipped (319.p2)", where, f"{at}.equip")
        e = card_of(ud["equip"], where, f"{at}.equip", ("equip",))
        pl.field.append(Unit(uid, e.index, p, host=u.uid))
        u.equip = uid
        uid += 1
    return uid


def attack_in(s: State, data: dict | None, where: str) -> None:
    """A battle under way: its characters by number, checked to be in the right battle zone."""
    if data is None:
        return

    def number(key: str, p: int) -> int:
        n = data[key]
        if s.unit(n) is None or s.unit(n)[0] != p:  # type: ignore[index]
            raise PositionError(f"#{n} is not a card of player {p}'s battle zone", where, f"attack.{key}")
        return int(n)

    s.attacker = number("attacker", s.active)
    target = data.get("target", "life")
    s.target = LIFE_TARGET if target == "life" else number("target", 1 - s.active)
    s.blocker = number("blocker", 1 - s.active) if "blocker" in data else NONE
    s.defending = number("defending", 1 - s.active) if "defending" in data else NONE


def zones(s: State) -> dict:
    """Every card of every zone by name and number, battle-zone cards with their values."""
    def names(cards: list[int]) -> list[dict]:
        return [{"name": CARDS[c].name, "number": CARDS[c].number} for c in cards]

    out = {"turn": s.turn, "active": s.active, "step": STEP_NAMES[s.step], "players": []}
    for p, pl in enumerate(s.players):
        field = []
        for u in pl.field:
            row = {"uid": u.uid, "name": CARDS[u.card].name, "number": CARDS[u.card].number, "tapped": u.tapped}
            if CARDS[u.card].kind == "character":
                row.update(level=level(u), attack=attack(s, p, u), defense=defense(s, p, u), damage=u.damage)
            field.append(row)
        out["players"].append({"deck": len(pl.deck), "life": len(pl.life), "hand": names(pl.hand),
                               "resources": [{"name": CARDS[r.card].name, "tapped": r.tapped, "up": r.up}
                                             for r in pl.resources],
                               "field": field, "rest": names(pl.rest), "removed": names(pl.removed)})
    return out


def settle(s: State, events: Events) -> None:
    """The rules' processing from a loaded position (lethal damage, two cards of a name).
    The position is the moment the judge asks about: the player with priority in it is
    asked, even with nothing to add to the chain (see interpretations, nothing-to-add-passes)."""
    check_states(s, events)
    settle_after_action(s, events, auto_pass=False)


def describe_state(s: State) -> str:
    """The position for people: each player's deck, life and resources, hand and battle zone
    by card name, then the chain."""
    lines = [f"turn {s.turn}, player {s.active}'s turn, step {STEP_NAMES[s.step]}"]
    for i, pl in enumerate(s.players):
        lines.append(f"player {i}: deck {len(pl.deck)}, life {len(pl.life)}, resources "
                     f"{sum(not r.tapped for r in pl.resources)}/{len(pl.resources)}")
        lines.append("  hand: " + ", ".join(CARDS[c].name for c in pl.hand))
        for u in pl.field:
            stats = f" LV{level(u)} {attack(s, i, u)}/{defense(s, i, u)} damage {u.damage}" \
                if card(u).kind == "character" else ""
            lines.append(f"  #{u.uid} {card(u).name}{stats}{' tapped' if u.tapped else ''}")
        lines.append(f"  rest {len(pl.rest)}, removed {len(pl.removed)}")
    if s.chain:
        lines.append("chain: " + ", ".join(CARDS[i.card].name for i in s.chain))
    r = result(s)
    if r is not None:
        lines.append(f"over: {r.code()} ({r.reason})")
    return "\n".join(lines)
