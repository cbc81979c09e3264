"""The events of the rules as :class:`~tcgrules.engine.api.Event` values: each kind with the
clauses of the rule that produces it, and a line for people naming cards by name."""
from __future__ import annotations

import functools
from typing import Any, Sequence

from ..api import Event
from ..core import check_citation
from .rules import NAME
from .state import RESERVE, State


# kind of event → (clauses of the rule that produces it, roles of its values, what it says).
# Roles: p a player, c a card, n a number, s a word, x a place of cores, l a plan, b "and the
# soul core" or nothing, k "the soul core" or "a core".
EVENTS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "turn": (("7-1-1",), "np", "turn {0} begins: {1}'s turn"),
    "core_step": (("7-3-2",), "p", "{0} puts 1 core from the void on the reserve"),
    "draw": (("5-6-1",), "pn", "{0} draws {1}"),
    "discard": (("5-13-1",), "pc", "{0} discards {1}"),
    "to_bottom": (("4-2-3",), "pc", "{0} puts {1} on the bottom of the deck"),
    "recover": (("5-14-1",), "pc", "{0}'s {1} recovers"),
    "recover_heavy": (("5-14-2",), "pc", "{0}'s {1} recovers: heavily exhausted to exhausted"),
    "exhaust": (("5-15-1",), "pc", "{0}'s {1} is exhausted"),
    "heavily_exhaust": (("5-16-1",), "pc", "{0}'s {1} is heavily exhausted"),
    "effect": (("9-3-1-3",), "pcs", "{0}'s {1}: effect {2}"),
    "fizzle": (("9-1-5-5", "5-15-2", "10-2-2-6-2"), "pc", "{0}'s {1}: its effect can no longer resolve"),
    "unmet": (("9-3-1-1",), "pc", "{0}'s {1}: its condition is not met, no effect"),
    "not_done": (("5-19-2",), "pcn", "{0}'s {1}: part {2} is not done"),
    "pass": (("8-1-2-1",), "p", "{0} passes"),
    "end_attack": (("7-7-3-2",), "p", "{0} ends the attack step"),
    "move_core": (("7-6-1-2-2",), "pxxk", "{0} moves {3} from {1} to {2}"),
    "bp_compare": (("8-1-6-1",), "nn", "BP {0} against {1}"),
    "end_turn": (("7-9-1-3",), "p", "{0}'s turn ends"),
    "battle_end": (("8-1-7-1",), "", "the battle ends"),
    "end_main": (("7-6-1-2-4",), "p", "{0} ends the main step"),
    "pay": (("11-1-1-5",), "plb", "{0} pays {1}{2}"),
    "vanish": (("5-11-1", "10-2-2-1"), "pc", "{0}'s {1} vanishes: fewer cores than its Lv1 cost"),
    "place": (("11-1-1-6",), "plb", "{0} places {1}{2}"),
    "on_field": (("4-5-1",), "pc", "{0}'s {1} is on the field"),
    "to_life": (("4-7-3",), "pn", "{0} puts {1} core(s) on the life"),
    "search": (("9-3-2-2",), "pc", "{0} takes {1} by the search"),
    "void_cores": (("10-2-2-8",), "pcn", "{0}'s {1}: {2} core(s) to the void"),
    "cores_to_reserve": (("10-2-2-8", "4-6-1"), "pcn", "{0}'s {1}: {2} core(s) to the reserve"),
    "cores_placed": (("4-5-6",), "pcn", "{0}'s {1}: {2} core(s) put on it from the void"),
    "summon_free": (("5-8-1",), "pc", "{0} summons {1} by an effect, paying no cost"),
    "no_draw": (("1-4-3",), "p", "{0} cannot draw: a prohibition wins"),
    "life": (("8-1-5-1",), "pn", "{0} loses {1} life"),
    "win": (("1-3-6",), "p", "{0} wins by an effect"),
    "deck_out": (("7-2-2", "1-3-2-2"), "p", "{0} has no card in the deck at the start step and loses"),
    "first_player": (("6-2-1-6",), "p", "{0} goes first"),
    "surrender": (("1-3-4",), "p", "{0} surrenders"),
    "no_forced_surrender": (("1-3-5",), "p", "{0} cannot be made to surrender by an effect"),
    "attack": (("8-1-1-1",), "pc", "{0} attacks with {1}"),
    "replace": (("9-1-8-1",), "pccs", "{0}'s {1}: instead, {2}'s effect {3}"),
    "redraw": (("6-2-1-8",), "p", "{0} redraws"),
    "return": (("5-17-1",), "pc", "{0}'s {1} returns to the hand"),
    "to_hand": (("10-2-2-5",), "pc", "{0}'s {1} goes to the hand"),
    "to_trash": (("4-4-1",), "pc", "{0}'s {1} goes to the trash"),
    "to_removed": (("4-9-1",), "pc", "{0}'s {1} is removed from the game"),
    "block": (("8-1-3-1",), "pc", "{0} blocks with {1}"),
    "no_block": (("8-1-3-1",), "p", "{0} does not block"),
    "activate": (("9-1-6-1",), "pcn", "{0} activates {1}'s effect {2}"),
    "summon": (("5-8-1", "11-1-1-1"), "pcn", "{0} summons {1}: {2} core(s) to pay"),
    "deploy": (("5-9-1", "11-2-1-1"), "pcn", "{0} deploys {1}: {2} core(s) to pay"),
    "use": (("9-1-7-1", "11-3-1-1"), "pcn", "{0} uses {1}: {2} core(s) to pay"),
    "reveal": (("5-12-2",), "pc", "{0} reveals {1}"),
    "destroy": (("5-10-1",), "pc", "{0}'s {1} is destroyed"),
    "destroy_standby": (("10-2-2-6", "5-10-1"), "pc", "{0}'s {1} is destroyed in the standby state: it changes to destruction's"),
    "same_standby": (("10-2-2-6-1",), "pc", "{0}'s {1} is destroyed already: it does not change to the same standby state"),
}


@functools.cache
def _checked_events() -> bool:
    """Every clause of :data:`EVENTS` names a clause of the game (checked once, on first use)."""
    for kind, (clauses, _, _) in EVENTS.items():
        for n in clauses:
            check_citation(NAME, n, f"battle_spirits.game.EVENTS[{kind!r}]")
    return True


def card_name(s: State, card: int) -> str:
    """A card by name; by name and number (``白機兵#14``) when its owner has another card of
    that name out of the deck (on the field, in the hand, the trash, removed), so that a trace
    tells copies apart (the player, named with the card, tells the players' cards apart)."""
    if not 0 <= card < len(s.defs):
        return f"no card ({card})"
    name = s.defs[card].name
    return s.named(card) if _seen(s, s.owner(card), name) > 1 else name


def _seen(s: State, p: int, name: str) -> int:
    """How many cards of this name player p has out of the deck."""
    defs, pl = s.defs, s.players[p]
    return sum(defs[c].name == name for zone in (pl.hand, pl.trash, pl.removed, pl.field.numbers()) for c in zone)


def place_text(s: State, place: int) -> str:
    return "the reserve" if place == RESERVE else card_name(s, place)


def plan_text(s: State, plan: Sequence) -> str:
    return ", ".join(f"{n} from {place_text(s, place)}" for place, n in plan) or "no core"


def _value(s: State, role: str, v: Any) -> str:
    if role == "p":
        return f"player {v}"
    if role == "c":
        return card_name(s, v)
    if role == "x":
        return place_text(s, v)
    if role == "l":
        return plan_text(s, v)
    if role == "b":
        return " and the soul core" if v else ""
    if role == "k":
        return "the soul core" if v else "a core"
    return str(v)


def to_event(s: State, e: tuple) -> Event:
    """An event of the rule modules (a tuple) as an api Event with its clauses; its text,
    naming cards by name, is made when first read."""
    _checked_events()
    clauses, roles, text = EVENTS[e[0]]
    args = e[1:]
    player = args[0] if roles.startswith("p") else -1
    return Event(e[0], clauses, player, render=functools.partial(_render, s, text, roles, args))


def _render(s: State, text: str, roles: str, args: tuple) -> str:
    return text.format(*(_value(s, r, v) for r, v in zip(roles, args)))
