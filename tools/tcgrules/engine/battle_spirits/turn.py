"""The turn and its steps (7-1 … 7-9): start, core, draw, refresh, main, attack, second
main and end. Steps with only a turn-based action run by themselves (7-1-2); the main and
attack steps wait for the turn player's actions.

The first player's first turn has no core step (7-3-3), no attack step (7-7-2) and no
second main step (7-8-2).
"""
from __future__ import annotations

from ..core import IllegalAction
from .cores import cores_from_void
from .deck import draw
from .rules import cites
from .state import ATTACK, CORE, DRAW, END, MAIN, MAIN2, REFRESH, RESERVE, START, TRASH, Pending, State
from .status import recover
from .victory import check_deck_out


def first_players_first_turn(s: State) -> bool:
    return s.turn == 1


@cites("7-1-1", "7-1-2", "5-3-2")
def advance(s: State, events: list) -> None:
    """Run the current step's turn-based action and go to the next step, or ask the turn
    player for an action in a main or attack step."""
    STEP_RULES[s.step](s, events)


@cites("7-2-1", "7-2-2")
def start_step(s: State, events: list) -> None:
    """Check whether the turn player's deck is empty (7-2-2): then the opponent wins."""
    events.append(("turn", s.turn, s.turn_player))
    check_deck_out(s)
    s.step = CORE


@cites("7-3-2", "7-3-3")
def core_step(s: State, events: list) -> None:
    """The turn player puts 1 core from the void on the reserve (7-3-2); not in the first
    player's first turn (7-3-3)."""
    if not first_players_first_turn(s):
        s.players[s.turn_player].reserve += cores_from_void(s, 1)
        events.append(("core_step", s.turn_player))
    s.step = DRAW


@cites("7-4-2")
def draw_step(s: State, events: list) -> None:
    """The turn player draws 1 card (7-4-2)."""
    draw(s, s.turn_player, 1, events)
    s.step = REFRESH


@cites("7-5-2")
def refresh_step(s: State, events: list) -> None:
    """Recover every card on the turn player's field, and return every core in the trash
    to the reserve (7-5-2)."""
    p = s.turn_player
    player = s.players[p]
    for card in list(player.field):
        recover(s, p, card, events)
    player.reserve += player.trash_cores
    player.trash_cores = 0
    if player.soul == TRASH:
        player.soul = RESERVE
    s.step = MAIN


@cites("7-6-1", "7-6-1-2", "7-6-1-2-1", "7-6-1-2-3", "7-8-1")
def main_step(s: State, events: list) -> None:
    """The turn player acts, one action after another (7-6-1-2-3)."""
    s.pending = Pending("main", s.turn_player)


@cites("7-7-2", "7-7-3", "7-7-3-2")
def attack_step(s: State, events: list) -> None:
    """The turn player attacks or ends the step (7-7-3-2); skipped in the first player's
    first turn (7-7-2)."""
    if first_players_first_turn(s):
        s.step = MAIN2
    else:
        s.pending = Pending("attack", s.turn_player)


@cites("7-8-2")
def second_main_step(s: State, events: list) -> None:
    """Like the main step (7-8-1); skipped in the first player's first turn (7-8-2)."""
    if first_players_first_turn(s):
        s.step = END
    else:
        main_step(s, events)


@cites("7-9-1", "7-9-1-1", "7-9-1-3", "12-3-1-1")
def end_step(s: State, events: list) -> None:
    """Effects lasting "this turn" end (7-9-1-1), 〔每回合 1 次〕 counts start again, and the
    opponent becomes the turn player, from the start step (7-9-1-3)."""
    s.bp_plus = ()
    s.no_recover = False
    s.used_once = frozenset()
    s.turn_player = 1 - s.turn_player
    s.turn += 1
    s.step = START
    events.append(("end_turn", 1 - s.turn_player))


STEP_RULES = {START: start_step, CORE: core_step, DRAW: draw_step, REFRESH: refresh_step, MAIN: main_step,
              ATTACK: attack_step, MAIN2: second_main_step, END: end_step}


@cites("7-6-1-2-4")
def end_main(s: State, p: int, events: list) -> None:
    """Declaring the end of a main step moves to the next step (7-6-1-2-4)."""
    if s.step not in (MAIN, MAIN2) or p != s.turn_player:
        raise IllegalAction("battle-spirits:7-6-1-2-4", "only the turn player ends a main step")
    s.step = ATTACK if s.step == MAIN else END
    events.append(("end_main", p))


@cites("7-7-3-2")
def end_attack(s: State, p: int, events: list) -> None:
    """Declaring the end of the attack step moves to the second main step (7-7-3-2)."""
    if s.step != ATTACK or s.battle is not None or p != s.turn_player:
        raise IllegalAction("battle-spirits:7-7-3-2", "only the turn player ends the attack step, outside a battle")
    s.step = MAIN2
    events.append(("end_attack", p))
