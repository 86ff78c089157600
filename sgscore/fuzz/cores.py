"""Both cores compared: what this process's core makes of a file, a process of the other core
that answers the same (``python -m sgscore.fuzz serve``), and where their verdicts part
(``docs/fuzzing.md``, "Both cores")."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from typing import Any, Final

from .corpus import ROOT
from .targets import HANG_SECONDS, sgs_command

_SIGNATURE_COMMANDS: Final = (
    ("replay", "show", "{f}"), ("replay", "step", "{f}", "--at", "0", "--count", "3", "--json"),
    ("replay", "export", "{f}", "--events"), ("replay", "show", "{f}", "--json", "--as", "1"),
)
"""The command a core's verdicts on a file include, by case number in turn."""


def _digest(text: str) -> str:
    """``text`` itself when short, else its first 1,000 characters and its SHA-256 (two cores'
    outputs are compared whole, and a difference is still shown where it starts)."""
    if len(text) <= 2000:
        return text
    import hashlib

    return f"{text[:1000]}... [{len(text)} characters, sha256 " \
           f"{hashlib.sha256(text.encode('utf-8', 'surrogatepass')).hexdigest()}]"


def core_verdicts(path: str, number: int = 0) -> dict[str, str]:
    """What this process's core makes of the replay at ``path``: ``validate_file``'s verdict,
    ``read_replay``'s outcome (what it read, or the exception and its words), and the exit code
    and output of one ``sgs`` command (:data:`_SIGNATURE_COMMANDS`, by ``number``). Two cores
    must give the same, word for word (``python -m sgscore.fuzz --differential``)."""
    from click.testing import CliRunner

    from ..replay import read_replay, validate_file

    out: dict[str, str] = {}
    try:
        out["validate"] = json.dumps(validate_file(path).to_json(), ensure_ascii=False,
                                     sort_keys=True, default=repr)
    except Exception as e:  # the verdicts of both cores are compared, whatever they are
        out["validate"] = f"raised {type(e).__name__}: {e}"
    try:
        r = read_replay(path)
        read = {"records": [type(x).__name__ for x in r.records], "decisions": repr(r.decisions),
                "events": repr(r.events), "summary": repr(r.summary), "error": repr(r.error),
                "truncated": r.truncated, "truncation": r.truncation, "warnings": r.warnings}
        out["read"] = _digest(json.dumps(read, ensure_ascii=False, sort_keys=True))
    except Exception as e:  # ReplayError, or anything a reader bug raises
        out["read"] = f"{type(e).__name__}: {e}"
    args = [a.format(f=path) for a in _SIGNATURE_COMMANDS[number % len(_SIGNATURE_COMMANDS)]]
    result = CliRunner().invoke(sgs_command(), args)
    escaped = result.exception
    out["command"] = " ".join(args[:2]) + f": exit {result.exit_code}" + (
        f", {type(escaped).__name__}: {escaped}" if escaped is not None
        and not isinstance(escaped, SystemExit) else "")
    out["stdout"] = _digest(result.stdout)
    out["stderr"] = _digest(result.stderr)
    return out


def _core() -> dict[str, Any]:
    from .. import _accel

    return {"compiled": _accel.compiled(), "core": _accel.describe()}


def _other_core_env() -> dict[str, str]:
    """The environment of a process that runs the other core than this one."""
    from .. import _accel

    return dict(os.environ, SGSCORE_PURE="1" if _accel.compiled() else "0")


def _serve_main(argv: list[str]) -> int:
    """``python -m sgscore.fuzz serve``: the other core's side of a differential run. It says
    which core it runs, then reads ``{"path", "number", "timeout"}`` lines and answers each with
    :func:`core_verdicts` on one line; a request that takes three times its timeout ends it."""
    import signal

    print(json.dumps(_core()), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        # three times the case's timeout: the worker's own hang guard comes first
        signal.alarm(max(1, 3 * int(request.get("timeout", HANG_SECONDS))))
        answer = core_verdicts(request["path"], int(request["number"]))
        signal.alarm(0)
        print(json.dumps(answer, ensure_ascii=False), flush=True)
    return 0


def _verdicts_main(argv: list[str]) -> int:
    """``python -m sgscore.fuzz verdicts FILE...``: this core's verdicts on each file (the
    ``N``-th file takes command ``N``), as one JSON object with the core that gave them."""
    files = [f for f in argv if not f.startswith("-")]
    print(json.dumps({**_core(), "verdicts": [core_verdicts(f, n) for n, f in enumerate(files)]},
                     ensure_ascii=False))
    return 0


class Companion:
    """A process that runs the other core (``python -m sgscore.fuzz serve``), for comparing the
    two on the same files. Raises :class:`RuntimeError` when it runs the same core as this one
    (an install without a usable compiled core)."""

    def __init__(self, timeout: float = HANG_SECONDS) -> None:
        self.timeout = timeout
        self._start()

    def _start(self) -> None:
        import subprocess

        self.process = subprocess.Popen(
            [sys.executable, "-m", "sgscore.fuzz", "serve"], env=_other_core_env(), cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            encoding="utf-8")
        assert self.process.stdout is not None
        hello = self.process.stdout.readline()
        me = _core()
        them = json.loads(hello) if hello else {"compiled": me["compiled"], "core": "none"}
        if them["compiled"] == me["compiled"]:
            self.close()
            raise RuntimeError(f"no other core to compare with: this process runs the "
                               f"{me['core']}, and so would the other")
        self.cores = (me["core"], them["core"])

    def verdicts(self, path: str, number: int) -> dict[str, str]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"path": path, "number": number,
                                             "timeout": self.timeout}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:  # it hung (its alarm ended it) or died: a difference, then a new one
            why = f"the other core's process ended (exit code {self.process.wait()})"
            self.close()
            self._start()
            return dict.fromkeys(("validate", "read", "command", "stdout", "stderr"), why)
        answer: dict[str, str] = json.loads(line)
        return answer

    def close(self) -> None:
        with contextlib.suppress(OSError):
            if self.process.stdin is not None:
                self.process.stdin.close()
        self.process.kill()
        self.process.wait()


def compare_cores(mine: dict[str, str], theirs: dict[str, str],
                  cores: tuple[str, str]) -> tuple[list[str], str]:
    """The parts of two cores' verdicts on one file that differ (as failure classes), and the
    first difference in words."""
    failures, detail = [], ""
    for part in ("validate", "read", "command", "stdout", "stderr"):
        a, b = mine.get(part, ""), theirs.get(part, "")
        if a != b:
            failures.append(f"differential: {part} differs between the cores")
            if not detail:
                at = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                          min(len(a), len(b)))
                lo = max(0, at - 60)
                detail = (f"{part}: {cores[0]}: ...{a[lo:at + 200]!r}; {cores[1]}: "
                          f"...{b[lo:at + 200]!r}")
    return failures, detail
