"""``sgs info``: every general, skill and card of a game, named in English and Chinese, from the
game's catalogue (``GameSpec.catalogue``); a game without any (the toy Nim) answers with empty
sections.

Counts come from the registries, so that a general, a skill or a pack added later is listed
without changing these tests; what they pin of the first edition (its 25 generals, 104 + 4 cards,
the 1.0 deck's 80) is stated as a fact of 003 and 002, on the frozen pool and packs that hold it."""

from __future__ import annotations

import json
import unicodedata
from collections import Counter
from collections.abc import Iterator

import pytest

from sgscore.core.games import register_game, unregister_game
from sgscore.sanguosha import CARD_TYPES, GENERALS, PACKS, SKILLS
from sgscore.sanguosha.config import POOLS

import toy_nim
from sgs_cli import run

FIRST = ("standard", "ex", "1.0")
"""The packs of the editions the project plays (003's deck and its EX cards, 002's 1.0 deck), in
the order of their card ids; a pack added later comes after them."""


def _json(*args: str) -> dict[str, object]:
    code, out, err = run("info", "--json", *args)
    assert code == 0, err
    assert len(out.splitlines()) == 1  # one object on one line
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_json_lists_every_general_skill_and_card_with_their_fields() -> None:
    data = _json()
    assert data["game"] == "sanguosha/identity"
    generals = {g["id"]: g for g in data["generals"]}  # type: ignore[attr-defined]
    skills = {s["id"]: s for s in data["skills"]}  # type: ignore[attr-defined]
    cards = data["cards"]
    assert set(generals) == set(GENERALS)
    # 003's first edition: 25 generals, the frozen pool "standard", all of them listed
    assert len(POOLS["standard"]) == 25 and set(POOLS["standard"]) <= set(generals)
    # skills of the rules, no general's or card's: 转世's offering, the detailed rules' (暗魂)
    rules = {"offering", "last_blood", "luohan", "xuanwu", "zhuyou"}
    assert set(skills) == {s for g in GENERALS.values() for s in g.skills} | {
        t.skill.id for t in CARD_TYPES.values() if t.skill is not None} | rules
    assert [c["id"] for c in cards] == sorted(c.id for p in PACKS.values() for c in p.cards)  # type: ignore[attr-defined]
    per_pack = Counter(str(c["pack"]) for c in cards)  # type: ignore[attr-defined]
    assert per_pack == {p.name: len(p.cards) for p in PACKS.values()}
    # the standard deck and the EX cards (104 + 4), the 1.0 deck (80)
    assert [per_pack[p] for p in FIRST] == [104, 4, 80]

    lvbu = generals["lvbu"]
    assert lvbu == {"id": "lvbu", "zh": "吕布", "en": "Lü Bu", "kingdoms": ["qun"],
                    "kingdoms_zh": ["群"], "sex": "m", "hp": 4, "skills": ["wushuang"],
                    "can_be_lord": True}
    assert generals["sunshangxiang"]["kingdoms"] == ["shu", "wu"]
    assert not generals["ganning"]["can_be_lord"]
    for g in generals.values():
        assert g["en"] and g["zh"] and g["skills"]

    for s in skills.values():
        assert set(s) == {"id", "zh", "en", "text_zh", "text_en", "lord", "compulsory",
                          "generals", "cards"}
        assert s["en"] and s["text_zh"] and s["text_en"], s["id"]
        assert s["generals"] or s["cards"] or s["id"] in rules
    assert skills["jianxiong"]["en"] == "Villainous Hero"
    assert skills["jianxiong"]["text_zh"].startswith("可立即获得所有对自己造成体力伤害的牌")
    assert skills["hujia"]["lord"] and skills["hujia"]["generals"] == ["caocao"]
    assert skills["wushuang"]["compulsory"] and not skills["guicai"]["compulsory"]
    assert skills["crossbow"]["cards"] == ["crossbow"] and skills["crossbow"]["generals"] == []

    first = cards[0]  # type: ignore[index]
    assert set(first) == {"id", "name", "zh", "en", "suit", "symbol", "rank", "kind", "kind_zh",
                          "slot", "slot_zh", "range", "pack"}
    by_name: dict[str, list[dict[str, object]]] = {}
    for c in cards:  # type: ignore[attr-defined]
        assert c["suit"] in "SHCD" and c["symbol"] in "♠♥♣♦"
        assert c["rank"] in ("A", *map(str, range(2, 11)), "J", "Q", "K")
        by_name.setdefault(c["name"], []).append(c)
    assert set(by_name) == set(CARD_TYPES)
    assert {c["en"] for c in by_name["jink"]} == {"Dodge"}
    # the standard deck's, the 1.0 deck's
    assert len([c for c in by_name["slash"] if c["pack"] in FIRST]) == 30 + 25
    crossbow = by_name["crossbow"][0]
    assert (crossbow["en"], crossbow["kind"], crossbow["slot"], crossbow["range"]) == \
        ("Zhuge Crossbow", "equip", "weapon", 1)
    assert [(c["symbol"], c["rank"], c["pack"]) for c in by_name["lightning"]
            if c["pack"] in FIRST] == [("♠", "A", "standard"), ("♥", "Q", "ex"), ("♥", "2", "1.0")]


def test_a_section_alone() -> None:
    data = _json("generals")
    assert set(data) == {"game", "generals"} and len(data["generals"]) == len(GENERALS)  # type: ignore[arg-type]
    assert set(_json("cards")) == {"game", "cards", "packs"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_human_tables_name_every_general_skill_and_card(lang: str) -> None:
    code, out, _ = run("info", "--lang", lang)
    assert code == 0
    for g in GENERALS.values():
        assert g.id in out and g.zh in out and g.en in out
    for t in CARD_TYPES.values():
        assert t.name in out and t.zh in out and t.en in out
    for s in SKILLS.values():
        if s.id.startswith("test_"):
            continue  # a test-only skill no general has
        assert s.id in out and (s.zh if lang == "zh" else s.en) in out
    assert (f"Generals of sanguosha/identity: {len(GENERALS)}" if lang == "en"
            else f"sanguosha/identity的武将：{len(GENERALS)}") in out
    # Aligned: Chinese characters take two columns each, so the columns after them line up.
    lines = out.splitlines()
    caocao = next(line for line in lines if line.lstrip().startswith("caocao "))
    simayi = next(line for line in lines if line.lstrip().startswith("simayi "))
    lvbu = next(line for line in lines if line.lstrip().startswith("lvbu "))
    wei, qun = ("魏", "群") if lang == "zh" else ("Wei", "Qun")
    assert _columns(caocao[:caocao.index(wei)]) == _columns(simayi[:simayi.index(wei)]) == \
        _columns(lvbu[:lvbu.index(qun)])


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def test_one_general_in_full_in_both_languages() -> None:
    code, en, _ = run("info", "caocao")
    assert code == 0
    assert en.splitlines()[0] == "caocao  Cao Cao  曹操"
    assert "Wei, male, 4 HP" in en
    assert "jianxiong  Villainous Hero  奸雄" in en and "hujia  Royal Escort  护驾  (lord skill)" in en
    assert "Whenever you need to play a Dodge" in en
    code, zh, _ = run("info", "caocao", "--lang", "zh")
    assert code == 0
    assert zh.splitlines()[0] == "caocao  曹操  Cao Cao"
    assert "魏，男，体力4" in zh and "（主公技）" in zh
    assert "任何时候，曹操可以要求（但不强制要求）魏国武将帮曹操出闪。" in zh
    assert max(len(line) for line in zh.splitlines()) <= 100


def test_one_card_name_and_one_skill_in_full() -> None:
    code, out, _ = run("info", "eight_diagram")
    assert code == 0
    assert out.splitlines()[0] == "eight_diagram  Eight Trigrams  八卦阵"
    assert "\n  armor\n  the standard deck (--deck standard); 2 cards\n" in out
    assert "♠2" in out and "♣2" in out
    assert "you may judge: on red" in out  # the skill it gives, with its text
    data = _json("eight_diagram")
    assert data["match"] == "card" and [s["id"] for s in data["skills"]] == ["eight_diagram"]  # type: ignore[attr-defined]
    assert [c["id"] for c in data["cards"]] == [96, 97] and data["generals"] == []  # type: ignore[attr-defined]

    code, out, _ = run("info", "wushuang", "--lang", "zh")
    assert code == 0 and out.startswith("wushuang  无双  Peerless  （吕布；锁定技）")
    data = _json("wushuang")
    assert data["match"] == "skill" and [g["id"] for g in data["generals"]] == ["lvbu"]  # type: ignore[attr-defined]
    data = _json("ganning")
    assert data["match"] == "general" and [s["id"] for s in data["skills"]] == ["tongling"]  # type: ignore[attr-defined]


def test_an_unknown_id_or_game_is_one_line_and_exit_2() -> None:
    code, out, err = run("info", "caocaoo")
    assert code == 2 and out == ""
    assert err == ("error: sgs info: Invalid value for 'WHAT': sanguosha/identity has no general, "
                   "card or skill 'caocaoo' (see 'sgs info --help')\n")
    code, _, err = run("info", "--game", "no/such")
    assert code == 2 and "unknown game 'no/such'" in err and len(err.splitlines()) == 1


@pytest.fixture
def toy() -> Iterator[None]:
    register_game(toy_nim.SPEC)
    yield
    unregister_game(toy_nim.GAME)


def test_a_game_without_generals_skills_or_cards_has_empty_sections(toy: None) -> None:
    assert _json("--game", "toy/nim") == {"game": "toy/nim", "generals": [], "skills": [],
                                          "cards": []}
    code, out, _ = run("info", "--game", "toy/nim")
    assert code == 0
    assert out.splitlines() == ["Generals of toy/nim: none", "", "Skills of toy/nim: none", "",
                                "Cards of toy/nim: none"]
    code, out, _ = run("info", "--game", "toy/nim", "skills", "--lang", "zh")
    assert code == 0 and out == "toy/nim的技能：无\n"
    code, _, err = run("info", "--game", "toy/nim", "caocao")
    assert code == 2 and "toy/nim has no general, card or skill 'caocao'" in err


# ---------------------------------------------------------------------------- cards by deck
def test_the_cards_are_listed_pack_by_pack_each_with_its_count() -> None:
    # The standard deck and the 1.0 edition's are two decks (a game plays one), the EX cards an
    # addition to the standard one: never one table of all the cards (188 of the three).
    code, out, _ = run("info", "cards")
    assert code == 0
    heads = [line for line in out.splitlines() if line.startswith("Cards of ")]
    assert heads[:3] == [
        "Cards of sanguosha/identity, the standard deck (--deck standard): 104 (30 names)",
        "Cards of sanguosha/identity, the EX cards (--deck ex): 4 (4 names)",
        "Cards of sanguosha/identity, the 1.0 edition's deck (--deck 1.0): 80 (24 names)"]
    assert len(heads) == len(PACKS)  # one heading for each pack
    assert str(sum(len(p.cards) for p in PACKS.values())) not in out
    code, zh, _ = run("info", "cards", "--lang", "zh")
    assert "sanguosha/identity的游戏牌，标准版（--deck standard）：104张（30种）" in zh.splitlines()
    assert "sanguosha/identity的游戏牌，1.0版（--deck 1.0）：80张（24种）" in zh.splitlines()


def test_deck_chooses_one_pack() -> None:
    code, out, _ = run("info", "cards", "--deck", "1.0")
    assert code == 0 and out.splitlines()[0].endswith("(--deck 1.0): 80 (24 names)")
    assert "standard deck" not in out and "♠7" not in out.split("slash", 1)[1].split("\n")[0]
    data = _json("cards", "--deck", "standard")
    cards, packs = data["cards"], data["packs"]
    assert isinstance(cards, list) and isinstance(packs, list)
    assert len(cards) == 104 and {c["pack"] for c in cards} == {"standard"}
    assert [p["id"] for p in packs] == sorted(PACKS, key=lambda p: PACKS[p].first_id)
    assert [p["id"] for p in packs][:3] == list(FIRST)
    # A card of both decks in full: each deck's copies apart, or one deck's.
    code, out, _ = run("info", "slash")
    assert "the standard deck (--deck standard); 30 cards" in out
    assert "the 1.0 edition's deck (--deck 1.0); 25 cards" in out
    code, out, _ = run("info", "slash", "--deck", "1.0")
    assert "25 cards" in out and "30 cards" not in out


@pytest.mark.parametrize(("args", "words"), [
    (["cards", "--deck", "2.0"], "has no pack '2.0' (its packs: standard, ex, 1.0"
     + "".join(f", {p}" for p in sorted(PACKS, key=lambda p: PACKS[p].first_id)[3:]) + ")"),
    (["generals", "--deck", "1.0"], "--deck chooses cards; it does not go with generals"),
])
def test_a_deck_that_is_not_one_is_a_usage_error(args: list[str], words: str) -> None:
    code, out, err = run("info", *args)
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert words in line
