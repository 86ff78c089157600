"""Setup of identity mode (003 Online "开始游戏"; docs/rules.md "Setup")."""

from __future__ import annotations

from collections import Counter

import pytest

from sgscore.sanguosha import Config, ConfigError, Game
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE

# 003 Online: "活动人数 主公 忠臣 反贼 内奸" (the first-edition table above it is garbled).
TABLE = {
    4: (1, 1, 1, 1), 5: (1, 1, 2, 1), 6: (1, 1, 3, 1), 7: (1, 2, 3, 1),
    8: (1, 2, 4, 1), 9: (1, 3, 4, 1), 10: (1, 3, 4, 2),
}
VARIANT = {6: (1, 1, 2, 2), 8: (1, 2, 3, 2)}


def _roles(g: Game) -> tuple[int, int, int, int]:
    c = Counter(p.role for p in g.players)
    return (c[LORD], c[LOYALIST], c[REBEL], c[RENEGADE])


@pytest.mark.parametrize("n", range(4, 11))
def test_role_table(n: int) -> None:
    for seed in (1, 2, 3):
        g = Game(Config(players=n, generals=None), seed)
        assert _roles(g) == TABLE[n]
        assert g.players[0].role == LORD  # docs/rules.md "Setup": by default the lord is seat 0


@pytest.mark.parametrize("n", [6, 8])
def test_role_table_variants(n: int) -> None:
    # 003 Online: "6 1 1 2 2" and "8 1 2 3 2"
    g = Game(Config(players=n, generals=None, role_variant=True), 5)
    assert _roles(g) == VARIANT[n]


def test_role_variant_only_for_six_and_eight() -> None:
    with pytest.raises(ConfigError):
        Config(players=7, role_variant=True)


def test_roles_are_dealt_with_the_game_rng_and_only_the_lord_is_public() -> None:
    # 003: "抽到主公身份的玩家需立即亮出身份 ... 其它身份的玩家保存好自己的身份牌"
    dealt = {tuple(p.role for p in Game(Config(players=7, generals=None), s).players)
             for s in range(12)}
    assert len(dealt) > 1
    g = Game(Config(players=7, generals=None), 3)
    assert [p.role_shown for p in g.players] == [True] + [False] * 6
    view = g.view(2)
    assert [q["role"] is not None for q in view["players"]] == [
        True, False, True, False, False, False, False
    ]


def test_lord_seat_can_be_dealt() -> None:
    seats = {next(p.seat for p in Game(Config(players=5, generals=None, lord_seat_zero=False),
                                       s).players if p.role == LORD) for s in range(20)}
    assert len(seats) > 1


@pytest.mark.parametrize("n", range(4, 11))
def test_beginner_hp_and_lord_bonus_only_from_five_players(n: int) -> None:
    # 003 Online: "若没有加入武将牌，每人都视为体力上限为4、无技能的武将。主公体力上限为5（5或5人以上
    # 游戏时）"; "主公在其体力上限的基础上再增加一点（四人游戏时不再额外增加）".
    g = Game(Config(players=n, generals=None), 11)
    lord_hp = 4 if n == 4 else 5
    for p in g.players:
        want = lord_hp if p.role == LORD else 4
        assert (p.hp, p.max_hp, p.skills) == (want, want, [])


@pytest.mark.parametrize("n", [4, 7, 10])
def test_everyone_starts_with_four_cards_and_the_lord_plays_first(n: int) -> None:
    # 003: "每名玩家从牌堆摸取4张游戏牌，作为起始手牌"; "游戏是从主公开始"
    g = Game(Config(players=n, generals=None), 4)
    draws = [e for e in g.events if e[0] == "draw"]
    assert [e[1] for e in draws[:n]] == [(i, 4) for i in range(n)]
    assert len(g.draw_pile) + sum(len(p.hand) for p in g.players) + len(g.discard_pile) == 104
    turns = [e for e in g.events if e[0] == "turn"]
    assert turns[0][1] == (1, 1, 0)


def test_players_out_of_range_are_a_config_error() -> None:
    for n in (3, 11):
        with pytest.raises(ConfigError):
            Config(players=n)


@pytest.mark.parametrize(("n", "bonus"), [(4, 0), (5, 1)])
def test_lords_general_gets_one_more_hp_only_from_five_players(n: int, bonus: int) -> None:
    # 003 Online: "例如三点体力的角色当主公时，体力上限就是四点" — "四人游戏时不再额外增加".
    gens = ("zhugeliang", "caocao", "liubei", "machao", "lvbu")[:n]
    g = Game(Config(players=n, generals=gens), 1)
    lord = g.players[0]
    assert lord.role == LORD and lord.general == "zhugeliang"
    assert (lord.hp, lord.max_hp) == (3 + bonus, 3 + bonus)
    assert all(p.max_hp == 4 for p in g.players[1:])


def test_random_generals_with_more_seats_than_generals_deal_again_from_the_start() -> None:
    # Config "random": distinct generals while there are enough; then the list repeats.
    from sgscore.sanguosha.model import GENERALS

    g = Game(Config(players=10, generals="random"), 3)
    dealt = [p.general for p in g.players]
    assert all(d in GENERALS for d in dealt)
    assert len(set(dealt)) == min(10, len(GENERALS))
