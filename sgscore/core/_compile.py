"""What a build compiles of the core with mypyc (``docs/architecture.md`` "The compiled core"):
the PRNG, the decision protocol, the driver and the canonical encoding."""

COMPILED: tuple[str, ...] = ("rng", "protocol", "engine", "canon")
