"""Saving a game in progress and resuming it (docs/api.md "Save and resume", docs/replay-format.md
"Suspended"): a saved game is a valid replay of a game so far, every command tells it up to where
it was saved, it resumes exactly where it stood, and a forged or cut-short one does not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import main
from sgscore import Config, new_game
from sgscore.core.games import spec_for_config
from sgscore.core.rng import Pcg32
from sgscore.core.spec import GameState
from sgscore.fuzz import decode_records, encode_records, game_setup
from sgscore.replay import (
    ReplayError,
    Stepper,
    read_replay,
    record_game,
    resim_file,
    resume_game,
    save_game,
    validate_file,
)
from sgscore.replay.viewer import viewer_json

pytestmark = pytest.mark.long  # started first (tests/conftest.py)


def sgs(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


def _played(index: int) -> tuple[GameState, list[str]]:
    """Game ``index`` of games run 31 (every variant of both games), played to its end by its
    agents, and the agents' names."""
    setup = game_setup(31, index)
    spec = spec_for_config(setup.config)
    game, err = spec.start_config(setup.config, setup.seed)
    assert err is None
    agents = spec.make_agents(game, setup.seed, list(setup.agents))
    while not game.over:
        request = game.pending
        assert request is not None
        game.submit(agents[request.seat].choose(request))
    return game, list(setup.agents)


# ---------------------------------------------------------------------------- the differential
def test_a_game_saved_anywhere_resumes_where_it_stood_and_ends_byte_for_byte_the_same(
        tmp_path: Path) -> None:
    # 200 games of every variant of both games, each saved at a decision drawn at random: the
    # saved file validates as a game so far, resumes in the state it was saved in, and the same
    # decisions from there give the very replay of the game played in one go.
    rng = Pcg32(31, 0)
    saved, whole = tmp_path / "saved.mp", tmp_path / "whole.mp"
    resumed_games = 0
    for index in range(200):
        game, names = _played(index)
        at = rng.below(game.decisions + 1)
        part = game.replay_to(at)
        save_game(part, saved, agents=names)
        verdict = validate_file(saved)
        assert verdict.valid, verdict.error
        if part.over:  # the decision it stopped on ended the game: saved whole, with its end
            assert verdict.suspended is None and verdict.summary is not None
            continue
        assert verdict.suspended == at and verdict.summary is None
        resumed = resume_game(saved)
        assert resumed.game.state_hash() == part.state_hash()
        assert resumed.game.history == part.history
        assert resumed.agents is not None and len(resumed.agents) == game.seats
        for _, choice in game.history[at:]:
            resumed.game.submit(choice)
        save_game(resumed.game, saved, agents=names)
        save_game(game, whole, agents=names)
        assert saved.read_bytes() == whole.read_bytes(), index
        resumed_games += 1
    assert resumed_games >= 150


def test_a_finished_game_saved_is_the_replay_record_game_writes(tmp_path: Path) -> None:
    config = Config(players=6, generals="draft")
    record_game(config, 12, tmp_path / "recorded.mp", agents="heuristic")
    spec = spec_for_config(config)
    game = new_game(config, 12)
    agents = spec.make_agents(game, 12, "heuristic")
    while not game.over:
        game.submit(agents[game.pending.seat].choose(game.pending))  # type: ignore[union-attr]
    save_game(game, tmp_path / "saved.mp", agents="heuristic")
    assert (tmp_path / "saved.mp").read_bytes() == (tmp_path / "recorded.mp").read_bytes()


def test_a_game_saved_without_events_is_saved_compact(tmp_path: Path) -> None:
    game, names = _played(3)
    part = game.replay_to(game.decisions // 2)
    save_game(part, tmp_path / "compact.mp", agents=names, events=False)
    save_game(part, tmp_path / "full.mp", agents=names)
    assert validate_file(tmp_path / "compact.mp").suspended == part.decisions
    assert (tmp_path / "compact.mp").stat().st_size < (tmp_path / "full.mp").stat().st_size
    assert resume_game(tmp_path / "compact.mp").game.state_hash() == part.state_hash()


def test_a_game_set_up_by_hand_cannot_be_saved(tmp_path: Path) -> None:
    game = new_game(Config(players=4), 3)
    game.players[1].hp = 1  # outside its config, seed and decisions
    with pytest.raises(ValueError, match="cannot be saved"):
        save_game(game, tmp_path / "x.mp")
    assert not (tmp_path / "x.mp").exists()


# ---------------------------------------------------------------------------- what is refused
def _saved(tmp_path: Path, at: int = 40) -> tuple[Path, GameState]:
    game = new_game(Config(players=5), 7)
    agents = spec_for_config(game.config).make_agents(game, 7, "heuristic")
    for _ in range(at):
        game.submit(agents[game.pending.seat].choose(game.pending))  # type: ignore[union-attr]
    path = tmp_path / "saved.mp"
    save_game(game, path, agents="heuristic")
    return path, game


def _forge(path: Path, out: Path, change: Any) -> int:
    """Write ``path`` with its last record changed by ``change`` (a dict of new entries, or a
    function of the records); returns the index of the record changed."""
    records = decode_records(path.read_bytes())
    if callable(change):
        change(records)
    else:
        records[-1] = {**records[-1], **change}
    out.write_bytes(encode_records(records))
    return len(records) - 1


@pytest.mark.parametrize("change,reason", [
    ({"at": 39}, "suspended after 39 decisions in the replay, after 40 on re-simulation"),
    ({"n": 3}, "suspended with 3 events told in the replay"),
    ({"h": "0" * 32}, "state hash differs: the replay was suspended at 0000000000000000..."),
    ({"h": "XYZ"}, "Suspended: h: expected 32 lowercase hex digits"),
    ({"at": -1}, "Suspended: at:"),
])
def test_a_forged_suspended_record_does_not_validate(
        tmp_path: Path, change: dict[str, Any], reason: str) -> None:
    path, _ = _saved(tmp_path)
    forged = tmp_path / "forged.mp"
    at = _forge(path, forged, change)
    verdict = validate_file(forged)
    assert not verdict.valid and verdict.suspended is None and verdict.error is not None
    assert verdict.error["record"] == at and reason in verdict.error["reason"], verdict.error
    with pytest.raises(ReplayError, match="record"):
        resume_game(forged)


def test_nothing_follows_the_suspended_record_and_a_finished_game_is_not_suspended(
        tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    after = tmp_path / "after.mp"
    at = _forge(path, after, lambda r: r.append([0, None]))
    error = validate_file(after).error
    assert error == {"record": at, "reason": "data after the suspended record"}
    # a finished game's end record replaced by a suspended one
    whole = tmp_path / "whole.mp"
    record_game(Config(players=4), 2, whole)
    ended = tmp_path / "ended.mp"
    records = decode_records(whole.read_bytes())
    end = records[-1]
    at = _forge(whole, ended, lambda r: r.__setitem__(
        -1, {"t": "sus", "at": end["d"], "n": end["n"], "h": end["h"]}))
    error = validate_file(ended).error
    assert error is not None and error["record"] == at
    assert "the replay says the game was suspended after" in error["reason"]


def test_only_a_saved_game_resumes(tmp_path: Path) -> None:
    path, game = _saved(tmp_path)
    whole = tmp_path / "whole.mp"
    record_game(Config(players=4), 2, whole)
    with pytest.raises(ReplayError, match="the game is over: a finished game cannot be resumed"):
        resume_game(whole)
    cut = tmp_path / "cut.mp"
    cut.write_bytes(path.read_bytes()[:-40])  # a crash: no suspended record, no end
    assert validate_file(cut).truncated and not validate_file(cut).valid
    with pytest.raises(ReplayError, match="not a saved game: the file has no suspended record"):
        resume_game(cut)
    again = resume_game(cut, truncated=True)  # asked for: the game so far, from a cut file
    assert again.truncated and not resume_game(path).truncated
    assert again.game.history == game.history[:again.game.decisions]
    with pytest.raises(ReplayError, match="a finished game cannot be resumed"):
        resume_game(whole, truncated=True)
    with pytest.raises(ReplayError, match="no agent 'nobody'"):
        resume_game(path, agents="nobody")


# ---------------------------------------------------------------------------- the commands
def test_validate_show_step_and_html_tell_a_saved_game_up_to_where_it_waits(
        tmp_path: Path) -> None:
    path, game = _saved(tmp_path)
    code, out, _ = sgs("replay", "validate", str(path))
    assert code == 0 and out.startswith(f"{path}: valid, suspended (a game saved before its end), "
                                        "40 decisions")
    code, out, _ = sgs("replay", "validate", str(path), "--json")
    assert code == 0 and json.loads(out)["suspended"] == 40
    code, out, _ = sgs("replay", "show", str(path))
    assert code == 0 and out.splitlines()[-1] == (
        "Saved after 40 decisions, before the game ended (sgs replay resume plays it on)")
    code, out, _ = sgs("replay", "show", str(path), "--lang", "zh")
    assert code == 0 and out.splitlines()[-1] == "对局于第40个决定后保存，尚未结束（sgs replay resume 可继续）"
    # step goes to the last position, the question the game waits on, unanswered
    code, out, err = sgs("replay", "step", str(path), "--at", "40")
    assert code == 0, err
    request = game.pending
    assert request is not None
    seat_asked = request.seat
    assert out.splitlines()[-1] == ("  the game was saved here, before this question "
                                    "(sgs replay resume plays it on)")
    assert out.splitlines()[-2].startswith("  asked: ")
    st = Stepper(str(path))
    st.goto(40)
    m = st.moment()
    assert m.at_end and m.suspended and not m.truncated and m.question
    assert st.moment(seat_asked).question == m.question
    assert st.moment((seat_asked + 1) % game.seats).question is None  # another seat's question
    last = json.loads("".join(viewer_json(str(path))))["moments"][-1]
    assert last["end_lines"][-1].startswith("The game was saved here")


def test_resim_keeps_a_saved_game_saved(tmp_path: Path) -> None:
    path, game = _saved(tmp_path)
    out = tmp_path / "again.mp"
    resim_file(path, out, events=False)
    verdict = validate_file(out)
    assert verdict.valid and verdict.suspended == 40
    assert resume_game(out).game.state_hash() == game.state_hash()


def test_sgs_replay_resume_plays_a_saved_game_to_its_end(tmp_path: Path) -> None:
    path, game = _saved(tmp_path)
    out = tmp_path / "game.mp"
    code, said, err = sgs("replay", "resume", str(path), "-o", str(out))
    assert code == 0, err
    verdict = validate_file(out)
    assert verdict.valid and verdict.suspended is None and verdict.summary is not None
    assert said.startswith(f"{out}: {verdict.decisions} decisions ({verdict.decisions - 40} "
                           "after the 40 saved)")
    # the whole game: the saved one's decisions, then the rest
    whole = read_replay(out)
    assert whole.header.seed == 7 and whole.decisions[:40] == game.history
    code, _, err = sgs("replay", "resume", str(out), "-o", str(tmp_path / "x.mp"))
    assert code == 1 and "a finished game cannot be resumed" in err and len(err.splitlines()) == 1


# ---------------------------------------------------------------------------- undo and views
def test_a_view_since_an_undone_event_says_the_history_was_rewound() -> None:
    game = new_game(Config(players=4), 9)
    for _ in range(30):
        game.submit(game.pending.choices()[0])  # type: ignore[union-attr]
    seen = len(game.events)
    view = game.view(0, since=seen)
    assert (view["events"], view["events_from"], view["rewound"]) == ([], seen, False)
    undone = game.replay_to(10)
    view = undone.view(0, since=seen)
    assert view["rewound"] is True and view["events_from"] == len(undone.events) < seen
    assert view["events"] == []
    assert undone.view(0, since=5)["events_from"] == 5
    with pytest.raises(ValueError, match="since must be an event index"):
        game.view(0, since=-1)
