"""Naming cards as the scenario harness does (``"slash S7"``, ``"peach HQ"``), by its public
name.

The code lives in :mod:`sgscore.sanguosha.cards_api`, inside the card game whose cards it names;
this module only names what it exports.
"""

from __future__ import annotations

from .sanguosha.cards_api import card_matches, find_card, parse_spec

__all__ = ["card_matches", "find_card", "parse_spec"]
