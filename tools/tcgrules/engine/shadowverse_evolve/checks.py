"""Rule processing (chapter 11) and the check timing (10.5): what the game does by itself
between two choices of a player."""
from __future__ import annotations

from .cards import STACK
from .choices import distinct
from .info import CARDS, defense, is_follower, keywords, name, unit_name
from .rules import cites
from .theme import unlinked_carrots
from .state import DRAW_RESULT, EX_LIMIT, FIELD_LIMIT, OVER, PP_MAX_LIMIT, Pending, State
from .zones import Events, destroy, leave_field


@cites("11.2.1", "11.2.2", "1.2.1", "1.2.1.1", "1.2.1.2", "1.2.2")
def defeat(s: State, ev: Events) -> bool:
    """A player whose leader has 0 life or less, or who had to draw from an empty deck,
    loses; both at once is a draw (1.2.2). Returns whether the game ended."""
    if not any(s.players[p].life <= 0 or s.players[p].drew_empty for p in range(2)):
        return False  # the usual case, asked at every check timing: no list made
    lost = [p for p in range(2) if s.players[p].life <= 0 or s.players[p].drew_empty]
    s.winner = DRAW_RESULT if len(lost) == 2 else 1 - lost[0]
    s.step = OVER
    for p in lost:
        why = "1.2.1.1 11.2.1" if s.players[p].life <= 0 else "1.2.1.2 11.2.2"
        if ev.on:
            ev.append(("defeat", "1.2.1 " + why, f"player {p} loses"))
    return True


@cites("11.3.1", "11.3.2", "12.14.2", "12.14.2.1", "11.7.1", "13.3.2.3")
def doomed(s: State) -> list[tuple[int, int, str]]:
    """What rule processing puts into the cemetery, with the clause why: followers with 0
    defense or less or that clashed with a bane follower (11.3), cards with stack and no
    stack counter (11.7)."""
    out: list[tuple[int, int, str]] = []
    for p in range(2):
        for u in s.players[p].field:
            if is_follower(u) and (defense(u) <= 0 or u.bane_hit):
                out.append((p, u.uid, "11.3.1 11.3.2" if u.bane_hit else "11.3.1"))
            elif keywords(u) & STACK and u.counters <= 0:
                out.append((p, u.uid, "11.7.1"))
    return out


@cites("11.9.1", "3.2.4", "3.2.4.1", "3.2.4.2", "1.3.2.4.1")
def cap_points(s: State, ev: Events) -> bool:
    """Play points above their maximum fall to it, and the maximum stays within 0 to 10."""
    changed = False
    for p in range(2):
        pl = s.players[p]
        if pl.pp_max > PP_MAX_LIMIT or pl.pp_max < 0:
            pl.pp_max = min(PP_MAX_LIMIT, max(0, pl.pp_max))
            changed = True
        if pl.pp > pl.pp_max or pl.pp < 0:
            pl.pp = min(pl.pp_max, max(0, pl.pp))
            if ev.on:
                ev.append(("cap_points", "11.9.1", f"player {p}'s play points become {pl.pp}"))
            changed = True
    return changed


@cites("10.5.2.1", "11.1.1", "11.1.2", "11.1.3")
def rule_processing(s: State, ev: Events) -> None:
    """Do every rule processing due, all at once, again while some is due (10.5.2.1); a
    choice it needs (:func:`over_limit`) stops it until answered."""
    while s.winner is None and s.pending is None:
        if defeat(s, ev):
            return
        due = doomed(s)
        for p, uid, why in due:
            found = s.players[p].unit(uid)
            if found is not None:
                found.bane_hit = False
                if ev.on:
                    ev.append(("rule_processing", why, f"{unit_name(found)} goes to the cemetery by rule processing"))
                destroy(s, p, found, ev)
        carrots = unlinked_carrots(s, ev)
        links = illegal_links(s, ev)
        if not cap_points(s, ev) and not due and not carrots and not links:
            over_limit(s)
            return


@cites("11.6.2", "11.6.3", "11.6.1", "5.15.1")
def illegal_links(s: State, ev: Events) -> bool:
    """A field card linked to several evolve cards keeps the last linked, the others go face
    up to the evolve deck (11.6.2, then 11.6.1); an evolve card linked to several field
    cards keeps the last linked, the others lose it (11.6.3). Returns whether one was due."""
    if not s.extra_links and not s.shared_links:
        return False
    for uid, card in s.extra_links:
        found = s.find(uid)
        owner = found[1].owner if found is not None else 0
        s.players[owner].evolve_up.append(card)
        if ev.on:
            ev.append(("rule_processing", "11.6.2 11.6.1", f"{name(card)} loses its link and goes back face up"))
    for uid, before in s.shared_links:
        later, earlier = s.find(uid), s.find(before)
        if later is not None and earlier is not None and earlier[1].evolved >= 0:
            later[1].evolved, earlier[1].evolved = earlier[1].evolved, -1
            if ev.on:
                ev.append(("rule_processing", "11.6.3", f"{unit_name(earlier[1])} #{before} loses its link to "
                                                       f"{unit_name(later[1])}"))
    s.extra_links, s.shared_links = [], []
    return True


@cites("11.4.1", "11.5.1", "4.4.4.1", "4.8.3.1")
def over_limit(s: State) -> None:
    """A field or EX area holding more cards than its limit (a position can write one): its
    player chooses the cards that go to their owner's cemetery, one at a time, until the
    limit is left (a pending choice; the rest stay)."""
    for p in range(2):
        pl = s.players[p]
        if len(pl.field) > FIELD_LIMIT:
            s.pending = Pending("field_excess", p, tuple(u.uid for u in pl.field))
            return
        if len(pl.ex) > EX_LIMIT:
            s.pending = Pending("ex_excess", p, distinct(pl.ex))
            return


@cites("11.4.1", "11.5.1", "9.1.4.2", "12.5.1")
def leave_excess(s: State, p: int, kind: str, chosen: int, ev: Events) -> None:
    """The card chosen leaves the field (its last words trigger) or the EX area (a token
    leaves play) for its owner's cemetery."""
    pl = s.players[p]
    if kind == "field_excess":
        u = pl.unit(chosen)
        if u is not None:
            if ev.on:
                ev.append(("rule_processing", "11.4.1", f"{unit_name(u)} is over the field's limit"))
            leave_field(s, p, u, "cemetery", ev)
        return
    pl.ex.remove(chosen)
    if not CARDS[chosen].token:
        pl.cemetery.append(chosen)
    if ev.on:
        ev.append(("rule_processing", "11.5.1", f"{name(chosen)} leaves the EX area over its limit"))


@cites("10.5.2.2", "10.5.2.3", "10.7.3", "1.3.4", "3.1.2")
def trigger_player(s: State) -> int:
    """Who uses a standby automatic ability now: the turn player first, or -1 for none."""
    if any(t.controller == s.active for t in s.triggers):
        return s.active
    return 1 - s.active if s.triggers else -1
