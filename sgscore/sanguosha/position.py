"""A position of a game as a runnable scenario test (docs/bug-reports.md "A position as a test").

:func:`scenario_test` writes the source of a pytest test that sets up, with the scenario harness
(:meth:`~sgscore.sanguosha.testing.Scenario.from_game`), the table of a game at its last
play-phase question before a given decision, submits the few decisions since, checks that the
same question is asked (its seat, kind, prompt and choices), then takes the decision the game took
there: a bug report's replay becomes a one-decision test (``sgs replay scenario FILE --at N``).
"""

from __future__ import annotations

from typing import Any

from ..core.protocol import Choice
from .cards import card_label
from .game import Game
from .testing import Scenario

__all__ = ["scenario_test"]

_WIDTH = 100


def _cards(cards: list[int] | tuple[int, ...]) -> str:
    return ", ".join(str(c) for c in cards)


def _named(cards: list[int] | tuple[int, ...]) -> str:
    return ", ".join(card_label(c, "en") for c in cards)


def _wrapped(head: str, items: list[str], indent: str = "    ", opening: str = "(",
             closing: str = ")") -> list[str]:
    """``head(item, item, ...)`` over as many lines as it takes."""
    line = f"{indent}{head}{opening}"
    out: list[str] = []
    for i, item in enumerate(items):
        piece = item + (", " if i < len(items) - 1 else "")
        if len(line) + len(piece) > _WIDTH - 1 and not line.endswith(opening):
            out.append(line.rstrip())
            line = indent + "    "
        line += piece
    out.append(line + closing)
    return out


def _seat_lines(s: Scenario) -> list[str]:
    out: list[str] = []
    for spec in s.seats:
        parts = []
        if spec.general_value:
            parts.append(f".general({spec.general_value!r})")
        if spec.sex_value is not None:
            parts.append(f".sex({spec.sex_value!r})")
        parts.append(f".hp({spec.hp_value!r}, {spec.max_hp_value!r})")
        hand = [c for c in spec.hand_cards if isinstance(c, int)]
        if hand:
            parts.append(f".hand({_cards(hand)})")
        equip = [c for c in spec.equip_cards if isinstance(c, int)]
        if equip:
            parts.append(f".equip({_cards(equip)})")
        for card, as_name in spec.judge_cards:
            parts.append(f".judge({card!r}, {as_name!r})")
        if spec.borrowed_value is not None:
            card, owner, use_it = spec.borrowed_value
            parts.append(f".borrowed({card!r}, {owner!r}, {use_it!r})")
        if spec.exact_skills is not None:
            parts.append(f".only_skills({', '.join(repr(x) for x in spec.exact_skills)})")
        if spec.dead_value:
            parts.append(".dead()")
        if spec.shown_value:
            parts.append(".shown()")
        named = [c for c in [*hand, *equip, *(c for c, _ in spec.judge_cards)] if isinstance(c, int)]
        if named:
            out.append(f"    # seat {spec.seat_no}: {_named(named)}")
        line = f"    s.seat({spec.seat_no})"
        for part in parts:
            if len(line) + len(part) > _WIDTH:
                out.append(line + " \\")
                line = "        "
            line += part
        out.append(line)
    return out


def scenario_test(game: Game, *, name: str = "test_position", source: str = "",
                  then: Choice | None = None, has_then: bool = False) -> str:
    """The source of a test module reaching ``game``'s question from a scenario: ``then`` (when
    ``has_then``) is the decision the game took there, submitted last. ``source`` names where
    the game came from (a replay's path and decision), said in the docstring.

    Raises :class:`~sgscore.sanguosha.testing.ScenarioError` when the game's table cannot be
    set up as a scenario (:meth:`Scenario.from_game`)."""
    s = Scenario.from_game(game)
    request = game.pending
    start = game.decisions - len(s.decisions)
    seat, _, _ = s.start_at
    where = source or f"decision {game.decisions} of a game"
    after = ("it is that question itself" if not s.decisions else
             f"the {len(s.decisions)} decision{'s' if len(s.decisions) > 1 else ''} taken after "
             f"it bring{'' if len(s.decisions) > 1 else 's'} the game to decision "
             f"{game.decisions}'s question")
    lines = [
        f'"""{where}, as a scenario test (docs/bug-reports.md "A position as a test").',
        "",
        f"The table is that of decision {start}, seat {seat}'s play-phase question, copied whole:",
        after + ("; then the test takes the decision the game took there." if has_then else "."),
        '"""',
        "",
        "from sgscore.testing import Scenario",
        "",
        "",
        f"def {name}() -> None:",
    ]
    head: dict[str, Any] = {"players": s.players}
    if s.generals is not None:
        head["generals"] = s.generals
    head["roles"] = s.roles
    head["seed"] = s.seed
    head.update(s.options)
    lines += _wrapped("s = Scenario", [f"{k}={v!r}" for k, v in head.items()])
    lines += _seat_lines(s)
    tops = [c for c in s.top_cards if isinstance(c, int)]
    if tops:
        lines += _wrapped("s.top", [str(c) for c in tops])
    discards = [c for c in s.discard_cards if isinstance(c, int)]
    if discards:
        lines += _wrapped("s.discard", [str(c) for c in discards])
    state = s.turn_state or {}
    lines += _wrapped("s.under_way", [
        str(seat), f"turn={state.get('turn')!r}", f"round={state.get('round')!r}",
        f"slashes={state.get('slashes')!r}", f"counters={state.get('counters')!r}",
        f"skipped={state.get('skipped')!r}"])
    lines.append(f"    s.rng({s.rng_state!r})")
    lines.append("    t = s.start()")
    if s.decisions:
        lines += _wrapped("for choice in ", [repr(c) for _, c in s.decisions], opening="[",
                          closing="]:")
        lines.append("        t.game.submit(choice)")
    if request is None:
        lines.append(f"    assert t.result == {game.result!r}")
    else:
        lines.append(f"    request = t.expect({request.seat!r}, {request.kind!r})")
        lines.append(f"    assert request.prompt == {request.prompt!r}")
        choices = list(request.choices())
        if len(choices) <= 40:
            lines += _wrapped("assert list(request.choices()) == ", [repr(c) for c in choices],
                              opening="[", closing="]")
        else:
            lines.append(f"    assert len(list(request.choices())) == {len(choices)}")
        if has_then:
            lines.append(f"    t.game.submit({then!r})  # the decision the game took here")
    return "\n".join(lines) + "\n"
