"""The same study on a Dask cluster (a local one of two worker processes, as a real cluster
would run it): the same replays and table as one local process."""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import main

pytest.importorskip("distributed", reason="the Dask backend needs the 'cluster' extra "
                    "(dask, distributed)")

SIM = ["sim", "--players", "5", "--generals", "random", "--seed", "50", "-n", "30"]


def sgs(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


def checksums(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    distributed: Any = importlib.import_module("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        yield str(cluster.scheduler_address)


def test_a_dask_cluster_writes_the_same_files(scheduler: str, tmp_path: Path) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    code1, out1, _ = sgs(*SIM, "-o", str(here))
    code2, out2, _ = sgs(*SIM, "-o", str(there), "--cluster", scheduler)
    assert code1 == code2 == 0
    assert checksums(here) == checksums(there)
    assert out1.replace(str(here), "F") == out2.replace(str(there), "F")


def test_a_scheduler_that_is_not_there_is_one_line(tmp_path: Path) -> None:
    dask: Any = importlib.import_module("dask")
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        code, _, err = sgs(*SIM[:-1], "2", "-o", str(tmp_path), "--cluster", "tcp://127.0.0.1:9")
    assert code == 1 and err.startswith("error: cannot reach the Dask scheduler at "
                                        "tcp://127.0.0.1:9") and len(err.splitlines()) == 1
