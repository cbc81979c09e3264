"""Which paragraphs of the rulebook govern play, for the engine's clause coverage: every
paragraph (kind ``clause``) of chapters 1 to 9 but those of :data:`NOT_PLAY`, each with the
reason it is not the engine's business; :data:`NOT_YET` lists those that govern play and are
not implemented (or not tested) yet, with why."""
from __future__ import annotations

from typing import Final

PLAY_CHAPTERS: Final = frozenset(map(str, range(1, 10)))

NOT_PLAY: Final[dict[str, str]] = {}

NOT_YET: Final[dict[str, str]] = {}
