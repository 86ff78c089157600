"""Pictures of a study (``sgs stats --plot``): win rates with their 95% intervals as error bars,
and the histogram of game lengths, drawn with matplotlib (the optional extra ``[plot]``).

Labels are in English or Chinese. Chinese needs a font with CJK glyphs, which a fresh machine
often lacks (matplotlib's own DejaVu has none, and would draw empty boxes): :func:`cjk_font`
looks for one among the installed fonts, and without one the picture is drawn in English and
:func:`plot` says so. The output is reproducible: no date in the file, a fixed SVG hash salt.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any

__all__ = ["PlotError", "cjk_font", "plot", "have_matplotlib", "usable_lang"]

_PROBE = "胜率主公"  # glyphs a Chinese label needs

WORDS = {
    "en": {"rate": "win rate", "by": "Win rate by {dim}", "lift": "Lift over the role's base "
           "rate, by general", "lift_axis": "win rate less its roles' base rate",
           "lengths": "Game length", "turns": "turns", "games": "games",
           "role": "role", "general": "general", "seat": "seat", "players": "players",
           "agent": "agent", "sides": "Games won, by side", "share": "share of games",
           "title": "{games} games of {game}; bars: 95% Wilson intervals",
           "draw": "draw", "median": "median {v}"},
    "zh": {"rate": "胜率", "by": "按{dim}的胜率", "lift": "武将胜率减其身份基准",
           "lift_axis": "胜率减身份基准", "lengths": "对局长度", "turns": "回合数",
           "games": "局数", "role": "身份", "general": "武将", "seat": "座位",
           "players": "人数", "agent": "代理", "sides": "各方获胜", "share": "局数占比",
           "title": "{game}，{games}局；误差线：95% Wilson 区间", "draw": "平局",
           "median": "中位数 {v}"},
}


class PlotError(Exception):
    """A picture that cannot be drawn (matplotlib missing, a file that cannot be written)."""


def have_matplotlib() -> bool:
    try:
        import_module("matplotlib")
    except ImportError:
        return False
    return True


def cjk_font() -> str | None:
    """The family name of an installed font that has Chinese glyphs, or None. matplotlib's own
    fonts are passed over: none has them (its "Last Resort" font maps every character to a
    placeholder box)."""
    mpl: Any = import_module("matplotlib")
    fm: Any = import_module("matplotlib.font_manager")
    ft2font: Any = import_module("matplotlib.ft2font")
    own = os.path.realpath(mpl.get_data_path())
    seen: set[str] = set()
    for entry in sorted(fm.fontManager.ttflist, key=lambda f: (f.name, f.fname)):
        if entry.name in seen or os.path.realpath(entry.fname).startswith(own + os.sep):
            continue
        seen.add(entry.name)
        try:
            charmap = ft2font.FT2Font(entry.fname).get_charmap()
        except Exception:  # a font file FreeType cannot open: not one to use
            continue
        if all(ord(c) in charmap for c in _PROBE):
            return str(entry.name)
    return None


def usable_lang(lang: str) -> tuple[str, list[str]]:
    """The language a plot can be drawn in (``zh`` needs a font with Chinese glyphs:
    :func:`cjk_font`), and a note for the user when it is not the one asked for."""
    if lang != "zh" or cjk_font() is not None:
        return lang, []
    return "en", ["no font with Chinese glyphs is installed: the plot's labels are in English "
                  "(install one, e.g. Debian's fonts-noto-cjk)"]


def _label(key: str, labels: Mapping[str, str]) -> str:
    return labels.get(key, key)


def _rate_panel(ax: Any, rows: Sequence[Mapping[str, Any]], title: str, axis: str,
                labels: Mapping[str, str], lift: bool) -> None:
    keys = [_label(r["key"], labels) for r in rows]
    if lift:
        values = [r.get("lift", 0.0) for r in rows]
        lows = [r.get("lift_low", 0.0) for r in rows]
        highs = [r.get("lift_high", 0.0) for r in rows]
    else:
        values = [r["rate"] for r in rows]
        lows = [r["low"] for r in rows]
        highs = [r["high"] for r in rows]
    errors = [[v - lo for v, lo in zip(values, lows, strict=True)],
              [hi - v for v, hi in zip(values, highs, strict=True)]]
    ys = list(range(len(rows)))
    ax.barh(ys, values, xerr=errors, color="#4c72b0", ecolor="#222222", capsize=2, height=0.6)
    ax.set_yticks(ys, keys)
    ax.invert_yaxis()
    ax.axvline(0.0, color="#888888", linewidth=0.8)
    ax.set_xlabel(axis)
    ax.set_title(title, fontsize=10)
    ax.grid(axis="x", alpha=0.3)


def _length_panel(ax: Any, values: Sequence[int], words: Mapping[str, str],
                  lengths: Mapping[str, Any]) -> None:
    ax.hist(values, bins=min(50, max(5, len(set(values)))), color="#55a868")
    ax.set_xlabel(words["turns"])
    ax.set_ylabel(words["games"])
    ax.set_title(words["lengths"], fontsize=10)
    if "turns" in lengths:
        ax.axvline(lengths["turns"]["median"], color="#c44e52", linewidth=1)
        ax.text(lengths["turns"]["median"], ax.get_ylim()[1] * 0.95,
                " " + words["median"].format(v=lengths["turns"]["median"]), color="#c44e52",
                fontsize=8, va="top")


def plot(report: Mapping[str, Any], turns: Sequence[int], path: str, *, lang: str = "en",
         labels: Mapping[str, str] | None = None, game: str = "") -> list[str]:
    """Draw ``report`` (:func:`sgscore.stats.report`) into ``path`` (``.png`` or ``.svg``): one
    panel per grouping (a general's lift over its roles), the sides, and the histogram of
    ``turns``. ``labels`` give the keys' display names (``caocao``: Cao Cao, 曹操) and ``game``
    names the game, in ``lang``; a key without a label is shown as it is; without a font for
    ``zh`` the plot is drawn in English (ask :func:`usable_lang` first, to give English labels).
    Returns notes for the user (a language that could not be used)."""
    try:
        mpl: Any = import_module("matplotlib")
    except ImportError:
        raise PlotError("plots need matplotlib: pip install 'sgscore[plot]'") from None
    mpl.use("Agg")
    plt: Any = import_module("matplotlib.pyplot")
    rc: dict[str, Any] = {"svg.hashsalt": "sgscore", "font.size": 9}
    asked = lang
    lang, notes = usable_lang(lang)
    if lang == "zh":
        rc["font.sans-serif"] = [cjk_font(), "DejaVu Sans"]
        rc["axes.unicode_minus"] = False
    words = WORDS[lang]
    # display names (Cao Cao, 曹操) in the language asked; ids when it could not be used
    shown = dict(labels or {}) if lang == asked else {}
    by: Mapping[str, Sequence[Mapping[str, Any]]] = report.get("by", {})
    panels = [(dim, rows) for dim, rows in by.items() if rows]
    heights = [max(1.6, 0.22 * len(rows) + 0.8) for _, rows in panels] + [2.0, 2.6]
    with mpl.rc_context(rc):
        fig, axes = plt.subplots(len(heights), 1, figsize=(7.0, sum(heights) + 0.6),
                                 gridspec_kw={"height_ratios": heights}, squeeze=False)
        for ax, (dim, rows) in zip(axes[:, 0], panels, strict=False):
            lift = dim == "general" and "lift" in rows[0]
            _rate_panel(ax, rows, words["lift"] if lift else words["by"].format(
                dim=words.get(dim, dim)), words["lift_axis"] if lift else words["rate"],
                shown, lift)
        sides = [dict(r, key=words["draw"] if r["key"] == "draw" else r["key"])
                 for r in report.get("sides", [])]
        _rate_panel(axes[len(panels), 0], sides, words["sides"], words["share"], shown, False)
        _length_panel(axes[len(panels) + 1, 0], turns, words, report.get("lengths", {}))
        fig.suptitle(words["title"].format(games=report.get("finished", 0), game=game),
                     fontsize=10)
        fig.tight_layout(rect=(0, 0, 1, 0.99))
        try:
            fig.savefig(path, metadata={"Date": None} if path.endswith(".svg") else
                        {"Software": None}, dpi=100)
        except OSError as e:
            raise PlotError(f"{path}: cannot write ({e.strerror or e})") from None
        finally:
            plt.close(fig)
    return notes
