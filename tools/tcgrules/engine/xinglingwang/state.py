"""The game state of 星靈王: two players, their zones (四), the star fronts and the phase.

The field (四 9, 10) of each player is ten places: five star fronts (四 4; 一號 first), each
with a front and a back place; place ``2 * front + row`` (row 0 front, 1 back), written
``"3F"``/``"3B"`` for star front 3. A :class:`Unit` is a card on a place: its status (八), the
cards combined under it (十五 3類), the magic cards given to it (七 4), the cards it kidnapped
(綁架) and the little travelers riding it (搭乘). Decks hold pool indexes, top last.

``phase`` is where the turn stands: a choice of a player, or (``DRAW``, ``TACTICS_START``,
``END``) a step the rules run by themselves (:func:`~.turn.advance`); ``pending`` a choice in
the middle of a rule (偷襲, 掩護, the hand limit). :meth:`State.clone` copies what an action
may change, so ``apply`` never changes its input.
"""
from __future__ import annotations

import random
from typing import Final

from ..core import fork_rng, randbelow, rng_from_json, rng_to_json

FRONTS: Final = 5  # star fronts (四 4): five, 一號 to 五號
PLACES: Final = 2 * FRONTS
FRONT, BACK = 0, 1
UPRIGHT, ATTACK, SIDEWAYS = 0, 1, 2  # 八 1, 2, 3
STATUS_NAMES: Final = ("upright", "attack", "sideways")
HAND_LIMIT: Final = 10  # 十四 2
OPENING_HAND: Final = 4  # 一 5
DRAWS: Final = 2  # 二 1
FOREST: Final = 10  # cards each player sets in the forest (一 3: any number)
CHARGE_MAX: Final = 5  # 15.c6.k1.1
EARLY_SCORE: Final = 15  # 三 2(1), 十四 4(1)
EARLY_UNITS: Final = 3  # 三 2(2), 十四 4(2)
NONE, BY_SCORE, BY_UNITS = 0, 1, 2  # an early end declared (十四 4)
DECLARE_NAMES: Final = ("none", "score", "units")
NO_TARGET: Final = -1

# Phases: a player's choice, or a step the rules run by themselves.
MULLIGAN, DRAW, DEFENSE, SUMMON, TACTICS_START, TACTICS, DEPLOY, MOVE, ATTACK_DECL, END, DECLARE, OVER = range(12)
PHASE_NAMES: Final = ("mulligan", "draw", "defense", "summon", "tactics_start", "tactics", "deploy", "move", "attack",
                      "end", "declare", "over")
AUTOMATIC: Final = (DRAW, TACTICS_START, END)


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in [0, n): :func:`~tcgrules.engine.core.randbelow`, with no draw
    when there is one choice or none."""
    return 0 if n <= 1 else randbelow(rng, n)


def place(front: int, row: int) -> int:
    return 2 * front + row


def place_name(slot: int) -> str:
    return f"{slot // 2 + 1}{'FB'[slot % 2]}"


def parse_place(text: str) -> int:
    """``"3F"`` → the place; ValueError for anything else."""
    if len(text) != 2 or text[0] not in "12345" or text[1] not in "FB":
        raise ValueError(f"a place is a star front 1-5 and F or B (3F, 1B), not {text!r}")
    return place(int(text[0]) - 1, "FB".index(text[1]))


def target_code(side: int, slot: int) -> int:
    return side * PLACES + slot


class Unit:
    """A unit on a place (四 9): its card (the top card of a combined unit), status, and what
    lies under it."""

    __slots__ = ("uid", "card", "traveler", "status", "aim", "fresh", "attacked", "imprisoned", "atk_mod", "kw",
                 "under", "given", "kidnapped", "riders", "boarded")

    def __init__(self, uid: int, card: int, traveler: bool = False, status: int = UPRIGHT, aim: int = -1,
                 fresh: bool = True, attacked: bool = False, imprisoned: bool = False, atk_mod: int = 0,
                 kw: int = 0, under: list[int] | None = None, given: list[int] | None = None,
                 kidnapped: list[int] | None = None, riders: int = 0, boarded: bool = False):
        self.uid = uid
        self.card = card
        self.traveler = traveler  # a little traveler from the forest (6.9.n1)
        self.status = status
        self.aim = aim  # a 遠程 unit's aimed row (15.c1.k2.1), or -1
        self.fresh = fresh  # entered the front row this turn and never in the back (13.4.n1)
        self.attacked = attacked  # attacked this turn (11.2.n1)
        self.imprisoned = imprisoned  # 禁錮 (15.c5.k3)
        self.atk_mod = atk_mod
        self.kw = kw  # keywords given by effects
        self.under = under if under is not None else []  # cards combined under it (15.c3.k1.1)
        self.given = given if given is not None else []  # magic cards given to it (七 4)
        self.kidnapped = kidnapped if kidnapped is not None else []  # the other player's cards (綁架)
        self.riders = riders  # travelers under it (搭乘, 上車)
        self.boarded = boarded  # rode or was boarded this turn (15.c6.k5.2)

    def copy(self) -> Unit:
        return Unit(self.uid, self.card, self.traveler, self.status, self.aim, self.fresh, self.attacked,
                    self.imprisoned, self.atk_mod, self.kw, self.under[:], self.given[:], self.kidnapped[:],
                    self.riders, self.boarded)

    def to_json(self) -> list:
        return [self.uid, self.card, int(self.traveler), self.status, self.aim, int(self.fresh), int(self.attacked),
                int(self.imprisoned), self.atk_mod, self.kw, self.under, self.given, self.kidnapped, self.riders,
                int(self.boarded)]

    @staticmethod
    def from_json(d: list) -> Unit:
        return Unit(int(d[0]), int(d[1]), bool(d[2]), int(d[3]), int(d[4]), bool(d[5]), bool(d[6]), bool(d[7]),
                    int(d[8]), int(d[9]), [int(x) for x in d[10]], [int(x) for x in d[11]],
                    [int(x) for x in d[12]], int(d[13]), bool(d[14]))


class Pending:
    """A choice in the middle of a rule: its ``kind`` (``sneak``, ``cover``, ``excess``), the
    ``player`` who makes it, the ``options`` an answer picks one of, and the ``slot`` it is about."""

    __slots__ = ("kind", "player", "options", "slot")

    def __init__(self, kind: str, player: int, options: tuple[int, ...], slot: int = -1):
        self.kind = kind
        self.player = player
        self.options = options
        self.slot = slot

    def to_json(self) -> list:
        return [self.kind, self.player, list(self.options), self.slot]

    @staticmethod
    def from_json(d: list) -> Pending:
        return Pending(str(d[0]), int(d[1]), tuple(int(x) for x in d[2]), int(d[3]))


class Player:
    __slots__ = ("race", "deck", "hand", "grave", "banished", "forest", "field", "field_card", "bonus", "charge",
                 "wheel", "wheel_foreign", "declared", "cards", "made")

    def __init__(self, race: str, deck: list[int], forest: int = FOREST):
        self.race = race
        self.deck = deck  # top last
        self.hand: list[int] = []
        self.grave: list[int] = []
        self.banished: list[int] = []
        self.forest = forest  # cards in the forest (四 6): only their number matters
        self.field: list[Unit | None] = [None] * PLACES
        self.field_card = -1  # 四 5
        self.bonus = 0  # 15.c7.k1
        self.charge = 0  # 15.c6.k1
        self.wheel: list[int] = []  # 15.c6.k8.1: cards in this player's wheel …
        self.wheel_foreign: list[int] = []  # … of which these (indexes into wheel) the other player owns
        self.declared = NONE  # an early end declared at the last end phase (十四 4)
        self.cards = 0  # cards this player owns in the game (for the invariants)
        self.made = 0  # cards 變為 put in (15.c5.k2.1)

    def copy(self) -> Player:
        p = Player(self.race, self.deck[:], self.forest)
        p.hand, p.grave, p.banished = self.hand[:], self.grave[:], self.banished[:]
        p.field = [u.copy() if u is not None else None for u in self.field]
        p.field_card, p.bonus, p.charge = self.field_card, self.bonus, self.charge
        p.wheel, p.wheel_foreign = self.wheel[:], self.wheel_foreign[:]
        p.declared, p.cards, p.made = self.declared, self.cards, self.made
        return p

    def units(self) -> list[Unit]:
        return [u for u in self.field if u is not None]

    def to_json(self) -> dict:
        return {"race": self.race, "deck": self.deck, "hand": self.hand, "grave": self.grave,
                "banished": self.banished, "forest": self.forest,
                "field": [u.to_json() if u is not None else None for u in self.field],
                "field_card": self.field_card, "bonus": self.bonus, "charge": self.charge, "wheel": self.wheel,
                "wheel_foreign": self.wheel_foreign, "declared": self.declared, "cards": self.cards,
                "made": self.made}

    @staticmethod
    def from_json(d: dict) -> Player:
        p = Player(str(d["race"]), [int(x) for x in d["deck"]], int(d["forest"]))
        p.hand, p.grave = [int(x) for x in d["hand"]], [int(x) for x in d["grave"]]
        p.banished = [int(x) for x in d["banished"]]
        p.field = [Unit.from_json(u) if u is not None else None for u in d["field"]]
        p.field_card, p.bonus, p.charge = int(d["field_card"]), int(d["bonus"]), int(d["charge"])
        p.wheel, p.wheel_foreign = [int(x) for x in d["wheel"]], [int(x) for x in d["wheel_foreign"]]
        p.declared, p.cards, p.made = int(d["declared"]), int(d["cards"]), int(d["made"])
        return p


class State:
    __slots__ = ("players", "rng", "turn", "active", "first", "phase", "countdown", "pending", "priority",
                 "passes", "fight", "fight_defs", "fight_i", "fight_won", "fight_asked", "end_step", "played",
                 "moved", "fusion", "fused_names", "next_uid", "chooser", "ended")

    def __init__(self, players: list[Player], rng: random.Random):
        self.players = players
        self.rng = rng
        self.turn = 1  # the first player's first turn is 1
        self.active = 0
        self.first = 0
        self.phase = MULLIGAN
        self.countdown = 0  # star fronts flipped (十四 3): 0 before the countdown
        self.pending: Pending | None = None
        self.priority = 0  # who may act in the window before a battle (11.6.(1))
        self.passes = 0  # players who passed in a row in that window
        self.fight = -1  # the attacker's place during a battle (the other player's field), or -1
        self.fight_defs: list[int] = []  # its defenders' places, in the order fought (15.c1.k1.3)
        self.fight_i = 0  # the defender being fought
        self.fight_won = 0  # bit i: the attacker won against fight_defs[i]
        self.fight_asked = False  # 偷襲 asked in this battle
        self.end_step = 0  # the step of the end phase (十四 1-5)
        self.played = False  # the tactics phase's unit played (13.3, 13.6)
        self.moved = False  # a move of 佈陣 made, or an attack made (13.5, 11.3)
        self.fusion = 0  # the mechanical fusion phase: 0 not yet this turn, 1 in it, 2 over (15.c3.k2.1)
        self.fused_names: list[int] = []  # cards that took part in this fusion phase (15.c3.k2.4)
        self.next_uid = 0
        self.chooser = 0  # who mulligans now (一 5)
        self.ended = 0  # how the game ended: 0 the countdown, 1 an early end by score, 2 by units

    def __reduce__(self) -> tuple:  # copy.deepcopy of a compiled state: through its JSON (the bench's baseline)
        return (State.from_json, (self.to_json(),))

    def clone(self) -> State:
        s = State([p.copy() for p in self.players], fork_rng(self.rng))
        s.turn, s.active, s.first, s.phase, s.countdown = self.turn, self.active, self.first, self.phase, self.countdown
        s.pending, s.priority, s.passes = self.pending, self.priority, self.passes
        s.fight, s.fight_defs, s.fight_i = self.fight, self.fight_defs[:], self.fight_i
        s.fight_won, s.fight_asked, s.end_step = self.fight_won, self.fight_asked, self.end_step
        s.played, s.moved, s.fusion, s.fused_names = self.played, self.moved, self.fusion, self.fused_names[:]
        s.next_uid, s.chooser, s.ended = self.next_uid, self.chooser, self.ended
        return s

    def new_uid(self) -> int:
        self.next_uid += 1
        return self.next_uid - 1

    def to_json(self) -> dict:
        return {"players": [p.to_json() for p in self.players], "rng": rng_to_json(self.rng), "turn": self.turn,
                "active": self.active, "first": self.first, "phase": self.phase, "countdown": self.countdown,
                "pending": self.pending.to_json() if self.pending is not None else None,
                "priority": self.priority, "passes": self.passes, "fight": self.fight, "fight_defs": self.fight_defs,
                "fight_i": self.fight_i, "fight_won": self.fight_won, "fight_asked": self.fight_asked,
                "end_step": self.end_step, "played": self.played, "moved": self.moved, "fusion": self.fusion,
                "fused_names": self.fused_names, "next_uid": self.next_uid, "chooser": self.chooser,
                "ended": self.ended}

    @staticmethod
    def from_json(d: dict) -> State:
        s = State([Player.from_json(p) for p in d["players"]], rng_from_json(d["rng"]))
        s.turn, s.active, s.first = int(d["turn"]), int(d["active"]), int(d["first"])
        s.phase, s.countdown = int(d["phase"]), int(d["countdown"])
        s.pending = Pending.from_json(d["pending"]) if d["pending"] is not None else None
        s.priority, s.passes, s.fight = int(d["priority"]), int(d["passes"]), int(d["fight"])
        s.fight_defs, s.fight_i = [int(x) for x in d["fight_defs"]], int(d["fight_i"])
        s.fight_won, s.fight_asked, s.end_step = int(d["fight_won"]), bool(d["fight_asked"]), int(d["end_step"])
        s.played, s.moved, s.fusion = bool(d["played"]), bool(d["moved"]), int(d["fusion"])
        s.fused_names, s.next_uid, s.chooser = [int(x) for x in d["fused_names"]], int(d["next_uid"]), int(d["chooser"])
        s.ended = int(d["ended"])
        return s



def snapshot(s: State) -> tuple:
    """The state's values as one tuple, every value ``to_json`` writes in its order (lists
    copied, units and the pending choice as their fields), unchanged by any later change of
    ``s``. The fuzzer compares one taken before ``apply`` with one taken after, to check
    that ``apply`` left its input as it was (tcgrules.engine.run.fuzz_one): some
    microseconds where the JSON digest takes a hundred. The generator is held as itself,
    not its 625 numbers: :meth:`State.clone` forks it before a derived state draws, and a
    draw from the input's would still show in the full check's JSON (run.check_state)."""
    pending = s.pending
    return (tuple([_player_snapshot(p) for p in s.players]), s.rng, s.turn, s.active, s.first, s.phase, s.countdown,
            None if pending is None else (pending.kind, pending.player, pending.options, pending.slot),
            s.priority, s.passes, s.fight, tuple(s.fight_defs), s.fight_i, s.fight_won, s.fight_asked, s.end_step,
            s.played, s.moved, s.fusion, tuple(s.fused_names), s.next_uid, s.chooser, s.ended)


def _player_snapshot(p: Player) -> tuple:
    return (p.race, tuple(p.deck), tuple(p.hand), tuple(p.grave), tuple(p.banished), p.forest,
            tuple([None if u is None else _unit_snapshot(u) for u in p.field]), p.field_card, p.bonus, p.charge,
            tuple(p.wheel), tuple(p.wheel_foreign), p.declared, p.cards, p.made)


def _unit_snapshot(u: Unit) -> tuple:
    return (u.uid, u.card, u.traveler, u.status, u.aim, u.fresh, u.attacked, u.imprisoned, u.atk_mod, u.kw,
            tuple(u.under), tuple(u.given), tuple(u.kidnapped), u.riders, u.boarded)
