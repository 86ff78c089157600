"""The compiled core (``sgscore/_accel.py``): the same games, byte for byte, whichever core runs;
the pure-Python core on request; a build older than its sources is never used."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import types
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from sgscore import _accel
from sgscore.core.games import get_game
from sgscore.sanguosha.config import Config

from recorded import record_bytes

# One game of each size and several configurations, with events, so that every record kind and
# every event a game can log is compared.
GAMES: list[tuple[dict[str, object], int]] = [
    ({"players": n, "packs": ["standard", "ex"] if n % 2 else ["standard"],
      "role_variant": n in (6, 8)}, 100 + n) for n in range(4, 11)
] + [({"players": 5, "generals": None}, 7), ({"players": 6, "max_rounds": 3}, 8)]

# The dice game's rules are compiled too: a game of each size.
DICE_GAMES: list[tuple[dict[str, object], int]] = [({"players": n}, 200 + n) for n in range(3, 9)]

SCRIPT = """
import hashlib, importlib, json, sys
sys.path.insert(0, sys.argv[1])
from sgscore import _accel
from sgscore.sanguosha.config import Config
from recorded import record_bytes
from sgscore.core.games import get_game
games, dice = json.loads(sys.argv[2]), json.loads(sys.argv[3])
out = [hashlib.sha256(record_bytes(Config(**c), s, True)[0]).hexdigest() for c, s in games]
spec = get_game("sanguozhi/dice")
out += [hashlib.sha256(record_bytes(spec.config_from_dict(spec.full_config(c)), s, True)[0])
        .hexdigest() for c, s in dice]
print(json.dumps({"core": _accel.describe(), "modules": [importlib.import_module(m).__file__
    for m in _accel.modules()], "replays": out}))
"""


def _run_pure() -> dict[str, object]:
    tests = str(Path(__file__).resolve().parent)
    env = {**os.environ, "SGSCORE_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", SCRIPT, tests, json.dumps(GAMES),
                          json.dumps(DICE_GAMES)], env=env,
                         capture_output=True, text=True, check=True).stdout
    result: dict[str, object] = json.loads(out)
    return result


def test_both_cores_record_the_same_bytes() -> None:
    here = [hashlib.sha256(record_bytes(Config(**c), s, True)[0]).hexdigest()  # type: ignore[arg-type]
            for c, s in GAMES]
    spec = get_game("sanguozhi/dice")
    assert spec is not None
    here += [hashlib.sha256(record_bytes(spec.config_from_dict(spec.full_config(c)), s, True)[0])
             .hexdigest() for c, s in DICE_GAMES]
    pure = _run_pure()
    assert pure["replays"] == here, f"this run: {_accel.describe()}"


def test_sgscore_pure_loads_every_module_from_its_source() -> None:
    pure = _run_pure()
    assert pure["core"] == "pure-Python core (SGSCORE_PURE is set)"
    modules = pure["modules"]
    assert isinstance(modules, list) and len(modules) == len(_accel.modules()) > 20
    assert all(str(m).endswith(".py") for m in modules)


def test_all_or_none_of_the_core_is_compiled() -> None:
    names = _accel.recorded() or _accel.modules()
    files = [sys.modules[m].__file__ or "" for m in names if m in sys.modules]
    assert files, "the tests import the core"
    compiled = [not f.endswith(".py") for f in files]
    assert all(compiled) or not any(compiled), files
    assert any(compiled) == _accel.compiled()


@pytest.fixture
def fake_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A package folder with the core's sources and a compiled file beside each, and the record
    of the sources as built (as ``setup.py`` writes it)."""
    sources = {}
    for module in _accel.modules():
        src = Path(_accel.source_of(module))
        dest = tmp_path.joinpath(*module.split(".")[1:]).with_suffix(".py")
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(src.read_bytes())
        dest.with_suffix(EXTENSION_SUFFIXES[0]).write_bytes(b"")
        sources[module] = hashlib.sha256(src.read_bytes()).hexdigest()
    monkeypatch.setattr(_accel, "_ROOT", str(tmp_path))
    record = types.ModuleType("sgscore._compiled_sources")
    record.SOURCES = sources  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sgscore._compiled_sources", record)
    monkeypatch.delenv("SGSCORE_PURE", raising=False)
    return sources


def test_a_build_of_these_sources_is_used(fake_build: dict[str, str]) -> None:
    assert _accel._decide() == (True, "compiled with mypyc")


def test_sgscore_pure_wins_over_a_build(fake_build: dict[str, str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SGSCORE_PURE", "1")
    assert _accel._decide() == (False, "SGSCORE_PURE is set")
    monkeypatch.setenv("SGSCORE_PURE", "0")
    assert _accel._decide()[0]


def test_an_edited_source_falls_back_to_pure_python_with_a_warning(
    fake_build: dict[str, str],
) -> None:
    rules = Path(_accel.source_of("sgscore.sanguosha.rules"))
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    with pytest.warns(_accel.StaleBuildWarning, match="rules.py changed since the core"):
        used, why = _accel._decide()
    assert not used and why.endswith("rules.py changed since it was compiled")


def test_a_module_added_since_the_build_runs_as_python_beside_it(
    fake_build: dict[str, str], tmp_path: Path,
) -> None:
    (tmp_path / "sanguosha" / "generals" / "xinjiang.py").write_text("# a new general\n")
    assert _accel._decide() == (True, "compiled with mypyc")


def test_a_compiled_module_whose_source_is_gone_is_stale(fake_build: dict[str, str],
                                                         tmp_path: Path) -> None:
    (tmp_path / "sanguosha" / "generals" / "lvbu.py").unlink()
    with pytest.warns(_accel.StaleBuildWarning, match="lvbu.py changed"):
        assert not _accel._decide()[0]


def test_what_is_compiled_covers_the_rules_and_every_card_and_general() -> None:
    names = _accel.modules()
    for module in ("sgscore.sanguosha.rules", "sgscore.sanguosha.content.basic",
                   "sgscore.sanguosha.generals.zhugeliang", "sgscore.replay.resim",
                   "sgscore.dice.rules"):
        assert module in names
    assert "sgscore._accel" not in names and not any(m.endswith("__init__") for m in names)


def test_a_build_for_another_python_or_a_partial_one_is_not_used(
    fake_build: dict[str, str], tmp_path: Path,
) -> None:
    next(tmp_path.rglob("*" + EXTENSION_SUFFIXES[0])).unlink()
    assert _accel._decide() == (False, "this install is not compiled for this Python")



# ---------------------------------------------------------------- what each package declares
def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_game_in_another_package_declares_its_compiled_modules_as_sgscores_do(
    tmp_path: Path,
) -> None:
    # docs/architecture.md "The compiled core": each package names its own modules, relative to
    # itself; "sub.*" takes every module of a subpackage's folder, "*" every module of its own.
    root = _write(tmp_path / "tictactoe", {
        "__init__.py": "", "_compile.py": 'COMPILED = ("rules", "pieces.*")\n',
        "rules.py": "", "board.py": "", "spec.py": "",
        "pieces/__init__.py": "", "pieces/x.py": "", "pieces/o.py": "",
        "ai/__init__.py": "", "ai/_compile.py": 'COMPILED: tuple[str, ...] = ("*",)\n',
        "ai/minimax.py": "", "ai/greedy.py": "",
        "notes/_compile.py": 'COMPILED = ("nothing",)\n',  # not a package: not read
    })
    assert _accel.compiled_modules(str(root), "tictactoe") == [
        "tictactoe.rules", "tictactoe.pieces.o", "tictactoe.pieces.x",
        "tictactoe.ai.greedy", "tictactoe.ai.minimax",
    ]
    (root / "pieces" / "triangle.py").write_text("")  # a piece added later is compiled too
    assert "tictactoe.pieces.triangle" in _accel.compiled_modules(str(root), "tictactoe")


@pytest.mark.parametrize(("declared", "message"), [
    ('COMPILED = ("rulez",)', "COMPILED names 'rulez', which is not a module of tictactoe$"),
    ('COMPILED = ("ai.*",)', "COMPILED names 'ai.\\*', and tictactoe has no such folder$"),
    ('COMPILED = ("rules", "rules")', "tictactoe.rules is declared compiled twice$"),
    ('MODULES = ("rules",)', "no COMPILED"),
    ('COMPILED = tuple(["rules"])', "COMPILED is not a tuple of module names$"),
])
def test_a_declaration_that_names_no_module_is_refused_with_its_file(
    tmp_path: Path, declared: str, message: str,
) -> None:
    root = _write(tmp_path / "tictactoe", {"__init__.py": "", "rules.py": "",
                                           "_compile.py": declared + "\n"})
    with pytest.raises(ValueError, match=message) as e:
        _accel.compiled_modules(str(root), "tictactoe")
    assert str(e.value).startswith(str(root))  # the declaration's file, or its folder


def test_each_game_declares_its_own_compiled_modules() -> None:
    # sgscore's own declarations name no game module: each game package declares its own, so a
    # module moved or added inside a game touches that game's declaration only.
    root = Path(_accel.__file__).resolve().parent
    for game in ("sanguosha", "dice"):
        assert (root / game / _accel.DECLARATION).is_file()
        outside = [m for path in root.rglob(_accel.DECLARATION)
                   if game not in path.relative_to(root).parts
                   for m in _accel._declared(str(path)) if m.split(".")[0] == game]
        assert outside == [], f"modules of {game} declared outside it: {outside}"
    assert "sgscore.sanguosha.rules" in _accel.modules()
    assert "sgscore.dice.rules" in _accel.modules()
