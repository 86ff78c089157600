"""The label 锁定技 (compulsory) of every skill, against the wording of its text (docs/rules.md,
"Compulsory skills"): the table there names each skill, its label and the words that decide it,
and says how the engine plays it. The table rules on the first edition's skills (its 25
generals', its decks' cards') and the rules' own; a skill that content added later brings is
labelled by its own text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sgscore.sanguosha import CARD_TYPES, GENERALS, PACKS, SKILLS, SPEC
from sgscore.sanguosha.config import POOLS
from sgscore.testing import Scenario

DOC = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
ROW = re.compile(r'^\| (?P<name>[^|]+) \| `(?P<id>\w+)` \| (?P<label>may|compulsory) \| '
                 r'"(?P<words>[^"]+)" \| (?P<engine>[^|]+) \|$', re.M)


def _table() -> dict[str, tuple[str, str]]:
    body = DOC.split("### Compulsory skills (锁定技)", 1)[1].split("\nReadings", 1)[0]
    rows = {m["id"]: (m["label"], m["words"]) for m in ROW.finditer(body)}
    assert len(rows) == body.count("\n| ") - 2, "a row of the table does not parse"
    return rows


def _ruled() -> set[str]:
    """The skills sgs info lists that the table rules on: the first edition's generals' (the
    frozen pool ``standard``), those of the cards of its decks and the rules' own (no general's
    or card's: 转世's offering, the dark souls)."""
    generals = {sid for gid in POOLS["standard"] for sid in GENERALS[gid].skills}
    cards = {t.skill.id for p in ("standard", "ex", "1.0") for c in PACKS[p].cards
             if (t := CARD_TYPES[c.name]).skill is not None}
    return {s["id"] for s in SPEC.catalogue()["skills"]
            if s["id"] in generals | cards or not (s["generals"] or s["cards"])}


def test_the_table_lists_every_skill_sgs_info_lists() -> None:
    table = _table()
    assert set(table) == _ruled()
    for entry in SPEC.catalogue()["skills"]:  # a skill of content added later: by its text
        if entry["id"] not in table:
            text = SKILLS[entry["id"]].text_zh
            assert entry["compulsory"] == ("锁定技" in text or "可" not in text), entry["id"]


@pytest.mark.parametrize("sid", sorted(_table()))
def test_each_label_follows_the_wording_the_table_quotes(sid: str) -> None:
    label, words = _table()[sid]
    skill = SKILLS[sid]
    assert words in skill.text_zh, f"{sid}: the table quotes words its text does not hold"
    assert skill.compulsory == (label == "compulsory")
    entry = next(s for s in SPEC.catalogue()["skills"] if s["id"] == sid)
    assert entry["compulsory"] == skill.compulsory  # what sgs info prints
    may = "可" in words or "就能" in words  # 可, 可以; 就能 (无双's 才能 is "only then")
    if sid != "lianying":  # 连营's 能: the engine decision the section explains
        assert may == (label == "may"), f"{sid}: a label against its wording"


def test_the_weapons_that_say_may_are_not_compulsory() -> None:
    # 003 进阶武器技能: 青龙偃月刀 "攻击者可以再出一张杀追加攻击", 方天画戟 "可以同时攻击攻击距离内，最多三名
    # 玩家"; 诸葛连弩 "出牌阶段可以出任意张杀"; 张飞's 飞将 "可以出任意数量的杀".
    entries = {s["id"]: s for s in SPEC.catalogue()["skills"]}
    for sid in ("blade", "halberd", "crossbow", "feijiang"):
        assert not entries[sid]["compulsory"], sid
    for sid in ("qinggang_sword", "kylin_bow", "wushuang", "mashu", "fankui"):
        assert entries[sid]["compulsory"], sid


def test_a_compulsory_skill_that_reacts_asks_its_owner_nothing() -> None:
    # Every compulsory skill with a timing: no yes/no (the registry refuses one that would ask).
    for skill in SKILLS.values():
        if skill.compulsory and skill.timings:
            assert not skill.optional, skill.id


def test_guanxing_is_compulsory_and_its_one_decision_may_keep_the_pile_as_it_was() -> None:
    # 003 观星: "查看牌堆顶的三张牌，将其中任意数量的牌以任意顺序置于牌堆底，其余则以任意顺序置于牌堆顶":
    # no yes/no; choice 0 puts the three back as they were.
    s = Scenario(players=4, generals=["zhugeliang", None, None, None])
    s.top("slash", "jink", "peach", "duel")
    t = s.start(seat=0, phase="draw")
    req = t.expect(0, "guanxing")
    before = list(t.game.draw_pile)
    t.answer(0, "guanxing", req.choices()[0])
    assert t.game.draw_pile == before[:-2]  # the same order, less the two he drew
