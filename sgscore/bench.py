"""``sgs bench``: how fast the engine simulates and the replay toolkit validates, and how big
replays are, on one core (DESIGN "Speed habits").

For each player count, with random agents and ``generals="random"``:

1. simulation: ``Game`` driven by ``RandomAgent`` directly, no file I/O; games, turns, decisions
   and events per second;
2. replay size: the same games recorded compact (decisions only) and with events, every byte of
   each file counted;
3. validation: ``validate_file`` timed on the compact replays of step 2, seed by seed right
   after the simulation of the same seed (so that both rates see the same machine).

Memory is measured two ways, both reported: the process's peak resident set size
(``resource.getrusage(RUSAGE_SELF).ru_maxrss``, for the whole run so far) and the peak of Python
allocations traced by ``tracemalloc`` while one game of each player count is simulated (outside
the timed runs, since tracing slows everything down).

Timing uses ``time.perf_counter`` here only; the engine never reads a clock.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from .agents import RandomAgent
from .sanguosha import ENGINE_VERSION, Config, EngineError, Game

__all__ = ["BenchRow", "BenchReport", "run_bench", "DEFAULT_GAMES", "DEFAULT_PLAYERS"]

DEFAULT_GAMES = 200
MEMORY_FILES = 50  # replays validated under tracemalloc to show memory stays flat
DEFAULT_PLAYERS = (4, 5, 8, 10)


@dataclass
class BenchRow:
    """The numbers for one player count (the keys of ``sgs bench --json``'s ``results``)."""

    players: int
    games: int
    engine_errors: int
    turns: int
    decisions: int
    events: int
    sim_seconds: float
    games_per_s: float
    turns_per_s: float
    decisions_per_s: float
    events_per_s: float
    validated: int
    invalid: int
    validate_seconds: float
    validated_per_s: float
    compact_bytes_per_game: float
    compact_bytes_per_decision: float
    events_bytes_per_game: float
    events_bytes_per_decision: float
    traced_peak_kib: float
    validate_peak_one_kib: float
    validate_peak_many_kib: float
    validate_peak_many_files: int
    validate_held_kib: float


@dataclass
class BenchReport:
    games: int
    seed: int
    generals: str
    engine_version: str
    python: str
    seconds: float
    peak_rss_kib: int
    memory_note: str
    results: list[BenchRow] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _rate(count: float, seconds: float) -> float:
    return round(count / seconds, 1) if seconds > 0 else 0.0


def _per(total: float, count: int) -> float:
    return round(total / count, 1) if count else 0.0


def peak_rss_kib() -> int:
    """Peak resident set size of this process in KiB (0 where ``resource`` is missing)."""
    try:
        import resource  # not on every platform
    except ImportError:  # pragma: no cover - Windows
        return 0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(rss // 1024) if sys.platform == "darwin" else int(rss)  # macOS counts bytes


def simulate(config: Config, seed: int) -> Game | None:
    """One game with a RandomAgent per seat; None if the engine raised."""
    try:
        g = Game(config, seed)
        agents = [RandomAgent(seed, s) for s in range(config.players)]
        while not g.over:
            req = g.pending
            assert req is not None
            g.submit(agents[req.seat].choose(req))
    except EngineError:
        return None
    return g


def _traced_peak(config: Config, seed: int) -> float:
    tracemalloc.start()
    try:
        simulate(config, seed)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return round(peak / 1024, 1)


def _validate_peak(paths: Sequence[str]) -> tuple[float, float]:
    """tracemalloc peak and what is still held afterwards (KiB), validating ``paths`` one after
    another."""
    import gc

    from .replay import validate_file

    tracemalloc.start()
    try:
        for path in paths:
            validate_file(path)
        gc.collect()
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return round(peak / 1024, 1), round(held / 1024, 1)


def bench_players(
    players: int, games: int, seed: int, tmp: str, generals: str = "random"
) -> BenchRow:
    """Run the three measurements for one player count (replays go to ``tmp``)."""
    from .replay import record_game, validate_file  # the toolkit is optional here

    config = Config(players=players, generals=generals)
    seeds = range(seed, seed + games)

    compact_bytes = events_bytes = recorded_decisions = 0
    paths = []
    for s in seeds:
        path = os.path.join(tmp, f"p{players}-{s}.mp")
        rec = record_game(config, s, path, events=False)
        compact_bytes += os.path.getsize(path)
        recorded_decisions += rec.decisions
        paths.append(path)
        full = os.path.join(tmp, f"p{players}-{s}-events.mp")
        record_game(config, s, full, events=True)
        events_bytes += os.path.getsize(full)
        os.remove(full)

    # Simulation and validation of the same seed are timed one after the other, so that both
    # rates see the same machine (a busy neighbour slows both, not one).
    turns = decisions = events = errors = invalid = 0
    sim = val = 0.0
    for s, path in zip(seeds, paths, strict=True):
        t0 = time.perf_counter()
        g = simulate(config, s)
        t1 = time.perf_counter()
        ok = validate_file(path).valid
        t2 = time.perf_counter()
        sim += t1 - t0
        val += t2 - t1
        invalid += not ok
        if g is None:
            errors += 1
            continue
        turns += g.turn_no
        decisions += g.decisions
        events += len(g.events)
    # Memory flat in the number of files: the peak over one file against the peak over many.
    many = paths[:MEMORY_FILES]
    peak_one, _ = _validate_peak(paths[:1])
    peak_many, held = _validate_peak(many)
    for path in paths:
        os.remove(path)

    return BenchRow(
        players=players, games=games, engine_errors=errors, turns=turns, decisions=decisions,
        events=events, sim_seconds=round(sim, 3), games_per_s=_rate(games - errors, sim),
        turns_per_s=_rate(turns, sim), decisions_per_s=_rate(decisions, sim),
        events_per_s=_rate(events, sim), validated=len(paths), invalid=invalid,
        validate_seconds=round(val, 3), validated_per_s=_rate(len(paths), val),
        compact_bytes_per_game=_per(compact_bytes, games),
        compact_bytes_per_decision=_per(compact_bytes, recorded_decisions),
        events_bytes_per_game=_per(events_bytes, games),
        events_bytes_per_decision=_per(events_bytes, recorded_decisions),
        traced_peak_kib=_traced_peak(config, seed),
        validate_peak_one_kib=peak_one, validate_peak_many_kib=peak_many,
        validate_peak_many_files=len(many), validate_held_kib=held,
    )


def run_bench(
    games: int = DEFAULT_GAMES,
    players: Sequence[int] = DEFAULT_PLAYERS,
    seed: int = 1,
    generals: str = "random",
    progress: Callable[[int], None] | None = None,
) -> BenchReport:
    """Benchmark ``games`` games (seeds ``seed``, ``seed+1``, ...) for each player count.

    ``progress`` is called with each player count as it finishes.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    t0 = time.perf_counter()
    rows = []
    with tempfile.TemporaryDirectory(prefix="sgs-bench-") as tmp:
        for n in players:
            rows.append(bench_players(n, games, seed, tmp, generals))
            if progress is not None:
                progress(n)
    return BenchReport(
        games=games, seed=seed, generals=generals, engine_version=ENGINE_VERSION,
        python=sys.version.split()[0], seconds=round(time.perf_counter() - t0, 2),
        peak_rss_kib=peak_rss_kib(),
        memory_note=(
            "peak_rss_kib: resource.getrusage(RUSAGE_SELF).ru_maxrss of the whole run; "
            "traced_peak_kib: tracemalloc peak while simulating one game, events kept; "
            "validate_peak_one_kib / validate_peak_many_kib: tracemalloc peak while validating "
            "the first replay / the first validate_peak_many_files replays one after another; "
            "validate_held_kib: traced memory still held after them"
        ),
        results=rows,
    )
