"""The games this installation can play, by id: the built-in ones and those other packages ship.

A package adds a game with an entry point in the ``sgscore.games`` group whose value names a
:class:`~sgscore.core.spec.GameSpec` instance (``"my_game.spec:SPEC"``); a program can also call
:func:`register_game`. Games are loaded the first time they are asked for, so importing the
toolkit costs nothing for games it never meets. A broken plugin is reported with its entry point,
never silently skipped.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .registry import RegistrationError
from .spec import AnyGame, GameSpec

__all__ = ["GROUP", "register_game", "unregister_game", "get_game", "game_ids", "spec_for_config"]

GROUP = "sgscore.games"

#: The games of this package, loaded on first use (``module:attribute``).
BUILTIN = {
    "sanguosha/identity": "sgscore.sanguosha.spec:SPEC",
    "sanguozhi/dice": "sgscore.dice.spec:SPEC",
}

_games: dict[str, AnyGame] = {}
_loaded = False


def _load(target: str, where: str) -> AnyGame:
    module, _, attr = target.partition(":")
    try:
        obj: Any = import_module(module)
        for part in attr.split(".") if attr else ():
            obj = getattr(obj, part)
    except Exception as e:  # a broken plugin is named, with its own error
        raise RegistrationError(f"{where}: cannot load game {target!r}: "
                                f"{type(e).__name__}: {e}") from e
    if not isinstance(obj, GameSpec):
        raise RegistrationError(f"{where}: {target!r} is not a GameSpec")
    return obj


def entry_points(group: str) -> list[Any]:
    """The entry points of ``group`` (importlib.metadata is imported only when a game is first
    asked for)."""
    from importlib import metadata

    return list(metadata.entry_points(group=group))


def _load_builtin(gid: str) -> None:
    if gid in _games:
        return
    target = BUILTIN[gid]
    spec = _load(target, "sgscore")
    if spec.id != gid:
        raise RegistrationError(f"{target}: its id is {spec.id!r}, not {gid!r}")
    _games.setdefault(gid, spec)


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    for gid in BUILTIN:
        _load_builtin(gid)
    for ep in sorted(entry_points(group=GROUP), key=lambda e: (e.name, e.value)):
        if ep.name in BUILTIN:
            continue  # this package's own entry points name the built-in games
        register_game(_load(ep.value, f"entry point {ep.name!r} of group {GROUP!r}"))
    _loaded = True  # only when every game loaded: a broken one is reported every time


def register_game(spec: AnyGame) -> AnyGame:
    """Make ``spec`` known by its id; a second, different spec under the same id is refused."""
    if not isinstance(spec, GameSpec):
        raise RegistrationError(f"register_game takes a GameSpec, got {type(spec).__name__}")
    old = _games.get(spec.id)
    if old is not None and old is not spec:
        raise RegistrationError(f"game {spec.id!r} is registered twice "
                                f"({type(old).__module__} and {type(spec).__module__})")
    _games[spec.id] = spec
    return spec


def unregister_game(game_id: str) -> None:
    """Forget a game registered with :func:`register_game` (tests)."""
    _games.pop(game_id, None)


def get_game(game_id: str) -> AnyGame | None:
    """The spec of ``game_id``, or None when no installed game has that id. A built-in game is
    loaded alone; another id looks through the entry points too.

    A short name without ``/`` (``dice``) names the one installed game whose id ends with
    ``/`` and that name (``sanguozhi/dice``); None when no game's does, or more than one's."""
    if game_id in BUILTIN:
        _load_builtin(game_id)
    elif game_id not in _games:
        _load_all()
    spec = _games.get(game_id)
    if spec is None and game_id and "/" not in game_id:
        found = [gid for gid in sorted(_games) if gid.endswith("/" + game_id)]
        if len(found) == 1:
            return _games[found[0]]
    return spec


def game_ids() -> list[str]:
    """The ids of every game this installation plays, sorted."""
    _load_all()
    return sorted(_games)


def spec_for_config(config: object) -> AnyGame:
    """The game whose config ``config`` is (by its type)."""
    _load_all()
    for gid in sorted(_games):
        spec = _games[gid]
        if isinstance(config, spec.config_type()):
            return spec
    raise TypeError(f"{type(config).__name__} is not the config of any installed game "
                    f"({', '.join(sorted(_games))})")
