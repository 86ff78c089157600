"""Fuzzing: hostile replay files against the replay toolkit and ``sgs``, and random games checked
against the engine's invariants (``docs/fuzzing.md``).

Replay files come attached to bug reports, so the toolkit must treat them as untrusted. Case
``N`` of a run with seed ``S`` takes a replay from the seed corpus (``fixtures/fuzz/``), decodes its
msgpack records, applies one to three mutations from a catalogue (records dropped, repeated or
moved; values of another type, of types the format never uses, nested deep or made long; map keys
of every type; header and end records changed or forged; another game's records; huge files;
error records inserted; bytes cut or flipped), encodes it again and runs one target on it in
process:

- ``validate``: :func:`sgscore.replay.validate_file` returns a verdict, never raises, and an
  invalid verdict names a record and gives a one-line reason;
- ``read``: :func:`sgscore.replay.read_replay` raises nothing but
  :class:`~sgscore.replay.ReplayError`;
- ``show``, ``step``, ``diff``, ``export``, ``html``, ``resim``, ``stats``: the ``sgs`` command
  exits 0 or 1 without a traceback, its JSON strict;
- ``library``: the library's other functions and JSON helpers; ``submit``: a game fed the
  file's decisions, some first with a part of another type, which it must refuse unchanged.

Each case is measured (CPU time, peak memory) against budgets; worker processes guard against
hangs; ``--differential`` compares the compiled and the pure-Python core on every input. Every
choice is drawn from ``Pcg32(S, N)``: no ``random`` module, no ``hash()``, no set order, so a case
number reproduces the same bytes anywhere.

``python -m sgscore.fuzz games`` plays seeded games of both games, with every option and variant
(:func:`game_setup`), random and heuristic agents, and checks their invariants after every decision
and at every end: each game's own, which its spec gives (:func:`invariants_for`; identity mode's
:class:`~sgscore.sanguosha.invariants.Invariants`, the dice game's
:class:`~sgscore.dice.invariants.DiceInvariants`).

The modules, by concern: ``encoding`` (msgpack records, decoded and encoded again), ``corpus`` (the
seed replays), ``mutations`` (the catalogue, :data:`OPS`), ``cases`` (:func:`make_case`),
``verdicts`` (what a target's outcome means: the contract and the failure classes), ``targets``
(running one, measured: :func:`run_target`), ``cores`` (both cores compared), ``workers`` (worker
processes and their hang guard), ``run`` (a run of cases: :func:`run_case`, :func:`fuzz`),
``report``, ``minimizing``, ``games`` (random games and their invariants) and ``cli`` (``python -m
sgscore.fuzz``). This package re-exports their public names.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, Final

from ..core.invariants import Broken
from .cases import MAX_INPUT, Case, make_case
from .cores import Companion, compare_cores, core_verdicts
from .corpus import DEFAULT_CORPUS, ROOT, CorpusFile, build_corpus, load_corpus, write_corpus
from .encoding import Raw, decode_records, encode, encode_records
from .games import (
    VARIANTS,
    GameSetup,
    game_config,
    game_setup,
    invariants_for,
    play_checked,
    print_games,
    run_games,
)
from .minimizing import minimize, split_records
from .mutations import HEAVY_ODDS, MAX_RUN, OPS, ByteOp, RecordOp
from .report import print_report, save_failures
from .run import fuzz, run_case
from .targets import (
    CPU_BUDGET,
    HANG_SECONDS,
    MEMORY_BUDGET,
    TARGETS,
    run_target,
    sgs_command,
    target_of,
)
from .verdicts import (
    MAX_REASON,
    Verdict,
    cli_verdict,
    exception_class,
    reason_problems,
    told_although,
    validation_verdict,
)

if TYPE_CHECKING:
    from ..dice.invariants import DiceInvariants
    from ..sanguosha.invariants import Invariants

from .cli import main

__all__ = [
    "TARGETS", "CPU_BUDGET", "MEMORY_BUDGET", "HANG_SECONDS", "MAX_REASON", "MAX_INPUT", "Raw",
    "encode", "encode_records", "decode_records", "CorpusFile", "build_corpus", "write_corpus",
    "load_corpus", "OPS", "Case", "make_case", "Verdict", "run_target", "run_case",
    "reason_problems", "validation_verdict", "cli_verdict", "told_although", "exception_class",
    "fuzz",
    "minimize", "Invariants", "DiceInvariants", "GameSetup", "VARIANTS", "game_setup",
    "game_config", "invariants_for", "play_checked", "run_games", "main",
    # and the other public names of the modules
    "MAX_RUN", "HEAVY_ODDS", "ROOT", "DEFAULT_CORPUS", "RecordOp", "ByteOp", "Broken",
    "sgs_command", "target_of", "core_verdicts", "compare_cores", "Companion", "print_report",
    "save_failures", "split_records", "print_games",
]

_GAMES_OWN: Final = {"Invariants": "..sanguosha.invariants",
                     "DiceInvariants": "..dice.invariants"}
"""The invariant checkers of the games, which live beside their games; loaded when first asked
for by their old names here (importing the harness loads no game)."""


def __getattr__(name: str) -> Any:
    module = _GAMES_OWN.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_GAMES_OWN))
