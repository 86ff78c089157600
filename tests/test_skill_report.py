"""How often each general's skills fire (``sgs stats --by skill``, :mod:`sgscore.skilluse`), and
the heuristic agents use every skill they can choose to use (issue 25)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import main
from sgscore.agents import play
from sgscore.core.games import get_game
from sgscore.dice.config import DiceConfig
from sgscore.dice.model import SKILLS as DICE_SKILLS
from sgscore.dice.testing import DiceScenario
from sgscore.replay import read_replay, resimulate
from sgscore.sanguosha import SPEC, Config
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.sanguosha.skills import SKILLS
from sgscore.skilluse import skill_game, skill_table
from sgscore.testing import Scenario


def sgs(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


@pytest.fixture(scope="module")
def study(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("skills")
    code, _, _ = sgs("sim", "-p", "5", "--agents", "heuristic,random,heuristic,random,random",
                     "--no-events", "-n", "8", "-o", str(folder))
    assert code == 0
    return folder


def test_the_skills_table_counts_what_the_games_tell(study: Path) -> None:
    code, out, _ = sgs("stats", str(study), "--by", "skill", "--json")
    assert code == 0
    rows = json.loads(out)["skills"]
    # each replay re-simulated here: its skill uses per seat, as the game counts them
    skills_of = {g["id"]: g["skills"] for g in SPEC.catalogue()["generals"]}
    expected: dict[tuple[str, str, str], list[int]] = {}
    for path in sorted(study.glob("*.mp")):
        replay = read_replay(str(path))
        game = resimulate(replay)
        uses = SPEC.skill_uses(game.events, game.seats)
        for seat, general in enumerate(game.summary()["generals"]):
            agent = replay.header.agents[seat]
            for sid in skills_of[general]:
                e = expected.setdefault((general, sid, agent), [0, 0, 0])
                e[0] += 1
                e[1] += uses[seat].get(sid, 0)
                e[2] += uses[seat].get(sid, 0) > 0
    got = {(r["general"], r["skill"], r["agent"]): [r["games"], r["fired"], r["games_fired"]]
           for r in rows}
    assert got == expected
    assert {r["agent"] for r in rows} == {"heuristic", "random"}
    assert sum(r["games"] for r in rows if r["skill"] == rows[0]["skill"]) >= 1
    # the text: a row per general's skill and agent, the note on skills told by no event
    code, text, _ = sgs("stats", str(study), "--by", "skill")
    assert code == 0 and "Skills fired, by general" in text and "told by no event" in text
    assert sgs("stats", str(study), "--by", "skill", "--json")[1] == out  # the same each time


def test_the_skills_table_needs_the_replays(study: Path) -> None:
    code, _, err = sgs("stats", str(study / "results.csv"), "--by", "skill")
    assert code != 0
    assert err.count("\n") == 1 and "--by skill reads the games' replays" in err
    code, _, err = sgs("stats", str(study), "--by", "skill", "--compare", str(study))
    assert code != 0 and "does not compare" in err


def test_zh_names_the_skills(study: Path) -> None:
    code, out, _ = sgs("stats", str(study), "--by", "skill", "--lang", "zh")
    assert code == 0 and "按武将的技能发动次数" in out and "不记录事件" in out


def _uses(t: Any) -> list[dict[str, int]]:
    return SPEC.skill_uses(t.game.events, t.game.n)


def test_a_conversion_a_helper_and_a_lent_action_are_each_counted_once() -> None:
    """武圣 is told by the 杀 it makes (no skill event of its own); 护驾 by its skill event and
    not again by the 闪 a helper plays for it; 孙权's tribute, made by a Wu player, is his."""
    s = Scenario(players=4, generals=["guanyu", None, None, None])
    s.seat(0).hand("jink H2")
    t = s.start(seat=0, phase="play")
    t.skill("wusheng", (t.card(0, "jink H2"),), (1,))
    assert _uses(t)[0] == {"wusheng": 1}

    s = Scenario(players=4, generals=["caocao", "simayi", None, None],
                 roles=[LORD, LOYALIST, REBEL, RENEGADE])
    s.seat(1).hand("jink")
    s.seat(3).hand("slash")
    t = s.start(seat=3, phase="play")
    t.play(t.card(3, "slash"), 0)
    t.until(0, "respond")
    t.answer(0, "respond", ("hujia",))
    t.answer(1, "respond", t.card(1, "jink"))
    assert _uses(t)[0] == {"hujia": 1}

    s = Scenario(players=4, generals=["sunquan", "zhouyu", None, None],
                 roles=[LORD, LOYALIST, REBEL, RENEGADE])
    s.seat(1).hand("slash")
    t = s.start(seat=1, phase="play")
    t.skill("tribute", (t.card(1, "slash"),), (0,))
    uses = _uses(t)
    assert uses[0] == {"tribute": 1} and "tribute" not in uses[1]


def test_the_dice_game_counts_the_uses_it_tells_otherwise() -> None:
    """鬼道: a 闪电 die rerolled; 八阵: a 万箭齐发 prevented. The heuristic agent rerolls two 闪电
    when 鬼道 lets it (before, it never did)."""
    spec = get_game("sanguozhi/dice")
    assert spec is not None
    s = DiceScenario(players=4, generals=["zhangjiao", None, None, None])
    s.dice("dynamite", "dynamite", "slash1", "beer", "arrow", "beer", "beer")
    t = s.start()
    req = t.game.pending
    assert req is not None
    agent = spec.make_agents(t.game, 1, "heuristic")[0]
    choice = agent.choose(req)
    assert {0, 1} <= set(choice)
    t.answer(0, "reroll", choice)
    assert spec.skill_uses(t.game.events, 4)[0] == {"guidao": 1}

    s = DiceScenario(players=4, generals=[None, "zhugeliang", None, None])
    s.dice("gatling", "gatling", "gatling", "slash1", "slash1")
    t = s.start()
    t.keep()
    while t.asked() is not None and t.current == 0 and not t.over:
        seat, kind = t.asked() or (0, "")
        t.answer(seat, kind, t.choices()[0])
    assert spec.skill_uses(t.game.events, 4)[1] == {"bazhen": 1}


DICE_POOL = ("caopi", "dongzhuo", "guojia", "huangyueying", "huatuo", "lvmeng", "machao",
             "menghuo", "wangyi", "xiahoudun", "yuanshao", "zhangjiao", "zhaoyun", "zhoutai",
             "zhugeliang", "zhurong")
"""000's sixteen dice generals."""


def _told(skill_id: str) -> bool:
    """A skill of the card game that is told when used: it reacts at a timing, acts in the play
    phase or answers for a card; the others only change a distance, a limit or a target."""
    s = SKILLS[skill_id]
    return bool(s.timings) or s.acts or s.answers


def _dice_told(skill_id: str) -> bool:
    s = DICE_SKILLS[skill_id]
    return bool(s.hooks - {"slash_reach"}) or bool(s.extra_rerolls) or (
        s.gatling_needs < 3 or s.reroll_dynamite)


@pytest.mark.parametrize("game,players,games", [("sanguosha/identity", 5, 100),
                                                ("sanguozhi/dice", 5, 20)])
def test_the_heuristic_agents_use_every_skill_they_can(game: str, players: int,
                                                        games: int) -> None:
    """Issue 25: every skill of the 25 generals and the 16 dice generals that is told when used
    fires in the heuristic agents' games (seeds 1-100 of five-player games with random generals;
    1-20 of the dice game). Before, 鬼才 and 鬼道 never did."""
    spec = get_game(game)
    assert spec is not None
    if game == "sanguosha/identity":
        config: object = Config(players=players, generals="random", pool="standard")
        pool = set(Config(pool="standard").general_pool())
        told = {s for g in spec.catalogue()["generals"] if g["id"] in pool
                for s in g["skills"] if _told(s)}
    else:
        config = DiceConfig(players=players, pool=DICE_POOL)
        told = {s for g in spec.catalogue()["generals"] if g["id"] in DICE_POOL
                for s in g["skills"] if _dice_told(s)}
    generals = {g["id"]: g["skills"] for g in spec.catalogue()["generals"]}
    fired: set[str] = set()
    for seed in range(1, games + 1):
        g = spec.new_game(config, seed)
        play(g, spec.make_agents(g, seed, "heuristic"))
        uses = spec.skill_uses(g.events, g.seats)
        for seat, general in enumerate(g.summary()["generals"]):
            fired.update(s for s in generals[general] if uses[seat].get(s))
    assert told and told - fired == set()


def test_skill_table_of_one_replay(study: Path) -> None:
    path = sorted(study.glob("*.mp"))[0]
    game = skill_game(str(path))
    rows = skill_table([game])
    assert {r["general"] for r in rows} == {g for g in game.generals if g is not None}
    assert all(0 <= r["games_fired"] <= r["games"] and r["low"] <= r["rate"] <= r["high"]
               for r in rows)


def test_two_workers_count_the_same(study: Path) -> None:
    from sgscore.skilluse import replay_paths, skill_games

    paths = replay_paths(str(study))
    assert skill_games(paths, workers=2) == skill_games(paths)
