"""Which clauses of the Battle Spirits rulebook govern play: the coverage index counts these
(:func:`tcgrules.engine.coverage.relevant`)."""
from __future__ import annotations

# Chapters 1 and 3 to 13: 2 describes the card face; 13 (その他) holds the reading of
# 「～以上の時」 and 「～以下の時」 thresholds (13-1-1, 13-1-2), which effects follow.
PLAY_CHAPTERS = frozenset({"1", *map(str, range(3, 14))})
# Clauses of those chapters that do not govern play (tournament, table and visibility matters).
NOT_PLAY = frozenset({
    "1-1-1",  # formats (Standard / Eternal): deck building, not play
    "4-1-2", "4-1-3", "4-2-2", "4-3-2", "4-3-3", "4-4-2", "4-5-2", "4-5-5", "4-6-2", "4-7-2", "4-9-2",  # who may look
    "4-8-2",  # marbles may stand in for cores
    "5-3-5",  # each player takes back their cards after the game
    "5-7-2",  # official tokens may be used as cores
    "6-1-1-2-2",  # tournament ban and restriction lists
    "6-2-1-1-1",  # preparing the void on the table
})
