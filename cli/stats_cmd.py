"""``sgs stats``: a study's results as statistics: win rates with 95% Wilson intervals, game
lengths, each general's lift over its role, two studies compared, plots.

The numbers are :mod:`sgscore.stats`'s, the table :mod:`sgscore.study`'s (or built here from a
folder of replays), the pictures :mod:`sgscore.plots`'s; this module only reads the source and
formats. It names no game: labels in Chinese come from the game's catalogue and teller.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

import click

from .common import echo_json, fail, progress

__all__ = ["stats"]

_BY = ("role", "general", "seat", "players", "agent")


def _load(source: str, workers: int, table: str | None) -> list[dict[str, Any]]:
    """The rows of SOURCE: a table file, a study folder (its results table), or a folder of
    replays (read one by one, ``--table`` writes what was built)."""
    from sgscore.study import (
        TABLE_CSV,
        TABLE_PARQUET,
        StudyError,
        have_pyarrow,
        read_table,
        rows_of_folder,
        write_table_file,
    )

    try:
        if os.path.isdir(source) and table is None:
            for name in ((TABLE_PARQUET, TABLE_CSV) if have_pyarrow() else (TABLE_CSV,)):
                path = os.path.join(source, name)
                if os.path.isfile(path):
                    return read_table(path)
        if os.path.isdir(source):
            count = sum(1 for n in os.listdir(source) if n.endswith(".mp"))
            with progress(count, "reading") as bar:
                rows = rows_of_folder(source, workers=workers, on_row=lambda _: bar.advance())
            if table is not None:
                write_table_file(rows, table)
            return rows
        if not os.path.exists(source):
            fail(f"{source}: no such file or folder")
        return read_table(source)
    except StudyError as e:
        fail(str(e))


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _rate_lines(rows: Sequence[Mapping[str, Any]], title: str, labels: Mapping[str, str],
                unit: str) -> list[str]:
    from sgscore.core.telling import pad, text_width

    lift = any("lift" in r for r in rows)
    scored = any("score" in r for r in rows)
    width = max([len(title)] + [text_width(_name(r["key"], labels)) for r in rows])
    games = unit == "seats" and any(r["games"] != r["n"] for r in rows)
    head = f"  {title:<{width}} {unit:>7}" + (f" {'games':>7}" if games else "") + \
        f" {'wins':>7} {'rate':>6}  95% interval"
    if lift:
        head += "      expected   lift  95% interval"
    if scored:
        head += "  mean score"
    out = [head]
    for r in rows:
        line = (f"  {pad(_name(r['key'], labels), width)} {r['n']:>7}"
                + (f" {r['games']:>7}" if games else "")
                + f" {r['wins']:>7} {_pct(r['rate'])}  [{_pct(r['low'])}, {_pct(r['high'])}]")
        if lift and "lift" in r:
            line += (f"  {r['expected']:>9.1f} {100 * r['lift']:+6.1f}  "
                     f"[{100 * r['lift_low']:+5.1f}, {100 * r['lift_high']:+5.1f}]")
        if scored and "score" in r:
            line += f"  {r['score']:>10.2f}"
        out.append(line)
    return out


def _name(key: str, labels: Mapping[str, str]) -> str:
    shown = labels.get(key)
    return f"{key} {shown}" if shown and shown != key else key


def _length_lines(lengths: Mapping[str, Mapping[str, Any]]) -> list[str]:
    out = [f"  {'':<10} {'min':>5} {'q1':>5} {'median':>6} {'q3':>5} {'p90':>5} {'max':>5} "
           f"{'mean':>7} {'sd':>7}"]
    for name, d in lengths.items():
        out.append(f"  {name:<10} {d['min']:>5} {d['q1']:>5} {d['median']:>6} {d['q3']:>5} "
                   f"{d['p90']:>5} {d['max']:>5} {d['mean']:>7.1f} {d['sd']:>7.1f}")
    return out


def format_report(rep: Mapping[str, Any], source: str,
                  labels: Mapping[str, str]) -> list[str]:
    """The report as text."""
    lines = [f"{source}: {rep['games']} games, {rep['finished']} finished "
             f"({rep['draws']} draws), {rep['unfinished']} unfinished (engine errors, cut "
             "short: left out)"]
    for s in rep["setups"]:
        lines.append(f"  {s['games']} x {s['game']}, {s['players']} players, config "
                     f"{s['config']}, agents {s['agents']}")
    lines += ["", "Games won, by side (share of the finished games):"]
    lines += _rate_lines(rep["sides"], "side", labels, "games")
    for dim, rows in rep["by"].items():
        lines += ["", f"Win rate by {dim} (seats; a draw is not a win; intervals count "
                      "games):"]
        if dim == "general":
            lines[-1] = ("Win rate by general, and its lift over its roles' base rates "
                         "(rate less the rate its roles would give), best lift first:")
        lines += _rate_lines(rows, dim, labels, "seats")
    lines += ["", "Game length (finished games):"] + _length_lines(rep["lengths"])
    return lines


def _compare_lines(cmp: Mapping[str, Any], a: str, b: str,
                   labels: Mapping[str, str]) -> list[str]:
    lines = [f"A: {a}", f"B: {b}",
             "Tests: two-proportion z-test (pooled), or Fisher's exact test when a cell's "
             "expected count is under 5; p_holm: Holm's adjustment over the rows of a table."]
    from sgscore.core.telling import pad, text_width

    groups = [("side", cmp["sides"])] + [(d, rows) for d, rows in cmp["by"].items()]
    for title, rows in groups:
        width = max([len(title)] + [text_width(_name(r["key"], labels)) for r in rows])
        lines += ["", f"  {title:<{width}} {'A games':>7} {'A rate':>6} {'B games':>7} {'B rate':>6} "
                      f"{'A-B':>6} {'test':>6} {'stat':>6} {'p':>9} {'p_holm':>9}"]
        for r in rows:
            stat = "" if r["statistic"] is None else f"{r['statistic']:+.2f}"
            lines.append(f"  {pad(_name(r['key'], labels), width)} {r['games_a']:>7} "
                         f"{_pct(r['rate_a'])} {r['games_b']:>7} {_pct(r['rate_b'])} "
                         f"{100 * r['difference']:+6.1f} {r['test']:>6} {stat:>6} "
                         f"{r['p']:>9.3g} {r['p_holm']:>9.3g}")
    if cmp["lengths"]:
        lines += ["", "  mean length     A        B      A-B  (Welch z, normal approximation)"]
        for name, d in cmp["lengths"].items():
            lines.append(f"  {name:<10} {d['mean_a']:>8.2f} {d['mean_b']:>8.2f} "
                         f"{d['difference']:>+8.2f}  z {d['statistic']:+.2f}, p {d['p']:.3g}")
    return lines


def _labels(rows: Sequence[Mapping[str, Any]], lang: str) -> dict[str, str]:
    from sgscore.stats import names

    if lang == "en":
        return {}
    games = sorted({str(r["game"]) for r in rows})
    roles = sorted({str(x) for r in rows for x in (r.get("roles") or []) if x is not None})
    out: dict[str, str] = {}
    for g in games:
        out.update(names(g, lang, roles))
    return out


@click.command()
@click.argument("source", type=click.Path())
@click.option("--by", "by", multiple=True, type=click.Choice(_BY), metavar="|".join(_BY),
              help="Group the win rates (repeat for several; default: role). By general, each "
                   "also gets its lift over its roles.")
@click.option("--compare", "other", type=click.Path(), metavar="SOURCE2",
              help="Compare with another study (before/after a rules change): every group's "
                   "rates in both, the difference and a significance test.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False), metavar="OUT.png|OUT.svg",
              help="Also draw the win rates and the length histogram (the 'plot' extra).")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Names of generals and roles, and the plot's labels.")
@click.option("--table", "table", type=click.Path(dir_okay=False), metavar="OUT.csv|OUT.parquet",
              help="With a folder of replays: also write the table built from them.")
@click.option("--workers", "-j", type=click.IntRange(1), default=1, show_default=True,
              help="Processes reading a folder of replays.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
def stats(source: str, by: tuple[str, ...], other: str | None, plot_path: str | None,
          lang: str, table: str | None, workers: int, as_json: bool) -> None:
    """Win rates with confidence intervals, game lengths, two studies compared.

    SOURCE is a study's folder (its results.parquet or results.csv, which sgs sim -n writes),
    a results table, or a folder of replays (read one by one; --table keeps the table built).
    Win rates count the seats of finished games: a seat wins when its side wins (a draw is
    not a win); each comes with its 95% Wilson interval. By general, a general's lift is its
    win rate less the rate its roles would give at their base rates, so that a general dealt
    as lord more often is not taken for a strong one. --compare SOURCE2 tests every group's
    difference (two-proportion z-test, or Fisher's exact test for small counts) and Holm's
    adjustment over the groups.

    \b
    Examples:
      sgs stats study/
      sgs stats study/ --by role --by general --plot study.png
      sgs stats before/ --compare after/ --by role
      sgs stats replays/ --table replays.csv --json
    """
    from sgscore import stats as st

    dims = list(by) or ["role"]
    if plot_path is not None and not plot_path.endswith((".png", ".svg")):
        raise click.BadParameter(f"{plot_path}: expected a .png or .svg file name",
                                 param_hint="'--plot'")
    rows = _load(source, workers, table)
    notes: list[str] = []
    if plot_path is not None:
        lang, notes = _plot_lang(lang)
    labels = _labels(rows, lang)
    if other is not None:
        rows_b = _load(other, workers, None)
        cmp = st.compare(rows, rows_b, dims)
        if as_json:
            echo_json({"a": source, "b": other, **cmp})
        else:
            for line in _compare_lines(cmp, source, other, labels):
                click.echo(line)
        return
    rep = st.report(rows, dims)
    if plot_path is not None:
        _plot(rep, rows, plot_path, lang, labels)
        for note in notes:
            click.echo(f"note: {note}", err=True)
    if as_json:
        echo_json({"source": source, **rep})
        return
    for line in format_report(rep, source, labels):
        click.echo(line)


def _plot(rep: Mapping[str, Any], rows: Sequence[Mapping[str, Any]], path: str, lang: str,
          labels: Mapping[str, str]) -> None:
    from sgscore.core.games import get_game
    from sgscore.plots import PlotError, plot
    from sgscore.stats import finished

    turns = [r["turns"] for r in rows if finished(r) and isinstance(r.get("turns"), int)]
    titles = []
    for gid in sorted({str(r["game"]) for r in rows}):
        spec = get_game(gid)
        titles.append(spec.title.get(lang, gid) if spec is not None else gid)
    try:
        plot(rep, turns, path, lang=lang, labels=labels, game=", ".join(titles))
    except PlotError as e:
        fail(str(e))


def _plot_lang(lang: str) -> tuple[str, list[str]]:
    """The plot's language (English without a Chinese font), and the note that says so."""
    from sgscore.plots import PlotError, have_matplotlib, usable_lang

    if not have_matplotlib():
        fail(str(PlotError("plots need matplotlib: pip install 'sgscore[plot]'")))
    return usable_lang(lang)
