"""Positions a judge writes by hand, and states read back from JSON, both validated.

A position (``position.schema.json`` beside this module; examples in ``positions/``; files
read by :func:`tcgrules.engine.run.read_position`) names
cards by name or card number in each player's zones, the cores, the turn and step, and
effects waiting to resolve. The framework checks it against the schema first
(:meth:`tcgrules.engine.api.Game.load_position`: an unknown or misspelt key is named), then
:func:`position_state` against the card pool and the rules, and builds a :class:`~.state.State`. Errors are one line: the file, its line when known, the field as a
JSON path (``players[1].field[0].cores``) and what is wrong.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Mapping

from ..action import Events
from ..api import InputError, PositionError, find_card, json_path
from ..core import new_rng
from .actions import advance, problems
from .cards import CardDataError, CardDef, Deck, card_from_dict, deck_from_data, default_decks, shipped_pool
from .cost import cost_after_reduction, cost_change
from .events import card_name
from .levels import bp, level
from .rules import cites
from .state import (ATTACK, EXHAUSTED, HEAVILY_EXHAUSTED, MAIN, MAIN2, RECOVERED, RESERVE, STEP_NAMES, TRASH,
                    VOID_CORES, FieldCard, Pending, State, Trigger)

SCHEMA_PATH = Path(__file__).with_name("position.schema.json")
STATUSES = {"recovered": RECOVERED, "exhausted": EXHAUSTED, "heavily_exhausted": HEAVILY_EXHAUSTED}
STATUS_NAMES = {v: k for k, v in STATUSES.items()}
ZONES = ("hand", "deck", "trash", "removed")
DEFAULT_FILLER = 20


def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


# ---------------------------------------------------------------- building the state


class Cards:
    """The cards a position may name: the test pool's, and its own (``cards``), by card
    number, or by name when one card has it."""

    def __init__(self, own: dict[str, CardDef]):
        self.cards = _shipped_cards() + tuple(own.values())

    def get(self, text: str, where: str, parts: list) -> CardDef:
        return find_card(self.cards, text, where, json_path(parts))


@functools.cache
def _shipped_cards() -> tuple[CardDef, ...]:
    return tuple(shipped_pool().values())


@cites("2-12-3")
def position_cards(data: list, where: str) -> dict[str, CardDef]:
    """The position's own cards (``cards``), each read as a card of the pool's data is
    (:func:`~.cards.card_from_dict`), by card number: one number is one card (2-12-3)."""
    own: dict[str, CardDef] = {}
    for i, d in enumerate(data):
        place = f"cards[{i}]"
        try:
            card = card_from_dict(d, place, i)
        except CardDataError as e:
            raise PositionError(str(e).removeprefix(f"{place}: "), where, place) from None
        if card.number in own or card.number in shipped_pool():
            raise PositionError(f"{card.number}: another card of the pool or of the position has it (2-12-3)",
                                where, f"{place}.number")
        own[card.number] = card
    return own


class Builder:
    """Each player's cards, in the order the position names them, and where each goes."""

    def __init__(self, where: str, cards: Cards):
        self.where = where
        self.known = cards
        self.cards: list[list[CardDef]] = [[], []]
        self.places: list[list[tuple[str, Any]]] = [[], []]  # (zone, field entry or None), per card

    def add(self, p: int, text: str, zone: str, parts: list, entry: Any = None) -> None:
        self.cards[p].append(self.known.get(text, self.where, parts))
        self.places[p].append((zone, entry))

    def decks(self) -> list[Deck]:
        return [Deck(f"position player {p}", tuple(self.cards[p])) for p in (0, 1)]

    def handles(self, decks: list[Deck]) -> list[list[int]]:
        """The game's card number (handle) of each card added, in the order added: a deck
        numbers its cards grouped by card number (``Deck.cards``)."""
        out: list[list[int]] = []
        first = 0
        for p, deck in enumerate(decks):
            free: dict[str, list[int]] = {}
            for i, d in enumerate(deck.cards):
                free.setdefault(d.number, []).append(first + i)
            out.append([free[d.number].pop(0) for d in self.cards[p]])
            first += len(deck.cards)
        return out


def position_state(data: Any, where: str = "") -> State:
    """A state from a position already checked against the schema (Game.load_position)."""
    build = Builder(where, Cards(position_cards(data.get("cards", []), where)))
    fillers = default_decks()
    for p, pd in enumerate(data["players"]):
        for i, entry in enumerate(pd.get("field", [])):
            build.add(p, entry["card"], "field", ["players", p, "field", i, "card"], entry)
            if build.cards[p][-1].kind == "magic":
                raise PositionError("a magic card is never on the field: used, it is in no zone, then in the "
                                    "trash (3-4-3)", where, json_path(["players", p, "field", i, "card"]))
        if pd.get("life", 5) == 0:
            raise PositionError("a player at life 0 has lost: the game is over, not a position to play "
                                "(1-3-2-1)", where, f"players[{p}].life")
        for zone in ZONES:
            names = pd.get(zone, DEFAULT_FILLER if zone == "deck" else [])
            if isinstance(names, int):
                names = [c.number for c in fillers[p].cards[:names]]
            for i, text in enumerate(names):
                build.add(p, text, zone, ["players", p, zone, i])
    decks = build.decks()
    s = State(decks, new_rng(int(data.get("seed", 1))))
    s._rng_shared = False
    handles = build.handles(decks)
    for p, pd in enumerate(data["players"]):
        _fill_player(s, p, pd, build.places[p], handles[p], where)
    _set_turn(s, data, where)
    _set_waiting(s, data.get("waiting", []), handles, build, where)
    _balance_void(s)
    for problem in problems(s):
        raise PositionError(f"the position breaks a rule of the game state: {problem}", where)
    return s


def _fill_player(s: State, p: int, pd: Mapping, places: list, handles: list[int], where: str) -> None:
    player = s.players[p]
    player.life, player.reserve = pd.get("life", 5), pd.get("reserve", 3)
    player.trash_cores = pd.get("trash_cores", 0)
    player.soul = TRASH if pd.get("soul_core") == "trash" else RESERVE
    deck: list[int] = []
    for (zone, entry), card in zip(places, handles):
        if zone == "field":
            cores = entry.get("cores", s.defs[card].lv1)
            player.own_field().put(FieldCard(card, cores, STATUSES[entry.get("status", "recovered")]))
            if entry.get("soul_core"):
                if player.soul not in (RESERVE, TRASH) or "soul_core" in pd:
                    raise PositionError("the soul core is in one place only (5-7-3)", where,
                                        f"players[{p}].field")
                player.soul = card
        elif zone == "deck":
            deck.append(card)
        else:
            {"hand": player.own_hand, "trash": player.own_trash, "removed": player.own_removed}[zone]().append(card)
    player.deck = deck[::-1]  # written top first; the engine keeps the top card last


SETUP_CHOICES = {"go_first": "first", "redraw": "redraw"}  # a position before the game: the choice pending


@cites("6-2-1-6", "6-2-1-7")
def _set_turn(s: State, data: Mapping, where: str) -> None:
    step = data.get("step", "main")
    if step in SETUP_CHOICES:
        _set_setup(s, data, step, where)
        return
    s.turn = data.get("turn", 3)
    s.turn_player = data.get("turn_player", 0)
    s.first_player = data.get("first_player", s.turn_player if s.turn % 2 else 1 - s.turn_player)
    if (s.turn_player == s.first_player) != (s.turn % 2 == 1):
        raise PositionError(f"turn {s.turn} is player {s.first_player if s.turn % 2 else 1 - s.first_player}'s: "
                            f"the players take turns, the first player's on odd turns (7-9-1-3)", where, "turn")
    s.step = STEP_NAMES.index(data.get("step", "main"))
    if s.step in (MAIN, ATTACK, MAIN2):
        s.phase = 1  # under way, past its start's effects: settle asks the turn player
    if s.turn == 1 and s.step in (ATTACK, MAIN2):
        raise PositionError("the first player's first turn has no attack step and no second main step "
                            "(7-7-2, 7-8-2)", where, "step")


def _set_setup(s: State, data: Mapping, step: str, where: str) -> None:
    """Before the game (6-2-1): the toss winner, ``turn_player``, to choose to go first or
    second (6-2-1-6); or ``turn_player`` to choose whether to redraw, the first player before
    the second (6-2-1-7). Turn 1 begins once both have chosen."""
    if "turn" in data or data.get("waiting"):
        raise PositionError("a position before the game has no turn and no effect waiting (6-2-1)", where,
                            "turn" if "turn" in data else "waiting")
    chooser = data.get("turn_player", 0)
    s.turn, s.turn_player, s.step = 0, chooser, STEP_NAMES.index("start")
    s.first_player = data.get("first_player", chooser)
    s.pending = Pending(SETUP_CHOICES[step], chooser)


def _set_waiting(s: State, waiting: list, handles: list[list[int]], build: Builder, where: str) -> None:
    group = []
    for i, w in enumerate(waiting):
        parts = ["waiting", i, "card"]
        d = build.known.get(w["card"], where, parts)
        p = w.get("player", s.turn_player)
        cards = [h for h, c in zip(handles[p], build.cards[p]) if c.number == d.number]
        if not cards:
            raise PositionError(f"player {p} has no {d.name} in the position", where, json_path(parts))
        effect = w.get("effect", 0)
        if effect >= len(d.effects):
            raise PositionError(f"{d.name} has {len(d.effects)} effect(s), numbered from 0", where,
                                json_path(["waiting", i, "effect"]))
        group.append(Trigger(p, cards[0], effect))
    if group:
        s.triggers = (tuple(group),)


def _balance_void(s: State) -> None:
    """The void holds every core not in play (4-8-2): the two soul cores and the void's
    stock of :data:`VOID_CORES` are conserved (``problems``)."""
    in_play = sum(pl.reserve + pl.trash_cores + pl.life + 1 + sum(fc.cores for fc in pl.field.cards)
                  for pl in s.players)
    s.void, s.void_refills = VOID_CORES + 2 - in_play, 0
    while s.void < 0:
        s.void += VOID_CORES
        s.void_refills += 1


def settle(s: State, events: Events) -> None:
    """Rule processing from a loaded position to its first choice: effects waiting resolve,
    a step about to begin runs its effects and turn-based action (7-1-2), and a main or
    attack step asks the turn player — an attack step with no recovered spirit ends. None
    while a choice is pending or once the game is over."""
    if s.pending is None and s.winner is None:
        advance(s, events.items)


# ---------------------------------------------------------------- states from JSON


def state_from_json(data: Any) -> State:
    """A state as :meth:`State.to_json` wrote it, checked: keys and types (a missing or
    malformed one named), then the state's invariants."""
    if not isinstance(data, dict):
        raise InputError("a state is a JSON object")
    missing = [k for k in ("decks", "players", "rng", "step", "pending") if k not in data]
    if missing:
        raise InputError("missing", field=missing[0])
    if not isinstance(data["decks"], list) or len(data["decks"]) != 2:
        raise InputError("expected 2 decks", field="decks")
    decks = [deck_from_data(d) for d in data["decks"]]
    try:
        s = State.from_json(data, decks)
    except KeyError as e:
        raise InputError("missing", field=str(e.args[0])) from None
    except (TypeError, ValueError, IndexError) as e:
        raise InputError(f"malformed state: {e}") from None
    for problem in problems(s):
        raise InputError(f"the state breaks an invariant: {problem}")
    return s


# ---------------------------------------------------------------- describing a state


def describe_state(s: State) -> str:
    """The position for people, by card name: the turn and step, then each player."""
    names = s.defs
    when = ("before the game (6-2-1)" if s.turn == 0
            else f"turn {s.turn}, player {s.turn_player}'s {STEP_NAMES[s.step]} step")
    lines = [when
             + (f"; player {s.pending.player} to choose: {s.pending.kind}" if s.pending is not None else "")
             + (f"; over: {'a draw' if s.winner == 2 else f'player {s.winner} wins'}" if s.winner is not None else "")]
    for p, pl in enumerate(s.players):
        soul = "reserve" if pl.soul == RESERVE else "trash" if pl.soul == TRASH else names[pl.soul].name
        lines.append(f"player {p}: life {pl.life}, reserve {pl.reserve}, trash cores {pl.trash_cores}, "
                     f"soul core on {soul}, deck {len(pl.deck)} cards")
        for fc in pl.field.cards:
            d = names[fc.card]
            power = f", BP {bp(s, fc.card)}" if d.kind == "spirit" else ""
            lines.append(f"  field: {card_name(s, fc.card)} ({fc.cores} cores, Lv{level(s, fc.card)}{power}, "
                         f"{STATUS_NAMES[fc.status]})")
        for zone in ("hand", "trash", "removed"):
            cards = getattr(pl, zone)
            if cards:
                lines.append(f"  {zone}: {', '.join(names[c].name for c in cards)}")
    for group in s.triggers:
        lines.append("waiting: " + ", ".join(f"{names[t.card].name} (effect {t.effect})" for t in group))
    return "\n".join(lines)


# ---------------------------------------------------------------- the named view of a state


def zones(s: State) -> dict:
    """The state for a judge's JSON report: every card of every zone by name, card number and
    copy (its number in this game, the ``#14`` of ``白機兵#14``), with its current values: on
    the field its cores, status, Lv and BP; in the hand the printed cost and the cost to pay
    now (changes, then the reduction by the symbols on the field: 11-1-1-2-1, 2-3-3)."""
    return {"turn": s.turn, "turn_player": s.turn_player, "step": STEP_NAMES[s.step],
            "pending": None if s.pending is None else {"player": s.pending.player, "kind": s.pending.kind},
            "players": [_player_zones(s, p) for p in (0, 1)],
            "waiting": [[{**_card(s, t.card), "player": t.controller, "effect": t.effect} for t in group]
                        for group in s.triggers],
            "winner": s.winner}


def _card(s: State, card: int) -> dict:
    d = s.defs[card]
    return {"name": d.name, "number": d.number, "copy": card}


def _player_zones(s: State, p: int) -> dict:
    pl = s.players[p]
    field = []
    for fc in pl.field.cards:
        d = s.defs[fc.card]
        entry = {**_card(s, fc.card), "kind": d.kind, "cores": fc.cores, "soul_core": pl.soul == fc.card,
                 "status": STATUS_NAMES[fc.status], "level": level(s, fc.card)}
        if d.kind == "spirit":
            entry["bp"] = bp(s, fc.card)
        field.append(entry)
    hand = [{**_card(s, c), "kind": s.defs[c].kind, "cost": s.defs[c].cost,
             "cost_to_pay": cost_after_reduction(s, pl, s.defs[c], change=cost_change(s, p, s.defs[c]))}
            for c in pl.hand]
    soul = "reserve" if pl.soul == RESERVE else "trash" if pl.soul == TRASH else _card(s, pl.soul)
    return {"life": pl.life, "reserve": pl.reserve, "trash_cores": pl.trash_cores, "soul_core": soul,
            "field": field, "hand": hand, "deck": [_card(s, c) for c in reversed(pl.deck)],
            "trash": [_card(s, c) for c in pl.trash], "removed": [_card(s, c) for c in pl.removed]}
