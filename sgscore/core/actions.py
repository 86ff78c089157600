"""Stable action ids for learning and search agents (docs/api.md "Action ids").

Every choice of every request is a short sequence of **tokens** from one fixed vocabulary per
game and config, the :class:`ActionSpace`:

======================  =======================================================================
id                      token
======================  =======================================================================
0 ``PASS``              ``None`` (pass, play no card, end the play phase)
1 ``NO``, 2 ``YES``     ``False``, ``True``
3 ``OPEN``, 4 ``CLOSE``  the start and the end of a tuple
5 ..                    ``INT k`` for ``0 <= k < ints``: a card id, a seat, a die, an amount
5 + ints ..             ``WORD w`` for each word of the game's vocabulary, in sorted order: a
                        skill's or a general's id, a camp, a direction, ...
======================  =======================================================================

A choice that is one value (``None``, a bool, an int, a word) is one token: its **action id**. A
choice that is a tuple (a card and its targets, a subset of cards, an arrangement, a skill with
its cards and targets) is the tokens of ``OPEN``, its items in order (each encoded the same way)
and ``CLOSE``: an agent takes it **step by step**, each step one token among those that can
follow the tokens taken so far (:meth:`ActionSpace.legal_ids`), so the space stays small (a few
hundred ids) however many combinations a request has. The tokens of a choice are its encoding;
decoding them gives the choice back, which is what a replay records.

What a token means depends on the request's kind (``INT 5`` is a card in a discard and a seat in
a choice of target), which the agent sees with the request. The space is versioned:
:attr:`ActionSpace.version` changes with this encoding, and :attr:`ActionSpace.digest` with the
vocabulary (a new general or skill adds words, and so shifts the ids after it).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any, Final

from .protocol import Choice, Request, SubsetRequest, normalize_choice

__all__ = [
    "ActionSpace", "ACTIONS_VERSION", "PASS", "NO", "YES", "OPEN", "CLOSE", "FIRST_INT",
    "NotInSpace",
]

ACTIONS_VERSION: Final = 1
"""The version of the token encoding (bumped when the meaning of an id changes for the same
vocabulary)."""

PASS: Final = 0
NO: Final = 1
YES: Final = 2
OPEN: Final = 3
CLOSE: Final = 4
FIRST_INT: Final = 5

_ENUMERATE_AT_MOST = 20_000
"""A request with more choices than this is stepped without listing them (a subset is never
listed; other kinds this large do not occur in the games here)."""


class NotInSpace(ValueError):
    """A value (or a token) that the action space has no id for, or tokens that are no choice."""


class ActionSpace:
    """The tokens of one game and config: ``ints`` integer tokens and the sorted ``words``.

    Made by ``GameSpec.action_space(config)``. Every method takes the pending request: the
    legal ids are those of its legal choices, and a choice made of tokens is checked by it.
    """

    def __init__(self, game: str, ints: int, words: Iterable[str]) -> None:
        if ints < 1:
            raise ValueError(f"ints must be at least 1, got {ints}")
        self.game = game
        self.ints = ints
        self.words: tuple[str, ...] = tuple(sorted(set(words)))
        self._word_id = {w: FIRST_INT + ints + i for i, w in enumerate(self.words)}
        self.size = FIRST_INT + ints + len(self.words)
        self.version = ACTIONS_VERSION
        text = "\n".join([game, str(ACTIONS_VERSION), str(ints), *self.words])
        #: A short digest of the encoding and the vocabulary: equal digests, equal meanings.
        self.digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        self._cache: tuple[Request | None, list[tuple[int, ...]]] = (None, [])

    # ------------------------------------------------------------------ tokens
    def name(self, token: int) -> str:
        """A token in words: ``"PASS"``, ``"INT 37"``, ``"WORD rende"``, ..."""
        if not 0 <= token < self.size:
            raise NotInSpace(f"no token {token} (the space has {self.size})")
        if token < FIRST_INT:
            return ("PASS", "NO", "YES", "OPEN", "CLOSE")[token]
        if token < FIRST_INT + self.ints:
            return f"INT {token - FIRST_INT}"
        return f"WORD {self.words[token - FIRST_INT - self.ints]}"

    def encode(self, choice: Choice) -> tuple[int, ...]:
        """The tokens of ``choice`` (its JSON form too: lists for tuples)."""
        out: list[int] = []
        self._encode(normalize_choice(choice) if type(choice) is list else choice, out)
        return tuple(out)

    def _encode(self, value: Any, out: list[int]) -> None:
        if value is None:
            out.append(PASS)
        elif value is True:
            out.append(YES)
        elif value is False:
            out.append(NO)
        elif type(value) is int:
            if not 0 <= value < self.ints:
                raise NotInSpace(f"{value} is not an int of this space (0-{self.ints - 1})")
            out.append(FIRST_INT + value)
        elif type(value) is str:
            token = self._word_id.get(value)
            if token is None:
                raise NotInSpace(f"{value!r} is not a word of this space")
            out.append(token)
        elif type(value) is tuple:
            out.append(OPEN)
            for item in value:
                self._encode(item, out)
            out.append(CLOSE)
        else:
            raise NotInSpace(f"{value!r}: no token for a {type(value).__name__}")

    def decode(self, tokens: Sequence[int]) -> Choice:
        """The choice whose tokens are ``tokens`` (:class:`NotInSpace` when they are none)."""
        value, end = self._decode(tokens, 0)
        if end != len(tokens):
            raise NotInSpace(f"tokens {list(tokens)!r}: one choice ends at token {end}")
        return value

    def _decode(self, tokens: Sequence[int], i: int) -> tuple[Any, int]:
        if i >= len(tokens):
            raise NotInSpace(f"tokens {list(tokens)!r} end inside a choice")
        t = tokens[i]
        if type(t) is not int or not 0 <= t < self.size:
            raise NotInSpace(f"no token {t!r} (the space has {self.size})")
        if t == PASS:
            return None, i + 1
        if t == NO:
            return False, i + 1
        if t == YES:
            return True, i + 1
        if t == CLOSE:
            raise NotInSpace(f"tokens {list(tokens)!r}: CLOSE at {i} closes nothing")
        if t == OPEN:
            items = []
            i += 1
            while i < len(tokens) and tokens[i] != CLOSE:
                item, i = self._decode(tokens, i)
                items.append(item)
            if i >= len(tokens):
                raise NotInSpace(f"tokens {list(tokens)!r}: a tuple is not closed")
            return tuple(items), i + 1
        if t < FIRST_INT + self.ints:
            return t - FIRST_INT, i + 1
        return self.words[t - FIRST_INT - self.ints], i + 1

    # ------------------------------------------------------------------ a request's ids
    def action_id(self, request: Request, choice: Choice) -> int:
        """The one id of ``choice``, a legal choice of ``request`` that is a single value;
        a tuple has several (:meth:`action_ids`), and ``NotInSpace`` says so."""
        request.check(choice)
        tokens = self.encode(choice)
        if len(tokens) != 1:
            raise NotInSpace(f"{choice!r} takes {len(tokens)} steps: use action_ids")
        return tokens[0]

    def action_ids(self, request: Request, choice: Choice) -> tuple[int, ...]:
        """The ids of the steps of ``choice``, a legal choice of ``request``."""
        request.check(choice)
        return self.encode(choice)

    def choice_of(self, request: Request, ids: int | Sequence[int]) -> Choice:
        """The choice of ``request`` that the id (or the steps' ids) stand for; ``NotInSpace``
        for tokens that are no choice, ``IllegalChoice`` for a choice the request does not
        allow."""
        choice = self.decode((ids,) if isinstance(ids, int) else ids)
        request.check(choice)
        return choice

    def legal_ids(self, request: Request, taken: Sequence[int] = ()) -> list[int]:
        """The ids that can be taken next, in increasing order, after the steps ``taken`` of a
        choice of ``request`` (none: its first step). Taking any of them, and then one of those
        that follow, and so on, ends at a legal choice; every legal choice is reached so, by
        one path. Empty when ``taken`` is a whole choice already."""
        if isinstance(request, SubsetRequest):
            return self._subset_next(request, taken)
        n = len(taken)
        out: set[int] = set()
        for tokens in self._encoded(request):
            if len(tokens) > n and tokens[:n] == tuple(taken):
                out.add(tokens[n])
        return sorted(out)

    def legal_mask(self, request: Request, taken: Sequence[int] = ()) -> list[bool]:
        """:meth:`legal_ids` as a list of ``size`` booleans."""
        mask = [False] * self.size
        for t in self.legal_ids(request, taken):
            mask[t] = True
        return mask

    def complete(self, request: Request, taken: Sequence[int]) -> bool:
        """Whether the steps ``taken`` make a whole legal choice of ``request``."""
        try:
            self.choice_of(request, taken)
        except ValueError:
            return False
        return True

    def _encoded(self, request: Request) -> list[tuple[int, ...]]:
        """The tokens of every legal choice of ``request`` (kept for the last request asked)."""
        held, encoded = self._cache
        if held is request:
            return encoded
        if request.count() > _ENUMERATE_AT_MOST:
            raise NotInSpace(f"{request.kind}: {request.count()} choices are too many to step "
                             "through by listing them")
        encoded = [self.encode(c) for c in request.choices()]
        self._cache = (request, encoded)
        return encoded

    def _subset_next(self, request: SubsetRequest, taken: Sequence[int]) -> list[int]:
        """A subset, stepped without listing its combinations: OPEN, its items in ascending
        order (each leaving enough after it to reach ``low``), CLOSE once ``low`` are taken."""
        pool = sorted(request.pool)
        if not taken:
            return [OPEN]
        if taken[0] != OPEN or (len(taken) > 1 and taken[-1] == CLOSE):
            return []
        chosen = [t - FIRST_INT for t in taken[1:]]
        if any(c not in pool for c in chosen) or chosen != sorted(set(chosen)):
            return []  # no path of this subset's
        k = len(chosen)
        start = pool.index(chosen[-1]) + 1 if chosen else 0
        out = []
        if request.low <= k <= request.high:
            out.append(CLOSE)
        if k < request.high:
            need = request.low - k - 1  # still to take after the next one
            for j in range(start, len(pool)):
                if len(pool) - j - 1 >= need:
                    out.append(FIRST_INT + pool[j])
        return sorted(out)

