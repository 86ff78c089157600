"""The layers hold (docs/architecture.md "The layers"): the replay toolkit and the command line
import no game package, only the game interface and the registry; sgscore never imports cli; and
games are found through the registry, from this package or the ``sgscore.games`` entry points."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from sgscore.core import games
from sgscore.core.registry import RegistrationError

import toy_nim

ROOT = Path(__file__).resolve().parent.parent
GAME_PACKAGES = ("sgscore.sanguosha",)


def _imports(path: Path, package: str) -> Iterator[str]:
    """The absolute module names a file imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            yield mod
            yield from (f"{mod}.{a.name}" for a in node.names)


def _modules(folder: str) -> list[tuple[Path, str]]:
    out = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        package = ".".join(parts if parts[-1] == "__init__" else parts[:-1])
        out.append((path, package.removesuffix(".__init__")))
    return out


@pytest.mark.parametrize("folder", ["sgscore/replay", "cli"])
def test_the_toolkit_and_the_cli_import_no_game(folder: str) -> None:
    bad = [(path.name, mod) for path, package in _modules(folder)
           for mod in _imports(path, package)
           if any(mod == g or mod.startswith(g + ".") for g in GAME_PACKAGES)]
    assert not bad, f"{folder} imports a game package: {bad}"


def test_sgscore_never_imports_cli() -> None:
    bad = [(path.name, mod) for path, package in _modules("sgscore")
           for mod in _imports(path, package) if mod == "cli" or mod.startswith("cli.")]
    assert not bad


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "_games", {})
    monkeypatch.setattr(games, "_loaded", False)


def _entry_points(*eps: EntryPoint) -> object:
    def fake(group: str) -> list[EntryPoint]:
        assert group == games.GROUP
        return list(eps)
    return fake


def test_a_package_ships_a_game_through_an_entry_point(
    fresh_registry: None, monkeypatch: pytest.MonkeyPatch,
) -> None:
    ep = EntryPoint(name="toy/nim", value="toy_nim:SPEC", group=games.GROUP)
    monkeypatch.setattr(games, "entry_points", _entry_points(ep))
    assert games.game_ids() == ["sanguosha/identity", "sanguozhi/dice", "toy/nim"]
    assert games.get_game("toy/nim") is toy_nim.SPEC
    assert games.spec_for_config(toy_nim.NimConfig()) is toy_nim.SPEC


def test_a_broken_plugin_is_named_not_skipped(
    fresh_registry: None, monkeypatch: pytest.MonkeyPatch,
) -> None:
    ep = EntryPoint(name="broken", value="no_such_module:SPEC", group=games.GROUP)
    monkeypatch.setattr(games, "entry_points", _entry_points(ep))
    with pytest.raises(RegistrationError, match="entry point 'broken' of group 'sgscore.games'"):
        games.game_ids()


def test_two_games_cannot_share_an_id(fresh_registry: None) -> None:
    games.register_game(toy_nim.SPEC)
    with pytest.raises(RegistrationError, match="registered twice"):
        games.register_game(toy_nim.NimSpec())
    assert games.get_game("no/such") is None
