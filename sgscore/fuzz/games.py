"""Random games: seeded games of every installed game's options and variants with random and
heuristic agents, each checked after every decision and at its end against its game's invariants,
which its spec gives (``docs/fuzzing.md``, "Random games and their invariants")."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ..core.invariants import Broken, InvariantChecker
from ..core.rng import Pcg32
from .verdicts import exception_class
from .workers import _Pool

if TYPE_CHECKING:
    from ..core.spec import AnyGame
    from ..sanguosha.config import Config


@dataclass(frozen=True)
class GameSetup:
    """Game ``index`` of a games run (:func:`game_setup`): its game's config (an identity-mode
    :class:`~sgscore.sanguosha.Config` or a :class:`~sgscore.dice.DiceConfig`), its seed, the
    agent of each seat by name, and the variants it plays (the names :data:`VARIANTS` lists)."""

    index: int
    config: Any
    seed: int
    agents: tuple[str, ...]
    variants: tuple[str, ...]


VARIANTS: Final = (
    # which game, and identity mode's modes
    "identity", "3v3", "dice",
    # identity mode's generals: beginner mode, a random deal (sometimes from a smaller pool), one
    # general named per seat, the selection draft
    "beginner", "random generals", "small pool", "named generals", "draft",
    # the deck
    "standard deck", "EX cards", "1.0 deck", "first game", "no advanced weapons",
    # roles and seats
    "role variant", "lord anywhere", "lord seat", "scoring",
    # the variants of what the dead do and of the end
    "reincarnation", "last blood", "drain", "dark souls", "round cap",
    # the dice game's options
    "dice named generals", "dice small pool",
    # the agents
    "random agents", "heuristic agents", "mixed agents",
)
"""Every option and variant :func:`game_setup` draws, by the name a report counts it under
(``by_variant``); the tests check that a run of a few hundred games draws each."""
_ROUND_CAPS: Final = (1, 3, 10, 20, 60, 60, 60, 60, 60, 60)


def game_setup(seed: int, index: int) -> GameSetup:
    """Game ``index`` of a games run with ``seed``, drawn from ``Pcg32(seed, index)``: one game
    in 8 is the dice game, one in 8 is 3v3, the rest identity mode with 4-10 players and a spread
    of every option and variant; random agents, heuristic agents or a mix of both."""
    rng = Pcg32(seed, index)
    family = rng.below(8)
    config, variants = (_dice_setup(rng) if family == 0 else
                        _setup_3v3(rng) if family == 1 else _identity_setup(rng))
    seats: int = config.players
    mix = rng.below(4)
    if mix < 2:
        agents, which = ("random",) * seats, "random agents"
    elif mix == 2:
        agents, which = ("heuristic",) * seats, "heuristic agents"
    else:
        agents = tuple(("random", "heuristic")[rng.below(2)] for _ in range(seats))
        which = "mixed agents"
    game_seed = (rng.next_u32() << 32) | rng.next_u32()
    return GameSetup(index, config, game_seed, agents, (*variants, which))


def game_config(seed: int, index: int) -> tuple[Any, int]:
    """The config and seed of game ``index`` of a games run with ``seed`` (:func:`game_setup`)."""
    setup = game_setup(seed, index)
    return setup.config, setup.seed


def _distinct(rng: Pcg32, names: Sequence[str], n: int) -> list[str]:
    """``n`` different names drawn from ``names`` (in the order drawn)."""
    left = list(names)
    return [left.pop(rng.below(len(left))) for _ in range(n)]


def _identity_setup(rng: Pcg32) -> tuple[Config, list[str]]:
    from ..sanguosha.config import ROLE_TABLE_VARIANT, Config
    from ..sanguosha.draft import draft_needs
    from ..sanguosha.model import GENERALS

    variants = ["identity"]
    players = 4 + rng.below(7)
    names = list(GENERALS.names())
    lords = [g for g in names if GENERALS[g].can_be_lord]
    lord_seat_zero = rng.below(4) != 0
    lord_seat = rng.below(players) if lord_seat_zero and rng.below(4) == 0 else 0
    mode = rng.below(6)
    generals: tuple[str, ...] | str | None
    pool: tuple[str, ...] | None = None
    if mode == 0:
        generals = None
        variants.append("beginner")
    elif mode < 3:
        generals = "random"
        variants.append("random generals")
        if rng.below(3) == 0:
            pool = tuple(sorted(_distinct(rng, names, 1 + rng.below(len(names)))))
            if not any(GENERALS[g].can_be_lord for g in pool):
                pool = tuple(sorted([*pool, lords[rng.below(len(lords))]]))
            variants.append("small pool")
    elif mode == 3:
        generals = "draft"
        variants.append("draft")
        if rng.below(3) == 0:
            need = draft_needs(players)
            pool = tuple(sorted(_distinct(rng, names, need + rng.below(len(names) - need + 1))))
            if not any(GENERALS[g].can_be_lord for g in pool):
                pool = tuple(sorted([*pool[1:], lords[rng.below(len(lords))]]))
            variants.append("small pool")
    else:
        # one general per seat, each at one seat; a general that cannot be the lord (甘宁) only
        # where the lord cannot sit (nowhere when the lord's seat is dealt at random)
        if lord_seat_zero:
            lord = lords[rng.below(len(lords))]
            seated = _distinct(rng, [g for g in names if g != lord], players - 1)
            seated.insert(lord_seat, lord)
        else:
            seated = _distinct(rng, lords, players)
        generals = tuple(seated)
        variants.append("named generals")
    deck = rng.below(6)
    packs = ("1.0",) if deck == 0 else ("standard", "ex") if deck < 3 else ("standard",)
    variants.append("1.0 deck" if deck == 0 else "EX cards" if deck < 3 else "standard deck")
    first_game = rng.below(5) == 0
    advanced_weapons = rng.below(5) != 0
    role_variant = players in ROLE_TABLE_VARIANT and rng.below(2) == 0
    scoring = rng.below(4) == 0
    # what the dead do: nothing, reincarnation (it needs generals) or the detailed rules
    dead = rng.below(3)
    reincarnation = dead == 1 and generals is not None
    last_blood = rng.below(players) if dead == 2 and rng.below(2) == 0 else None
    drain = dead == 2 and rng.below(3) != 0
    dark_souls = dead == 2 and rng.below(3) != 0
    max_rounds = _ROUND_CAPS[rng.below(len(_ROUND_CAPS))]
    for flag, name in ((first_game, "first game"), (not advanced_weapons, "no advanced weapons"),
                       (role_variant, "role variant"), (not lord_seat_zero, "lord anywhere"),
                       (lord_seat != 0, "lord seat"), (scoring, "scoring"),
                       (reincarnation, "reincarnation"), (last_blood is not None, "last blood"),
                       (drain, "drain"), (dark_souls, "dark souls"), (max_rounds < 60, "round cap")):
        if flag:
            variants.append(name)
    config = Config(
        players=players, generals=generals, pool=pool, packs=packs, first_game=first_game,
        advanced_weapons=advanced_weapons, role_variant=role_variant,
        lord_seat_zero=lord_seat_zero, lord_seat=lord_seat, scoring=scoring,
        max_rounds=max_rounds, reincarnation=reincarnation, last_blood=last_blood,
        three_player_drain=drain, dark_souls=dark_souls,
    )
    return config, variants


def _setup_3v3(rng: Pcg32) -> tuple[Config, list[str]]:
    from ..sanguosha.config import Config
    from ..sanguosha.model import GENERALS
    from ..sanguosha.variants.mode_3v3 import DRAFT_3V3

    variants = ["3v3"]
    names = list(GENERALS.names())
    mode = rng.below(4)
    generals: tuple[str, ...] | str | None = (
        None if mode == 0 else "random" if mode == 1 else "draft" if mode == 2
        else tuple(_distinct(rng, names, 6)))
    variants.append(("beginner", "random generals", "draft", "named generals")[mode])
    pool: tuple[str, ...] | None = None
    if mode in (1, 2) and rng.below(3) == 0:
        need = DRAFT_3V3 if mode == 2 else 6
        pool = tuple(sorted(_distinct(rng, names, need + rng.below(len(names) - need + 1))))
        variants.append("small pool")
    deck = rng.below(6)
    packs = ("1.0",) if deck == 0 else ("standard", "ex") if deck < 3 else ("standard",)
    variants.append("1.0 deck" if deck == 0 else "EX cards" if deck < 3 else "standard deck")
    first_game = rng.below(5) == 0
    advanced_weapons = rng.below(5) != 0
    max_rounds = _ROUND_CAPS[rng.below(len(_ROUND_CAPS))]
    for flag, name in ((first_game, "first game"), (not advanced_weapons, "no advanced weapons"),
                       (max_rounds < 60, "round cap")):
        if flag:
            variants.append(name)
    config = Config(players=6, mode="3v3", generals=generals, pool=pool, packs=packs,
                    first_game=first_game, advanced_weapons=advanced_weapons,
                    max_rounds=max_rounds)
    return config, variants


def _dice_setup(rng: Pcg32) -> tuple[Any, list[str]]:
    from ..dice.config import MAX_PLAYERS, MIN_PLAYERS, DiceConfig
    from ..dice.model import GENERALS as DICE_GENERALS

    variants = ["dice"]
    players = MIN_PLAYERS + rng.below(MAX_PLAYERS - MIN_PLAYERS + 1)
    names = list(DICE_GENERALS.names())
    mode = rng.below(4)
    generals: tuple[str, ...] | str = "random"
    pool: tuple[str, ...] | None = None
    if mode == 0:
        generals = tuple(_distinct(rng, names, players))
        variants.append("dice named generals")
    elif mode == 1:
        pool = tuple(sorted(_distinct(rng, names, players + rng.below(len(names) - players + 1))))
        variants.append("dice small pool")
    max_rounds = (5, 20, 100, 100)[rng.below(4)]
    if max_rounds < 100:
        variants.append("round cap")
    return DiceConfig(players=players, generals=generals, pool=pool,
                      max_rounds=max_rounds), variants


def invariants_for(game: Any, spec: AnyGame | None = None) -> InvariantChecker:
    """The invariant checker of ``game``'s game, set up on it as it is now: what the game's spec
    gives (:meth:`GameSpec.invariants <sgscore.core.spec.GameSpec.invariants>`: identity mode's
    :class:`~sgscore.sanguosha.invariants.Invariants`, the dice game's
    :class:`~sgscore.dice.invariants.DiceInvariants`, a game of another package its own). The
    spec is found by the game's config unless given; ``ValueError`` for a game without
    invariants."""
    from ..core.games import spec_for_config

    spec = spec if spec is not None else spec_for_config(game.config)
    checks = spec.invariants(game)
    if checks is None:
        raise ValueError(f"{spec.id} has no invariants (GameSpec.invariants)")
    return checks


def play_checked(seed: int, index: int, *, max_breaks: int = 5) -> dict[str, Any]:
    """Play game ``index`` of a games run with ``seed`` (:func:`game_setup`) with its agents,
    checking its game's invariants (:func:`invariants_for`) when it is set up,
    after every decision and at its end, however it ends (a result, an engine error, an illegal
    choice an agent was offered); the result as the report keeps it (at most ``max_breaks``
    breaks in detail)."""
    from ..core.engine import EngineError
    from ..core.games import spec_for_config

    setup = game_setup(seed, index)
    config, game_seed = setup.config, setup.seed
    spec = spec_for_config(config)
    began = time.process_time()
    out: dict[str, Any] = {"game": index, "seed": game_seed, "game_id": spec.id,
                           "config": config.to_dict(), "players": config.players,
                           "agents": list(setup.agents), "variants": list(setup.variants),
                           "breaks": [], "broken": 0, "error": None, "end_checked": False}
    game, err = spec.start_config(config, game_seed)
    if err is not None:
        out["error"] = {"decision": 0, "error": f"{err.kind}: {err.message}", "where": ""}
    checks = invariants_for(game, spec)
    _note(out, checks.check(game), 0, max_breaks)
    if err is None:
        agents = spec.make_agents(game, game_seed, list(setup.agents))
        while not game.over:
            req = game.pending
            assert req is not None
            try:
                game.submit(agents[req.seat].choose(req))
            except Exception as e:  # an engine error, or a choice the agent took that is illegal
                cause = e.__cause__ if isinstance(e, EngineError) and e.__cause__ else e
                out["error"] = {"decision": game.decisions + 1,
                                "error": f"{type(e).__name__}: {e}", "where": exception_class(cause)}
                _note(out, checks.check(game), game.decisions + 1, max_breaks)
                break
            _note(out, checks.check(game), game.decisions, max_breaks)
    # The last check above saw the game as it ended: at its end, whatever stopped it.
    out["end_checked"] = game.over or out["error"] is not None
    return _finish(out, game, began)


def _note(out: dict[str, Any], broken: list[Broken], decision: int, max_breaks: int) -> None:
    out["broken"] += len(broken)
    for name, detail in broken:
        if len(out["breaks"]) < max_breaks:
            out["breaks"].append({"invariant": name, "decision": decision, "detail": detail})


def _finish(out: dict[str, Any], game: Any, began: float) -> dict[str, Any]:
    out["cpu"] = time.process_time() - began
    out["decisions"], out["turns"] = game.decisions, game.turn_no
    out["result"] = list(game.result) if game.result else None
    return out


def _lost_game(index: int, why: str) -> dict[str, Any]:
    return {"game": index, "seed": None, "game_id": None, "config": None, "players": 0,
            "agents": [], "variants": [], "breaks": [], "broken": 0,
            "error": {"decision": -1, "error": why, "where": ""}, "end_checked": False,
            "cpu": 0.0, "decisions": 0, "turns": 0, "result": None}


class _GameRunner:
    """A worker's games."""

    def __init__(self, params: dict[str, Any]) -> None:
        self.seed = int(params["seed"])

    def __call__(self, task: int) -> dict[str, Any]:
        return play_checked(self.seed, task)

    def close(self) -> None:
        pass


def run_games(seed: int, games: int, *, jobs: int = 1, start: int = 0,
              timeout: float = 120.0) -> dict[str, Any]:
    """Play games ``start`` .. ``start + games - 1`` in ``jobs`` worker processes, each checked
    after every decision and at its end; the report as a JSON object."""
    began = time.monotonic()
    report: dict[str, Any] = {
        "seed": seed, "start": start, "games": 0, "decisions": 0, "turns": 0, "ends_checked": 0,
        "cpu_seconds": 0.0, "by_game": {}, "by_players": {}, "by_variant": {}, "results": {},
        "invariant_breaks": {}, "engine_errors": [],
    }
    pool = _Pool(jobs, _GameRunner, {"seed": seed}, timeout, _lost_game)
    for r in pool.run(range(start, start + games)):
        _add_game(report, r, seed)
    report["seconds"] = round(time.monotonic() - began, 2)
    report["cpu_seconds"] = round(report["cpu_seconds"], 2)
    report["by_game"] = dict(sorted(report["by_game"].items()))
    report["by_players"] = dict(sorted(report["by_players"].items(), key=lambda kv: int(kv[0])))
    report["by_variant"] = {v: report["by_variant"].get(v, 0) for v in VARIANTS}
    report["results"] = dict(sorted(report["results"].items()))
    report["engine_errors"].sort(key=lambda e: e["game"])
    return report


def _add_game(report: dict[str, Any], r: dict[str, Any], seed: int) -> None:
    report["games"] += 1
    report["decisions"] += r["decisions"]
    report["turns"] += r["turns"]
    report["ends_checked"] += 1 if r["end_checked"] else 0
    report["cpu_seconds"] += r["cpu"]
    for key, value in (("by_game", r["game_id"]), ("by_players", r["players"])):
        report[key][str(value)] = report[key].get(str(value), 0) + 1
    for v in r["variants"]:
        report["by_variant"][v] = report["by_variant"].get(v, 0) + 1
    result = "error" if r["error"] else ":".join(str(x) for x in (r["result"] or ["none"]))
    report["results"][result] = report["results"].get(result, 0) + 1
    where = f"python -m sgscore.fuzz games --seed {seed} --game {r['game']}"
    for b in r["breaks"]:
        entry = report["invariant_breaks"].setdefault(b["invariant"], {"count": 0, "first": []})
        entry["count"] += 1
        if len(entry["first"]) < 5:
            entry["first"].append({"game": r["game"], "seed": r["seed"],
                                   "variants": r["variants"], "decision": b["decision"],
                                   "detail": b["detail"], "reproduce": where})
    if r["error"]:
        report["engine_errors"].append({"game": r["game"], "seed": r["seed"],
                                        "config": r["config"], **r["error"],
                                        "reproduce": where})


def print_games(report: dict[str, Any], out: Callable[[str], None] = print) -> None:
    """The report of :func:`run_games` in words."""
    out(f"sgscore.fuzz games: seed {report['seed']}, {report['games']} games, "
        f"{report['decisions']} decisions, {report['turns']} turns, "
        f"{report['ends_checked']} ends checked")
    out("  games: " + ", ".join(f"{k}: {v}" for k, v in report["by_game"].items()))
    out("  players: " + ", ".join(f"{k}: {v}" for k, v in report["by_players"].items()))
    out("  variants: " + ", ".join(f"{k}: {v}" for k, v in report["by_variant"].items()))
    out("  results: " + ", ".join(f"{k} {v}" for k, v in report["results"].items()))
    breaks = report["invariant_breaks"]
    out(f"invariant breaks: {sum(b['count'] for b in breaks.values())}")
    for name, b in sorted(breaks.items()):
        out(f"- {name}: {b['count']}")
        for f in b["first"]:
            out(f"    game {f['game']} (seed {f['seed']}), decision {f['decision']}: "
                f"{f['detail']}; reproduce: {f['reproduce']}")
    errors = report["engine_errors"]
    out(f"engine errors: {len(errors)}")
    for e in errors[:20]:
        out(f"- game {e['game']} (seed {e['seed']}), decision {e['decision']}: {e['error']}"
            f"{' at ' + e['where'] if e['where'] else ''}; reproduce: {e['reproduce']}")
    out(f"time: {report['seconds']:.1f} s, {report['cpu_seconds']:.1f} s CPU in the games")
