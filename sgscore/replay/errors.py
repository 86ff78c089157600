"""The one error type of the replay toolkit, with the index of the record at fault; and the last
line of defence of its JSON output."""

from __future__ import annotations

from typing import Any

__all__ = ["ReplayError", "ReplayWarning", "OutputError", "json_text"]


class ReplayError(ValueError):
    """A replay is malformed, does not re-simulate, or cannot be read.

    ``record`` is the index of the record at fault (the header is 0, the first record after it 1,
    ...); ``reason`` is one line in words. Untrusted input never raises anything else.
    """

    MAX_REASON = 300
    """Longer reasons are cut (a file's values can be long; the reason stays one readable line)."""

    def __init__(self, record: int, reason: str) -> None:
        reason = " ".join(str(reason).split())  # one line, whatever the engine's message held
        if len(reason) > self.MAX_REASON:
            reason = reason[:self.MAX_REASON - 3] + "..."
        super().__init__(f"record {record}: {reason}")
        self.record = record
        self.reason = reason

    def to_json(self) -> dict[str, int | str]:
        return {"record": self.record, "reason": self.reason}


class ReplayWarning(UserWarning):
    """Something worth saying that does not make a replay invalid (e.g. another engine version)."""


class OutputError(ValueError):
    """JSON output met a value it cannot hold (bytes, a float that is not a number, a map key
    that is not a string...). The reader refuses every such value in a replay, so this is a bug
    of sgscore's own: it is reported in one line, never as a traceback and never as output that
    is not JSON (``sgs`` prints ``error: ...`` and exits 1)."""


_ENCODER: Any = None


def json_text(value: Any) -> str:
    """``value`` as compact, strict JSON (non-ASCII kept readable, tuples as arrays; no NaN or
    Infinity, which JSON does not have). Raises :class:`OutputError` in one line for a value
    JSON cannot hold: every JSON the toolkit and ``sgs`` write passes here."""
    global _ENCODER
    if _ENCODER is None:
        import json  # here, not at import: reading a replay needs no JSON

        _ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        text: str = _ENCODER.encode(value)
    except (TypeError, ValueError, RecursionError) as e:
        reason = " ".join(str(e).split())[:160]
        raise OutputError(f"the output cannot be written as JSON ({type(e).__name__}: {reason}); "
                          "no replay holds such a value: please report this bug of sgscore "
                          "with the file") from None
    return text
