"""Every rule procedure of both games is checked for a missing ``yield from``
(docs/architecture.md "Procedures are generators"): each function that returns a ``Proc`` is a
module-level function of a module its game's package sweeps when it is imported
(``checks.watch_procedures``), a hook its registration watches (a skill's ``trigger``, ``play`` and
``respond``, a dice skill's hooks, a variant's, a card type's ``effect`` and ``judged``: a module's
function given to a card type as one of those), or marked ``@procedure``. A procedure that is
none of these fails here, by name."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

from sgscore.core import checks
from sgscore.dice.model import HOOKS as DICE_HOOKS
from sgscore.dice.model import DiceSkill
from sgscore.sanguosha import CARD_TYPES, Config, new_game
from sgscore.sanguosha.cards import CardType
from sgscore.sanguosha.game import Variant
from sgscore.sanguosha.skills import Skill

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("sgscore/sanguosha", "sgscore/dice")

WATCHED: tuple[tuple[type, frozenset[str]], ...] = (
    (Skill, frozenset({"trigger", "play", "respond"})),
    (DiceSkill, frozenset(DICE_HOOKS)),
    (Variant, frozenset({"play", "resume", "round_begins", "kill_reward", "after_death",
                         "area_order"})),
)
"""The classes whose hooks are watched when a subclass is registered, and those hooks."""


def _modules() -> Iterator[tuple[str, Path]]:
    for folder in GAMES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            yield ".".join(parts), path


def _returns_proc(node: ast.FunctionDef) -> bool:
    return node.returns is not None and ast.unparse(node.returns) == "Proc"


def _marked(node: ast.FunctionDef) -> bool:
    return any(ast.unparse(d).split(".")[-1] == "procedure" for d in node.decorator_list)


def _delegates(node: ast.FunctionDef) -> bool:
    """Whether ``node`` is no generator but hands back another procedure's (``Game.resume``
    returns its mode's): nothing of its own can miss a ``yield from``. A body that only raises
    (an abstract hook) is no delegation."""
    own = [n for n in ast.walk(node) if n is not node]
    if any(isinstance(n, ast.Yield | ast.YieldFrom) for n in own):
        return False
    returns = [n for n in own if isinstance(n, ast.Return)]
    return bool(returns) and all(isinstance(r.value, ast.Call) for r in returns)


def _card_functions(tree: ast.AST) -> set[str]:
    """The functions a module gives a card type as its ``effect`` or ``judged`` (watched by the
    card type)."""
    return {kw.value.id for node in ast.walk(tree) if isinstance(node, ast.Call)
            for kw in node.keywords
            if kw.arg in ("effect", "judged") and isinstance(kw.value, ast.Name)}


def _unwatched(module: str, path: Path) -> Iterator[str]:
    """The procedures of ``module`` neither marked nor watched by a registration."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    loaded = importlib.import_module(module)
    cards = _card_functions(tree)
    swept = checks.SWEPT.get(module, [])

    def visit(node: ast.AST, cls: ast.ClassDef | None) -> Iterator[str]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                yield from visit(child, child if cls is None and node is tree else None)
            elif isinstance(child, ast.FunctionDef):
                top = cls is None and node is tree
                if _returns_proc(child) and not _marked(child) and not _hook(child, cls) \
                        and not _delegates(child) \
                        and not (top and (child.name in cards or child.name in swept)):
                    yield f"{module}.{(cls.name + '.') if cls else ''}{child.name}"
                yield from visit(child, None)

    def _hook(fn: ast.FunctionDef, cls: ast.ClassDef | None) -> bool:
        if cls is None:
            return False
        owner = getattr(loaded, cls.name, None)
        return isinstance(owner, type) and any(
            issubclass(owner, base) and fn.name in hooks for base, hooks in WATCHED)

    yield from visit(tree, None)


def test_every_procedure_is_marked_or_watched() -> None:
    bare = [name for module, path in _modules() for name in _unwatched(module, path)]
    assert bare == [], ("procedures its package does not sweep, no hook a registration watches "
                        f"and not marked @procedure: {bare}")


def test_the_rules_procedures_are_watched_wherever_a_module_holds_them() -> None:
    # The procedures carry no decorator (the compiled core calls them directly); the sweep of
    # each game's package wraps them in their module and in every module that imported them.
    from sgscore.dice import rules as dice_rules
    from sgscore.dice.generals import xiahoudun
    from sgscore.sanguosha import rules, zones

    assert "sgscore.sanguosha.zones" in checks.SWEPT and "discard" in checks.SWEPT[
        "sgscore.sanguosha.zones"]
    assert getattr(zones.discard, "__watched__", False)
    assert rules.discard is zones.discard  # ``from .zones import discard``: the same wrapper
    assert getattr(rules.use_card, "__watched__", False)
    assert getattr(dice_rules.take_arrow, "__watched__", False)
    assert vars(xiahoudun)["take_arrow"] is dice_rules.take_arrow  # ``from ..rules import``


def test_a_card_type_and_a_variant_have_their_procedures_watched() -> None:
    # The tests run with the check on (tests/conftest.py): a card's effect and judgement and a
    # variant's hooks are watched from their registration, not only those marked by hand.
    assert checks.CHECK_PROCEDURES
    lightning = CARD_TYPES["lightning"]
    assert isinstance(lightning, CardType)
    assert getattr(lightning.effect, "__watched__", False)
    assert getattr(lightning.judged, "__watched__", False)
    g = new_game(Config(players=6, mode="3v3", generals=None), 1)
    assert getattr(type(g.mode).kill_reward, "__watched__", False)
    assert getattr(type(g.mode).round_begins, "__watched__", False)  # inherited, watched too
    assert isinstance(g.mode, Variant)
