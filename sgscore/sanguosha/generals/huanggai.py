"""黄盖 (wu, m, 4): 苦肉 (003 "人物技能详解"; docs/rules.md "黄盖 huanggai")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Proc
from ..cards import NAME
from ..hints import Advisor, general_hint, skill_hint
from ..model import REBEL, General, Player, register_general
from ..rules import lose_hp
from ..skills import PlayOption, Skill, register_skill
from ..zones import draw

if TYPE_CHECKING:
    from ..game import Game


@register_skill
class Kurou(Skill):
    """苦肉: in his play phase he may lose 1 HP and draw two cards from the draw pile, as often as
    he likes; not while he has only 1 HP left, even with a 桃 in hand (003: "出牌阶段，可主动减一点
    体力，从牌堆两张牌。在自己回合可以多次使用该技能。但若自己仅剩一点体力，则不得使用此技能，即便自己
    手里有桃"; docs/rules.md "黄盖 huanggai"). ``("kurou", (), ())``.

    Rulings (003 is silent or garbled):
    - "从牌堆两张牌" lacks its verb; read as 摸 (draw): he draws 2.
    - "主动减一点体力" is losing HP, not damage: it has no source, so no damage skill reacts
      (奸雄, 反馈, 刚烈, 遗计), and nobody is rewarded or punished.
    - He loses the HP first, then draws. As he needs at least 2 HP, it never makes him dying.
    """

    id = "kurou"
    zh = "苦肉"
    en = "Self-Injury"
    text_zh = "出牌阶段，可主动减一点体力，从牌堆两张牌。在自己回合可以多次使用该技能。但若自己仅剩一点体力，则不得使用此技能，即便自己手里有桃"
    text_en = "In your play phase, you may lose 1 HP and draw two cards, as often as you like; not while you have only 1 HP left, even with a Peach in hand."

    def play_options(self, g: Game, owner: Player) -> list[PlayOption]:
        if owner.hp <= 1:
            return []
        return [((), ())]

    def play(self, g: Game, owner: Player, cards: tuple[int, ...], targets: tuple[int, ...]) -> Proc:
        yield from lose_hp(g, owner, 1)
        if owner.alive:
            yield from draw(g, owner, 2)


register_general(General("huanggai", "黄盖", "wu", "m", 4, ("kurou",), en="Huang Gai"))


# ---------------------------------------------------------------------------- agent hints
def _kurou(a: Advisor, cards: tuple[int, ...], targets: tuple[int, ...]) -> int:
    """苦肉 at 3 HP or more, or at 2 with a 桃 in hand."""
    me = a.me
    has_peach = any(NAME[c] == "peach" for c in me.hand)
    return 5 if me.hp >= 3 or (me.hp == 2 and has_peach) else -10


general_hint("huanggai", 44, (REBEL,))
skill_hint("kurou", play=_kurou)
