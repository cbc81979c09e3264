"""星靈王 on the engine framework (:class:`tcgrules.engine.api.Game`): the hooks over the rules
functions, places and targets in the JSON convention, results."""
from __future__ import annotations

import functools
from typing import Any

from ..action import Events
from ..api import ActionError, Field, Game, Outcome, register
from . import position
from .action import ACTION_TYPES, Action
from .actions import (LOG_VERSION, actor, apply_in_place, choose, describe, legal_actions, play_random, problems,
                      random_action, target_text)
from .cards import POOL, Deck, deck_from_data, default_decks
from .rules import NAME, RULES
from .scope import INTERPRETATIONS, NOT_PLAY, NOT_YET, PLAY_CHAPTERS
from .setup import new_game
from .state import PLACES, State, parse_place, place_name, snapshot
from .turn import advance, result

# The records that allow each kind of action.
ALLOWED_BY: dict[str, tuple[str, ...]] = {
    "mulligan": ("1.5.p1", "1.5.n1"), "play": ("2.3.p1", "12.3"), "traveler": ("2.3.p1", "4.6.p2"),
    "magic": ("7.1",), "tactic": ("2.4.p1",), "attack": ("11.1", "2.4.(2)"), "move": ("13.4",),
    "fuse": ("15.c3.k2.1",), "pass": ("11.6.(1)", "12.2.n1"), "declare": ("14.4.p1",),
    "choose": ("6.3",)}


class Xinglingwang(Game[State]):
    """The game's rules on the engine framework."""

    name = NAME
    log_version = LOG_VERSION
    action_types = ACTION_TYPES
    state_type = State
    capabilities = frozenset({"settle", "snapshot", "random_action", "play_random"})
    rules = RULES
    play_chapters = PLAY_CHAPTERS
    not_play = NOT_PLAY
    not_yet = NOT_YET
    interpretations = INTERPRETATIONS

    # The rule modules' own functions, called directly (compiled, they run the random games;
    # the fuzzer calls the check after every action).
    new_game = staticmethod(new_game)
    apply_in_place = staticmethod(apply_in_place)
    legal = staticmethod(legal_actions)
    choose = staticmethod(choose)
    random_action = staticmethod(random_action)
    play_random = staticmethod(play_random)
    problems = staticmethod(problems)
    snapshot = staticmethod(snapshot)
    describe = staticmethod(describe)
    default_decks = staticmethod(default_decks)
    # The judge's position: its schema, the state it describes, every card of every zone by name.
    position_schema = staticmethod(position.schema)
    position_state = staticmethod(position.position_state)
    zones = staticmethod(position.zones)
    result = staticmethod(result)
    actor = staticmethod(actor)

    def deck_from_json(self, data: Any) -> Deck:
        return deck_from_data(data, "deck")  # a CardDataError is the framework's InputError

    def find_cards(self, state: State | None, text: str, field: Field, kind: str) -> list[int]:
        """A card by number or by name."""
        found = POOL.by_number.get(text) or POOL.by_name.get(text)
        return [found.index] if found is not None else []

    def card_text(self, state: State | None, card: int) -> str:
        return POOL.cards[card].number

    def read_value(self, state: State | None, field: Field, value: Any) -> list:
        return [read_place(field.name, value)]

    def write_value(self, state: State | None, field: Field, value: Any) -> Any:
        if field.name == "target":
            return target_text(value)
        if field.name == "sacrifices":
            return [place_name(x) for x in value]
        return place_name(value)

    def describe_state(self, state: State) -> str:
        return position.describe_state(state)

    def allowed_by(self, state: State, action: Action) -> tuple[str, ...]:
        return ALLOWED_BY[action.kind]

    def settle(self, state: State) -> Outcome[State]:
        """The steps a position's phase runs by itself, up to its first choice."""
        after = state.clone()
        ev = Events()
        advance(after, ev)
        return Outcome(after, ev.items, functools.partial(self.event, after))


def read_place(field: str, value: Any) -> Any:
    """A place ``"3F"``, a target ``"1:3F"``, or a list of places (sacrifices)."""
    try:
        if field == "sacrifices":
            if not isinstance(value, list):
                raise ValueError("sacrifices are a list of places")
            return tuple(parse_place(str(v)) for v in value)
        if field == "target":
            side, _, where = str(value).partition(":")
            if side not in ("0", "1"):
                raise ValueError(f"a target is a player and a place (1:3F), not {value!r}")
            return int(side) * PLACES + parse_place(where)
        if type(value) is int:
            return value
        return parse_place(str(value))
    except ValueError as e:
        raise ActionError(str(e), field=field) from None


GAME = register(Xinglingwang())
