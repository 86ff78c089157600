"""``sgs serve``'s page in a real browser (docs/serve.md): headless Chromium, driven by selenium,
creates a table in the lobby and plays a whole five-player game against four agents by
clicking; two people share a table from two browsers; a reloaded page gets its seat and question
back; the replay downloaded from the finished table is the server's file and validates. A
screenshot of the table is kept (the folder the viewer's tests print). No page logs an error.

It needs the serve extra (websockets) and a browser (``tests/browsing.py``: without them the
tests skip and say why, unless ``SGS_VIEWER_BROWSER=require``, as ``.ci/run`` sets)."""

from __future__ import annotations

import asyncio
import os
import tempfile
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets", reason="the serve extra is not installed "
                    "(pip install 'sgscore[serve]')")

from sgscore.replay import validate_file
from sgscore.replay.viewer import html_page
from sgscore.serve.server import Hub, start

from browsing import SELENIUM, chromium

pytestmark = pytest.mark.long  # started first (tests/conftest.py)

if SELENIUM:
    from selenium.webdriver.chrome.webdriver import WebDriver
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

WAIT = 60  # seconds a page may take to show the next state (a guard against hanging, not a budget)


@pytest.fixture(scope="module")
def driver() -> Iterator[WebDriver]:
    yield from chromium("sgs serve's page")


@pytest.fixture(scope="module")
def other() -> Iterator[WebDriver]:
    """A second browser, for a second person."""
    yield from chromium("sgs serve's page")


class Server:
    """A server on a free port of localhost, in a thread of its own, for one test."""

    def __init__(self, folder: Path) -> None:
        self.hub = Hub(str(folder))
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.ready.wait(60), "the server did not start"

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)

        async def serving() -> None:
            self.server = await start(self.hub, "127.0.0.1", 0)
            self.base = f"http://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"
            self.ready.set()
            await self.server.serve_forever()

        try:
            self.loop.run_until_complete(serving())
        except asyncio.CancelledError:
            pass

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.server.close)
        self.thread.join(60)


@pytest.fixture
def server(tmp_path: Path, driver: WebDriver) -> Iterator[Server]:
    s = Server(tmp_path)
    driver.get("about:blank")
    _errors(driver)  # what an earlier page logged is not this test's
    yield s
    driver.get("about:blank")  # no page left to connect again to a stopped server
    s.stop()


def _errors(d: WebDriver) -> list[dict[str, Any]]:
    get_log: Any = d.get_log  # untyped in selenium
    return [e for e in get_log("browser") if e.get("level") == "SEVERE"
            and "favicon" not in e.get("message", "")]


def _seen(d: WebDriver) -> int:
    return int(d.execute_script("return Number(document.body.dataset.seen || 0)"))


def _state(d: WebDriver) -> str:
    return str(d.execute_script("return document.body.dataset.state || ''"))


def _wait_state(d: WebDriver, after: int) -> str:
    """Wait for a state newer than the ``after``-th shown; what the page is at then."""
    WebDriverWait(d, WAIT, poll_frequency=0.02).until(
        lambda d: _seen(d) > after and _state(d) in ("asked", "waiting", "over"),
        "the table showed no new state")
    return _state(d)


def _click(d: WebDriver, option: str) -> None:
    d.find_element(By.CSS_SELECTOR, f'#options button[data-option="{option}"]').click()


def _answer(d: WebDriver, turn: int) -> None:
    """Answer the question on screen as a person clicking would: in a play phase, now a card
    (then its first target), now the end of the phase; a subset picked card by card until
    "done" may be pressed; 观星's cards left on top; any other question, its first option."""
    form = d.execute_script("return document.querySelector('#options button.primary') ? "
                            "document.querySelector('#options button.primary').textContent : ''")
    options = [b.get_attribute("data-option") for b in
               d.find_elements(By.CSS_SELECTOR, "#options button")]
    if "done" in options:  # a subset or an arrangement
        k = 0
        while not d.find_element(By.CSS_SELECTOR, '#options button[data-option="done"]'
                                 ).is_enabled():
            _click(d, str(k))
            k += 1
        _click(d, "done")
        return
    if form and "1" in options and turn % 3:  # a play phase: use a card or skill
        _click(d, "1")
        if d.find_elements(By.CSS_SELECTOR, '#options button[data-option="back"]'):
            _click(d, "0")
        return
    _click(d, "0")


def _create(d: WebDriver, base: str, seats: list[str], seed: int, lang: str = "en",
            flags: tuple[str, ...] = ()) -> dict[int, str]:
    """Create a table in the lobby (the game's options as they come, ``flags`` ticked); each
    person's seat's link."""
    d.get(base + "/")
    WebDriverWait(d, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#seat-kinds select"))
    Select(d.find_element(By.ID, "lang")).select_by_value(lang)
    players = d.find_element(By.ID, "players")
    players.clear()
    players.send_keys(str(len(seats)))
    d.execute_script("document.getElementById('players').dispatchEvent(new Event('change'))")
    for seat, kind in enumerate(seats):
        Select(d.find_element(By.CSS_SELECTOR, f'#seat-kinds select[data-seat="{seat}"]')
               ).select_by_value(kind)
    for flag in flags:
        d.find_element(By.CSS_SELECTOR, f'#game-options input[data-option="{flag}"]').click()
    d.find_element(By.ID, "seed").send_keys(str(seed))
    d.find_element(By.ID, "create").click()
    WebDriverWait(d, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#link-list a"))
    return {int(str(a.get_attribute("data-seat"))): str(a.get_attribute("href"))
            for a in d.find_elements(By.CSS_SELECTOR, "#link-list a[data-seat]")}


def _artifacts() -> Path:
    folder = Path(os.environ.get("SGS_VIEWER_ARTIFACTS")
                  or Path(tempfile.gettempdir()) / "sgs-viewer-artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_person_plays_a_whole_game_by_clicking(driver: WebDriver, server: Server) -> None:
    links = _create(driver, server.base, ["person", "heuristic", "heuristic", "heuristic",
                                          "heuristic"], seed=51, flags=("ex",))
    assert sorted(links) == [0]
    (made,) = server.hub.tables.tables.values()
    assert made.game.config.players == 5 and "ex" in made.game.config.packs  # the lobby's form
    driver.get(links[0])
    state, seen, clicks = _wait_state(driver, 0), _seen(driver), 0
    while state != "over":
        assert state == "asked", "a table with one person waits only for that person"
        if clicks == 6:
            driver.save_screenshot(str(_artifacts() / "serve-table.png"))
        _answer(driver, clicks)
        clicks += 1
        state = _wait_state(driver, seen)
        seen = _seen(driver)
    assert clicks > 5
    assert driver.find_elements(By.CSS_SELECTOR, "#question .result")
    href = driver.find_element(By.ID, "replay-link").get_attribute("href")
    with urllib.request.urlopen(str(href), timeout=60) as r:
        data = r.read()
    (table,) = (server.hub.tables.get(k) for k in server.hub.tables.finished)
    assert table is not None
    assert data == Path(table.replay_path).read_bytes()
    assert validate_file(table.replay_path).valid
    assert "sgs-data" in html_page(data)  # it opens in sgs replay html
    assert not _errors(driver)


def test_two_people_share_a_table_and_a_reload_gets_the_seat_back(
        driver: WebDriver, other: WebDriver, server: Server) -> None:
    # Two people in two browsers of their own (separate processes and profiles), each with the
    # link of their seat, at a four-player table in Chinese with two random agents.
    links = _create(driver, server.base, ["person", "random", "person", "random"], seed=52,
                    lang="zh")
    assert sorted(links) == [0, 2]
    other.get("about:blank")
    _errors(other)
    people = {0: driver, 2: other}
    for seat, d in people.items():
        d.get(links[seat])
        _wait_state(d, 0)
        assert "号位" in d.find_element(By.ID, "title").text  # the table's language
    clicks, reloaded = 0, False
    while True:
        states = {seat: _state(d) for seat, d in people.items()}
        if "over" in states.values():
            break
        asked = [s for s, st in states.items() if st == "asked"]
        assert len(asked) == 1, states  # one question at a time, to one of the two
        d = people[asked[0]]
        if clicks == 8 and not reloaded:  # the browser reloads: the same question again
            question = d.find_element(By.ID, "question").text
            d.refresh()
            _wait_state(d, 0)
            assert d.find_element(By.ID, "question").text == question
            reloaded = True
        before = {s: _seen(p) for s, p in people.items()}
        _answer(d, clicks)
        clicks += 1
        for s, p in people.items():  # both are told of the answer
            _wait_state(p, before[s])
    assert reloaded and clicks > 8
    assert all(_state(p) == "over" for p in people.values())
    (table,) = (server.hub.tables.get(k) for k in server.hub.tables.finished)
    assert table is not None
    assert validate_file(table.replay_path).valid
    for p in people.values():
        assert not _errors(p)
        p.get("about:blank")
