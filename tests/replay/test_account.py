"""The account tells causes and outcomes, in one language per run, and every question in words.

Each scenario sets up one moment (``sgscore.testing``) and checks the exact lines of the account
from there on, in English and in Chinese: 无双's second 闪, response windows nobody answered, the
area a card was taken from, what a judgement means, skills that did nothing. Then, over seeded
games of both games: no English in a Chinese account and no Chinese in an English one, every
request kind's question in words, the new lines the same for every viewer (nothing hidden leaks
through them), and what the teller remembers and infers agreeing with what the rules did.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from sgscore import Config, new_game
from sgscore.agents import RandomAgent
from sgscore.core.games import get_game
from sgscore.core.spec import AnyGame
from sgscore.replay.render import render_account, render_events
from sgscore.sanguosha import SPEC
from sgscore.sanguosha.events import judgement_meaning
from sgscore.sanguosha.model import PHASE_ZH, PHASES
from sgscore.sanguosha.telling import card_label
from sgscore.testing import Scenario, Table

from situations import asking, situations

DICE = get_game("sanguozhi/dice")
assert DICE is not None


HEADINGS = {f"{p} phase" for p in PHASES} | set(PHASE_ZH.values())


def told(t: Table, since: int, lang: str = "en", seat: int | None = None) -> list[str]:
    """The account's lines for the events from number ``since`` on, as ``seat`` sees them (the
    teller has seen the events before, as in ``sgs replay step``), without phase headings."""
    teller = SPEC.teller(seat=seat, lang=lang)
    list(render_events(SPEC, t.game.events[:since], teller=teller))
    lines = (x.strip() for x in render_events(SPEC, t.game.events[since:], teller=teller))
    return [x for x in lines if x not in HEADINGS]


def label(t: Table, seat: int, spec: str, lang: str, index: int = 0) -> str:
    return card_label(t.card(seat, spec, index), lang)


def started(s: Scenario, seat: int, phase: str) -> tuple[Table, int]:
    """The scenario started at ``seat``'s ``phase``, and the number of its first event there."""
    t = s.start(seat=seat, phase=phase)
    turn = next(i for i, e in enumerate(t.game.events) if e[0] == "turn")
    return t, turn + 1


# ---------------------------------------------------------------------------- 无双
def _lvbu_slash(*target_hand: str) -> tuple[Table, int]:
    s = Scenario(players=4, generals=["lvbu", "zhangfei", "machao", "huanggai"])
    s.seat(0).hand("slash S7")
    s.seat(1).hand(*target_hand)
    t, since = started(s, 0, "play")
    t.play(t.card(0, "slash S7"), 1)
    return t, since


def test_wushuang_says_the_second_jink_is_needed_and_that_it_did_not_come() -> None:
    t, since = _lvbu_slash("jink", "jink")
    t.answer(1, "respond", t.card(1, "jink"))
    t.answer(1, "respond", None)
    slash, jink = (label(t, 0, "slash S7", "en"), label(t, 1, "jink", "en"))
    assert told(t, since)[:5] == [
        f"P0 Lü Bu uses {slash} on P1 Zhang Fei",
        f"P1 Zhang Fei plays {jink}",
        "P0 Lü Bu's Peerless: P1 Zhang Fei must play a second Dodge",
        "P1 Zhang Fei does not play a second Dodge",
        "P0 Lü Bu deals 1 damage to P1 Zhang Fei with Slash (HP 3)",
    ]
    slash, jink = (label(t, 0, "slash S7", "zh"), label(t, 1, "jink", "zh"))
    assert told(t, since, "zh")[:5] == [
        f"0号位吕布对1号位张飞使用了{slash}",
        f"1号位张飞打出了{jink}",
        "0号位吕布的【无双】：1号位张飞须再打出一张【闪】",
        "1号位张飞没有打出第二张【闪】",
        "0号位吕布对1号位张飞造成1点伤害（【杀】，体力3）",
    ]


def test_wushuang_two_jinks_dodge() -> None:
    t, since = _lvbu_slash("jink", "jink")
    t.answer(1, "respond", t.card(1, "jink", 0))
    t.answer(1, "respond", t.card(1, "jink", 1))
    first, second = label(t, 1, "jink", "en", 0), label(t, 1, "jink", "en", 1)
    assert told(t, since)[1:5] == [
        f"P1 Zhang Fei plays {first}",
        "P0 Lü Bu's Peerless: P1 Zhang Fei must play a second Dodge",
        f"P1 Zhang Fei plays {second}",
        "P1 Zhang Fei dodges the Slash from P0 Lü Bu",
    ]
    assert told(t, since, "zh")[3:5] == [
        f"1号位张飞打出了{label(t, 1, 'jink', 'zh', 1)}",
        "1号位张飞闪避了0号位吕布的杀",
    ]


def test_wushuang_against_savage_assault_asks_one_more_card() -> None:
    s = Scenario(players=4, generals=["lvbu", "zhangfei", "machao", "huanggai"])
    s.seat(0).hand("savage_assault")
    s.seat(1).hand("slash S8", "peach")
    t, since = started(s, 0, "play")
    t.play(t.card(0, "savage_assault"))
    t.answer(1, "respond", t.card(1, "slash S8"))
    t.answer(1, "wushuang_discard", None)
    trick, slash = label(t, 0, "savage_assault", "en"), label(t, 1, "slash S8", "en")
    assert told(t, since)[:5] == [
        f"P0 Lü Bu uses {trick}",
        f"P1 Zhang Fei plays {slash}",
        "P0 Lü Bu invokes Peerless: P1 Zhang Fei must also discard a hand card, or take the "
        "damage",
        "P1 Zhang Fei does not discard another hand card",
        "P0 Lü Bu deals 1 damage to P1 Zhang Fei with Barbarian Invasion (HP 3)",
    ]
    assert told(t, since, "zh")[2:4] == [
        "0号位吕布发动了【无双】：1号位张飞须再弃置一张手牌，否则受到伤害",
        "1号位张飞没有再弃置一张手牌",
    ]


# ---------------------------------------------------------------------------- windows nobody answered
def test_jijiang_nobody_answers() -> None:
    s = Scenario(players=4, generals=["liubei", "simayi", "zhangfei", "zhouyu"])
    s.seat(2).hand("slash")
    t, since = started(s, 0, "play")
    t.skill("jijiang", (), (1,))
    t.answer(2, "respond", None)  # 张飞 could, and does not
    t.end_play()
    assert told(t, since)[:2] == ["P0 Liu Bei invokes Rouse on P1 Sima Yi",
                                  "no Shu general answers Rouse"]
    assert told(t, since, "zh")[:2] == ["0号位刘备发动了【激将】，目标1号位司马懿",
                                        "没有蜀势力角色响应【激将】"]


def test_hujia_nobody_answers() -> None:
    s = Scenario(players=4, generals=["caocao", "liubei", "simayi", "zhangfei"],
                 roles=["lord", "rebel", "loyalist", "renegade"])
    s.seat(1).hand("slash S7")
    s.seat(2).hand("jink")
    t, since = started(s, 1, "play")
    t.play(t.card(1, "slash S7"), 0)
    t.answer(0, "respond", ("hujia",))
    t.answer(2, "respond", None)
    slash = label(t, 1, "slash S7", "en")
    assert told(t, since) == [
        f"P1 Liu Bei uses {slash} on P0 Cao Cao",
        "P0 Cao Cao invokes Royal Escort",
        "no Wei general answers Royal Escort",
        "P1 Liu Bei deals 1 damage to P0 Cao Cao with Slash (HP 3)",
    ]
    assert told(t, since, "zh")[1:3] == ["0号位曹操发动了【护驾】", "没有魏势力角色响应【护驾】"]


def test_a_nullification_window_says_nobody_played_another() -> None:
    # Seat 1 nullifies 南蛮入侵 on itself; seat 2 could counter and does not, then nullifies it
    # on itself: the first window ends before the 无懈可击 of the second is told.
    s = Scenario(players=4, generals=["zhangfei", "machao", "xuchu", "huanggai"])
    s.seat(0).hand("savage_assault")
    s.seat(1).hand("nullification")
    s.seat(2).hand("nullification")
    t, since = started(s, 0, "play")
    t.play(t.card(0, "savage_assault"))
    t.answer(1, "respond", t.card(1, "nullification"))
    t.answer(2, "respond", None)  # no counter
    t.answer(2, "respond", t.card(2, "nullification"))
    trick = label(t, 0, "savage_assault", "en")
    first, second = label(t, 1, "nullification", "en"), label(t, 2, "nullification", "en")
    assert told(t, since)[:8] == [
        f"P0 Zhang Fei uses {trick}",
        f"P1 Ma Chao uses {first}",
        "Barbarian Invasion on P1 Ma Chao is nullified",
        "nobody plays another Nullification: Barbarian Invasion on P1 Ma Chao has no effect",
        f"P2 Xu Chu uses {second}",
        "Barbarian Invasion on P2 Xu Chu is nullified",
        "nobody plays another Nullification: Barbarian Invasion on P2 Xu Chu has no effect",
        "P0 Zhang Fei deals 1 damage to P3 Huang Gai with Barbarian Invasion (HP 3)",
    ]
    assert told(t, since, "zh")[3] == "无人再使用【无懈可击】，对1号位马超的【南蛮入侵】无效"


# ---------------------------------------------------------------------------- where a card came from
def _areas() -> tuple[Table, int]:
    """Seat 1 equips 赤兔 and 诸葛连弩; in seat 0's next turn, 乐不思蜀 goes to seat 1's
    judgement area."""
    s = Scenario(players=4, generals=["liubei", "guanyu", "simayi", "zhangfei"])
    s.seat(0).hand("indulgence", "dismantlement", "dismantlement", "snatch")
    s.seat(1).hand("chitu", "crossbow", "peach")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "chitu"))
    t.play(t.card(1, "crossbow"))
    t.end_play()
    t.until(0, "play")
    t.play(t.card(0, "indulgence"), 1)
    return t, len(t.game.events)


def test_dismantle_and_snatch_say_the_area() -> None:
    t, since = _areas()
    t.play(t.card(0, "dismantlement", 0), 1)
    assert t.pending is not None
    for lang, said in (("en", "Contentment ♠6 (in the judgement area)"),
                       ("zh", "乐不思蜀♠6（判定区）")):
        teller = SPEC.teller(seat=0, lang=lang)
        list(render_events(SPEC, t.game.events, teller=teller))
        assert label(t, 0, "indulgence", lang) == said.split(" (")[0].split("（")[0]
        assert teller.describe("dismantle", t.card(0, "indulgence")) == said
        assert teller.describe("dismantle", t.card(1, "chitu")).endswith(
            " (equipped)" if lang == "en" else "（装备区）")
    t.answer(0, "dismantle", t.card(0, "indulgence"))
    t.play(t.card(0, "dismantlement", 1), 1)
    t.answer(0, "dismantle", t.card(1, "chitu"))
    t.play(t.card(0, "snatch"), 1)
    t.answer(0, "snatch", t.card(1, "crossbow"))
    ind, chitu, bow = (label(t, s, c, "en") for s, c in
                       ((0, "indulgence"), (1, "chitu"), (1, "crossbow")))
    lines = told(t, since)
    assert f"{ind} is discarded from P1 Guan Yu's judgement area (Dismantle)" in lines
    assert f"{chitu} is discarded from P1 Guan Yu's equipment area (Dismantle)" in lines
    assert f"P0 Liu Bei takes {bow} from P1 Guan Yu's equipment area" in lines
    zh = told(t, since, "zh")
    ind, chitu, bow = (label(t, s, c, "zh") for s, c in
                       ((0, "indulgence"), (1, "chitu"), (1, "crossbow")))
    assert f"1号位关羽判定区的{ind}被弃置（过河拆桥）" in zh
    assert f"1号位关羽装备区的{chitu}被弃置（过河拆桥）" in zh
    assert f"0号位刘备获得了1号位关羽装备区的{bow}" in zh


def test_a_dismantled_hand_card_says_it_was_in_hand() -> None:
    t, since = _areas()
    t.play(t.card(0, "dismantlement", 0), 1)
    t.answer(0, "dismantle", "hand")  # the peach is the only hand card left
    peach = label(t, 1, "peach", "en")
    assert told(t, since)[-1] == f"{peach} is discarded from P1 Guan Yu's hand (Dismantle)"
    assert told(t, since, "zh")[-1] == f"1号位关羽的手牌{label(t, 1, 'peach', 'zh')}被弃置（过河拆桥）"


# ---------------------------------------------------------------------------- judgements
FILL: list[str | None] = ["liubei", "zhangfei", "machao", "huanggai"]


def _judged(generals: list[str | None], judged: str, top: str) -> tuple[Table, int]:
    s = Scenario(players=4, generals=generals)
    s.seat(1).judge(judged)
    s.top(top)
    return started(s, 1, "judge")


@pytest.mark.parametrize(("judged", "top", "en", "zh"), [
    ("indulgence S6", "peach H3", "the judgement is ♥: Contentment has no effect",
     "判定结果为♥：【乐不思蜀】无效"),
    ("indulgence S6", "slash S7", "the judgement is not ♥: P1 Zhang Fei skips the play phase",
     "判定结果不为♥：1号位张飞跳过出牌阶段"),
    ("lightning SA", "slash S7", "the judgement is within ♠2-♠9: Lightning strikes P1 Zhang Fei",
     "判定结果在♠2-♠9之间：【闪电】击中1号位张飞"),
    ("lightning SA", "peach H3", "the judgement is not within ♠2-♠9: Lightning does not strike",
     "判定结果不在♠2-♠9之间：【闪电】未击中"),
])
def test_delayed_tricks_say_what_the_judgement_means(judged: str, top: str, en: str,
                                                     zh: str) -> None:
    t, since = _judged(FILL, judged, top)
    trick, card = label(t, 1, judged, "en"), card_label(t.card(-1, top), "en")
    name = trick.split(" ")[0]
    assert told(t, since)[:3] == [f"P1 Zhang Fei's {trick} is judged",
                                  f"P1 Zhang Fei judges for {name}: {card}", en]
    assert told(t, since, "zh")[2] == zh


def test_lightning_that_misses_moves_on() -> None:
    t, since = _judged(FILL, "lightning SA", "peach H3")
    assert told(t, since)[3] == "Lightning ♠A moves from P1 Zhang Fei to P2 Ma Chao"


def test_guicai_changes_the_judgement_and_its_meaning() -> None:
    s = Scenario(players=4, generals=["liubei", "zhangfei", "simayi", "huanggai"])
    s.seat(1).judge("indulgence S6")
    s.seat(2).hand("peach H3")
    s.top("slash S7")
    t, since = started(s, 1, "judge")
    t.answer(2, "invoke", True)
    spade, heart = card_label(t.card(-1, "slash S7"), "en"), label(t, 2, "peach H3", "en")
    assert told(t, since)[1:6] == [
        f"P1 Zhang Fei judges for Contentment: {spade}",
        "P2 Sima Yi invokes Demonic Talent",
        f"P2 Sima Yi replaces P1 Zhang Fei's judgement card {spade} with {heart}",
        f"P1 Zhang Fei's judgement for Contentment becomes {heart}",
        "the judgement is ♥: Contentment has no effect",
    ]
    assert told(t, since, "zh")[4:6] == [
        f"1号位张飞的乐不思蜀判定牌变为{label(t, 2, 'peach H3', 'zh')}",
        "判定结果为♥：【乐不思蜀】无效",
    ]


@pytest.mark.parametrize(("top", "en", "zh"), [
    ("peach H3", "the judgement is red: it counts as a Dodge", "判定结果为红色：视为打出了【闪】"),
    ("slash S7", "the judgement is black: Eight Trigrams gives no Dodge",
     "判定结果为黑色：【八卦阵】未生效"),
])
def test_eight_diagram_says_whether_it_counts_as_a_jink(top: str, en: str, zh: str) -> None:
    s = Scenario(players=4, generals=FILL)
    s.seat(0).hand("slash S8")
    s.seat(1).equip("eight_diagram")
    s.top(top)
    t, since = started(s, 0, "play")
    t.play(t.card(0, "slash S8"), 1)
    t.answer(1, "respond", ("eight_diagram",))
    card = card_label(t.card(-1, top), "en")
    assert told(t, since)[1:4] == ["P1 Zhang Fei invokes Eight Trigrams",
                                   f"P1 Zhang Fei judges for Eight Trigrams: {card}", en]
    assert told(t, since, "zh")[3] == zh


@pytest.mark.parametrize(("top", "en", "zh"), [
    ("slash S7", "the judgement is black: P0 Liu Bei must lose 1 HP or discard two hand cards",
     "判定结果为黑色：0号位刘备须失去1点体力或弃置两张手牌"),
    ("peach H3", "the judgement is red: Eye for an Eye has no effect",
     "判定结果为红色：【刚烈】无效"),
])
def test_ganglie_says_what_the_source_must_do(top: str, en: str, zh: str) -> None:
    s = Scenario(players=4, generals=["liubei", "xiahoudun", "machao", "huanggai"])
    s.seat(0).hand("slash S8")
    s.top(top)
    t, since = started(s, 0, "play")
    t.play(t.card(0, "slash S8"), 1)
    lines = told(t, since)
    card = card_label(t.card(-1, top), "en")
    at = lines.index(f"P0 Liu Bei judges for Eye for an Eye: {card}")
    assert lines[at + 1] == en
    assert zh in told(t, since, "zh")


def test_luoshen_says_it_goes_on_then_stops() -> None:
    s = Scenario(players=4, generals=["liubei", "zhenji", "machao", "huanggai"])
    s.top("slash C2", "peach H3")
    t, since = started(s, 1, "judge")
    t.answer(1, "invoke", True)
    club, heart = (card_label(t.card(-1, c), "en") for c in ("slash C2", "peach H3"))
    assert told(t, since)[:6] == [
        "P1 Zhen Ji invokes Goddess of the Luo",
        f"P1 Zhen Ji judges for Goddess of the Luo: {club}",
        "the judgement is black: Goddess of the Luo succeeds and P1 Zhen Ji judges again",
        f"P1 Zhen Ji gains {club}",
        f"P1 Zhen Ji judges for Goddess of the Luo: {heart}",
        "the judgement is red: Goddess of the Luo fails and ends",
    ]
    zh = told(t, since, "zh")
    assert zh[2] == "判定结果为黑色：【洛神】成功，1号位甄姬继续判定"
    assert zh[5] == "判定结果为红色：【洛神】失败，结束"


# ---------------------------------------------------------------------------- skills that did nothing
def test_qinggang_sword_is_told_only_against_armor() -> None:
    s = Scenario(players=4, generals=["zhangfei", "machao", "huanggai", "liubei"],
                 roles=["loyalist", "rebel", "lord", "renegade"])
    s.seat(0).hand("slash S7", "slash S8").equip("qinggang_sword")
    s.seat(3).hand("eight_diagram")
    t = s.start(seat=3, phase="play")
    t.play(t.card(3, "eight_diagram"))  # the account knows what was seen equipped
    t.end_play()
    t.until(0, "play")
    since = len(t.game.events)
    t.play(t.card(0, "slash S7"), 3)  # 刘备 wears 八卦阵, which 青釭剑 leaves out
    t.play(t.card(0, "slash S8"), 1)  # 马超 has no armor (张飞's 咆哮: no limit)
    lines = told(t, since)
    armor = label(t, 3, "eight_diagram", "en")
    assert lines[1] == f"P0 Zhang Fei invokes Qinggang Sword: P3 Liu Bei's {armor} has no effect"
    assert sum("Qinggang" in x for x in lines) == 1
    assert told(t, since, "zh")[1] == ("0号位张飞发动了【青釭剑】，3号位刘备的"
                                       f"{label(t, 3, 'eight_diagram', 'zh')}无效")


def test_blade_with_no_second_slash_is_not_told() -> None:
    s = Scenario(players=4, generals=FILL)
    s.seat(0).hand("slash S7").equip("blade")
    s.seat(1).hand("jink")
    t, since = started(s, 0, "play")
    t.play(t.card(0, "slash S7"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    lines = told(t, since)
    assert lines[-1] == "P1 Zhang Fei dodges the Slash from P0 Liu Bei"
    assert not any("Green Dragon" in x for x in lines)
    assert not any("青龙偃月刀" in x for x in told(t, since, "zh"))


def test_blade_with_a_second_slash_is_told_by_its_use() -> None:
    s = Scenario(players=4, generals=FILL)
    s.seat(0).hand("slash S7", "slash S8").equip("blade")
    s.seat(1).hand("jink")
    t, since = started(s, 0, "play")
    t.play(t.card(0, "slash S7"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    t.answer(0, "respond", t.card(0, "slash S8"))
    second = label(t, 0, "slash S8", "en")
    assert told(t, since)[3:5] == [
        f"P0 Liu Bei uses Slash [Green Dragon Crescent Blade: {second}] on P1 Zhang Fei",
        "P0 Liu Bei deals 1 damage to P1 Zhang Fei with Slash (HP 3)",
    ]


def test_zhiheng_that_changes_nothing_says_so() -> None:
    s = Scenario(players=4, generals=["sunquan", "zhangfei", "machao", "huanggai"])
    s.seat(0).hand("slash", "jink", "peach", "peach", "jink").hp(3)
    t, since = started(s, 0, "discard")
    t.answer(0, "invoke", True)
    t.answer(0, "zhiheng", ())
    # said when the next thing happens: here, the discards of the hand limit
    hand = tuple(sorted(t.hand(0)[:2]))
    t.answer(0, "discard_phase", hand)
    discarded = ", ".join(card_label(c, "en") for c in hand)
    assert told(t, since)[:3] == ["P0 Sun Quan invokes Balance of Power",
                                  "P0 Sun Quan discards no card and draws none",
                                  f"P0 Sun Quan discards {discarded}"]
    assert told(t, since, "zh")[1] == "0号位孙权没有弃牌，也没有摸牌"


# ---------------------------------------------------------------------------- where cards went
def _yiji(choice: tuple[int, int]) -> tuple[Table, int]:
    """郭嘉 (seat 1) is hit by a 杀 and draws 杀♣5 and 闪♦2 with 遗计, then gives them by ``choice``."""
    s = Scenario(players=4, generals=["zhangfei", "guojia", "machao", "huanggai"])
    s.seat(0).hand("slash S7", "ex_nihilo")  # 无中生有 keeps seat 0's play phase open
    s.top("slash C5", "jink D2")
    t, since = started(s, 0, "play")
    t.play(t.card(0, "slash S7"), 1)
    t.answer(1, "invoke", True)
    t.answer(1, "yiji", choice)
    return t, since


def test_yiji_tells_the_cards_he_keeps() -> None:
    # 遗计 (docs/rules.md "郭嘉 guojia"): he "says who gets each ... his own seat keeps a card".
    t, since = _yiji((1, 1))
    assert t.events("yiji_keep")[-1][1:3] == (1, 2)  # an event of the decision that kept them
    slash, jink = label(t, -1, "slash C5", "en"), label(t, -1, "jink D2", "en")
    assert told(t, since)[-1] == f"P1 Guo Jia keeps {slash}, {jink} (Bequeathed Strategy)"
    assert told(t, since, seat=2)[-1] == "P1 Guo Jia keeps 2 cards (Bequeathed Strategy)"
    slash, jink = label(t, -1, "slash C5", "zh"), label(t, -1, "jink D2", "zh")
    assert told(t, since, "zh")[-1] == f"1号位郭嘉自己留下了{slash}、{jink}（遗计）"
    assert told(t, since, "zh", seat=3)[-1] == "1号位郭嘉自己留下了2张牌（遗计）"


def test_yiji_tells_what_he_gives_and_what_he_keeps() -> None:
    t, since = _yiji((3, 1))
    slash, jink = label(t, -1, "slash C5", "en"), label(t, -1, "jink D2", "en")
    assert told(t, since)[-2:] == [f"P1 Guo Jia gives P3 Huang Gai {slash} (Bequeathed Strategy)",
                                   f"P1 Guo Jia keeps {jink} (Bequeathed Strategy)"]
    assert told(t, since, seat=2)[-2:] == [
        "P1 Guo Jia gives P3 Huang Gai 1 card (Bequeathed Strategy)",
        "P1 Guo Jia keeps 1 card (Bequeathed Strategy)"]
    assert told(t, since, "zh", seat=2)[-2:] == ["1号位郭嘉将1张牌交给3号位黄盖（遗计）",
                                                 "1号位郭嘉自己留下了1张牌（遗计）"]


def test_yiji_a_replay_without_the_keep_event_is_told_all_the_same() -> None:
    # A replay recorded before `yiji_keep` was logged: the teller works out what he kept from
    # what he drew and gave, and says it when the next thing happens.
    t, since = _yiji((1, 1))
    t.end_play()
    events = [e for e in t.game.events if e[0] != "yiji_keep"]
    teller = SPEC.teller(seat=None, lang="en")
    list(render_events(SPEC, events[:since], teller=teller))
    lines = [x.strip() for x in render_events(SPEC, events[since:], teller=teller)]
    slash, jink = label(t, -1, "slash C5", "en"), label(t, -1, "jink D2", "en")
    assert f"P1 Guo Jia keeps {slash}, {jink} (Bequeathed Strategy)" in lines


def test_lijian_damage_is_told_as_the_duels() -> None:
    # 离间 (docs/rules.md "貂蝉 diaochan"): the effect of 决斗: the loser's damage is the duel's,
    # with no card.
    s = Scenario(players=4, generals=["diaochan", "zhangfei", "machao", "huanggai"])
    s.seat(0).hand("jink")
    t, since = started(s, 0, "play")
    t.skill("lijian", (t.card(0, "jink"),), (1, 2))
    assert "P2 Ma Chao deals 1 damage to P1 Zhang Fei with Duel [Sow Discord] (HP 3)" in \
        told(t, since)
    assert "2号位马超对1号位张飞造成1点伤害（离间的【决斗】，体力3）" in told(t, since, "zh")


@pytest.mark.parametrize(("choice", "en", "zh"), [
    ("keep", "P0 Zhuge Liang puts {a}, {b}, {c} back on top of the draw pile as they were",
     "0号位诸葛亮将{a}、{b}、{c}按原顺序放回牌堆顶"),
    ("top", "P0 Zhuge Liang puts {b}, {a}, {c} back on top of the draw pile",
     "0号位诸葛亮将{b}、{a}、{c}置于牌堆顶"),
    ("bottom", "P0 Zhuge Liang puts {a}, {b}, {c} at the bottom of the draw pile",
     "0号位诸葛亮将{a}、{b}、{c}置于牌堆底"),
    ("both", "P0 Zhuge Liang puts {a} back on top of the draw pile and {b}, {c} at the bottom",
     "0号位诸葛亮将{a}置于牌堆顶，{b}、{c}置于牌堆底"),
])
def test_guanxing_says_where_the_cards_go_and_never_puts_nothing(choice: str, en: str,
                                                                  zh: str) -> None:
    s = Scenario(players=4, generals=["zhugeliang", "zhangfei", "machao", "huanggai"])
    s.top("slash S7", "jink D2", "peach H3")
    t, since = started(s, 0, "draw")
    a, b, c = (t.card(-1, x) for x in ("slash S7", "jink D2", "peach H3"))
    t.answer(0, "guanxing", {"keep": ((a, b, c), ()), "top": ((b, a, c), ()),
                             "bottom": ((), (a, b, c)), "both": ((a,), (b, c))}[choice])
    for lang, want in (("en", en), ("zh", zh)):
        names = {k: card_label(v, lang) for k, v in (("a", a), ("b", b), ("c", c))}
        assert want.format(**names) in told(t, since, lang)
    public = told(t, since, seat=1)
    assert not any("nothing" in x or " 0 cards" in x for x in public)
    assert {"keep": "P0 Zhuge Liang puts 3 cards back on top of the draw pile",
            "top": "P0 Zhuge Liang puts 3 cards back on top of the draw pile",
            "bottom": "P0 Zhuge Liang puts 3 cards at the bottom of the draw pile",
            "both": "P0 Zhuge Liang puts 1 card back on top of the draw pile and 2 cards at the "
                    "bottom"}[choice] in public
    assert "0号位诸葛亮将3张牌置于牌堆底" in told(t, since, "zh", seat=1) or choice != "bottom"


def test_a_card_the_monkey_discards_is_told_as_taken_from_the_victim() -> None:
    # 002 猴子偷桃: "从任意距离的玩家的手牌（暗偷）或者装备牌（明偷）中偷走一张，放入弃牌堆": the user takes it,
    # as 过河拆桥 does (test_dismantle_and_snatch_say_the_area), not a discard of the victim's.
    s = Scenario(players=4, packs=("1.0",))
    s.seat(2).hand("plus_horse", "slash")
    s.seat(0).hand("monkey_steals_peach", "monkey_steals_peach")
    t, since = started(s, 2, "play")
    horse = t.card(2, "plus_horse")
    t.play(horse)  # equipped in sight of everyone
    t.until(0, "play")
    t.play(t.card(0, "monkey_steals_peach", 0), 2)
    t.answer(0, "monkey_steals_peach", horse)
    t.play(t.card(0, "monkey_steals_peach", 1), 2)  # a hand card, the only choice left
    h, sl = card_label(horse, "en"), label(t, 2, "slash", "en")
    lines = told(t, since)
    assert f"{h} is discarded from P2's equipment area (Monkey Steals the Peach)" in lines
    assert f"{sl} is discarded from P2's hand (Monkey Steals the Peach)" in lines
    assert not any(x.startswith("P2 discards") for x in lines)
    zh = told(t, since, "zh")
    assert f"2号位装备区的{card_label(horse, 'zh')}被弃置（猴子偷桃）" in zh
    assert f"2号位的手牌{label(t, 2, 'slash', 'zh')}被弃置（猴子偷桃）" in zh


def test_an_empty_play_phase_is_told() -> None:
    # The decision that ends a play phase in which nothing was done has a line of its own, so
    # the account's decision numbers do not jump over it.
    s = Scenario(players=4, generals=["zhangfei", "guojia", "machao", "huanggai"])
    s.seat(0).hand("jink", "peach")  # nothing to use at full HP
    t, since = started(s, 0, "play")
    t.end_play()
    for lang, heading, line, after in (
            ("en", "play phase", "P0 Zhang Fei uses no card and no skill", "discard phase"),
            ("zh", "出牌阶段", "0号位张飞未使用任何牌或技能", "弃牌阶段")):
        teller = SPEC.teller(seat=None, lang=lang)
        list(render_events(SPEC, t.game.events[:since], teller=teller))
        lines = [x.strip() for x in render_events(SPEC, t.game.events[since:], teller=teller)]
        i = lines.index(line)
        assert lines[i - 1] == heading and lines[i + 1] == after


def test_the_phase_after_the_play_phase_is_told_with_the_decision_that_ended_it() -> None:
    s = Scenario(players=4, generals=["zhangfei", "guojia", "machao", "huanggai"])
    s.seat(0).hand("ex_nihilo", "peach", "jink", "jink", "jink", "jink").hp(3)  # 桃: a choice
    t, since = started(s, 0, "play")
    t.play(t.card(0, "ex_nihilo"))
    before = len(t.game.events)
    t.end_play()  # the discard phase begins: its heading is this decision's first line
    teller = SPEC.teller(seat=None, lang="en")
    list(render_events(SPEC, t.game.events[:before], teller=teller))
    first = next(render_events(SPEC, t.game.events[before:], teller=teller))
    assert first.strip() == "discard phase"


def test_the_cards_amazing_grace_leaves_go_to_the_discard_pile() -> None:
    # 003 五谷丰登 (docs/rules.md "Cards"): a player whose pick is nullified skips it; leftovers are
    # discarded. Seat 1's pick is nullified: one card is left, told after the last pick.
    s = Scenario(players=4, generals=["zhangfei", "guojia", "machao", "huanggai"])
    s.seat(0).hand("amazing_grace", "nullification")
    s.top("slash S7", "jink D2", "peach H3", "duel")
    t, since = started(s, 0, "play")
    t.play(t.card(0, "amazing_grace"))
    a, b, c, d = (t.card(-1, x) for x in ("slash S7", "jink D2", "peach H3", "duel"))
    t.answer(0, "respond", None)  # no 无懈可击 on his own pick
    t.answer(0, "amazing_grace", a)
    t.answer(0, "respond", t.card(0, "nullification"))  # seat 1 picks nothing
    t.answer(2, "amazing_grace", b)
    t.answer(3, "amazing_grace", c)
    for lang, want in (("en", "{d} goes to the discard pile (Bountiful Harvest)"),
                       ("zh", "{d}进入弃牌堆（五谷丰登）")):
        lines = told(t, since, lang)
        assert lines[-1] == want.format(d=card_label(d, lang)), lines[-3:]
    assert d in t.game.discard_pile
    assert told(t, since, seat=2)[-1] == told(t, since)[-1]  # public cards: the same for all


# ---------------------------------------------------------------------------- names and languages
# A Chinese account holds no English: the only Latin letters allowed are a card's rank printed
# after its suit (杀♠J, 闪电♠A). An English account holds no Chinese character.
_RANK = re.compile(r"[♠♥♣♦](?:10|[2-9AJQK])")
_LATIN = re.compile(r"[A-Za-z]")
_HAN = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")


ASKED: dict[str, dict[str, set[tuple[Any, ...]]]] = {}  # game id -> kind -> prompts met


def _played(spec: AnyGame, game: Any, agents: Sequence[Any]) -> tuple[AnyGame, Any]:
    """``game`` played to its end by ``agents``, noting every prompt asked."""
    asked = ASKED.setdefault(spec.id, {})
    while not game.over:
        req = game.pending
        assert req is not None
        asked.setdefault(req.kind, set()).add(tuple(req.prompt))
        game.submit(agents[req.seat].choose(req))
    return spec, game


def _games() -> list[tuple[AnyGame, Any]]:
    """Seeded games of both games: identity mode at 4-9 seats (random generals and drafts from
    the first edition's generals, the EX cards in some), the dice game at 3-8."""
    assert DICE is not None
    out = []
    for seed in range(6):
        n = 4 + seed
        options: dict[str, Any] = {"packs": ("standard", "ex")} if seed % 2 else {}
        g = new_game(Config(players=n, generals="draft" if seed % 3 else "random",
                            pool="standard", **options), seed)
        out.append(_played(SPEC, g, [RandomAgent(seed, s) for s in range(n)]))
    for seed in range(6):
        d = DICE.new_game(DICE.config_from_options({"players": 3 + seed}), seed)
        out.append(_played(DICE, d, DICE.make_agents(d, seed, ["random"])))
    return out


GAMES = _games()
IDS = [f"{spec.id.split('/')[-1]}-{g.seats}p" for spec, g in GAMES]


@pytest.mark.parametrize(("spec", "game"), GAMES, ids=IDS)
def test_an_account_speaks_one_language(spec: AnyGame, game: Any) -> None:
    for seat in (None, 0):
        zh = list(render_account(spec, game.events, game.summary(), seat=seat, lang="zh"))
        english = [x for x in zh if _LATIN.search(_RANK.sub("", x))]
        assert not english, english[:5]
        en = list(render_account(spec, game.events, game.summary(), seat=seat, lang="en"))
        chinese = [x for x in en if _HAN.search(x)]
        assert not chinese, chinese[:5]


def test_english_names_are_the_declared_ones() -> None:
    s = Scenario(players=4, generals=["lvbu", "zhangfei", "machao", "huanggai"])
    s.seat(0).hand("savage_assault")
    t, since = started(s, 0, "play")
    t.play(t.card(0, "savage_assault"))
    text = "\n".join(told(t, since))
    assert "Barbarian Invasion" in text and "savage_assault" not in text
    assert "P0 Lü Bu" in text and "lvbu" not in text


# ---------------------------------------------------------------------------- questions in words
# A question as a Python value would show: a tuple or list ("('", "(3,", "[", "()"), a quoted
# string next to a comma, None/True/False, or a code id with an underscore (savage_assault).
_REPR = re.compile(r"\(\d+,|\(['\"(]|\(\)|\[|\]|['\"]\)|', |\", |\bNone\b|\bTrue\b|\bFalse\b|"
                   r"\b[a-z]+_[a-z_]+\b")

# Every request kind the games register is asked in words: with the prompts a table set up for
# each kind of identity mode asks (tests/situations.py), those the random games above met, and
# these, in the shapes the rules ask (docs/api.md): the respond kind in more contexts, the other
# dark souls, the dice game's kinds.
PROMPTS: dict[str, list[tuple[Any, ...]]] = {
    "play": [()],
    "respond": [("jink", 2), ("slash", "archery_attack", 2), ("jink", "archery_attack", 2),
                ("slash", "duel", 2), ("slash", "savage_assault", 2), ("peach", 2),
                ("nullification", "dismantlement", 2, "nullification"),
                ("nullification", "indulgence", 2, "counter"), ("jink", "hujia", 0),
                ("slash", "jijiang", 0), ("slash", "jijiang", 0, (2,)), ("slash", "blade", 2)],
    "invoke": [("jianxiong", "damaged"), ("jijiu", "damage_before", 2, 2), ("luoshen", "phase_end")],
    "order_skills": [("damaged",)],
    "discard_phase": [(2,)],
    "dismantle": [(2,)], "snatch": [(2,)], "amazing_grace": [()], "choose_weapon": [(70,)],
    "feast": [()], "monkey_steals_peach": [(2,)],  # the 1.0 deck
    "double_swords": [(2,)], "double_swords_discard": [()], "axe_discard": [()],
    "kylin_bow": [(2,)], "ice_sword": [(2,)],
    "liuli": [(2,)], "yiji": [((3, 4),)], "jijiu": [(2, 2), (2, 2, True)],
    "wushuang_discard": [(0, "savage_assault")], "guicai": [(2, "indulgence", 5)],
    "zhiheng": [()], "ganglie": [(2,)], "tuxi": [()], "guanxing": [((3, 4, 5),)],
    "draft": [("lord",), ()],
    "soul_host": [("luohan",), ("xuanwu",), ("zhuyou",)],
    "soul": [("luohan", 0, 2), ("xuanwu", 0, "dying"), ("xuanwu", 0, "play"), ("zhuyou", 0, 3)],
    "luohan_discard": [(2,)],
    "first_pick": [()], "first_action": [()], "draft_take": [(1,), (2,)],  # 3v3
    "assign_generals": [()], "camp_action": [("cold",), ("warm",)],
    "trick_order": [("savage_assault",), ("amazing_grace",)],
}
DICE_PROMPTS: dict[str, list[tuple[Any, ...]]] = {
    "reroll": [(("arrow", "beer", "slash1", "slash2", "gatling"), 2)],
    "slash_target": [(1, "slash2")], "beer_target": [(3,)], "skill_target": [("qingnang",)],
    "skill_amount": [("buqu", 2)], "skill_invoke": [("yiji",)], "skill_seats": [("jizhi", 2)],
    "skill_shot": [("jiuchi",)],
}


@pytest.mark.parametrize(("spec", "prompts"), [(SPEC, PROMPTS), (DICE, DICE_PROMPTS)],
                         ids=["identity", "dice"])
def test_every_question_is_in_words(spec: AnyGame, prompts: dict[str, list[tuple[Any, ...]]]
                                    ) -> None:
    every: dict[str, set[tuple[Any, ...]]] = {kind: set() for kind in spec.requests.names()}
    assert set(prompts) <= set(every), "a sample of a kind the game does not have"
    for kind, listed in prompts.items():
        every[kind] |= set(listed)
    for kind, seen in ASKED[spec.id].items():
        every[kind] |= seen
    if spec is SPEC:
        for kind, _name, game in situations():
            every[kind].add(tuple(asking(game, kind).prompt))
    unasked = sorted(kind for kind, asked in every.items() if not asked)
    assert not unasked, f"no prompt of {unasked} to put in words: add a situation that asks it"
    for kind, asked in every.items():
        for prompt in asked:
            for lang in ("en", "zh"):
                teller = spec.teller(seat=None, lang=lang)
                question = teller.ask(kind, 1, prompt)
                assert not _REPR.search(question), (kind, prompt, question)
                if lang == "zh":
                    assert not _LATIN.search(_RANK.sub("", question)), (kind, prompt, question)
                else:
                    assert not _HAN.search(question), (kind, prompt, question)


# ---------------------------------------------------------------------------- nothing leaks
# The lines the teller adds from its memory are made of public events only: every viewer, the
# omniscient one included, reads the same ones.
_NEW = re.compile(r"nobody plays another|answers (Rouse|Royal Escort)|must play a second|"
                  r"does not play a second|does not discard another|the judgement is|"
                  r"is discarded from|equipment area|judgement area|has no effect|discards no card")


@pytest.mark.parametrize(("spec", "game"), GAMES[:6], ids=IDS[:6])
def test_the_new_lines_are_the_same_for_every_viewer(spec: AnyGame, game: Any) -> None:
    def new_lines(seat: int | None) -> list[str]:
        return [x.strip() for x in render_events(spec, game.events, seat=seat) if _NEW.search(x)]

    every = new_lines(None)
    assert every  # every one of these games has some
    assert all(new_lines(seat) == every for seat in range(game.seats))


# ---------------------------------------------------------------------------- memory and meaning agree with the rules
def _random_identity(seed: int) -> Iterator[Any]:
    """A random game of identity mode, yielded after every decision."""
    n = 4 + seed % 7
    g = new_game(Config(players=n, generals="draft" if seed % 2 else "random", pool="standard",
                        packs=("standard", "ex") if seed % 3 == 0 else ("standard",)), seed)
    bots = [RandomAgent(seed, s) for s in range(n)]
    while not g.over:
        req = g.pending
        assert req is not None
        yield g
        g.submit(bots[req.seat].choose(req))
    yield g


def test_the_teller_knows_every_equipment_and_judgement_area() -> None:
    # After every decision of 40 random games, the cards the teller saw go into equipment and
    # judgement areas are exactly those there (a 闪电 being judged, and a weapon 借刀杀人 is
    # taking while its user chooses which to keep, are between areas).
    for seed in range(40):
        teller = SPEC.teller(seat=None, lang="en")
        told = 0
        for g in _random_identity(seed):
            for kind, args, _mask, hidden in g.events[told:]:
                teller.lines(kind, tuple(args), hidden)
            told = len(g.events)
            if g.pending is not None and g.pending.kind == "choose_weapon":
                continue
            for p in g.players:
                for area, there in (("equip", {c for c in p.equip if c >= 0}),
                                    ("judge", {c for c, _ in p.judge})):
                    seen = {c for c, w in teller.memory.zone.items()
                            if w == (area, p.seat) and c not in g.processing}
                    assert seen == there, (seed, g.turn_no, p.seat, area)


def _outcome(events: Sequence[Any], seat: int, reason: str) -> bool | None:
    """What the rules did after ``seat``'s judgement for ``reason`` (from the events that follow
    it): True when it took effect on that seat, False when that seat's game went on without it,
    None when the events do not say. Another seat's events decide nothing, but the next turn
    does."""
    for kind, args, _mask, _hidden in events:
        if kind == "turn":
            return False if reason in ("lightning", "ganglie") else None
        mine = bool(args) and args[1 if kind == "damage" else 0] == seat
        if not mine:
            continue
        if reason == "indulgence" and kind in ("phase", "phase_skipped") and args[1] == "play":
            return bool(kind == "phase_skipped")
        if reason == "lightning" and kind in ("damage", "move_delayed", "delayed_judge"):
            return bool(kind == "damage" and args[4] == "lightning")
        if reason == "eight_diagram" and kind in ("play", "judge", "damage", "dodged"):
            return bool(kind == "play" and args[3] == "eight_diagram")
        if reason == "ganglie" and kind in ("lose_hp", "discard", "judge", "use", "play",
                                            "phase", "damage"):
            return bool(kind == "lose_hp" or (kind == "discard" and args[2] == "ganglie"))
        if reason == "luoshen" and kind in ("judge", "phase"):
            return bool(kind == "judge")
    return None


def test_the_oracle_reads_the_judged_seats_events_only() -> None:
    # Seat 1's 乐不思蜀: seat 2's play phase says nothing of it (a 闪电 before it may have killed
    # seat 1); seat 1's skipped play phase does. Seat 0's 刚烈 judgement: seat 3 losing HP is not
    # its effect.
    def ev(*events: tuple[str, tuple[Any, ...]]) -> list[tuple[str, tuple[Any, ...], int, None]]:
        return [(kind, args, -1, None) for kind, args in events]

    assert _outcome(ev(("phase", (2, "play")), ("turn", (9, 3, 3))), 1, "indulgence") is None
    assert _outcome(ev(("phase", (2, "play")), ("phase_skipped", (1, "play"))), 1,
                    "indulgence") is True
    assert _outcome(ev(("lose_hp", (3, 1, 2)), ("phase", (0, "play"))), 0, "ganglie") is False
    assert _outcome(ev(("lose_hp", (0, 1, 2)),), 0, "ganglie") is True
    assert _outcome(ev(("judge", (2, "eight_diagram", 5)), ("play", (1, "jink", (), "eight_diagram"))),
                    1, "eight_diagram") is True


def test_what_a_judgement_is_said_to_mean_is_what_the_rules_did() -> None:
    checked = 0
    for seed in range(60):
        *_, g = _random_identity(seed)
        teller = SPEC.teller(seat=None, lang="en")
        events = g.events
        for i, (kind, args, _mask, hidden) in enumerate(events):
            teller.lines(kind, tuple(args), hidden)
            if kind != "judge_result":
                continue
            seat, reason, card = args
            meaning = judgement_meaning(teller, seat, reason, card)
            did = _outcome(events[i + 1:], seat, reason)
            if not meaning or did is None:
                continue
            says = not any(w in meaning for w in ("no effect", "does not strike", "gives no",
                                                  "fails"))
            assert says == did, (seed, i, reason, meaning)
            checked += 1
    assert checked > 100
