"""A player's choice in the middle of an effect or a rule: one mechanism for all of them.

The rule that needs a choice sets :attr:`State.pending` (a :class:`~.state.Pending`: its
kind, who chooses, the options, and where the rule stands) and stops; no check timing
comes between (10.5.1). The legal actions are then the answers that give one of the
options (:func:`answers`); :func:`answer` refuses any other action, citing the clause
of the choice, with the state left as it was; an accepted answer clears the choice and
the rule that asked goes on from what the pending choice kept:

* abilities (here): draw up to N (5.9.3), choose a number (1.3.5), up to X targets
  chosen one at a time (10.6.2.3.2) and a value distributed among them (10.6.2.4), look
  at up to N cards of the deck (5.10.2), search the deck (5.7.1), the ward tokens an
  effect put onto the field to tap, one at a time (12.8.2) —
  the resolution goes on at the effect it stopped at (:func:`resume`);
* the order of cards put into a zone together (4.1.5): the redraw (turn.py);
* the cards a field or an EX area over its limit keeps (11.4.1, 11.5.1: checks.py).
"""
from __future__ import annotations

from typing import Final

from ..core import IllegalAction, shuffle
from .action import Action, ChooseNumber, Distribute, DrawUpTo, LookMore, Pick, PickCard
from .cards import Ability, Effect
from .cards import WARD, X
from .effects import candidates, chosen_effects, do_effect, keep_seen, resolve as resolve_each, takes_effect, with_x
from .info import CARDS, POOL, name, unit_name
from .rules import cites
from .state import NO_TARGET, Pending, State
from .zones import Events, damage_unit, draw

# Each kind of choice: the action that answers it, the field giving the value, the clause.
ANSWERS: Final = {"draw": (DrawUpTo, "draw", "5.9.3"), "number": (ChooseNumber, "number", "1.3.5"),
                  "targets": (Pick, "target", "10.6.2.3.2"), "split": (Distribute, "amounts", "10.6.2.4.1"),
                  "order": (PickCard, "card", "4.1.5"), "field_excess": (Pick, "target", "11.4.1"),
                  "ex_excess": (PickCard, "card", "11.5.1"), "look": (LookMore, "look", "5.10.2"),
                  "search": (PickCard, "card", "5.7.1"), "ward": (Pick, "target", "12.8.2")}
ABILITY_KINDS: Final = ("draw", "number", "targets", "split", "look", "search", "ward")
ASKING: Final = ("draw_upto", "choose_number", "split_damage", "look_upto", "search")  # effects that ask in the middle


@cites("1.3.5", "1.3.5.1", "10.6.2.3.2", "10.6.2.4.1", "4.1.5")
def answer(s: State, a: Action) -> object:
    """The value the action answers the pending choice with: refused unless it is the
    choice's kind of answer, by its player, giving one of its options (a number above the
    limit: 1.3.5.1; below 0: 1.3.5). Clears the choice."""
    p = s.pending
    assert p is not None
    cls, field, clause = ANSWERS[p.kind]
    if type(a) is not cls or a.player != p.player:
        raise IllegalAction(clause, f"player {p.player} must first answer the {p.kind} choice ({cls.kind})")
    value = getattr(a, field)
    if value not in p.options:
        if p.kind == "number" and isinstance(value, int) and value > 0:
            clause = "1.3.5.1"
        raise IllegalAction(clause, f"{value!r} is not one of the options {list(p.options)}")
    s.pending = None
    return value


def answers(p: Pending) -> list[tuple]:
    """The answers to list, as rows (action class, player, value)."""
    cls = ANSWERS[p.kind][0]
    return [(cls, p.player, o) for o in p.options]


def distinct(cards: list[int]) -> tuple[int, ...]:
    """The cards once each, in their order: identical cards are one option."""
    out: list[int] = []
    for c in cards:
        if c not in out:
            out.append(c)
    return tuple(out)


# ---------------------------------------------------------------- abilities


def asks(a: Ability, mask: int) -> bool:
    """Whether resolving the ability may ask its player something."""
    if a.up_to:
        return True
    for e in chosen_effects(a, mask):
        if e.op in ASKING or ward_tokens(e):
            return True
    return False


def ward_tokens(e: Effect) -> bool:
    """Whether the effect puts ward followers onto the field: its player may tap them (12.8.2)."""
    return e.op == "summon" and bool(POOL.tokens[e.token].keywords & WARD)


def split_total(a: Ability, mask: int) -> int:
    """The value its ``split_damage`` distributes, or 0."""
    for e in chosen_effects(a, mask):
        if e.op == "split_damage":
            return e.n
    return 0


@cites("10.6.2.7", "10.6.2.7.2", "10.3.3")
def resolve(s: State, p: int, card: int, i: int, source: int, target: int, rite: bool, ev: Events, mask: int = 0,
            spell: int = -1, x: int = 0) -> None:
    """Resolve ability ``i`` of ``card`` for player ``p``; ``spell`` is the spell card in the
    resolution zone whose text it is (-1: none), put into the cemetery once its text is done;
    ``x`` the X its player said using it (5.2.1.2.2). An ability that may ask goes step by
    step (:func:`pick_next`, :func:`go_on`)."""
    a = CARDS[card].abilities[i]
    if not asks(a, mask):
        resolve_each(s, p, a, source, target, rite, ev, mask, card, x)
        finish(s, p, card, i, source, target, rite, mask, spell, ev, x)
        return
    f = Pending("", p, (), p, card, i, source, target, rite, mask, spell, card_x=x)
    if not takes_effect(s, p, a, source, rite, ev):
        finish(s, p, card, i, source, target, rite, mask, spell, ev, x)
    elif a.up_to:
        pick_next(s, f, ev)
    else:
        go_on(s, f, 0, 0, 1, ev)


@cites("10.6.2.3.2", "10.6.2.3.2.1", "10.6.2.3.1", "12.15.2")
def pick_next(s: State, f: Pending, ev: Events) -> None:
    """Up to X targets, one at a time: any not chosen yet, or no more (none at all is
    allowed: 10.6.2.3.2); to distribute a value, one at least and no more than the value
    can give one each to (10.6.2.3.2.1). Then the value is distributed (:func:`ask_split`)."""
    a = CARDS[f.card].abilities[f.ability]
    total = split_total(a, f.mask)
    most = min(a.up_to, total) if total else a.up_to
    left = [t for t in candidates(s, f.controller, a.chosen, f.source) if t not in f.picked]
    if len(f.picked) < most and left:
        stop = (NO_TARGET,) if f.picked or not total else ()
        s.pending = f.but("targets", tuple(left) + stop, 0, 0, 1, f.picked, ())
        return
    ask_split(s, f, total, ev)


@cites("10.6.2.4", "10.6.2.4.1")
def ask_split(s: State, f: Pending, total: int, ev: Events) -> None:
    """The value distributed among the targets chosen, one at least each (10.6.2.4.1): a
    choice when there are two or more."""
    if total and len(f.picked) > 1:
        s.pending = f.but("split", tuple(shares(total, len(f.picked))), 0, 0, 1, f.picked, ())
        return
    amounts = (total,) if total and f.picked else ()
    go_on(s, f.but("", (), 0, 0, 1, f.picked, amounts), 0, 0, 1, ev)


def shares(total: int, n: int) -> list[tuple[int, ...]]:
    """Every way to give ``total`` to ``n`` targets, one at least each."""
    if n == 1:
        return [(total,)]
    return [(first, *rest) for first in range(1, total - n + 2) for rest in shares(total - first, n - 1)]


@cites("10.6.2.7.2", "5.9.3", "5.9.3.1", "5.9.3.3", "1.3.5", "1.3.5.1", "10.6.2.4", "5.10.2", "5.10.2.1",
       "5.7.1", "5.7.1.1", "5.7.2")
def go_on(s: State, f: Pending, step: int, count: int, x: int, ev: Events) -> None:
    """Do the ability's effects from ``step`` in their order. Drawing up to N asks before
    each card, until N are drawn (5.9.3.3); looking at up to N likewise, from a count of 1
    (5.10.2.1); searching the deck for N cards asks for each, one of the deck's cards and
    never none (5.7.1.1), then shuffles it (5.7.2); a number is chosen from 0 to its limit (1.3.5.1),
    the effects after it done with their n times it; targets chosen "up to X" each get the
    effect, or their share of a distributed value (10.6.2.4)."""
    a = CARDS[f.card].abilities[f.ability]
    effects = chosen_effects(a, f.mask)
    p = f.controller
    while step < len(effects) and s.winner is None:
        e = effects[step] if effects[step].n != X else with_x(s, p, effects[step], f.card, f.card_x, ev)
        if e.op == "draw_upto":
            if count < e.n:
                s.pending = f.but("draw", (True, False), step, count, x, f.picked, f.amounts)
                return
        elif e.op == "look_upto":
            if count < min(e.n, len(s.players[p].deck)):
                s.pending = f.but("look", (True, False), step, count, x, f.picked, f.amounts)
                return
            end_look(s, p, count, "5.10.2.4", ev)
        elif e.op == "search":
            if count < e.n and s.players[p].deck:
                s.pending = f.but("search", distinct(s.players[p].deck), step, count, x, f.picked, f.amounts)
                return
            shuffle(s.random(), s.players[p].deck)
            if ev.on:
                ev.append(("search", "5.7.2", f"player {p} shuffles the deck"))
        elif e.op == "choose_number":
            s.pending = f.but("number", tuple(range(e.n + 1)), step, count, x, f.picked, f.amounts)
            return
        elif e.op == "split_damage":
            for t, n in zip(f.picked, f.amounts):
                found = s.find(t)
                if found is not None:
                    damage_unit(s, found[1], n, ev)
        elif ward_tokens(e):
            first = s.next_uid
            do_effect(s, p, times(e, x), f.source, f.target, ev, f.card)
            entered = tuple(u.uid for u in s.players[p].field if u.uid >= first and not u.tapped)
            if entered:
                s.pending = f.but("ward", entered + (NO_TARGET,), step, count, x, f.picked, f.amounts)
                return
        elif a.up_to and e.target == a.chosen:
            for t in f.picked:
                do_effect(s, p, e, f.source, t, ev, f.card)
        else:
            do_effect(s, p, times(e, x), f.source, f.target, ev, f.card)
        step += 1
        count = 0
    finish(s, p, f.card, f.ability, f.source, f.target, f.rite, f.mask, f.spell, ev, f.card_x)


@cites("5.10.2.2", "5.10.2.4")
def end_look(s: State, p: int, n: int, clause: str, ev: Events) -> None:
    """The looking ends, by the player's choice (5.10.2.2) or after N cards (5.10.2.4): the
    cards seen are dealt with (effects.keep_seen)."""
    if ev.on:
        ev.append(("look_more", clause, f"player {p} looked at {n} card(s)"))
    keep_seen(s, p, n)


def times(e: Effect, x: int) -> Effect:
    """The effect with its n times the number chosen before it."""
    return e if x == 1 else Effect(e.op, e.n * x, e.target, e.token, e.atk, e.dfn, e.kw, e.kind)


@cites("10.6.2.7.3", "9.1.4.2")
def finish(s: State, p: int, card: int, i: int, source: int, target: int, rite: bool, mask: int, spell: int,
           ev: Events, x: int = 0) -> None:
    """After an ability: a spell's next text resolves, or, its text done, the spell goes
    from the resolution zone to the cemetery (a token spell leaves play)."""
    if spell < 0:
        return
    for j in CARDS[spell].on("spell"):
        if j > i:
            resolve(s, p, spell, j, source, target, rite, ev, mask, spell, x)
            return
    if not CARDS[spell].token:
        s.players[p].cemetery.append(spell)
    if ev.on:
        ev.append(("use_card", "10.6.2.7.3", f"{name(spell)} goes to the cemetery"))


@cites("12.8.2", "4.2.2.3", "5.3.1")
def ward_tap_entered(s: State, f: Pending, uid: int, ev: Events) -> None:
    """A ward follower put onto the field upright may be tapped as it is put (12.8.2):
    the one chosen is tapped and the player is asked about the others; none, and the
    ability goes on."""
    found = s.find(uid) if uid != NO_TARGET else None
    if found is None:
        go_on(s, f, f.step + 1, 0, f.x, ev)
        return
    found[1].tapped = True
    if ev.on:
        ev.append(("ward_tap", "12.8.2", f"{unit_name(found[1])} enters the field tapped"))
    left = tuple(o for o in f.options if o != uid)
    if left == (NO_TARGET,):
        go_on(s, f, f.step + 1, 0, f.x, ev)
    else:
        s.pending = f.but("ward", left, f.step, f.count, f.x, f.picked, f.amounts)


@cites("5.9.3.1", "5.9.3.2", "5.9.3.3", "1.3.5", "10.6.2.3.2", "10.6.2.4", "5.10.2.3", "5.7.1")
def resume(s: State, f: Pending, value: object, ev: Events) -> None:
    """Go on with the ability from the answer to its choice: one card drawn (5.9.3.2) and
    asked again, or the drawing ended (5.9.3.1); the number chosen; one more target or no
    more; the shares of the value."""
    if f.kind == "draw":
        if value:
            draw(s, f.controller, 1, ev)
            if ev.on:
                ev.append(("draw_up_to", "5.9.3.2", f"player {f.controller} draws one card ({f.count + 1})"))
            go_on(s, f, f.step, f.count + 1, f.x, ev)
        else:
            if ev.on:
                ev.append(("draw_up_to", "5.9.3.1", f"player {f.controller} draws no more"))
            go_on(s, f, f.step + 1, 0, f.x, ev)
    elif f.kind == "look":
        if value:
            if ev.on:
                ev.append(("look_more", "5.10.2.3", f"player {f.controller} looks at the top {f.count + 1} card(s)"))
            go_on(s, f, f.step, f.count + 1, f.x, ev)
        else:
            end_look(s, f.controller, f.count, "5.10.2.2", ev)
            go_on(s, f, f.step + 1, 0, f.x, ev)
    elif f.kind == "search":
        deck = s.players[f.controller].deck
        deck.remove(int(value))  # type: ignore[call-overload]
        s.players[f.controller].hand.append(int(value))  # type: ignore[call-overload]
        if ev.on:
            ev.append(("search", "5.7.1", f"player {f.controller} finds {name(int(value))}"))  # type: ignore
        go_on(s, f, f.step, f.count + 1, f.x, ev)
    elif f.kind == "ward":
        ward_tap_entered(s, f, int(value), ev)  # type: ignore[call-overload]
    elif f.kind == "number":
        if ev.on:
            ev.append(("choose_number", "1.3.5", f"player {f.controller} chooses {value}"))
        go_on(s, f, f.step + 1, 0, int(value), ev)  # type: ignore[call-overload]
    elif f.kind == "targets":
        if value == NO_TARGET:
            a = CARDS[f.card].abilities[f.ability]
            ask_split(s, f, split_total(a, f.mask), ev)
        else:
            if ev.on:
                found = s.find(int(value))  # type: ignore[call-overload]
                what = unit_name(found[1]) if found is not None else f"#{value}"
                ev.append(("pick", "10.6.2.3.2", f"player {f.controller} chooses {what}"))
            pick_next(s, f.but("", (), 0, 0, 1, f.picked + (value,), ()), ev)
    else:
        if ev.on:
            ev.append(("distribute", "10.6.2.4", f"player {f.controller} distributes {list(value)}"))  # type: ignore
        go_on(s, f.but("", (), 0, 0, 1, f.picked, value), 0, 0, 1, ev)  # type: ignore[arg-type]
