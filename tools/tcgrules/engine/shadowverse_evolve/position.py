"""Positions a judge writes (YAML or JSON): checked against ``position.schema.json`` by the
framework (:meth:`tcgrules.engine.api.Game.load_position`), then here against the rules (cards that exist and fit their zone, points within their limits)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..api import PositionError, find_card
from ..core import new_rng
from .cards import KEYWORDS, CardDataError, CardDef, load_pool
from .checks import rule_processing
from .info import CARDS, attack, defense, is_follower, keywords, refresh, shown
from .rules import cites
from .choices import go_on, pick_next, ask_split, split_total
from .effects import chosen_effects
from .state import (ATTACK_QUICK, CHOOSE_FIRST, MULLIGAN, NO_TARGET, STEP_NAMES, Pending, Player, State, Unit,
                    leader_of, leader_target)
from .turn import result
from .zones import Events

SCHEMA_PATH = Path(__file__).resolve().parent / "position.schema.json"


def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def card_of(ref: Any, where: str, field: str, kinds: tuple[str, ...] = ()) -> CardDef:
    """A card by number or name (the name must be unique in the pool), of one of ``kinds``."""
    return find_card(load_pool().cards, str(ref), where, field, kinds)


@cites("4.4.4.1", "4.8.3.1", "3.2.4.1", "3.2.4.2", "6.1.1.2", "6.1.1.3", "9.1.4.1", "9.1.4.2")
def position_state(data: Any, where: str = "") -> State:
    """The state a position describes, once checked against the schema (Game.load_position);
    every problem is one PositionError naming the field."""
    position_cards(data.get("cards", []), where)
    players = []
    extra: list[tuple[int, int]] = []
    shared: list[tuple[int, int]] = []
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
            u = unit(ud, i, next_uid, where, f"{at}.field[{k}]")
            pl.field.append(u)
            links_of(ud, u, pl, where, f"{at}.field[{k}]", extra, shared)
            totals[i] += len(ud.get("also_linked", []))
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
    if s.step in (CHOOSE_FIRST, MULLIGAN):
        before_game(s, data, where)
    s.next_uid = next_uid
    s.extra_links, s.shared_links = extra, shared
    s.cards_total = (totals[0], totals[1])
    attack_in(s, data, where)
    refresh(s)
    choice_in(s, data, where)
    return s


def position_cards(data: list, where: str) -> None:
    """The position's own cards (``cards``) join the pool, replacing an earlier position's;
    a card that the pool's reader refuses is named by its place (``cards[0]``)."""
    try:
        load_pool().use_position_cards(data)
    except CardDataError as e:
        place, _, message = str(e).partition(": ")
        raise PositionError(message, where, place) from None


@cites("6.2.1.6", "6.2.1.8")
def before_game(s: State, data: dict, where: str) -> None:
    """A position before the game (turn 0): ``active`` chooses to go first or second
    (6.2.1.6), or whether to redraw, the first player before the other (6.2.1.8); the
    game begins once both have chosen."""
    if "turn" in data or any(pd.get("field") for pd in data["players"]):
        raise PositionError("a position before the game has no turn and no card on a field (6.2.1)", where,
                            "turn" if "turn" in data else "players")
    s.turn, s.chooser = 0, s.active
    for p, pl in enumerate(s.players):
        pl.mulliganed = s.step == MULLIGAN and p != s.chooser and s.chooser != s.first


# The effect each choice of an ability stops at (the others stop at its targets).
ASKED_BY = {"draw": "draw_upto", "number": "choose_number"}


@cites("10.6.2.7.2", "10.6.2.1")
def choice_in(s: State, data: dict, where: str) -> None:
    """A choice in the middle of an ability's resolution: the ability is set where the
    choice stops it (a spell is then in the resolution zone), and the rules ask it."""
    c = data.get("choice")
    if c is None:
        return
    kind, player = c["kind"], c.get("player", s.active)
    card = card_of(c["card"], where, "choice.card")
    i, mask = c.get("ability", 0), c.get("mode", 0)
    if i >= len(card.abilities):
        raise PositionError(f"{card.name} has {len(card.abilities)} abilities", where, "choice.ability")
    a = card.abilities[i]
    source = c.get("source", -1)
    spell = card.index if card.kind == "spell" else -1
    if spell < 0 and (s.find(source) is None or s.find(source)[1].card != card.index):  # type: ignore[index]
        raise PositionError(f"source #{source} is not a {card.name} on the field", where, "choice.source")
    f = Pending("", player, (), player, card.index, i, source, NO_TARGET, False, mask, spell,
                picked=tuple(c.get("picked", [])))
    effects = chosen_effects(a, mask)
    steps = [k for k, e in enumerate(effects) if e.op == ASKED_BY.get(kind)]
    drawn = c.get("drawn", 0)
    if (kind in ASKED_BY and not steps) or (kind not in ASKED_BY and not a.up_to) \
            or (kind == "draw" and drawn >= effects[steps[0]].n) or (kind == "split" and len(f.picked) < 2):
        raise PositionError(f"{card.name} does not ask a {kind} choice here", where, "choice.kind")
    if spell >= 0:
        s.cards_total = tuple(n + (k == player and not card.token) for k, n in enumerate(s.cards_total))  # type: ignore
    quiet = Events(False)
    if kind in ASKED_BY:
        go_on(s, f, steps[0], drawn, 1, quiet)
    elif kind == "targets":
        pick_next(s, f, quiet)
    else:
        ask_split(s, f, split_total(a, mask), quiet)


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


def links_of(ud: dict, u: Unit, pl: Player, where: str, at: str, extra: list, shared: list) -> None:
    """Links no move makes, which rule processing undoes (11.6.2, 11.6.3): evolve cards
    linked to the card before its own (``also_linked``), or the evolve card of an earlier
    field card of its player linked to it as well (``shares_evolved_with``)."""
    for k, c in enumerate(ud.get("also_linked", [])):
        card = card_of(c, where, f"{at}.also_linked[{k}]", ("evolved",))
        if u.evolved < 0:
            raise PositionError("a card linked to several evolve cards names its last one as 'evolved'",
                                where, f"{at}.also_linked")
        extra.append((u.uid, card.index))
    if "shares_evolved_with" in ud:
        before = next((v for v in pl.field if v.uid == ud["shares_evolved_with"]), None)
        if before is None or before.evolved < 0 or u.evolved >= 0 or before.uid == u.uid:
            raise PositionError("names an evolved card of the same player written before it, and no 'evolved'",
                                where, f"{at}.shares_evolved_with")
        shared.append((u.uid, before.uid))


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


# ---------------------------------------------------------------- the named view of a state


def zones(s: State) -> dict:
    """The state for a judge's JSON report: every card of every zone by name and card number;
    a field card also by its copy (``#3``, the number the trace and actions use) with its
    current attack, defense (damage taken off), keywords, tapped, evolved and counters."""
    return {"turn": s.turn, "active": s.active, "step": STEP_NAMES[s.step],
            "pending": None if s.pending is None else {"player": s.pending.player, "kind": s.pending.kind},
            "attack": None if s.attacker < 0 else {"attacker": s.attacker, "target": s.defender if s.defender >= 0
                                                    else f"leader {leader_of(s.defender)}"},
            "players": [_player_zones(pl) for pl in s.players]}


def _card(c: int) -> dict:
    d = load_pool().cards[c]
    return {"name": d.name, "number": d.number, "cost": d.cost}


def _unit(u: Unit) -> dict:
    out = {**_card(u.card), "copy": u.uid, "kind": u.kind or load_pool().cards[u.card].kind, "tapped": u.tapped}
    if u.evolved >= 0:
        out["evolved"] = _card(u.evolved)
    if is_follower(u):
        out.update(attack=attack(u), defense=defense(u), damage=u.damage)
    bits = keywords(u)
    out["keywords"] = [k for k, bit in KEYWORDS.items() if bits & bit]
    if u.counters:
        out["counters"] = u.counters
    return out


def _player_zones(pl: Player) -> dict:
    return {"leader": _card(pl.leader), "life": pl.life, "pp": pl.pp, "pp_max": pl.pp_max, "ep": pl.ep,
            "field": [_unit(u) for u in pl.field], "hand": [_card(c) for c in pl.hand],
            "ex": [_card(c) for c in pl.ex], "deck": [_card(c) for c in reversed(pl.deck)],
            "evolve_deck": [_card(c) for c in pl.evolve_deck], "evolve_used": [_card(c) for c in pl.evolve_up],
            "cemetery": [_card(c) for c in pl.cemetery], "banish": [_card(c) for c in pl.banish]}


def settle(s: State, events: Events) -> None:
    """Rule processing from a loaded position, up to its first choice (the judge's opening):
    none while a choice is pending."""
    if s.pending is None:
        rule_processing(s, events)


def describe_state(s: State) -> str:
    """The position for people: each player's points, life, zones and field by card name."""
    lines = [f"turn {s.turn}, player {s.active}'s turn, step {STEP_NAMES[s.step]}"]
    for i, pl in enumerate(s.players):
        lines.append(f"player {i} ({CARDS[pl.leader].name}): life {pl.life}, PP {pl.pp}/{pl.pp_max}, EP {pl.ep}, "
                     f"deck {len(pl.deck)}, evolve deck {len(pl.evolve_deck)}")
        lines.append("  hand: " + ", ".join(CARDS[c].name for c in pl.hand))
        if pl.ex:
            lines.append("  EX: " + ", ".join(CARDS[c].name for c in pl.ex))
        for u in pl.field:
            card = shown(u)
            stats = f" {attack(u)}/{defense(u)}" if is_follower(u) else ""
            lines.append(f"  #{u.uid} {card.name}{' (evolved)' if u.evolved >= 0 else ''}{stats}"
                         f"{' tapped' if u.tapped else ''}{f' counters {u.counters}' if u.counters else ''}")
        lines.append(f"  cemetery {len(pl.cemetery)}, banished {len(pl.banish)}")
    if s.attacker >= 0:
        lines.append(f"attack: #{s.attacker} → " + (f"leader {leader_of(s.defender)}" if s.defender < 0
                                                     else f"#{s.defender}"))
    if s.pending is not None:
        lines.append(f"player {s.pending.player} to choose: {s.pending.kind}"
                     + (f" ({CARDS[s.pending.card].name})" if s.pending.card >= 0 else ""))
    r = result(s)
    if r is not None:
        lines.append(f"over: {r.code()} ({r.reason})")
    return "\n".join(lines)
