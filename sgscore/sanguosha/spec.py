"""Identity mode as the replay toolkit and ``sgs`` see it: its :class:`~sgscore.core.spec.GameSpec`.

The header codec is here: how a config is written into a replay header and read back. A header
records everything a re-simulation needs to deal the same game, the general pool of a random deal
and the card packs included, so content added to the engine later never changes a recorded game.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core.engine import Event
from ..core.observing import Layout
from ..core.protocol import Choice
from ..core.rng import ALGORITHM, Pcg32
from ..core.spec import (
    ConfigError,
    GameSpec,
    GameState,
    Option,
    Teller,
    viewer_args,
)
from ..core.telling import pad, text_width
from .agent import HeuristicAgent
from .cards import (
    ARMOR,
    CARD_TYPES,
    DEFENSE_HORSE,
    EQUIP,
    NAME,
    OFFENSE_HORSE,
    PACKS,
    SUIT_SYMBOL,
    WEAPON,
    card_label,
    card_name,
    deck_ids,
)
from .config import POOLS, Config, general_ids
from .game import ENGINE_VERSION, RULESET, Game, find_mode, full_view
from .invariants import Invariants
from .model import GENERALS, KINGDOM_ZH, KINGDOMS, LORD, LOYALIST, REBEL, RENEGADE
from .skills import SKILLS, Skill, skill_words_missing
from .summaries import seat_outcomes, summary_problems
from .telling import EVENTS, REQUESTS
from .telling import Teller as SgsTeller
from .variants.mode_3v3 import CAMPS, camp_of

__all__ = ["SPEC", "IdentitySpec", "RULES_VERSION", "FORMAT_V1_POOL"]

RULES_VERSION = "3"
"""The identity of the rules' behaviour. Change it (and run ``python -m sgscore.replay.golden``)
whenever a change to the rules changes what a game does; never for a comment or a refactoring.
The golden replays (``fixtures/``) fail when behaviour changes, and the rebaseline refuses to
record them again under the same version."""

FORMAT_V1_POOL = (
    "caocao", "daqiao", "liubei", "lvbu", "machao", "simayi", "sunshangxiang", "zhugeliang",
)
"""The general pool of a header that names none: the eight generals every replay dealt from
before headers recorded the pool. Frozen with the format; never change it."""


class IdentitySpec(GameSpec[Config]):
    """三国杀 identity mode (身份局), 4-10 players."""

    id = RULESET
    title = {"en": "Sanguosha: identity mode", "zh": "三国杀身份局"}
    engine_version = ENGINE_VERSION
    rules_version = RULES_VERSION
    rng = ALGORITHM
    config_defaults = {
        "players": 5, "generals": "random", "first_game": False, "ex_cards": False,
        "packs": ["standard"],
        "advanced_weapons": True, "role_variant": False, "lord_seat_zero": True,
        "lord_seat": 0, "scoring": False,
        "max_rounds": 60, "pool": list(FORMAT_V1_POOL), "reincarnation": False,
        "last_blood": None, "three_player_drain": False, "dark_souls": False,
        "mode": "identity",
    }
    options = (
        Option("mode", ("--mode",), "'identity' (身份局) or '3v3' (003's team mode: 6 seats in two "
               "camps; --players 6 then, and 'draft' is 3v3's draft of 16).", "str", "identity",
               metavar="identity|3v3"),
        Option("players", ("--players", "-p"), "Number of seats (4-10).", "int", 5, 4, 10),
        Option("generals", ("--generals", "-g"),
               "One general per seat, by id or name (caocao, 曹操, 'Cao Cao'); 'random' to deal "
               "them; 'draft' (the default): the lord chooses from five, the others from three "
               "(2 at 10 players).", "str",
               "draft", metavar="ID,ID,...|random|draft"),
        Option("beginner", ("--beginner",), "Beginner mode: no generals, no skills."),
        Option("first_game", ("--first-game",), "First-game deck: no J, Q or K."),
        Option("ex", ("--ex",), "Add the 4 EX cards."),
        Option("deck", ("--deck",), "The deck: 'standard' (003's 104 cards) or '1.0' (the 1.0 "
               "edition's 80, 002).", "str", "standard", metavar="standard|1.0"),
        Option("no_advanced_weapons", ("--no-advanced-weapons",),
               "Weapons without their advanced skills."),
        Option("role_variant", ("--role-variant",), "6 or 8 players: two renegades."),
        Option("scoring", ("--scoring",),
               "Keep score (003 计分规则): the end record holds each seat's score."),
        Option("lord_seat", ("--lord-seat",), "The seat that is given the lord's role.", "int",
               0, 0, 9),
        Option("max_rounds", ("--max-rounds",), "Round cap; past it the game is a draw.", "int",
               60, 1),
        Option("reincarnation", ("--reincarnation",),
               "转世: the dead stay at the table, are given cards and come back."),
        Option("detailed", ("--detailed",),
               "The detailed rules (003 详细规则): --dark-souls and --three-player-drain."),
        Option("dark_souls", ("--dark-souls",),
               "暗魂: a dead loyalist, rebel or renegade becomes a soul possessing a player."),
        Option("three_player_drain", ("--three-player-drain",),
               "Three players left: after three rounds, everyone loses 1 HP each round."),
        Option("last_blood", ("--last-blood",),
               "Last-blood protection for SEAT, the first player out of the previous game.",
               "int", None, 0, 9, metavar="SEAT"),
    )
    events = EVENTS
    requests = REQUESTS
    turn_event = "turn"
    death_event = "death"
    bench_players = (4, 5, 8, 10)

    # ------------------------------------------------------------------ config
    def config_type(self) -> type[Config]:
        return Config

    def config_to_dict(self, config: Config) -> dict[str, Any]:
        """Every entry, the pool resolved: a random deal records the generals it drew from."""
        out = config.to_dict()
        name = config.pool_name()
        out["pool"] = name if name is not None else list(config.general_pool())
        return out

    def header_config(self, config: Config) -> dict[str, Any]:
        out = super().header_config(config)
        if config.generals not in ("random", "draft") and not config.reincarnation:
            out.pop("pool", None)  # only a random deal, a draft or 转世 draws from the pool
        return out

    def full_config(self, data: Mapping[str, Any]) -> dict[str, Any]:
        out = super().full_config(data)
        if out.get("ex_cards") is True:  # headers written before packs were recorded
            packs = out.get("packs")
            if isinstance(packs, list) and "ex" not in packs:
                out["packs"] = [*packs, "ex"]
        out.pop("ex_cards", None)
        return out

    def config_from_dict(self, data: Mapping[str, Any]) -> Config:
        return Config.from_dict(data)

    def config_from_options(self, values: Mapping[str, Any]) -> Config:
        mode = str(values.get("mode", "identity"))
        players = values.get("players", 6 if mode == "3v3" else 5)
        generals: tuple[str, ...] | str | None = "draft"
        given = values.get("generals")
        if values.get("beginner"):
            if given is not None and given != "draft":
                raise ConfigError("--beginner plays without generals; drop --generals")
            generals = None
        elif given in ("random", "draft"):
            generals = str(given)
        elif given is not None:
            generals = general_ids(str(given))  # ids or names, 曹操 and Cao Cao too
        return Config(
            players=players, generals=generals, first_game=bool(values.get("first_game")),
            packs=_packs(values),
            advanced_weapons=not values.get("no_advanced_weapons"),
            role_variant=bool(values.get("role_variant")),
            lord_seat=values.get("lord_seat", 0), scoring=bool(values.get("scoring")),
            max_rounds=values.get("max_rounds", 60),
            reincarnation=bool(values.get("reincarnation")),
            last_blood=values.get("last_blood"),
            three_player_drain=bool(values.get("three_player_drain") or values.get("detailed")),
            dark_souls=bool(values.get("dark_souls") or values.get("detailed")),
            mode=mode,
        )

    # ------------------------------------------------------------------ playing
    def game_class(self) -> type[Game]:
        return Game

    def agent_kinds(self) -> dict[str, Callable[[GameState, int, int], Any]]:
        """``random``, ``heuristic`` (:class:`~sgscore.sanguosha.agent.HeuristicAgent`) and
        ``ismcts`` (:class:`~sgscore.sanguosha.search.SearchAgent`, 64 worlds a decision)."""
        def heuristic(game: GameState, seed: int, seat: int) -> Any:
            assert isinstance(game, Game)
            return HeuristicAgent(game, seed, seat)

        def ismcts(game: GameState, seed: int, seat: int) -> Any:
            from .search import SearchAgent

            assert isinstance(game, Game)
            return SearchAgent(game, seed, seat)

        return {**super().agent_kinds(), "heuristic": heuristic, "ismcts": ismcts}

    def agent_kind(self, name: str) -> Callable[[GameState, int, int], Any] | None:
        """As :meth:`GameSpec.agent_kind`, and ``ismcts:N``: the search agent with ``N``
        worlds a decision (1 to :data:`~sgscore.sanguosha.search.MAX_BUDGET`, written without
        a sign or leading zeros, so that a replay's header names each budget one way;
        :class:`ConfigError` says so of another ``N``)."""
        base, colon, budget = name.partition(":")
        if not colon or base != "ismcts":
            return super().agent_kind(name)
        from .search import MAX_BUDGET, SearchAgent

        if not (budget.isascii() and budget.isdigit() and budget == str(int(budget))
                and 1 <= int(budget) <= MAX_BUDGET):
            raise ConfigError(f"agents: {name!r:.40}: the N of ismcts:N (worlds a decision) "
                              f"is a whole number from 1 to {MAX_BUDGET}, without leading zeros")
        worlds = int(budget)

        def search(game: GameState, seed: int, seat: int) -> Any:
            assert isinstance(game, Game)
            return SearchAgent(game, seed, seat, worlds)

        return search

    def invariants(self, game: GameState) -> Invariants:
        """Identity mode's invariants, 3v3 and every variant included
        (:class:`~sgscore.sanguosha.invariants.Invariants`)."""
        assert isinstance(game, Game)
        return Invariants(game)

    def outcomes(self, summary: Mapping[str, Any]) -> list[str] | None:
        """docs/rules.md "Dying, death and victory": the lord and the loyalists win together, dead
        or alive, and so do the rebels; of two renegades (the 6- and 8-player variant), only the one
        alive. In 3v3 the winner is a camp, won by its marshal and vanguards."""
        return seat_outcomes(summary)

    def scores(self, summary: Mapping[str, Any]) -> list[int] | None:
        """The seats' scores (003 计分规则, :mod:`.scoring`) of a game recorded with
        ``scoring``; None for one recorded without."""
        out = summary.get("scores")
        if isinstance(out, list) and all(type(x) is int for x in out):
            return list(out)
        return None

    def summary_problems(self, config: Config, summary: Mapping[str, Any]) -> list[str]:
        """The entries ``Game.summary()`` writes for ``config``, and what the rules make of them
        together (:mod:`.summaries`)."""
        return summary_problems(config, summary)

    def skill_uses(self, events: Sequence[Event], seats: int) -> list[dict[str, int]]:
        """The ``skill`` events, and the cards used or played through a skill that is told by
        no ``skill`` event of its own: a conversion (武圣, 龙胆, 倾国, 国色) is told by the
        ``use`` or ``play`` of the card it makes, whose last argument names it. A card a skill
        produced after its ``skill`` event (护驾's 闪, 激将's 杀, 八卦阵's 闪) is not counted
        again. A lent action (孙权's tribute, used by the Wu players) is its owner's use: the
        seat it targets."""
        counts = super().skill_uses(events, seats)
        told: list[str] = [""] * seats  # the skill of each seat's last skill event
        for kind, args, _, _ in events:
            if kind == "skill" and len(args) >= 2 and type(args[0]) is int:
                if 0 <= args[0] < seats:
                    told[args[0]] = str(args[1])
                lent = SKILLS.get(str(args[1]))
                if lent is not None and lent.lent and len(args) >= 4 and args[3]:
                    owner = args[3][0]  # a lent action's use is its owner's (孙权's tribute)
                    if type(owner) is int and 0 <= owner < seats and 0 <= args[0] < seats:
                        sid = str(args[1])
                        counts[args[0]][sid] -= 1
                        if not counts[args[0]][sid]:
                            del counts[args[0]][sid]
                        counts[owner][sid] = counts[owner].get(sid, 0) + 1
            elif kind in ("use", "play") and args and type(args[0]) is int and (
                    0 <= args[0] < seats):
                sid = args[-1] if len(args) >= (5 if kind == "use" else 4) else ""
                if isinstance(sid, str) and sid:
                    if told[args[0]] == sid:
                        told[args[0]] = ""
                    else:
                        counts[args[0]][sid] = counts[args[0]].get(sid, 0) + 1
        return counts

    def bench_config(self, players: int, generals: str = "random",
                     pool: str | Sequence[str] | None = None,
                     options: Mapping[str, Any] | None = None) -> Config:
        """As :meth:`GameSpec.bench_config`; ``pool`` is a named pool (``standard``) or generals
        by id or name (comma-separated, or a sequence: :func:`~.config.general_ids`), checked as
        any config's; None deals from every registered general."""
        config = super().bench_config(players, generals, None, options)
        if pool is None:
            return config
        if isinstance(pool, str) and "," not in pool and pool in POOLS:
            return replace(config, pool=pool)
        return replace(config, pool=general_ids(pool, "pool"))

    def bench_pool(self, config: Config) -> str:
        """The frozen pool's name, or the ids of the generals dealt from, comma-separated."""
        return config.pool_name() or ",".join(config.general_pool())

    def tournament_config(self, config: Config, game: int) -> Config:
        """003 "推广版计分赛": game ``game`` (0, 1, ...) gives the lord's role to the seat
        ``game`` seats after ``config.lord_seat`` (the first lord, "起始玩家"), round the table,
        the other roles dealt at random among the rest, and keeps score."""
        if config.mode != "identity":
            raise ConfigError(f"a tournament passes the lord's role round the table, and "
                              f"{config.mode} has no lord")
        if not config.lord_seat_zero:
            raise ConfigError("a tournament passes the lord round the table: the lord's seat "
                              "cannot be dealt at random")
        return replace(config, lord_seat=(config.lord_seat + game) % config.players, scoring=True)

    def observation_layout(self, config: Config) -> Layout:
        from .observe import layout

        return layout(config)

    def observation(self, game: GameState, seat: int) -> array[int]:
        from .observe import observation

        assert isinstance(game, Game)
        return observation(game, seat)

    def sample_world(self, game: GameState, seat: int, rng: Pcg32) -> GameState:
        from .worlds import sample_world

        assert isinstance(game, Game)
        return sample_world(game, seat, rng)

    def action_ints(self, config: Config) -> int:
        """Every card id of the config's deck and every seat."""
        return max(max(deck_ids(config.packs, first_game=config.first_game), default=0) + 1,
                   config.players)

    def action_words(self, config: Config) -> tuple[str, ...]:
        """Every skill's and general's id, and the words of the request kinds' choices (a
        camp, a direction, 双股剑's "discard"/"draw", a hand card taken unseen: "hand")."""
        from ..core.schema import literal_words
        from .view_models import SHAPES  # pydantic: loaded only when asked for

        words = set(SKILLS.names()) | set(GENERALS.names())
        for shape in SHAPES.values():
            words |= literal_words(shape.choice)
        return tuple(sorted(words))

    def scenario_test(self, game: GameState, *, name: str = "test_position", source: str = "",
                      then: Choice | None = None, has_then: bool = False) -> str:
        """The moment of ``game`` as a test of the scenario harness (``position.py``)."""
        from .position import scenario_test
        from .testing import ScenarioError

        assert isinstance(game, Game)
        try:
            return scenario_test(game, name=name, source=source, then=then, has_then=has_then)
        except ScenarioError as e:
            raise ValueError(str(e)) from None

    def agent_factories(self, seats: int, names: str | Sequence[str]
                        ) -> list[Callable[[GameState, int, int], Any]] | None:
        """As :meth:`GameSpec.agent_factories`; None for agents by role (or camp): a seat's
        agent is the one of the role it is dealt, game by game."""
        listed = [names] if isinstance(names, str) else list(names)
        if any("=" in n for n in listed):
            return None
        return super().agent_factories(seats, names)

    def make_agents(self, game: GameState, seed: int, names: str | Sequence[str]) -> list[Any]:
        """As :meth:`GameSpec.make_agents`, and by role: ``["lord=heuristic",
        "loyalist=heuristic", "rebel=random", "renegade=random"]`` gives each seat the agent of
        the role it was dealt (every role named once); in 3v3, by camp: ``["warm=heuristic",
        "cold=random"]``."""
        listed = [names] if isinstance(names, str) else list(names)
        if not any("=" in n for n in listed):
            return super().make_agents(game, seed, names)
        assert isinstance(game, Game)
        three = game.config.mode == "3v3"
        sides: tuple[str, ...] = CAMPS if three else ROLES
        what = "camp" if three else "role"
        by_role: dict[str, str] = {}
        for item in listed:
            role, _, name = item.partition("=")
            if role not in sides or not name or role in by_role:
                raise ConfigError(f"agents: {item!r:.40} is not {what.upper()}=AGENT with a "
                                  f"{what} out of {', '.join(sides)}, each once")
            by_role[role] = name
        missing = [r for r in sides if r not in by_role]
        if missing:
            raise ConfigError(f"agents: no agent for the {what}(s) {', '.join(missing)}")
        side = camp_of if three else str
        return super().make_agents(game, seed, [by_role[side(p.role)] for p in game.players])

    # ------------------------------------------------------------------ telling
    def teller(self, seat: int | None = None, lang: str = "en") -> SgsTeller:
        seat, lang = viewer_args(seat, lang, "teller")
        return SgsTeller(lang, seat)

    def header_line(self, config: Mapping[str, Any], lang: str) -> list[str]:
        gens = config.get("generals")
        zh = lang == "zh"
        if gens is None:
            mode = "新手模式" if zh else "beginner"
        elif gens == "random":
            mode = "随机武将" if zh else "random generals"
        elif gens == "draft":
            mode = "选将" if zh else "draft"
        else:
            mode = "指定武将" if zh else "chosen generals"
        bits = [f"{config.get('players', '?')}人" if zh else f"{config.get('players', '?')} players",
                mode]
        played = find_mode(str(config.get("mode", "identity")))
        if played is not None and played.mode != "identity":  # a mode of its own: 3v3
            bits.insert(0, played.zh if zh else played.en)
        bits += [k for k in ("first_game", "role_variant") if config.get(k)]
        if config.get("lord_seat"):
            bits.append(f"主公{config['lord_seat']}号位" if zh else f"lord at P{config['lord_seat']}")
        if config.get("scoring"):
            bits.append("计分" if zh else "scoring")
        packs = config.get("packs")
        if isinstance(packs, list) and packs != ["standard"]:
            bits.append("packs " + "+".join(str(p) for p in packs))
        if config.get("advanced_weapons") is False:
            bits.append("no_advanced_weapons")
        if config.get("reincarnation"):
            bits.append("转世" if zh else "reincarnation")
        if isinstance(config.get("last_blood"), int):
            seat = config["last_blood"]
            bits.append(f"最后一滴血保护{seat}号位" if zh else f"last blood P{seat}")
        if config.get("three_player_drain"):
            bits.append("三人减体力" if zh else "three-player drain")
        if config.get("dark_souls"):
            bits.append("暗魂" if zh else "dark souls")
        if "max_rounds" in config:
            cap = config["max_rounds"]
            bits.append(f"最多{cap}轮" if zh else f"round cap {cap}")
        return bits

    def full_view(self, game: GameState) -> dict[str, Any]:
        assert isinstance(game, Game)
        return full_view(game)

    def table_view(self, game: GameState, seat: int | None) -> dict[str, Any]:
        assert isinstance(game, Game)
        view = game.view(seat, since=len(game.events))
        view.pop("events", None)
        return view

    def table_lines(self, state: Mapping[str, Any], teller: Teller, *, current: bool) -> list[str]:
        assert isinstance(teller, SgsTeller)
        w = _TABLE_WORDS[teller.lang]
        rows = [list(w["head"])]
        for p in state["players"]:
            seat = p["seat"]
            mark = ">" if current and seat == state.get("current") else " "
            cells = _seat_cells(p, teller, state.get("phase") == "setup")
            cells["hp"] = str(cells["hp"]) + ("" if p["alive"] else w["dead"])
            rows.append([f"{mark}P{seat}"] + [
                ", ".join(cell) or "-" if isinstance(cell, list) else cell
                for cell in cells.values()])
        widths = [max(text_width(r[i]) for r in rows) for i in range(len(rows[0]))]
        out = ["  " + "  ".join(pad(cell, w) for cell, w in zip(r, widths, strict=True)).rstrip()
               for r in rows]
        out.append("  " + w["piles"].format(draw=state["draw_pile"],
                                            discard=len(state["discard_pile"]))
                   + (w["used"].format(n=len(state["processing"])) if state["processing"] else ""))
        return out

    def table_json(self, state: Mapping[str, Any], teller: Teller) -> dict[str, Any]:
        """The seats as ``table_lines`` shows them (a hand the viewer sees as its cards, another
        as a count), and the draw pile, the discard pile and the cards being used."""
        assert isinstance(teller, SgsTeller)
        w = _TABLE_WORDS[teller.lang]
        draw, discard, used = w["pile_names"]
        piles = [{"key": "draw_pile", "label": draw, "value": str(state["draw_pile"])},
                 {"key": "discard_pile", "label": discard,
                  "value": str(len(state["discard_pile"]))}]
        if state["processing"]:
            piles.append({"key": "processing", "label": used,
                          "value": [_card(c, teller.lang) for c in state["processing"]]})
        return {
            "columns": [{"key": k, "label": label}
                        for k, label in zip(_CELLS, w["head"][1:], strict=True)],
            "seats": [{"seat": p["seat"], "label": f"P{p['seat']}", "alive": p["alive"],
                       "cells": _seat_cells(p, teller, state.get("phase") == "setup")}
                      for p in state["players"]],
            "piles": piles,
        }

    # ------------------------------------------------------------------ the catalogue
    def catalogue(self) -> dict[str, Any]:
        """Every registered general (by kingdom, then id), skill (the generals', then the
        equipment's, then the rules' own: 转世's offering) and physical card (by id), as :meth:`GameSpec.catalogue` describes."""
        generals = sorted(GENERALS.values(),
                          key=lambda g: (KINGDOMS.index(g.kingdoms()[0]), g.id))
        holders: dict[str, list[str]] = {}
        for g in generals:
            for sid in g.skills:
                holders.setdefault(sid, []).append(g.id)
        givers: dict[str, list[str]] = {}
        for t in CARD_TYPES.values():
            if t.skill is not None:
                givers.setdefault(t.skill.id, []).append(t.name)
        order = [*holders, *(sid for sid in givers if sid not in holders)]
        order += [sid for sid in SKILLS.names()  # the rules' own with their words (转世's offering)
                  if sid not in order and not skill_words_missing(SKILLS[sid])]
        return {
            "generals": [{
                "id": g.id, "zh": g.zh, "en": g.en, "kingdoms": list(g.kingdoms()),
                "kingdoms_zh": [KINGDOM_ZH[k] for k in g.kingdoms()], "sex": g.sex, "hp": g.hp,
                "skills": list(g.skills), "can_be_lord": g.can_be_lord,
            } for g in generals],
            "skills": [_skill_entry(SKILLS[sid], holders.get(sid, []), givers.get(sid, []))
                       for sid in order],
            "cards": _card_entries(),
            "packs": [{"id": p.name, "zh": p.zh, "en": _PACK_EN.get(p.name, p.name)}
                      for p in sorted(PACKS.values(), key=lambda p: p.first_id)],
        }

    # ------------------------------------------------------------------ schemas
    def view_schema(self) -> dict[str, Any]:
        """The JSON Schema of a view and the full view (:mod:`.view_models`)."""
        from .view_models import view_schema  # pydantic: loaded only when a schema is asked for

        return view_schema()

    def request_schema(self) -> dict[str, Any]:
        """The JSON Schema of a pending request's JSON form (:mod:`.view_models`)."""
        from .view_models import request_schema  # pydantic: loaded only when asked for

        return request_schema()


DECKS = {"standard": ("standard",), "1.0": ("1.0",)}
"""The decks ``sgs sim --deck`` names, as the packs they are."""


def _packs(values: Mapping[str, Any]) -> tuple[str, ...]:
    """The packs of ``--deck`` and ``--ex``."""
    deck = str(values.get("deck") or "standard")
    if deck not in DECKS:
        raise ConfigError(f"--deck: expected {' or '.join(DECKS)}, got {deck!r:.40}")
    if values.get("ex"):
        if deck != "standard":
            raise ConfigError(f"--ex adds the 4 EX cards to the standard deck, not to the {deck} "
                              "deck")
        return ("standard", "ex")
    return DECKS[deck]


def _skill_entry(skill: Skill, generals: list[str], cards: list[str]) -> dict[str, Any]:
    return {
        "id": skill.id, "zh": skill.zh, "en": skill.en, "text_zh": skill.text_zh,
        "text_en": skill.text_en, "lord": skill.lord,
        "compulsory": skill.compulsory,
        "generals": generals, "cards": cards,
    }


_PACK_EN = {"standard": "the standard deck", "ex": "the EX cards",
            "1.0": "the 1.0 edition's deck"}
"""The packs' names in English (``Pack.zh`` is their Chinese one)."""

_SUIT_LETTER = ("S", "H", "C", "D")
_RANK_PRINTED = {1: "A", 11: "J", 12: "Q", 13: "K"}
_KIND_ZH = {"basic": "基本牌", "trick": "锦囊牌", "delayed": "延时锦囊牌", "equip": "装备牌"}
_SLOT = {WEAPON: ("weapon", "武器"), ARMOR: ("armor", "防具"),
         DEFENSE_HORSE: ("defense_horse", "+1马"), OFFENSE_HORSE: ("offense_horse", "-1马")}


def _card_entries() -> list[dict[str, Any]]:
    """One entry per physical card of the registered packs, by id."""
    out = []
    for card in sorted((c for p in PACKS.values() for c in p.cards), key=lambda c: c.id):
        t = CARD_TYPES[card.name]
        slot, slot_zh = _SLOT[t.slot] if t.kind == EQUIP else ("", "")
        out.append({
            "id": card.id, "name": card.name, "zh": t.zh, "en": t.en,
            "suit": _SUIT_LETTER[card.suit], "symbol": SUIT_SYMBOL[card.suit],
            "rank": _RANK_PRINTED.get(card.rank, str(card.rank)), "kind": t.kind,
            "kind_zh": _KIND_ZH.get(t.kind, t.kind), "slot": slot, "slot_zh": slot_zh,
            "range": t.range, "pack": card.pack,
        })
    return out


_TABLE_WORDS: dict[str, dict[str, Any]] = {
    "en": {"head": ("seat", "general", "role", "HP", "hand", "equipment", "judgement"),
           "dead": " dead", "card": "{n} card", "cards": "{n} cards",
           "borrowed": "borrowed {card} from P{seat}", "as": " as {name}",
           "piles": "draw pile {draw}, discard pile {discard}", "used": ", being used {n}",
           "pile_names": ("draw pile", "discard pile", "being used")},
    "zh": {"head": ("座位", "武将", "身份", "体力", "手牌", "装备区", "判定区"),
           "dead": " 阵亡", "card": "{n}张", "cards": "{n}张",
           "borrowed": "借来的{card}（{seat}号位）", "as": "（当{name}）",
           "piles": "牌堆{draw}张，弃牌堆{discard}张", "used": "，处理区{n}张",
           "pile_names": ("牌堆", "弃牌堆", "处理区")},
}
"""The words of ``sgs replay step``'s table, per language."""


_CELLS = ("general", "role", "hp", "hand", "equip", "judge")
"""The cells of a seat in the table, after its seat number (the columns of ``_TABLE_WORDS``)."""


def _seat_cells(p: Mapping[str, Any], teller: SgsTeller,
                setup: bool = False) -> dict[str, str | list[str]]:
    """One seat of a view as the table shows it: texts, and lists of cards (a hand the viewer
    sees, the equipment, the judgement area); a hand it does not see is a count. HP is "-"
    while the generals are being chosen (``setup``: a seat's HP is its general's), and 0 for
    the dead (a death at -1 HP leaves no HP to show). A seat as it was a moment before is told
    from memory (most seats do not change between two decisions of a replay)."""
    hand, judge, borrowed = p["hand"], p["judge"], p.get("borrowed")
    key = (teller.lang, setup, p["general"], p["role"], p["hp"], p["max_hp"], p["alive"],
           p["hand_size"], None if hand is None else tuple(hand), tuple(p["equip"]),
           tuple(tuple(j) for j in judge), None if not borrowed else tuple(borrowed))
    known = _CELLS_SEEN.get(key)
    if known is None:
        if len(_CELLS_SEEN) >= 4096:
            _CELLS_SEEN.clear()
        known = _CELLS_SEEN[key] = _cells_of(p, teller, setup)
    return {k: list(v) if isinstance(v, list) else v for k, v in known.items()}


_CELLS_SEEN: dict[tuple[Any, ...], dict[str, str | list[str]]] = {}
"""The cells of the seats told lately, by everything they show (see :func:`_seat_cells`)."""


def _cells_of(p: Mapping[str, Any], teller: SgsTeller, setup: bool) -> dict[str, str | list[str]]:
    """:func:`_seat_cells` for a seat not told lately."""
    lang = teller.lang
    w = _TABLE_WORDS[lang]
    if p["hand"] is not None:
        hand: str | list[str] = [_card(c, lang) for c in p["hand"]]
    else:
        n = p["hand_size"]
        hand = (w["card"] if n == 1 else w["cards"]).format(n=n)
    equip = [_card(c, lang) for c in p["equip"] if c >= 0]
    if p.get("borrowed"):
        equip.append(w["borrowed"].format(card=_card(p["borrowed"][0], lang),
                                          seat=p["borrowed"][1]))
    judge = []
    for card, as_name in p["judge"]:
        label = _card(card, lang)
        if 0 <= card < len(NAME) and NAME[card] != as_name:
            label += w["as"].format(name=card_name(as_name, lang))
        judge.append(label)
    cells: dict[str, str | list[str]] = {
        "general": teller.general(p["general"]) or "-",
        "role": teller.role(p["role"]) if p["role"] else "?",
        "hp": _hp(p, setup), "hand": hand, "equip": equip, "judge": judge,
    }
    return cells


def _hp(p: Mapping[str, Any], setup: bool) -> str:
    """A seat's HP as the table shows it (see :func:`_seat_cells`)."""
    if setup and not p["general"]:
        return "-"
    return f"{p['hp'] if p['alive'] else 0}/{p['max_hp']}"


def _card(c: Any, lang: str) -> str:
    ok = isinstance(c, int) and not isinstance(c, bool) and 0 <= c < len(NAME) and NAME[c]
    if not ok:
        return str(c)
    label = _LABELS.get((c, lang))
    if label is None:
        label = _LABELS[(c, lang)] = card_label(c, lang)
    return label


_LABELS: dict[tuple[int, str], str] = {}
"""Each physical card's label by language, made once (a table labels every card in sight at
every moment of a replay)."""


ROLES = (LORD, LOYALIST, REBEL, RENEGADE)

SPEC = IdentitySpec()
