"""Playing cards (七, 九, 十二, 十三): units with their sacrifices or blue-star conditions, little
travelers, magic cards, the tactics phase's choice and 佈陣 moves, and mechanical fusion
(機械合體, 15.c3.k2)."""
from __future__ import annotations

import itertools

from ..core import IllegalAction
from .battle import attack_places, can_attack
from .cards import COVER, DEVOUR, EFFECT_RES, MAGIC_RES, MECH_FUSION, CardDef, Effect
from .effects import can_move, chosen, lose_effects, resolve, summoned, targetable, targets
from .info import CARDS, TRAVELER, card_of, combined, keywords, name, silenced, unit_count
from .rules import cites
from .state import (ATTACK_DECL, BACK, DEFENSE, DEPLOY, END, FRONT, FRONTS, MOVE, PLACES, SUMMON, TACTICS,
                    TACTICS_START, UPRIGHT, Pending, State, Unit, place, place_name, target_code)
from .zones import Events, enter, entry_places, leave

MAIN_PHASES = (SUMMON, TACTICS)  # 二 4 ※: the summon and tactics phases


# ---------------------------------------------------------------- units


@cites("12.3", "12.4", "12.4.n1", "12.4.n2", "12.6", "2.4.(1)", "13.3", "13.3.n1", "15.c5.k3.1")
def cost_problem(s: State, p: int, d: CardDef, sacrifices: tuple[int, ...]) -> str:
    """Why the unit may not be played with these sacrifices ("" if it may): a red star needs
    exactly its number of the player's own units, none imprisoned; a blue star its condition;
    the tactics phase only units needing no sacrifice (or a blue star's, met)."""
    field = s.players[p].field
    need = sacrifice_need(s, p, d)
    if s.phase == DEPLOY and need > 0:
        return "13.3"
    if need == 0 and sacrifices:
        return "12.6"
    if need and (len(sacrifices) != need or len(set(sacrifices)) != len(sacrifices)
                        or any(field[x] is None for x in sacrifices)):
        return "12.3"
    if any(field[x].imprisoned for x in sacrifices):  # type: ignore[union-attr]
        return "15.c5.k3.1"
    if d.blue == "units" and unit_count(s, p) < d.blue_n or d.blue == "discharge" and s.players[p].charge < d.blue_n:
        return "12.4"
    return ""


@cites("12.6.p1", "12.6")
def sacrifice_need(s: State, p: int, d: CardDef) -> int:
    """The sacrifices a unit needs now: its red star less what its player's field card takes
    off (祭壇); brought to zero, it needs none (and may be played by 佈陣)."""
    field_card = s.players[p].field_card
    if field_card < 0 or not d.sacrifice:
        return d.sacrifice
    cut = sum(e.n for e in CARDS[field_card].effects_at("constant") if e.do == "cheaper")
    return max(d.sacrifice - cut, 0)


def places_after(s: State, p: int, sacrifices: tuple[int, ...]) -> list[int]:
    """Where a unit may enter once its sacrifices have gone (9.2)."""
    field = s.players[p].field
    gone = [(x, field[x]) for x in sacrifices]
    for x, _ in gone:
        field[x] = None
    out = entry_places(s, p)
    for x, u in gone:
        field[x] = u
    return out


def instant_effects(d: CardDef) -> tuple:
    return d.effects_at("instant")


def first_chosen(d: CardDef, when: str) -> Effect | None:
    """The card's first effect of a timing that chooses a target (what follows 若成功 included)."""
    todo = list(d.effects_at(when))
    while todo:
        e = todo.pop(0)
        if chosen(e):
            return e
        todo[:0] = e.then
    return None


@cites("15.c4.k3.1", "15.c4.k3.2", "15.c4.k5.1", "15.c4.k5.2", "6.2", "7.5")
def target_problem(s: State, p: int, d: CardDef, when: str, source: str, target: int, own: int) -> str:
    """Why a target may not be chosen for the card's first effect that chooses ("" if it
    may): a resistance, or none chosen while one could be."""
    e = first_chosen(d, when)
    if e is None:
        return "6.2" if target >= 0 else ""
    found = targets(s, p, e, source, own)
    if target < 0:
        return "6.2" if found else ""
    if target in found:
        return ""
    side, slot = target // PLACES, target % PLACES
    u = s.players[side].field[slot]
    if u is None or target == own:
        return "6.2.n1"
    if not targetable(s, p, source, side, slot):
        return resistance(s, p, source, side, slot)
    return "6.2.n1"


def resistance(s: State, p: int, source: str, side: int, slot: int) -> str:
    kw = keywords(s.players[side].field[slot])  # type: ignore[arg-type]
    if source == "magic":
        return "15.c4.k3.2" if kw & MAGIC_RES else "15.c4.k3.1"
    if source == "unit":
        return "15.c4.k5.2" if kw & EFFECT_RES else "15.c4.k5.1"
    return "7.5"


@cites("2.3.p1", "12.2", "12.3", "12.3.p1", "12.3.n1", "12.4", "12.5", "13.3", "15.c3.k3.1", "15.c3.k3.1.p1",
       "15.c3.k3.2", "15.c3.k3.3", "15.c4.k1.1", "6.4", "10.3")
def play_unit(s: State, p: int, card: int, at: int, sacrifices: tuple[int, ...], target: int, ev: Events) -> None:
    """Play a unit from the hand: shown, its sacrifices sacrificed in front order (each one's
    被獻祭時 effects first; a 吞食合體 unit goes under the new unit instead of the graveyard, a
    combined one's lower cards to the graveyard), a blue star's charge paid; it enters, then
    its 立即 effects (合體時 effects of a combination by 吞食 do not)."""
    pl = s.players[p]
    d = CARDS[card]
    if s.phase not in (SUMMON, DEPLOY) or s.active != p or s.phase == DEPLOY and s.played:
        raise IllegalAction("2.3.p1", f"player {p} may not play a unit now")
    if card not in pl.hand or d.kind != "unit":
        raise IllegalAction("2.3.p1", f"{d.name} is not a unit in the hand of player {p}")
    problem = cost_problem(s, p, d, sacrifices)
    if problem:
        raise IllegalAction(problem, f"{d.name} cannot be played with those sacrifices")
    if at not in places_after(s, p, sacrifices):
        raise IllegalAction("9.2", f"{d.name} may not enter {place_name(at)}")
    pl.hand.remove(card)
    if d.blue == "discharge":
        pl.charge -= d.blue_n
    devoured: list[int] = []
    for slot in sorted(sacrifices):
        u = pl.field[slot]
        assert u is not None
        for e in card_of(u).effects_at("sacrificed") if not u.traveler else ():
            resolve(s, p, e, -1, slot, "unit", ev)
        if ev.on:
            ev.append(("sacrifice", "12.3 10.3", f"{card_of(u).name} is sacrificed"))
        if keywords(u) & DEVOUR and not u.traveler:
            devoured.append(leave(s, p, slot, "take", ev))
        else:
            leave(s, p, slot, "grave", ev)
    u = enter(s, p, card, at, False, UPRIGHT, ev)
    u.under.extend(devoured)
    entered(s, p, u, at, target, True, ev)


def entered(s: State, p: int, u: Unit, at: int, target: int, played: bool, ev: Events) -> None:
    """After a unit was played or summoned: 搭乘, 立即 (played only), then 掩護; the phase goes on."""
    summoned(s, p, u, ev)
    if played:
        own = target_code(p, at)
        problem = target_problem(s, p, card_of(u), "instant", "unit", target, own)
        if problem:
            raise IllegalAction(problem, f"{name(u.card)} may not choose that target")
        for e in instant_effects(card_of(u)):
            resolve(s, p, e, target, s.players[p].field.index(u)
                    if u in s.players[p].field else -1, "unit", ev)
    s.played = True
    s.phase = TACTICS_START if s.phase == SUMMON else MOVE
    if u in s.players[p].field:
        offer_cover(s, p, s.players[p].field.index(u))


@cites("15.c4.k2.1", "15.c4.k2.2", "5.4.p1", "5.5.p1")
def offer_cover(s: State, p: int, at: int) -> None:
    """A unit played or summoned beside a 掩護 unit (after its 立即): the 掩護 unit's controller
    may move it to the place right behind the 掩護 unit."""
    field = s.players[p].field
    front, row = at // 2, at % 2
    covers = []
    for f in (front - 1, front + 1):
        if 0 <= f < FRONTS and row == FRONT:
            c = field[place(f, FRONT)]
            if c is not None and keywords(c) & COVER and field[place(f, BACK)] is None:
                covers.append(place(f, FRONT))
    if covers:
        s.pending = Pending("cover", p, (-1, *covers), at)


@cites("15.c4.k2.1", "15.c4.k2.3", "13.4.n1")
def cover(s: State, option: int, ev: Events) -> None:
    """The answer: move the unit behind the chosen 掩護 unit (it need not stay in the front row)."""
    pending = s.pending
    assert pending is not None
    s.pending = None
    cover_place = pending.options[option]
    if cover_place >= 0:
        field = s.players[pending.player].field
        u = field[pending.slot]
        behind = place(cover_place // 2, BACK)
        field[behind], field[pending.slot] = u, None
        if u is not None:
            u.fresh = False
        if ev.on:
            ev.append(("cover", "15.c4.k2.1", f"the unit moves to {place_name(behind)}"))


@cites("2.3.p1", "12.2", "4.6.p2", "6.9.n1", "12.5")
def summon_traveler(s: State, p: int, at: int, ev: Events) -> None:
    """Summon a little traveler from the forest to a place a unit may enter."""
    pl = s.players[p]
    if s.phase not in (SUMMON, DEPLOY) or s.active != p or s.phase == DEPLOY and s.played:
        raise IllegalAction("2.3.p1", f"player {p} may not summon now")
    if pl.forest <= 0:
        raise IllegalAction("4.6.p2", "the forest is empty")
    if at not in entry_places(s, p):
        raise IllegalAction("9.2", f"a traveler may not enter {place_name(at)}")
    pl.forest -= 1
    u = enter(s, p, TRAVELER, at, True, UPRIGHT, ev)
    entered(s, p, u, at, -1, False, ev)


def can_enter(s: State, p: int) -> bool:
    """Whether any unit of the hand or a traveler could be played or summoned now."""
    pl = s.players[p]
    if pl.forest > 0 and entry_places(s, p):
        return True
    return any(playable(s, p, c) for c in set(pl.hand))


def playable(s: State, p: int, card: int) -> bool:
    d = CARDS[card]
    if d.kind != "unit":
        return False
    for sac in sacrifice_options(s, p, d):
        if places_after(s, p, sac):
            return True
    return False


def sacrifice_options(s: State, p: int, d: CardDef) -> list[tuple[int, ...]]:
    """The sets of the player's units that may be the card's sacrifices (none for no red star)."""
    need = sacrifice_need(s, p, d)
    if s.phase == DEPLOY and need > 0:
        return []
    if need == 0:
        return [()] if not cost_problem(s, p, d, ()) else []
    field = s.players[p].field
    own = [x for x in range(PLACES) if field[x] is not None and not field[x].imprisoned]  # type: ignore[union-attr]
    return [c for c in itertools.combinations(own, need) if not cost_problem(s, p, d, c)]


@cites("12.2", "12.2.n1", "12.2.n2", "13.6")
def end_entering(s: State, p: int) -> None:
    """The summon phase (or the tactics phase's 佈陣) ends without a unit only when none can enter."""
    if can_enter(s, p):
        raise IllegalAction("12.2" if s.phase == SUMMON else "13.3", "a unit must be played or a traveler summoned")
    s.played = s.phase == DEPLOY
    s.phase = TACTICS_START if s.phase == SUMMON else MOVE


# ---------------------------------------------------------------- the tactics phase


@cites("2.4.p1", "2.4.(1)", "2.4.(2)", "2.4.n1", "13.n1", "11.1")
def choose_tactic(s: State, p: int, attack: bool) -> None:
    """戰術佈陣 or 進攻宣言; an attack needs a unit that can attack."""
    if s.phase != TACTICS or s.active != p:
        raise IllegalAction("2.4.p1", f"player {p} does not choose a tactic now")
    if attack and not can_attack(s, p):
        raise IllegalAction("2.4.(2)", "no unit can attack")
    s.phase, s.played, s.moved = (ATTACK_DECL if attack else DEPLOY), False, False


@cites("13.4", "13.4.n1", "13.5", "13.5.p1", "13.6", "15.c5.k3.1", "15.c5.k2.3")
def move(s: State, p: int, frm: int, to: int, ev: Events) -> None:
    """佈陣: a unit moves to any place (swapping with a unit there) once the phase's unit
    entered; a unit that entered the front row this turn may not go to the back row."""
    if s.phase == DEPLOY and s.active == p:
        raise IllegalAction("13.6", "a unit must enter before units move")
    if s.phase != MOVE or s.active != p:
        raise IllegalAction("13.4", f"player {p} may not move units now")
    field = s.players[p].field
    u, other = field[frm], field[to]
    if u is None or frm == to:
        raise IllegalAction("13.4", f"no unit to move on {place_name(frm)}")
    for x, dest in ((u, to), (other, frm)):
        if x is not None and not can_move(x):
            raise IllegalAction("15.c5.k3.1", f"{card_of(x).name} is imprisoned")
        if x is not None and x.fresh and dest % 2 == BACK:
            raise IllegalAction("13.4.n1", f"{card_of(x).name} entered the front row this turn")
    field[to], field[frm] = u, other
    s.moved = True
    if ev.on:
        ev.append(("move", "13.4", f"{card_of(u).name} moves to {place_name(to)}"))


@cites("11.3", "11.3.p1", "2.4.(2)", "13.5.p1")
def end_tactics(s: State, p: int) -> None:
    """The attacks or moves are done (at least one attack for an attack declaration, while one is possible)."""
    if s.phase == ATTACK_DECL and not s.moved and can_attack(s, p):
        raise IllegalAction("2.4.(2)", "at least one unit must attack")
    s.phase, s.end_step = END, 0


# ---------------------------------------------------------------- magic


@cites("7.1", "7.2", "7.4", "7.4.p1", "7.5", "4.5.p1", "4.5.p2", "11.6.(1)", "11.6.(8)", "11.3.p1", "13.5.p1",
       "6.3")
def use_magic(s: State, p: int, card: int, target: int, ev: Events) -> None:
    """Use a magic card at its timing: its effects resolve and it goes to the graveyard; a
    card that gives goes under the chosen unit, a field card to the field zone (the one there
    destroyed first)."""
    pl = s.players[p]
    d = CARDS[card]
    if card not in pl.hand or d.kind != "magic":
        raise IllegalAction("7.1", f"{d.name} is not a magic card in the hand of player {p}")
    if not magic_timing(s, p, d):
        raise IllegalAction("7.1", f"{d.name} may not be used now")
    problem = target_problem(s, p, d, "magic", "magic", target, -1)
    if problem:
        raise IllegalAction(problem, f"{d.name} may not choose that target")
    pl.hand.remove(card)
    if s.phase == DEFENSE:
        s.passes, s.priority = 0, 1 - p
    if ev.on:
        ev.append(("magic", "7.1", f"player {p} uses {d.name}"))
    if d.type == "field":
        if pl.field_card >= 0:
            pl.grave.append(pl.field_card)
        pl.field_card = card
        return
    if d.type == "given":
        u = s.players[target // PLACES].field[target % PLACES]
        assert u is not None
        u.given.append(card)
        if silenced(u):
            lose_effects(s, target // PLACES, u, ev)
        for e in d.effects_at("magic"):
            if e.do not in ("atk", "keyword", "silence"):
                resolve(s, p, e, target, -1, "magic", ev)
        return
    for e in d.effects_at("magic"):
        resolve(s, p, e, target, -1, "magic", ev)
    pl.grave.append(card)


@cites("7.1", "11.3", "13.5", "11.6.(8)")
def magic_timing(s: State, p: int, d: CardDef) -> bool:
    """A main-phase card in the player's own main phases (not once attacks or moves began);
    a defense card in their own defense phase's window; a battle card in that window, by either player."""
    if s.pending is not None:
        return False
    if d.timing == "main":
        return s.active == p and (s.phase in (SUMMON, TACTICS, DEPLOY)
                                  or s.phase in (MOVE, ATTACK_DECL) and not s.moved)
    in_window = s.phase == DEFENSE and s.fight < 0 and s.priority == p
    return in_window and (d.timing == "battle" or s.active == p)


# ---------------------------------------------------------------- mechanical fusion


@cites("15.c3.k2.1", "15.c3.k2.2", "15.c3.k2.3", "15.c3.k2.3.p1", "15.c3.k2.4", "15.c3.k2.5", "15.c3.k2.6",
       "15.c3.k1.1", "15.c3.k1.3", "15.c3.k1.4", "15.c5.k3.2")
def fuse(s: State, p: int, frm: int, to: int, ev: Events) -> None:
    """機械合體, once a turn in a main phase (several fusions in that one phase): a unit with
    機械合體 moves onto a 機械 unit of its field; their 合體時 effects resolve; it goes on top and
    they are one new unit (given magic to the graveyard). A unit of a name takes part once."""
    if s.active != p or s.phase not in MAIN_PHASES or s.fusion == 2:
        raise IllegalAction("15.c3.k2.1", "the mechanical fusion phase is once a turn, in a main phase")
    field = s.players[p].field
    a, b = field[frm], field[to]
    if a is None or b is None or a is b or a.traveler or b.traveler or combined(a) or combined(b) \
            or not keywords(a) & MECH_FUSION or not CARDS[b.card].mech:
        raise IllegalAction("15.c3.k2.2", "a unit with 機械合體 fuses with another 機械 unit of its field")
    if not can_move(a):
        raise IllegalAction("15.c5.k3.2", f"{card_of(a).name} is imprisoned")
    if a.card in s.fused_names or b.card in s.fused_names:
        raise IllegalAction("15.c3.k2.4", "a unit of that name took part in this fusion phase")
    s.fusion = 1
    s.fused_names.extend([a.card, b.card])
    for slot, u in sorted(((frm, a), (to, b))):
        for e in CARDS[u.card].effects_at("fuse"):
            resolve(s, p, e, -1, slot, "unit", ev)
    s.players[p].grave.extend(a.given + b.given)
    field[frm] = field[to] = None
    u = enter(s, p, a.card, to, False, UPRIGHT, ev)
    u.under = [b.card]
    u.riders, u.kidnapped = a.riders + b.riders, a.kidnapped + b.kidnapped
    if ev.on:
        ev.append(("fuse", "15.c3.k2.2", f"{name(a.card)} fuses with {name(b.card)} on {place_name(to)}"))


def end_fusion(s: State) -> None:
    """Any other action ends the mechanical fusion phase (15.c3.k2.3)."""
    if s.fusion == 1:
        s.fusion = 2

