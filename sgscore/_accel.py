"""The compiled core: which modules are compiled, and whether this process uses them.

Each package whose modules are compiled declares them in a ``_compile.py`` of its own (its
``COMPILED``, by names relative to it: ``sgscore/core/_compile.py``, each game's), and
:func:`compiled_modules` gathers them; a game in another package declares and compiles its own
the same way. The modules are ordinary Python, type-checked with ``mypy --strict``. When the
package is built, ``setup.py`` compiles them with mypyc (where mypy and a C compiler are at hand)
and writes ``sgscore/_compiled_sources.py``: the SHA-256 of each module's source, as compiled. The compiled modules run the very same code, several times faster, and give
byte-identical games and replays (``tests/test_accel.py`` plays the same games both ways and
compares the bytes).

This process uses the compiled modules when

- the build compiled them (the record exists and a compiled file sits beside each module in it),
- every module's source is still the one that was compiled (an editable install whose sources
  were edited since ``pip install -e .`` falls back, with a :class:`StaleBuildWarning`), and
- the environment variable ``SGSCORE_PURE`` is unset, empty or ``0``.

Otherwise every compiled module is loaded from its ``.py`` source: all or none, since compiled
modules call one another directly. A module added since the build (a new general) is not in the
record and runs as Python beside the compiled ones. The choice is made once per process, when
the first compiled module is imported; :func:`compiled` says which it was.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from importlib.util import spec_from_file_location
from types import ModuleType
from typing import TYPE_CHECKING, Any

__all__ = [
    "DECLARATION", "compiled_modules", "modules", "compiled", "describe", "StaleBuildWarning",
    "install", "mypyc_attr",
]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # only mypyc reads the attributes: without it, a no-op

        def mypyc_attr(*args: Any, **kwargs: Any) -> Any:
            return lambda cls: cls

DECLARATION = "_compile.py"
"""The file in which a package declares which of its modules a build compiles: its ``COMPILED``,
a tuple of names relative to the package, each a module (``"rules"``, ``"content.basic"``) or
``"*"`` / ``"sub.*"``: every module of the package's folder or of its subpackage ``sub``,
``__init__`` aside, those added later too. It is read, never imported."""

_ROOT = os.path.dirname(os.path.abspath(__file__))  # the sgscore package folder
_recorded: frozenset[str] | None = None
_decided: bool | None = None
_why = ""


class StaleBuildWarning(UserWarning):
    """The compiled modules were built from other sources than the ones here."""


def source_of(module: str) -> str:
    """The ``.py`` file of a module of this package."""
    return os.path.join(_ROOT, *module.split(".")[1:]) + ".py"


def _declared(path: str) -> list[str]:
    """The ``COMPILED`` of a declaration file, read without running it."""
    import ast  # only builds and tests read declarations: not at start-up

    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id == "COMPILED":
            try:
                names = ast.literal_eval(value)
            except ValueError:
                names = None
            if (not isinstance(names, tuple | list)
                    or not all(isinstance(n, str) and n for n in names)):
                raise ValueError(f"{path}: COMPILED is not a tuple of module names")
            return list(names)
    raise ValueError(f"{path}: no COMPILED (the names of the modules to compile)")


def _modules_in(folder: str) -> list[str]:
    return sorted(f[:-3] for f in os.listdir(folder)
                  if f.endswith(".py") and f not in ("__init__.py", DECLARATION))


def compiled_modules(folder: str, package: str) -> list[str]:
    """The modules a build of ``package`` compiles, by import name: what the :data:`DECLARATION`
    of each package in its ``folder``, itself and those below it, names, ``*`` expanded to the
    modules there now (sorted). Read from the files, importing nothing: ``setup.py`` calls it
    before the package can be imported, and so can a game in another package for its own
    (``compiled_modules("tictactoe", "tictactoe")``). A ValueError names the declaration that
    names no module, or a module named twice."""
    out: list[str] = []
    for here, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if os.path.isfile(os.path.join(here, d, "__init__.py")))
        if DECLARATION not in files:
            continue
        rel = os.path.relpath(here, folder)
        prefix = package if rel == os.curdir else ".".join([package, *rel.split(os.sep)])
        path = os.path.join(here, DECLARATION)
        for name in _declared(path):
            parts = name.split(".")
            if parts[-1] == "*":
                sub = os.path.join(here, *parts[:-1])
                if not os.path.isdir(sub):
                    raise ValueError(f"{path}: COMPILED names {name!r}, and {package} has no "
                                     f"such folder")
                base = ".".join([prefix, *parts[:-1]])
                out += [f"{base}.{m}" for m in _modules_in(sub)]
            elif os.path.isfile(os.path.join(here, *parts) + ".py"):
                out.append(f"{prefix}.{name}")
            else:
                raise ValueError(f"{path}: COMPILED names {name!r}, which is not a module of "
                                 f"{prefix}")
    twice = sorted({m for m in out if out.count(m) > 1})
    if twice:
        raise ValueError(f"{folder}: {twice[0]} is declared compiled twice")
    return out


def modules() -> list[str]:
    """What a build of sgscore made now would compile (:func:`compiled_modules`)."""
    return compiled_modules(_ROOT, __package__ or "sgscore")


def _has_extension(module: str) -> bool:
    stem = os.path.join(_ROOT, *module.split(".")[1:])
    return any(os.path.exists(stem + suffix) for suffix in EXTENSION_SUFFIXES)


def _record() -> dict[str, str] | None:
    """The build's record of the sources it compiled (None: this install is not compiled)."""
    try:  # written by setup.py when it compiles (so not always there for mypy to see)
        sources: dict[str, str] = import_module(f"{__package__}._compiled_sources").SOURCES
    except ImportError:
        return None
    return sources


def _decide() -> tuple[bool, str]:
    if os.environ.get("SGSCORE_PURE", "") not in ("", "0"):
        return False, "SGSCORE_PURE is set"
    sources = _record()
    if sources is None:
        return False, "this install is not compiled"
    if not sources or not all(_has_extension(m) for m in sources):
        return False, "this install is not compiled for this Python"
    import hashlib

    for module in sorted(sources):
        where = os.path.relpath(source_of(module), os.path.dirname(_ROOT))
        try:
            with open(source_of(module), "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
        except OSError:
            digest = ""
        if digest != sources[module]:
            warnings.warn(
                f"sgscore: {where} changed since the core was compiled; running the pure-Python "
                "core (pip install -e . compiles it again)", StaleBuildWarning, stacklevel=4)
            return False, f"{where} changed since it was compiled"
    return True, "compiled with mypyc"


def compiled() -> bool:
    """Whether this process runs the compiled core (deciding now if nothing decided yet)."""
    global _decided, _why
    if _decided is None:
        _decided, _why = _decide()
    return _decided


def describe() -> str:
    """One line for ``sgs --version`` and bug reports: which core runs, and why."""
    return "compiled core" if compiled() else f"pure-Python core ({_why})"


def recorded() -> frozenset[str]:
    """The modules the build compiled (none for an install that is not compiled)."""
    global _recorded
    if _recorded is None:
        _recorded = frozenset(_record() or ())
    return _recorded


class _Finder:
    """A meta path finder (``importlib.abc.MetaPathFinder``, whose import costs more than this
    whole module): loads the compiled modules from their sources when they are not to be used;
    otherwise leaves them to the usual finders (which prefer the compiled file)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if (not fullname.startswith("sgscore.") or fullname == f"{__package__}._compiled_sources"
                or fullname not in recorded() or compiled()):
            return None
        return spec_from_file_location(fullname, source_of(fullname))


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once; ``import sgscore`` does it)."""
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
