"""The Shadowverse: Evolve rules engine (zh-Hans comprehensive rules), every rule citing
its dotted clause (``shadowverse-evolve:10.5.1``).

``new_game(decks, seed)``, ``legal_actions(state)`` and ``apply(state, action)`` are the
interface; :data:`GAME` is the game as a :class:`tcgrules.engine.api.Game`, and
:data:`ENGINE` plugs the rules into the benchmark's in-place random play. Modules
are named after the rules: cards (chapter 2, deck building 6.1), state (zones, chapter 4),
info (10.9), zones (moving cards, chapter 5), checks (rule processing, chapter 11), effects
(abilities, chapters 10 and 13), play (using cards and abilities, 8.2, 8.3, 10.6, 10.7),
evolve (5.15, 12.2), combat (8.4, chapter 12), setup (6.2), turn (chapter 7), choices (a player's
choice in the middle of an effect or a rule), theme (the Uma Musume theme, 14.2), actions
(the interface), position (positions a judge writes).
"""
from __future__ import annotations

from ..build import activate

activate(__path__, "engine/shadowverse_evolve")  # before any module below is imported

import copy

from ..core import Engine
from .actions import (LOG_VERSION, apply, apply_in_place, apply_quietly, choose, describe, is_over, legal_actions,
                      outcome, play_random, problems, turns)
from .action import Action
from .cards import CardDataError, Deck, default_decks, load_pool, test_decks
from .game import ShadowverseEvolve
from .rules import NAME, RULES
from .scope import NOT_PLAY, NOT_YET, PLAY_CHAPTERS
from .state import State
from .setup import new_game
from .zones import Events


def naive_apply(state: State, action: Action) -> tuple[State, tuple]:
    """The benchmark's baseline: ``copy.deepcopy`` the state, then change the copy."""
    s = copy.deepcopy(state)
    events = Events()
    apply_in_place(s, action, events)
    return s, tuple(events.items)


GAME = ShadowverseEvolve()  # the engine protocol (tcgrules.engine.api.Game)

# The rules' own functions, for the benchmark's in-place random play (tcgrules.engine.core).
ENGINE = Engine(
    game=NAME, new_game=new_game, legal_actions=legal_actions, apply=apply, naive_apply=naive_apply,
    is_over=is_over, outcome=outcome, turns=turns, to_json=State.to_json, choose=choose,
    default_decks=default_decks, apply_in_place=apply_quietly, play_random=play_random,
)

__all__ = ["GAME", "ENGINE", "RULES", "PLAY_CHAPTERS", "NOT_PLAY", "NOT_YET", "Action", "State", "new_game", "legal_actions",
           "apply", "describe", "load_pool", "default_decks", "test_decks", "CardDataError"]
