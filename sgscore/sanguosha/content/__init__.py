"""Card content: every module here is imported (in sorted name order) and registers its cards,
packs and skills; then every physical card is checked to name a registered card type. Adding a
card means adding a module (or a registration in one), never a list kept by hand."""

from importlib import import_module
from pkgutil import iter_modules

from ..cards import check_cards

MODULES = tuple(sorted(m.name for m in iter_modules(__path__) if not m.name.startswith("_")))

for _m in MODULES:
    import_module(f"{__name__}.{_m}")

check_cards()
