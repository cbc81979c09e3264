"""Cards as data: the card pool and decks in YAML, checked on load.

A card (chapter 2 of the rules) has a number (2-12), a name that may end in a name-ID such
as ``[2]`` (2-1-4), a kind — spirit (靈魂卡 SPIRIT), nexus (核心卡 NEXUS) or magic (魔法卡
MAGIC) (2-5-2) — colors (2-11), a cost (2-2) with reduction symbols (減輕標誌, 2-3), Lv costs
and BP per level (2-8, 2-9), symbols (標誌, 2-10; ``ex`` marks an EX symbol), families
(系統, 2-6) and effects. Effects use a small vocabulary (:data:`EFFECT_ACTIONS`) at these
timings (:data:`TRIGGER_TIMINGS` and the others below), each timing of one kind of effect
(:data:`EFFECT_KIND`, 9-1-3; a magic's are declared ones, 9-1-7):

* triggered (誘發, 9-1-5), the common effects of 12-2: 『召喚時』 ``when_summoned``,
  『配置時』 ``when_deployed``, 『攻擊時』 ``when_attacks``, 『防禦時』 ``when_blocks``,
  『破壞時』 ``when_destroyed``; 「疲勞時」 ``when_exhausted`` (exhausted or heavily
  exhausted: 5-15-2, 5-16-1); the battle's 『戰鬥結算時』 ``when_battle_resolves`` (8-1-5-1)
  and 「戰鬥結束時」 ``when_battle_ends`` (8-1-7-1); and the turn player's steps (7-2-1 …
  7-9-1-2): ``start_step``, ``core_step``, ``draw_step``, ``refresh_step``,
  ``main_step_start``, ``attack_step_start``, ``end_step``, ``turn_end``;
* constant (常在, 9-1-4): ``constant`` (your spirits get +n BP while the card is on the
  field), 『攻擊中』 ``while_attacking`` and 『防禦中』 ``while_blocking`` (this spirit, during
  its battle: 12-2-1-8, 12-2-1-10);
* activated (起動, 9-1-6): 【起動：主要】 ``activated_main`` and 【起動：靈動】
  ``activated_flash``, with ``pay: exhaust`` as the part before ▶ (9-1-6-2); and, used in
  a flash timing by this spirit only during its battle, 『攻擊中』 ``activated_while_attacking``
  and 『防禦中』 ``activated_while_blocking`` (12-2-1-8-2, 12-2-1-10-2) — without ``pay`` they
  are used by declaring them (9-1-6-3);
* replacement (置換, 9-1-8): ``instead_of_destroyed`` (this card) and
  ``instead_of_own_destroyed`` (your spirits), doing ``to_hand`` or ``heavy_exhaust`` to
  the card instead of its destruction;
* triggered by leaving the field, working from the standby state (9-3-3): 『因對手而破壞時』
  ``when_destroyed_by_opponent`` (12-2-1-12-1), 「因對手的效果消滅時」
  ``when_vanished_by_opponent`` (an opponent's effect took its cores or raised its Lv1 cost:
  10-2-2-8, 10-2-2-9) and 「離開場地時」 ``when_leaves``; and, on a
  field card, 「靈魂卡被破壞時」 ``spirit_destroyed`` (any spirit: once per event, 9-1-5-4) and
  「對手的靈魂卡被破壞時」 ``opponent_spirit_destroyed``;
* 「自己的生命值減少時」 ``when_own_life_decreases``, on the field cards of the player whose
  life decreased; with ``if: {own_life_at_most: n}`` it is 「生命值減少而在 n 以下時」, which
  triggers on every decrease that leaves n or less, even from n or less already, and never
  on an increase (13-1-2);
* 「回復時」 ``when_recovered``: the card itself recovers — from exhausted, in the refresh
  step or by an effect; a heavily exhausted card that recovers becomes exhausted, and its
  「回復時」 effects trigger too (5-14-1, 5-14-2);
* 「自己的生命值增加時」 ``when_own_life_increases``, with ``if: {own_life_at_least: n}``
  「生命值增加而在 n 以上時」: on every increase that leaves n or more, never on a decrease
  (13-1-1); 「對手的生命值減少時」 ``when_opponent_life_decreases``;
* 「自己的靈魂卡被召喚時」 ``own_spirit_summoned``, on the player's other field cards: once
  for spirits summoned together (9-1-5-4);
* 「這張卡上被放置能量時」 ``when_cores_placed``: cores put on the card by a core move
  (7-6-1-2-2) or an effect;
* a magic's [主要] ``main`` and [靈動] ``flash``; and a spirit's or nexus's [靈動]
  ``hand_flash``, used from the hand by revealing the card (「展示手牌中的這張卡：…」):
  using, as a magic is used (5-12-2).

An effect made of several parts (1-4-7: done in the printed order) lists the parts after
the first under ``steps``, each joined to what comes before by a ``link`` (5-19):
``then`` 「之後」「その後」 (5-19-1: done even when the part before could not be),
``if_done`` 「若○○」「〇〇したなら」 (5-19-2: only when the part before was done, even in
part), ``after`` 「此效果發揮後」「この効果発揮後」 (5-19-3: only when the part before was done
in full; 5-19-4: once the effects it triggered have resolved) and ``must`` 「必須」
「しなければならない」 (5-19-5: only when every part before was done in full).

A triggered effect with ``during: attacking`` or ``during: blocking`` is a 『攻擊中』 or
『防禦中』 one (12-2-1-8-2, 12-2-1-10-2): it triggers only while its spirit attacks or blocks.

A magic with ``soul_magic`` (《靈魂魔法》, 12-2-1-2-1: colors to symbol counts) may be paid
for with the soul core alone while its owner's field has those symbols.

An effect with ``if`` (a condition, 9-2-1) takes effect only while it is met: when it
resolves (9-3-1-1), and for an activated effect also when it is used. Conditions
(:data:`CONDITIONS`): 「自己的場上有 n 張以上的靈魂卡時」 ``own_spirits_at_least``,
「自己的生命值在 n 以下時」 ``own_life_at_most`` and 「在 n 以上時」 ``own_life_at_least``.

A constant ``own_cost`` or ``opponent_cost`` effect changes the cost of its controller's or
the opponent's cards by ``n`` (11-1-1-2-1), optionally only those of a ``color`` and a
``kind``: 「自己的紅色靈魂卡的召喚費用-1」 is ``{do: own_cost, n: -1, color: red, kind: spirit}``.

A targeted part chooses a spirit; ``target: spirit/nexus`` 「靈魂卡/核心卡」 (``destroy``,
``to_hand``) lets it choose either: "/" marks the range the choice is made from (5-18-1).

``life_from_void`` 「從空間放置 n 個核心到自己的生命值」 puts cores on a life, which has no
upper limit (4-7-3). ``search`` 「從自己的牌組中選擇1張靈魂卡，加入手牌」 (``kind: spirit``)
looks through a hidden zone for a card by its information: its player may choose none even
when one matches (9-3-2-2); ``shuffle`` 「將牌組洗牌」 then shuffles the deck (4-2-4).

A constant ``cannot_block`` effect 「這張靈魂卡無法阻擋。」 keeps its spirit from blocking:
a 「無法」 effect, which wins over the 「可以」 of blocking and the 「必須」 of 【激突】 (9-1-2-2).
A constant ``opponent_cannot_draw`` 「對手無法抽牌」 forbids the opponent any draw (1-4-3); a
constant ``negate_opponent`` with ``negates: <timing>`` 「對手的『召喚時』效果不發揮」 keeps the
opponent's effects of that timing from triggering (10-2-2-4, 9-1-2-1); ``negates: all``
「對手的效果不發揮」 keeps all of them, but not what the rules do (a 《真界放》 spirit is Lv2
with the soul core: 12-2-1-1-2). ``opponent_surrenders`` 「對手投降」 does nothing: no effect
forces a surrender (1-3-5).

A count may be computed as the part resolves: ``plus: own_spirits`` (or
``opponent_spirits``) adds that many to ``n`` — 「抽與自己的靈魂卡數量減 2 相同張數」 is
``{do: draw, n: -2, plus: own_spirits}``; a count of 0 or less does nothing (1-4-2-3).

A targeted part chooses ``count`` targets (default 1), as many as it can; with ``up_to:
true`` 「最多」 it may choose fewer, none included (9-3-2-1, 1-4-5-1); they are chosen one by one
and the part then applies to all of them at once. ``summon_from_hand`` 「從手牌中召喚費用
``max_cost`` 以下的靈魂卡牌，不支付費用」 chooses spirit cards of the hand and summons them
together, with their Lv1 cost in cores from the void (5-8-1). ``core_to_self`` and
``core_to_target`` put n cores from the void on this card or on own spirits (4-5-6);
``cores_to_reserve`` moves n cores of opponent's spirits to their owner's reserve, vanishing
a spirit left below its Lv1 cost by that effect (10-2-2-8).

``limit`` is a restriction effect (12-3): 〔每回合 1 次〕 ``once_per_turn``, 〔不可重複〕
``no_repeat`` or 〔不可重複・每回合 1 次〕 ``no_repeat_once_per_turn``.

An effect working from the standby state reaches its own card there: ``remove_self``
removes it from the game (4-9-1); ``destroy_self`` 「破壞這張卡」 changes it to the standby
state of destruction (10-2-2-6), whose 『破壞時』 effects trigger — but a card already
destroyed never changes to that same state again (10-2-2-6-1). Keywords: 《繼召》
``succession`` and, on a Lv, 《真界放》 ``true_release``.

Keyword effects (關鍵字效果, 12-1-1), printed white on black, are listed under ``keywords``
(:data:`KEYWORDS`), each with its ``name`` and, for one printed 【○○：△△】, the parameters
△△ it takes (12-1-2); a card may hold the same one several times (12-1-3). 【激突】
``clash`` (a spirit's): 「這張靈魂卡攻擊時，對手可以的話必須進行阻擋。」 — when it attacks,
the opponent must block if they can.

Every error names the file, the card (or deck entry) and the clause it breaks.
"""
from __future__ import annotations

from typing import Any, Final

import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from ..cardfile import (CardDataError, at, boolean, card_where, choice, closed, data_path, integer, listed, numbered,
                        read_copies, read_file)
from .rules import cites

COLORS: Final = ("red", "purple", "green", "white", "yellow", "blue")
# The three kinds of card (3-1), each played its own way: a spirit card is summoned to the
# field (3-2-1), a nexus card deployed there (3-3-1), a magic card used for its effect (3-4-1).
PLAYED_BY: Final = {"spirit": "summon", "nexus": "deploy", "magic": "use"}
KINDS: Final = tuple(PLAYED_BY)
# Each kind as its place in KINDS (:attr:`CardDef.kind_code`): what the listing of legal
# actions tests of every card in hand, a comparison of machine integers, not of text.
SPIRIT: Final = 0
NEXUS: Final = 1
MAGIC: Final = 2
TRIGGER_TIMINGS: Final = ("when_summoned", "when_deployed", "when_attacks", "when_blocks", "when_destroyed",
                   "when_destroyed_by_opponent", "when_vanished_by_opponent", "when_leaves", "spirit_destroyed",
                   "opponent_spirit_destroyed", "when_exhausted",
                   "when_battle_resolves", "when_battle_ends", "start_step", "core_step", "draw_step",
                   "refresh_step", "main_step_start", "attack_step_start", "end_step", "turn_end",
                   "when_own_life_decreases", "when_recovered", "own_spirit_summoned", "when_own_life_increases",
                   "when_opponent_life_decreases", "when_cores_placed")
# Triggered by the card's own move off the field: they work from the standby state (9-3-3, 10-2-2-4).
STANDBY_TIMINGS: Final = frozenset({"when_destroyed", "when_destroyed_by_opponent", "when_vanished_by_opponent",
                                    "when_leaves"})
# What only an effect working from the standby state does, to its own card there (10-2-2-4).
STANDBY_ACTIONS: Final = ("remove_self", "destroy_self")
# Triggered in the standby state of vanishing: once a card has changed to it from another
# standby state, only these of its effects resolve (10-2-2-6-2).
VANISHING_TIMINGS: Final = frozenset({"when_vanished_by_opponent"})
# Replacement effects (置換型, 9-1-8): "when this card / one of your spirits would be
# destroyed, instead …"; what they do instead is one of REPLACING_ACTIONS, done to that card.
REPLACEMENT_TIMINGS: Final = ("instead_of_destroyed", "instead_of_own_destroyed")
REPLACING_ACTIONS: Final = ("to_hand", "heavy_exhaust")
CONSTANT_TIMINGS: Final = ("constant", "while_attacking", "while_blocking")
# Activated effects of a spirit in its own battle: (timing, the Battle field naming that spirit).
BATTLE_ACTIVATED: Final = (("activated_while_attacking", "attacker"), ("activated_while_blocking", "blocker"))
ACTIVATED_TIMINGS: Final = ("activated_main", "activated_flash") + tuple(t for t, _ in BATTLE_ACTIVATED)
# A triggered effect that works only while this spirit attacks or blocks (『攻擊中』, 『防禦中』:
# 12-2-1-8-2, 12-2-1-10-2): ``during`` names the Battle field naming that spirit. Not at its own
# attack or block: 『攻擊時』 and 『防禦時』 are effects of their own (12-2-1-7, 12-2-1-9).
DURING: Final = {"attacking": "attacker", "blocking": "blocker"}
MAGIC_TIMINGS: Final = ("main", "flash")
# A spirit's or nexus's effect used from the hand (5-12-2): ``hand_flash``, a [靈動] one used
# by revealing the card, which stays in the hand (「展示手牌中的這張卡：…」).
HAND_TIMINGS: Final = ("hand_flash",)
LIMITS: Final = ("once_per_turn", "no_repeat", "no_repeat_once_per_turn")
ACTIVATION_COSTS: Final = ("exhaust",)  # what may stand before ▶ (9-1-6-2)
# What an effect does; ``n`` is its count or amount, ``max_bp`` bounds a target's BP.
EFFECT_ACTIONS: Final = (
    "draw",           # draw n cards (5-6)
    "gain_core",      # put n cores from the void on your reserve
    "void_reserve",   # send n cores (never the soul core, 5-7-3) from the opponent's reserve to the void
    "destroy",        # destroy target opponent's spirit with BP ≤ max_bp (or nexus: ``target``, 5-18-1)
    "exhaust",        # exhaust target opponent's spirit
    "heavy_exhaust",  # heavily exhaust target opponent's spirit
    "bp_plus",        # target own spirit gets +n BP this turn
    "recover_self",   # this spirit recovers
    "bp_plus_self",   # this spirit gets +n BP this turn (a constant effect: while it applies)
    "no_recover",     # this turn, no spirit can recover (a prohibition, 1-4-3)
    "life_each",      # each player's life is reduced by n
    "to_hand",        # return target opponent's spirit to its owner's hand (5-3-6)
    "bp_minus",       # target opponent's spirit gets -n BP this turn (1-4-6)
    "void_cores",     # send n cores (never the soul core) from target opponent's spirit to the void
    "lv1_plus",       # target opponent's spirit's Lv1 cost +n this turn
    "void_cores_self",  # send n cores (never the soul core) from this card, on the field or in the standby state, to the void
    "remove_self",    # remove this card, in the standby state, from the game (4-9-1): only on effects working there
    "destroy_self",   # destroy this card, in the standby state (10-2-2-6, 10-2-2-6-1): only on effects working there
    "own_cost",       # constant: the cost of your cards (of ``color``, of ``kind``) +n (n may be negative)
    "opponent_cost",  # constant: the cost of the opponent's cards (of ``color``, of ``kind``) +n
    "discard",        # discard (廢棄) the top n cards of your deck to your trash (5-13-1)
    "top_to_bottom",  # put the top n cards of your deck on its bottom, in the order you choose (4-1-5)
    "win",            # the player of the effect wins the game (1-3-6)
    "cannot_block",   # constant: this spirit cannot block (a 「無法」 effect, 9-1-2-2)
    "life_from_void",  # put n cores from the void on your life, which has no upper limit (4-7-3)
    "search",         # choose a card of ``kind`` in your deck, or none (9-3-2-2), and add it to your hand
    "shuffle",        # shuffle your deck (4-2-4)
    "summon_from_hand",  # summon spirit cards of your hand (cost ≤ max_cost), paying no cost, Lv1 cores from the void (5-8-1)
    "core_to_self",   # put n cores from the void on this card
    "core_to_target",  # put n cores from the void on target own spirit
    "cores_to_reserve",  # put n cores (never the soul core) of target opponent's spirit on its owner's reserve
    "opponent_cannot_draw",  # constant: the opponent cannot draw (a prohibition, 1-4-3)
    "negate_opponent",  # constant: the opponent's effects of the timing ``negates`` (or ``all``) do not take effect
    "opponent_surrenders",  # 「對手投降」: no effect forces a surrender (1-3-5): it does nothing
)
# What a constant effect may do: raise BP (9-1-4-1) or change a cost (11-1-1-2-1).
CONSTANT_ACTIONS: Final = ("bp_plus", "own_cost", "opponent_cost", "cannot_block", "opponent_cannot_draw",
                           "negate_opponent")
# Constant effects only ``timing: constant`` has: cost changes and restrictions on the card.
ONLY_CONSTANT: Final = ("own_cost", "opponent_cost", "cannot_block", "opponent_cannot_draw", "negate_opponent")
COST_ACTIONS: Final = ("own_cost", "opponent_cost")
# Actions that name the ``kind`` of the cards they apply to: cost changes, and a deck search
# (by the card's information, 9-3-2-2), which then picks one card — the effect's first part.
KIND_ACTIONS: Final = COST_ACTIONS + ("search",)
# Keyword effects (12-1-1): each name, the card kinds that have it and the names of the
# parameters its 【○○：△△】 form takes (12-1-2; none: printed 【○○】).
KEYWORDS: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {"clash": (("spirit",), ())}  # 【激突】
# Conditions an effect may need to take effect (9-2-1): the player of the effect's spirits on
# the field at least n, or their life at most n.
CONDITIONS: Final = ("own_spirits_at_least", "own_life_at_most", "own_life_at_least")
# What a count may add to ``n`` (``plus``), computed as the part resolves: the spirits on the
# field of the player of the effect, or of the opponent. The sum may be 0 or less (1-4-2-3).
COUNTS: Final = ("own_spirits", "opponent_spirits")
# How a later part of an effect depends on the parts before it (5-19): see the module docstring.
LINKS: Final = ("then", "if_done", "after", "must")
TARGETED: Final = {"destroy": "opponent", "exhaust": "opponent", "heavy_exhaust": "opponent", "bp_plus": "own",
            "to_hand": "opponent", "bp_minus": "opponent", "void_cores": "opponent", "lv1_plus": "opponent",
            "core_to_target": "own", "cores_to_reserve": "opponent", "summon_from_hand": "hand"}
# Targeted actions that may name a nexus as well as a spirit (``target: spirit/nexus``, 5-18-1).
ANY_FIELD_TARGET: Final = ("destroy", "to_hand")
DECK_MINIMUM: Final = 40
COPIES_MAXIMUM: Final = 3
_NAME_ID = re.compile(r"\[\d+\]$")


# The keys each record of the card data may have: any other is refused, by name, so that
# a misspelt key ('timimg') is never silently ignored.
CARD_KEYS: Final = frozenset({"number", "name", "kind", "colors", "cost", "reduction", "levels", "symbols", "ex",
                              "families", "succession", "effects", "soul_magic", "keywords"})
# A part's target keys: how many targets it chooses (``count``), whether 「最多」 (``up_to``),
# and the cost bound of a summon from the hand (``max_cost``).
TARGET_KEYS: Final = frozenset({"count", "up_to", "max_cost"})
EFFECT_KEYS: Final = frozenset({"timing", "do", "n", "plus", "max_bp", "target", "steps", "pay", "limit", "during",
                                "min_level", "if", "color", "kind", "negates"}) | TARGET_KEYS
STEP_KEYS: Final = frozenset({"link", "do", "n", "plus", "max_bp", "target"}) | TARGET_KEYS
LEVEL_KEYS: Final = frozenset({"cost", "bp", "true_release"})


# The effects and timings the rulebook defines, by the clause that defines each, with what
# carries them in the card data: a ``timing``, a ``keyword``, a restriction (``limit``), a
# 『攻擊中』 / 『防禦中』 triggered effect (``during``), a threshold (``condition``) or a card
# field (``field``). Keyword effects (12-1-1: 【激突】), the common effects (12-2-1-1 …
# 12-2-1-12-1; 12-2-1-8-2 and 12-2-1-10-2: constant, activated and triggered ones), the
# restrictions (12-3), the step timings (7-2-1 … 7-9-1-2), the battle's (8-1-5-1, 8-1-7-1),
# 「回復時」 and 「疲勞時」 (5-14-1, 5-15-2) and the thresholds (13-1-1, 13-1-2).
RULEBOOK_EFFECTS: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    "12-1-1": (("keyword", "clash"),),
    "12-2-1-1": (("field", "true_release"),), "12-2-1-2": (("field", "soul_magic"),),
    "12-2-1-3": (("field", "succession"),), "12-2-1-4": (("timing", "main"),),
    "12-2-1-5": (("timing", "flash"), ("timing", "hand_flash")), "12-2-1-6": (("timing", "when_summoned"),),
    "12-2-1-7": (("timing", "when_attacks"),),
    "12-2-1-8": (("timing", "while_attacking"), ("timing", "activated_while_attacking"), ("during", "attacking")),
    "12-2-1-9": (("timing", "when_blocks"),),
    "12-2-1-10": (("timing", "while_blocking"), ("timing", "activated_while_blocking"), ("during", "blocking")),
    "12-2-1-11": (("timing", "when_deployed"),), "12-2-1-12": (("timing", "when_destroyed"),),
    "12-2-1-12-1": (("timing", "when_destroyed_by_opponent"),),
    "12-3-1": (("limit", "once_per_turn"),), "12-3-2": (("limit", "no_repeat"),),
    "12-3-3": (("limit", "no_repeat_once_per_turn"),),
    "7-2-1": (("timing", "start_step"),), "7-3-1": (("timing", "core_step"),), "7-4-1": (("timing", "draw_step"),),
    "7-5-1": (("timing", "refresh_step"),), "7-6-1-1": (("timing", "main_step_start"),),
    "7-7-3-1": (("timing", "attack_step_start"),), "7-9-1-1": (("timing", "end_step"),),
    "7-9-1-2": (("timing", "turn_end"),), "8-1-5-1": (("timing", "when_battle_resolves"),),
    "8-1-7-1": (("timing", "when_battle_ends"),), "5-14-1": (("timing", "when_recovered"),),
    "5-15-2": (("timing", "when_exhausted"),),
    "13-1-1": (("condition", "own_life_at_least"),), "13-1-2": (("condition", "own_life_at_most"),),
}


@cites("9-1-3")
def effect_kinds(kinds: tuple[tuple[str, tuple[str, ...]], ...]) -> dict[str, str]:
    """Each timing's kind of effect (9-1-3), from ``(kind, its timings)``: a timing of two
    kinds is an error, found when the module loads."""
    out: dict[str, str] = {}
    for kind, timings in kinds:
        for timing in timings:
            if timing in out:
                raise CardDataError(f"timing {timing!r} is of two kinds of effect, {out[timing]} and {kind} (9-1-3)")
            out[timing] = kind
    return out


# The kinds of effect (9-1-3) and the vocabulary's timings of each: constant (9-1-4), triggered
# (9-1-5), activated (9-1-6), declared — a magic's [主要] / [靈動], declared from the hand
# (9-1-7-1) — and replacement (9-1-8).
EFFECT_KIND: Final = effect_kinds((("constant", CONSTANT_TIMINGS), ("triggered", TRIGGER_TIMINGS),
                                   ("activated", ACTIVATED_TIMINGS), ("declared", MAGIC_TIMINGS + HAND_TIMINGS),
                                   ("replacement", REPLACEMENT_TIMINGS)))
# Each timing as one bit: a card's and a deck's timings as one number (``timing_bits``), which
# the steps and the triggers test with ``&`` (a string looked up in a set costs ten times more).
TIMING_BITS: Final[dict[str, int]] = {t: 1 << i for i, t in enumerate(EFFECT_KIND)}
# Kinds of effect that are one part with nothing to check when it resolves: they do not resolve.
UNRESOLVED_KINDS: Final = ("constant", "replacement")


def timing_bits(timings: frozenset[str]) -> int:
    """The timings as one number of :data:`TIMING_BITS`."""
    bits = 0
    for t in timings:
        bits |= TIMING_BITS[t]
    return bits


@dataclass(frozen=True, slots=True)
class Step:
    """A later part of an effect (5-19): what it does, and its ``link`` to the parts before."""

    link: str
    action: str
    n: int = 1
    max_bp: int | None = None
    target_kinds: tuple[str, ...] = ("spirit",)  # the kinds of card a targeted part may choose (5-18-1)
    count: int = 1  # how many targets it chooses: as many as it can (9-3-2-1)
    up_to: bool = False  # 「最多」: fewer, even none, may be chosen (9-3-2-1, 1-4-5-1)
    max_cost: int | None = None  # a summon from the hand: the spirit cards' cost bound
    plus: str | None = None  # one of COUNTS, added to n as the part resolves (1-4-2-3)


@dataclass(frozen=True, slots=True)
class Effect:
    timing: str
    action: str  # the first part: action, n and max_bp
    n: int = 1
    max_bp: int | None = None
    limit: str | None = None
    min_level: int = 1  # a 《真界放》 effect needs the true-release state (Lv2)
    pay: str | None = None  # an activated effect's part before ▶ (9-1-6-2)
    steps: tuple[Step, ...] = ()  # the parts after the first, in the printed order (1-4-7)
    during: str | None = None  # a triggered 『攻擊中』 / 『防禦中』 effect: a key of DURING
    condition: tuple[str, int] | None = None  # ``if``: (one of CONDITIONS, n) it needs (9-2-1)
    color: str | None = None  # a cost change: only cards of this color
    kind: str | None = None  # a cost change: only cards of this kind; a search: the kind it looks for
    target_kinds: tuple[str, ...] = ("spirit",)  # the kinds of card a targeted first part may choose (5-18-1)
    count: int = 1  # the first part's targets: see Step
    up_to: bool = False
    max_cost: int | None = None
    negates: str | None = None  # a negate_opponent effect: the timing of the opponent's effects it stops, or "all"
    plus: str | None = None  # the first part's count added to n: see Step

    @property
    def category(self) -> str:
        """Its kind of effect (9-1-3): constant, triggered, activated, declared or replacement."""
        return EFFECT_KIND[self.timing]

    def part(self, k: int) -> "Effect | Step":
        """Part ``k`` of the effect: the effect itself for the first (it carries the first
        part's action, n and max_bp), else ``steps[k - 1]``."""
        return self if k == 0 else self.steps[k - 1]


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword effect (12-1-1): its name 【○○】 and its parameters △△ (12-1-2), by name."""

    name: str
    params: tuple[tuple[str, int | str], ...] = ()


@dataclass(frozen=True, slots=True)
class Level:
    cost: int  # Lv cost: cores needed on the card (2-8-3)
    bp: int | None  # spirits only (2-9)
    true_release: bool = False  # 《真界放》 printed at this Lv cost (12-2-1-1-1)


@dataclass(frozen=True, slots=True)
class CardDef:
    number: str
    name: str
    kind: str
    colors: tuple[str, ...]
    cost: int
    reduction: tuple[tuple[str, int], ...]
    levels: tuple[Level, ...]
    symbols: tuple[tuple[str, int], ...]
    ex: bool
    families: tuple[str, ...]
    succession: bool
    effects: tuple[Effect, ...]
    soul_magic: tuple[tuple[str, int], ...] = ()  # 《靈魂魔法》: the symbols it needs (12-2-1-2-1)
    keywords: tuple[Keyword, ...] = ()  # in the printed order, a repeat kept (12-1-3)
    # Derived once, read on every legal-action listing: the symbols (life damage, 8-1-5-1),
    # the reduction symbols (11-1-1-4-1), the Lv1 cost (0 for a magic) and how it is played.
    symbol_count: int = field(init=False, compare=False, repr=False)
    reduction_count: int = field(init=False, compare=False, repr=False)
    lv1: int = field(init=False, compare=False, repr=False)
    play: str = field(init=False, compare=False, repr=False)
    kind_code: int = field(init=False, compare=False, repr=False)  # SPIRIT, NEXUS or MAGIC
    # The card number's checksum: cards of other numbers are told apart by it without
    # comparing the text (equal sums still compare the numbers).
    number_sum: int = field(init=False, compare=False, repr=False)

    timings: frozenset[str] = field(init=False, compare=False, repr=False)
    timing_bits: int = field(init=False, compare=False, repr=False)  # the timings' TIMING_BITS
    # A magic's effects that can be chosen when it is used: all in a main step, [靈動] ones in a
    # flash timing (9-1-7-1-3, 12-2-1-5-1); empty for spirits and nexuses.
    magic_effects: tuple[int, ...] = field(init=False, compare=False, repr=False)
    flash_effects: tuple[int, ...] = field(init=False, compare=False, repr=False)
    hand_effects: tuple[int, ...] = field(init=False, compare=False, repr=False)  # a spirit's or nexus's (5-12-2)
    # Cores needed to play it (cost, then the Lv1 cost: 11-1-1-5, 11-1-1-6) with no reduction
    # (``full``) and with every reduction symbol met (``least``): bounds that spare counting.
    full: int = field(init=False, compare=False, repr=False)
    least: int = field(init=False, compare=False, repr=False)
    activated: bool = field(init=False, compare=False, repr=False)  # has an activated effect (9-1-6)
    replaces: bool = field(init=False, compare=False, repr=False)  # has a replacement effect (9-1-8)
    changes_cost: bool = field(init=False, compare=False, repr=False)  # has a cost change (11-1-1-2-1)
    clash: bool = field(init=False, compare=False, repr=False)  # has 【激突】 (12-1-1)
    cannot_block: bool = field(init=False, compare=False, repr=False)  # has a 「無法阻擋」 effect
    stops_draw: bool = field(init=False, compare=False, repr=False)  # has a 「對手無法抽牌」 effect (1-4-3)
    negates: frozenset[str] = field(init=False, compare=False, repr=False)  # the opponent's timings it stops

    def __post_init__(self) -> None:
        object.__setattr__(self, "timings", frozenset(e.timing for e in self.effects))
        object.__setattr__(self, "timing_bits", timing_bits(self.timings))
        object.__setattr__(self, "symbol_count", sum(n for _, n in self.symbols))
        object.__setattr__(self, "reduction_count", sum(n for _, n in self.reduction))
        object.__setattr__(self, "lv1", self.levels[0].cost if self.levels else 0)
        object.__setattr__(self, "play", played_by(self.kind, self.number))
        object.__setattr__(self, "kind_code", KINDS.index(self.kind))
        object.__setattr__(self, "number_sum", zlib.crc32(self.number.encode()))
        full, least = self.bounds(0)
        object.__setattr__(self, "full", full)
        object.__setattr__(self, "least", least)
        object.__setattr__(self, "activated", not self.timings.isdisjoint(ACTIVATED_TIMINGS))
        object.__setattr__(self, "replaces", not self.timings.isdisjoint(REPLACEMENT_TIMINGS))
        object.__setattr__(self, "changes_cost", any(e.action in COST_ACTIONS for e in self.effects))
        object.__setattr__(self, "clash", any(k.name == "clash" for k in self.keywords))
        object.__setattr__(self, "cannot_block", any(e.action == "cannot_block" for e in self.effects))
        object.__setattr__(self, "stops_draw", any(e.action == "opponent_cannot_draw" for e in self.effects))
        object.__setattr__(self, "negates", frozenset(e.negates for e in self.effects if e.negates))
        magic = self.kind == "magic"
        object.__setattr__(self, "magic_effects", tuple(range(len(self.effects))) if magic else ())
        object.__setattr__(self, "flash_effects",
                           tuple(i for i, e in enumerate(self.effects) if magic and e.timing == "flash"))
        object.__setattr__(self, "hand_effects",
                           tuple(i for i, e in enumerate(self.effects) if e.timing in HAND_TIMINGS))

    def bounds(self, change: int) -> tuple[int, int]:
        """``full`` and ``least`` for the cost changed by ``change`` (11-1-1-2-1), never below
        0 (2-2-2)."""
        return max(0, self.cost + change) + self.lv1, max(0, self.cost + change - self.reduction_count) + self.lv1

    @property
    def true_release(self) -> bool:
        """Whether the card holds 《真界放》: printed at its Lv2 cost (12-2-1-1-1)."""
        return len(self.levels) > 1 and self.levels[1].true_release

    @property
    def deck_name(self) -> str:
        """The name that 6-1-1-2 counts: the printed name with its name-ID (2-1-4)."""
        return self.name

    @property
    def base_name(self) -> str:
        """The name without a name-ID: what effects naming a card refer to (2-1-4)."""
        return _NAME_ID.sub("", self.name)


@dataclass(frozen=True)
class Deck:
    name: str
    cards: tuple[CardDef, ...]  # one entry per copy, in card-number order (see __post_init__)
    path: str = ""
    # Whether a card changes costs (11-1-1-2-1): a game of decks without one never looks for them.
    changes_cost: bool = field(init=False, compare=False, repr=False)
    # Whether a card has an effect used from the hand (5-12-2): listed only for such a deck.
    uses_from_hand: bool = field(init=False, compare=False, repr=False)
    # Whether a card stops the opponent's effects of a timing: a game of decks without one never looks.
    negates: bool = field(init=False, compare=False, repr=False)
    # The timings of its cards' effects: a step whose timing no card of the turn player's
    # deck has triggers nothing, without a look at their field.
    timings: frozenset[str] = field(init=False, compare=False, repr=False)
    timing_bits: int = field(init=False, compare=False, repr=False)
    # Whether a card has an activated effect (9-1-6-1): of any timing, and of one used
    # outside a battle (【起動：主要】, 【起動：靈動】); a listing for a deck without one never
    # walks the field for them (effects.activatable).
    activates: bool = field(init=False, compare=False, repr=False)
    activates_outside_battle: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # A deck is shuffled before play (6-2-1-2), so the order its cards are given in means
        # nothing; a game numbers them by card number, so that a state read back from JSON
        # numbers its cards as the state it was written from, whatever order its list is in.
        object.__setattr__(self, "cards", grouped(self.cards))
        object.__setattr__(self, "changes_cost", any(c.changes_cost for c in self.cards))
        object.__setattr__(self, "uses_from_hand", any(c.hand_effects for c in self.cards))
        object.__setattr__(self, "negates", any(c.negates for c in self.cards))
        object.__setattr__(self, "timings", frozenset(t for c in self.cards for t in c.timings))
        object.__setattr__(self, "timing_bits", timing_bits(self.timings))
        object.__setattr__(self, "activates", any(t in self.timings for t in ACTIVATED_TIMINGS))
        object.__setattr__(self, "activates_outside_battle", any(t in self.timings for t in ACTIVATED_TIMINGS[:2]))

    def to_json(self) -> dict:
        counts: dict[str, int] = {}
        for c in self.cards:
            counts[c.number] = counts.get(c.number, 0) + 1
        return {"name": self.name, "cards": counts}


def grouped(cards: tuple[CardDef, ...]) -> tuple[CardDef, ...]:
    """The cards in card-number order, the copies of each together (stable: the same tuple when
    they already are)."""
    out = tuple(sorted(cards, key=_number))
    return cards if out == cards else out


def _number(card: CardDef) -> str:
    return card.number


# ---------------------------------------------------------------- reading YAML


def _colors(d: dict, key: str, where: str, clause: str) -> tuple[tuple[str, int], ...]:
    raw = d.get(key) or {}
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: '{key}' must map colors to counts ({clause})")
    out = []
    for color in COLORS:  # a fixed order, never the file's or a hash's
        if color in raw:
            out.append((color, integer(raw[color], at(at(where, key), color), 1, clause=clause)))
    unknown = sorted(set(raw) - set(COLORS))
    if unknown:
        raise CardDataError(f"{where}: unknown color(s) {', '.join(map(str, unknown))} in '{key}' (2-11-1-1)")
    return tuple(out)


def _action(d: dict, where: str) -> tuple:
    """What one part of an effect does: ``do``, its count ``n``, the BP bound ``max_bp``, the
    kinds of card its target may be (:func:`_target_kinds`) and how many it chooses
    (:func:`_target_count`)."""
    action = d.get("do")
    if action not in EFFECT_ACTIONS:
        raise CardDataError(f"{where}: unknown effect {action!r} (known: {', '.join(EFFECT_ACTIONS)}) (9-1-1)")
    max_bp = d.get("max_bp")
    if max_bp is not None:
        max_bp = integer(d.get("max_bp"), at(where, "max_bp"), clause="9-2-2")
    plus = d.get("plus")
    if plus is not None and plus not in COUNTS:
        raise CardDataError(f"{where}: 'plus' adds a count to n, one of {', '.join(COUNTS)}, got {plus!r} (1-4-2-3)")
    return (action, integer(d.get("n", 1), at(where, "n"), -99, clause="1-4-5"), max_bp,
            _target_kinds(d, where, action),
            *_target_count(d, where, action), plus)


@cites("9-3-2", "9-3-2-1", "1-4-5-1")
def _target_count(d: dict, where: str, action: str) -> tuple[int, bool, int | None]:
    """How many targets a targeted part chooses: ``count`` of them (「指定…2張」), as many as
    it can (9-3-2-1), or with ``up_to`` (「最多」) any number up to it, 0 included (9-3-2-1,
    1-4-5-1); and a summon from the hand's cost bound ``max_cost``. Only a targeted part
    names them."""
    given = TARGET_KEYS & set(d)
    if given and action not in TARGETED or "max_cost" in d and action != "summon_from_hand":
        raise CardDataError(f"{where}: only a targeted part ({', '.join(TARGETED)}) chooses a 'count' of targets, "
                            f"'up_to' that many; only summon_from_hand has a 'max_cost' (9-3-2)")
    up_to = boolean(d.get("up_to", False), at(where, "up_to"), "「最多」, 1-4-5-1")
    max_cost = integer(d.get("max_cost"), at(where, "max_cost"), clause="2-2-1") if "max_cost" in d else None
    return integer(d.get("count", 1), at(where, "count"), 1, clause="9-3-2-1"), up_to, max_cost


@cites("5-18-1")
def _target_kinds(d: dict, where: str, action: str) -> tuple[str, ...]:
    """The kinds of card a targeted part may choose: a spirit, unless ``target`` names them
    as printed — 「靈魂卡/核心卡」 ``spirit/nexus``, where "/" marks the range the choice is
    made from: a spirit or a nexus (5-18-1). A BP bound is a spirit's: it names no nexus."""
    raw = d.get("target")
    if raw is None:
        return ("spirit",)
    kinds = str(raw).split("/")
    if action not in ANY_FIELD_TARGET or len(set(kinds)) != len(kinds) or not set(kinds) <= {"spirit", "nexus"} \
            or "nexus" in kinds and d.get("max_bp") is not None:
        raise CardDataError(f"{where}: 'target' names the kinds of card ('spirit', 'nexus', 'spirit/nexus') a "
                            f"{', '.join(ANY_FIELD_TARGET)} chooses, a nexus without a BP bound (5-18-1)")
    return tuple(k for k in ("spirit", "nexus") if k in kinds)


def _steps(raw, where: str, timing: str) -> tuple[Step, ...]:
    """The parts after the first (5-19); constant and replacement effects have one part."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or not raw or EFFECT_KIND[timing] in UNRESOLVED_KINDS:
        raise CardDataError(f"{where}: 'steps' must be a non-empty list, on a triggered, activated "
                            f"or magic effect (5-19)")
    out = []
    for k, d in enumerate(raw, start=2):
        here = f"{where}: part {k}"
        if not isinstance(d, dict) or d.get("link") not in LINKS:
            raise CardDataError(f"{here}: a later part needs a 'link', one of {', '.join(LINKS)} (5-19)")
        closed(d, STEP_KEYS, here, "a part of an effect")
        step = Step(d["link"], *_action(d, here))
        if step.action == "search":
            raise CardDataError(f"{here}: a search names the 'kind' it looks for: only the first part can (9-3-2-2)")
        out.append(step)
    return tuple(out)


def _effect(d, where: str, kind: str) -> Effect:
    if not isinstance(d, dict):
        raise CardDataError(f"{where}: an effect must be a mapping (9-1-1)")
    closed(d, EFFECT_KEYS, where, "an effect")
    timing = d.get("timing")
    allowed = MAGIC_TIMINGS if kind == "magic" else \
        TRIGGER_TIMINGS + CONSTANT_TIMINGS + ACTIVATED_TIMINGS + REPLACEMENT_TIMINGS + HAND_TIMINGS
    if timing not in allowed:
        raise CardDataError(f"{where}: timing {timing!r} is not one of {', '.join(allowed)} for a {kind} "
                            f"({'9-1-7' if kind == 'magic' else '9-1-3'})")
    action, n, max_bp, target_kinds, count, up_to, max_cost, plus = _action(d, where)
    if timing in CONSTANT_TIMINGS and action not in CONSTANT_ACTIONS \
            or action in ONLY_CONSTANT and timing != "constant":
        raise CardDataError(f"{where}: a constant effect raises BP ('do: bp_plus') or, as 'timing: constant', "
                            f"changes a cost (own_cost, opponent_cost) or keeps its spirit from blocking "
                            f"(cannot_block); they are only constant (9-1-4-1, 9-1-2-2, 11-1-1-2-1)")
    if timing in REPLACEMENT_TIMINGS and action not in REPLACING_ACTIONS:
        raise CardDataError(f"{where}: a replacement effect does one of {', '.join(REPLACING_ACTIONS)} "
                            f"instead (9-1-8-1)")
    steps = _steps(d.get("steps"), where, timing)
    for self_action in STANDBY_ACTIONS:
        if timing not in STANDBY_TIMINGS and (action == self_action or any(st.action == self_action for st in steps)):
            raise CardDataError(f"{where}: {self_action!r} reaches the card in the standby state: only an effect "
                                f"working there can do it (10-2-2-4)")
    pay = d.get("pay")
    needs_pay = timing in ACTIVATED_TIMINGS and timing not in dict(BATTLE_ACTIVATED)
    if (pay is None and needs_pay) or (pay is not None and (timing not in ACTIVATED_TIMINGS
                                                             or pay not in ACTIVATION_COSTS)):
        raise CardDataError(f"{where}: an activated effect, and only it, has 'pay' before ▶ "
                            f"(one of: {', '.join(ACTIVATION_COSTS)}); 【起動】 ones need it (9-1-6-2)")
    limit = d.get("limit")
    if limit is not None and limit not in LIMITS:
        raise CardDataError(f"{where}: unknown restriction {limit!r} (known: {', '.join(LIMITS)}) (12-3)")
    during = d.get("during")
    if during is not None and (during not in DURING or timing not in TRIGGER_TIMINGS
                               or timing in ("when_attacks", "when_blocks")):
        raise CardDataError(f"{where}: 'during' ({', '.join(DURING)}) makes a triggered effect other than "
                            f"when_attacks or when_blocks a 『攻擊中』 / 『防禦中』 one (12-2-1-8-2, 12-2-1-10-2)")
    return Effect(timing, action, n, max_bp, limit,
                  integer(d.get("min_level", 1), at(where, "min_level"), 1, clause="12-2-1-1-3"), pay,
                  steps, during, _condition(d, where, timing), *_cost_filter(d, where, action, n),
                  target_kinds=target_kinds, count=count, up_to=up_to, max_cost=max_cost,
                  negates=_negates(d, where, action), plus=plus)


@cites("9-1-2-1", "10-2-2-4", "12-2-1-1-2")
def _negates(d: dict, where: str, action: str) -> str | None:
    """The timing of the opponent's triggered effects a ``negate_opponent`` effect keeps from
    taking effect (「對手的『召喚時』效果不發揮」, an effect that stops effects: 10-2-2-4), or
    ``all`` of them (「對手的靈魂卡的效果不發揮」: effects only — what the rules do, such as
    《真界放》's Lv2 with the soul core, still happens: 12-2-1-1-2) — a 「無法」 one, which
    wins (9-1-2-1). Only it names one, and it must."""
    negates = d.get("negates")
    if (negates is None) != (action != "negate_opponent") \
            or negates is not None and negates not in TRIGGER_TIMINGS + ("all",):
        raise CardDataError(f"{where}: 'negates' names the timing ({', '.join(TRIGGER_TIMINGS)}) of the opponent's "
                            f"effects a negate_opponent effect stops, or 'all', and only it has one (10-2-2-4)")
    return negates


def _condition(d: dict, where: str, timing: str) -> tuple[str, int] | None:
    """An effect's ``if``: one condition of CONDITIONS and its number, on an effect that
    resolves — triggered, activated or a magic's (9-2-1, 9-3-1-1)."""
    raw = d.get("if")
    if raw is None:
        return None
    if not isinstance(raw, dict) or len(raw) != 1 or next(iter(raw)) not in CONDITIONS \
            or EFFECT_KIND[timing] in UNRESOLVED_KINDS:
        raise CardDataError(f"{where}: 'if' is one condition ({', '.join(CONDITIONS)}: n) on a triggered, "
                            f"activated or magic effect (9-2-1)")
    name = next(iter(raw))
    return name, integer(raw.get(name), at(f"{where}: if", name), clause="9-2-1")


def _cost_filter(d: dict, where: str, action: str, n: int) -> tuple[str | None, str | None]:
    """The ``color`` and ``kind`` of the cards a cost change applies to; only a cost change
    names them (11-1-1-2-1) — and a search its ``kind``, which it needs, choosing one card
    (9-3-2-2)."""
    color, kind = d.get("color"), d.get("kind")
    if (color is not None and action not in COST_ACTIONS or kind is not None and action not in KIND_ACTIONS) \
            or color is not None and color not in COLORS or kind is not None and kind not in KINDS:
        raise CardDataError(f"{where}: only a cost change names a 'color' ({', '.join(COLORS)}) or a 'kind' "
                            f"({', '.join(KINDS)}) of the cards it changes (11-1-1-2-1); a search a 'kind'")
    if action == "search" and (kind is None or n != 1):
        raise CardDataError(f"{where}: a search chooses 1 card ('n: 1') of a 'kind' ({', '.join(KINDS)}) "
                            f"in the deck (9-3-2-2)")
    return color, kind


@cites("3-2-5", "3-2-5-2", "3-3-3", "3-3-3-1", "12-2-1-1-1")
def _levels(raw, where: str, kind: str) -> tuple[Level, ...]:
    """A card's Lvs: a spirit has Lvs, each with its Lv cost — the cores printed beside it —
    and its BP (3-2-5, 3-2-5-2); a nexus has Lvs with Lv costs and no BP (3-3-3, 3-3-3-1); a
    magic has neither (3-4). 《真界放》 is printed at the Lv2 cost of a spirit or nexus, and
    only there (12-2-1-1-1)."""
    if kind == "magic":
        if raw:
            raise CardDataError(f"{where}: a magic has no Lv (3-4)")
        return ()
    if not isinstance(raw, list) or not raw:
        raise CardDataError(f"{where}: a {kind} needs a list of levels with their Lv costs "
                            f"({'3-2-5-2' if kind == 'spirit' else '3-3-3-1'})")
    out: list[Level] = []
    for i, lv in enumerate(raw, start=1):
        here = f"{where}: Lv{i}"
        if not isinstance(lv, dict):
            raise CardDataError(f"{here}: expected a mapping with cost and bp (2-8-3)")
        closed(lv, LEVEL_KEYS, here, "a Lv")
        cost = integer(lv.get("cost"), at(here, "cost"), 1 if kind == "spirit" and i == 1 else 0,
                       clause="3-2-5-2, 2-8-3-1" if kind == "spirit" else "3-3-3-1, 2-8-3-1")
        if out and cost <= out[-1].cost:
            raise CardDataError(f"{here}: Lv cost {cost} must exceed Lv{i - 1}'s {out[-1].cost} (2-8-3)")
        if kind == "nexus" and "bp" in lv:
            raise CardDataError(f"{here}: a nexus has a Lv but no BP; BP is a spirit's (3-3-3, 3-2-5)")
        bp = integer(lv.get("bp"), at(here, "bp"), clause="3-2-5, 2-9-1") if kind == "spirit" else None
        true_release = boolean(lv.get("true_release", False), at(here, "true_release"), "12-2-1-1-1")
        if true_release and i != 2:
            raise CardDataError(f"{here}: 《真界放》 ('true_release: true') is printed at the Lv2 cost only "
                                f"(12-2-1-1-1)")
        out.append(Level(cost, bp, true_release))
    if kind == "nexus" and out[0].cost != 0:
        raise CardDataError(f"{where}: a nexus's Lv1 cost is 0 (3-3-3-3)")
    return tuple(out)


def card_from_dict(d, source: str, index: int = 0) -> CardDef:
    """One card record, the ``index``-th of ``source`` (a file, or a position's ``cards[0]``):
    errors name the source and the card, by number (``#1``, by place, when it has none)."""
    number = d.get("number") if isinstance(d, dict) else None
    where = card_where(source, number if isinstance(number, str) and number else f"#{index + 1}")
    closed(d, CARD_KEYS, where, "a card")
    if not isinstance(number, str) or not number:
        raise CardDataError(f"{where}: a card needs its card number (2-12-1)")
    name = d.get("name")
    if not isinstance(name, str) or not name:
        raise CardDataError(f"{where}: a card needs its name (2-1-1)")
    kind = choice(d.get("kind"), KINDS, at(where, "kind"), "3-1, 2-5-2")
    colors = d.get("colors") or []
    if not isinstance(colors, list) or not colors or any(c not in COLORS for c in colors):
        raise CardDataError(f"{where}: colors must be a non-empty list of {', '.join(COLORS)} (2-11-1-1)")
    levels = _levels(d.get("levels"), where, kind)
    return CardDef(
        number=number, name=name, kind=kind, colors=tuple(c for c in COLORS if c in colors),
        cost=integer(d.get("cost"), at(where, "cost"), clause="2-2-1"),
        reduction=_colors(d, "reduction", where, "2-3-1"),
        levels=levels, symbols=_colors(d, "symbols", where, "2-10-1"), ex=bool(d.get("ex", False)),
        families=tuple(str(f) for f in d.get("families") or ()), succession=bool(d.get("succession", False)),
        effects=_effects(d.get("effects"), where, kind),
        soul_magic=_soul_magic(d, where, kind), keywords=_keywords(d.get("keywords"), where, kind),
    )


@cites("5-2-1", "9-1-1")
def _effects(raw, where: str, kind: str) -> tuple[Effect, ...]:
    """A card's effects: the text written at their place on the card (5-2-1), an element
    the card holds and through which it affects the game (9-1-1) — so each must be one the
    engine can carry out (:func:`_effect`), in the printed order; none is ignored."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise CardDataError(f"{where}: effects must be a list (9-1-1)")
    return tuple(_effect(e, f"{where}: effect {i}", kind) for i, e in enumerate(raw, start=1))


@cites("12-2-1", "12-1-1", "9-1-3")
def holds(card: CardDef, what: str, name: str) -> bool:
    """Whether a card holds a piece of the vocabulary (:data:`RULEBOOK_EFFECTS`' kinds, and
    ``action`` and ``link`` for what a part does and how it is joined): a common effect
    — one spirit, nexus and magic cards alike may hold (12-2-1) — a keyword effect (12-1-1),
    an effect of a timing (9-1-3) and so on."""
    if what == "field":
        return bool(getattr(card, name))
    if what == "keyword":
        return any(k.name == name for k in card.keywords)
    parts = [p for e in card.effects for p in (e, *e.steps)]
    if what == "action":
        return any(p.action == name for p in parts)
    if what == "link":
        return any(st.link == name for e in card.effects for st in e.steps)
    if what == "condition":
        return any(e.condition is not None and e.condition[0] == name for e in card.effects)
    return any(getattr(e, what) == name for e in card.effects)  # timing, limit, during


@cites("3-1", "3-2-1", "3-3-1", "3-4-1")
def played_by(kind: str, number: str) -> str:
    """How a card of this kind is played, one of the three kinds (3-1): a spirit card is
    summoned to the field, a nexus card deployed there, a magic card used — it then goes to
    the trash, never to the field (3-2-1, 3-3-1, 3-4-1)."""
    return PLAYED_BY[choice(kind, KINDS, f"card {number}: kind", "3-1")]


@cites("5-2-2", "12-1-1", "12-1-2", "12-1-3")
def _keywords(raw, where: str, kind: str) -> tuple[Keyword, ...]:
    """A card's keyword effects (5-2-2, 12-1-1): each a ``name`` of :data:`KEYWORDS`, on a
    card of a kind that has it, with exactly the parameters △△ its 【○○：△△】 form takes —
    none for one printed 【○○】 (12-1-2). The same keyword may come several times (12-1-3)."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise CardDataError(f"{where}: 'keywords' must be a list of keyword effects (12-1-1)")
    out = []
    for i, k in enumerate(raw, start=1):
        here = f"{where}: keyword {i}"
        name = k.get("name") if isinstance(k, dict) else None
        if name not in KEYWORDS:
            raise CardDataError(f"{here}: unknown keyword effect {name!r} (known: {', '.join(KEYWORDS)}) (12-1-1)")
        kinds, params = KEYWORDS[name]
        if kind not in kinds:
            raise CardDataError(f"{here}: a {kind} has no {name!r}: only a {' or '.join(kinds)} (12-1-1)")
        given = sorted(set(k) - {"name"})
        if given != sorted(params):
            raise CardDataError(f"{here}: {name!r} takes the parameters ({', '.join(params) or 'none'}), "
                                f"got ({', '.join(given) or 'none'}) (12-1-2)")
        out.append(Keyword(name, tuple((p, k[p]) for p in params)))
    return tuple(out)


def _soul_magic(d: dict, where: str, kind: str) -> tuple[tuple[str, int], ...]:
    """The symbols a 《靈魂魔法》 needs on the field; only a magic has it (12-2-1-2-1)."""
    if "soul_magic" in d and (kind != "magic" or not d["soul_magic"]):
        raise CardDataError(f"{where}: 'soul_magic' names the symbols a magic needs (12-2-1-2-1)")
    return _colors(d, "soul_magic", where, "12-2-1-2-1")


@cites("2-12-3")
def load_pool(path: Path | str | None = None, text: str | None = None) -> dict[str, CardDef]:
    """The card pool by card number; one number is one card (2-12-3), so a repeat is an error."""
    path = path or data_path(__package__, "cards.yaml")
    rows = listed(path, "cards", str(path), text)
    return {c.number: c for c in numbered([card_from_dict(d, str(path), i) for i, d in enumerate(rows)], str(path),
                                          "2-12-3")}


@cites("6-1-1-1", "3-2-2", "3-3-2", "3-4-2")
def load_deck(path: Path | str, pool: dict[str, CardDef], text: str | None = None) -> Deck:
    """A deck file ``{name, cards: {card number: copies}}``, checked against 6-1. A deck is
    made of spirit, nexus and magic cards (6-1-1-1; 3-2-2, 3-3-2, 3-4-2): cards of the pool,
    each of one of the three kinds (:func:`played_by`); any other entry is refused."""
    data = closed(read_file(path, text), {"name", "cards"}, str(path))
    counts = read_copies(data.get("cards"), pool, "cards", str(path), "6-1-1-1")
    cards = [pool[number] for number, copies in counts for _ in range(copies)]
    deck = Deck(str(data.get("name") or Path(str(path)).stem), tuple(cards), str(path))
    check_deck(deck)
    return deck


def deck_from_data(data: Any) -> Deck:
    """A deck from a replay log or a state, ``{"name", "cards": {card number: copies}}``:
    unknown cards and impossible counts are refused naming the field. A state's decks need
    not be ones a game could start with (a position's are partial)."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
        raise CardDataError("expected {name, cards: {card number: copies}}", field="cards")
    unknown = sorted(str(k) for k in data if k not in ("name", "cards"))
    if unknown:
        raise CardDataError("unknown field of a deck", field=unknown[0])
    pool = shipped_pool()
    cards = [pool[number] for number, copies in read_copies(data["cards"], pool, "cards") for _ in range(copies)]
    return Deck(str(data.get("name", "")), tuple(cards))  # checked against 6-1 when a game is set up with it

# Decks that passed check_deck, by id, each kept alive here so that its id stays its own:
# every game of a benchmark or a tournament checks the same two decks again.
_CHECKED: Final[dict[int, Deck]] = {}


@cites("6-1-1", "6-1-1-2", "6-1-1-2-1", "2-1-4")
def check_deck(deck: Deck) -> None:
    """Deck construction: at least 40 cards (6-1-1), at most 3 of one name (6-1-1-2), where
    a name with a name-ID such as ``[2]`` counts apart from the same name without or with
    another ID (6-1-1-2-1, 2-1-4)."""
    if _CHECKED.get(id(deck)) is deck:  # a Deck never changes (frozen)
        return
    _check(deck)
    if len(_CHECKED) >= 64:
        _CHECKED.clear()
    _CHECKED[id(deck)] = deck


def _check(deck: Deck) -> None:
    where = deck.path or deck.name
    if len(deck.cards) < DECK_MINIMUM:
        raise CardDataError(f"{where}: deck {deck.name!r} has {len(deck.cards)} cards, "
                            f"at least {DECK_MINIMUM} are needed (6-1-1)")
    per_name: dict[str, list[str]] = {}
    for c in deck.cards:
        per_name.setdefault(c.deck_name, []).append(c.number)
    for name, numbers in per_name.items():
        if len(numbers) > COPIES_MAXIMUM:
            raise CardDataError(f"{where}: deck {deck.name!r} has {len(numbers)} cards named {name!r} "
                                f"({numbers[0]}), at most {COPIES_MAXIMUM} are allowed (6-1-1-2)")


# The test decks of data/decks/: the two of random play and the benchmark (kept as they are, so
# that its figures and logs compare), then the vocabulary decks, which play every later card.
DECKS: Final = ("red-blue", "green-white", "crimson-tide", "verdant-dawn", "violet-spark", "every-timing")


_SHIPPED: Final[list[dict[str, CardDef]]] = []


def shipped_pool() -> dict[str, CardDef]:
    """The test card pool (data/cards.yaml), read once per process: not to be changed."""
    if not _SHIPPED:
        _SHIPPED.append(load_pool())
    return _SHIPPED[0]


def test_decks() -> list[Deck]:
    """Every test deck shipped with the card pool, in :data:`DECKS` order."""
    pool = shipped_pool()
    return [load_deck(data_path(__package__, f"decks/{n}.yaml"), pool) for n in DECKS]


def default_decks() -> list[Deck]:
    """The two test decks of random play and the benchmark: red-blue and green-white."""
    pool = shipped_pool()
    return [load_deck(data_path(__package__, f"decks/{n}.yaml"), pool) for n in DECKS[:2]]
