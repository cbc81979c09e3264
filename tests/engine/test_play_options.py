"""The counts `engine play` and `bench engine` take are checked by argparse, one option at a
time: a count out of range is one line naming the option, the value and the bound, before any
game is played (10^20 games would never end)."""
from __future__ import annotations

import pytest

from tcgrules.cli import main

HUGE = "100000000000000000000"


@pytest.mark.parametrize("argv, says", [
    (["engine", "play", "--games", HUGE], f"argument --games: {HUGE} is too large (at most 1,000,000)"),
    (["engine", "play", "--games", "0"], "argument --games: 0 is too small (at least 1)"),
    (["engine", "play", "--step-cap", HUGE], f"argument --step-cap: {HUGE} is too large (at most 1,000,000)"),
    (["engine", "play", "--step-cap", "1" + "0" * 5000], "argument --step-cap: 10000000…(5001 digits) is too large"),
    (["engine", "play", "--check-every", "0"], "argument --check-every: 0 is too small (at least 1)"),
    (["engine", "play", "--workers", "-1"], "argument --workers: -1 is too small (at least 0)"),
    (["engine", "play", "--games", "ten"], "argument --games: 'ten' is not a whole number"),
    (["bench", "engine", "--games", HUGE], f"argument --games: {HUGE} is too large (at most 1,000,000)"),
])
def test_a_count_out_of_range_is_one_line_naming_the_option(argv, says, capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1, err
