"""The dice game's scenario harness: set up a table, set the faces of the next rolls, script the
decisions, check what happened (``docs/dice.md``, "Scenarios").

::

    from sgscore.dice.testing import DiceScenario

    s = DiceScenario(players=4)                  # seats without generals: 8 HP, the lord 10
    s.seat(1).hp(3).arrows(2)                    # seat 1: 3 HP, holds 2 【箭】 (the pile: 7)
    s.dice("gatling", "gatling", "gatling", "beer", "arrow")
    t = s.start()                                # the lord's turn, its first roll done
    t.keep()                                     # no reroll
    t.beer(0)                                    # the 酒 for the lord itself
    assert t.hp(1) == 2 and t.arrows(0) == 0     # 万箭齐发 hit seat 1; the lord's 【箭】 went back

A seat is given a general by id, or ``None``: no general and no skill, 8 HP (the lord +2). Roles
default to 000's table in seat order (seat 0 the lord; at 3 players 忠臣, 内奸, 反贼). Faces are
named ``arrow``, ``dynamite``, ``slash1``, ``slash2``, ``beer``, ``gatling`` and are used by the
rolls in order, each rolled die taking the next; once they run out the game's RNG rolls.

Strict like :mod:`sgscore.testing`: :meth:`DiceTable.answer` fails when another seat or another
kind of question is asked. Forced decisions (one legal choice) are taken by the engine unasked.
"""

from __future__ import annotations

from typing import Any

from ..core.protocol import Choice
from .config import DiceConfig
from .game import DiceGame
from .model import ARROWS, FACES, GENERALS, LORD
from .rules import first_seat

__all__ = ["DiceScenario", "DiceTable", "ScenarioError", "check_arrows"]


class ScenarioError(AssertionError):
    """The game did not go as the scenario's script says."""


class _Seat:
    def __init__(self) -> None:
        self.hp_value: int | None = None
        self.max_hp_value: int | None = None
        self.arrows_value = 0
        self.role_value: str | None = None
        self.dead_value = False

    def hp(self, hp: int, max_hp: int | None = None) -> _Seat:
        """HP (and max HP; default: the general's, the lord's +2)."""
        self.hp_value = hp
        self.max_hp_value = max_hp
        return self

    def arrows(self, n: int) -> _Seat:
        """【箭】 held, taken from the pile."""
        self.arrows_value = n
        return self

    def role(self, role: str) -> _Seat:
        self.role_value = role
        return self

    def dead(self) -> _Seat:
        """The seat has died before the scenario starts."""
        self.dead_value = True
        return self


class DiceScenario:
    """A table to set up: seats, generals, roles, HP, 【箭】, the faces of the next rolls."""

    def __init__(self, players: int = 5, generals: list[str | None] | None = None,
                 roles: list[str] | None = None, seed: int = 0, max_rounds: int = 100) -> None:
        self.players = players
        self.generals = generals if generals is not None else [None] * players
        if len(self.generals) != players:
            raise ScenarioError(f"generals: {len(self.generals)} given for {players} seats")
        config = DiceConfig(players=players)
        self.roles = list(roles) if roles is not None else list(config.roles())
        self.seed = seed
        self.max_rounds = max_rounds
        self.seats = [_Seat() for _ in range(players)]
        self.faces: list[str] = []
        self.start_seat: int | None = None

    def seat(self, i: int) -> _Seat:
        return self.seats[i]

    def dice(self, *faces: str) -> DiceScenario:
        """The faces of the next dice rolled, first rolled first."""
        _check_faces(faces)
        self.faces.extend(faces)
        return self

    def start(self, seat: int | None = None) -> DiceTable:
        """Run the game from ``seat``'s turn (default: the lord's; at 3 players the 忠臣's) to
        the first decision."""
        self.start_seat = seat
        ids = tuple(g if g is not None else GENERALS.names()[0] for g in self.generals)
        # A config seats a general once (no deal gives one twice), but a scenario's seats without
        # a general all hold the first one until the setup clears them, and it may seat one
        # twice: the config is checked with the seats' generals each once, then given them all.
        config = DiceConfig(players=self.players, max_rounds=self.max_rounds,
                            generals=ids if len(set(ids)) == len(ids) else "random")
        object.__setattr__(config, "generals", ids)
        return DiceTable(DiceGame(config, self.seed, _setup=_Setup(self)))


class _Setup:
    """Applies a :class:`DiceScenario` to a dealt game (``DiceGame``'s ``_setup``)."""

    def __init__(self, s: DiceScenario) -> None:
        self.s = s
        self.start = s.start_seat

    def apply(self, g: DiceGame) -> None:
        s = self.s
        held = 0
        for p, spec, gid, role in zip(g.players, s.seats, s.generals, s.roles, strict=True):
            p.role = role
            p.general = gid or ""
            base = GENERALS[gid].hp if gid else 8
            p.max_hp = base + (2 if role == LORD and g.n > 3 else 0)
            if spec.max_hp_value is not None:
                p.max_hp = spec.max_hp_value
            p.hp = spec.hp_value if spec.hp_value is not None else p.max_hp
            p.alive = not spec.dead_value
            p.arrows = spec.arrows_value if p.alive else 0
            held += p.arrows
        if held >= ARROWS:
            raise ScenarioError(f"{held} 【箭】 held: at least one must stay in the pile")
        g.pile = ARROWS - held
        g.rigged = list(s.faces)
        if self.start is None:
            self.start = first_seat(g)


def _check_faces(faces: tuple[str, ...]) -> None:
    bad = [f for f in faces if f not in FACES]
    if bad:
        raise ScenarioError(f"no face {bad[0]!r} (faces: {', '.join(FACES)})")


class DiceTable:
    """A running scenario: answer what is asked, read the table."""

    def __init__(self, game: DiceGame) -> None:
        self.game = game

    # -- scripting
    def asked(self) -> tuple[int, str] | None:
        """``(seat, kind)`` of the pending question, None when the game is over."""
        req = self.game.pending
        return None if req is None else (req.seat, req.kind)

    def answer(self, seat: int, kind: str, choice: Choice) -> DiceTable:
        """``seat`` must be asked ``kind``; submit ``choice``."""
        req = self.game.pending
        if req is None:
            raise ScenarioError(f"nothing is asked (the game is over: {self.game.result}); "
                                f"expected {kind} of seat {seat}")
        if req.seat != seat or req.kind != kind:
            raise ScenarioError(f"expected {kind} of seat {seat}, but seat {req.seat} is asked "
                                f"{req.kind} {req.prompt!r} (choices {list(req.choices())!r})")
        self.game.submit(choice)
        return self

    def choices(self) -> list[Choice]:
        req = self.game.pending
        return [] if req is None else list(req.choices())

    def reroll(self, *dice: int) -> DiceTable:
        """The current player rerolls the dice ``dice`` (indexes 0-4)."""
        return self.answer(self.game.current, "reroll", tuple(sorted(dice)))

    def keep(self) -> DiceTable:
        """The current player stops rolling."""
        return self.answer(self.game.current, "reroll", ())

    def shoot(self, target: int) -> DiceTable:
        """The current player's next 杀 die hits ``target``."""
        return self.answer(self.game.current, "slash_target", target)

    def beer(self, target: int) -> DiceTable:
        """The current player's next 酒 die goes to ``target``."""
        return self.answer(self.game.current, "beer_target", target)

    def dice(self, *faces: str) -> DiceTable:
        """The faces of the next dice rolled (after those already set)."""
        _check_faces(faces)
        self.game.rigged.extend(faces)
        return self

    # -- reading
    def hp(self, seat: int) -> int:
        return self.game.players[seat].hp

    def arrows(self, seat: int) -> int:
        return self.game.players[seat].arrows

    def alive(self, seat: int) -> bool:
        return self.game.players[seat].alive

    @property
    def pile(self) -> int:
        return self.game.pile

    @property
    def faces(self) -> list[str]:
        """The dice as they show now."""
        return list(self.game.dice)

    @property
    def current(self) -> int:
        return self.game.current

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def winner(self) -> str | None:
        return self.game.result[0] if self.game.result else None

    @property
    def reason(self) -> str | None:
        return self.game.result[1] if self.game.result else None

    def events(self, kind: str | None = None) -> list[tuple[Any, ...]]:
        """The events so far as ``(kind, *args)`` (hidden parts left out), of one kind or all."""
        return [(k, *args) for k, args, _, _ in self.game.events if kind is None or k == kind]


def check_arrows(game: DiceGame) -> None:
    """Every 【箭】 is in the pile or held by a living player: 9 in all."""
    held = sum(p.arrows for p in game.players)
    if game.pile + held != ARROWS or any(p.arrows for p in game.players if not p.alive):
        raise ScenarioError(f"arrows: pile {game.pile} + held {held} != {ARROWS}, or a dead "
                            "player holds some")
