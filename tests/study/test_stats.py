"""The statistics of ``sgscore.stats`` against values computed by hand or published."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from sgscore import stats
from sgscore.core.games import get_game
from sgscore.core.spec import side_outcomes


def test_wilson_intervals_match_published_values() -> None:
    # Newcombe (1998), table I: 81/263 -> 0.2553-0.3662; 15/148 -> 0.0624-0.1605; 0/20 -> 0-0.1611
    for (k, n), (low, high) in {(81, 263): (0.2553, 0.3662), (15, 148): (0.0624, 0.1605),
                                (0, 20): (0.0, 0.1611), (1, 29): (0.0061, 0.1718)}.items():
        got_low, got_high = stats.wilson(k, n)
        assert abs(got_low - low) < 5e-5 and abs(got_high - high) < 5e-5, (k, n)
    assert stats.wilson(0, 0) == (0.0, 1.0)
    assert stats.wilson(10, 10)[1] == 1.0


def test_fisher_is_exact_and_two_sided() -> None:
    # the lady tasting tea: 3 of 4 right each way, p = 17/35 two-sided
    assert stats.fisher_exact(3, 4, 1, 4) == pytest.approx(float(Fraction(17, 35)), abs=1e-15)
    # a classic 2x2: [[1, 9], [11, 3]] -> 0.002759 (R's fisher.test)
    assert stats.fisher_exact(1, 10, 11, 14) == pytest.approx(0.0027594562, abs=1e-10)
    assert stats.fisher_exact(5, 10, 5, 10) == 1.0


def test_the_two_proportion_z_test() -> None:
    z, p = stats.two_proportions(45, 100, 56, 100)
    assert z == pytest.approx(-1.5557, abs=1e-4) and p == pytest.approx(0.11978, abs=1e-5)
    assert stats.two_proportions(0, 10, 0, 10) == (0.0, 1.0)
    assert stats.two_proportions(1, 0, 1, 10) == (0.0, 1.0)


def test_holm_adjusts_in_order_and_keeps_monotone() -> None:
    assert stats.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert stats.holm([]) == []


def _row(seed: int, roles: list[str], generals: list[str], winner: str | None,
         turns: int = 10, error: str | None = None) -> dict[str, Any]:
    summary = {"winner": winner, "roles": roles, "alive": [True] * len(roles),
               "reason": "error" if error else "x"}
    return {"seed": seed, "game": "g", "config": "{}", "players": len(roles),
            "agents": ["random"] * len(roles), "roles": roles, "generals": generals,
            "winner": winner, "turns": turns, "rounds": turns // 2, "decisions": 4 * turns,
            "outcomes": side_outcomes(summary, {"lord": ("loyalist",)}) if not error else None,
            "error": error}


def test_rates_lift_and_lengths_of_a_small_table() -> None:
    rows = [
        _row(1, ["lord", "rebel"], ["a", "b"], "lord", 10),
        _row(2, ["lord", "rebel"], ["b", "a"], "rebel", 20),
        _row(3, ["lord", "rebel"], ["a", "c"], "lord", 30),
        _row(4, ["lord", "rebel"], ["c", "a"], None, 40),
        _row(5, ["lord", "rebel"], ["a", "b"], None, 99, error="boom"),
    ]
    by_role = {r.key: r for r in stats.rates(rows, "role")}
    assert (by_role["lord"].n, by_role["lord"].wins, by_role["lord"].draws) == (4, 2, 1)
    assert (by_role["rebel"].n, by_role["rebel"].wins) == (4, 1)
    # general a: lord twice (base 2/4), rebel twice (base 1/4): expected 1.5, won 3 -> +3/8
    a = next(r for r in stats.rates(rows, "general") if r.key == "a")
    assert (a.n, a.wins, a.expected) == (4, 3, Fraction(3, 2)) and a.lift == 0.375
    assert [(r.key, r.n, r.wins) for r in stats.sides(rows)] == [
        ("draw", 4, 1), ("lord", 4, 2), ("rebel", 4, 1)]
    assert [r.key for r in stats.rates(rows, "seat")] == ["0", "1"]
    turns = stats.lengths(rows)["turns"]
    assert turns == {"n": 4, "min": 10, "q1": 10, "median": 20, "q3": 30, "p90": 40,
                     "max": 40, "mean": 25.0, "sd": pytest.approx(12.909944, abs=1e-6)}
    rep = stats.report(rows, ["role", "general"])
    assert (rep["games"], rep["finished"], rep["unfinished"], rep["draws"]) == (5, 4, 1, 1)
    assert rep["by"]["general"][0]["key"] == "a" and rep["by"]["general"][0]["lift"] == 0.375
    with pytest.raises(ValueError, match="by: expected one of role, general"):
        stats.rates(rows, "kingdom")


def test_teammates_count_once_in_the_interval() -> None:
    """Two rebels win or lose together: their interval is their games', not their seats'."""
    rows = [_row(i, ["lord", "rebel", "rebel"], ["a", "b", "c"], "rebel" if i % 3 else "lord")
            for i in range(300)]
    rebel = next(r for r in stats.rates(rows, "role") if r.key == "rebel")
    assert (rebel.n, rebel.wins, rebel.games) == (600, 400, 300)
    assert rebel.units == (Fraction(200), 300)
    assert rebel.interval == stats.wilson(200, 300) != stats.wilson(400, 600)
    lord = next(r for r in stats.rates(rows, "role") if r.key == "lord")
    assert lord.interval == stats.wilson(100, 300)


def test_two_studies_compared() -> None:
    before = [_row(i, ["lord", "rebel"], ["a", "b"], "lord" if i % 2 else "rebel", 10)
              for i in range(400)]
    after = [_row(i, ["lord", "rebel"], ["a", "b"], "lord" if i % 4 else "rebel", 12)
             for i in range(400)]
    cmp = stats.compare(after, before, ["role"])
    lord = next(r for r in cmp["by"]["role"] if r["key"] == "lord")
    assert (lord["rate_a"], lord["rate_b"], lord["test"]) == (0.75, 0.5, "z")
    z, p = stats.two_proportions(300, 400, 200, 400)
    assert lord["statistic"] == round(z, 6) and lord["p"] == p < 1e-10
    assert lord["p_holm"] == min(1.0, 2 * p)
    assert cmp["lengths"]["turns"]["difference"] == 2.0
    small = stats.compare(after[:8], before[:8], ["role"])
    assert {r["test"] for r in small["by"]["role"]} == {"fisher"}


@pytest.mark.parametrize(("game", "roles", "alive", "winner", "expected"), [
    ("sanguosha/identity", ["lord", "rebel", "loyalist", "renegade"], [1, 0, 0, 0], "lord",
     ["win", "loss", "win", "loss"]),
    ("sanguosha/identity", ["lord", "rebel", "rebel", "renegade"], [0, 0, 1, 0], "rebel",
     ["loss", "win", "win", "loss"]),
    ("sanguosha/identity", ["lord", "renegade", "rebel", "renegade"], [0, 0, 0, 1],
     "renegade", ["loss", "loss", "loss", "win"]),
    ("sanguozhi/dice", ["loyalist", "renegade", "rebel"], [0, 0, 1], "renegade",
     ["loss", "win", "loss"]),
    ("sanguozhi/dice", ["lord", "rebel", "rebel"], [0, 1, 1], None, ["draw"] * 3),
])
def test_each_game_says_who_won(game: str, roles: list[str], alive: list[int],
                                winner: str | None, expected: list[str]) -> None:
    spec = get_game(game)
    assert spec is not None
    summary = {"winner": winner, "reason": "x", "roles": roles, "alive": [bool(a) for a in alive]}
    assert spec.outcomes(summary) == expected
    assert spec.outcomes({**summary, "reason": "error"}) is None
