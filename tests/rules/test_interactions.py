"""The interaction matrix of the 25 generals (docs/interactions.md): skills, and skills and
equipment, that meet at one moment. Each test names the 003 passage ("人物技能详解") or the
docs/rules.md section it reads; pairs already covered in tests/generals/ and tests/cards/ are listed
in the matrix, not repeated here, except the ones the matrix requires to be stated on their own."""

from __future__ import annotations

from sgscore.sanguosha.cards import OFFENSE_HORSE
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.testing import Scenario, Table
from sgscore.testing import check_conservation as assert_conserved


def _order(t: Table, *kinds: str) -> list[str]:
    """The kinds of the events since the last mark, restricted to ``kinds``, in order."""
    return [e[0] for e in t.events() if e[0] in kinds]


# ============================================================================ damage
def test_jianxiong_and_fankui_damaged_by_one_aoe_resolve_in_turn_order() -> None:
    # docs/rules.md "The turn": effects at the same moment resolve in turn order from the current
    # player; docs/rules.md "Cards": 南蛮入侵 reaches every other player in turn order from the
    # user's next seat. Each target's damage is its own moment: 司马懿 (seat 1) takes his card
    # before 曹操 (seat 2) gains the card.
    s = Scenario(players=4, generals=[None, "simayi", "caocao", None],
                 roles=[LORD, LOYALIST, REBEL, RENEGADE])
    s.seat(0).hand("savage_assault", "jink")
    t = s.start(seat=0, phase="play").mark()
    sa, jink = t.card(0, "savage_assault"), t.card(0, "jink")
    t.play(sa)
    assert t.hand(1) == [jink]
    t.answer(2, "invoke", True)  # then 奸雄
    assert t.hand(2) == [sa]
    assert [e[1:3] for e in t.events("skill")] == [(1, "fankui"), (2, "jianxiong")]
    assert (t.hp(1), t.hp(2), t.hp(3)) == (2, 3, 3)
    assert_conserved(t.game)


def test_jianxiong_before_fankui_when_caocao_sits_nearer_the_current_player() -> None:
    # The same table turned round: the user is seat 2, so seat 3 (曹操) is damaged and answers
    # first, seat 0 (司马懿) after; 奸雄 has already taken the 万箭齐发 when 反馈 draws at random.
    s = Scenario(players=4, generals=["simayi", None, None, "caocao"],
                 roles=[LORD, LOYALIST, REBEL, RENEGADE])
    s.seat(2).hand("archery_attack", "peach")
    t = s.start(seat=2, phase="play").mark()
    aa, peach = t.card(2, "archery_attack"), t.card(2, "peach")
    t.play(aa)
    t.answer(3, "invoke", True)  # 奸雄
    assert aa in t.hand(3) and peach in t.hand(0)  # (seat 3's turn has begun since)
    assert [e[1:3] for e in t.events("skill")] == [(3, "jianxiong"), (0, "fankui")]
    assert_conserved(t.game)


def test_jijiu_prevents_all_of_a_luoyi_slash_so_ganglie_never_judges() -> None:
    # 003 急救: "弃一张红色花色的牌，可抵消...一点伤害"; 刚烈: "当有玩家对夏侯敦造成体力伤害时". 裸衣's
    # 2 damage, both points prevented: no damage was dealt, so nobody judges.
    s = Scenario(players=4, generals=["xuchu", "xiahoudun", None, "huatuo"])
    s.seat(0).hand("slash", "jink", "ex_nihilo")
    s.seat(3).hand("peach H3", "jink D2")
    s.top("slash S9")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(3, "invoke", True)
    assert t.expect(3, "jijiu").prompt == (1, 2)
    t.answer(3, "jijiu", t.card(3, "peach H3"))
    t.answer(3, "jijiu", t.card(3, "jink D2"))
    assert t.hp(1) == 4 and ("damage_prevented", 1) in t.events("damage_prevented")
    assert not t.events("judge") and len(t.hand(0)) == 2
    assert t.card(-1, "slash S9") in t.game.draw_pile
    assert_conserved(t.game)


def test_jijiu_prevents_one_point_of_two_and_ganglie_still_judges() -> None:
    # One point of 裸衣's two prevented: 夏侯惇 is still damaged, so 刚烈 judges (once per damage,
    # docstring of Ganglie); ♠9 is black and 许褚 with one hand card left loses 1 HP.
    s = Scenario(players=4, generals=["xuchu", "xiahoudun", None, "huatuo"])
    s.seat(0).hand("slash", "ex_nihilo")
    s.seat(3).hand("peach H3", "jink D2")
    s.top("slash S9")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(3, "invoke", True)
    t.answer(3, "jijiu", t.card(3, "peach H3"))
    t.answer(3, "jijiu", None)  # he keeps the ♦2
    assert ("damage", 0, 1, 1, 3, "slash") in t.events("damage")
    assert ("judge", 0, "ganglie", t.card(-1, "slash S9")) in t.events("judge")
    assert t.hp(0) == 3 and t.hand(3) == [t.card(3, "jink D2")]
    assert_conserved(t.game)


# ============================================================================ judgement
def test_guicai_changes_guojias_eight_diagram_and_tiandu_takes_the_new_card() -> None:
    # 003: "若司马懿对郭嘉使用鬼才，则郭嘉将司马懿打出的用来做判定牌的牌收入手牌"; 鬼才: "将原来翻开那张
    # 判定牌弃掉". 郭嘉's 八卦阵 judges ♠ (no 闪); 司马懿 plays his ♥: it counts as a 闪, and 天妒
    # gives 郭嘉 the ♥, not the ♠.
    s = Scenario(players=4, generals=[None, "guojia", "simayi", None])
    s.seat(0).hand("slash C3")
    s.seat(1).equip("eight_diagram")
    s.seat(2).hand("peach H4")
    s.top("slash S7")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash C3"), 1)
    t.answer(1, "respond", ("eight_diagram",))
    t.answer(2, "invoke", True)  # 鬼才: his only card
    t.answer(1, "invoke", True)  # 天妒
    spade, heart = t.card(-1, "slash S7"), t.card(2, "peach H4")
    assert ("judge_replaced", 2, 1, spade, heart) in t.events("judge_replaced")
    assert t.hp(1) == 3 and ("dodged", 1, 0) in t.events("dodged")
    assert heart in t.hand(1) and spade not in t.hand(1) and spade in t.game.discard_pile
    assert_conserved(t.game)


def test_guicai_makes_guojias_indulgence_fail_and_he_keeps_the_card_that_did_it() -> None:
    # The other way: the ♥ judgement would free him; 司马懿 turns it into his ♣. 天妒 still takes
    # the card in effect (003 天妒: "包括司马懿用于改变判定结果的牌").
    s = Scenario(players=4, generals=[None, "guojia", "simayi", None])
    s.seat(1).judge("indulgence S6")
    s.seat(2).hand("slash C5")
    s.top("peach H3")
    t = s.start(seat=1, phase="judge")
    t.answer(2, "invoke", True)
    t.answer(1, "invoke", True)
    club, heart = t.card(2, "slash C5"), t.card(-1, "peach H3")
    assert ("judge_result", 1, "indulgence", club) in t.events("judge_result")
    assert club in t.hand(1) and heart in t.game.discard_pile
    assert ("phase_skipped", 1, "play") in t.events("phase_skipped")
    assert_conserved(t.game)


# ============================================================================ a 杀 targeted
def test_liuli_cannot_move_the_slash_onto_an_empty_handed_zhugeliang() -> None:
    # 空城 (docs/rules.md "诸葛亮 zhugeliang"): 流离 cannot move a 杀 to him. 大乔's range
    # (青龙偃月刀, 3) reaches seats 2, 3 and 4; 诸葛亮 (seat 2) holds nothing, so only the others
    # are offered.
    s = Scenario(players=5, generals=[None, "daqiao", "zhugeliang", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("jink").equip("blade")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", True)
    jink, blade = t.card(1, "jink"), t.card(1, "blade")
    options = set(t.expect(1, "liuli").choices())
    assert {seat for _, seat in options} == {3, 4}
    assert (jink, 2) not in options and (blade, 2) not in options
    t.answer(1, "liuli", (jink, 3))
    assert t.hp(3) == 3 and t.hp(2) == 3 and t.hp(1) == 3


def test_liuli_may_move_the_slash_onto_zhugeliang_while_he_holds_a_card() -> None:
    # 003 空城: "无手牌时" — with a hand card he is a player like any other.
    s = Scenario(players=4, generals=[None, "daqiao", "zhugeliang", None])
    s.seat(0).hand("slash")
    s.seat(1).hand("jink")
    s.seat(2).hand("peach")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", True)  # (jink, 2) is the only choice
    assert ("slash_moved", 1, 2) in t.events("slash_moved")
    assert t.hp(2) == 2 and t.card(2, "peach") in t.hand(2)


def test_liuli_a_moved_qinggang_slash_still_ignores_the_new_targets_armor() -> None:
    # 003 青钢剑: "出杀时，对方的八卦阵无效"; the 杀 moved by 流离 is still its user's, with its
    # weapon (流离, docs/rules.md "大乔 daqiao": the moved 杀 keeps everything of its user).
    s = Scenario(players=4, generals=[None, "daqiao", None, None])
    s.seat(0).hand("slash").equip("qinggang_sword")
    s.seat(1).hand("jink")
    s.seat(2).hand("jink").equip("eight_diagram")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", True)  # (jink, 2) is the only choice: taken by the engine
    assert ("slash_moved", 1, 2) in t.events("slash_moved")
    req = t.expect(2, "respond")
    assert ("eight_diagram",) not in req.choices()
    t.answer(2, "respond", None)
    assert t.hp(2) == 3


def test_liuli_a_black_slash_moved_onto_renwang_shield_has_no_effect() -> None:
    # 仁王盾 (docs/rules.md "EX cards"): black 杀 have no effect on its holder — whoever the 杀 was
    # first aimed at.
    s = Scenario(players=4, generals=[None, "daqiao", None, None], packs=("standard", "ex"))
    s.seat(0).hand("slash S7")
    s.seat(1).hand("jink")
    s.seat(2).equip("renwang_shield")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash S7"), 1)
    t.answer(1, "invoke", True)  # (jink, 2) is the only choice: taken by the engine
    assert ("slash_moved", 1, 2) in t.events("slash_moved")
    assert ("no_effect", 2, "slash") in t.events("no_effect")
    assert t.hp(1) == 3 and t.hp(2) == 4


def test_liuli_cannot_move_a_halberd_slash_with_two_targets_onto_sunshangxiang() -> None:
    # 乾坤 (docs/rules.md "孙尚香 sunshangxiang"): a 杀 that its user could not have aimed at her
    # because of 乾坤 cannot be moved onto her by 流离 either: 方天画戟's extra targets never
    # include her. Seat 3 (distance 2 from 大乔, range 2) is a lawful new target; seat 4 is already
    # a target.
    s = Scenario(players=5, generals=[None, "daqiao", "sunshangxiang", None, None])
    s.seat(0).hand("slash").equip("halberd")
    s.seat(1).hand("jink", "peach").equip("qinggang_sword")  # range 2: seats 2, 3 and 0
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1, 4)
    t.answer(1, "invoke", True)
    assert {seat for _, seat in t.expect(1, "liuli").choices()} == {3}


def test_liuli_may_move_a_halberd_slash_with_one_target_onto_sunshangxiang() -> None:
    # A 方天画戟 杀 with one target needs nothing from the weapon: it could have been aimed at her.
    s = Scenario(players=5, generals=[None, "daqiao", "sunshangxiang", None, None])
    s.seat(0).hand("slash").equip("halberd")
    s.seat(1).hand("jink", "peach").equip("qinggang_sword")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", True)
    assert {seat for _, seat in t.expect(1, "liuli").choices()} == {2, 3, 4}


def test_wushuang_needs_two_longdan_jinks() -> None:
    # 003 无双: "对方需使用两张闪才能闪避"; 龙胆: "可以用杀代替闪使用" — both 闪 may be 杀.
    s = Scenario(players=4, generals=["lvbu", "zhaoyun", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("slash S8", "slash S9")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("longdan", t.card(1, "slash S8")))
    t.answer(1, "respond", ("longdan", t.card(1, "slash S9")))
    assert t.hp(1) == 4 and ("dodged", 1, 0) in t.events("dodged")
    assert [e[2:5] for e in t.events("play")] == [
        ("jink", (t.card(1, "slash S8"),), "longdan"), ("jink", (t.card(1, "slash S9"),), "longdan")]
    assert_conserved(t.game)


def test_wushuang_one_longdan_jink_is_not_enough() -> None:
    s = Scenario(players=4, generals=["lvbu", "zhaoyun", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("slash S8", "peach")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("longdan", t.card(1, "slash S8")))  # then nothing to answer with
    assert t.hp(1) == 3 and t.card(1, "slash S8") in t.game.discard_pile
    assert not t.events("dodged")


def test_wushuang_eight_diagram_once_per_jink_then_qingguo() -> None:
    # 003 无双: "如果对方使用八卦阵，需要判定两次"; 倾国: "可以用任意手牌代替闪使用". The first 闪
    # from a red judgement; the second judgement is black, so she plays a 桃 as 闪.
    s = Scenario(players=4, generals=["lvbu", "zhenji", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("peach").equip("eight_diagram")
    s.top("jink D2", "slash C2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("eight_diagram",))
    t.answer(1, "respond", ("eight_diagram",))
    req = t.expect(1, "respond")
    assert ("eight_diagram",) not in req.choices()
    t.answer(1, "respond", ("qingguo", t.card(1, "peach")))
    assert t.hp(1) == 3 and ("dodged", 1, 0) in t.events("dodged")
    assert_conserved(t.game)


def test_qingguo_still_answers_a_qinggang_slash() -> None:
    # 003 青钢剑 voids "对方的八卦阵" only: 倾国 is a skill, not armor.
    s = Scenario(players=4, generals=[None, "zhenji", None, None])
    s.seat(0).hand("slash").equip("qinggang_sword")
    s.seat(1).hand("peach").equip("eight_diagram")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert t.choices() == [None, ("qingguo", t.card(1, "peach"))]
    t.answer(1, "respond", ("qingguo", t.card(1, "peach")))
    assert t.hp(1) == 3


def test_wushuang_second_jink_is_not_needed_once_kongcheng_holds() -> None:
    # 003 空城: "无手牌时，不受杀的影响". 吕布's 杀 needs two 闪; 诸葛亮's only card is a 闪. Once
    # he has played it his hand is empty, and the 杀 that would now hit him has no effect on him,
    # as the opponent's 杀 in a 决斗 whose course empties his hand has none (docs/rules.md "诸葛亮
    # zhugeliang").
    s = Scenario(players=4, generals=["lvbu", "zhugeliang", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    assert t.hp(1) == 3
    assert not t.events("damage")


def test_axe_cannot_force_a_hit_on_zhugeliang_whose_last_card_dodged() -> None:
    # 贯石斧 (docs/rules.md "Advanced weapons") makes a dodged 杀 hit; 空城
    # (docs/rules.md "诸葛亮 zhugeliang"): no 杀 affects him however it reaches him, e.g. no
    # 青龙偃月刀 follow-up after his last 闪 (test_zhugeliang.py).
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.seat(0).hand("slash", "peach", "peach").equip("axe")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    if t.pending is not None and t.pending.kind == "invoke" and t.pending.seat == 0:
        t.answer(0, "invoke", True)  # 贯石斧, if offered
        t.answer(0, "axe_discard", tuple(sorted((t.card(0, "peach", 0), t.card(0, "peach", 1)))))
    assert t.hp(1) == 3


# ---------------------------------------------------------------------------- 乾坤 and weapons
def _qiankun(*weapon_cards: str) -> Scenario:
    """孙尚香 at seat 2 of 5; seat 1 (next to her) holds ``weapon_cards``, two 杀, cards to pay
    for 贯石斧 and a horse that keeps his play phase open."""
    s = Scenario(players=5, generals=[None, None, "sunshangxiang", None, None])
    s.seat(1).hand("slash", "slash", "peach", "peach", "dilu").equip(*weapon_cards).hp(4, 4)
    s.seat(2).hand("jink")
    return s


def test_qiankun_no_blade_follow_up_against_her() -> None:
    # 003 乾坤: "无视其他玩家任何装备牌的效果，即其他玩家的武器牌"; 青龙偃月刀
    # (docs/rules.md "Advanced weapons").
    t = _qiankun("blade").start(seat=1, phase="play")
    t.play(t.card(1, "slash", 0), 2)
    t.answer(2, "respond", t.card(2, "jink"))
    t.expect(1, "play")  # not asked for a follow-up 杀
    assert t.hp(2) == 3 and t.card(1, "slash", 1) in t.hand(1)
    assert not [e for e in t.events("skill") if e[2] == "blade"]


def test_qiankun_no_axe_against_her() -> None:
    # 贯石斧 (docs/rules.md "Advanced weapons") (max HP 4 > 3, cards to pay): not against her.
    t = _qiankun("axe").start(seat=1, phase="play")
    t.play(t.card(1, "slash", 0), 2)
    t.answer(2, "respond", t.card(2, "jink"))
    t.expect(1, "play")  # not asked whether to discard two cards
    assert t.hp(2) == 3 and len(t.hand(1)) == 4 and not [e for e in t.events("discard") if e[-1] == "axe"]


def test_qiankun_halberd_makes_no_extra_targets_with_her() -> None:
    # 方天画戟 (docs/rules.md "Advanced weapons") (last hand card: up to three targets);
    # docs/rules.md "孙尚香 sunshangxiang": she can only be the sole target of such a 杀.
    s = Scenario(players=5, generals=[None, None, "sunshangxiang", None, None])
    s.seat(1).hand("slash").equip("halberd")
    t = s.start(seat=1, phase="play")
    slash = t.card(1, "slash")
    targets = {c[1:] for c in t.choices() if isinstance(c, tuple) and c[0] == slash}
    assert (2,) in targets and (0, 3, 4) in targets
    assert not [ts for ts in targets if 2 in ts and len(ts) > 1]
    t.play(slash, 2)
    assert t.hp(2) == 2


def test_qiankun_no_ice_sword_against_her() -> None:
    # 寒冰剑 (docs/rules.md "EX cards") (prevent the damage, discard two cards instead) is another's
    # weapon skill; docs/rules.md "孙尚香 sunshangxiang" names it among the skills that do not work
    # against her.
    s = Scenario(players=5, generals=[None, None, "sunshangxiang", None, None],
                 packs=("standard", "ex"))
    s.seat(1).hand("slash", "dilu").equip("ice_sword")
    s.seat(2).hand("peach")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "slash"), 2)
    t.expect(1, "play")  # not asked whether to use 寒冰剑
    assert t.hp(2) == 2 and t.hand(2) == [t.card(2, "peach")]


def test_qiankun_no_kylin_bow_on_her_horse_when_liuli_moves_the_slash_to_her() -> None:
    # 麒麟弓 (docs/rules.md "Advanced weapons"): distance > 2 and the 杀 hits → a horse is
    # discarded. 孙尚香 (seat 3, with a -1 horse) is 3 from the 麒麟弓 (seat 0), who cannot aim at
    # her (乾坤: his range is 1 against her); the 杀 reaches her through 大乔's 流离, and the bow
    # still has no effect on her.
    s = Scenario(players=6, generals=[None, None, "daqiao", "sunshangxiang", None, None])
    s.seat(0).hand("slash").equip("kylin_bow")
    s.seat(2).hand("jink")
    s.seat(3).equip("chitu")
    t = s.start(seat=0, phase="play")
    assert t.game.distance(t.p(0), t.p(3)) == 3
    t.play(t.card(0, "slash"), 2)
    t.answer(2, "invoke", True)
    t.answer(2, "liuli", (t.card(2, "jink"), 3))
    assert t.hp(3) == 2
    assert t.p(3).equip[OFFENSE_HORSE] == t.card(3, "chitu")
    assert not [e for e in t.events("discard") if e[-1] == "kylin_bow"]
    assert_conserved(t.game)


def test_kylin_bow_works_on_another_moved_target() -> None:
    # The same 流离 onto a player without 乾坤: the bow's effect reaches the new target.
    s = Scenario(players=6, generals=[None, None, "daqiao", None, None, None])
    s.seat(0).hand("slash").equip("kylin_bow")
    s.seat(2).hand("jink")
    s.seat(3).equip("chitu")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 2)
    t.answer(2, "invoke", True)
    t.answer(2, "liuli", (t.card(2, "jink"), 3))  # the only horse: taken without a question
    assert t.hp(3) == 3 and t.p(3).equip[OFFENSE_HORSE] == -1
    assert ("discard", 3, (t.card(3, "chitu"),), "kylin_bow") in t.events("discard")
    assert_conserved(t.game)


# ============================================================================ a hand emptied
def test_lianying_the_example_of_003_with_fankui() -> None:
    # 003: "若陆逊打出手里最后一张杀扣减了司马懿一点体力，此时应由陆逊先摸一张牌，而后让司马懿把这张牌拿走。"
    # 连营 "任何时候": the card taken empties his hand again, and he draws again — as the card
    # leaves his hand, before it reaches 司马懿 (docstring of Lianying: ``hand_emptied`` fires while
    # the last card is on its way).
    s = Scenario(players=4, generals=["luxun", "simayi", None, None])
    s.seat(0).hand("slash")
    s.top("jink D3", "peach H4")
    t = s.start(seat=0, phase="play").mark()
    t.play(t.card(0, "slash"), 1)
    first, second = t.card(-1, "jink D3"), t.card(-1, "peach H4")
    seen = [e[:3] for e in t.events() if e[0] in ("draw", "damage", "gain")][:4]
    assert seen == [("draw", 0, 1), ("damage", 0, 1), ("draw", 0, 1), ("gain", 1, 0)]
    assert t.events("draw")[0][3] == (first,) and t.events("gain")[0][4] == (first,)
    assert first in t.hand(1) and t.hand(0) == [second]
    assert t.hp(1) == 2
    assert_conserved(t.game)


def test_lianying_when_ganglie_makes_him_discard_his_last_two_cards() -> None:
    # 003 刚烈: "这名玩家需减一点体力或者弃两张手牌"; 连营: "只要自己手里没牌了就能从牌堆里摸一张".
    s = Scenario(players=4, generals=["luxun", "xiahoudun", None, None])
    s.seat(0).hand("slash", "jink", "peach")
    s.top("slash S9", "dilu")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    pair = tuple(sorted((t.card(0, "jink"), t.card(0, "peach"))))
    t.answer(0, "ganglie", pair)
    assert t.hand(0) == [t.card(-1, "dilu")] and t.hp(0) == 3
    assert_conserved(t.game)


def test_lianying_when_he_gives_his_last_card_to_sunquan() -> None:
    # 003 孙权 主公技: "吴国的角色在他们各自的回合给孙权一张手牌"; 陆逊 is Wu, and 连营 draws.
    s = Scenario(players=4, generals=["sunquan", "luxun", None, None])
    s.seat(1).hand("jink")
    s.top("peach H3")
    t = s.start(seat=1, phase="play")
    t.skill("tribute", (t.card(1, "jink"),), (0,))
    assert t.hand(0) == [t.card(1, "jink")] and t.hand(1) == [t.card(-1, "peach H3")]
    assert_conserved(t.game)


def test_kongcheng_once_snatch_takes_his_last_card() -> None:
    # 003 空城: "无手牌时，不受杀的影响": the 顺手牵羊 that empties his hand protects him at once.
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.seat(0).hand("snatch", "slash")
    s.seat(1).hand("peach")
    t = s.start(seat=0, phase="play")
    slash = t.card(0, "slash")
    assert (slash, 1) in t.choices()
    t.play(t.card(0, "snatch"), 1)  # "hand": the only choice
    assert t.hand(1) == []
    assert (slash, 1) not in t.choices() and (slash, 3) in t.choices()


def test_kongcheng_once_fankui_takes_his_last_card() -> None:
    # 003 反馈: "随机抽取对方一张手牌": 诸葛亮's 杀 damages 司马懿, who takes his last card, the 闪;
    # in 司马懿's next turn his 杀 cannot choose 诸葛亮 (空城).
    s = Scenario(players=4, generals=[None, "zhugeliang", "simayi", None])
    s.seat(1).hand("slash", "jink").equip("qinggang_sword")
    s.seat(2).hand("slash")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "slash"), 2)
    assert t.hand(1) == [] and t.card(1, "jink") in t.hand(2)
    t.until(2, "play")
    assert (t.card(2, "slash"), 1) not in t.choices()


# ============================================================================ tricks used
def test_jizhi_before_fankui_with_a_duel() -> None:
    # 003: "若月英使用如万箭齐发等锦囊牌后对司马懿造成伤害，则月英应先从牌堆摸一张牌，再让司马懿抽走一张".
    # Her 决斗 is her last card: 集智's card is the only one 反馈 can take.
    s = Scenario(players=4, generals=["huangyueying", "simayi", None, None])
    s.seat(0).hand("duel")
    s.top("peach H3")
    t = s.start(seat=0, phase="play").mark()
    t.play(t.card(0, "duel"), 1)  # he has no 杀: he loses at once
    peach = t.card(-1, "peach H3")
    assert _order(t, "draw", "damage", "gain")[:3] == ["draw", "damage", "gain"]
    assert t.events("draw")[0][1:4] == (0, 1, (peach,))
    assert t.events("gain")[0][1:] == (1, 0, 1, (peach,))
    assert peach in t.hand(1) and t.hp(1) == 2
    assert_conserved(t.game)


def test_jizhi_draws_for_collateral_too() -> None:
    # 003 集智: "当她使用一张锦囊牌后" — 借刀杀人 is one (003 "锦囊牌").
    s = Scenario(players=4, generals=["huangyueying", None, None, None])
    s.seat(0).hand("collateral", "dilu")  # the horse keeps her play phase open
    s.seat(1).equip("blade")
    s.top("peach H3")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "collateral"), 1)
    assert t.p(0).borrowed == (t.card(1, "blade"), 1, True)
    assert t.card(-1, "peach H3") in t.hand(0)


def test_guose_indulgence_can_be_nullified() -> None:
    # 003 国色: "也可被无懈可击取消"; docs/rules.md "Cards": a nullified 乐不思蜀 is discarded,
    # unjudged.
    s = Scenario(players=4, generals=[None, "daqiao", None, None])
    s.seat(1).hand("jink D2")
    s.seat(2).hand("nullification", "dilu")
    t = s.start(seat=1, phase="play")
    jink = t.card(1, "jink D2")
    t.skill("guose", (jink,), (2,))
    t.until(2, "respond")  # the 无懈可击 window before the judgement
    t.answer(2, "respond", t.card(2, "nullification"))
    assert ("nullified", 2, "indulgence", 2, True) in t.events("nullified")
    assert not [e for e in t.events("judge") if e[1] == 2]
    assert jink in t.game.discard_pile and t.p(2).judge == []
    assert ("phase_skipped", 2, "play") not in t.events("phase_skipped")
    assert_conserved(t.game)


# ============================================================================ dying
def test_jijiu_prevents_damage_but_does_not_save_the_dying() -> None:
    # docs/rules.md "华佗 huatuo": 急救 (first edition) is damage prevention, not the later "桃 as
    # 急救". Declined against the damage, it is not offered when the player is dying: only 桃 save
    # him.
    s = Scenario(players=4, generals=[None, None, None, "huatuo"])
    s.seat(0).hand("slash")
    s.seat(1).hp(1)
    s.seat(3).hand("jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(3, "invoke", False)  # 急救 declined
    assert not t.p(1).alive  # nobody holds a 桃: nobody was asked again
    assert t.hand(3) == [t.card(3, "jink D2")]
    assert_conserved(t.game)


def test_jijiu_keeps_ganning_out_of_dying_so_tongling_is_kept() -> None:
    # 急救 comes before the damage (docs/rules.md "华佗 huatuo"), 铜铃 when dying: prevented, 甘宁
    # never dies and is not asked for 铜铃.
    s = Scenario(players=4, generals=[None, "ganning", None, "huatuo"])
    s.seat(0).hand("slash")
    s.seat(1).hp(1)
    s.seat(3).hand("jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.expect(1, "respond")  # 甘宁 may answer with 铜铃 first
    t.answer(1, "respond", None)
    t.answer(3, "invoke", True)
    assert t.hp(1) == 1 and not t.events("dying") and not t.p(1).role_shown
