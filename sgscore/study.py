"""Studies: many seeded games of one setup, spread over processes or a Dask cluster, and their
results table.

A study is a batch of games that differ only in their seed (``sgs sim -n COUNT``). Each game
depends on its seed alone, so the games can be played anywhere, in any order, by any number of
workers: a worker plays a chunk of seeds into memory and sends back each replay's bytes; this
process writes every replay into the folder (atomically: beside its name, then moved into
place) and, at the end, the results table, one row per game sorted by seed. The files and the
table are therefore the same bytes whatever the number of workers or the backend (local
processes, or a Dask cluster whose workers need no access to the folder).

A game's row holds what its replay says: made from the game just played, with the values its
replay holds (not read back from the bytes just written), or read from a replay already there
(:func:`row_of_replay`, the same row), so a study interrupted part-way resumes by reading the
replays already written and playing only the others, and ``sgs stats`` builds the same table
from any folder of replays.

The table is written as CSV (always) and Parquet (with ``pyarrow``, the optional extra
``[stats]``); ``docs/studies.md`` describes its columns. This module knows games only through
their :class:`~sgscore.core.spec.GameSpec`.
"""

from __future__ import annotations

import contextlib
import csv
import importlib.util
import io
import json
import os
import signal
import tempfile
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Final, Literal

from .core.games import get_game, spec_for_config

if TYPE_CHECKING:
    from .core.spec import AnyGame
    from .replay.records import Header

__all__ = [
    "Batch", "COLUMNS", "StudyError", "StudyResult", "batch_of", "csv_value", "game_file",
    "play_games", "read_table", "resolve_workers", "row_of_replay", "rows_of_folder",
    "run_study", "write_table", "write_table_file", "TABLE_CSV", "TABLE_PARQUET", "have_pyarrow",
]

TABLE_CSV = "results.csv"
TABLE_PARQUET = "results.parquet"
WRITE_GAMES: Final = 64
WRITE_BYTES: Final = 1 << 20
WRITE_SECONDS: Final = 0.25
"""A study writes the replays of the games it has played together, as soon as there are
:data:`WRITE_GAMES` of them, or :data:`WRITE_BYTES`, or :data:`WRITE_SECONDS` have passed since
it last wrote (a study of slow agents writes each game as it ends): the engine's next
game runs slower after the kernel's work for a new file (the processor's caches and predictions
come back cold), so the files are made in a row (docs/studies.md "Running a study"). The time
read here paces the writes only; nothing written depends on it."""

Row = dict[str, Any]
Mode = Literal["new", "force", "resume"]

COLUMNS: tuple[tuple[str, str], ...] = (
    ("seed", "uint"), ("file", "str"), ("game", "str"), ("engine", "str"), ("config", "str"),
    ("players", "int"), ("agents", "strs"), ("generals", "strs"), ("roles", "strs"),
    ("winner", "str"), ("reason", "str"), ("turns", "int"), ("rounds", "int"),
    ("decisions", "int"), ("events", "int"), ("deaths", "int"), ("outcomes", "strs"),
    ("scores", "ints"), ("error", "str"), ("bytes", "int"), ("hash", "str"),
)
"""The table's columns and their kinds: ``uint`` (an unsigned 64-bit seed), ``int``, ``str``,
and one entry per seat, ``strs`` and ``ints``. Every column but ``seed``, ``file``, ``game``,
``config``, ``reason`` and ``bytes`` may be null (a game that does not give it)."""

NAMES = tuple(name for name, _ in COLUMNS)


class StudyError(Exception):
    """A study that cannot go on: a file in the way, a replay that cannot be read or written
    (the message names the file)."""


# ---------------------------------------------------------------------------- the batch
@dataclass(frozen=True)
class Batch:
    """What every game of a study shares, as plain data (it travels to the workers): the game
    id, its config as ``config_to_dict`` gives it, the agents (``record_game``'s names: one for
    every seat, one per seat, or a game's own form such as one per role) and whether the
    replays keep their events."""

    game: str
    config: dict[str, Any]
    agents: tuple[str, ...] = ("random",)
    events: bool = True


def batch_of(config: object, agents: str | Sequence[str] = "random", *,
             events: bool = True) -> Batch:
    """The :class:`Batch` of games with this config (any installed game's)."""
    spec = spec_for_config(config)
    names = (agents,) if isinstance(agents, str) else tuple(agents)
    return Batch(spec.id, spec.config_to_dict(config), names, events)


def game_file(seed: int) -> str:
    """The name of a game's replay in a study's folder."""
    return f"game-{seed}.mp"


def play_games(batch: Batch, seeds: Sequence[int]) -> list[tuple[int, bytes, Row]]:
    """Play the games of ``seeds`` and return each one's seed, replay bytes and row (what a
    worker does; it writes nothing). Raises :class:`~sgscore.core.spec.ConfigError` for agents
    that do not fit the game."""
    return list(_played(batch, seeds))


def _played(batch: Batch, seeds: Iterable[int]) -> Iterator[tuple[int, bytes, Row]]:
    """:func:`play_games`, a game at a time. A game's row is made from the game itself, with
    the values its replay holds (the same row :func:`row_of_replay` reads from the file), so
    the bytes just written are not read again."""
    from .replay.writer import Recorder

    spec = get_game(batch.game)
    if spec is None:
        raise StudyError(f"the game {batch.game!r} is not installed here")
    recorder = Recorder(spec.config_from_dict(batch.config), events=batch.events,
                        agents=list(batch.agents))
    players = -1  # the seats of the header's config: the same for every game of the batch
    config_json = ""  # and its JSON column
    for seed in seeds:
        buf = io.BytesIO()
        done = recorder.record(seed, buf)
        h = done.header
        assert h is not None
        if players < 0:
            players = spec.seats(spec.full_config(h.config))
            config_json = _config_json(h.config)
        err = done.error
        error = None if err is None else f"{err.kind}: {err.message}"
        yield seed, buf.getvalue(), _columns(spec, h, players, done.summary, err is None,
                                              done.records - 1, error, done.decisions,
                                              done.bytes, game_file(seed), config_json)


# ---------------------------------------------------------------------------- rows
def _strs(value: Any) -> list[str | None] | None:
    """Per-seat text (a general, a role), None for a seat without one."""
    if not isinstance(value, list):
        return None
    return [None if v is None else str(v) for v in value]


def _ints(value: Any) -> list[int] | None:
    """Per-seat integers (scores), or None unless every entry is one."""
    if isinstance(value, list) and all(type(v) is int for v in value):
        return list(value)
    return None


def _row(src: str | bytes, name: str, validate: bool = False) -> Row:
    """The row of one replay (its path, read as it streams, or its bytes; ``name``: its file
    name). Raises :class:`~sgscore.replay.errors.ReplayError` for a file that cannot be read, of
    a game not installed here, or whose config or end record no engine of its game writes
    (naming the record): the game's :meth:`~sgscore.core.spec.GameSpec.summary_problems`.

    The end record is read, not re-simulated (a study reads thousands): a well-formed summary
    that is not the game's (a winner changed to another that the roles and the living allow)
    is counted as written. ``validate`` re-simulates the replay first, checking every record as
    ``sgs replay validate`` does, and takes the summary from the re-simulation."""
    from .replay.errors import ReplayError
    from .replay.resim import spec_of
    from .replay.scan import scan_replay

    scan = scan_replay(src, check=validate)
    h = scan.header
    spec = spec_of(h)  # a game not installed here is refused, as the replay commands refuse it
    summary: Mapping[str, Any] = scan.summary or {}
    try:
        players = spec.seats(spec.full_config(h.config))
        config = spec.config_from_dict(spec.full_config(h.config))
    except Exception as e:  # a game's own config errors: ConfigError, ValueError, ...
        raise ReplayError(0, f"config: {e}") from None
    finished = scan.end is not None and scan.error is None
    end = scan.records - 1
    if scan.end is not None:
        for key in ("roles", "generals", "alive", "scores"):
            value = summary.get(key)
            if key in summary and (not isinstance(value, list) or len(value) != players):
                got = f"{len(value)} entries" if isinstance(value, list) else "not a list"
                raise ReplayError(end, f"end: {key}: {got} for {players} seats")
        try:
            problems = spec.summary_problems(config, summary)
        except Exception as e:  # a game's own code on a summary it did not write
            raise ReplayError(end, f"end: the game cannot read it ({type(e).__name__}: {e})"
                              ) from None
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise ReplayError(end, f"end: not a summary the game writes: {problems[0]}{more}")
    error = None
    if scan.error is not None:
        error = f"{scan.error.kind}: {scan.error.msg}"
    elif scan.end is None:
        error = f"truncated: {scan.truncation or 'no end record'}"
    return _columns(spec, h, players, summary, finished, end, error, scan.decisions, scan.bytes,
                    name)


def _config_json(config: Mapping[str, Any]) -> str:
    """The ``config`` column: the header's config as JSON, keys sorted."""
    return json.dumps(config, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _columns(spec: AnyGame, h: Header, players: int, summary: Mapping[str, Any],
             finished: bool, end: int, error: str | None, decisions: int, size: int,
             name: str, config_json: str | None = None) -> Row:
    """A row's values, from a replay's header and summary (plain values, as the file holds
    them; ``finished``: an end record and no error), wherever they come from: read from the
    file (:func:`_row`) or from the game that was just played (:func:`play_games`). What the
    game says of each seat's outcome and score is checked (``ReplayError`` at ``end``).
    ``config_json``: the config column, when the caller has it (a batch's games share it)."""
    from .replay.errors import ReplayError

    agents = [h.agents] * players if isinstance(h.agents, str) else list(h.agents)
    alive = summary.get("alive")
    roles = _strs(summary.get("roles"))
    outcomes = scores = None
    if finished:
        try:
            outcomes = spec.outcomes(summary)
            scores = spec.scores(summary)
        except Exception as e:  # a game's own code on a summary it did not write
            raise ReplayError(end, f"end: the game cannot read it ({type(e).__name__}: {e})"
                              ) from None
        if outcomes is not None and (
                not isinstance(outcomes, list) or len(outcomes) != players
                or not all(o in _OUTCOMES for o in outcomes)):
            raise ReplayError(end, "end: the game gives no outcome for each seat")
        if "scores" in summary and _ints(scores) is None:
            raise ReplayError(end, "end: scores: expected an integer for each seat")
    return {
        "seed": h.seed, "file": name, "game": h.game, "engine": h.engine,
        "config": _config_json(h.config) if config_json is None else config_json,
        "players": players, "agents": agents,
        "generals": _strs(summary.get("generals")), "roles": roles,
        "winner": summary.get("winner") if isinstance(summary.get("winner"), str) else None,
        "reason": str(summary.get("reason", "")),
        "turns": _int(summary.get("turns")), "rounds": _int(summary.get("rounds")),
        "decisions": _int(summary.get("decisions", decisions)),
        "events": _int(summary.get("events")),
        "deaths": sum(1 for a in alive if a is False) if isinstance(alive, list) else None,
        "outcomes": list(outcomes) if outcomes is not None else None,
        "scores": _ints(scores), "error": error, "bytes": size,
        "hash": summary.get("hash") if isinstance(summary.get("hash"), str) else None,
    }


_OUTCOMES = ("win", "loss", "draw")


def _int(v: Any) -> int | None:
    return v if type(v) is int else None


def row_of_replay(path: str, validate: bool = False) -> Row:
    """The row of the replay at ``path``, read as it streams, within the reader's limits, as
    the replay commands read it: :class:`StudyError` (one line naming the file and the record)
    when it cannot be read, or when its config or end record is not one its game writes.
    ``validate``: re-simulated and checked first, as ``sgs replay validate`` does (the
    :class:`StudyError` of a replay that does not hold names its record)."""
    from .replay.errors import ReplayError

    try:
        return _row(path, os.path.basename(path), validate)
    except ReplayError as e:
        raise StudyError(f"{path}: {e}") from None
    except OSError as e:
        raise StudyError(f"{path}: cannot read ({e.strerror or e})") from None


def _rows_of_files(paths: Sequence[str], validate: bool = False) -> list[Row]:
    return [row_of_replay(p, validate) for p in paths]


def rows_of_folder(folder: str, *, workers: int = 1,
                   on_row: Callable[[Row], None] | None = None,
                   validate: bool = False) -> list[Row]:
    """The rows of every replay (``*.mp``) in ``folder``, sorted by seed then file name;
    ``workers`` processes read them (``validate``: re-simulating each, see
    :func:`row_of_replay`)."""
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".mp"))
    except OSError as e:
        raise StudyError(f"{folder}: cannot read the folder ({e.strerror or e})") from None
    paths = [os.path.join(folder, n) for n in names]
    rows: list[Row] = []
    for chunk in _local_map(_rows_of_files, [(c, validate) for c in _chunks(paths, workers)],
                            workers):
        for row in chunk:
            rows.append(row)
            if on_row is not None:
                on_row(row)
    rows.sort(key=lambda r: (r["seed"], r["file"]))
    return rows


# ---------------------------------------------------------------------------- running
@dataclass
class StudyResult:
    """What :func:`run_study` did: every game's row (sorted by seed), how many were played now
    and how many were already there (``--resume``), and the tables written."""

    rows: list[Row]
    played: int
    reused: int
    tables: list[str]


def resolve_workers(value: str | int) -> int:
    """``auto`` (the CPUs this process may use) or a positive count."""
    if value == "auto":
        try:
            return max(1, len(os.sched_getaffinity(0)))
        except AttributeError:  # not on Linux
            return max(1, os.cpu_count() or 1)
    n = int(value)
    if n < 1:
        raise ValueError(f"workers: expected a positive count or 'auto', got {value!r}")
    return n


def _chunks(items: Sequence[Any], workers: int, most: int = 64) -> list[list[Any]]:
    """Consecutive chunks, small enough that every worker gets several (a steady progress bar
    and a fair share at the end), large enough to be worth sending."""
    size = max(1, min(most, len(items) // max(1, workers * 4)))
    return [list(items[i:i + size]) for i in range(0, len(items), size)]


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the process that started it, which stops them all."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _local_map(fn: Callable[..., Any], args: Sequence[tuple[Any, ...]],
               workers: int) -> Generator[Any, None, None]:
    """``fn(*a)`` for each of ``args``, in order: here with one worker, else in a pool of
    processes (the platform's start method; each result depends only on its arguments)."""
    if workers <= 1 or len(args) <= 1:
        for a in args:
            yield fn(*a)
        return
    import multiprocessing  # here: a study on one process does without it

    pool = multiprocessing.get_context().Pool(min(workers, len(args)), _quiet_worker)
    try:
        yield from pool.imap(_Call(fn), args)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


@dataclass(frozen=True)
class _Call:
    """``fn(*args)``, picklable (a pool sends it to every worker)."""

    fn: Callable[..., Any]

    def __call__(self, args: tuple[Any, ...]) -> Any:
        return self.fn(*args)


def _dask_map(fn: Callable[..., Any], args: Sequence[tuple[Any, ...]], workers: int,
              address: str | None) -> Iterator[Any]:
    """As :func:`_local_map`, on a Dask cluster: the one at ``address``, or a local one of
    ``workers`` processes. A few chunks per worker are in flight at a time, and results come
    back in order."""
    try:
        distributed = import_module("distributed")
    except ImportError:
        raise StudyError("the Dask backend needs the 'cluster' extra: pip install "
                         "'sgscore[cluster]' (dask and distributed)") from None
    with contextlib.ExitStack() as stack:
        if address:
            try:
                client = stack.enter_context(distributed.Client(address, set_as_default=False))
            except OSError as e:
                raise StudyError(f"cannot reach the Dask scheduler at {address} ({e})") from None
        else:
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None))
            client = stack.enter_context(distributed.Client(cluster, set_as_default=False))
        ahead = 4 * max(1, len(client.scheduler_info().get("workers", {})) or workers)
        pending: deque[Any] = deque()
        todo = iter(args)
        for a in todo:
            pending.append(client.submit(fn, *a, pure=False))
            if len(pending) >= ahead:
                break
        while pending:
            result = pending.popleft().result()
            for a in todo:
                pending.append(client.submit(fn, *a, pure=False))
                break
            yield result


def _write_file(path: str, data: bytes, overwrite: bool) -> None:
    """Write ``data`` at ``path`` atomically: beside it, then moved into place (refusing a file
    that is there, unless ``overwrite``)."""
    from .replay.writer import atomic_write

    try:
        atomic_write(path, data, overwrite=overwrite)
    except FileExistsError:
        raise StudyError(f"{path}: a replay is there already (--force replaces it)") from None
    except OSError as e:
        raise StudyError(f"{path}: cannot write ({e.strerror or e})") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _same_batch(row: Row, batch: Batch, header_config: str) -> str | None:
    """Why a replay already in the folder is not one of this batch's, or None."""
    if row["game"] != batch.game:
        return f"another game ({row['game']})"
    if row["config"] != header_config:
        return f"another config ({row['config']})"
    names = list(batch.agents)
    if not any("=" in n for n in names):  # one name per seat, or one for all
        wanted = names * (row["players"] or 1) if len(names) == 1 else names
        if row["agents"] != wanted:
            return f"other agents ({' '.join(row['agents'])})"
    return None


def _header_config(batch: Batch) -> str:
    from .core.telling import plain

    spec = get_game(batch.game)
    assert spec is not None
    config = plain(spec.header_config(spec.config_from_dict(batch.config)))
    return json.dumps(config, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _existing(folder: str, seeds: Sequence[int], mode: Mode, batch: Batch,
              workers: int) -> dict[int, Row]:
    """The finished games of this batch already in the folder (``resume``); refuses a replay
    in the way (``new``) or one of another batch (``resume``)."""
    try:
        names = set(os.listdir(folder))  # one read of the folder, not a look per seed
    except OSError as e:
        raise StudyError(f"{folder}: cannot read the folder ({e.strerror or e})") from None
    there = [s for s in seeds if game_file(s) in names]
    if not there or mode == "force":
        return {}
    if mode == "new":
        raise StudyError(f"{os.path.join(folder, game_file(there[0]))}: a replay is there "
                         "already (--force replaces it)")
    wanted = _header_config(batch)
    paths = [os.path.join(folder, game_file(s)) for s in there]
    done: dict[int, Row] = {}
    for chunk in _local_map(_rows_of_files, [(c,) for c in _chunks(paths, workers)], workers):
        for row in chunk:
            path = os.path.join(folder, row["file"])
            why = _same_batch(row, batch, wanted)
            if why is not None:
                raise StudyError(f"{path}: not a game of this study: {why} (--force replaces "
                                 "it)")
            if row["error"] is None or not row["error"].startswith("truncated"):
                done[row["seed"]] = row
    return done


def run_study(
    batch: Batch,
    first_seed: int,
    count: int,
    folder: str,
    *,
    workers: int = 1,
    backend: Literal["process", "dask"] = "process",
    cluster: str | None = None,
    mode: Mode = "new",
    tables: bool = True,
    on_game: Callable[[Row, bool], None] | None = None,
) -> StudyResult:
    """Play the games of seeds ``first_seed .. first_seed + count - 1`` of ``batch`` into
    ``folder`` (``game-SEED.mp`` each), then write the results table there (``tables``).

    ``workers``: how many processes play (1: this one); ``backend="dask"`` plays on a Dask
    cluster instead: the scheduler at ``cluster``, or a local cluster of ``workers`` processes.
    ``mode``: ``new`` refuses a replay already in the folder (:class:`StudyError`), ``force``
    replaces it, ``resume`` keeps the finished games of this batch that are there and plays
    the rest (a replay of another batch is refused). ``on_game(row, played)`` is called for
    every game, in seed order, as its replay is written (or found, ``played`` False).
    """
    seeds = range(first_seed, first_seed + count)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        raise StudyError(f"{folder}: cannot make the folder ({e.strerror or e})") from None
    done = _existing(folder, seeds, mode, batch, workers)
    todo = [s for s in seeds if s not in done]
    chunks = [(batch, c) for c in _chunks(todo, workers)]
    results: Iterable[Iterable[tuple[int, bytes, Row]]]
    if backend == "dask":
        results = _dask_map(play_games, chunks, workers, cluster)
    elif workers <= 1:  # here: a game at a time, nothing to send
        results = ([game] for game in _played(batch, todo))
    else:
        results = _local_map(play_games, chunks, workers)
    rows: list[Row] = []
    pending = deque(seeds)

    def flush_done(up_to: int | None) -> None:
        while pending and pending[0] in done and (up_to is None or pending[0] < up_to):
            row = done[pending.popleft()]
            rows.append(row)
            if on_game is not None:
                on_game(row, False)

    def write(seed: int, data: bytes, row: Row) -> None:
        flush_done(seed)
        _write_file(os.path.join(folder, game_file(seed)), data, mode != "new")
        pending.popleft()
        rows.append(row)
        if on_game is not None:
            on_game(row, True)

    held = _Held(write)
    try:
        for chunk in results:
            for game in chunk:
                held.add(game)
    except BaseException:  # (Ctrl-C, a worker's error): the games played are kept all the same
        held.rescue()
        raise
    held.flush()
    flush_done(None)
    written = write_table(rows, folder) if tables else []
    return StudyResult(rows, len(todo), len(done), written)


class _Held:
    """The games a study has played, held until their replays are written together
    (:data:`WRITE_GAMES`): ``write(seed, data, row)`` writes one. A game that ends
    :data:`WRITE_SECONDS` or more after the last writing is written at once, with those held."""

    def __init__(self, write: Callable[[int, bytes, Row], None]) -> None:
        self.write = write
        self.games: deque[tuple[int, bytes, Row]] = deque()
        self.bytes = 0
        self.since = time.monotonic()  # when the games were last written (or the study began)
        self.broken = False  # a write failed: the rest are not tried again

    def add(self, game: tuple[int, bytes, Row]) -> None:
        self.games.append(game)
        self.bytes += len(game[1])
        if (len(self.games) >= WRITE_GAMES or self.bytes >= WRITE_BYTES
                or time.monotonic() - self.since >= WRITE_SECONDS):
            self.flush()

    def flush(self) -> None:
        """Write the games held, in the order they were played."""
        try:
            while self.games:
                self.write(*self.games.popleft())
        except BaseException:
            self.broken = True
            raise
        self.bytes = 0
        self.since = time.monotonic()

    def rescue(self) -> None:
        """Write the games held when the study stops on an error, unless writing was it."""
        if not self.broken:
            self.flush()


# ---------------------------------------------------------------------------- tables
def have_pyarrow() -> bool:
    """Whether ``pyarrow`` (the ``[stats]`` extra) is installed, for Parquet tables: found, not
    imported (importing it takes longer than playing a hundred games)."""
    try:
        return importlib.util.find_spec("pyarrow") is not None
    except (ImportError, ValueError):  # a module put in its place without a spec
        return False


def csv_value(kind: str, value: Any) -> str:
    """A cell of the CSV table: empty for null, per-seat entries separated by spaces (``-`` for
    a seat without one)."""
    if value is None:
        return ""
    if kind in ("strs", "ints"):
        return " ".join("-" if v is None else str(v) for v in value)
    return str(value)


def _from_csv(kind: str, text: str, where: str) -> Any:
    if kind == "str":
        return text or None
    if text == "":
        return None
    try:
        if kind in ("int", "uint"):
            return int(text)
        if kind == "ints":
            return [None if v == "-" else int(v) for v in text.split(" ")]
    except ValueError:
        raise StudyError(f"{where}: expected {'integers' if kind == 'ints' else 'an integer'}, "
                         f"got {text[:40]!r}") from None
    return [None if v == "-" else v for v in text.split(" ")]


def _write_atomically(path: str, write: Callable[[str], None]) -> None:
    folder, name = os.path.split(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".partial", dir=folder or ".")
    os.close(fd)
    try:
        write(tmp)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _write_csv(rows: Sequence[Row], path: str) -> None:
    # CSV as the csv module writes it with lineterminator "\n" (RFC 4180 quoting: a cell with a
    # comma, a quote or a line break is quoted, its quotes doubled): a row is a join of its
    # cells, each checked with four searches; the csv module tests each character of each cell
    # against the line terminator with a call (a study's rows, the config column's JSON above
    # all, cost it more than the rest of the table). A cell met before (the config, an agent's
    # name) is looked up.
    quoted: dict[str, str] = {}

    def cell(text: str) -> str:
        if "," in text or '"' in text or "\n" in text or "\r" in text:
            q = quoted.get(text)
            if q is None:
                q = quoted[text] = '"' + text.replace('"', '""') + '"'
            return q
        return text

    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(",".join(cell(n) for n in NAMES) + "\n")
        for row in rows:
            f.write(",".join([cell(csv_value(kind, row[name])) for name, kind in COLUMNS]))
            f.write("\n")


def _arrow_schema(pa: Any) -> Any:
    types = {"uint": pa.uint64(), "int": pa.int64(), "str": pa.string(),
             "strs": pa.list_(pa.string()), "ints": pa.list_(pa.int64())}
    return pa.schema([pa.field(name, types[kind]) for name, kind in COLUMNS])


def _write_parquet(rows: Sequence[Row], path: str) -> None:
    pa: Any = import_module("pyarrow")
    pq: Any = import_module("pyarrow.parquet")
    schema = _arrow_schema(pa)
    table = pa.table({name: [row[name] for row in rows] for name in NAMES}, schema=schema)
    pq.write_table(table, path)


def write_table(rows: Sequence[Row], folder: str, *, csv_name: str = TABLE_CSV,
                parquet_name: str | None = TABLE_PARQUET) -> list[str]:
    """Write the rows as ``results.csv`` and, with ``pyarrow``, ``results.parquet`` in
    ``folder`` (each atomically); returns the paths written."""
    written = []
    try:
        path = os.path.join(folder, csv_name)
        _write_atomically(path, lambda p: _write_csv(rows, p))
        written.append(path)
        if parquet_name is not None and have_pyarrow():
            path = os.path.join(folder, parquet_name)
            _write_atomically(path, lambda p: _write_parquet(rows, p))
            written.append(path)
    except OSError as e:
        raise StudyError(f"{path}: cannot write ({e.strerror or e})") from None
    return written


def write_table_file(rows: Sequence[Row], path: str) -> None:
    """Write the rows to one file, Parquet if its name ends in ``.parquet``, else CSV."""
    try:
        if path.endswith(".parquet"):
            if not have_pyarrow():
                raise StudyError(f"{path}: a Parquet table needs pyarrow: pip install "
                                 "'sgscore[stats]'")
            _write_atomically(path, lambda p: _write_parquet(rows, p))
        else:
            _write_atomically(path, lambda p: _write_csv(rows, p))
    except OSError as e:
        raise StudyError(f"{path}: cannot write ({e.strerror or e})") from None


def read_table(path: str) -> list[Row]:
    """The rows of a table this module wrote (``.parquet`` or CSV), with their types."""
    try:
        if path.endswith(".parquet"):
            return _read_parquet(path)
        with open(path, encoding="utf-8", newline="") as f:
            return _read_csv(f, path)
    except OSError as e:
        raise StudyError(f"{path}: cannot read ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise StudyError(f"{path}: not a results table (not UTF-8 text)") from None


def _read_csv(f: Iterable[str], path: str) -> list[Row]:
    reader = csv.reader(f)
    head = next(reader, None)
    if head is None or tuple(head) != NAMES:
        missing = [n for n in NAMES if head is None or n not in head]
        raise StudyError(f"{path}: line 1: not a results table (missing columns: "
                         f"{', '.join(missing[:5]) or 'none; other order'})")
    rows = []
    for line, cells in enumerate(reader, start=2):
        if len(cells) != len(COLUMNS):
            raise StudyError(f"{path}: line {line}: {len(cells)} cells, expected "
                             f"{len(COLUMNS)}")
        row = {name: _from_csv(kind, cell, f"{path}: line {line}: {name}")
               for (name, kind), cell in zip(COLUMNS, cells, strict=True)}
        _check_row(row, f"{path}: line {line}")
        rows.append(row)
    return rows


def _kind_problem(kind: str, value: Any) -> str | None:
    """Why ``value`` is not a cell of this kind (None: it is, or it is null)."""
    if value is None:
        return None
    if kind in ("int", "uint"):
        if type(value) is not int:
            return "expected an integer"
        if kind == "uint" and not 0 <= value < 1 << 64:
            return "expected an integer 0..2**64-1"
        return None
    if kind == "str":
        return None if type(value) is str else "expected text"
    entry = int if kind == "ints" else str
    if type(value) is not list or not all(v is None or type(v) is entry for v in value):
        return f"expected a list of {'integers' if kind == 'ints' else 'texts'}"
    return None


_PER_SEAT: Final = ("generals", "roles", "outcomes", "scores")
"""Per-seat columns that have one entry per seat whenever they are given (``agents`` may hold
a game's own form, such as one per role)."""


def _check_row(row: Row, where: str) -> None:
    """Refuse a row that no study writes: a value of the wrong kind, a seat column whose length
    is not the number of players, an outcome other than win, loss or draw."""
    for name, kind in COLUMNS:
        problem = _kind_problem(kind, row[name])
        if problem is not None:
            raise StudyError(f"{where}: {name}: {problem}")
    if row["seed"] is None:
        raise StudyError(f"{where}: seed: missing")
    players = row["players"]
    for name in _PER_SEAT:
        value = row[name]
        if value is not None and players is not None and len(value) != players:
            raise StudyError(f"{where}: {name}: {len(value)} entries for {players} players")
    outcomes = row["outcomes"] or []
    if any(o not in (None, "win", "loss", "draw") for o in outcomes):
        raise StudyError(f"{where}: outcomes: expected win, loss or draw for each seat")


def _read_parquet(path: str) -> list[Row]:
    try:
        pq: Any = import_module("pyarrow.parquet")
    except ImportError:
        raise StudyError(f"{path}: reading Parquet needs pyarrow: pip install "
                         "'sgscore[stats]' (or give the CSV table)") from None
    try:
        table = pq.read_table(path)
    except Exception as e:  # pyarrow's own errors: ArrowInvalid, ...
        raise StudyError(f"{path}: not a Parquet file ({str(e).splitlines()[0][:100]})") from None
    missing = [n for n in NAMES if n not in table.column_names]
    if missing:
        raise StudyError(f"{path}: not a results table (missing columns: "
                         f"{', '.join(missing[:5])})")
    rows: list[Row] = table.select(list(NAMES)).to_pylist()
    for i, row in enumerate(rows):
        _check_row(row, f"{path}: row {i + 1}")
    return rows
