"""One question about a game's rules, answered in words: play seeded games, summarize, show.

``study`` is what the exploration notebook uses so that the same cells run
on a server (Jupyter, Voila: a process pool, the summary of
``sweeps.summarize``) and in the static site (Pyodide: the games one after
another, the plain-Python summary of ``explore.plain``). The result shows
itself as a table with column titles in words and two SVG charts, in
English or German, like the Explorer panel.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib.util import find_spec
from typing import Any

from ..engine import Game
from . import plain
from .runner import in_browser
from .simulate import _execute, _workers, make_jobs, pairs_seats, resolve_game, split

__all__ = ["Study", "study", "summary_rows", "variant_label"]


def variant_label(game: Game, option: str | None, value: Any, lang: str = "en") -> str:
    """A variant's name in words: "Throne space: 40" rather than "end_threshold=40"."""
    if option is None:
        return {"en": "all games", "de": "alle Partien"}.get(lang, "all games")
    if isinstance(value, bool):
        words = {"en": ("yes", "no"), "de": ("ja", "nein")}.get(lang, ("yes", "no"))
        shown = words[0] if value else words[1]
    elif isinstance(value, tuple | list):
        shown = " ".join(str(v) for v in value)
    else:
        shown = str(value)
    return f"{game.options[option].title_in(lang)}: {shown}"


def summary_rows(rows: list[dict], cooperative: bool = False) -> list[dict]:
    """``sweeps.summarize`` of the rows where pandas exists (a server), else ``plain.summary`` (the browser)."""
    if not rows:
        return []
    if find_spec("pandas") is None:
        return plain.summary(rows, cooperative=cooperative)
    import pandas as pd

    from .sweeps import summarize

    frame = pd.DataFrame(rows)
    order = list(dict.fromkeys(frame["variant"]))
    frame["variant"] = pd.Categorical(frame["variant"], categories=order, ordered=True)
    return summarize(frame).to_dict("records")


@dataclass
class Study:
    """The rows of the games played, their summary per variant, and how to show them."""

    game: Game
    rows: list[dict]
    summary: list[dict]
    lang: str = "en"

    def _repr_html_(self) -> str:
        from .summary_html import charts, results_table

        coop = self.game.cooperative
        return results_table(self.summary, self.lang, coop) + charts(self.summary, self.lang, coop)

    def __repr__(self) -> str:
        return f"<Study of {self.game.id}: {len({r['game_id'] for r in self.rows}):,} games, {len(self.summary)} variant(s)>"


def study(
    game: Game | str,
    bots: str | Sequence[str],
    games: int = 100,
    seed: int = 0,
    vary: tuple[str, Sequence[Any]] | None = None,
    lang: str = "en",
    workers: int | None = None,
) -> Study:
    """Play ``games`` seeded games (per value of ``vary = (option, values)``) and summarize them.

    Every variant plays the same seeds, so variants differ by the rule, not
    by the luck of the deal. Different bots in a competitive game play every
    seed in every rotation of the seats (``paired``), so the first seat's win
    rate is the seat's, not the first bot's. On a server the games run in a process pool
    (``workers``, default one per core); in the browser one after another.
    """
    real = resolve_game(game) if not isinstance(game, Game) else game
    option, values = vary if vary is not None else (None, [None])
    if option is not None and option not in real.options:
        raise ValueError(f"{real.id} has no option {option!r}; it has {', '.join(real.options)}")
    paired = pairs_seats(real, bots)  # different bots: every seed in every rotation of the seats
    jobs = []
    for value in values:
        label = variant_label(real, option, value, lang)
        options = {} if option is None else {option: value}
        tags = {"variant": label} if option is None else {option: value, "variant": label}
        jobs += make_jobs(
            real, bots, games=games, seed=seed, options=options, first_id=len(jobs), tags=tags, paired=paired
        )
    n = 1 if in_browser() else _workers(workers, None)
    executor = "serial" if n == 1 else None  # the browser has no processes
    rows = [row for chunk, _ in _execute(split(jobs, n), executor, n) for row in chunk]
    rows.sort(key=lambda r: (r["game_id"], r["seat"]))
    return Study(real, rows, summary_rows(rows, real.cooperative), lang)
