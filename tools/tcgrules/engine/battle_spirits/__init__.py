"""The Battle Spirits rules engine (Battle Spirits Standard Ver.1.0), every rule citing
its clauses.

:data:`GAME` is the game on the engine framework (:class:`tcgrules.engine.api.Game`,
module ``game``: typed actions, events citing clauses, positions); ``new_game(decks,
seed)``, ``legal_actions(state)`` and ``apply(state, action)`` are the rules' own functions.
Modules are named after the rules: setup (6-2), turn (7), cores (levels, moving cores,
vanishing), cost (11-1 … 11-3), battle (8-1), effects (9, 12), status (5-5), deck (5-6),
victory (1-3, 10-2-1); scope says which clauses govern play.
"""
from __future__ import annotations

from ..build import activate

activate(__path__, "engine/battle_spirits")  # before any module below is imported

from .actions import Action, apply, legal_actions
from .cards import CardDataError, Deck, default_decks, load_deck, load_pool
from .game import GAME
from .rules import RULES
from .scope import NOT_PLAY, PLAY_CHAPTERS
from .setup import new_game
from .state import State

__all__ = ["GAME", "RULES", "PLAY_CHAPTERS", "NOT_PLAY", "Action", "State", "new_game", "legal_actions", "apply",
           "load_pool", "load_deck", "default_decks", "CardDataError", "Deck"]
