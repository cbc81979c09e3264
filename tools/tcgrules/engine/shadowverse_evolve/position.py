"""Positions a judge writes (YAML or JSON): checked against ``position.schema.json``, then
against the rules (cards that exist and fit their zone, points within their limits)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema

from ..api import PositionError
from ..core import new_rng
from .cards import KEYWORDS, CardDef, load_pool
from .info import refresh
from .rules import cites
from .state import ATTACK_QUICK, NO_TARGET, STEP_NAMES, Player, State, Unit, leader_target

SCHEMA_PATH = Path(__file__).resolve().parent / "position.schema.json"


def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def _path(parts: Any) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def card_of(ref: Any, where: str, field: str, kinds: tuple[str, ...] = ()) -> CardDef:
    """A card by number or name (the name must be unique in the pool), of one of ``kinds``."""
    pool = load_pool()
    text = str(ref)
    found = pool.by_number.get(text)
    if found is None:
        named = [c for c in pool.cards if c.name == text and (not kinds or c.kind in kinds)]
        if len(named) > 1:
            raise PositionError(f"{text!r} names {len(named)} cards; write the card number "
                                f"({', '.join(c.number for c in named)})", where, field)
        found = named[0] if named else None
    if found is None:
        raise PositionError(f"no card {text!r}", where, field)
    if kinds and found.kind not in kinds:
        raise PositionError(f"{found} is a {found.kind}, not a {' or '.join(kinds)}", where, field)
    return found


@cites("4.4.4.1", "4.8.3.1", "3.2.4.1", "3.2.4.2", "6.1.1.2", "6.1.1.3", "9.1.4.1", "9.1.4.2")
def load(data: Any, where: str = "") -> State:
    """The state a position describes; every problem is one PositionError naming the field."""
    errors = sorted(jsonschema.Draft202012Validator(schema()).iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        raise PositionError(e.message, where, _path(e.absolute_path))
    players = []
    next_uid = 0
    totals = [0, 0]
    for i, pd in enumerate(data["players"]):
        at = f"players[{i}]"
        leader = card_of(pd["leader"], where, f"{at}.leader", ("leader",))

        def zone(key: str, kinds: tuple[str, ...] = ("follower", "amulet", "spell")) -> list[int]:
            return [card_of(c, where, f"{at}.{key}[{k}]", kinds).index for k, c in enumerate(pd.get(key, []))]

        deck = zone("deck")
        deck.reverse()  # written top first; the state's top is the end
        pl = Player(leader.index, deck, zone("evolve_deck", ("evolved",)))
        pl.evolve_up = zone("evolve_used", ("evolved",))
        pl.hand, pl.ex = zone("hand"), zone("ex")
        pl.ex_kw = [0] * len(pl.ex)
        pl.cemetery, pl.banish = zone("cemetery"), zone("banish")
        pl.life, pl.pp, pl.pp_max, pl.ep = pd.get("life", 20), pd.get("pp", 0), pd.get("pp_max", 0), pd.get("ep", 0)
        if pl.pp > pl.pp_max:
            raise PositionError(f"{pl.pp} play points exceed the maximum {pl.pp_max} (3.2.4.2)", where, f"{at}.pp")
        pl.played = pd.get("played", 0)
        pl.evolved_turn = pd.get("evolved_this_turn", False)
        pl.hurt_turn = pd.get("life_lost_this_turn", False)
        pl.mulliganed = True
        for k, ud in enumerate(pd.get("field", [])):
            pl.field.append(unit(ud, i, next_uid, where, f"{at}.field[{k}]"))
            next_uid += 1
        for c in (*pl.deck, *pl.evolve_deck, *pl.evolve_up, *pl.hand, *pl.ex, *pl.cemetery, *pl.banish):
            token = load_pool().cards[c].token
            if token and c not in pl.ex:
                raise PositionError(f"token {load_pool().cards[c].name} can only be on the field or in the EX area "
                                    "(9.1.4.1)", where, at)
            totals[i] += 0 if token else 1
        totals[i] += 1 + sum((0 if load_pool().cards[u.card].token else 1) + (u.evolved >= 0) for u in pl.field)
        players.append(pl)
    s = State(players, new_rng(int(data.get("seed", 0))))
    s.turn, s.active, s.first = data.get("turn", 1), data.get("active", 0), data.get("first", 0)
    s.step = STEP_NAMES.index(data.get("step", "main"))
    s.next_uid = next_uid
    s.cards_total = (totals[0], totals[1])
    attack_in(s, data, where)
    refresh(s)
    return s


def unit(ud: dict, owner: int, uid: int, where: str, at: str) -> Unit:
    card = card_of(ud["card"], where, f"{at}.card", ("follower", "amulet"))
    evolved = card_of(ud["evolved"], where, f"{at}.evolved", ("evolved",)).index if "evolved" in ud else -1
    if evolved >= 0 and load_pool().cards[evolved].name != card.name:
        raise PositionError(f"{load_pool().cards[evolved]} is not an evolve card of {card.name} (12.2.2.1)",
                            where, f"{at}.evolved")
    kw = 0
    for k in ud.get("keywords", []):
        kw |= KEYWORDS[k]
    return Unit(uid, card.index, owner, evolved, ud.get("damage", 0), ud.get("tapped", False), ud.get("ready", True),
                ud.get("evolved_this_turn", False), ud.get("counters", 0), ud.get("atk", 0), ud.get("def", 0), 0, 0,
                kw, kind=ud.get("kind", ""))


@cites("8.4.5.1", "8.4.7")
def attack_in(s: State, data: dict, where: str) -> None:
    """The attack under way at the quick timing after an attack (step attack_quick)."""
    attack = data.get("attack")
    if (attack is None) != (s.step != ATTACK_QUICK):
        raise PositionError("an attack is given exactly when the step is attack_quick", where, "attack")
    if attack is None:
        return
    found = s.find(attack["attacker"])
    if found is None or found[0] != s.active:
        raise PositionError(f"#{attack['attacker']} is not a card of the turn player", where, "attack.attacker")
    s.attacker = attack["attacker"]
    if attack["target"] == "leader":
        s.defender = leader_target(1 - s.active)
    else:
        target = s.find(attack["target"]) if isinstance(attack["target"], int) else None
        if target is None or target[0] == s.active:
            raise PositionError(f"{attack['target']!r} is not a card of the other player", where, "attack.target")
        s.defender = attack["target"]
    s.clash = s.defender != NO_TARGET and s.defender >= 0
