"""Which paragraphs of the rulebook govern play, for the engine's clause coverage: every
paragraph (kind ``clause``) of chapters 1 to 9 but those of :data:`NOT_PLAY`, each with the
reason it is not the engine's business. The engine implements (``@cites``) and the tests
check (``@pytest.mark.clauses``) the rest; tests/engine/zero_dimension/test_coverage.py holds
the share of them to its floor and lists what is left with :data:`NOT_YET`, with why."""
from __future__ import annotations

from typing import Final

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
}

NOT_YET: Final[dict[str, str]] = {}
