"""``sgs bench``: how fast the engine simulates and the replay toolkit validates, and how big
replays are, on one core (docs/architecture.md "Determinism, hashing and speed").

For each player count, with random agents and ``generals="random"``:

1. simulation: ``Game`` driven by ``RandomAgent`` directly, no file I/O; games, turns, decisions
   and events per second;
2. replay size: the same games recorded compact (decisions only) and with events, every byte of
   each file counted;
3. validation: ``validate_file`` timed on the compact replays of step 2, seed by seed right
   after the simulation of the same seed (so that both rates see the same machine);
4. seek: ``sgs replay step FILE --at LAST`` on the longest of those replays, as a command of its
   own (start-up, reading, re-simulating to the last decision, printing);
5. the command line's path: ``sgs sim -n GAMES --no-events`` of the same games, as a command of
   its own (what a study pays per game: playing, writing each replay and its row, the line it
   prints), per game beyond its start-up (``sgs sim -n 1``), beside the engine's own CPU per game
   of step 1. Its user and system time are reported apart: the system time is mostly the file
   system's work for one new file per game, which differs from disk to disk (``sgs bench --dir``
   says where the files go). Where the machine has two cores or more (Linux), each round runs
   the command and a pass of the engine over the same games (a child process timing itself) at
   the same moments, one on each core, the cores swapped from round to round, and then ``sgs
   sim -n 1`` beside a one-game pass: a machine whose speed drifts, or one core slower than
   the other, weighs on both alike; the medians of the rounds count. Elsewhere each run of the
   command follows a pass of the engine in this process, and the least of each counts.

Once per run, start-up: ``sgs --version`` and ``sgs --help`` against a bare ``python -c pass``.
Commands are timed by the CPU time of the child process (user + system), the best of a few runs,
so that a busy machine hurts as little as it can.

Memory is measured two ways, both reported: the process's peak resident set size
(``resource.getrusage(RUSAGE_SELF).ru_maxrss``, for the whole run so far) and the peak of Python
allocations traced by ``tracemalloc`` while one game of each player count is simulated (outside
the timed runs, since tracing slows everything down).

Rates are per second of this process's CPU time (``time.process_time``), so that another
process on the machine slows them as little as it can; the whole run's ``seconds`` is wall time
(``time.perf_counter``). Clocks are read here only; the engine never reads one.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any

from .agents import play
from .core.engine import EngineError
from .core.games import BUILTIN, game_ids, get_game, spec_for_config
from .core.spec import AnyGame

__all__ = ["BenchRow", "BenchReport", "run_bench", "DEFAULT_GAMES", "DEFAULT_GAME", "RUNS",
           "default_players", "game_config"]

DEFAULT_GAMES = 200
RUNS = 5
"""Runs of each command timed (and of the engine beside ``sgs sim``'s) unless told: the least
counts."""
MEMORY_FILES = 50  # replays validated under tracemalloc to show memory stays flat
DEFAULT_GAME = next(iter(BUILTIN))
"""The game measured when none is named: the package's first built-in game, as for ``sgs``."""


def default_players(game: str) -> tuple[int, ...]:
    """The player counts measured by default for ``game``: its spec's ``bench_players`` (4 and
    5 unless the game says otherwise)."""
    return _spec(game).bench_players


def game_config(game: str, players: int, generals: str = "random",
                pool: Sequence[str] | str | None = None,
                options: Mapping[str, Any] | None = None) -> object:
    """The config of one benchmarked game, as its spec makes it (``GameSpec.bench_config``):
    ``generals`` dealt from ``pool`` for a game that deals generals and has pools (as the game
    reads it: a named pool, generals by id or name), and ``options``, more of the game's ``sgs
    sim`` options by name (``{"reincarnation": True}``, ``{"mode": "3v3"}``). A ValueError
    (ConfigError) says what is wrong."""
    spec = _spec(game)
    unknown = sorted(set(options or {}) - {o.name for o in spec.options})
    if unknown:
        raise ValueError(f"{game} has no option {unknown[0]!r}")
    config: object = spec.bench_config(players, generals, pool, options)
    return config


def _spec(game: str) -> AnyGame:
    spec = get_game(game)
    if spec is None:
        raise ValueError(f"unknown game {game!r} (installed: {', '.join(game_ids())})")
    return spec


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
    seek_decisions: int
    seek_seconds: float
    seek_over_python_s: float
    engine_ms_per_game: float = 0.0
    clone_us: dict[str, float] = field(default_factory=dict)
    clone_plain_us: dict[str, float] = field(default_factory=dict)
    clone_games: dict[str, int] = field(default_factory=dict)
    pickle_us: float = 0.0
    pickle_bytes: float = 0.0
    cli_ms_per_game: float | None = None
    cli_startup_s: float | None = None
    cli_over_engine: float | None = None
    cli_user_ms_per_game: float | None = None
    cli_system_ms_per_game: float | None = None
    cli_user_over_engine: float | None = None
    cli_engine_ms_per_game: float | None = None
    """The engine's CPU per game that ``cli_over_engine`` divides by: the median of its passes
    beside the command's runs (side by side), else ``engine_ms_per_game``."""
    cli_rounds: list[list[float]] = field(default_factory=list)
    """Side by side, each round's command user and system ms a game beyond its start-up and the
    engine's ms a game beside it (the ratios are the medians of the rounds'); empty in turn."""


@dataclass
class BenchReport:
    game: str
    games: int
    seed: int
    generals: str
    agents: str
    pool: str
    engine_version: str
    python: str
    core: str
    seconds: float
    peak_rss_kib: int
    memory_note: str
    startup_python_s: float
    startup_version_s: float
    startup_help_s: float
    results: list[BenchRow] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    directory: str = ""
    runs: int = RUNS

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


def sgs_command() -> list[str]:
    """How to run ``sgs``: the installed script beside this Python, else ``python -m
    sgscore_cli.main`` (the command line's installed name)."""
    script = os.path.join(os.path.dirname(sys.executable), "sgs")
    return [script] if os.path.exists(script) else [sys.executable, "-m", "sgscore_cli.main"]


def command_cpu(args: Sequence[str], runs: int = RUNS) -> float:
    """The least CPU time (user + system, seconds) of ``runs`` runs of the command ``args``;
    wall time where the platform cannot tell a child's CPU time. A failing command raises."""
    return round(min(sum(command_times(args)) for _ in range(runs)), 3)


def command_times(args: Sequence[str]) -> tuple[float, float]:
    """The user and system CPU seconds of one run of the command ``args`` (wall time as user
    time and no system time where the platform cannot tell a child's CPU time). A failing
    command raises."""
    try:
        import resource  # not on every platform
    except ImportError:  # pragma: no cover - Windows
        resource = None  # type: ignore[assignment]
    if resource is not None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   stdin=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    if resource is None:  # pragma: no cover - Windows
        return wall, 0.0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime


def sim_command(game: str, players: int, generals: str, options: Mapping[str, Any],
                agents: str, seed: int, count: int, out: str) -> list[str] | None:
    """The ``sgs sim -n COUNT --no-events`` arguments that play the games :func:`game_config`
    makes (its ``--players``, ``--generals`` for a game that takes it, the game's options by
    their flags), or None when no ``sgs sim`` command plays them (``sgs bench --pool``, which
    ``sgs sim`` has not: the config the options give differs)."""
    spec = _spec(game)
    values: dict[str, Any] = {**options, "players": players}
    by_name = {o.name: o for o in spec.options}
    if "generals" in by_name:
        values["generals"] = generals
    args = ["sim", "--game", spec.id, "--seed", str(seed), "-n", str(count), "--no-events",
            "--agents", agents, "-o", out]
    for name, value in values.items():
        opt = by_name.get(name)
        if opt is None:
            return None
        if opt.kind == "flag":
            args += [opt.flags[0]] if value else []
        else:
            args += [opt.flags[0], str(value)]
    return args


@dataclass(frozen=True)
class CliCost:
    """What :func:`cli_path` measured: the user and system CPU seconds of ``sgs sim -n GAMES``
    and of ``sgs sim -n 1`` (the least of the runs by their sum), and the least CPU seconds of
    the engine's passes over the same games run between them (0.0 when none was asked).

    ``rounds``: where the engine's passes ran beside the command, at the same moments on
    another core (:func:`side_by_side`), each round's figures: the command's user and system
    milliseconds a game beyond its start-up and the engine's milliseconds a game; empty where
    they ran in turn."""

    user: float
    system: float
    one_user: float
    one_system: float
    engine: float = 0.0
    rounds: tuple[tuple[float, float, float], ...] = ()


def cli_path(config: object, game: str, players: int, generals: str,
             options: Mapping[str, Any], agents: str, seed: int, games: int, tmp: str,
             runs: int = RUNS, engine_pass: Callable[[], float] | None = None) -> CliCost | None:
    """The CPU time of ``sgs sim -n GAMES --no-events`` playing the games of ``config`` into a
    new folder under ``tmp``, and of ``sgs sim -n 1`` (its start-up and one game), the least of
    ``runs`` runs each; None when no ``sgs sim`` command plays them (:func:`sim_command`).
    ``engine_pass`` (the CPU seconds of the engine playing the same games in-process) runs
    before each run of the command, so that both see the machine of the same moments."""
    spec = _spec(game)
    probe = sim_command(game, players, generals, options, agents, seed, 1, "")
    if probe is None:
        return None
    values = {**options, "players": players}
    if any(o.name == "generals" for o in spec.options):
        values["generals"] = generals
    try:
        same = spec.config_to_dict(spec.config_from_options(values)) == spec.config_to_dict(config)
    except ValueError:  # ConfigError
        same = False
    if not same:
        return None
    inf = (float("inf"), float("inf"))
    whole, one, engine = inf, inf, float("inf")

    def command(count: int) -> list[str]:
        # a new folder each run, left for the caller to remove with ``tmp``: removing a run's
        # files before the next run would make the next run's dearer on some file systems
        # (ext4 without a journal scans past recently freed inodes to make a file)
        out = tempfile.mkdtemp(prefix="cli-", dir=tmp)
        args = sim_command(game, players, generals, options, agents, seed, count, out)
        assert args is not None
        return [*sgs_command(), *args]

    cores = side_by_side()
    if engine_pass is not None and cores is not None:
        rounds = []
        child = engine_child_command(spec, config, seed, agents)
        for r in range(runs):
            # the cores swap each round: a core slower than the other weighs on both alike
            a, b = cores if r % 2 == 0 else cores[::-1]
            (u, sy), e = _beside([*child, str(games)], command(games), a, b)
            (u1, sy1), e1 = _beside([*child, "1"], command(1), a, b)
            whole = min(whole, (u, sy), key=sum)
            one = min(one, (u1, sy1), key=sum)
            engine = min(engine, e)
            # each per game beyond its first: the command's start-up and the engine's first
            # game (its lazy imports, its tables) are in the runs of one game
            rounds.append((round(_ms_beyond_first(u, u1, games), 4),
                           round(_ms_beyond_first(sy, sy1, games), 4),
                           round(_ms_beyond_first(e, e1, games), 4)))
        return CliCost(whole[0], whole[1], one[0], one[1], engine, tuple(rounds))
    for _ in range(runs):
        if engine_pass is not None:
            engine = min(engine, engine_pass())
        whole = min(whole, command_times(command(games)), key=sum)
        one = min(one, command_times(command(1)), key=sum)
    return CliCost(whole[0], whole[1], one[0], one[1],
                   engine if engine_pass is not None else 0.0)


def _ms_beyond_first(seconds: float, first: float, games: int) -> float:
    """Milliseconds a game of a run of ``games`` games that took ``seconds``, beyond a run of
    its first game alone (``first`` seconds): the whole run's for a single game."""
    return (seconds - first) / (games - 1) * 1000 if games > 1 else seconds * 1000


def side_by_side() -> tuple[int, int] | None:
    """Two cores this process may run on, where the engine and the command can be timed at the
    same moments, one on each (Linux, two cores or more, a child's CPU time known); None
    elsewhere, where they are timed in turn."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is None or not hasattr(os, "wait4") or not hasattr(os, "sched_setaffinity"):
        return None  # pragma: no cover - not Linux
    cpus = sorted(affinity(0))
    return (cpus[0], cpus[1]) if len(cpus) >= 2 else None


def _beside(engine: list[str], command: list[str], engine_cpu: int,
            command_cpu: int) -> tuple[tuple[float, float], float]:
    """Run the engine's pass (a child that prints its CPU seconds) on core ``engine_cpu`` and the
    command on ``command_cpu``, started together; the command's user and system CPU seconds
    and the engine pass's. A failing command raises."""
    quiet = subprocess.DEVNULL
    eng = subprocess.Popen(engine, stdout=subprocess.PIPE, stderr=quiet, stdin=quiet, text=True)
    cmd = subprocess.Popen(command, stdout=quiet, stderr=quiet, stdin=quiet)
    for pid, cpu in ((eng.pid, engine_cpu), (cmd.pid, command_cpu)):
        with contextlib.suppress(OSError):  # the child may be gone already
            os.sched_setaffinity(pid, {cpu})
    _, status, usage = os.wait4(cmd.pid, 0)
    cmd.returncode = os.waitstatus_to_exitcode(status)
    out, _ = eng.communicate()
    if cmd.returncode or eng.returncode:
        failed = command if cmd.returncode else engine
        raise subprocess.CalledProcessError(cmd.returncode or eng.returncode or 1, failed)
    return (usage.ru_utime, usage.ru_stime), float(out.split()[-1])


def engine_child_command(spec: AnyGame, config: object, seed: int, agents: str) -> list[str]:
    """The command of a child process that plays the games of ``config`` from ``seed`` in-process
    (the count is its last argument) as the bench's first step does, and prints the CPU seconds
    they took (:func:`engine_child`)."""
    return [sys.executable, "-c", "from sgscore.bench import engine_child; engine_child()",
            spec.id, json.dumps(spec.config_to_dict(config)), str(seed), agents]


def engine_child() -> None:
    """The engine's pass of :func:`engine_child_command`, in the child: ``GAME CONFIG SEED
    AGENTS COUNT`` from ``sys.argv``."""
    game, config_json, seed, agents, count = sys.argv[1:6]
    spec = _spec(game)
    config = spec.config_from_dict(json.loads(config_json))
    first = int(seed)
    t0 = time.process_time()
    for s in range(first, first + int(count)):
        simulate(config, s, agents)
    print(f"{time.process_time() - t0:.6f}")


def python_startup(runs: int = RUNS) -> float:
    """CPU seconds of a bare ``python -c pass``: what any command pays before it starts."""
    return command_cpu([sys.executable, "-c", "pass"], runs)


def simulate(config: object, seed: int, agents: str = "random") -> Any:
    """One game of the game ``config`` belongs to, with an agent per seat (``agents``: the name
    of one of the game's agents, for every seat); None if the engine raised."""
    spec = spec_for_config(config)
    try:
        game = spec.new_game(config, seed)
        return play(game, spec.make_agents(game, seed, agents))
    except EngineError:
        return None


CLONE_AT = (10, 100, 500)
"""The decisions at which ``sgs bench`` times ``game.clone()``."""
CLONE_GAMES = 20  # games (of the bench's) whose copies are timed
CLONE_REPS = 5


def _median(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[len(xs) // 2]


def _round_trip(game: object) -> object:
    import pickle

    return pickle.loads(pickle.dumps(game))


def copy_costs(config: object, seeds: Sequence[int], agents: str = "random",
               ) -> tuple[dict[str, float], dict[str, float], dict[str, int], float, float]:
    """What copies of games under way cost: the median CPU microseconds of ``game.clone()`` at
    each decision of :data:`CLONE_AT` that a game reaches, in games keeping ``snapshots`` and in
    games that do not (the same position); how many games reached each; the median microseconds
    and bytes of a pickle round trip (``pickle.loads(pickle.dumps(game))``) at the first of them.
    Over the first :data:`CLONE_GAMES` of ``seeds``."""
    import pickle

    spec = spec_for_config(config)
    kept: dict[str, list[float]] = {str(k): [] for k in CLONE_AT}
    plain: dict[str, list[float]] = {str(k): [] for k in CLONE_AT}
    pickled: list[float] = []
    sizes: list[int] = []

    def timed(fn: Callable[[], object]) -> float:
        t0 = time.process_time()
        for _ in range(CLONE_REPS):
            fn()
        return (time.process_time() - t0) / CLONE_REPS * 1e6

    for s in seeds[:CLONE_GAMES]:
        try:
            game = spec.new_game(config, s)
            game.snapshots = True
            agent_list = spec.make_agents(game, s, agents)
            for k in CLONE_AT:
                while not game.over and game.decisions < k:
                    req = game.pending
                    assert req is not None
                    game.submit(agent_list[req.seat].choose(req))
                if game.over:
                    break
                kept[str(k)].append(timed(game.clone))
                bare = game.replay_to(k)  # the same position, no snapshot kept
                plain[str(k)].append(timed(bare.clone))
                if k == CLONE_AT[0]:
                    sizes.append(len(pickle.dumps(game)))
                    pickled.append(timed(partial(_round_trip, game)))
        except EngineError:
            continue
    return ({k: round(_median(v), 1) for k, v in kept.items() if v},
            {k: round(_median(v), 1) for k, v in plain.items() if v},
            {k: len(v) for k, v in kept.items()},
            round(_median(pickled), 1) if pickled else 0.0,
            round(_median([float(x) for x in sizes]), 1) if sizes else 0.0)


def _traced_peak(config: object, seed: int, agents: str) -> float:
    tracemalloc.start()
    try:
        simulate(config, seed, agents)
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
    players: int, games: int, seed: int, tmp: str, generals: str = "random",
    python_s: float | None = None, *, agents: str = "random",
    pool: Sequence[str] | str | None = None, game: str = DEFAULT_GAME,
    options: Mapping[str, Any] | None = None, runs: int = RUNS,
) -> BenchRow:
    """Run the measurements for one player count (replays go to ``tmp``); ``python_s``: the CPU
    time of a bare Python, measured once for the seek figure (:func:`python_startup`);
    ``runs``: the runs of each command timed (the least counts)."""
    from .replay import record_game, validate_file  # the toolkit is optional here

    config = game_config(game, players, generals, pool, options)
    seeds = range(seed, seed + games)

    compact_bytes = events_bytes = recorded_decisions = 0
    paths = []
    longest = (-1, "")  # the replay with the most decisions: the seek figure steps through it
    for s in seeds:
        path = os.path.join(tmp, f"p{players}-{s}.mp")
        rec = record_game(config, s, path, events=False, overwrite=True, agents=agents)
        compact_bytes += os.path.getsize(path)
        recorded_decisions += rec.decisions
        paths.append(path)
        if rec.decisions > longest[0]:
            longest = (rec.decisions, path)
        full = io.BytesIO()  # its size is all that is wanted of it
        record_game(config, s, full, events=True, agents=agents)
        events_bytes += len(full.getvalue())

    # Simulation and validation of the same seed are timed one after the other, so that both
    # rates see the same machine (a busy neighbour slows both, not one).
    turns = decisions = events = errors = invalid = 0
    sim = val = 0.0
    for s, path in zip(seeds, paths, strict=True):
        t0 = time.process_time()
        g = simulate(config, s, agents)
        t1 = time.process_time()
        ok = validate_file(path).valid
        t2 = time.process_time()
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
    seek_decisions, seek_path = longest
    seek = command_cpu([*sgs_command(), "replay", "step", seek_path, "--at",
                        str(max(seek_decisions - 1, 0))], runs) if seek_decisions > 0 else 0.0
    if python_s is None:
        python_s = python_startup(runs)
    # The replays stay until the bench ends (``run_bench``'s folder): on a file system that
    # scans past recently freed inodes when it makes a file (ext4 without a journal), deleting
    # them here would make the files of the command's runs below dearer than a study's files
    # in a new folder are.

    def engine_pass() -> float:
        t0 = time.process_time()
        for s in seeds:
            simulate(config, s, agents)
        return time.process_time() - t0

    cli = cli_path(config, game, players, generals, options or {}, agents, seed, games, tmp,
                   runs=runs, engine_pass=engine_pass)
    # The engine's CPU per game: the least of its passes in this process (the timed one above
    # and, where they ran in turn, those run beside the command's).
    in_turn = cli is not None and not cli.rounds
    engine_ms = round(min(sim, cli.engine if in_turn and cli is not None else sim) / games
                      * 1000, 3)
    clone_kept, clone_plain, clone_games, pickle_us, pickle_bytes = copy_costs(
        config, list(seeds), agents)
    cli_ms = cli_user = cli_system = cli_engine = cli_ratio = cli_user_ratio = None
    if cli is not None and cli.rounds:  # side by side: the medians of the rounds
        rounds = cli.rounds
        cli_user = round(statistics.median(r[0] for r in rounds), 3)
        cli_system = round(statistics.median(r[1] for r in rounds), 3)
        cli_ms = round(statistics.median(r[0] + r[1] for r in rounds), 3)
        cli_engine = round(statistics.median(r[2] for r in rounds), 3)
        if all(r[2] > 0 for r in rounds):
            cli_ratio = round(statistics.median((r[0] + r[1]) / r[2] for r in rounds), 2)
            cli_user_ratio = round(statistics.median(r[0] / r[2] for r in rounds), 2)
    elif cli is not None:  # in turn: per game beyond the command's start-up (sgs sim -n 1)
        cli_user = round(_ms_beyond_first(cli.user, cli.one_user, games), 3)
        cli_system = round(_ms_beyond_first(cli.system, cli.one_system, games), 3)
        cli_ms = round(cli_user + cli_system, 3)
        cli_engine = engine_ms

        def over_engine(ms: float) -> float | None:
            return None if engine_ms <= 0 else round(ms / engine_ms, 2)

        cli_ratio, cli_user_ratio = over_engine(cli_ms), over_engine(cli_user)

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
        traced_peak_kib=_traced_peak(config, seed, agents),
        validate_peak_one_kib=peak_one, validate_peak_many_kib=peak_many,
        validate_peak_many_files=len(many), validate_held_kib=held,
        seek_decisions=max(seek_decisions, 0), seek_seconds=seek,
        seek_over_python_s=round(seek - python_s, 3) if seek_decisions > 0 else 0.0,
        engine_ms_per_game=engine_ms, cli_ms_per_game=cli_ms,
        cli_startup_s=None if cli is None else round(cli.one_user + cli.one_system, 3),
        cli_over_engine=cli_ratio, cli_user_ms_per_game=cli_user,
        cli_system_ms_per_game=cli_system, cli_user_over_engine=cli_user_ratio,
        cli_engine_ms_per_game=cli_engine,
        cli_rounds=[list(r) for r in cli.rounds] if cli is not None else [],
        clone_us=clone_kept, clone_plain_us=clone_plain, clone_games=clone_games,
        pickle_us=pickle_us, pickle_bytes=pickle_bytes,
    )


def run_bench(
    games: int = DEFAULT_GAMES,
    players: Sequence[int] | None = None,
    seed: int = 1,
    generals: str = "random",
    progress: Callable[[int], None] | None = None,
    *,
    agents: str = "random",
    pool: Sequence[str] | str | None = None,
    game: str = DEFAULT_GAME,
    options: Mapping[str, Any] | None = None,
    directory: str | None = None,
    runs: int = RUNS,
) -> BenchReport:
    """Benchmark ``games`` games (seeds ``seed``, ``seed+1``, ...) for each player count
    (None: the game's :func:`default_players`).

    ``progress`` is called with each player count as it finishes. The replays are written in a
    temporary folder made in ``directory`` (None: the system's temporary folder), and removed.
    ``runs``: the runs of each command timed, and of the engine beside ``sgs sim``'s (the least
    counts: more runs, steadier figures on a busy machine).
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if runs < 1:
        raise ValueError(f"runs must be at least 1, got {runs}")
    from ._accel import describe

    spec = _spec(game)
    if players is None:
        players = spec.bench_players
    configs = [game_config(game, n, generals, pool, options) for n in players]  # checked first

    t0 = time.perf_counter()
    python_s = python_startup(runs)
    sgs = sgs_command()
    version_s = command_cpu([*sgs, "--version"], runs)
    help_s = command_cpu([*sgs, "--help"], runs)
    rows = []
    with tempfile.TemporaryDirectory(prefix="sgs-bench-", dir=directory) as tmp:
        for n in players:
            rows.append(bench_players(n, games, seed, tmp, generals, python_s, runs=runs,
                                      agents=agents,
                                      pool=pool, game=game, options=options))
            if progress is not None:
                progress(n)
    return BenchReport(
        game=game, games=games, seed=seed, generals=generals, agents=agents,
        pool=spec.bench_pool(configs[0]) if configs else "", options=dict(options or {}),
        engine_version=str(spec.engine_version),
        python=sys.version.split()[0], core=describe(),
        seconds=round(time.perf_counter() - t0, 2), peak_rss_kib=peak_rss_kib(),
        directory=os.path.abspath(directory or tempfile.gettempdir()),
        startup_python_s=python_s, startup_version_s=version_s, startup_help_s=help_s,
        memory_note=(
            "peak_rss_kib: resource.getrusage(RUSAGE_SELF).ru_maxrss of the whole run; "
            "traced_peak_kib: tracemalloc peak while simulating one game, events kept; "
            "validate_peak_one_kib / validate_peak_many_kib: tracemalloc peak while validating "
            "the first replay / the first validate_peak_many_files replays one after another; "
            "validate_held_kib: traced memory still held after them"
        ),
        results=rows, runs=runs,
    )
