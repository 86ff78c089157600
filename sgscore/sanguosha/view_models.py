"""Identity mode's views and requests as a frontend reads them: their pydantic models.

One definition for ``Game.view(seat)``, the full view (``SPEC.full_view``) and a pending request's
JSON form (``view(seat)["pending"]``): the JSON Schema files
``schemas/sanguosha-identity.view.schema.json`` and ``schemas/sanguosha-identity.request.schema.json``
are generated from it (``python -m sgscore.schemas``), and ``tests/test_view_schemas.py`` validates
the views of many games with it. ``docs/views.md`` says what every key means and who sees what.

Loaded only when a schema is asked for (``SPEC.view_schema()``, ``SPEC.request_schema()``): it
imports pydantic.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union, get_args

from pydantic import Field, StrictBool, StrictInt, StrictStr, TypeAdapter

from ..core.schema import (
    Card,
    Count,
    Label,
    OneOf,
    Shape,
    Strict,
    Value,
    Variadic,
    Waiting,
    document,
)
from ..core.schema import request_type as _request_type
from .model import PHASES, ROLES
from .telling import EVENTS, REQUESTS

__all__ = [
    "MAX_SEATS", "SHAPES", "PlayCard", "PlaySkill", "Player", "FullPlayer", "View", "FullView", "Request", "VIEW", "REQUEST",
    "view_schema", "request_schema",
]

MAX_SEATS = 10
"""Identity mode seats 4-10 players."""

Seat = Annotated[StrictInt, Field(ge=0, le=MAX_SEATS - 1, description="A seat.")]
Role = Literal["lord", "loyalist", "rebel", "renegade",
               "cold_marshal", "cold_vanguard", "warm_marshal", "warm_vanguard"]  # 3v3's last
Camp = Literal["cold", "warm"]
Phase = Literal["setup", "start", "judge", "draw", "play", "discard", "finish", "between"]
Reason = Literal["lord_died", "rebels_and_renegades_dead", "marshal_died", "round_cap", "no_cards"]
Slot = Annotated[StrictInt, Field(ge=-1, description="A card id, or -1 for an empty slot.")]
Cards = list[Card]
EventKind = Annotated[str, OneOf(sorted(EVENTS.names()))]
Event = Annotated[tuple[Any, ...], Variadic(EventKind, rest=Value)]
assert get_args(Role)[:4] == ROLES and get_args(Phase)[1:-1] == PHASES

_PLAY = Union[None, Annotated[tuple[Any, ...], Variadic(Card, rest=Seat)],  # noqa: UP007
              tuple[StrictStr, Cards, list[Seat]]]


class PlayCard(Strict):
    """A hand card that can be used now, with its targets: each ``[card, target...]`` is a
    choice."""

    card: Card
    targets: list[list[Seat]] = Field(description="Each set of targets it can be used on "
                                                  "([[]]: it needs none).")
    label: Label = Field(description="The card in words.")


class PlaySkill(Strict):
    """A skill that can be used now with these cards, with its targets: each ``[skill, cards,
    targets]`` is a choice."""

    skill: StrictStr = Field(description="The skill's id.")
    cards: Cards = Field(description="The cards it is used with (maybe none).")
    targets: list[list[Seat]] = Field(description="Each set of targets it can be used on.")
    label: Label = Field(description="The skill and its cards in words.")


_CHOSEN_CARD = Union[Literal["hand"], Card]  # noqa: UP007
_RESPOND_PROMPT = Union[  # noqa: UP007
    tuple[StrictStr, Seat],  # ("jink", source) against a 杀, ("peach", dying)
    tuple[StrictStr, StrictStr, Seat],  # ("slash", "duel", opponent), ("jink", "hujia", lord)
    tuple[StrictStr, Literal["jijiang"], Seat, list[Seat]],  # 激将 in the play phase: targets
    tuple[Literal["nullification"], StrictStr, Seat, Literal["nullification", "counter"]],
]

SHAPES: dict[str, Shape] = {
    "draft": Shape(Union[tuple[()], tuple[Literal["lord"]]], StrictStr),  # noqa: UP007
    "play": Shape(tuple[()], _PLAY, form="play",
                  groups=(("cards", list[PlayCard]), ("skills", list[PlaySkill]))),
    "respond": Shape(_RESPOND_PROMPT, Union[None, Card, tuple[StrictStr, Card],  # noqa: UP007
                                            tuple[StrictStr]]),
    "invoke": Shape(Annotated[tuple[Any, ...], Variadic(StrictStr, StrictStr, rest=Value)],
                    StrictBool),
    "order_skills": Shape(tuple[StrictStr], StrictStr),
    "discard_phase": Shape(tuple[Count], Cards, form="subset", item=Card),
    "dismantle": Shape(tuple[Seat], _CHOSEN_CARD),
    "snatch": Shape(tuple[Seat], _CHOSEN_CARD),
    "amazing_grace": Shape(tuple[()], Card),
    # the 1.0 deck (content/deck_1_0.py): 喜宴's pick, 猴子偷桃's card
    "feast": Shape(tuple[()], Card),
    "monkey_steals_peach": Shape(tuple[Seat], _CHOSEN_CARD),
    "choose_weapon": Shape(tuple[Card], Card),
    "double_swords": Shape(tuple[Seat], Literal["discard", "draw"]),
    "double_swords_discard": Shape(tuple[()], tuple[Card], form="subset", item=Card),
    "axe_discard": Shape(tuple[()], tuple[Card, Card], form="subset", item=Card),
    "kylin_bow": Shape(tuple[Seat], Card),
    "ice_sword": Shape(tuple[Seat], _CHOSEN_CARD),
    "liuli": Shape(tuple[Seat], tuple[Card, Seat]),
    "yiji": Shape(tuple[tuple[Card, Card]], tuple[Seat, Seat]),
    "jijiu": Shape(Union[tuple[Seat, Count], tuple[Seat, Count, Literal[True]]],  # noqa: UP007
                   Optional[Card]),  # noqa: UP045
    "wushuang_discard": Shape(tuple[Seat, StrictStr], Optional[Card]),  # noqa: UP045
    "guicai": Shape(tuple[Seat, StrictStr, Card], Card),
    "zhiheng": Shape(tuple[()], Cards, form="subset", item=Card),
    "ganglie": Shape(tuple[Seat], Optional[tuple[Card, Card]]),  # noqa: UP045
    "tuxi": Shape(tuple[()], Union[tuple[Seat], tuple[Seat, Seat]]),  # noqa: UP007
    "guanxing": Shape(tuple[Cards], tuple[Cards, Cards], form="arrange", item=Card),
    # the dark souls (detailed.py): the soul a dead player becomes, whom it possesses, its use
    "soul_host": Shape(tuple[Literal["luohan", "xuanwu", "zhuyou"]], Seat),
    "soul": Shape(Union[tuple[Literal["luohan", "zhuyou"], Seat, Count],  # noqa: UP007
                        tuple[Literal["xuanwu"], Seat, StrictStr]], StrictBool),
    "luohan_discard": Shape(tuple[Seat], Card),
    # 3v3 (mode_3v3.py): the draft, who acts, the direction of an area trick
    "first_pick": Shape(tuple[()], Camp),
    "first_action": Shape(tuple[()], Camp),
    "draft_take": Shape(Union[tuple[Literal[1]], tuple[Literal[2]]],  # noqa: UP007
                        Union[tuple[StrictStr], tuple[StrictStr, StrictStr]]),  # noqa: UP007
    "assign_generals": Shape(tuple[()], tuple[StrictStr, StrictStr, StrictStr]),
    "camp_action": Shape(tuple[Camp], Union[tuple[Seat], tuple[Seat, Seat]]),  # noqa: UP007
    "trick_order": Shape(tuple[StrictStr], Literal["ccw", "cw"]),
}
"""Each request kind's prompt and choice, as JSON (the kinds' words say what they mean)."""

Request: Any = _request_type(REQUESTS, SHAPES, Seat)
"""A pending request in its JSON form: ``{"seat", "kind", "prompt", "question", "count", "form",
...}`` and the keys of its form."""


class Player(Strict):
    """One seat as a view shows it; hand and role depend on who looks."""

    seat: Seat
    general: StrictStr = Field(description="The general's id ('' in beginner mode, and before "
                                           "the draft has dealt it).")
    kingdom: StrictStr = Field(description="The general's kingdom (wei, shu, wu, qun; two "
                                           "separated by a space when it counts as both; '' "
                                           "without a general).")
    sex: Literal["m", "f"]
    hp: StrictInt = Field(description="HP now (0 or less while dying).")
    max_hp: Count
    alive: StrictBool
    role: Role | None = Field(description="The role, or null while it is hidden from this "
                                          "viewer: shown for the viewer's own seat, the lord, "
                                          "the dead, a role shown by a skill (铜铃), every "
                                          "role in 3v3, and every role once the game is over "
                                          "(it has a result).")
    hand_size: Count
    hand: Cards | None = Field(description="The hand card ids: only in the viewer's own seat "
                                           "(null for every other seat and for a spectator).")
    equip: tuple[Slot, Slot, Slot, Slot] = Field(
        description="The equipment slots: weapon, armor, +1 horse, -1 horse.")
    judge: list[tuple[Card, StrictStr]] = Field(
        description="The judgement area: [card id, the delayed trick it counts as], in the order "
                    "placed (judged last-placed first).")
    borrowed: tuple[Card, Seat, StrictBool] | None = Field(
        description="A weapon borrowed with 借刀杀人: [card id, its owner's seat, whether this "
                    "seat uses it meanwhile]; null when there is none.")
    skills: list[StrictStr] = Field(description="The ids of the skills the seat has now "
                                                "(the general's and the equipment's).")


class FullPlayer(Player):
    """One seat in the full view: every hand is shown."""

    hand: Cards = Field(description="The hand card ids.")
    role: Role | None = Field(description="The role (null only before the roles are dealt).")


class _Table(Strict):
    current: Seat = Field(description="The seat whose turn it is.")
    phase: Phase = Field(
        description="The phase of the current turn; 'setup' before the first turn, 'between' "
                    "after a turn's finish phase.")
    round: Count = Field(description="Rounds begun.")
    turn: Count = Field(description="Turns begun, over the whole game.")
    draw_pile: Count = Field(description="How many cards are in the draw pile (never its order).")
    discard_pile: Cards = Field(description="The discard pile's card ids, the top one last.")
    processing: Cards = Field(description="Cards being used or played, on their way to the "
                                          "discard pile.")
    result: tuple[Role | Camp | None, Reason] | None = Field(
        description="[winner, reason] once the game is over (winner: lord, rebel, renegade, "
                    "in 3v3 the camp cold or warm, or null for a draw; reason: lord_died, "
                    "rebels_and_renegades_dead, marshal_died, round_cap, no_cards); null while "
                    "it runs.")


class View(_Table):
    """What one seat may see: Game.view(seat) (seat null: a spectator)."""

    seat: Seat | None = Field(description="The viewer (null: a spectator).")
    players: list[Player] = Field(min_length=4, max_length=MAX_SEATS)
    pending: Request | Waiting | None = Field(
        description="The pending request in full for the seat that must decide; {\"waiting\": "
                    "true} for every other viewer; null when the game is over.")
    events: list[Event] = Field(
        description="The events (from index `since` on), each [kind, args..., hidden?]: the "
                    "hidden part only when it was shown to this viewer (docs/events.md).")
    events_from: Count = Field(
        description="The index of the first event of `events` (`since`, or the number of events "
                    "when `since` was past the last one).")
    rewound: StrictBool = Field(
        description="True when `since` was past the last event: the game was undone "
                    "(replay_to), so the events a frontend kept from `events_from` on are gone.")


class FullView(_Table):
    """The whole table, every hand and role shown: SPEC.full_view(game); no events."""

    seat: None = Field(description="Always null.")
    players: list[FullPlayer] = Field(min_length=4, max_length=MAX_SEATS)
    pending: Request | None = Field(description="The pending request in full; null when the "
                                                "game is over.")


VIEW: TypeAdapter[View | FullView] = TypeAdapter(View | FullView)
"""Validates a view (a seat's or the full one) in its JSON form: ``VIEW.validate_json(text)``."""
REQUEST: TypeAdapter[Any] = TypeAdapter(Request)
"""Validates a pending request in its JSON form."""

def view_schema() -> dict[str, Any]:
    """The JSON Schema of identity mode's views."""
    return document(View | FullView, "sanguosha/identity: a view",
                    "Game.view(seat) (with events) or the full view (without): what a frontend "
                    "shows. docs/views.md says what every key means.")


def request_schema() -> dict[str, Any]:
    """The JSON Schema of identity mode's pending request, in its JSON form."""
    return document(Request, "sanguosha/identity: a pending request",
                    "A pending request as plain JSON, as view(seat)['pending'] gives it to the "
                    "seat that must decide: one object type per request kind, told apart by "
                    "'kind', with the question and the words of its choices in English and "
                    "Chinese. 'form' says how the legal choices are given: listed ('pick', "
                    "'play', which also groups them by card and skill), a pool to choose from "
                    "('subset') or cards to place ('arrange'). A choice, as JSON, is what "
                    "Request.check and Game.submit take. The kinds' words write None and "
                    "tuples as Python does: null and arrays in JSON. docs/views.md.")
