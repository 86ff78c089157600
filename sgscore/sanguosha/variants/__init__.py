"""The variants of identity mode: every module here is imported (in sorted name order) and
registers its :class:`~sgscore.sanguosha.game.Variant` (and its skills, event and request kinds):
3v3, a mode of its own; 转世, the detailed rules and scoring, options of a mode. Adding a variant
means adding a module (and its tests), never changing the rules or this file."""

from importlib import import_module
from pkgutil import iter_modules

MODULES = tuple(sorted(m.name for m in iter_modules(__path__) if not m.name.startswith("_")))

for _m in MODULES:
    import_module(f"{__name__}.{_m}")
