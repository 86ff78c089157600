"""What a build compiles of the dice game with mypyc (``docs/architecture.md`` "The compiled
core"): its model, state and rules, which every decision runs through, and its heuristic agent."""

COMPILED: tuple[str, ...] = ("model", "game", "rules", "agent")
