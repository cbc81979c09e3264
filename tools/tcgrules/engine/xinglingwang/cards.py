"""Cards as data: the test card pool and decks in YAML, checked strictly on load.

A card has a ``number``, a ``name``, a ``race`` (蒸汽世界, 馬戲團, or 中立 for a neutral card:
1.2.(2)) and a ``kind``: ``unit``, ``magic`` or ``traveler`` (the little traveler, the back of
every card: 6.9.n1). A unit has ``attack`` and ``score``, ``sacrifice`` (the number in its red
star, 12.3; none: 0), ``blue`` (the condition in its blue star, 12.4: ``units:n`` — its
controller has n units or more — or ``discharge:n`` — n charge is removed), ``mech`` (a 機械
unit, 15.c3.k2.2), ``keywords`` (the blocks of section 十五 by their names) with the numbers
some of them carry (``kidnap``, ``ride``, ``soul``). A magic card has ``mana`` (1.2.(4)),
``timing`` (``main``, ``defense`` — the turn player's defense phase — or ``battle``, before a
battle: 11.6.(1)) and ``type``: ``instant``, ``given`` (placed under the unit it gives to,
7.4) or ``field`` (the field zone, 4.5, 7.4).

``effects`` are ``{when, do, …}``: ``when`` is ``instant`` (立即, 15.c4.k1), ``magic`` (a magic
card's own text, 7.2), ``end`` (結束階段時, 14.1), ``tactic_start`` (13.2), ``sacrificed``
(12.3.p1), ``win``/``lose`` (11.6.(3), 11.6.(4)), ``powered`` (通電, 15.c2.k5), ``open`` (開盤,
15.c6.k9.2), ``fuse`` (合體時, 15.c3.k2.2), ``constant`` (a field card's lasting effect) or ``then`` (what follows a 耗能/下車/還魂 that
succeeded, 6.3.p1); ``do`` is one of :data:`EFFECTS` with ``n``, ``target`` (``enemy``, ``own``,
``any`` unit, ``all_enemy`` units, the effect's unit itself ``self``, or the battle's ``defender``), ``dir`` of a push, ``card`` of 變為 or 尋找,
``keyword`` given, ``times`` of a 輪轉 and ``then``.
"""
from __future__ import annotations

from typing import Any, Final

from ..cardfile import (CardDataError, at, boolean, card_where, choice, closed, data_path, integer, listed, numbered,
                        read_copies, read_file)
from .rules import cites

RACES: Final = ("蒸汽世界", "馬戲團", "中立")
NEUTRAL: Final = "中立"
KINDS: Final = ("unit", "magic", "traveler")
# Keyword bits, by the names of the blocks of section 十五.
KEYWORDS: Final = ("貫穿", "遠程", "劇毒", "阻擋", "偷襲", "拆卸", "破甲", "滑行", "通電", "掩護", "魔法抗性",
                   "敵方魔法抗性", "破壞抗性", "效果抗性", "敵方效果抗性", "衰退", "綁架", "搭乘", "亡魂", "上靶",
                   "超載", "機械合體", "吞食合體", "寄生合體")
PIERCE, RANGED, POISON, BLOCK, SNEAK, DISMANTLE, ARMOR, GLIDE, POWER, COVER, MAGIC_RES, ENEMY_MAGIC_RES, \
    DESTROY_RES, EFFECT_RES, ENEMY_EFFECT_RES, DECAY, KIDNAP, RIDE, SOUL, TARGET, OVERLOAD, MECH_FUSION, DEVOUR, \
    PARASITE = (1 << i for i in range(len(KEYWORDS)))
WHEN: Final = ("instant", "magic", "end", "tactic_start", "sacrificed", "win", "lose", "powered", "open", "fuse",
               "then", "constant")
EFFECTS: Final = ("draw", "bonus", "tap", "destroy", "push", "kidnap", "imprison", "charge", "discharge", "atk",
                  "keyword", "become", "search", "reveal", "board", "alight", "revive", "target", "rotate",
                  "upright", "separate", "parasite", "banish", "cheaper", "silence")
TARGETS: Final = ("", "enemy", "own", "any", "defender", "all_enemy", "self")
TIMINGS: Final = ("main", "defense", "battle")
MAGIC_TYPES: Final = ("instant", "given", "field")
DIRS: Final = ("", "back", "next", "prev")
DECK_SIZE: Final = 20  # 1.2.(1)
MANA_LIMIT: Final = 15  # 1.2.(4)
OVERLOAD_COPIES: Final = 3  # 15.c7.k2.1


class Effect:
    __slots__ = ("when", "do", "n", "target", "dir", "card", "keyword", "times", "then")

    def __init__(self, when: str, do: str, n: int, target: str, dir: str, card: int, keyword: int, times: int,
                 then: tuple[Effect, ...]):
        self.when = when
        self.do = do
        self.n = n
        self.target = target
        self.dir = dir
        self.card = card  # the pool index of a card the effect names (變為, 尋找), or -1
        self.keyword = keyword  # a keyword bit it gives
        self.times = times
        self.then = then


class CardDef:
    __slots__ = ("index", "number", "name", "race", "kind", "attack", "score", "sacrifice", "blue", "blue_n", "mech",
                 "keywords", "kidnap", "ride", "soul", "mana", "timing", "type", "effects", "by_when")

    def __init__(self, index: int, number: str, name: str, race: str, kind: str, attack: int, score: int,
                 sacrifice: int, blue: str, blue_n: int, mech: bool, keywords: int, kidnap: int, ride: int, soul: int,
                 mana: int, timing: str, type: str, effects: tuple[Effect, ...]):
        self.index = index
        self.number = number
        self.name = name
        self.race = race
        self.kind = kind
        self.attack = attack
        self.score = score
        self.sacrifice = sacrifice
        self.blue = blue  # "", "units" or "discharge"
        self.blue_n = blue_n
        self.mech = mech
        self.keywords = keywords
        self.kidnap = kidnap
        self.ride = ride
        self.soul = soul
        self.mana = mana
        self.timing = timing
        self.type = type
        self.effects = effects
        self.by_when: dict[str, tuple[Effect, ...]] = {
            w: tuple([e for e in effects if e.when == w]) for w in {e.when for e in effects}}

    def effects_at(self, when: str) -> tuple[Effect, ...]:
        return self.by_when.get(when, ())


class Pool:
    def __init__(self, cards: list[CardDef]):
        self.cards = cards
        self.by_number = {c.number: c for c in cards}
        self.by_name = {c.name: c for c in cards}
        self.traveler = next(c.index for c in cards if c.kind == "traveler")


class Deck:
    """A deck: its race and its twenty cards (pool indexes)."""

    def __init__(self, name: str, race: str, cards: tuple[int, ...]):
        self.name = name
        self.race = race
        self.cards = cards

    def to_json(self) -> dict:
        counts: dict[str, int] = {}
        for c in self.cards:
            counts[POOL.cards[c].number] = counts.get(POOL.cards[c].number, 0) + 1
        return {"name": self.name, "race": self.race, "cards": counts}


CARD_KEYS: Final = {"number", "name", "race", "kind", "attack", "score", "sacrifice", "blue", "mech", "keywords",
                    "kidnap", "ride", "soul", "mana", "timing", "type", "effects"}
EFFECT_KEYS: Final = {"when", "do", "n", "target", "dir", "card", "keyword", "times", "then"}


def _keywords(names: Any, where: str) -> int:
    if not isinstance(names, list):
        raise CardDataError(f"{where}: expected a list of keywords, got {names!r}")
    bits = 0
    for i, k in enumerate(names):
        bits |= 1 << KEYWORDS.index(choice(k, KEYWORDS, at(where, str(i))))
    return bits


def _effect(data: Any, names: dict[str, int], where: str) -> Effect:
    d = closed(data, EFFECT_KEYS, where, "an effect")
    card = d.get("card", "")
    if card and card not in names:
        raise CardDataError(f"{at(where, 'card')}: unknown card {card!r}")
    then = d.get("then", [])
    if not isinstance(then, list):
        raise CardDataError(f"{at(where, 'then')}: expected a list of effects")
    return Effect(choice(d.get("when"), WHEN, at(where, "when")), choice(d.get("do"), EFFECTS, at(where, "do")),
                  integer(d.get("n", 0), at(where, "n"), 0, 99), choice(d.get("target", ""), TARGETS, at(where, "target")),
                  choice(d.get("dir", ""), DIRS, at(where, "dir")), names.get(card, -1),
                  _keywords([d["keyword"]] if "keyword" in d else [], at(where, "keyword")),
                  integer(d.get("times", 1), at(where, "times"), 1, 9),
                  tuple([_effect(x, names, at(where, f"then[{i}]")) for i, x in enumerate(then)]))


def card_from_data(index: int, data: Any, names: dict[str, int], source: str) -> CardDef:
    """One card of the pool file, every key checked (the error names the file, card and key)."""
    d = closed(data, CARD_KEYS, f"{source}: cards[{index}]", "a card")
    where = card_where(source, d.get("number", index))
    blue, blue_n = "", 0
    if "blue" in d:
        kind, _, n = str(d["blue"]).partition(":")
        if kind not in ("units", "discharge") or not n.isdigit():
            raise CardDataError(f"{at(where, 'blue')}: expected units:n or discharge:n, got {d['blue']!r} (12.4)")
        blue, blue_n = kind, int(n)
        if d.get("sacrifice", 0):
            raise CardDataError(f"{at(where, 'sacrifice')}: a blue-star unit needs no sacrifice (12.4.n2)")
    effects = d.get("effects", [])
    if not isinstance(effects, list):
        raise CardDataError(f"{at(where, 'effects')}: expected a list of effects")
    return CardDef(index, str(d.get("number")), str(d.get("name")), choice(d.get("race"), RACES, at(where, "race")),
                   choice(d.get("kind"), KINDS, at(where, "kind")), integer(d.get("attack", 0), at(where, "attack"), 0, 99),
                   integer(d.get("score", 0), at(where, "score"), 0, 99),
                   integer(d.get("sacrifice", 0), at(where, "sacrifice"), 0, 5, "12.3"), blue, blue_n,
                   boolean(d.get("mech", False), at(where, "mech")), _keywords(d.get("keywords", []), at(where, "keywords")),
                   integer(d.get("kidnap", 0), at(where, "kidnap"), 0, 9), integer(d.get("ride", 0), at(where, "ride"), 0, 9),
                   integer(d.get("soul", 0), at(where, "soul"), 0, 9), integer(d.get("mana", 0), at(where, "mana"), 0, 15),
                   choice(d.get("timing", "main"), TIMINGS, at(where, "timing")),
                   choice(d.get("type", "instant"), MAGIC_TYPES, at(where, "type")),
                   tuple([_effect(e, names, at(where, f"effects[{i}]")) for i, e in enumerate(effects)]))


def load_pool() -> Pool:
    """The card pool of data/cards.yaml (read once)."""
    global _POOL
    if _POOL is None:
        rows = listed(data_path(__package__, "cards.yaml"), "cards", "cards.yaml")
        names = {str(d.get("name")): i for i, d in enumerate(rows) if isinstance(d, dict)}
        _POOL = Pool(numbered([card_from_data(i, d, names, "cards.yaml") for i, d in enumerate(rows)], "cards.yaml"))
    return _POOL


_POOL: Pool | None = None
POOL: Final = load_pool()


@cites("1.2.(1)", "1.2.(2)", "1.2.(3)", "1.2.(4)", "15.c7.k2.1", "1.1.p1")
def check_deck(name: str, race: str, cards: tuple[int, ...]) -> None:
    """A deck of its declared race: exactly twenty cards of different names (a 超載 card up
    to three times), of that race or neutral, at least one of the race, magic mana at most fifteen."""
    defs = [POOL.cards[c] for c in cards]
    if race not in RACES or race == NEUTRAL:
        raise CardDataError(f"race must be one of {', '.join(RACES[:-1])}, not {race!r} (1.1.p1)", name, "race")
    if len(defs) != DECK_SIZE:
        raise CardDataError(f"a deck has exactly {DECK_SIZE} cards, not {len(defs)} (1.2.(1))", name, "cards")
    for d in defs:
        copies = sum(1 for x in defs if x.name == d.name)
        limit = OVERLOAD_COPIES if d.keywords & OVERLOAD else 1
        if copies > limit:
            raise CardDataError(f"{copies} copies of {d.name} (at most {limit}: 1.2.(1), 15.c7.k2.1)", name, "cards")
        if d.race not in (race, NEUTRAL) or d.kind == "traveler":
            raise CardDataError(f"{d.name} is a {d.race} card, not {race} or neutral (1.2.(2))", name, "cards")
    if all(d.race == NEUTRAL for d in defs):
        raise CardDataError(f"no {race} card: a deck is not only neutral cards (1.2.(3))", name, "cards")
    mana = sum(d.mana for d in defs if d.kind == "magic")
    if mana > MANA_LIMIT:
        raise CardDataError(f"magic mana {mana} is over {MANA_LIMIT} (1.2.(4))", name, "cards")


def deck_from_data(data: Any, where: str = "deck") -> Deck:
    """A deck file's data: ``{name, race, cards: {number: copies}}``, checked against 一 2."""
    d = closed(data, {"name", "race", "cards"}, where, "a deck")
    pairs = read_copies(d.get("cards"), POOL.by_number, "cards", where)
    cards = tuple(sorted(POOL.by_number[n].index for n, k in pairs for _ in range(k)))
    check_deck(where or str(d.get("name")), str(d.get("race")), cards)
    return Deck(str(d.get("name")), str(d.get("race")), cards)


def default_decks() -> list[Deck]:
    """The two decks of random play and the benchmark: 蒸汽世界 against 馬戲團."""
    return [deck_from_data(read_file(data_path(__package__, f"decks/{name}")), name)
            for name in ("a-steam.yaml", "b-circus.yaml")]
