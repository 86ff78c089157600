"""The viewer's data and page without a browser (issue 13): the data model is the Stepper's moments
(``sgs replay step``'s), a seat's page holds nothing that seat may not see, the page is one small
self-contained file, and ``sgs replay html`` makes it for any installed game."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import main
from cli.step_cmd import moment_text
from sgscore.core.games import register_game, unregister_game
from sgscore.dice import DiceConfig
from sgscore.replay import Stepper, record_game
from sgscore.replay.viewer import (
    moment_data,
    page_data,
    read_page_data,
    render_html,
    viewer_data,
)
from sgscore.sanguosha import Config
from sgscore.sanguosha.cards import card_label

import toy_nim
from recorded import record_bytes

SEED = 123456789  # a seed no other number in a page is likely to spell


@pytest.fixture(scope="module")
def card_game() -> bytes:
    data, result = record_bytes(Config(players=5), 1)
    assert result.error is None
    return data


@pytest.fixture(scope="module")
def big_game() -> bytes:
    """A long 10-player game, the heuristic agents' (several hundred decisions)."""
    buf = io.BytesIO()
    result = record_game(Config(players=10), 7, buf, events=True, agents="heuristic")
    assert result.error is None
    return buf.getvalue()


def run(*args: str) -> tuple[int, str, str]:
    """``sgs ARGS`` in-process: exit code, stdout, stderr."""
    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


def _strip(m: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in m.items() if k != "warnings"}


def test_the_data_model_is_the_steppers_moments(card_game: bytes) -> None:
    data = viewer_data(card_game)
    st = Stepper(card_game)
    assert data["decisions"] == st.decisions and len(data["moments"]) == st.decisions + 1
    for k, got in enumerate(data["moments"]):
        st.goto(k)
        m = st.moment(None, "en")
        want = m.to_json()
        assert {key: got[key] for key in want} == want
        teller = st.teller(None, "en")
        assert got["table"] == st.spec.table_json({**m.state, "current": m.current}, teller)
        # the same moment sgs replay step shows: its title starts with the page's numbers
        title = moment_text(st.spec, m, teller)[0]
        assert title.startswith(f"Decision {k} of {st.decisions}" if not m.at_end
                                else f"End of the replay after {st.decisions} decisions")
        if not m.at_end:
            assert got["current_name"] in title and got["phase_name"] in title
    end = data["moments"][-1]
    assert end["end"] and end["end_lines"][0] == moment_text(st.spec, m, teller)[-1].strip()
    assert len(end["end_lines"]) == 1 + 5  # then each seat's general, role and fate


def test_a_seats_data_stops_only_at_its_own_decisions(card_game: bytes) -> None:
    st = Stepper(card_game)
    for seat in (0, 3):
        data = viewer_data(card_game, seat=seat, lang="zh")
        assert data["decisions"] is None and data["seat"] == seat
        stops = st.stops(seat)
        assert len(data["moments"]) == len(stops) and len(stops) < st.decisions
        for own, (k, got) in enumerate(zip(stops, data["moments"], strict=True)):
            st.goto(k)
            want = st.seat_moment(seat, "zh")
            assert _strip(got) == _strip(moment_data(st.spec, want, st.teller(seat, "zh")))
            assert got["decision"] is None and got["decisions"] is None
            assert got["own"] == own


def _hidden_cards(data: bytes, seat: int) -> list[set[str]]:
    """At each of ``seat``'s stops: the labels of the cards in other seats' hands that ``seat``
    has not seen so far, neither in its views (its hand, the equipment, the judgement areas,
    the discard pile, the cards being used) nor in the lines it was told."""
    st = Stepper(data)
    seen: set[int] = set()
    told = ""
    out = []
    for k in st.stops(seat):
        st.goto(k)
        held = {c for p in st.state(None)["players"] if p["seat"] != seat for c in p["hand"]}
        m = st.seat_moment(seat)
        view = m.state
        seen.update(view["discard_pile"], view["processing"])
        for p in view["players"]:
            seen.update(p["hand"] or [])
            seen.update(c for c in p["equip"] if c >= 0)
            seen.update(c for c, _ in p["judge"])
        told += "\n".join(m.lines)
        out.append({label for label in (card_label(c, "en") for c in held - seen)
                    if label not in told})
    return out


def test_a_seats_page_holds_nothing_it_may_not_see() -> None:
    data, _ = record_bytes(Config(players=6), SEED)
    seat = 2
    page = render_html(viewer_data(data, seat=seat))
    embedded = read_page_data(page)
    hidden = _hidden_cards(data, seat)
    assert len(hidden) == len(embedded["moments"])
    assert sum(map(len, hidden)) >= 50, "the game should keep cards from the seat"
    # each moment as embedded (a seat's row once, until it changes) names no card kept from it
    for m, secret in zip(embedded["moments"], hidden, strict=True):
        text = json.dumps(m, ensure_ascii=False)
        assert not [label for label in secret if label in text]
    # no decision numbers, no seed, no record numbers of a truncation
    assert embedded["decisions"] is None and embedded["truncation"] is None
    assert all(m["decision"] is None for m in embedded["moments"])
    assert str(SEED) not in page and "seed" not in embedded["header"]
    # everyone's page shows them, and the seed
    everyone = json.dumps(read_page_data(render_html(viewer_data(data))), ensure_ascii=False)
    assert all(label in everyone for label in set().union(*hidden)) and str(SEED) in everyone
    # other seats' roles: unknown to the seat until shown
    first = embedded["moments"][0]["table"]["seats"]
    assert [s["cells"]["role"] for s in first].count("?") >= 3


def test_the_page_is_one_small_self_contained_file(big_game: bytes) -> None:
    data = viewer_data(big_game)
    assert data["players"] == 10 and data["decisions"] >= 400
    page = render_html(data)
    size = len(page.encode("utf-8"))
    assert size < 250_000, f"{size} bytes for {data['decisions']} decisions"
    # nothing from elsewhere: no address, no external script, style or font; a CSP that says so
    assert not re.search(r"(?i)\b(src|href)\s*=", page)
    assert not re.search(r"(?i)https?://|//[a-z0-9.-]+\.[a-z]{2,}/|@import|url\(", page)
    assert "default-src 'none'" in page
    # the same replay gives the same page, byte for byte
    assert render_html(viewer_data(big_game)) == page
    # the embedded data is the page data of the model
    assert read_page_data(page) == json.loads(json.dumps(page_data(data)))


def test_the_page_data_gives_each_seats_table_once_until_it_changes(card_game: bytes) -> None:
    data = viewer_data(card_game)
    pd = page_data(data)
    seats: list[Any] = []
    shared = 0
    for m, pm in zip(data["moments"], pd["moments"], strict=True):
        got = pm["table"]["seats"]
        shared += got.count(0)
        seats = [b if a == 0 else a for a, b in zip(got, seats or got, strict=True)]
        assert seats == m["table"]["seats"]
    assert shared > len(data["moments"])  # most seats do not change at each decision


def test_a_truncated_replay_shows_what_there_is_and_where_it_stops(card_game: bytes) -> None:
    cut = card_game[: len(card_game) * 2 // 3]
    data = viewer_data(cut)
    st = Stepper(cut)
    assert data["truncated"] and st.truncated
    assert data["decisions"] == st.decisions and len(data["moments"]) == st.decisions + 1
    assert data["truncation"] and data["moments"][-1]["truncated"]
    assert data["moments"][-1]["end_lines"] == []  # no result: the game goes on past the file
    seat = viewer_data(cut, seat=1)
    assert seat["truncated"] and seat["truncation"] is None and seat["moments"][-1]["truncated"]


def test_the_dice_game_draws_its_own_table() -> None:
    data, _ = record_bytes(DiceConfig(players=4), 1)
    vd = viewer_data(data, lang="zh")
    table = vd["moments"][5]["table"]
    assert [c["key"] for c in table["columns"]] == ["general", "role", "hp", "arrows"]
    assert [c["label"] for c in table["columns"]] == ["武将", "身份", "体力", "箭"]
    assert [p["key"] for p in table["piles"]] == ["pile", "dice", "rerolls_left"]
    assert len(table["seats"]) == 4


@pytest.fixture
def toy_game() -> Iterator[None]:
    register_game(toy_nim.SPEC)
    yield
    unregister_game(toy_nim.GAME)


def test_a_game_without_a_table_of_its_own_shows_its_table_lines(
    toy_game: None, tmp_path: Path,
) -> None:
    out = tmp_path / "nim.mp"
    assert run("sim", "--game", "toy/nim", "--seed", "3", "-o", str(out))[0] == 0
    data = viewer_data(out)
    first = data["moments"][0]["table"]
    assert first["columns"] == [] and first["seats"] == []
    assert first["lines"][0] == "  pile 10"
    code, stdout, _ = run("replay", "html", str(out), "-o", str(tmp_path / "nim.html"))
    assert code == 0 and "nim.html:" in stdout


def test_sgs_replay_html_writes_the_page_and_the_json(card_game: bytes, tmp_path: Path) -> None:
    src = tmp_path / "game.mp"
    src.write_bytes(card_game)
    out = tmp_path / "game.html"
    code, stdout, stderr = run("replay", "html", str(src), "-o", str(out))
    assert code == 0 and stderr == ""
    st = Stepper(card_game)
    turns = viewer_data(card_game)["moments"][-1]["turn"]
    assert stdout == f"{out}: {st.decisions} decisions, {turns} turns, {out.stat().st_size} bytes\n"
    assert read_page_data(out.read_text(encoding="utf-8")) == json.loads(
        json.dumps(page_data(viewer_data(card_game))))
    code, stdout, _ = run("replay", "html", str(src), "--json", "--as", "1", "--lang", "zh")
    assert code == 0
    assert json.loads(stdout) == json.loads(json.dumps(viewer_data(card_game, seat=1, lang="zh")))
    code, stdout, _ = run("replay", "html", str(src), "-o", str(tmp_path / "p1.html"), "--as", "1")
    assert code == 0 and "as seat 1, " in stdout and "decisions" in stdout


def test_sgs_replay_html_refuses_bad_input_in_one_line(card_game: bytes, tmp_path: Path) -> None:
    src = tmp_path / "game.mp"
    src.write_bytes(card_game)
    code, out, err = run("replay", "html", str(src), "--as", "7")  # stdout without -o
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    code, _, err = run("replay", "html", str(src), "-o", str(tmp_path / "x.html"), "--as", "7")
    assert code == 2 and "seat 7 is not in this 5-player game" in err
    code, _, err = run("replay", "html", str(src), "-o", str(tmp_path))
    assert code == 2 and "is a folder" in err
    bad = tmp_path / "bad.mp"
    bad.write_bytes(b"not a replay")
    code, _, err = run("replay", "html", str(bad), "-o", str(tmp_path / "y.html"))
    assert code == 1 and err.startswith(f"error: {bad}: record 0") and len(err.splitlines()) == 1
    assert not (tmp_path / "y.html").exists()
    code, _, err = run("replay", "html", str(src), "-o", str(tmp_path / "no" / "z.html"))
    assert code == 1 and err.startswith("error: ") and "cannot write" in err
    assert len(err.splitlines()) == 1


def test_a_page_without_data_is_not_read() -> None:
    with pytest.raises(ValueError, match="embeds no replay data"):
        read_page_data("<html></html>")
