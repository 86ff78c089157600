"""The 4 EX cards (docs/rules.md "The deck": 001 counts them; their faces are the printed
cards'), ids 104-107: 寒冰剑 ♠2, 仁王盾 ♣2, 闪电 ♥Q, 无懈可击 ♦Q."""

from ..cards import Pack, register_pack

register_pack(Pack("ex", "EX", 104, """
ice_sword S2
renwang_shield C2
lightning HQ
nullification DQ
"""))
