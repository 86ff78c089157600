"""How the search agent's evaluation (sgscore/sanguosha/search.py, ``EVAL_WEIGHTS``) was fitted:
10,000 five-player games of heuristic agents with drafted generals (seeds 100000-109999), the
position at the start of every turn read as, for each role, its living players' count, HP, cards
in hand, equipment and HP limits; one logistic regression for each side's winning (Newton's
method, fitted on the games of seeds below 108000, the log loss of the rest printed), its
coefficients in 64ths of log-odds. Needs numpy (not a dependency of sgscore):

    .venv/bin/pip install numpy && .venv/bin/python docs/studies/search_evaluation.py
"""

from __future__ import annotations

import numpy as np

from sgscore import Config, new_game
from sgscore.sanguosha.agent import HeuristicAgent
from sgscore.sanguosha.game import Game

ROLES = ("lord", "loyalist", "rebel", "renegade")
FIRST, LAST, TRAIN_BELOW = 100000, 110000, 108000


def features(g: Game) -> list[int]:
    out: list[int] = []
    for role in ROLES:
        alive = [p for p in g.players if p.role == role and p.alive]
        out += [len(alive), sum(p.hp for p in alive), sum(len(p.hand) for p in alive),
                sum(1 for p in alive for c in p.equip if c >= 0), sum(p.max_hp for p in alive)]
    return out[1:]  # the lord's count: always 1 at a turn's start


def positions() -> tuple[np.ndarray, list[str], np.ndarray]:
    rows: list[list[int]] = []
    winners: list[str] = []
    seeds: list[int] = []
    for seed in range(FIRST, LAST):
        g = new_game(Config(players=5, generals="draft"), seed)
        agents = [HeuristicAgent(g, seed, s) for s in range(5)]
        turn, mine = -1, []
        while not g.over:
            if g.turn_no != turn and g.phase != "setup":
                turn = g.turn_no
                mine.append(features(g))
            request = g.pending
            assert request is not None
            g.submit(agents[request.seat].choose(request))
        rows += mine
        winners += [g.summary()["winner"]] * len(mine)
        seeds += [seed] * len(mine)
    return np.array(rows, float), winners, np.array(seeds)


def fit(x: np.ndarray, y: np.ndarray, train: np.ndarray) -> tuple[np.ndarray, float, float]:
    a = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(a.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-a[train] @ w))
        hessian = (a[train] * (p * (1 - p))[:, None]).T @ a[train] + 1e-3 * np.eye(len(w))
        w += np.linalg.solve(hessian, a[train].T @ (y[train] - p))
    p = 1 / (1 + np.exp(-a[~train] @ w))
    yt = y[~train]
    base = yt.mean()
    loss = -np.mean(yt * np.log(p) + (1 - yt) * np.log(1 - p))
    return w, float(loss), float(-(base * np.log(base) + (1 - base) * np.log(1 - base)))


def main() -> None:
    x, winners, seeds = positions()
    train = seeds < TRAIN_BELOW
    for side in ("lord", "rebel", "renegade"):
        y = np.array([w == side for w in winners], float)
        w, loss, base = fit(x, y, train)
        print(f"{side}: held-out log loss {loss:.4f} (the base rate's {base:.4f})")
        print("  bias and weights in 64ths:", [int(round(v * 64)) for v in w])


if __name__ == "__main__":
    main()
