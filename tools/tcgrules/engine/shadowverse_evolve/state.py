"""The game state of Shadowverse: Evolve: two players, their zones and the step of the turn.

Zones (chapter 4) hold pool indexes (:class:`~.cards.CardDef.index`): the deck (4.5, top
last), the evolve deck (4.6, face down; ``evolve_up`` its face-up cards, 4.6.3), the hand
(4.7), the EX area (4.8), the cemetery (4.9) and the banish zone (4.10). The field (4.4)
holds :class:`Unit` s: a follower or amulet with its evolve card linked (5.15.1), damage,
tapped or not (4.2.2), counters and this turn's changes. Each player has life (2.8.3), play
points and their maximum, and evolve points (3.2).

``step`` says what the game waits for (a player's choice) or, between two choices, where
the turn goes on once the check timing has nothing left (10.5.2.4). ``triggers`` are the
automatic abilities in the standby state (10.7.2).

:meth:`State.clone` copies what an action may change (lists of ints and a few units), so
``apply`` never changes its input and a copy is cheap.
"""
from __future__ import annotations

import random
from typing import Final

from ..core import fork_rng, rng_from_json, rng_to_json
from ..core import randbelow as below  # noqa: F401  (a uniform draw, as the rule modules name it)

NO_TARGET: Final = -1
LEADER0: Final = -10  # a target: player 0's leader; player 1's is LEADER0 - 1


def leader_target(player: int) -> int:
    return LEADER0 - player


def leader_of(target: int) -> int:
    """The player whose leader the target names, or -1."""
    return LEADER0 - target if target <= LEADER0 else -1


# Steps: the choices (a player decides) …
CHOOSE_FIRST: Final = 0  # 6.2.1.6
MULLIGAN: Final = 1  # 6.2.1.8
MAIN: Final = 2  # 7.3.3
ATTACK_QUICK: Final = 3  # 8.4.7
END_WARD: Final = 4  # 7.4.3
END_QUICK: Final = 5  # 7.4.4
END_DISCARD: Final = 6  # 7.4.6
OVER: Final = 7
# … and where the turn goes on after a check timing.
AFTER_START: Final = 8  # 7.2.5
AFTER_ATTACK: Final = 9  # 8.4.6
AFTER_DAMAGE: Final = 10  # 8.4.10
AFTER_END_START: Final = 11  # 7.4.2
STEP_NAMES: Final = ("choose_first", "mulligan", "main", "attack_quick", "end_ward", "end_quick", "end_discard",
                     "over", "after_start", "after_attack", "after_damage", "after_end_start")

DRAW_RESULT: Final = 2  # State.winner of a drawn game (1.2.2)
START_LIFE: Final = 20  # 2.8.3.1, 6.2.1.11
OPENING_HAND: Final = 4  # 6.2.1.7
FIELD_LIMIT: Final = 5  # 4.4.4.1
HAND_LIMIT: Final = 7  # 4.7.3.1
EX_LIMIT: Final = 5  # 4.8.3.1
PP_MAX_LIMIT: Final = 10  # 3.2.4.1
SECOND_PLAYER_EP: Final = 3  # 6.2.1.10


class Unit:
    """A card on the field (4.4): a follower or amulet, maybe evolved (5.15)."""

    __slots__ = ("uid", "card", "owner", "evolved", "damage", "tapped", "ready", "evolved_now", "counters",
                 "atk_mod", "def_mod", "eot_atk", "eot_def", "kw", "bane_hit", "kind", "cont_atk", "cont_def",
                 "set_atk", "set_at")

    def __init__(self, uid: int, card: int, owner: int, evolved: int = -1, damage: int = 0, tapped: bool = False,
                 ready: bool = False, evolved_now: bool = False, counters: int = 0, atk_mod: int = 0,
                 def_mod: int = 0, eot_atk: int = 0, eot_def: int = 0, kw: int = 0, bane_hit: bool = False,
                 kind: str = "", cont_atk: int = 0, cont_def: int = 0, set_atk: int = -1, set_at: int = 0):
        self.uid = uid
        self.card = card  # the pool index of the card itself
        self.owner = owner  # 3.1.1
        self.evolved = evolved  # the linked evolve card (5.15.1), or -1
        self.damage = damage  # 5.13.1: defense lost so far
        self.tapped = tapped  # 4.2.2
        self.ready = ready  # controlled since the start of this turn (8.4.2.1.1)
        self.evolved_now = evolved_now  # evolved this turn (8.4.2.1.2)
        self.counters = counters  # stack counters (13.3.2, 15.1)
        self.atk_mod = atk_mod  # lasting changes (10.9.1.4)
        self.def_mod = def_mod
        self.eot_atk = eot_atk  # until the end of the turn (7.4.7)
        self.eot_def = eot_def
        self.kw = kw  # keywords given by effects
        self.bane_hit = bane_hit  # clashed with a bane follower since the last rule processing (11.3.2)
        self.kind = kind  # the kind an effect made it (5.24.1), or "": its printed kind
        self.cont_atk = cont_atk  # what constant abilities on the field add now (10.9.3)
        self.cont_def = cont_def
        self.set_atk = set_atk  # an attack an effect set it to (变为), or -1 …
        self.set_at = set_at  # … and when: State.next_uid then, so a card with a lower uid was on the field first

    def copy(self) -> Unit:
        return Unit(self.uid, self.card, self.owner, self.evolved, self.damage, self.tapped, self.ready,
                    self.evolved_now, self.counters, self.atk_mod, self.def_mod, self.eot_atk, self.eot_def,
                    self.kw, self.bane_hit, self.kind, self.cont_atk, self.cont_def,
                    self.set_atk, self.set_at)

    def to_json(self) -> list:
        return [self.uid, self.card, self.owner, self.evolved, self.damage, int(self.tapped), int(self.ready),
                int(self.evolved_now), self.counters, self.atk_mod, self.def_mod, self.eot_atk, self.eot_def,
                self.kw, int(self.bane_hit), self.kind, self.cont_atk, self.cont_def,
                self.set_atk, self.set_at]

    @staticmethod
    def from_json(d: list) -> Unit:
        return Unit(int(d[0]), int(d[1]), int(d[2]), int(d[3]), int(d[4]), bool(d[5]), bool(d[6]), bool(d[7]),
                    int(d[8]), int(d[9]), int(d[10]), int(d[11]), int(d[12]), int(d[13]), bool(d[14]),
                    str(d[15]) if len(d) > 15 else "", int(d[16]) if len(d) > 16 else 0,
                    int(d[17]) if len(d) > 17 else 0, int(d[18]) if len(d) > 18 else -1,
                    int(d[19]) if len(d) > 19 else 0)


class Trigger:
    """An automatic ability in the standby state (10.7.2): whose, from which unit and card
    (the card's information as it was on the field, 10.7.4.1.2), which ability."""

    __slots__ = ("controller", "source", "card", "ability", "rite")

    def __init__(self, controller: int, source: int, card: int, ability: int, rite: bool = False):
        self.controller = controller
        self.source = source  # the unit's uid
        self.card = card  # the pool index whose ability it is (the evolve card once evolved: 5.15.2)
        self.ability = ability
        self.rite = rite  # an earth rite paid when its card was used (13.3.3.2)

    def to_json(self) -> list:
        return [self.controller, self.source, self.card, self.ability, int(self.rite)]


class Pending:
    """A choice a player makes in the middle of an effect or a rule (see choices.py): its
    ``kind``, the ``player`` who makes it and its ``options`` (the values an answer may
    give). For an ability, where its resolution stands: whose (``controller``), which
    (``card``, ``ability``), from which unit (``source``) with which ``target``, earth rite
    and chosen options (``rite``, ``mask``), the spell in the resolution zone (``spell``,
    -1: none), the effect in progress (``step``) and what was chosen so far: draws done
    (``count``), the number chosen (``x``), targets (``picked``) and their shares
    (``amounts``); the X of the card (``card_x``, 5.2.1.2). Never changed once made: a copy
    of the state shares it."""

    __slots__ = ("kind", "player", "options", "controller", "card", "ability", "source", "target", "rite", "mask",
                 "spell", "step", "count", "x", "picked", "amounts", "card_x")

    def __init__(self, kind: str, player: int, options: tuple = (), controller: int = -1, card: int = -1,
                 ability: int = 0, source: int = -1, target: int = NO_TARGET, rite: bool = False, mask: int = 0,
                 spell: int = -1, step: int = 0, count: int = 0, x: int = 1, picked: tuple = (),
                 amounts: tuple = (), card_x: int = 0):
        self.kind = kind
        self.player = player
        self.options = options
        self.controller = controller
        self.card = card
        self.ability = ability
        self.source = source
        self.target = target
        self.rite = rite
        self.mask = mask
        self.spell = spell
        self.step = step
        self.count = count
        self.x = x
        self.picked = picked
        self.amounts = amounts
        self.card_x = card_x

    def but(self, kind: str, options: tuple, step: int, count: int, x: int, picked: tuple, amounts: tuple) -> Pending:
        """The same resolution, asking anew."""
        return Pending(kind, self.controller, options, self.controller, self.card, self.ability, self.source,
                       self.target, self.rite, self.mask, self.spell, step, count, x, picked, amounts, self.card_x)

    def to_json(self) -> list:
        return [self.kind, self.player, [list(o) if isinstance(o, tuple) else o for o in self.options],
                self.controller, self.card, self.ability, self.source, self.target, int(self.rite), self.mask,
                self.spell, self.step, self.count, self.x, list(self.picked), list(self.amounts), self.card_x]

    @staticmethod
    def from_json(d: list) -> Pending:
        options = tuple(tuple(o) if isinstance(o, list) else o for o in d[2])
        return Pending(str(d[0]), int(d[1]), options, int(d[3]), int(d[4]), int(d[5]), int(d[6]), int(d[7]),
                       bool(d[8]), int(d[9]), int(d[10]), int(d[11]), int(d[12]), int(d[13]),
                       tuple(int(x) for x in d[14]), tuple(int(x) for x in d[15]), int(d[16]) if len(d) > 16 else 0)


class Player:
    __slots__ = ("leader", "life", "pp", "pp_max", "ep", "deck", "evolve_deck", "evolve_up", "hand", "ex", "ex_kw",
                 "cemetery", "banish", "field", "played", "evolved_turn", "hurt_turn", "drew_empty", "mulliganed",
                 "skips", "race")

    def __init__(self, leader: int, deck: list[int], evolve_deck: list[int]):
        self.leader = leader
        self.life = START_LIFE
        self.pp = 0
        self.pp_max = 0
        self.ep = 0
        self.deck = deck
        self.evolve_deck = evolve_deck
        self.evolve_up: list[int] = []
        self.hand: list[int] = []
        self.ex: list[int] = []
        self.ex_kw: list[int] = []  # keywords effects gave each card of the EX area (4.8.3.3), in its order
        self.cemetery: list[int] = []
        self.banish: list[int] = []
        self.field: list[Unit] = []
        self.played = 0  # cards used this turn (13.2.1.2)
        self.evolved_turn = False  # an evolve or 用餐 ability used this turn: one of them a turn (8.3.2)
        self.hurt_turn = False  # the leader's life went down this turn (13.5.2.2)
        self.drew_empty = False  # had to draw from an empty deck since the last rule processing (11.2.2)
        self.mulliganed = False
        self.skips = 0  # "skip your next turn" instructions not yet done (5.25.2)
        self.race: list[tuple[int, int]] = []  # the race zone (4.13): (carrot, uid of the card linked, -1: none)

    def copy(self) -> Player:
        p = Player(self.leader, self.deck[:], self.evolve_deck[:])
        p.life, p.pp, p.pp_max, p.ep = self.life, self.pp, self.pp_max, self.ep
        p.evolve_up = self.evolve_up[:]
        p.hand, p.ex, p.cemetery, p.banish = self.hand[:], self.ex[:], self.cemetery[:], self.banish[:]
        p.ex_kw = self.ex_kw[:]
        p.field = [u.copy() for u in self.field]
        p.played, p.evolved_turn, p.hurt_turn = self.played, self.evolved_turn, self.hurt_turn
        p.drew_empty, p.mulliganed, p.skips = self.drew_empty, self.mulliganed, self.skips
        p.race = self.race[:]
        return p

    def unit(self, uid: int) -> Unit | None:
        for u in self.field:
            if u.uid == uid:
                return u
        return None

    def to_json(self) -> dict:
        return {"leader": self.leader, "life": self.life, "pp": self.pp, "pp_max": self.pp_max, "ep": self.ep,
                "deck": self.deck, "evolve_deck": self.evolve_deck, "evolve_up": self.evolve_up, "hand": self.hand,
                "ex": self.ex, "ex_kw": self.ex_kw, "cemetery": self.cemetery, "banish": self.banish,
                "field": [u.to_json() for u in self.field], "played": self.played,
                "evolved_turn": self.evolved_turn, "hurt_turn": self.hurt_turn, "drew_empty": self.drew_empty,
                "mulliganed": self.mulliganed, "skips": self.skips, "race": [list(r) for r in self.race]}

    @staticmethod
    def from_json(d: dict) -> Player:
        p = Player(int(d["leader"]), [int(c) for c in d["deck"]], [int(c) for c in d["evolve_deck"]])
        p.life, p.pp, p.pp_max, p.ep = int(d["life"]), int(d["pp"]), int(d["pp_max"]), int(d["ep"])
        p.evolve_up = [int(c) for c in d["evolve_up"]]
        p.hand, p.ex = [int(c) for c in d["hand"]], [int(c) for c in d["ex"]]
        p.ex_kw = [int(k) for k in d.get("ex_kw", [0] * len(p.ex))]
        p.cemetery, p.banish = [int(c) for c in d["cemetery"]], [int(c) for c in d["banish"]]
        p.field = [Unit.from_json(u) for u in d["field"]]
        p.played, p.evolved_turn, p.hurt_turn = int(d["played"]), bool(d["evolved_turn"]), bool(d["hurt_turn"])
        p.drew_empty, p.mulliganed, p.skips = bool(d["drew_empty"]), bool(d["mulliganed"]), int(d["skips"])
        p.race = [(int(r[0]), int(r[1])) for r in d.get("race", [])]
        return p


class State:
    __slots__ = ("players", "turn", "active", "first", "step", "chooser", "attacker", "defender", "clash",
                 "triggers", "next_uid", "winner", "rng", "cards_total", "tokens_made", "extra_turns", "fired",
                 "rng_shared", "pending", "stale", "extra_links", "shared_links", "delayed")

    def __init__(self, players: list[Player], rng: random.Random):
        self.players = players
        self.turn = 0  # turns begun (7.1.1)
        self.active = 0  # the turn player
        self.first = 0  # who went first (6.2.1.6)
        self.step = CHOOSE_FIRST
        self.chooser = 0  # who chooses first or second (6.2.1.6) or redraws next (6.2.1.8)
        self.attacker = -1  # the attacking follower's uid (8.4.2) during an attack
        self.defender = NO_TARGET  # its target (8.4.3): a uid or a leader target
        self.clash = False  # 交战 (8.4.5.1)
        self.triggers: list[Trigger] = []
        self.next_uid = 0
        self.winner: int | None = None
        self.rng = rng
        self.rng_shared = False  # shared with a copy: copied before its first draw (copy on write)
        self.cards_total = (0, 0)  # each player's cards, not tokens: conserved
        self.tokens_made = 0
        self.extra_turns: list[int] = []  # players to take an extra turn, the last given first (5.27.2)
        self.fired: list[tuple[int, int, int]] = []  # (uid, card, ability) standby states this turn (10.7.2.2)
        self.pending: Pending | None = None  # a choice in the middle of an effect or a rule (choices.py)
        self.stale: list[tuple[int, int]] = []  # (uid, ability) activations that left the game as it was (15.2.1.2)
        # Links no move makes, which a position can write (rule processing undoes them: 11.6.2, 11.6.3):
        self.extra_links: list[tuple[int, int]] = []  # (uid, evolve card) linked to the unit before its own
        self.shared_links: list[tuple[int, int]] = []  # (uid, uid before): linked to that unit's evolve card too
        self.delayed: list[tuple[int, int, int, int]] = []  # delayed triggers at this turn's end (10.7.5): a Trigger's
        # controller, source, card and ability

    def __reduce__(self) -> tuple:  # copy.deepcopy of a compiled state: through its JSON (the bench's baseline)
        return (State.from_json, (self.to_json(),))

    def clone(self) -> State:
        s = State([p.copy() for p in self.players], self.rng)
        self.rng_shared = s.rng_shared = True  # whichever draws first takes its own copy (random())
        s.turn, s.active, s.first, s.step, s.chooser = self.turn, self.active, self.first, self.step, self.chooser
        s.attacker, s.defender, s.clash = self.attacker, self.defender, self.clash
        s.triggers = self.triggers[:]  # triggers are never changed, only replaced
        s.next_uid, s.winner, s.cards_total, s.tokens_made = self.next_uid, self.winner, self.cards_total, \
            self.tokens_made
        s.extra_turns, s.fired, s.delayed = self.extra_turns[:], self.fired[:], self.delayed[:]
        s.pending = self.pending  # never changed, only replaced
        s.stale = self.stale[:]
        s.extra_links, s.shared_links = self.extra_links[:], self.shared_links[:]
        return s

    def random(self) -> random.Random:
        """The state's generator, to draw from: its own copy once a copy shares it."""
        if self.rng_shared:
            self.rng = fork_rng(self.rng)
            self.rng_shared = False
        return self.rng

    def find(self, uid: int) -> tuple[int, Unit] | None:
        """The controller and unit of a uid on either field."""
        for i in range(2):
            for u in self.players[i].field:
                if u.uid == uid:
                    return i, u
        return None

    def to_json(self) -> dict:
        return {"players": [p.to_json() for p in self.players], "turn": self.turn, "active": self.active,
                "first": self.first, "step": STEP_NAMES[self.step], "chooser": self.chooser,
                "attacker": self.attacker, "defender": self.defender, "clash": self.clash,
                "triggers": [t.to_json() for t in self.triggers], "next_uid": self.next_uid, "winner": self.winner,
                "rng": rng_to_json(self.rng), "cards_total": list(self.cards_total), "tokens_made": self.tokens_made,
                "extra_turns": self.extra_turns, "fired": [list(f) for f in self.fired],
                "pending": None if self.pending is None else self.pending.to_json(),
                "stale": [list(x) for x in self.stale], "extra_links": [list(x) for x in self.extra_links],
                "shared_links": [list(x) for x in self.shared_links], "delayed": [list(d) for d in self.delayed]}

    @staticmethod
    def from_json(d: dict) -> State:
        s = State([Player.from_json(p) for p in d["players"]], rng_from_json(d["rng"]))
        s.turn, s.active, s.first = int(d["turn"]), int(d["active"]), int(d["first"])
        s.step, s.chooser = STEP_NAMES.index(d["step"]), int(d["chooser"])
        s.attacker, s.defender, s.clash = int(d["attacker"]), int(d["defender"]), bool(d["clash"])
        s.triggers = [Trigger(int(t[0]), int(t[1]), int(t[2]), int(t[3]), bool(t[4])) for t in d["triggers"]]
        s.next_uid = int(d["next_uid"])
        s.winner = None if d["winner"] is None else int(d["winner"])
        s.cards_total = (int(d["cards_total"][0]), int(d["cards_total"][1]))
        s.tokens_made = int(d["tokens_made"])
        s.extra_turns = [int(p) for p in d["extra_turns"]]
        s.fired = [(int(f[0]), int(f[1]), int(f[2])) for f in d["fired"]]
        s.pending = None if d.get("pending") is None else Pending.from_json(d["pending"])
        s.stale = [(int(x[0]), int(x[1])) for x in d.get("stale", [])]
        s.extra_links = [(int(x[0]), int(x[1])) for x in d.get("extra_links", [])]
        s.shared_links = [(int(x[0]), int(x[1])) for x in d.get("shared_links", [])]
        s.delayed = [(int(x[0]), int(x[1]), int(x[2]), int(x[3])) for x in d.get("delayed", [])]
        return s


def snapshot(s: State) -> tuple:
    """The state's values as one tuple, every value ``to_json`` writes (lists copied, units
    and triggers as their fields): equal for equal states and unchanged by any later change
    of ``s``. The fuzzer compares one taken before ``apply`` with one taken after, to check
    that ``apply`` left its input as it was (tcgrules.engine.run.fuzz_one). The generator is
    held as itself: rule modules draw only through :meth:`State.random`, which copies a
    shared one first (tests/engine/test_fuzzing.py reads them)."""
    return (tuple([_player_snapshot(p) for p in s.players]), s.turn, s.active, s.first, s.step, s.chooser,
            s.attacker, s.defender, s.clash, tuple([tuple(t.to_json()) for t in s.triggers]), s.next_uid, s.winner,
            s.rng, s.cards_total, s.tokens_made, tuple(s.extra_turns), tuple(s.fired),
            None if s.pending is None else tuple(s.pending.to_json()), tuple(s.stale), tuple(s.extra_links),
            tuple(s.shared_links), tuple(s.delayed))


def _player_snapshot(p: Player) -> tuple:
    return (p.leader, p.life, p.pp, p.pp_max, p.ep, tuple(p.deck), tuple(p.evolve_deck), tuple(p.evolve_up),
            tuple(p.hand), tuple(p.ex), tuple(p.ex_kw), tuple(p.cemetery), tuple(p.banish),
            tuple([tuple(u.to_json()) for u in p.field]),
            p.played, p.evolved_turn, p.hurt_turn, p.drew_empty, p.mulliganed, p.skips, tuple(p.race))
