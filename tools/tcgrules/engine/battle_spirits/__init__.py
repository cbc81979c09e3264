"""The Battle Spirits rules engine (Battle Spirits Standard Ver.1.0), every rule citing
its clauses.

:data:`GAME` is the game as an :class:`tcgrules.engine.api.Game` (module ``game``: typed
actions, events citing clauses, positions); ``new_game(decks, seed)``,
``legal_actions(state)`` and ``apply(state, action)`` are the rules' own interface, and
:data:`ENGINE` plugs them into the benchmark's in-place random play.
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
from .actions import (Action, apply, apply_in_place, apply_quietly, choose, is_over, legal_actions, outcome, play_random,
                      turns)
from .cards import CardDataError, Deck, default_decks, load_deck, load_pool
from .scope import NOT_PLAY, PLAY_CHAPTERS
from .game import GAME
from .rules import NAME, RULES
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
def _default_decks() -> tuple:
    return tuple(default_decks())


ENGINE = Engine(
    game=NAME, new_game=new_game, legal_actions=legal_actions, apply=apply, naive_apply=naive_apply,
    is_over=is_over, outcome=outcome, turns=turns, to_json=State.to_json, choose=choose,
    default_decks=lambda: list(_default_decks()), apply_in_place=apply_quietly, play_random=play_random,
)

__all__ = ["GAME", "ENGINE", "RULES", "PLAY_CHAPTERS", "NOT_PLAY", "Action", "State", "new_game", "legal_actions", "apply", "load_pool", "load_deck",
           "default_decks", "CardDataError"]
