"""The 星靈王 rules engine (zh-Hant outline), every rule citing the synthesized number of the
record it implements (``xinglingwang:11.6.(2)``).

Modules are named after the outline: cards (一 2, the pool), state (四 zones, 五 places), info
(a unit's values), zones (四, 九 入場, 十 離場), effects (六, 十五's effect keywords), battle (十一,
十五 1類 and 2類), play (七, 十二, 十三, 機械合體), turn (二, 三, 十四), setup (一), actions (the
interface), position (positions a judge writes), scope (which records govern play, and the
interpretations of interpretations.yaml).
"""
from __future__ import annotations

from ..build import activate

activate(__path__, "engine/xinglingwang")  # before any module below is imported

from .action import Action
from .actions import apply_in_place, describe, legal_actions
from .cards import CardDataError, default_decks, load_pool
from .game import GAME
from .rules import RULES
from .scope import INTERPRETATIONS, NOT_PLAY, NOT_YET, PLAY_CHAPTERS
from .setup import new_game
from .state import State

__all__ = ["GAME", "RULES", "PLAY_CHAPTERS", "NOT_PLAY", "NOT_YET", "INTERPRETATIONS", "Action", "State",
           "new_game", "legal_actions", "apply_in_place", "describe", "load_pool", "default_decks", "CardDataError"]
