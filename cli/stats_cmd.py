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

_BY = ("role", "general", "seat", "players", "agent", "skill")


def _load(source: str, workers: int, table: str | None,
          validate: bool = False) -> list[dict[str, Any]]:
    """The rows of SOURCE: a table file, a study folder (its results table), a folder of
    replays (read one by one, ``--table`` writes what was built) or one replay (``.mp``).
    Replays are read as the replay commands read them: streamed, within the reader's limits;
    one that cannot be read, or whose end record no engine writes, is refused with one line
    naming the file and the record, and nothing is reported. ``validate``: every replay is
    re-simulated and checked (a study folder is read from its replays, not its table; a table
    alone holds no game to re-simulate: a usage error)."""
    from sgscore.study import (
        TABLE_CSV,
        TABLE_PARQUET,
        StudyError,
        have_pyarrow,
        read_table,
        row_of_replay,
        rows_of_folder,
        write_table_file,
    )

    if validate and os.path.isfile(source) and not source.endswith(".mp"):
        raise click.UsageError(f"{source}: --validate re-simulates replays, and a results table "
                               "holds none: give the study's folder or the replays")
    try:
        if os.path.isdir(source) and table is None and not validate:
            for name in ((TABLE_PARQUET, TABLE_CSV) if have_pyarrow() else (TABLE_CSV,)):
                path = os.path.join(source, name)
                if os.path.isfile(path):
                    return read_table(path)
        if os.path.isdir(source):
            count = sum(1 for n in os.listdir(source) if n.endswith(".mp"))
            with progress(count, "reading") as bar:
                rows = rows_of_folder(source, workers=workers, on_row=lambda _: bar.advance(),
                                      validate=validate)
        elif not os.path.exists(source):
            fail(f"{source}: no such file or folder")
        elif source.endswith(".mp"):
            rows = [row_of_replay(source, validate)]
        else:
            return read_table(source)
        if table is not None:
            write_table_file(rows, table)
        return rows
    except StudyError as e:
        fail(str(e))


# ---------------------------------------------------------------------------- words
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "head": "{source}: {games} games, {finished} finished ({draws} draws), {unfinished} "
                "unfinished (engine errors, cut short: left out)",
        "setup": "  {n} x {game}, {players} players, config {config}, agents {agents}",
        "pooled": "  pooled: the games of {n} setups in each table (--pool)",
        "sides": "Games won, by side (share of the finished games):",
        "by": "Win rate by {dim} (seats; a draw is not a win; intervals count games):",
        "by_general": "Win rate by general, and its lift over its roles' base rates (rate "
                      "less the rate its roles would give), best lift first:",
        "few": "Too few games to read (fewer than {n}): {groups}",
        "few_item": "{key} ({n})", "sep": ", ",
        "lengths": "Game length (finished games):",
        "side": "side", "role": "role", "general": "general", "seat": "seat",
        "players": "players", "agent": "agent",
        "games": "games", "seats": "seats", "wins": "wins", "rate": "rate",
        "interval": "95% interval", "expected": "expected", "lift": "lift",
        "score": "mean score", "turns": "turns", "rounds": "rounds", "decisions": "decisions",
        "min": "min", "q1": "q1", "median": "median", "q3": "q3", "p90": "p90", "max": "max",
        "mean": "mean", "sd": "sd", "draw": "draw",
        "tests": "Tests: two-proportion z-test (pooled), or Fisher's exact test when a cell's "
                 "expected count is under 5; p_holm: Holm's adjustment over the rows of a table.",
        "a_games": "A games", "a_rate": "A rate", "b_games": "B games", "b_rate": "B rate",
        "test": "test", "stat": "stat", "p": "p", "p_holm": "p_holm",
        "z": "z", "fisher": "fisher",
        "mean_length": "mean length", "welch": "(Welch z, normal approximation)",
        "welch_row": "z {z}, p {p}",
        "same": "Settings: the same in both (game, engine, config, players, agents).",
        "differ": "Settings that differ (a difference below may be theirs, not the rules'):",
        "differ_item": "  {setting}: A {a}; B {b}",
        "game": "game", "engine": "engine", "config": "config", "agents": "agents",
        "skills": "Skills fired, by general (games: the seats he played; fired: the uses told; "
                  "with any: the games in which it fired at least once):",
        "skill": "skill", "fired": "fired", "per_game": "per game", "with_any": "with any",
        "skill_note": "A skill told by no event (it only changes a distance, a limit or who "
                      "may be targeted: 马术, 空城, 飞将, ...) counts 0 whoever plays it.",
    },
    "zh": {
        "head": "{source}：共 {games} 局，完成 {finished} 局（平局 {draws} 局），未完成 {unfinished} "
                "局（引擎出错或中途截断：不计入）",
        "setup": "  {n} 局{game}，{players} 人，配置 {config}，代理 {agents}",
        "pooled": "  合并统计：每张表合并了 {n} 种设置的对局（--pool）",
        "sides": "各方获胜（占完成局数的比例）：",
        "by": "按{dim}的胜率（按座次计；平局不算获胜；区间按局数计）：",
        "by_general": "按武将的胜率，及其相对身份基准胜率的提升（胜率减去其身份应有的胜率），提升高者在前：",
        "few": "局数过少、不宜解读（少于 {n} 局）：{groups}",
        "few_item": "{key}（{n} 局）", "sep": "、",
        "lengths": "对局长度（完成的对局）：",
        "side": "获胜方", "role": "身份", "general": "武将", "seat": "座位",
        "players": "人数", "agent": "代理",
        "games": "局数", "seats": "座次", "wins": "获胜", "rate": "胜率",
        "interval": "95% 区间", "expected": "期望", "lift": "提升", "score": "平均得分",
        "turns": "回合", "rounds": "轮", "decisions": "决策",
        "min": "最小", "q1": "下四分位", "median": "中位数", "q3": "上四分位", "p90": "90%分位",
        "max": "最大", "mean": "平均", "sd": "标准差", "draw": "平局",
        "tests": "检验：双比例 z 检验（合并比例）；某格期望频数小于 5 时用费希尔精确检验。"
                 "霍尔姆 p：对一张表各行的霍尔姆校正。",
        "a_games": "A 局数", "a_rate": "A 胜率", "b_games": "B 局数", "b_rate": "B 胜率",
        "test": "检验", "stat": "统计量", "p": "p 值", "p_holm": "霍尔姆 p",
        "z": "z", "fisher": "费希尔",
        "mean_length": "平均长度", "welch": "（韦尔奇 z，正态近似）",
        "welch_row": "z {z}，p 值 {p}",
        "same": "设置：两者相同（游戏、引擎、配置、人数、代理）。",
        "differ": "两者的设置不同（下面的差异可能来自设置，而非规则）：",
        "differ_item": "  {setting}：A 为 {a}；B 为 {b}",
        "game": "游戏", "engine": "引擎版本", "config": "配置", "agents": "代理",
        "skills": "按武将的技能发动次数（局数：该武将所在的座次；发动：记录的发动次数；有发动：至少发动一次的局数）：",
        "skill": "技能", "fired": "发动", "per_game": "每局", "with_any": "有发动",
        "skill_note": "不记录事件的技能（只改变距离、上限或能否成为目标：马术、空城、飞将等）无论谁使用都计为 0。",
    },
}

_AGENTS_ZH = {"random": "随机", "heuristic": "启发式"}
"""The agents' names in Chinese (the agents every installed game has: ``GameSpec``)."""


def _word(lang: str, which: str, **values: Any) -> str:
    text = _WORDS[lang][which]
    return text.format(**values) if values else text


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _right(text: str, width: int) -> str:
    from sgscore.core.telling import text_width

    return " " * (width - text_width(text)) + text


def _name(key: str, labels: Mapping[str, str]) -> str:
    return labels.get(key, key)


def _rate_lines(rows: Sequence[Mapping[str, Any]], title: str, labels: Mapping[str, str],
                unit: str, lang: str) -> list[str]:
    from sgscore.core.telling import pad, text_width

    w = _WORDS[lang]
    lift = any("lift" in r for r in rows)
    scored = any("score" in r for r in rows)
    width = max([text_width(title)] + [text_width(_name(r["key"], labels)) for r in rows])
    games = unit == "seats" and any(r["games"] != r["n"] for r in rows)
    head = (f"  {pad(title, width)} {_right(w[unit], 7)}"
            + (f" {_right(w['games'], 7)}" if games else "")
            + f" {_right(w['wins'], 7)} {_right(w['rate'], 6)}  {w['interval']}")
    if lift:
        head += f"      {_right(w['expected'], 8)} {_right(w['lift'], 6)}  {w['interval']}"
    if scored:
        head += f"  {_right(w['score'], 10)}"
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


def _few_lines(few: Mapping[str, Any], labels: Mapping[str, str], lang: str) -> list[str]:
    """The groups with too few games, named, in lines of at most about 100 columns (cut
    between groups)."""
    from sgscore.core.telling import text_width

    groups = few.get("groups") or []
    if not groups:
        return []
    sep = _WORDS[lang]["sep"]
    items = [_word(lang, "few_item", key=_name(g["key"], labels), n=g["games"]) for g in groups]
    pieces = [_word(lang, "few", n=few["threshold"], groups=items[0])]
    pieces += items[1:]
    lines = [pieces[0]]
    for i, piece in enumerate(pieces[1:]):
        lines[-1] += sep.rstrip() if lang == "en" else sep
        if text_width(lines[-1] + " " + piece) > 96:
            lines.append(piece)
        else:
            lines[-1] += (" " if lang == "en" else "") + piece
        del i
    return ["  " + lines[0]] + ["    " + x for x in lines[1:]]


def _length_lines(lengths: Mapping[str, Mapping[str, Any]], lang: str) -> list[str]:
    from sgscore.core.telling import pad, text_width

    w = _WORDS[lang]
    width = max([10] + [text_width(w[name]) for name in lengths])
    cols = (("min", 5), ("q1", 5), ("median", 6), ("q3", 5), ("p90", 5), ("max", 5),
            ("mean", 7), ("sd", 7))
    widths = [max(n, text_width(w[key])) for key, n in cols]
    out = ["  " + " " * width + "".join(f" {_right(w[key], n)}"
                                        for (key, _), n in zip(cols, widths, strict=True))]
    for name, d in lengths.items():
        cells = [str(d[key]) if key not in ("mean", "sd") else f"{d[key]:.1f}" for key, _ in cols]
        out.append(f"  {pad(w.get(name, name), width)}"
                   + "".join(f" {_right(c, n)}" for c, n in zip(cells, widths, strict=True)))
    return out


def _game_title(game: str, lang: str) -> str:
    from sgscore.core.games import get_game

    spec = get_game(game)
    return spec.title.get(lang, game) if spec is not None and lang != "en" else game


def _skill_lines(rows: Sequence[Mapping[str, Any]], labels: Mapping[str, str],
                 lang: str) -> list[str]:
    """The skills table: a row per general, skill and agent (the general named on his first
    row only)."""
    from sgscore.core.telling import pad, text_width

    w = _WORDS[lang]
    heads = [w["general"], w["skill"], w["agent"]]
    cells = [[_name(r["general"], labels), _name(r["skill"], labels), _name(r["agent"], labels)]
             for r in rows]
    widths = [max([text_width(h)] + [text_width(c[i]) for c in cells]) for i, h in
              enumerate(heads)]
    nums = [(w["games"], 6), (w["fired"], 6), (w["per_game"], 8), (w["with_any"], 8)]
    nw = [max(n, text_width(h)) for h, n in nums]
    out = ["  " + " ".join(pad(h, wd) for h, wd in zip(heads, widths, strict=True))
           + "".join(f" {_right(h, n)}" for (h, _), n in zip(nums, nw, strict=True))
           + f"  {w['interval']}"]
    last = None
    for r, c in zip(rows, cells, strict=True):
        shown = [c[0] if r["general"] != last else "", c[1], c[2]]
        last = r["general"]
        values = [str(r["games"]), str(r["fired"]), f"{r['per_game']:.2f}", _pct(r["rate"])]
        out.append("  " + " ".join(pad(x, wd) for x, wd in zip(shown, widths, strict=True))
                   + "".join(f" {_right(v, n)}" for v, n in zip(values, nw, strict=True))
                   + f"  [{_pct(r['low'])}, {_pct(r['high'])}]")
    return out


def _skills(source: str, workers: int, lang: str) -> list[dict[str, Any]]:
    """The skills table of SOURCE's replays (a folder's or one replay; a table has none)."""
    from sgscore.skilluse import replay_paths, skill_games, skill_table
    from sgscore.study import StudyError

    if not os.path.exists(source):
        fail(f"{source}: no such file or folder")
    if not os.path.isdir(source) and not source.endswith(".mp"):
        fail(f"{source}: --by skill reads the games' replays (a folder of them, or one FILE.mp), "
             "not a results table")
    paths = replay_paths(source)
    if not paths:
        fail(f"{source}: --by skill reads the games' replays, and the folder holds none")
    try:
        with progress(len(paths), "re-simulating") as bar:
            games = skill_games(paths, workers=workers, on_game=lambda _: bar.advance())
    except StudyError as e:
        fail(str(e))
    return skill_table(games)


def format_report(rep: Mapping[str, Any], source: str, labels: Mapping[str, str],
                  lang: str = "en") -> list[str]:
    """The report as text, in ``lang`` (every word; ``labels`` name the keys)."""
    lines = [_word(lang, "head", source=source, games=rep["games"], finished=rep["finished"],
                   draws=rep["draws"], unfinished=rep["unfinished"])]
    for s in rep["setups"]:
        agents = " ".join(_name(a, labels) for a in s["agents"].split(" "))
        lines.append(_word(lang, "setup", n=s["games"], game=_game_title(s["game"], lang),
                           players=s["players"], config=s["config"], agents=agents))
    if rep.get("pooled"):
        lines.append(_word(lang, "pooled", n=rep["pooled"]))
    lines += ["", _word(lang, "sides")]
    lines += _rate_lines(rep["sides"], _word(lang, "side"), labels, "games", lang)
    few = rep.get("few", {})
    for dim, rows in rep["by"].items():
        title = (_word(lang, "by_general") if dim == "general" else
                 _word(lang, "by", dim=_word(lang, dim)))
        lines += ["", title]
        lines += _rate_lines(rows, _word(lang, dim), labels, "seats", lang)
        lines += _few_lines(few.get(dim, {}), labels, lang)
    lines += ["", _word(lang, "lengths")] + _length_lines(rep["lengths"], lang)
    if rep.get("skills") is not None:
        lines += ["", _word(lang, "skills")] + _skill_lines(rep["skills"], labels, lang)
        lines.append("  " + _word(lang, "skill_note"))
    return lines


def _compare_lines(cmp: Mapping[str, Any], a: str, b: str, labels: Mapping[str, str],
                   lang: str = "en") -> list[str]:
    from sgscore.core.telling import pad, text_width

    w = _WORDS[lang]
    lines = [f"A: {a}", f"B: {b}"]
    diffs = cmp.get("differences") or []
    if diffs:
        lines.append(w["differ"])
        for d in diffs:
            lines.append(_word(lang, "differ_item", setting=w[d["setting"]],
                               a=" | ".join(d["a"]), b=" | ".join(d["b"])))
    else:
        lines.append(w["same"])
    lines.append(w["tests"])
    heads = [(w["a_games"], 7), (w["a_rate"], 6), (w["b_games"], 7), (w["b_rate"], 6),
             ("A-B", 6), (w["test"], 6), (w["stat"], 6), (w["p"], 9), (w["p_holm"], 9)]
    widths = [max(n, text_width(h)) for h, n in heads]
    groups = [("side", cmp["sides"])] + [(d, rows) for d, rows in cmp["by"].items()]
    for dim, rows in groups:
        title = w[dim]
        width = max([text_width(title)] + [text_width(_name(r["key"], labels)) for r in rows])
        lines += ["", f"  {pad(title, width)}"
                  + "".join(f" {_right(h, n)}" for (h, _), n in zip(heads, widths, strict=True))]
        for r in rows:
            stat = "" if r["statistic"] is None else f"{r['statistic']:+.2f}"
            cells = [str(r["games_a"]), _pct(r["rate_a"]), str(r["games_b"]), _pct(r["rate_b"]),
                     f"{100 * r['difference']:+.1f}", w.get(r["test"], r["test"]), stat,
                     f"{r['p']:.3g}", f"{r['p_holm']:.3g}"]
            lines.append(f"  {pad(_name(r['key'], labels), width)}"
                         + "".join(f" {_right(c, n)}" for c, n in zip(cells, widths, strict=True)))
    if cmp["lengths"]:
        width = max(text_width(w[k]) for k in ("mean_length", *cmp["lengths"]))
        lines += ["", f"  {pad(w['mean_length'], width)} {_right('A', 8)} {_right('B', 8)} "
                      f"{_right('A-B', 8)}  {w['welch']}"]
        for name, d in cmp["lengths"].items():
            lines.append(f"  {pad(w.get(name, name), width)} {d['mean_a']:>8.2f} {d['mean_b']:>8.2f} "
                         f"{d['difference']:>+8.2f}  "
                         + _word(lang, "welch_row", z=f"{d['statistic']:+.2f}", p=f"{d['p']:.3g}"))
    return lines


def _labels(rows: Sequence[Mapping[str, Any]], lang: str) -> dict[str, str]:
    """Names in ``lang`` of the keys the tables show: generals, roles and sides (from each
    game's catalogue and teller), agents, and the draw."""
    from sgscore.stats import names

    games = sorted({str(r.get("game")) for r in rows})
    roles = sorted({str(x) for r in rows for x in (r.get("roles") or []) if x is not None}
                   | {str(r["winner"]) for r in rows if r.get("winner") is not None})
    out: dict[str, str] = {"draw": _WORDS[lang]["draw"]}
    if lang == "zh":
        out.update(_AGENTS_ZH)
    for g in games:
        out.update(names(g, lang, roles))
    return out


def _skill_names(rows: Sequence[Mapping[str, Any]], lang: str) -> dict[str, str]:
    """The skills' names in ``lang``, from each game's catalogue."""
    from sgscore.core.games import get_game

    out: dict[str, str] = {}
    for gid in sorted({str(r.get("game")) for r in rows}):
        spec = get_game(gid)
        if spec is not None:
            for sk in spec.catalogue().get("skills", []):
                out[str(sk["id"])] = str(sk.get(lang) or sk["id"])
    return out


def _one_setup(rows: Sequence[Mapping[str, Any]], source: str) -> None:
    """Refuse, in one line, a source whose games come from several setups (their rates would
    be pooled into one table)."""
    from sgscore.stats import setups

    found = setups(rows)
    if len(found) <= 1:
        return
    shown = "; ".join(f"{s['games']} x {s['game']} {s['players']} players config {s['config']}"
                      for s in found[:3])
    more = f"; and {len(found) - 3} more" if len(found) > 3 else ""
    fail(f"{source}: its games come from {len(found)} setups, which one table would pool: "
         f"{shown}{more}. Give each setup its own folder or table, or pass --pool to pool "
         "them (--by players then gives each player count its rate)")


@click.command()
@click.argument("source", type=click.Path())
@click.option("--by", "by", multiple=True, type=click.Choice(_BY), metavar="|".join(_BY),
              help="Group the win rates (repeat for several; default: role). By general, each "
                   "also gets its lift over its roles. 'skill': how often each general's skills "
                   "fired per game, by agent (the replays are re-simulated).")
@click.option("--compare", "other", type=click.Path(), metavar="SOURCE2",
              help="Compare with another study (before/after a rules change): every group's "
                   "rates in both, the difference and a significance test; says which settings "
                   "differ.")
@click.option("--min-games", type=click.IntRange(1), default=None, metavar="N",
              help="Name the groups with fewer games than this as too few to read "
                   "(default: 100).")
@click.option("--pool", "pooled", is_flag=True,
              help="Pool games of several setups (games, player counts, modes, options) into "
                   "each table; without it such a source is refused.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False), metavar="OUT.png|OUT.svg",
              help="Also draw the win rates and the length histogram (the 'plot' extra).")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="The report's language (every word, the names of generals, roles and "
                   "sides), and the plot's.")
@click.option("--table", "table", type=click.Path(dir_okay=False), metavar="OUT.csv|OUT.parquet",
              help="With a folder of replays: also write the table built from them.")
@click.option("--workers", "-j", type=click.IntRange(1), default=1, show_default=True,
              help="Processes reading a folder of replays.")
@click.option("--validate", is_flag=True,
              help="Re-simulate every replay, checking each record as `sgs replay validate` "
                   "does, and refuse one that does not hold (a study's folder is then read from "
                   "its replays, not its table).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
def stats(source: str, by: tuple[str, ...], other: str | None, min_games: int | None,
          pooled: bool, plot_path: str | None, lang: str, table: str | None, workers: int,
          validate: bool, as_json: bool) -> None:
    """Win rates with confidence intervals, game lengths, two studies compared.

    SOURCE is a study's folder (its results.parquet or results.csv, which sgs sim -n writes),
    a results table, a folder of replays (read one by one; --table keeps the table built) or
    one replay (FILE.mp). A replay is read as the replay commands read it (within the same
    limits); one that cannot be read, or whose end record is not one its game writes for its
    config (entries, types, lengths, a winner that the roles and the living contradict), is
    refused with one line naming the file and the record. Its end record is read, not
    re-simulated, for speed: --validate re-simulates every replay as `sgs replay validate`
    does and refuses one that does not hold (a study's folder is then read from its replays,
    not its table). The games must come from one setup (game, players, mode and options)
    unless --pool is given.

    Win rates count the seats of finished games: a seat wins when its side wins (a draw is
    not a win); each comes with its 95% Wilson interval. Groups with fewer games than
    --min-games (100) are named as too few to read, generals that no game played among them.
    By general, a general's lift is its win rate less the rate its roles would give at their
    base rates, so that a general dealt as lord more often is not taken for a strong one.
    --compare SOURCE2 tests every group's difference (two-proportion z-test, or Fisher's exact
    test for small counts) and Holm's adjustment over the groups, and says which settings of
    the two studies differ.

    --by skill adds how often each general's skills fired, per game of the general and by
    agent, with the share of his games in which each fired at least once: the replays of
    SOURCE (a folder, or FILE.mp) are re-simulated, so replays recorded with --no-events
    serve as well.

    \b
    Examples:
      sgs stats study/
      sgs stats study/ --by role --by general --plot study.png
      sgs stats before/ --compare after/ --by role
      sgs stats replays/ --table replays.csv --json
      sgs stats study/ --by general --lang zh
      sgs stats study/ --by skill
      sgs stats replays/ --validate
    """
    from sgscore import stats as st

    skills = "skill" in by
    dims = [d for d in by if d != "skill"] or ([] if skills else ["role"])
    if skills and other is not None:
        raise click.UsageError("--by skill reports one study; it does not compare two")
    threshold = st.MIN_GAMES if min_games is None else min_games
    if plot_path is not None and not plot_path.endswith((".png", ".svg")):
        raise click.BadParameter(f"{plot_path}: expected a .png or .svg file name",
                                 param_hint="'--plot'")
    rows = _load(source, workers, table, validate)
    if not pooled:
        _one_setup(rows, source)
    notes: list[str] = []
    plot_lang = lang
    if plot_path is not None:
        plot_lang, notes = _plot_lang(lang)
    labels = _labels(rows, lang)
    shown = labels if lang != "en" else {}  # the text names keys by id in English
    if other is not None:
        rows_b = _load(other, workers, None, validate)
        if not pooled:
            _one_setup(rows_b, other)
        cmp = st.compare(rows, rows_b, dims)
        cmp["differences"] = st.differences(rows, rows_b)
        if as_json:
            echo_json({"a": source, "b": other, **cmp})
        else:
            both = {**labels, **_labels(rows_b, lang)} if lang != "en" else {}
            for line in _compare_lines(cmp, source, other, both, lang):
                click.echo(line)
        return
    rep = st.report(rows, dims, threshold)
    if skills:
        rep["skills"] = _skills(source, workers, lang)
        if lang != "en":
            shown = {**shown, **_skill_names(rows, lang)}
    setups = len(st.setups(rows))
    rep["pooled"] = setups if setups > 1 else 0
    if plot_path is not None:
        _plot(rep, rows, plot_path, plot_lang, _labels(rows, plot_lang))
        for note in notes:
            click.echo(f"note: {note}", err=True)
    if as_json:
        echo_json({"source": source, **rep})
        return
    for line in format_report(rep, source, shown, lang):
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
