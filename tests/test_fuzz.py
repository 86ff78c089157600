"""The fuzzing harness (sgscore.fuzz, docs/fuzzing.md): a quick run of its replay cases and of
hypothesis-built hostile records under the same classification rules, its determinism, and a few
random games checked against the engine's invariants.

The quick run judges what a case does, never what it costs: CPU time and memory depend on the
machine and its load, so the budgets are the harness's long runs' to judge (``budgets=False``
here; the tests of the budgets themselves feed the verdict measured figures)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgscore import fuzz as fuzz_module
from sgscore.core.protocol import same_value
from sgscore.core.rng import Pcg32
from sgscore.fuzz import (
    CPU_BUDGET,
    MAX_INPUT,
    MAX_REASON,
    MEMORY_BUDGET,
    OPS,
    TARGETS,
    Case,
    CorpusFile,
    Invariants,
    Raw,
    cli_verdict,
    decode_records,
    encode,
    encode_records,
    fuzz,
    game_config,
    invariants_for,
    load_corpus,
    main,
    make_case,
    minimize,
    play_checked,
    reason_problems,
    run_games,
    run_target,
    split_records,
    told_although,
    validation_verdict,
)
from sgscore.fuzz import targets as fuzz_targets
from sgscore.replay import ValidationResult
from sgscore.sanguosha import Config, new_game
from sgscore.sanguosha.cards import BASIC, KIND
from sgscore.sanguosha.variants.reincarnation import reborn

pytestmark = pytest.mark.long  # started first (tests/conftest.py)

ROOT = Path(__file__).resolve().parent.parent
CORPUS = load_corpus()


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder for the files the commands read (shared by the examples of a test)."""
    return tmp_path_factory.mktemp("fuzz")


# ---------------------------------------------------------------------------- the inputs
def test_the_corpus_is_small_and_encodes_back_byte_for_byte() -> None:
    assert len(CORPUS) >= 4
    assert sum(len(cf.data) for cf in CORPUS) < 200_000
    for cf in CORPUS:
        assert encode_records(decode_records(cf.data)) == cf.data, cf.name
    readme = (ROOT / "fixtures" / "fuzz" / "README.md").read_text(encoding="utf-8")
    assert all(f"`{cf.name}.mp`" in readme for cf in CORPUS)


def test_the_corpus_is_this_engines() -> None:
    # Each seed is a replay this engine and these rules recorded (the engine-error one is
    # invalid here by design: its fault was injected while it was recorded), among them a
    # game saved before its end; after a rules change: python -m sgscore.fuzz corpus --out
    # fixtures/fuzz
    from sgscore.replay import validate_file

    for cf in CORPUS:
        verdict = validate_file(cf.data)
        if cf.name == "p5-engine-error":
            assert not verdict.valid and "did not raise" in str(verdict.error), verdict.error
            continue
        assert verdict.valid and not verdict.warnings, (
            f"{cf.name}: {verdict.error or verdict.warnings}: record the corpus again with "
            "python -m sgscore.fuzz corpus --out fixtures/fuzz")
    assert any(validate_file(cf.data).suspended for cf in CORPUS)


def test_the_encoder_writes_what_msgpack_reads_and_raw_bytes_as_they_are() -> None:
    values: list[Any] = [None, True, False, 0, 127, 128, -32, -33, 255, 65536, (1 << 64) - 1,
                         -(1 << 63), 1.5, "", "x" * 40, "三" * 100, b"\x00", [1, [2]],
                         list(range(20)), {"a": 1, "b": [None]}, {f"k{i}": i for i in range(20)}]
    for v in values:
        assert decode_records(encode(v)) == [v]
    deep = Raw(b"\x91" * 600 + encode(7))
    assert encode([1, deep]) == b"\x92\x01" + deep
    with pytest.raises(ValueError):
        encode(1 << 64)


def test_a_case_is_the_same_bytes_for_the_same_seed_and_number() -> None:
    a, b = make_case(5, 17, CORPUS), make_case(5, 17, CORPUS)
    assert (a.data, a.ops, a.source) == (b.data, b.ops, b.source)
    assert make_case(5, 18, CORPUS).data != a.data or make_case(6, 17, CORPUS).data != a.data


def test_write_gives_the_bytes_of_the_case_whatever_the_hash_seed(tmp_path: Path) -> None:
    want = make_case(3, 11, CORPUS).data
    for hash_seed in ("1", "2"):
        out = tmp_path / f"case-{hash_seed}.mp"
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run([sys.executable, "-m", "sgscore.fuzz", "--seed", "3", "--case",
                               "11", "--target", "read", "--write", str(out)], env=env, cwd=ROOT,
                              capture_output=True, text=True, check=False)
        assert done.returncode in (0, 1), done.stderr
        assert out.read_bytes() == want


def test_the_catalogue_is_used_and_light_inputs_stay_small() -> None:
    used: set[str] = set()
    for number in range(600):
        case = make_case(9, number, CORPUS, heavy=False)
        assert 1 <= len(case.ops) <= 3 and len(case.data) < 4 << 20
        used.update(op.split(":", 1)[0] for op in case.ops)
    light = {op.name for op in OPS if not op.large}
    assert light <= used, light - used
    assert all(len(make_case(2, n, CORPUS).data) < MAX_INPUT for n in range(40))


def test_a_value_of_another_type_that_python_calls_equal_must_not_validate() -> None:
    cases = [make_case(1, n, CORPUS, heavy=False) for n in range(400)]
    swapped = [c for c in cases if c.reject]
    assert any(c.ops[0].startswith("same_value") for c in swapped), \
        "the catalogue swaps 1 and True, 0 and False, 1 and 1.0"
    assert any(c.ops[0].startswith("end_forge") for c in swapped), "and forges end records"
    # alone: no other mutation may undo what makes the file invalid
    assert all(len(c.ops) == 1 and c.ops[0].split(":")[0] in ("same_value", "end_forge",
                                                                 "end_sides") for c in swapped)
    refused = [c for c in cases if c.refuse]
    assert refused and all(len(c.ops) == 1 and c.ops[0].split(":")[0] in ("unused_type", "odd_key")
                           for c in refused)


# ---------------------------------------------------------------------------- the rules
def test_a_reason_is_one_short_line() -> None:
    assert reason_problems("record 3: a checkpoint is an integer 0-127, got 300") == []
    assert reason_problems("two\nlines") == ["a reason on several lines"]
    assert reason_problems("x" * (MAX_REASON + 1)) == [f"a reason over {MAX_REASON} characters"]
    assert reason_problems(None) == ["a reason that is NoneType, not a string"]


def _result(valid: bool, error: dict[str, Any] | None) -> ValidationResult:
    return ValidationResult("<bytes>", valid, 0, 0, 0, error)


def test_the_rules_for_a_validation_verdict() -> None:
    assert validation_verdict(_result(True, None)).failures == []
    assert validation_verdict(_result(False, {"record": 2, "reason": "bad"})).failures == []
    assert validation_verdict(_result(True, None), "a boolean stands for an integer").failures \
        == ["valid although a boolean stands for an integer"]
    assert validation_verdict(_result(False, {"record": True, "reason": "x"})).failures \
        == ["an error whose record is not a non-negative integer"]
    caught = validation_verdict(_result(False, {
        "record": 4, "reason": "unexpected RecursionError while validating: deep"}))
    assert caught.failures == ["RecursionError caught by validate_file's catch-all"]
    assert validation_verdict(_result(False, None)).failures == ["invalid without an error"]
    forged = _result(False, {"record": 9, "reason": "end summary differs"})
    forged.summary = {"winner": "rebel"}  # an invalid file's end record, told as its summary
    assert validation_verdict(forged).failures == ["a summary with an invalid verdict"]


def test_a_seat_the_files_game_does_not_have_is_a_usage_error(tmp_path: Path) -> None:
    # Case 807703 of seed 101: a header mutated to 3 players, and the case's --as 3. Every
    # command refuses the seat in one line (exit 2), which the harness takes as the usage error
    # it is, where it chose the seat itself.
    from click.testing import CliRunner

    from cli.main import main as sgs

    path = tmp_path / "three.mp"
    assert CliRunner().invoke(sgs, ["sim", "--game", "dice", "-p", "3", "-s", "1", "-o",
                                    str(path)]).exit_code == 0
    for command in ("show", "html", "step"):
        result = CliRunner().invoke(sgs, ["replay", command, str(path), "--as", "3"])
        assert result.exit_code == 2 and "seat 3 is not in this 3-player game" in result.output
        verdict = cli_verdict(result, str(path), usage_ok=True)
        assert verdict.failures == [] and verdict.outcome == "usage"
        assert cli_verdict(result, str(path)).failures == ["exit code 2"]


def test_the_rules_for_a_command() -> None:
    from click.testing import CliRunner

    from cli.main import main as sgs

    runner = CliRunner()
    missing = runner.invoke(sgs, ["replay", "show", "/no/such/file.mp"])
    assert cli_verdict(missing, "/no/such/file.mp").failures == []
    usage = runner.invoke(sgs, ["replay", "show", "x.mp", "--as", "12"])
    assert cli_verdict(usage, "x.mp").failures == ["exit code 2"]
    assert cli_verdict(usage, "x.mp", usage_ok=True).failures == ["exit code 2"]  # no such file

    class Boom(ValueError):
        pass

    def raising() -> None:
        raise Boom("from the command")

    crashed = runner.invoke(click.Command("c", callback=raising), [])
    failures = cli_verdict(crashed, "x.mp").failures
    assert len(failures) == 1 and failures[0].startswith("Boom in ")

    def printing(text: str) -> click.Command:
        return click.Command("p", callback=lambda: click.echo(text))

    nan = runner.invoke(printing('{"a": NaN}'), [])
    assert cli_verdict(nan, "x.mp", json_out="one").failures == ["output that is not strict JSON"]
    lines = runner.invoke(printing('{"a": 1}\n{"b": [2]}'), [])
    assert cli_verdict(lines, "x.mp", json_out="lines").failures == []


# ---------------------------------------------------------------------------- quick fuzzing
@settings(max_examples=150, deadline=None)
@given(corpus_file=st.sampled_from(CORPUS), seed=st.integers(0, 2**32 - 1),
       number=st.integers(0, 10**6), target=st.sampled_from(TARGETS))
def test_mutated_replays_keep_the_contract(corpus_file: CorpusFile, seed: int, number: int,
                                           target: str, workdir: Path) -> None:
    case = make_case(seed, number, [corpus_file], heavy=False)
    verdict = run_target(case, target, workdir, budgets=False)
    assert verdict.failures == [], (case.ops, verdict.detail)


ISSUE_18_OPS = ("unused_type", "odd_key", "end_forge", "end_sides", "end_lists", "same_value",
                "cross_game", "huge")
"""The mutations that make the minimal examples of issue 18's classes: values of types the
format never uses and map keys of every type (classes 2-4), forged end records and end records
that disagree with themselves (1, 5), values of another type (1, 7: the ``submit`` target),
records of another game (cross-game splices), huge files of records that look right."""
QUICK = 4
"""Cases of each of those mutations per target."""
REFUSED = 40
"""Cases of each of the mutations of types and keys the format never uses, for the reader and
JSON output. With the fixes of issue 18 taken out, these quick runs fail with each of its
classes 1-5 and 7 (docs/fuzzing.md, "Quick and long runs")."""


@pytest.mark.parametrize("target", TARGETS)
def test_the_mutations_of_issue_18_keep_the_contract(target: str, workdir: Path) -> None:
    found: dict[str, list[str]] = {}
    for op in ISSUE_18_OPS:
        for number in range(QUICK):
            case = make_case(18, number, CORPUS, heavy=False, only=(op,))
            assert case.ops[0].startswith(op)
            verdict = run_target(case, target, workdir, budgets=False)
            for failure in verdict.failures:
                found.setdefault(failure, [f"case {number}: {case.ops}", verdict.detail[:300]])
    assert found == {}


@pytest.mark.parametrize("target", ["read", "validate", "export"])
def test_values_and_keys_of_types_the_format_never_uses_are_refused(target: str,
                                                                    workdir: Path) -> None:
    # Binary and extension values, floats and binary map keys passed the reader in the header,
    # events, full checkpoint, error, end and unknown records; the compiled reader then raised
    # TypeError where the pure one read on, and JSON output a traceback (classes 2-4).
    found: dict[str, list[str]] = {}
    for op in ("unused_type", "odd_key"):
        for number in range(REFUSED):
            case = make_case(18, number, CORPUS, heavy=False, only=(op,))
            assert case.refuse
            verdict = run_target(case, target, workdir, budgets=False)
            for failure in verdict.failures:
                found.setdefault(failure, [f"case {number}: {case.ops}", verdict.detail[:300]])
    assert found == {}


@pytest.mark.parametrize("corpus_file", CORPUS, ids=lambda cf: cf.name)
def test_end_records_that_disagree_with_themselves_keep_stats_to_its_contract(
        corpus_file: CorpusFile, workdir: Path) -> None:
    # sgs stats read end records without validating them: an alive list shorter than the roles
    # of a game a renegade won (two renegades: 10 players) raised IndexError (issue 18, class 5).
    found: dict[str, list[str]] = {}
    for op in ("end_sides", "end_lists", "end_forge"):
        for number in range(4):
            case = make_case(18, number, [corpus_file], heavy=False, only=(op,))
            for target in ("stats", "validate"):
                verdict = run_target(case, target, workdir, budgets=False)
                for failure in verdict.failures:
                    found.setdefault(failure, [f"case {number}: {case.ops}", verdict.detail[:300]])
    assert found == {}


def test_a_refused_input_must_be_refused_by_every_target(workdir: Path) -> None:
    # The oracle of unused_type and odd_key: a value or key of a type the format never uses, in
    # any record, and no reader may read the file (read, validate, the commands: exit 1).
    case = make_case(3, 0, CORPUS, heavy=False, only=("odd_key",))
    assert case.refuse.startswith("a map key that is ")
    readable = Case(0, 0, CORPUS[0].name, CORPUS[0].data, CORPUS[0].data, ["none"], "",
                    Pcg32(0, 0), refuse="a binary key (as if)")
    assert run_target(readable, "read", workdir, budgets=False).failures == [
        "read: read although a binary key (as if)"]
    assert run_target(readable, "validate", workdir, budgets=False).failures == [
        "validate: valid although a binary key (as if)"]
    show = run_target(readable, "show", workdir, budgets=False)
    assert show.failures == ["show: exit 0 although a binary key (as if)"]


FORGED_TOLD = ("show", "step", "export", "html", "stats")
"""The commands that tell a game (``resim`` and ``diff`` had their rules already)."""


def test_a_forged_case_told_with_exit_0_is_a_failure(workdir: Path) -> None:
    # A forged end record printed by show (the lord's side wins, then "Result: the rebels win")
    # or counted by stats ("mean score 100.00") with exit 0 was no failure of the harness's.
    genuine = Case(0, 0, CORPUS[0].name, CORPUS[0].data, CORPUS[0].data, ["none"],
                   "a forged end record (as if)", Pcg32(0, 0), shape="a forged shape (as if)")
    for target in ("show", "export", "html", "stats"):
        verdict = run_target(genuine, target, workdir, budgets=False)
        assert any(f.startswith(f"{target}: exit 0 although a forged") for f in verdict.failures)
    told_end = ('{"decision":null,"end":true}\n', "End of the replay after 9 decisions: ...",
                "回放结束，共9个决定：...")
    for out in told_end:
        assert told_although(genuine, "step", ["replay", "step"], out) == genuine.reject
    assert told_although(genuine, "step", [], '{"decision":3,"end":false}\n') == ""
    # stats trusts a well-formed summary unless --validate: only the shape must be refused
    assert told_although(genuine, "stats", ["stats", "DIR"], "") == genuine.shape
    assert told_although(genuine, "stats", ["stats", "DIR", "--validate"], "") == genuine.reject
    well_formed = Case(0, 0, "", b"", b"", [], "a forged turns (as if)", Pcg32(0, 0))
    assert told_although(well_formed, "stats", ["stats", "DIR"], "") == ""


def test_forged_end_records_are_never_told(workdir: Path) -> None:
    # issue 18, "What to build" 1: no forged value reaches show, stats or any output
    found: dict[str, list[str]] = {}
    shapes = 0
    for op in ("end_forge", "end_sides"):
        for number in range(8):
            case = make_case(25, number, CORPUS, heavy=False, only=(op,))
            shapes += bool(case.shape)
            for target in FORGED_TOLD:
                verdict = run_target(case, target, workdir, budgets=False)
                for failure in verdict.failures:
                    found.setdefault(failure, [f"case {number}: {case.ops}",
                                               verdict.detail[:300]])
    assert found == {}
    assert shapes >= 4  # the cases stats must refuse without re-simulating are among them


def test_a_run_draws_only_the_mutations_it_is_given() -> None:
    report = fuzz(5, 6, jobs=1, target="show", heavy=False, budgets=False,
                  ops=("end_forge", "end_sides"))
    assert set(report["mutations"]) <= {"end_forge", "end_sides"} and report["failures"] == []
    assert report["ops"] == ["end_forge", "end_sides"]
    with pytest.raises(ValueError, match="no mutation named nope"):
        fuzz(5, 1, ops=("end_forge", "nope"))


def test_the_differential_run_needs_both_cores_and_compares_them_word_for_word() -> None:
    mine = {"validate": "v", "read": "r", "command": "c", "stdout": "x" * 50 + "A",
            "stderr": ""}
    theirs = dict(mine, stdout="x" * 50 + "B")
    failures, detail = fuzz_module.compare_cores(mine, theirs, ("compiled", "pure"))
    assert failures == ["differential: stdout differs between the cores"]
    assert detail.startswith("stdout: compiled: ...") and "A" in detail and "B" in detail
    assert fuzz_module.compare_cores(mine, dict(mine), ("a", "b")) == ([], "")


def test_core_verdicts_say_what_each_part_gave(tmp_path: Path) -> None:
    path = tmp_path / "game.mp"
    path.write_bytes(CORPUS[0].data)
    verdicts = fuzz_module.core_verdicts(str(path), 0)
    assert set(verdicts) == {"validate", "read", "command", "stdout", "stderr"}
    assert '"valid": true' in verdicts["validate"] and verdicts["command"].endswith("exit 0")
    path.write_bytes(b"\x81\xc4\x00\x01")  # a header map with a binary key
    bad = fuzz_module.core_verdicts(str(path), 1)
    assert bad["read"].startswith("ReplayError: record 0: header: a map key that is a binary")
    assert bad["command"] == "replay step: exit 1"


def test_a_submitted_choice_of_another_type_is_refused(workdir: Path) -> None:
    # Class 7: submit(92.0) where the request lists 92 ended the game with an EngineError.
    cases = [make_case(7, n, CORPUS, heavy=False) for n in range(12)]
    verdicts = [run_target(case, "submit", workdir, budgets=False) for case in cases]
    assert [v.failures for v in verdicts] == [[]] * len(cases)
    assert sum(int(v.outcome.split()[0]) for v in verdicts) >= 12  # choices were tried


def test_retyped_choices_keep_their_shape_but_one_part() -> None:
    rng = Pcg32(1, 2)
    seen = [fuzz_targets._retyped(rng, (92, (3, 4))) for _ in range(60)]
    for want in ((92.0, (3, 4)), ("92", (3, 4)), (92, 3), (92, (3.0, 4)), ((92,), (3, 4))):
        assert any(same_value(x, want) for x in seen), want
    assert not any(same_value(x, (92, (3, 4))) for x in seen)
    assert fuzz_targets._retyped(rng, "rende") is None


def test_a_case_over_a_budget_fails_only_where_budgets_are_judged(
        workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # What the meter measured is given, not waited for: the rule, not the machine, is tested.
    monkeypatch.setattr(fuzz_targets._Meter, "stop",
                        lambda self: (CPU_BUDGET + 0.5, MEMORY_BUDGET + 1))
    case = make_case(1, 0, CORPUS, heavy=False)
    judged = run_target(case, "validate", workdir)
    assert judged.failures == [f"validate: CPU budget (over {CPU_BUDGET:g} s)",
                               f"validate: memory budget (over {MEMORY_BUDGET >> 20} MB)"]
    assert judged.cpu == CPU_BUDGET + 0.5 and judged.mem == MEMORY_BUDGET + 1
    assert run_target(case, "validate", workdir, budgets=False).failures == []
    assert run_target(case, "read", workdir).failures == []  # the reader holds a whole file


def _path(draw: st.DrawFn, value: Any) -> list[Any]:
    """A path to a value inside ``value``, drawn by hypothesis."""
    path: list[Any] = []
    while type(value) in (list, dict) and value and draw(st.booleans()):
        keys = list(range(len(value))) if type(value) is list else list(value)
        key = draw(st.sampled_from(keys))
        path.append(key)
        value = value[key]
    return path


def _put(records: list[Any], index: int, path: list[Any], new: Any) -> None:
    if not path:
        records[index] = new
        return
    holder = records[index]
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = new


def _ints(value: Any, path: list[Any]) -> list[list[Any]]:
    """Paths to the integers 0 and 1 inside ``value``."""
    if type(value) is int and value in (0, 1):
        return [path]
    if type(value) is list:
        return [p for key, x in enumerate(value) for p in _ints(x, [*path, key])]
    return []


@st.composite
def hostile(draw: st.DrawFn) -> tuple[CorpusFile, bytes, str]:
    """A corpus file with one record made hostile: a value nested deep, a boolean for an
    integer (such a file must not validate), or a long array; with what must be rejected."""
    cf = draw(st.sampled_from(CORPUS))
    records = decode_records(cf.data)
    index = draw(st.integers(0, len(records) - 1))
    how = draw(st.sampled_from(["deep", "bool", "long"]))
    reject = ""
    if how == "deep":
        depth = draw(st.sampled_from([31, 32, 33, 200, 500, 999, 1000, 1023, 1024, 1100]))
        layer = draw(st.sampled_from([b"\x91", b"\x81\xa1k"]))
        leaf = draw(st.sampled_from([None, 1, True, "x", [1, 2]]))
        _put(records, index, _path(draw, records[index]), Raw(layer * depth + encode(leaf)))
    elif how == "bool":
        found = [i for i, r in enumerate(records) if type(r) is list]
        index = draw(st.sampled_from(found))
        paths = [p for p in _ints(records[index], []) if p != [0]]  # a choice's, not the seat
        if paths:
            path = draw(st.sampled_from(paths))
            old = records[index]
            for key in path:
                old = old[key]
            _put(records, index, path, bool(old))
            reject = "a boolean stands for an integer in a decisions record"
    else:
        n = draw(st.sampled_from([1000, 65535, 65536, 65537]))
        item = draw(st.sampled_from([None, 0, True, [1]]))
        _put(records, index, _path(draw, records[index]), [item] * n)
    return cf, encode_records(records), reject


@settings(max_examples=120, deadline=None)
@given(made=hostile(), target=st.sampled_from(TARGETS))
def test_hostile_records_keep_the_contract(made: tuple[CorpusFile, bytes, str], target: str,
                                           workdir: Path) -> None:
    cf, data, reject = made
    case = Case(0, 0, cf.name, cf.data, data, ["hypothesis"], reject, Pcg32(0, 0))
    verdict = run_target(case, target, workdir, budgets=False)
    assert verdict.failures == [], verdict.detail


def test_a_parallel_run_reports_every_target() -> None:
    # a hang here is a case that gives no answer in ten minutes, whatever the load
    report = fuzz(4, 2 * len(TARGETS), jobs=2, target="all", heavy=False, budgets=False,
                  timeout=600.0)
    assert report["cases"] == {t: 2 for t in TARGETS}
    assert set(report["per_target"]) == set(TARGETS)
    assert report["failures"] == [], report["failures"]
    assert report["slowest"]["cpu_seconds"] >= 0 and report["largest_memory"]["peak_bytes"] >= 0


def test_main_writes_the_case_and_says_what_it_did(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "case.mp"
    code = main(["--seed", "8", "--case", "2", "--target", "read", "--write", str(out)])
    assert out.read_bytes() == make_case(8, 2, CORPUS).data
    text = capsys.readouterr().out
    assert "target: read" in text and f"written: {out}" in text and code in (0, 1)


def test_minimize_keeps_what_fails_and_drops_the_rest() -> None:
    data = CORPUS[0].data
    target = encode({"t": "zz"})
    hostile_data = data + target + data[len(split_records(data)[0]):]

    def still_fails(candidate: bytes) -> bool:
        return target in split_records(candidate)

    small = minimize(hostile_data, still_fails)
    assert still_fails(small) and len(small) < len(hostile_data) // 4


# ---------------------------------------------------------------------------- games
def test_random_games_keep_their_invariants() -> None:
    games = set()
    for index in range(12):
        result = play_checked(11, index)
        assert result["breaks"] == [] and result["broken"] == 0, result["breaks"]
        assert result["error"] is None, result["error"]
        assert result["decisions"] > 0 and result["end_checked"]
        games.add(result["game_id"])
    assert games == {"sanguosha/identity", "sanguozhi/dice"}


def test_game_setups_spread_over_every_option_and_variant() -> None:
    # Every option and variant of both games is drawn within a few hundred games (the run's
    # report counts them under the same names: by_variant).
    setups = [fuzz_module.game_setup(2, i) for i in range(400)]
    drawn = {v for s in setups for v in s.variants}
    assert drawn == set(fuzz_module.VARIANTS)
    assert {s.config.players for s in setups} == set(range(3, 11))
    assert {s.config.players for s in setups if isinstance(s.config, Config)} == set(range(4, 11))
    assert {a for s in setups for a in s.agents} == {"random", "heuristic"}
    assert all(len(s.agents) == s.config.players for s in setups)
    identity = [s.config for s in setups if isinstance(s.config, Config)]
    assert {c.packs for c in identity} == {("standard",), ("standard", "ex"), ("1.0",)}
    assert any(c.players == 10 and c.packs == ("1.0",) and c.reincarnation for c in identity)
    assert len({c.max_rounds for c in identity}) > 3
    assert game_config(2, 5) == (setups[5].config, setups[5].seed)
    assert fuzz_module.game_setup(2, 5) == setups[5]  # the same game from the same numbers


def _invariants_broken(game: Any, checks: Any = None) -> set[str]:
    checks = checks if checks is not None else Invariants(game)
    return {name for name, _ in checks.check(game)}


def test_the_invariants_catch_a_broken_game() -> None:
    game = new_game(Config(players=5, generals=None), seed=3)
    assert _invariants_broken(game) == set()
    lost = game.players[1].hand.pop()
    assert _invariants_broken(game) == {"card conservation"}
    game.players[1].hand.append(lost)
    game.players[2].hp = game.players[2].max_hp + 1
    assert _invariants_broken(game) == {"HP bounds"}
    game.players[2].hp = 0
    assert _invariants_broken(game) == {"HP bounds"}  # at 0 HP and not dying
    game.players[2].hp = 1
    holder = next(p for p in game.players if any(KIND[c] == BASIC for c in p.hand))
    card = next(c for c in holder.hand if KIND[c] == BASIC)
    holder.hand.remove(card)
    holder.equip[0] = card  # a 杀, 闪 or 桃 in the weapon slot
    assert _invariants_broken(game) == {"equipment slots"}
    holder.equip[0] = -1
    holder.hand.append(card)
    game.players[4].alive = False
    assert "the dead hold nothing" in _invariants_broken(game)


def _kill(game: Any, seat: int) -> None:
    p = game.players[seat]
    game.discard_pile.extend(p.hand)
    p.hand.clear()
    p.alive = False
    p.role_shown = True


def test_the_invariants_know_what_reincarnation_lets_the_dead_do() -> None:
    # docs/rules.md "Reincarnation": the dead keep the offerings they are given (fewer than it
    # takes to reincarnate: 3 at 5 players) and come back with a new general.
    game = new_game(Config(players=5, reincarnation=True), seed=3)
    checks = Invariants(game)
    assert _invariants_broken(game, checks) == set()
    _kill(game, 2)
    assert _invariants_broken(game, checks) == set()
    game.players[2].hand.extend(game.draw_pile.pop() for _ in range(3))  # three offerings
    assert _invariants_broken(game, checks) == set()
    game.players[2].hand.append(game.draw_pile.pop())  # a fourth: more than reincarnation takes
    assert _invariants_broken(game, checks) == {"the dead hold nothing"}
    game.draw_pile.append(game.players[2].hand.pop())
    game.players[2].alive = True
    assert _invariants_broken(game, checks) == {"dead stay dead"}  # alive, not reincarnated
    reborn(game)[2] += 1
    assert _invariants_broken(game, checks) == set()  # reincarnated


def test_the_invariants_know_a_dark_souls_card() -> None:
    # docs/rules.md "Dark souls": only a 玄武 soul's card lies in a dead player's hand.
    game = new_game(Config(players=5, dark_souls=True), seed=3)
    checks = Invariants(game)
    _kill(game, 2)
    assert _invariants_broken(game, checks) == set()
    game.players[2].hand.append(game.draw_pile.pop())
    assert _invariants_broken(game, checks) == {"the dead hold nothing"}


def test_the_end_must_be_told() -> None:
    from sgscore.agents import RandomAgent

    game = new_game(Config(players=4, generals=None, max_rounds=1), seed=3)
    bots = [RandomAgent(3, s) for s in range(4)]
    checks = Invariants(game)
    while not game.over:
        req = game.pending
        assert req is not None
        game.submit(bots[req.seat].choose(req))
        assert _invariants_broken(game, checks) == set()
    assert game.events[-1][0] == "game_over"
    game.events.append(game.events.pop(-2))
    assert "the end is told" in _invariants_broken(game, checks)


def test_the_dice_invariants_catch_a_broken_game() -> None:
    from sgscore.dice import DiceConfig, DiceGame

    game = DiceGame(DiceConfig(players=4), seed=3)
    checks = fuzz_module.invariants_for(game)
    assert isinstance(checks, fuzz_module.DiceInvariants)
    assert _invariants_broken(game, checks) == set()
    game.pile -= 1
    assert _invariants_broken(game, checks) == {"arrows"}
    game.players[1].arrows += 1
    assert _invariants_broken(game, checks) == set()
    game.players[2].hp = game.players[2].max_hp + 1
    assert _invariants_broken(game, checks) == {"HP bounds"}
    game.players[2].hp = 1
    game.dice[0] = "bang"
    assert _invariants_broken(game, checks) == {"dice"}
    game.dice[0] = "beer"
    game.players[1].alive = False  # dead with HP left and an arrow in hand
    assert _invariants_broken(game, checks) == {"arrows", "HP bounds"}
    game.players[1].alive = True
    assert "dead stay dead" in _invariants_broken(game, checks)


def test_a_game_brings_its_own_invariants_through_its_spec() -> None:
    # docs/fuzzing.md "Invariants of a game of your own": the harness asks the game's spec
    # (GameSpec.invariants); a game of another package has none unless it says, and can bring
    # its own.
    from sgscore.core.invariants import Broken
    from sgscore.dice import DiceConfig, DiceGame
    from sgscore.dice.invariants import DiceInvariants
    from sgscore.sanguosha.invariants import Invariants as GameInvariants

    import toy_nim

    assert fuzz_module.Invariants is GameInvariants and fuzz_module.DiceInvariants is DiceInvariants
    assert type(invariants_for(new_game(Config(players=4), 1))) is GameInvariants
    assert type(invariants_for(DiceGame(DiceConfig(players=4), 1))) is DiceInvariants
    game = toy_nim.NimGame(toy_nim.NimConfig(), 1)
    assert toy_nim.SPEC.invariants(game) is None
    with pytest.raises(ValueError, match="toy/nim has no invariants"):
        invariants_for(game, toy_nim.SPEC)

    class Stones:
        def __init__(self, game: toy_nim.NimGame) -> None:
            self.stones = game.pile

        def check(self, game: toy_nim.NimGame) -> list[Broken]:
            out = [] if game.pile <= self.stones else [("stones only go", f"{game.pile} stones")]
            self.stones = game.pile
            return out

    class CheckedNim(toy_nim.NimSpec):
        def invariants(self, game: Any) -> Stones:
            return Stones(game)

    checks = invariants_for(game, CheckedNim())
    assert checks.check(game) == []
    game.pile += 1
    assert checks.check(game) == [("stones only go", f"{game.pile} stones")]


def test_a_game_that_takes_too_long_is_reported_as_a_hang() -> None:
    report = run_games(1, 2, jobs=1, timeout=0.0)
    assert report["games"] == 2 and report["ends_checked"] == 0
    assert [e["error"] for e in report["engine_errors"]] == ["hang (no answer in 0 s)"] * 2


def test_a_run_reports_its_games_variants_and_checked_ends() -> None:
    report = run_games(11, 4, jobs=1, start=8)
    assert report["games"] == report["ends_checked"] == 4 and report["start"] == 8
    assert sum(report["by_game"].values()) == 4
    assert list(report["by_variant"]) == list(fuzz_module.VARIANTS)
    assert report["invariant_breaks"] == {} and report["engine_errors"] == []
