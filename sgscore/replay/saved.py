"""Saving a game in progress and resuming it (``docs/api.md``, "Save and resume").

:func:`save_game` writes the replay of a game so far: the bytes a :class:`ReplayWriter` would have
written had it recorded the game from its start, ending with a *suspended* record
(``docs/replay-format.md``, "Suspended") where a finished game has its end record. Such a file is
a valid replay of a game so far: ``sgs replay validate`` says "valid, suspended after N
decisions", ``show``, ``step`` and ``html`` tell it up to its last position, and
:func:`resume_game` re-simulates it (checking every record) and gives the game back at that
position, with agents for its seats. A file cut short by a crash has no suspended record: it is
truncated, not saved, and is not resumed.

A finished game saved with :func:`save_game` gets its end record: the file is the game's whole
replay, as ``record_game`` would have written it.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.engine import EngineError
from ..core.spec import ConfigError, GameState
from .errors import ReplayError
from .reader import Limits, read_replay
from .records import Header
from .resim import resimulate, spec_of
from .writer import ReplayWriter, atomic_write, make_header

__all__ = ["save_game", "resume_game", "Resumed"]


def _names(agents: str | Sequence[Any] | None) -> str | list[str] | None:
    if agents is None or isinstance(agents, str):
        return agents
    out = []
    for a in agents:
        if isinstance(a, str):
            out.append(a)
        else:
            name = getattr(a, "name", None)
            out.append(name if isinstance(name, str) else type(a).__name__)
    return out


def save_game(game: GameState, path: str | os.PathLike[str], *,
              agents: str | Sequence[Any] | None = None, events: bool = True,
              overwrite: bool = True) -> int:
    """Write the replay of ``game`` so far to ``path`` (atomically; an existing file is replaced
    unless ``overwrite`` is off) and return its size in bytes.

    The file holds the header, the game's decisions with their events (``events``) and a
    checkpoint at each turn, as a live :class:`ReplayWriter` writes them, then a suspended
    record: it was saved after ``game.decisions`` decisions. ``agents`` names who plays each
    seat (agent names, ``"heuristic"`` or one per seat, or agent objects, named by their
    ``name``): :func:`resume_game` makes them again. A game that is over is saved whole, with
    its end record.

    The game is left as it is. Saving costs a re-simulation of its decisions (about what
    validating its replay costs). A game whose state was set by hand, outside its config, seed
    and decisions (a test scenario), cannot be saved: ``ValueError``."""
    fresh = game.restart()
    config = game.config
    header = make_header(config, game.seed, _names(agents), events=events)
    buf = io.BytesIO()
    writer = ReplayWriter(buf, header, events)
    history = game.history
    for i, (_, choice) in enumerate(history):
        try:
            writer.submit(fresh, choice)
        except EngineError:
            if i != len(history) - 1:  # only the decision the game stopped on can raise
                raise
    if fresh.state_hash() != game.state_hash():
        raise ValueError(f"this {type(game).__name__} cannot be saved: its state was set "
                         "outside its config, seed and decisions")
    if fresh.over:
        writer.end(fresh)
    else:
        writer.suspend(fresh)
    writer.close()
    data = buf.getvalue()
    atomic_write(path, data, overwrite=overwrite)
    return len(data)


@dataclass
class Resumed:
    """A saved game, resumed: ``game`` at the position it was saved in (every record checked on
    the way), ``agents`` for its seats (made by the game's spec from the names given to
    :func:`resume_game` or, by default, from the header's; None when neither names any), the
    file's ``header`` and whether it was cut short (``truncated``)."""

    game: GameState
    agents: list[Any] | None
    header: Header
    #: Whether the file was cut short rather than saved (``resume_game(..., truncated=True)``).
    truncated: bool = False

    def play(self) -> GameState:
        """Play the game on to its end with :attr:`agents`; returns the game."""
        if self.agents is None:
            raise ValueError("no agents: the saved game's header names none; pass agents= to "
                             "resume_game")
        game = self.game
        while not game.over:
            req = game.pending
            assert req is not None
            game.submit(self.agents[req.seat].choose(req))
        return game


def resume_game(path: str | os.PathLike[str] | bytes, *,
                agents: str | Sequence[str] | None = None,
                limits: Limits | None = None, truncated: bool = False) -> Resumed:
    """The game a file :func:`save_game` wrote, at the position it was saved in: the file is read
    and re-simulated, every record checked as ``validate`` checks it
    (:class:`~sgscore.replay.ReplayError` at the first that does not hold). A file without a
    suspended record is refused: a finished game's (there is nothing to resume) or one cut
    short (truncated: the game so far is not known to be whole).

    ``agents``: the agents' names (one for every seat, or one per seat); by default the names
    the header holds. Agents are made afresh for the position (``GameSpec.make_agents``).

    ``truncated``: also take a file cut short (a process killed while it wrote the game as it
    went), from its last whole record on: the game so far, every record of it checked, without
    the promise a suspended record makes that it is whole (``Resumed.truncated`` says so)."""
    replay = read_replay(path, limits=limits)
    cut = truncated and replay.truncated and replay.end is None and replay.error is None
    if replay.suspended is None and not cut:
        last = len(replay.records) - 1
        if replay.end is not None:
            raise ReplayError(last, "the game is over: a finished game cannot be resumed")
        if replay.error is not None:
            raise ReplayError(last, "the game stopped with an engine error: it cannot be resumed")
        raise ReplayError(len(replay.records), (
            "not a saved game: the file has no suspended record (truncated: "
            f"{replay.truncation or 'no end record'})"))
    game = resimulate(replay, allow_truncated=cut)
    if game.over:
        raise ReplayError(len(replay.records), "the game is over: it cannot be resumed")
    spec = spec_of(replay.header)
    names = agents if agents is not None else replay.header.agents
    players = None
    if names:
        try:
            players = spec.make_agents(game, replay.header.seed, names)
        except ConfigError as e:
            raise ReplayError(0, f"{e} (resume_game's agents= names others)") from None
    return Resumed(game, players, replay.header, cut)
