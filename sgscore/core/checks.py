"""A development check for rule procedures: every procedure created must be driven.

A rule procedure is a generator function; calling one without ``yield from`` creates the generator
and drops it, so the rule silently never happens (``discard(g, p, cards)`` instead of ``yield from
discard(g, p, cards)``). With the environment variable ``SGSCORE_CHECK_PROCEDURES=1`` set before
``sgscore`` is imported, :func:`procedure` wraps each procedure so that one dropped without ever
being started is recorded in :data:`UNDRIVEN` (the project's tests set it and fail a test that
leaves one). Without it, :func:`procedure` returns the function itself and costs nothing.

The procedures of content are watched where they are registered (:func:`watch_hooks`: a skill's
``trigger``, ``play`` and ``respond``, a card type's ``effect`` and ``judged``, a variant's
hooks, a dice skill's); every other procedure is marked ``@procedure``
(``tests/rules/test_procedures.py`` finds one that is neither).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

__all__ = ["CHECK_PROCEDURES", "UNDRIVEN", "procedure", "watch_hooks", "Watched"]

CHECK_PROCEDURES = os.environ.get("SGSCORE_CHECK_PROCEDURES", "") not in ("", "0")
"""Whether procedures are watched (read once, when this module is imported)."""

UNDRIVEN: list[str] = []
"""``module.function`` of every watched procedure that was dropped without being started."""

P = ParamSpec("P")
R = TypeVar("R")


class Watched:
    """A procedure's generator, remembering whether anything ever drove it."""

    __slots__ = ("gen", "where", "started")

    def __init__(self, gen: Generator[Any, Any, Any], where: str) -> None:
        self.gen = gen
        self.where = where
        self.started = False

    def __iter__(self) -> Watched:
        return self

    def __next__(self) -> Any:
        self.started = True
        return next(self.gen)

    def send(self, value: Any) -> Any:
        self.started = True
        return self.gen.send(value)

    def throw(self, *args: Any) -> Any:
        self.started = True
        return self.gen.throw(*args)

    def close(self) -> None:
        self.started = True
        self.gen.close()

    def __del__(self) -> None:
        if not getattr(self, "started", True):  # half made (interrupted in __init__): not a bug
            UNDRIVEN.append(self.where)


def procedure(fn: Callable[P, R]) -> Callable[P, R]:
    """Mark ``fn`` as a rule procedure (a generator function). Watched when
    :data:`CHECK_PROCEDURES` is on; otherwise ``fn`` itself."""
    if not CHECK_PROCEDURES or getattr(fn, "__watched__", False):
        return fn  # (a procedure both marked and watched by its registration: wrapped once)
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", "?")  # compiled: no qualname
    where = f"{getattr(fn, '__module__', '?')}.{name}"

    @wraps(fn)
    def watched(*args: P.args, **kwargs: P.kwargs) -> R:
        gen = fn(*args, **kwargs)
        if isinstance(gen, Generator):
            return Watched(gen, where)  # type: ignore[return-value]
        return gen

    watched.__watched__ = True  # type: ignore[attr-defined]
    return watched


def watch_hooks(cls: type, names: Iterable[str]) -> None:
    """Watch the procedures among a registered class's hooks ``names`` (a skill's, a variant's):
    in check mode each becomes :func:`procedure` of itself, inherited ones too; otherwise
    nothing happens."""
    if not CHECK_PROCEDURES:
        return
    for name in names:
        fn = getattr(cls, name, None)
        if fn is not None and not getattr(fn, "__watched__", False):
            setattr(cls, name, procedure(fn))
