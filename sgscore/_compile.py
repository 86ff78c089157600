"""What a build compiles of this folder with mypyc: the random agent and the driver, which every
decision of every game runs through (``docs/architecture.md`` "The compiled core").

Each package whose modules are compiled declares them in a ``_compile.py`` of its own, by names
relative to it (``core/``, ``replay/``, each game); :func:`sgscore._accel.compiled_modules` reads
them all, without importing anything.
"""

COMPILED: tuple[str, ...] = ("agents",)
