"""The engine's interface: :func:`legal_actions` and :func:`apply`, and the loop of rule
processing between two choices.

An :class:`Action` answers the state's pending choice (:attr:`State.pending`); either
player may surrender at any time (1-3-4). ``apply`` returns the next state and the events
of the action, or raises :class:`~tcgrules.engine.core.IllegalAction` citing the clause
that forbids it (a bare number: the framework adds the game) — the state given is never changed.
"""
from __future__ import annotations

import _random as _random_module
import random
from typing import Final, Sequence, cast

from ..action import Action
from ..core import IllegalAction
from . import battle, cost, effects, setup, turn
from .action import (SURRENDERS, Activate, Attack, Block, Bottom, CardPlay, Deploy, EndAttack, EndMain, GoFirst, MoveCore,
                     NoBlock, Order, Pass, Pay, Place, Redraw, Replace, Search, Summon, Surrender, Target, Use)
from .choices import Choices, MoveGroup, PlanGroup, _Lazy
from .cores import move_core
from .rules import cites
from .state import (ASK_PAY, ASK_PLACE, DRAW_RESULT, RESERVE, TRASH, UNRECORDED, VOID_CORES, Pending, Player, State,
                    Trigger)
from .status import state_problems
from .victory import surrender


# Replay logs name actions as above; version 1 paid and placed one core per action, and
# version 2's digests dropped this turn's BP changes of a card in the standby state (10-2-2-2);
# version 3 resolved a step's effects before its turn-based action (7-2-2 …), and saw a
# vanished spirit at the Lv its remaining cores gave (10-2-2-3).
LOG_VERSION: Final = 4


# The clause behind each pending choice: cited when an action does not answer it.
CHOICE_CLAUSE: Final = {"first": "6-2-1-6", "redraw": "6-2-1-7", "main": "7-6-1-2-1", "pay": "11-1-1-5",
                 "place": "11-1-1-6", "attack": "7-7-3-2", "flash": "8-1-2-1", "block": "8-1-3-1",
                 "order": "9-4-1", "target": "9-3-2", "replace": "9-1-8-1-3", "bottom": "4-1-5",
                 "search": "9-3-2-2"}
# The classes of the actions that answer each pending choice.
ANSWERS: Final[dict[str, frozenset[type]]] = {
    "first": frozenset({GoFirst}), "redraw": frozenset({Redraw}),
    "main": frozenset({Summon, Deploy, Use, Activate, MoveCore, EndMain}), "pay": frozenset({Pay}),
    "place": frozenset({Place}), "attack": frozenset({Attack, EndAttack}), "flash": frozenset({Use, Activate, Pass}),
    "block": frozenset({Block, NoBlock}), "order": frozenset({Order}), "target": frozenset({Target}),
    "replace": frozenset({Replace}), "bottom": frozenset({Bottom}), "search": frozenset({Search})}
# A more precise clause for some wrong answers: paying once the cost is paid is overpaying.
WRONG_ANSWER_CLAUSE: Final[dict[tuple[str, type], str]] = {("place", Pay): "11-1-1-5"}
# The action that plays a card of each way of playing (cards.played_by, 3-1).
PLAYED_BY: Final[dict[str, type]] = {"summon": Summon, "deploy": Deploy, "use": Use}


# ---------------------------------------------------------------- listing the choices


@cites("1-3-4", "7-6-1-2-1", "7-6-1-2-2")
def legal_actions(s: State) -> Choices:
    """Every action the rules allow now, by kind in a fixed order, each group non-empty;
    none once the game is over."""
    groups: list[Sequence[Action]] = [SURRENDER_GROUP] * MOST_GROUPS
    return Choices(groups[:_groups(s, groups)])


def _groups(s: State, groups: list[Sequence[Action]]) -> int:
    """Put the groups of :func:`legal_actions` first in ``groups`` (a list of at least
    :data:`MOST_GROUPS`, written over, never emptied or grown: its array is allocated once)
    and return how many there are. The random player (:func:`play_random`) chooses among
    them without a Choices, nor a list of groups, made for each choice."""
    if s.winner is not None:
        return 0
    n = 0
    pending = s.pending
    assert pending is not None  # between two actions a choice is always pending (and typed so, compiled)
    p = pending.player
    kind = pending.kind
    player = s.players[p]
    main = kind == "main"  # the kind compared once: a string's comparison is a call
    if main or kind == "flash":
        flash_only = not main
        found = _playable(s, p, player, flash_only)
        if found.summons is not None:
            groups[n] = found.summons
            n += 1
        if found.deploys is not None:
            groups[n] = found.deploys
            n += 1
        if found.uses is not None:
            groups[n] = found.uses
            n += 1
        if s.decks[p].uses_from_hand:  # a spirit's or nexus's effect used from the hand (5-12-2)
            hand_uses = effects.usable_from_hand(s, p)
            if hand_uses:
                groups[n] = [Use(p, c, i) for c, i in hand_uses]
                n += 1
        if player.field.cards:  # activated effects, and somewhere to move a core to
            activations = effects.activatable(s, p, flash_only)
            if activations:
                groups[n] = [Activate(p, c, i) for c, i in activations]
                n += 1
            if main:
                moves = MoveGroup(p, player)
                if moves.size:
                    groups[n] = moves  # type: ignore[call-overload]  # a _Lazy is a Sequence (registered)
                    n += 1
        if main:
            groups[n] = END_MAIN[p]
            n += 1
        else:
            groups[n] = PASS[p]
            n += 1
    elif kind == "pay" or kind == "place":
        casting = s.casting
        assert casting is not None  # paying and placing are for a card being played (typed so, compiled)
        soul = player.soul == RESERVE or player.field.has(player.soul)
        if kind == "pay":
            due = casting.remaining
            plans = PlanGroup(False, p, player, soul, due, due)
            if plans.size:  # none when only 《靈魂魔法》 lets the player pay
                groups[n] = plans  # type: ignore[call-overload]
                n += 1
            if due > 1 and cost.soul_magic_payable(s, player, s.defs[casting.card]):
                groups[n] = SOUL_ONLY[p]
                n += 1
        else:
            groups[n] = PlanGroup(True, p, player, soul, s.defs[casting.card].lv1, None)  # type: ignore[call-overload]
            n += 1
    elif kind == "attack":
        ready = battle.ready_spirits(s, p)
        if ready:
            groups[n] = [Attack(p, c) for c in ready]
            n += 1
        groups[n] = END_ATTACK[p]
        n += 1
    elif kind == "block":
        ready = battle.blockers(s, p)  # asked only when there is one (battle.advance)
        if ready:
            groups[n] = [Block(p, c) for c in ready]
            n += 1
        if not battle.must_block(s):  # 【激突】 leaves no choice not to block (9-1-2-2)
            groups[n] = NO_BLOCK[p]
            n += 1
    elif kind == "order":
        groups[n] = [Order(p, i) for i in pending.options]
        n += 1
    elif kind == "target":
        groups[n] = [Target(p, c) for c in pending.options]
        n += 1
    elif kind == "replace":
        groups[n] = [Replace(p, i) for i in pending.options]
        n += 1
    elif kind == "bottom":
        groups[n] = [Bottom(p, c) for c in pending.options]
        n += 1
    elif kind == "search":
        groups[n] = [Search(p, c) for c in pending.options]
        n += 1
    elif kind == "first":
        groups[n] = (GoFirst(p, True), GoFirst(p, False))
        n += 1
    else:  # redraw
        groups[n] = (Redraw(p, True), Redraw(p, False))
        n += 1
    groups[n] = SURRENDER_GROUP
    return n + 1


def _playable(s: State, p: int, player: Player, flash_only: bool) -> cost.Playable:
    """cost.playable, or what the main-step listing before a core move found: a core move
    changes no card in the hand, on the field or in the trash, nor the cores to pay with,
    so it changes none of it — unless a card left the field, vanishing (the zone sizes tell),
    or a cost-changing card changed level (never kept when a deck has one)."""
    kept = s.listed_playable
    if s.playable_kept and kept is not None and kept.sizes == _zone_sizes(player):
        return kept
    found = cost.playable(s, p, flash_only)
    if not flash_only and not cost.changes_costs(s):
        found.sizes = _zone_sizes(player)
        s.listed_playable = found
    return found


def _zone_sizes(player: Player) -> int:
    """The sizes of the zones the playable cards depend on, as one number: a test that sets
    a position up by hand, after a core move, is listed afresh (cards are fewer than 4096)."""
    return (len(player.hand) << 24) | (len(player.field.cards) << 12) | len(player.trash)


# The actions that take no argument, made once: END_MAIN[player] is a group of one. These
# groups are typed as tuples of any length: compiled code keeps a tuple of a fixed length
# unboxed and would build a new one each time it is indexed or listed.
Groups = tuple[tuple[Action, ...], ...]
END_MAIN: Final[Groups] = ((EndMain(0),), (EndMain(1),))
PASS: Final[Groups] = ((Pass(0),), (Pass(1),))
END_ATTACK: Final[Groups] = ((EndAttack(0),), (EndAttack(1),))
NO_BLOCK: Final[Groups] = ((NoBlock(0),), (NoBlock(1),))
# Paying a 《靈魂魔法》 with the soul core alone (12-2-1-2-1): a plan of no ordinary core.
SOUL_ONLY: Final[Groups] = ((Pay(0, (), True),), (Pay(1, (), True),))
# Either player's surrender (1-3-4), the last group of every listing.
SURRENDER_GROUP: Final[tuple[Action, ...]] = SURRENDERS
# The most groups a listing has: a main step's summons, deploys, uses, uses from the hand,
# activations, core moves, the end of the step and the surrenders.
MOST_GROUPS: Final = 8


# ---------------------------------------------------------------- applying one


def apply(state: State, action: Action) -> tuple[State, tuple]:
    """The state after ``action`` and what happened, as events; ``state`` stays as it was."""
    s = state.clone()
    events: list = []
    apply_in_place(s, action, events)
    return s, tuple(events)


def play_random(s: State, rng: random.Random, step_cap: int, actions: list) -> None:
    """The random player (:func:`choose`, drawing from ``rng``) plays on from ``s``, changing
    it in place as :func:`apply_in_place` does (recording no events), until the game is over
    or ``actions``, to which each action is appended, holds ``step_cap``: the loop of
    ``Game.play_random`` as compiled code. Refused for a state that was copied, whose copies
    share its zones."""
    _check_own(s)
    groups: list[Sequence[Action]] = [SURRENDER_GROUP] * MOST_GROUPS  # each listing's groups, written over
    while s.winner is None and len(actions) < step_cap:
        action = _choose_in_groups(groups, _groups(s, groups), rng)
        pending = s.pending
        assert pending is not None  # the game is not over: a choice is pending
        _answer(s, action, pending, UNRECORDED, True)  # a listed action answers it (never a surrender)
        actions.append(action)


def _check_own(s: State) -> None:
    if s._cloned:
        raise ValueError("a state that was copied (by apply or clone) is not changed in place: "
                         "its copies share its zones")


@cites("1-3-1", "1-4-2")
def apply_in_place(s: State, action: Action, events: list) -> None:
    """Check that ``action`` answers the pending choice, do it, then run rule processing."""
    if s.winner is not None:
        raise IllegalAction("1-3-1", "the game is over")
    if isinstance(action, Surrender):
        if action.player not in (0, 1):
            raise IllegalAction("1-3-4", f"no player {action.player}")
        surrender(s, action.player, events)
        s.actions += 1
        return
    pending = s.pending
    assert pending is not None  # between two actions a choice is always pending
    if action.player != pending.player or type(action) not in ANSWERS[pending.kind]:
        clause = WRONG_ANSWER_CLAUSE.get((pending.kind, type(action)), CHOICE_CLAUSE[pending.kind])
        raise IllegalAction(clause,
                            f"player {pending.player} must answer a {pending.kind!r} choice; "
                            f"{action.kind!r} by player {action.player} is not an answer")
    _answer(s, action, pending, events, False)


def _answer(s: State, action: Action, pending: Pending, events: list, listed: bool) -> None:
    """Do an action that answers the ``pending`` choice, then run rule processing: the part
    of :func:`apply_in_place` after its checks, which the random player's ``listed``
    actions need not pass (nor their payment plans the checks of a plan)."""
    s.pending = None
    s.playable_kept = False
    _do(s, action, events, pending.options, listed)
    s.actions += 1
    advance(s, events)
    if isinstance(action, MoveCore) and _asks(s, "main"):
        s.playable_kept = True  # the playable cards listed before still hold, unless a card left (_playable)


def _asks(s: State, kind: str) -> bool:
    """Whether the pending choice is of this kind (a function of its own: compiled code
    would take ``s.pending`` for None after ``s.pending = None`` in the caller)."""
    return s.pending is not None and s.pending.kind == kind


def _do(s: State, a: Action, events: list, options: tuple, listed: bool) -> None:
    """Carry out an action that answers the pending choice, whose ``options`` it had (a
    chain of tests rather than a table of functions, so that the compiled engine calls each
    one directly and reads the fields of the class tested)."""
    p = a.player
    if isinstance(a, MoveCore):
        move_core(s, p, a.source, a.dest, a.soul, events, listed)
    elif isinstance(a, Pay):
        cost.pay(s, p, a.plan, a.soul, events, listed)
    elif isinstance(a, Place):
        _place(s, a, events, listed)
    elif isinstance(a, CardPlay):  # a summon or deploy: a spirit or nexus has no effect to choose
        _play(s, a, a.card, a.removed, -1, events, listed)
    elif isinstance(a, Use):
        _play(s, a, a.card, a.removed, a.effect, events, listed)
    elif isinstance(a, EndMain):
        turn.end_main(s, p, events)
    elif isinstance(a, Attack):
        battle.declare_attack(s, p, a.card, events)
    elif isinstance(a, EndAttack):
        turn.end_attack(s, p, events)
    elif isinstance(a, Target):
        effects.choose_target(s, p, a.card, options, events)
    elif isinstance(a, Block):
        battle.declare_block(s, p, a.card, events)
    elif isinstance(a, NoBlock):
        battle.no_block(s, p, events)
    elif isinstance(a, Activate):
        _activate(s, a, events)
    elif isinstance(a, Pass):
        battle.flash_pass(s, p, events)
    elif isinstance(a, Order):
        effects.take_trigger(s, a.effect, events)
    elif isinstance(a, Replace):
        effects.choose_replacement(s, p, a.effect, events)
    elif isinstance(a, Bottom):
        effects.choose_bottom(s, p, a.card, options, events)
    elif isinstance(a, Search):
        effects.choose_search(s, p, a.card, options, events)
    elif isinstance(a, Redraw):
        setup.redraw(s, p, a.redraw, events)
    else:  # ANSWERS lets no other class through
        setup.choose_first(s, p, cast(GoFirst, a).first, events)


@cites("5-8-1", "5-9-1", "12-2-1-4-1", "12-2-1-5-1", "9-1-7-1-1", "9-1-7-1-2")
def _play(s: State, a: Action, card: int, removed: int, effect: int, events: list, listed: bool) -> None:
    """Summon a spirit, deploy a nexus or use a magic's ``effect`` ([主要] only in one's own
    main step), ``removed`` EX cards by 《繼召》 — or use a spirit's or nexus's effect from the
    hand (5-12-2). A ``listed`` play, one the listing made, is not checked again."""
    if not listed:
        _check_play(s, a, card, effect)
    d = s.defs[card]
    in_flash_timing = s.battle is not None
    if isinstance(a, Use) and d.hand_effects:
        effects.use_from_hand(s, a.player, card, effect, events)
        if in_flash_timing:
            battle.flash_used(s, a.player)
        return
    cost.begin(s, a.player, card, removed, effect, events, listed)
    if in_flash_timing:
        battle.flash_used(s, a.player)


@cites("5-8-1", "5-9-1", "12-2-1-4-1", "9-1-7-1-3", "7-6-1-2-1")
def _check_play(s: State, a: Action, card: int, effect: int) -> None:
    """Refuse a play of a card that is none, by the wrong way of playing, of an effect the
    magic does not have, or out of its timing (an effect used from the hand is checked as it
    is used)."""
    if not 0 <= card < len(s.defs):
        raise IllegalAction("5-8-1", f"{s.named(card)}")
    d = s.defs[card]
    in_flash_timing = s.battle is not None
    if isinstance(a, Use) and d.hand_effects:
        return
    if type(a) is not PLAYED_BY[d.play]:
        raise IllegalAction("5-8-1", f"{s.named(card)} cannot be played by {a.kind!r}")
    if d.kind == "magic":
        if not 0 <= effect < len(d.effects):
            raise IllegalAction("9-1-7-1-3", f"{d.name} has no effect number {effect}")
        if in_flash_timing and d.effects[effect].timing != "flash":
            raise IllegalAction("12-2-1-4-1", f"a [主要] effect of {d.name} is used only in your main step")
    elif in_flash_timing:
        raise IllegalAction("7-6-1-2-1", f"{d.name} is summoned or deployed only in a main step")


@cites("12-2-1-6-1", "12-2-1-11-1")
def _place(s: State, a: Place, events: list, listed: bool) -> None:
    """The card goes on the field with its cores: its 『召喚時』 or 『配置時』 effects trigger,
    and the 「靈魂卡被召喚時」 ones of the other field cards (effects.arrived)."""
    card = cost.place(s, a.player, a.plan, a.soul, events, listed)
    effects.queue(s, effects.arrived(s, a.player, [card]))


@cites("9-1-6-1", "8-1-2-1")
def _activate(s: State, a: Activate, events: list) -> None:
    """An activated effect; in a flash timing the right to act then passes (8-1-2-1)."""
    effects.activate(s, a.player, a.card, a.effect, events)
    if s.battle is not None:
        battle.flash_used(s, a.player)


# ---------------------------------------------------------------- rule processing


@cites("10-1-2", "9-1-5-9", "10-2-2-5", "11-3-1-5")
def advance(s: State, events: list) -> None:
    """Run everything that needs no choice — a cost to pay, waiting effects, the standby
    state, the battle, the steps — until a choice is pending or the game is over."""
    while s.winner is None and s.pending is None:
        c = s.casting
        if c is not None:
            if c.remaining > 0:
                s.pending = ASK_PAY[c.player]
            elif c.kind != "use":
                s.pending = ASK_PLACE[c.player]
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
    a negative count, a soul core out of place, a field card in no card state (5-5-1).
    Checked after every action of a checked game: one pass over the places, counting."""
    out: list[str] = []
    n = len(s.defs)
    placed = [0] * n  # how many places hold each card
    strays: list[int] = []  # numbers that are no card
    cores = s.void - VOID_CORES * s.void_refills
    for p, player in enumerate(s.players):
        for zone in (player.deck, player.hand, player.trash, player.removed):
            for c in zone:
                if 0 <= c < n:
                    placed[c] += 1
                else:
                    strays.append(c)
        for name, count in (("reserve", player.reserve), ("trash_cores", player.trash_cores), ("life", player.life)):
            if count < 0:
                out.append(f"player {p}: negative {name} {count}")
        cores += player.reserve + player.trash_cores + player.life + 1  # + the soul core
        soul_placed = player.soul == RESERVE or player.soul == TRASH
        for fc in player.field.cards:  # a card there twice is counted in two places
            card = fc.card
            cores += fc.cores
            if 0 <= card < n:
                placed[card] += 1
            else:
                strays.append(card)
            if fc.cores < 0:
                out.append(f"player {p}: card {card} has {fc.cores} cores")
            if 0 <= card < n and s.owner(card) != p:  # turn.step_effects looks at the owner's deck only
                out.append(f"player {p}: field card {card} belongs to player {s.owner(card)}")
            soul_placed = soul_placed or player.soul == card
        for x in s.standby:
            soul_placed = soul_placed or (player.soul == x[0] and s.owner(x[0]) == p)
        if not soul_placed:
            out.append(f"player {p}: the soul core is in no valid place ({player.soul})")
    elsewhere = [x[0] for x in s.standby]
    cores += sum(x[1] for x in s.standby)
    if s.casting is not None:
        elsewhere.append(s.casting.card)
    elsewhere += [t.card for g in s.triggers for t in g if t.magic]
    if s.resolving is not None and s.resolving.magic:
        elsewhere.append(s.resolving.card)
    for c in elsewhere:
        if 0 <= c < n:
            placed[c] += 1
        else:
            strays.append(c)
    if strays or any(k != 1 for k in placed):
        seen = n - placed.count(0) + len(strays) + sum(k - 1 for k in placed if k > 1)
        out.append(f"cards not conserved: {seen} placed of {n}, {n - placed.count(0) + len(set(strays))} distinct")
    expected = VOID_CORES + 2  # the void's stock and the two soul cores
    if cores != expected:
        out.append(f"cores not conserved: {cores} in play, expected {expected}")
    if s.void < 0:
        out.append(f"negative void {s.void}")
    return out + state_problems(s)


def choose(s: State, legal: Choices | Sequence[Action], rng: random.Random) -> Action:
    """The random player: a kind of action uniformly (never surrender), then one of it,
    drawn from ``rng``'s Mersenne Twister (a ``random.Random``, whose ``random`` is called
    directly: a subclass's own ``random`` would not be)."""
    if isinstance(legal, Choices):
        return _choose_in_groups(legal.groups, len(legal.groups), rng)
    by_kind: dict[type, list[Action]] = {}
    for a in legal:
        if not isinstance(a, Surrender):
            by_kind.setdefault(type(a), []).append(a)
    kinds = list(by_kind.values())  # insertion order: the listing's fixed order
    kinds.append([])  # where Choices has the surrenders, never chosen
    return _choose_in_groups(kinds, len(kinds), rng)


def _choose_in_groups(groups: list[Sequence[Action]], n: int, rng: random.Random) -> Action:
    """The random player's choice: a kind of action among the first ``n - 1`` of ``groups``
    (the last, the surrenders, never chosen), then an action of that kind, each uniformly,
    from one draw: the kind is the draw's whole part scaled by the kinds, and the fraction
    left over, uniform in [0, 1) whatever the kind, chooses within it (it keeps some 50 of
    the draw's 53 bits: as uniform as a second draw, at half the calls)."""
    # rng.random() is one call into C; randrange costs ten times more and the player needs
    # no more than uniform-enough draws (the bias over a few hundred options is ~1e-14).
    x = _random(rng) * (n - 1)  # the first n are listed, the last of them the surrenders
    kind = int(x)
    rest = x - kind
    options = groups[kind]
    # Each length is held as an int first: compiled code multiplies a float by len()'s
    # result as two boxed numbers, by an int natively.
    if isinstance(options, list):  # typed so, compiled code indexes a list or tuple directly
        listed = cast(list[Action], options)
        size: int = len(listed)
        return listed[int(rest * size)]
    if isinstance(options, tuple):
        fixed = cast(tuple[Action, ...], options)
        length: int = len(fixed)
        return fixed[int(rest * length)]
    lazy = cast(_Lazy, options)  # the only other kind, built on demand: compiled code calls _at directly
    return lazy._at(int(rest * lazy.size))  # index in range: no check


# rng.random, the C method itself: compiled code then calls it without looking it up by name.
_random: Final = _random_module.Random.random


def is_over(s: State) -> bool:
    return s.winner is not None


def turns(s: State) -> int:
    return s.turn


def outcome(s: State) -> str:
    return "draw" if s.winner == DRAW_RESULT else f"win:{s.winner}"

