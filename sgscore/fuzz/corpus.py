"""The seed corpus: small replays of both games recorded by this engine (``fixtures/fuzz/``), which
every case mutates (``docs/fuzzing.md``, "The seed corpus")."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from .encoding import decode_records, encode_records

if TYPE_CHECKING:
    from ..core.engine import Proc
    from ..sanguosha.config import Config
    from ..sanguosha.contexts import CardUse
    from ..sanguosha.game import Game


ROOT: Final = Path(__file__).resolve().parents[2]
"""The checkout: the folder that holds ``sgscore/`` and ``fixtures/``."""
DEFAULT_CORPUS: Final = ROOT / "fixtures" / "fuzz"


@dataclass(frozen=True)
class CorpusFile:
    """A replay of the seed corpus: its name (the file name without ``.mp``) and bytes."""

    name: str
    data: bytes


_IDENTITY: Final = "sanguosha/identity"
_CORPUS: Final[tuple[tuple[str, str, str, dict[str, Any], int, bool], ...]] = (
    ("p4-beginner-events", "a 4-player beginner game (no generals), with events", _IDENTITY,
     {"players": 4, "generals": None}, 1, True),
    ("p5-random-events", "a 5-player game with random generals, with events", _IDENTITY,
     {"players": 5, "generals": "random"}, 5, True),
    ("p6-variant-events", "a 6-player game of the two-renegade variant, first-game deck, "
     "random generals, 3 rounds at most, with events", _IDENTITY,
     {"players": 6, "generals": "random", "role_variant": True, "first_game": True,
      "max_rounds": 3}, 6, True),
    ("p10-compact", "a 10-player game with random generals and the EX cards, without events",
     _IDENTITY, {"players": 10, "generals": "random", "packs": ["standard", "ex"]}, 10, False),
    ("dice-p4-events", "a 4-player game of the dice game (三国掷), 6 rounds at most, with "
     "events: its end record holds the dice game's own entry (hp)", "sanguozhi/dice",
     {"players": 4, "max_rounds": 6}, 4, True),
    ("p6-scoring-compact", "a 6-player game with scoring, the lord at seat 2, 2 rounds at most, "
     "without events: its end record holds scores", _IDENTITY,
     {"players": 6, "generals": None, "scoring": True, "lord_seat": 2, "max_rounds": 2}, 3,
     False),
    ("p6-3v3-compact", "a 3v3 game (6 seats, random generals), 2 rounds at most, without "
     "events", _IDENTITY, {"players": 6, "mode": "3v3", "generals": "random", "max_rounds": 2},
     7, False),
    ("p10-deck-1-0-compact", "a 10-player game of the 1.0 edition's deck with reincarnation, "
     "2 rounds at most, without events", _IDENTITY,
     {"players": 10, "packs": ["1.0"], "reincarnation": True, "max_rounds": 2}, 9, False),
)
_HASHES_NAME: Final = "p8-full-checkpoints"
_HASHES_ABOUT: Final = ("an 8-player beginner game of 4 rounds at most, without events, with a "
                        "full checkpoint (state hash) after every bare one")
_SAVED_NAME: Final = "p5-saved-events"
_SAVED_ABOUT: Final = ("a 5-player game with random generals and heuristic agents, saved after "
                       "40 decisions (sgscore.replay.save_game), with events: it ends with a "
                       "suspended record, not an end record")
_FAULT_NAME: Final = "p5-engine-error"
_FAULT_ABOUT: Final = ("a 5-player beginner game that ends in an engine error record: recorded "
                       "with a fault injected into 桃's effect, so this engine re-simulates it "
                       "without the error (invalid at the error record)")


def build_corpus() -> list[tuple[CorpusFile, str]]:
    """The seed corpus, recorded with this engine: each file with what it is."""
    from ..core.games import get_game
    from ..replay import record_game
    from ..sanguosha.config import Config

    out = []
    for name, about, game, config, seed, events in _CORPUS:
        spec = get_game(game)
        assert spec is not None, game
        buf = io.BytesIO()
        record_game(spec.config_from_dict(config), seed, buf, events=events)
        out.append((CorpusFile(name, buf.getvalue()), about))
    out.append((CorpusFile(_HASHES_NAME, _with_full_checkpoints(
        Config(players=8, generals=None, max_rounds=4), 8)), _HASHES_ABOUT))
    out.append((CorpusFile(_FAULT_NAME, _engine_error_replay()), _FAULT_ABOUT))
    out.append((CorpusFile(_SAVED_NAME, _saved_replay()), _SAVED_ABOUT))
    return out


def _saved_replay() -> bytes:
    """A game saved before its end: a replay that ends with a suspended record."""
    import tempfile

    from ..replay import save_game
    from ..sanguosha import SPEC
    from ..sanguosha.config import Config
    from ..sanguosha.game import Game

    game = Game(Config(players=5, generals="random"), 11)
    agents = SPEC.make_agents(game, 11, "heuristic")
    while game.decisions < 40:
        request = game.pending
        assert request is not None, "the game ended before its 40th decision"
        game.submit(agents[request.seat].choose(request))
    with tempfile.TemporaryDirectory(prefix="sgs-corpus-") as folder:
        path = Path(folder) / "saved.mp"
        save_game(game, path, agents="heuristic")
        return path.read_bytes()


def _with_full_checkpoints(config: Config, seed: int) -> bytes:
    """A replay without events with a full checkpoint (``{"t": "cp", "hash": ...}``) after each
    bare one: the game re-simulated record by record gives each state hash."""
    from ..replay import Resimulator, read_replay, record_game

    buf = io.BytesIO()
    record_game(config, seed, buf, events=False)
    records = decode_records(buf.getvalue())
    replay = read_replay(buf.getvalue())
    sim = Resimulator(replay.header)
    out = [records[0]]
    for index, (raw, rec) in enumerate(zip(records[1:], replay.records[1:], strict=True), 1):
        sim.feed(index, rec)
        out.append(raw)
        if type(raw) is int:
            out.append({"t": "cp", "hash": sim.game.state_hash()})
    return encode_records(out)


def _engine_error_replay() -> bytes:
    """A replay that ends in an error record: 桃's effect raises while it is recorded (replacing
    a registry entry, as ``docs/architecture.md`` describes; the engine is not edited)."""
    from ..replay import record_game
    from ..sanguosha.cards import CARD_TYPES
    from ..sanguosha.config import Config

    def broken(g: Game, use: CardUse) -> Proc:
        raise RuntimeError("fuzz corpus: a fault injected into peach's effect")

    peach = CARD_TYPES["peach"]
    real = peach.effect
    peach.effect = broken
    try:
        for seed in range(1, 200):
            buf = io.BytesIO()
            result = record_game(Config(players=5, generals=None), seed, buf, events=True)
            if result.error is not None:
                return buf.getvalue()
    finally:
        peach.effect = real
    raise RuntimeError("no game of 200 seeds used a peach")


def write_corpus(folder: Path) -> list[Path]:
    """Record the seed corpus into ``folder`` (``*.mp`` and a ``README.md`` saying what each
    file is); returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    lines = ["# The fuzzing seed corpus", "",
             "Replays that `python -m sgscore.fuzz` mutates (`docs/fuzzing.md`). Recorded by "
             "`python -m sgscore.fuzz corpus --out fixtures/fuzz`; each file:", ""]
    for cf, about in build_corpus():
        path = folder / f"{cf.name}.mp"
        path.write_bytes(cf.data)
        written.append(path)
        lines.append(f"- `{cf.name}.mp` ({len(cf.data)} bytes): {about}.")
    readme = folder / "README.md"
    readme.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [*written, readme]


def load_corpus(folder: Path | None = None) -> list[CorpusFile]:
    """The ``*.mp`` files of ``folder`` in name order; without a folder, ``fixtures/fuzz`` when
    it is there, else the corpus recorded in memory (:func:`build_corpus`)."""
    if folder is None:
        if not any(DEFAULT_CORPUS.glob("*.mp")):
            return [cf for cf, _ in build_corpus()]
        folder = DEFAULT_CORPUS
    files = [CorpusFile(p.stem, p.read_bytes()) for p in sorted(folder.glob("*.mp"))]
    if not files:
        raise FileNotFoundError(f"no replay (*.mp) in {folder}")
    for cf in files:
        decode_records(cf.data)  # a seed must decode: raises on a broken one
    return files
