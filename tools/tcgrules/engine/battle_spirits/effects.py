"""Effects: triggered effects (誘發型效果) and their order, magic effects, targets,
destruction with the standby state, and the restriction effects.

Triggered effects that arise together form a group; a group that arises while another is
resolving resolves first (9-1-5-9). Within a group the controller chooses the order of
their own effects (9-1-5-7) and the turn player the order of a mixed group (9-1-5-8,
9-4-1): a pending ``order`` choice. A target is chosen when the effect resolves (9-3-2):
a pending ``target`` choice.
"""
from __future__ import annotations

from typing import Iterable

from ..core import IllegalAction
from .cards import TARGETED, Effect
from .cores import bp, cores_from_void, leave_field, level
from .deck import draw
from .rules import cites
from .state import RECOVERED, RESERVE, Pending, State, Trigger
from .status import exhaust, heavily_exhaust, recover
from .victory import reduce_life


@cites("9-1-5-1", "9-1-5-2", "9-1-5-2-1", "9-1-5-3", "12-3-1-1", "12-3-1-2", "12-3-1-3",
       "12-3-2-1", "12-3-2-2", "12-3-3-1", "12-3-3-2", "12-3-3-3", "12-2-1-1-3")
def collect(s: State, timing: str, cards: Iterable[int]) -> list[Trigger]:
    """The effects of these cards that trigger at this timing, in the cards' order.

    〔每回合 1 次〕 lets each card's effect trigger once a turn — each card of a name on its
    own (12-3-1-2); 〔不可重複〕 lets an effect of one name trigger once at one timing
    (12-3-2-1); 〔不可重複・每回合 1 次〕 is both (12-3-3-1): one card of a name at one
    timing, and each card once a turn, so same-named cards may each trigger at different
    timings (12-3-3-2); another name is another effect (12-3-3-3). A 《真界放》 effect needs
    its card in the true-release state (12-2-1-1-3).
    """
    out: list[Trigger] = []
    seen_names: set[tuple[str, int]] = set()
    defs = s.defs
    for card in cards:
        d = defs[card]
        if timing not in d.timings:  # most cards have nothing at most timings
            continue
        for i, e in enumerate(d.effects):
            if e.timing != timing or (e.min_level > 1 and _level_now(s, card) < e.min_level):
                continue
            limit = e.limit
            if limit is not None:
                if limit != "no_repeat" and (card, i) in s.used_once:
                    continue
                if limit != "once_per_turn":
                    if (d.base_name, i) in seen_names:
                        continue
                    seen_names.add((d.base_name, i))
                if limit != "no_repeat":
                    s.used_once = s.used_once | {(card, i)}
            out.append(Trigger(s.owner(card), card, i))
    return out


def _level_now(s: State, card: int) -> int:
    return level(s, card) if card in s.players[s.owner(card)].field else 0


@cites("9-1-5-7", "9-1-5-9")
def queue(s: State, triggers: list[Trigger]) -> None:
    """Add a group of effects triggered together; it resolves before older groups (9-1-5-9)."""
    if triggers:
        s.triggers = s.triggers + (tuple(triggers),)


@cites("9-1-5-7", "9-1-5-8", "9-4-1", "9-4-1-1", "1-4-4")
def next_trigger(s: State, events: list) -> None:
    """Resolve the next effect of the newest group, or ask for the order when it holds
    more than one: its controller chooses, or the turn player for a mixed group (9-4-1)."""
    group = s.triggers[-1]
    if len(group) == 1:
        take_trigger(s, 0, events)
        return
    controllers = {t.controller for t in group}
    chooser = group[0].controller if len(controllers) == 1 else s.turn_player
    s.pending = Pending("order", chooser, tuple(range(len(group))))


def take_trigger(s: State, index: int, events: list) -> None:
    """Remove effect ``index`` of the newest group and start resolving it."""
    group = s.triggers[-1]
    if not 0 <= index < len(group):
        raise IllegalAction("battle-spirits:9-4-1", f"no waiting effect number {index}")
    rest = group[:index] + group[index + 1:]
    s.triggers = s.triggers[:-1] + ((rest,) if rest else ())
    start_resolving(s, group[index], events)


@cites("9-1-5-5", "9-4-1-2", "10-2-2-4", "9-3-1-3", "9-3-2", "9-3-2-1", "1-4-2")
def start_resolving(s: State, t: Trigger, events: list) -> None:
    """An effect whose card has left the zone it works from does not resolve (9-1-5-5,
    9-4-1-2); a 『破壞時』 effect works from the standby state (10-2-2-4). A targeted
    effect waits for its target; with none to choose it does what it can: nothing (1-4-2)."""
    effect = s.defs[t.card].effects[t.effect]
    if not t.magic and not _in_working_zone(s, t, effect):
        events.append(("fizzle", t.controller, t.card))
        return
    side = TARGETED.get(effect.action)
    if side is None:
        resolve(s, t, -1, events)
        return
    candidates = targets(s, t.controller, side, effect)
    if not candidates:
        finish(s, t, events)
        return
    s.resolving = t
    s.pending = Pending("target", t.controller, tuple(candidates))


def _in_working_zone(s: State, t: Trigger, effect: Effect) -> bool:
    if effect.timing == "when_destroyed":
        return any(card == t.card for card, _ in s.standby)
    return t.card in s.players[t.controller].field


@cites("9-2-2", "3-2-3")
def targets(s: State, p: int, side: str, effect: Effect) -> list[int]:
    """The spirits an effect can choose: the opponent's or one's own, within its BP bound."""
    owner = 1 - p if side == "opponent" else p
    out = []
    for card in s.players[owner].field:
        if s.defs[card].kind != "spirit":
            continue
        if effect.max_bp is not None and bp(s, card) > effect.max_bp:
            continue
        out.append(card)
    return out


def choose_target(s: State, p: int, target: int, events: list) -> None:
    """The target of the effect waiting for one: a card it can choose now (9-3-2)."""
    t = s.resolving
    effect = s.defs[t.card].effects[t.effect] if t is not None else None
    if effect is None or p != t.controller or target not in targets(s, p, TARGETED[effect.action], effect):
        raise IllegalAction("battle-spirits:9-3-2", f"card {target} cannot be chosen as the target")
    s.resolving = None
    resolve(s, t, target, events)


@cites("9-1-2", "9-3-1-4", "1-4-2-3", "5-7-3", "12-2-1-6-1", "12-2-1-7-1", "12-2-1-11-1", "12-2-1-12")
def resolve(s: State, t: Trigger, target: int, events: list) -> None:
    """Do what the effect says (see :data:`~.cards.EFFECT_ACTIONS`)."""
    e = s.defs[t.card].effects[t.effect]
    p = t.controller
    events.append(("effect", p, t.card, e.action))
    a = e.action
    if a == "draw":
        draw(s, p, e.n, events)
    elif a == "gain_core":
        if e.n > 0:  # a count of 0 or less does nothing (1-4-2-3)
            s.change(p).reserve += cores_from_void(s, e.n)
    elif a == "void_reserve":
        opponent = s.change(1 - p)
        n = max(0, min(e.n, opponent.reserve))  # never the soul core (5-7-3)
        opponent.reserve -= n
        s.void += n
    elif a == "destroy":
        destroy(s, [target], events)
    elif a == "exhaust":
        exhaust(s, s.owner(target), target, events)
    elif a == "heavy_exhaust":
        heavily_exhaust(s, s.owner(target), target, events)
    elif a == "bp_plus":
        s.bp_plus = s.bp_plus + ((target, e.n),)
    elif a == "recover_self":
        recover(s, p, t.card, events)
    elif a == "bp_plus_self":
        if t.card in s.players[p].field:
            s.bp_plus = s.bp_plus + ((t.card, e.n),)
    elif a == "no_recover":
        s.no_recover = True
    elif a == "life_each":
        reduce_life(s, (s.turn_player, 1 - s.turn_player), e.n, events)
    finish(s, t, events)


# ---------------------------------------------------------------- activated effects (起動型效果)


@cites("9-1-6-1", "9-1-6-2", "12-2-1-5-1")
def activatable(s: State, p: int, flash_only: bool) -> list[tuple[int, int]]:
    """``(card, effect)`` for each activated effect the player can use now: 【起動：主要】 in
    their main step, 【起動：靈動】 there and in flash timings (9-1-6-1); only when the part
    before ▶ can be done in full (9-1-6-2) and its restriction allows."""
    out = []
    for card, fc in s.players[p].field.items():
        d = s.defs[card]
        if not d.activated:
            continue
        for i, e in enumerate(d.effects):
            if e.timing == "activated_flash" or (e.timing == "activated_main" and not flash_only):
                if e.pay == "exhaust" and fc.status != RECOVERED:
                    continue
                if e.limit is not None and e.limit != "no_repeat" and (card, i) in s.used_once:
                    continue
                if e.min_level > 1 and level(s, card) < e.min_level:
                    continue
                out.append((card, i))
    return out


@cites("9-1-6-1", "9-1-6-2", "9-1-6-3", "5-15-1", "12-3-1-1")
def activate(s: State, p: int, card: int, index: int, events: list) -> None:
    """Use an activated effect: first do the part before ▶ in full — exhaust the card
    (9-1-6-2) — then the effect waits to resolve; the payment stands even if the effect
    then cannot do anything (9-1-6-3)."""
    if (card, index) not in activatable(s, p, flash_only=s.battle is not None):
        raise IllegalAction("battle-spirits:9-1-6-2", f"effect {index} of card {card} cannot be activated now")
    e = s.defs[card].effects[index]
    if e.pay == "exhaust":
        exhaust(s, p, card, events)
    if e.limit is not None and e.limit != "no_repeat":
        s.used_once = s.used_once | {(card, index)}
    events.append(("activate", p, card, index))
    queue(s, [Trigger(p, card, index)])


@cites("3-4-3", "11-3-1-6", "4-4-1")
def finish(s: State, t: Trigger, events: list) -> None:
    """A magic is in no zone while its effect works (3-4-3); then it goes to the trash."""
    if t.magic:
        s.change(t.controller).trash.append(t.card)
        events.append(("to_trash", t.controller, t.card))


@cites("5-10-1", "10-2-2-1", "12-2-1-12", "8-1-6-2", "9-1-5-7")
def destroy(s: State, cards: list[int], events: list) -> None:
    """Destroy spirits or nexuses at the same time: each leaves the field into the standby
    state, keeping its cores there, and their 『破壞時』 effects trigger as one group."""
    destroyed = []
    for card in cards:
        p = s.owner(card)
        if card not in s.players[p].field:
            continue  # it has already left (1-4-2)
        fc = leave_field(s, p, card, keep_cores=True)  # the soul core, if on it, stays with it
        s.standby = s.standby + ((card, fc.cores),)
        events.append(("destroy", p, card))
        destroyed.append(card)
    queue(s, collect(s, "when_destroyed", destroyed))


@cites("10-2-2-5")
def flush_standby(s: State, events: list) -> None:
    """When every effect triggered by the destruction has resolved, the cards in the
    standby state go to the trash and their cores to the reserve (10-2-2-5)."""
    for card, cores in s.standby:
        p = s.owner(card)
        player = s.change(p)
        player.trash.append(card)
        player.reserve += cores
        if player.soul == card:
            player.soul = RESERVE
        events.append(("to_trash", p, card))
    s.standby = ()
