"""Which paragraphs of the rulebook govern play, for the engine's clause coverage: every
paragraph (kind ``clause``) of chapters 1 to 9 but those of :data:`NOT_PLAY`, each with the
reason it is not the engine's business. The engine implements (``@cites``) and the tests
check (``@pytest.mark.clauses``) the rest; tests/engine/zero_dimension/test_zd_coverage.py holds
the share of them to its floor and lists what is left with :data:`NOT_YET`, with why."""
from __future__ import annotations

from typing import Final

from .cards import load_interpretations

PLAY_CHAPTERS: Final = frozenset(map(str, range(1, 10)))

CARD_FACE: Final = "what is printed on the card and how (frame, icons, rarity, number, copyright, series)"
VISIBILITY: Final = "who may look at which cards: the engine holds the whole state; hiding it is the client's job"
TABLE: Final = "how the physical cards lie on the table (one face-down pile)"
HEADING: Final = "an introduction to the paragraphs that follow, which say what it says"
EVENT: Final = "the organisers' rules for tournaments, not the game's"

NOT_PLAY: Final[dict[str, str]] = {
    **{n: CARD_FACE for n in ("103.p1", "301.p1", "304.p1", "304.p2", "305.p1", "305.p2", "306.p1", "306.p2",
                              "313.p1", "313.p2", "314.p1", "315.p1", "316.p1", "317.p3", "317.p5", "317.p10",
                              "317.p12", "328.p1")},
    **{n: VISIBILITY for n in ("201.p3", "202.p3", "203.p3", "204.p6", "207.p2", "208.p3", "322.p4", "324.p2",
                               "614.p3")},
    **{n: TABLE for n in ("201.p2", "202.p2", "325.p2")},
    **{n: HEADING for n in ("300.p1", "302.p2", "307.p1", "405.p4", "623.p4", "701.p4", "700.p1")},
    **{n: EVENT for n in ("100.p1", "903.p1")},
    "102.p1": "card text over the rules: the pool's cards are written as data that keeps to the rules",
    "702.p1": "how a triggered ability's text is written (当…时) and which printed texts read so: the pool's cards "
              "are data with their timing named, not text",
}


def _each(numbers: str, why: str) -> dict[str, str]:
    return dict.fromkeys(numbers.split(), why)


NO_CARD: Final = "no card of the test pool does this yet, so the engine has no such effect to play"

# Paragraphs that govern play and are not implemented and tested yet, with why: the work left.
NOT_YET: Final[dict[str, str]] = {
    "900.k25.p4": "a deck's top card revealed and revealed again (英雄呼唤 then does not trigger): no effect of the pool "
                  "leaves a card revealed",
    "616.p3": "a card revealed that is revealed again: no effect of the pool leaves a card revealed",
    "900.k27.p5": "a character that cannot leave the battle zone (高速换装 sends it to the rest area anyway): " + NO_CARD,
    "625.p2": "cards leaving a zone because another card's effect used them: " + NO_CARD,
    "622.p3": "a swap whose card left or no longer fits when it is done: the engine's 互换 chooses its cards as it "
              "resolves, so nothing can change in between",
    "706.p7": "copies of a card being used: " + NO_CARD,
    "811.p4": "effects made invalid in the rest area: " + NO_CARD,
    "201.p5": "playing with the deck's top card revealed: " + NO_CARD,
    **_each("623.p3 623.p4.2 623.p4.2.p1 625.p1", "cards an effect lets a player use from elsewhere, and effects "
            "that tell a card used from one put into play by an effect: " + NO_CARD),
    **_each("507.p1 507.p2 507.p3 507.p4 507.p5 507.p6", "复数战斗 (attacking several characters): " + NO_CARD),
    "705.p4": "effects with several objects: " + NO_CARD,
    **_each("700.p4 700.p9 307.p5", "conditions of using or triggering an effect "
            "(额外条件, 若…): no card of the pool has one"),
    "328.p3": "a purple card's own cost requirement: the pool's purple cards have none",
    "101.p5": "a player who wins and loses at once: the game has no way to win but the other player losing",
    **_each("101.p7 901.p1 901.p2 901.p3 901.p4 901.p5 901.p6", "loops (死循环): the engine plays every action one by "
            "one, so a loop the players may stop is played out; no combination of the pool's abilities repeats by "
            "itself"),
}

# The readings the engine takes where the rulebook is silent or contradicts itself
# (data/interpretations.yaml), which the site's engine page shows.
INTERPRETATIONS: Final = load_interpretations()
