"""The one error type of the replay toolkit, with the index of the record at fault."""

from __future__ import annotations

__all__ = ["ReplayError", "ReplayWarning"]


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
