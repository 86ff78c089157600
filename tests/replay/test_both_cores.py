"""The compiled core and the pure-Python core give the same verdicts, word for word, on hostile
replays (issue 18, class 3: on a binary map key the compiled reader's catch-all raised
``TypeError`` where the pure one said valid).

Each core runs in a process of its own (``python -m sgscore.fuzz verdicts FILE...``, with
``SGSCORE_PURE=1`` and ``SGSCORE_PURE=0``) on the same files: a few hundred inputs made by the
fuzzing harness's catalogue (``docs/fuzzing.md``) and the regression examples of
``tests/hostile_examples.py``. Each gives ``validate_file``'s verdict, ``read_replay``'s outcome
and an ``sgs replay`` command's exit code and output. An install without a usable compiled core
(one built without a compiler, or whose sources changed since) has nothing to compare: the test
says so and skips; ``.ci/run`` builds the compiled core first, so there it runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sgscore.fuzz import load_corpus, make_case

from hostile_examples import all_examples

ROOT = Path(__file__).resolve().parents[2]
GENERATED = 240
"""Inputs made by the catalogue (light: each a few kilobytes), every mutation among them."""


def _verdicts(files: list[str], pure: bool) -> dict[str, Any]:
    env = dict(os.environ, SGSCORE_PURE="1" if pure else "0")
    done = subprocess.run([sys.executable, "-m", "sgscore.fuzz", "verdicts", *files], env=env,
                          cwd=ROOT, capture_output=True, text=True, encoding="utf-8",
                          check=False, timeout=1800)
    assert done.returncode == 0, done.stderr[-2000:]
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def test_both_cores_give_the_same_verdicts(tmp_path: Path) -> None:
    if os.environ.get("SGSCORE_PURE", "") not in ("", "0"):
        pytest.skip("runs each core in a process of its own, whichever this run tests: the run "
                    "on the compiled core runs it, and this one would repeat it word for word")
    probe = _verdicts([], pure=False)
    if not probe["compiled"]:
        pytest.skip(f"this install has no compiled core to compare with the pure one "
                    f"({probe['core']}); .ci/run builds one and runs this test on it")
    corpus = load_corpus()
    files: list[str] = []
    for example in all_examples():
        written = tmp_path / f"example-{len(files):03d}.mp"
        written.write_bytes(example.data)
        files.append(str(written))
    for number in range(GENERATED):
        written = tmp_path / f"case-{number:03d}.mp"
        written.write_bytes(make_case(18, number, corpus, heavy=False).data)
        files.append(str(written))
    compiled = _verdicts(files, pure=False)
    assert compiled["compiled"]
    pure = _verdicts(files, pure=True)
    assert not pure["compiled"]
    differ = []
    for path, a, b in zip(files, compiled["verdicts"], pure["verdicts"], strict=True):
        for part in a:
            if a[part] != b[part]:
                differ.append(f"{Path(path).name} {part}: compiled {a[part][:300]!r}, "
                              f"pure {b[part][:300]!r}")
    assert differ == [], f"{len(differ)} differences:\n" + "\n".join(differ[:20])
    outcomes = {v["validate"][:40] for v in pure["verdicts"]}
    assert len(outcomes) > 10  # the inputs are varied: many verdicts, not one
