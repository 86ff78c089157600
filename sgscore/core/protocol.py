"""The decision protocol shared by every game, agent and the replay toolkit.

A game runs until it needs a decision and then exposes ``game.pending``: a :class:`Request` that
says which seat decides, what kind of decision it is, and what is legal. The request is the one
source of truth for legality: :meth:`Request.choices` enumerates exactly the choices that
:meth:`Request.check` accepts, because both are built from the same legality data.

Choices are plain values: ``None``, ``True``/``False``, ints (card ids, seats), short strings and
tuples of those. They never name a position in a list of options, so a recorded choice keeps its
meaning when the engine lists options in another order.

Legality is exact, types included: :meth:`Request.check` first refuses a value that is not made of
those types alone (a float, even ``92.0`` where the int ``92`` is listed; a dict, bytes, a list
inside a tuple, a subclass of int or str), with the code ``bad_type``, before a request kind looks
at it; each kind then keeps ``True`` apart from ``1``. So a choice is legal only if it is, type for
type, one that :meth:`Request.choices` lists (or, for a whole value that is a list, the JSON form of
one), and :meth:`Request.check`, ``game.submit`` and the replay writer all give the same answer.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb
from typing import Any, Final, Protocol

from .._accel import mypyc_attr
from .registry import Kind
from .rng import Pcg32

__all__ = [
    "Choice",
    "IllegalChoice",
    "GameFinished",
    "Request",
    "PickRequest",
    "SubsetRequest",
    "normalize_choice", "same_value", "MAX_CHOICE_DEPTH", "Agent", "RandomAgent",
]

Choice = Any
"""A choice value: None, bool, int, str, or a tuple of choices."""


@mypyc_attr(native_class=False)
class IllegalChoice(ValueError):
    """A submitted choice is not legal for the pending request. The game is left unchanged.

    ``code`` is a stable machine-readable reason; ``str(err)`` says why in words.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@mypyc_attr(native_class=False)
class GameFinished(RuntimeError):
    """A choice was submitted to a game that is over."""


def same_value(a: Any, b: Any) -> bool:
    """Whether two decoded values are the same, types included: ``True`` is not ``1`` (Python's
    ``==`` says it is), while a list and a tuple with the same items are the same array."""
    ta, tb = type(a), type(b)
    if ta in (list, tuple) and tb in (list, tuple):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    if ta is dict and tb is dict:
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    return ta is tb and a == b


MAX_CHOICE_DEPTH: Final = 8
"""How deep a choice may nest arrays (a play-phase skill choice nests 2: ``("rende", (40,), (2,))``).
A value nested deeper is no choice of any request."""


def normalize_choice(value: Any, _depth: int = 0) -> Choice:
    """Turn a decoded value (lists from msgpack or JSON) back into a choice (tuples). Arrays deeper
    than :data:`MAX_CHOICE_DEPTH` are left as they are (no request takes them): the recursion is
    bounded whatever the value."""
    if isinstance(value, (list, tuple)) and _depth <= MAX_CHOICE_DEPTH:
        # not list | tuple: compiled, that is built per call
        return tuple(normalize_choice(v, _depth + 1) for v in value)
    return value


def _short(value: Any) -> str:
    """``repr`` of a value, cut to 60 characters (a choice may come from anywhere)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _flat(value: tuple[Any, ...]) -> bool:
    """Whether ``value`` is a tuple of None, booleans, ints and strings alone (exact types): the
    usual choice (a card and its targets), let through without :func:`_not_a_choice`'s walk."""
    for item in value:
        t = type(item)
        if not (t is int or t is str or t is bool or item is None):
            return False
    return True


def _not_a_choice(value: Any) -> str:
    """What in ``value`` is no part of a choice ("" when it is made only of None, booleans,
    ints, strings and tuples of them, at most :data:`MAX_CHOICE_DEPTH` deep). Exact types: an int
    or str subclass is not one, nor a float equal to an int."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        t = type(v)
        if t is tuple:
            if depth >= MAX_CHOICE_DEPTH:
                return f"arrays nested more than {MAX_CHOICE_DEPTH} deep"
            for item in v:
                stack.append((item, depth + 1))
        elif not (v is None or t is int or t is str or t is bool):
            name = "list inside a tuple" if t is list else t.__name__
            return f"a {name} ({_short(v)})"
    return ""


@mypyc_attr(allow_interpreted_subclasses=True)
class Request(ABC):
    """A pending decision.

    Subclasses define ``_legal`` data once and derive :meth:`choices`, :meth:`count`,
    :meth:`choice_at` and :meth:`check` from it.
    """

    __slots__ = ("seat", "kind", "prompt")

    def __init__(self, seat: int, kind: str | Kind, prompt: tuple[Any, ...] = ()) -> None:
        self.seat = seat
        #: What kind of decision (a request kind's name; the game's docs list them).
        self.kind = kind if isinstance(kind, str) else kind.name
        #: What is being asked, as a tuple of plain values (e.g. ``("jink", "slash", 3)``: play a
        #: 闪 against a 杀 from seat 3). Frontends use it to phrase the question.
        self.prompt = prompt

    @abstractmethod
    def choices(self) -> Sequence[Choice]:
        """Every legal choice, in a stable order."""

    def count(self) -> int:
        """How many legal choices there are."""
        return len(self.choices())

    def choice_at(self, index: int) -> Choice:
        """The legal choice at ``index`` of :meth:`choices` (for uniform sampling)."""
        return self.choices()[index]

    def check(self, choice: Choice) -> None:
        """Raise :class:`IllegalChoice` saying why, unless ``choice`` is legal. The JSON form of
        a choice (lists where the choice has tuples, as ``json.loads`` gives it) is accepted.
        Legal means listed by :meth:`choices`, types included: a value with a float, a dict,
        bytes or any other type than None, bool, int, str and tuple in it is refused first
        (code ``bad_type``), whatever the request kind."""
        self._check(self._exact(choice))

    def _exact(self, choice: Choice) -> Choice:
        """``choice`` in its tuple form, if it is made of a choice's types alone; else raise
        :class:`IllegalChoice` (``bad_type``). The one gate every choice passes before a request
        kind's :meth:`_check`, so no kind ever meets a float that equals one of its ints."""
        if type(choice) is list:
            choice = normalize_choice(choice)
        t = type(choice)
        if choice is None or t is int or t is str or t is bool:
            return choice
        if t is tuple and _flat(choice):
            return choice
        what = _not_a_choice(choice)
        if what:
            raise IllegalChoice("bad_type", f"{self.kind}: a choice is made of null, booleans, "
                                f"integers, strings and arrays of them; it holds {what}")
        return choice

    @abstractmethod
    def _check(self, choice: Choice) -> None:
        """What :meth:`check` asks of a request kind: raise :class:`IllegalChoice` saying why,
        unless ``choice`` is legal. ``choice`` is made of None, bool, int, str and tuples alone
        (never a list, a float or a subclass); the kind keeps ``True`` apart from ``1``."""

    def is_legal(self, choice: Choice) -> bool:
        try:
            self._check(self._exact(choice))
        except IllegalChoice:
            return False
        return True

    def form(self) -> dict[str, Any]:
        """What is legal, shaped for a frontend to render (docs/views.md "A request in JSON"):
        a dict whose ``"form"`` names the shape. The default is ``{"form": "pick", "choices":
        [...]}``, every legal choice listed; a subset gives its pool and bounds, the play phase
        its options grouped by card and skill, an arrangement its cards. Whatever the form, the
        choices it describes are exactly those :meth:`choices` lists and :meth:`check` accepts."""
        return {"form": "pick", "choices": list(self.choices())}

    def forced(self) -> tuple[bool, Choice]:
        """``(True, choice)`` when exactly one choice is legal (the engine takes it unrecorded)."""
        if self.count() == 1:
            return True, self.choice_at(0)
        return False, None

    def not_forced_by(self, choice: Choice) -> bool:
        """True when ``choice`` is legal here and shows, without listing the choices, that
        another is legal too (so the request is not forced). False when it cannot tell: then
        :meth:`forced` decides. A replay's next recorded decision is such a ``choice``."""
        return False

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seat={self.seat} kind={self.kind} prompt={self.prompt!r}>"


@mypyc_attr(allow_interpreted_subclasses=True)
class PickRequest(Request):
    """Pick one value from an explicit list of options (yes/no, a seat, a card, an option name)."""

    __slots__ = ("options", "_index")

    def __init__(
        self, seat: int, kind: str | Kind, options: Sequence[Choice], prompt: tuple[Any, ...] = ()
    ) -> None:
        super().__init__(seat, kind, prompt)
        self.options = tuple(options)
        self._index: dict[Choice, int] | None = None

    def choices(self) -> Sequence[Choice]:
        return self.options

    def count(self) -> int:
        return len(self.options)

    def choice_at(self, index: int) -> Choice:
        return self.options[index]

    def forced(self) -> tuple[bool, Choice]:
        if len(self.options) == 1:
            return True, self.options[0]
        return False, None

    def _check(self, choice: Choice) -> None:
        t = type(choice)
        if t is int or t is str or choice is None:
            # Fast path: a plain value matches an option of exactly its type (True is not 1).
            for o in self.options:
                if o == choice and type(o) is t:
                    return
            ok = False
        else:
            if self._index is None:
                self._index = {_key(o): i for i, o in enumerate(self.options)}
            try:
                ok = _key(choice) in self._index
            except TypeError:
                ok = False
        if not ok:
            raise IllegalChoice(
                "not_an_option",
                f"{choice!r} is not one of the legal choices for {self.kind}: {list(self.options)!r}",
            )


def _key(choice: Choice) -> Any:
    # True == 1 in Python; keep booleans and ints apart so that True never passes for card 1.
    if isinstance(choice, bool):
        return ("bool", choice)
    if isinstance(choice, tuple):
        return tuple(_key(c) for c in choice)
    return choice


@mypyc_attr(allow_interpreted_subclasses=True)
class SubsetRequest(Request):
    """Choose between ``low`` and ``high`` distinct items of ``pool``; the choice is a sorted tuple.

    Enumeration runs through sizes ``low..high`` and, within a size, the combinations of the sorted
    pool in lexicographic order; :meth:`choice_at` unranks without listing them all.
    """

    __slots__ = ("pool", "low", "high")

    def __init__(
        self,
        seat: int,
        kind: str | Kind,
        pool: Sequence[int],
        low: int,
        high: int,
        prompt: tuple[Any, ...] = (),
    ) -> None:
        super().__init__(seat, kind, prompt)
        self.pool = tuple(sorted(pool))
        n = len(self.pool)
        self.low = max(0, low)
        self.high = min(high, n)

    def count(self) -> int:
        n = len(self.pool)
        return sum(comb(n, k) for k in range(self.low, self.high + 1))

    def choices(self) -> Sequence[Choice]:
        return list(self._iter())

    def form(self) -> dict[str, Any]:
        """``{"form": "subset", "pool": [...], "low": n, "high": m}``: a choice is ``low`` to
        ``high`` distinct items of the (sorted) pool, in ascending order; never the list of
        combinations, which may be long (any 4 cards of 12)."""
        return {"form": "subset", "pool": list(self.pool), "low": self.low, "high": self.high}

    def _iter(self) -> Iterator[tuple[int, ...]]:
        for k in range(self.low, self.high + 1):
            yield from combinations(self.pool, k)

    def choice_at(self, index: int) -> Choice:
        n = len(self.pool)
        for k in range(self.low, self.high + 1):
            c = comb(n, k)
            if index < c:
                return _unrank(self.pool, k, index)
            index -= c
        raise IndexError("choice index out of range")

    def forced(self) -> tuple[bool, Choice]:
        n = len(self.pool)
        if self.low == self.high and (self.low == n or self.low == 0):
            return True, self.pool if self.low == n else ()
        return False, None

    def _check(self, choice: Choice) -> None:
        if not isinstance(choice, tuple) or not all(
            isinstance(c, int) and not isinstance(c, bool) for c in choice
        ):
            raise IllegalChoice("bad_shape", f"{self.kind} expects a tuple of card ids, got {choice!r}")
        if not self.low <= len(choice) <= self.high:
            want = str(self.low) if self.low == self.high else f"{self.low}-{self.high}"
            raise IllegalChoice("wrong_count", f"{self.kind} needs {want} cards, got {len(choice)}")
        if list(choice) != sorted(set(choice)):
            raise IllegalChoice("not_sorted", f"{self.kind} expects distinct ids in ascending order")
        pool = self.pool
        for c in choice:
            if c not in pool:
                raise IllegalChoice("not_in_pool", f"card {c} cannot be chosen for {self.kind}")


def _unrank(pool: tuple[int, ...], k: int, index: int) -> tuple[int, ...]:
    """The ``index``-th k-combination of ``pool`` in lexicographic order."""
    out: list[int] = []
    n = len(pool)
    start = 0
    for slot in range(k):
        for i in range(start, n):
            c = comb(n - i - 1, k - slot - 1)
            if index < c:
                out.append(pool[i])
                start = i + 1
                break
            index -= c
    return tuple(out)


# ---------------------------------------------------------------------------- agents
class Agent(Protocol):
    """Whatever answers requests: ``choose(request)`` returns one of its legal choices."""

    def choose(self, request: Request) -> Choice: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomAgent:
    """Chooses uniformly among the legal choices of each request: the agent every game has
    (``GameSpec.agent_kinds``), drawing from its own PCG32 stream (stream ``1 + seat``), so it
    never shifts the game's dice and a game re-simulates from its decisions alone."""

    name = "random"

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = Pcg32(seed, 1 + seat)

    def choose(self, request: Request) -> Choice:
        return request.choice_at(self.rng.below(request.count()))

    def follow(self, game: object) -> None:
        """Go on with ``game`` (it keeps no game: its stream is all it has; see
        ``GameSpec.make_agents``)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling: its stream's state is all it has."""
        return (_random_agent, (self.rng.getstate(),))


def _random_agent(state: tuple[int, int]) -> RandomAgent:
    """A :class:`RandomAgent` whose stream is at ``state`` (an unpickled one)."""
    agent = RandomAgent(0, 0)
    agent.rng.setstate(state)
    return agent
