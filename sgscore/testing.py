"""The scenario harness of identity mode, by its public name (``from sgscore.testing import
Scenario``, as the docs and the rule tests write it).

The harness lives in :mod:`sgscore.sanguosha.testing`, inside the game it sets up, as the dice
game's lives in :mod:`sgscore.dice.testing`; this module only names what it exports.
"""

from __future__ import annotations

from .sanguosha.testing import (
    CardSpec,
    Scenario,
    ScenarioError,
    Table,
    check_conservation,
    table_difference,
)

__all__ = [
    "Scenario", "Table", "ScenarioError", "check_conservation", "table_difference", "CardSpec",
]
