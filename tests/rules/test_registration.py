"""Content registers itself, and mistakes fail loudly
(docs/architecture.md, "Content registers itself, and mistakes fail at import"): each mistake below,
written in a module of its own as a contributor would, raises RegistrationError when the module is
imported, with a message naming the module; a procedure that is never driven fails the test that
made it."""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from sgscore.core import checks
from sgscore.core.registry import RegistrationError
from sgscore.sanguosha import CARD_TYPES, GENERALS, PACKS, SKILLS
from sgscore.sanguosha.contexts import DAMAGED, DamageCtx
from sgscore.sanguosha.events import JUDGEMENTS
from sgscore.sanguosha.game import Game
from sgscore.sanguosha.model import Player
from sgscore.sanguosha.skills import Skill, register_skill
from sgscore.sanguosha.telling import EVENTS
from sgscore.sanguosha.zones import draw
from sgscore.testing import Scenario

HEAD = """
from sgscore.core.engine import Proc
from sgscore.sanguosha.cards import BASIC, DELAYED, EQUIP, CardType, Pack, register_card, register_pack
from sgscore.sanguosha.contexts import DAMAGED, DamageCtx
from sgscore.sanguosha.model import General, register_general
from sgscore.sanguosha.skills import Skill, register_skill
from sgscore.sanguosha.telling import event_kind
from sgscore.sanguosha.zones import draw
"""


@pytest.fixture
def module(tmp_path: Path) -> Iterator[Callable[[str, str], Any]]:
    """Import a module written on the fly; take back whatever it registered afterwards."""
    sys.path.insert(0, str(tmp_path))
    before = {r.what: set(r) for r in (SKILLS, GENERALS, CARD_TYPES, PACKS, EVENTS, JUDGEMENTS)}
    names: list[str] = []

    def load(name: str, body: str) -> Any:
        (tmp_path / f"{name}.py").write_text(HEAD + textwrap.dedent(body), encoding="utf-8")
        names.append(name)
        return importlib.import_module(name)

    yield load
    sys.path.remove(str(tmp_path))
    for n in names:
        sys.modules.pop(n, None)
    for r in (SKILLS, GENERALS, CARD_TYPES, PACKS, EVENTS, JUDGEMENTS):
        for name in set(r) - before[r.what]:
            r.remove(name)


def _fails(load: Callable[[str, str], Any], name: str, body: str, *words: str) -> None:
    with pytest.raises(RegistrationError) as e:
        load(name, body)
    assert name in str(e.value), f"the error does not name the module: {e.value}"
    for w in words:
        assert w in str(e.value), str(e.value)


def test_a_misspelt_timing_fails_at_import(module: Callable[[str, str], Any]) -> None:
    _fails(module, "mistake_timing", """
        class Thorns(Skill):
            id = "thorns"
            timings = ("damage",)

            def can_trigger(self, g, owner, ctx): return True
            def trigger(self, g, owner, ctx): yield from ()
        """, "not a registered Timing", "damaged")


def test_a_trigger_without_timings_and_timings_without_a_trigger_fail(module: Callable[[str, str], Any]) -> None:
    _fails(module, "mistake_no_timings", """
        class Thorns(Skill):
            id = "thorns"
            def can_trigger(self, g, owner, ctx): return True
            def trigger(self, g, owner, ctx): yield from ()
        """, "without timings")
    _fails(module, "mistake_no_trigger", """
        class Thorns(Skill):
            id = "thorns"
            timings = (DAMAGED,)
        """, "needs both can_trigger() and trigger()")


def test_a_misspelt_hook_method_fails_instead_of_being_ignored(module: Callable[[str, str], Any]) -> None:
    _fails(module, "mistake_hook", """
        class Far(Skill):
            id = "far"
            def distance_inn(self, g, owner, other): return 1
        """, "distance_inn() is not a skill hook")


def test_modifier_hooks_are_found_from_the_methods_not_declared(module: Callable[[str, str], Any]) -> None:
    m = module("fine_modifier", """
        @register_skill
        class Far(Skill):
            id = "test_far"
            zh, en, text_zh, text_en = "远", "Far", "其他角色计算与你的距离+1。", "Others are 1 farther."
            def distance_in(self, g, owner, other): return 1
        """)
    assert m.Far.modifies == ("distance_in",)
    _fails(module, "mistake_modifies", """
        class Far(Skill):
            id = "far"
            modifies = ("distance_in",)
            def distance_in(self, g, owner, other): return 1
        """, "do not declare it")


def test_respond_needs_respond_ok_and_play_needs_play_options(module: Callable[[str, str], Any]) -> None:
    _fails(module, "mistake_respond", """
        class Helper(Skill):
            id = "helper"
            def respond(self, g, owner, name, ctx): yield from ()
        """, "respond() and respond_ok() go together")
    _fails(module, "mistake_play", """
        class Give(Skill):
            id = "give"
            def play(self, g, owner, cards, targets): yield from ()
        """, "needs play_options()")


def test_a_compulsory_skill_asks_nothing_and_is_no_option(module: Callable[[str, str], Any]) -> None:
    # docs/rules.md, "Compulsory skills": the label 锁定技 says the owner never chooses to use it.
    _fails(module, "mistake_compulsory_asks", """
        class Thorns(Skill):
            id = "thorns"
            compulsory = True
            timings = (DAMAGED,)
            def can_trigger(self, g, owner, ctx): return True
            def trigger(self, g, owner, ctx): yield from ()
        """, "a compulsory skill asks no yes/no")
    _fails(module, "mistake_compulsory_option", """
        class Give(Skill):
            id = "give"
            compulsory = True
            def play_options(self, g, owner): return []
            def play(self, g, owner, cards, targets): yield from ()
        """, "a compulsory skill is no option of a request")


def test_duplicate_ids_name_both_modules(module: Callable[[str, str], Any]) -> None:
    _fails(module, "mistake_duplicate_skill", """
        @register_skill
        class Jianxiong(Skill):
            id = "jianxiong"
        """, "already registered by sgscore.sanguosha.generals.caocao")
    _fails(module, "mistake_duplicate_general", """
        register_general(General("caocao", "曹操", "wei", "m", 4, ("jianxiong",), en="Cao Cao"))
        """, "general 'caocao' is already registered")
    _fails(module, "mistake_duplicate_card", """
        register_card(CardType("slash", "杀", BASIC, en="Slash", targets=lambda g, p, c: [],
                               effect=lambda g, use: iter(())))
        """, "card type 'slash' is already registered by sgscore.sanguosha.content.basic")

    _fails(module, "mistake_duplicate_event", """
        @event_kind("damage")
        def DAMAGE(t, seat):
            '''Damage again.'''
            return ""
        """, "event kind 'damage' is already registered by sgscore.sanguosha.events")


def test_a_general_with_an_unknown_skill_and_a_pack_over_another_fail(module: Callable[[str, str], Any]) -> None:
    _fails(module, "mistake_general", """
        register_general(General("zhangliao_test", "张辽", "wei", "m", 4, ("tuxii",),
                                 en="Zhang Liao"))
        """, "unknown skill 'tuxii'")
    _fails(module, "mistake_pack", """
        register_pack(Pack("mine", "我的", 106, "slash S7 S8 S9"))
        """, "overlaps pack 'ex'")


def test_an_event_kind_needs_its_words_and_a_card_its_rules(module: Callable[[str, str], Any]) -> None:
    _fails(module, "mistake_event_doc", """
        @event_kind("mystery")
        def MYSTERY(t, seat):
            return "?"
        """, "needs a docstring")
    _fails(module, "mistake_delayed", """
        register_card(CardType("doom", "厄运", DELAYED, en="Doom", targets=lambda g, p, c: [],
                               effect=lambda g, use: iter(())))
        """, "delayed tricks (and only they) have judged()")
    _fails(module, "mistake_equip", """
        register_card(CardType("boots", "靴", EQUIP, en="Boots", targets=lambda g, p, c: [],
                               effect=lambda g, use: iter(())))
        """, "needs a slot")


def test_generals_cards_and_their_skills_need_their_names_and_texts(module: Callable[[str, str], Any]) -> None:
    # An English name for every general and card type; a general's skill, and a card's, needs
    # its English name and its text in both languages (what ``sgs info`` shows).
    _fails(module, "mistake_general_en", """
        register_general(General("captain_test", "校尉", "wei", "m", 4, ("jianxiong",)))
        """, "general 'captain_test' needs its English name")
    _fails(module, "mistake_card_en", """
        register_card(CardType("flower_test", "花", BASIC, targets=lambda g, p, c: [],
                               effect=lambda g, use: iter(())))
        """, "card 'flower_test' needs its English name")
    _fails(module, "mistake_skill_text", """
        @register_skill
        class Brave(Skill):
            id = "brave_test"
            zh = "勇"
            en = "Brave"
            text_zh = "出牌阶段，可以出任意数量的杀。"
            def slash_limit(self, g, owner): return 9

        register_general(General("brave_general", "勇将", "shu", "m", 4, ("brave_test",),
                                 en="Brave General"))
        """, "skill 'brave_test' (of mistake_skill_text) has no text_en")
    _fails(module, "mistake_equipment_skill", """
        from sgscore.sanguosha.cards import ARMOR
        from sgscore.sanguosha.content.equipment import equipment

        class Cloak(Skill):
            id = "cloak_test"
            zh = "斗篷"
            equipment = True
            def distance_in(self, g, owner, other): return 1

        register_card(equipment("cloak_test", "斗篷", ARMOR, en="Cloak", skill=Cloak))
        """, "its skill 'cloak_test'", "has no en or text_zh or text_en")
    m = module("fine_words", """
        @register_skill
        class Brave(Skill):
            id = "brave_test2"
            zh = "勇"
            en = "Brave"
            text_zh = "出牌阶段，可以出任意数量的杀。"
            text_en = "In your play phase you may use any number of Slashes."
            def slash_limit(self, g, owner): return 9

        register_general(General("brave_general", "勇将", "shu", "m", 4, ("brave_test2",),
                                 en="Brave General"))
        """)
    assert GENERALS["brave_general"].en == "Brave General" and m.Brave.en == "Brave"


def test_a_copied_skill_needs_its_words_and_a_judgement_its_meaning(
    module: Callable[[str, str], Any],
) -> None:
    # A skill copied under a new id and registered on its own (given later by a variant or
    # another skill, no general's) is told by its words: without them it fails at import, not
    # later in an account that names it by its id.
    _fails(module, "mistake_copied_skill", """
        @register_skill
        class Ganglie2(Skill):
            id = "ganglie_copy"
            zh = "刚烈"
            optional = False
            timings = (DAMAGED,)
            def can_trigger(self, g, owner, ctx): return False
            def trigger(self, g, owner, ctx): yield from ()
        """, "skill 'ganglie_copy'", "has no en or text_zh or text_en")
    # A judgement is declared with what its result means (rules.judge takes the declaration),
    # once per reason: a copy that declares the original's again fails, naming both modules.
    _fails(module, "mistake_copied_judgement", """
        from sgscore.sanguosha.events import judgement

        @judgement("ganglie")
        def GANGLIE(t, seat, card):
            return ""
        """, "judgement 'ganglie' is already registered by sgscore.sanguosha.generals.xiahoudun")


def test_a_procedure_created_without_yield_from_fails_the_test() -> None:
    # The contributor's mistake: ``draw(g, owner, 1)`` instead of ``yield from draw(...)``.
    class Forgetful(Skill):
        id = "test_forgetful"
        zh, en, text_zh, text_en = "健忘", "Forgetful", "受到伤害后摸一张牌。", "Draw when damaged."
        optional = False
        timings = (DAMAGED,)

        def can_trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> bool:
            return ctx.target is owner

        def trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> object:  # type: ignore[override]
            draw(g, owner, 1)  # the bug: never driven, so nothing is drawn
            return iter(())

    register_skill(Forgetful)
    try:
        s = Scenario(players=4)
        s.seat(0).hand("slash")
        t = s.start(seat=0, phase="play")
        t.game.add_skill(t.p(1), "test_forgetful")
        t.mark()
        t.play(t.card(0, "slash"), 1)
        assert ("skill", 1, "test_forgetful") in t.events("skill")
        assert ("draw", 1, 1) not in [e[:3] for e in t.events("draw")]  # silently nothing...
        assert checks.UNDRIVEN == ["sgscore.sanguosha.zones.draw"]  # ...but the check saw it
        checks.UNDRIVEN.clear()
    finally:
        SKILLS.remove("test_forgetful")

