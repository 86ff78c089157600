"""Checking a summary read from a file against the shape its game writes: the pieces a game's
:meth:`GameSpec.summary_problems <sgscore.core.spec.GameSpec.summary_problems>` is made of.

A program that reads end records without re-simulating the games (``sgs stats``, for speed)
trusts what they say. It need not trust their shape: which entries a game writes for a config,
their types and lengths, and what the rules make of them together (a winner and a reason that go
together, a dead lord when the lord died) are the game's to say. A summary that passes is well
formed; whether it is the game's is for re-simulation to say (``sgs stats --validate``).

Each check returns what is wrong, in words (``"alive: 3 entries for 4 seats"``), and an empty
list when nothing is; a message quotes a value from the file only as a short scalar or its type.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from typing import Any

__all__ = ["Check", "entries_problems", "short", "count", "text", "one_of", "hex128",
           "per_seat"]

Check = Callable[[Any], str]
"""A check of one entry's value: what is wrong with it, or ``""``."""

_HEX128 = re.compile(r"[0-9a-f]{32}")


def short(v: Any) -> str:
    """A value from a file in a message: a scalar's ``repr`` cut to 40 characters, else its
    type."""
    text_ = repr(v) if v is None or type(v) in (bool, int, str) else type(v).__name__
    return text_ if len(text_) <= 40 else text_[:37] + "..."


def entries_problems(summary: Mapping[str, Any], checks: Mapping[str, Check]) -> list[str]:
    """The entries of ``summary`` against ``checks``, one per entry the game writes: each
    present and passing its check, and no entry more."""
    out = [f"{str(key)[:40]}: an entry the game does not write for this config"
           for key in summary if key not in checks]
    for key, check in checks.items():
        if key not in summary:
            out.append(f"{key}: missing")
            continue
        why = check(summary[key])
        if why:
            out.append(f"{key}: {why}")
    return out


def count(v: Any) -> str:
    """A non-negative integer (a boolean is not one)."""
    return "" if type(v) is int and v >= 0 else f"expected a non-negative integer, got {short(v)}"


def text(v: Any) -> str:
    """A string."""
    return "" if type(v) is str else f"expected a string, got {short(v)}"


def one_of(values: Collection[Any]) -> Check:
    """One of ``values`` (None among them for an entry that may be nil), type and all."""
    def check(v: Any) -> str:
        if any(type(v) is type(x) and v == x for x in values):
            return ""
        shown = ", ".join("nil" if x is None else str(x) for x in values)
        return f"{short(v)} is not one of {shown}"
    return check


def hex128(v: Any) -> str:
    """32 lowercase hex digits (the final state hash)."""
    return "" if type(v) is str and _HEX128.fullmatch(v) else "expected 32 lowercase hex digits"


def per_seat(seats: int, kind: type, allowed: Collection[Any] | None = None) -> Check:
    """A list of one ``kind`` value per seat (exactly that type: a boolean is not an integer),
    each one of ``allowed`` when given."""
    def check(v: Any) -> str:
        if type(v) is not list:
            return f"expected a list of one {kind.__name__} per seat, got {short(v)}"
        if len(v) != seats:
            return f"{len(v)} entries for {seats} seats"
        for i, x in enumerate(v):
            if type(x) is not kind:
                return f"seat {i}: expected a {kind.__name__}, got {short(x)}"
            if allowed is not None and x not in allowed:
                return f"seat {i}: {short(x)} is not one of the game's"
        return ""
    return check
