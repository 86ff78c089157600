"""The report of a replay fuzzing run: outcomes per target, failure classes with their smallest
input and the command that reproduces it, the slowest and largest cases (``docs/fuzzing.md``,
"The report")."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cases import make_case
from .corpus import DEFAULT_CORPUS, CorpusFile
from .targets import TARGETS


@dataclass
class _Failure:
    """One failure class: how often, which cases, the smallest input."""

    name: str
    target: str
    count: int = 0
    cases: list[int] = field(default_factory=list)
    smallest: int = -1
    smallest_bytes: int = -1
    detail: str = ""
    ops: list[str] = field(default_factory=list)


@dataclass
class _Tally:
    """What a fuzz run found."""

    seed: int
    target: str
    heavy: bool
    corpus: str
    only: tuple[str, ...] = ()
    cases: dict[str, int] = field(default_factory=dict)
    outcomes: dict[str, dict[str, int]] = field(default_factory=dict)
    failures: dict[str, _Failure] = field(default_factory=dict)
    ops: dict[str, int] = field(default_factory=dict)
    slowest: dict[str, Any] = field(default_factory=dict)
    largest: dict[str, Any] = field(default_factory=dict)
    cpu: float = 0.0
    seconds: float = 0.0
    differential: bool = False
    per_target: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)

    def add(self, r: dict[str, Any]) -> None:
        t = r["target"]
        self.cases[t] = self.cases.get(t, 0) + 1
        per = self.outcomes.setdefault(t, {})
        per[r["outcome"]] = per.get(r["outcome"], 0) + 1
        for op in r.get("ops", []):
            name = op.split(":", 1)[0]
            self.ops[name] = self.ops.get(name, 0) + 1
        self.cpu += r.get("cpu", 0.0)
        brief = {"case": r["case"], "target": t, "ops": r.get("ops", [])}
        if r.get("cpu", 0.0) > self.slowest.get("cpu_seconds", -1.0):
            self.slowest = {**brief, "cpu_seconds": round(r["cpu"], 3)}
        if r.get("mem", 0) > self.largest.get("peak_bytes", -1):
            self.largest = {**brief, "peak_bytes": r["mem"]}
        mine = self.per_target.setdefault(t, {})
        if r.get("cpu", 0.0) > mine.get("slowest", {}).get("cpu_seconds", -1.0):
            mine["slowest"] = {"case": r["case"], "cpu_seconds": round(r["cpu"], 3),
                               "bytes": r.get("bytes", -1)}
        if r.get("mem", 0) > mine.get("largest_memory", {}).get("peak_bytes", -1):
            mine["largest_memory"] = {"case": r["case"], "peak_bytes": r["mem"],
                                      "bytes": r.get("bytes", -1)}
        if r.get("bytes", -1) > mine.get("largest_input", {}).get("bytes", -1):
            mine["largest_input"] = {"case": r["case"], "bytes": r["bytes"],
                                     "cpu_seconds": round(r.get("cpu", 0.0), 3),
                                     "peak_bytes": r.get("mem", 0)}
        for name in r["failures"]:
            self._failure(name, r)

    def _failure(self, name: str, r: dict[str, Any]) -> None:
        f = self.failures.setdefault(name, _Failure(name, r["target"]))
        f.count += 1
        f.cases.append(r["case"])
        size = r.get("bytes", -1)
        better = f.smallest < 0 or (size >= 0 and (f.smallest_bytes < 0 or size < f.smallest_bytes))
        if better:
            f.smallest, f.smallest_bytes = r["case"], size
            f.detail, f.ops = r.get("detail", ""), list(r.get("ops", []))

    def reproduce(self, f: _Failure, file: str = "") -> str:
        """The command that writes and runs a failure's smallest input."""
        extra = "" if self.heavy else " --light"
        if self.corpus:
            extra += f" --corpus {self.corpus}"
        name = file or f"case-{f.smallest}.mp"
        if self.differential:
            extra += " --differential"
        if self.only:
            extra += f" --ops {','.join(self.only)}"
        return (f"python -m sgscore.fuzz --seed {self.seed} --case {f.smallest} "
                f"--target {f.target}{extra} --write {name}")

    def to_json(self) -> dict[str, Any]:
        failures = sorted(self.failures.values(), key=lambda f: (TARGETS.index(f.target)
                                                                  if f.target in TARGETS else 9,
                                                                  min(f.cases)))
        return {
            "seed": self.seed, "target": self.target, "light": not self.heavy,
            "corpus": self.corpus or str(DEFAULT_CORPUS), "ops": list(self.only),
            "cases": self.cases,
            "outcomes": self.outcomes,
            "failures": [{
                "class": f.name, "target": f.target, "count": f.count,
                "cases": sorted(f.cases)[:20], "smallest": {"case": f.smallest,
                                                            "bytes": f.smallest_bytes},
                "detail": f.detail, "ops": f.ops, "reproduce": self.reproduce(f),
            } for f in failures],
            "slowest": self.slowest,
            "largest_memory": self.largest,
            "per_target": {t: self.per_target[t] for t in TARGETS if t in self.per_target},
            "differential": self.differential,
            "mutations": dict(sorted(self.ops.items())),
            "cpu_seconds": round(self.cpu, 2), "seconds": round(self.seconds, 2),
        }


def _mb(n: int) -> str:
    return f"{n / (1 << 20):.1f} MB"


def print_report(report: dict[str, Any], out: Callable[[str], None] = print) -> None:
    """The report of :func:`fuzz` in words."""
    total = sum(report["cases"].values())
    out(f"sgscore.fuzz: seed {report['seed']}, {total} cases, target {report['target']}"
        f"{', light' if report['light'] else ''}, corpus {report['corpus']}"
        f"{', mutations ' + ','.join(report['ops']) if report.get('ops') else ''}")
    for t, n in report["cases"].items():
        outcomes = ", ".join(f"{k} {v}" for k, v in sorted(report["outcomes"][t].items()))
        out(f"  {t}: {n} cases ({outcomes})")
    failures = report["failures"]
    out(f"failures: {len(failures)} class{'es' if len(failures) != 1 else ''}"
        f"{', ' + str(sum(f['count'] for f in failures)) + ' cases' if failures else ''}")
    for f in failures:
        shown = ", ".join(str(n) for n in f["cases"][:10])
        out(f"- {f['class']}: {f['count']} case{'s' if f['count'] != 1 else ''} ({shown}"
            f"{', ...' if f['count'] > 10 else ''})")
        out(f"    smallest: case {f['smallest']['case']} ({f['smallest']['bytes']} bytes): "
            f"{'; '.join(f['ops'])}")
        if f["detail"]:
            out(f"    detail: {f['detail'][:400]}")
        out(f"    reproduce: {f['reproduce']}")
    s, m = report["slowest"], report["largest_memory"]
    if s:
        out(f"slowest: case {s['case']} ({s['target']}), {s['cpu_seconds']:.3f} s CPU: "
            f"{'; '.join(s['ops'])}")
    if m:
        out(f"largest memory: case {m['case']} ({m['target']}), {_mb(m['peak_bytes'])} peak: "
            f"{'; '.join(m['ops'])}")
    for t, p in report.get("per_target", {}).items():
        slow, big = p["slowest"], p["largest_input"]
        out(f"  {t}: slowest case {slow['case']} ({slow['cpu_seconds']:.3f} s CPU, "
            f"{slow['bytes']} bytes); largest input case {big['case']} ({big['bytes']} bytes, "
            f"{big['cpu_seconds']:.3f} s CPU, {_mb(big['peak_bytes'])} peak)")
    out(f"time: {report['seconds']:.1f} s, {report['cpu_seconds']:.1f} s CPU in the cases")


def save_failures(report: dict[str, Any], folder: Path, corpus: Sequence[CorpusFile]) -> None:
    """Write each failure class's smallest input to ``folder`` (``NN-<class>.mp``), with a
    ``.txt`` beside it saying the class, the detail and how to reproduce it."""
    folder.mkdir(parents=True, exist_ok=True)
    heavy = not report["light"]
    for k, f in enumerate(report["failures"], start=1):
        slug = re.sub(r"[^A-Za-z0-9]+", "-", f["class"]).strip("-")[:80]
        stem = f"{k:02d}-{slug}"
        number = f["smallest"]["case"]
        text = [f"class: {f['class']}", f"case: {number}", f"detail: {f['detail']}",
                f"reproduce: {f['reproduce']}"]
        with contextlib.suppress(Exception):  # a harness error cannot make its input again
            case = make_case(report["seed"], number, corpus, heavy=heavy)
            (folder / f"{stem}.mp").write_bytes(case.data)
            text[1:2] = [f"case: {number} ({len(case.data)} bytes)",
                         f"mutations: {'; '.join(case.ops)}"]
        (folder / f"{stem}.txt").write_text("\n".join(text) + "\n", encoding="utf-8")
