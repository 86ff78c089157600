"""The deck: 104 standard cards, 4 EX cards, the first-game deck (docs/rules.md "The deck"; 003)."""

from __future__ import annotations

from collections import Counter

from sgscore.sanguosha import Config, Game
from sgscore.sanguosha.cards import CARDS, NAME, PACKS, RANK, deck_ids, is_red

STANDARD_IDS = PACKS["standard"].ids
EX_IDS = PACKS["ex"].ids

_COUNTS = {
    "slash": 30, "jink": 15, "peach": 8, "duel": 3, "dismantlement": 6, "snatch": 5,
    "ex_nihilo": 4, "collateral": 2, "nullification": 3, "savage_assault": 3,
    "archery_attack": 1, "god_salvation": 1, "amazing_grace": 2, "indulgence": 3,
    "lightning": 1, "crossbow": 2, "double_swords": 1, "qinggang_sword": 1, "blade": 1,
    "spear": 1, "axe": 1, "halberd": 1, "kylin_bow": 1, "eight_diagram": 2,
    "jueying": 1, "dilu": 1, "zhuahuangfeidian": 1, "chitu": 1, "dayuan": 1, "zixing": 1,
}


def test_standard_deck_composition() -> None:
    # 003: "游戏牌104张"; the counts of docs/rules.md "The deck".
    assert len(STANDARD_IDS) == 104
    assert Counter(NAME[i] for i in STANDARD_IDS) == Counter(_COUNTS)
    # Two spot checks of suits and ranks: 闪 ♥K, 桃 ♦Q.
    assert any(c.name == "jink" and c.suit == 1 and c.rank == 13 for c in CARDS)
    assert any(c.name == "peach" and c.suit == 3 and c.rank == 12 for c in CARDS)
    assert sum(1 for i in STANDARD_IDS if NAME[i] == "slash" and is_red(CARDS[i].suit)) == 9


def test_ex_cards_add_four() -> None:
    # docs/rules.md "The deck": ice_sword ♠2, renwang_shield ♣2, lightning ♥Q, nullification ♦Q.
    faces = [(NAME[i], CARDS[i].suit, RANK[i]) for i in EX_IDS]
    assert faces == [("ice_sword", 0, 2), ("renwang_shield", 2, 2), ("lightning", 1, 12),
                     ("nullification", 3, 12)]
    assert Game(Config(players=4, generals=None, packs=("standard", "ex")), 1).card_ids == list(
        range(108))
    assert Game(Config(players=4, generals=None), 1).card_ids == list(range(104))


def test_card_ids_are_stable() -> None:
    # Replays name cards by id: the standard pack is ids 0-103, the EX pack 104-107, forever.
    assert STANDARD_IDS == tuple(range(104)) and EX_IDS == tuple(range(104, 108))
    assert (NAME[0], CARDS[0].suit, RANK[0]) == ("slash", 0, 7)
    assert (NAME[103], CARDS[103].suit, RANK[103]) == ("zixing", 3, 13)


def test_first_game_deck_has_no_face_cards() -> None:
    # 003 第一次游戏: "挑出游戏牌中J、Q、K花色的牌，放在一边，也暂不使用。"
    ids = deck_ids(first_game=True)
    assert ids and all(RANK[i] < 11 for i in ids)
    assert len(ids) == sum(1 for i in STANDARD_IDS if RANK[i] <= 10)
    g = Game(Config(players=5, generals=None, first_game=True), 7)
    assert sorted(g.card_ids) == ids
    assert all(RANK[c] < 11 for c in g.draw_pile + [c for p in g.players for c in p.hand])
    assert "nullification" not in {NAME[i] for i in ids}  # ♠J ♣Q ♣K: all face cards
