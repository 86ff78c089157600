"""Builds sgscore; compiles the core with mypyc where it can (see sgscore/_accel.py).

Everything else is in pyproject.toml, but for the packages: ``sgscore`` and its subpackages,
and the command line, whose folder ``cli/`` installs as ``sgscore_cli`` (``sgs`` runs
``sgscore_cli.main``), so that no top-level package named ``cli`` lands in site-packages.

The compiled modules are the same Python sources, so the package is complete without them: when
mypyc or a C compiler is missing, or SGSCORE_PURE_BUILD is set, the build says why on stderr and
installs the pure-Python package.

Compiling takes minutes; installing the same sources again does not compile again. Each build
keeps its compiled files in ``build/sgscore-core/KEY/``, where KEY is the SHA-256 of everything
the result depends on (every source of the package, this file, the Python, mypy and compiler
settings): a build whose key is there copies those files instead (``pip install -e '.[test]'``
after ``pip install -e .``, or installing an extra). Only the newest build is kept.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import sys
import sysconfig
from importlib import metadata
from typing import Any

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
CLI = "sgscore_cli"  # the installed name of the folder cli/
RECORD = "_compiled_sources.py"
CACHE = os.path.join(HERE, "build", "sgscore-core")
MANIFEST = "extensions.txt"  # in a cache entry: the extensions' full names, one a line


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
    print(f"sgscore: {message}", file=sys.stderr)


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
    the record of the sources it compiled beside the compiled modules."""

    def run(self) -> None:
        if not self.extensions:
            return
        if CACHED is not None:
            for ext in self.extensions:
                put(os.path.join(CACHE, KEY, ext.name), self.get_ext_fullpath(ext.name))
            say(f"the sources were compiled before: reused build/sgscore-core/{KEY[:12]}")
            self.write_record()
            return
        say("compiling the core with mypyc (a few minutes; an install of the same sources "
            "later reuses it)")
        try:
            super().run()
        except Exception as e:  # no compiler, no headers: the pure-Python package is complete
            say(f"the core was not compiled ({type(e).__name__}: {e}); installing pure Python")
            return
        self.write_record()
        self.keep()

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


def ext_modules() -> list[Any]:
    if os.environ.get("SGSCORE_PURE_BUILD", "") not in ("", "0"):
        say("SGSCORE_PURE_BUILD is set: installing pure Python")
        return []
    if CACHED is not None:
        from setuptools import Extension

        return [Extension(name, sources=[os.path.join(CACHE, KEY, name)]) for name in CACHED]
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("mypyc is not available: installing pure Python")
        return []
    try:
        return list(mypycify(
            [source(m) for m in compiled_modules()],
            # one C file per module: gcc takes a third less time than over one large file
            opt_level="3", debug_level="0", group_name="sgscore_core", multi_file=True,
        ))
    except BaseException as e:  # mypyc exits on a type error; the sources must still install
        say(f"mypyc could not compile the core ({e!r}); installing pure Python")
        return []


KEY = build_key()
CACHED = cached_build(KEY)
if __name__ == "__main__":  # as setuptools runs it (the tests import it to check the key)
    setup(packages=list(packages()), package_dir={CLI: packages()[CLI]},
          ext_modules=ext_modules(), cmdclass={"build_ext": BuildCore})
