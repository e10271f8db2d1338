"""An ipywidgets panel for "what if?" runs: pick a game, bots and an option to vary.

The exploration notebook shows it; rendered by Voila it is the
exploration dashboard, and in the static site it runs in the browser. The
games are ``simulate``'s jobs, played by ``explore.runner``; the summary is
``sweeps.summarize`` (``explore.plain`` where pandas does not exist), shown
in words by ``explore.summary_html``; the panel only collects choices.
"""

from __future__ import annotations

import asyncio
import tomllib
from functools import cache
from html import escape
from importlib import resources
from typing import Any

import ipywidgets as w

from .. import games as game_ids
from .. import load
from ..agents import AGENTS
from ..engine.plurals import fill
from ..explore.limits import check_job
from ..explore.runner import Outcome, play_all, play_async
from ..explore.simulate import Job, lineup, make_jobs, pairs_seats
from ..explore.study import summary_rows
from ..explore.summary_html import charts, results_table

__all__ = ["Explorer", "parse_values"]

_NO_OPTION = "(none: bots only)"


@cache
def _texts() -> dict[str, dict[str, str]]:
    with resources.files(__package__).joinpath("texts/explorer.toml").open("rb") as f:
        return tomllib.load(f)


def _t(key: str, lang: str, **args: Any) -> str:
    entry = _texts()[key]
    return fill(entry.get(lang, entry["en"]), lang, **args)


def parse_values(text: str, default: Any) -> list[Any]:
    """Read ``"45, 65, 85"`` as values of the option's type (ints, true/false, lists as ``4 3 3``)."""
    items = [t.strip() for t in text.split(",") if t.strip()]
    if not items:
        raise ValueError("give at least one value, separated by commas")
    out = []
    for item in items:
        if isinstance(default, bool):
            if item.lower() not in ("true", "false"):
                raise ValueError(f"{item!r} is not true or false")
            out.append(item.lower() == "true")
        elif isinstance(default, int):
            out.append(int(item))
        elif isinstance(default, tuple | list):
            out.append(tuple(int(x) for x in item.split()))
        else:
            out.append(item)
    return out


class Explorer(w.VBox):
    """Choices, Run and Cancel, a progress bar, and the results: a table in words and two charts.

    Run starts the games as a task on the kernel's event loop
    (``explore.runner``): the panel shows its progress, Run is disabled and
    Cancel stops the run, keeping the games already played. In the browser
    (the static site) the games are played one after another on the page;
    on a server a process pool plays them.
    """

    def __init__(
        self,
        game: str | None = None,
        bots: str = "greedy,greedy",
        games: int = 200,
        workers: int | None = None,
        lang: str = "en",
    ):
        if lang not in ("en", "de"):
            raise ValueError(f"language must be one of en, de, got {lang!r}")
        self.lang = lang
        ids = game_ids()
        self.workers = workers
        self.task: asyncio.Task | None = None
        self.outcome: Outcome | None = None
        self._stop = False
        titles = [(_title(g, lang), g) for g in ids]
        self.game = w.Dropdown(
            options=titles, value=game if game in ids else (ids[0] if ids else None), description=_t("game", lang)
        )
        self.bots = w.Text(
            value=bots, description=_t("bots", lang), placeholder=f"{', '.join(AGENTS)} ({_t('bots_help', lang)})"
        )
        self.games = w.BoundedIntText(value=games, min=1, max=100_000, step=10, description=_t("games", lang))
        self.option = w.Dropdown(description=_t("vary", lang))
        self.values = w.Text(description=_t("values", lang), placeholder=_t("values_help", lang))
        self.run = w.Button(description=_t("run", lang), button_style="primary", icon="play")
        self.cancel = w.Button(description=_t("cancel", lang), icon="stop", disabled=True)
        self.progress = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="320px", visibility="hidden"))
        self.status = w.HTML()
        self.table = w.HTML()
        self.charts = w.HTML()
        self.out = w.VBox([self.table, self.charts])
        parts = (
            (self.run, "run"),
            (self.cancel, "cancel"),
            (self.progress, "progress"),
            (self.games, "games"),
            (self.status, "status"),
            (self.out, "out"),
        )
        for widget, name in parts:
            widget.add_class(f"rk-explore-{name}")  # stable selectors for browser tests
        self.game.observe(self._game_changed, "value")
        self.run.on_click(lambda _: self.start())
        self.cancel.on_click(lambda _: self.stop())
        self._game_changed()
        super().__init__(
            [
                w.HBox([self.game, self.bots, self.games], layout=w.Layout(flex_flow="row wrap")),
                w.HBox([self.option, self.values], layout=w.Layout(flex_flow="row wrap")),
                w.HBox([self.run, self.cancel, self.progress], layout=w.Layout(align_items="center")),
                self.status,
                self.out,
            ]
        )

    def _game_changed(self, *_: Any) -> None:
        none = (_t("no_option", self.lang), _NO_OPTION)
        if self.game.value is None:
            self.option.options = [none]
            return
        opts = load(self.game.value).options
        self.option.options = [none, *((_option_title(o, self.lang), name) for name, o in opts.items())]
        self.option.value = _NO_OPTION

    def grid(self) -> dict[str, list[Any]]:
        """The sweep grid the choices describe (raises ``ValueError`` for bad values)."""
        if self.option.value in (None, _NO_OPTION):
            return {"agents": [self.bots.value]}
        default = load(self.game.value).options[self.option.value].default
        return {self.option.value: parse_values(self.values.value, default), "agents": [self.bots.value]}

    def jobs(self) -> list[Job]:
        """The games the choices describe, one variant per value, each tagged with its name in words."""
        grid = self.grid()
        option = next((k for k in grid if k != "agents"), None)
        values = grid[option] if option else [None]
        game = load(self.game.value)
        # different bots in a competitive game: every seed in every rotation of the seats (paired), so the
        # first seat's rate measures the seat, not the bot that sits there
        paired = pairs_seats(game, self.bots.value)
        rotations = len(lineup(self.bots.value)) if paired else 1
        check_job(self.games.value, self.bots.value, len(values) * rotations)  # the dashboard's or the browser's cap
        jobs: list[Job] = []
        for value in values:
            if option is None:
                label = _t("all_games", self.lang)
                options, tags = {}, {"variant": label}
            else:
                label = f"{_option_title(game.options[option], self.lang)}: {_value_words(value, self.lang)}"
                options, tags = {option: value}, {option: value, "variant": label}
            jobs += make_jobs(
                game.id,
                self.bots.value,
                games=self.games.value,
                options=options,
                first_id=len(jobs),
                tags=tags,
                paired=paired,
            )
        return jobs

    def start(self) -> asyncio.Task | None:
        """Run the games in the background (the Run button); returns the task, None if the choices are bad."""
        if self.task is not None and not self.task.done():
            return self.task
        try:
            jobs = self.jobs()
        except Exception as err:  # shown to the person, never a traceback
            self._refused(err)
            return None
        self._busy(True, len(jobs))
        self.task = asyncio.ensure_future(self._run(jobs))
        return self.task

    def stop(self) -> None:
        """Stop the run after the game being played (the Cancel button); its results stay."""
        self._stop = True
        self.cancel.disabled = True

    async def _run(self, jobs: list[Job]) -> Outcome:
        try:
            outcome = await play_async(jobs, self._progress, lambda: self._stop, self.workers)
            self._show(outcome)
            return outcome
        except Exception as err:
            self._refused(err)
            raise
        finally:
            self._busy(False, len(jobs))

    def go(self) -> Outcome | None:
        """Play the games here and now and show the results (for scripts and tests); errors go to the status."""
        try:
            jobs = self.jobs()
        except Exception as err:
            self._refused(err)
            return None
        outcome = play_all(jobs)
        self._show(outcome)
        return outcome

    def summary(self, outcome: Outcome) -> list[dict]:
        """The summary rows the panel shows: ``sweeps.summarize`` where pandas exists, else plain Python."""
        return summary_rows(outcome.rows, load(self.game.value).cooperative)

    def _show(self, outcome: Outcome) -> None:
        self.outcome = outcome
        n, total = f"{outcome.games:,}", f"{outcome.planned:,}"
        if outcome.cancelled:
            self.status.value = _t("cancelled", self.lang, n=n, total=total)
        else:
            self.status.value = _t("played", self.lang, n=n)
        rows = self.summary(outcome)
        cooperative = load(self.game.value).cooperative
        self.table.value = results_table(rows, self.lang, cooperative)
        self.charts.value = charts(rows, self.lang, cooperative)

    def _refused(self, err: Exception) -> None:
        self.status.value = f"<b style='color:#c44e52'>{_t('cannot_run', self.lang)}</b> {escape(str(err))}"

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = max(1, total)
        self.progress.value = done
        self.status.value = _t("running", self.lang, done=f"{done:,}", total=f"{total:,}")

    def _busy(self, busy: bool, total: int) -> None:
        self._stop = False if busy else self._stop
        self.run.disabled = busy
        self.cancel.disabled = not busy
        self.progress.layout.visibility = "visible" if busy else "hidden"
        if busy:
            self.table.value = self.charts.value = ""
            self._progress(0, total)

    def __repr__(self) -> str:
        return f"Explorer(game={self.game.value!r}, bots={self.bots.value!r}, games={self.games.value})"


def _value_words(value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return _t("yes" if value else "no", lang)
    if isinstance(value, tuple | list):
        return " ".join(str(v) for v in value)
    return str(value)


def _title(game_id: str, lang: str) -> str:
    game = load(game_id)
    return (game.title_de if lang == "de" and game.title_de else game.title) or game_id


def _option_title(option: Any, lang: str) -> str:
    """An option by its name for people (else its help text), as the variants form shows it."""
    title = option.title_de if lang == "de" else option.title
    return title or option.help_in(lang) or option.name
