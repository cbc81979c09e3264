"""The Battle Spirits rules engine (Battle Spirits Standard Ver.1.0), every rule citing
its clauses.

``new_game(decks, seed)``, ``legal_actions(state)`` and ``apply(state, action)`` are the
interface; :data:`ENGINE` plugs the game into replays, random play and benchmarks.
Modules are named after the rules: setup (6-2), turn (7), cores (levels, moving cores,
vanishing), cost (11-1 … 11-3), battle (8-1), effects (9, 12), status (5-5), deck (5-6),
victory (1-3, 10-2-1).
"""
from __future__ import annotations

from ..build import activate

activate(__path__, "engine/battle_spirits")  # before any module below is imported

import copy
import functools

from ..core import Engine
from .actions import (LOG_VERSION, Action, apply, apply_in_place, apply_to, choose, is_over, legal_actions, outcome,
                      play_random, problems, turns)
from .cards import CardDataError, Deck, default_decks, load_deck, load_pool
from .rules import GAME, RULES
from .setup import new_game
from .state import State


def naive_apply(state: State, action: Action) -> tuple[State, tuple]:
    """The benchmark's baseline: ``copy.deepcopy`` the state, then change the copy (the
    card definitions, immutable, are shared)."""
    s = copy.deepcopy(state, {id(state.defs): state.defs, id(state.decks): state.decks})
    events: list = []
    apply_in_place(s, action, events)
    return s, tuple(events)


@functools.cache
def _pool() -> dict:
    return load_pool()


def deck_from_json(data: dict) -> Deck:
    """A deck from a replay log: ``{"name", "cards": {card number: copies}}``."""
    pool = _pool()
    cards = []
    for number, copies in data["cards"].items():
        if number not in pool:
            raise CardDataError(f"replay deck {data.get('name')!r}: unknown card {number} (6-1-1-1)")
        cards.extend([pool[number]] * int(copies))
    return Deck(str(data.get("name", "")), tuple(cards))


@functools.cache
def _default_decks() -> tuple:
    return tuple(default_decks())


def _from_json(data: dict) -> State:
    return State.from_json(data, [deck_from_json(d) for d in data["decks"]])


ENGINE = Engine(
    game=GAME, new_game=new_game, legal_actions=legal_actions, apply=apply, naive_apply=naive_apply,
    is_over=is_over, outcome=outcome, turns=turns,
    to_json=State.to_json, from_json=_from_json, action_to_json=Action.to_json,
    action_from_json=Action.from_json, problems=problems, choose=choose,
    default_decks=lambda: list(_default_decks()), deck_to_json=Deck.to_json, deck_from_json=deck_from_json,
    log_version=LOG_VERSION, apply_in_place=apply_to, play_random=play_random,
)

__all__ = ["ENGINE", "RULES", "Action", "State", "new_game", "legal_actions", "apply", "load_pool", "load_deck",
           "default_decks", "CardDataError"]
