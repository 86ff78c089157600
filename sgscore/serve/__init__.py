"""Tables people play in a browser (``sgs serve``, docs/serve.md): :mod:`.tables` holds the
games, their seats and tokens and their replays, without the network; :mod:`.server` serves
them over HTTP and WebSocket with the ``websockets`` library (the ``serve`` extra), imported
only when a server starts."""

from __future__ import annotations

from .tables import PERSON, SPECTATOR, Table, TableError, Tables, Viewer

__all__ = ["PERSON", "SPECTATOR", "Table", "TableError", "Tables", "Viewer"]
