"""The generals package: one module per general, all registered, none by a list kept by hand."""

from __future__ import annotations

from pathlib import Path

from sgscore.sanguosha import GENERALS, SKILLS
from sgscore.sanguosha.generals import MODULES

FOLDER = Path(__file__).resolve().parents[2] / "sgscore" / "sanguosha" / "generals"
TESTS = Path(__file__).resolve().parent


def test_every_module_in_the_folder_is_imported_and_registers_its_general() -> None:
    on_disk = sorted(p.stem for p in FOLDER.glob("*.py") if not p.stem.startswith("_"))
    assert list(MODULES) == on_disk
    ours = sorted(g.id for g in GENERALS.values() if g.module.startswith("sgscore."))
    assert ours == on_disk  # each module registers the general it is named after


def test_every_general_names_registered_skills() -> None:
    for gid, general in GENERALS.items():
        assert all(s in SKILLS for s in general.skills), gid


def test_every_skill_of_a_general_has_scenario_tests() -> None:
    # A general that only reuses skills needs no tests of its own: its skills are tested where
    # they are defined, in tests/generals/test_<module>.py.
    for skill in SKILLS.values():
        if skill.module.startswith("sgscore.sanguosha.generals."):
            module = skill.module.rsplit(".", 1)[1]
            test = TESTS / f"test_{module}.py"
            assert test.exists(), f"{skill.id} ({skill.module}) has no scenario tests"
            text = test.read_text(encoding="utf-8")
            assert skill.id in text or skill.zh in text, f"{test.name} never names {skill.id}"
