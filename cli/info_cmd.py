"""``sgs info``: a game's generals, skills and cards, named in English and Chinese.

Everything comes from the game's :meth:`~sgscore.core.spec.GameSpec.catalogue`, found through the
registry: this module names no game and knows only the catalogue's three sections and their
fields.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from typing import Any

import click

from sgscore.core.games import game_ids, get_game
from sgscore.core.names import AmbiguousName, Names
from sgscore.core.spec import LANGS, AnyGame
from sgscore.core.telling import pad, text_width

from .common import echo_json

__all__ = ["info"]

SECTIONS = ("generals", "skills", "cards")

Entry = dict[str, Any]


def _spec(game: str) -> AnyGame:
    spec = get_game(game)
    if spec is None:
        raise click.BadParameter(f"unknown game {game!r} (installed: {', '.join(game_ids())})",
                                 param_hint="'--game'")
    return spec


# ---------------------------------------------------------------------------- text layout
def _table(rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    """Rows (the first is the header) as aligned columns."""
    widths = [max(text_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [(indent + "  ".join(pad(c, w) for c, w in zip(r, widths, strict=True))).rstrip()
            for r in rows]


_TOKEN = re.compile(r"\s+|[^\s\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]+|.")
_NO_LINE_START = set("，。、；：）》」』！？,.;:)")


def _wrap(text: str, width: int, indent: str) -> list[str]:
    """``text`` filled to ``width`` columns, ``indent`` before each line: words stay whole,
    Chinese breaks between characters, never before closing punctuation."""
    lines: list[str] = []
    line = ""
    for token in _TOKEN.findall(text):
        if token.isspace():
            if line:
                line += " "
            continue
        if line and text_width(indent + line + token) > width and token[0] not in _NO_LINE_START:
            lines.append(line.rstrip())
            line = ""
        line += token
    if line.strip():
        lines.append(line.rstrip())
    return [indent + x for x in lines]


def _columns() -> int:
    return max(60, min(100, shutil.get_terminal_size((100, 24)).columns))


# ---------------------------------------------------------------------------- words
def _say(lang: str, en: str, zh: str) -> str:
    return zh if lang == "zh" else en


def _names(entry: Entry, lang: str) -> tuple[str, str]:
    """The entry's name in ``lang``, then in the other language."""
    return (entry["zh"], entry["en"]) if lang == "zh" else (entry["en"], entry["zh"])


def _kingdoms(g: Entry, lang: str) -> str:
    if lang == "zh":
        return "、".join(g["kingdoms_zh"])
    return ", ".join(k.capitalize() for k in g["kingdoms"])


def _sex(g: Entry, lang: str) -> str:
    words = {"m": ("male", "男"), "f": ("female", "女")}.get(g["sex"], (g["sex"], g["sex"]))
    return words[1] if lang == "zh" else words[0]


def _kind(c: Entry, lang: str) -> str:
    """A card's kind as shown: its slot for equipment, with a weapon's range."""
    if lang == "zh":
        kind = str(c["slot_zh"] or c["kind_zh"])
        return kind + (f"，攻击范围{c['range']}" if c["range"] else "")
    kind = str(c["slot"]).replace("_", " ") if c["slot"] else str(c["kind"])
    return kind + (f", range {c['range']}" if c["range"] else "")


def _face(c: Entry) -> str:
    return f"{c['symbol']}{c['rank']}"


def _faces(cards: list[Entry]) -> str:
    """``♠7 8 8  ♣2 3``: the ranks, each suit's symbol once per run."""
    runs: list[list[str]] = []
    symbol = None
    for c in cards:
        if c["symbol"] != symbol:
            symbol = c["symbol"]
            runs.append([symbol + c["rank"]])
        else:
            runs[-1].append(c["rank"])
    return "  ".join(" ".join(run) for run in runs)


class _Catalogue:
    """The catalogue with its look-ups."""

    def __init__(self, spec: AnyGame) -> None:
        data = spec.catalogue()
        self.game = spec.id
        self.generals: list[Entry] = list(data.get("generals", []))
        self.skills: list[Entry] = list(data.get("skills", []))
        self.cards: list[Entry] = list(data.get("cards", []))
        self.general = {g["id"]: g for g in self.generals}
        self.skill = {s["id"]: s for s in self.skills}
        self.packs: dict[str, Entry] = {str(p["id"]): p for p in data.get("packs", [])}
        self.names: dict[str, list[Entry]] = {}
        for c in self.cards:
            self.names.setdefault(c["name"], []).append(c)

    def only_pack(self, pack: str) -> None:
        """Keep the cards of ``pack`` only (``--deck``), and the skills those cards give."""
        self.cards = [c for c in self.cards if c["pack"] == pack]
        self.names = {}
        for c in self.cards:
            self.names.setdefault(c["name"], []).append(c)

    def pack_label(self, pack: str, lang: str) -> str:
        """A pack as the game names it (its id when it names none)."""
        p = self.packs.get(pack)
        return str(p["zh"] if lang == "zh" else p["en"]) if p else pack

    def find(self, what: str) -> tuple[str, dict[str, list[Entry]]] | None:
        """What an id or a display name names (a general, a card name, a skill: in that order)
        and the entries that show it in full: its own and those of its skills, holders or cards.
        :class:`AmbiguousName` when the first section that has the name has it more than once
        (the 1.0 deck's 八卦阵 and the standard one's)."""
        found = self._find_id(what)
        if found is not None:
            return found
        sections = (
            ("general", [(g["id"], (g["zh"], g["en"])) for g in self.generals]),
            ("card", [(n, (cs[0]["zh"], cs[0]["en"])) for n, cs in self.names.items()]),
            ("skill", [(s["id"], (s["zh"], s["en"])) for s in self.skills]),
        )
        for what_kind, entries in sections:
            ids = Names(entries, what_kind).find(what)
            if len(ids) > 1:
                raise AmbiguousName(what, ids, what_kind)
            if ids:
                return self._find_id(ids[0], what_kind)
        return None

    def _find_id(self, what: str, kind: str | None = None) -> tuple[str, dict[str, list[Entry]]] | None:
        """As :meth:`find`, by id only (``kind``: in that section only)."""
        if what in self.general and kind in (None, "general"):
            g = self.general[what]
            return "general", {"generals": [g], "skills": [self.skill[s] for s in g["skills"]
                                                           if s in self.skill], "cards": []}
        if what in self.names and kind in (None, "card"):
            return "card", {"generals": [], "cards": self.names[what],
                            "skills": [s for s in self.skills if what in s["cards"]]}
        if what in self.skill and kind in (None, "skill"):
            s = self.skill[what]
            return "skill", {"generals": [self.general[g] for g in s["generals"]
                                          if g in self.general], "skills": [s],
                             "cards": [c for n in s["cards"] for c in self.names.get(n, [])]}
        return None

    def owners(self, s: Entry, lang: str) -> str:
        """Who has a skill: the generals' names, or the cards' that give it."""
        out = [_names(self.general[g], lang)[0] for g in s["generals"] if g in self.general]
        for n in s["cards"]:
            if n in self.names:
                card = _names(self.names[n][0], lang)[0]
                out.append(_say(lang, "equipment", "装备") if card == _names(s, lang)[0] else card)
        return ("、" if lang == "zh" else ", ").join(out)

    def skill_names(self, g: Entry, lang: str) -> str:
        out = []
        for sid in g["skills"]:
            s = self.skill.get(sid)
            name = _names(s, lang)[0] if s else sid
            if s and s["lord"] and name != "主公技":  # 孙权's has no name but the label (003)
                name += _say(lang, " (lord)", "（主公技）")
            out.append(name)
        return ("、" if lang == "zh" else ", ").join(out)


# ---------------------------------------------------------------------------- human output
def _general_rows(cat: _Catalogue, generals: list[Entry], lang: str) -> list[str]:
    head = [_say(lang, "id", "id"), _say(lang, "name", "武将"), _say(lang, "中文", "English"),
            _say(lang, "kingdom", "势力"), _say(lang, "sex", "性别"), _say(lang, "HP", "体力"),
            _say(lang, "can be lord", "可为主公"), _say(lang, "skills", "技能")]
    rows = [head]
    for g in generals:
        name, other = _names(g, lang)
        lord = _say(lang, "yes", "是") if g["can_be_lord"] else _say(lang, "no", "否")
        rows.append([g["id"], name, other, _kingdoms(g, lang), _sex(g, lang), str(g["hp"]),
                     lord, cat.skill_names(g, lang)])
    return _table(rows)


def _skill_lines(cat: _Catalogue, s: Entry, lang: str, indent: str = "  ",
                 owners: bool = True) -> list[str]:
    """A skill: its id and names, who has it (``owners``) and what it is, then its text."""
    name, other = _names(s, lang)
    notes = [cat.owners(s, lang)] if owners and (s["generals"] or s["cards"]) else []
    if s["lord"] and name != "主公技":  # 孙权's has no name but the label (003)
        notes.append(_say(lang, "lord skill", "主公技"))
    if s["compulsory"]:
        notes.append(_say(lang, "compulsory", "锁定技"))
    sep = "；" if lang == "zh" else "; "
    tail = (f"（{sep.join(notes)}）" if lang == "zh" else f"({sep.join(notes)})") if notes else ""
    head = f"{indent}{s['id']}  {name}  {other}" + (f"  {tail}" if tail else "")
    text = s["text_zh"] if lang == "zh" else s["text_en"]
    return [head, *_wrap(text, _columns(), indent + "    ")]


def _card_rows(cards: list[Entry], lang: str) -> list[str]:
    """One row per card name of a pack: its names, kind, count and faces."""
    by_name: dict[str, list[Entry]] = {}
    for c in cards:
        by_name.setdefault(c["name"], []).append(c)
    head = [_say(lang, "name id", "id"), _say(lang, "name", "牌名"), _say(lang, "中文", "English"),
            _say(lang, "kind", "类别"), _say(lang, "count", "张数"), _say(lang, "cards", "花色点数")]
    rows = [head]
    for name, group in by_name.items():
        first = group[0]
        rows.append([name, *_names(first, lang), _kind(first, lang), str(len(group)),
                     _faces(group)])
    return _table(rows)


def _section(cat: _Catalogue, section: str, lang: str) -> list[str]:
    entries: list[Entry] = getattr(cat, section)
    title = {"generals": _say(lang, "Generals", "武将"), "skills": _say(lang, "Skills", "技能"),
             "cards": _say(lang, "Cards", "游戏牌")}[section]
    if not entries:
        return [_say(lang, f"{title} of {cat.game}: none", f"{cat.game}的{title}：无")]
    if section == "cards":
        return _card_section(cat, entries, lang)
    count = str(len(entries))
    out = [_say(lang, f"{title} of {cat.game}: {count}", f"{cat.game}的{title}：{count}")]
    if section == "generals":
        out += _general_rows(cat, entries, lang)
    else:
        for s in entries:
            out += _skill_lines(cat, s, lang)
    return out


def _card_section(cat: _Catalogue, cards: list[Entry], lang: str) -> list[str]:
    """The cards pack by pack, each under its heading with its count (a pack is a deck of its
    own, or cards added to one: never counted together)."""
    out: list[str] = []
    for pack, group in _by_pack(cards).items():
        names = len({c["name"] for c in group})
        if out:
            out.append("")
        label = cat.pack_label(pack, lang)
        out.append(_say(lang, f"Cards of {cat.game}, {label} (--deck {pack}): {len(group)} "
                              f"({names} names)",
                        f"{cat.game}的游戏牌，{label}（--deck {pack}）：{len(group)}张（{names}种）"))
        out += _card_rows(group, lang)
    return out


def _by_pack(cards: list[Entry]) -> dict[str, list[Entry]]:
    out: dict[str, list[Entry]] = {}
    for c in cards:
        out.setdefault(str(c["pack"]), []).append(c)
    return out


def _full(cat: _Catalogue, what: str, found: dict[str, list[Entry]], lang: str) -> list[str]:
    """One general, card name or skill in full."""
    if what == "general":
        g = found["generals"][0]
        name, other = _names(g, lang)
        lord = "" if g["can_be_lord"] else _say(lang, ", never the lord", "，不能当主公")
        if lang == "zh":
            facts = f"  {_kingdoms(g, lang)}，{_sex(g, lang)}，体力{g['hp']}{lord}"
        else:
            facts = f"  {_kingdoms(g, lang)}, {_sex(g, lang)}, {g['hp']} HP{lord}"
        out = [f"{g['id']}  {name}  {other}", facts]
        for s in found["skills"]:
            out += _skill_lines(cat, s, lang, owners=False)
        return out
    if what == "card":
        cards = found["cards"]
        first = cards[0]
        name, other = _names(first, lang)
        sep = "；" if lang == "zh" else "; "
        out = [f"{first['name']}  {name}  {other}", f"  {_kind(first, lang)}"]
        for pack, group in _by_pack(cards).items():
            n = len(group)
            count = _say(lang, f"{n} card" + ("" if n == 1 else "s"), f"{n}张")
            out.append(f"  {cat.pack_label(pack, lang)} (--deck {pack}){sep}{count}" if lang != "zh"
                       else f"  {cat.pack_label(pack, lang)}（--deck {pack}）{sep}{count}")
            rows = [[_say(lang, "id", "id"), _say(lang, "card", "花色点数")]]
            rows += [[str(c["id"]), _face(c)] for c in group]
            out += _table(rows, "    ")
        for s in found["skills"]:
            out += _skill_lines(cat, s, lang, owners=False)
        return out
    return _skill_lines(cat, found["skills"][0], lang, indent="")


# ---------------------------------------------------------------------------- the command
@click.command()
@click.argument("what", required=False, metavar="[WHAT]")
@click.option("--game", "game", default="sanguosha/identity", show_default=True, metavar="ID",
              help="The game to describe.")
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object: the game's id and the sections (for an id: what it names, "
                   "with its entries).")
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True,
              help="The language of the human output (JSON has both).")
@click.option("--deck", "deck", default=None, metavar="PACK",
              help="Only the cards of this pack (identity mode: standard, ex, 1.0).")
def info(what: str | None, game: str, as_json: bool, lang: str, deck: str | None) -> None:
    """Describe a game's generals, skills and cards, in English and Chinese.

    WHAT is generals, skills or cards (that section only), or a general, a card name or a
    skill, by its id or its name in English or Chinese (caocao, 曹操, "Cao Cao"): that one in
    full, with its skills' texts (a card name that is also a skill's id, as equipment's are,
    shows the card with its skill). Without WHAT, every section.

    Generals: id, names, kingdom(s), sex, HP, skills. Skills: id, names, the rules' text in
    Chinese and an English rendering, who has them. Cards: every physical card, with its id,
    names, suit, rank and kind, pack by pack, each with its count: a pack is a deck of its own
    (the standard deck, the 1.0 edition's) or cards added to one (EX); --deck PACK shows one.

    \b
    Examples:
      sgs info generals
      sgs info caocao --lang zh
      sgs info 杀 --deck 1.0
      sgs info cards --deck standard --json
    """
    spec = _spec(game)
    cat = _Catalogue(spec)
    if deck is not None:
        packs = list(dict.fromkeys(str(c["pack"]) for c in cat.cards))
        if deck not in packs:
            raise click.BadParameter(f"{cat.game} has no pack {deck!r:.40} (its packs: "
                                     f"{', '.join(packs) or 'none'})", param_hint="'--deck'")
        if what in ("generals", "skills"):
            raise click.UsageError(f"--deck chooses cards; it does not go with {what}")
        cat.only_pack(deck)
    if what is None or what in SECTIONS:
        sections = SECTIONS if what is None else (what,)
        if as_json:
            packs_json = {"packs": list(cat.packs.values())} if "cards" in sections and cat.packs else {}
            echo_json({"game": cat.game, **{s: getattr(cat, s) for s in sections},
                       **packs_json})
            return
        out: list[str] = []
        for s in sections:
            if out:
                out.append("")
            out += _section(cat, s, lang)
        click.echo("\n".join(out))
        return
    try:
        found = cat.find(what)
    except AmbiguousName as e:
        raise click.BadParameter(str(e), param_hint="'WHAT'") from None
    if found is None:
        raise click.BadParameter(f"{cat.game} has no general, card or skill {what!r:.40}",
                                 param_hint="'WHAT'")
    kind, entries = found
    if as_json:
        echo_json({"game": cat.game, "match": kind, **entries})
        return
    click.echo("\n".join(_full(cat, kind, entries, lang)))
