"""Executable rules engines, one package per game, whose every rule cites its clauses.

:mod:`tcgrules.engine.core` holds what every engine shares (the citation decorator and
registry, the seeded random generator kept in the state, replay logs, the invariant runner
and the benchmark harness); :mod:`tcgrules.engine.battle_spirits` is the first game.
"""

from .build import activate

activate(__path__, "engine")  # the mypyc build of the modules below, when it is fresh
