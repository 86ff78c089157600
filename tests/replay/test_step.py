"""The replay stepper: any decision, any turn, forward and back, always the state a fresh
re-simulation gives, validated as it goes."""

from __future__ import annotations

import io
from typing import Any

import msgpack
import pytest

from sgscore.replay import ReplayError, Stepper, read_replay, resimulate, start_game
from sgscore.replay.render import json_events


def _fresh(data: bytes, k: int) -> Any:
    """A new game from the header with the first ``k`` decisions submitted."""
    rp = read_replay(data)
    h = rp.header
    game = start_game(h)
    for _, choice in rp.decisions[:k]:
        game.submit(choice)
    return game


def _records(data: bytes) -> list[Any]:
    return list(msgpack.Unpacker(io.BytesIO(data), raw=False))


def _pack(records: list[Any]) -> bytes:
    return b"".join(msgpack.packb(r, use_bin_type=True) for r in records)


@pytest.mark.parametrize("name", ["small_replay", "compact_replay"])
def test_goto_forward_and_back_match_a_fresh_resimulation(
        name: str, request: pytest.FixtureRequest) -> None:
    data: bytes = request.getfixturevalue(name)
    st = Stepper(read_replay(data))
    n = st.decisions
    assert n > 20
    for k in (0, 7, n // 2, 3, n - 1, n):  # forward, then back, then forward to the end
        st.goto(k)
        assert st.index == k
        assert st.game.state_hash() == _fresh(data, k).state_hash()
    st.goto(5)
    assert st.forward() and st.index == 6
    assert st.game.state_hash() == _fresh(data, 6).state_hash()
    assert st.back() and st.index == 5
    assert st.game.state_hash() == _fresh(data, 5).state_hash()
    st.goto(n)
    assert st.at_end and not st.forward()
    assert st.game.state_hash() == resimulate(read_replay(data)).state_hash()
    st.goto(0)
    assert not st.back()


def test_every_moment_tells_the_request_answer_and_events(small_replay: bytes) -> None:
    rp = read_replay(small_replay)
    st = Stepper(rp)
    events: list[Any] = []
    while True:
        m = st.moment()
        assert m.events_from == len(events)
        events += m.events
        if m.at_end:
            break
        seat, choice = rp.decisions[st.index]
        assert m.request is not None and m.request["seat"] == seat
        assert m.answer == choice and m.answer_shown
        assert m.state["pending"]["seat"] == seat
        assert all(p["hand"] is not None for p in m.state["players"])
        st.forward()
    assert m.index == m.decisions == len(rp.decisions)
    assert m.result is not None and m.request is None
    full = resimulate(read_replay(small_replay))
    assert events == list(json_events(full.events, None))


def test_moment_lines_are_the_account_of_its_events(small_replay: bytes) -> None:
    st = Stepper(read_replay(small_replay))
    first = st.moment()
    assert first.lines[0] == "Setup: 4 players"
    st.goto(3)
    zh = st.moment(lang="zh")
    st.goto(2)
    st.forward()
    assert st.moment(lang="zh").lines == zh.lines  # the same, reached either way


def test_goto_turn_stops_at_the_first_decision_of_the_turn(compact_replay: bytes) -> None:
    st = Stepper(read_replay(compact_replay))
    for turn in (3, 1, 6, 2):
        st.goto_turn(turn)
        k = st.index
        assert st.game.turn_no == turn
        assert st.game.state_hash() == _fresh(compact_replay, k).state_hash()
        if k > 0:
            assert _fresh(compact_replay, k - 1).turn_no < turn
    last = resimulate(read_replay(compact_replay)).turn_no
    with pytest.raises(IndexError, match=f"stops in turn {last}"):
        st.goto_turn(last + 1)
    with pytest.raises(IndexError, match="decisions"):
        st.goto(st.decisions + 1)


def test_a_seat_sees_only_its_own_hand_and_requests(small_replay: bytes) -> None:
    rp = read_replay(small_replay)
    st = Stepper(rp)
    seen_own = seen_other = False
    for k in range(min(40, st.decisions)):
        st.goto(k)
        asked = rp.decisions[k][0]
        for seat in range(4):
            m = st.moment(seat)
            for p in m.state["players"]:
                assert (p["hand"] is not None) == (p["seat"] == seat)
            if seat == asked:
                seen_own = True
                req = st.game.pending
                assert req is not None
                assert m.request == {"seat": seat, "kind": req.kind, "prompt": list(req.prompt)}
                assert m.answer == rp.decisions[k][1] and m.answer_shown
            else:
                seen_other = True
                assert m.request == {"waiting": True}
                assert m.answer is None and not m.answer_shown
            assert all(len(e) == 1 + len(ev[1]) or ev[2] == -1 or (ev[2] >> seat) & 1
                       for e, ev in zip(m.events, st.game.events[m.events_from:], strict=True))
    assert seen_own and seen_other
    with pytest.raises(ValueError, match="not in this 4-player game"):
        st.moment(4)


def test_an_illegal_decision_raises_with_its_record_index(small_replay: bytes) -> None:
    recs = _records(small_replay)
    at = [i for i, r in enumerate(recs) if isinstance(r, list)][5]
    recs[at] = [recs[at][0], 9999]
    st = Stepper(read_replay(_pack(recs)))
    before = sum(len(r) - 1 for r in recs[:at] if isinstance(r, list))
    st.goto(before)  # up to the bad decision: fine
    with pytest.raises(ReplayError) as exc:
        st.forward()
    assert exc.value.record == at and "illegal" in exc.value.reason
    st.goto(2)  # starts over
    assert st.game.state_hash() == _fresh(small_replay, 2).state_hash()


def test_a_checkpoint_that_differs_raises_with_its_record_index(compact_replay: bytes) -> None:
    recs = _records(compact_replay)
    at = [i for i, r in enumerate(recs) if isinstance(r, int)][3]
    recs[at] = (recs[at] + 1) % 128
    st = Stepper(read_replay(_pack(recs)))
    with pytest.raises(ReplayError) as exc:
        st.goto(st.decisions)
    assert exc.value.record == at and "checkpoint differs" in exc.value.reason


def test_a_truncated_replay_steps_up_to_where_it_stops(small_replay: bytes) -> None:
    data = small_replay[: len(small_replay) * 2 // 3]
    rp = read_replay(data)
    assert rp.truncated
    st = Stepper(rp)
    st.goto(st.decisions)
    m = st.moment()
    assert m.at_end and m.truncated and m.result is None
    assert st.game.state_hash() == _fresh(small_replay, st.decisions).state_hash()


def test_full_view_and_describe_choice(small_replay: bytes) -> None:
    st = Stepper(read_replay(small_replay))
    view = st.state(None)
    assert "events" not in view and all(p["role"] for p in view["players"])
    assert st.game.pending is not None
    assert view["pending"]["choices"] == list(st.game.pending.choices())
    t = st.teller()
    assert t.describe("play", None) == "end the play phase"
    assert t.describe("play", (0, 2)).endswith(" on P2")
    assert t.describe("invoke", True) == "yes"
    assert t.describe("respond", ("eight_diagram",)) == "Eight Trigrams"
    assert t.describe("guanxing", ((1,), ())).startswith("top: ")
    assert t.describe("play", "odd") == "'odd'"
    assert t.describe("no_such_kind", (1, 2)) == "[1, 2]"
