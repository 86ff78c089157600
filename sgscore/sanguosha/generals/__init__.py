"""The generals: importing this package registers every implemented general and its skills.

Each general is one module with its data row and its skills; adding a general means adding a
module here (and its tests), never changing the rules.
"""

from importlib import import_module

MODULES = (
    "caocao", "liubei", "simayi", "daqiao", "lvbu", "machao", "sunshangxiang", "zhugeliang",
)

for _m in MODULES:
    try:
        import_module(f"{__name__}.{_m}")
    except ModuleNotFoundError as _e:  # a general not written yet
        if _e.name != f"{__name__}.{_m}":
            raise
