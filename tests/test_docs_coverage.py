"""docs/events.md, docs/api.md and the renderer keep up with what the engine emits and asks."""

from __future__ import annotations

import re
from pathlib import Path

from sgscore import Config, new_game
from sgscore.agents import RandomAgent

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "sgscore" / "sanguosha"


def _sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(ENGINE.rglob("*.py")))


def _event_kinds() -> set[str]:
    """Every kind the engine logs: ``g.log("kind", ...)`` and ``g.log_private("kind", ...)``."""
    return set(re.findall(r"\blog(?:_private)?\(\s*\"([a-z_]+)\"", _sources()))


def _table_kinds(doc: str) -> set[str]:
    """The first-column names of the doc's tables: ``| `kind` |`` and ``| `a`, `b` |``."""
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    out: set[str] = set()
    for cell in re.findall(r"^\| ([^|]+) \|", text, flags=re.M):
        out.update(re.findall(r"`([a-z_]+)`", cell))
    return out


def test_the_engine_logs_the_kinds_this_test_knows_of() -> None:
    kinds = _event_kinds()
    assert {"draw", "use", "damage", "guanxing_look", "role_dealt", "game_over"} <= kinds


def test_every_event_kind_is_in_the_events_doc() -> None:
    missing = _event_kinds() - _table_kinds("events.md")
    assert not missing, f"docs/events.md does not describe {sorted(missing)}"


def test_every_event_kind_has_its_own_sentence_in_the_renderer() -> None:
    render = (ROOT / "sgscore" / "replay" / "render.py").read_text(encoding="utf-8")
    missing = {k for k in _event_kinds() if f'kind == "{k}"' not in render}
    assert not missing, f"sgscore/replay/render.py writes {sorted(missing)} generically"


def _request_kinds() -> set[str]:
    """Request kinds named in the engine's source, and those asked in random games."""
    src = _sources()
    kinds = set(re.findall(
        r"(?:PickRequest|SubsetRequest|ArrangeRequest)\(\s*[\w.]+,\s*\"([a-z_]+)\"", src))
    kinds |= set(re.findall(r"(?:choose_card_of|ask_yes_no|ask_cards)\([^)]*?\"([a-z_]+)\"", src))
    kinds.add("play")  # PlayRequest sets its kind itself
    for i in range(120):
        n = 4 + i % 7
        game = new_game(Config(players=n, generals="random" if i % 3 else None), seed=4000 + i)
        bots = [RandomAgent(i, s) for s in range(n)]
        while not game.over:
            request = game.pending
            kinds.add(request.kind)
            game.submit(bots[request.seat].choose(request))
    return kinds


def test_every_request_kind_is_in_the_api_doc() -> None:
    kinds = _request_kinds()
    assert {"play", "respond", "invoke", "discard_phase", "guanxing", "liuli"} <= kinds
    missing = kinds - _table_kinds("api.md")
    assert not missing, f"docs/api.md's table of choices does not describe {sorted(missing)}"
