"""Cards as data: the test card pool and decks in YAML, checked strictly on load.

A card (chapter 3) has a number (314), a name (301), a kind (302: ``character`` 角色牌,
``equip`` 装备牌, ``tactic`` 战术牌, ``event`` 事件牌), a colour (304: red, yellow, blue,
green, white, black, purple), a total ``cost`` and the ``colored`` part of it (303), character
names ``chars`` (305) and attributes ``attrs`` (306), ``atk``/``def`` (308, 309) for characters,
``atk``/``def`` bonuses for equipment (310), ``speed`` ``instant`` for an instant tactic (311),
``keywords`` of section 900 (``突袭``; with a value: ``战斗连协 海贼``, ``查克拉 2``, ``变身 2 孙悟空``),
a ``blade`` (斩魄刀名, 900.k37) and ``abilities``.

An ability has a timing ``when`` (chapter 8 and 7): ``enter`` 【登场时】 801, ``destroyed``
【破坏时】 802, ``battle_destroyed``/``attack_destroyed``/``defend_destroyed`` 803,
``battle_won``/``attack_won``/``defend_won`` 804, ``attack`` 【攻击时】 805, ``defend``
【防御时】 806, ``turn_start``/``own_turn_start``/``opp_turn_start`` 807, ``turn_end``/
``own_turn_end``/``opp_turn_end`` 808, ``battle_set``/``attack_battle_set``/
``defend_battle_set`` 810, ``field_to_rest``/``to_rest`` 811, ``life_hit`` (攻击生命区成功时,
504), ``counter`` 反击特效 (312, 704), ``play`` (a tactic's text, 320), ``activated`` (703:
``cost`` resources, ``tap`` 横置) and ``constant`` (701, with ``during: own_turn``/``opp_turn``
for 【我方回合中】/【对方回合中】 809), ``charge`` (聚气's effect, 900.k14), ``hero_call`` (英雄呼唤,
900.k25), ``as_enter`` (于此牌登场时: ``tap`` it, done as it enters, 801.p4; ``copy``: it enters as a copy of its
object, 706.p6), ``released`` (【刀剑解放成功时】/【归刃成功时】), ``to_resource`` (on entering the resource area:
奥丁蓝宝石, 守护星座) and ``resource_start`` (通灵). ``need`` names the keyword whose condition gives the
ability (:data:`NEEDS`: 专用, 奥丁之力, 解放形态, 变身形态). ``lv`` gates it on the level (307.p2, 600.p7); ``may``
makes a trigger optional (702.p2); ``pay: discard`` is a trigger's cost (702.p8), ``pay: self``
废弃此牌 (咒印). What it does
is ``do`` (:data:`EFFECTS`) with ``n``, ``target`` (:data:`TARGETS`), ``atk``, ``def``.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Final

from ..cardfile import (CardDataError, at, boolean, card_where, choice, closed, data_path, integer, listed, numbered,
                        read_copies, read_file)
from .rules import cites

KINDS: Final = ("character", "equip", "tactic", "event")
COLORS: Final = ("red", "yellow", "blue", "green", "white", "black", "purple")
PURPLE: Final = 6
COLORLESS: Final = -1  # a token whose effect names no colour (325.p4)
# Keywords of section 900 that the engine plays, by name; those with a value take a number or a name.
KEYWORDS: Final = ("突袭", "迟缓", "独行客", "守备", "智谋", "远程", "速攻", "先制", "贯通", "会心一击", "神速",
                   "坚韧", "战斗连协", "忍法奥义", "查克拉", "肆意横行", "超人系果实", "自然系果实", "灵压",
                   "变种之血", "超级赛亚人", "专用", "形态转换", "动物系果实", "变身", "高速换装", "虚伪生命", "通灵",
                   "守护星座", "奥丁蓝宝石", "咒印", "刀剑解放", "归刃")
# The keywords written on the card with a value: a name (战斗连协【海贼】), a number, or a cost and a name
# ((2) 变身：孙悟空 as "变身 2 孙悟空").
VALUED: Final = {"战斗连协": "name", "忍法奥义": "int", "查克拉": "int", "肆意横行": "int", "专用": "name",
                 "形态转换": "name", "变身": "cost_name", "高速换装": "cost_name", "虚伪生命": "int", "通灵": "name",
                 "守护星座": "name"}
TIMINGS: Final = ("enter", "destroyed", "battle_destroyed", "attack_destroyed", "defend_destroyed", "battle_won",
                  "attack_won", "defend_won", "attack", "defend", "turn_start", "own_turn_start", "opp_turn_start",
                  "turn_end", "own_turn_end", "opp_turn_end", "battle_set", "attack_battle_set",
                  "defend_battle_set", "field_to_rest", "to_rest", "life_hit", "counter", "play", "activated",
                  "constant", "mutant", "dimension_up", "charge", "hero_call", "released", "to_resource", "resource_start",
                  "as_enter")
# Conditions of an ability (the keyword that gives it): 专用 (900.k17), 奥丁之力 (900.k21), 解放形态
# (900.k40), 变身形态 (900.k20), and 战斗时 (in battle, 504.p4).
NEEDS: Final = ("", "exclusive", "odin", "released", "transformed", "battle")
EFFECTS: Final = ("draw", "damage", "destroy", "buff", "tap", "untap", "bounce", "heal", "life_add",
                  "life_damage", "mill", "untap_resources", "cancel", "end_turn", "discard_life", "lock", "scry",
                  "discard", "mill_upto", "silence", "token", "duel", "prevent", "charge", "bankai", "seal", "constellation",
                   "summon", "leave_battle", "swap", "unblockable", "recover", "put_under", "transform_onto",
                   "must_attack", "must_defend", "attack_cost", "untargetable", "set_atk", "silence_enemies", "rename", "add_attr", "set_attr", "declare_remove", "draw_half", "mill_rampage",
                  "exclusive", "double_damage", "put_equip", "find_colors", "move_counter", "remove_level",
                  "per_hand", "hand_attack_damage", "hand_to_bottom", "ramp", "borrow",
                  "life_damage_all", "use_hand", "sacrifice", "look_pick", "copy", "take_control")
# What a constant ability does to its card: change its attack and defense; it cannot be defended against
# (502.p1); it must attack or defend if it can (405.1.p5, 502.p5); attacking with it costs n more (405.1.p4);
# it cannot be an effect's object (705.p5).
# 所有角色牌的（攻）变为 n (701.p3); 对方所有角色牌失去效果 (701.p5); 此牌专用成立 (900.k16.p4); 当一张角色牌将要受到
# 伤害时，改为其受到 2 倍的伤害 (707.p2); 此牌的（攻）（防）等同于我方手牌数 × atk/def (308.p4, 309.p5).
CONSTANT: Final = ("buff", "unblockable", "must_attack", "must_defend", "attack_cost", "untargetable", "set_atk",
                   "silence_enemies", "exclusive", "double_damage", "per_hand")
# Targets chosen when the ability goes on the chain (705.p1), and those its text fixes.
# enemy_cheap: an opposing character whose cost is n or less; enemy_named: one named ``card`` ({A}, 301.p2);
# own_attrs: one of ours with every attribute ``card`` names, space-separated (『A』『B』, 306.p5).
CHOSEN: Final = ("enemy_char", "own_char", "any_char", "enemy_tapped", "chain", "own_equip", "any_card",
                 "enemy_cheap", "enemy_named", "own_attrs")
FIXED: Final = ("none", "self", "opponent", "own")
TARGETS: Final = CHOSEN + FIXED
DURING: Final = ("", "own_turn", "opp_turn")

CARD_KEYS: Final = {"number", "name", "kind", "color", "cost", "colored", "chars", "attrs", "atk", "def", "speed",
                    "keywords", "abilities", "token", "blade", "equip_to", "enemy_equip", "x"}
ABILITY_KEYS: Final = {"when", "do", "n", "target", "atk", "def", "lv", "may", "pay", "cost", "tap", "during", "card",
                       "need", "once", "if_life"}
DECK_KEYS: Final = {"name", "cards"}
DECK_SIZE: Final = 50
BIGGEST: Final = 1_000_000  # no attack, defense or change of them is larger
COPIES: Final = 4


class Ability:
    """One ability of a card (700.p6: each paragraph of its text is one): never changed once loaded."""

    __slots__ = ("when", "do", "n", "target", "atk", "dfn", "lv", "may", "pay", "cost", "tap", "during", "card",
                 "need", "once", "if_life")

    def __init__(self, when: str, do: str, n: int, target: str, atk: int, dfn: int, lv: int, may: bool, pay: str,
                 cost: int, tap: bool, during: str, card: str = "", need: str = "", once: bool = False,
                 if_life: int = 0) -> None:
        self.when = when
        self.do = do
        self.n = n
        self.target = target
        self.atk = atk
        self.dfn = dfn
        self.lv = lv
        self.may = may
        self.pay = pay
        self.cost = cost
        self.tap = tap
        self.during = during
        self.card = card  # the token an effect puts into play (325.p1), by number; a keyword's value
        self.need = need  # the condition that gives it (NEEDS)
        self.once = once  # an activated ability usable once a turn (703.p4)
        self.if_life = if_life  # 若使用时我方生命区为 if_life 张或以下，改为 2 倍: a replacement with a condition (707.p4)

    def with_n(self, n: int) -> Ability:
        """The same ability with another amount (made anew: a compiled object has no copy.copy)."""
        return Ability(self.when, self.do, n, self.target, self.atk, self.dfn, self.lv, self.may, self.pay, self.cost,
                       self.tap, self.during, self.card, self.need, self.once, self.if_life)


class CardDef:
    """A card as printed (chapter 3)."""

    __slots__ = ("index", "number", "name", "kind", "color", "cost", "colored", "chars", "attrs", "atk", "dfn",
                 "instant", "keywords", "values", "abilities", "token", "blade", "equip_to", "enemy_equip", "x")

    def __init__(self, index: int, number: str, name: str, kind: str, color: int, cost: int, colored: int,
                 chars: tuple[str, ...], attrs: tuple[str, ...], atk: int, dfn: int, instant: bool,
                 keywords: tuple[str, ...], values: tuple[str, ...], abilities: tuple[Ability, ...],
                 token: bool = False, blade: str = "", equip_to: str = "",
                 enemy_equip: bool = False, x: bool = False) -> None:
        self.index = index
        self.number = number
        self.name = name
        self.kind = kind
        self.color = color
        self.cost = cost
        self.colored = colored
        self.chars = chars
        self.attrs = attrs
        self.atk = atk
        self.dfn = dfn
        self.instant = instant
        self.keywords = keywords  # one entry per instance: a card may have a keyword twice (900.k3.p3)
        self.values = values  # the value of each keyword ("" when it takes none)
        self.abilities = abilities
        self.token = token  # 代替物: made by an effect, never in a deck (325)
        self.blade = blade  # 斩魄刀名 (900.k37)
        self.equip_to = equip_to  # equipment: the attribute a character needs to carry it (装备条件, 319.p10), or ""
        self.enemy_equip = enemy_equip  # equipment that equips the other player's character (319.p8)
        self.x = x  # its cost is ``cost`` + X, X chosen as it is used and read by its effects' ``n`` (303.p6)

    def value(self, keyword: str) -> str:
        """The value of a keyword it has ("" if none)."""
        for i, k in enumerate(self.keywords):  # a loop: compiled, no generator or zip object made
            if k == keyword:
                return self.values[i]
        return ""

    def __repr__(self) -> str:
        return f"{self.number} {self.name}"


class Pool:
    def __init__(self, cards: list[CardDef]) -> None:
        self.cards = cards
        self.by_number = {c.number: c for c in cards}
        first: dict[tuple, int] = {}
        # By card index, the first index of the same card (同一张牌, 327.p1): compared as a number,
        # since the key of everything printed is long to make and to compare.
        self.same = [first.setdefault(same_card_key(c), c.index) for c in cards]


class Deck:
    """A deck of 50 cards (100.p2), card indexes of the pool."""

    def __init__(self, name: str, cards: tuple[int, ...]) -> None:
        self.name = name
        self.cards = cards
        self.checked: str | None = None  # its problem() once asked (its cards never change)

    def problem(self) -> str:
        """:func:`deck_problem` of its cards, worked out once: every game begins by asking."""
        if self.checked is None:
            self.checked = deck_problem(self.cards)
        return self.checked

    def to_json(self) -> dict:
        pool = load_pool().cards
        counts: dict[str, int] = {}
        for c in self.cards:
            counts[pool[c].number] = counts.get(pool[c].number, 0) + 1
        return {"name": self.name, "cards": counts}






def _names(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(x, str) and x for x in value):
        raise CardDataError(f"{where}: expected a list of names")
    return tuple(value)


def _ability(data: Any, kind: str, where: str) -> Ability:
    data = closed(data, ABILITY_KEYS, where, "an ability")
    when = choice(data.get("when"), TIMINGS, f"{where}: when")
    do = choice(data.get("do", "buff" if when == "constant" else None), EFFECTS, f"{where}: do")
    if when == "counter" and kind not in ("tactic", "event"):
        raise CardDataError(f"{where}: only tactic and event cards have a counter effect (704.p2)")
    if when == "play" and kind != "tactic":
        raise CardDataError(f"{where}: only a tactic's text resolves when it is played (320.p4)")
    if when == "as_enter" and do not in ("tap", "copy"):
        raise CardDataError(f"{where}: 于此牌登场时 here taps the card (801.p4) or makes it a copy (706.p6)")
    if when == "constant" and do not in CONSTANT:
        raise CardDataError(f"{where}: a constant ability here is one of {', '.join(CONSTANT)}")
    return Ability(when, do, integer(data.get("n", 0), f"{where}: n"),
                   choice(data.get("target", "none"), TARGETS, f"{where}: target"),
                   _signed(data.get("atk", 0), f"{where}: atk"), _signed(data.get("def", 0), f"{where}: def"),
                   integer(data.get("lv", 1), f"{where}: lv", 1), boolean(data.get("may", False), f"{where}: may"),
                   choice(data.get("pay", ""), ("", "discard", "self"), f"{where}: pay"),
                   integer(data.get("cost", 0), f"{where}: cost"), boolean(data.get("tap", False), f"{where}: tap"),
                   choice(data.get("during", ""), DURING, f"{where}: during"), str(data.get("card", "")),
                   choice(data.get("need", ""), NEEDS, f"{where}: need"),
                   boolean(data.get("once", False), f"{where}: once"),
                   integer(data.get("if_life", 0), f"{where}: if_life"))


def _signed(value: Any, where: str) -> int:
    """An attack, defense or their change: below 0 too (310.p2)."""
    return integer(value, where, -BIGGEST, BIGGEST)


def _keyword(text: Any, where: str) -> tuple[str, str]:
    if not isinstance(text, str):
        raise CardDataError(f"{where}: expected a keyword")
    name, _, value = text.partition(" ")
    choice(name, KEYWORDS, where)
    wants = VALUED.get(name, "")
    cost, _, rest = value.partition(" ")
    if bool(wants) != bool(value) or wants == "int" and not value.isdigit() or \
            wants == "cost_name" and not (cost.isdigit() and rest):
        raise CardDataError(f"{where}: {name} takes {'a ' + wants if wants else 'no value'}")
    return name, value


@cites("900.p1", "900.k5", "900.k5.p1", "900.k23", "900.k23.p1", "900.k26", "900.k26.p1", "900.k9",
       "900.k9.p1", "900.k9.p2", "900.k23.p2", "900.k26.p2", "900.k28", "900.k28.p1", "900.k35", "900.k35.p1", "900.k31.p3")
def keyword_abilities(keywords: list[tuple[str, str]], cost: int) -> tuple[Ability, ...]:
    """The triggered keywords of 900 as the abilities they stand for (a keyword resolves like
    any other effect, 900.p1), one per copy: 智谋 (look at the top card, top or bottom),
    查克拉 X (reset up to X resources), 肆意横行 X (up to X of the opponent's top cards to the
    rest area when attacking), 贯通 (1 damage to the opponent's life area on winning an
    attack), 超人系果实 (at our turn's end, discard a card: reset it), 灵压 (an opposing
    character cannot attack or defend this turn and the next), 超级赛亚人 (on a dimension
    level-up, discard a card: reset it), 咒印 (废弃此牌: find a character, 900.k32), 守护星座 X (on entering
    our resource area, may return a card of X there to the hand, 900.k33), 通灵 X (at our turn's start
    from the resource area, pay its total cost: it enters, 900.k24)."""
    out = []
    for name, value in keywords:
        n = int(value) if value.isdigit() else 0
        if name == "智谋":
            out.append(Ability("enter", "scry", 0, "none", 0, 0, 1, False, "", 0, False, ""))
        elif name == "查克拉":
            out.append(Ability("enter", "untap_resources", n, "none", 0, 0, 1, False, "", 0, False, ""))
        elif name == "肆意横行":
            out.append(Ability("attack", "mill_upto", n, "none", 0, 0, 1, False, "", 0, False, ""))
        elif name == "贯通":
            out.append(Ability("attack_won", "life_damage", 1, "none", 0, 0, 1, False, "", 0, False, ""))
        elif name == "超人系果实":
            out.append(Ability("own_turn_end", "untap", 0, "self", 0, 0, 1, False, "discard", 0, False, ""))
        elif name == "灵压":
            out.append(Ability("enter", "lock", 0, "enemy_char", 0, 0, 1, False, "", 0, False, ""))
        elif name == "超级赛亚人":
            out.append(Ability("dimension_up", "untap", 0, "self", 0, 0, 1, False, "discard", 0, False, ""))
        elif name == "咒印":
            out.append(Ability("activated", "seal", 0, "none", 0, 0, 1, False, "self", 0, False, ""))
        elif name == "守护星座":
            out.append(Ability("to_resource", "constellation", 0, "none", 0, 0, 1, True, "", 0, False, "", value))
        elif name == "通灵":
            out.append(Ability("resource_start", "summon", 0, "none", 0, 0, 1, True, "", cost, False, "", value))
    return tuple(out)


@cites("302.p1", "303.p3", "303.p4", "311.p1", "704.p2", "103.p2", "320.p1", "700.p2", "700.p6", "800.p2")
def _card(data: Any, path: Path, index: int) -> CardDef:
    data = closed(data, CARD_KEYS, f"{path.name}: cards[{index}]", "a card")
    number = str(data.get("number", f"[{index}]"))
    where = card_where(path.name, number)
    kind = choice(data.get("kind"), KINDS, at(where, "kind"))
    cost = integer(data.get("cost", 0), at(where, "cost"))
    colored = integer(data.get("colored", 0), at(where, "colored"), 0, cost, "303.p4")
    keywords = [_keyword(k, at(where, f"keywords[{i}]")) for i, k in enumerate(data.get("keywords", []))]
    abilities = tuple(_ability(a, kind, at(where, f"abilities[{i}]"))
                      for i, a in enumerate(data.get("abilities", []))) + keyword_abilities(keywords, cost)
    if (kind in ("character", "equip")) != ("def" in data and "atk" in data):
        raise CardDataError(f"{at(where, 'atk')}: a character has attack and defense, equipment its bonuses (310), "
                            "no other card")
    speed = choice(data.get("speed", "normal"), ("normal", "instant"), at(where, "speed"))
    if speed == "instant" and kind != "tactic":
        raise CardDataError(f"{at(where, 'speed')}: only tactics are instant (311.p1)")
    token = boolean(data.get("token", False), at(where, "token"))
    if token and cost:
        raise CardDataError(f"{at(where, 'cost')}: a token has no cost (325.p5)")
    return CardDef(index, number, str(data.get("name", "")), kind, _color(data, token, where), cost, colored,
                   _names(data.get("chars", []), at(where, "chars")), _names(data.get("attrs", []), at(where, "attrs")),
                   _signed(data.get("atk", 0), at(where, "atk")), _signed(data.get("def", 0), at(where, "def")),
                   speed == "instant", tuple(k for k, _ in keywords), tuple(v for _, v in keywords), abilities,
                   token, str(data.get("blade", "")), str(data.get("equip_to", "")),
                   boolean(data.get("enemy_equip", False), at(where, "enemy_equip")), boolean(data.get("x", False),
                                                                                               at(where, "x")))


@cites("325.p4", "325.p5")
def _color(data: dict, token: bool, where: str) -> int:
    """A card's colour; a token whose effect names none is colourless (325.p4), no other card."""
    if token and "color" not in data:
        return COLORLESS
    return COLORS.index(choice(data.get("color"), COLORS, at(where, "color")))


def read_pool(path: Path) -> Pool:
    cards = numbered([_card(c, path, i) for i, c in enumerate(listed(path, "cards", path.name))], path.name)
    pool = Pool(cards)
    for c in cards:
        for a in c.abilities:
            if a.do == "token" and not (a.card in pool.by_number and pool.by_number[a.card].token):
                raise CardDataError(f"{card_where(path.name, c.number)}: token {a.card!r} is not a token of the pool")
    return pool



@functools.cache
def load_pool() -> Pool:
    """The test card pool (data/cards.yaml), read once."""
    return read_pool(data_path(__package__, "cards.yaml"))


@cites("100.p2", "327.p1", "327.p2", "325.p1")
def deck_problem(cards: tuple[int, ...]) -> str:
    """What makes a deck illegal, or "": 50 cards, no more than four of the same card (同一张牌:
    the same printed text, whatever the number, 327)."""
    pool = load_pool()
    if len(cards) != DECK_SIZE:
        return f"{len(cards)} cards; a deck holds {DECK_SIZE} (100.p2)"
    seen: dict[int, int] = {}
    for c in cards:
        if pool.cards[c].token:
            return f"{pool.cards[c].name} is a token, made by effects (325.p1)"
        key = pool.same[c]
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > COPIES:
            return f"more than {COPIES} of {pool.cards[c].name} (100.p2, 327.p2)"
    return ""


def same_card_key(c: CardDef) -> tuple:
    """What makes two cards 同一张牌 (327.p1): everything printed but art, rarity, number, copyright."""
    return (c.name, c.kind, c.cost, c.colored, c.color, c.chars, c.attrs, c.atk, c.dfn, c.instant, c.keywords,
            c.values, c.blade, tuple((a.when, a.do, a.n, a.target, a.atk, a.dfn, a.lv, a.need) for a in c.abilities))


def deck_from_data(data: Any, where: str = "deck") -> Deck:
    """A deck from ``{name, cards: {number: copies}}``, checked (100.p2)."""
    pool = load_pool()
    data = closed(data, DECK_KEYS, where)
    counts = read_copies(data.get("cards") or {}, pool.by_number, "cards", where)
    cards = tuple(pool.by_number[n].index for n, k in counts for _ in range(k))
    problem = deck_problem(cards)
    if problem:
        raise CardDataError(f"{where}: {problem}")
    return Deck(str(data.get("name", "")), cards)


READING_KEYS: Final = {"id", "clauses", "question", "reading", "why", "test"}


def load_interpretations() -> tuple[dict, ...]:
    """The readings the engine takes where the rulebook is unclear (data/interpretations.yaml),
    each with every key of :data:`READING_KEYS`."""
    rows = listed(data_path(__package__, "interpretations.yaml"), "interpretations", "interpretations.yaml")
    for i, row in enumerate(rows):
        if set(closed(row, READING_KEYS, f"interpretations.yaml: interpretations[{i}]")) != READING_KEYS:
            raise CardDataError(f"interpretations.yaml: interpretations[{i}]: needs {', '.join(sorted(READING_KEYS))}")
    return tuple(rows)


DECKS: Final = ("a-red", "b-blue")


def default_decks() -> list[Deck]:
    """The two decks of random play and the benchmark (data/decks/)."""
    return [deck_from_data(read_file(data_path(__package__, f"decks/{n}.yaml")), f"{n}.yaml") for n in DECKS]
