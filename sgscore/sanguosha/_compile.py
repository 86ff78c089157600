"""What a build compiles of identity mode with mypyc (``docs/architecture.md`` "The compiled
core"): what every decision runs through (the model and cards, state, zones, triggers and
contexts, the requests, the rules, the draft, the heuristic agent) and every card and general
(``content.*``, ``generals.*``: every module of those folders, those added later too). Not the
variants nor identity mode (``identity.py``, ``variants/``): a variant is an interpreted subclass of
the compiled ``Variant``, whose hooks the procedure check watches."""

COMPILED: tuple[str, ...] = (
    "model", "cards", "contexts", "zones", "triggers", "game", "requests", "rules", "arrange",
    "draft", "agent", "content.*", "generals.*",
)
