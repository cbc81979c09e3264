"""The Shadowverse: Evolve rules engine (zh-Hans comprehensive rules), every rule citing
its dotted clause (``shadowverse-evolve:10.5.1``).

:data:`GAME` is the game on the engine framework (:class:`tcgrules.engine.api.Game`);
``new_game(decks, seed)``, ``legal_actions(state)`` and ``apply(state, action)`` are the
rules' own functions. Modules
are named after the rules: cards (chapter 2, deck building 6.1), state (zones, chapter 4),
info (10.9), zones (moving cards, chapter 5), checks (rule processing, chapter 11), effects
(abilities, chapters 10 and 13), play (using cards and abilities, 8.2, 8.3, 10.6, 10.7),
evolve (5.15, 12.2), combat (8.4, chapter 12), setup (6.2), turn (chapter 7), choices (a player's
choice in the middle of an effect or a rule), theme (the Uma Musume theme, 14.2), actions
(the interface), position (positions a judge writes), scope (which clauses govern play).
"""
from __future__ import annotations

from ..build import activate

activate(__path__, "engine/shadowverse_evolve")  # before any module below is imported

from .action import Action
from .actions import apply, describe, legal_actions
from .cards import CardDataError, default_decks, load_pool, test_decks
from .game import GAME
from .rules import RULES
from .scope import NOT_PLAY, NOT_YET, PLAY_CHAPTERS
from .setup import new_game
from .state import State

__all__ = ["GAME", "RULES", "PLAY_CHAPTERS", "NOT_PLAY", "NOT_YET", "Action", "State", "new_game", "legal_actions",
           "apply", "describe", "load_pool", "default_decks", "test_decks", "CardDataError"]
