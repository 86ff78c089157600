"""The generals package: one module per general, all registered, none by a list kept by hand."""

from __future__ import annotations

from pathlib import Path

from sgscore.sanguosha import GENERALS, SKILLS
from sgscore.sanguosha.generals import MODULES

FOLDER = Path(__file__).resolve().parents[2] / "sgscore" / "sanguosha" / "generals"


def test_every_module_in_the_folder_is_imported_and_registers_its_general() -> None:
    on_disk = sorted(p.stem for p in FOLDER.glob("*.py") if not p.stem.startswith("_"))
    assert list(MODULES) == on_disk
    assert sorted(GENERALS) == on_disk  # each module registers the general it is named after


def test_every_general_names_registered_skills_and_has_a_test_module() -> None:
    tests = Path(__file__).resolve().parent
    for gid, general in GENERALS.items():
        assert all(s in SKILLS for s in general.skills), gid
        assert (tests / f"test_{gid}.py").exists(), f"{gid} has no scenario tests"
