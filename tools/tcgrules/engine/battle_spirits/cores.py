"""Cores (能量): where they are, levels from cores, moving them, and vanishing (消滅).

A place for cores is the reserve (``RESERVE``) or a spirit or nexus on the field (its card
number). The soul core is one core like the others (5-7-1) tracked apart so that it can be
told from them (5-7-3, 12-2-1-1-2).
"""
from __future__ import annotations


from ..core import IllegalAction
from .cards import TIMING_BITS
from .levels import cores_on, level, level_of, lv1_cost
from .rules import cites
from .triggers import CORES_PLACED_BIT, LEAVES_BIT, VANISHED_BY_OPPONENT_BIT, collect, queue
from .state import RESERVE, TO_TRASH, TRASH, UNRECORDED, VOID, VOID_CORES, FieldCard, Player, State

# The field cards a change takes cores from, as they were before it (:func:`cores_before`):
# typed, so that compiled code walks them without a generic iterator.
Before = tuple[tuple[int, int, bool], ...]


@cites("5-7-1")
def total_cores(player: Player) -> int:
    """The cores a player may pay or place with: reserve and field, soul core included (5-7-1)."""
    n = player.reserve
    soul = player.soul
    on_field = False
    for fc in player.field.cards:  # a loop, not sum(): this runs on every listing
        n += fc.cores
        on_field = on_field or fc.card == soul
    return n + (soul == RESERVE or on_field)


def has_core(player: Player, place: int, soul: bool) -> bool:
    if soul:
        return player.soul == place
    if place == RESERVE:
        return player.reserve > 0
    fc = player.field.get(place)
    return fc is not None and fc.cores > 0


def take_core(player: Player, place: int, soul: bool) -> None:
    """Remove one core (or the soul core) from the reserve or a field card."""
    if soul:
        player.soul = VOID  # a transit value: the caller puts it somewhere at once
    elif place == RESERVE:
        player.reserve -= 1
    else:
        player.own_field().add_cores(place, -1)


@cites("4-4-3", "4-5-6", "4-6-3")
def put_core(player: Player, place: int, soul: bool) -> None:
    """Put one core (or the soul core) on the reserve, the trash or a field card: none of
    them has an upper limit of cores (4-6-3, 4-4-3, 4-5-6)."""
    if soul:
        player.soul = place
    elif place == RESERVE:
        player.reserve += 1
    elif place == TRASH:
        player.trash_cores += 1
    else:
        player.own_field().add_cores(place, 1)


@cites("4-8-2")
def cores_from_void(s: State, n: int) -> int:
    """Take n cores from the void, which never runs out: it is topped up from outside the
    game (4-8-2). Returns n."""
    while s.void < n:
        s.void += VOID_CORES
        s.void_refills += 1
    s.void -= n
    return n


@cites("7-6-1-2-2", "1-4-2-2")
def move_core(s: State, p: int, source: int, dest: int, soul: bool, events: list, listed: bool = False) -> None:
    """Move one core (or the soul core) between the reserve and spirits or nexuses on the
    field (7-6-1-2-2). A move to the place it came from is not an action (1-4-2-2). A
    ``listed`` move, one the listing made, is not checked again."""
    player = s.change(p)
    if not listed:
        check_move(s, player, source, dest, soul)
    fc = player.field.get(source)
    was: Before = () if fc is None else ((source, fc.cores, player.soul == source),)  # cores_before([source])
    take_core(player, source, soul)
    put_core(player, dest, soul)
    if events is not UNRECORDED:
        events.append(("move_core", p, source, dest, soul))
    vanish_after_taking(s, p, events, was)
    # its 「能量被放置時」 effects (looked for only on a card that has some)
    if dest != RESERVE and s.defs[dest].timing_bits & CORES_PLACED_BIT and player.field.has(dest):
        queue(s, collect(s, "when_cores_placed", CORES_PLACED_BIT, [dest]))


def check_move(s: State, player: Player, source: int, dest: int, soul: bool) -> None:
    """Refuse a core move the player's field and cores do not allow (7-6-1-2-2, 1-4-2-2)."""
    if source == dest:
        raise IllegalAction("1-4-2-2", "a core cannot be moved to the place it is on")
    if source != RESERVE and not player.field.has(source):
        raise IllegalAction("7-6-1-2-2", f"{s.named(source)} is not one of your spirits or nexuses on the field")
    if dest != RESERVE and not player.field.has(dest):
        raise IllegalAction("7-6-1-2-2", f"{s.named(dest)} is not one of your spirits or nexuses on the field")
    if not has_core(player, source, soul):
        raise IllegalAction("7-6-1-2-2", f"no {'soul core' if soul else 'core'} on {place_name(s, source)}")


def place_name(s: State, place: int) -> str:
    return "the reserve" if place == RESERVE else s.named(place)


@cites("3-2-5-4", "3-3-3-3", "5-11-1", "5-11-2", "10-2-2-1", "10-2-2-3", "10-2-2-5", "10-2-2-8", "10-2-2-9", "10-2-2-10",
       "9-3-3")
def vanish(s: State, p: int, events: list, by: int | None = None, was: Before = ()) -> None:
    """Rule processing (10-1-2) after player p's cores moved or a Lv1 cost of theirs rose: a
    spirit or nexus with fewer cores than its Lv1 cost vanishes, through the standby state
    to its owner's trash, its cores to the reserve (10-2-2-5); its effects there see the Lv
    it had just before (10-2-2-3): ``was`` holds, from :func:`cores_before`, the cores of
    the cards the change took cores from, as they were before it. Vanishing is not destruction
    (5-11-2): no 『破壞時』 effect triggers, no replacement effect of a destruction applies, but a 「離開場地時」 one does, in the standby state
    (9-3-3). ``by``: the player whose effect changed the cores or the Lv1 cost — the card
    counts as vanished by that effect (10-2-2-8, 10-2-2-9) — or, by default, p, whose own
    action or payment did (10-2-2-10); vanished by the opponent's effect, its
    「因對手的效果消滅時」 effects trigger too. Cores leave field cards only when their
    controller moves or pays them or an effect takes them, so only that player's field
    needs looking at."""
    player = s.players[p]
    defs = s.defs
    below: list[int] | None = None  # made for the first card below: most changes leave none
    for fc in player.field.cards:
        if below_lv1(s, player, fc):
            if below is None:
                below = []
            below.append(fc.card)
    if below is not None:
        # the timings of the effects that work from the standby state: 「離開場地時」 (9-3-3), and
        # 「因對手的效果消滅時」 when by the opponent's effect (10-2-2-8); by name and as bits
        opponent = by is not None and by != p
        timings = ("when_leaves", "when_vanished_by_opponent") if opponent else ("when_leaves",)
        bits = (LEAVES_BIT | VANISHED_BY_OPPONENT_BIT) if opponent else LEAVES_BIT
        player = s.change(p)
        leaving = []
        for card in below:
            works = defs[card].timing_bits & bits  # its effects work from the standby state
            lv = level_before(s, card, was) if works else 0  # read before it leaves; else never read
            # Its cores go to the reserve at once, as they always have: a cost being paid
            # counted on them for placing the Lv1 cost (11-1-1-6).
            leave_field(s, p, card)
            if works:
                enter_standby(s, card, 0, TO_TRASH)
                if lv:  # with no cores in the standby state it would count as Lv0 anyway
                    s.vanishing = s.vanishing + ((card, lv, False),)
                leaving.append(card)
            else:  # nothing to resolve in the standby state: straight to the trash
                player.own_trash().append(card)
                forget(s, card)
            if events is not UNRECORDED:
                events.append(("vanish", p, card))
        if leaving:
            queue(s, [t for timing in timings for t in collect(s, timing, TIMING_BITS[timing], leaving)])


@cites("10-2-2-5", "10-1-2")
def vanish_after_taking(s: State, p: int, events: list, was: Before, by: int | None = None) -> None:
    """:func:`vanish` after cores were taken from player p's field cards of ``was`` (from
    :func:`cores_before`) and maybe the reserve: only those cards can have fallen below their
    Lv1 cost — the others kept their cores and their Lv1 cost, and rule processing (10-1-2)
    left none below before — so the field is walked only when one of them did."""
    player = s.players[p]
    field = player.field
    for card, _, _ in was:
        fc = field.get(card)
        if fc is not None and below_lv1(s, player, fc):
            vanish(s, p, events, by, was)
            return


def below_lv1(s: State, player: Player, fc: FieldCard) -> bool:
    """Whether a field card has fewer cores, the soul core counted, than its Lv1 cost now
    (10-2-2-5): the card's own Lv1 cost unless one was raised this turn (this runs after
    every core move)."""
    card = fc.card
    return cores_on(player, fc) < (lv1_cost(s, card) if s.lv1_plus else s.defs[card].lv1)


def cores_before(player: Player, places: list[int]) -> Before:
    """``(card, cores, soul core on it)`` for each field card among ``places``, taken before
    a change takes cores from them: what :func:`level_before` reads. A loop over a list,
    each card looked up once: this runs at every core move and payment."""
    field, soul = player.field, player.soul
    out: list[tuple[int, int, bool]] = []
    for c in places:
        fc = field.get(c)
        if fc is not None:
            out.append((c, fc.cores, soul == c))
    return tuple(out)


@cites("10-2-2-3")
def level_before(s: State, card: int, was: Before) -> int:
    """The Lv a spirit had just before it entered the standby state of vanishing (10-2-2-3):
    that of the cores it had before the change that took them — not of the cores left,
    too few for its Lv1 cost (10-2-2 of the rulebook: Lv2 with 3 cores, 2 taken, vanishes at
    Lv2). A card vanished by a raise of its Lv1 cost lost no core: the Lv of its cores."""
    for other, cores, soul in was:
        if other == card:
            return level_of(s, card, cores, soul)
    return level(s, card)


@cites("4-5-4", "4-1-4")
def leave_field(s: State, p: int, card: int, keep_cores: bool = False) -> FieldCard:
    """Take a card off the field; its cores go to its owner's reserve (4-5-4) unless it
    keeps them in the standby state. The effects it was under — a raise of its Lv1 cost,
    this turn's BP changes — still apply in the standby state, until it reaches its new
    zone (10-2-2-2, :func:`forget`)."""
    player = s.change(p)
    fc = player.own_field().pop(card)
    if not keep_cores:
        player.reserve += fc.cores
        if player.soul == card:
            player.soul = RESERVE
    return fc


@cites("10-2-2-1", "10-2-2-6", "10-2-2-7", "4-1-6", "5-17-1")
def enter_standby(s: State, card: int, cores: int, dest: int) -> None:
    """Put a card that left the field — or one already in the standby state — into the
    standby state with ``cores`` on it, bound for ``dest`` (TO_TRASH or TO_HAND). What
    enters it is a spirit or nexus leaving the field because it is destroyed or vanishes or
    an effect returns it to the hand (5-17-1; no effect returns one to the deck); a magic
    being used is in no zone and never in it (3-4-3). A vanishing card with no effect that
    works there goes straight to the trash (:func:`vanish`): nothing could happen to it
    in between. A card
    already there changes to this other standby state (10-2-2-6) but keeps its place in
    the standby state and the destination of its first one: returned to the hand, it
    still goes to the hand even if it vanishes meanwhile (10-2-2-7, 4-1-6)."""
    standby = s.standby
    for i, (other, _, first) in enumerate(standby):
        if other == card:
            s.standby = standby[:i] + ((card, cores, first),) + standby[i + 1:]
            return
    s.standby = standby + ((card, cores, dest),)


@cites("4-1-4", "10-2-2-2")
def forget(s: State, card: int) -> None:
    """A card reaching a new zone from the field or the standby state is a new card: the
    effects it was under, kept in the standby state (10-2-2-2) — a raise of its Lv1 cost,
    this turn's BP changes — stop (4-1-4), and it leaves the standby state of vanishing."""
    if s.lv1_plus:
        s.lv1_plus = tuple(x for x in s.lv1_plus if x[0] != card)
    if s.bp_plus:
        s.bp_plus = tuple(x for x in s.bp_plus if x[0] != card)
    if s.vanishing:
        s.vanishing = tuple(x for x in s.vanishing if x[0] != card)
