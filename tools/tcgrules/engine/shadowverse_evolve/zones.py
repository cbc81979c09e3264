"""Moving cards between zones (chapter 4, 5.4–5.16): drawing, putting onto the field,
destroying, banishing, returning to the hand, tokens, damage and healing.

``ev`` collects the events an action gives (:class:`~tcgrules.engine.action.Events`), each
citing the clause of the rule that made it.
"""
from __future__ import annotations

from ..action import Events
from .cards import STACK
from .info import CARDS, attack, constant, defense, is_follower, keywords, name, refresh, shown, unit_name
from .rules import cites
from .state import EX_LIMIT, FIELD_LIMIT, State, Trigger, Unit

@cites("5.9.1", "5.9.1.1", "5.9.2", "4.1.3", "4.5.3", "4.7.1", "3.1.2.4.1")
def draw(s: State, p: int, n: int, ev: Events) -> None:
    """Draw n cards one by one: the top card to the hand; from an empty deck the player
    loses at the next rule processing (11.2.2)."""
    pl = s.players[p]
    for _ in range(n):
        if not pl.deck:
            pl.drew_empty = True
            if ev.on:
                ev.append(("draw", "5.9.1.1", f"player {p} must draw from an empty deck"))
            return
        pl.hand.append(pl.deck.pop())
        if ev.on:
            ev.append(("draw", "5.9.1", f"player {p} draws a card"))


@cites("10.7.2", "10.7.2.1", "10.7.2.2", "10.3.5", "10.7.4", "3.1.2.3", "10.7.1")
def fire(s: State, controller: int, u: Unit, card: int, timing: str, entering: Unit | None = None,
         origin: str = "") -> None:
    """Each ability of the timing enters the standby state once more (10.7.2.1), an ability
    limited to n a turn only while it has entered it fewer times this turn (10.7.2.2), one
    about a follower of some attack entering only for such a follower (10.9.3.1), one about
    entering from a zone only for a card from there (5.4.3)."""
    for i in CARDS[card].on(timing):
        a = CARDS[card].abilities[i]
        least = a.enters_atk
        if least and (entering is None or not is_follower(entering) or attack(entering) < least):
            continue
        if a.from_zone and a.from_zone != origin:
            continue
        limit = CARDS[card].abilities[i].per_turn
        if limit:
            key = (u.uid, card, i)
            if s.fired.count(key) >= limit:
                continue
            s.fired.append(key)
        s.triggers.append(Trigger(controller, u.uid, card, i))


@cites("4.4.4.2", "4.2.2.3", "12.4.1", "12.4.3", "13.3.2.2", "10.9.3", "4.4.4", "9.1.1", "9.1.1.1", "10.7.4.1.3",
       "13.3.2.2.p1", "4.4.1", "5.4.1")
def put_on_field(s: State, p: int, card: int, owner: int, ev: Events, tapped: bool = False,
                 origin: str = "", why: str = "5.4.1") -> Unit | None:
    """Put a follower or amulet onto the field from the zone ``origin`` (upright unless told:
    4.2.2.3), as the clause ``why`` says (an instruction to put it there: 5.4.1); beyond the
    field's limit it is not put (4.4.4.2). Its fanfare triggers (12.4.1); a stack card comes
    with a stack counter (13.3.2.2)."""
    entered = enter_field(s, p, card, 1, owner, ev, tapped, origin, why)
    return entered[0] if entered else None


@cites("10.7.4.2", "4.4.4.2", "12.4.1")
def enter_field(s: State, p: int, card: int, n: int, owner: int, ev: Events, tapped: bool,
                origin: str = "", why: str = "5.4.1") -> list[Unit]:
    """Put n of the card onto the field at once, as far as its limit allows (4.4.4.2): each
    card entering sees the others enter with it (10.7.4.2), then its fanfare triggers
    (12.4.1). The trace cites ``why``, the rule that puts them (its caller cites it)."""
    pl = s.players[p]
    entered: list[Unit] = []
    for _ in range(min(n, FIELD_LIMIT - len(pl.field))):
        u = Unit(s.next_uid, card, owner, tapped=tapped)
        s.next_uid += 1
        if CARDS[card].keywords & STACK:
            u.counters = 1
        pl.field.append(u)
        entered.append(u)
    refresh(s)  # the constant effects of the field apply to them as they enter (10.9.3, 10.9.3.1)
    for u in entered:
        for other in pl.field:
            if other is not u:
                fire(s, p, other, shown(other).index, "ally_enters", u)
        waiting = len(s.triggers)
        fire(s, p, u, card, "fanfare", None, origin)
        if ev.on:
            cited = why + (" 10.7.4.2" if n > 1 else "") + (" 12.4.1" if len(s.triggers) > waiting else "")
            ev.append(("put_on_field", cited, f"{name(card)} enters the field of player {p}"))
    if len(entered) < n and ev.on:
        ev.append(("put_on_field", "4.4.4.2",
                   f"{n - len(entered)} {name(card)} not put onto the full field of player {p}"))
    return entered


@cites("5.15.4", "11.6.1", "9.1.4.3", "9.1.3.1", "4.1.4", "4.1.6", "10.7.4.1.2", "9.1.3", "9.1.4", "10.9.2",
       "10.11.1", "10.7.4.1", "4.2.1")
def leave_field(s: State, p: int, u: Unit, to: str, ev: Events) -> bool:
    """Move a unit off the field to its owner's zone ``to`` (4.1.6): cemetery, banish or
    hand. Its evolve card loses the link and goes back face up to the evolve deck (5.15.4,
    11.6.1); a token leaves play outside the field and EX area (9.1.4.3). A card with stack
    counters stays instead, losing one (13.3.2.2): returns whether it left."""
    if stack_stays(u, ev):
        return False
    if to == "cemetery" and banished_instead(s, p, u, ev):
        to = "banish"
    pl, owner = s.players[p], s.players[u.owner]
    pl.field.remove(u)
    refresh(s)
    shown_card = shown(u).index
    if u.evolved >= 0:
        owner.evolve_up.append(u.evolved)
    if s.attacker == u.uid or s.defender == u.uid:
        s.clash = False  # 8.4.5.1: only while both stay on the field
    if not CARDS[u.card].token:
        zone = owner.cemetery if to == "cemetery" else owner.banish if to == "banish" else \
            owner.deck if to == "deck" else owner.hand
        zone.append(u.card)  # onto the top of the deck
    if ev.on:
        ev.append(("leave_field", "4.1.4", f"{unit_name(u)} of player {p} goes to the {to}"))
    if to == "cemetery":
        fire(s, p, u, shown_card, "last_words")  # 12.5.1, as it was on the field (10.7.4.1.2)
    return True


def banisher(field: list[Unit]) -> bool:
    """Whether a card of the field banishes its controller's opponent's followers instead."""
    for u in field:
        if constant(u, "banish_instead"):
            return True
    return False


@cites("10.2.1.3.1", "10.2.1.3", "10.10.2.3")
def banished_instead(s: State, p: int, u: Unit, ev: Events) -> bool:
    """A follower about to go to the cemetery is banished instead (改为放逐) while the other
    player has a card whose constant ability says so for their opponent's followers."""
    if not is_follower(u) or not banisher(s.players[1 - p].field):
        return False
    if ev.on:
        ev.append(("banished_instead", "10.2.1.3.1 10.2.1.3", f"{unit_name(u)} is banished instead of going to the "
                                                               "cemetery"))
    return True


@cites("13.3.2.2", "13.3.2.2.p2", "10.2.1.3", "10.10.1", "10.10.1.1", "10.10.2.3", "10.10.3")
def stack_stays(u: Unit, ev: Events) -> bool:
    """Leaving the field, a card with stack counters loses one instead and stays."""
    if keywords(u) & STACK and u.counters > 0:
        u.counters -= 1
        if ev.on:
            ev.append(("stack_stays", "13.3.2.2", f"{unit_name(u)} loses a stack counter instead of leaving the field"))
        return True
    return False


@cites("5.5.1", "12.5.1", "12.5.3")
def destroy(s: State, p: int, u: Unit, ev: Events) -> None:
    leave_field(s, p, u, "cemetery", ev)


@cites("5.6.1", "4.10.1")
def banish(s: State, p: int, u: Unit, ev: Events) -> None:
    leave_field(s, p, u, "banish", ev)


@cites("5.4.1")
def bounce(s: State, p: int, u: Unit, ev: Events) -> None:
    """Return a unit to its owner's hand."""
    leave_field(s, p, u, "hand", ev)


@cites("4.8.3.3", "4.8.3.2")
def ex_to_field(s: State, p: int, ev: Events) -> None:
    """Put every follower of the player's EX area onto the field (as far as it has room),
    each with the effects it had there (4.8.3.3)."""
    pl = s.players[p]
    i = 0
    while i < len(pl.ex) and len(pl.field) < FIELD_LIMIT:
        card = pl.ex[i]
        if CARDS[card].kind != "follower":
            i += 1
            continue
        pl.ex.pop(i)
        kw = pl.ex_kw.pop(i)
        u = put_on_field(s, p, card, p, ev, False, "ex")
        if u is not None and kw:
            u.kw |= kw
            if ev.on:
                ev.append(("ex_to_field", "4.8.3.3", f"{name(card)} keeps on the field what effects gave it in the "
                                                     "EX area"))


@cites("5.12.1", "5.12.2", "4.1.6", "5.4.3")
def exchange_top(s: State, p: int, u: Unit, ev: Events) -> None:
    """交换 with the top card of its controller's deck: each goes to the other's zone at
    once, the deck's card entering the field from the deck; not done when either cannot
    move (no card, a spell, a token or another's card: 5.12.2)."""
    pl = s.players[p]
    top = pl.deck[-1] if pl.deck else -1
    if top < 0 or CARDS[top].kind not in ("follower", "amulet") or CARDS[u.card].token or u.owner != p \
            or keywords(u) & STACK and u.counters > 0:
        if ev.on:
            ev.append(("exchange_top", "5.12.2", f"{unit_name(u)} cannot be exchanged: not done"))
        return
    pl.deck.pop()
    leave_field(s, p, u, "deck", ev)
    if ev.on:
        ev.append(("exchange_top", "5.12.1 5.4.3", f"{unit_name(u)} and {name(top)} of the deck are exchanged"))
    put_on_field(s, p, top, p, ev, False, "deck")


@cites("5.4.2", "5.4.2.1", "9.1.2", "9.1.2.1", "9.1.2.2", "5.4.2.2")
def summon(s: State, p: int, token: int, n: int, ev: Events) -> None:
    """Make n tokens on the player's field at once, as far as the field's limit allows (4.4.4.2)."""
    s.tokens_made += len(enter_field(s, p, token, n, p, ev, False, "", "5.4.2"))


@cites("5.4.2", "4.8.3.2", "9.1.4.2", "4.8.3", "4.8.1")
def token_to_ex(s: State, p: int, token: int, n: int, ev: Events, kw: int = 0) -> None:
    """Make n tokens in the player's EX area, as far as its limit allows, with the keywords
    the effect gives them there (4.8.3.3)."""
    pl = s.players[p]
    for _ in range(n):
        if len(pl.ex) >= EX_LIMIT:
            if ev.on:
                ev.append(("token_to_ex", "4.8.3.2", f"no room in the EX area of player {p} for {name(token)}"))
            return
        pl.ex.append(token)
        pl.ex_kw.append(kw)
        s.tokens_made += 1
        if ev.on:
            ev.append(("token_to_ex", "5.4.2", f"{name(token)} is put into the EX area of player {p}"))


@cites("5.11.1", "10.7.4.1.1", "10.7.4")
def discard_card(s: State, p: int, index: int, ev: Events) -> int:
    """Put the card at ``index`` of the player's hand into the cemetery; its "discarded"
    abilities trigger, read from the card as it is in the cemetery, the public zone it
    went to (10.7.4.1.1). Returns the card."""
    pl = s.players[p]
    card = pl.hand.pop(index)
    pl.cemetery.append(card)
    for i in CARDS[card].on("discarded"):
        s.triggers.append(Trigger(p, -1, card, i))
        if ev.on:
            ev.append(("discard_card", "10.7.4.1.1", f"{name(card)}, discarded, triggers from the cemetery"))
    return card


@cites("5.13.1", "5.13.1.1", "5.13.1.2", "1.3.2.2", "5.13.3.4", "5.13.2", "10.2.1.3.2")
def damage_unit(s: State, u: Unit, n: int, ev: Events) -> int:
    """Deal n damage to a follower (not to an amulet: 5.13.1.2); none for n <= 0. A "damage
    -n" of its own replaces the damage with less (5.13.2). Returns the damage dealt."""
    if n <= 0 or not is_follower(u):
        return 0
    cut = constant(u, "damage_cut")
    if cut:
        n -= cut
        if ev.on:
            ev.append(("damage_unit", "5.13.2 10.2.1.3.2", f"{unit_name(u)} takes {cut} less damage ({max(0, n)})"))
        if n <= 0:
            return 0
    u.damage += n
    if ev.on:
        ev.append(("damage_unit", "5.13.1", f"{unit_name(u)} takes {n} damage (defense {defense(u)})"))
    return n


@cites("5.13.1", "2.8.2", "13.5.2.2", "4.3.1", "4.3.3", "1.3.2.4")
def damage_leader(s: State, p: int, n: int, ev: Events) -> int:
    """Deal n damage to a leader; its life may go below 0 (5.13.1.1)."""
    if n <= 0:
        return 0
    pl = s.players[p]
    pl.life -= n
    pl.hurt_turn = True
    if ev.on:
        ev.append(("damage_leader", "5.13.1", f"leader of player {p} takes {n} damage (life {pl.life})"))
    return n


@cites("2.8.3", "1.3.2.4")
def heal(s: State, p: int, n: int, ev: Events, why: str) -> None:
    """The leader's life (2.8.3) goes up by n (no upper limit: 1.3.2.4), as the clause
    ``why`` says: drain's (12.13.2) or an effect's instruction (10.6.2.7.2); its caller cites it."""
    if n > 0:
        s.players[p].life += n
        if ev.on:
            ev.append(("heal", why, f"leader of player {p} gains {n} life (life {s.players[p].life})"))


@cites("8.4.9", "1.3.2.2.1")
def power(u: Unit) -> int:
    """The damage a unit deals in combat (8.4.9): its attack, not below 0 (1.3.2.2.1)."""
    return max(0, attack(u))
