"""The pieces a game's view and request models are made of, and the JSON Schema made from them.

A frontend reads plain JSON: ``view(seat)``, the full view and a pending request in its JSON form
(``view(seat)["pending"]``). Each game defines their shapes once, as pydantic models (identity
mode: ``sgscore/sanguosha/view_models.py``); the JSON Schema files in ``schemas/`` are generated
from them (:mod:`sgscore.schemas`) and the tests validate the views of many games with the
same models. ``docs/views.md`` says what every key means.

Only a game's model module imports this one, and only :meth:`GameSpec.view_schema
<sgscore.core.spec.GameSpec.view_schema>` and ``request_schema`` import a model module: pydantic
is loaded when a schema is asked for, never by ``import sgscore`` or a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import GenericAlias
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    create_model,
)
from pydantic_core import CoreSchema, core_schema
from typing_extensions import TypeAliasType

from .registry import Registry, RequestKind

__all__ = [
    "JSON_SCHEMA", "Value", "Strict", "Card", "Count", "Variadic", "OneOf", "Waiting", "Shape",
    "GENERIC", "request_type", "document", "Label", "Form",
]

JSON_SCHEMA = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every schema written here."""

if TYPE_CHECKING:  # mypy cannot follow the recursive alias; pydantic reads the one below
    Value = Any
else:
    Value = TypeAliasType("Value", None | StrictBool | StrictInt | StrictStr | list["Value"])
"""A plain JSON value as the games use them: null, a boolean, an integer, a string or an array of
values (an event's arguments, a choice). In Python, arrays are tuples."""


class Strict(BaseModel):
    """A JSON object with exactly these keys, each of exactly its type (``true`` is no integer,
    ``1`` no boolean): a view with a key too many, too few or of the wrong type is refused."""

    model_config = ConfigDict(extra="forbid", strict=True)


Card = Annotated[StrictInt, Field(ge=0, description="A physical card id.")]
Count = Annotated[StrictInt, Field(ge=0)]


class Variadic:
    """``Annotated[tuple[Any, ...], Variadic(A, B, rest=C)]``: a JSON array of an ``A``, a ``B``,
    then any number of ``C`` (``prefixItems`` and ``items``); pydantic's ``tuple[A, B, *tuple[C,
    ...]]``, which Python 3.11 cannot spell."""

    def __init__(self, *items: Any, rest: Any) -> None:
        self.items = items
        self.rest = rest

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        types = [handler.generate_schema(t) for t in (*self.items, self.rest)]
        return core_schema.tuple_schema(types, variadic_item_index=len(self.items))


class OneOf:
    """``Annotated[str, OneOf(names)]``: one of these strings (a JSON Schema ``enum``), for a set
    known only when the game's content is loaded (its event kinds)."""

    def __init__(self, values: Iterable[str]) -> None:
        self.values = tuple(values)

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.literal_schema(list(self.values))


class Waiting(Strict):
    """A decision is awaited from another seat: all that a seat not asked, or a spectator, sees of
    it (a seat with nothing it could answer is never asked, so who is asked is hidden)."""

    waiting: Literal[True]


Form = Literal["pick", "subset", "arrange", "play"]
"""How a request's JSON form shapes its choices (``Request.form()``; docs/views.md)."""


@dataclass(frozen=True)
class Shape:
    """What one request kind's ``prompt`` and choice look like in JSON (pydantic types), and
    the form its requests take (``Request.form()``): ``"pick"`` lists the ``choices``;
    ``"subset"`` gives a ``pool`` of ``item`` and its bounds; ``"arrange"`` the ``cards``
    (each an ``item``) to place; ``"play"`` lists the ``choices`` and groups them in the keys
    of ``groups`` (``(key, type)`` pairs)."""

    prompt: Any
    choice: Any
    form: Form = "pick"
    item: Any = None
    groups: tuple[tuple[str, Any], ...] = ()


def literal_words(tp: Any) -> set[str]:
    """The strings a type's ``Literal`` parts allow, at any depth (a choice's words for the
    action space: ``Literal["discard", "draw"]``, a camp)."""
    out: set[str] = set()
    if get_origin(tp) is Literal:
        return {a for a in get_args(tp) if isinstance(a, str)}
    for arg in get_args(tp):
        out |= literal_words(arg)
    return out


GENERIC = Shape(list[Value], Value)
"""The shape of a request kind the game's models do not know (any prompt, any choice)."""


class Label(Strict):
    """A text in each language: what a request asks, or what a choice or an item is."""

    en: StrictStr
    zh: StrictStr


_FORM_DOC = {
    "pick": "Every legal choice is listed in 'choices', in the engine's order; 'labels' has "
            "the words of each.",
    "subset": "A choice is 'low' to 'high' distinct items of 'pool' (sorted), as an array in "
              "ascending order; 'labels' has the words of each item of the pool.",
    "arrange": "The shown 'cards', top of the draw pile first; a choice [top, bottom] places "
               "every one once ('top' drawn first, the last of 'bottom' the very bottom card); "
               "'labels' has the words of each card.",
    "play": "Every legal choice is listed in 'choices' (null, ending the phase, first) with "
            "'labels' the words of each; 'cards' and 'skills' group the same choices by hand "
            "card and by skill.",
}


def _camel(kind: str) -> str:
    return "".join(part.capitalize() for part in kind.split("_")) + "Request"


def _kind_doc(kind: RequestKind[Any]) -> str:
    prompt = ", ".join(kind.prompt)
    text = f"{kind.doc} Prompt: [{prompt}]. A choice: {kind.choice}"
    return " ".join(text.split()).replace("``", "`")


def request_type(kinds: Registry[RequestKind[Any]], shapes: Mapping[str, Shape], seat: Any) -> Any:
    """The JSON form of a pending request of a game: one object type per request kind declared
    in ``kinds`` (in the order of their names), told apart by ``kind``: ``{"seat", "kind",
    "prompt", "question", "count", "form", ...}`` and the keys of its form (``Shape``), each
    with its ``prompt`` and choice types from ``shapes`` (:data:`GENERIC` for a kind it does not
    name) and the kind's words as its description."""
    models = []
    for kind in sorted(kinds.values(), key=lambda k: k.name):
        shape = shapes.get(kind.name, GENERIC)
        kind_type: Any = Literal.__getitem__(kind.name)
        form_type: Any = Literal.__getitem__(shape.form)
        keys: dict[str, Any] = {
            "seat": (seat, Field(description="The seat that must decide.")),
            "kind": (kind_type, Field(description="The request kind.")),
            "prompt": (shape.prompt, Field(description="What is asked (the kind's prompt).")),
            "question": (Label, Field(description="What is asked, in words.")),
            "count": (Annotated[StrictInt, Field(ge=1)],
                      Field(description="How many choices are legal.")),
            "form": (form_type, Field(description=_FORM_DOC[shape.form])),
        }
        listed = GenericAlias(list, (shape.item,))
        if shape.form in ("pick", "play"):
            keys["choices"] = (GenericAlias(list, (shape.choice,)), Field(
                description="Every legal choice, in the engine's order."))
        elif shape.form == "subset":
            keys["pool"] = (listed, Field(description="What a choice is made of, sorted."))
            keys["low"] = (Annotated[StrictInt, Field(ge=0)],
                           Field(description="The fewest items a choice holds."))
            keys["high"] = (Annotated[StrictInt, Field(ge=0)],
                            Field(description="The most items a choice holds."))
        else:
            keys["cards"] = (listed, Field(description="The cards to place, top first."))
        for key, type_ in shape.groups:
            keys[key] = (type_, Field(description=f"The choices grouped by {key[:-1]}."))
        keys["labels"] = (list[Label], Field(description=(
            "The words of each item of " + ("'choices'" if shape.form in ("pick", "play")
                                             else "'pool'" if shape.form == "subset"
                                             else "'cards'") + ", in order.")))
        models.append(create_model(_camel(kind.name), __base__=Strict, __doc__=_kind_doc(kind),
                                   **keys))
    if len(models) == 1:
        return models[0]
    return Annotated[Union[tuple(models)], Field(discriminator="kind")]  # noqa: UP007


def document(type_: Any, title: str, description: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a pydantic type, with its title and description."""
    schema = TypeAdapter(type_).json_schema()
    return {"$schema": JSON_SCHEMA, **schema, "title": title, "description": description}

