"""Random playouts (docs/fuzzing.md "Random games and their invariants"): every game terminates; the
invariants hold after every decision and at the end (cards conserved, HP in bounds, the dead and the
views as the variant says: ``sgscore.sanguosha.invariants.Invariants``); the same seed and
decisions give the same game; a request's enumeration agrees with its check. Over identity mode's
options and variants and 3v3, with random and heuristic agents."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sgscore.agents import RandomAgent
from sgscore.core.protocol import IllegalChoice, Request
from sgscore.sanguosha import Config, Game
from sgscore.sanguosha.invariants import Invariants
from sgscore.sanguosha.spec import SPEC
from sgscore.testing import check_conservation

FEW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_PACKS = (("standard",), ("standard", "ex"), ("1.0",))


def _identity(n: int, gens: str | None, packs: int, first: bool, adv: bool, rounds: int,
              dead: int, scoring: bool) -> Config:
    return Config(
        players=n, generals=gens, packs=_PACKS[packs], first_game=first, advanced_weapons=adv,
        max_rounds=rounds, scoring=scoring,
        reincarnation=dead == 1 and gens is not None,
        three_player_drain=dead == 2, dark_souls=dead == 2, last_blood=1 if dead == 3 else None,
    )


configs = st.one_of(
    st.builds(_identity, st.integers(4, 10), st.sampled_from([None, "random", "draft"]),
              st.integers(0, 2), st.booleans(), st.booleans(), st.integers(1, 12),
              st.integers(0, 3), st.booleans()),
    st.builds(lambda gens, packs, rounds: Config(players=6, mode="3v3", generals=gens,
                                                 packs=_PACKS[packs], max_rounds=rounds),
              st.sampled_from([None, "random", "draft"]), st.integers(0, 2), st.integers(1, 12)),
)
seeds = st.integers(0, 2**64 - 1)


def _check_request(req: Request, probe: Any) -> None:
    n = req.count()
    if n > 400:
        assert req.is_legal(req.choice_at(0)) and req.is_legal(req.choice_at(n - 1))
        return
    cs = list(req.choices())
    assert n == len(cs)
    for i, c in enumerate(cs):
        req.check(c)
        assert req.choice_at(i) == c
    if probe not in cs:
        try:
            req.check(probe)
        except IllegalChoice as e:
            assert e.code
        else:  # an equal value written another way (a list for a tuple) may pass
            assert any(probe == c for c in cs)


def _play(cfg: Config, seed: int, checks: bool, heuristic: bool = False) -> tuple[Game, list[Any]]:
    g = Game(cfg, seed)
    agents = (SPEC.make_agents(g, seed, "heuristic") if heuristic
              else [RandomAgent(seed, i) for i in range(cfg.players)])
    invariants = Invariants(g)
    made: list[Any] = []
    probes = [None, 0, 999, (999,), ("x", (), ()), True, (0, 1), 0.0, [999.0]]
    step = 0
    while not g.over:
        req = g.pending
        assert req is not None
        if checks:
            _check_request(req, probes[step % len(probes)])
        c = agents[req.seat].choose(req)
        made.append(c)
        g.submit(c)
        step += 1
        if checks:
            check_conservation(g)
            assert invariants.check(g) == []
    if checks:  # at the end, however it ended (the last decision's check saw it too)
        check_conservation(g)
        assert invariants.check(g) == []
    return g, made


@FEW
@given(configs, seeds, st.booleans())
def test_any_game_terminates_with_invariants_after_every_decision_and_at_the_end(
    cfg: Config, seed: int, heuristic: bool,
) -> None:
    g, _ = _play(cfg, seed, checks=True, heuristic=heuristic)
    assert g.result is not None and g.error is None
    winner, reason = g.result
    assert reason in ("round_cap", "no_cards", "lord_died", "rebels_and_renegades_dead",
                      "marshal_died")
    assert g.round <= cfg.max_rounds + 1


@FEW
@given(configs, seeds)
def test_same_seed_and_decisions_same_events_and_hash(cfg: Config, seed: int) -> None:
    a, made = _play(cfg, seed, checks=False)
    b = Game(cfg, seed)
    for c in made:
        b.submit(c)
    assert b.over and b.events == a.events and b.state_hash() == a.state_hash()
