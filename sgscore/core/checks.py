"""A development check for rule procedures: every procedure created must be driven.

A rule procedure is a generator function; calling one without ``yield from`` creates the generator
and drops it, so the rule silently never happens (``discard(g, p, cards)`` instead of ``yield from
discard(g, p, cards)``). With the environment variable ``SGSCORE_CHECK_PROCEDURES=1`` set before
``sgscore`` is imported, each procedure is wrapped so that one dropped without ever being started
is recorded in :data:`UNDRIVEN` (the project's tests set it and fail a test that leaves one).
Without it, nothing is wrapped and the check costs nothing.

What is watched:

- every module-level function annotated ``-> Proc`` of the modules a game package imports with
  itself: :func:`watch_procedures`, which each game's package calls last, wraps them wherever a
  module of sgscore holds them. The rules carry no decorator, so that the compiled core calls
  them directly (a decorated function is a module global the compiled code looks up and calls
  through Python at every call); their calls from compiled code are watched when the pure-Python
  core runs (``SGSCORE_PURE=1``, which CI runs the tests on, and which an editable install runs
  as soon as a compiled module is edited), their calls from Python code always;
- the hooks of content, where content is registered (:func:`watch_hooks`: a skill's
  ``trigger``, ``play`` and ``respond``, a card type's ``effect`` and ``judged``, a variant's
  hooks, a dice skill's);
- any other procedure marked ``@procedure`` (a method that is no hook, a module imported later).

``tests/rules/test_procedures.py`` finds a procedure that is none of these.
"""

from __future__ import annotations

import ast
import os
import sys
from collections.abc import Callable, Generator, Iterable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

__all__ = [
    "CHECK_PROCEDURES", "UNDRIVEN", "SWEPT", "procedure", "watch_hooks", "watch_procedures",
    "Watched",
]

CHECK_PROCEDURES = os.environ.get("SGSCORE_CHECK_PROCEDURES", "") not in ("", "0")
"""Whether procedures are watched (read once, when this module is imported)."""

UNDRIVEN: list[str] = []
"""``module.function`` of every watched procedure that was dropped without being started."""

SWEPT: dict[str, list[str]] = {}
"""Each module :func:`watch_procedures` went through, with the procedures it found there."""

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


def watch_procedures(package: str) -> None:
    """In check mode, watch every module-level procedure (a function annotated ``-> Proc``, as
    its source says) of the modules of ``package`` imported so far: each becomes
    :func:`procedure` of itself in every module of sgscore that holds it (``from .zones import
    discard`` too), so that Python code calling it calls the watched one. Otherwise nothing
    happens. Each game's package calls it once it has imported its rules and content."""
    if not CHECK_PROCEDURES:
        return
    prefix = package + "."
    swept = [m for name, m in sorted(sys.modules.items())
             if m is not None and (name == package or name.startswith(prefix))]
    watched: dict[int, tuple[Any, Any]] = {}  # id of a procedure -> (it, its watched self)
    for module in swept:
        names = _procedures_in(module)
        SWEPT[module.__name__] = names
        for name in names:
            fn = module.__dict__.get(name)
            if fn is not None and not getattr(fn, "__watched__", False):
                watched[id(fn)] = (fn, procedure(fn))
    holders = [m for name, m in sorted(sys.modules.items())
               if m is not None and (name == "sgscore" or name.startswith("sgscore."))]
    for module in holders:
        for name, value in list(module.__dict__.items()):
            pair = watched.get(id(value))
            if pair is not None and pair[0] is value:
                setattr(module, name, pair[1])


def _procedures_in(module: Any) -> list[str]:
    """The module-level functions of ``module`` whose return annotation is ``Proc``, read from
    its source file (a compiled module's functions keep no annotations)."""
    path = _source_of(module)
    if path is None:
        return []
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    return [node.name for node in tree.body
            if isinstance(node, ast.FunctionDef) and node.returns is not None
            and ast.unparse(node.returns) == "Proc"]


def _source_of(module: Any) -> str | None:
    """The ``.py`` file of ``module``, compiled or not (None when there is none)."""
    file = getattr(module, "__file__", None)
    if not file:
        return None
    folder, base = os.path.split(file)
    name = "__init__.py" if base.startswith("__init__.") else module.__name__.rsplit(".", 1)[-1] + ".py"
    path = os.path.join(folder, name)
    return path if os.path.exists(path) else None
