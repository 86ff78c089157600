"""三国掷 as the replay toolkit and ``sgs`` see it: its :class:`~sgscore.core.spec.GameSpec`."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.engine import Event
from ..core.observing import Layout
from ..core.rng import ALGORITHM, Pcg32
from ..core.spec import (
    ConfigError,
    GameSpec,
    GameState,
    Option,
    Teller,
    side_outcomes,
    viewer_args,
)
from ..core.telling import pad, text_width
from . import generals as _generals  # noqa: F401 - registers every general
from .agent import DiceHeuristicAgent
from .config import MAX_PLAYERS, MIN_PLAYERS, DiceConfig, general_ids
from .game import ENGINE_VERSION, GAME_ID, DiceGame
from .invariants import DiceInvariants
from .model import DYNAMITE, GENERALS, KINGDOM_ZH, LORD, LOYALIST, RENEGADE, SKILLS, DiceSkill
from .summaries import summary_problems
from .telling import EVENTS, REQUESTS, DiceTeller

__all__ = ["SPEC", "DiceSpec", "RULES_VERSION"]

RULES_VERSION = "1"
"""The identity of the rules' behaviour: changed whenever a change to the rules changes what a
game does (never for a comment or a refactoring)."""


class DiceSpec(GameSpec[DiceConfig]):
    """三国掷, the dice game of 000, 3-8 players."""

    id = GAME_ID
    title = {"en": "Sanguozhi: the dice game", "zh": "三国掷"}
    engine_version = ENGINE_VERSION
    rules_version = RULES_VERSION
    rng = ALGORITHM
    config_defaults = {"players": 5, "generals": "random", "max_rounds": 100}
    options = (
        Option("players", ("--players", "-p"), "Number of seats (3-8).", "int", 5,
               MIN_PLAYERS, MAX_PLAYERS),
        Option("generals", ("--generals", "-g"),
               "One general per seat, by id or name (caopi, 曹丕, 'Cao Pi'), or 'random' (the "
               "default) to deal them.", "str",
               "random", metavar="ID,ID,...|random"),
        Option("max_rounds", ("--max-rounds",), "Round cap; past it the game is a draw.", "int",
               100, 1),
    )
    events = EVENTS
    requests = REQUESTS
    turn_event = "turn"
    death_event = "death"
    bench_players = (3, 5, 8)

    # ------------------------------------------------------------------ config

    def observation_layout(self, config: DiceConfig) -> Layout:
        from .observe import layout

        return layout(config)

    def observation(self, game: GameState, seat: int) -> array[int]:
        from .observe import observation

        assert isinstance(game, DiceGame)
        return observation(game, seat)

    def sample_world(self, game: GameState, seat: int, rng: Pcg32) -> GameState:
        from .worlds import sample_world

        assert isinstance(game, DiceGame)
        return sample_world(game, seat, rng)

    def action_ints(self, config: DiceConfig) -> int:
        """Seats (up to 8), dice (0-4) and the amounts a skill may choose (up to the 9 arrows):
        ints below 16."""
        return 16
    def config_type(self) -> type[DiceConfig]:
        return DiceConfig

    def config_to_dict(self, config: DiceConfig) -> dict[str, Any]:
        return config.to_dict()

    def config_from_dict(self, data: Mapping[str, Any]) -> DiceConfig:
        return DiceConfig.from_dict(data)

    def config_from_options(self, values: Mapping[str, Any]) -> DiceConfig:
        given = values.get("generals")
        generals: tuple[str, ...] | str = "random"
        if given is not None and given != "random":
            generals = general_ids(str(given))  # ids or names, 曹丕 and Cao Pi too
        if given == "draft":
            raise ConfigError("generals: the dice game deals generals ('random') or takes one "
                              "id per seat; it has no draft")
        return DiceConfig(players=values.get("players", 5), generals=generals,
                          max_rounds=values.get("max_rounds", 100))

    # ------------------------------------------------------------------ playing
    def game_class(self) -> type[DiceGame]:
        return DiceGame

    def agent_kinds(self) -> dict[str, Callable[[GameState, int, int], Any]]:
        """``random`` and ``heuristic`` (:class:`~sgscore.dice.agent.DiceHeuristicAgent`)."""
        def heuristic(game: GameState, seed: int, seat: int) -> Any:
            assert isinstance(game, DiceGame)
            return DiceHeuristicAgent(game, seed, seat)

        return {**super().agent_kinds(), "heuristic": heuristic}

    def invariants(self, game: GameState) -> DiceInvariants:
        """The dice game's invariants (:class:`~sgscore.dice.invariants.DiceInvariants`)."""
        assert isinstance(game, DiceGame)
        return DiceInvariants(game)

    def outcomes(self, summary: Mapping[str, Any]) -> list[str] | None:
        """000 "游戏结束": the lord and the loyalists win together, dead or alive, and so do the
        rebels; of two renegades, only the one alive."""
        return side_outcomes(summary, {LORD: (LOYALIST,)}, alone=(RENEGADE,))

    def summary_problems(self, config: DiceConfig, summary: Mapping[str, Any]) -> list[str]:
        """The entries ``DiceGame.summary()`` writes for ``config``, and what the rules make of
        them together (:mod:`.summaries`)."""
        return summary_problems(config, summary)

    def skill_uses(self, events: Sequence[Event], seats: int) -> list[dict[str, int]]:
        """The ``skill`` events, and the uses the game tells otherwise, read from the seat's
        skill (its general, from the ``setup`` event): a damage it ``prevented`` (八阵), a
        reroll of a 闪电 die (a skill that may reroll it: 鬼道), a reroll beyond the two
        (a skill with more rerolls: 贞烈), a 万箭齐发 of fewer than 3 dice (a skill that needs
        fewer: 乱击)."""
        counts = super().skill_uses(events, seats)
        skill: list[DiceSkill | None] = [None] * seats
        dice: list[tuple[str, ...]] = [()] * seats

        def used(seat: int, sid: str) -> None:
            counts[seat][sid] = counts[seat].get(sid, 0) + 1

        for kind, args, _, _ in events:
            if kind == "setup" and args and isinstance(args[0], (tuple, list)):
                for seat, gid in enumerate(args[0][:seats]):
                    g = GENERALS.get(str(gid))
                    skill[seat] = SKILLS.get(g.skill) if g is not None else None
                continue
            seat = args[0] if args and type(args[0]) is int and 0 <= args[0] < seats else -1
            if seat < 0:
                continue
            s = skill[seat]
            if kind == "prevented" and len(args) >= 3 and isinstance(args[2], str):
                used(seat, args[2])
            elif kind == "roll" and s is not None and len(args) >= 4:
                roll_no, rolled, faces = args[1], args[2], args[3]
                before = dice[seat]
                if roll_no and s.reroll_dynamite and any(
                        0 <= i < len(before) and before[i] == DYNAMITE for i in rolled):
                    used(seat, s.id)
                if isinstance(roll_no, int) and roll_no > 2 and s.extra_rerolls:
                    used(seat, s.id)
                dice[seat] = tuple(faces)
            elif kind == "gatling" and s is not None and len(args) >= 2 and (
                    isinstance(args[1], int) and args[1] < 3 and s.gatling_needs < 3):
                used(seat, s.id)
        return counts

    # ------------------------------------------------------------------ telling
    def teller(self, seat: int | None = None, lang: str = "en") -> DiceTeller:
        seat, lang = viewer_args(seat, lang, "teller")
        return DiceTeller(lang, seat)

    def header_line(self, config: Mapping[str, Any], lang: str) -> list[str]:
        zh = lang == "zh"
        n = config.get("players", "?")
        gens = config.get("generals")
        if gens == "random":
            mode = "随机武将" if zh else "random generals"
        else:
            mode = "指定武将" if zh else "chosen generals"
        bits = [f"{n}人" if zh else f"{n} players", mode]
        if "max_rounds" in config:
            cap = config["max_rounds"]
            bits.append(f"最多{cap}轮" if zh else f"round cap {cap}")
        return bits

    def full_view(self, game: GameState) -> dict[str, Any]:
        assert isinstance(game, DiceGame)
        return game.full_view()

    def table_view(self, game: GameState, seat: int | None) -> dict[str, Any]:
        assert isinstance(game, DiceGame)
        view = game.view(seat, since=len(game.events))
        view.pop("events", None)
        return view

    def table_lines(self, state: Mapping[str, Any], teller: Teller, *, current: bool) -> list[str]:
        assert isinstance(teller, DiceTeller)
        zh = teller.lang == "zh"
        rows = [list(_TABLE_HEAD[teller.lang])]
        for p in state["players"]:
            seat = p["seat"]
            mark = ">" if current and seat == state.get("current") else " "
            cells = _seat_cells(p, teller)
            cells["hp"] += "" if p["alive"] else (" 阵亡" if zh else " dead")
            rows.append([f"{mark}P{seat}", *cells.values()])
        widths = [max(text_width(r[i]) for r in rows) for i in range(len(rows[0]))]
        out = ["  " + "  ".join(pad(c, w) for c, w in zip(r, widths, strict=True)).rstrip()
               for r in rows]
        dice = [d for d in state.get("dice") or [] if d]
        faces = teller.faces(dice) if dice else "-"
        rerolls = state.get("rerolls_left", 0)
        out.append(f"  箭堆{state['pile']}支；骰子：{faces}；还可重掷{rerolls}次" if zh else
                   f"  arrow pile {state['pile']}; dice: {faces}; rerolls left {rerolls}")
        return out

    def table_json(self, state: Mapping[str, Any], teller: Teller) -> dict[str, Any]:
        """The seats as ``table_lines`` shows them; the arrow pile, the dice on the table (one
        text a die) and the rerolls left."""
        assert isinstance(teller, DiceTeller)
        zh = teller.lang == "zh"
        keys = ("general", "role", "hp", "arrows")
        return {
            "columns": [{"key": k, "label": label}
                        for k, label in zip(keys, _TABLE_HEAD[teller.lang][1:], strict=True)],
            "seats": [{"seat": p["seat"], "label": f"P{p['seat']}", "alive": p["alive"],
                       "cells": _seat_cells(p, teller)} for p in state["players"]],
            "piles": [
                {"key": "pile", "label": "箭堆" if zh else "arrow pile",
                 "value": str(state["pile"])},
                {"key": "dice", "label": "骰子" if zh else "dice",
                 "value": [teller.face(d) for d in state.get("dice") or [] if d]},
                {"key": "rerolls_left", "label": "还可重掷" if zh else "rerolls left",
                 "value": str(state.get("rerolls_left", 0))},
            ],
        }

    # ------------------------------------------------------------------ the catalogue
    def catalogue(self) -> dict[str, Any]:
        """Every registered dice general (by id) and its skill; no cards. Any general may be
        the lord."""
        gens = [GENERALS[gid] for gid in GENERALS.names()]
        return {
            "generals": [{
                "id": g.id, "zh": g.zh, "en": g.en, "kingdoms": [g.kingdom],
                "kingdoms_zh": [KINGDOM_ZH[g.kingdom]],
                "sex": g.sex, "hp": g.hp, "skills": [g.skill], "can_be_lord": True,
            } for g in gens],
            "skills": [{
                "id": s.id, "zh": s.zh, "en": s.en, "text_zh": s.text_zh, "text_en": s.text_en,
                "lord": False, "compulsory": not s.optional, "generals": [g.id], "cards": [],
            } for g in gens for s in (SKILLS[g.skill],)],
            "cards": [],
        }

    # ------------------------------------------------------------------ schemas
    def view_schema(self) -> dict[str, Any]:
        """The JSON Schema of a view and the full view (:mod:`.view_models`)."""
        from .view_models import view_schema  # pydantic, loaded only when a schema is asked for

        return view_schema()

    def request_schema(self) -> dict[str, Any]:
        """The JSON Schema of a pending request's JSON form (:mod:`.view_models`)."""
        from .view_models import request_schema  # pydantic: loaded only when asked for

        return request_schema()


_TABLE_HEAD = {"en": ("seat", "general", "role", "HP", "arrows"),
               "zh": ("座位", "武将", "身份", "体力", "箭")}
"""The columns of the table, per language."""


def _seat_cells(p: Mapping[str, Any], teller: DiceTeller) -> dict[str, str]:
    """One seat of a view as the table shows it (the dead at 0 HP, never below)."""
    return {"general": teller.general(p["general"]) or "-",
            "role": teller.role(p["role"]) if p["role"] else "?",
            "hp": f"{p['hp'] if p['alive'] else 0}/{p['max_hp']}", "arrows": str(p["arrows"])}


SPEC = DiceSpec()
