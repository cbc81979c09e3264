"""The Zero Dimension rules engine (zh-Hans complete rules 1.20), every rule citing its
paragraph (``zero-dimension:309.p2``: the second paragraph of 309; the keywords of 900 as
``900.k<n>``).

:data:`GAME` is the game on the engine framework. Modules are named after the rulebook:
cards (chapter 3), state (zones, chapter 2), info (a card's values now), zones (moving cards,
damage, destruction, 605-611), effects (chapter 7: targets, effects, the chain 106, counter
effects 704), play (using cards 318-321, costs 303, level-up 600, activated abilities 703),
combat (chapter 5), turn (chapter 4), setup (100), actions (the interface), position
(positions a judge writes), scope (which paragraphs govern play); data/interpretations.yaml
holds the readings where the rulebook is silent or contradicts itself.
"""
from __future__ import annotations

from ..build import activate

activate(__path__, "engine/zero_dimension")  # before any module below is imported

from .action import Action
from .actions import apply_in_place, describe, legal_actions
from .cards import CardDataError, default_decks, load_pool
from .game import GAME
from .rules import RULES
from .scope import NOT_PLAY, NOT_YET, PLAY_CHAPTERS
from .setup import new_game
from .state import State

__all__ = ["GAME", "RULES", "PLAY_CHAPTERS", "NOT_PLAY", "NOT_YET", "Action", "State", "new_game", "legal_actions",
           "apply_in_place", "describe", "load_pool", "default_decks", "CardDataError"]
