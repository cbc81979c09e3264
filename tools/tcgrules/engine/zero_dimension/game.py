"""Zero Dimension on the engine framework (:class:`tcgrules.engine.api.Game`): the hooks over
the rules functions, cards and battle-zone cards in the JSON convention, results."""
from __future__ import annotations

import functools
from typing import Any

from ..action import Events
from ..api import ActionError, Field, Game, Outcome, Result, register
from . import position
from .action import ACTION_TYPES, Action
from .actions import LOG_VERSION, actor, apply_in_place, choose, describe, legal_actions, play_random, problems, \
    settle
from .cards import Deck, deck_from_data, default_decks, load_interpretations, load_pool
from .info import CARDS, attack, card, defense, level
from .rules import NAME, RULES, cites
from .scope import NOT_PLAY, NOT_YET, PLAY_CHAPTERS
from .setup import new_game
from .state import DRAW_RESULT, LIFE_TARGET, NONE, STEP_NAMES, State, snapshot
from .zones import check_states

# The paragraphs that allow each kind of action.
ALLOWED_BY: dict[str, tuple[str, ...]] = {
    "mulligan": ("100.p3",), "resource": ("204.p1", "404.p1"), "play": ("318.p1", "319.p1", "320.p2", "321.p1"),
    "special": ("623.p4.1",), "activate": ("703.p1",), "level_up": ("600.p1",), "attack": ("405.1.p1",), "target": ("501.p1", "501.p2"),
    "block": ("502.p2",), "trigger": ("702.p2", "106.p6"), "pick": ("102.p3",), "pass": ("105.p1",),
    "concede": ("101.p4",)}


class ZeroDimension(Game[State]):
    """The game's rules on the engine framework."""

    name = NAME
    log_version = LOG_VERSION
    action_types = ACTION_TYPES
    state_type = State
    capabilities = frozenset({"settle", "snapshot", "play_random"})
    rules = RULES
    play_chapters = PLAY_CHAPTERS
    not_play = NOT_PLAY
    not_yet = NOT_YET
    interpretations = load_interpretations()

    # The rule modules' own functions, called directly (compiled, they run the random games).
    new_game = staticmethod(new_game)
    legal = staticmethod(legal_actions)
    choose = staticmethod(choose)
    play_random = staticmethod(play_random)
    problems = staticmethod(problems)
    snapshot = staticmethod(snapshot)
    describe = staticmethod(describe)
    apply_in_place = staticmethod(apply_in_place)
    default_decks = staticmethod(default_decks)
    # The judge's position: its schema, the state it describes, every card of every zone by name.
    position_schema = staticmethod(position.schema)
    position_state = staticmethod(position.position_state)
    zones = staticmethod(position.zones)

    def result(self, state: State) -> Result | None:
        return result(state)

    def actor(self, state: State) -> int:
        return actor(state)

    def deck_from_json(self, data: Any) -> Deck:
        return deck_from_data(data, "deck")  # a CardDataError is the framework's InputError

    def find_cards(self, state: State | None, text: str, field: Field, kind: str) -> list[int]:
        pool = load_pool()
        if text in pool.by_number:
            return [pool.by_number[text].index]
        return [c.index for c in pool.cards if c.name == text]

    def card_text(self, state: State | None, card: int) -> str:
        return CARDS[card].number

    def read_value(self, state: State | None, field: Field, value: Any) -> list:
        return [unit_field(value, field.name, state)]

    def describe_state(self, state: State) -> str:
        return describe_state(state)

    def allowed_by(self, state: State, action: Action) -> tuple[str, ...]:
        return ALLOWED_BY[action.kind]

    def settle(self, state: State) -> Outcome[State]:
        """The rules' processing from a loaded position (lethal damage, two cards of a name).
        The position is the moment the judge asks about: the player with priority in it is
        asked, even with nothing to add to the chain (see interpretations, nothing-to-add-passes)."""
        after = state.clone()
        ev = Events()
        check_states(after, ev)
        settle(after, ev, auto_pass=False)
        return Outcome(after, ev.items, functools.partial(self.event, after))


@cites("101.p1", "101.p2", "101.p4", "101.p6")
def result(s: State) -> Result | None:
    """How the game ended: a draw when both lost at once, else why the loser lost."""
    if s.winner == NONE:
        return None
    if s.winner == DRAW_RESULT:
        return Result(None, "both players lost at once", ("101.p6",))
    loser = s.players[1 - s.winner]
    if not loser.deck and not loser.life:
        return Result(s.winner, f"player {1 - s.winner} lost", ("101.p1", "101.p2"))
    return Result(s.winner, f"player {1 - s.winner} lost", ("101.p1", "101.p2", "101.p4"))


def unit_field(value: Any, field: str, s: State | None) -> int:
    """A battle-zone card by number (#0 …), by a name unique on both battle zones, or the life
    area as ``"life"``."""
    if type(value) is int:
        return value
    if value == "life":
        return LIFE_TARGET
    if isinstance(value, str) and s is not None:
        found = [u.uid for pl in s.players for u in pl.field if CARDS[u.card].name == value]
        if len(found) == 1:
            return found[0]
        raise ActionError(f"{value!r} names {len(found)} cards in the battle zones; write its number", field=field)
    raise ActionError(f"expected a battle-zone card's number or name, or 'life', not {value!r}", field=field)


def describe_state(s: State) -> str:
    lines = [f"turn {s.turn}, player {s.active}'s turn, step {STEP_NAMES[s.step]}"]
    for i, pl in enumerate(s.players):
        lines.append(f"player {i}: deck {len(pl.deck)}, life {len(pl.life)}, resources "
                     f"{sum(not r.tapped for r in pl.resources)}/{len(pl.resources)}")
        lines.append("  hand: " + ", ".join(CARDS[c].name for c in pl.hand))
        for u in pl.field:
            stats = f" LV{level(u)} {attack(s, i, u)}/{defense(s, i, u)} damage {u.damage}" \
                if card(u).kind == "character" else ""
            lines.append(f"  #{u.uid} {card(u).name}{stats}{' tapped' if u.tapped else ''}")
        lines.append(f"  rest {len(pl.rest)}, removed {len(pl.removed)}")
    if s.chain:
        lines.append("chain: " + ", ".join(CARDS[i.card].name for i in s.chain))
    r = result(s)
    if r is not None:
        lines.append(f"over: {r.code()} ({r.reason})")
    return "\n".join(lines)


GAME = register(ZeroDimension())
