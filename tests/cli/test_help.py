"""Every command's ``--help``: no word broken across lines, every example a command that its own
parser takes, the ranges and defaults each game's options really have; and the README's command
examples parse too."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from cli.main import main

ROOT = Path(__file__).resolve().parents[2]
SHELL_OPERATORS = {"&&", "||", "|", ";", ">", ">>", "<", "2>", "2>&1"}


def _commands(group: click.Group = main, path: tuple[str, ...] = ("sgs",)
              ) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command under ``group``, with its path (``("sgs", "replay", "show")``)."""
    yield path, group
    ctx = click.Context(group, info_name=path[-1])
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        assert cmd is not None
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, (*path, name))
        else:
            yield (*path, name), cmd


COMMANDS = sorted(_commands(), key=lambda c: c[0])
IDS = [" ".join(p) for p, _ in COMMANDS]


def _help(path: tuple[str, ...], cmd: click.Command, width: int) -> str:
    ctx = click.Context(cmd, info_name=" ".join(path), terminal_width=width,
                        max_content_width=width)
    return cmd.get_help(ctx)


def _texts(cmd: click.Command) -> list[str]:
    """What the command's help is made of: its text and each option's."""
    ctx = click.Context(cmd, info_name="x")
    texts = [(cmd.help or "").split("\f")[0]]
    texts += [p.help or "" for p in cmd.get_params(ctx) if isinstance(p, click.Option)]
    return texts


@pytest.mark.parametrize(("path", "cmd"), COMMANDS, ids=IDS)
@pytest.mark.parametrize("width", [80, 100])
def test_no_word_of_a_help_is_broken_across_lines(
    path: tuple[str, ...], cmd: click.Command, width: int
) -> None:
    shown = _help(path, cmd, width)
    tokens = set(shown.split())
    words = {w for text in _texts(cmd) for w in text.split() if w != "\b"}
    where = f"{' '.join(path)} --help at {width} columns"
    for word in words:
        assert word in tokens, f"{where} breaks {word!r}"
    # A word may also be whole elsewhere (an example): no line may end inside one either.
    lines = [line.split() for line in shown.splitlines()]
    for line, after in zip(lines, lines[1:], strict=False):
        if line and after:
            joined = line[-1] + after[0]
            assert not any(w.startswith(joined) for w in words), \
                f"{where} breaks {joined!r} after {line[-1]!r}"


def _examples(text: str) -> list[str]:
    """The example commands of a help text: the lines of its Example(s) block that start with
    ``sgs``, a line ending in a backslash joined to the next."""
    out: list[str] = []
    block = False
    pending = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped in ("Example:", "Examples:"):
            block = True
            continue
        if not block:
            continue
        if not stripped or not line.startswith("  "):
            block = bool(pending)
            if not pending:
                continue
        if pending:
            pending += " " + stripped
        elif stripped.startswith("sgs "):
            pending = stripped
        if pending and not pending.endswith("\\"):
            out.append(pending)
            pending = ""
        elif pending:
            pending = pending[:-1].rstrip()
    assert not pending, f"an example ends with a backslash: {pending!r}"
    return out


def _parse(line: str, where: str) -> None:
    """Parse each ``sgs ...`` command of a shell line with the command's own parser (nothing is
    run): an unknown command or option, a missing argument or a bad value fails."""
    words = shlex.split(line.split(" #", 1)[0], comments=False)
    segments: list[list[str]] = [[]]
    for w in words:
        if w in SHELL_OPERATORS:
            segments.append([])
        else:
            segments[-1].append(w)
    for seg in segments:
        if not seg or seg[0] != "sgs":
            continue
        args = seg[1:]
        group: click.Command = main
        names = ["sgs"]
        while isinstance(group, click.Group) and args and not args[0].startswith("-"):
            sub = group.get_command(click.Context(group, info_name=names[-1]), args[0])
            assert sub is not None, f"{where}: no command {args[0]!r} in {' '.join(seg)!r}"
            names.append(args.pop(0))
            group = sub
        try:
            group.make_context(" ".join(names), list(args))
        except click.exceptions.Exit:
            pass  # --help, --version: parsed
        except click.ClickException as e:
            pytest.fail(f"{where}: {' '.join(seg)!r} does not parse: {e.format_message()}")


@pytest.mark.parametrize(("path", "cmd"), COMMANDS, ids=IDS)
def test_every_example_of_a_help_is_a_command_its_parser_takes(
    path: tuple[str, ...], cmd: click.Command
) -> None:
    examples = _examples(_help(path, cmd, 200))
    assert examples, f"{' '.join(path)} --help has no example"
    for line in examples:
        # Words run together with a gap: a line break lost (a backslash the docstring ate).
        assert "  " not in line.split(" #", 1)[0].strip(), f"{' '.join(path)} --help: {line!r}"
        _parse(line, f"{' '.join(path)} --help")


def test_a_broken_continuation_is_caught() -> None:
    # The example the help of sim once showed: a backslash lost, two lines run into one.
    assert _examples("Examples:\n  sgs sim -p 5 \\\n      --json -o x/\n  sgs info\n") == [
        "sgs sim -p 5 --json -o x/", "sgs info"]
    with pytest.raises(pytest.fail.Exception, match="does not parse"):
        _parse("sgs sim -p 5 -o study/           --agents", "a help")


def test_the_readme_examples_parse() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = [line for block in re.findall(r"```sh\n(.*?)```", text, re.S)
             for line in block.replace("\\\n", " ").splitlines()]
    commands = [line for line in lines if line.startswith("sgs ")]
    assert len(commands) > 20
    for line in commands:
        _parse(line, "README.md")


@pytest.mark.parametrize("flag", ["--players", "--generals", "--max-rounds"])
def test_an_option_several_games_take_says_each_games_range_and_default(flag: str) -> None:
    # `sgs sim --help` said "--players (4-10)" and took 3 (the dice game's smallest table).
    cmd = main.get_command(click.Context(main), "sim")
    assert cmd is not None
    text = " ".join(_help(("sgs", "sim"), cmd, 100).split())
    start = text.index(flag, text.index("Options:"))
    entry = text[start:start + 400]
    assert "sanguosha/identity:" in entry and "sanguozhi/dice:" in entry, entry
    if flag == "--players":
        assert "(4-10)" in entry and "(3-8)" in entry
    if flag == "--max-rounds":
        assert "default: 60" in entry and "default: 100" in entry
