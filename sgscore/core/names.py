"""Reading the names people type: an id (``caocao``) or a display name, in Chinese (``曹操``) or in
English (``Cao Cao``, ``cao cao``, ``Lu Bu`` for ``Lü Bu``). One lookup for every place that takes
an id: ``sgs sim --generals``, ``sgs info WHAT``, ``sgs bench --pool`` and the games'
:meth:`~sgscore.core.spec.GameSpec.config_from_options`.

An id is matched as it is; a name is matched by its :func:`name_key`: case, spaces, hyphens,
apostrophes and accents do not count, so ``Lü Bu``, ``lu bu`` and ``LuBu`` are one name. A name
shared by several entries is reported as ambiguous, with their ids, never resolved by order.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

__all__ = ["name_key", "Names", "AmbiguousName"]


def name_key(text: str) -> str:
    """What counts in a name: its letters and digits, casefolded, without accents, and a sign
    before a digit (``Lü Bu`` and ``lu-bu`` give ``lubu``; ``+1马`` and ``-1马`` stay two names;
    Chinese is kept as it is)."""
    decomposed = unicodedata.normalize("NFKD", text).casefold()
    return "".join(ch for i, ch in enumerate(decomposed) if ch.isalnum() or (
        ch in "+-" and decomposed[i + 1:i + 2].isdigit()))


class AmbiguousName(ValueError):
    """A name that several entries bear (``ids`` lists them)."""

    def __init__(self, text: str, ids: Sequence[str], what: str) -> None:
        super().__init__(f"{text!r:.40} names several {what}s: {', '.join(ids)}; give an id")
        self.ids = list(ids)


class Names:
    """The entries of one kind (a game's generals, say), each an id and its display names."""

    def __init__(self, entries: Iterable[tuple[str, Iterable[str]]], what: str = "entry") -> None:
        self.what = what
        self._ids: set[str] = set()
        self._keys: dict[str, list[str]] = {}
        for ident, names in entries:
            self._ids.add(ident)
            for name in (ident, *names):
                key = name_key(str(name))
                ids = self._keys.setdefault(key, []) if key else []
                if key and ident not in ids:
                    ids.append(ident)

    def find(self, text: str) -> list[str]:
        """The ids ``text`` names: its own id if it is one, else every entry bearing the name
        (none, one, or several when the name is shared)."""
        if text in self._ids:
            return [text]
        return list(self._keys.get(name_key(text), ()))

    def id_of(self, text: str) -> str:
        """The id ``text`` names; ``text`` itself when it names none (the caller's check then
        reports it as unknown, as it would an id); :class:`AmbiguousName` when it names
        several."""
        found = self.find(text)
        if len(found) > 1:
            raise AmbiguousName(text, found, self.what)
        return found[0] if found else text.strip()
