"""The docs keep up with what the engine emits and asks: the tables of docs/events.md and
docs/api.md are generated from the declared kinds, every kind a game emits or asks is declared,
and docs/architecture.md names every timing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sgscore import Config, new_game
from sgscore.agents import RandomAgent
from sgscore.core.games import game_ids, get_game
from sgscore.core.telling import plain
from sgscore.replay.catalog import update_blocks
from sgscore.sanguosha import SPEC, TIMINGS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


Asked = tuple[str, int, tuple[Any, ...], Any]  # kind, seat, prompt, the choice made


def _played() -> tuple[set[str], dict[str, list[Asked]]]:
    """The event kinds of 120 random games of 4-10 seats, and a few of each request kind asked,
    with the choices made."""
    events: set[str] = set()
    requests: dict[str, list[Asked]] = {}
    for i in range(120):
        n = 4 + i % 7
        game = new_game(Config(players=n, generals="random" if i % 3 else None), seed=4000 + i)
        bots = [RandomAgent(i, s) for s in range(n)]
        while not game.over:
            request = game.pending
            assert request is not None
            choice = bots[request.seat].choose(request)
            seen = requests.setdefault(request.kind, [])
            if len(seen) < 20:
                seen.append((request.kind, request.seat, request.prompt, choice))
            game.submit(choice)
        events.update(e[0] for e in game.events)
    return events, requests


PLAYED = _played()


def test_the_generated_tables_of_the_docs_are_current() -> None:
    specs = {gid: spec for gid in game_ids() if (spec := get_game(gid)) is not None}
    for doc in ("events.md", "api.md"):
        stale = update_blocks(DOCS / doc, specs, write=False)
        assert not stale, f"docs/{doc} is stale: run sgs kinds --update docs/{doc}"


def test_every_kind_played_is_declared_and_documented() -> None:
    events, asked = PLAYED
    requests = set(asked)
    assert {"draw", "use", "damage", "role_dealt", "game_over"} <= events
    assert {"play", "respond", "invoke", "discard_phase"} <= requests
    assert events <= set(SPEC.events) and requests <= set(SPEC.requests)
    text = (DOCS / "events.md").read_text(encoding="utf-8")
    assert all(f"| `{k}` |" in text for k in SPEC.events)
    api = (DOCS / "api.md").read_text(encoding="utf-8")
    assert all(f"| `{k}` |" in api for k in SPEC.requests)


def test_every_request_asked_is_put_in_words_in_both_languages() -> None:
    # The question and the choice of every request kind asked in the random games, as `sgs
    # replay step` shows them: never the fallback that shows a kind or value as it is.
    for samples in PLAYED[1].values():
        for kind, seat, prompt, choice in samples:
            for lang in ("en", "zh"):
                t = SPEC.teller(seat=None, lang=lang)
                t.generals = ["caocao"] * 10
                question, answer = t.ask(kind, seat, prompt), t.describe(kind, choice)
                assert not question.startswith(f"{kind} ("), (kind, prompt, question)
                assert answer != repr(plain(choice)) or choice is None, (kind, choice, answer)
                assert question.strip() and answer.strip()


def test_every_event_kind_has_words_in_both_languages() -> None:
    # Each declared renderer is called on a made-up event of the right arity: an exception or
    # an empty line would mean a kind the account writes generically.
    for kind in SPEC.events.values():
        for lang in ("en", "zh"):
            t = SPEC.teller(seat=None, lang=lang)
            t.generals = ["caocao", "liubei", "", "zhugeliang"]
            required = [n for n in kind.args if not n.endswith(("?", "..."))]
            args = [_sample(name) for name in required]
            out = t.lines(kind.name, tuple(args), None)
            assert out and all(line.strip() for line in out) or kind.name in _SILENT, kind.name
            assert not any(line.strip().startswith(f"{kind.name}:") for line in out), kind.name


_SILENT = {"phase", "role_dealt", "judge_result"}  # told by the next line, or not at all


def _sample(name: str) -> object:
    if name in ("players", "n", "amount", "hp", "turn_no", "round_no", "n_top", "n_bottom"):
        return 2
    if name in ("generals",):
        return ("caocao", "liubei", "", "zhugeliang")
    if name in ("cards", "targets"):
        return (1, 2)
    if name in ("name", "trick", "card_name"):
        return "slash"
    if name == "general":
        return "caocao"
    if name in ("reason", "skill", "phase", "role", "winner"):
        return {"reason": "death", "skill": "jianxiong", "phase": "draw", "role": "lord",
                "winner": "lord"}[name]
    if name in ("cancelled", "in_use"):
        return True
    return 1


def test_the_architecture_doc_names_every_timing() -> None:
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    missing = [t for t in TIMINGS if f"`{t}`" not in text]
    assert not missing, f"docs/architecture.md does not describe the timings {missing}"
