"""The engine's interface: :func:`legal_actions` and :func:`apply`, and the loop of rule
processing between two choices.

An :class:`Action` answers the state's pending choice (:attr:`State.pending`); either
player may surrender at any time (1-3-4). ``apply`` returns the next state and the events
of the action, or raises :class:`~tcgrules.engine.core.IllegalAction` citing the clause
that forbids it — the state given is never changed.
"""
from __future__ import annotations

import random
from typing import NamedTuple

from ..core import IllegalAction
from . import battle, cost, effects, setup, turn
from .cores import move_core
from .rules import cites
from .state import CASTING, DRAW_RESULT, RESERVE, TRASH, VOID_CORES, Pending, State, Trigger
from .victory import surrender


class Action(NamedTuple):
    """``kind`` and the acting ``player``; ``card``, ``arg`` and ``option`` by kind:

    go_first (arg 1 first / 0 second) · redraw (arg 1 redraw / 0 keep) · summon, deploy,
    use (card; arg = EX cards removed by 《繼召》; option = the magic's effect) · pay,
    place (card = where the core comes from, -1 the reserve; arg 1 = the soul core) ·
    done (placing) · move_core (card = from, arg = to, option 1 = the soul core) ·
    end_main · attack (card) · end_attack · pass · block (card) · no_block ·
    order (card = index of the waiting effect) · target (card) · surrender
    """

    kind: str
    player: int
    card: int = -1
    arg: int = 0
    option: int = 0

    def to_json(self) -> list:
        return [self.kind, self.player, self.card, self.arg, self.option]

    @classmethod
    def from_json(cls, data: list) -> "Action":
        return cls(str(data[0]), *(int(x) for x in data[1:5]))


# The clause behind each pending choice: cited when an action does not answer it.
CHOICE_CLAUSE = {"first": "6-2-1-6", "redraw": "6-2-1-7", "main": "7-6-1-2-1", "pay": "11-1-1-5",
                 "place": "11-1-1-6", "attack": "7-7-3-2", "flash": "8-1-2-1", "block": "8-1-3-1",
                 "order": "9-4-1", "target": "9-3-2"}
ANSWERS = {"first": {"go_first"}, "redraw": {"redraw"},
           "main": {"summon", "deploy", "use", "move_core", "end_main"},
           "pay": {"pay"}, "place": {"place", "done"}, "attack": {"attack", "end_attack"},
           "flash": {"use", "pass"}, "block": {"block", "no_block"}, "order": {"order"}, "target": {"target"}}
# A more precise clause for some wrong answers: paying once the cost is paid is overpaying.
WRONG_ANSWER_CLAUSE = {("place", "pay"): "11-1-1-5"}


# ---------------------------------------------------------------- listing the choices


@cites("1-3-4", "7-6-1-2-1", "7-6-1-2-2")
def legal_actions(s: State) -> list[Action]:
    """Every action the rules allow now, in a fixed order; none once the game is over."""
    if s.winner is not None:
        return []
    pending = s.pending
    p = pending.player
    kind = pending.kind
    player = s.players[p]
    out: list[Action]
    if kind == "main" or kind == "flash":
        out = [Action(cost.KIND_OF_PLAY[s.defs[c].kind], p, c, ex, e)
               for c, ex, e in cost.playable(s, p, flash_only=kind == "flash")]
        if kind == "main":
            dests = [RESERVE, *player.field]
            out += [Action("move_core", p, src, dst, soul)
                    for src, soul in cost.place_sources(player) for dst in dests if dst != src]
            out.append(Action("end_main", p))
        else:
            out.append(Action("pass", p))
    elif kind == "pay":
        out = [Action("pay", p, src, soul) for src, soul in cost.place_sources(player)]
    elif kind == "place":
        out = [Action("place", p, src, soul) for src, soul in cost.place_sources(player)]
        c = s.casting
        if c.cores + c.soul >= s.defs[c.card].levels[0].cost:
            out.append(Action("done", p))
    elif kind == "attack":
        out = [Action("attack", p, c) for c in battle.ready_spirits(s, p)]
        out.append(Action("end_attack", p))
    elif kind == "block":
        out = [Action("block", p, c) for c in battle.ready_spirits(s, p)]
        out.append(Action("no_block", p))
    elif kind == "order":
        out = [Action("order", p, i) for i in pending.options]
    elif kind == "target":
        out = [Action("target", p, c) for c in pending.options]
    elif kind == "first":
        out = [Action("go_first", p, arg=1), Action("go_first", p, arg=0)]
    else:  # redraw
        out = [Action("redraw", p, arg=1), Action("redraw", p, arg=0)]
    out.append(Action("surrender", 0))
    out.append(Action("surrender", 1))
    return out


# ---------------------------------------------------------------- applying one


def apply(state: State, action: Action) -> tuple[State, tuple]:
    """The state after ``action`` and what happened, as events; ``state`` stays as it was."""
    s = state.clone()
    events: list = []
    apply_in_place(s, action, events)
    return s, tuple(events)


@cites("1-3-1", "1-4-2")
def apply_in_place(s: State, action: Action, events: list) -> None:
    """Check that ``action`` answers the pending choice, do it, then run rule processing."""
    if s.winner is not None:
        raise IllegalAction("battle-spirits:1-3-1", "the game is over")
    if action.kind == "surrender":
        if action.player not in (0, 1):
            raise IllegalAction("battle-spirits:1-3-4", f"no player {action.player}")
        surrender(s, action.player, events)
        s.actions += 1
        return
    pending = s.pending
    if action.player != pending.player or action.kind not in ANSWERS[pending.kind]:
        clause = WRONG_ANSWER_CLAUSE.get((pending.kind, action.kind), CHOICE_CLAUSE[pending.kind])
        raise IllegalAction(f"battle-spirits:{clause}",
                            f"player {pending.player} must answer a {pending.kind!r} choice; "
                            f"{action.kind!r} by player {action.player} is not an answer")
    s.pending = None
    HANDLERS[action.kind](s, action, events)
    s.actions += 1
    advance(s, events)


@cites("5-8-1", "5-9-1", "12-2-1-4-1", "12-2-1-5-1", "9-1-7-1-1", "9-1-7-1-2")
def _play(s: State, a: Action, events: list) -> None:
    """Summon a spirit, deploy a nexus or use a magic ([主要] only in one's own main step)."""
    d = s.defs[a.card] if 0 <= a.card < len(s.defs) else None
    if d is None or cost.KIND_OF_PLAY[d.kind] != a.kind:
        raise IllegalAction("battle-spirits:5-8-1", f"card {a.card} cannot be played by {a.kind!r}")
    in_flash_timing = s.battle is not None
    if d.kind == "magic":
        if not 0 <= a.option < len(d.effects):
            raise IllegalAction("battle-spirits:9-1-7-1-3", f"{d.name} has no effect number {a.option}")
        if in_flash_timing and d.effects[a.option].timing != "flash":
            raise IllegalAction("battle-spirits:12-2-1-4-1", f"a [主要] effect of {d.name} is used only in your main step")
    elif in_flash_timing:
        raise IllegalAction("battle-spirits:7-6-1-2-1", f"{d.name} is summoned or deployed only in a main step")
    cost.begin(s, a.player, a.card, a.arg, a.option if d.kind == "magic" else -1, events)
    if in_flash_timing:
        battle.flash_used(s, a.player)


@cites("12-2-1-6-1", "12-2-1-11-1")
def _done(s: State, a: Action, events: list) -> None:
    """The card is on the field: its 『召喚時』 or 『配置時』 effects trigger."""
    card = cost.finish_placing(s, a.player, events)
    timing = "when_summoned" if s.defs[card].kind == "spirit" else "when_deployed"
    effects.queue(s, effects.collect(s, timing, [card]))


HANDLERS = {
    "go_first": lambda s, a, ev: setup.choose_first(s, a.player, bool(a.arg), ev),
    "redraw": lambda s, a, ev: setup.redraw(s, a.player, bool(a.arg), ev),
    "summon": _play, "deploy": _play, "use": _play,
    "pay": lambda s, a, ev: cost.pay(s, a.player, a.card, bool(a.arg), ev),
    "place": lambda s, a, ev: cost.place(s, a.player, a.card, bool(a.arg), ev),
    "done": _done,
    "move_core": lambda s, a, ev: move_core(s, a.player, a.card, a.arg, bool(a.option), ev),
    "end_main": lambda s, a, ev: turn.end_main(s, a.player, ev),
    "attack": lambda s, a, ev: battle.declare_attack(s, a.player, a.card, ev),
    "end_attack": lambda s, a, ev: turn.end_attack(s, a.player, ev),
    "pass": lambda s, a, ev: battle.flash_pass(s, a.player, ev),
    "block": lambda s, a, ev: battle.declare_block(s, a.player, a.card, ev),
    "no_block": lambda s, a, ev: battle.no_block(s, a.player, ev),
    "order": lambda s, a, ev: effects.take_trigger(s, a.card, ev),
    "target": lambda s, a, ev: effects.choose_target(s, a.player, a.card, ev),
}


# ---------------------------------------------------------------- rule processing


@cites("10-1-2", "9-1-5-9", "10-2-2-5", "11-3-1-5")
def advance(s: State, events: list) -> None:
    """Run everything that needs no choice — a cost to pay, waiting effects, the standby
    state, the battle, the steps — until a choice is pending or the game is over."""
    while s.winner is None and s.pending is None:
        c = s.casting
        if c is not None:
            if c.remaining > 0:
                s.pending = Pending("pay", c.player)
            elif c.kind != "use":
                s.pending = Pending("place", c.player)
            else:  # paid: the magic's effect waits to resolve, in no zone (3-4-3)
                s.casting = None
                effects.queue(s, [Trigger(c.player, c.card, c.effect, True)])
        elif s.triggers:
            effects.next_trigger(s, events)
        elif s.standby:
            effects.flush_standby(s, events)
        elif s.battle is not None:
            battle.advance(s, events)
        else:
            turn.advance(s, events)


# ---------------------------------------------------------------- checks and the random player


def problems(s: State) -> list[str]:
    """What is wrong with a state: a card not in exactly one place, cores not conserved,
    a negative count, a soul core out of place."""
    out: list[str] = []
    seen: list[int] = []
    cores = s.void - VOID_CORES * s.void_refills
    for p, player in enumerate(s.players):
        seen += player.deck + player.hand + player.trash + player.removed + list(player.field)
        for name in ("reserve", "trash_cores", "life"):
            if getattr(player, name) < 0:
                out.append(f"player {p}: negative {name} {getattr(player, name)}")
        cores += player.reserve + player.trash_cores + player.life + 1  # + the soul core
        for fc in player.field.values():
            cores += fc.cores
            if fc.cores < 0:
                out.append(f"player {p}: card {fc.card} has {fc.cores} cores")
        places = {RESERVE, TRASH, *player.field, *(c for c, _ in s.standby if s.owner(c) == p)}
        if s.casting is not None and s.casting.player == p and s.casting.soul:
            places.add(CASTING)
        if player.soul not in places:
            out.append(f"player {p}: the soul core is in no valid place ({player.soul})")
    cores += sum(n for _, n in s.standby)
    seen += [c for c, _ in s.standby]
    if s.casting is not None:
        seen.append(s.casting.card)
        cores += s.casting.cores
    seen += [t.card for g in s.triggers for t in g if t.magic]
    if s.resolving is not None and s.resolving.magic:
        seen.append(s.resolving.card)
    if sorted(seen) != list(range(len(s.defs))):
        out.append(f"cards not conserved: {len(seen)} placed of {len(s.defs)}, "
                   f"{len(set(seen))} distinct")
    expected = VOID_CORES + 2  # the void's stock and the two soul cores
    if cores != expected:
        out.append(f"cores not conserved: {cores} in play, expected {expected}")
    if s.void < 0:
        out.append(f"negative void {s.void}")
    return out


def choose(s: State, legal: list[Action], rng: random.Random) -> Action:
    """The random player: a kind of action uniformly (never surrender), then one of it."""
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        if a.kind != "surrender":
            by_kind.setdefault(a.kind, []).append(a)
    options = by_kind[rng.choice(list(by_kind))]  # insertion order: the listing's fixed order
    return options[rng.randrange(len(options))]


def outcome(s: State) -> str:
    return "draw" if s.winner == DRAW_RESULT else f"win:{s.winner}"

