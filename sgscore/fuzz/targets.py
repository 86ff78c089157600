"""Running a target on a case's input in this process, measured against the budgets: the reader and
the validator, the ``sgs`` commands, the library's other functions, a game fed the decisions
(``docs/fuzzing.md``, "The targets and their contract", "Budgets and how they are measured")."""

from __future__ import annotations

import functools
import json
import os
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ..core.rng import Pcg32
from .cases import Case
from .mutations import _short
from .verdicts import (
    Verdict,
    _caught,
    _trace,
    cli_verdict,
    exception_class,
    reason_problems,
    told_although,
    validation_verdict,
)

if TYPE_CHECKING:
    import click


TARGETS: Final = ("validate", "read", "show", "step", "diff", "export", "html", "resim", "stats",
                   "library", "submit")
"""What a case runs: the library's reader and validator (``validate``, ``read``), the ``sgs``
commands that read replays (``show``, ``step``, ``diff``, ``export``, ``html``, ``resim``,
``stats``), the library's other functions and JSON helpers (``library``), and a game fed the
file's decisions, one of them first with a part of another type (``submit``)."""
CPU_BUDGET: Final = 3.0
"""CPU seconds one case may take (``time.process_time()`` around the target)."""
MEMORY_BUDGET: Final = 200 << 20
"""Bytes of memory one case may use at its peak, above what the process held before it."""
HANG_SECONDS: Final = 10.0
"""Wall seconds a worker may take over one case before the case counts as a hang."""


class _Meter:
    """CPU time and peak memory of a stretch of code in this process. Memory is the peak
    resident size above the size at the start: Linux's ``VmHWM``, reset through
    ``/proc/self/clear_refs``; where that cannot be reset, the growth of ``ru_maxrss`` (a lower
    bound)."""

    def __init__(self) -> None:
        self.cpu = 0.0
        self.base = 0
        self.max_before = 0
        self.reset = False

    def start(self) -> None:
        try:
            with open("/proc/self/clear_refs", "w") as f:
                f.write("5")
            self.reset = True
        except OSError:
            self.reset = False
        self.base = _status("VmRSS")
        self.max_before = _maxrss()
        self.cpu = time.process_time()

    def stop(self) -> tuple[float, int]:
        cpu = time.process_time() - self.cpu
        peak = _status("VmHWM")
        if self.reset and peak and self.base:
            return cpu, max(0, peak - self.base)
        return cpu, max(0, _maxrss() - self.max_before)


def _status(key: str) -> int:
    """A size from ``/proc/self/status`` in bytes, or 0 where there is none."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _maxrss() -> int:
    try:
        import resource
    except ImportError:  # not a Unix
        return 0
    scale = 1 if sys.platform == "darwin" else 1024
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * scale


@functools.cache
def sgs_command() -> click.Command:
    """The ``sgs`` command, found by its entry point: ``sgscore`` never imports the command line,
    so the harness runs the installed program."""
    from importlib.metadata import entry_points

    import click

    found = list(entry_points(group="console_scripts", name="sgs"))
    if not found:
        raise RuntimeError("the sgs command is not installed (pip install -e .)")
    command = found[0].load()
    assert isinstance(command, click.Command)
    return command


def _cli_args(c: Pcg32, target: str, path: str, original: str, out: str) -> list[str]:
    """The ``sgs`` arguments of a command target, with options drawn from the case (``out``: a
    file or folder of the worker's for what the command writes)."""
    if target == "diff":
        pair = [path, original] if c.below(2) == 0 else [original, path]
        return ["replay", "diff", *pair, *(["--json"] if c.below(3) == 0 else [])]
    if target == "export":
        return ["replay", "export", path, *(["--events"] if c.below(2) == 0 else [])]
    if target == "resim":
        args = ["replay", "resim", path, "-o", os.path.join(out, "resim.mp")]
        args += [[], ["--events"], ["--no-events"]][c.below(3)]
        return args + (["--json"] if c.below(2) == 0 else [])
    if target == "stats":
        args = ["stats", out, *(["--json"] if c.below(2) == 0 else [])]
        args += [[], ["--by", "general"], ["--by", "seat", "--by", "players"]][c.below(3)]
        return args + (["--validate"] if c.below(2) == 0 else [])
    args = ["replay", target, path]
    if target == "step":
        at = 0 if c.below(2) == 0 else c.below(40)
        args += ["--at", str(at), "--count", str(1 + c.below(5))]
    if target == "html" and c.below(2) == 0:
        args += ["-o", os.path.join(out, "page.json" if c.below(2) else "page.html")]
    if c.below(3) == 0:
        args.append("--json")
    if c.below(4) == 0:
        args += ["--as", str(c.below(4))]
    if c.below(4) == 0:
        args += ["--lang", "zh"]
    return args


def _json_mode(target: str, args: list[str]) -> str:
    """How a command's standard output must read as JSON when it exits 0: ``one`` value,
    ``lines`` (one per line), or "" (not JSON)."""
    if target == "export" or (target == "html" and "--json" in args and "-o" not in args):
        return "one"
    if "--json" not in args or target == "html":
        return ""
    return "lines" if target == "step" else "one"


def _validate(case: Case) -> Verdict:
    from ..replay import validate_file

    verdict = validation_verdict(validate_file(case.data), case.reject or case.refuse)
    for k, failure in enumerate(verdict.failures):
        if failure.endswith("caught by validate_file's catch-all"):
            verdict.failures[k] = f"{failure}, {_locate(case.data)}"
    return verdict


def _locate(data: bytes) -> str:
    """Where the exception that ``validate_file`` caught comes from: the reader and the
    re-simulator run as it runs them, without its catch-all."""
    from ..replay import RecordReader, ReplayError, Resimulator

    try:
        with RecordReader(data) as rd:
            sim = Resimulator(rd.header, lookahead=True)
            for index, rec in rd:
                sim.feed(index, rec)
            sim.finish(rd.index, rd.truncation)
    except ReplayError:
        return "not found again"
    except Exception as e:
        return "raised " + exception_class(e).split(" ", 1)[-1]
    return "not found again"


def _read(case: Case) -> Verdict:
    from ..replay import ReplayError, read_replay

    try:
        read_replay(case.data)
    except ReplayError as e:
        return Verdict("rejected", reason_problems(e.reason) + _caught(e.reason), e.reason[:500])
    except Exception as e:
        return Verdict("raised", [exception_class(e)], _trace(e))
    return Verdict("read", [f"read although {case.refuse}"] if case.refuse else [])


def _cli(case: Case, target: str, workdir: Path) -> Verdict:
    from click.testing import CliRunner

    out = workdir / "out"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    path = (out if target == "stats" else workdir) / "case.mp"
    path.write_bytes(case.data)
    original = workdir / f"original-{case.source}.mp"
    if not original.exists():
        original.write_bytes(case.original)
    args = _cli_args(case.rng, target, str(path), str(original), str(out))
    result = CliRunner().invoke(sgs_command(), args)
    verdict = cli_verdict(result, str(path), usage_ok=target == "step" or "--as" in args,
                          reject=case.reject,
                          diff=target == "diff", json_out=_json_mode(target, args),
                          must_fail=case.refuse or told_although(case, target, args,
                                                                 result.stdout))
    if target == "resim" and result.exit_code == 0 and not verdict.failures:
        verdict.failures += _resim_wrote_valid(out / "resim.mp")
    path.unlink(missing_ok=True)
    names = {str(path): "FILE", str(original): "ORIGINAL", str(out): "OUT"}
    command = " ".join(names.get(a, a.replace(str(out), "OUT")) for a in args)
    verdict.detail = f"sgs {command}: {verdict.detail}" if verdict.detail else f"sgs {command}"
    return verdict


def _resim_wrote_valid(written: Path) -> list[str]:
    """``sgs replay resim`` that exits 0 writes a replay that validates (unless it says it is
    truncated: then the one it wrote stops where the file did)."""
    from ..replay import validate_file

    if not written.exists():
        return ["resim exited 0 without writing its replay"]
    result = validate_file(written)
    if result.valid or result.truncated:  # truncated: every record before the cut held
        return []
    return [f"resim wrote a replay that does not validate ({result.error})"]


def _strict_json(value: Any, what: str) -> list[str]:
    """``value`` as strict JSON (no NaN, no Infinity, keys strings): [] or the failure."""
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as e:
        return [f"{what} cannot be written as JSON ({type(e).__name__})"]
    return []


def _library(case: Case) -> Verdict:
    """The library's functions on the input: :func:`~sgscore.replay.scan_replay` (with events
    or not, its decisions and events streamed), :func:`~sgscore.replay.export_replay`,
    :func:`~sgscore.replay.header_json`, ``validate_file(...).to_json()`` and
    ``diff_replays(...).to_json()``. Each either raises :class:`~sgscore.replay.ReplayError`
    with a one-line reason or gives data that is strict JSON."""
    from ..replay import ReplayError, diff_replays, export_replay, header_json, validate_file
    from ..replay.scan import iter_decisions, iter_numbered_events, scan_replay

    rng = case.rng
    events = rng.below(2) == 0
    failures: list[str] = []
    outcome = "read"
    detail = ""
    step = "scan"
    try:
        scan = scan_replay(case.data, events=events)
        if case.refuse:
            failures.append(f"scan_replay read it although {case.refuse}")
        step = "header_json"
        failures += _strict_json(header_json(scan.header), "header_json")
        step = "iter_decisions"
        for _ in iter_decisions(case.data):
            pass
        step = "iter_numbered_events"
        for _ in iter_numbered_events(case.data, scan):
            pass
        step = "export_replay"
        failures += _strict_json(export_replay(case.data, events=events), "export_replay")
    except ReplayError as e:
        outcome, detail = "rejected", f"{step}: {e.reason[:400]}"
        failures += reason_problems(e.reason) + _caught(e.reason)
    except Exception as e:
        outcome = "raised"
        failures.append(exception_class(e))
        detail = f"{step}: {_trace(e)}"
    step = "validate_file"
    try:
        failures += _strict_json(validate_file(case.data).to_json(), "ValidationResult.to_json")
        step = "diff_replays"
        pair = (case.data, case.original) if rng.below(2) == 0 else (case.original, case.data)
        failures += _strict_json(diff_replays(*pair).to_json(), "ReplayDiff.to_json")
    except Exception as e:  # both never raise for bad input
        failures.append(exception_class(e))
        detail = detail or f"{step}: {_trace(e)}"
    return Verdict(outcome, failures, detail)


def _at(choice: Any, path: Sequence[int]) -> Any:
    for k in path:
        choice = choice[k]
    return choice


def _replace_in(choice: Any, path: Sequence[int], new: Any) -> Any:
    """``choice`` (tuples) with the part at ``path`` replaced by ``new``."""
    if not path:
        return new
    items = list(choice)
    items[path[0]] = _replace_in(items[path[0]], path[1:], new)
    return tuple(items)


def _choice(c: Pcg32, items: Sequence[Any]) -> Any:
    return items[c.below(len(items))]


def _retyped(c: Pcg32, choice: Any) -> Any:
    """``choice`` with one part of another type, as a program that builds choices from JSON or
    by hand might send it: an integer as the float or the string of it, 0 and 1 as booleans
    (and back), None as False, 0, "" or an empty array, a value wrapped in an array, an array
    as its first item. None when the choice has no such part."""
    paths: list[list[int]] = []
    stack: list[tuple[list[int], Any]] = [([], choice)]
    while stack:
        path, v = stack.pop()
        if v is None or type(v) in (int, bool, tuple):
            paths.append(path)
        if type(v) is tuple:
            stack.extend((path + [k], x) for k, x in enumerate(v))
    if not paths:
        return None
    path = paths[c.below(len(paths))]
    old = _at(choice, path)
    t = type(old)
    new: Any
    if t is int:
        new = _choice(c, (float(old), str(old), (old,), *([bool(old)] if old in (0, 1) else [])))
    elif t is bool:
        new = _choice(c, (int(old), float(old), str(old).lower()))
    elif old is None:
        new = _choice(c, (False, 0, "", ()))
    else:
        new = _choice(c, (old[0] if old else None, (old,)))
    return _replace_in(choice, path, new)


def _submit(case: Case) -> Verdict:
    """The decisions of the case's corpus file submitted to a new game one by one, one of them
    first with a part of another type (:func:`_retyped`): ``check`` and ``submit`` must refuse
    it with :class:`~sgscore.core.protocol.IllegalChoice` and leave the game as it was (issue
    of a bot whose JSON numbers come back as floats); the game then goes on as recorded."""
    from ..core.engine import EngineError
    from ..core.protocol import IllegalChoice, same_value
    from ..replay import ReplayError, read_replay, start_game

    try:
        replay = read_replay(case.original)
        game = start_game(replay.header)
    except (ReplayError, EngineError) as e:
        return Verdict("no game", [], str(e)[:200])
    rng = case.rng
    at = rng.below(max(len(replay.decisions), 1))
    failures: list[str] = []
    detail = ""
    tried = 0
    for n, (_, choice) in enumerate(replay.decisions):
        req = game.pending
        if req is None:
            break
        if n >= at and tried < 3:
            bad = _retyped(rng, choice)
            if bad is not None and not any(same_value(bad, x) for x in req.choices()):
                tried += 1
                before = (game.decisions, game.quick_hash(), req.seat, req.kind, len(game.events))
                for how in ("check", "submit"):
                    try:
                        req.check(bad) if how == "check" else game.submit(bad)
                        failures.append(f"{how} accepted a choice of another type")
                    except IllegalChoice:
                        pass
                    except EngineError as e:
                        failures.append(f"{how}: a choice of another type ended the game "
                                        f"(EngineError {e.kind})")
                    except Exception as e:
                        failures.append(f"{how}: {exception_class(e)}")
                    if failures:
                        detail = f"decision {n}: {_short(bad)} for {_short(choice)} ({req.kind})"
                        return Verdict("accepted", failures, detail)
                after = (game.decisions, game.quick_hash(), req.seat, req.kind, len(game.events))
                if game.pending is not req or after != before:
                    return Verdict("changed", ["an illegal choice changed the game"],
                                   f"decision {n}: {_short(bad)} ({req.kind})")
        try:
            game.submit(choice)
        except (IllegalChoice, EngineError):
            break  # a corpus file this engine parts from (its error record's, say)
    return Verdict(f"{tried} refused", failures, detail)


def run_target(case: Case, target: str, workdir: Path, *, budgets: bool = True) -> Verdict:
    """Run ``target`` on the case's input in this process, measured; budgets broken are
    failures too, unless ``budgets`` is false (the tests: what a case costs depends on the
    machine and its load, so only the harness's runs judge it). ``workdir`` holds the files the
    commands read."""
    meter = _Meter()
    meter.start()
    if target == "validate":
        verdict = _validate(case)
    elif target == "read":
        verdict = _read(case)
    elif target == "library":
        verdict = _library(case)
    elif target == "submit":
        verdict = _submit(case)
    elif target in TARGETS:
        verdict = _cli(case, target, workdir)
    else:
        raise ValueError(f"unknown target {target!r} (targets: {', '.join(TARGETS)})")
    verdict.cpu, verdict.mem = meter.stop()
    # read_replay holds a whole replay by design, as does a game: measured, not budgeted
    if not budgets or target in ("read", "submit"):
        verdict.failures = [f"{target}: {f}" for f in verdict.failures]
        return verdict
    if verdict.cpu > CPU_BUDGET:
        verdict.failures.append(f"CPU budget (over {CPU_BUDGET:g} s)")
    if verdict.mem > MEMORY_BUDGET:
        verdict.failures.append(f"memory budget (over {MEMORY_BUDGET >> 20} MB)")
    verdict.failures = [f"{target}: {f}" for f in verdict.failures]
    return verdict


def target_of(number: int, target: str) -> str:
    """The target of case ``number``: ``target``, or for ``all`` one in turn."""
    return TARGETS[number % len(TARGETS)] if target == "all" else target
