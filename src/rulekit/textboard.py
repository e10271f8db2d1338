"""The board as plain text: what ``rulekit play`` and PettingZoo's "ansi" mode show.

It reads the game's scene (``Game.scene``: the same words, in the same language,
as the drawn board) and writes it as lines: headings as they are, each card or
panel as one line, pieces with their counts. Nothing of the state's raw data
(keys, ids, JSON) reaches the reader.
"""

from __future__ import annotations

import textwrap

from .engine import State
from .engine.plurals import fill
from .engine.rules import read_toml
from .engine.seats import seat_name

__all__ = ["text_board", "say"]

_WIDTH = 100
#: the words of the command line and this board (texts/cli.toml)
WORDS = read_toml("rulekit", "texts/cli.toml")


def say(key: str, lang: str = "en", **args: object) -> str:
    """The command line's text ``key`` in ``lang`` (English when ``lang`` is not German)."""
    entry = WORDS[key]
    return fill(entry["de" if lang == "de" else "en"], lang, **args)


def text_board(state: State, seat: int | None = None, lang: str = "en") -> str:
    """A header (game, step, phase, who moves, scores) and the board as ``seat`` sees it, in words."""
    game = state.game
    phase = game.phases.get(state.phase)
    phase_name = phase.name_in(lang) if phase else state.phase
    if state.is_over:
        who = say("game_over", lang)
    elif state.to_move is None:
        who = say("automatic", lang)
    else:
        who = say("to_move", lang, seat=seat_name(state.to_move))
    title = game.title_de if lang == "de" and game.title_de else game.title
    scores = ", ".join(f"{seat_name(i)} {s}" for i, s in enumerate(state.scores))
    lines = [say("board_head", lang, title=title, step=state.step, phase=phase_name, who=who)]
    lines.append("   " + say("scores", lang, scores=scores))
    body = _lines(game.scene(state, seat, lang).get("items", []), 1)
    if body and title in body[0]:  # the scene's own title line repeats the header
        body = body[1:]
    lines += body
    return "\n".join(part for line in lines for part in _wrap(line))


def _words(items: list[dict]) -> list[str]:
    """Every word of a group, in drawing order: texts, and labels of pieces (counts) beside them."""
    out: list[str] = []
    for item in items:
        kind = item.get("type")
        if kind == "group":
            out += _words(item.get("items", []))
        elif kind == "text":
            out.append(str(item.get("text", "")))
        elif item.get("label") not in (None, ""):
            out.append(str(item["label"]))
    return [w for w in out if w.strip()]


def _lines(items: list[dict], depth: int) -> list[str]:
    """Top-level texts as lines; a group of plain items (a card, a piece) as one line; nested groups indented."""
    pad, out, row = "   " * depth, [], []

    def flush() -> None:
        if row:
            out.append(pad + " · ".join(_join(row)))
            row.clear()

    for item in items:
        kind = item.get("type")
        if kind == "group":
            inner = item.get("items", [])
            if any(i.get("type") == "group" for i in inner):
                flush()
                out += _lines(inner, depth + 1)
            elif words := _words(inner):
                flush()
                out.append(pad + "- " + " ".join(_join(words)))
        elif kind == "text":
            text = str(item.get("text", "")).strip()
            if not text:
                continue
            if item.get("bold") or len(text) > 30:
                flush()
                out.append(pad + text)
            else:
                row.append(text)
        elif item.get("label") not in (None, ""):
            row.append(f"({item['label']})")
    flush()
    return out


def _join(parts: list[str]) -> list[str]:
    """Wrapped lines joined back: a part ending in a hyphen runs on into the next."""
    out: list[str] = []
    for part in parts:
        if out and out[-1].endswith("-") and not out[-1].endswith(" -"):
            out[-1] = out[-1] + part
        else:
            out.append(part)
    return out


def _wrap(line: str) -> list[str]:
    """A long line wrapped between words, its continuation indented under its text."""
    if len(line) <= _WIDTH:
        return [line]
    body = line.lstrip(" ")
    pad = line[: len(line) - len(body)]
    more = pad + ("  " if body.startswith("- ") else "") + "   "
    return textwrap.wrap(body, _WIDTH, initial_indent=pad, subsequent_indent=more, break_on_hyphens=False)
