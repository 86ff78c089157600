"""Recording a whole game at once (``record_game``, :class:`~sgscore.replay.writer.Recorder`, what
``sgs sim`` and a study run): the same bytes as a :class:`ReplayWriter` driven decision by
decision, records packed in memory and written in one piece, the file whole or not at all."""

from __future__ import annotations

import errno
import io
import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from sgscore import Config
from sgscore.agents import Agent
from sgscore.core.engine import EngineError
from sgscore.core.games import spec_for_config
from sgscore.core.spec import GameState
from sgscore.dice import DiceConfig
from sgscore.dice.generals.huatuo import Qingnang
from sgscore.replay import ReplayWriter, make_header, record_game, validate_file, writer
from sgscore.replay.writer import Recorder, atomic_write


def streamed(config: object, seed: int, events: bool, agents: str | Sequence[str]) -> bytes:
    """The replay a ReplayWriter writes record by record as the game is played: what
    record_game wrote before it packed whole games."""
    spec = spec_for_config(config)
    game, err = spec.start_config(config, seed)
    players = spec.make_agents(game, seed, agents)
    names = [getattr(a, "name", type(a).__name__) for a in players]
    buf = io.BytesIO()
    with ReplayWriter(buf, make_header(config, seed, names, events=events), events) as w:
        if err is not None:
            w.error(err, game)
        else:
            last_turn = -1
            while not game.over:
                w.events(game)
                if game.turn_no != last_turn:
                    w.checkpoint(game)
                    last_turn = game.turn_no
                req = game.pending
                assert req is not None
                choice = players[req.seat].choose(req)
                w.decision(req.seat, choice)
                try:
                    game.submit(choice)
                except EngineError as e:
                    w.error(e, game)
                    break
        w.events(game)
        w.end(game)
    return buf.getvalue()


CASES: list[tuple[str, object, str | list[str]]] = [
    ("5 players, draft", Config(players=5, generals="draft"), "random"),
    ("8 players, heuristic", Config(players=8, generals="random"), "heuristic"),
    ("per role", Config(players=5, generals="random"),
     ["lord=heuristic", "loyalist=random", "rebel=heuristic", "renegade=random"]),
    ("3v3", Config(players=6, generals="draft", mode="3v3"), "random"),
    ("beginner", Config(players=4, generals=None), "random"),
    ("dice", DiceConfig(players=5), "random"),
]


@pytest.mark.parametrize("events", [False, True], ids=["compact", "events"])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_recorded_game_is_the_stream_a_writer_writes(
        case: tuple[str, object, str | list[str]], events: bool) -> None:
    _, config, agents = case
    recorder = Recorder(config, events=events, agents=agents)
    for seed in (1, 2, 3):
        buf = io.BytesIO()
        result = recorder.record(seed, buf)
        data = buf.getvalue()
        assert data == streamed(config, seed, events, agents), (seed, events)
        assert result.bytes == len(data) and validate_file(data).valid
        one = io.BytesIO()
        assert record_game(config, seed, one, events=events, agents=agents) == result
        assert one.getvalue() == data


def test_an_engine_error_is_recorded_as_a_writer_records_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault in 华佗's 青囊 (dice game) at the start of his turn."""

    def turn_start(self: Any, g: Any, owner: Any) -> Any:
        raise ZeroDivisionError("injected fault in Green Satchel")
        yield  # a procedure, as the hook it replaces

    monkeypatch.setattr(Qingnang, "turn_start", turn_start)
    config = DiceConfig(players=3)
    for events in (False, True):
        buf = io.BytesIO()
        result = record_game(config, 7, buf, events=events)
        assert result.error is not None and result.error.kind == "ZeroDivisionError"
        assert buf.getvalue() == streamed(config, 7, events, "random")
        assert validate_file(buf.getvalue()).valid


def test_the_result_tells_the_header_records_and_the_summary_as_written() -> None:
    config = Config(players=5, generals="random")
    result = record_game(config, 4, io.BytesIO(), events=False, agents="heuristic")
    assert result.header == make_header(config, 4, "heuristic", events=False)
    from sgscore.replay import read_replay

    buf = io.BytesIO()
    record_game(config, 4, buf, events=False, agents="heuristic")
    replay = read_replay(buf.getvalue())
    assert result.records == len(replay.records)
    assert replay.summary == result.summary


class _Fails:
    """An agent that gives up at the game's ``n``-th decision (a bug in someone's agent)."""

    name = "fails"

    def __init__(self, inner: Agent, taken: list[int], n: int) -> None:
        self.inner, self.taken, self.n = inner, taken, n

    def choose(self, request: Any) -> Any:
        if self.taken[0] == self.n:
            raise RuntimeError("the agent gave up")
        self.taken[0] += 1
        return self.inner.choose(request)


def test_an_agent_that_raises_leaves_the_records_so_far(tmp_path: Path) -> None:
    # As a writer that flushed record by record would have left them: a truncated replay.
    from sgscore.agents import RandomAgent

    config = Config(players=4, generals=None)

    def agents() -> list[Any]:
        taken = [0]
        return [_Fails(RandomAgent(3, s), taken, 20) for s in range(4)]

    buf = io.BytesIO()
    with pytest.raises(RuntimeError, match="gave up"):
        record_game(config, 3, buf, agents=agents())
    result = validate_file(buf.getvalue())
    assert result.truncated and result.decisions == 20, result
    path = tmp_path / "cut.mp"
    with pytest.raises(RuntimeError, match="gave up"):
        record_game(config, 3, path, agents=agents())
    assert path.read_bytes() == buf.getvalue()
    assert [p.name for p in tmp_path.iterdir()] == ["cut.mp"]


def test_an_existing_replay_is_refused_before_the_game_is_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.mp"
    path.write_bytes(b"someone's replay")
    config = Config(players=4, generals=None)
    spec = spec_for_config(config)
    started: list[int] = []

    def start_config(config: object, seed: int) -> tuple[GameState, EngineError | None]:
        started.append(seed)
        raise AssertionError("not to be played")

    monkeypatch.setattr(spec, "start_config", start_config)
    with pytest.raises(FileExistsError):
        record_game(config, 1, path)
    assert started == [] and path.read_bytes() == b"someone's replay"


def test_atomic_write_writes_whole_files_with_a_new_files_permissions(tmp_path: Path) -> None:
    path = tmp_path / "a.mp"
    atomic_write(path, b"first")
    assert path.read_bytes() == b"first"
    mask = os.umask(0o022)
    os.umask(mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask
    with pytest.raises(FileExistsError):
        atomic_write(path, b"second", overwrite=False)
    assert path.read_bytes() == b"first"
    atomic_write(path, b"second" * 100_000)
    assert path.read_bytes() == b"second" * 100_000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.mp"]  # no partial file left


def test_a_new_file_is_written_unnamed_and_named_once_whole(tmp_path: Path) -> None:
    # Where the system has O_TMPFILE (Linux), a new replay is written as a file without a name
    # and linked into place whole: no partial file is ever in the folder, a taken name refused.
    if not getattr(os, "O_TMPFILE", 0):
        pytest.skip("this system has no O_TMPFILE (the named partial file is tested above)")
    path = tmp_path / "game-1.mp"
    atomic_write(path, b"whole", overwrite=False)
    assert writer._unnamed[0], "the file system refused O_TMPFILE: the test learns nothing"
    assert path.read_bytes() == b"whole"
    mask = os.umask(0o022)
    os.umask(mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask
    with pytest.raises(FileExistsError, match="a replay is there already"):
        atomic_write(path, b"other", overwrite=False)
    assert path.read_bytes() == b"whole"
    assert [p.name for p in tmp_path.iterdir()] == ["game-1.mp"]
    with pytest.raises(FileNotFoundError):
        atomic_write(tmp_path / "no-such-folder" / "game-2.mp", b"x", overwrite=False)


@pytest.mark.parametrize("refusal", ["open", "link"])
def test_without_unnamed_files_a_new_file_goes_through_a_partial_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refusal: str) -> None:
    # A file system without O_TMPFILE (open refuses it) or a system without /proc (the link
    # fails): the write falls back to the named partial file, once and for the process.
    tmpfile = getattr(os, "O_TMPFILE", 0)
    if not tmpfile:
        pytest.skip("this system has no O_TMPFILE: atomic_write never tries it")
    real_open, real_link = os.open, os.link

    def refusing_open(path: Any, flags: int, mode: int = 0o777, **kw: Any) -> int:
        if refusal == "open" and flags & tmpfile == tmpfile:
            raise OSError(errno.EOPNOTSUPP, "not supported")
        return real_open(path, flags, mode, **kw)

    def refusing_link(src: Any, dst: Any, **kw: Any) -> None:
        if str(src).startswith("/proc/"):
            raise FileNotFoundError(errno.ENOENT, "no /proc", src)
        real_link(src, dst, **kw)

    monkeypatch.setattr(os, "open", refusing_open)
    monkeypatch.setattr(os, "link", refusing_link)
    path = tmp_path / "game-1.mp"
    assert writer._unnamed[0]
    try:
        atomic_write(path, b"whole", overwrite=False)
        assert writer._unnamed[0] is False
        assert path.read_bytes() == b"whole"
        assert [p.name for p in tmp_path.iterdir()] == ["game-1.mp"]
        with pytest.raises(FileExistsError):
            atomic_write(path, b"other", overwrite=False)
        assert path.read_bytes() == b"whole"
    finally:
        writer._unnamed[0] = True  # the rest of the tests' process has O_TMPFILE again
