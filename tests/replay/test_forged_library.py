"""What the library gives a frontend of a forged replay: never a value the file made up (issue
18, "What to build" 1; docs/replay-format.md, "What the commands tell").

``scan_replay`` re-simulates by default, so its summary and events are the engine's, and a file
that parts from re-simulation raises (or, with ``partial``, stops there and says where);
``export_replay`` raises; the :class:`Stepper` and ``viewer_data`` raise where the file parts,
even at a moment that shows a recorded decision before taking it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sgscore.fuzz import decode_records, encode_records
from sgscore.replay import Moment, ReplayError, Stepper, export_replay, validate_file
from sgscore.replay.scan import iter_numbered_events, scan_replay
from sgscore.replay.viewer import viewer_data
from sgscore.sanguosha.config import Config

from forged import forge_checkpoint, forge_end, forge_event
from recorded import record_bytes


@pytest.fixture(scope="module")
def genuine() -> bytes:
    data, result = record_bytes(Config(players=4, generals="random", pool="standard"), 3,
                                events=True)
    assert result.error is None and result.summary["winner"] == "lord"
    return data


def _verdict(data: bytes) -> tuple[int, str]:
    res = validate_file(data)
    assert not res.valid and res.error is not None
    return res.error["record"], res.error["reason"]


def test_a_scan_gives_the_engines_summary_and_refuses_a_forged_one(genuine: bytes) -> None:
    scan = scan_replay(genuine)
    assert scan.checked and scan.game is not None and scan.failure is None
    assert scan.summary == validate_file(genuine).summary  # the engine's, entry for entry
    forged, at = forge_end(genuine, scores=[100, 0, 0, 0])
    with pytest.raises(ReplayError) as e:
        scan_replay(forged)
    assert (e.value.record, e.value.reason) == _verdict(forged) and e.value.record == at


@pytest.mark.parametrize("forge", [lambda d: forge_end(d, w="rebel"),
                                   lambda d: forge_event(d, 40),
                                   lambda d: forge_checkpoint(d, 3)],
                         ids=["end", "event", "checkpoint"])
def test_a_partial_scan_keeps_the_game_up_to_the_forged_record(genuine: bytes, forge: object
                                                               ) -> None:
    forged, at = forge(genuine)  # type: ignore[operator]
    scan = scan_replay(forged, partial=True)
    assert scan.failure is not None and scan.summary is None
    assert (scan.failure.record, scan.failure.reason) == _verdict(forged)
    ours = list(iter_numbered_events(forged, scan))
    theirs = list(iter_numbered_events(genuine, scan_replay(genuine)))
    assert ours == theirs[:len(ours)] and len(ours) <= len(theirs)


def test_a_scan_without_re_simulating_reads_the_end_record_as_written(genuine: bytes) -> None:
    # what sgs stats trusts for speed (docs/studies.md): a well-formed but false summary
    forged, _ = forge_end(genuine, tu=decode_records(genuine)[-1]["tu"] + 1)
    scan = scan_replay(forged, check=False)
    assert not scan.checked and scan.game is None
    assert scan.summary is not None and scan.summary["turns"] == validate_file(genuine).turns + 1


def test_export_replay_raises_for_a_forged_replay(genuine: bytes) -> None:
    for forged, _ in (forge_end(genuine, scores=[100, 0, 0, 0]), forge_event(genuine, 40),
                       forge_checkpoint(genuine, 3)):
        for events in (False, True):
            with pytest.raises(ReplayError) as e:
                export_replay(forged, events=events)
            assert (e.value.record, e.value.reason) == _verdict(forged)
    data = export_replay(genuine, events=True)
    assert data["summary"] == validate_file(genuine).summary


def test_the_stepper_and_the_viewer_raise_where_a_forged_end_is(genuine: bytes) -> None:
    forged, at = forge_end(genuine, w="rebel")
    st = Stepper(forged)
    st.goto(st.decisions - 1)
    assert st.moment().result is None  # the moment before the last decision holds
    with pytest.raises(ReplayError) as e:
        st.forward()
    assert e.value.record == at
    with pytest.raises(ReplayError):
        viewer_data(forged)
    with pytest.raises(ReplayError):
        viewer_data(forged, seat=1)


def test_a_seat_moment_of_a_decision_the_game_asks_of_another_seat_is_a_replay_error(
    genuine: bytes,
) -> None:
    # python -m sgscore.fuzz --seed 101 --case 971: the stepper's stops come from the records,
    # and a record naming a seat the game does not ask raised an AssertionError
    records = decode_records(genuine)
    i = next(k for k, r in enumerate(records) if k > 10 and type(r) is list and len(r) == 2)
    seat = (records[i][0] + 1) % 4
    records[i] = [seat, records[i][1]]
    forged = encode_records(records)
    record, reason = _verdict(forged)
    assert record == i and "decides, but the game asks seat" in reason
    stop = sum(len(r) - 1 for r in records[1:i] if type(r) is list)  # the decision it holds
    st = Stepper(forged)
    assert stop in st.stops(seat)
    st.goto(stop)
    moments: list[Callable[[], Moment]] = [lambda: st.seat_moment(seat), lambda: st.moment(),
                                           lambda: st.moment(seat)]
    for moment in moments:
        with pytest.raises(ReplayError) as e:
            moment()
        assert (e.value.record, e.value.reason) == (record, reason)
        st.goto(stop)

