"""Shadowverse: Evolve on the engine framework (:class:`tcgrules.engine.api.Game`): the
hooks over the rules functions, cards and field cards in the JSON convention, results."""
from __future__ import annotations

import functools
from typing import Any

from ..action import Events
from ..api import ActionError, Field, Game, Outcome, Result, register
from . import position
from .actions import LOG_VERSION, apply_in_place, choose, describe, legal_actions, play_random, problems
from .action import ACTION_TYPES, Action
from .cards import Deck, deck_from_data, default_decks, load_pool
from .info import CARDS, attack, defense, is_follower, shown
from .rules import NAME, RULES, cites
from .scope import NOT_PLAY, NOT_YET, PLAY_CHAPTERS
from .checks import rule_processing, trigger_player
from .state import (ATTACK_QUICK, CHOOSE_FIRST, DRAW_RESULT, END_QUICK, MULLIGAN, STEP_NAMES, State,
                    leader_of, leader_target, snapshot)
from .setup import new_game

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


class ShadowverseEvolve(Game[State]):
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

    # The rule modules' own functions, called directly (compiled, they run the random games;
    # the fuzzer calls the two checks after every action).
    new_game = staticmethod(new_game)
    apply_in_place = staticmethod(apply_in_place)
    legal = staticmethod(legal_actions)
    choose = staticmethod(choose)
    play_random = staticmethod(play_random)
    problems = staticmethod(problems)
    snapshot = staticmethod(snapshot)
    describe = staticmethod(describe)
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
        """A card by number, or the cards of that name of the kinds the action takes (an
        evolve card to evolve, a card of the main deck otherwise)."""
        pool = load_pool()
        if text in pool.by_number:
            return [pool.by_number[text].index]
        want = ("evolved",) if kind == "evolve" else ("follower", "amulet", "spell")
        return [c.index for c in pool.cards if c.name == text and c.kind in want]

    def card_text(self, state: State | None, card: int) -> str:
        return CARDS[card].number

    def read_value(self, state: State | None, field: Field, value: Any) -> list:
        return [unit_field(value, field.name, state)]

    def describe_state(self, state: State) -> str:
        return describe_state(state)

    def allowed_by(self, state: State, action: Action) -> tuple[str, ...]:
        if state.pending is not None and action.kind in ("pick", "pick_card"):
            return CHOICE_CLAUSES[state.pending.kind]
        return ALLOWED_BY[action.kind]

    def settle(self, state: State) -> Outcome[State]:
        """Rule processing from a loaded position, up to its first choice (the judge's opening)."""
        after = state.clone()
        ev = Events()
        if after.pending is None:
            rule_processing(after, ev)
        return Outcome(after, ev.items, functools.partial(self.event, after))


@cites("1.2.1", "1.2.2", "1.2.3", "11.2.1", "11.2.2")
def result(s: State) -> Result | None:
    """How the game ended: a draw when both lost at once, else why the loser lost."""
    if s.winner is None:
        return None
    if s.winner == DRAW_RESULT:
        return Result(None, "both players lost at once", ("1.2.2",))
    loser = s.players[1 - s.winner]
    if loser.life <= 0:
        return Result(s.winner, f"the leader of player {1 - s.winner} has {loser.life} life", ("1.2.1.1", "11.2.1"))
    if loser.drew_empty:
        return Result(s.winner, f"player {1 - s.winner} had to draw from an empty deck", ("1.2.1.2", "11.2.2"))
    return Result(s.winner, f"player {1 - s.winner} conceded", ("1.2.3",))


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


@cites("10.5.2.2", "10.5.2.3", "6.2.1.6", "6.2.1.8", "7.3.3", "7.4.3", "7.4.4", "7.4.6", "8.4.7")
def actor(s: State) -> int:
    """Whose choice it is: the controller of a standby ability (the turn player first), the
    chooser at setup, the other player at a quick timing, else the turn player; first of
    all, the player of a pending choice."""
    if s.pending is not None:
        return s.pending.player
    if s.triggers:
        return trigger_player(s)
    if s.step in (CHOOSE_FIRST, MULLIGAN):
        return s.chooser
    return 1 - s.active if s.step in (ATTACK_QUICK, END_QUICK) else s.active


def describe_state(s: State) -> str:
    """The position for people: each player's points, life, zones and field by card name."""
    lines = [f"turn {s.turn}, player {s.active}'s turn, step {STEP_NAMES[s.step]}"]
    for i, pl in enumerate(s.players):
        lines.append(f"player {i} ({CARDS[pl.leader].name}): life {pl.life}, PP {pl.pp}/{pl.pp_max}, EP {pl.ep}, "
                     f"deck {len(pl.deck)}, evolve deck {len(pl.evolve_deck)}")
        lines.append("  hand: " + ", ".join(CARDS[c].name for c in pl.hand))
        if pl.ex:
            lines.append("  EX: " + ", ".join(CARDS[c].name for c in pl.ex))
        for u in pl.field:
            card = shown(u)
            stats = f" {attack(u)}/{defense(u)}" if is_follower(u) else ""
            lines.append(f"  #{u.uid} {card.name}{' (evolved)' if u.evolved >= 0 else ''}{stats}"
                         f"{' tapped' if u.tapped else ''}{f' counters {u.counters}' if u.counters else ''}")
        lines.append(f"  cemetery {len(pl.cemetery)}, banished {len(pl.banish)}")
    if s.attacker >= 0:
        lines.append(f"attack: #{s.attacker} → " + (f"leader {leader_of(s.defender)}" if s.defender < 0
                                                     else f"#{s.defender}"))
    if s.pending is not None:
        lines.append(f"player {s.pending.player} to choose: {s.pending.kind}"
                     + (f" ({CARDS[s.pending.card].name})" if s.pending.card >= 0 else ""))
    r = result(s)
    if r is not None:
        lines.append(f"over: {r.code()} ({r.reason})")
    return "\n".join(lines)


GAME = register(ShadowverseEvolve())
