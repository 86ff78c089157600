"""Builds sgscore; compiles the core with mypyc where it can (see sgscore/_accel.py).

Everything else is in pyproject.toml. The compiled modules are the same Python sources, so the
package is complete without them: when mypyc or a C compiler is missing, or SGSCORE_PURE_BUILD is
set, the build says why on stderr and installs the pure-Python package.
"""

from __future__ import annotations

import ast
import hashlib
import os
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
RECORD = "_compiled_sources.py"


def compiled_modules() -> list[str]:
    """COMPILED from sgscore/_accel.py, read without importing the package, with each
    ``package.*`` expanded to the package's modules (as ``sgscore._accel.modules()`` does)."""
    with open(os.path.join(HERE, "sgscore", "_accel.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "COMPILED":
            assert node.value is not None
            names: list[str] = list(ast.literal_eval(node.value))
            break
    else:
        raise SystemExit("setup.py: COMPILED not found in sgscore/_accel.py")
    out = []
    for name in names:
        if not name.endswith(".*"):
            out.append(name)
            continue
        package = name[:-2]
        folder = os.path.join(HERE, *package.split("."))
        out += sorted(f"{package}.{f[:-3]}" for f in os.listdir(folder)
                      if f.endswith(".py") and f != "__init__.py")
    return out


def source(module: str) -> str:
    return os.path.join(*module.split(".")) + ".py"


def say(message: str) -> None:
    print(f"sgscore: {message}", file=sys.stderr)


class BuildCore(build_ext):
    """Compiles the core; on failure, says why and leaves the pure-Python package whole. Writes
    the record of the sources it compiled beside the compiled modules."""

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as e:  # no compiler, no headers: the pure-Python package is complete
            say(f"the core was not compiled ({type(e).__name__}: {e}); installing pure Python")
            return
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


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildCore})
