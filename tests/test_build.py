"""The build (setup.py): installing the same sources again reuses the compiled core, and any
change that could change the compiled files (a source, the Python, the compiler settings) builds
it again. The build itself is what ``.ci/run`` runs; here its decisions are checked."""

from __future__ import annotations

import importlib.util
import io
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _setup_module(root: Path) -> ModuleType:
    """setup.py of ``root``, imported (not run: it calls setup() only as ``__main__``)."""
    spec = importlib.util.spec_from_file_location("sgscore_setup", root / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the sources that setup.py hashes."""
    shutil.copy(ROOT / "setup.py", tmp_path / "setup.py")
    shutil.copytree(ROOT / "sgscore", tmp_path / "sgscore",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "_compiled_sources.py"))
    return tmp_path


def test_the_same_sources_give_the_same_key(tree: Path) -> None:
    first = _setup_module(tree).build_key()
    (tree / "sgscore" / "__pycache__").mkdir(exist_ok=True)
    (tree / "sgscore" / "__pycache__" / "x.pyc").write_bytes(b"not a source")
    (tree / "sgscore" / "_compiled_sources.py").write_text("SOURCES = {}\n")
    assert _setup_module(tree).build_key() == first


@pytest.mark.parametrize("change", ["compiled source", "imported source", "new module",
                                    "setup.py", "compiler flags"])
def test_a_change_that_can_change_the_compiled_files_changes_the_key(
        tree: Path, change: str, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _setup_module(tree).build_key()
    if change == "compiled source":  # compiled itself
        path = tree / "sgscore" / "core" / "rng.py"
        path.write_text(path.read_text() + "\n# edited\n")
    elif change == "imported source":  # not compiled, but typed against by what is
        path = tree / "sgscore" / "replay" / "errors.py"
        path.write_text(path.read_text() + "\n# edited\n")
    elif change == "new module":  # a new general: generals.* is compiled
        (tree / "sgscore" / "sanguosha" / "generals" / "zz_new.py").write_text("X = 1\n")
    elif change == "setup.py":
        path = tree / "setup.py"
        path.write_text(path.read_text() + "\n# edited\n")
    else:
        monkeypatch.setenv("CFLAGS", "-O0")
    assert _setup_module(tree).build_key() != before


def test_a_kept_build_is_found_only_whole(tree: Path) -> None:
    setup = _setup_module(tree)
    key = setup.build_key()
    entry = Path(setup.CACHE) / key
    assert setup.cached_build(key) is None
    entry.mkdir(parents=True)
    (entry / "extensions.txt").write_text("sgscore.a\nsgscore_core__mypyc\n")
    (entry / "sgscore.a").write_bytes(b"compiled")
    assert setup.cached_build(key) is None  # one file missing: compile again
    (entry / "sgscore_core__mypyc").write_bytes(b"compiled")
    assert setup.cached_build(key) == ["sgscore.a", "sgscore_core__mypyc"]
    assert setup.cached_build("0" * 64) is None


def test_put_replaces_a_file_whole_and_leaves_an_equal_one_alone(tmp_path: Path) -> None:
    setup = _setup_module(ROOT)
    source, target = tmp_path / "new.so", tmp_path / "pkg" / "mod.so"
    source.write_bytes(b"new")
    setup.put(str(source), str(target))
    assert target.read_bytes() == b"new"
    before = target.stat().st_ino
    setup.put(str(source), str(target))
    assert target.stat().st_ino == before  # the same bytes: not replaced
    source.write_bytes(b"newer")
    setup.put(str(source), str(target))
    assert target.read_bytes() == b"newer" and target.stat().st_ino != before
    assert sorted(p.name for p in target.parent.iterdir()) == ["mod.so"]


def test_setup_compiles_what_the_packages_declare(tree: Path) -> None:
    # The one expansion (sgscore._accel.compiled_modules), over the declarations of the tree
    # being built, read without importing it.
    from sgscore import _accel

    setup = _setup_module(tree)
    assert setup.compiled_modules() == _accel.compiled_modules(str(tree / "sgscore"), "sgscore")
    assert setup.compiled_modules() == _accel.modules()
    (tree / "sgscore" / "sanguosha" / "content" / "zz_new.py").write_text("X = 1\n")
    assert "sgscore.sanguosha.content.zz_new" in setup.compiled_modules()


def test_a_declaration_that_names_no_module_stops_the_build_in_one_line(tree: Path) -> None:
    (tree / "sgscore" / "dice" / "_compile.py").write_text('COMPILED = ("model", "nope")\n')
    with pytest.raises(SystemExit, match=r"^setup.py: .*dice/_compile.py: COMPILED names 'nope', "
                                         r"which is not a module of sgscore.dice$"):
        _setup_module(tree).compiled_modules()


def test_the_command_line_installs_as_sgscore_cli_not_as_cli() -> None:
    # A top-level package named cli in site-packages would clash with any other project's.
    import tomllib

    packages = _setup_module(ROOT).packages()
    assert packages["sgscore_cli"] == "cli"
    assert not [p for p in packages if p == "cli" or p.startswith("cli.")]
    folders = {str(p.parent.relative_to(ROOT)).replace("/", ".")
               for p in (ROOT / "sgscore").rglob("__init__.py")}
    assert folders <= set(packages)  # every subpackage of sgscore installs, those added later too
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    assert project["scripts"]["sgs"] == "sgscore_cli.main:main"


def test_the_command_line_runs_under_its_installed_name(tmp_path: Path) -> None:
    # The folder cli/ loaded as sgscore_cli, as a wheel installs it: every command loads (their
    # modules are named relative to the package) and nothing imports a module named cli.
    code = f"""
import importlib.util, sys
spec = importlib.util.spec_from_file_location(
    "sgscore_cli", {str(ROOT / "cli" / "__init__.py")!r},
    submodule_search_locations=[{str(ROOT / "cli")!r}])
package = importlib.util.module_from_spec(spec)
sys.modules["sgscore_cli"] = package
spec.loader.exec_module(package)
from sgscore_cli import main
for target, _ in [*main.COMMANDS.values(), *main.REPLAY_COMMANDS.values()]:
    assert main.load(target).callback is not None, target
print(sorted(m for m in sys.modules if m.split(".")[0] == "cli"))
sys.argv = ["sgs", "--version"]
main.main()
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    first, version = done.stdout.splitlines()
    assert first == "[]" and version.startswith("sgs ")


# ---------------------------------------------------------------- a quicker first install
def test_the_extensions_are_declared_without_running_mypyc(
        tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # pip asks for the requirements and the metadata before it builds, each in a process that
    # runs setup.py: mypyc translates the modules only when the extensions are built.
    stub = ModuleType("mypyc.build")

    def mypycify(*args: object, **kwargs: object) -> list[object]:
        raise AssertionError("mypyc ran")

    stub.mypycify = mypycify  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mypyc.build", stub)
    setup = _setup_module(tree)
    assert setup.CACHED is None
    declared = setup.ext_modules()
    assert [e.name for e in declared] == ["sgscore_core__mypyc", *setup.compiled_modules()]
    assert all(e.sources == [] for e in declared)


def test_asking_for_the_metadata_translates_nothing(tree: Path) -> None:
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    shutil.copytree(ROOT / "cli", tree / "cli", ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run([sys.executable, "setup.py", "--name"], cwd=tree, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "sgscore"
    assert "translating" not in done.stderr and "compiling" not in done.stderr


def test_what_mypyc_makes_fills_the_declared_extensions(tree: Path) -> None:
    from types import SimpleNamespace as Extension  # what fill() reads of setuptools' own

    setup = _setup_module(tree)
    declared = [Extension(name="sgscore_core__mypyc", sources=[]),
                Extension(name="sgscore.a", sources=[], _full_name="sgscore.a")]  # build_ext's
    made = [Extension(name="sgscore.a", sources=["build/a.c"], include_dirs=["rt"],
                      extra_compile_args=["-O3"], _full_name="elsewhere"),
            Extension(name="sgscore_core__mypyc", sources=["build/x.c", "build/y.c"])]
    assert setup.fill(declared, made)
    assert declared[0].sources == ["build/x.c", "build/y.c"]
    assert (declared[1].sources, declared[1].include_dirs, declared[1].extra_compile_args) == (
        ["build/a.c"], ["rt"], ["-O3"])
    assert declared[1]._full_name == "sgscore.a"
    assert not setup.fill(declared, made[:1])  # mypyc made other extensions: none compiled


def test_the_c_files_are_compiled_on_every_core_in_order(tree: Path) -> None:
    setup = _setup_module(tree)
    jobs = 3
    together = threading.Barrier(jobs, timeout=120)  # stops a run that compiles one at a time
    lock = threading.Lock()
    running = [0, 0]  # now, most at once
    calls: list[str] = []
    done: list[int] = []

    def compile(sources: list[str], output_dir: str | None = None, **kwargs: object) -> list[str]:
        assert len(sources) == 1 and output_dir == "out" and kwargs == {"debug": 0}
        with lock:
            calls.append(sources[0])
            running[0] += 1
            running[1] = max(running)
        together.wait()  # the jobs compile side by side
        with lock:
            running[0] -= 1
        return [sources[0].replace(".c", ".o")]

    sources = [f"m{i}.c" for i in range(9)]
    parallel = setup.compile_in_parallel(compile, jobs, lambda: done.append(1))
    assert parallel(sources, "out", debug=0) == [f"m{i}.o" for i in range(9)]
    assert sorted(calls) == sources and len(done) == 9 and running[1] == jobs


@pytest.mark.parametrize(("argv", "env", "level"), [
    (["/v/bin/python", "/v/bin/pip", "install", "-e", "."], {}, 0),
    (["/usr/bin/python3", "-m", "pip", "install", "-q", "-e", "."], {}, -1),
    (["pip", "-qq", "install", "."], {}, -2),
    (["pip3", "install", "--quiet", "-e", "/home/me/sgscore"], {}, -1),
    (["pip", "install", "-v", "-e", "."], {}, 1),
    (["pip", "install", "-vv", "--verbose", "-e", "."], {}, 3),
    (["pip", "install", "-e", "."], {"PIP_QUIET": "1"}, -1),
    (["pip", "install", "-e", "."], {"PIP_VERBOSE": "true"}, 1),
    (["pip", "install", "-e", ".", "--", "-q"], {}, 0),  # past --: not pip's
    (["/usr/bin/python3", "-m", "build"], {}, None),
    (["bash"], {}, None),
    ([], {}, None),
])
def test_the_build_knows_how_verbose_pip_is(argv: list[str], env: dict[str, str],
                                            level: int | None) -> None:
    assert _setup_module(ROOT).pip_verbosity(argv, env) == level


def test_each_message_reaches_the_terminal_below_pips_spinner(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    setup = _setup_module(ROOT)
    tty = io.StringIO()
    monkeypatch.setattr(setup, "_terminal", lambda: tty)
    setup.say("translating")
    setup.say("compiling")
    assert tty.getvalue() == ("\nsgscore: translating\x1b[K\n"   # off the spinner's line
                              "\rsgscore: compiling\x1b[K\n")   # over the spinner's character
    assert capsys.readouterr().err == "sgscore: translating\nsgscore: compiling\n"
