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

NOT_YET: Final[dict[str, str]] = {}


def read_interpretations() -> list[dict]:
    """The readings of interpretations.yaml: id, records, issue, reading, why."""
    text = resources.files(__package__).joinpath("interpretations.yaml").read_text(encoding="utf-8")
    return list(store.load_yaml(text, "interpretations.yaml"))


INTERPRETATIONS: Final = read_interpretations()
