"""Statistics of a results table (:mod:`sgscore.study`): win rates with 95% Wilson intervals,
game lengths, each general's lift over its role's base rate, and two studies compared with a
significance test.

Why these: a study is thousands of games, so a win rate is a proportion whose uncertainty is
known; the Wilson score interval keeps its coverage near 0 and 1 and for small groups, where the
textbook ``p ± 1.96·sqrt(p(1-p)/n)`` does not. A general's raw win rate mostly says which roles
it was dealt (a lord wins more often than a renegade), so it is also given against what its roles
would win on average (its lift). Two studies are compared group by group with the two-proportion
z-test (pooled), or Fisher's exact test when a cell's expected count is under 5, where the
normal approximation fails; with many groups, Holm's adjustment says which differences survive
the number of tests.

Counts stay integers and rates fractions (:class:`~fractions.Fraction`); Fisher's test sums
integer hypergeometric weights exactly; square roots are taken in :mod:`decimal` at 40 digits,
and only the normal distribution's tail (``math.erfc``) is a float. The same table gives the same
numbers on any machine. Draws count as games not won; games that did not finish (an engine
error, a truncated replay) are left out and counted.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Context, Decimal
from fractions import Fraction
from typing import Any

__all__ = [
    "BY", "Z95", "Rate", "Seat", "wilson", "seats", "rates", "sides", "lifts", "lengths",
    "two_proportions", "fisher_exact", "holm", "compare", "report", "finished", "names",
    "MIN_GAMES", "few", "pool", "setups", "settings", "differences",
]

Z95 = Decimal("1.959963984540054")
"""The two-sided 95% quantile of the standard normal distribution."""

BY = ("role", "general", "seat", "players", "agent")
"""What win rates can be grouped by: a seat's role, general, seat number, the game's number of
players, the seat's agent."""

_DEC = Context(prec=40)
Row = Mapping[str, Any]


def _sqrt(x: Fraction) -> Decimal:
    return _DEC.sqrt(_DEC.divide(Decimal(x.numerator), Decimal(x.denominator)))


def _dec(x: Fraction) -> Decimal:
    return _DEC.divide(Decimal(x.numerator), Decimal(x.denominator))


def wilson(wins: int | Fraction, n: int, z: Decimal = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` out of ``n`` (95% with the default ``z``):
    ``(centre ± half) / (1 + z²/n)`` with ``centre = p + z²/2n`` and
    ``half = z·sqrt(p(1-p)/n + z²/4n²)``. ``(0, 1)`` when ``n`` is 0. ``wins`` may be a
    fraction (a rate times a number of games, see :class:`Rate`)."""
    if n == 0:
        return 0.0, 1.0
    p = Fraction(wins, n)
    z2 = Fraction(z) ** 2
    denom = 1 + z2 / n
    centre = _dec(p + z2 / (2 * n))
    half = _DEC.multiply(z, _sqrt(p * (1 - p) / n + z2 / (4 * n * n)))
    low = _DEC.divide(_DEC.subtract(centre, half), _dec(denom))
    high = _DEC.divide(_DEC.add(centre, half), _dec(denom))
    return max(0.0, float(low)), min(1.0, float(high))


@dataclass(frozen=True)
class Seat:
    """One seat of one finished game (what win rates count)."""

    game: int
    seat: int
    players: int
    role: str | None
    general: str | None
    agent: str | None
    outcome: str
    score: int | None


def finished(row: Row) -> bool:
    """Whether a row is a game that finished (no engine error, not cut short)."""
    return row.get("error") is None


def seats(rows: Sequence[Row]) -> list[Seat]:
    """Every seat of every finished game that says its outcomes."""
    out = []
    for i, row in enumerate(rows):
        outcomes = row.get("outcomes")
        if not finished(row) or not outcomes:
            continue
        n = len(outcomes)

        def at(key: str, seat: int, n: int = n, row: Row = row) -> Any:
            values = row.get(key)
            return values[seat] if isinstance(values, list) and len(values) == n else None

        for s, outcome in enumerate(outcomes):
            out.append(Seat(i, s, row.get("players") or n, at("roles", s), at("generals", s),
                            at("agents", s), outcome, at("scores", s)))
    return out


@dataclass(frozen=True)
class Rate:
    """Wins out of ``n`` (seats, or games for the sides) for one group, with its Wilson
    interval; for a general, also its lift over its roles (``expected``: the wins its roles
    would give at their base rates); in a game that keeps score, the seats' mean ``score``.

    The seats of one game are not independent (two rebels win or lose together), so the
    interval and the tests count games, not seats: ``games`` is the number of games in which
    the group has a seat, and the rate is taken as ``rate × games`` wins out of ``games``. For a
    group with one seat a game (a general, a seat number, the lord) the two are the same; for
    the rebels it is their games; for a group whose seats may part (two renegades, or everyone
    at once by number of players) it is wider than it need be, never narrower."""

    key: str
    n: int
    wins: int
    draws: int
    expected: Fraction | None = None
    score: Fraction | None = None  # the mean score of the seats, in a game that keeps score
    games: int | None = None  # the games the seats are in (None: one each)

    @property
    def units(self) -> tuple[Fraction, int]:
        """The wins and the count the interval and the tests use (see above)."""
        units = self.n if self.games is None else self.games
        return (Fraction(self.wins * units, self.n) if self.n else Fraction(0)), units

    @property
    def rate(self) -> float:
        return float(Fraction(self.wins, self.n)) if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(*self.units)

    @property
    def lift(self) -> float | None:
        """The rate less the rate its roles would give (percentage points / 100)."""
        if self.expected is None or not self.n:
            return None
        return float((self.wins - self.expected) / self.n)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        out: dict[str, Any] = {"key": self.key, "n": self.n, "wins": self.wins,
                               "draws": self.draws, "games": self.units[1],
                               "rate": _round(self.rate), "low": _round(low),
                               "high": _round(high)}
        if self.score is not None:
            out["score"] = _round(float(self.score))
        if self.expected is not None and self.n:
            shift = float(self.expected / self.n)
            out.update(expected=_round(float(self.expected)), lift=_round(self.lift or 0.0),
                       lift_low=_round(low - shift), lift_high=_round(high - shift),
                       ratio=_round(float(self.wins / self.expected)) if self.expected else None)
        return out


def _round(x: float) -> float:
    return round(x, 6)


def _key(value: Any) -> str:
    return "-" if value is None else str(value)


def _sort_key(key: str) -> tuple[int, int, str]:
    return (0, int(key), "") if key.isdigit() else (1, 0, key)


def _group(items: Iterable[Seat], key: Callable[[Seat], Hashable]) -> list[Rate]:
    counts: dict[str, list[int]] = {}
    for item in items:  # in game order
        c = counts.setdefault(_key(key(item)), [0, 0, 0, 0, 0, 0, -1])
        c[0] += 1
        c[1] += item.outcome == "win"
        c[2] += item.outcome == "draw"
        if item.score is not None:
            c[3] += 1
            c[4] += item.score
        if c[6] != item.game:
            c[5] += 1
            c[6] = item.game
    return [Rate(k, c[0], c[1], c[2], score=Fraction(c[4], c[3]) if c[3] else None,
                 games=c[5])
            for k, c in sorted(counts.items(), key=lambda kc: _sort_key(kc[0]))]


_BY_ATTR = {"role": "role", "general": "general", "seat": "seat", "players": "players",
            "agent": "agent"}


def rates(rows: Sequence[Row], by: str) -> list[Rate]:
    """Win rates of the seats grouped ``by`` one of :data:`BY` (sorted by key; numbers in
    order). By general, each carries its lift over its roles' base rates."""
    if by not in _BY_ATTR:
        raise ValueError(f"by: expected one of {', '.join(BY)}, got {by!r}")
    all_seats = seats(rows)
    out = _group(all_seats, lambda s: getattr(s, _BY_ATTR[by]))
    if by != "general":
        return out
    base = {r.key: Fraction(r.wins, r.n) for r in rates(rows, "role")}
    expected: dict[str, Fraction] = {}
    for s in all_seats:
        g = _key(s.general)
        expected[g] = expected.get(g, Fraction(0)) + base[_key(s.role)]
    return [Rate(r.key, r.n, r.wins, r.draws, expected[r.key], r.score, r.games)
            for r in out]


def lifts(rows: Sequence[Row]) -> list[Rate]:
    """The generals' rates with their lift, highest lift first (ties by id)."""
    return sorted(rates(rows, "general"), key=lambda r: (-(r.lift or 0.0), r.key))


def sides(rows: Sequence[Row]) -> list[Rate]:
    """Which side won, as a share of the finished games (``draw`` for none)."""
    games = [r for r in rows if finished(r)]
    counts: dict[str, int] = {}
    for r in games:
        side = r.get("winner") or "draw"
        counts[side] = counts.get(side, 0) + 1
    return [Rate(k, len(games), counts[k], counts[k] if k == "draw" else 0)
            for k in sorted(counts, key=_sort_key)]


def _quantile(values: Sequence[int], p: Fraction) -> int:
    """The nearest-rank quantile of sorted ``values``: the smallest value with at least a
    fraction ``p`` of them at or below it."""
    rank = max(1, math.ceil(p * len(values)))
    return values[rank - 1]


LENGTHS = ("turns", "rounds", "decisions")


def lengths(rows: Sequence[Row]) -> dict[str, dict[str, Any]]:
    """The distribution of each length (turns, rounds, decisions) over the finished games:
    count, min, quartiles, 90th percentile (nearest rank), max, mean and standard deviation."""
    out: dict[str, dict[str, Any]] = {}
    for name in LENGTHS:
        values = sorted(r[name] for r in rows if finished(r) and isinstance(r.get(name), int))
        if not values:
            continue
        n = len(values)
        mean = Fraction(sum(values), n)
        var = (Fraction(sum((v - mean) ** 2 for v in values), n - 1) if n > 1 else Fraction(0))
        out[name] = {
            "n": n, "min": values[0], "q1": _quantile(values, Fraction(1, 4)),
            "median": _quantile(values, Fraction(1, 2)), "q3": _quantile(values, Fraction(3, 4)),
            "p90": _quantile(values, Fraction(9, 10)), "max": values[-1],
            "mean": _round(float(mean)), "sd": _round(float(_sqrt(var))),
        }
    return out


# ---------------------------------------------------------------------------- tests
def two_proportions(k1: int | Fraction, n1: int, k2: int | Fraction,
                    n2: int) -> tuple[float, float]:
    """The two-proportion z-test (pooled): ``z`` of ``k1/n1 - k2/n2`` and its two-sided p-value.
    ``(0, 1)`` when it cannot be computed (an empty group, or every seat won or lost)."""
    if not n1 or not n2:
        return 0.0, 1.0
    pooled = Fraction(k1 + k2, n1 + n2)
    var = pooled * (1 - pooled) * (Fraction(1, n1) + Fraction(1, n2))
    if var == 0:
        return 0.0, 1.0
    z = float(_DEC.divide(_dec(Fraction(k1, n1) - Fraction(k2, n2)), _sqrt(var)))
    return z, math.erfc(abs(z) / math.sqrt(2))


def fisher_exact(k1: int, n1: int, k2: int, n2: int) -> float:
    """Fisher's exact test, two-sided, of the 2×2 table (wins, losses) × (first, second): the
    probability, given the margins, of a table no more likely than this one. Exact: integer
    hypergeometric weights, compared and summed as integers."""
    wins = k1 + k2
    low, high = max(0, wins - n2), min(wins, n1)
    weights = [math.comb(n1, x) * math.comb(n2, wins - x) for x in range(low, high + 1)]
    seen = weights[k1 - low]
    total = sum(weights)
    return float(Fraction(sum(w for w in weights if w <= seen), total)) if total else 1.0


def _small(k1: int | Fraction, n1: int, k2: int | Fraction, n2: int) -> bool:
    """Whether a cell's expected count is under 5 (the normal approximation's usual limit)."""
    n, wins = n1 + n2, k1 + k2
    if not n:
        return True
    return any(Fraction(row * col, n) < 5 for row in (n1, n2) for col in (wins, n - wins))


def holm(ps: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of p-values (the family-wise error rate), in their order."""
    order = sorted(range(len(ps)), key=lambda i: (ps[i], i))
    out = [1.0] * len(ps)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(ps) - rank) * ps[i]))
        out[i] = running
    return out


def _welch(a: Sequence[int], b: Sequence[int]) -> tuple[float, float]:
    """Two means compared (Welch's statistic, its normal approximation: studies have thousands
    of games): ``z`` and its two-sided p-value."""
    if len(a) < 2 or len(b) < 2:
        return 0.0, 1.0

    def mean_var(v: Sequence[int]) -> tuple[Fraction, Fraction]:
        m = Fraction(sum(v), len(v))
        return m, Fraction(sum((x - m) ** 2 for x in v), len(v) - 1)

    (ma, va), (mb, vb) = mean_var(a), mean_var(b)
    se2 = va / len(a) + vb / len(b)
    if se2 == 0:
        return 0.0, 1.0
    z = float(_DEC.divide(_dec(ma - mb), _sqrt(se2)))
    return z, math.erfc(abs(z) / math.sqrt(2))


def compare(a: Sequence[Row], b: Sequence[Row], by: Sequence[str]) -> dict[str, Any]:
    """Study ``a`` against study ``b``: for each grouping, every group's rates in both, the
    difference (a - b), the test used (``z``: two-proportion z-test, ``fisher``: Fisher's
    exact test), its statistic (z, or None) and p-value, and Holm's adjusted p over the groups;
    the sides the same way; the mean lengths with Welch's z."""
    out: dict[str, Any] = {"by": {}, "sides": _compare_rates(sides(a), sides(b)), "lengths": {}}
    for dim in by:
        out["by"][dim] = _compare_rates(rates(a, dim), rates(b, dim))
    for name in LENGTHS:
        va = [r[name] for r in a if finished(r) and isinstance(r.get(name), int)]
        vb = [r[name] for r in b if finished(r) and isinstance(r.get(name), int)]
        if va and vb:
            z, p = _welch(va, vb)
            out["lengths"][name] = {
                "mean_a": _round(sum(va) / len(va)), "mean_b": _round(sum(vb) / len(vb)),
                "difference": _round(float(Fraction(sum(va), len(va)) - Fraction(sum(vb),
                                                                                  len(vb)))),
                "test": "welch", "statistic": _round(z), "p": p}
    return out


def _compare_rates(ra: Sequence[Rate], rb: Sequence[Rate]) -> list[dict[str, Any]]:
    ma, mb = {r.key: r for r in ra}, {r.key: r for r in rb}
    keys = sorted(set(ma) | set(mb), key=_sort_key)
    rows: list[dict[str, Any]] = []
    ps: list[float] = []
    for key in keys:
        x, y = ma.get(key, Rate(key, 0, 0, 0)), mb.get(key, Rate(key, 0, 0, 0))
        (kx, nx), (ky, ny) = x.units, y.units
        if _small(kx, nx, ky, ny) and kx.denominator == ky.denominator == 1:
            test, stat = "fisher", None
            p = fisher_exact(int(kx), nx, int(ky), ny)
        else:
            test = "z"
            z, p = two_proportions(kx, nx, ky, ny)
            stat = _round(z)
        rows.append({"key": key, "n_a": x.n, "games_a": nx, "wins_a": x.wins,
                     "rate_a": _round(x.rate), "n_b": y.n, "games_b": ny, "wins_b": y.wins,
                     "rate_b": _round(y.rate),
                     "difference": _round(x.rate - y.rate), "test": test, "statistic": stat,
                     "p": p})
        ps.append(p)
    for row, adjusted in zip(rows, holm(ps), strict=True):
        row["p_holm"] = adjusted
    return rows


# ---------------------------------------------------------------------------- the report
MIN_GAMES = 100
"""A group with fewer games than this is too few to read: its 95% interval is wider than about
±10 points (``1/sqrt(n)`` at a rate near one half), wider than most differences a balance study
looks for. ``sgs stats`` names such groups (``--min-games``)."""


def _players(row: Row) -> int:
    players = row.get("players")
    return players if type(players) is int else 0


def _agents(row: Row) -> str:
    agents = row.get("agents")
    return " ".join(_key(a) for a in agents) if isinstance(agents, list) else "-"


def _setups(rows: Sequence[Row]) -> list[dict[str, Any]]:
    counts: dict[tuple[str, str, int, str], int] = {}
    for r in rows:
        key = (str(r.get("game")), str(r.get("config")), _players(r), _agents(r))
        counts[key] = counts.get(key, 0) + 1
    return [{"game": g, "config": c, "players": p, "agents": a, "games": n}
            for (g, c, p, a), n in sorted(counts.items())]


def setups(rows: Sequence[Row]) -> list[dict[str, Any]]:
    """The setups the games come from, each with its number of games: ``game``, ``config``
    (the header's, as the table gives it) and ``players``, sorted. Win rates of games of
    several setups pooled in one table mean little (a role wins more often at one table size
    than at another), so ``sgs stats`` refuses them unless asked to pool (``--pool``). The seats'
    agents are not part of a setup: ``--by agent`` tells them apart."""
    counts: dict[tuple[str, str, int], int] = {}
    for r in rows:
        key = (str(r.get("game")), str(r.get("config")), _players(r))
        counts[key] = counts.get(key, 0) + 1
    return [{"game": g, "config": c, "players": p, "games": n}
            for (g, c, p), n in sorted(counts.items())]


SETTINGS = ("game", "engine", "config", "players", "agents")
"""What ``--compare`` checks is the same in both studies (:func:`differences`)."""


def settings(rows: Sequence[Row]) -> dict[str, list[str]]:
    """Each of :data:`SETTINGS` and the values the games have for it (as text, sorted)."""
    values: dict[str, set[str]] = {name: set() for name in SETTINGS}
    for r in rows:
        values["game"].add(str(r.get("game")))
        values["engine"].add(str(r.get("engine")))
        values["config"].add(str(r.get("config")))
        values["players"].add(str(_players(r)))
        values["agents"].add(_agents(r))
    return {name: sorted(v, key=_sort_key) for name, v in values.items()}


def differences(a: Sequence[Row], b: Sequence[Row]) -> list[dict[str, Any]]:
    """The settings (:data:`SETTINGS`) in which two studies differ: ``{setting, a, b}`` with
    each study's values. Empty when they were played alike (then any difference between them
    is the games' own)."""
    sa, sb = settings(a), settings(b)
    return [{"setting": name, "a": sa[name], "b": sb[name]}
            for name in SETTINGS if sa[name] != sb[name]]


def pool(game: str, config: Any) -> list[str]:
    """The generals a game of ``game`` with this ``config`` (a header's config, as a map or its
    JSON text) can be dealt: the ones named per seat, else the config's pool (its
    ``general_pool()`` or ``pool``), else every general of the game's catalogue. Empty for a game
    that is not installed, a config it does not take, or one without generals."""
    import json

    from .core.games import get_game

    spec = get_game(game)
    if spec is None:
        return []
    try:
        data = json.loads(config) if isinstance(config, str) else config
        cfg = spec.config_from_dict(spec.full_config(data))
    except Exception:  # a config the game does not take: no pool to speak of
        return []
    named = getattr(cfg, "generals", "random")
    if named is None:
        return []
    if isinstance(named, (tuple, list)):
        return sorted({str(g) for g in named})
    general_pool = getattr(cfg, "general_pool", None)
    given = general_pool() if callable(general_pool) else getattr(cfg, "pool", None)
    if isinstance(given, (tuple, list)):
        return sorted(str(g) for g in given)
    return sorted(str(g["id"]) for g in spec.catalogue().get("generals", []))


def few(rows: Sequence[Row], by: str, threshold: int = MIN_GAMES) -> list[dict[str, Any]]:
    """The groups ``by`` one of :data:`BY` that have fewer than ``threshold`` games (its
    :class:`Rate`'s ``games``), fewest first, as ``{key, games}``. By general, the generals the
    setups could deal (:func:`pool`) that no finished game played are among them, with 0."""
    counts = {r.key: r.units[1] for r in rates(rows, by)}
    if by == "general":
        for game, config in sorted({(str(r.get("game")), str(r.get("config")))
                                    for r in rows if finished(r)}):
            for g in pool(game, config):
                counts.setdefault(g, 0)
    return [{"key": k, "games": n}
            for k, n in sorted(counts.items(), key=lambda kn: (kn[1], _sort_key(kn[0])))
            if n < threshold]


def report(rows: Sequence[Row], by: Sequence[str] = ("role",),
           min_games: int = MIN_GAMES) -> dict[str, Any]:
    """Everything ``sgs stats`` prints, as plain data: the setups, how many games finished,
    the sides, win rates by each of ``by``, the groups with too few games to read (fewer than
    ``min_games``: :func:`few`), and the lengths."""
    done = [r for r in rows if finished(r)]
    return {
        "games": len(rows), "finished": len(done), "unfinished": len(rows) - len(done),
        "draws": sum(1 for r in done if not r.get("winner")),
        "seats": len(seats(rows)),
        "setups": _setups(rows),
        "sides": [r.to_json() for r in sides(rows)],
        "by": {dim: [r.to_json() for r in (lifts(rows) if dim == "general" else
                                            rates(rows, dim))] for dim in by},
        "few": {dim: {"threshold": min_games, "groups": few(rows, dim, min_games)}
                for dim in by},
        "lengths": lengths(rows),
    }


def names(game: str, lang: str, roles: Iterable[str] = ()) -> dict[str, str]:
    """Names in ``lang`` (``en``, ``zh``), by id, for labels: a game's generals from its
    catalogue, and ``roles`` from its teller when it names them (``Teller.role``). Empty for a
    game that is not installed."""
    from .core.games import get_game

    spec = get_game(game)
    if spec is None:
        return {}
    out: dict[str, str] = {}
    for g in spec.catalogue().get("generals", []):
        out[str(g["id"])] = str(g.get(lang) or g["id"])
    teller = spec.teller(seat=None, lang=lang)
    role = getattr(teller, "role", None)
    if callable(role):
        for r in roles:
            out[r] = str(role(r))
    return out
