"""A replay fuzzing run: one case made and run (:func:`run_case`), and cases run in worker
processes and tallied into the report (:func:`fuzz`)."""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .cases import make_case
from .cores import Companion, compare_cores, core_verdicts
from .corpus import CorpusFile, load_corpus
from .mutations import _known_ops
from .report import _Tally
from .targets import HANG_SECONDS, _status, run_target, target_of
from .verdicts import _trace
from .workers import _Pool


def run_case(seed: int, number: int, target: str, corpus: Sequence[CorpusFile], workdir: Path,
             *, heavy: bool = True, budgets: bool = True,
             companion: Companion | None = None, only: Sequence[str] = ()) -> dict[str, Any]:
    """Make case ``number`` and run its target: the result as the report keeps it. With a
    ``companion`` (a differential run), the two cores' verdicts on the input are compared too
    (:func:`core_verdicts`); ``only``: the mutations drawn from (:func:`make_case`)."""
    target = target_of(number, target)
    case = make_case(seed, number, corpus, heavy=heavy, only=only)
    verdict = run_target(case, target, workdir, budgets=budgets)
    if companion is not None:
        path = workdir / "both-cores.mp"
        path.write_bytes(case.data)
        differs, detail = compare_cores(core_verdicts(str(path), number),
                                        companion.verdicts(str(path), number), companion.cores)
        verdict.failures += differs
        verdict.detail = verdict.detail or detail
        path.unlink()
    return {
        "case": number, "target": target, "bytes": len(case.data), "source": case.source,
        "ops": case.ops, "outcome": verdict.outcome, "failures": verdict.failures,
        "detail": verdict.detail, "cpu": verdict.cpu, "mem": verdict.mem,
    }


class _FuzzRunner:
    """A worker's replay cases: the corpus loaded once, a folder for the commands' files."""

    def __init__(self, params: dict[str, Any]) -> None:
        folder = params["corpus"]
        self.corpus = load_corpus(Path(folder) if folder else None)
        self.seed = int(params["seed"])
        self.target = str(params["target"])
        self.heavy = bool(params["heavy"])
        self.budgets = bool(params.get("budgets", True))
        self.only = tuple(params.get("ops") or ())
        self.workdir = Path(tempfile.mkdtemp(prefix="worker-", dir=params["tmp"]))
        self.companion = (Companion(float(params.get("timeout", HANG_SECONDS)))
                          if params.get("differential") else None)
        self.start_rss = _status("VmRSS")

    def __call__(self, task: int) -> dict[str, Any]:
        try:
            result = run_case(self.seed, task, self.target, self.corpus, self.workdir,
                              heavy=self.heavy, budgets=self.budgets, companion=self.companion,
                              only=self.only)
        except Exception as e:  # the targets' exceptions are caught: this is the harness's own
            t = target_of(task, self.target)
            result = {"case": task, "target": t, "bytes": -1, "ops": [], "outcome": "harness",
                      "failures": [f"{t}: harness error {type(e).__name__} (sgscore/fuzz/)"],
                      "detail": _trace(e), "cpu": 0.0, "mem": 0}
        # A process keeps memory it once used: start afresh when it has grown, so that the next
        # cases are measured from a small base.
        result["recycle"] = _status("VmRSS") > self.start_rss + (100 << 20)
        return result

    def close(self) -> None:
        if self.companion is not None:
            self.companion.close()
        shutil.rmtree(self.workdir, ignore_errors=True)


def _lost_case(target: str) -> Callable[[int, str], dict[str, Any]]:
    def lost(number: int, why: str) -> dict[str, Any]:
        t = target_of(number, target)
        return {"case": number, "target": t, "bytes": -1, "ops": [], "outcome": why.split(" (")[0],
                "failures": [f"{t}: {why}"], "detail": why, "cpu": 0.0, "mem": 0}
    return lost


def fuzz(seed: int, cases: int, *, jobs: int = 1, target: str = "validate", start: int = 0,
         corpus: str = "", heavy: bool = True, timeout: float = HANG_SECONDS,
         budgets: bool = True, differential: bool = False,
         progress: Callable[[int], None] | None = None,
         ops: Sequence[str] = ()) -> dict[str, Any]:
    """Run cases ``start`` .. ``start + cases - 1`` in ``jobs`` worker processes; the report
    as a JSON object (:func:`print_report` prints it). ``budgets``: as in :func:`run_target`
    (``timeout``, the wall time after which a case counts as a hang, stays). ``differential``:
    each worker also compares the two cores' verdicts on every input (:class:`Companion`).
    ``ops``: the mutations drawn from (all of :data:`OPS` when empty)."""
    only = _known_ops(ops)
    tally = _Tally(seed, target, heavy, corpus, only)
    tally.differential = differential
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="sgscore-fuzz-") as tmp:
        params = {"corpus": corpus, "seed": seed, "target": target, "heavy": heavy, "tmp": tmp,
                  "budgets": budgets, "differential": differential, "timeout": timeout,
                  "ops": list(only)}
        pool = _Pool(jobs, _FuzzRunner, params, timeout, _lost_case(target))
        for done, result in enumerate(pool.run(range(start, start + cases)), start=1):
            tally.add(result)
            if progress is not None:
                progress(done)
    tally.seconds = time.monotonic() - began
    return tally.to_json()
