"""The code samples in the README and the docs run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _samples() -> list[tuple[str, int, str]]:
    out = []
    for path in [DOCS.parent / "README.md", *sorted(DOCS.glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for i, block in enumerate(re.findall(r"```python\n(.+?)\n```", text, flags=re.S)):
            out.append((path.name, i, block))
    return out


@pytest.mark.parametrize(("doc", "index", "code"), _samples(), ids=lambda v: str(v)[:20])
def test_doc_sample_runs(doc: str, index: int, code: str, capsys: pytest.CaptureFixture[str]) -> None:
    if "sgscore.rl" in code:  # docs/training.md: the environment needs the rl extra
        pytest.importorskip("pettingzoo", reason="the rl extra is not installed")
    namespace: dict[str, object] = {"__name__": f"doc_{doc}_{index}"}
    exec(compile(code, f"{doc}#{index}", "exec"), namespace)  # our own docs
