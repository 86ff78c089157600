"""``sgs stats`` and the study's rows on files no engine wrote (issue 18, class 5): a replay is
read as the replay commands read it (streamed, within the reader's limits), and a file that
cannot be read, or whose end record no engine writes, is refused with one line naming the file
and the record: never a traceback, never the whole file in memory, never a forged shape counted.
A results table that no study writes is refused the same way, naming the line and the column."""

from __future__ import annotations

import io
import re
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.main import main
from sgscore.core.spec import side_outcomes
from sgscore.replay import record_game
from sgscore.replay.reader import Limits
from sgscore.sanguosha import Config
from sgscore.study import NAMES, StudyError, read_table, row_of_replay

Records = list[Any]


def sgs(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


def _records(players: int = 5, seed: int = 3) -> Records:
    buf = io.BytesIO()
    record_game(Config(players=players, generals="random", pool="standard"), seed, buf,
                events=False)
    return list(msgpack.Unpacker(io.BytesIO(buf.getvalue()), raw=False))


RECORDS = _records()
END = len(RECORDS) - 1  # the end record's index (the header is record 0)


def _write(path: Path, records: Records) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(msgpack.packb(r) for r in records))
    return path


def _with_end(change: Callable[[dict[str, Any]], None]) -> Records:
    records = [dict(r) if isinstance(r, dict) else r for r in RECORDS]
    end = records[-1]
    assert end["t"] == "end"
    change(end)
    return records


def _refused(path: Path, words: str) -> None:
    """``sgs stats`` of the file and of its folder: exit 1, one line naming the file and the
    record, nothing on stdout."""
    for source in (path, path.parent):
        code, out, err = sgs("stats", str(source))
        assert (code, out) == (1, ""), err
        assert len(err.splitlines()) == 1 and err.startswith(f"error: {path}: record "), err
        assert words in err, err


def _short_alive_with_two_renegades(end: dict[str, Any]) -> None:
    # the report of issue 18: two renegades, one of them the winner, and fewer alive entries
    # than roles: side_outcomes indexed past the end of alive (IndexError)
    end.update(w="renegade", rl=["lord", "renegade", "rebel", "renegade", "rebel"], al=[True])


@pytest.mark.parametrize(("change", "words"), [
    (_short_alive_with_two_renegades, f"record {END}: end: alive: 1 entries for 5 seats"),
    (lambda e: e.update(al=e["al"][:3]), f"record {END}: end: alive: 3 entries for 5 seats"),
    (lambda e: e.update(rl=[*e["rl"], "rebel"]), f"record {END}: end: roles: 6 entries"),
    (lambda e: e.update(gn=e["gn"][:1]), f"record {END}: end: generals: 1 entries"),
    (lambda e: e.update(scores=[1, 2]), f"record {END}: end: scores: 2 entries for 5 seats"),
    (lambda e: e.update(scores="many"), f"record {END}: end: scores: not a list"),
    # a game played without scoring writes no scores at all (the game's summary_problems)
    (lambda e: e.update(scores=[1, 2, 3, 4, "x"]), f"record {END}: end: not a summary the game "
                                                      "writes: scores: an entry the game does "
                                                      "not write for this config"),
])
def test_an_end_record_no_engine_writes_is_refused_in_one_line(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], words: str
) -> None:
    path = _write(tmp_path / "study" / "game-3.mp", _with_end(change))
    _refused(path, words)
    with pytest.raises(StudyError, match=f"^{path}: record {END}: end: "):
        row_of_replay(str(path))


@pytest.mark.parametrize(("header", "words"), [
    ({"g": "nope/x"}, "record 0: unknown game 'nope/x'"),
    ({"c": {"players": 99}}, "record 0: config: players: identity mode takes 4-10 players"),
    ({"c": {"players": "five"}}, "record 0: config: players: expected an integer"),
])
def test_a_header_the_replay_commands_refuse_is_refused_alike(
    tmp_path: Path, header: dict[str, Any], words: str
) -> None:
    """A game not installed here, or a config its game does not take: refused as `sgs replay
    show` refuses them (its rows were counted as finished games that no game could read)."""
    records = [dict(RECORDS[0], **header), *RECORDS[1:]]
    path = _write(tmp_path / "study" / "game-3.mp", records)
    _refused(path, words)
    code, _, err = sgs("replay", "show", str(path))
    assert code == 1 and words in err


def test_side_outcomes_never_index_past_the_summary() -> None:
    """The function itself: an ``alive`` that is not one boolean per role gives no outcomes
    (it said IndexError), and so do roles or a winner that are not text."""
    allies = {"lord": ("loyalist",)}
    roles = ["lord", "renegade", "rebel", "renegade", "rebel"]
    for alive in ([True], [], [True] * 6, [1, 0, 1, 0, 1], "yes"):
        summary = {"winner": "renegade", "reason": "x", "roles": roles, "alive": alive}
        assert side_outcomes(summary, allies, alone=("renegade",)) is None
    assert side_outcomes({"winner": 3, "roles": roles}, allies) is None
    assert side_outcomes({"winner": "lord", "roles": ["lord", ["x"]]}, allies) is None
    whole = {"winner": "renegade", "reason": "x", "roles": roles,
             "alive": [False, True, False, False, False]}
    assert side_outcomes(whole, allies, alone=("renegade",)) == [
        "loss", "win", "loss", "loss", "loss"]


def test_a_file_over_the_size_limit_is_refused_without_being_read(tmp_path: Path) -> None:
    """Issue 18: sgs stats read the whole file, and copied it, before the size check
    (MemoryError on a large file). The file here is sparse: 1 MiB over the limit, nothing on
    disk; the Python memory the refusal takes stays far below the file's size."""
    path = tmp_path / "big" / "game-1.mp"
    path.parent.mkdir()
    head = b"".join(msgpack.packb(r) for r in RECORDS[:2])
    with open(path, "wb") as f:
        f.write(head)
        f.truncate(Limits().max_bytes + (1 << 20))
    tracemalloc.start()
    try:
        with pytest.raises(StudyError) as caught:
            row_of_replay(str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(caught.value) == (f"{path}: record 0: the file has {Limits().max_bytes + (1 << 20)}"
                                 f" bytes, over the limit of {Limits().max_bytes}")
    assert peak < 4 << 20, peak
    _refused(path, "over the limit of")


def test_a_large_file_within_the_limit_is_streamed(tmp_path: Path) -> None:
    """A legal-looking 7 MB replay (decisions of long strings; the reader takes 8 MiB) is read
    record by record: the memory it takes is a record's, not the file's."""
    header, end = RECORDS[0], RECORDS[-1]
    big = [0, "x" * 60_000]
    count = (7 << 20) // len(msgpack.packb(big)) + 1
    path = tmp_path / "study" / "game-3.mp"
    path.parent.mkdir()
    with open(path, "wb") as f:
        f.write(msgpack.packb(header))
        for _ in range(count):
            f.write(msgpack.packb(big))
        f.write(msgpack.packb(end))
    tracemalloc.start()
    try:
        row = row_of_replay(str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert row["bytes"] == path.stat().st_size > 7 << 20
    assert peak < 6 << 20, peak
    code, out, _ = sgs("stats", str(path), "--json")
    assert code == 0 and '"games":1,' in out


_ROLES = st.sampled_from(["lord", "loyalist", "rebel", "renegade", "x"])
_INTS = st.integers(-(1 << 63), (1 << 64) - 1)  # what msgpack can hold


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(roles=st.none() | st.lists(_ROLES, max_size=8),
       alive=st.none() | st.lists(st.booleans(), max_size=8),
       generals=st.none() | st.lists(st.sampled_from(["caocao", "lvbu", "?"]), max_size=8),
       winner=st.none() | _ROLES,
       scores=st.none() | _INTS | st.lists(_INTS | st.text(max_size=2), max_size=8))
def test_no_end_record_shape_gives_a_traceback(
    tmp_path: Path, roles: list[str] | None, alive: list[bool] | None,
    generals: list[str] | None, winner: str | None, scores: Any
) -> None:
    """Any shape of the entries the rows read: a row whose seats all agree, or a refusal."""

    def change(end: dict[str, Any]) -> None:
        for key, value in (("rl", roles), ("al", alive), ("gn", generals), ("scores", scores)):
            if value is None:
                end.pop(key, None)
            else:
                end[key] = value
        end["w"] = winner

    path = _write(tmp_path / "shapes" / "game-3.mp", _with_end(change))
    try:
        row = row_of_replay(str(path))
    except StudyError as e:
        assert str(e).startswith(f"{path}: record ") and "\n" not in str(e)
        return
    for key in ("roles", "generals", "outcomes", "scores"):
        assert row[key] is None or len(row[key]) == 5
    assert row["outcomes"] is None or set(row["outcomes"]) <= {"win", "loss", "draw"}


def _table(tmp_path: Path, change: Callable[[list[str]], None]) -> Path:
    """A one-row results table, its cells (by column) changed by ``change``."""
    code, _, _ = sgs("sim", "-p", "5", "--generals", "random", "-n", "1", "--no-events",
                     "-o", str(tmp_path / "one"))
    assert code == 0
    text = (tmp_path / "one" / "results.csv").read_text(encoding="utf-8")
    import csv

    head, cells = list(csv.reader(io.StringIO(text)))
    change(cells)
    path = tmp_path / "table.csv"
    with open(path, "w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows([head, cells])
    return path


def _set(column: str, value: str) -> Callable[[list[str]], None]:
    def change(cells: list[str]) -> None:
        cells[NAMES.index(column)] = value
    return change


@pytest.mark.parametrize(("change", "words"), [
    (_set("outcomes", "win loss"), "line 2: outcomes: 2 entries for 5 players"),
    (_set("outcomes", "win loss won loss loss"), "line 2: outcomes: expected win, loss or draw"),
    (_set("roles", "lord rebel"), "line 2: roles: 2 entries for 5 players"),
    (_set("scores", "1 2 3"), "line 2: scores: 3 entries for 5 players"),
    (_set("seed", "-4"), "line 2: seed: expected an integer 0..2**64-1"),
    (_set("seed", ""), "line 2: seed: missing"),
])
def test_a_table_no_study_writes_is_refused_in_one_line(
    tmp_path: Path, change: Callable[[list[str]], None], words: str
) -> None:
    path = _table(tmp_path, change)
    with pytest.raises(StudyError, match=f"^{re.escape(f'{path}: {words}')}"):
        read_table(str(path))
    code, out, err = sgs("stats", str(path))
    assert (code, out, err) == (1, "", f"error: {path}: {words}\n") or (
        code == 1 and out == "" and len(err.splitlines()) == 1 and words in err)
