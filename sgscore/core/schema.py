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
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

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
    "GENERIC", "request_type", "document",
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


@dataclass(frozen=True)
class Shape:
    """What one request kind's ``prompt`` and choice look like in JSON (pydantic types)."""

    prompt: Any
    choice: Any


GENERIC = Shape(list[Value], Value)
"""The shape of a request kind the game's models do not know (any prompt, any choice)."""


def _camel(kind: str) -> str:
    return "".join(part.capitalize() for part in kind.split("_")) + "Request"


def _kind_doc(kind: RequestKind[Any]) -> str:
    prompt = ", ".join(kind.prompt)
    text = f"{kind.doc} Prompt: [{prompt}]. A choice: {kind.choice}"
    return " ".join(text.split()).replace("``", "`")


def request_type(kinds: Registry[RequestKind[Any]], shapes: Mapping[str, Shape], seat: Any, *,
                 choices_may_be_null: bool) -> Any:
    """The JSON form of a pending request of a game: one object type per request kind declared
    in ``kinds`` (in the order of their names), told apart by ``kind`` (``{"seat", "kind",
    "prompt", "choices"}``), each with its ``prompt`` and choice types from ``shapes``
    (:data:`GENERIC` for a kind it does not name) and the kind's words as its description.
    ``choices_may_be_null``: the game leaves the list out (``null``) when it is long."""
    models = []
    for kind in sorted(kinds.values(), key=lambda k: k.name):
        shape = shapes.get(kind.name, GENERIC)
        choices: Any = GenericAlias(list, (shape.choice,))
        kind_type: Any = Literal.__getitem__(kind.name)
        if choices_may_be_null:
            choices = choices | None
        models.append(create_model(
            _camel(kind.name), __base__=Strict, __doc__=_kind_doc(kind),
            seat=(seat, Field(description="The seat that must decide.")),
            kind=(kind_type, Field(description="The request kind.")),
            prompt=(shape.prompt, Field(description="What is asked (the kind's prompt).")),
            choices=(choices, Field(description=(
                "Every legal choice, in the engine's order" + (
                    "; null when there are more than 4096 (then ask the request's count() and "
                    "choice_at(i))." if choices_may_be_null else ".")))),
        ))
    if len(models) == 1:
        return models[0]
    return Annotated[Union[tuple(models)], Field(discriminator="kind")]  # noqa: UP007


def document(type_: Any, title: str, description: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a pydantic type, with its title and description."""
    schema = TypeAdapter(type_).json_schema()
    return {"$schema": JSON_SCHEMA, **schema, "title": title, "description": description}

