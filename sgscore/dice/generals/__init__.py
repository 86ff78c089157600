"""The dice generals: importing this package registers every implemented general and its skill.

Each general is one module here (its skill class and its data row); adding one means adding a
module and its tests, never changing the rules or this file. Modules are imported in sorted name
order, so registration never depends on the file system's listing order.
"""

from importlib import import_module
from pkgutil import iter_modules

MODULES = tuple(sorted(m.name for m in iter_modules(__path__) if not m.name.startswith("_")))

for _m in MODULES:
    import_module(f"{__name__}.{_m}")
