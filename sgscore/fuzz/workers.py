"""Worker processes: each runs tasks (case or game numbers) one at a time; one that gives no answer
in time is killed and replaced, its task reported as a hang, and one that dies as a crash."""

from __future__ import annotations

import contextlib
import multiprocessing
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Protocol


class _Runner(Protocol):
    """What a worker runs its tasks with (a replay case's, a game's), made in the worker."""

    def __call__(self, task: int) -> dict[str, Any]: ...

    def close(self) -> None: ...


def _limit_memory() -> None:
    """A worker may not take more than 4 GiB of address space: a runaway case then fails with
    ``MemoryError`` instead of taking the machine's memory."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = 4 << 30
        if hard == resource.RLIM_INFINITY or hard > limit:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, ValueError, OSError):
        pass


Job = Callable[[dict[str, Any]], _Runner]
"""What makes a worker's runner from the pool's parameters (a runner class)."""


def _work(conn: Connection, job: Job, params: dict[str, Any]) -> None:
    """A worker process: run the tasks it is sent with a ``job`` made from ``params``, one at a
    time, until told to stop."""
    _limit_memory()
    runner = job(params)
    try:
        while True:
            task = conn.recv()
            if task is None:
                return
            result = runner(task)
            conn.send(result)
            if result.get("recycle"):
                return
    except (EOFError, KeyboardInterrupt):
        return
    finally:
        runner.close()


@dataclass
class _Worker:
    process: Any
    conn: Connection
    task: int | None = None
    started: float = 0.0


class _Pool:
    """``jobs`` worker processes that run tasks (numbers) one at a time each, with the runner
    ``job`` makes of ``params`` in each. A worker that gives no answer within ``timeout`` seconds
    is killed and replaced, its task reported by ``lost`` as a hang; one that dies is replaced,
    its task reported as a crash."""

    def __init__(self, jobs: int, job: Job, params: dict[str, Any], timeout: float,
                 lost: Callable[[int, str], dict[str, Any]]) -> None:
        methods = multiprocessing.get_all_start_methods()
        self.mp: Any = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self.jobs = max(1, jobs)
        self.job = job
        self.params = params
        self.timeout = timeout
        self.lost = lost
        self.workers: list[_Worker] = []

    def _start(self) -> _Worker:
        ours, theirs = self.mp.Pipe()
        process = self.mp.Process(target=_work, args=(theirs, self.job, self.params),
                                  daemon=True)
        process.start()
        theirs.close()
        return _Worker(process, ours)

    def _replace(self, w: _Worker, kill: bool) -> None:
        if kill:
            w.process.kill()
        w.process.join(5)
        w.conn.close()
        self.workers[self.workers.index(w)] = self._start()

    def run(self, tasks: Iterable[int]) -> Iterator[dict[str, Any]]:
        """The results of ``tasks``, as they come."""
        todo = iter(tasks)
        self.workers = [self._start() for _ in range(self.jobs)]
        try:
            more = True
            while True:
                for w in self.workers:
                    if w.task is None and more:
                        task = next(todo, None)
                        more = task is not None
                        if task is not None:
                            w.conn.send(task)
                            w.task, w.started = task, time.monotonic()
                busy = [w for w in self.workers if w.task is not None]
                if not busy:
                    return
                yield from self._collect(busy)
        finally:
            for w in self.workers:
                if w.task is None:
                    with contextlib.suppress(OSError):
                        w.conn.send(None)  # done: it cleans up after itself
                    w.process.join(2)
                w.process.kill()
                w.process.join(5)

    def _collect(self, busy: list[_Worker]) -> Iterator[dict[str, Any]]:
        now = time.monotonic()
        left = min(w.started + self.timeout for w in busy) - now
        ready = wait([w.conn for w in busy], timeout=max(left, 0.0))
        for w in busy:
            task = w.task
            assert task is not None
            if w.conn in ready:
                try:
                    result = w.conn.recv()
                except (EOFError, OSError):
                    w.process.join(5)
                    yield self.lost(task, f"worker died (exit code {w.process.exitcode})")
                    self._replace(w, kill=True)
                    continue
                w.task = None
                yield result
                if result.get("recycle"):
                    self._replace(w, kill=False)
            elif time.monotonic() - w.started > self.timeout:
                yield self.lost(task, f"hang (no answer in {self.timeout:g} s)")
                self._replace(w, kill=True)
