"""One decision numbering everywhere (issue 10 point 1): decisions are numbered from 0; ``show``
labels each line "#N" by the decision that led to it, and "decision N" in ``validate``, ``diff``
and ``step --at N`` is the same moment."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import msgpack
import pytest

from sgscore.replay import read_replay

from sgs_cli import run


@pytest.fixture(scope="module", params=[True, False], ids=["events", "no-events"])
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("numbers") / "game.mp"
    args = ["sim", "--players", "5", "--seed", "11", "-o", str(path)]
    if not request.param:
        args.append("--no-events")
    assert run(*args)[0] == 0
    return path


def _labelled(out: str) -> dict[int, str]:
    """``show``'s "#N" labels: the first line each decision led to, without label or indent."""
    found: dict[int, str] = {}
    for line in out.splitlines():
        head = line.split(maxsplit=1)
        if head and head[0].startswith("#") and head[0][1:].isdigit():
            found[int(head[0][1:])] = head[1].strip()
    return found


def _events_since(path: Path, n: int) -> list[str]:
    """The lines ``step --at n`` lists as the events since the decision before."""
    code, out, _ = run("replay", "step", str(path), "--at", str(n))
    assert code == 0
    lines = out.splitlines()
    start = lines.index(next(x for x in lines if x.startswith("  events since")))
    stop = next(i for i, x in enumerate(lines) if x.lstrip().startswith("seat "))
    return [x.strip() for x in lines[start + 1:stop]]


def test_show_labels_lines_by_the_decision_that_led_to_them(game: Path) -> None:
    code, out, _ = run("replay", "show", str(game))
    assert code == 0
    labels = _labelled(out)
    decisions = len(read_replay(game).decisions)
    assert len(labels) > decisions // 3 and max(labels) < decisions
    # the line labelled #N is the first event line step shows after decision N
    for n in sorted(labels)[:: max(1, len(labels) // 12)]:
        if n + 1 < decisions:
            assert _events_since(game, n + 1)[0] == labels[n], n


def test_show_as_a_seat_has_no_numbers_unless_asked(game: Path) -> None:
    code, out, _ = run("replay", "show", str(game), "--as", "2")
    assert code == 0 and not _labelled(out)
    assert _labelled(run("replay", "show", str(game), "--as", "2", "--numbers")[1])
    assert not _labelled(run("replay", "show", str(game), "--no-numbers")[1])


def test_show_json_gives_each_events_decision(game: Path) -> None:
    code, out, _ = run("replay", "show", str(game), "--json")
    assert code == 0
    data = json.loads(out)
    numbers = data["event_decisions"]
    assert len(numbers) == len(data["events"]) and numbers == sorted(numbers)
    assert numbers[0] == -1 and numbers[-1] == len(read_replay(game).decisions) - 1
    assert "event_decisions" not in json.loads(run("replay", "show", str(game), "--as", "1",
                                                   "--json")[1])


def _records(path: Path) -> list[Any]:
    return list(msgpack.Unpacker(io.BytesIO(path.read_bytes()), raw=False))


def _write(path: Path, records: list[Any]) -> None:
    path.write_bytes(b"".join(msgpack.packb(r, use_bin_type=True) for r in records))


def test_validate_names_the_decision_step_shows(game: Path, tmp_path: Path) -> None:
    records = _records(game)
    target = 40
    seen = 0
    for rec in records[1:]:
        if isinstance(rec, list):
            if seen + len(rec) - 1 > target:
                rec[1 + target - seen] = 99_999  # no card, seat or option has this id
                break
            seen += len(rec) - 1
    bad = tmp_path / "bad.mp"
    _write(bad, records)
    code, out, _ = run("replay", "validate", str(bad))
    assert code == 1 and re.search(rf"decision {target}\b", out) and "illegal" in out
    seat = read_replay(game).decisions[target][0]
    code, out, _ = run("replay", "step", str(game), "--at", str(target))
    assert out.startswith(f"Decision {target} of ") and f"asked: P{seat}" in out


def test_diff_names_the_decision_step_shows(tmp_path: Path) -> None:
    a, b = tmp_path / "a.mp", tmp_path / "b.mp"
    assert run("sim", "--players", "5", "--seed", "11", "-o", str(a))[0] == 0
    assert run("sim", "--players", "5", "--seed", "11", "--agents", "heuristic", "-o", str(b))[0] == 0
    code, out, _ = run("replay", "diff", str(a), str(b), "--json")
    first = json.loads(out)["first_difference"]
    assert code == 1 and first["kind"] == "decision"
    n = first["decision"]
    da, db = read_replay(a).decisions, read_replay(b).decisions
    assert da[:n] == db[:n] and da[n] != db[n]
    code, text, _ = run("replay", "diff", str(a), str(b))
    assert f"first at decision {n}," in text
    answers = [run("replay", "step", str(p), "--at", str(n))[1].splitlines()[-1] for p in (a, b)]
    assert answers[0] != answers[1] and all(x.startswith("  answer: ") for x in answers)
