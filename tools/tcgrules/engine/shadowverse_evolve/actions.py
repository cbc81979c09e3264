"""The engine's interface: typed actions, :func:`legal_actions` and :func:`apply`.

Every action names the player taking it. ``apply`` returns the next state and the events
``(clause, text)`` of the action, or raises :class:`~tcgrules.engine.core.IllegalAction`
citing the clause that forbids it; the state given is never changed.
"""
from __future__ import annotations

import random
from typing import Final, Iterator, Sequence

from ..core import IllegalAction
from .action import (Action, Activate, Attack, ChooseFirst, ChooseNumber, Concede, Discard, Distribute,
                          DrawUpTo, EndMain, Evolve, LookMore, Mulligan, Pass, Pick, PickCard, Play, UseTrigger,
                          WardTap)
from .cards import QUICK, WARD
from .checks import leave_excess, trigger_player
from .choices import ABILITY_KINDS, answer, answers, resume
from .combat import attack_targets, declare, may_attack
from .evolve import can_evolve, evolve_cards, evolve_price, use_evolve
from .info import CARDS, name, shown, unit_name
from .play import (ability_targets, activate, card_targets, cost_options, may_use_now, meal_ep, modes_now, price,
                   rite_sources, trigger_pays, trigger_targets, use_card, use_trigger, x_values)
from .rules import cites
from .state import (ATTACK_QUICK, CHOOSE_FIRST, END_DISCARD, END_QUICK, END_WARD, EX_LIMIT, FIELD_LIMIT,
                    HAND_LIMIT, MAIN, MULLIGAN, NO_TARGET, OVER, PP_MAX_LIMIT, State, below, leader_of)
from .setup import choose_first, mulligan, put_next
from .turn import carry_on, discard, end_main, pass_quick, ward_followers, ward_tap
from .zones import Events

LOG_VERSION: Final = 1
NO_RITE: Final = (-1,)  # a card without an earth rite is used without one


# ---------------------------------------------------------------- listing


class Listed:
    """The legal actions as a sequence whose actions are made only when read: the random
    player reads one, so listing costs a tuple per action and makes one action."""

    __slots__ = ("rows",)

    def __init__(self) -> None:
        self.rows: list[tuple] = []

    def add(self, row: tuple) -> None:
        self.rows.append(row)

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index: int) -> Action:
        row = self.rows[index]
        return row[0](*row[1:])  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[Action]:
        return (self[i] for i in range(len(self.rows)))

    def __contains__(self, action: object) -> bool:
        return any(a == action for a in self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (Listed, list, tuple)) and list(self) == list(other)

    def __repr__(self) -> str:
        return repr(list(self))


@cites("7.3.3", "8.2.1", "8.3.1", "8.4.2", "12.8.2", "13.3.3.2", "7.3.3.p1", "7.3.3.p2", "7.3.3.p3", "7.4.4.p1",
       "7.4.4.p2", "8.4.7.1.1", "8.4.7.1.2")
def main_actions(s: State, p: int, quick_only: bool, out: Listed) -> None:
    """Cards to use, abilities to activate, followers to evolve and attacks."""
    pl = s.players[p]
    any_card = may_use_now(s, p, False)
    if not any_card and not may_use_now(s, p, True):
        return
    card_plays(s, p, "hand", pl.hand, any_card, out)
    card_plays(s, p, "ex", pl.ex, any_card, out)
    for u in pl.field:
        card = shown(u)
        for i in card.activated:
            a = card.abilities[i]
            if s.stale and (u.uid, i) in s.stale:
                continue
            for rite in ([-1, *rite_sources(s, p)] if a.rite else [-1]):
                for t in ability_targets(s, p, u, i, rite >= 0):
                    if pl.pp >= a.cost:
                        out.add((Activate, p, u.uid, i, t, rite, False))
                    if a.meal and meal_ep(s, p, a):
                        out.add((Activate, p, u.uid, i, t, rite, True))
    if quick_only:
        return
    for u in pl.field:
        if can_evolve(s, p, u):
            for c in evolve_cards(s, p, u):
                for ep in (False, True):
                    if evolve_price(s, p, u, ep) is not None:
                        out.add((Evolve, p, u.uid, c, ep))
    for u in pl.field:
        if may_attack(u):
            for t in attack_targets(s, p, u):
                out.add((Attack, p, u.uid, t))
    out.add((EndMain, p))


@cites("8.2.1", "12.8.2", "13.3.3.2", "7.4.4.p1", "7.4.4.p2")
def card_plays(s: State, p: int, zone: str, cards: list[int], any_card: bool, out: Listed) -> None:
    """The ways to use the cards of the hand or EX area (each copy of a card alike, listed
    once): quick cards only, unless ``any_card``."""
    pp = s.players[p].pp
    for i in range(len(cards)):
        c = cards[i]
        card = CARDS[c]
        if not (any_card or card.keywords & QUICK) or copy_before(cards, i):
            continue
        for alt in cost_options(s, p, card, zone):
            if price(s, p, card, zone, 0, alt) > pp:
                continue
            for rite in ((-1, *rite_sources(s, p)) if card.rite else NO_RITE):
                for mask in modes_now(s, p, card):
                    for x in range(x_values(s, p, card)):
                        for t in card_targets(s, p, card, rite >= 0, mask, x, zone, alt):
                            out.add((Play, p, c, zone, t, False, rite, mask, x, alt))
                            if card.keywords & WARD and card.kind == "follower" and t == NO_TARGET:
                                out.add((Play, p, c, zone, t, True, rite, mask, x, alt))


def copy_before(cards: list[int], i: int) -> bool:
    """Whether a copy of ``cards[i]`` comes before it (a loop of machine integers: no list
    of the cards seen is made)."""
    c = cards[i]
    for j in range(i):
        if cards[j] == c:
            return True
    return False


@cites("10.5.2.2", "10.5.2.3", "10.7.3", "10.7.3.1", "10.7.3.2")
def trigger_actions(s: State, p: int, out: Listed) -> None:
    for i, t in enumerate(s.triggers):
        if t.controller == p:
            for x in trigger_targets(s, t) or [NO_TARGET]:
                for pay in trigger_pays(s, t):
                    out.add((UseTrigger, p, i, x, pay))


@cites("1.2.3", "6.2.1.6", "6.2.1.8", "7.3.3", "7.4.3", "7.4.4", "7.4.6", "8.4.7", "7.3.3.p4", "7.4.4.p3", "8.4.7.1.3")
def legal_actions(s: State) -> Listed:
    """Every action the rules allow now; either player may concede at any time (1.2.3)."""
    out = Listed()
    if s.winner is not None:
        return out
    step = s.step
    if s.pending is not None:
        for row in answers(s.pending):
            out.add(row)
    elif s.triggers:
        trigger_actions(s, trigger_player(s), out)
    elif step == CHOOSE_FIRST:
        out.add((ChooseFirst, s.chooser, True))
        out.add((ChooseFirst, s.chooser, False))
    elif step == MULLIGAN:
        out.add((Mulligan, s.chooser, False))
        out.add((Mulligan, s.chooser, True))
    elif step == MAIN:
        main_actions(s, s.active, False, out)
    elif step == ATTACK_QUICK or step == END_QUICK:
        out.add((Pass, 1 - s.active))
        main_actions(s, 1 - s.active, True, out)
    elif step == END_WARD:
        out.add((Pass, s.active))
        for u in ward_followers(s):
            out.add((WardTap, s.active, u))
    else:
        seen: list[int] = []
        for c in s.players[s.active].hand:
            if c not in seen:
                seen.append(c)
                out.add((Discard, s.active, c))
    out.add((Concede, 0))
    out.add((Concede, 1))
    return out


# ---------------------------------------------------------------- applying


@cites("1.2.3", "1.2.3.1")
def concede(s: State, p: int, ev: Events) -> None:
    """The player loses at once, with no check timing."""
    s.winner = 1 - p
    s.step = OVER
    if ev.on:
        ev.append(("concede", "1.2.3", f"player {p} concedes"))


@cites("7.4.4", "8.4.7.1.3")
def skip_empty_quick(s: State, ev: Events) -> None:
    """A quick timing or ward step where the player can only do nothing passes by itself."""
    while s.winner is None and not s.triggers and s.pending is None and s.step in (ATTACK_QUICK, END_QUICK, END_WARD):
        chooser = s.active if s.step == END_WARD else 1 - s.active
        if s.step == END_WARD and ward_followers(s):
            return
        if s.step != END_WARD:
            options = Listed()
            main_actions(s, chooser, True, options)
            if len(options):
                return
        pass_quick(s, chooser, ev)
        carry_on(s, ev)


def apply_in_place(s: State, a: Action, ev: Events) -> None:
    """Apply an action to the state itself (for a state no one else holds)."""
    if s.winner is not None:
        raise IllegalAction("1.2.1", "the game is over")
    if isinstance(a, Concede):
        concede(s, a.player, ev)
        return
    if s.pending is not None:
        answer_pending(s, a, ev)
    elif s.triggers and not isinstance(a, UseTrigger):
        raise IllegalAction("10.5.2.2", "a standby automatic ability must be used first")
    elif isinstance(a, Activate):
        repeat_check(s, a, ev)
        return
    else:
        dispatch(s, a, ev)
    if s.stale:
        s.stale = []
    if s.pending is None:
        carry_on(s, ev)
        skip_empty_quick(s, ev)


@cites("15.2.1", "15.2.1.2")
def repeat_check(s: State, a: Activate, ev: Events) -> None:
    """An activation that leaves the game exactly as it was (an infinite loop its player
    could go on with) cannot be taken again until the game changes."""
    if (a.unit, a.ability) in s.stale:
        raise IllegalAction("15.2.1.2", "this action left the game as it was: it cannot be taken again now")
    stale, s.stale = s.stale, []
    before = s.to_json()
    dispatch(s, a, ev)
    if s.pending is None:
        carry_on(s, ev)
        skip_empty_quick(s, ev)
    if s.to_json() == before:
        s.stale = stale + [(a.unit, a.ability)]
        if ev.on:
            ev.append(("repeat", "15.2.1.2", "the game is as it was: this action cannot be taken again now"))


def answer_pending(s: State, a: Action, ev: Events) -> None:
    """The answer to the pending choice (choices.py): the rule that asked goes on."""
    f = s.pending
    assert f is not None
    value = answer(s, a)
    if f.kind in ABILITY_KINDS:
        resume(s, f, value, ev)
    elif f.kind == "order":
        put_next(s, f.player, int(value), ev)  # type: ignore[call-overload]
    else:
        leave_excess(s, f.player, f.kind, int(value), ev)  # type: ignore[call-overload]


@cites("7.3.3", "8.1.2")
def dispatch(s: State, a: Action, ev: Events) -> None:
    if isinstance(a, ChooseFirst):
        choose_first(s, a.player, a.first, ev)
    elif isinstance(a, Mulligan):
        mulligan(s, a.player, a.redraw, ev)
    elif isinstance(a, Play):
        use_card(s, a.player, a.zone, a.card, a.target, a.tapped, a.rite, ev, a.mode, a.x, a.alt)
    elif isinstance(a, Activate):
        activate(s, a.player, a.unit, a.ability, a.target, a.rite, ev, a.ep)
    elif isinstance(a, Evolve):
        use_evolve(s, a.player, a.unit, a.card, a.ep, ev)
    elif isinstance(a, Attack):
        declare(s, a.player, a.unit, a.target, ev)
    elif isinstance(a, UseTrigger):
        use_trigger(s, a.player, a.index, a.target, ev, a.pay)
    elif isinstance(a, Pass):
        pass_quick(s, a.player, ev)
    elif isinstance(a, EndMain):
        if a.player != s.active:
            raise IllegalAction("7.3.3", f"player {a.player} is not the turn player")
        end_main(s, ev)
    elif isinstance(a, WardTap):
        ward_tap(s, a.player, a.unit, ev)
    elif isinstance(a, Discard):
        discard(s, a.player, a.card, ev)
    else:
        raise IllegalAction("8.1.2", f"unknown action {a!r}")


def apply(s: State, a: Action) -> tuple[State, tuple]:
    """The state after the action, and its events; ``s`` is left as it was."""
    t = s.clone()
    ev = Events()
    apply_in_place(t, a, ev)
    return t, tuple(ev.items)


def choose(s: State, legal: Sequence[Action], rng: random.Random) -> Action:
    """The random player: any listed action but conceding (the last two listed)."""
    n = len(legal) - 2
    return legal[below(rng, n)] if n > 0 else legal[0]


def play_random(s: State, rng: random.Random, cap: int, actions: list) -> None:
    """The random player's whole game from ``s``, in place."""
    quiet = Events(False)
    while s.winner is None and len(actions) < cap:
        a = choose(s, legal_actions(s), rng)
        apply_in_place(s, a, quiet)
        actions.append(a)


# ---------------------------------------------------------------- invariants


@cites("3.2.4.1", "3.2.4.2", "3.2.5.1", "4.4.4.1", "4.8.3.1", "3.1.1")
def problems(s: State) -> list[str]:
    """Cards conserved (each player's own, tokens apart), no negative count, points and
    zones within their limits."""
    out = []
    owned = [1, 1]  # the leaders
    for p in range(2):
        pl = s.players[p]
        for zone in (pl.deck, pl.evolve_deck, pl.evolve_up, pl.hand, pl.ex, pl.cemetery, pl.banish):
            owned[p] += sum(1 for c in zone if not CARDS[c].token)
        owned[p] += len(pl.race)
        for u in pl.field:
            owned[u.owner] += (0 if CARDS[u.card].token else 1) + (1 if u.evolved >= 0 else 0)
            if u.damage < 0 or u.counters < 0:
                out.append(f"player {p}: {unit_name(u)} has damage {u.damage}, counters {u.counters}")
        if not 0 <= pl.pp_max <= PP_MAX_LIMIT:
            out.append(f"player {p}: play point maximum {pl.pp_max} outside 0..10 (3.2.4.1)")
        if s.step != OVER and not 0 <= pl.pp <= pl.pp_max:
            out.append(f"player {p}: play points {pl.pp} outside 0..{pl.pp_max} (3.2.4.2)")
        if pl.ep < 0:
            out.append(f"player {p}: evolve points {pl.ep} below 0 (3.2.5.1)")
        if len(pl.ex_kw) != len(pl.ex):
            out.append(f"player {p}: {len(pl.ex_kw)} EX area effects for {len(pl.ex)} cards")
        if (len(pl.field) > FIELD_LIMIT or len(pl.ex) > EX_LIMIT) and (s.pending is None or s.pending.player != p):
            out.append(f"player {p}: {len(pl.field)} cards on the field, {len(pl.ex)} in the EX area")
    for uid, _ in s.extra_links:
        found = s.find(uid)
        owned[found[1].owner if found is not None else 0] += 1
    f = s.pending
    if f is not None and f.spell >= 0 and not CARDS[f.spell].token:
        owned[f.controller] += 1  # in the resolution zone (10.6.2.1)
    for p in range(2):
        if owned[p] != s.cards_total[p]:
            out.append(f"player {p} owns {owned[p]} cards in play, not {s.cards_total[p]}")
    return out


def describe(s: State, a: Action) -> str:
    """The action for people, by card name."""
    p = s.players[a.player]
    if isinstance(a, Play):
        options = "+".join(str(i + 1) for i in range(8) if a.mode >> i & 1)
        return f"player {a.player} plays {name(a.card)}" + (" from the EX area" if a.zone == "ex" else "") + \
            (" tapped" if a.tapped else "") + (f" choosing {options}" if options else "") + \
            (f" with X = {a.x}" if CARDS[a.card].x == "chosen" else "") + \
            (" paying its other cost" if a.alt else "") + target_text(s, a.target)
    if isinstance(a, Attack):
        u = p.unit(a.unit)
        return f"player {a.player}: {unit_name(u) if u else a.unit} attacks" + target_text(s, a.target)
    if isinstance(a, Evolve):
        u = p.unit(a.unit)
        return f"player {a.player} evolves {unit_name(u) if u else a.unit}" + (" with an evolve point" if a.ep else "")
    if isinstance(a, UseTrigger) and 0 <= a.index < len(s.triggers):
        t = s.triggers[a.index]
        return f"player {a.player} uses {CARDS[t.card].abilities[t.ability].on} of {name(t.card)}" + \
            target_text(s, a.target) + (" paying its cost" if a.pay else "")
    if isinstance(a, Activate):
        u = p.unit(a.unit)
        return f"player {a.player} activates {unit_name(u) if u else a.unit}" + target_text(s, a.target)
    if isinstance(a, Discard):
        return f"player {a.player} discards {name(a.card)}"
    if isinstance(a, DrawUpTo):
        return f"player {a.player} " + ("draws one more card" if a.draw else "draws no more")
    if isinstance(a, LookMore):
        return f"player {a.player} " + ("looks at one more card" if a.look else "looks at no more")
    if isinstance(a, ChooseNumber):
        return f"player {a.player} chooses the number {a.number}"
    if isinstance(a, Pick):
        return f"player {a.player} chooses" + (target_text(s, a.target) if a.target != NO_TARGET else " no more")
    if isinstance(a, PickCard):
        return f"player {a.player} chooses {name(a.card)}"
    if isinstance(a, Distribute):
        return f"player {a.player} distributes {'+'.join(map(str, a.amounts))}"
    if isinstance(a, ChooseFirst):
        return f"player {a.player} goes " + ("first" if a.first else "second")
    if isinstance(a, Mulligan):
        return f"player {a.player} " + ("redraws the opening hand" if a.redraw else "keeps the opening hand")
    return f"player {a.player}: {a.kind.replace('_', ' ')}"


def target_text(s: State, target: int) -> str:
    if target == NO_TARGET:
        return ""
    if leader_of(target) >= 0:
        return f" → leader of player {leader_of(target)}"
    found = s.find(target)
    return f" → {unit_name(found[1])}" if found else f" → #{target}"


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
