"""The standard deck: 104 cards (003 "游戏牌104张"; docs/rules.md "The deck"), ids 0-103 in this
order."""

from ..cards import Pack, register_pack

register_pack(Pack("standard", "标准版", 0, """
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
"""))
