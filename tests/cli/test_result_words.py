"""A result is said in one set of words everywhere: the account's result line (``sgs replay
show``), the line ``sgs sim`` prints per game and ``sgs tournament``'s, in English and Chinese
(``KindTeller.outcome``); JSON keeps the codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sgscore.dice.telling import DiceTeller
from sgscore.sanguosha.telling import Teller

from sgs_cli import BEGINNER, run


def test_the_words_of_a_result_in_both_languages() -> None:
    end = {"winner": "lord", "reason": "rebels_and_renegades_dead"}
    assert Teller("en").outcome(end) == \
        "the lord and the loyalists win (every rebel and renegade died)"
    assert Teller("zh").outcome(end) == "主公和忠臣获胜（反贼和内奸全部阵亡）"
    assert Teller("en").outcome({"winner": None, "reason": "round_cap"}) == \
        "a draw (round cap reached)"
    assert Teller("zh").outcome({"winner": "warm", "reason": "marshal_died"}) == \
        "暖色方获胜（主帅阵亡）"
    assert DiceTeller("en").outcome({"winner": "rebel", "reason": "lord_died"}) == \
        "the rebels win (the lord died)"


@pytest.mark.parametrize("args", [[*BEGINNER, "--seed", "3"], ["--game", "sanguozhi/dice"],
                                  [*BEGINNER, "--max-rounds", "1"]])
def test_sim_says_the_result_as_show_does(tmp_path: Path, args: list[str]) -> None:
    out = tmp_path / "g.mp"
    code, line, _ = run("sim", *args, "-o", str(out))
    assert code == 0
    _, shown, _ = run("replay", "show", str(out))
    result = next(x for x in shown.splitlines() if x.startswith("Result: "))
    words = result.removeprefix("Result: ").split(" after ")[0]
    assert line.startswith(f"{out}: seed ") and f", {words}, " in line
    assert "_" not in line.split(", ")[1]  # no reason code (rebels_and_renegades_dead)
    code, js, _ = run("sim", *args, "--json", "-o", str(out))
    row = json.loads(js)
    assert row["reason"] in ("lord_died", "rebels_and_renegades_dead", "round_cap", "all_dead",
                             "goal", "last_standing")  # JSON keeps the codes


def test_sim_count_and_tournament_say_results_in_words(tmp_path: Path) -> None:
    code, out, _ = run("sim", *BEGINNER, "-n", "2", "--no-events", "-o", str(tmp_path / "s"))
    assert code == 0 and len(out.splitlines()) == 2
    code, table, _ = run("tournament", *BEGINNER)
    assert code == 0
    lines = [x for x in (out + table).splitlines() if ": seed " in x]
    assert len(lines) == 6
    for x in lines:
        words = x.split(", ")[1]
        assert words.split(" (")[0] in ("the lord and the loyalists win", "the rebels win",
                                        "the renegade wins", "a draw"), x
        assert "_" not in words, x
