"""The viewer in a real browser (issue 13): headless Chromium, driven by selenium through
chromedriver, opens pages that ``sgs replay html`` wrote, steps through whole games with the
keyboard, jumps to turns, deaths, the end and linked decisions, and reads the page (the DOM) at
each moment to compare it with the engine's state there, re-simulated by the Stepper. Screenshots
of a few moments are kept as artifacts (the end of pytest's report names where); no page logs
a console error.

It needs Debian's ``chromium`` and ``chromium-driver`` and the ``viewer-test`` extra (selenium);
without them the tests skip and say what is missing, unless ``SGS_VIEWER_BROWSER=require`` (as
``.ci/run`` sets), when a missing browser fails them.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import main as sgs_main
from cli.step_cmd import moment_text
from sgscore.dice import DiceConfig
from sgscore.dice.model import GENERALS as DICE_GENERALS
from sgscore.replay import Stepper
from sgscore.replay.viewer import render_html, viewer_data
from sgscore.sanguosha import Config
from sgscore.sanguosha.cards import card_label
from sgscore.sanguosha.model import GENERALS

from browsing import SELENIUM, chromium
from recorded import record_bytes
from reported import REPORT

pytestmark = pytest.mark.long  # started first (tests/conftest.py)

if SELENIUM:
    from selenium.webdriver.chrome.webdriver import WebDriver
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait

@pytest.fixture(scope="module")
def _artifacts_folder() -> Path:
    """The folder of the screenshots: ``$SGS_VIEWER_ARTIFACTS`` or ``sgs-viewer-artifacts`` in
    the system's temporary directory (a previous run's screenshots there are replaced)."""
    folder = Path(os.environ.get("SGS_VIEWER_ARTIFACTS")
                  or Path(tempfile.gettempdir()) / "sgs-viewer-artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("viewer-*.png"):
        old.unlink()
    return folder


@pytest.fixture
def artifacts(_artifacts_folder: Path, record_property: Callable[[str, object], None]) -> Path:
    """Where a test keeps its screenshots; pytest's report names the folder at the end."""
    record_property(REPORT, f"viewer screenshots: {_artifacts_folder}")
    return _artifacts_folder


@pytest.fixture(scope="module")
def driver() -> Iterator[WebDriver]:
    yield from chromium("the viewer")


class Page:
    """One viewer page open in the browser: keys pressed on it and what it shows."""

    def __init__(self, d: WebDriver, path: Path, artifacts: Path, fragment: str = "") -> None:
        self.d = d
        self.artifacts = artifacts
        d.get("about:blank")  # a new page, even when only the fragment differs
        self.console_errors()  # what an earlier page logged is not this one's
        d.get(path.resolve().as_uri() + fragment)
        ready = WebDriverWait(d, 15, poll_frequency=0.02).until(
            lambda d: d.execute_script("return document.body.dataset.ready || ''"),
            "the page did not load its data")
        assert ready == "true", d.find_element(By.ID, "failure").text

    def press(self, *keys: str) -> None:
        body = self.d.find_element(By.TAG_NAME, "body")
        for key in keys:
            body.send_keys(key)

    def shows(self) -> dict[str, Any]:
        """What the page shows now, read from its DOM in one round trip."""
        out: dict[str, Any] = self.d.execute_script(_READ_DOM)
        return out

    def shot(self, name: str) -> None:
        self.d.save_screenshot(str(self.artifacts / f"viewer-{name}.png"))

    def console_errors(self) -> list[dict[str, Any]]:
        """What the page logged as errors since the last call (chromedriver's browser log)."""
        get_log: Any = self.d.get_log  # untyped in selenium
        return [e for e in get_log("browser") if e.get("level") == "SEVERE"]


_READ_DOM = """
const $ = id => document.getElementById(id);
const pos = $("position");
const cell = td => td.querySelector(".text") ? td.querySelector(".text").textContent
  : [...td.querySelectorAll(".chip")].map(c => c.textContent);
return {
  position: pos.textContent, moment: Number(pos.dataset.moment), decision: pos.dataset.decision,
  own: pos.dataset.own, end: pos.dataset.end === "true", turn: Number(pos.dataset.turn),
  where: $("where").textContent, hash: location.hash,
  seats: [...document.querySelectorAll("#seats tbody tr")].map(tr => ({
    seat: Number(tr.dataset.seat), alive: tr.dataset.alive === "true",
    dead_badge: !!tr.querySelector(".badge"),
    current: tr.classList.contains("current"), asked: tr.classList.contains("asked"),
    cells: Object.fromEntries([...tr.querySelectorAll("td[data-key]")]
      .map(td => [td.dataset.key, cell(td)])),
  })),
  piles: Object.fromEntries([...document.querySelectorAll("#piles .pile")].map(p =>
    [p.dataset.key, p.querySelector(".value") ? p.querySelector(".value").textContent
      : [...p.querySelectorAll(".chip")].map(c => c.textContent)])),
  request: [...document.querySelectorAll("#request p")].map(p => p.textContent),
  log: [...document.querySelectorAll("#log li")].map(li => [li.className, li.textContent]),
  lines: $("table-lines").textContent,
  turns: [...$("turn").options].map(o => o.value),
  deaths: [...$("death").options].map(o => o.value).filter(v => v !== ""),
};
"""


def _write_page(tmp_path: Path, name: str, data: bytes, seat: int | None = None,
                lang: str = "en") -> Path:
    path = tmp_path / f"{name}.html"
    path.write_text(render_html(viewer_data(data, seat=seat, lang=lang)), encoding="utf-8")
    return path


def _hp(p: Any, setup: bool) -> str:
    """A seat's HP as the table shows it: none while the generals are chosen, 0 once dead."""
    if setup and not p.general:
        return "-"
    return f"{p.hp if p.alive else 0}/{p.max_hp}"


def _card_seat(p: Any, row: dict[str, Any], hand_shown: bool, setup: bool = False) -> None:
    """A seat of the card game as the page shows it is the engine's player ``p``."""
    cells = row["cells"]
    assert row["alive"] == p.alive and row["dead_badge"] == (not p.alive)
    assert cells["hp"] == _hp(p, setup)
    assert cells["general"] == (GENERALS[p.general].en if p.general else "-")
    if hand_shown:
        assert cells["hand"] == [card_label(c, "en") for c in p.hand]
    else:
        assert cells["hand"] == f"{len(p.hand)} card" + ("" if len(p.hand) == 1 else "s")
    equip = [card_label(c, "en") for c in p.equip if c >= 0]
    assert cells["equip"][:len(equip)] == equip
    assert len(cells["judge"]) == len(p.judge)


def _position(st: Stepper, shown: dict[str, Any], k: int) -> None:
    """The page is at decision ``k`` (or the end) of the Stepper's replay, as ``sgs replay step``
    numbers and titles it."""
    st.goto(k)
    m = st.moment(None, "en")
    title = moment_text(st.spec, m, st.teller(None, "en"))[0]
    assert shown["end"] == m.at_end and shown["turn"] == st.game.turn_no
    assert shown["decision"] == ("" if m.at_end else str(k))
    assert title.startswith(shown["position"] + ":")


def _turn_start(st: Stepper, k: int) -> int:
    """The first decision of the turn that decision ``k`` is in."""
    st.goto(k)
    st.goto_turn(st.game.turn_no)
    return st.index


def test_stepping_through_a_whole_card_game_shows_the_engines_state(
    driver: WebDriver, tmp_path: Path, artifacts: Path,
) -> None:
    data, _ = record_bytes(Config(players=5), 1)
    page = Page(driver, _write_page(tmp_path, "card", data), artifacts)
    st = Stepper(data)
    deaths: list[tuple[int, str]] = []
    for k in range(st.decisions + 1):
        if k:
            page.press(Keys.ARROW_RIGHT)
        shown = page.shows()
        _position(st, shown, k)
        g: Any = st.game
        assert [row["seat"] for row in shown["seats"]] == list(range(5))
        for p, row in zip(g.players, shown["seats"], strict=True):
            _card_seat(p, row, hand_shown=True, setup=g.phase == "setup")
            assert row["cells"]["role"] == p.role
            assert row["current"] == (not g.over and p.seat == g.current)
            assert row["asked"] == (g.pending is not None and k < st.decisions
                                    and p.seat == g.pending.seat)
            if not p.alive and f"P{p.seat}" not in {d for _, d in deaths}:
                deaths.append((k, f"P{p.seat}"))
        assert shown["piles"]["draw_pile"] == str(len(g.draw_pile))
        assert shown["piles"]["discard_pile"] == str(len(g.discard_pile))
        if k < st.decisions:
            m = st.moment(None, "en")
            assert shown["request"] == [f"asked{m.question}", f"answer{m.answer_text}"]
        assert [text for cls, text in shown["log"] if cls == "new"] == \
            [line.strip() for line in st.moment(None, "en").lines]
        if k == 12:
            page.shot("card-decision-12")
    assert shown["end"]
    page.press(Keys.ARROW_RIGHT)  # nothing after the end
    assert page.shows()["moment"] == shown["moment"]
    st.goto(st.decisions)
    text = moment_text(st.spec, st.moment(None, "en"), st.teller(None, "en"))
    assert shown["request"][0] == text[-1].strip()  # the result, as sgs replay step says it
    page.shot("card-end")
    # the deaths, each where the engine has the seat dead first
    assert deaths and shown["deaths"] == [str(k) for k, _ in deaths]
    page.press(Keys.HOME)
    for k in sorted({k for k, _ in deaths}):
        page.press("d")
        shown = page.shows()
        _position(st, shown, k)
        assert all(not shown["seats"][int(who[1:])]["alive"] for j, who in deaths if j == k)
    page.shot("card-last-death")
    # and back, one decision at a time
    page.press(Keys.HOME, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_LEFT)
    _position(st, page.shows(), 1)
    assert page.console_errors() == []


def test_jumping_to_turns_deaths_decisions_and_the_end(
    driver: WebDriver, tmp_path: Path, artifacts: Path,
) -> None:
    data, _ = record_bytes(Config(players=10), 4)
    path = _write_page(tmp_path, "ten", data)
    page = Page(driver, path, artifacts)
    st = Stepper(data)
    shown = page.shows()
    turns = [int(t) for t in shown["turns"]]
    assert turns[0] == 1 and len(turns) > 10
    # t: the next turn, as `sgs replay step`'s t (goto_turn of the turn after)
    for turn in turns[1:8]:
        page.press("t")
        st.goto_turn(turn)
        _position(st, page.shows(), st.index)
    # T: this turn's start, then the one before
    for keys in ((Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, "T"), ("T",), ("T",)):
        k = page.shows()["moment"] + keys.count(Keys.ARROW_RIGHT)
        page.press(*keys)
        start = _turn_start(st, k)
        _position(st, page.shows(), start if start < k else _turn_start(st, k - 1))
    # the turn list: any turn, as `sgs replay step --turn T`
    select = Select(driver.find_element(By.ID, "turn"))
    for turn in turns[::5]:
        select.select_by_value(str(turn))
        st.goto_turn(turn)
        _position(st, page.shows(), st.index)
    # the deaths list
    deaths = shown["deaths"]
    assert len(deaths) >= 3
    Select(driver.find_element(By.ID, "death")).select_by_value(deaths[2])
    shown = page.shows()
    _position(st, shown, int(deaths[2]))
    st.goto(int(deaths[2]) - 1)
    before = [p.alive for p in st.game.players]  # type: ignore[attr-defined]
    st.goto(int(deaths[2]))
    after = [p.alive for p in st.game.players]  # type: ignore[attr-defined]
    assert [row["alive"] for row in shown["seats"]] == after and before != after
    page.shot("ten-third-death")
    # g: a decision by its number, as `sgs replay step --at N`; End: the end
    page.press("g")
    some = st.decisions * 2 // 3  # a decision in the middle of the game
    driver.switch_to.active_element.send_keys(str(some), Keys.ENTER)
    shown = page.shows()
    _position(st, shown, some)
    assert shown["hash"] == f"#{some}"
    field = driver.find_element(By.ID, "goto")  # a number past the last decision: marked, no move
    field.clear()
    field.send_keys(str(st.decisions + 5), Keys.ENTER)
    _position(st, page.shows(), some)
    assert "bad" in (field.get_attribute("class") or "")
    page.press(Keys.ESCAPE)
    page.press(Keys.END)
    _position(st, page.shows(), st.decisions)
    assert page.shows()["hash"] == "#end"
    assert page.console_errors() == []
    # a link to a decision, a turn or the end opens there
    later = st.decisions * 3 // 4
    for fragment, k in ((f"#{later}", later), ("#end", st.decisions)):
        _position(st, Page(driver, path, artifacts, fragment).shows(), k)
    st.goto_turn(20)
    _position(st, Page(driver, path, artifacts, "#turn20").shows(), st.index)


def test_a_seats_page_stops_at_its_decisions_and_shows_what_it_sees(
    driver: WebDriver, tmp_path: Path, artifacts: Path,
) -> None:
    data, _ = record_bytes(Config(players=5), 1)
    seat = 2
    page = Page(driver, _write_page(tmp_path, "seat2", data, seat=seat), artifacts)
    st = Stepper(data)
    stops = st.stops(seat)
    for own, k in enumerate(stops):
        if own:
            page.press("n")
        shown = page.shows()
        st.goto(k)
        m = st.seat_moment(seat, "en")
        title = moment_text(st.spec, m, st.teller(seat, "en"))[0]
        assert title.startswith(shown["position"] + ":") and shown["decision"] == ""
        assert shown["own"] == ("" if m.at_end else str(own)) and shown["end"] == m.at_end
        view = st.game.view(seat)
        g: Any = st.game
        for p, row, seen in zip(g.players, shown["seats"], view["players"], strict=True):
            _card_seat(p, row, hand_shown=p.seat == seat, setup=g.phase == "setup")
            assert row["cells"]["role"] == (seen["role"] or "?")
        if not m.at_end:
            assert shown["request"] == [f"asked{m.question}", f"answer{m.answer_text}"]
        if own == 3:
            page.shot("seat2-own-decision-3")
    assert shown["end"]
    page.press(Keys.HOME)
    assert page.shows()["own"] == "0"
    assert page.console_errors() == []


def test_the_dice_game_in_chinese(driver: WebDriver, tmp_path: Path, artifacts: Path) -> None:
    data, _ = record_bytes(DiceConfig(players=4), 1)
    page = Page(driver, _write_page(tmp_path, "dice", data, lang="zh"), artifacts)
    st = Stepper(data)
    for k in range(st.decisions + 1):
        if k:
            page.press(Keys.ARROW_RIGHT)
        shown = page.shows()
        st.goto(k)
        g: Any = st.game
        assert shown["decision"] == ("" if k == st.decisions else str(k))
        for p, row in zip(g.players, shown["seats"], strict=True):
            assert row["cells"]["hp"] == f"{p.hp if p.alive else 0}/{p.max_hp}"
            assert row["cells"]["arrows"] == str(p.arrows)
            assert row["cells"]["general"] == DICE_GENERALS[p.general].zh
            assert row["alive"] == p.alive
        assert shown["piles"]["pile"] == str(g.pile)
        assert len(shown["piles"]["dice"]) == len([d for d in g.dice if d])
        if k == 10:
            page.shot("dice-decision-10")
    assert shown["position"].startswith("回放结束")
    assert page.console_errors() == []


def test_a_truncated_replay_says_where_it_stops(
    driver: WebDriver, tmp_path: Path, artifacts: Path,
) -> None:
    data, _ = record_bytes(Config(players=5), 1)
    cut = data[: len(data) * 2 // 3]
    st = Stepper(cut)
    page = Page(driver, _write_page(tmp_path, "cut", cut), artifacts, "#end")
    shown = page.shows()
    _position(st, shown, st.decisions)
    banner = driver.find_element(By.ID, "truncated").text
    assert f"it holds {st.decisions} decisions and stops at" in banner
    assert "truncated" in shown["request"][0]
    page.shot("truncated-end")
    assert page.console_errors() == []


# ---------------------------------------------------------------------------- issue 19 item 4
_PHONE = {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True}


def test_a_phone_width_window_never_scrolls_sideways(
    driver: WebDriver, tmp_path: Path, artifacts: Path,
) -> None:
    # Issue 19 item 4: the page scrolled sideways on a 360 px wide window. The seats' table may
    # scroll inside its own box; the page itself never does.
    data, _ = record_bytes(Config(players=10), 4)
    pages = [_write_page(tmp_path, "phone", data),
             _write_page(tmp_path, "phone-seat", data, seat=2, lang="zh")]
    cdp: Any = driver.execute_cdp_cmd  # untyped in selenium
    cdp("Emulation.setDeviceMetricsOverride", _PHONE)
    try:
        for path in pages:
            page = Page(driver, path, artifacts)
            for keys in ((), (Keys.END,), (Keys.HOME, "t", "t", "t"), ("?",)):
                page.press(*keys)
                width = driver.execute_script(
                    "return [document.documentElement.scrollWidth, window.innerWidth]")
                assert width[1] == 360 and width[0] <= width[1], (path.name, keys)
            page.shot(f"{path.stem}-360px")
    finally:
        cdp("Emulation.clearDeviceMetricsOverride", {})


def test_the_first_moment_is_drawn_before_the_data_is_inflated(
    driver: WebDriver, tmp_path: Path, artifacts: Path,
) -> None:
    # Issue 19 item 4: a screenshot taken as soon as the page loaded was blank until the data
    # was inflated. The first moment is drawn as the page is parsed: here the browser cannot
    # inflate anything (no DecompressionStream), and the table is there all the same.
    data, _ = record_bytes(Config(players=5), 1)
    path = _write_page(tmp_path, "first", data)
    cdp: Any = driver.execute_cdp_cmd
    script = cdp("Page.addScriptToEvaluateOnNewDocument",
                 {"source": "delete window.DecompressionStream;"})
    try:
        driver.get("about:blank")
        driver.get(path.resolve().as_uri())  # returns once the page has loaded
        shown = driver.execute_script(_READ_DOM)
        assert len(shown["seats"]) == 5 and shown["moment"] == 0
        assert shown["position"] == f"Decision 0 of {Stepper(data).decisions} " \
                                    f"(0-{Stepper(data).decisions - 1})"
        failure = driver.find_element(By.ID, "failure").text
        assert "cannot inflate" in failure
        driver.save_screenshot(str(artifacts / "viewer-first-moment-only.png"))
    finally:
        cdp("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
    # and in a browser that inflates it: the table is there the moment the page has loaded
    driver.get("about:blank")
    driver.get(path.resolve().as_uri())
    rows = driver.execute_script("return document.querySelectorAll('#seats tbody tr').length")
    assert rows == 5
    driver.save_screenshot(str(artifacts / "viewer-at-load.png"))


def _account_deaths(data: bytes, tmp_path: Path) -> list[str]:
    """Each death as the deaths list should name it, ``P4 Guan Yu, turn 15``: the turn of the
    last turn heading before the death's line in ``sgs replay show``."""
    path = tmp_path / "account.mp"
    path.write_bytes(data)
    result = CliRunner().invoke(sgs_main, ["replay", "show", str(path), "--no-numbers"])
    assert result.exit_code == 0
    turn, out = 0, []
    for line in result.stdout.splitlines():
        head = re.match(r"\s*-- Turn (\d+):", line)
        if head:
            turn = int(head.group(1))
        died = re.match(r"\s*(P\d .*) dies: ", line)
        if died:
            out.append(f"{died.group(1)}, turn {turn}")
    return out


def test_deaths_the_log_of_a_turn_the_skills_and_the_legend(
    driver: WebDriver, tmp_path: Path, artifacts: Path,
) -> None:
    # Issue 19 item 4: each death is listed with the turn it happened in, on the page of
    # everyone and on a seat's; the log of turn T starts with turn T, the end of the turn before
    # set apart under its own heading; each general's skills are shown, in the page's language;
    # a legend says what the highlights mean.
    data, _ = record_bytes(Config(players=10), 4)
    told = _account_deaths(data, tmp_path)
    assert len(told) >= 3
    for seat in (None, 2):
        page = Page(driver, _write_page(tmp_path, f"deaths-{seat}", data, seat=seat), artifacts)
        options = [o.text for o in Select(driver.find_element(By.ID, "death")).options][1:]
        assert options == told, seat
    # the log of a turn whose first moment begins in the turn before
    viewer = viewer_data(data)
    k = next(k for k, m in enumerate(viewer["moments"])
             if m["log_from"] and viewer["moments"][k - 1]["turn"] < m["turn"])
    m = viewer["moments"][k]
    page = Page(driver, _write_page(tmp_path, "log", data), artifacts, f"#{k}")
    log = page.shows()["log"]
    assert log[0] == ["divider", f"before turn {m['turn']}, since the moment before"]
    before = [text for _, text in log[1:1 + m["log_from"]]]
    assert before == [line.strip() for line in m["lines"][:m["log_from"]]]
    rest = [text for _, text in log[1 + m["log_from"]:]]
    assert rest == [line.strip() for line in m["lines"][m["log_from"]:]]
    assert any(text.startswith(f"-- Turn {m['turn']}:") for text in rest[:2])
    page.shot("log-split")
    # the skills, in English here, then in Chinese
    for lang in ("en", "zh"):
        page = Page(driver, _write_page(tmp_path, f"skills-{lang}", data, lang=lang), artifacts,
                    "#end")
        info = viewer_data(data, lang=lang)
        shown = driver.execute_script("""return [...document.querySelectorAll('#skills .general')]
          .map(g => [g.dataset.general, [...g.querySelectorAll('.skill .name')]
          .map(n => n.textContent)])""")
        assert len(shown) == 10
        for general, names in shown:
            assert names == [info["skills"][s]["name"] for s in info["generals"][general]["skills"]]
        titles = driver.execute_script(
            "return [...document.querySelectorAll('td[data-key=general] .text')].map(t => t.title)")
        assert all(t and info["skills"][info["generals"][g]["skills"][0]]["text"] in t
                   for t, (g, _) in zip(titles, shown, strict=True))
        legend = driver.execute_script(
            "return [...document.querySelectorAll('#legend .item')].map(i => i.dataset.key)")
        assert legend == ["current", "asked", "dead", "new"]
        if lang == "zh":
            assert "当前回合" in driver.find_element(By.ID, "legend").text
            assert driver.find_element(By.ID, "skills-title").text == "技能"
        page.shot(f"skills-{lang}")
    assert page.console_errors() == []
