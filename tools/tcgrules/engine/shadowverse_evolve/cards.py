"""Cards as data: the test card pool and decks in YAML, checked strictly on load.

A card (chapter 2) has a number, a name (2.1), a class (2.2: ``neutral`` 中立, ``forest``
精灵, ``sword`` 皇家护卫, ``rune`` 巫师, ``dragon`` 龙族, ``abyss`` 梦魇, ``haven`` 主教),
an optional theme (2.13.2), a kind (2.3: ``leader``, ``follower``, ``amulet``, ``spell``, or
``evolved`` for the special kind 进化, 2.3.3.1), ``token: true`` for a token (9.1), a cost
(2.5), attack and defense (2.7, 2.8) for followers, ``keywords`` (chapter 12) and
``abilities``. A follower with an evolve ability (12.2) gives its cost as ``evolve``. A card
may have a collaboration name ``collab`` (2.14.1), allow ``copies`` of it in a deck other than
three (6.1.2), and an X: ``cost: X`` for a spell whose player says X when using it, or
``x: hand`` for an X its text fixes (5.2.1.2); an effect's ``n: X`` is that X.

An ability has a timing ``when``: ``fanfare`` 入场曲 (12.4), ``last_words`` 谢幕曲 (12.5),
``evolve`` 进化时 (12.6), ``attack`` 攻击时 (12.7), ``clash`` (进行了交战, 8.4.9.2),
``main_start`` (7.3.1), ``end_start`` (7.4.1), ``ally_enters`` (another card enters its
controller's field; ``enters_atk: n`` only for a follower of attack n or more, 10.9.3.1),
``spell`` (a spell's own text, 10.1.1.4), ``race`` (参赛时, 14.2.4), ``later`` (a delayed
trigger a ``delay`` effect makes, 10.7.5), ``hand_empty`` (a state trigger, 10.7.6),
``discarded`` (put from the hand
into the cemetery, 10.7.4.1.1), ``constant`` (10.1.1.3: :data:`CONSTANT_OPS`, on the field
or with ``zone: hand`` in the hand, 10.3.4; ``min_atk`` for followers of some attack,
10.9.1.5) or ``activated`` (10.1.1.1: ``cost`` in play points, ``tap`` for the tap cost
10.4.6, ``quick`` 快速 12.3.3). Several timings before one text are a list (12.1.2). An
automatic ability's ``cost`` is paid or not when it is used (10.1.1.2.2); ``from: hand`` makes
a fanfare one of entering from that zone (5.4.3). ``if`` is a condition of chapter 13
(``combo`` 连击, ``spellchain`` 魔力连锁, ``necrocharge`` 唤灵充能 with ``if_n``; ``awakened``
觉醒, ``crimson`` 真红; ``named`` with ``name``, a 『name』 on the field, 2.1.2); ``unless``
one under which its effects are invalid (10.3.2); ``this: follower`` says its text names its
card 这个随从 (5.24.3.1); ``rite: true`` makes it an earth rite 土之秘术 (13.3.3);
``per_turn: n`` limits an automatic ability to n standby states a turn (10.7.2.2). A spell's
choose lists ``modes`` with ``pick`` and ``upto`` (5.17), and ``more_if``/``more_n``/
``more_pick`` for another number of options under a condition (5.17.3.1). What it does is
``do`` (an :data:`EFFECTS` name) with ``n``, ``target`` (:data:`TARGETS`), ``token``,
``atk``, ``def``, ``kw`` and ``kind`` (what ``become`` makes it, 5.24.1); ``then`` lists
further effects done in order (10.6.2.7.2).

Effects that ask their player in the middle (choices.py): ``draw_upto`` draws up to ``n``
cards one at a time (5.9.3); ``choose_number`` has the player choose X from 0 to ``n``
(1.3.5), the effects after it being done with their ``n`` times X; ``up_to: n`` on an
ability makes its target "up to n" of them, chosen one at a time when it resolves
(10.6.2.3.2), and ``split_damage`` distributes ``n`` damage among them (10.6.2.4);
``look_upto`` looks at up to ``n`` cards of the top of the deck one at a time (5.10.2), the
followers seen going to the hand and the rest to the cemetery; ``search`` finds ``n``
cards of the deck for the hand, one at a time (5.7.1).

The Uma Musume Pretty Derby theme (14.2, theme.py): ``meal`` (用餐, ``n`` times) links carrots
of the evolve deck to the card; ``meal: n`` on an activated ability puts n meals in its
cost (14.2.2); ``race`` (参赛, ``n`` times) and the timing ``race`` (参赛时, 14.2.4).
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Final

from ..cardfile import (CardDataError, at, boolean, card_where, choice, closed, data_path, integer, listed, numbered,
                        read_copies, read_file)
from .rules import cites


CLASSES: Final = ("neutral", "forest", "sword", "rune", "dragon", "abyss", "haven")
KINDS: Final = ("leader", "follower", "amulet", "spell", "evolved")

# Keywords (chapter 12, 13.3.2) as bits of CardDef.keywords.
WARD: Final = 1  # 守护 12.8
STORM: Final = 2  # 疾驰 12.9
RUSH: Final = 4  # 突进 12.10
ASSAIL: Final = 8  # 指定攻击 12.11
INTIMIDATE: Final = 16  # 威压 12.12
DRAIN: Final = 32  # 虹吸 12.13
BANE: Final = 64  # 毁灭 12.14
AURA: Final = 128  # 灵气 12.15
QUICK: Final = 256  # 快速 12.3.2
STACK: Final = 512  # 蓄积 13.3.2
KEYWORDS: Final = {"ward": WARD, "storm": STORM, "rush": RUSH, "assail": ASSAIL, "intimidate": INTIMIDATE,
                   "drain": DRAIN, "bane": BANE, "aura": AURA, "quick": QUICK, "stack": STACK}

TIMINGS: Final = ("fanfare", "last_words", "evolve", "attack", "clash", "main_start", "end_start", "ally_enters",
                  "spell", "activated", "race", "later", "hand_empty", "constant", "discarded")
CONDITIONS: Final = ("combo", "spellchain", "necrocharge", "awakened", "crimson", "named")
EFFECTS: Final = ("damage", "heal", "draw", "destroy", "banish", "bounce", "buff", "boost", "summon", "token_ex",
                  "recover_pp", "pp_max", "ep", "stack", "random_to_hand", "discard_random", "give", "tap",
                  "untap", "evolve_free", "move_counters", "win", "transform", "steal", "skip_turn", "extra_turn",
                   "dice_damage", "reset", "draw_upto", "choose_number", "split_damage", "meal", "race",
                   "become", "delay", "no_leader_attack", "unbreakable", "damage_cut",
                   "banish_instead", "cost_cut", "exchange_top", "return_self", "set_atk",
                   "look_top", "ex_to_field", "alt_cost", "each_draw", "lure", "look_upto", "search")
# Targets a player chooses (10.6.2.3) and those the text fixes.
CHOSEN: Final = ("enemy_follower", "enemy_card", "own_follower", "other_own_follower", "any_follower", "enemy",
                 "other_stack_amulet", "own_card")
FIXED: Final = ("none", "self", "own_leader", "enemy_leader", "enemy_followers", "own_followers",
                "other_own_followers", "all_followers", "random_enemy_follower")
TARGETS: Final = CHOSEN + FIXED
# What each effect needs: a unit or leader target, or none.
UNIT_EFFECTS: Final = ("damage", "destroy", "banish", "bounce", "buff", "boost", "give", "tap", "untap",
                       "evolve_free", "stack", "move_counters", "transform", "steal", "dice_damage", "reset",
                       "split_damage", "meal", "race",
                       "become", "delay", "no_leader_attack", "unbreakable", "damage_cut", "banish_instead",
                       "cost_cut", "exchange_top", "set_atk", "alt_cost", "lure")
# What a constant ability (永续能力, 10.1.1.3) does: buff its followers (10.9.1.4), or one of these.
CONSTANT_OPS: Final = ("buff", "no_leader_attack", "unbreakable", "damage_cut", "banish_instead", "cost_cut",
                       "alt_cost", "lure")

CARD_KEYS: Final = {"number", "name", "class", "theme", "kind", "token", "cost", "attack", "defense", "keywords",
                    "abilities", "evolve", "collab", "copies", "x"}
ABILITY_KEYS: Final = {"when", "if", "if_n", "cost", "tap", "quick", "rite", "per_turn", "do", "n", "target",
                       "token", "atk", "def", "kw", "then", "modes", "pick", "upto", "up_to", "meal", "this", "kind",
                       "name", "zone", "enters_atk", "unless", "more_if", "more_n", "more_pick", "from", "min_atk"}
EFFECT_KEYS: Final = {"do", "n", "target", "token", "atk", "def", "kw", "kind"}
DECK_KEYS: Final = {"name", "leader", "basis", "main", "evolve"}
X: Final = -1  # an effect's n written X (5.2.1.2): the card's X
X_KINDS: Final = ("chosen", "hand")  # X said when the card is used (5.2.1.2.2), or the cards in its player's hand


class Effect:
    """One instruction of an ability (10.6.2.7.2): never changed once loaded."""

    __slots__ = ("op", "n", "target", "token", "atk", "dfn", "kw", "kind")

    def __init__(self, op: str, n: int, target: str, token: str, atk: int, dfn: int, kw: int, kind: str = ""):
        self.op = op
        self.n = n
        self.target = target
        self.token = token
        self.atk = atk
        self.dfn = dfn
        self.kw = kw
        self.kind = kind  # the kind a card becomes (变为, 5.24.1)


class Ability:
    """An ability of a card (10.1.1): its timing, condition, costs and effects."""

    __slots__ = ("on", "cond", "cond_n", "cost", "tap", "quick", "rite", "effects", "chosen", "per_turn", "modes",
                 "pick", "upto", "up_to", "meal", "this", "named", "zone", "enters_atk", "unless", "more_if", "more_n",
                 "more_pick", "from_zone", "min_atk")

    def __init__(self, on: str, cond: str, cond_n: int, cost: int, tap: bool, quick: bool, rite: bool,
                 effects: tuple[Effect, ...], per_turn: int = 0, modes: tuple[tuple[Effect, ...], ...] = (),
                 pick: int = 1, upto: bool = False, up_to: int = 0, meal: int = 0, this: str = "", named: str = "",
                 zone: str = "field", enters_atk: int = 0, unless: str = "", more: tuple[str, int, int] = ("", 0, 0),
                 from_zone: str = "", min_atk: int = 0):
        self.on = on
        self.cond = cond
        self.cond_n = cond_n
        self.cost = cost
        self.tap = tap
        self.quick = quick
        self.rite = rite
        self.effects = effects
        chosen = [e.target for e in (*effects, *(e for m in modes for e in m)) if e.target in CHOSEN]
        self.chosen = chosen[0] if chosen else ""  # the one target its player chooses (10.6.2.3)
        self.per_turn = per_turn  # 每回合 n 次 (10.7.2.2); 0: no limit
        self.modes = modes  # the options of a choose 抉择 (5.17.1.1), in their printed order
        self.pick = pick  # how many options are chosen (5.17.1) …
        self.upto = upto  # … or at most that many, one at least (最多抉择, 5.17.2)
        self.up_to = up_to  # its target: "up to n" of them, chosen one at a time (10.6.2.3.2); 0: one
        self.meal = meal  # a 用餐 ability: n meals are part of its cost (14.2.2.3); 0: none
        self.this = this  # the kind its text names its card by (这个随从, 5.24.3.1), or ""
        self.named = named  # the name of 『name』 its condition refers to (2.1.2)
        self.zone = zone  # the zone a constant ability works in: the field, or the hand (10.3.4)
        self.enters_atk = enters_atk  # ally_enters: only for a follower of this attack or more entering (10.9.3.1)
        self.unless = unless  # a condition under which its effects are invalid (10.3.2), or ""
        # a condition (with its n) under which its choose takes more_pick options instead (5.17.3.1)
        self.more_if, self.more_n, self.more_pick = more
        self.from_zone = from_zone  # a fanfare only for entering the field from this zone (5.4.3), or ""
        self.min_atk = min_atk  # a constant ability on followers of this attack or more only (10.9.1.5), or 0


@cites("5.17.1", "5.17.2", "10.6.2.2.3")
def mode_choices(a: Ability, pick: int = 0) -> list[int]:
    """The sets of options a choose may take, as bit masks: ``pick`` of them (the ability's
    own unless told), or from one to ``pick`` for 最多抉择 (5.17.2); [0] for an ability
    without options."""
    if not a.modes:
        return [0]
    pick = pick or a.pick
    sizes = range(1, pick + 1) if a.upto else range(pick, pick + 1)
    return [m for m in range(1, 1 << len(a.modes)) if bin(m).count("1") in sizes]


def pick_rule(abilities: tuple[Ability, ...]) -> Ability | None:
    """The card's spell choose whose number of options depends on a condition, if any."""
    for a in abilities:
        if a.on == "spell" and a.more_if:
            return a
    return None


def spell_modes(abilities: tuple[Ability, ...]) -> list[int]:
    """The option sets of a card's spell text (its one choose), or [0]."""
    for a in abilities:
        if a.on == "spell" and a.modes:
            return mode_choices(a)
    return [0]


class CardDef:
    """A card's printed information (chapter 2), never changed once loaded."""

    __slots__ = ("number", "name", "cls", "theme", "kind", "token", "cost", "attack", "defense", "keywords",
                 "abilities", "evolve_cost", "index", "rite", "activated", "by_timing", "follower", "modes",
                 "collab", "copies", "names", "x", "constants", "hand_constants", "pick_rule",
                 "alt", "min_atk")

    def __init__(self, number: str, name: str, cls: str, theme: str, kind: str, token: bool, cost: int,
                 attack: int, defense: int, keywords: int, abilities: tuple[Ability, ...], evolve_cost: int,
                 index: int, collab: str = "", copies: int = 3, x: str = ""):
        self.number = number
        self.name = name
        self.cls = cls
        self.theme = theme
        self.kind = kind
        self.token = token
        self.cost = cost
        self.attack = attack
        self.defense = defense
        self.keywords = keywords
        self.abilities = abilities
        self.evolve_cost = evolve_cost  # the play-point cost of its evolve ability (12.2); -1: none
        self.index = index  # its place in the pool: zones hold these numbers
        self.collab = collab  # its collaboration name (联动名称, 2.14.1), or ""
        self.names = (name, collab) if collab else (name,)  # what a 『name』 may refer to (2.14.2)
        self.copies = copies  # how many of its name a deck may hold: 3 (6.1.1.4) unless its text says (6.1.2)
        self.x = x  # how its X is decided (:data:`X_KINDS`), or "": it has none
        self.follower = kind == "follower"
        self.modes = spell_modes(abilities)  # the option sets its player may choose when using it (5.17)
        self.pick_rule = pick_rule(abilities)  # … unless a condition sets how many (5.17.3.1)
        self.rite = any(a.rite for a in abilities)  # has an earth rite (13.3.3)
        self.activated = tuple(i for i, a in enumerate(abilities) if a.on == "activated")
        # the effects of its constant abilities on the field (with the least attack of the followers
        # they change, or 0); those working in the hand (10.3.4)
        self.constants = tuple(e for a in abilities if a.on == "constant" and a.zone == "field" for e in a.effects)
        self.min_atk = max((a.min_atk for a in abilities if a.on == "constant"), default=0)
        self.hand_constants = tuple(a for a in abilities if a.on == "constant" and a.zone == "hand")
        self.alt = any(e.op == "alt_cost" for a in self.hand_constants for e in a.effects)  # another cost it may pay
        timings: dict[str, list[int]] = {}
        for i, a in enumerate(abilities):
            timings.setdefault(a.on, []).append(i)
        self.by_timing = {on: tuple(indexes) for on, indexes in timings.items()}

    def on(self, timing: str) -> tuple[int, ...]:
        """The indexes of its abilities of one timing (a tuple: asked at every trigger
        timing, of cards that mostly have none, it makes nothing)."""
        return self.by_timing.get(timing, ())

    def __repr__(self) -> str:
        return f"{self.number} {self.name}"


class Deck:
    """A player's cards (6.1.1): one leader, the main deck and the evolve deck, by pool index."""

    __slots__ = ("name", "leader", "basis", "main", "evolve")

    def __init__(self, name: str, leader: int, basis: str, main: tuple[int, ...], evolve: tuple[int, ...]):
        self.name = name
        self.leader = leader
        self.basis = basis  # "class" or "theme" (6.1.1.5, 6.2.1.3)
        self.main = main
        self.evolve = evolve

    def to_json(self) -> dict:
        pool = load_pool()
        return {"name": self.name, "leader": pool.cards[self.leader].number, "basis": self.basis,
                "main": _counts(pool, self.main), "evolve": _counts(pool, self.evolve)}


def _counts(pool: "Pool", cards: tuple[int, ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in sorted(cards):
        number = pool.cards[c].number
        out[number] = out.get(number, 0) + 1
    return out


class Pool:
    """Every card of the pool, by index and by number: the shipped cards, then those a judge's
    position describes (``cards:``), which the next position replaces."""

    __slots__ = ("cards", "by_number", "tokens", "shipped")

    def __init__(self, cards: list[CardDef]):
        self.cards = cards
        self.by_number = {c.number: c for c in cards}
        self.tokens = {c.name: c for c in cards if c.token}
        self.shipped = len(cards)

    def use_position_cards(self, data: list) -> list[CardDef]:
        """The cards a position describes (``cards``, written as the pool's data), checked as
        the pool's are, put after the shipped ones in place of an earlier position's. An
        error begins with the card's place: ``cards[0]: card X-1: keywords: …``."""
        for c in self.cards[self.shipped:]:
            del self.by_number[c.number]
            self.tokens.pop(c.name, None)
        del self.cards[self.shipped:]
        added = [_card(d, Path(f"cards[{i}]"), self.shipped + i) for i, d in enumerate(data)]
        for i, c in enumerate(added):
            if c.number in self.by_number:
                raise CardDataError(f"cards[{i}]: card {c.number}: number: another card of the pool or of the "
                                    "position has it")
            self.cards.append(c)
            self.by_number[c.number] = c
            if c.token:
                self.tokens[c.name] = c
        for i, c in enumerate(added):
            for a in c.abilities:
                for e in a.effects:
                    if e.token and e.token not in self.tokens:
                        raise CardDataError(f"cards[{i}]: card {c.number}: unknown token {e.token!r}")
        return added


# ---------------------------------------------------------------- loading


def _effect(data: dict, where: str) -> Effect:
    op = choice(data.get("do"), EFFECTS, f"{where}.do")
    if op == "move_counters":
        raise CardDataError(f"{where}.do: 'move_counters' is the ability every stack card has (13.3.2.2)")
    target = choice(data.get("target", "self" if op == "stack" else "none"), TARGETS, f"{where}.target")
    if op in UNIT_EFFECTS and target == "none":
        raise CardDataError(f"{where}.target: effect {op!r} needs a target")
    kw = 0
    if "kw" in data:
        kw = KEYWORDS.get(str(data["kw"]), 0)
        if not kw:
            raise CardDataError(f"{where}.kw: unknown keyword {data['kw']!r}")
    if op == "delay" and target not in CHOSEN:
        raise CardDataError(f"{where}.target: a delayed trigger is about the chosen card")
    if op == "give" and not kw:
        raise CardDataError(f"{where}.kw: effect 'give' needs a keyword")
    token = str(data.get("token", ""))
    if op in ("summon", "token_ex") and not token:
        raise CardDataError(f"{where}.token: effect {op!r} needs a token name")
    # a card becomes an amulet (an amulet become a follower would have no attack or defense: 5.24.2)
    kind = choice(data["kind"], ("amulet",), f"{where}.kind") if "kind" in data else ""
    if (op == "become") != bool(kind):
        raise CardDataError(f"{where}.kind: the kind a card becomes, for effect 'become' only")
    n = X if data.get("n") == "X" else integer(data.get("n", 1), f"{where}.n")
    return Effect(op, n, target, token,
                  integer(data.get("atk", 0), f"{where}.atk", -20), integer(data.get("def", 0), f"{where}.def", -20),
                  kw,
                  kind)


@cites("10.1.1", "10.1.1.1", "10.1.1.1.1", "10.1.1.2", "10.1.1.2.1", "10.1.1.2.1.1", "10.1.1.3",
       "10.1.1.3.1", "10.1.1.4", "2.6.1")
def _ability(data: Any, where: str) -> Ability:
    data = closed(data, ABILITY_KEYS, where)
    on = choice(data.get("when"), TIMINGS, f"{where}.when")
    modes = _modes(data, on, where)
    first = () if modes else (_effect({k: v for k, v in data.items() if k in EFFECT_KEYS}, where),)
    rest = data.get("then", [])
    if not isinstance(rest, list):
        raise CardDataError(f"{where}.then: expected a list of effects")
    effects = (*first, *(_effect(closed(e, EFFECT_KEYS, f"{where}.then[{i}]"), f"{where}.then[{i}]")
                         for i, e in enumerate(rest)))
    if any(e.op not in CONSTANT_OPS if on == "constant" else e.op in CONSTANT_OPS and e.op != "buff" for e in effects):
        raise CardDataError(f"{where}.do: a constant ability does one of {', '.join(CONSTANT_OPS)}; "
                            "no other ability does one of them but buff")
    if "min_atk" in data and (on != "constant" or any(e.op != "buff" or e.atk for e in effects)):
        raise CardDataError(f"{where}.min_atk: for a constant ability changing the defense of followers of some attack")
    chosen = {e.target for e in (*effects, *(e for m in modes for e in m)) if e.target in CHOSEN}
    if len(chosen) > 1:
        raise CardDataError(f"{where}: one ability chooses one target, not {sorted(chosen)}")
    cond = choice(data.get("if", ""), ("", *CONDITIONS), f"{where}.if") if "if" in data else ""
    up_to = integer(data.get("up_to", 0), f"{where}.up_to")
    if (up_to > 0) != bool(chosen) and ("up_to" in data or any(e.op == "split_damage" for e in effects)):
        raise CardDataError(f"{where}.up_to: 'up to n' targets (and 'split_damage') need a target chosen (10.6.2.3.2)")
    return Ability(on, cond, integer(data.get("if_n", 0), f"{where}.if_n"),
                   integer(data.get("cost", 0), f"{where}.cost"),
                   boolean(data.get("tap", False), f"{where}.tap"), boolean(data.get("quick", False), f"{where}.quick"),
                   boolean(data.get("rite", False), f"{where}.rite"),
                   effects, integer(data.get("per_turn", 0), f"{where}.per_turn"), modes,
                   integer(data.get("pick", 1), f"{where}.pick", 1), boolean(data.get("upto", False), f"{where}.upto"),
                   up_to,
                   _meal(data, on, where),
                   choice(data["this"], ("follower", "amulet"), f"{where}.this") if "this" in data else "",
                   _named(data, cond, where), choice(data.get("zone", "field"), ("field", "hand"), f"{where}.zone"),
                   integer(data.get("enters_atk", 0), f"{where}.enters_atk"),
                   choice(data["unless"], CONDITIONS, f"{where}.unless") if "unless" in data else "",
                   _more(data, modes, where),
                   choice(data["from"], ("hand", "ex", "deck"), f"{where}.from") if "from" in data else "",
                   integer(data.get("min_atk", 0), f"{where}.min_atk"))


@cites("14.2.2.1", "14.2.2.3")
def _meal(data: dict, on: str, where: str) -> int:
    """A 用餐 ability: an activated ability whose cost includes n meals (its icons)."""
    n = integer(data.get("meal", 0), f"{where}.meal")
    if n and on != "activated":
        raise CardDataError(f"{where}.meal: only an activated ability has a meal in its cost (14.2.2.1)")
    return n


def _more(data: dict, modes: tuple, where: str) -> tuple[str, int, int]:
    """A condition under which the choose takes another number of options: (condition, n, options)."""
    if "more_if" not in data:
        return ("", 0, 0)
    more = choice(data["more_if"], ("spellchain", "necrocharge"), f"{where}.more_if")
    pick = integer(data.get("more_pick", 0), f"{where}.more_pick", 1)
    if not modes or pick > len(modes) or (pick == len(modes) and not data.get("upto", False)):
        raise CardDataError(f"{where}.more_pick: {pick} options to choose of {len(modes)}")
    return (more, integer(data.get("more_n", 0), f"{where}.more_n"), pick)


def _named(data: dict, cond: str, where: str) -> str:
    """The 『name』 a ``named`` condition refers to."""
    named = str(data.get("name", ""))
    if (cond == "named") != bool(named):
        raise CardDataError(f"{where}.name: the name of 『name』, for the condition 'named' only")
    return named


@cites("5.17.1", "5.17.1.1")
def _modes(data: dict, on: str, where: str) -> tuple[tuple[Effect, ...], ...]:
    """The options of a choose (抉择): each a list of effects, in their printed order; only
    a spell's text chooses here (its player chooses when using it: 10.6.2.2.3)."""
    if "modes" not in data:
        return ()
    raw = data["modes"]
    if on != "spell" or "do" in data or not isinstance(raw, list) or len(raw) < 2:
        raise CardDataError(f"{where}.modes: a spell's choose lists two options or more, instead of 'do'")
    out = []
    for i, mode in enumerate(raw):
        if not isinstance(mode, list) or not mode:
            raise CardDataError(f"{where}.modes[{i}]: expected a list of effects")
        out.append(tuple(_effect(closed(e, EFFECT_KEYS, f"{where}.modes[{i}][{k}]"), f"{where}.modes[{i}][{k}]")
                         for k, e in enumerate(mode)))
    pick = integer(data.get("pick", 1), f"{where}.pick", 1)
    if pick > len(out) or (pick == len(out) and not data.get("upto", False)):
        raise CardDataError(f"{where}.pick: {pick} options to choose of {len(out)}")
    return tuple(out)


@cites("13.3.2.2", "10.4.6", "13.3.2.1", "13.3.2.2.p3")
def stack_move() -> Ability:
    """The activated ability every stack card has: tap it to move all its stack counters to
    another stack amulet of yours (13.3.2.2; its cost icon, lost from the text, read as the
    tap cost of 10.4.6)."""
    return Ability("activated", "", 0, 0, True, False, False,
                   (Effect("move_counters", 0, "other_stack_amulet", "", 0, 0, 0),))


@cites("12.1.2")
def each_timing(data: Any) -> list[Any]:
    """An ability written with several keyword timings before one text (入场曲 谢幕曲：…):
    one ability for each timing, with that text."""
    if isinstance(data, dict) and isinstance(data.get("when"), list):
        return [{**data, "when": when} for when in data["when"]]
    return [data]


@cites("2.1.1", "2.2.1", "2.2.3", "2.3.1", "2.3.2", "2.3.2.1", "2.3.2.2", "2.3.2.3", "2.3.2.4", "2.3.3", "2.3.3.1",
       "2.4.1", "2.5.1", "2.7.1", "2.8.1", "2.13.2", "9.1.2.3", "12.1.1", "2.14.1")
def _card(data: Any, path: Path, index: int) -> CardDef:
    number = str(data.get("number", f"#{index + 1}")) if isinstance(data, dict) else f"#{index + 1}"
    where = card_where(path, number)
    data = closed(data, CARD_KEYS, where)
    for key in ("number", "name", "class", "kind"):
        if key not in data:
            raise CardDataError(f"{at(where, key)}: missing")
    kind = choice(data["kind"], KINDS, at(where, "kind"))
    cls = choice(data["class"], CLASSES, at(where, "class"))
    kws = data.get("keywords", [])
    if not isinstance(kws, list):
        raise CardDataError(f"{at(where, 'keywords')}: expected a list")
    bits = 0
    for k in kws:
        if k not in KEYWORDS:
            raise CardDataError(f"{at(where, 'keywords')}: unknown keyword {k!r}")
        bits |= KEYWORDS[k]
    abilities = data.get("abilities", [])
    if not isinstance(abilities, list):
        raise CardDataError(f"{at(where, 'abilities')}: expected a list")
    parsed = tuple(_ability(a, at(where, f"abilities[{i}]")) for i, data in enumerate(abilities)
                   for a in each_timing(data))
    if bits & STACK:
        parsed += (stack_move(),)
    x = _x(data, parsed, where)
    fighter = kind in ("follower", "evolved")
    if fighter and ("attack" not in data or "defense" not in data):
        raise CardDataError(f"{at(where, 'attack')}: a follower needs attack and defense")
    return CardDef(str(data["number"]), str(data["name"]), cls, str(data.get("theme", "")), kind,
                   boolean(data.get("token", False), at(where, "token")),
                   0 if x == "chosen" else integer(data.get("cost", 0), at(where, "cost")),
                   integer(data.get("attack", 0), at(where, "attack")),
                   integer(data.get("defense", 0), at(where, "defense")), bits,
                   parsed,
                   integer(data["evolve"], at(where, "evolve")) if "evolve" in data else -1, index,
                   str(data.get("collab", "")), integer(data.get("copies", 3), at(where, "copies"), 1), x)


@cites("5.2.1.2", "5.2.1.2.1", "5.2.1.2.2")
def _x(data: dict, abilities: tuple[Ability, ...], where: str) -> str:
    """How the card's X is decided: a spell costing X says it when used (``cost: X``), or
    its text fixes it (``x: hand``); an effect of ``n: X`` needs one, and X needs such an effect."""
    x = "chosen" if data.get("cost") == "X" else choice(data["x"], X_KINDS, at(where, "x")) if "x" in data else ""
    uses = any(e.n == X for a in abilities for e in a.effects)
    if bool(x) != uses or (x == "chosen" and (data.get("kind") != "spell" or "x" in data)):
        raise CardDataError(f"{at(where, 'x')}: an X (a spell's cost X, or x: hand) and effects of n: X "
                            "go together")
    return x


def read_pool(path: Path) -> Pool:
    """The pool in one YAML file; every problem is one line naming the file, card and key."""
    cards = numbered([_card(c, path, i) for i, c in enumerate(listed(path, "cards", str(path)))], str(path))
    pool = Pool(cards)
    for c in cards:
        for i, a in enumerate(c.abilities):
            for effect in a.effects:
                if effect.token and effect.token not in pool.tokens:
                    raise CardDataError(f"{card_where(path, c.number)}: abilities[{i}]: unknown token {effect.token!r}")
    return pool


@functools.cache
def load_pool() -> Pool:
    """The test card pool (data/cards.yaml), read once."""
    return read_pool(data_path(__package__, "cards.yaml"))


# ---------------------------------------------------------------- decks


def deck_from_data(data: Any, where: str = "deck") -> Deck:
    """A deck from ``{name, leader, basis, main: {number: copies}, evolve: {…}}``, checked (6.1)."""
    pool = load_pool()
    data = closed(data, DECK_KEYS, where)
    leader = pool.by_number.get(str(data.get("leader")))
    if leader is None:
        raise CardDataError(f"{where}: leader: unknown card {data.get('leader')!r}")

    def cards(key: str) -> tuple[int, ...]:
        counts = read_copies(data.get(key) or {}, pool.by_number, key, where)
        return tuple(pool.by_number[number].index for number, copies in counts for _ in range(copies))

    deck = Deck(str(data.get("name", "")), leader.index, str(data.get("basis", "class")), cards("main"),
                cards("evolve"))
    problem = deck_problem(deck)
    if problem:
        raise CardDataError(f"{where}: {problem}")
    return deck


@cites("6.1.1", "6.1.1.1", "6.1.1.2", "6.1.1.3", "6.1.1.4", "6.2.1.1.1", "6.1.2")
def deck_problem(deck: Deck) -> str:
    """What makes the deck illegal (6.1.1), or "". A card's ability may allow more copies of
    it than three, replacing 6.1.1.4 (6.1.2: an ability of deck building only, with no
    effect once the game begins)."""
    pool = load_pool().cards
    if pool[deck.leader].kind != "leader":
        return f"leader: {pool[deck.leader]} is not a leader card (6.1.1.1)"
    if not 40 <= len(deck.main) <= 50:
        return f"main: {len(deck.main)} cards; a main deck holds 40 to 50 (6.1.1.2)"
    for c in deck.main:
        card = pool[c]
        if card.kind in ("leader", "evolved") or card.token:
            return f"main: {card} may not be in a main deck (6.1.1.2)"
    if len(deck.evolve) > 10:
        return f"evolve: {len(deck.evolve)} cards; an evolve deck holds 0 to 10 (6.1.1.3)"
    for c in deck.evolve:
        if pool[c].kind != "evolved" or pool[c].token:
            return f"evolve: {pool[c]} is not an evolve card (6.1.1.3)"
    for part, cards in (("main", deck.main), ("evolve", deck.evolve)):
        names: dict[str, int] = {}
        for c in cards:
            names[pool[c].name] = names.get(pool[c].name, 0) + 1
            if names[pool[c].name] > pool[c].copies:
                return f"{part}: more than {pool[c].copies} cards named {pool[c].name} " + \
                    ("(6.1.2)" if pool[c].copies != 3 else "(6.1.1.4)")
    return basis_problem(deck)


@cites("6.1.1.5", "6.1.1.5.1", "6.1.1.5.2", "6.2.1.3")
def basis_problem(deck: Deck) -> str:
    """The deck keeps to its declared basis, class or theme (6.1.1.5), or ""."""
    pool = load_pool().cards
    leader = pool[deck.leader]
    everything = deck.main + deck.evolve
    if deck.basis == "class":
        for c in everything:
            if pool[c].cls not in ("neutral", leader.cls):
                return f"{pool[c]} is of class {pool[c].cls}, not {leader.cls} or neutral (6.1.1.5.1)"
        return ""
    if deck.basis == "theme":
        for c in (deck.leader, *everything):
            if not pool[c].theme or pool[c].theme != leader.theme:
                return f"{pool[c]} is not of the leader's theme {leader.theme!r} (6.1.1.5.2)"
        return ""
    return f"basis: {deck.basis!r} is neither 'class' nor 'theme' (6.2.1.3)"


def read_deck(path: Path) -> Deck:
    return deck_from_data(read_file(path), str(path))


DECKS: Final = ("a-forest", "b-sword", "c-rune", "d-dragon", "e-abyss", "f-haven")


def test_decks() -> list[Deck]:
    """Every test deck (data/decks/), in file name order: forest, sword, rune, dragon, abyss, haven."""
    return [read_deck(data_path(__package__, f"decks/{n}.yaml")) for n in DECKS]


def default_decks() -> list[Deck]:
    """The two decks of random play and the benchmark: forest and sword."""
    return test_decks()[:2]
