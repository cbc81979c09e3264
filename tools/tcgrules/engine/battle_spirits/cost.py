"""Summoning (召喚), deploying (配置) and using (使用) a card: cost, reduction, payment.

The procedure is the same for the three (11-1, 11-2, 11-3): show the card, take its cost,
reduce it by the symbols on your field matching its reduction symbols — one per symbol, up
to the number of reduction symbols (11-1-1-4-1) — after 《繼召》 has removed EX cards from the
trash to meet reduction symbols (12-2-1-3), then pay the rest from the field or reserve to
the trash, never more (2-3-3, 11-1-1-5). A spirit or nexus then goes on the field with at
least its Lv1 cost in cores (11-1-1-6). Paying and placing are pending choices, each
answered by one action naming a whole plan (:class:`~.choices.PlanGroup`).
"""
from __future__ import annotations

from typing import cast

from ..core import IllegalAction
from .cards import MAGIC, NEXUS, SPIRIT, CardDef, Effect
from .action import CardPlay, Deploy, Plan, Playable, Summon, Use
from .cores import LEAVES_BIT, Before, below_lv1, place_name, total_cores, vanish
from .levels import level
from .rules import cites
from .state import (RECOVERED, RESERVE, TRASH, UNRECORDED, VOID, Casting, FieldCard, FieldZone, Player, State,
                    take_out)

def field_symbols(s: State, player: Player) -> dict[str, int]:
    """The symbols on a player's field, per color (2-10-2)."""
    out: dict[str, int] = {}
    for fc in player.field.cards:
        for color, n in s.defs[fc.card].symbols:
            out[color] = out.get(color, 0) + n
    return out


def field_symbol(s: State, player: Player, color: str) -> int:
    """The symbols of one color on a player's field (2-10-2): a count, where
    :func:`field_symbols` makes a dict of every color."""
    n = 0
    for fc in player.field.cards:
        for c, k in s.defs[fc.card].symbols:
            if c == color:
                n += k
    return n


@cites("12-2-1-2-1")
def soul_magic_payable(s: State, player: Player, card: CardDef) -> bool:
    """Whether a 《靈魂魔法》 card may be paid for with the soul core alone: the soul core is
    in the reserve or on the field, and the field has the symbols it names (12-2-1-2-1)."""
    if not card.soul_magic or not (player.soul == RESERVE or player.field.has(player.soul)):
        return False
    symbols = field_symbols(s, player)
    return all(symbols.get(color, 0) >= n for color, n in card.soul_magic)


@cites("2-3-3", "11-1-1-4-1", "11-2-1-4-1", "11-3-1-4-1", "12-2-1-3-1")
def reduction(s: State, player: Player, card: CardDef, excluded: int, symbols: dict[str, int] | None = None) -> int:
    """How much the cost is reduced: each excluded EX card meets one reduction symbol
    (12-2-1-3-1), each matching symbol on the field one more, up to the reduction symbols.
    ``symbols``: the field's, when the caller has counted them already; else only the
    colors of the reduction symbols are counted."""
    matched = 0
    for color, n in card.reduction:
        have = field_symbol(s, player, color) if symbols is None else symbols.get(color, 0)
        matched += have if have < n else n
    return min(card.reduction_count, excluded + matched)


@cites("11-1-1-2-1")
def cost_changes(s: State, p: int) -> list[Effect]:
    """The constant effects on the field that change the cost of player p's cards: the
    ``own_cost`` effects of p's field cards and the ``opponent_cost`` ones of the
    opponent's, each at the Lv it is printed for."""
    out: list[Effect] = []
    for q, action in ((p, "own_cost"), (1 - p, "opponent_cost")):
        for fc in s.players[q].field.cards:
            d = s.defs[fc.card]
            if d.changes_cost:
                out.extend(e for e in d.effects if e.action == action and e.min_level <= level(s, fc.card))
    return out


@cites("11-1-1-2-1")
def cost_change(s: State, p: int, card: CardDef, changes: list[Effect] | None = None) -> int:
    """How much the cost of player p's card is changed by the effects on the field
    (``changes``: :func:`cost_changes`, when the caller has them), each for cards of its
    color and kind. They apply when the cost is checked, before the reduction (11-1-1-2-1)."""
    total = 0
    for e in cost_changes(s, p) if changes is None else changes:
        if (e.color is None or e.color in card.colors) and (e.kind is None or e.kind == card.kind):
            total += e.n
    return total


def changes_costs(s: State) -> bool:
    """Whether a card of this game changes costs: a cheap test that spares looking for them."""
    return s.decks[0].changes_cost or s.decks[1].changes_cost


@cites("2-2-2", "11-1-1-2", "11-1-1-3", "11-2-1-2", "11-2-1-3", "11-3-1-2", "11-3-1-3", "1-4-6")
def cost_after_reduction(s: State, player: Player, card: CardDef, excluded: int = 0,
                         symbols: dict[str, int] | None = None, change: int = 0) -> int:
    """The summoning, deploying or using cost: the printed cost changed by ``change``
    (:func:`cost_change`), less the reduction, never below 0 — changes add up first (1-4-6);
    since a reduction must be taken when possible, it is the cost to pay (2-3-3)."""
    return max(0, card.cost + change - reduction(s, player, card, excluded, symbols))


@cites("12-2-1-3-2-1")
def ex_in_trash(s: State, player: Player, most: int) -> list[int]:
    """The EX cards in the player's trash, which 《繼召》 may remove (12-2-1-3-2-1): the
    ``most`` trashed earliest, the trash looked at no further."""
    out: list[int] = []
    defs = s.defs
    for c in player.trash:
        if len(out) == most:
            break
        if defs[c].ex:
            out.append(c)
    return out


def succession_choices(s: State, player: Player, card: CardDef) -> range:
    """How many EX cards 《繼召》 may remove: none without it; never more than the card's
    reduction symbols (12-2-1-3-2-1) or the EX cards in the trash; 0 always (1-4-5-1)."""
    return range(succession_most(s, player, card) + 1)


@cites("12-2-1-3-2-1", "1-4-5-1")
def succession_most(s: State, player: Player, card: CardDef) -> int:
    """The most EX cards 《繼召》 may remove (:func:`succession_choices`)."""
    if not card.succession:
        return 0
    most = card.reduction_count
    n = 0
    defs = s.defs
    for c in player.trash:  # counted up to the most, with no list of them (this runs in each listing)
        if n == most:
            break
        if defs[c].ex:
            n += 1
    return n


def needed(s: State, player: Player, card: CardDef, excluded: int, symbols: dict[str, int] | None = None,
           change: int = 0) -> int:
    """Cores needed to pay and then to place the Lv1 cost (11-1-1-6); a magic needs its cost."""
    return cost_after_reduction(s, player, card, excluded, symbols, change) + card.lv1


@cites("5-8-1", "5-9-1", "5-12-1", "11-1-1", "11-1-1-1", "11-1-1-2-1", "11-1-1-4", "11-2-1", "11-2-1-1", "11-2-1-4",
       "11-3-1", "11-3-1-1", "11-3-1-4", "12-2-1-3-2", "1-4-5", "9-3-1-2", "9-1-7-1")
def begin(s: State, p: int, card: int, excluded: int, effect: int, events: list, listed: bool = False) -> None:
    """Show a card from the hand — the event names it, and for a magic the casting names
    the effect declared (9-3-1-2) — and start its summoning, deploying or using: 《繼召》
    removes its EX cards from the trash first (12-2-1-3-2), then the cost is taken, as the
    effects changing it make it (11-1-1-2-1). A ``listed`` play (:func:`playable` found
    it) is not checked again."""
    player = s.change(p)
    d = s.defs[card]
    if not listed:
        if card not in player.hand:
            raise IllegalAction("11-1-1-1", f"{s.named(card)} is not in your hand")
        if excluded < 0:
            raise IllegalAction("1-4-5", f"a number chosen is 0 or positive, not {excluded}")
        if excluded > succession_most(s, player, d):  # succession_choices, without making the range
            raise IllegalAction("12-2-1-3-2-1", f"cannot remove {excluded} EX card(s) for {d.name}")
    # The cost to pay, worked out once: removing EX cards from the trash changes no symbol.
    change = cost_change(s, p, d) if changes_costs(s) else 0
    remaining = cost_after_reduction(s, player, d, excluded, None, change)
    if not listed and total_cores(player) < remaining + d.lv1 and not soul_magic_payable(s, player, d):  # needed()
        raise IllegalAction("11-1-1-5", f"not enough cores to pay for {d.name}")
    if excluded:
        for ex in ex_in_trash(s, player, excluded):  # the earliest trashed first
            take_out(player.own_trash(), ex)
            player.own_removed().append(ex)
    take_out(player.own_hand(), card)
    s.casting = Casting(p, card, d.play, remaining, effect=effect)
    if events is not UNRECORDED:
        events.append((d.play, p, card, remaining))


# ---------------------------------------------------------------- payment and placement plans
#
# Paying a cost (11-1-1-5) and placing the Lv1 cost (11-1-1-6) are each one step of the rules,
# so each is one action naming a whole plan: how many ordinary cores come from the reserve and
# from each field card, and whether the soul core goes too. Ordinary cores are alike, so two
# plans that take the same counts from the same places are the same plan; the soul core is
# told apart (5-7-3) and comes from wherever it is. The plans are listed by choices.PlanGroup.

@cites("1-4-5")
def check_plan(s: State, player: Player, plan: Plan, soul: bool, clause: str) -> None:
    """Refuse a plan the player's cores do not allow: a place named twice or holding too few
    cores, the soul core out of reach; a count of cores chosen is never negative (1-4-5)."""
    field = player.field
    for i in range(len(plan)):
        place, n = plan[i]
        if n < 0:
            raise IllegalAction("1-4-5", f"a number chosen is 0 or positive, not {n}")
        fc = field.get(place)
        held = player.reserve if place == RESERVE else fc.cores if fc is not None else -1
        if _named_before(plan, i) or n <= 0 or held < n:
            raise IllegalAction(clause, f"cannot take {n} core(s) from {place_name(s, place)}")
    if soul and not (player.soul == RESERVE or field.has(player.soul)):
        raise IllegalAction(clause, "the soul core is not on the field or in the reserve")


def take_plan(player: Player, plan: Plan, soul: bool) -> int:
    """Take the cores of a plan :func:`check_plan` allows, or the listing made; returns the
    count taken (the soul core included), counted as they are taken."""
    total = 0
    for place, n in plan:
        total += n
        if place == RESERVE:
            player.reserve -= n
        else:
            player.own_field().add_cores(place, -n)
    if soul:
        player.soul = VOID  # a transit value: the caller puts it somewhere at once
    return total + soul


def _named_before(plan: Plan, i: int) -> bool:
    """Whether the place of ``plan[i]`` is named earlier in the plan: a place is named once."""
    place = plan[i][0]
    for j in range(i):
        if plan[j][0] == place:
            return True
    return False


@cites("10-2-2-5", "10-1-2")
def vanish_after_plan(s: State, p: int, events: list, plan: Plan, soul: bool, soul_at: int) -> None:
    """:func:`~.cores.vanish_after_taking` after a plan took its cores (the soul core from
    ``soul_at`` too, when ``soul``): only the places it took from can have fallen below
    their Lv1 cost, and the cores they held before (:func:`plan_cores_before`) are worked
    out only when one did — most payments leave every card at its Lv1 cost or above — and
    the player's deck has an effect that reads them."""
    player = s.players[p]
    field = player.field
    for place, _ in plan:
        fc = field.get(place)
        if fc is not None and below_lv1(s, player, fc):
            vanish(s, p, events, None, plan_cores_before(s, p, field, plan, soul, soul_at))
            return
    if soul:
        fc = field.get(soul_at)
        if fc is not None and below_lv1(s, player, fc):
            vanish(s, p, events, None, plan_cores_before(s, p, field, plan, soul, soul_at))


@cites("10-2-2-3", "9-3-3")
def plan_cores_before(s: State, p: int, field: FieldZone, plan: Plan, soul: bool, soul_at: int) -> Before:
    """:func:`~.cores.cores_before` the places a plan took cores from, the soul core's
    ``soul_at`` too, from the field after the plan was taken: each place held what it holds
    now and what the plan took from it; for :func:`~.cores.vanish` to read the Lv before of
    the cards whose effects work from the standby state, so none when p's deck has no
    「離開場地時」 effect."""
    if not s.decks[p].timing_bits & LEAVES_BIT:
        return ()
    out: list[tuple[int, int, bool]] = []
    for place, n in plan:
        fc = field.get(place)
        if fc is not None:
            out.append((place, fc.cores + n, soul_at == place))
    if soul:
        fc = field.get(soul_at)
        if fc is not None:
            taken = 0
            for place, n in plan:
                if place == soul_at:
                    taken = n
            out.append((soul_at, fc.cores + taken, True))
    return tuple(out)


def plan_total(plan: Plan) -> int:
    """The ordinary cores a plan takes."""
    total = 0
    for _, n in plan:
        total += n
    return total


@cites("11-1-1-5", "11-2-1-5", "11-3-1-5", "2-3-3", "10-2-2-10", "12-2-1-2-1", "4-4-3")
def pay(s: State, p: int, plan: Plan, soul: bool, events: list, listed: bool = False) -> None:
    """Pay the whole cost at once from the field or reserve to the trash, which holds any
    number of cores (4-4-3): exactly the cost, never more (11-1-1-5), or the soul core alone for a 《靈魂魔法》 that may be paid so
    (12-2-1-2-1). A card left below its Lv1 cost then vanishes (10-2-2-10). A ``listed``
    plan, one the listing made for this payment, is not checked again."""
    c = s.casting
    player = s.change(p)
    if c is None or c.remaining <= 0:
        raise IllegalAction("11-1-1-5", "the cost is paid: it cannot be overpaid")
    if not listed:
        if plan_total(plan) + soul != c.remaining and not (soul and not plan and soul_magic_payable(s, player, s.defs[c.card])):
            raise IllegalAction("11-1-1-5", f"the cost to pay is {c.remaining} core(s), no more, no less")
        check_plan(s, player, plan, soul, "11-1-1-5")
    soul_at = player.soul
    player.trash_cores += take_plan(player, plan, soul) - soul  # the ordinary cores
    if soul:
        player.soul = TRASH
    s.casting = Casting(c.player, c.card, c.kind, 0, c.effect)  # paid
    if events is not UNRECORDED:
        events.append(("pay", p, plan, soul))
    vanish_after_plan(s, p, events, plan, soul, soul_at)


@cites("11-1-1-6", "11-2-1-6", "4-5-3", "4-5-1", "4-5-6")
def place(s: State, p: int, plan: Plan, soul: bool, events: list, listed: bool = False) -> int:
    """Put the spirit or nexus on its player's field — where their spirits and nexuses are
    (4-5-1), with no upper limit of cards (4-5-6) — recovered (4-5-3), and on it at least its Lv1 cost in cores
    from the field or reserve (11-1-1-6). A card those cores came from that is left below its
    Lv1 cost vanishes. Returns the card. A ``listed`` plan is not checked again (:func:`pay`)."""
    c = s.casting
    player = s.change(p)
    if c is None or c.remaining > 0 or c.kind == "use":
        raise IllegalAction("11-1-1-6", "cores are placed only on a card being summoned or deployed, "
                                                      "after its cost is paid")
    if not listed:
        lv1 = s.defs[c.card].lv1
        if plan_total(plan) + soul < lv1:
            raise IllegalAction("11-1-1-6", f"at least {lv1} core(s) must go on {s.defs[c.card].name}")
        check_plan(s, player, plan, soul, "11-1-1-6")
    soul_at = player.soul
    n = take_plan(player, plan, soul)
    player.own_field().put(FieldCard(c.card, n - soul, RECOVERED))
    if soul:
        player.soul = c.card
    s.casting = None
    if events is not UNRECORDED:
        events.append(("place", p, plan, soul))
    if events is not UNRECORDED:
        events.append(("on_field", p, c.card))
    vanish_after_plan(s, p, events, plan, soul, soul_at)
    return c.card


def _played(s: State, p: int, card: int, spirit: bool) -> CardPlay:
    """Player p's summon (``spirit``) or deploy of a card, no EX card removed: made once a
    game (:attr:`State.plays`), as most listings offer the same cards again."""
    got = s.plays[card]
    if got is None or got.player != p:
        got = s.plays[card] = Summon(p, card, 0) if spirit else Deploy(p, card, 0)
    return got


def _earlier(d: CardDef, defs: tuple[CardDef, ...], hand: list[int], i: int) -> bool:
    """Whether a card of this card number comes before ``hand[i]`` in the hand (a loop, not
    ``in``: that would compare the definitions field by field). Such a card is of the same
    kind, so it was listed, or skipped for the same reason, already."""
    for j in range(i):
        other = defs[hand[j]]
        if other is d or other.number_sum == d.number_sum and other.number == d.number:
            return True
    return False


@cites("9-1-7-1", "9-1-7-1-1", "9-1-7-1-2", "9-1-7-1-3", "12-2-1-4-1", "12-2-1-5-1", "3-4-4", "12-2-1-2-1",
       "11-1-1-2-1")
def playable(s: State, p: int, flash_only: bool) -> Playable:
    """The summon, deploy and use actions (card, EX cards ``removed`` by 《繼召》, the magic's
    ``effect``) the player can start now: in a main step every kind and
    both [主要] and [靈動] effects, one chosen (9-1-7-1-3); in a flash timing only [靈動]
    effects (12-2-1-5-1). A 《靈魂魔法》 that may be paid with the soul core alone needs no
    more cores (12-2-1-2-1). The cost is the one :func:`begin` takes, changed by the effects
    on the field (11-1-1-2-1). Cards of one card number in hand give the same choices, so only
    the first of each is listed."""
    # Each kind's list is made for its first action: most listings find one kind or none.
    summons: list[Summon] | None = None
    deploys: list[Deploy] | None = None
    uses: list[Use] | None = None
    player = s.players[p]
    hand = player.hand
    if not hand:
        return Playable(None, None, None)
    defs = s.defs
    cores = total_cores(player)
    symbols: dict[str, int] | None = None  # the field's symbols, counted once when a card needs them
    # The cost changes on the field, found once — and looked for only when a deck has one.
    changes = cost_changes(s, p) if changes_costs(s) else None
    change = 0
    # The card numbers met so far, as a set of bits of their checksums: a card whose bit is
    # clear is the first of its number, and only one whose bit is set is looked for earlier.
    met = 0
    for i in range(len(hand)):
        card = hand[i]
        d = defs[card]
        if flash_only and d.kind_code != MAGIC:
            continue  # as is any earlier card of its number
        bit = 1 << (d.number_sum & 31)
        if met & bit and _earlier(d, defs, hand, i):
            continue
        met |= bit
        full, least = d.full, d.least
        if changes:  # the bounds of the changed cost (11-1-1-2-1), as begin() takes it
            change = cost_change(s, p, d, changes)
            full, least = d.bounds(change)
        soul_only = bool(d.soul_magic) and cores < full and soul_magic_payable(s, player, d)
        if cores < least and not soul_only:
            continue
        for excluded in range(succession_most(s, player, d) + 1 if d.succession else 1):
            # Enough cores for the unreduced cost needs no count of reduction symbols.
            if cores < full and not soul_only:
                if symbols is None:
                    symbols = field_symbols(s, player)
                if cores < needed(s, player, d, excluded, symbols, change):
                    continue
            if d.kind_code == SPIRIT:
                if summons is None:
                    summons = []
                summons.append(cast(Summon, _played(s, p, card, True)) if excluded == 0 else Summon(p, card, excluded))
            elif d.kind_code == NEXUS:
                if deploys is None:
                    deploys = []
                deploys.append(cast(Deploy, _played(s, p, card, False)) if excluded == 0 else Deploy(p, card, excluded))
            else:
                for i in d.flash_effects if flash_only else d.magic_effects:
                    if uses is None:
                        uses = []
                    uses.append(Use(p, card, i, excluded))
    return Playable(summons, deploys, uses)
