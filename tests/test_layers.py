"""The layers hold (docs/architecture.md "The layers"): imports go one way, with no circle anywhere
in sgscore; each game's modules import only from their own floor and the floors below it, as
docs/architecture.md "The floors of a game" lists them; the core imports no game; the replay
toolkit and the command line reach no game package, not even through other modules; sgscore never
imports cli; and games are found through the registry, from this package or the
``sgscore.games`` entry points.

An import is every ``import`` the code holds: at the top of a module, inside a function (a lazy
import), or for type checking only: each is a dependency of the module that holds it."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from sgscore.core import games
from sgscore.core.registry import RegistrationError

import toy_nim

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
GAME_PACKAGES = ("sgscore.sanguosha", "sgscore.dice")


# ---------------------------------------------------------------------------- the graph
def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def _modules() -> dict[str, Path]:
    """Every module of sgscore and cli, by name."""
    return {_module_name(p): p for folder in ("sgscore", "cli")
            for p in sorted((ROOT / folder).rglob("*.py"))}


def _imported(path: Path, name: str) -> Iterator[tuple[str, bool]]:
    """The absolute names a module imports, anywhere in it (relative imports resolved; for
    ``from X import y``, ``X.y`` when that is a module, else ``X``), each with whether it is for
    type checking only (inside ``if TYPE_CHECKING:``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def visit(node: ast.AST, typing: bool) -> Iterator[tuple[str, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                yield from ((a.name, typing) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - child.level + 1]
                    mod = ".".join(base + ([child.module] if child.module else []))
                else:
                    mod = child.module or ""
                for a in child.names:
                    sub = f"{mod}.{a.name}"
                    yield (sub if sub in _modules() else mod), typing
            else:
                yield from visit(child, typing or (
                    isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test)))

    yield from visit(ast.parse(path.read_text(encoding="utf-8")), False)


def _edges(runtime: bool) -> dict[str, frozenset[str]]:
    known = _modules()
    out: dict[str, frozenset[str]] = {}
    for name, path in known.items():
        edges = set()
        for mod, typing in _imported(path, name):
            if runtime and typing:
                continue
            while mod and mod not in known:
                mod = mod.rpartition(".")[0]
            if mod and mod != name:
                edges.add(mod)
        out[name] = frozenset(edges)
    return out


@cache
def _graph() -> dict[str, frozenset[str]]:
    """Module -> the modules of sgscore and cli it imports, anywhere: a dependency, whether it
    loads the module (at the top, or inside a function) or names it for type checking."""
    return _edges(runtime=False)


@cache
def _loads() -> dict[str, frozenset[str]]:
    """Module -> the modules it loads, at once or later inside a function (not those it names
    for type checking only)."""
    return _edges(runtime=True)


def _circles(graph: dict[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _reach(start: str) -> set[str]:
    """Every module that loading ``start`` may load, through any chain of imports."""
    graph = _loads()
    seen, todo = set(), [start]
    while todo:
        v = todo.pop()
        for w in graph[v]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


def _in(mod: str, package: str) -> bool:
    return mod == package or mod.startswith(package + ".")


# ---------------------------------------------------------------------------- the floors
def _floors(game: str) -> list[tuple[str, list[str]]]:
    """The floors of ``game`` as docs/architecture.md "The floors of a game" lists them, from the
    ground up: ``(floor, [module or folder/, ...])``."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split('## The floors of a game', 1)[1].split("\n## ", 1)[0]
    table = section.split(f"`{game}`", 1)[1].split("\n\n", 2)[1]
    rows = [r for r in table.splitlines()
            if r.startswith("| ") and not r.startswith(("| floor", "| ---"))]
    out = []
    for row in reversed(rows):  # the table lists the top floor first
        cells = [c.strip() for c in row.strip("|").split("|")]
        out.append((cells[0], re.findall(r"`([\w/]+)`", cells[1])))
    return out


def _floor_of(module: str, game: str, floors: list[tuple[str, list[str]]]) -> int | None:
    rel = module.removeprefix(game).lstrip(".") or "__init__"
    for i, (_, names) in enumerate(floors):
        for n in names:
            if rel == n or (n.endswith("/") and (rel + ".").startswith(n[:-1] + ".")):
                return i
    return None


def _upward(game: str, graph: dict[str, frozenset[str]]) -> tuple[list[str], list[str]]:
    """The modules of ``game`` on no floor, and its imports that run up a floor."""
    floors = _floors(game)
    modules = [m for m in graph if _in(m, game) and not m.endswith("._compile")]
    where = {m: _floor_of(m, game, floors) for m in modules}
    unplaced = sorted(m for m, f in where.items() if f is None)
    up = [f"{m} ({floors[where[m] or 0][0]}) imports {d} ({floors[where[d] or 0][0]})"
          for m in modules for d in sorted(graph[m])
          if _in(d, game) and d in where and (where[d] or 0) > (where[m] or 0)]
    return unplaced, up


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_each_game_imports_only_from_its_floor_and_below(game: str) -> None:
    assert len(_floors(game)) >= 4, _floors(game)
    unplaced, up = _upward(game, _graph())
    assert not unplaced, (f"modules of {game} on no floor of docs/architecture.md \"The floors of "
                          f"a game\": {unplaced}")
    assert not up, "imports that run up a floor: " + "; ".join(up)


def test_no_module_imports_one_that_imports_it_back() -> None:
    circles = _circles(_graph())
    assert not circles, f"circles of imports: {circles}"


def test_the_core_imports_nothing_above_it() -> None:
    bad = [(m, d) for m in _modules() if _in(m, "sgscore.core")
           for d in _graph()[m] if not (_in(d, "sgscore.core") or d in ("sgscore", "sgscore._accel"))]
    assert not bad, f"the core imports from above it: {bad}"


@pytest.mark.parametrize("folder", ["sgscore.replay", "cli"])
def test_the_toolkit_and_the_cli_reach_no_game(folder: str) -> None:
    """Not directly, not through another module, not inside a function: they know a game
    only through its spec, found by the registry."""
    bad = {m: sorted(d for d in _reach(m) if any(_in(d, g) for g in GAME_PACKAGES))
           for m in _modules() if _in(m, folder)}
    bad = {m: d for m, d in bad.items() if d}
    assert not bad, f"{folder} reaches a game package: {bad}"


def test_sgscore_never_imports_cli() -> None:
    bad = [(m, d) for m in _modules() if _in(m, "sgscore") for d in _graph()[m] if _in(d, "cli")]
    assert not bad


def test_the_checks_see_what_they_check() -> None:
    # The graph holds the imports that the checks rely on seeing: a lazy one (inside a
    # function) and one for type checking only.
    graph = _graph()
    assert "sgscore.sanguosha.view_models" in graph["sgscore.sanguosha.spec"]  # lazy
    assert "sgscore.sanguosha.game" in graph["sgscore.sanguosha.rules"]  # for type checking
    assert "sgscore.sanguosha.game" not in _loads()["sgscore.sanguosha.rules"]
    assert _circles({"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}),
                     "d": frozenset({"a"})}) == [["a", "b", "c"]]
    floors = _floors("sgscore.sanguosha")
    assert _floor_of("sgscore.sanguosha.generals.caocao", "sgscore.sanguosha", floors) == \
        _floor_of("sgscore.sanguosha.generals", "sgscore.sanguosha", floors)
    # the rules importing a general runs up a floor; a new module of the package has no floor
    wrong = dict(_graph())
    wrong["sgscore.sanguosha.rules"] = wrong["sgscore.sanguosha.rules"] | {
        "sgscore.sanguosha.generals.caocao"}
    wrong["sgscore.sanguosha.newcomer"] = frozenset()
    unplaced, up = _upward("sgscore.sanguosha", wrong)
    assert unplaced == ["sgscore.sanguosha.newcomer"]
    assert up == ["sgscore.sanguosha.rules (rule procedures) imports "
                  "sgscore.sanguosha.generals.caocao (generals)"]


# ---------------------------------------------------------------------------- the registry
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
