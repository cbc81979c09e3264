"""Shadowverse: Evolve on the engine framework (:class:`tcgrules.engine.api.Game`): what is
the game's own at the JSON edge (the cards an action may name, field cards by number or name)
and the clauses that allow each action; its package's modules declare the rest by the
framework's convention (:data:`tcgrules.engine.api.CONVENTION`)."""
from __future__ import annotations

from typing import Any

from ..api import ActionError, Field, Game, cards_named, register
from .action import Action
from .cards import load_pool
from .info import CARDS, shown
from .state import State, leader_target

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
# The kinds of card an action written with a card's name may take: an evolve card to evolve,
# a card of the main deck otherwise.
EVOLVE_KINDS = ("evolved",)
MAIN_DECK_KINDS = ("follower", "amulet", "spell")


class ShadowverseEvolve(Game[State]):
    """The game's rules on the engine framework."""

    capabilities = frozenset({"settle_in_place", "snapshot", "play_random"})

    def find_cards(self, state: State | None, text: str, field: Field, kind: str) -> list[int]:
        """A card by number, or the cards of that name of the kinds the action takes."""
        return cards_named(load_pool(), text, EVOLVE_KINDS if kind == "evolve" else MAIN_DECK_KINDS)

    def read_value(self, state: State | None, field: Field, value: Any) -> list:
        return [unit_field(value, field.name, state)]

    def allowed_by(self, state: State, action: Action) -> tuple[str, ...]:
        if state.pending is not None and action.kind in ("pick", "pick_card"):
            return CHOICE_CLAUSES[state.pending.kind]
        return ALLOWED_BY[action.kind]


def unit_field(value: Any, field: str, s: State | None) -> int:
    """A field card by its number (#0 …), or by a name unique on both fields; a leader as
    ``"leader 0"``/``"leader 1"`` (or ``leader:1``, one word on a command line)."""
    if type(value) is int:
        return value
    if isinstance(value, str) and value[:7] in ("leader ", "leader:") and value[7:] in ("0", "1"):
        return leader_target(int(value[7:]))
    if isinstance(value, str) and s is not None:
        found = [u.uid for pl in s.players for u in pl.field if shown(u).name == value or CARDS[u.card].name == value]
        if len(found) == 1:
            return found[0]
        raise ActionError(f"{value!r} names {len(found)} cards on the fields; write its number", field=field)
    raise ActionError(f"expected a field card's number, a name or 'leader 0'/'leader 1', not {value!r}", field=field)


GAME = register(ShadowverseEvolve())
