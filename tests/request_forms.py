"""What a request's JSON form says, checked against the request itself.

:func:`check_form` takes a pending request and its JSON form (``view(seat)["pending"]``, read back
from JSON text as a frontend reads it) and checks that the form describes exactly the legal
choices: every choice the structure describes passes :meth:`Request.check`, and every choice
:meth:`Request.choices` lists is described (docs/views.md "A request in JSON"). It is used by
``tests/test_request_forms.py`` (every request kind, in a situation set up to ask it) and
``tests/test_view_schemas.py`` (every request of many played games).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from itertools import combinations, permutations
from math import comb, factorial
from typing import Any

from sgscore.core.protocol import IllegalChoice, Request, normalize_choice

__all__ = ["check_form", "described", "ENUMERATE"]

ENUMERATE = 5000
"""A structure that describes more choices than this is checked on a sample of them."""


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _legal(request: Request, choice: Any) -> bool:
    try:
        request.check(choice)
    except IllegalChoice:
        return False
    return True


def described(form: dict[str, Any]) -> Iterator[Any]:
    """Every choice the structure of ``form`` describes, in tuple form (a subset's combinations
    and an arrangement's placements, however many; the listed ``choices`` of the others)."""
    shape = form["form"]
    if shape == "subset":
        pool = form["pool"]
        for k in range(form["low"], form["high"] + 1):
            yield from combinations(pool, k)
    elif shape == "arrange":
        cards = form["cards"]
        for order in permutations(cards):
            for top in range(len(cards) + 1):
                yield (tuple(order[:top]), tuple(order[top:]))
    elif shape == "play":
        yield None
        for group in form["cards"]:
            for targets in group["targets"]:
                yield (group["card"], *targets)
        for group in form["skills"]:
            for targets in group["targets"]:
                yield (group["skill"], tuple(group["cards"]), tuple(targets))
    else:
        yield from (normalize_choice(c) for c in form["choices"])


def _count(form: dict[str, Any]) -> int:
    shape = form["form"]
    if shape == "subset":
        n = len(form["pool"])
        return sum(comb(n, k) for k in range(form["low"], form["high"] + 1))
    if shape == "arrange":
        k = len(form["cards"])
        return (k + 1) * factorial(k)
    return len(form["choices"])


def _sample(request: Request, count: int) -> Sequence[Any]:
    """The legal choices, listed, or a spread of them by :meth:`Request.choice_at` when there
    are too many to list."""
    if count <= ENUMERATE:
        return list(request.choices())
    step = max(1, count // ENUMERATE)
    return [request.choice_at(i) for i in range(0, count, step)]


def check_form(request: Request, form: dict[str, Any]) -> None:
    """Assert that ``form`` (a request's JSON form, as plain JSON) describes exactly the legal
    choices of ``request``, each with its words. See the module."""
    form = _plain(form)
    assert form["seat"] == request.seat and form["kind"] == request.kind
    assert form["prompt"] == _plain(list(request.prompt))
    count = request.count()
    assert form["count"] == count == _count(form), (form["count"], count)
    for text in (form["question"]["en"], form["question"]["zh"]):
        assert isinstance(text, str) and text.strip()
    shape = form["form"]
    listed = {"subset": "pool", "arrange": "cards"}.get(shape, "choices")
    assert len(form["labels"]) == len(form[listed])
    for label in form["labels"]:
        assert set(label) == {"en", "zh"} and all(label[lang].strip() for lang in label)
    if shape == "subset":
        assert form["pool"] == sorted(set(form["pool"]))
        assert 0 <= form["low"] <= form["high"] <= len(form["pool"])
    if shape in ("pick", "play"):  # the list is the engine's, in its order
        assert form["choices"] == _plain(list(request.choices()))
    if shape == "play":
        cards = [g["card"] for g in form["cards"]]
        assert len(cards) == len(set(cards))
        for group in form["cards"] + form["skills"]:
            assert set(group["label"]) == {"en", "zh"}
    # Every choice the structure describes is legal ...
    keys = set()
    for i, choice in enumerate(described(form)):
        if i < ENUMERATE or i % 97 == 0:
            assert _legal(request, choice), (request.kind, choice)
        keys.add(json.dumps(choice))
    assert len(keys) == count, "the structure describes a choice twice"
    # ... and every legal choice is described.
    for choice in _sample(request, count):
        assert json.dumps(_plain(choice)) in keys or json.dumps(choice) in keys, (
            request.kind, choice)
    if shape == "subset" and form["pool"]:
        outside = max(form["pool"]) + 1000
        assert not _legal(request, tuple(sorted({*form["pool"][:form["low"]], outside})))
        if form["high"] < len(form["pool"]):
            assert not _legal(request, tuple(form["pool"][:form["high"] + 1]))
    if shape == "arrange" and form["cards"]:
        assert not _legal(request, ((), tuple(form["cards"][1:])))
