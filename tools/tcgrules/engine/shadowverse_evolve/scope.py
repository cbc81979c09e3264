"""Which clauses of the zh-Hans comprehensive rules govern play, for the clause coverage of
the engine: every clause (kind ``clause``) but those below, each with the reason it is not
the engine's business. The engine implements (``@cites``) and the tests check
(``@pytest.mark.clauses``) the rest; tests/engine/shadowverse_evolve/test_sve_coverage.py
holds the share of them to at least 95 % and lists what is left with :data:`NOT_YET`.
"""
from __future__ import annotations

from typing import Final


# Every chapter holds clauses of play; NOT_PLAY names those that are not.
PLAY_CHAPTERS: Final = frozenset(map(str, range(1, 16)))

CARD_FACE: Final = "what is printed on the card and how (icons, art, flavour, rarity, notes): no rule of play"
VISIBILITY: Final = "who may look at which cards: the engine holds the whole state; hiding it is the client's job"
TABLE: Final = "how the physical game is laid out at the table"
HEADING: Final = "an introduction to the clauses that follow, which say what it says"

NOT_PLAY: Final[dict[str, str]] = {  # number: why it is not the engine's business
    # chapter 2: the card face
    **{n: CARD_FACE for n in ("2.2.2", "2.6.2", "2.7.1.1", "2.8.1.1", "2.9.1", "2.9.2", "2.10.1", "2.10.2", "2.11.1",
                              "2.11.2", "2.12.1", "2.12.2", "2.13.1", "2.13.3", "2.4.2", "12.2.1.1", "12.3.2.1",
                              "12.3.3.1", "12.4.2", "12.5.2", "14.2.2.2")},
    # who may see what
    **{n: VISIBILITY for n in ("4.1.2", "4.1.2.1", "4.1.2.2", "4.1.5.1", "4.2.3", "4.2.3.1", "4.2.3.2", "4.2.3.3",
                               "4.3.2", "4.4.2", "4.5.2", "4.6.2", "4.7.2", "4.8.2", "4.9.2", "4.10.2",
                               "4.11.2", "4.12.2", "4.13.2", "5.7.1.2", "5.20.1", "5.20.1.1", "10.6.2.1.1")},
    # the table
    **{n: TABLE for n in ("4.2.2.1", "4.2.2.2", "9.1.5", "15.1.3")},
    # headings
    **{n: HEADING for n in ("5.1.1", "6.2.1", "8.1.1", "13.1.1", "14.1.1", "5.13.3")},
    "13.3.1.4": "empty in the source text (only its sub-clause 13.3.1.4.1 has text)",
    "1.3.1": "card text over the rules: the pool's cards are written as data that keeps to the rules",
}

CHOICE: Final = "needs a choice in the middle of an effect that the choice mechanism (choices.py) does not ask yet"

# Clauses that govern play and are not implemented yet, with why: the work left.
NOT_YET: Final[dict[str, str]] = {
    **{n: CHOICE for n in (
        "10.10.2", "10.10.2.1", "10.10.2.2",  # the affected player orders replacement effects on one event
    )},
    "15.2.1.1": "a loop shortened by agreement (shown once, repeated n times): the engine plays every action one "
                "by one, so a loop the players may stop is played out, each free to act between two steps",
    "15.2.1.3": "a loop no player can stop: no combination of the pool's automatic abilities repeats by itself",
}
