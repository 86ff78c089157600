"""Every citation in the repository can be followed inside it.

The code, the tests and the docs cite the rules they rely on by a section of the project's own
docs, written ``docs/rules.md "Setup"`` (a doc and a heading's text in double quotes; a comma may
come between them, and a heading's trailing parenthesis may be left out: ``docs/rules.md "周瑜
zhouyu"`` names the section ``周瑜 zhouyu (wu, m, 3)``). docs/architecture.md, "Conventions",
states the convention. These tests fail when a file cites a document the repository does not hold
(a ``*.md`` that is not one of its files, a link that leads out of it, a path outside it, the
words of a rulings or design file kept elsewhere), or names a section that no heading of the cited
doc has.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
THIS = Path(__file__).resolve()

#: Where the repository's own text is: its code, tests, docs, schemas and the CI script.
_TREES = ("sgscore", "cli", "tests", "docs", "schemas")
_SUFFIXES = {".py", ".md", ".html", ".json", ".toml"}
_FILES = ("README.md", "setup.py", "pyproject.toml", ".ci/run")

#: Names of documents that are not part of the repository, and paths that lead out of it. The
#: upper-case words are the names such documents go by (a citation "RULINGS §4.5", "DESIGN
#: "Layers""); the lower-case English words are not matched.
_OUTSIDE = re.compile(r"\b(?:RULINGS|DESIGN|STYLE)\b|\.\./shared|/work/|\bseeds/")
#: A markdown file named in the text (not inside a URL).
_MD_NAME = re.compile(r"(?<![\w/.:-])((?:[\w.-]+/)*[\w.-]+\.md)\b")
_URL = re.compile(r"https?://\S+")
#: A relative markdown link.
_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)\s]*)?\)")
#: A line break inside a comment, a docstring or a paragraph: the citation may wrap there.
_WRAP = re.compile(r"[ \t]*\n[ \t]*(?:#+[ \t]*|\*[ \t]+|//[ \t]*)?")
#: A citation of a section: a doc, then the heading's text in double quotes.
_CITATION = re.compile(r"((?:docs/)?[\w-]+\.md)`{0,2},?[ ]\(?\"([^\"]{1,120})\"")
#: A section named otherwise than by its heading in double quotes: by a sign (``rules.md §2``),
#: in parentheses (``rules.md (Generals)``) or by a bare name (``rules.md 吕布``).
_SIGN = re.compile(r"[\w-]+\.md`{0,2},? ?(?:§|\((?!\")[A-Z]|[\u4e00-\u9fff])")
#: A doc naming one of its own sections: ``see "Maintainer commands"``, ``"Compulsory skills"
#: above``.
_SELF = re.compile(r"\bsee \"([^\"]{2,80})\"|\"([^\"]{2,80})\"\)? (?:above|below)\b")
_HEADING = re.compile(r"^#{1,6} +(.+?) *#*$", re.M)


def _files() -> list[Path]:
    out = [ROOT / name for name in _FILES if (ROOT / name).is_file()]
    for tree in _TREES:
        out += sorted(p for p in (ROOT / tree).rglob("*") if p.suffix in _SUFFIXES and p.is_file()
                      and "__pycache__" not in p.parts)
    out += sorted((ROOT / "fixtures").rglob("*.md"))
    # This file names what it looks for.
    return [p for p in out if p.resolve() != THIS]


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name


def _flat(text: str) -> tuple[str, list[int]]:
    """``text`` with its wrapped lines joined, and where each character of it came from."""
    out: list[str] = []
    where: list[int] = []
    last = 0
    for m in _WRAP.finditer(text):
        out.append(text[last:m.start()] + " ")
        where += [*range(last, m.start()), m.start()]
        last = m.end()
    out.append(text[last:])
    where += range(last, len(text))
    return "".join(out), where


def _doc_path(name: str) -> Path | None:
    """The repository's doc a citation names (``docs/rules.md``, ``rules.md``, ``README.md``)."""
    for candidate in (ROOT / name, ROOT / "docs" / name):
        if candidate.is_file():
            return candidate
    return None


@cache
def _sections(doc: Path) -> frozenset[str]:
    """The names a section of ``doc`` may be cited by: each heading's text, and that text
    without its trailing parenthesis."""
    text = re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.S)
    names: set[str] = set()
    for heading in _HEADING.findall(text):
        heading = heading.replace("`", "")
        names.add(heading)
        names.add(re.sub(r" \([^()]*\)$", "", heading))
    return frozenset(names)


def _repo_md_files() -> set[str]:
    return {_rel(p) for p in [*ROOT.glob("*.md"), *(ROOT / "docs").glob("*.md"),
                              *(ROOT / "fixtures").rglob("*.md")]}


def _line(text: str, where: list[int], pos: int) -> int:
    """The line of ``text`` where the character ``pos`` of its flattened form lies."""
    return text.count("\n", 0, where[pos]) + 1


def outside_citations(path: Path) -> list[str]:
    """Every place ``path`` cites or links to something outside the repository."""
    text = path.read_text(encoding="utf-8")
    problems = []
    for i, line in enumerate(text.splitlines(), 1):
        for m in _OUTSIDE.finditer(line):
            problems.append(f"{_rel(path)}:{i}: cites {m.group(0)!r}, which is not in the repository")
        bare = _URL.sub("", line)
        for m in _MD_NAME.finditer(bare):
            name = m.group(1)
            if _doc_path(name) is None and name not in _repo_md_files():
                problems.append(f"{_rel(path)}:{i}: names {name}, which is not a file of the repository")
        if path.suffix == ".md":
            for m in _LINK.finditer(line):
                target = m.group(1)
                if target.startswith(("http://", "https://", "mailto:")):
                    continue
                resolved = (path.parent / target).resolve()
                if not resolved.is_relative_to(ROOT) or not resolved.exists():
                    problems.append(f"{_rel(path)}:{i}: links to {target}, which is not in the repository")
    return problems


def section_citations(path: Path, self_refs: bool | None = None) -> list[str]:
    """Every citation of a section in ``path`` that names no heading of the doc it cites; with
    ``self_refs`` (by default for the docs), also every ``see "X"`` or ``"X" above`` that names
    no heading of ``path`` itself."""
    text = path.read_text(encoding="utf-8")
    flat, where = _flat(text)
    problems = []
    for m in _CITATION.finditer(flat):
        name, section = m.group(1), m.group(2)
        doc = _doc_path(name)
        if doc is None:
            continue  # outside_citations says so
        if section not in _sections(doc):
            problems.append(f"{_rel(path)}:{_line(text, where, m.start())}: {name} has no section "
                            f"{section!r}")
    for m in _SIGN.finditer(flat):
        problems.append(f"{_rel(path)}:{_line(text, where, m.start())}: {m.group(0)!r} names a "
                        "section loosely; cite its heading in double quotes")
    if self_refs is None:
        self_refs = path.suffix == ".md" and path.parent == ROOT / "docs"
    if self_refs:
        for m in _SELF.finditer(flat):
            section = m.group(1) or m.group(2)
            if section not in _sections(path):
                problems.append(f"{_rel(path)}:{_line(text, where, m.start())}: no section "
                                f"{section!r} in this doc")
    return problems


FILES = _files()


def test_the_scan_covers_the_repository() -> None:
    # The code, the tests and the docs are all read (a wrong root would find nothing to check).
    names = {_rel(p) for p in FILES}
    assert {"README.md", "docs/rules.md", "sgscore/sanguosha/rules.py", "tests/conftest.py"} <= names
    assert "Setup" in _sections(ROOT / "docs" / "rules.md")
    assert "周瑜 zhouyu" in _sections(ROOT / "docs" / "rules.md")


def test_no_file_cites_a_document_outside_the_repository() -> None:
    problems = [problem for path in FILES for problem in outside_citations(path)]
    assert not problems, "\n".join(problems)


def test_every_cited_section_exists() -> None:
    problems = [problem for path in FILES for problem in section_citations(path)]
    assert not problems, "\n".join(problems)


def test_the_checks_find_what_they_look_for(tmp_path: Path) -> None:
    # Each kind of citation the checks refuse is found, and the forms the convention allows pass:
    # a section by its heading, without its parenthesis, wrapped over two comment lines, after a
    # comma or in parentheses.
    word = "RUL" + "INGS"
    code = tmp_path / "bad.py"
    code.write_text(f'# {word} §4.5\n# see ../shared/notes\n# NOTES.md\n'
                    '# docs/rules.md "No such section"\n# rules.md §setup\n'
                    '# docs/rules.md (Generals) 乾坤\n# docs/rules.md 吕布\n'
                    '# docs/rules.md "Cards\n#   taken"\n'
                    '# docs/rules.md, "The\n#   turn" docs/rules.md "周瑜 zhouyu" and\n'
                    '# `docs/rules.md` ("Setup") and docs/rules.md "周瑜 zhouyu (wu, m, 3)"\n',
                    encoding="utf-8")
    assert [p.split(": ", 1)[1] for p in outside_citations(code)] == [
        f"cites {word!r}, which is not in the repository",
        "cites '../shared', which is not in the repository",
        "names NOTES.md, which is not a file of the repository",
    ]
    sections = [p.split(": ", 1)[1] for p in section_citations(code)]
    assert sections == [
        "docs/rules.md has no section 'No such section'",
        "docs/rules.md has no section 'Cards taken'",
        "'rules.md §' names a section loosely; cite its heading in double quotes",
        "'rules.md (G' names a section loosely; cite its heading in double quotes",
        "'rules.md 吕' names a section loosely; cite its heading in double quotes",
    ]
    doc = tmp_path / "doc.md"
    doc.write_text('# Title\n\n## Known\n\n[out](../../../../etc/passwd), [web](https://example.com);\n'
                   'see "Known", "Known" above, see "Unknown".\n', encoding="utf-8")
    assert [p.split(": ", 1)[1] for p in outside_citations(doc)] == [
        "links to ../../../../etc/passwd, which is not in the repository"]
    assert [p.split(": ", 1)[1] for p in section_citations(doc, self_refs=True)] == [
        "no section 'Unknown' in this doc"]
