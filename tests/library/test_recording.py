"""The recording path of a frontend: ``ReplayWriter.submit`` checks a choice before writing it, so
a misclick never makes an invalid replay (docs/api.md "Recording a game, and replaying one")."""

from __future__ import annotations

import io
import json

import pytest

from sgscore import Config, IllegalChoice, new_game
from sgscore.agents import RandomAgent
from sgscore.core.protocol import GameFinished
from sgscore.replay import ReplayWriter, make_header, record_game, validate_file


def test_a_misclick_is_refused_before_it_is_written() -> None:
    config, seed = Config(players=4), 5
    game = new_game(config, seed)
    bots = [RandomAgent(seed, s) for s in range(4)]
    buf = io.BytesIO()
    misclicks = 0
    with ReplayWriter(buf, make_header(config, seed, "random"), events=True) as w:
        while not game.over:
            req = game.pending
            assert req is not None
            if game.decisions % 7 == 3:  # a card that is not in the hand, a seat that is not there
                size = w.bytes
                with pytest.raises(IllegalChoice):
                    w.submit(game, (9999, 42))
                misclicks += 1
                assert w.bytes == size  # nothing written
            w.submit(game, json.loads(json.dumps(bots[req.seat].choose(req))))
        w.end(game)
    assert misclicks > 0
    result = validate_file(buf.getvalue())
    assert result.valid, result.error


def test_the_writers_submit_records_what_record_game_records() -> None:
    # Same records, byte for byte: events before each decision, a checkpoint per turn.
    config, seed = Config(players=5), 9
    ref = io.BytesIO()
    record_game(config, seed, ref)
    game = new_game(config, seed)
    bots = [RandomAgent(seed, s) for s in range(5)]
    buf = io.BytesIO()
    with ReplayWriter(buf, make_header(config, seed, "random"), events=True) as w:
        while not game.over:
            req = game.pending
            assert req is not None
            w.submit(game, bots[req.seat].choose(req))
        w.end(game)
    assert buf.getvalue() == ref.getvalue()


def test_submit_after_the_end_says_the_game_is_over() -> None:
    config, seed = Config(players=4), 1
    buf = io.BytesIO()
    game = new_game(config, seed)
    bots = [RandomAgent(seed, s) for s in range(4)]
    with ReplayWriter(buf, make_header(config, seed, "random"), events=False) as w:
        while not game.over:
            req = game.pending
            assert req is not None
            w.submit(game, bots[req.seat].choose(req))
        with pytest.raises(GameFinished):
            w.submit(game, None)
        w.end(game)


def test_one_agent_name_is_every_seats() -> None:
    header = make_header(Config(players=6), 1, "random")
    assert header.agents == "random"
    assert make_header(Config(players=4), 1, ["a", "b", "a", "a"]).agents == ["a", "b", "a", "a"]
