"""Shadowverse: Evolve as a :class:`tcgrules.engine.api.Game`: the protocol's methods over
the rules functions, actions in the JSON convention (cards by name or number) and results."""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ..api import ActionError, Event, InputError, Outcome, Rejection, Result, fields
from ..core import IllegalAction
from . import position
from .actions import LOG_VERSION, apply_to, choose, describe, legal_actions, problems
from .actiontypes import ACTION_TYPES, KINDS, Action
from .cards import CardDataError, Deck, deck_from_data, default_decks, load_pool
from .info import CARDS, attack, defense, is_follower, shown
from .rules import NAME, cites
from .checks import rule_processing, trigger_player
from .state import (ATTACK_QUICK, CHOOSE_FIRST, DRAW_RESULT, END_QUICK, MULLIGAN, NO_TARGET, STEP_NAMES, State,
                    leader_of, leader_target, snapshot)
from .turn import new_game
from .zones import Events

# The clauses that allow each kind of action.
ALLOWED_BY: dict[str, tuple[str, ...]] = {
    "choose_first": ("6.2.1.6",), "mulligan": ("6.2.1.8",), "play": ("8.2.1", "10.6.2"),
    "activate": ("8.3.1", "10.6.2"), "evolve": ("8.3.2", "12.2.1"), "attack": ("8.4.1", "8.4.2", "8.4.3"),
    "use_trigger": ("10.5.2.2", "10.7.3"), "pass": ("7.4.3", "7.4.4", "8.4.7"), "end_main": ("7.3.3",),
    "ward_tap": ("7.4.3", "12.8.2"), "discard": ("7.4.6",), "concede": ("1.2.3",),
    "draw_up_to": ("5.9.3.1", "5.9.3.2"), "choose_number": ("1.3.5",), "distribute": ("10.6.2.4",)}
# Answers to more than one kind of choice: the clauses that allow them depend on the choice.
CHOICE_CLAUSES: dict[str, tuple[str, ...]] = {"targets": ("10.6.2.3.2",), "field_excess": ("11.4.1",),
                                              "order": ("4.1.5",), "ex_excess": ("11.5.1",)}
TARGETS = ("target",)
UNITS = ("unit", "rite")


class ShadowverseEvolve:
    """The game's rules behind the engine protocol."""

    name = NAME
    log_version = LOG_VERSION
    action_types = ACTION_TYPES

    def setup(self, decks: Sequence[Deck], seed: int) -> State:
        return new_game(decks, seed)

    def legal(self, state: State) -> list[Action]:
        return legal_actions(state)

    def apply(self, state: State, action: Action) -> Outcome[State]:
        if type(action) not in ACTION_TYPES:
            raise ActionError(f"not an action of {NAME}: {action!r}", field="kind")
        after = state.clone()
        ev = Events()
        try:
            apply_to(after, action, ev)
        except IllegalAction as e:
            raise Rejection(f"{NAME}:{e.citation}", e.message) from None
        return traced(after, ev)

    def is_over(self, state: State) -> bool:
        return state.winner is not None

    def result(self, state: State) -> Result | None:
        return result(state)

    def turn(self, state: State) -> int:
        return state.turn

    def to_json(self, state: State) -> dict:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> State:
        try:
            return State.from_json(dict(data))
        except (KeyError, ValueError, TypeError, IndexError) as e:
            raise InputError(f"not a {NAME} state: {type(e).__name__} {e}") from None

    def action_to_json(self, action: Action) -> dict:
        out: dict[str, Any] = {"kind": action.kind}
        for f in fields(action):
            value = getattr(action, f.name)
            out[f.name] = CARDS[value].number if f.metadata.get("card") else list(value) \
                if isinstance(value, tuple) else value
        return out

    def action_from_json(self, data: Any, state: State | None = None) -> Action:
        return action_from_json(data, state)

    def position_schema(self) -> dict:
        return position.schema()

    def load_position(self, data: Any, where: str = "") -> State:
        return position.load(data, where)

    def describe(self, state: State, action: Action) -> str:
        return describe(state, action)

    def describe_state(self, state: State) -> str:
        return describe_state(state)

    def zones(self, state: State) -> dict:
        """The judge's named view of the state: every card with its current values."""
        return position.zones(state)

    def allowed_by(self, state: State, action: Action) -> tuple[str, ...]:
        if state.pending is not None and action.kind in ("pick", "pick_card"):
            return CHOICE_CLAUSES[state.pending.kind]
        return ALLOWED_BY[action.kind]

    def settle(self, state: State) -> Outcome[State]:
        """Rule processing from a loaded position, up to its first choice (the judge's opening)."""
        after = state.clone()
        ev = Events()
        if after.pending is None:
            rule_processing(after, ev)
        return traced(after, ev)

    # The rule modules' own functions, called directly (the fuzzer calls both after every action).
    problems = staticmethod(problems)
    snapshot = staticmethod(snapshot)

    def choose(self, state: State, legal: Sequence[Action], rng: random.Random) -> Action:
        return choose(state, legal, rng)

    def default_decks(self) -> list:
        return default_decks()

    def deck_to_json(self, deck: Deck) -> Any:
        return deck.to_json()

    def deck_from_json(self, data: Any) -> Deck:
        try:
            return deck_from_data(data, "deck")
        except CardDataError as e:
            raise InputError(str(e)) from None


def traced(after: State, ev: Events) -> Outcome[State]:
    """The state with the events that led to it, as the protocol's events."""
    return Outcome(after, tuple(Event(kind, tuple(clause.split()), -1, text) for kind, clause, text in ev.items))


@cites("1.2.1", "1.2.2", "1.2.3", "11.2.1", "11.2.2")
def result(s: State) -> Result | None:
    """How the game ended: a draw when both lost at once, else why the loser lost."""
    if s.winner is None:
        return None
    if s.winner == DRAW_RESULT:
        return Result(None, "both players lost at once", ("1.2.2",))
    loser = s.players[1 - s.winner]
    if loser.life <= 0:
        return Result(s.winner, f"the leader of player {1 - s.winner} has {loser.life} life", ("1.2.1.1", "11.2.1"))
    if loser.drew_empty:
        return Result(s.winner, f"player {1 - s.winner} had to draw from an empty deck", ("1.2.1.2", "11.2.2"))
    return Result(s.winner, f"player {1 - s.winner} conceded", ("1.2.3",))


def _card_field(value: Any, kind: str, field: str, s: State | None) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(CARDS):
        return value
    if not isinstance(value, str):
        raise ActionError(f"a card is a name or card number, not {value!r}", field=field)
    pool = load_pool()
    if value in pool.by_number:
        return pool.by_number[value].index
    want = ("evolved",) if kind == "evolve" else ("follower", "amulet", "spell")
    named = [c.index for c in pool.cards if c.name == value and c.kind in want]
    if len(named) != 1:
        raise ActionError(f"{value!r} names {len(named)} cards{'' if named else ''}; write the card number",
                          field=field)
    return named[0]


def _unit_field(value: Any, field: str, s: State | None) -> int:
    """A field card by its number (#0 …), or by a name unique on both fields; a leader as
    ``"leader 0"``/``"leader 1"`` (or ``leader:1``, one word on a command line); ``-1`` or
    null for none."""
    if value is None:
        return NO_TARGET
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value[:7] in ("leader ", "leader:") and value[7:] in ("0", "1"):
        return leader_target(int(value[7:]))
    if isinstance(value, str) and s is not None:
        found = [u.uid for pl in s.players for u in pl.field if shown(u).name == value or CARDS[u.card].name == value]
        if len(found) == 1:
            return found[0]
        raise ActionError(f"{value!r} names {len(found)} cards on the fields; write its number", field=field)
    raise ActionError(f"expected a field card's number, a name or 'leader 0'/'leader 1', not {value!r}", field=field)


@cites("10.5.2.2", "10.5.2.3", "6.2.1.6", "6.2.1.8", "7.3.3", "7.4.3", "7.4.4", "7.4.6", "8.4.7")
def actor(s: State) -> int:
    """Whose choice it is: the controller of a standby ability (the turn player first), the
    chooser at setup, the other player at a quick timing, else the turn player; first of
    all, the player of a pending choice."""
    if s.pending is not None:
        return s.pending.player
    if s.triggers:
        return trigger_player(s)
    if s.step in (CHOOSE_FIRST, MULLIGAN):
        return s.chooser
    return 1 - s.active if s.step in (ATTACK_QUICK, END_QUICK) else s.active


@cites("8.1.2")
def action_from_json(data: Any, s: State | None) -> Action:
    """An action in the JSON convention (its player, when not given, the one whose choice it
    is now); a wrong one is an ActionError naming the field."""
    if not isinstance(data, dict):
        raise ActionError(f"an action is a JSON object, not {type(data).__name__}")
    kind = data.get("kind")
    if kind not in KINDS:
        raise ActionError(f"unknown kind {kind!r} (kinds: {', '.join(KINDS)})", field="kind")
    cls = KINDS[kind]
    declared = {f.name: f for f in fields(cls)}
    for key in data:
        if key != "kind" and key not in declared:
            raise ActionError(f"{kind} has no field {key!r} (fields: {', '.join(declared)})", field=key)
    values: dict[str, Any] = {}
    if "player" not in data and s is not None:
        values["player"] = actor(s)
    for name, f in declared.items():
        if name not in data:
            continue
        value = data[name]
        if f.metadata.get("card"):
            values[name] = _card_field(value, kind, name, s)
        elif name in TARGETS or name in UNITS:
            values[name] = _unit_field(value, name, s)
        elif f.type is bool:
            if not isinstance(value, bool):
                raise ActionError(f"expected true or false, not {value!r}", field=name)
            values[name] = value
        elif f.type is tuple:
            if not isinstance(value, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in value):
                raise ActionError(f"expected a list of integers, not {value!r}", field=name)
            values[name] = tuple(value)
        elif f.type is str:
            if value not in f.metadata.get("enum", [value]) or not isinstance(value, str):
                raise ActionError(f"{value!r} is not one of {f.metadata.get('enum')}", field=name)
            values[name] = value
        else:
            if not isinstance(value, int) or isinstance(value, bool):
                raise ActionError(f"expected an integer, not {value!r}", field=name)
            if name == "player" and value not in (0, 1):
                raise ActionError(f"player is 0 or 1, not {value}", field=name)
            values[name] = value
    return cls(**values)


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
