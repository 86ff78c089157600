"""A replay as one HTML page that anyone can open in a browser: the table, the log of the turn,
stepping by decision and jumping to a turn, a death or the end (``sgs replay html``).

The page shows the moments of :class:`~sgscore.replay.step.Stepper`, the same as ``sgs replay
step``: for everyone, one moment before each decision (numbered from 0, as everywhere in the
toolkit) and the end; as one seat (``seat=``), only the seat's own decisions and the end, built
by :meth:`Stepper.seat_moment` from what that seat may see, with no decision numbers.
:func:`viewer_data` is that data model as plain JSON, for other frontends: each moment is
:meth:`Moment.to_json` with the table the game draws of it (:meth:`GameSpec.table_json`) and its
names in words. :func:`page_data` keeps what the page shows, and :func:`render_html` embeds it.

The moments share most of their table, so the page embeds them compressed: the JSON is gzipped
(``mtime`` 0, so the same replay always gives the same file) and written in base64 into the page,
which inflates it with the browser's own ``DecompressionStream``. A 10-player game of several
hundred decisions takes a few dozen kilobytes. The first moment is in the page uncompressed too,
drawn as soon as the page is parsed, while the rest is inflated. The page loads nothing: no
network, no scripts or fonts from elsewhere (its Content-Security-Policy forbids them).
:func:`html_page` makes the page moment by moment, writing each as JSON as it is told.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from importlib.resources import files
from typing import Any

from ..core.spec import LANGS, AnyGame, Teller
from .errors import json_text
from .reader import Limits, Replay
from .render import render_header
from .step import Moment, Stepper
from .tools import header_json

__all__ = ["VIEWER_FORMAT", "VIEWER_VERSION", "MAX_DECISIONS", "viewer_data", "page_data",
           "render_html", "html_page", "viewer_json", "read_page_data", "moment_data", "table_js"]

VIEWER_FORMAT = "sgscore-viewer"
VIEWER_VERSION = 1
"""The name and version of :func:`viewer_data`'s JSON; the version changes when a key changes
meaning or goes away (keys are only ever added otherwise)."""

_DATA_ID = "sgs-data"
_PLACEHOLDER = "/*SGS-DATA*/"
_FIRST = "/*SGS-FIRST*/"


def viewer_data(replay: Stepper | Replay | str | os.PathLike[str] | bytes, *,
                seat: int | None = None, lang: str = "en", limits: Limits | None = None,
                raw: bool = True) -> dict[str, Any]:
    """Every moment of a replay as ``seat`` sees it (None: everyone, every hand shown), in
    ``lang``: ``format``, ``version``, ``game``, ``title``, ``header`` (the account's header
    line; without the seed for a seat), ``seat``, ``lang``, ``players``, ``decisions`` (None for
    a seat), ``truncated``, ``truncation`` (where the file stops; None for a seat, whom the
    record number would tell how many decisions others took), ``warnings``, ``moments``
    (:func:`moment_data`), ``generals`` (each general seen at the table by id: ``name`` and
    ``skills``, its skills' ids, as the game's catalogue declares them) and ``skills`` (by id:
    ``name``, ``text``, ``lord``, ``compulsory``), both in ``lang``.

    ``raw=False`` leaves out of each moment what the page does not show (``state``, ``events``,
    ``answer``: :func:`page_data` drops them). A :class:`Stepper` already made for the replay
    may be given instead of the replay (the file is then read once more, not twice). A replay of
    more than :data:`MAX_DECISIONS` decisions is refused (``ValueError``): no game played to the
    round cap comes near it, and its data would take more time and memory than a page may.

    Raises :class:`~sgscore.replay.errors.ReplayError` for a replay that cannot be read or does
    not re-simulate as recorded, ``ValueError`` for a seat or language that is not one."""
    st, top, positions = _open(replay, seat, lang, limits)
    seen: dict[str, None] = {}
    moments = list(_moments(st, seat, lang, positions, raw, seen))
    generals, skills = _skills(st.spec, list(seen), lang)
    return {**top, "warnings": _warnings(st), "moments": moments, "generals": generals,
            "skills": skills}


def viewer_json(replay: Stepper | Replay | str | os.PathLike[str] | bytes, *,
                seat: int | None = None, lang: str = "en",
                limits: Limits | None = None) -> Iterator[str]:
    """:func:`viewer_data` as compact JSON, in pieces, each moment written as soon as it is
    told (memory holds one moment, not all of them): ``"".join(viewer_json(...))`` is
    ``json_text(viewer_data(...))`` but for the order of the keys (``warnings``, known once
    every moment is told, come last)."""
    st, top, positions = _open(replay, seat, lang, limits)
    head = {k: v for k, v in top.items() if k != "warnings"}
    yield json_text(head)[:-1] + ',"moments":['
    seen: dict[str, None] = {}
    for k, m in enumerate(_moments(st, seat, lang, positions, True, seen, plain=False)):
        yield ("," if k else "") + json_text(m)
    generals, skills = _skills(st.spec, list(seen), lang)
    yield "]," + json_text({"generals": generals, "skills": skills,
                            "warnings": _warnings(st)})[1:]


MAX_DECISIONS = 10_000
"""The most decisions of a replay that a page (or :func:`viewer_data`) is made of, for everyone
or for a seat: the longest 10-player games seen take under 4,000 (at the round cap of 60), and a
page of 10,000 is made within a few seconds (each decision is a moment of the table, and a
seat's page re-simulates them all)."""


def _open(replay: Stepper | Replay | str | os.PathLike[str] | bytes, seat: int | None, lang: str,
          limits: Limits | None) -> tuple[Stepper, dict[str, Any], Sequence[int]]:
    """The stepper, the keys of :func:`viewer_data` before ``moments``, and the positions of the
    moments; checks the seat, the language and :data:`MAX_DECISIONS`."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {LANGS}, got {lang!r}")
    st = replay if isinstance(replay, Stepper) else Stepper(replay, limits=limits)
    spec = st.spec
    head = header_json(st.header)
    players = spec.seats(head["config"])
    if seat is not None and not 0 <= seat < players:
        raise ValueError(f"seat {seat} is not in this {players}-player game")
    if st.decisions > MAX_DECISIONS:
        raise ValueError(f"the replay has {st.decisions} decisions; a page is made of at most "
                         f"{MAX_DECISIONS} (sgs replay step and show go through any replay)")
    positions = range(st.decisions + 1) if seat is None else st.stops(seat)
    top = {
        "format": VIEWER_FORMAT, "version": VIEWER_VERSION,
        "game": spec.id, "title": spec.title.get(lang, spec.id),
        "header": render_header(spec, head, seat=seat, lang=lang),
        "seat": seat, "lang": lang, "players": players,
        "decisions": st.decisions if seat is None else None,
        "truncated": st.truncated,
        "truncation": (" ".join(str(st.truncation or "the end record is missing").split())
                       if st.truncated and seat is None else None),
        "warnings": [],  # filled in once stepped (re-simulating may warn)
    }
    return st, top, positions


def _warnings(st: Stepper) -> list[str]:
    return [" ".join(w.split()) for w in st.warnings]


def _moments(st: Stepper, seat: int | None, lang: str, positions: Sequence[int], raw: bool,
             seen: dict[str, None], plain: bool = True) -> Iterator[dict[str, Any]]:
    """:func:`moment_data` of each position in turn; ``seen`` gathers the generals at the
    table, in order of appearance."""
    spec = st.spec
    turn = 0  # the turn when the events of the next moment begin
    alive: list[bool] = []
    for k in positions:
        st.goto(k)
        m = st.moment(None, lang) if seat is None else st.seat_moment(seat, lang)
        data = moment_data(spec, m, st.teller(seat, lang), turn_before=turn, raw=raw,
                           plain=plain)
        turn = m.turn
        seats = data["table"].get("seats", [])
        now = [s.get("alive") is not False for s in seats]
        if spec.death_event is None and len(now) == len(alive):
            data["died"] = [[i, m.turn] for i, (a, b) in enumerate(zip(alive, now, strict=True))
                            if a and not b]
        alive = now
        for s in seats:
            if s.get("general"):
                seen[s["general"]] = None
        yield data


def moment_data(spec: AnyGame, m: Moment, teller: Teller, *, turn_before: int | None = None,
                raw: bool = True, plain: bool = True) -> dict[str, Any]:
    """One moment as :func:`viewer_data` gives it: :meth:`Moment.to_json` (without its
    ``state``, ``events`` and ``answer`` when ``raw`` is false), plus ``table``
    (:meth:`GameSpec.table_json` of its state, each seat with ``general``, its general's id or
    None), ``current_name``, ``seat_name`` (the viewer's) and ``phase_name`` (in words, as the
    viewer knows them), ``end_lines`` (the result in words, at the end of a whole replay),
    ``log_from`` and ``died``. ``teller`` is the viewer's, having seen the events up to the
    moment. ``plain=False``: the values as they are, for JSON written at once
    (:meth:`Moment.to_json`).

    ``log_from``: the index in ``lines`` where the moment's own turn begins (the first line of
    the last event that begins a turn, :attr:`GameSpec.turn_event`), 0 when all its lines are
    of that turn; the lines before it are the end of the turn before (and of any turn that
    passed without a decision). ``died``: ``[seat, turn]`` for each death among its events
    (:attr:`GameSpec.death_event`), ``turn`` the turn it happened in; ``turn_before`` is the
    turn when the moment's events begin (the previous moment's). In a game without those kinds
    nothing is split, and a death is dated by the moment's turn (:func:`viewer_data` finds the
    deaths of a game without a death event by the seats' ``alive``)."""
    out = m.to_json(raw=raw, plain=plain)
    table = spec.table_json({**m.state, "current": m.current}, teller)
    players = m.state.get("players")
    seats = table.get("seats")
    if isinstance(players, list) and isinstance(seats, list) and len(players) == len(seats):
        for shown, p in zip(seats, players, strict=True):
            general = p.get("general") if isinstance(p, dict) else None
            shown["general"] = general if isinstance(general, str) and general else None
    out["table"] = table
    out["current_name"] = teller.p(m.current)
    out["seat_name"] = None if m.seat is None else teller.p(m.seat)
    out["phase_name"] = teller.phase(m.phase)
    out["end_lines"] = _end_lines(m, teller) if m.at_end and not m.truncated else []
    out["log_from"], out["died"] = _turns(spec, m, turn_before)
    return out


def _turns(spec: AnyGame, m: Moment, turn: int | None) -> tuple[int, list[list[int]]]:
    """``log_from`` and ``died`` of :func:`moment_data`."""
    log_from = 0
    died: list[list[int]] = []
    for j, ev in enumerate(m.events):
        kind = ev[0] if ev else None
        first = ev[1] if len(ev) > 1 else None
        if not isinstance(first, int) or isinstance(first, bool) or kind is None:
            continue
        if kind == spec.turn_event:
            turn = first
            log_from = m.event_lines[j] if j < len(m.event_lines) else len(m.lines)
        elif kind == spec.death_event:
            died.append([first, turn if spec.turn_event is not None and turn is not None
                         else m.turn])
    return log_from, died


def _skills(spec: AnyGame, ids: list[str], lang: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """``generals`` and ``skills`` of :func:`viewer_data`: the generals ``ids`` and their skills,
    from the game's catalogue, in ``lang``."""
    catalogue = spec.catalogue()
    generals = {g["id"]: g for g in catalogue.get("generals", [])}
    skills = {s["id"]: s for s in catalogue.get("skills", [])}
    out_generals: dict[str, Any] = {}
    out_skills: dict[str, Any] = {}
    for gid in ids:
        g = generals.get(gid)
        if g is None:
            continue
        out_generals[gid] = {"name": g.get(lang) or gid, "skills": list(g.get("skills", []))}
        for sid in g.get("skills", []):
            sk = skills.get(sid)
            if sk is not None:
                out_skills[sid] = {"name": sk.get(lang) or sid, "text": sk.get(f"text_{lang}", ""),
                                   "lord": bool(sk.get("lord")),
                                   "compulsory": bool(sk.get("compulsory"))}
    return out_generals, out_skills


_SAVED = {
    "en": ("Asked: {question}", "The game was saved here, before this question "
                                "(sgs replay resume plays it on)."),
    "zh": ("询问：{question}", "对局保存于此，此问尚未回答（sgs replay resume 可继续）。"),
}
"""The end of a saved game (a suspended record), in each language: the question it waits on."""


def _end_lines(m: Moment, teller: Teller) -> list[str]:
    """The result as ``sgs replay step`` says it at the end (for a seat, what it may know); for
    a saved game, the question it was saved on."""
    if m.suspended:
        asked, saved = _SAVED.get(m.lang, _SAVED["en"])
        return ([asked.format(question=m.question)] if m.question else []) + [saved]
    s = m.state
    summary = s.get("result")
    players = s.get("players", [])
    shown: dict[str, Any] = {
        "winner": summary[0] if summary else None,
        "reason": summary[1] if summary else ("error" if m.error else ""),
        "turns": m.turn, "rounds": m.round,
        "roles": [p.get("role") for p in players],
        "generals": [p.get("general") for p in players],
        "alive": [p.get("alive") for p in players],
    }
    if m.decisions is not None:
        shown["decisions"] = m.decisions
    if m.error:
        shown["error"] = m.error
    return [line for line in teller.summary_lines(teller.redact_summary(shown)) if line.strip()]


_PAGE_MOMENT_KEYS = (
    "decision", "own", "end", "turn", "round", "current", "current_name", "seat_name", "phase_name",
    "question", "answer_text", "lines", "table", "truncated", "error", "end_lines", "log_from",
    "died",
)


def page_data(data: Mapping[str, Any]) -> dict[str, Any]:
    """What the page shows of :func:`viewer_data`: every key but the moments' raw ``state``,
    ``events`` and choices, which the tables and lines already tell; ``asked`` is the seat asked
    (None when the viewer is another seat, or at the end), ``waiting`` whether another seat is
    asked. A seat's table that equals the one before it is given as 0 (the page takes the one
    before), which halves the data before it is compressed."""
    out = {k: v for k, v in data.items() if k != "moments"}
    before: list[Any] = []
    moments = []
    for m in data["moments"]:
        pm, before = _page_moment(m, before)
        moments.append(pm)
    out["moments"] = moments
    return out


def _page_moment(m: Mapping[str, Any], before: list[Any]) -> tuple[dict[str, Any], list[Any]]:
    """One moment as :func:`page_data` gives it, after the seats ``before``; and its seats."""
    pm = {k: m[k] for k in _PAGE_MOMENT_KEYS}
    request = m.get("request") or {}
    pm["asked"] = request.get("seat")
    pm["waiting"] = bool(request.get("waiting"))
    now = m["table"].get("seats", [])
    seats = list(now)
    if len(seats) == len(before):
        seats = [0 if a == b else a for a, b in zip(seats, before, strict=True)]
    pm["table"] = {**m["table"], "seats": seats}
    return pm, now


_TABLE_JS = "/*SGS-TABLE-JS*/"


def table_js() -> str:
    """The script that draws a moment's table (``table.js``), which the viewer's page and ``sgs
    serve``'s page both embed where they say ``/*SGS-TABLE-JS*/``."""
    return files(__package__).joinpath("table.js").read_text(encoding="utf-8")


def _template() -> str:
    page = files(__package__).joinpath("viewer.html").read_text(encoding="utf-8")
    assert page.count(_TABLE_JS) == 1, "the viewer's template holds one table-script placeholder"
    return page.replace(_TABLE_JS, table_js())


def render_html(data: Mapping[str, Any]) -> str:
    """The page of :func:`viewer_data`'s ``data``: one self-contained HTML file. Besides the
    compressed moments, it holds the first moment as plain JSON, which the page draws as soon as
    it is parsed, before the rest is inflated (a screenshot taken at once shows the table)."""
    top = {k: v for k, v in data.items() if k != "moments"}
    before: list[Any] = []
    parts = []
    for m in data["moments"]:
        pm, before = _page_moment(m, before)
        parts.append(pm)
    return _page(top, parts)


def html_page(replay: Stepper | Replay | str | os.PathLike[str] | bytes, *,
              seat: int | None = None, lang: str = "en", limits: Limits | None = None) -> str:
    """``render_html(viewer_data(replay, ...))``, made moment by moment: each moment is written
    as JSON as soon as it is told, so memory holds the page, never every moment's table."""
    st, top, positions = _open(replay, seat, lang, limits)
    seen: dict[str, None] = {}
    before: list[Any] = []
    parts: list[Any] = []
    for m in _moments(st, seat, lang, positions, False, seen):
        pm, before = _page_moment(m, before)
        parts.append(pm if not parts else _Encoded(json_text(pm)))
    generals, skills = _skills(st.spec, list(seen), lang)
    return _page({**top, "warnings": _warnings(st), "generals": generals, "skills": skills},
                 parts)


class _Encoded(str):
    """A moment already written as JSON (see :func:`_page`)."""


def _page(top: Mapping[str, Any], moments: list[Any]) -> str:
    """The page of the keys ``top`` and the page's ``moments`` (each a dict, or already JSON)."""
    pieces = [m if isinstance(m, _Encoded) else json_text(m) for m in moments]
    blob = json_text(dict(top))[:-1] + ',"moments":[' + ",".join(pieces) + "]}"
    packed = base64.b64encode(gzip.compress(blob.encode("utf-8"), 9, mtime=0)).decode("ascii")
    first = dict(top)
    first["moment"] = moments[0] if moments and not isinstance(moments[0], _Encoded) else (
        json.loads(moments[0]) if moments else None)
    # "<" only ever stands in a JSON string here: as \u003c it cannot end the script element
    plain = json_text(first).replace("<", "\\u003c")
    page = _template()
    assert page.count(_PLACEHOLDER) == 1, "the viewer's template holds one data placeholder"
    assert page.count(_FIRST) == 1, "the viewer's template holds one first-moment placeholder"
    lang = "zh-Hans" if top.get("lang") == "zh" else "en"
    return (page.replace(_PLACEHOLDER, packed).replace(_FIRST, plain)
            .replace('<html lang="en">', f'<html lang="{lang}">'))


def read_page_data(page: str) -> dict[str, Any]:
    """The data embedded in a page written by :func:`render_html` (as the page itself reads
    it): for tests and for tools that look into a shared page. ValueError when it holds none."""
    start_tag = f'<script id="{_DATA_ID}" type="application/octet-stream">'
    start = page.find(start_tag)
    end = page.find("</script>", start)
    if start < 0 or end < 0:
        raise ValueError("not a replay viewer page: it embeds no replay data")
    blob = base64.b64decode(page[start + len(start_tag):end].strip())
    out: dict[str, Any] = json.loads(gzip.decompress(blob).decode("utf-8"))
    return out
