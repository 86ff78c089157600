"""Builds sgscore; compiles the core with mypyc where it can (see sgscore/_accel.py).

Everything else is in pyproject.toml, but for the packages: ``sgscore`` and its subpackages,
and the command line, whose folder ``cli/`` installs as ``sgscore_cli`` (``sgs`` runs
``sgscore_cli.main``), so that no top-level package named ``cli`` lands in site-packages.

The compiled modules are the same Python sources, so the package is complete without them: when
mypyc or a C compiler is missing, or SGSCORE_PURE_BUILD is set, the build says why on stderr and
installs the pure-Python package.

Compiling takes a minute or more: mypyc translates the modules to C when the extensions are
built (not in the hooks that only ask for the package's metadata), and the C files are compiled
on every core. The build says what it does as it goes (:func:`say`): on stderr, and, under a
``pip install`` that hides a build's output (without ``-v``; not with ``-q``), on the terminal.

Installing the same sources again does not compile again. Each build keeps its compiled files in
``build/sgscore-core/KEY/``, where KEY is the SHA-256 of everything the result depends on (every
source of the package, this file, the Python, mypy and compiler settings): a build whose key is
there copies those files instead (``pip install -e '.[test]'`` after ``pip install -e .``, or
installing an extra). Only the newest build is kept.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import sys
import sysconfig
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from typing import IO, Any

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
CLI = "sgscore_cli"  # the installed name of the folder cli/
RECORD = "_compiled_sources.py"
CACHE = os.path.join(HERE, "build", "sgscore-core")
MANIFEST = "extensions.txt"  # in a cache entry: the extensions' full names, one a line
GROUP = "sgscore_core"  # mypyc's group: one shared library, sgscore_core__mypyc, for them all


def packages() -> dict[str, str]:
    """Each package to install, with its folder: ``sgscore`` and its subpackages where they are,
    the folder ``cli/`` as ``sgscore_cli``."""
    found = find_packages(HERE, include=["sgscore", "sgscore.*"])
    return {**{name: name.replace(".", "/") for name in found}, CLI: "cli"}


def compiled_modules() -> list[str]:
    """The modules to compile, as each package of sgscore declares them in its ``_compile.py``
    (``sgscore._accel.compiled_modules``, which reads the declarations without importing them).
    ``sgscore/_accel.py`` is loaded from its file, not imported: the package's dependencies may
    not be installed yet, and it needs only the standard library."""
    spec = importlib.util.spec_from_file_location(
        "sgscore_accel_for_setup", os.path.join(HERE, "sgscore", "_accel.py"))
    assert spec is not None and spec.loader is not None
    accel = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(accel)
    try:
        names: list[str] = accel.compiled_modules(os.path.join(HERE, "sgscore"), "sgscore")
    except ValueError as e:
        raise SystemExit(f"setup.py: {e}") from None
    return names


def source(module: str) -> str:
    return os.path.join(*module.split(".")) + ".py"


def say(message: str) -> None:
    """Tell the person installing what the build does: on stderr, which ``pip install -v`` shows
    as it comes (and pip shows after a build that fails), and on the terminal when a ``pip
    install`` without ``-v`` hides stderr (:func:`_terminal`)."""
    line = f"sgscore: {message}"
    print(line, file=sys.stderr, flush=True)
    tty = _terminal()
    if tty is not None:
        try:  # pip draws its spinner at the end of its line: each message goes below it
            tty.write(("\r" if _SAID else "\n") + line + "\x1b[K\n")
            tty.flush()
        except OSError:
            pass
        _SAID.append(line)


_SAID: list[str] = []  # the lines said on the terminal so far
_TTY: list[IO[str] | None] = []


def _terminal() -> IO[str] | None:
    """The terminal, when the frontend hides this build's stderr from the person installing:
    ``pip install`` without ``-v`` (which shows it) or ``-q`` (which asks for quiet). pip runs a
    build backend in a process of its own, capturing its output; this finds the pip that
    started it (its command line, in ``/proc``) and writes to ``/dev/tty``. None elsewhere
    (stderr is the terminal already; no pip; no terminal: a CI job, a script)."""
    if not _TTY:
        tty: IO[str] | None = None
        if not _is_terminal(sys.stderr) and pip_verbosity(_parent_command(), os.environ) == 0:
            try:
                tty = open("/dev/tty", "w", encoding="utf-8")  # kept open: one per build
            except OSError:
                tty = None
        _TTY.append(tty)
    return _TTY[0]


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _parent_command() -> list[str]:
    """The command line of the process that started this one ([] where it cannot be read)."""
    try:
        with open(f"/proc/{os.getppid()}/cmdline", "rb") as f:
            return f.read().decode("utf-8", "replace").split("\0")
    except OSError:
        return []


def pip_verbosity(argv: Sequence[str], env: Mapping[str, str]) -> int | None:
    """How verbose the pip that runs with command line ``argv`` is: its ``-v`` count less its
    ``-q`` count (``--verbose``, ``--quiet``, ``-vv``, ``PIP_VERBOSE``, ``PIP_QUIET``), as pip
    counts them; None when ``argv`` is not pip's."""
    words = [a for a in argv if a]
    if not words or not any(os.path.basename(w).startswith("pip") for w in words[:3]):
        return None
    level = 0
    for name, sign in (("PIP_VERBOSE", 1), ("PIP_QUIET", -1)):
        value = env.get(name, "").strip().lower()
        if value.isdigit():
            level += sign * int(value)
        elif value in ("true", "yes", "on"):
            level += sign
    for word in words[1:]:
        if word == "--":
            break
        if word == "--verbose":
            level += 1
        elif word == "--quiet":
            level -= 1
        elif word.startswith("-") and not word.startswith("--") and set(word[1:]) <= {"v", "q"}:
            level += word.count("v") - word.count("q")
    return level


def cores() -> int:
    """The CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def build_key() -> str:
    """What the compiled files depend on, as one SHA-256: the package's sources (compiled or
    imported by what is compiled), this file, the Python and its ABI, mypy, compiler settings."""
    h = hashlib.sha256()

    def add(name: str, value: bytes) -> None:
        h.update(f"{name}\0{len(value)}\0".encode() + value)

    for var in ("CC", "CFLAGS", "LDFLAGS", "CPPFLAGS", "LDSHARED"):
        add(f"env {var}", os.environ.get(var, "").encode())
    add("python", sys.version.encode())
    add("ext suffix", str(sysconfig.get_config_var("EXT_SUFFIX")).encode())
    add("platform", sysconfig.get_platform().encode())
    try:
        add("mypy", metadata.version("mypy").encode())
    except metadata.PackageNotFoundError:
        add("mypy", b"")
    paths = [os.path.join(HERE, "setup.py")]
    for folder, dirs, files in os.walk(os.path.join(HERE, "sgscore")):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        paths += [os.path.join(folder, f) for f in sorted(files)
                  if f.endswith(".py") and f != RECORD]
    for path in paths:
        with open(path, "rb") as f:
            add(os.path.relpath(path, HERE).replace(os.sep, "/"), f.read())
    return h.hexdigest()


def cached_build(key: str) -> list[str] | None:
    """The extensions' names of the cached build with this key, or None when there is none."""
    try:
        with open(os.path.join(CACHE, key, MANIFEST), encoding="utf-8") as f:
            names = f.read().split()
    except OSError:
        return None
    if names and all(os.path.isfile(os.path.join(CACHE, key, name)) for name in names):
        return names
    return None


def put(source: str, target: str) -> None:
    """Copy a file into place through a temporary name, so that a process that has the old
    file loaded keeps it, and nobody sees half a file."""
    folder = os.path.dirname(target)
    if folder:
        os.makedirs(folder, exist_ok=True)
    if os.path.exists(target):
        with open(source, "rb") as a, open(target, "rb") as b:
            if a.read() == b.read():
                return
    partial = f"{target}.{os.getpid()}.part"
    shutil.copyfile(source, partial)
    shutil.copymode(source, partial)
    os.replace(partial, target)


class BuildCore(build_ext):
    """Compiles the core; on failure, says why and leaves the pure-Python package whole. Writes
    the record of the sources it compiled beside the compiled modules.

    The extensions are declared by name (:func:`ext_modules`) and made here: mypyc translates
    the modules to C when they are built, once, not in each of the hooks pip calls before (the
    requirements, the metadata). The C files are compiled on every core: the extensions side by
    side (build_ext's ``parallel``), and the files of mypyc's shared library, which hold nearly
    all the code, side by side too."""

    def finalize_options(self) -> None:
        if self.parallel is None:
            self.parallel = cores()
        super().finalize_options()

    def run(self) -> None:
        if not self.extensions:
            return
        if CACHED is not None:
            for ext in self.extensions:
                put(os.path.join(CACHE, KEY, ext.name), self.get_ext_fullpath(ext.name))
            say(f"the sources were compiled before: reused build/sgscore-core/{KEY[:12]}")
            self.write_record()
            return
        started = time.monotonic()
        if not self.translate():
            self.extensions = []  # nothing of them to install: the pure-Python package
            return
        files = sum(len(ext.sources) for ext in self.extensions)
        jobs = max(1, int(self.parallel or 1))
        say(f"compiling {files} C files with {jobs} job{'s' if jobs > 1 else ''} at a time "
            "(an install of the same sources later reuses them)")
        self._progress = _Progress(files, started)
        try:
            super().run()
        except Exception as e:  # no compiler, no headers: the pure-Python package is complete
            say(f"the core was not compiled ({type(e).__name__}: {e}); installing pure Python")
            self.extensions = []
            return
        say(f"compiled the core in {time.monotonic() - started:.0f} s")
        self.write_record()
        self.keep()

    def translate(self) -> bool:
        """Translate the modules to C with mypyc and give each declared extension what mypyc
        makes of it (its C files, flags and headers); False, said why, when mypyc cannot."""
        modules = compiled_modules()
        say(f"translating {len(modules)} modules to C with mypyc (it type-checks them first)")
        try:
            from mypyc.build import mypycify
        except ImportError:
            say("mypyc is not available: installing pure Python")
            return False
        try:
            made = list(mypycify(
                [source(m) for m in modules],
                # one C file per module: gcc takes a third less time than over one large file
                opt_level="3", debug_level="0", group_name=GROUP, multi_file=True,
            ))
        except BaseException as e:  # mypyc exits on a type error; the sources must still install
            say(f"mypyc could not compile the core ({e!r}); installing pure Python")
            return False
        return fill(self.extensions, made)

    def build_extensions(self) -> None:
        progress = getattr(self, "_progress", None)
        jobs = max(1, int(self.parallel or 1))
        if progress is not None:
            self.compiler.compile = compile_in_parallel(self.compiler.compile, jobs,
                                                        progress.compiled)
        super().build_extensions()

    def keep(self) -> None:
        """Keep the compiled files under the build's key, in place of any older build."""
        entry = os.path.join(CACHE, KEY)
        partial = f"{entry}.{os.getpid()}.part"
        try:
            shutil.rmtree(partial, ignore_errors=True)
            os.makedirs(partial)
            for ext in self.extensions:
                shutil.copy2(self.get_ext_fullpath(ext.name), os.path.join(partial, ext.name))
            with open(os.path.join(partial, MANIFEST), "w", encoding="utf-8") as f:
                f.write("".join(f"{ext.name}\n" for ext in self.extensions))
            for old in os.listdir(CACHE):  # the entry itself too, if it was incomplete
                if old != os.path.basename(partial):
                    shutil.rmtree(os.path.join(CACHE, old), ignore_errors=True)
            os.replace(partial, entry)
        except OSError as e:  # a read-only tree: the install is whole, the next one compiles
            say(f"the compiled core was not kept for later installs ({e})")
            shutil.rmtree(partial, ignore_errors=True)

    def write_record(self) -> None:
        first = self.get_ext_fullpath(f"{compiled_modules()[0]}")
        package = os.path.dirname(first)
        while os.path.basename(package) != "sgscore":
            package = os.path.dirname(package)
        lines = [
            '"""Written by setup.py: the SHA-256 of each source compiled with mypyc."""',
            "",
            "SOURCES = {",
        ]
        for module in compiled_modules():
            with open(os.path.join(HERE, source(module)), "rb") as f:
                lines.append(f"    {module!r}: {hashlib.sha256(f.read()).hexdigest()!r},")
        lines.append("}")
        with open(os.path.join(package, RECORD), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")


class _Progress:
    """Counts the C files compiled, saying so at each quarter."""

    def __init__(self, total: int, started: float) -> None:
        self.total, self.done, self.started = total, 0, started
        self.lock = threading.Lock()

    def compiled(self) -> None:
        with self.lock:
            self.done += 1
            quarter = 4 * self.done // max(1, self.total)
            if quarter != 4 * (self.done - 1) // max(1, self.total) and self.done < self.total:
                say(f"compiled {self.done} of {self.total} C files "
                    f"({time.monotonic() - self.started:.0f} s)")


def compile_in_parallel(compile: Callable[..., list[str]], jobs: int,
                        done: Callable[[], None]) -> Callable[..., list[str]]:
    """A compiler's ``compile`` that compiles up to ``jobs`` of its sources at a time, each by
    the given ``compile``, calling ``done`` after each; the objects in the order of the
    sources, as one call gives them."""
    def each(source: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[str]:
        objects = compile([source], *args, **kwargs)
        done()
        return objects

    def parallel(sources: Sequence[str], *args: Any, **kwargs: Any) -> list[str]:
        if jobs <= 1 or len(sources) <= 1:
            return [o for s in sources for o in each(s, args, kwargs)]
        with ThreadPoolExecutor(min(jobs, len(sources))) as pool:
            made = list(pool.map(lambda s: each(s, args, kwargs), sources))
        return [o for objects in made for o in objects]

    return parallel


_BUILD_EXT_OWN = ("_full_name", "_links_to_dynamic", "_needs_stub", "_file_name")
"""What build_ext sets on each extension when it finalizes: kept when mypyc's are filled in."""


def fill(declared: list[Any], made: list[Any]) -> bool:
    """Give each declared extension (:func:`ext_modules`) what mypyc made of it; False, said
    why, when mypyc made other extensions than those declared."""
    by_name = {ext.name: ext for ext in made}
    if sorted(by_name) != sorted(ext.name for ext in declared):
        say(f"mypyc made other extensions than setup.py declares ({sorted(by_name)[:3]}...); "
            "installing pure Python")
        return False
    for ext in declared:
        for key, value in vars(by_name[ext.name]).items():
            if key not in _BUILD_EXT_OWN:
                setattr(ext, key, value)
    return True


def ext_modules() -> list[Any]:
    """The extensions, by name: the compiled modules and mypyc's shared library for them all
    (their C files are made by :class:`BuildCore` when it builds them), or the kept build's."""
    if os.environ.get("SGSCORE_PURE_BUILD", "") not in ("", "0"):
        say("SGSCORE_PURE_BUILD is set: installing pure Python")
        return []
    from setuptools import Extension

    if CACHED is not None:
        return [Extension(name, sources=[os.path.join(CACHE, KEY, name)]) for name in CACHED]
    return [Extension(name, sources=[]) for name in [f"{GROUP}__mypyc", *compiled_modules()]]


KEY = build_key()
CACHED = cached_build(KEY)
if __name__ == "__main__":  # as setuptools runs it (the tests import it to check the key)
    setup(packages=list(packages()), package_dir={CLI: packages()[CLI]},
          ext_modules=ext_modules(), cmdclass={"build_ext": BuildCore})
