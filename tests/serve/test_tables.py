"""The tables of ``sgs serve`` without the network (docs/serve.md): a person's seat answers by
its token only, an answer out of turn or illegal changes nothing, what a seat is shown depends
on nothing it may not see, every game is a replay that validates, and a folder served again
plays its unfinished tables on."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from sgscore.core.protocol import IllegalChoice
from sgscore.core.rng import Pcg32
from sgscore.replay import validate_file
from sgscore.serve import SPECTATOR, Table, TableError, Tables
from sgscore.serve.load import first_answer

FIVE = ["person", "heuristic", "heuristic", "heuristic", "heuristic"]


def play_out(table: Table, seat: int, limit: int = 10_000) -> int:
    """Answer ``seat``'s questions until the game ends; the number of answers."""
    viewer = table.viewer(seat)
    answers = 0
    while not table.over and answers < limit:
        state = table.state(viewer)
        assert state["request"] is not None, "a person's table waits only for a person"
        table.answer(seat, first_answer(state["request"]))
        answers += 1
    return answers


def test_a_person_plays_a_whole_game_and_its_replay_validates(tmp_path: Path) -> None:
    # One person against four heuristic agents: every question the person is shown is theirs,
    # the game ends, and the replay written as it went validates, its header naming the person.
    tables = Tables(str(tmp_path))
    table = tables.create("sanguosha/identity", {"players": 5}, FIVE, seed=3, lang="zh")
    assert play_out(table, 0) > 5
    result = validate_file(table.replay_path)
    assert result.valid, result
    header = json.loads(json.dumps(table.summary()))
    assert header["over"] and header["seats"] == FIVE


def test_the_dice_game_is_served_too(tmp_path: Path) -> None:
    tables = Tables(str(tmp_path))
    table = tables.create("sanguozhi/dice", {"players": 4}, ["person", "random", "person",
                                                            "heuristic"], seed=8)
    assert sorted(table.tokens) == [0, 2]
    viewers = {s: table.viewer(s) for s in (0, 2)}
    watcher = table.viewer(SPECTATOR)
    while not table.over:
        assert table.state(watcher)["request"] is None
        seat = table.asked()
        assert seat in viewers
        table.answer(seat, first_answer(table.state(viewers[seat])["request"]))
    assert validate_file(table.replay_path).valid


def test_a_token_acts_only_for_its_seat(tmp_path: Path) -> None:
    tables = Tables(str(tmp_path))
    table = tables.create("sanguosha/identity", {"players": 5},
                          ["person", "person", "random", "random", "random"], seed=11)
    assert table.seat_of(table.tokens[0]) == 0 and table.seat_of(table.tokens[1]) == 1
    for bad in ("", "x" * 24, table.tokens[0][:-1], None, 17, ["a"], "x" * 10_000):
        assert table.seat_of(bad) is None
    asked = table.asked()
    assert asked in (0, 1)
    other = 1 - asked
    before = Path(table.replay_path).read_bytes()
    request = table.state(table.viewer(asked))["request"]
    with pytest.raises(TableError, match="not asked"):
        table.answer(other, first_answer(request))
    assert table.state(table.viewer(other))["request"] is None  # not told the other's question
    assert Path(table.replay_path).read_bytes() == before


def test_an_illegal_answer_changes_nothing(tmp_path: Path) -> None:
    # The engine checks every answer: a card the seat does not hold, a wrong shape, a float for
    # a card id. The game and the replay on disk stay as they were, and the right answer works.
    tables = Tables(str(tmp_path))
    table = tables.create("sanguosha/identity", {"players": 5}, FIVE, seed=4)
    viewer = table.viewer(0)
    state = table.state(viewer)
    before = (Path(table.replay_path).read_bytes(), table.game.state_hash(), table.version)
    for bad in ([999, [1]], "end", [[1, 2], [3]], 3.0, {"card": 1}, [True]):
        with pytest.raises(IllegalChoice):
            table.answer(0, bad)
    assert (Path(table.replay_path).read_bytes(), table.game.state_hash(),
            table.version) == before
    table.answer(0, first_answer(state["request"]))
    assert table.version > before[2]


def test_bad_table_settings_are_refused_with_what_is_wrong(tmp_path: Path) -> None:
    tables = Tables(str(tmp_path))
    cases = [
        (("chess", {}, FIVE), "game"),
        (("sanguosha/identity", [], FIVE), "config"),
        (("sanguosha/identity", {"players": 11}, ["person"] * 11), "config"),
        (("sanguosha/identity", {"players": 5}, FIVE[:4]), "seats"),
        (("sanguosha/identity", {"players": 5}, ["heuristic"] * 5), "person"),
        (("sanguosha/identity", {"players": 5}, ["person", "alphago", "random", "random",
                                                  "random"]), r"seats\[1\]"),
    ]
    for args, words in cases:
        with pytest.raises(TableError, match=words):
            tables.create(*args, seed=1)
    with pytest.raises(TableError, match="seed"):
        tables.create("sanguosha/identity", {"players": 5}, FIVE, seed=-1)
    with pytest.raises(TableError, match="lang"):
        tables.create("sanguosha/identity", {"players": 5}, FIVE, seed=1, lang="fr")
    assert not tables.tables and not os.listdir(tmp_path)


def _hands_in(state: dict[str, Any], seat: int) -> list[Any]:
    return [row["cells"].get("hand") for row in state["view"]["seats"] if row["seat"] != seat]


def test_what_a_seat_is_shown_depends_on_nothing_it_may_not_see(tmp_path: Path) -> None:
    # Differential: at each of seat 0's questions, the same table over a sampled world (the
    # others' hands, the draw pile and the hidden roles drawn again, all seat 0 has seen kept)
    # shows seat 0 exactly the same message, and a spectator sees no hand at all.
    tables = Tables(str(tmp_path))
    table = tables.create("sanguosha/identity", {"players": 5}, FIVE, seed=21)
    viewer = table.viewer(0)
    watcher = table.viewer(SPECTATOR)
    rng = Pcg32(5, 0)
    checked = 0
    while not table.over and checked < 25:
        state = table.state(viewer)
        seen = table.state(watcher)
        assert seen["request"] is None
        assert all(not isinstance(h, list) for h in _hands_in(seen, -1))
        world = table.spec.sample_world(table.game, 0, rng)
        if world.state_hash() != table.game.state_hash():
            twin = Table(table.id, table.folder, table.spec, world, table.seats, [], {},
                         table.seed, table.lang)
            assert twin.state(twin.viewer(0)) == {**state, "lines": twin.state(
                twin.viewer(0))["lines"]}
            fresh = table.state(table.viewer(0))
            assert twin.state(twin.viewer(0))["lines"] == fresh["lines"]
            checked += 1
        table.answer(0, first_answer(state["request"]))
    assert checked >= 10


def test_a_folder_served_again_plays_its_tables_on(tmp_path: Path) -> None:
    # Saved (the server stopped) or cut short (the process killed): both play on from the
    # replay, the person asked the same question again, and end in a replay that validates.
    tables = Tables(str(tmp_path))
    saved = tables.create("sanguosha/identity", {"players": 5}, FIVE, seed=31)
    killed = tables.create("sanguosha/identity", {"players": 5}, FIVE, seed=32)
    finished = tables.create("sanguosha/identity", {"players": 4},
                             ["person", "random", "random", "random"], seed=33)
    play_out(finished, 0)
    for table in (saved, killed):
        for _ in range(4):
            table.answer(0, first_answer(table.state(table.viewer(0))["request"]))
    questions = {t.id: table_question(t) for t in (saved, killed)}
    saved.suspend()
    # the killed table's process is gone without a word: its file holds every decision so far
    again = Tables(str(tmp_path))
    assert sorted(again.tables) == sorted([saved.id, killed.id])  # in play
    assert list(again.finished) == [finished.id]
    done = again.get(finished.id)  # read again from its replay when asked for
    assert done is not None and done.over and done.game.state_hash() == finished.game.state_hash()
    for table_id, question in questions.items():
        table = again.tables[table_id]
        assert table_question(table) == question
        assert table.seat_of(table.tokens[0]) == 0
        play_out(table, 0)
        assert validate_file(table.replay_path).valid


def table_question(table: Table) -> Any:
    request = table.state(table.viewer(0))["request"]
    return (request["kind"], request["prompt"], request["choices"] if "choices" in request
            else request.get("pool"))


def test_a_time_limit_lets_an_agent_answer_and_the_replay_says_so(tmp_path: Path) -> None:
    # A table setting: every person's seat is named person@30s:random in the replay's header;
    # when the limit is reached (Table.time_out, which the server's timer calls) the random
    # agent answers for the person. A whole game timed out validates, and played on from its
    # folder the table keeps its limit.
    tables = Tables(str(tmp_path))
    with pytest.raises(TableError, match="time_limit"):
        tables.create("sanguosha/identity", {"players": 4}, ["person", "random", "random",
                                                            "random"], seed=61, time_limit=0)
    with pytest.raises(TableError, match="fallback"):
        tables.create("sanguosha/identity", {"players": 4}, ["person", "random", "random",
                                                            "random"], seed=61, time_limit=5,
                      fallback="oracle")
    table = tables.create("sanguosha/identity", {"players": 4},
                          ["person", "random", "person", "random"], seed=61, time_limit=30,
                          fallback="random")
    assert table.seats == ["person@30s:random", "random", "person@30s:random", "random"]
    assert sorted(table.tokens) == [0, 2] and table.limit == 30
    assert table.state(table.viewer(table.asked() or 0))["time_limit"] == 30
    untimed = tables.create("sanguosha/identity", {"players": 4},
                            ["person", "random", "random", "random"], seed=61)
    with pytest.raises(TableError, match="no time limit"):
        untimed.time_out(0)
    timed_out = 0
    while not table.over:
        seat = table.asked()
        assert seat is not None
        with pytest.raises(TableError, match="not asked"):
            table.time_out(2 - seat)
        table.time_out(seat)
        timed_out += 1
        if timed_out == 3:
            table.suspend()
            again = Tables(str(tmp_path)).get(table.id)
            assert again is not None and again.limit == 30
            table = again
    assert timed_out > 3
    result = validate_file(table.replay_path)
    assert result.valid, result


def test_finished_tables_leave_memory_and_come_back_when_asked_for(tmp_path: Path) -> None:
    # Only tables in play count against the limit; of the finished ones the latest few asked
    # for stay in memory (KEEP), the others are read again from their replays on demand, and the
    # lobby lists the tables in play and the latest finished ones.
    from sgscore.serve import tables as module

    tables = Tables(str(tmp_path), max_tables=2)
    module_keep = module.KEEP
    module.KEEP = 2
    try:
        done = []
        for seed in range(5):
            table = tables.create("sanguosha/identity", {"players": 4},
                                  ["person", "random", "random", "random"], seed=70 + seed)
            play_out(table, 0)
            tables.settle(table)
            done.append(table)
        assert list(tables.finished) == [t.id for t in done]
        assert [k for k in tables.tables] == [done[3].id, done[4].id]
        first = tables.get(done[0].id)
        assert first is not None and first.over and first is not done[0]
        assert first.game.state_hash() == done[0].game.state_hash()
        assert done[3].id not in tables.tables  # the oldest kept one made room
        a = tables.create("sanguosha/identity", {"players": 4},
                          ["person", "random", "random", "random"], seed=80)
        tables.create("sanguosha/identity", {"players": 4},
                      ["person", "random", "random", "random"], seed=81)
        with pytest.raises(TableError, match="in play"):
            tables.create("sanguosha/identity", {"players": 4},
                          ["person", "random", "random", "random"], seed=82)
        listed = [t["id"] for t in tables.listing()]
        assert listed[:2] == [a.id, listed[1]] and set(listed[2:]) == {t.id for t in done}
    finally:
        module.KEEP = module_keep


def test_a_table_from_the_lobbys_options(tmp_path: Path) -> None:
    # The lobby's form sends the game's sgs sim options by name (GameSpec.options): the same
    # config as sgs sim makes of them; a wrong name or type is refused with its name.
    from sgscore.serve.tables import option_form

    tables = Tables(str(tmp_path))
    form = {o["name"]: o for o in option_form(tables_spec("sanguosha/identity"))}
    assert form["mode"]["choices"] == ["identity", "3v3"] and form["players"]["low"] == 4
    assert form["reincarnation"]["kind"] == "flag" and form["generals"]["choices"] is None
    table = tables.create("sanguosha/identity", None, ["person"] + ["random"] * 5, seed=90,
                          options={"mode": "3v3", "players": 6, "generals": "random",
                                   "reincarnation": False, "last_blood": None})
    assert table.game.config.mode == "3v3" and table.game.config.players == 6
    dice = tables.create("sanguozhi/dice", None, ["person", "random", "random"], seed=91,
                         options={"players": 3, "max_rounds": 40})
    assert dice.game.config.players == 3
    for bad, words in [({"wings": True}, "not an option"), ({"players": "5"}, "options.players"),
                       ({"players": 11}, "options.players"), ({"ex": 1}, "options.ex"),
                       ({"mode": ["3v3"]}, "options.mode"), ([], "options"),
                       ({"mode": "chess"}, "options")]:
        with pytest.raises(TableError, match=words):
            tables.create("sanguosha/identity", None, FIVE, seed=92, options=bad)


def tables_spec(game_id: str) -> Any:
    from sgscore.core.games import get_game

    return get_game(game_id)
