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
        table = st.spec.table_json({**m.state, "current": m.current}, teller)
        generals = [seat.pop("general") for seat in got["table"]["seats"]]
        assert got["table"] == table
        assert generals == [p["general"] or None for p in m.state["players"]]
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
        turn = 0  # the turn when the moment's events begin: the previous stop's
        for own, (k, got) in enumerate(zip(stops, data["moments"], strict=True)):
            st.goto(k)
            want = st.seat_moment(seat, "zh")
            assert _strip(got) == _strip(moment_data(st.spec, want, st.teller(seat, "zh"),
                                                     turn_before=turn))
            turn = want.turn
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


# ---------------------------------------------------------------------------- issue 19 item 4
def _deaths_in_the_account(data: bytes) -> list[tuple[str, int]]:
    """``(who, turn)`` for each death as ``sgs replay show`` tells it: the turn is that of the
    last turn heading before the death's line."""
    path = Path(_tmp_file(data))
    code, out, _ = run("replay", "show", str(path), "--no-numbers")
    assert code == 0
    turn = 0
    deaths = []
    for line in out.splitlines():
        head = re.match(r"\s*-- Turn (\d+):", line)
        if head:
            turn = int(head.group(1))
        died = re.match(r"\s*(P\d) .* dies: ", line)
        if died:
            deaths.append((died.group(1), turn))
    return deaths


def _tmp_file(data: bytes) -> str:
    import tempfile

    f = tempfile.NamedTemporaryFile(suffix=".mp", delete=False)
    f.write(data)
    f.close()
    return f.name


@pytest.fixture(scope="module")
def late_death() -> bytes:
    """A 10-player game in which a player dies in one turn while the next decision is taken in a
    later turn (the death of the issue: P4 dies in turn 15, the page said turn 16)."""
    for seed in range(1, 40):
        data, _ = record_bytes(Config(players=10), seed)
        st = Stepper(data)
        for k in range(1, st.decisions + 1):
            st.goto(k - 1)
            alive = [p["alive"] for p in st.state(None)["players"]]
            turn = st.game.turn_no
            st.goto(k)
            if st.game.turn_no > turn and alive != [p["alive"] for p in st.state(None)["players"]]:
                # a death between a decision of one turn and the next decision, in a later turn
                return data
    raise AssertionError("no game of seeds 1-39 has a death before a decision of a later turn")


def test_each_death_is_dated_by_the_turn_it_happened_in(late_death: bytes) -> None:
    # Issue 19 item 4: the death list named the turn of the next decision, not of the death.
    told = _deaths_in_the_account(late_death)
    assert len(told) >= 2
    for seat in (None, 2):
        data = viewer_data(late_death, seat=seat)
        died = [(f"P{s}", turn) for m in data["moments"] for s, turn in m["died"]]
        assert died == told, seat
    # and a moment can show a death of an earlier turn than its own
    everyone = viewer_data(late_death)["moments"]
    assert any(turn < m["turn"] for m in everyone for _, turn in m["died"])


def test_the_log_of_a_turn_starts_at_its_heading(big_game: bytes) -> None:
    # Issue 19 item 4: the first moment of turn N holds the end of turn N-1 too; log_from says
    # where turn N's lines begin (its heading, as sgs replay show writes it, after the heading
    # of the round it begins).
    for seat in (None, 3):
        data = viewer_data(big_game, seat=seat)
        split = 0
        for m in data["moments"]:
            lines = [line.strip() for line in m["lines"]]
            heads = [i for i, line in enumerate(lines) if line.startswith("-- Turn ")]
            if not heads:
                assert m["log_from"] == 0
                continue
            head = heads[-1]
            assert lines[head].startswith(f"-- Turn {m['turn']}:")
            round_first = head > 0 and lines[head - 1].startswith("== Round ")
            assert m["log_from"] == head - round_first
            split += m["log_from"] > 0
        assert split > 10


def test_no_hp_before_the_generals_and_none_below_zero_for_the_dead() -> None:
    # Issue 19 item 4: before the draft every seat showed 4/4 HP, and the dead -1/4.
    data, _ = record_bytes(Config(players=5, generals="draft"), 11)
    st = Stepper(data)
    moments = viewer_data(data)["moments"]
    first = moments[0]
    assert [s["cells"]["hp"] for s in first["table"]["seats"]] == ["-"] * 5
    dead = 0
    for k, m in enumerate(moments):
        st.goto(k)
        for p, s in zip(st.state(None)["players"], m["table"]["seats"], strict=True):
            if st.game.phase == "setup" and not p["general"]:
                assert s["cells"]["hp"] == "-"
            elif not p["alive"]:
                assert s["cells"]["hp"] == f"0/{p['max_hp']}"
                dead += 1
            else:
                assert s["cells"]["hp"] == f"{p['hp']}/{p['max_hp']}"
    after = next(m for m in moments if m["phase"] != "setup")  # the generals are revealed
    assert dead and all(s["cells"]["hp"] != "-" for s in after["table"]["seats"])


def test_a_page_names_each_generals_skills_from_the_catalogue(card_game: bytes) -> None:
    # Issue 19 item 4: the page shows each general's skills, in its language, from the content's
    # declarations (the catalogue sgs info prints), with nothing fetched.
    spec = Stepper(card_game).spec
    catalogue = spec.catalogue()
    generals = {g["id"]: g for g in catalogue["generals"]}
    skills = {s["id"]: s for s in catalogue["skills"]}
    for lang in ("en", "zh"):
        data = viewer_data(card_game, lang=lang)
        at_table = {s["general"] for m in data["moments"] for s in m["table"]["seats"]}
        assert set(data["generals"]) == at_table - {None} and len(data["generals"]) == 5
        for gid, g in data["generals"].items():
            assert g == {"name": generals[gid][lang], "skills": generals[gid]["skills"]}
            for sid in g["skills"]:
                assert data["skills"][sid] == {
                    "name": skills[sid][lang], "text": skills[sid][f"text_{lang}"],
                    "lord": skills[sid]["lord"], "compulsory": skills[sid]["compulsory"]}


def test_the_page_holds_its_first_moment_unpacked(card_game: bytes) -> None:
    # Issue 19 item 4: a screenshot taken as the page loads was blank until the data was
    # inflated; the first moment is in the page as plain JSON, drawn at once.
    page = render_html(viewer_data(card_game, lang="zh"))
    found = re.search(r'<script id="sgs-first" type="application/json">(.*?)</script>', page,
                      re.S)
    assert found is not None and "<" not in found.group(1)
    first = json.loads(found.group(1))
    whole = read_page_data(page)
    assert first["moment"] == whole["moments"][0]
    assert {k: v for k, v in first.items() if k != "moment"} == {
        k: v for k, v in whole.items() if k != "moments"}
    # a "<" in the data (here in the header line) cannot end the script element early
    data = viewer_data(card_game)
    data["header"] = "</script><script>alert(1)</script>"
    page = render_html(data)
    assert page.count("</script>") == render_html(viewer_data(card_game)).count("</script>")
    found = re.search(r'<script id="sgs-first" type="application/json">(.*?)</script>', page,
                      re.S)
    assert found is not None and json.loads(found.group(1))["header"] == data["header"]
