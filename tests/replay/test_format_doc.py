"""docs/replay-format.md agrees with the code on what another language needs to reproduce."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from sgscore.core.canon import canonical_bytes
from sgscore.replay.models import EndModel as End
from sgscore.replay.models import HeaderModel as Header
from sgscore.sanguosha import RULES_VERSION, SPEC

DOC = (Path(__file__).resolve().parents[2] / "docs" / "replay-format.md").read_text(encoding="utf-8")


def _table_keys(section: str) -> set[str]:
    body = DOC.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([^`]+)`", body, flags=re.M))


def test_canonical_example() -> None:
    assert canonical_bytes((1, "ab", None, True)) == b"l4:i1;s2:abnt"
    assert canonical_bytes(-12) == b"i-12;"


def test_header_and_end_keys_are_documented() -> None:
    header_keys = {f.alias or name for name, f in Header.model_fields.items()}
    assert header_keys <= _table_keys("Header (record 0)")
    end_keys = {f.alias or name for name, f in End.model_fields.items()}
    assert end_keys <= _table_keys("End")


def test_config_defaults_are_documented() -> None:
    body = DOC.split("For `sanguosha/identity`:", 1)[1].split("\n\n", 2)[1]
    rows = dict(re.findall(r"^\| `(\w+)`\s*\| `([^`]+)`", body, flags=re.M))
    want = {k: "nil" if v is None else json.dumps(v, separators=(", ", ": "))
            for k, v in SPEC.config_defaults.items()}
    assert rows == want


def test_the_rules_identity_is_computed_as_documented() -> None:
    # docs/replay-format.md, "Rules identity", and its worked example's header.
    text = f"sanguosha/identity\n{RULES_VERSION}".encode()
    assert SPEC.rules == hashlib.sha256(text).hexdigest()[:32]
    assert f'"r": "{SPEC.rules}"' in DOC
