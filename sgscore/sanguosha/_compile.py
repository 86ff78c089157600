"""What a build compiles of identity mode with mypyc (``docs/architecture.md`` "The compiled
core"): what every decision runs through (the model and cards, state, zones, triggers and
contexts, the requests, the rules and identity mode's setup and turns, the draft, the heuristic
agent) and every card and general (``content.*``, ``generals.*``: every module of those folders,
those added later too)."""

COMPILED: tuple[str, ...] = (
    "model", "cards", "contexts", "zones", "triggers", "game", "requests", "rules", "identity",
    "arrange", "draft", "agent", "content.*", "generals.*",
)
