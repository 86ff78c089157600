"""Adding content never breaks the suite (docs/architecture.md, "Worked examples"): the example
modules of that section (a general reusing a skill, a general with a new skill, a card and a piece
of equipment, each in a new pack, a variant) and their tests are put into a copy of the checkout
where a contributor puts theirs, a module that registers a general in
``sgscore/sanguosha/generals/`` with its tests in ``tests/generals/``, a variant in
``sgscore/sanguosha/variants/`` with its tests in ``tests/variants/``, the others in
``sgscore/sanguosha/content/`` with theirs in ``tests/cards/``, nothing else changed. There the
whole suite passes on the core this run tests, the examples' own tests pass on the other core too
(a compiled class subclassed by a new module, say), and the golden replays, the docs and the
schemas stay byte for byte what they are.

Playing the whole suite again takes minutes: that test runs when ``SGSCORE_CONTENT_PROOF=1`` is
set, as CI does (``.ci/run``, on the pure-Python core: it is that core's pass of the suite), and
never inside the copy. The registries are global, so the content is added in the copy's own
processes, never in this one.
"""

from __future__ import annotations

import filecmp
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from sgscore import _accel

from reported import REPORT

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
BLOCKS: list[tuple[str, str]] = re.findall(r"```py\n# file: (\w+)\.py\n(.*?)```",
                                           DOC.read_text(encoding="utf-8"), re.S)
MODULES = {name: code for name, code in BLOCKS if not name.startswith("test_")}
TESTS = {name: code for name, code in BLOCKS if name.startswith("test_")}
ENV = "SGSCORE_CONTENT_PROOF"
LEFT_OUT = shutil.ignore_patterns(".git", ".venv", "build", "*.egg-info", ".hypothesis",
                                  ".mypy_cache", ".pytest_cache", ".ruff_cache", "__pycache__")
"""What the copy leaves out: the repository's history, the environment and the caches. The
compiled core's files stay, so the copy runs on the core this run runs on."""
KEPT = ("fixtures", "schemas", "docs")
"""What the suite must not change: the golden replays, the schemas, the docs and their tables."""


def _kind(name: str) -> str:
    """The folder of the example module ``name``'s kind: ``generals``, ``variants`` or ``content``
    (its tests': ``generals``, ``variants`` or ``cards``)."""
    code = MODULES[name]
    return "generals" if "register_general(" in code else \
        "variants" if "@register_variant" in code else "content"


def place(name: str) -> Path:
    """Where a contributor puts the example module ``name`` or its tests (``test_NAME``): a
    general's module among the generals, a variant's among the variants, any other content among
    the cards (docs/architecture.md "Worked examples"), and their tests beside those of the same
    kind."""
    if name.startswith("test_"):
        kind = _kind(name[5:])
        return Path("tests", "cards" if kind == "content" else kind, f"{name}.py")
    return Path("sgscore", "sanguosha", _kind(name), f"{name}.py")


def test_the_worked_examples_are_new_modules_in_their_folders() -> None:
    generals, content = Path("sgscore", "sanguosha", "generals"), Path("sgscore", "sanguosha", "content")
    assert place("xiaowei").parent == place("qiangjiang").parent == generals
    assert place("example_cards").parent == place("example_armor").parent == content
    assert place("test_qiangjiang").parent == Path("tests", "generals")
    assert place("test_example_armor").parent == Path("tests", "cards")
    assert place("example_variant").parent == Path("sgscore", "sanguosha", "variants")
    assert place("test_example_variant").parent == Path("tests", "variants")
    assert all(name[5:] in MODULES for name in TESTS)  # every test is of an example module
    if os.environ.get(ENV) != "0":  # not in the copy, which holds them
        for name in [*MODULES, *TESTS]:
            assert not (ROOT / place(name)).exists(), f"{place(name)} is no new module"


def _differing(a: Path, b: Path) -> list[str]:
    """The files that differ between two folders, or are in one only (by relative path)."""
    out: list[str] = []
    stack = [filecmp.dircmp(a, b, ignore=["__pycache__"])]
    while stack:
        d = stack.pop()
        out += [os.path.join(d.left, f) for f in d.left_only + d.diff_files + d.funny_files]
        out += [os.path.join(d.right, f) for f in d.right_only]
        stack.extend(d.subdirs.values())
    return sorted(out)


@pytest.mark.skipif(os.environ.get(ENV) != "1",
                    reason=f"runs the whole suite again in a copy (minutes): set {ENV}=1, as .ci/run does")
def test_the_whole_suite_passes_with_the_worked_examples_added(
        tmp_path: Path, record_property: Callable[[str, object], None]) -> None:
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT, copy, ignore=LEFT_OUT, symlinks=True)
    for name, code in BLOCKS:
        (copy / place(name)).write_text(code, encoding="utf-8")
    path = os.pathsep.join([str(copy), *filter(None, [os.environ.get("PYTHONPATH")])])
    env = {**os.environ, "PYTHONPATH": path, ENV: "0"}  # the copy's suite skips this test
    ids = subprocess.run(
        [sys.executable, "-c", "import sgscore.sanguosha as s; print(s.__file__); "
         "print(*sorted(s.GENERALS), sep=','); print(*sorted(s.PACKS), sep=','); "
         "from sgscore.sanguosha.game import VARIANTS; print(*sorted(VARIANTS), sep=',')"],
        cwd=copy, env=env, capture_output=True, text=True, check=True).stdout.splitlines()
    assert ids[0].startswith(str(copy))  # the copy's package, not this checkout's
    assert {"xiaowei", "qiangjiang"} <= set(ids[1].split(","))
    assert {"example", "example_armor"} <= set(ids[2].split(","))
    assert "bounty" in ids[3].split(",")

    _passes(copy, env, "the whole suite", tmp_path / "suite.txt", record_property)
    # The examples' own tests on the other core too (a general's skill subclassing the compiled
    # core's classes, say): the one this run does not test, when the install has it.
    other = {**env, "SGSCORE_PURE": "1" if _accel.compiled() else "0"}
    tests = [str(place(name)) for name in TESTS]
    _passes(copy, other, "the worked examples' tests", tmp_path / "examples.txt",
            record_property, *tests)
    for folder in KEPT:
        assert _differing(ROOT / folder, copy / folder) == [], f"the suite changed {folder}/"


def _passes(copy: Path, env: dict[str, str], what: str, log: Path,
            record_property: Callable[[str, object], None], *tests: str) -> None:
    """Runs pytest on ``tests`` (the whole suite if none) in the copy, asserts that it passes,
    keeps its output in ``log`` and reports a line saying so and on which core."""
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-rfE", "--tb=line", *tests], cwd=copy, env=env, capture_output=True,
                         text=True)
    log.write_text(run.stdout + run.stderr, encoding="utf-8")
    lines = run.stdout.splitlines()
    failed = [line for line in lines if line.startswith(("FAILED", "ERROR"))]
    assert run.returncode == 0, "\n".join([f"{what} in the copy:", *(failed or lines[-30:])])
    core = next((line for line in reversed(lines) if line.startswith("sgscore: tested")), "")
    record_property(REPORT, f"content proof: {what} passed in the copy "
                            f"({core.removeprefix('sgscore: ')})")
