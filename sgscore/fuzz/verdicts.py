"""Classifying what a target did with an input: the contract of the validator's verdicts, of
the ``sgs`` commands' exit codes and output, of a one-line reason; the failure classes, named by
the exception and the deepest frame of the project's sources it passed through
(``docs/fuzzing.md``, "The targets and their contract")."""

from __future__ import annotations

import json
import re
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Final

from .cases import Case
from .corpus import ROOT

if TYPE_CHECKING:
    from click.testing import Result


MAX_REASON: Final = 300
"""The longest reason (characters) a one-line error may give."""


@dataclass
class Verdict:
    """How a target took an input: ``outcome`` (``valid``, ``invalid``, ``read``, ``rejected``,
    ``exit 0``, ...), the failure classes it shows (empty when the contract held), a detail for
    the report (the traceback, the reason), and what it cost."""

    outcome: str
    failures: list[str] = field(default_factory=list)
    detail: str = ""
    cpu: float = 0.0
    mem: int = 0


def reason_problems(reason: object) -> list[str]:
    """What is wrong with an error's reason: it must be a string of one line and at most
    :data:`MAX_REASON` characters."""
    if not isinstance(reason, str):
        return [f"a reason that is {type(reason).__name__}, not a string"]
    out = []
    if "\n" in reason or "\r" in reason:
        out.append("a reason on several lines")
    if len(reason) > MAX_REASON:
        out.append(f"a reason over {MAX_REASON} characters")
    return out


def _project_file(name: str) -> str | None:
    """``name`` relative to the project when it is a source of ``sgscore`` or ``cli`` (the
    harness's own, ``sgscore/fuzz/``, excepted), else None."""
    try:
        rel = Path(name).resolve().relative_to(ROOT)
    except ValueError:
        return None
    if rel.parts[0] not in ("sgscore", "cli") or rel.parts[:2] == ("sgscore", "fuzz"):
        return None
    return rel.as_posix()


def exception_class(exc: BaseException, tb: TracebackType | None = None) -> str:
    """``Type in file (function)``: the exception and the deepest frame of the project's sources
    it passed through (the line is left out, so one bug is one class)."""
    frames = traceback.extract_tb(tb if tb is not None else exc.__traceback__)
    ours = [(f, rel) for f in frames if (rel := _project_file(f.filename)) is not None]
    if ours:
        frame, rel = ours[-1]
        return f"{type(exc).__name__} in {rel} ({frame.name})"
    if frames:
        return f"{type(exc).__name__} in {Path(frames[-1].filename).name} ({frames[-1].name})"
    return type(exc).__name__


def _trace(exc: BaseException, tb: TracebackType | None = None) -> str:
    """The exception and where it went: the last frames of the project's sources it passed
    through, then the frame that raised when that is elsewhere (the standard library, msgpack)."""
    frames = traceback.extract_tb(tb if tb is not None else exc.__traceback__)
    ours = [f"{rel}:{f.lineno} in {f.name}" for f in frames
            if (rel := _project_file(f.filename)) is not None]
    last = frames[-1] if frames else None
    if last is not None and _project_file(last.filename) is None:
        ours.append(f"{Path(last.filename).name}:{last.lineno} in {last.name}")
    text = " ".join(f"{type(exc).__name__}: {exc}".split())
    return "; ".join([text[:300], *ours[-5:]])


_CATCH_ALL: Final = re.compile(r"unexpected (\w+) while validating")


def validation_verdict(result: Any, reject: str = "") -> Verdict:
    """Classify :func:`~sgscore.replay.validate_file`'s verdict: valid with no error, or invalid
    with ``error["record"]`` a non-negative integer and a one-line reason, and no summary (an
    invalid file's end record need not be the game's). A reason that says validation met an
    unexpected exception (its catch-all) is a failure; so is a valid verdict on an input that
    must be invalid (``reject``)."""
    if type(result.valid) is not bool:
        return Verdict("?", [f"valid is {type(result.valid).__name__}"])
    if result.valid:
        failures = [f"valid although {reject}"] if reject else []
        if result.error is not None:
            failures.append("valid with an error")
        return Verdict("valid", failures)
    error = result.error
    if not isinstance(error, dict):
        return Verdict("invalid", ["invalid without an error"])
    failures = reason_problems(error.get("reason"))
    record = error.get("record")
    if type(record) is not int or record < 0:
        failures.append("an error whose record is not a non-negative integer")
    if getattr(result, "summary", None) is not None:
        failures.append("a summary with an invalid verdict")
    reason = str(error.get("reason"))
    caught = _CATCH_ALL.search(reason)
    if caught is not None:
        failures.append(f"{caught.group(1)} caught by validate_file's catch-all")
    else:
        failures += _caught(reason)
    return Verdict("invalid", failures, reason[:500])


_NOT_JSON: Final = "cannot be written as JSON"
"""What the toolkit's last line of defence says when JSON output meets a value it cannot hold
(:func:`sgscore.replay.errors.json_text`): the reader let such a value through."""
_USAGE_AT: Final = re.compile(r"^error: .*'--at'.* beyond the last decision.*$"
                              r"|^error: .*'--as'.* seat \d+ is not in this \d+-player game.*$")
"""The usage errors a case's options may meet for its file alone: ``--at`` past the last decision,
``--as`` a seat the file's game does not have (a mutated header's fewer players)."""
_ERROR_LINE: Final = re.compile(r"^error: (?:.*?: )?record \d+: (.*)$")


def cli_verdict(result: Result, path: str, *, usage_ok: bool = False, reject: str = "",
                diff: bool = False, json_out: str = "", must_fail: str = "") -> Verdict:
    """Classify a ``sgs replay`` run (a :class:`click.testing.Result`): exit 0 or 1 (or, with
    ``usage_ok``, the one-line usage error of ``--at`` past the last decision or of ``--as`` a
    seat the file's game does not have), no exception
    escaping, no traceback in the output, every ``error:`` reason one line of at most
    :data:`MAX_REASON` characters and none saying that a catch-all met an exception or that
    JSON output met a value it cannot hold (the last lines of defence: a bug all the same); for
    ``diff``, never "the same" on an input that must be invalid (``reject``); never exit 0 on
    an input that the command must refuse (``must_fail``); with ``json_out`` (``one``: one JSON
    value, ``lines``: one per line), a run that exits 0 prints strict JSON (no NaN or
    Infinity)."""
    code = result.exit_code
    out = result.output
    v = Verdict(f"exit {code}")
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        tb = result.exc_info[2] if result.exc_info else None
        v.failures.append(exception_class(exc, tb))
        v.detail = _trace(exc, tb)
    elif "Traceback (most recent call last)" in out:
        v.failures.append("a traceback in the output")
        v.detail = " ".join(out[-1500:].split())
    lines = out.replace(path, "FILE").splitlines()
    usage = usage_ok and code == 2 and len(lines) == 1 and _USAGE_AT.match(lines[0]) is not None
    if usage:
        v.outcome = "usage"
    elif code not in (0, 1) and not v.failures:
        v.failures.append(f"exit code {code}")
        v.detail = " ".join(out[-500:].split())
    for line in lines:
        m = _ERROR_LINE.match(line)
        if m is not None and reason_problems(m.group(1)):
            v.failures += [p for p in reason_problems(m.group(1)) if p not in v.failures]
            v.detail = v.detail or line[:500]
        if line.startswith("error: "):
            defended = _caught(line) + (["JSON output met a value it cannot hold"]
                                        if _NOT_JSON in line else [])
            v.failures += [p for p in defended if p not in v.failures]
            if defended:
                v.detail = v.detail or line[:500]
    if diff and reject and code == 0:
        v.failures.append(f"the same game although {reject}")
    if must_fail and code == 0:
        v.failures.append(f"exit 0 although {must_fail}")
    bad_json = _json_problem(result.stdout, json_out) if json_out and code == 0 else ""
    if bad_json:
        v.failures.append("output that is not strict JSON")
        v.detail = v.detail or bad_json
    return v


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _json_problem(stdout: str, mode: str) -> str:
    """Why ``stdout`` (``warning:`` and ``error:`` lines aside) is not strict JSON: one value
    (``mode`` ``one``) or one value per line (``lines``); "" when it is."""
    lines = [x for x in stdout.splitlines() if not x.startswith(("warning: ", "error: "))]
    texts = ["\n".join(lines)] if mode == "one" else [x for x in lines if x.strip()]
    for text in texts:
        try:
            json.loads(text, parse_constant=_no_constant)
        except ValueError as e:
            return f"{e} in {text[:120]!r}"
    return ""


_READER_CAUGHT: Final = re.compile(r"unexpected ([A-Z]\w*)(?: reading this record| while|:)")
"""What the toolkit's catch-alls say (the reader's, ``validate_file``'s, the tools')."""


def _caught(reason: str) -> list[str]:
    """A reason that says a reader or a tool met an unexpected exception (their catch-alls):
    a bug reported as a verdict, a failure all the same."""
    m = _READER_CAUGHT.search(reason)
    return [f"{m.group(1)} caught by a catch-all"] if m is not None else []


_END_TOLD: Final = re.compile(r'"end":true|^End of the replay|^回放结束', re.M)
"""How ``sgs replay step`` shows the end of a replay (``--json``, the words in English and in
Chinese)."""


def told_although(case: Case, target: str, args: Sequence[str], stdout: str) -> str:
    """Why a run of a command target on the case's input must not exit 0 because it would have
    told a game the input does not hold, or "": every command that tells the whole game
    (``show``, ``export``, ``html``, ``resim``) on an input that is not the engine's
    (``reject``: a forged end record, a value of another type that Python calls equal);
    ``step`` when it told the end of such an input; ``stats`` with ``--validate`` on such an
    input, and without it on an end record of a shape no game writes (``shape``; a well-formed
    but false summary is what ``stats`` trusts without re-simulating: docs/studies.md)."""
    if target in ("show", "export", "html", "resim"):
        return case.reject
    if target == "step":
        return case.reject if _END_TOLD.search(stdout) else ""
    if target == "stats":
        return case.reject if "--validate" in args else case.shape
    return ""
