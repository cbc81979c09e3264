"""The state of a game of Zero Dimension: each player's eight zones (chapter 2), the chain
(106), priority (105), the step of the turn (chapter 4) and of a battle (chapter 5), the
abilities waiting to go on the chain and a choice a player must make now.

Zones are lists of card indexes of the pool (:mod:`.cards`); the deck's and the life
area's top is index 0 (201, 202). Cards in the battle zone (205) and the event zone (206,
part of it) are :class:`Unit` values with a number (``uid``) of their own: a card that moves
is a new card (200.p4, 205.p3).
"""
from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from ..core import fork_rng, new_rng, rng_from_json, rng_to_json

# Steps (chapter 4) and the free timings of a battle (chapter 5).
MULLIGAN: Final = 0  # 100.p3
START: Final = 1  # 402: a free timing after the start triggers
DRAW: Final = 2  # 403
RESOURCE: Final = 3  # 404: place a resource card or not
RESOURCE_FREE: Final = 4  # 404: the free timing after it
MAIN: Final = 5  # 405: the non-battle action phase
DECLARED: Final = 6  # 405.1: an attack declared, a free timing
TARGET: Final = 7  # 501: the attacker taps and chooses what it attacks
ATTACK_FREE: Final = 8  # 501: the free timing after the attack step
BLOCK: Final = 9  # 502: the defending player declares defense or not
BLOCK_FREE: Final = 10  # 502: the free timing after declaring defense
DEFENSE_FREE: Final = 11  # 503: the free timing after the defense step
BATTLE_FREE: Final = 12  # 504: the free timing after the battle step
CLEAR_FREE: Final = 13  # 505: the free timing after the battle's clearing step
END: Final = 14  # 406: the free timing of the end step
DISCARD: Final = 15  # 408: down to the hand limit
OVER: Final = 16
CLEANUP_FREE: Final = 17  # 407.p3, 408.p1: abilities triggered in the clearing or discard step on the chain
RESET: Final = 18  # 401.p2: abilities triggered by the reset step resolve, no one having priority
STEP_NAMES: Final = ("mulligan", "start", "draw", "resource", "resource_free", "main", "declared", "target",
                     "attack_free", "block", "block_free", "defense_free", "battle_free", "clear_free", "end",
                     "discard", "over", "cleanup_free", "reset")
FREE_TIMINGS: Final = frozenset({START, DRAW, RESOURCE_FREE, MAIN, DECLARED, ATTACK_FREE, BLOCK_FREE, DEFENSE_FREE,
                                 BATTLE_FREE, CLEAR_FREE, END, CLEANUP_FREE})
PHASE_TIMINGS: Final = frozenset({START, DRAW, RESOURCE_FREE, END})  # the start and end phases' (402-404, 406)
BATTLE_STEPS: Final = frozenset({DECLARED, TARGET, ATTACK_FREE, BLOCK, BLOCK_FREE, DEFENSE_FREE, BATTLE_FREE,
                                 CLEAR_FREE})
# The same as a byte per step: compiled code reads it where it would box the step to look it up in a
# set (asked several times an action).
FREE_TIMING_STEPS: Final = bytes([int(step in FREE_TIMINGS) for step in range(len(STEP_NAMES))])
BATTLE_STEP_STEPS: Final = bytes([int(step in BATTLE_STEPS) for step in range(len(STEP_NAMES))])

LIFE: Final = 6  # 100.p3, 202.p1
HAND: Final = 6  # 100.p3, 203.p1
HAND_LIMIT: Final = 6  # 203.p2
DRAW_RESULT: Final = 2  # State.winner of a drawn game (101.p6)
NONE: Final = -1
LIFE_TARGET: Final = -2  # the defending player's life area as an attack's target (501.p2)


class Unit:
    """A card in a battle zone (205): a character, equipment or event."""

    FIELDS: ClassVar[tuple[str, ...]] = ("uid", "card", "owner", "tapped", "damage", "markers", "entered", "host",
                                         "equip", "atk_turn", "def_turn", "locked", "silent", "shield", "under",
                                         "souls", "charged", "undead", "how", "copy_of", "named", "attrs", "used", "lent")

    def __init__(self, uid: int, card: int, owner: int, tapped: bool = False, damage: int = 0,
                 markers: list[int] | None = None, entered: int = 0, host: int = NONE, equip: int = NONE,
                 atk_turn: int = 0, def_turn: int = 0, locked: int = 0, silent: bool = False,
                 shield: int = 0, under: list[int] | None = None, souls: list[int] | None = None,
                 charged: int = NONE, undead: int = 0, how: str = "", copy_of: int = NONE, named: str = "",
                 attrs: list[str] | None = None, used: list[int] | None = None, lent: int = NONE) -> None:
        self.uid = uid
        self.card = card
        self.owner = owner  # 611
        self.tapped = tapped  # 104
        self.damage = damage  # 309.p2, 607.p2: damage this turn
        self.markers = markers if markers is not None else []  # level markers under it (323, 600)
        self.entered = entered  # the turn it entered (318.p6)
        self.host = host  # equipment: the character it equips (319)
        self.equip = equip  # character: its equipment's uid (319.p5: one at most)
        self.atk_turn = atk_turn  # this turn's changes by effects (407.p1 ends them)
        self.def_turn = def_turn
        self.locked = locked  # 灵压: cannot attack or defend up to this turn (900.k35)
        self.silent = silent  # lost its own effects this turn (708)
        self.shield = shield  # damage still to prevent this turn (607.p5)
        self.under = under if under is not None else []  # 变身牌 under it: one card with it (900.k20.p4)
        self.souls = souls if souls is not None else []  # 刀魂牌 under it, not in the battle zone (900.k37.p6)
        self.charged = charged  # 聚气: the ability to resolve when it is next reset (900.k14)
        self.undead = undead  # 亡灵指示物 on it (900.k41, 326)
        self.how = how  # how it entered: "变身" or "虚伪生命" (a special use, 623.p4.1), else ""
        self.copy_of = copy_of  # the card whose copiable values it has (706), or -1
        self.named = named  # the name an effect gave it (301.p3), or ""
        self.attrs = attrs if attrs is not None else []  # its attributes as effects made them (306.p3, 306.p4), or []
        self.used = used if used is not None else []  # its once-a-turn abilities used this turn (703.p4)
        self.lent = lent  # whose control it goes back to when this turn's control of it ends (612.p5), or -1

    def copy(self) -> Unit:
        return Unit(self.uid, self.card, self.owner, self.tapped, self.damage, self.markers[:], self.entered,
                    self.host, self.equip, self.atk_turn, self.def_turn, self.locked, self.silent, self.shield,
                    self.under[:], self.souls[:], self.charged, self.undead, self.how, self.copy_of, self.named,
                    self.attrs[:], self.used[:], self.lent)


class Resource:
    """A card in a resource area (204): face up, or face down after paying a level-up (600)."""

    FIELDS: ClassVar[tuple[str, ...]] = ("card", "tapped", "up")

    def __init__(self, card: int, tapped: bool = False, up: bool = True) -> None:
        self.card = card
        self.tapped = tapped
        self.up = up

    def copy(self) -> Resource:
        return Resource(self.card, self.tapped, self.up)


class Item:
    """One link of the chain (106): a card being used (``card``), an ability (``ability``
    of ``card``, from the unit ``source``), or a level-up (600.p10)."""

    FIELDS: ClassVar[tuple[str, ...]] = ("kind", "player", "card", "source", "ability", "target", "extra", "x", "changed")

    def __init__(self, kind: str, player: int, card: int, source: int = NONE, ability: int = NONE,
                 target: int = NONE, extra: int = NONE, x: int = 0, changed: bool = False) -> None:
        self.kind = kind  # "card", "ability", "level"
        self.player = player  # its controller
        self.card = card
        self.source = source
        self.ability = ability
        self.target = target
        self.extra = extra  # a level-up's card revealed from the hand (dimension level-up), or -1
        self.x = x  # the X chosen for a card used (303.p7)
        self.changed = changed  # its effect replaced (改为) as it was used, its condition met then (707.p4)

    def copy(self) -> Item:
        return self  # items are never changed once made


class Trigger:
    """A triggered ability waiting to go on the chain (702.p2): whose, which card and ability,
    from which unit (-1 once it has left the zone: 802.p2)."""

    FIELDS: ClassVar[tuple[str, ...]] = ("player", "card", "ability", "source")

    def __init__(self, player: int, card: int, ability: int, source: int) -> None:
        self.player = player
        self.card = card
        self.ability = ability
        self.source = source

    def copy(self) -> Trigger:
        return self


class Pending:
    """A choice a player makes in the middle of an effect or a rule: ``kind`` and the options."""

    FIELDS: ClassVar[tuple[str, ...]] = ("kind", "player", "options", "card", "n")

    def __init__(self, kind: str, player: int, options: list[int], card: int = NONE, n: int = 0) -> None:
        self.kind = kind  # "same_name", "discard", "scry", "upto", "counter", "hand_limit"
        self.player = player
        self.options = options
        self.card = card  # the card whose effect asks
        self.n = n  # how many more times to ask (discard), or what the choice is about

    def copy(self) -> Pending:
        return self


class Player:
    FIELDS: ClassVar[tuple[str, ...]] = ("deck", "life", "hand", "resources", "field", "rest", "removed",
                                         "mulliganed", "leveled", "used_attrs", "placed", "released_names")

    def __init__(self, deck: list[int], life: list[int] | None = None, hand: list[int] | None = None,
                 resources: list[Resource] | None = None, field: list[Unit] | None = None,
                 rest: list[int] | None = None, removed: list[int] | None = None, mulliganed: bool = False,
                 leveled: bool = False, used_attrs: list[str] | None = None, placed: bool = False,
                 released_names: list[str] | None = None) -> None:
        self.deck = deck  # 201
        self.life = life if life is not None else []  # 202
        self.hand = hand if hand is not None else []  # 203
        self.resources = resources if resources is not None else []  # 204
        self.field = field if field is not None else []  # 205, 206
        self.rest = rest if rest is not None else []  # 207
        self.removed = removed if removed is not None else []  # 208
        self.mulliganed = mulliganed  # 100.p3: decided whether to redeal
        self.leveled = leveled  # 600.p1: a character levelled up this turn
        self.used_attrs = used_attrs if used_attrs is not None else []  # attributes of cards used this turn (900.k15)
        self.placed = placed  # 204.p2: a resource placed this step
        self.released_names = released_names if released_names is not None else []  # 归刃 this turn (900.k39)

    def copy(self) -> Player:
        return Player(self.deck[:], self.life[:], self.hand[:], [r.copy() for r in self.resources],
                      [u.copy() for u in self.field], self.rest[:], self.removed[:], self.mulliganed, self.leveled,
                      self.used_attrs[:], self.placed, self.released_names[:])


# The values of a State besides its players and generator, in the order its JSON writes them.
STATE_FIELDS: Final = ("turn", "active", "first", "step", "priority", "passes", "chain", "resolving", "triggers",
                       "pending", "flips", "attacker", "target", "blocker", "defending", "next_uid", "losers",
                       "winner", "cards_total")


class State:
    """A game: both players, whose turn and step, the chain, priority and the battle."""


    def __init__(self, players: list[Player], rng: random.Random) -> None:
        self.players = players
        self.rng = rng
        self.turn = 1
        self.active = 0  # the turn player (主动玩家)
        self.first = 0
        self.step = MULLIGAN
        self.priority = 0  # who has priority (105)
        self.passes = 0  # consecutive passes
        self.chain: list[Item] = []  # bottom first (106.p2)
        self.resolving = False  # the chain is resolving (106.p3, 106.p4)
        self.triggers: list[Trigger] = []
        self.pending: Pending | None = None
        self.flips: list[int] = []  # life cards to turn over, owner * 1_000_000 + card (704.p6)
        self.attacker = NONE
        self.target = NONE  # LIFE_TARGET or a uid
        self.blocker = NONE  # declared (502)
        self.defending = NONE  # the character whose defense is established (503)
        self.next_uid = 0
        self.losers = 0  # bit per player (101)
        self.winner = NONE  # 0, 1, DRAW_RESULT, or NONE while the game goes on
        self.cards_total = 0  # cards in the game, for the invariant

    def __reduce__(self) -> tuple:  # copy.deepcopy of a compiled state: through its JSON (the bench's baseline)
        return (State.from_json, (self.to_json(),))

    def clone(self) -> State:
        s = State([p.copy() for p in self.players], fork_rng(self.rng))
        for name in STATE_FIELDS:
            value = getattr(self, name)
            setattr(s, name, value[:] if isinstance(value, list) else value)
        return s

    def new_uid(self) -> int:
        self.next_uid += 1
        return self.next_uid - 1

    def unit(self, uid: int) -> tuple[int, Unit] | None:
        """The controller and unit of a uid in either battle zone."""
        for i in range(2):
            for u in self.players[i].field:
                if u.uid == uid:
                    return i, u
        return None

    def has_unit(self, uid: int) -> bool:
        """Whether a uid is in either battle zone (:meth:`unit`, no tuple made)."""
        for i in range(2):
            for u in self.players[i].field:
                if u.uid == uid:
                    return True
        return False

    # ------------------------------------------------ JSON

    def to_json(self) -> dict:
        out: dict[str, Any] = {"players": [_obj(p) for p in self.players], "rng": rng_to_json(self.rng)}
        for name in STATE_FIELDS:
            value = getattr(self, name)
            out[name] = _obj(value) if isinstance(value, (Pending, list)) else value
        return out

    @staticmethod
    def from_json(d: dict) -> State:
        s = State([_player(p) for p in d["players"]], rng_from_json(d["rng"]))
        for name in STATE_FIELDS:
            value = d[name]
            if name == "chain":
                value = [Item(**x) for x in value]
            elif name == "triggers":
                value = [Trigger(**x) for x in value]
            elif name == "pending":
                value = None if value is None else Pending(**value)
            setattr(s, name, value)
        return s


def _obj(value: Any) -> Any:
    if isinstance(value, list):
        return [_obj(x) for x in value]
    if hasattr(value, "FIELDS"):
        return {f: _obj(getattr(value, f)) for f in value.FIELDS}
    return value


def snapshot(s: State) -> tuple:
    """The state's values as one tuple, every value ``to_json`` writes in its order (lists
    and records as tuples of their fields), unchanged by any later change of ``s``. The
    fuzzer compares one taken before ``apply`` with one taken after, to check that ``apply``
    left its input as it was (tcgrules.engine.run.fuzz_one): some microseconds where the
    JSON digest takes a hundred. The generator is held as itself, not its 625 numbers:
    :meth:`State.clone` forks it before a derived state draws, and a draw from the input's
    would still show in the full check's JSON (run.check_state)."""
    return (tuple([_frozen(p) for p in s.players]), s.rng) + tuple([_frozen(getattr(s, name)) for name in STATE_FIELDS])


def _frozen(value: Any) -> Any:
    """A value as :func:`_obj` writes it, in tuples (a record as its fields in order)."""
    if isinstance(value, list):
        return tuple([_frozen(x) for x in value])
    if value is None or isinstance(value, (int, str)):
        return value
    return tuple([_frozen(getattr(value, f)) for f in value.FIELDS])


def _player(d: dict) -> Player:
    p = Player(**{k: v for k, v in d.items() if k not in ("resources", "field")})
    p.resources = [Resource(**r) for r in d["resources"]]
    p.field = [Unit(**u) for u in d["field"]]
    return p


def in_free_timing(s: State) -> bool:
    return FREE_TIMING_STEPS[s.step] == 1


def in_battle(s: State) -> bool:
    return BATTLE_STEP_STEPS[s.step] == 1


def start_state(decks: list[list[int]], seed: int) -> State:
    return State([Player(list(d)) for d in decks], new_rng(seed))
