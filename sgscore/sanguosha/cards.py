"""The card data: the 104-card standard deck and the 4 EX cards (RULINGS §4.1).

A card is an id (0-107, stable forever: replays name cards by id), a name, a suit and a rank. The
table below is data only; what a card does lives in ``content/``.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "Card", "CARDS", "NAME", "SUIT", "RANK", "KIND", "SUBTYPE", "RANGE",
    "SPADE", "HEART", "CLUB", "DIAMOND", "SUIT_SYMBOL", "ZH", "STANDARD_IDS", "EX_IDS",
    "is_red", "is_black", "card_label", "deck_ids",
    "WEAPON", "ARMOR", "DEFENSE_HORSE", "OFFENSE_HORSE",
]

SPADE, HEART, CLUB, DIAMOND = 0, 1, 2, 3
SUIT_SYMBOL = ("♠", "♥", "♣", "♦")
_SUIT_OF = {"S": SPADE, "H": HEART, "C": CLUB, "D": DIAMOND}

# Equipment slots, in the order of a player's ``equip`` list.
WEAPON, ARMOR, DEFENSE_HORSE, OFFENSE_HORSE = 0, 1, 2, 3


class Card(NamedTuple):
    id: int
    name: str
    suit: int
    rank: int
    kind: str  # basic | trick | delayed | equip
    subtype: int  # equipment slot for equipment, -1 otherwise


ZH = {
    "slash": "杀", "jink": "闪", "peach": "桃",
    "duel": "决斗", "dismantlement": "过河拆桥", "snatch": "顺手牵羊", "ex_nihilo": "无中生有",
    "collateral": "借刀杀人", "nullification": "无懈可击", "savage_assault": "南蛮入侵",
    "archery_attack": "万箭齐发", "god_salvation": "桃园结义", "amazing_grace": "五谷丰登",
    "indulgence": "乐不思蜀", "lightning": "闪电",
    "crossbow": "诸葛连弩", "double_swords": "雌雄双股剑", "qinggang_sword": "青釭剑",
    "blade": "青龙偃月刀", "spear": "丈八蛇矛", "axe": "贯石斧", "halberd": "方天画戟",
    "kylin_bow": "麒麟弓", "eight_diagram": "八卦阵",
    "jueying": "绝影", "dilu": "的卢", "zhuahuangfeidian": "爪黄飞电",
    "chitu": "赤兔", "dayuan": "大宛", "zixing": "紫骍",
    "ice_sword": "寒冰剑", "renwang_shield": "仁王盾",
}

# Weapon attack ranges (RULINGS §4.1).
RANGE = {
    "crossbow": 1, "double_swords": 2, "qinggang_sword": 2, "ice_sword": 2, "blade": 3,
    "spear": 3, "axe": 3, "halberd": 4, "kylin_bow": 5,
}

_KINDS = {
    "slash": ("basic", -1), "jink": ("basic", -1), "peach": ("basic", -1),
    "duel": ("trick", -1), "dismantlement": ("trick", -1), "snatch": ("trick", -1),
    "ex_nihilo": ("trick", -1), "collateral": ("trick", -1), "nullification": ("trick", -1),
    "savage_assault": ("trick", -1), "archery_attack": ("trick", -1),
    "god_salvation": ("trick", -1), "amazing_grace": ("trick", -1),
    "indulgence": ("delayed", -1), "lightning": ("delayed", -1),
    "eight_diagram": ("equip", ARMOR), "renwang_shield": ("equip", ARMOR),
    "jueying": ("equip", DEFENSE_HORSE), "dilu": ("equip", DEFENSE_HORSE),
    "zhuahuangfeidian": ("equip", DEFENSE_HORSE),
    "chitu": ("equip", OFFENSE_HORSE), "dayuan": ("equip", OFFENSE_HORSE),
    "zixing": ("equip", OFFENSE_HORSE),
}
for _w in RANGE:
    _KINDS[_w] = ("equip", WEAPON)

_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}

# The deck in RULINGS §4.1 order; ids are assigned in this order and never change.
_DECK = """
slash S7 S8 S8 S9 S9 S10 S10 C2 C3 C4 C5 C6 C7 C8 C8 C9 C9 C10 C10 CJ CJ H10 H10 HJ D6 D7 D8 D9 D10 DK
jink H2 H2 HK D2 D2 D3 D4 D5 D6 D7 D8 D9 D10 DJ DJ
peach H3 H4 H6 H7 H8 H9 HQ DQ
duel SA CA DA
dismantlement S3 S4 SQ C3 C4 HQ
snatch S3 S4 SJ D3 D4
ex_nihilo H7 H8 H9 HJ
collateral CQ CK
nullification SJ CQ CK
savage_assault S7 SK C7
archery_attack HA
god_salvation HA
amazing_grace H3 H4
indulgence S6 C6 H6
lightning SA
crossbow CA DA
double_swords S2
qinggang_sword S6
blade S5
spear SQ
axe D5
halberd DQ
kylin_bow H5
eight_diagram S2 C2
jueying S5
dilu C5
zhuahuangfeidian HK
chitu H5
dayuan SK
zixing DK
ice_sword S2
renwang_shield C2
lightning HQ
nullification DQ
"""


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for line in _DECK.strip().splitlines():
        name, *specs = line.split()
        kind, sub = _KINDS[name]
        for spec in specs:
            r = spec[1:]
            rank = _RANKS.get(r) or int(r)
            cards.append(Card(len(cards), name, _SUIT_OF[spec[0]], rank, kind, sub))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build()
STANDARD_IDS = tuple(range(104))
EX_IDS = tuple(range(104, 108))
assert len(CARDS) == 108

NAME: tuple[str, ...] = tuple(c.name for c in CARDS)
SUIT: tuple[int, ...] = tuple(c.suit for c in CARDS)
RANK: tuple[int, ...] = tuple(c.rank for c in CARDS)
KIND: tuple[str, ...] = tuple(c.kind for c in CARDS)
SUBTYPE: tuple[int, ...] = tuple(c.subtype for c in CARDS)

_RANK_LABEL = {1: "A", 11: "J", 12: "Q", 13: "K"}


def is_red(suit: int) -> bool:
    return suit == HEART or suit == DIAMOND


def is_black(suit: int) -> bool:
    return suit == SPADE or suit == CLUB


def card_label(card: int, lang: str = "en") -> str:
    """``"slash ♠7"`` or ``"杀♠7"``."""
    c = CARDS[card]
    face = SUIT_SYMBOL[c.suit] + _RANK_LABEL.get(c.rank, str(c.rank))
    if lang == "zh":
        return ZH[c.name] + face
    return f"{c.name} {face}"


def deck_ids(ex: bool = False, first_game: bool = False) -> list[int]:
    """The card ids in play: the standard 104 (+4 EX), without J/Q/K for a first game (003)."""
    ids = list(STANDARD_IDS) + (list(EX_IDS) if ex else [])
    if first_game:
        ids = [i for i in ids if RANK[i] < 11]
    return ids
