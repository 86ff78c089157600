"""``sgs play``: a person at a terminal against agents, driven here through stdin as a pipe would
(one answer a line), in both languages; the game recorded as it goes, saved when the input ends,
resumed with --resume."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from sgscore.replay import read_replay, validate_file


def play(*args: str, answers: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, ["play", *args], input=answers, prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


@pytest.mark.parametrize("lang,last", [("en", "decisions, the"), ("zh", "个决定，")])
def test_a_whole_game_answered_from_stdin_is_a_valid_replay(
        tmp_path: Path, lang: str, last: str) -> None:
    out = tmp_path / "game.mp"
    code, said, err = play("--players", "5", "--seed", "3", "--lang", lang, "-o", str(out),
                           answers="1\n" * 5000)
    assert code == 0, err
    verdict = validate_file(out)
    assert verdict.valid and verdict.summary is not None and verdict.suspended is None
    header = read_replay(out).header
    assert header.agents == ["person+undo", "heuristic", "heuristic", "heuristic", "heuristic"]
    assert last in said.splitlines()[-1]
    assert ("Choose 1-" if lang == "en" else "选择1-") in said


def test_the_input_ends_the_game_is_saved_and_resume_plays_it_on(tmp_path: Path) -> None:
    out = tmp_path / "game.mp"
    code, said, err = play("--players", "5", "--seed", "4", "--agents", "random", "-o", str(out),
                           answers="2\n" * 6)
    assert code == 0, err
    saved = validate_file(out)
    assert saved.valid and saved.suspended is not None and saved.suspended > 0
    assert said.splitlines()[-1] == (f"Saved after {saved.suspended} decisions: sgs play "
                                     f"--resume {out} plays on.")
    first = read_replay(out).decisions
    code, said, err = play("--resume", str(out), answers="1\n" * 5000)
    assert code == 0, err
    whole = validate_file(out)
    assert whole.valid and whole.summary is not None
    assert read_replay(out).decisions[:len(first)] == first  # the same game, played on


def test_a_subset_is_picked_a_card_at_a_time_and_targets_after_the_card(tmp_path: Path) -> None:
    out = tmp_path / "game.mp"
    # Answering 1 always ends each play phase at once: the hand grows past the limit, and the
    # discard phase's cards are picked one at a time, the ones chosen so far said each time.
    code, said, err = play("--players", "4", "--seed", "6", "--agents", "random", "-o", str(out),
                           answers="1\n" * 5000)
    assert code == 0 and validate_file(out).valid, err
    assert "discard 2 cards (chosen so far: -)" in said
    assert "discard 2 cards (chosen so far: Slash" in said
    # Answering 2 always uses the first card the play phase offers, and then asks its target.
    code, said, err = play("--players", "4", "--seed", "6", "--agents", "random", "-o", str(out),
                           answers="2\n" * 5000)
    assert code == 0 and validate_file(out).valid, err
    assert ": on whom?" in said


def test_an_answer_out_of_range_is_asked_again(tmp_path: Path) -> None:
    out = tmp_path / "game.mp"
    code, said, _ = play("--players", "4", "-o", str(out), answers="99\nx\n1\n")
    assert code == 0
    assert said.count("Type a number from 1 to") == 2


def test_bad_options_are_one_line(tmp_path: Path) -> None:
    code, _, err = play("--players", "4", answers="")
    assert code == 2 and "give -o FILE" in err
    code, _, err = play("--players", "4", "--seat", "7", "-o", str(tmp_path / "x.mp"), answers="")
    assert code == 2 and "seat 7 is not in this 4-player game" in err
    code, _, err = play("--resume", str(tmp_path / "missing.mp"), answers="")
    assert code == 1 and err.startswith("error: ") and len(err.splitlines()) == 1


def test_undo_goes_back_to_the_persons_last_decision_agents_and_replay_with_it(
        tmp_path: Path) -> None:
    straight, undone = tmp_path / "straight.mp", tmp_path / "undone.mp"
    code, _, err = play("--players", "5", "--seed", "3", "-o", str(straight),
                        answers="1\n" * 5000)
    assert code == 0, err
    # three answers, then 0: back to the third decision; answered the same again, the game and
    # its replay are those played straight through (the agents go on as they did)
    code, said, err = play("--players", "5", "--seed", "3", "-o", str(undone),
                           answers="1\n" * 3 + "0\n" + "1\n" * 5000)
    assert code == 0, err
    assert "  0. undo your last decision" in said and "Undone: back to decision" in said
    assert undone.read_bytes() == straight.read_bytes()
    assert read_replay(undone).header.agents[0] == "person+undo"


def test_without_undo_0_is_no_answer_and_the_header_says_so(tmp_path: Path) -> None:
    out = tmp_path / "game.mp"
    code, said, _ = play("--players", "4", "--no-undo", "-o", str(out),
                         answers="1\n" * 3 + "0\n")
    assert code == 0 and "undo your last decision" not in said
    assert "Type a number from 1 to" in said
    assert read_replay(out).header.agents[0] == "person"


def test_a_process_killed_outright_leaves_the_game_so_far_at_the_named_path(
        tmp_path: Path) -> None:
    # docs: the replay is written as the game goes, flushed record by record
    sgs = shutil.which("sgs", path=os.path.dirname(sys.executable))
    assert sgs is not None
    out = tmp_path / "game.mp"
    with subprocess.Popen([sgs, "play", "--players", "4", "--agents", "random", "-o", str(out)],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL) as p:
        assert p.stdin is not None and p.stdout is not None
        asked = 0
        for line in iter(p.stdout.readline, b""):  # answer three questions, then die
            if line.startswith(b"  1. "):  # a question's first option (the prompt has no newline)
                asked += 1
                if asked > 3:
                    break
                p.stdin.write(b"1\n")
                p.stdin.flush()
        p.kill()
    cut = validate_file(out)
    assert cut.truncated and cut.error is not None and "truncated" in cut.error["reason"]
    assert len(read_replay(out).decisions) >= 3  # the person's three answers, at least
    # and --resume plays on from its last whole decision
    code, said, err = play("--resume", str(out), answers="1\n" * 5000)
    assert code == 0 and "cut short (the game was not saved)" in err
    assert validate_file(out).valid
