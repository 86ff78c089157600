"""The dice game's views and requests as a frontend reads them: their pydantic models.

One definition for ``DiceGame.view(seat)``, the full view (``DiceGame.full_view``) and a pending
request's JSON form (``view(seat)["pending"]``): the JSON Schema files
``schemas/sanguozhi-dice.view.schema.json`` and ``schemas/sanguozhi-dice.request.schema.json`` are
generated from it (``python -m sgscore.schemas``), and ``tests/test_view_schemas.py`` validates the
views of many games with it. ``docs/views.md`` says what every key means and who sees what.

Loaded only when a schema is asked for (``SPEC.view_schema()``, ``SPEC.request_schema()``): it
imports pydantic.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, get_args

from pydantic import Field, StrictBool, StrictInt, StrictStr, TypeAdapter

from ..core.schema import Count, OneOf, Shape, Strict, Value, Variadic, Waiting, document
from ..core.schema import request_type as _request_type
from .config import MAX_PLAYERS, MIN_PLAYERS
from .model import DICE, FACES, ROLES
from .telling import EVENTS, REQUESTS

__all__ = [
    "SHAPES", "Player", "FullPlayer", "View", "FullView", "Request", "VIEW", "REQUEST",
    "view_schema", "request_schema",
]

Seat = Annotated[StrictInt, Field(ge=0, le=MAX_PLAYERS - 1, description="A seat.")]
Role = Literal["lord", "loyalist", "rebel", "renegade"]
Face = Literal["arrow", "dynamite", "slash1", "slash2", "beer", "gatling"]
Die = Annotated[StrictInt, Field(ge=0, le=DICE - 1, description="A die, by its index 0-4.")]
Reason = Literal["lord_died", "rebels_and_renegades_dead", "all_dead", "goal", "last_standing",
                 "round_cap"]
EventKind = Annotated[str, OneOf(sorted(EVENTS.names()))]
Event = Annotated[tuple[Any, ...], Variadic(EventKind, rest=Value)]
Dice = tuple[Face | Literal[""], Face | Literal[""], Face | Literal[""], Face | Literal[""],
             Face | Literal[""]]
assert get_args(Role) == ROLES and get_args(Face) == FACES and len(get_args(Dice)) == DICE

SHAPES: dict[str, Shape] = {
    "reroll": Shape(tuple[tuple[Face, Face, Face, Face, Face], Count], list[Die], form="subset",
                    item=Die),
    "slash_target": Shape(tuple[Die, Literal["slash1", "slash2"]], Seat),
    "beer_target": Shape(tuple[Die], Seat),
    "skill_target": Shape(tuple[StrictStr], Optional[Seat]),  # noqa: UP045
    "skill_amount": Shape(tuple[StrictStr, Count], Count),
    "skill_invoke": Shape(tuple[StrictStr], StrictBool),
    "skill_seats": Shape(tuple[StrictStr, Count], list[Seat], form="subset", item=Seat),
    "skill_shot": Shape(tuple[StrictStr], Optional[Die]),  # noqa: UP045
}
"""Each request kind's prompt and choice, as JSON (the kinds' words say what they mean)."""

Request: Any = _request_type(REQUESTS, SHAPES, Seat)
"""A pending request in its JSON form: ``{"seat", "kind", "prompt", "question", "count", "form",
...}`` and the keys of its form."""


class Player(Strict):
    """One seat as a view shows it; only role depends on who looks."""

    seat: Seat
    general: StrictStr = Field(description="The general's id (sgs info --game dice).")
    role: Role | None = Field(description="The role, or null while it is hidden from this "
                                          "viewer: shown for the viewer's own seat, the lord, "
                                          "the dead, every seat of a 3-player game, and "
                                          "every seat once the game is over (it has a "
                                          "result).")
    hp: StrictInt = Field(description="HP now (0 or less once dead).")
    max_hp: Count
    arrows: Count = Field(description="The 【箭】 the seat holds.")
    alive: StrictBool


class FullPlayer(Player):
    """One seat in the full view: every role is shown."""

    role: Role = Field(description="The role.")


class _Table(Strict):
    current: Seat = Field(description="The seat whose turn it is.")
    phase: Literal["setup", "roll", "resolve"] = Field(
        description="'setup' before the first turn; 'roll' while the dice are rolled and "
                    "rerolled; 'resolve' while the final dice take effect.")
    round: Count = Field(description="Rounds begun.")
    turn: Count = Field(description="Turns begun, over the whole game.")
    pile: Count = Field(description="【箭】 left in the pile (9 in the game: the pile and those "
                                    "held).")
    dice: Dice = Field(description="The five dice of the current turn, by index: each a face, "
                                   "or '' before it is rolled.")
    rerolls_left: Count = Field(description="Rerolls the current seat may still make.")
    result: tuple[Role | None, Reason] | None = Field(
        description="[winner, reason] once the game is over (winner: the winning side's role, "
                    "null for a draw); null while it runs.")


class View(_Table):
    """What one seat may see: DiceGame.view(seat) (seat null: a spectator)."""

    seat: Seat | None = Field(description="The viewer (null: a spectator).")
    players: list[Player] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    pending: Request | Waiting | None = Field(
        description="The pending request in full for the seat that must decide; {\"waiting\": "
                    "true} for every other viewer; null when the game is over.")
    events: list[Event] = Field(
        description="Every event, each [kind, args..., hidden?]: the hidden part only when it "
                    "was shown to this viewer (docs/dice.md).")
    events_from: Count = Field(
        description="The index of the first event of `events` (`since`, or the number of events "
                    "when `since` was past the last one).")
    rewound: StrictBool = Field(
        description="True when `since` was past the last event: the game was undone "
                    "(replay_to), so the events a frontend kept from `events_from` on are gone.")


class FullView(_Table):
    """The whole table, every role shown: SPEC.full_view(game); no events."""

    seat: None = Field(description="Always null.")
    players: list[FullPlayer] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    pending: Request | None = Field(description="The pending request in full; null when the "
                                                "game is over.")


VIEW: TypeAdapter[View | FullView] = TypeAdapter(View | FullView)
"""Validates a view (a seat's or the full one) in its JSON form: ``VIEW.validate_json(text)``."""
REQUEST: TypeAdapter[Any] = TypeAdapter(Request)
"""Validates a pending request in its JSON form."""


def view_schema() -> dict[str, Any]:
    """The JSON Schema of the dice game's views."""
    return document(View | FullView, "sanguozhi/dice: a view",
                    "DiceGame.view(seat) (with events) or the full view (without): what a "
                    "frontend shows. docs/views.md says what every key means.")


def request_schema() -> dict[str, Any]:
    """The JSON Schema of the dice game's pending request, in its JSON form."""
    return document(Request, "sanguozhi/dice: a pending request",
                    "A pending request as plain JSON, as view(seat)['pending'] gives it to the "
                    "seat that must decide: one object type per request kind, told apart by "
                    "'kind', with the question and the words of its choices in English and "
                    "Chinese. 'form' says how the legal choices are given: listed ('pick', "
                    "'play', which also groups them by card and skill), a pool to choose from "
                    "('subset') or cards to place ('arrange'). A choice, as JSON, is what "
                    "Request.check and Game.submit take. The kinds' words write None and "
                    "tuples as Python does: null and arrays in JSON. docs/views.md.")
