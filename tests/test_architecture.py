"""The worked examples of docs/architecture.md "Worked examples" run as written: each example
module is imported as a contributor's new module would be, then the example tests run against it;
whatever they registered is taken out afterwards. (In the content-proof run,
``tests/test_content_proof.py``, the package itself holds the example modules: their tests run
against those.)"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sgscore.sanguosha import CARD_TYPES, GENERALS, PACKS, SKILLS
from sgscore.sanguosha.cards import unregister_pack
from sgscore.sanguosha.game import VARIANTS, unregister_variant

DOC = Path(__file__).resolve().parent.parent / "docs" / "architecture.md"
BLOCKS = re.findall(r"```py\n# file: (\w+)\.py\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def _installed(name: str) -> Any:
    """The example module ``name`` when the package holds it (a module of ``generals/``,
    ``content/`` or ``variants/``, imported with the package), else None."""
    for package in ("sgscore.sanguosha.generals", "sgscore.sanguosha.content",
                    "sgscore.sanguosha.variants"):
        module = sys.modules.get(f"{package}.{name}")
        if module is not None:
            return module
    return None


@pytest.fixture
def examples(tmp_path: Path) -> Iterator[dict[str, Any]]:
    """Every example module of the doc, imported; then taken out again."""
    before = {id(r): set(r) for r in (SKILLS, GENERALS, CARD_TYPES, PACKS, VARIANTS)}
    sys.path.insert(0, str(tmp_path))
    loaded: dict[str, Any] = {}
    try:
        for name, code in BLOCKS:
            (tmp_path / f"{name}.py").write_text(code, encoding="utf-8")
            if not name.startswith("test_"):
                loaded[name] = _installed(name) or importlib.import_module(name)
        yield loaded
    finally:
        sys.path.remove(str(tmp_path))
        for name, _ in BLOCKS:
            sys.modules.pop(name, None)
        for pack in set(PACKS) - before[id(PACKS)]:
            unregister_pack(pack)
        for variant in set(VARIANTS) - before[id(VARIANTS)]:
            unregister_variant(variant)
        for r in (SKILLS, GENERALS, CARD_TYPES):
            for name in set(r) - before[id(r)]:
                r.remove(name)


def test_the_doc_has_the_five_kinds_of_example() -> None:
    names = [n for n, _ in BLOCKS]
    assert {"xiaowei", "qiangjiang", "example_cards", "example_armor", "example_variant"} <= \
        set(names)
    assert {"test_qiangjiang", "test_example_cards", "test_example_armor",
            "test_example_variant"} <= set(names)


def test_the_example_modules_register_and_their_tests_pass(examples: dict[str, Any]) -> None:
    assert {"xiaowei", "qiangjiang"} <= set(GENERALS)
    assert {"reinforcements", "lightning_rod"} <= set(CARD_TYPES)
    assert "bounty" in VARIANTS
    ran = 0
    for name, _ in BLOCKS:
        if name.startswith("test_"):
            module = importlib.import_module(name)
            for attr in dir(module):
                if attr.startswith("test_"):
                    getattr(module, attr)()
                    ran += 1
    assert ran == 4
