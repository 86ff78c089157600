"""What a build compiles of the replay toolkit with mypyc (``docs/architecture.md`` "The compiled
core"): what reads, writes, re-simulates, steps through and exports a replay."""

COMPILED: tuple[str, ...] = ("records", "reader", "resim", "scan", "step", "tools", "writer")
