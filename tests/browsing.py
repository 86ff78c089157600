"""Headless Chromium for the tests of the pages (the replay viewer's, ``sgs serve``'s): Debian's
``chromium`` and ``chromium-driver`` driven by selenium (the ``viewer-test`` extra). Without them
a test skips and says what is missing, unless ``SGS_VIEWER_BROWSER=require`` (as ``.ci/run``
sets), when a missing browser fails it."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service

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


def missing() -> str | None:
    """What is missing to drive a browser, or None."""
    if not SELENIUM:
        return "selenium is not installed (pip install -e '.[viewer-test]')"
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            return (f"{path} is not there (Debian's {package}: apt-get install chromium "
                    "chromium-driver)")
    return None


def chromium(what: str) -> Iterator[Any]:
    """A headless Chromium (a selenium WebDriver) for a fixture to yield, closed afterwards;
    ``what``: what the tests test, for the skip message."""
    absent = missing()
    if absent is not None:
        if os.environ.get("SGS_VIEWER_BROWSER") == "require":
            pytest.fail(f"SGS_VIEWER_BROWSER=require, but {absent}")
        pytest.skip(f"no browser to test {what} in: {absent}")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="sgs-chromium-")
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
