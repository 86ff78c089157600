"""``sgs replay step``: moments as text and JSON, the interactive loop, errors and exit codes."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import msgpack
import pytest

import cli.step_cmd as step_cmd
from sgscore.replay import Stepper, read_replay, resimulate

from sgs_cli import run


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("step") / "game.mp"
    assert run("sim", "--players", "4", "--seed", "3", "--generals", "caocao,liubei,lvbu,daqiao", "-o", str(path))[0] == 0
    return path


def _titles(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines()
            if line.startswith(("Decision ", "End of the replay"))]


def test_one_moment_as_text(game: Path) -> None:
    rp = read_replay(game)
    n = len(rp.decisions)
    code, out, err = run("replay", "step", str(game), "--at", "5")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith(f"Decision 5 of {n} (0-{n - 1}): turn ")
    assert lines[1] in ("  events since decision 4:", "  no events since decision 4")
    header = next(i for i, line in enumerate(lines) if line.split()[:3] == ["seat", "general",
                                                                            "role"])
    rows = lines[header + 1:header + 5]
    assert [r.split()[0].lstrip(">") for r in rows] == ["P0", "P1", "P2", "P3"]
    assert sum(r.lstrip().startswith(">") for r in rows) == 1  # the current seat
    assert "lord" in rows[0]
    assert lines[header + 5].startswith("  draw pile ")
    seat, _ = rp.decisions[5]
    st = Stepper(rp)
    st.goto(5)
    m = st.moment()
    assert lines[-2] == f"  asked: {m.question}" and lines[-2].startswith(f"  asked: P{seat} ")
    assert lines[-1] == f"  answer: {m.answer_text}"  # in words, not as a Python value


def test_count_shows_the_next_moments_and_the_end(game: Path) -> None:
    n = len(read_replay(game).decisions)
    code, out, _ = run("replay", "step", str(game), "--at", "2", "--count", "3")
    assert code == 0
    assert [t.split(" of ")[0] for t in _titles(out)] == ["Decision 2", "Decision 3",
                                                          "Decision 4"]
    code, out, _ = run("replay", "step", str(game), "--at", str(n - 2), "--count", "10")
    assert code == 0
    titles = _titles(out)
    assert len(titles) == 3 and titles[-1].startswith(f"End of the replay after {n} decisions")
    summary = resimulate(read_replay(game)).summary()
    assert "  Result: " in out and f"{summary['turns']} turns" in out


def test_json_lines_one_per_moment(game: Path) -> None:
    code, out, _ = run("replay", "step", str(game), "--at", "4", "--count", "3", "--json")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["decision"] for r in rows] == [4, 5, 6]
    rp = read_replay(game)
    for r in rows:
        assert r["file"] == str(game) and r["seat"] is None and not r["end"]
        assert r["request"]["seat"] == rp.decisions[r["decision"]][0]
        assert r["answer"] == json.loads(json.dumps(rp.decisions[r["decision"]][1]))
        assert all(p["hand"] is not None for p in r["state"]["players"])
        assert "events" not in r["state"]
    assert rows[1]["events_from"] == rows[0]["events_from"] + len(rows[0]["events"])


def test_as_a_seat_stops_only_at_its_own_decisions(game: Path) -> None:
    # Issue 10 point 2: with --as, step stops where that seat decides (and at the end) and says
    # nothing about other seats' pending decisions, not even how many there were.
    rp = read_replay(game)
    own = [(k, choice) for k, (seat, choice) in enumerate(rp.decisions) if seat == 2]
    code, out, _ = run("replay", "step", str(game), "--at", "0", "--count", "100000", "--json",
                       "--as", "2")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == len(own) + 1 and rows[-1]["end"]
    for i, (r, (_, choice)) in enumerate(zip(rows, own, strict=False)):
        hands = [p["hand"] for p in r["state"]["players"]]
        assert [h is not None for h in hands] == [False, False, True, False]
        assert r["decision"] is None and r["decisions"] is None and r["own"] == i
        assert r["request"]["seat"] == 2 and r["answer_shown"]
        assert r["answer"] == json.loads(json.dumps(choice))
    # --at N: the seat's first decision from N on
    after = own[2][0] + 1
    code, out, _ = run("replay", "step", str(game), "--at", str(after), "--json", "--as", "2")
    assert json.loads(out)["own"] == 3
    code, out, _ = run("replay", "step", str(game), "--at", "0", "--count", "3", "--as", "2")
    assert code == 0
    assert "another seat" not in out and "Decision" not in out
    lines = out.splitlines()
    assert lines[0].startswith("P2 ") and "(its decision 0)" in lines[0]
    header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["seat", "general"])
    rows_text = lines[header + 1:header + 5]
    # other hands: counts only (a general's name may have two words: count the columns from HP)
    assert sum(" ".join(r.split("/", 1)[1].split()[1:3]).endswith("cards")
               for r in rows_text) == 3


def test_turn_starts_at_its_first_decision(game: Path) -> None:
    code, out, _ = run("replay", "step", str(game), "--turn", "3", "--json")
    assert code == 0
    (row,) = [json.loads(line) for line in out.splitlines()]
    assert row["turn"] == 3
    code, out, _ = run("replay", "step", str(game), "--at", str(row["decision"] - 1), "--json")
    assert json.loads(out)["turn"] < 3


def test_zh_names(game: Path) -> None:
    code, out, _ = run("replay", "step", str(game), "--at", "0", "--lang", "zh")
    assert code == 0 and "主公" in out and "出牌阶段" in out.splitlines()[0]


def test_interactive_loop_reads_commands(game: Path) -> None:
    code, out, _ = run("replay", "step", str(game), "-i", "--at", "1",
                       input="\nn\n0\nb\nt\nwhat\n99999\nq\n")
    assert code == 0
    starts = [t.split(" of ")[0] for t in _titles(out)]
    assert starts[:4] == ["Decision 1", "Decision 2", "Decision 3", "Decision 0"]
    assert "no decision before this one" in out
    assert len(starts) == 5 and "turn 2," in _titles(out)[-1]
    assert out.count(step_cmd.HELP["all"]) == 2  # at the start, and for "what"
    assert "the replay has" in out


def test_interactive_on_a_terminal_ends_at_eof(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(step_cmd, "_is_terminal", lambda: True)
    code, out, _ = run("replay", "step", str(game), input="n\n")
    assert code == 0 and len(_titles(out)) == 2
    code, out, _ = run("replay", "step", str(game), "--count", "1", input="n\n")
    assert code == 0 and len(_titles(out)) == 1 and "step>" not in out


@pytest.mark.parametrize(("args", "words"), [
    (["--at", "100000"], "beyond the last decision: the replay has"),
    (["--turn", "100000"], "turn 100000 is not in this replay"),
    (["--at", "1", "--turn", "2"], "mutually exclusive"),
    (["--as", "7"], "seat 7 is not in this 4-player game"),
    (["-i", "--json"], "does not go with"),
    (["--count", "0"], "0 is not in the range"),
])
def test_usage_errors_exit_2(game: Path, args: list[str], words: str) -> None:
    code, out, err = run("replay", "step", str(game), *args)
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.startswith("error: sgs replay step: ") and words in line
    assert line.endswith("(see 'sgs replay step --help')")


def test_at_names_how_many_decisions(game: Path) -> None:
    n = len(read_replay(game).decisions)
    _, _, err = run("replay", "step", str(game), "--at", str(n))
    assert f"the replay has {n} decisions (0-{n - 1})" in err


def test_invalid_replays_exit_1_with_the_record(game: Path, tmp_path: Path) -> None:
    recs = list(msgpack.Unpacker(io.BytesIO(game.read_bytes()), raw=False))
    at = [i for i, r in enumerate(recs) if isinstance(r, list)][4]
    recs[at] = [recs[at][0], 9999]
    bad = tmp_path / "bad.mp"
    bad.write_bytes(b"".join(msgpack.packb(r) for r in recs))
    code, out, _ = run("replay", "step", str(bad), "--at", "0", "--count", "2")
    assert code == 0  # the bad decision is not reached
    code, out, err = run("replay", "step", str(bad), "--at", "0", "--count", "100")
    assert code == 1 and "Traceback" not in err
    (line,) = err.splitlines()
    assert line.startswith(f"error: {bad}: record {at}: decision ") and "illegal" in line
    junk = tmp_path / "junk.mp"
    junk.write_bytes(b"\xc1 not a replay")
    for path in (junk, tmp_path / "missing.mp", tmp_path):
        code, _, err = run("replay", "step", str(path))
        assert code == 1
        (line,) = err.splitlines()
        assert line.startswith(f"error: {path}: record 0: ")


def test_step_in_chinese_is_all_chinese(game: Path) -> None:
    # Issue 10 point 4: one language per run, the frame and the table included. Latin letters
    # are left only in seat labels (P2) and card ranks after a suit (♠A, ♥Q).
    for args in ((), ("--as", "1")):
        code, out, _ = run("replay", "step", str(game), "--at", "0", "--count", "40", "--lang",
                           "zh", *args)
        assert code == 0
        rest = re.sub(r"P\d+|[♠♥♣♦](?:[AJQK]|\d+)", "", out)
        assert not re.search(r"[A-Za-z]", rest), re.findall(r".{0,20}[A-Za-z]+.{0,20}", rest)[:5]


@pytest.fixture(scope="module")
def lord_killed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A 5-player game the rebels win by the lord's death while at least two players whose
    roles no one else knew are alive; and one of those seats, whose view is taken."""
    folder = tmp_path_factory.mktemp("ended")
    for seed in range(60):
        path = folder / f"g{seed}.mp"
        assert run("sim", "--players", "5", "--seed", str(seed), "-o", str(path))[0] in (0, 1)
        summary = resimulate(read_replay(path)).summary()
        hidden = [i for i, (role, alive) in enumerate(zip(summary["roles"], summary["alive"],
                                                          strict=True))
                  if alive and role != "lord"]
        if summary["reason"] == "lord_died" and len(hidden) >= 2:
            return path, hidden[0]
    raise AssertionError("no seed from 0 to 59 ends with the lord dead and two hidden roles alive")


def test_a_seats_end_turns_up_every_role_and_gives_no_decision_count(
    lord_killed: tuple[Path, int],
) -> None:
    # Issue 19 item 3: at the end of the game, as at a real table, every role is shown to every
    # seat; the number of decisions, hidden from a seat, is left out rather than said as 0.
    path, seat = lord_killed
    summary = resimulate(read_replay(path)).summary()
    code, out, _ = run("replay", "step", str(path), "--as", str(seat), "--at", "0",
                       "--count", "100000", "--json")
    assert code == 0
    end = json.loads(out.splitlines()[-1])
    assert end["end"] and [p["role"] for p in end["state"]["players"]] == summary["roles"]
    code, out, _ = run("replay", "step", str(path), "--as", str(seat), "--at", "0",
                       "--count", "100000")
    result = out.splitlines()[-1]
    assert result.strip().startswith("Result: the rebels win") and "decisions" not in result
    table = out.splitlines()[-8:-2]
    assert "?" not in " ".join(table)  # no role left unknown in the last table
    for role in set(summary["roles"]):
        assert role in " ".join(table)
    # everyone's end still counts the decisions
    code, out, _ = run("replay", "step", str(path), "--at", "0", "--count", "100000")
    assert out.splitlines()[-1].endswith(f"{summary['decisions']} decisions")


def test_a_seats_account_names_every_role_and_no_decision_count(
    lord_killed: tuple[Path, int],
) -> None:
    path, seat = lord_killed
    summary = resimulate(read_replay(path)).summary()
    code, out, _ = run("replay", "show", str(path), "--as", str(seat))
    assert code == 0
    tail = out.splitlines()[-6:]
    assert tail[0].startswith("Result: the rebels win") and "decisions" not in tail[0]
    assert all("unknown" not in line for line in tail[1:])
    code, out, _ = run("replay", "show", str(path), "--as", str(seat), "--json")
    shown = json.loads(out)["summary"]
    assert "decisions" not in shown and shown["roles"] == summary["roles"]
    code, out, _ = run("replay", "show", str(path))
    assert out.splitlines()[-6].endswith(f"{summary['decisions']} decisions")
