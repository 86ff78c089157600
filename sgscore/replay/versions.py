"""Format versions: which ones this reader reads, how an older file is brought to the current
layout, and the one-line refusal of every other (``docs/replay-format.md``, "Versions").

A file of the current version is read as it is. A file of an older version is read when a chain
of migrations leads from its version to the current one: :data:`MIGRATIONS` holds one per step,
version ``k`` to ``k + 1``, as two small functions on the decoded msgpack values (the header map,
and each record after it). The reader applies the chain as it reads, in memory, before any parser
sees a value, so the parsers, re-simulation and every tool only ever know the current layout; the
file itself is never changed. Any other version is refused at record 0 with a message that names
the versions this reader reads and what to do, never guessed at.

Version 1 is the first: nothing migrates yet. ``tests/replay/test_format_versions.py`` shows the
mechanism with a migration of a real older layout, registered for the test only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .records import FORMAT_VERSION

__all__ = [
    "Migration", "MIGRATIONS", "LAST_READERS", "VersionError", "Migrator", "readable",
    "readable_text", "migrator",
]


@dataclass(frozen=True)
class Migration:
    """From format version ``source`` to ``source + 1``.

    ``header`` takes the decoded header map of version ``source`` and returns the map of version
    ``source + 1`` (its ``version`` included); ``record`` does the same for any record after the
    header (an array, an integer or a map) and returns it unchanged when that record kind did not
    change. Both raise ``ValueError`` for a value they cannot convert; the reader reports it at
    that record. ``what`` says in a few words what changed, for the warning."""

    source: int
    header: Callable[[dict[str, Any]], dict[str, Any]]
    record: Callable[[Any], Any]
    what: str


MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[k]`` takes version ``k`` to ``k + 1``, for every older version this reader
reads. Changing the format version adds the entry for the version before it."""

LAST_READERS: dict[int, str] = {}
"""For a version that readers no longer migrate: the last sgscore release that reads it (the
refusal says to re-record the file with it)."""


class VersionError(ValueError):
    """A format version this reader does not read; the message is the one-line refusal."""


@dataclass(frozen=True)
class Migrator:
    """The chain of migrations from ``version`` to the current one, ready to apply."""

    version: int
    steps: tuple[Migration, ...]

    def header(self, raw: dict[str, Any]) -> dict[str, Any]:
        for step in self.steps:
            raw = step.header(raw)
        return raw

    def record(self, raw: Any) -> Any:
        for step in self.steps:
            raw = step.record(raw)
        return raw

    @property
    def warning(self) -> str:
        """What the reader warns once, at record 0."""
        what = "; ".join(step.what for step in self.steps)
        return (f"format version {self.version}, migrated in memory to version "
                f"{FORMAT_VERSION} ({what})")


def readable() -> range:
    """The format versions this reader reads: the current one and each older one that a chain
    of migrations leads from."""
    oldest = FORMAT_VERSION
    while oldest - 1 in MIGRATIONS:
        oldest -= 1
    return range(oldest, FORMAT_VERSION + 1)


def readable_text() -> str:
    """:func:`readable` in words: ``1``, or ``0 to 1``."""
    versions = readable()
    if len(versions) == 1:
        return str(versions[0])
    return f"{versions[0]} to {versions[-1]}"


def migrator(version: int) -> Migrator:
    """How to read a file of format ``version`` (not the current one): the chain of migrations
    to the current version. Raises :class:`VersionError` with the refusal when there is none."""
    if version < 0:
        raise VersionError(f"format version must be a non-negative integer, got {version}")
    if version > FORMAT_VERSION:
        raise VersionError(f"format version {version} is newer than this reader "
                           f"({FORMAT_VERSION}): upgrade sgscore")
    if version in readable():
        return Migrator(version, tuple(MIGRATIONS[k] for k in range(version, FORMAT_VERSION)))
    older = f"format version {version} is older than this reader reads ({readable_text()})"
    release = LAST_READERS.get(version)
    if release is not None:
        raise VersionError(f"{older}: re-record it with sgscore {release} "
                           "(sgs replay resim FILE -o NEW)")
    raise VersionError(f"{older}: no sgscore release wrote it, and none reads it")
