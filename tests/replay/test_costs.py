"""Bounded cost at the limits (issue 18, class 6): a file within the reader's limits cannot make a
command do more work than a game could ask of it. Files of tens of megabytes of events or
decisions that each look right made show, export, step and html run for seconds to minutes; the
reader now refuses more decisions or events than any game takes (counted before their values are
walked), files over 8 MiB, and the page over 10,000 decisions, and stepping reads the file once
for the seats' stops. These tests count what is read and refused; the costs themselves are
measured by the fuzzing harness and reported, never timed here (docs/replay-format.md,
"Limits")."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import msgpack
import pytest
from click.testing import CliRunner

import sgscore.replay.viewer as viewer
from cli.main import main
from sgscore.replay import ReplayError, Stepper, record_game, validate_file
from sgscore.replay.errors import json_text
from sgscore.replay.golden import load_manifest
from sgscore.replay.reader import Decisions, Events, Limits, RecordReader
from sgscore.replay.viewer import html_page, read_page_data, render_html, viewer_data, viewer_json
from sgscore.sanguosha import Config

from recorded import record_bytes

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


def _records(data: bytes) -> list[Any]:
    return list(msgpack.Unpacker(io.BytesIO(data), raw=False))


def _pack(records: list[Any]) -> bytes:
    return b"".join(msgpack.packb(r, use_bin_type=True) for r in records)


@pytest.fixture(scope="module")
def game() -> bytes:
    data, _ = record_bytes(Config(players=5), 1, events=True)
    return data


def _read_all(data: bytes, limits: Limits) -> int:
    with RecordReader(data, limits) as rd:
        for _ in rd:
            pass
        return rd.index


def test_more_decisions_than_the_limit_are_refused_at_the_record_that_passes_it(
    game: bytes,
) -> None:
    records = _records(game)
    decisions = [k for k, r in enumerate(records) if isinstance(r, list)]
    taken = sum(len(records[k]) - 1 for k in decisions)
    assert _read_all(game, Limits(max_decisions=taken)) == len(records)  # exactly at the limit
    with pytest.raises(ReplayError) as caught:
        _read_all(game, Limits(max_decisions=taken - 1))
    assert caught.value.record == decisions[-1]
    assert caught.value.reason == (f"more than {taken - 1} decisions: longer than any game "
                                   "(limit max_decisions)")


def test_a_decisions_record_is_counted_before_its_values_are_walked(game: bytes) -> None:
    # 65,535 choices in one record, the last a float (which the reader refuses when it walks
    # the record): over the limit, the record is refused for its count, so it was not walked.
    records = _records(game)
    big: list[Any] = [0] + [0] * 65534 + [1.5]
    forged = _pack([records[0], big])
    with pytest.raises(ReplayError) as caught:
        _read_all(forged, Limits(max_decisions=65_000))
    assert caught.value.record == 1 and "limit max_decisions" in caught.value.reason
    with pytest.raises(ReplayError) as walked:
        _read_all(forged, Limits())
    assert "float" in walked.value.reason


def test_more_events_than_the_limit_are_refused_before_they_are_walked(game: bytes) -> None:
    records = _records(game)
    first = next(k for k, r in enumerate(records) if isinstance(r, dict) and r.get("t") == "ev")
    n = len(records[first]["ev"])
    with pytest.raises(ReplayError) as caught:
        _read_all(game, Limits(max_events=n - 1))
    assert caught.value.record == first
    assert caught.value.reason == (f"more than {n - 1} events: more than any game tells "
                                   "(limit max_events)")
    # an events record that would be refused for a value is refused for its count first
    records[first]["ev"][-1][1] = [2.5]
    forged = _pack(records)
    with pytest.raises(ReplayError) as counted:
        _read_all(forged, Limits(max_events=n - 1))
    assert "limit max_events" in counted.value.reason
    with pytest.raises(ReplayError) as walked:
        _read_all(forged, Limits())
    assert "float" in walked.value.reason and walked.value.record == first


def test_the_commands_refuse_a_file_of_more_events_than_any_game_in_one_line(
    game: bytes, tmp_path: Path,
) -> None:
    # events records that each look right (numbered on, after a decisions record), 120,000
    # events in all: show, export, step and html each stop at the record past 100,000.
    records = _records(game)
    head = records[0]
    decision = next(r for r in records if isinstance(r, list))
    pool = [e for r in records if isinstance(r, dict) and r.get("t") == "ev" for e in r["ev"]]
    out: list[Any] = [head]
    at = 0
    while at < 120_000:
        chunk = (pool * (20_000 // len(pool) + 1))[:20_000]
        out += [{"t": "ev", "at": at, "ev": chunk}, decision]
        at += len(chunk)
    path = tmp_path / "events.mp"
    path.write_bytes(_pack(out))
    past = 1 + 2 * (Limits().max_events // 20_000)  # the record that passes the limit
    for args in (["show"], ["export", "--events"], ["step", "--at", "0"], ["html", "-o",
                                                                         str(tmp_path / "p.html")]):
        code, stdout, stderr = run("replay", args[0], str(path), *args[1:])
        assert code == 1 and stdout == "", args
        assert stderr == (f"error: {path}: record {past}: more than {Limits().max_events} events: "
                          "more than any game tells (limit max_events)\n"), args


def test_every_golden_replay_and_a_long_ten_player_game_stay_far_within_the_limits() -> None:
    # The limits are where no real replay comes near: each golden replay, and a 10-player game
    # of the heuristic agents with its events, holds under a tenth of each.
    limits = Limits()
    files = [FIXTURES / f"{e['name']}.mp" for e in load_manifest(FIXTURES)]
    buf = io.BytesIO()
    record_game(Config(players=10), 7, buf, events=True, agents="heuristic")
    for name, data in [*((f.name, f.read_bytes()) for f in files), ("10 players", buf.getvalue())]:
        with RecordReader(data) as rd:
            records = list(rd)
        decisions = sum(len(r.choices) for _, r in records if isinstance(r, Decisions))
        events = sum(len(r.events) for _, r in records if isinstance(r, Events))
        assert len(data) * 10 < limits.max_bytes, name
        assert decisions * 10 < limits.max_decisions, name
        assert events * 10 < limits.max_events, name
        assert decisions * 2 < viewer.MAX_DECISIONS, name
    assert len(files) >= 10


def test_stepping_reads_the_file_once_for_every_seats_stops(game: bytes, tmp_path: Path) -> None:
    # A seat's stops came from a second pass over the file (and html made a third); the first
    # pass keeps who takes each decision. The file is gone before the stops are asked for.
    path = tmp_path / "gone.mp"
    path.write_bytes(game)
    st = Stepper(str(path))
    path.unlink()
    seats = [seat for seat, _ in _decisions(game)]
    for seat in range(5):
        assert st.stops(seat) == [k for k, s in enumerate(seats) if s == seat] + [len(seats)]


def _decisions(data: bytes) -> list[tuple[int, Any]]:
    return [(r[0], c) for r in _records(data) if isinstance(r, list) for c in r[1:]]


def test_a_page_is_made_of_at_most_max_decisions(
    game: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    n = len(_decisions(game))
    monkeypatch.setattr(viewer, "MAX_DECISIONS", n - 1)
    for seat in (None, 2):
        with pytest.raises(ValueError) as caught:
            viewer_data(game, seat=seat)
        assert str(caught.value) == (f"the replay has {n} decisions; a page is made of at most "
                                     f"{n - 1} (sgs replay step and show go through any replay)")
    path = tmp_path / "g.mp"
    path.write_bytes(game)
    code, out, err = run("replay", "html", str(path), "-o", str(tmp_path / "g.html"))
    assert code == 1 and out == "" and err == f"error: {path}: {caught.value}\n"
    monkeypatch.setattr(viewer, "MAX_DECISIONS", n)
    assert len(viewer_data(game)["moments"]) == n + 1


def test_the_page_made_moment_by_moment_is_the_page_of_the_data(game: bytes) -> None:
    # sgs replay html writes each moment as JSON as it is told (html_page) instead of holding
    # every moment's table; the page is the same.
    for seat, lang in ((None, "en"), (3, "zh")):
        streamed = html_page(game, seat=seat, lang=lang)
        whole = render_html(viewer_data(game, seat=seat, lang=lang, raw=False))
        assert read_page_data(streamed) == read_page_data(whole)
        assert streamed == whole


def test_validation_is_unchanged_within_the_limits(game: bytes) -> None:
    assert validate_file(game).valid
    assert json.loads(json.dumps(validate_file(game).to_json()))["valid"]


def test_a_game_that_tells_more_events_than_the_limit_is_refused_recorded_or_not() -> None:
    # The limit is the game's, not only the file's: a compact replay (decisions only) of a game
    # that tells more events than max_events is refused at the decision that passes it, as the
    # same game with its events recorded is refused at the events record; re-simulating it would
    # otherwise tell them all (a round cap raised far above 60 and every seat passing makes a
    # 357 KB compact file of 438,000 events).
    compact, _ = record_bytes(Config(players=5), 1)
    recorded, _ = record_bytes(Config(players=5), 1, events=True)
    st = Stepper(compact)
    st.goto(st.decisions)
    told = len(st.game.events)
    limit = told // 2
    for data in (compact, recorded):
        result = validate_file(data, limits=Limits(max_events=limit))
        assert not result.valid and result.error is not None
        assert f"more than {limit} events" in result.error["reason"]
        assert result.to_json()["error"]["reason"].endswith("(limit max_events)")
    # where: the compact file at the decision that passes it
    marks = []
    st = Stepper(compact)
    for k in range(st.decisions + 1):
        st.goto(k)
        marks.append(len(st.game.events))
    passing = next(k for k in range(1, len(marks)) if marks[k] > limit) - 1  # its decision
    records = _records(compact)
    index, seen = -1, 0
    for i, rec in enumerate(records):
        if isinstance(rec, list):
            seen += len(rec) - 1
            if seen > passing:
                index = i
                break
    assert index > 0
    result = validate_file(compact, limits=Limits(max_events=limit))
    assert result.error is not None and result.error["record"] == index
    assert result.error["reason"] == (f"the game tells more than {limit} events: more than any "
                                      "game tells (limit max_events)")
    assert validate_file(compact, limits=Limits(max_events=told)).valid
    with pytest.raises(ReplayError) as caught:
        Stepper(compact, limits=Limits(max_events=limit)).goto(passing + 1)
    assert caught.value.record == index


def test_the_data_model_written_moment_by_moment_is_the_data(game: bytes, tmp_path: Path) -> None:
    # sgs replay html --json writes each moment as it is told (viewer_json): memory holds one
    # moment's data, not every moment's (a page's worth of them took 480 MB); the JSON is the
    # same, and a replay that does not hold prints nothing.
    for seat in (None, 1):
        streamed = json.loads("".join(viewer_json(game, seat=seat)))
        assert streamed == json.loads(json_text(viewer_data(game, seat=seat)))
    path = tmp_path / "g.mp"
    path.write_bytes(game)
    code, out, _ = run("replay", "html", str(path), "--json")
    assert code == 0 and json.loads(out) == json.loads(json_text(viewer_data(game)))
    code, _, _ = run("replay", "html", str(path), "--json", "-o", str(tmp_path / "g.json"))
    assert json.loads((tmp_path / "g.json").read_text(encoding="utf-8")) == json.loads(out)
    records = _records(game)
    k = max(i for i, r in enumerate(records) if isinstance(r, list))
    records[k] = [records[k][0], *([[999]] * (len(records[k]) - 1))]  # illegal at the end
    path.write_bytes(_pack(records))
    code, out, err = run("replay", "html", str(path), "--json")
    assert code == 1 and out == "" and err.startswith(f"error: {path}: record {k}: ")
