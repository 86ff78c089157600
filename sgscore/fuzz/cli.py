"""The command line: ``python -m sgscore.fuzz`` (the replay fuzzer), ``... games`` (random games),
``... corpus`` (record the seed corpus), ``... verdicts`` and ``... serve`` (one core's verdicts,
for comparing both)."""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ..core.rng import Pcg32
from .cases import Case, make_case
from .cores import Companion, _serve_main, _verdicts_main, compare_cores, core_verdicts
from .corpus import DEFAULT_CORPUS, load_corpus, write_corpus
from .games import game_setup, play_checked, print_games, run_games
from .minimizing import minimize
from .mutations import _known_ops
from .report import print_report, save_failures
from .run import fuzz
from .targets import HANG_SECONDS, TARGETS, run_target, target_of


def _fuzz_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m sgscore.fuzz",
        description="Fuzz the replay toolkit and sgs with mutated replays (docs/fuzzing.md). "
                    "Other modes: 'games' (random games checked against invariants), 'corpus' "
                    "(record the seed corpus).")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    p.add_argument("--cases", type=int, default=1000, help="how many cases (default 1000)")
    p.add_argument("--start", type=int, default=0, help="the first case number (default 0)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    p.add_argument("--target", default="validate", choices=[*TARGETS, "all"],
                   help="what runs on each input (all: each target in turn)")
    p.add_argument("--differential", action="store_true",
                   help="also compare the compiled and the pure core's verdicts on each input")
    p.add_argument("--corpus", default="", help="a folder of seed replays (default fixtures/fuzz)")
    p.add_argument("--light", action="store_true", help="small inputs only (a quick run)")
    p.add_argument("--ops", default="", metavar="NAME,...",
                   help="draw only these mutations (names of OPS: end_forge,end_sides)")
    p.add_argument("--timeout", type=float, default=HANG_SECONDS,
                   help=f"seconds before a case counts as a hang (default {HANG_SECONDS:g})")
    p.add_argument("--json", action="store_true", help="the report as one JSON object")
    p.add_argument("--save-failures", metavar="DIR", default="",
                   help="write each failure class's smallest input into DIR")
    p.add_argument("--case", type=int, default=None,
                   help="run this one case in this process and tell its outcome")
    p.add_argument("--write", metavar="FILE", default="", help="with --case: write its input")
    p.add_argument("--minimize", action="store_true",
                   help="with --case: shrink the input while it fails the same way")
    return p


def _ops(args: argparse.Namespace) -> tuple[str, ...]:
    """The mutations ``--ops`` names (none: all of them)."""
    return tuple(n.strip() for n in str(args.ops).split(",") if n.strip())


def _one_case(args: argparse.Namespace) -> int:
    corpus = load_corpus(Path(args.corpus) if args.corpus else None)
    heavy = not args.light
    case = make_case(args.seed, args.case, corpus, heavy=heavy, only=_ops(args))
    target = target_of(args.case, args.target)
    options = case.rng.getstate()
    with tempfile.TemporaryDirectory(prefix="sgscore-fuzz-") as tmp:
        verdict = run_target(case, target, Path(tmp))
        if args.differential:
            path = Path(tmp) / "both-cores.mp"
            path.write_bytes(case.data)
            companion = Companion(args.timeout)
            try:
                differs, detail = compare_cores(core_verdicts(str(path), args.case),
                                                companion.verdicts(str(path), args.case),
                                                companion.cores)
            finally:
                companion.close()
            verdict.failures += differs
            verdict.detail = verdict.detail or detail
        data = case.data
        if args.minimize and verdict.failures:
            data = _shrink(case, options, target, verdict.failures[0], Path(tmp))
    if args.write:
        Path(args.write).write_bytes(data)
    info = {"case": args.case, "seed": args.seed, "target": target, "source": case.source,
            "bytes": len(case.data), "ops": case.ops, "outcome": verdict.outcome,
            "failures": verdict.failures, "detail": verdict.detail,
            "cpu_seconds": round(verdict.cpu, 3), "peak_bytes": verdict.mem,
            "written": args.write or None, "written_bytes": len(data) if args.write else None}
    if args.json:
        print(json.dumps(info, ensure_ascii=False))
    else:
        for key, value in info.items():
            print(f"{key}: {'; '.join(value) if isinstance(value, list) else value}")
    return 1 if verdict.failures else 0


def _shrink(case: Case, options: tuple[int, int], target: str, failure: str,
            workdir: Path) -> bytes:
    """The case's input, minimised while ``target`` still fails with ``failure`` (the command
    takes the same options at every try: the case's generator restarts at ``options``)."""
    def still_fails(data: bytes) -> bool:
        rng = Pcg32(0)
        rng.setstate(options)
        trial = Case(case.seed, case.number, case.source, case.original, data, case.ops,
                     case.reject, rng, case.refuse, case.shape)
        return failure in run_target(trial, target, workdir).failures

    return minimize(case.data, still_fails)


def _fuzz_main(argv: list[str]) -> int:
    args = _fuzz_parser().parse_args(argv)
    if args.differential:
        try:
            Companion(args.timeout).close()
        except RuntimeError as e:
            print(f"error: --differential: {e} (a usable compiled core is needed: "
                  "pip install -e . builds it)", file=sys.stderr)
            return 2
    if args.case is not None:
        return _one_case(args)

    def progress(done: int) -> None:
        if sys.stderr.isatty() and (done % 100 == 0 or done == args.cases):
            sys.stderr.write(f"\r{done}/{args.cases} cases")
            sys.stderr.flush()

    try:
        ops = _known_ops(_ops(args))
    except ValueError as e:
        print(f"error: --ops: {e}", file=sys.stderr)
        return 2
    report = fuzz(args.seed, args.cases, jobs=args.jobs, target=args.target, start=args.start,
                  corpus=args.corpus, heavy=not args.light, timeout=args.timeout,
                  differential=args.differential, progress=progress, ops=ops)
    if sys.stderr.isatty():
        sys.stderr.write("\n")
    if args.save_failures:
        save_failures(report, Path(args.save_failures),
                      load_corpus(Path(args.corpus) if args.corpus else None))
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print_report(report)
    return 1 if report["failures"] else 0


def _games_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m sgscore.fuzz games",
                                description="Play seeded random games of both games with every "
                                            "option and variant, checking invariants after "
                                            "every decision and at every end "
                                            "(docs/fuzzing.md).")
    p.add_argument("--games", type=int, default=200, help="how many games (default 200)")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    p.add_argument("--start", type=int, default=0, help="the first game number (default 0)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds one game may take")
    p.add_argument("--game", type=int, default=None,
                   help="play this one game in this process and tell what it found")
    p.add_argument("--record", metavar="FILE", default="",
                   help="with --game: write its replay, with events (sgs replay step FILE)")
    p.add_argument("--json", action="store_true", help="the report as one JSON object")
    args = p.parse_args(argv)
    if args.game is not None:
        result = play_checked(args.seed, args.game, max_breaks=50)
        if args.record:
            from ..replay import record_game

            setup = game_setup(args.seed, args.game)
            buf = io.BytesIO()
            record_game(setup.config, setup.seed, buf, events=True, agents=list(setup.agents))
            Path(args.record).write_bytes(buf.getvalue())
        print(json.dumps(result, ensure_ascii=False, indent=None if args.json else 1))
        return 1 if result["broken"] or result["error"] else 0
    report = run_games(args.seed, args.games, jobs=args.jobs, start=args.start,
                       timeout=args.timeout)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print_games(report)
    return 1 if report["invariant_breaks"] or report["engine_errors"] else 0


def _corpus_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m sgscore.fuzz corpus",
                                description="Record the seed corpus of the replay fuzzer.")
    p.add_argument("--out", default=str(DEFAULT_CORPUS), help="the folder (default fixtures/fuzz)")
    args = p.parse_args(argv)
    for path in write_corpus(Path(args.out)):
        print(f"{path} ({path.stat().st_size} bytes)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m sgscore.fuzz [games | corpus | verdicts | serve] ...``; the exit code (1 when
    something failed)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["games"]:
        return _games_main(args[1:])
    if args[:1] == ["corpus"]:
        return _corpus_main(args[1:])
    if args[:1] == ["verdicts"]:
        return _verdicts_main(args[1:])
    if args[:1] == ["serve"]:
        return _serve_main(args[1:])
    return _fuzz_main(args)
