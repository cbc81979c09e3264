"""Which records of the outline govern play, for the clause coverage of the engine: every
clause (kind ``clause``) but those below, each with the reason it is not the engine's
business; and the engine's readings of the outline (interpretations.yaml), which the site's
engine page shows."""
from __future__ import annotations

from importlib import resources
from typing import Final

from ...kb import store

PLAY_CHAPTERS: Final = frozenset(map(str, range(1, 16)))

TABLE: Final = "how the physical game is laid out at the table"
VISIBILITY: Final = "who may look at which cards: the engine holds the whole state; hiding it is the client's job"

NOT_PLAY: Final[dict[str, str]] = {  # number: why it is not the engine's business
    **{n: VISIBILITY for n in ("4.1.p2", "4.2.p2", "4.3.p2", "4.8.p2")},
    **{n: TABLE for n in ("4.11.p2",)},
}

POOL_LACKS: Final = "no card of the test pool does it, so nothing in the engine can be checked against it"

# Records that govern play and are not implemented yet, with why: the work left.
NOT_YET: Final[dict[str, str]] = {
    "6.5": "the 前/後 (just before, just after) timings: the pool's effects all trigger 時 (at the moment); "
           + POOL_LACKS,
    "6.10": "declining an effect that targets hidden cards: the engine always resolves 尋找 when it can (no choice asked)",
    "7.3": "a magic card whose condition fails between its use and its resolution: in the engine nothing can "
           "come between them",
    "9.4": "once-a-turn effects used again after leaving and entering: " + POOL_LACKS,
    "15.c3.k1.7": "combined units holding both players' cards: " + POOL_LACKS,
    "15.c3.k1.8": "a combination whose target is an enemy unit: " + POOL_LACKS,
    "15.c3.k1.9": "a combined unit treated as another special type: " + POOL_LACKS,
    "15.c3.k2.7": "a mechanical fusion phase made by an effect: " + POOL_LACKS,
    "15.c5.k4.3": "a unit summoned at the end phase onto a place whose 衰退 resolved: " + POOL_LACKS,
    "15.c5.k5.3": "magic cards on the field as units, kidnapped: " + POOL_LACKS,
    "15.c6.k1.3": "losing charge-energy limit: " + POOL_LACKS,
}


def read_interpretations() -> list[dict]:
    """The readings of interpretations.yaml: id, test, clauses, question, reading, why."""
    text = resources.files(__package__).joinpath("interpretations.yaml").read_text(encoding="utf-8")
    return list(store.load_yaml(text, "interpretations.yaml"))


INTERPRETATIONS: Final = read_interpretations()
