"""三国掷 (000): the dice game, BANG! The Dice Game re-themed, as a second game on the engine.

It shares the decision protocol, the PRNG and the replay format with identity mode, and nothing
of its rules. ``docs/dice.md`` describes the rules as implemented; the modules:

| module | what it holds |
| --- | --- |
| ``model.py`` | faces, roles, ``Player``, ``Damage``, ``DiceSkill`` with its hooks, the registries of skills and generals |
| ``config.py`` | ``DiceConfig`` and 000's role table |
| ``rules.py`` | the procedures: setup, the turn, rolling, the final dice, arrows, damage, death and victory |
| ``game.py`` | ``DiceGame``: the state, views, summary and hashes |
| ``telling.py`` | the event and request kinds with their words, ``DiceTeller`` |
| ``spec.py`` | the ``GameSpec`` (``sanguozhi/dice``) |
| ``agent.py`` | ``DiceHeuristicAgent`` |
| ``testing.py`` | the scenario harness |
| ``invariants.py`` | ``DiceInvariants``: what holds after every decision (``python -m sgscore.fuzz games`` checks it) |
| ``generals/`` | one module per general |
"""

from ..core.checks import watch_procedures
from . import generals  # noqa: F401 - registers every general
from .config import DiceConfig
from .game import GAME_ID, DiceGame

watch_procedures(__name__)  # with SGSCORE_CHECK_PROCEDURES only (core/checks.py)

__all__ = ["DiceConfig", "DiceGame", "GAME_ID"]
