"""The viewer in a real browser (issue 13): headless Chromium, driven by selenium through
chromedriver, opens pages that ``sgs replay html`` wrote, steps through whole games with the
keyboard, jumps to turns, deaths, the end and linked decisions, and reads the page (the DOM) at
each moment to compare it with the engine's state there, re-simulated by the Stepper. Screenshots
of a few moments are kept as artifacts (the ``artifacts`` fixture prints where); no page logs
a console error.

It needs Debian's ``chromium`` and ``chromium-driver`` and the ``viewer-test`` extra (selenium);
without them the tests skip and say what is missing, unless ``SGS_VIEWER_BROWSER=require`` (as
``.ci/run`` sets), when a missing browser fails them.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli.step_cmd import moment_text
from sgscore.dice import DiceConfig
from sgscore.dice.model import GENERALS as DICE_GENERALS
from sgscore.replay import Stepper
from sgscore.replay.viewer import render_html, viewer_data
from sgscore.sanguosha import Config
from sgscore.sanguosha.cards import card_label
from sgscore.sanguosha.model import GENERALS

from recorded import record_bytes

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.chrome.webdriver import WebDriver
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait

    SELENIUM = True
except ImportError:  # the viewer-test extra is not installed
    SELENIUM = False

CHROMIUM = os.environ.get("SGS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = (os.environ.get("SGS_CHROMEDRIVER") or shutil.which("chromedriver")
                or "/usr/bin/chromedriver")
FLAGS = (
    # what headless Chromium needs on a machine without a display, a GPU or a network
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-quic", "--no-first-run", "--disable-extensions", "--window-size=1400,1000",
)


class _Artifacts:
    """Names the screenshots' folder at the end of pytest's report (a plugin the fixture adds)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        shots = sorted(p.name for p in self.folder.glob("viewer-*.png"))
        terminalreporter.write_line(f"viewer screenshots: {self.folder} ({len(shots)} files)")


@pytest.fixture(scope="module")
def artifacts(request: pytest.FixtureRequest) -> Path:
    """The folder of the screenshots: ``$SGS_VIEWER_ARTIFACTS`` or ``sgs-viewer-artifacts`` in
    the system's temporary directory (a previous run's screenshots there are replaced); pytest's
    report names it at the end."""
    folder = Path(os.environ.get("SGS_VIEWER_ARTIFACTS")
                  or Path(tempfile.gettempdir()) / "sgs-viewer-artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("viewer-*.png"):
        old.unlink()
    request.config.pluginmanager.register(_Artifacts(folder), "sgs-viewer-artifacts")
    return folder


def _missing() -> str | None:
    if not SELENIUM:
        return "selenium is not installed (pip install -e '.[viewer-test]')"
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            return (f"{path} is not there (Debian's {package}: apt-get install chromium "
                    "chromium-driver)")
    return None


@pytest.fixture(scope="module")
def driver() -> Iterator[WebDriver]:
    missing = _missing()
    if missing is not None:
        if os.environ.get("SGS_VIEWER_BROWSER") == "require":
            pytest.fail(f"SGS_VIEWER_BROWSER=require, but {missing}")
        pytest.skip(f"no browser to test the viewer in: {missing}")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="sgs-viewer-chromium-")
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except WebDriverException as e:
        shutil.rmtree(profile, ignore_errors=True)
        pytest.fail(f"chromium did not start: {' '.join(str(e).split())[:300]}")
    yield d
    d.quit()
    shutil.rmtree(profile, ignore_errors=True)


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


def _card_seat(p: Any, row: dict[str, Any], hand_shown: bool) -> None:
    """A seat of the card game as the page shows it is the engine's player ``p``."""
    cells = row["cells"]
    assert row["alive"] == p.alive and row["dead_badge"] == (not p.alive)
    assert cells["hp"] == f"{p.hp}/{p.max_hp}"
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
            _card_seat(p, row, hand_shown=True)
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
    driver.switch_to.active_element.send_keys("137", Keys.ENTER)
    shown = page.shows()
    _position(st, shown, 137)
    assert shown["hash"] == "#137"
    field = driver.find_element(By.ID, "goto")  # a number past the last decision: marked, no move
    field.clear()
    field.send_keys(str(st.decisions + 5), Keys.ENTER)
    _position(st, page.shows(), 137)
    assert "bad" in (field.get_attribute("class") or "")
    page.press(Keys.ESCAPE)
    page.press(Keys.END)
    _position(st, page.shows(), st.decisions)
    assert page.shows()["hash"] == "#end"
    assert page.console_errors() == []
    # a link to a decision, a turn or the end opens there
    for fragment, k in (("#200", 200), ("#end", st.decisions)):
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
            _card_seat(p, row, hand_shown=p.seat == seat)
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
            assert row["cells"]["hp"] == f"{p.hp}/{p.max_hp}"
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
