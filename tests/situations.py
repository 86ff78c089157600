"""A table waiting at each request kind of identity mode, set up on purpose.

The tests that must meet every request kind (the view and request schemas in
``tests/test_view_schemas.py``, the questions in words in ``tests/replay/test_account.py``, the
refusal of choices of another type in ``tests/properties/test_choices.py``) take them from here,
not from random games: a random game asks a general's or a card's question only when it happens
to deal that general or card, so which kinds it meets changes whenever content is added. A
situation asks its kind whatever else is registered (every table names its generals and cards;
a random deal, where one is made, draws from the frozen ``standard`` pool).

:data:`SITUATIONS` maps each kind to the ways of reaching it (several for a kind asked in several
contexts: a 闪 against a 杀, against 万箭齐发, for 护驾, ...); each makes a new game whose pending
request is of that kind. A request kind added with new content gets its situation here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from sgscore.core.protocol import Request
from sgscore.sanguosha import Config, Game
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.testing import Scenario, ScenarioError, Table

__all__ = ["SITUATIONS", "situations", "asking"]

Situation = Callable[[], Game]

SITUATIONS: dict[str, list[Situation]] = {}
"""Request kind -> the situations that ask it (see the module's docstring)."""


T = TypeVar("T", Table, Game)


def situation(kind: str) -> Callable[[Callable[[], T]], Callable[[], T]]:
    """Declare a situation of ``kind``: the function sets up a table (or a game) and drives it
    to the question. The situation registered makes the game and checks that it asks ``kind``;
    the function itself stays as it is, for another situation to go on from."""

    def add(make: Callable[[], T]) -> Callable[[], T]:
        def made() -> Game:
            got = make()
            game = got.game if isinstance(got, Table) else got
            asking(game, kind, make.__name__)
            return game

        made.__name__ = make.__name__
        SITUATIONS.setdefault(kind, []).append(made)
        return make

    return add


def asking(game: Game, kind: str, where: str = "") -> Request:
    """The pending request of ``game``, which must be of ``kind``."""
    req = game.pending
    if req is None or req.kind != kind:
        got = "the game is over" if req is None else f"it asks {req.kind!r} {req.prompt!r}"
        raise ScenarioError(f"situation {where or kind}: expected a {kind!r} question, but {got}")
    return req


def situations() -> Iterator[tuple[str, str, Game]]:
    """Every situation, made: ``(kind, name, game)``, kinds in sorted order."""
    for kind in sorted(SITUATIONS):
        for make in SITUATIONS[kind]:
            yield kind, make.__name__, make()


def _until(game: Game, kind: str, limit: int = 400) -> Game:
    """Answer every question with its first choice until ``kind`` is asked."""
    for _ in range(limit):
        req = game.pending
        if req is None or req.kind == kind:
            break
        game.submit(req.choice_at(0))
    return game


def _slash(*, target_hand: tuple[str, ...] = ("jink",), players: int = 4,
           generals: list[str | None] | None = None, target: int = 1) -> Table:
    """Seat 0 plays a 杀 on ``target``, who holds ``target_hand``."""
    s = Scenario(players=players, generals=generals)
    s.seat(0).hand("slash", "dilu")  # the horse keeps the play phase open
    s.seat(target).hand(*target_hand)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), target)
    return t


# ---------------------------------------------------------------------------- the turn
@situation("play")
def play_phase() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "peach")
    return s.start(seat=0, phase="play")


@situation("discard_phase")
def discard_phase() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "slash", "jink", "jink", "peach", "duel").hp(4)
    return s.start(seat=0, phase="discard")


@situation("draft")
def draft_the_lords_pick() -> Game:
    return Game(Config(players=5, generals="draft", pool="standard"), 7)


@situation("draft")
def draft_another_seats_pick() -> Game:
    g = Game(Config(players=5, generals="draft", pool="standard"), 7)
    g.submit(asking(g, "draft").choice_at(0))
    return g


# ---------------------------------------------------------------------------- responses
@situation("respond")
def jink_for_a_slash() -> Table:
    return _slash()


@situation("respond")
def slash_for_a_duel() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("duel", "dilu")
    s.seat(1).hand("slash")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "duel"), 1)


@situation("respond")
def slash_for_savage_assault() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("savage_assault", "dilu")
    s.seat(1).hand("slash")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "savage_assault"))


@situation("respond")
def jink_for_archery_attack() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("archery_attack", "dilu")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "archery_attack"))


@situation("respond")
def peach_for_the_dying() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "dilu")
    s.seat(1).hp(1)
    s.seat(2).hand("peach")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "slash"), 1)


@situation("respond")
def nullification_of_a_trick() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("dismantlement", "dilu")
    s.seat(1).hand("nullification", "jink")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "dismantlement"), 1)


@situation("respond")
def nullification_of_a_nullification() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("dismantlement", "nullification", "dilu")
    s.seat(1).hand("nullification", "jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "dismantlement"), 1)
    t.decline(0)  # the user does not nullify his own trick
    return t.answer(1, "respond", t.card(1, "nullification"))


@situation("respond")
def nullification_of_a_delayed_trick() -> Table:
    s = Scenario(players=4)
    s.seat(0).judge("indulgence").hand("nullification", "slash")
    return s.start(seat=0, phase="judge")


@situation("respond")
def jink_for_hujia() -> Table:
    s = Scenario(players=4, generals=["caocao", "xuchu", None, None], roles=[LORD, LOYALIST, REBEL, RENEGADE])
    s.seat(3).hand("slash", "dilu")
    s.seat(1).hand("jink")
    t = s.start(seat=3, phase="play")
    t.play(t.card(3, "slash"), 0)
    t.answer(0, "respond", ("hujia",))
    return t


@situation("respond")
def slash_for_jijiang() -> Table:
    s = Scenario(players=4, generals=["liubei", "guanyu", None, None], roles=[LORD, LOYALIST, REBEL, RENEGADE])
    s.seat(2).hand("duel", "dilu")
    s.seat(1).hand("slash")
    t = s.start(seat=2, phase="play")
    t.play(t.card(2, "duel"), 0)
    t.answer(0, "respond", ("jijiang",))
    return t


@situation("respond")
def slash_for_jijiang_in_the_play_phase() -> Table:
    s = Scenario(players=4, generals=["liubei", "guanyu", None, None], roles=[LORD, LOYALIST, REBEL, RENEGADE])
    s.seat(0).hand("peach")
    s.seat(1).hand("slash")
    t = s.start(seat=0, phase="play")
    return t.skill("jijiang", (), (3,))


@situation("respond")
def slash_for_the_blade() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "slash", "dilu").equip("blade")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    return t.answer(1, "respond", t.card(1, "jink"))


# ---------------------------------------------------------------------------- skills
@situation("invoke")
def invoke_jianxiong() -> Table:
    return _slash(target_hand=("peach",), generals=[None, "caocao", None, None])


@situation("invoke")
def invoke_jijiu() -> Table:
    s = Scenario(players=4, generals=[None, None, None, "huatuo"])
    s.seat(0).hand("slash", "dilu")
    s.seat(3).hand("peach H3")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "slash"), 1)


@situation("invoke")
def invoke_luoshen() -> Table:
    s = Scenario(players=4, generals=["zhenji", None, None, None])
    s.top("slash S7")
    return s.start(seat=0, phase="judge")


@situation("order_skills")
def two_skills_at_one_timing() -> Table:
    # No general of the first edition has two skills ready at one timing: the seat is given
    # 反馈 beside 奸雄, both answering damage.
    s = Scenario(players=4, generals=[None, "caocao", None, None])
    s.seat(1).skills("fankui")
    s.seat(0).hand("slash", "peach", "dilu")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "slash"), 1)


@situation("ganglie")
def ganglie() -> Table:
    s = Scenario(players=4, generals=[None, "xiahoudun", None, None])
    s.seat(0).hand("slash", "jink", "peach", "dilu")
    s.top("slash S9")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    return t


@situation("guanxing")
def guanxing() -> Table:
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.top("slash S7", "jink D2", "peach H3")
    return s.start(seat=1, phase="draw")


@situation("guicai")
def guicai() -> Table:
    s = Scenario(players=4, generals=[None, None, "simayi", None])
    s.seat(1).judge("indulgence S6")
    s.seat(2).hand("peach H3", "slash C2")
    s.top("jink H2")
    t = s.start(seat=1, phase="judge")
    return t.answer(2, "invoke", True)


@situation("jijiu")
def jijiu() -> Table:
    s = Scenario(players=4, generals=[None, None, None, "huatuo"])
    s.seat(0).hand("slash", "dilu")
    s.seat(3).hand("peach H3", "jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    return t.answer(3, "invoke", True)


@situation("jijiu")
def jijiu_again_against_lightning() -> Table:
    s = Scenario(players=4, generals=[None, "huatuo", None, None])
    s.seat(1).judge("lightning SA").hand("peach H3", "jink D2", "jink D3")
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", True)
    return t.answer(1, "jijiu", t.card(1, "peach H3"))


@situation("liuli")
def liuli() -> Table:
    s = Scenario(players=4, generals=[None, "daqiao", None, None])
    s.seat(0).hand("slash", "dilu")
    s.seat(1).hand("jink").equip("qinggang_sword")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    return t.answer(1, "invoke", True)


@situation("tuxi")
def tuxi() -> Table:
    s = Scenario(players=4, generals=["zhangliao", None, None, None])
    s.seat(1).hand("slash", "jink")
    s.seat(2).hand("peach")
    t = s.start(seat=0, phase="draw")
    return t.answer(0, "invoke", True)


@situation("wushuang_discard")
def wushuang_discard() -> Table:
    s = Scenario(players=4, generals=["lvbu", None, None, None])
    s.seat(0).hand("savage_assault", "dilu")
    s.seat(1).hand("slash", "jink", "peach")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    return t.answer(1, "respond", t.card(1, "slash"))


@situation("yiji")
def yiji() -> Table:
    s = Scenario(players=4, generals=[None, "guojia", None, None])
    s.seat(0).hand("slash", "dilu")
    s.top("peach H3", "jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    return t.answer(1, "invoke", True)


@situation("zhiheng")
def zhiheng() -> Table:
    s = Scenario(players=4, generals=["sunquan", None, None, None])
    s.seat(0).hand("slash", "jink", "peach")
    t = s.start(seat=0, phase="discard")
    return t.answer(0, "invoke", True)


# ---------------------------------------------------------------------------- cards
@situation("dismantle")
def dismantle() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("dismantlement", "dilu")
    s.seat(2).hand("jink").equip("chitu")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "dismantlement"), 2)


@situation("snatch")
def snatch() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("snatch", "dilu")
    s.seat(1).hand("jink").equip("eight_diagram")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "snatch"), 1)


@situation("amazing_grace")
def amazing_grace() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("amazing_grace", "dilu")
    s.top("slash S7", "jink D2", "peach H3", "duel SA")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "amazing_grace"))


@situation("choose_weapon")
def choose_weapon() -> Table:
    s = Scenario(players=5)
    s.seat(0).hand("collateral", "slash", "slash").equip("crossbow")
    s.seat(2).equip("blade")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "collateral"), 2)


@situation("double_swords")
def double_swords() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "dilu").equip("double_swords")
    s.seat(1).hand("peach", "jink").sex("f")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    return t.decline(1)


@situation("double_swords_discard")
def double_swords_discard() -> Table:
    t = double_swords()
    return t.answer(1, "double_swords", "discard")


@situation("axe_discard")
def axe_discard() -> Table:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "peach", "jink").equip("axe", "chitu")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    return t.answer(0, "invoke", True)


@situation("kylin_bow")
def kylin_bow() -> Table:
    s = Scenario(players=6)
    s.seat(0).hand("slash", "dilu").equip("kylin_bow")
    s.seat(3).equip("jueying", "chitu")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "slash"), 3)


@situation("ice_sword")
def ice_sword() -> Table:
    s = Scenario(players=4, packs=("standard", "ex"))
    s.seat(0).hand("slash", "dilu").equip("ice_sword")
    s.seat(1).hand("peach").equip("chitu")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    return t.answer(0, "invoke", True)


# ---------------------------------------------------------------------------- the 1.0 deck
@situation("feast")
def feast() -> Table:
    s = Scenario(players=4, packs=("1.0",))
    s.seat(0).hand("feast", "slash")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "feast"))


@situation("monkey_steals_peach")
def monkey_steals_peach() -> Table:
    s = Scenario(players=4, packs=("1.0",))
    s.seat(0).hand("monkey_steals_peach", "slash")
    s.seat(2).hand("jink").equip("plus_horse")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "monkey_steals_peach"), 2)


# ---------------------------------------------------------------------------- dark souls
_ROLES = [LORD, LOYALIST, REBEL, RENEGADE]


def _loyalist_killed() -> Table:
    s = Scenario(players=4, roles=_ROLES, dark_souls=True)
    s.seat(2).hand("slash", "duel")
    s.seat(1).hp(1)
    s.seat(0).hand("jink", "peach")
    t = s.start(seat=2, phase="play")
    t.play(t.card(2, "slash"), 1)
    while t.pending is not None and t.pending.kind == "respond":
        t.decline(t.pending.seat)
    return t


@situation("soul_host")
def soul_host() -> Table:
    return _loyalist_killed()


@situation("soul")
def soul() -> Table:
    t = _loyalist_killed()
    t.answer(1, "soul_host", 0)
    return t.play(t.card(2, "duel"), 0)


@situation("luohan_discard")
def luohan_discard() -> Table:
    t = soul()
    return t.answer(1, "soul", True)


# ---------------------------------------------------------------------------- 3v3
def _draft_3v3(seed: int = 11) -> Game:
    return Game(Config(players=6, mode="3v3", generals="draft", pool="standard"), seed)


@situation("first_pick")
def first_pick() -> Game:
    return _draft_3v3()


@situation("first_action")
def first_action() -> Game:
    return _until(_draft_3v3(), "first_action")


@situation("draft_take")
def draft_take_one() -> Game:
    return _until(_draft_3v3(), "draft_take")


@situation("draft_take")
def draft_take_two() -> Game:
    g = _until(_draft_3v3(), "draft_take")
    g.submit(asking(g, "draft_take").choice_at(0))
    return g


@situation("assign_generals")
def assign_generals() -> Game:
    return _until(_draft_3v3(), "assign_generals")


@situation("camp_action")
def camp_action() -> Game:
    six = ("zhangfei", "caocao", "lvbu", "guanyu", "liubei", "machao")
    return _until(Game(Config(players=6, mode="3v3", generals=six), 9), "camp_action")


@situation("trick_order")
def trick_order() -> Table:
    s = Scenario(players=6, mode="3v3")
    s.seat(0).hand("savage_assault", "dilu")
    t = s.start(seat=0, phase="play")
    return t.play(t.card(0, "savage_assault"))
