"""Effects: triggered effects (誘發型效果) and their order, magic effects, targets,
destruction with the standby state, and the restriction effects.

Triggered effects that arise together form a group; a group that arises while another is
resolving resolves first (9-1-5-9). Within a group the controller chooses the order of
their own effects (9-1-5-7) and the turn player the order of a mixed group (9-1-5-8,
9-4-1): a pending ``order`` choice. A target is chosen when the effect resolves (9-3-2):
a pending ``target`` choice.
"""
from __future__ import annotations

from typing import Final, Sequence

from ..core import IllegalAction
from .cards import BATTLE_ACTIVATED, HAND_TIMINGS, SPIRIT, STANDBY_TIMINGS, TARGETED, VANISHING_TIMINGS, Effect, Step
from .cores import cores_before, cores_from_void, enter_standby, forget, leave_field, vanish, vanish_after_taking
from .levels import bp, level, level_of, lv1_cost
from .deck import discard, draw, shuffle, to_bottom
from .rules import cites
from .state import (DONE, NOT_DONE, PARTLY, RECOVERED, RESERVE, TO_HAND, TO_TRASH, UNRECORDED, FieldCard, Pending,
                   State, Trigger, take_out)
from .status import exhaust, heavily_exhaust, recover
from .triggers import battling_as, collect, queue
from .victory import reduce_life, win


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
        raise IllegalAction("9-4-1", f"no waiting effect number {index}")
    rest = group[:index] + group[index + 1:]
    s.triggers = s.triggers[:-1] + ((rest,) if rest else ())
    start_resolving(s, group[index], events)


@cites("9-1-5-5", "9-4-1-2", "10-2-2-4", "9-3-1", "9-3-1-3", "9-3-2", "9-3-2-1", "1-4-2", "5-15-2",
       "10-2-2-6-2", "9-3-1-1", "5-19-2")
def start_resolving(s: State, t: Trigger, events: list) -> None:
    """The steps of 9-3-1 once an effect is declared (9-3-1-2: :func:`activate`,
    :func:`~.cost.begin`): its condition is checked, then it takes effect (9-3-1-3). An
    effect whose card has left the zone it works from does not resolve (9-1-5-5, 9-4-1-2);
    a 『破壞時』 effect works from the standby state (10-2-2-4); a 「疲勞時」 one does not
    resolve once its spirit has recovered (5-15-2). Once begun, an effect resolves to its
    last part wherever its card goes. An effect whose condition is not met does not take
    effect (9-3-1-1). A targeted part waits for its target; with none to choose it does
    what it can: nothing (1-4-2)."""
    effect = s.defs[t.card].effects[t.effect]
    if t.part == 0 and not t.magic and not _in_working_zone(s, t, effect):
        if events is not UNRECORDED:
            events.append(("fizzle", t.controller, t.card))
        return
    if t.part == 0 and effect.condition is not None and not condition_met(s, t.controller, effect.condition):
        if events is not UNRECORDED:
            events.append(("unmet", t.controller, t.card))
        finish(s, t, events)
        return
    part = effect.part(t.part)
    if t.part and part.link == "after" and len(s.standby) > t.held:
        flush_standby(s, events, t.held)  # what the part before moved leaves the standby state first
    if t.part and not linked(t, part.link):
        if events is not UNRECORDED:
            events.append(("not_done", t.controller, t.card, t.part))
        proceed(s, t, effect, NOT_DONE, len(s.triggers), events, len(s.standby))
        return
    if part.action in TARGETED:
        ask_target(s, t, part, events)
    else:
        resolve(s, t, (), events)


@cites("9-3-2", "9-3-2-1", "1-4-5-1", "1-4-2")
def ask_target(s: State, t: Trigger, part: Effect | Step, events: list) -> None:
    """Ask for the next target of a part (9-3-2), one at a time until it has ``count``
    of them or none is left to choose: as many as it can (9-3-2-1). A 「最多」 part
    (``up_to``) may stop at any number, 0 included (:data:`NO_CARD`; 9-3-2-1, 1-4-5-1).
    Then it resolves with the targets chosen — with none, it does what it can: nothing
    (1-4-2)."""
    chosen = t.chosen
    candidates = [c for c in targets(s, t.controller, TARGETED[part.action], part) if c not in chosen]
    if len(chosen) < part.count and candidates:
        s.resolving = t
        s.pending = Pending("target", t.controller, (*candidates, NO_CARD) if part.up_to else tuple(candidates))
    elif chosen:
        resolve(s, t, chosen, events)
    else:
        proceed(s, t, s.defs[t.card].effects[t.effect], NOT_DONE, len(s.triggers), events, len(s.standby))


@cites("9-2-1", "9-3-1-1")
def condition_met(s: State, p: int, condition: tuple[str, int]) -> bool:
    """Whether the condition an effect of player ``p`` needs is met now: an effect whose
    condition is not met does not take effect (9-2-1, 9-3-1-1). 「自己的場上有 n 張以上的
    靈魂卡時」: p's spirits on the field are n or more; 「自己的生命值在 n 以下時」: p's life
    is n or less."""
    name, n = condition
    player = s.players[p]
    if name == "own_spirits_at_least":
        return spirits(s, p) >= n
    if name == "own_life_at_least":
        return player.life >= n
    return player.life <= n


def spirits(s: State, p: int) -> int:
    """How many spirits player p has on the field."""
    return sum(1 for fc in s.players[p].field.cards if s.defs[fc.card].kind == "spirit")


@cites("1-4-2-3")
def counted(s: State, p: int, x: Effect | Step) -> int:
    """The part's count: its ``n``, plus what ``plus`` counts now (the spirits of the player
    of the effect, or of the opponent); 0 or less, the action is not done (1-4-2-3)."""
    if x.plus is None:
        return x.n
    return x.n + spirits(s, p if x.plus == "own_spirits" else 1 - p)


@cites("5-19-1", "5-19-2", "5-19-3", "5-19-5")
def linked(t: Trigger, link: str) -> bool:
    """Whether a later part of an effect can be done, by its link to the parts before:
    「之後」 always (5-19-1); 「若○○」 when the part before was done at all (5-19-2);
    「此效果發揮後」 when it was done in full (5-19-3); 「必須」 when every part before was
    done in full (5-19-5)."""
    if link == "then":
        return True
    if link == "if_done":
        return t.prev != NOT_DONE
    if link == "after":
        return t.prev == DONE
    return t.whole


@cites("1-4-7", "5-19-4", "10-2-2-5")
def proceed(s: State, t: Trigger, effect: Effect, result: int, mark: int, events: list, held: int = 0) -> None:
    """After a part of an effect, go on to the next in the printed order (1-4-7), or finish.
    A 「此效果發揮後」 part waits until every effect the part before triggered has resolved
    (5-19-4): it goes into the waiting effects below the groups triggered since ``mark`` —
    as does any part that follows a choice still pending (a replacement to choose). It
    keeps ``held``, the cards in the standby state before the part before began: the cards
    that part moved there leave it, their effects resolved, before it resolves (10-2-2-5)."""
    if t.part >= len(effect.steps):
        finish(s, t, events)
        return
    after = effect.steps[t.part].link == "after"
    nxt = Trigger(t.controller, t.card, t.effect, t.magic, t.part + 1, result, t.whole and result == DONE,
                  held if after else 0)
    if after or s.pending is not None:
        s.triggers = s.triggers[:mark] + ((nxt,),) + s.triggers[mark:]
    else:
        start_resolving(s, nxt, events)


def _in_working_zone(s: State, t: Trigger, effect: Effect) -> bool:
    if effect.timing in HAND_TIMINGS:  # used from the hand: once declared it resolves, as a magic does
        return True
    if effect.timing in STANDBY_TIMINGS:
        return any(entry[0] == t.card for entry in s.standby) and \
            (not s.vanishing or effect.timing in VANISHING_TIMINGS or not changed_to_vanishing(s, t.card))
    fc = s.players[t.controller].field.get(t.card)
    return fc is not None and (effect.timing != "when_exhausted" or fc.status != RECOVERED)


@cites("5-15-2", "5-16-1")
def exhausted(s: State, card: int) -> tuple[Trigger, ...]:
    """The 「疲勞時」 effects of a spirit just exhausted — or heavily exhausted, which
    triggers them too (5-16-1). One resolves only if the spirit is still on the field and
    not recovered when its turn comes (5-15-2, :func:`start_resolving`); a spirit
    recovered and exhausted again meanwhile is not told apart from one that stayed so."""
    return collect(s, "when_exhausted", [card])


@cites("10-2-2-6-2")
def changed_to_vanishing(s: State, card: int) -> bool:
    """Whether the card changed to the standby state of vanishing from another standby
    state: the effects triggered in the earlier one can no longer resolve (10-2-2-6-2) —
    only those of vanishing, triggered since."""
    return any(other == card and changed for other, _, changed in s.vanishing)


@cites("5-4-1", "5-4-2")
def side_player(p: int, side: str) -> int:
    """The player whose cards an effect of player p names: 「自己的」 ``own`` is p, the
    player of the effect (5-4-1); 「對手的」 ``opponent`` is the player p plays against (5-4-2)."""
    return 1 - p if side == "opponent" else p


@cites("9-2-2", "3-2-3", "9-3-4", "5-18-1", "5-8-1")
def targets(s: State, p: int, side: str, part: Effect | Step) -> list[int]:
    """The spirits a part of an effect can choose — or nexuses, for a 「靈魂卡/核心卡」 one
    (5-18-1): the opponent's or one's own, within its BP bound — their BP as the constant
    effects and the effects resolved before make it (9-3-4); for a summon from the hand,
    the spirit cards in p's hand within its cost bound (5-8-1)."""
    if side == "hand":
        return [c for c in s.players[p].hand if s.defs[c].kind == "spirit"
                and (part.max_cost is None or s.defs[c].cost <= part.max_cost)]
    owner = side_player(p, side)
    out = []
    kinds = part.target_kinds
    for fc in s.players[owner].field.cards:
        card = fc.card
        if s.defs[card].kind not in kinds:
            continue
        if part.max_bp is not None and bp(s, card) > part.max_bp:
            continue
        out.append(card)
    return out


@cites("9-3-2", "9-3-2-1")
def choose_target(s: State, p: int, target: int, options: tuple, events: list) -> None:
    """A target of the effect waiting for one, among ``options``: a card it can choose now
    (9-3-2) and not chosen yet, or — for a 「最多」 part — :data:`NO_CARD`, to choose no
    more (9-3-2-1); then the next is asked for, or the part resolves (:func:`ask_target`)."""
    t = s.resolving
    if t is None or p != t.controller or target not in options:
        raise IllegalAction("9-3-2", f"{s.named(target)} cannot be chosen as the target")
    s.resolving = None
    part = s.defs[t.card].effects[t.effect].part(t.part)
    if target == NO_CARD:
        if t.chosen:
            resolve(s, t, t.chosen, events)
        else:
            proceed(s, t, s.defs[t.card].effects[t.effect], NOT_DONE, len(s.triggers), events, len(s.standby))
        return
    ask_target(s, t.with_chosen((*t.chosen, target)), part, events)


@cites("9-1-2", "9-3-1-4", "9-3-2-3", "1-4-2-3", "1-3-5", "1-3-6", "5-7-3", "12-2-1-6-1", "12-2-1-7-1", "12-2-1-11-1",
       "12-2-1-12", "9-1-5-6-1", "9-1-1-1", "9-3-1-3")
def resolve(s: State, t: Trigger, chosen: tuple[int, ...], events: list) -> None:
    """Do what the part of the effect says (see :data:`~.cards.EFFECT_ACTIONS`) to the
    targets ``chosen``, all at once — the effect 『發揮』s, affecting cards, the field or the
    players (9-1-1-1) — note how far it was done, and go on (:func:`proceed`)
    — unless it ended the game (1-3-6). A part that chooses no card or player applies to the
    card it comes from (``*_self``) or to the player of the effect (9-3-2-3): the
    controller, whoever's turn it is. A change 「這回合中」 is kept by its target for the
    turn, even once it no longer meets the condition it was chosen by (9-1-5-6-1): its BP
    bound is not checked again."""
    effect = s.defs[t.card].effects[t.effect]
    x = effect.part(t.part)
    p = t.controller
    mark, held = len(s.triggers), len(s.standby)
    if events is not UNRECORDED:
        events.append(("effect", p, t.card, x.action))
    a = x.action
    n = counted(s, p, x)
    result = DONE
    if a == "draw":
        result = _share(draw(s, p, n, events), n)
    elif a == "gain_core":
        if n > 0:  # a count of 0 or less does nothing (1-4-2-3)
            s.change(p).reserve += cores_from_void(s, n)
        else:
            result = NOT_DONE
    elif a == "life_from_void":
        result = _share(life_from_void(s, p, n, events), n)
    elif a == "search":  # only ever a first part: the effect names the kind it looks for
        found = searchable(s, p, effect.kind)
        if found:  # else nothing to choose: it does what it can, nothing (1-4-2)
            s.resolving = t
            s.pending = Pending("search", p, (*found, NO_CARD))
            return
        result = NOT_DONE
    elif a == "shuffle":
        shuffle(s, p)
    elif a == "void_reserve":
        opponent = s.change(1 - p)
        k = max(0, min(n, opponent.reserve))  # never the soul core (5-7-3)
        opponent.reserve -= k
        s.void += k
        result = _share(k, n)
    elif a == "destroy":
        record = [] if events is UNRECORDED else events  # kept even in random play: read below
        k = len(record)
        destroy(s, list(chosen), p, record)
        gone = sum(1 for c in chosen if ("destroy", s.owner(c), c) in record[k:])  # not if replaced
        result = _share(gone, len(chosen))
    elif a == "to_hand":
        return_to_hand(s, list(chosen), events)
    elif a == "bp_minus" or a == "bp_plus":
        s.bp_plus = s.bp_plus + tuple((c, -n if a == "bp_minus" else n) for c in chosen)
    elif a == "void_cores" or a == "cores_to_reserve":
        moved = sum(void_cores(s, c, n, p, events, to_reserve=a == "cores_to_reserve") for c in chosen)
        result = _share(moved, n * len(chosen))
    elif a == "void_cores_self":
        result = _share(void_own_cores(s, t.card, n, p, events), n)
    elif a == "lv1_plus":
        s.lv1_plus = s.lv1_plus + tuple((c, n) for c in chosen)
        vanish(s, 1 - p, events, by=p)
    elif a == "exhaust" or a == "heavy_exhaust":
        done = [c for c in chosen if (exhaust if a == "exhaust" else heavily_exhaust)(s, s.owner(c), c, events)]
        queue(s, [x for c in done for x in exhausted(s, c)])
        result = _share(len(done), len(chosen))
    elif a == "core_to_self" or a == "core_to_target":
        cards = (t.card,) if a == "core_to_self" else chosen
        result = _share(sum(cores_to_card(s, c, n, events) for c in cards), n * len(cards))
    elif a == "summon_from_hand":
        summon_free(s, p, chosen, events)
    elif a == "recover_self":
        result = DONE if recover(s, p, t.card, events) else NOT_DONE
    elif a == "opponent_surrenders":  # no effect forces a surrender (1-3-5)
        if events is not UNRECORDED:
            events.append(("no_forced_surrender", 1 - p))
        result = NOT_DONE
    elif a == "bp_plus_self":
        if s.players[p].field.has(t.card):
            s.bp_plus = s.bp_plus + ((t.card, n),)
        else:
            result = NOT_DONE
    elif a == "no_recover":
        s.no_recover = True
    elif a == "remove_self":
        result = DONE if remove_from_standby(s, t.card, events) else NOT_DONE
    elif a == "destroy_self":
        result = DONE if destroy_in_standby(s, t.card, p, events) else NOT_DONE
    elif a == "life_each":
        reduce_life(s, (s.turn_player, 1 - s.turn_player), n, events)
    elif a == "discard":
        result = _share(discard(s, p, n, events), n)
    elif a == "top_to_bottom":
        deck = s.players[p].deck
        top = deck[max(0, len(deck) - n):] if n > 0 else []  # from a short deck, all it has (1-4-2)
        if len(top) > 1:  # their order in the deck matters: the player chooses it (4-1-5)
            s.resolving = t
            s.pending = Pending("bottom", p, tuple(reversed(top)))
            return
        for card in top:
            to_bottom(s, p, card, events)
        result = _share(len(top), n)
    elif a == "win":
        win(s, p, events)
    if s.winner is not None:  # the game is over: the rest of the effect is not done (1-3-6, 1-3-7)
        finish(s, t, events)  # a magic still ends in the trash, its cards all in place
        return
    proceed(s, t, effect, result, mark, events, held)


@cites("4-1-5", "4-2-3")
def choose_bottom(s: State, p: int, card: int, options: tuple, events: list) -> None:
    """The next of the cards the effect waiting for the choice puts on the deck's bottom,
    one by one (4-2-3), in the order its player chooses (4-1-5): ``options`` are those
    still to put there; the last goes without asking, then the effect goes on."""
    t = s.resolving
    if t is None or p != t.controller or card not in options:
        raise IllegalAction("4-1-5", f"{s.named(card)} is not one to put on the deck's bottom")
    to_bottom(s, p, card, events)
    rest = tuple(c for c in options if c != card)
    if len(rest) > 1:
        s.pending = Pending("bottom", p, rest)
        return
    for last in rest:
        to_bottom(s, p, last, events)
    s.resolving = None
    effect = s.defs[t.card].effects[t.effect]
    n = effect.part(t.part).n
    proceed(s, t, effect, _share(min(n, len(s.players[p].deck)), n), len(s.triggers), events, len(s.standby))


@cites("4-7-3", "13-1-1")
def life_from_void(s: State, p: int, n: int, events: list) -> int:
    """Put n cores from the void on player p's life (「從空間放置 n 個核心到自己的生命值」):
    a life holds any number of cores (4-7-3: no upper limit), however far above the 5 it
    starts with. Nothing for 0 or less (1-4-2-3). The increase triggers the
    「自己的生命值增加時」 effects of p's field cards — a threshold 「在 n 以上時」 is their
    condition, met by any increase that leaves n or more, even from n or more already; a
    decrease never triggers them (13-1-1). Returns the cores put."""
    if n <= 0:
        return 0
    s.change(p).life += cores_from_void(s, n)
    if events is not UNRECORDED:
        events.append(("to_life", p, n))
    queue(s, collect(s, "when_own_life_increases", s.players[p].field.numbers()))
    return n


NO_CARD: Final = -1  # a search's option to choose no card (9-3-2-2)


def searchable(s: State, p: int, kind: str | None) -> list[int]:
    """The cards of this kind in player p's deck, from its top: what a search may choose."""
    defs = s.defs
    return [c for c in reversed(s.players[p].deck) if defs[c].kind == kind]


@cites("9-3-2-2")
def choose_search(s: State, p: int, card: int, options: tuple, events: list) -> None:
    """The card a search (「從自己的牌組中選擇1張○○，加入手牌」) takes from its player's deck
    into their hand, or none: the deck is a hidden zone whose cards are not vouched to hold
    the information the search asks for, so its player may choose none even when one does
    (9-3-2-2). ``options`` are the matching cards and :data:`NO_CARD`; then the effect goes
    on (a 「之後」 shuffle is done either way)."""
    t = s.resolving
    if t is None or p != t.controller or card not in options:
        raise IllegalAction("9-3-2-2", f"{s.named(card)} cannot be chosen by the search")
    s.resolving = None
    result = NOT_DONE
    if card != NO_CARD:
        player = s.change(p)
        take_out(player.own_deck(), card)
        player.own_hand().append(card)
        result = DONE
    if events is not UNRECORDED:
        events.append(("search", p, card))
    proceed(s, t, s.defs[t.card].effects[t.effect], result, len(s.triggers), events, len(s.standby))


@cites("10-2-2-8", "5-7-3", "4-6-1")
def void_cores(s: State, card: int, n: int, by: int, events: list, to_reserve: bool = False) -> int:
    """Send up to n cores from a field card to the void — or, ``to_reserve``, to its owner's
    reserve (4-6-1) — never the soul core (5-7-3); a card left below its Lv1 cost vanishes
    by this effect of player ``by`` (10-2-2-8). Returns the cores sent; 0 for a card no
    longer on the field."""
    p = s.owner(card)
    fc = s.players[p].field.get(card)
    if fc is None:
        return 0
    player = s.change(p)
    was = cores_before(player, [card])
    k = max(0, min(n, fc.cores))
    player.own_field().add_cores(card, -k)
    if to_reserve:
        player.reserve += k
        if events is not UNRECORDED:
            events.append(("cores_to_reserve", p, card, k))
    else:
        s.void += k
        if events is not UNRECORDED:
            events.append(("void_cores", p, card, k))
    vanish_after_taking(s, p, events, was, by)
    return k


@cites("4-5-6", "4-8-1")
def cores_to_card(s: State, card: int, n: int, events: list) -> int:
    """Put n cores from the void (4-8-1) on a spirit or nexus on the field, which holds any
    number (4-5-6); its 「能量被放置時」 effects trigger. Nothing for 0 or less (1-4-2-3) or a
    card no longer on the field (1-4-2). Returns the cores put."""
    p = s.owner(card)
    if n <= 0 or not s.players[p].field.has(card):
        return 0
    s.change(p).own_field().add_cores(card, cores_from_void(s, n))
    if events is not UNRECORDED:
        events.append(("cores_placed", p, card, n))
    queue(s, collect(s, "when_cores_placed", [card]))
    return n


@cites("5-8-1", "4-5-3", "11-1-1-6", "9-1-5-4", "4-5-1")
def summon_free(s: State, p: int, cards: tuple[int, ...], events: list) -> None:
    """Summon spirit cards of player p's hand by an effect, paying no cost, at the same
    time: each goes on the field recovered (4-5-3) with cores from the void for its Lv1
    cost (11-1-1-6), a spirit summoned (5-8-1) — their 『召喚時』 effects and the
    「靈魂卡被召喚時」 effects of p's other field cards trigger as one group, the latter
    once for the cards summoned together (9-1-5-4, :func:`arrived`)."""
    player = s.change(p)
    placed = []
    for card in cards:
        if card not in player.hand:
            continue
        take_out(player.own_hand(), card)
        player.own_field().put(FieldCard(card, cores_from_void(s, s.defs[card].lv1)))
        if events is not UNRECORDED:
            events.append(("summon_free", p, card))
        if events is not UNRECORDED:
            events.append(("on_field", p, card))
        placed.append(card)
    queue(s, arrived(s, p, placed))


@cites("12-2-1-6-1", "12-2-1-11-1", "9-1-5-4", "12-3-2-1")
def arrived(s: State, p: int, cards: list[int]) -> tuple[Trigger, ...]:
    """The effects triggered by player p's cards just summoned or deployed together: their
    『召喚時』 or 『配置時』 ones (12-2-1-6-1, 12-2-1-11-1) and the 「自己的靈魂卡被召喚時」
    ones of p's other field cards — once, however many spirits came (9-1-5-4); a
    〔不可重複〕 one once for all the same-named cards holding it (12-3-2-1)."""
    defs = s.defs
    # The cards come one at a time, most often a spirit: then the spirits are the cards given.
    nexuses = [c for c in cards if defs[c].kind_code != SPIRIT]
    spirits = [c for c in cards if defs[c].kind_code == SPIRIT] if nexuses else cards
    out = collect(s, "when_summoned", spirits)
    if nexuses:
        out += collect(s, "when_deployed", nexuses)
    if spirits and "own_spirit_summoned" in s.decks[p].timings:  # p's field holds p's deck's cards only
        out += collect(s, "own_spirit_summoned", [fc.card for fc in s.players[p].field.cards if fc.card not in cards])
    return out


def void_own_cores(s: State, card: int, n: int, by: int, events: list) -> int:
    """Send up to n cores from the effect's own card to the void, on the field or in the
    standby state (its 「離開場地時」 effect); 0 once it is in neither. Returns the cores sent."""
    if s.players[s.owner(card)].field.has(card):
        return void_cores(s, card, n, by, events)
    if any(entry[0] == card for entry in s.standby):
        return void_standby_cores(s, card, n, by, events)
    return 0


@cites("10-2-2-2", "10-2-2-3", "10-2-2-6", "10-2-2-6-1", "10-2-2-6-2", "10-2-2-7", "4-1-6", "5-7-3",
       "10-2-2-8", "5-11-1", "10-2-2-1")
def void_standby_cores(s: State, card: int, n: int, by: int, events: list) -> int:
    """Send up to n cores (never the soul core, 5-7-3) from a card in the standby state to
    the void. Left below its Lv1 cost — as raised by the effects it was under before it
    entered the standby state (10-2-2-2) — it vanishes by this effect of player ``by``: it
    changes to the standby state of vanishing (10-2-2-6) at the Lv it had just before,
    with the cores taken (10-2-2-3), its cores go to the reserve, and it still goes where its first standby
    state sends it (10-2-2-7, 4-1-6). The effects triggered in its earlier standby state
    can no longer resolve (10-2-2-6-2); those of vanishing trigger. It left the field
    before: no 「離開場地時」 effect triggers again. A card already vanished has no cores
    left to take, so it never changes to that same state again (10-2-2-6-1). Returns the
    cores sent."""
    _, cores, dest = next(entry for entry in s.standby if entry[0] == card)
    k = max(0, min(n, cores))
    s.void += k
    p = s.owner(card)
    if events is not UNRECORDED:
        events.append(("void_cores", p, card, k))
    soul = s.players[p].soul == card
    if k == 0 or cores - k + soul >= lv1_cost(s, card):
        enter_standby(s, card, cores - k, dest)
        return k
    player = s.change(p)
    player.reserve += cores - k
    if soul:
        player.soul = RESERVE
    enter_standby(s, card, 0, TO_TRASH)  # the first destination stays
    s.vanishing = s.vanishing + ((card, level_of(s, card, cores, soul), True),)  # its Lv before (10-2-2-3)
    if events is not UNRECORDED:
        events.append(("vanish", p, card))
    if by != p:
        queue(s, collect(s, "when_vanished_by_opponent", [card]))
    return k


def _share(done: int, asked: int) -> int:
    """How far a count was done: in full, in part or not at all (5-19-3)."""
    return DONE if done >= asked > 0 else PARTLY if done > 0 else NOT_DONE


# ---------------------------------------------------------------- activated effects (起動型效果)


@cites("9-1-6-1", "9-1-6-2", "9-3-1-1", "12-2-1-5-1", "12-2-1-8-1", "12-2-1-8-2", "12-2-1-10-1", "12-2-1-10-2")
def activatable(s: State, p: int, flash_only: bool) -> Sequence[tuple[int, int]]:
    """``(card, effect)`` for each activated effect the player can use now: 【起動：主要】 in
    their main step, 【起動：靈動】 there and in flash timings (9-1-6-1), a 『攻擊中』 or
    『防禦中』 one in the flash timings of the battle its spirit is attacking or blocking in
    (12-2-1-8-2, 12-2-1-10-2); only when the part before ▶ can be done in full (9-1-6-2),
    its restriction allows and its condition is met (9-3-1-1). No list is made for a deck
    without such effects, nor when none is found (most listings)."""
    deck = s.decks[p]  # whose cards alone are on the player's field (4-5-1)
    if not (deck.activates if s.battle is not None else deck.activates_outside_battle):
        return ()
    out: list[tuple[int, int]] | None = None  # made for the first found: most listings find none
    for fc in s.players[p].field.cards:
        card = fc.card
        d = s.defs[card]
        if not d.activated:
            continue
        for i, e in enumerate(d.effects):
            timing = e.timing
            if timing == "activated_flash" or (timing == "activated_main" and not flash_only) \
                    or (s.battle is not None and in_battle(s, card, timing)):
                if e.pay == "exhaust" and fc.status != RECOVERED:
                    continue
                if e.condition is not None and not condition_met(s, p, e.condition):
                    continue  # an unmet condition: it cannot be used (9-3-1-1)
                if allowed_now(s, card, i, e):
                    if out is None:
                        out = []
                    out.append((card, i))
    return () if out is None else out


def in_battle(s: State, card: int, timing: str) -> bool:
    """Whether a battle's activated effect may be used: a 『攻擊中』 one while its spirit is
    the attacker (12-2-1-8-1), a 『防禦中』 one while it is the blocker (12-2-1-10-1)."""
    for battle_timing, role in BATTLE_ACTIVATED:
        if timing == battle_timing:
            return battling_as(s, card, role)
    return False


def allowed_now(s: State, card: int, index: int, e: Effect) -> bool:
    """Whether a card's effect may apply now as far as its 〔每回合 1 次〕 restriction (12-3-1-1)
    and its 《真界放》 Lv (12-2-1-1-3) go."""
    if e.limit is not None and e.limit != "no_repeat" and (card, index) in s.used_once:
        return False
    return e.min_level <= 1 or level(s, card) >= e.min_level


def mark_used(s: State, card: int, index: int, e: Effect) -> None:
    """Count this turn's one use of an effect with a 〔每回合 1 次〕 restriction (12-3-1-1)."""
    if e.limit is not None and e.limit != "no_repeat":
        s.used_once = s.used_once | {(card, index)}


@cites("9-1-6-1", "9-1-6-2", "9-1-6-3", "5-15-1", "12-3-1-1", "9-3-1-2")
def activate(s: State, p: int, card: int, index: int, events: list) -> None:
    """Use an activated effect: declare it (the ``activate`` event names the card and the
    effect, 9-3-1-2), do the part before ▶ in full — exhaust the card (9-1-6-2) — then the
    effect waits to resolve; the payment stands even if the effect then cannot do anything
    (9-1-6-3)."""
    if (card, index) not in activatable(s, p, flash_only=s.battle is not None):
        raise IllegalAction("9-1-6-2", f"effect {index} of {s.named(card)} cannot be activated now")
    e = s.defs[card].effects[index]
    if e.pay == "exhaust":
        exhaust(s, p, card, events)
        queue(s, exhausted(s, card))  # under the activated effect, which resolves first
    mark_used(s, card, index, e)
    if events is not UNRECORDED:
        events.append(("activate", p, card, index))
    queue(s, [Trigger(p, card, index)])


@cites("5-12-1", "5-12-2", "12-2-1-5-1")
def usable_from_hand(s: State, p: int) -> list[tuple[int, int]]:
    """``(card, effect)`` for each effect of a spirit or nexus in player p's hand that they
    can use from there now: a [靈動] one, in their main step or a flash timing (12-2-1-5-1),
    within its restriction and with its condition met. Using a card's effect from the hand
    is using it, a magic card or not (5-12-1, 5-12-2)."""
    out = []
    defs = s.defs
    for card in s.players[p].hand:
        for i in defs[card].hand_effects:
            e = defs[card].effects[i]
            if allowed_now(s, card, i, e) and (e.condition is None or condition_met(s, p, e.condition)):
                out.append((card, i))
    return out


@cites("5-12-2", "12-3-1-1", "9-3-1-2", "9-1-7-1", "11-3-1-1")
def use_from_hand(s: State, p: int, card: int, index: int, events: list) -> None:
    """Use a spirit's or nexus's effect from the hand (5-12-2): as a magic is used, the
    ``use`` event names the card, its 〔每回合 1 次〕 counts this use (12-3-1-1) and the
    effect, declared (9-3-1-2), waits to resolve; the card is revealed and stays in the hand."""
    if (card, index) not in usable_from_hand(s, p):
        raise IllegalAction("5-12-2", f"effect {index} of {s.named(card)} cannot be used from the hand now")
    mark_used(s, card, index, s.defs[card].effects[index])
    if events is not UNRECORDED:
        events.append(("use", p, card, 0))
    if events is not UNRECORDED:
        events.append(("reveal", p, card))
    queue(s, [Trigger(p, card, index)])


@cites("3-4-3", "11-3-1-6", "4-4-1")
def finish(s: State, t: Trigger, events: list) -> None:
    """A magic is in no zone while its effect works (3-4-3); then it goes to the trash."""
    if t.magic:
        s.change(t.controller).own_trash().append(t.card)
        if events is not UNRECORDED:
            events.append(("to_trash", t.controller, t.card))


# ---------------------------------------------------------------- leaving the field: the standby state


BATTLE: Final = -1  # the destroyer of destroy(): a BP comparison, lost to the opponent's spirit


@cites("5-10-1", "5-10-2", "10-2-2-1", "10-2-2-6-1", "12-2-1-12", "12-2-1-12-1", "8-1-6-2", "9-1-5-4", "9-1-5-7",
       "9-1-8-1", "9-1-8-1-3")
def destroy(s: State, cards: list[int], by: int, events: list, choice: int | None = None,
            done: tuple[int, ...] = ()) -> None:
    """Destroy spirits or nexuses at the same time (``by``: the player whose effect destroys
    them, or :data:`BATTLE`). Each leaves the field into the standby state, keeping its
    cores there, unless a replacement effect does something else instead (9-1-8-1); when
    several could, the turn player chooses the one that applies (9-1-8-1-3) — a pending
    ``replace`` choice, after which :func:`choose_replacement` goes on from that card
    (``choice``; ``done``: the cards destroyed before it). The destroyed cards' 『破壞時』
    effects, 『因對手而破壞時』 ones when the opponent's effect or spirit destroyed them
    (12-2-1-12-1), and their 「離開場地時」 ones trigger as one group, with the field cards'
    effects triggered by a spirit — or an opponent's spirit — being destroyed, each once
    however many are (9-1-5-4). Destruction is not vanishing (5-10-2): it is what triggers
    『破壞時』 effects, which a vanishing card's never do (:func:`~.cores.vanish`)."""
    destroyed = list(done)
    for k, card in enumerate(cards):
        p = s.owner(card)
        if not s.players[p].field.has(card):
            continue  # it has already left (1-4-2): one destroyed before is not again (10-2-2-6-1)
        options = replacements(s, card) if s.defs[card].kind == "spirit" or s.defs[card].replaces else ()
        if options:
            if len(options) > 1 and choice is None:
                s.replacing = (tuple(cards[k:]), by, tuple(destroyed))
                s.pending = Pending("replace", s.turn_player, tuple(range(len(options))))
                return
            replace(s, card, options[choice or 0], events)
            choice = None
            continue
        choice = None
        fc = leave_field(s, p, card, keep_cores=True)  # the soul core, if on it, stays with it
        enter_standby(s, card, fc.cores, TO_TRASH)
        if events is not UNRECORDED:
            events.append(("destroy", p, card))
        destroyed.append(card)
    if not destroyed:
        return
    by_opponent = [c for c in destroyed if by == BATTLE or by != s.owner(c)]
    order = (s.turn_player, 1 - s.turn_player)
    watchers = s.players[order[0]].field.numbers() + s.players[order[1]].field.numbers()
    losers = {s.owner(c) for c in destroyed if s.defs[c].kind == "spirit"}
    # The field cards of a player whose opponent lost a spirit, the turn player's first.
    opponents = [fc.card for q in order if 1 - q in losers for fc in s.players[q].field.cards]
    queue(s, collect(s, "when_destroyed", destroyed) + collect(s, "when_destroyed_by_opponent", by_opponent)
          + collect(s, "when_leaves", destroyed) + (collect(s, "spirit_destroyed", watchers) if losers else ())
          + collect(s, "opponent_spirit_destroyed", opponents))


@cites("9-1-8-1", "9-1-8-1-1")
def replacements(s: State, card: int) -> list[tuple[int, int]]:
    """``(source, effect)`` of each replacement effect that would replace this card's
    destruction (9-1-8-1): its own ``instead_of_destroyed`` effects and, for a spirit, the
    ``instead_of_own_destroyed`` effects of its controller's field cards — each within its
    restriction (〔每回合 1 次〕) and its Lv."""
    out = []
    spirit = s.defs[card].kind == "spirit"
    for fc in s.players[s.owner(card)].field.cards:
        source = fc.card
        d = s.defs[source]
        if not d.replaces:
            continue
        for i, e in enumerate(d.effects):
            if (e.timing == "instead_of_destroyed" and source == card
                    or e.timing == "instead_of_own_destroyed" and spirit) and allowed_now(s, source, i, e):
                out.append((source, i))
    return out


@cites("9-1-8-1", "9-1-8-1-1", "9-1-8-1-2")
def replace(s: State, card: int, source: tuple[int, int], events: list) -> None:
    """Do what the replacement effect says instead of destroying the card: return it to its
    owner's hand, or heavily exhaust it. The destruction is replaced once: no other
    replacement effect applies to it any more (9-1-8-1-2), and no 『破壞時』 triggers."""
    e = s.defs[source[0]].effects[source[1]]
    mark_used(s, *source, e)
    if events is not UNRECORDED:
        events.append(("replace", s.owner(card), card, source[0], e.action))
    if e.action == "to_hand":
        return_to_hand(s, [card], events)
    elif heavily_exhaust(s, s.owner(card), card, events):
        queue(s, exhausted(s, card))


@cites("9-1-8-1-3")
def choose_replacement(s: State, p: int, index: int, events: list) -> None:
    """The turn player's choice of the replacement effect that applies (9-1-8-1-3); the
    destruction then goes on with the cards after it."""
    cards, by, done = s.replacing
    if p != s.turn_player or not 0 <= index < len(replacements(s, cards[0])):
        raise IllegalAction("9-1-8-1-3", f"no replacement effect number {index} to choose")
    s.replacing = None
    destroy(s, list(cards), by, events, index, done)


@cites("10-2-2-1", "5-3-6", "9-3-3", "5-3-4", "5-17-1")
def return_to_hand(s: State, cards: list[int], events: list) -> None:
    """Return field cards to the hand: each goes into the standby state (10-2-2-1), its
    「離開場地時」 effects trigger there (9-3-3), then it goes to its owner's hand — never the
    opponent's, whoever's effect moved it (5-3-6). The 「持有者」 of card text is the owner,
    the player whose deck the card came from (5-3-4, :meth:`~.state.State.owner`)."""
    gone = []
    for card in cards:
        p = s.owner(card)
        if not s.players[p].field.has(card):
            continue
        fc = leave_field(s, p, card, keep_cores=True)
        enter_standby(s, card, fc.cores, TO_HAND)
        if events is not UNRECORDED:
            events.append(("return", p, card))
        gone.append(card)
    queue(s, collect(s, "when_leaves", gone))


@cites("10-2-2-5", "4-4-1")
def flush_standby(s: State, events: list, start: int = 0) -> None:
    """When every effect triggered by the destruction has resolved, the cards in the
    standby state (from entry ``start`` on) go to the trash — or, returned to the hand, to
    their owner's hand — and their cores to the reserve (10-2-2-5)."""
    for card, cores, dest in s.standby[start:]:
        _settle(s, card, cores, "hand" if dest == TO_HAND else "trash", events)
    s.standby = s.standby[:start]


def _settle(s: State, card: int, cores: int, zone: str, events: list) -> None:
    """A card leaving the standby state for its owner's ``zone`` — hand, trash or removed —
    a new card there (:func:`~.cores.forget`); the cores on it go to the reserve (10-2-2-5)."""
    p = s.owner(card)
    player = s.change(p)
    to = player.own_hand() if zone == "hand" else player.own_trash() if zone == "trash" else player.own_removed()
    to.append(card)
    player.reserve += cores
    if player.soul == card:
        player.soul = RESERVE
    forget(s, card)
    if events is not UNRECORDED:
        events.append(("to_" + zone, p, card))


@cites("10-2-2-6", "10-2-2-6-1", "10-2-2-6-2", "12-2-1-12", "5-10-1")
def destroy_in_standby(s: State, card: int, by: int, events: list) -> bool:
    """Destroy a card in the standby state. Already in the standby state of destruction, it
    does not change to that same state again: nothing happens (10-2-2-6-1). From another
    one (returned, vanishing) it changes to destruction's (10-2-2-6), keeping its first
    destination (10-2-2-7); its 『破壞時』 effects trigger. False if nothing was destroyed."""
    entry = next((e for e in s.standby if e[0] == card), None)
    if entry is None:
        return False
    p = s.owner(card)
    if entry[2] == TO_TRASH and all(v[0] != card for v in s.vanishing):
        if events is not UNRECORDED:
            events.append(("same_standby", p, card))
        return False
    enter_standby(s, card, entry[1], entry[2])
    s.vanishing = tuple(v for v in s.vanishing if v[0] != card)
    if events is not UNRECORDED:
        events.append(("destroy_standby", p, card))
    queue(s, collect(s, "when_destroyed", [card]) + (collect(s, "when_destroyed_by_opponent", [card]) if by != p else ()))
    return True


@cites("10-2-2-7", "4-1-6", "4-9-1", "4-9-3")
def remove_from_standby(s: State, card: int, events: list) -> bool:
    """Remove a card in the standby state from the game (4-9-1), however many cards its
    owner's removed-from-game zone holds already (4-9-3: no upper limit). An effect moving it
    elsewhere sends it there at once, not where its standby state would — even a card
    returned to the hand (10-2-2-7, 4-1-6); its effects still waiting no longer resolve,
    as it has left the standby state (9-1-5-5). False if it is not in the standby state."""
    for i, (other, cores, _) in enumerate(s.standby):
        if other == card:
            s.standby = s.standby[:i] + s.standby[i + 1:]
            _settle(s, card, cores, "removed", events)
            return True
    return False
