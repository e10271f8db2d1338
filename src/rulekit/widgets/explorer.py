"""An ipywidgets panel for "what if?" runs: pick a game, bots and an option to vary.

The exploration notebook shows it; rendered by Voila it is the
exploration dashboard. All work goes through ``sweep`` and the plots of
``rulekit.explore.plots``; the panel only collects choices.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

import ipywidgets as w

from .. import games as game_ids
from .. import load
from ..agents import AGENTS
from ..engine.plurals import fill

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
    """Choices, a Run button and an output area with plots and a summary table."""

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
        titles = [(_title(g, lang), g) for g in ids]
        self.game = w.Dropdown(
            options=titles, value=game if game in ids else (ids[0] if ids else None), description=_t("game", lang)
        )
        self.bots = w.Text(
            value=bots, description=_t("bots", lang), placeholder=f"{', '.join(AGENTS)} ({_t('bots_help', lang)})"
        )
        self.games = w.BoundedIntText(value=games, min=1, max=100_000, step=100, description=_t("games", lang))
        self.option = w.Dropdown(description=_t("vary", lang))
        self.values = w.Text(description=_t("values", lang), placeholder=_t("values_help", lang))
        self.run = w.Button(description=_t("run", lang), button_style="primary", icon="play")
        self.status = w.HTML()
        self.out = w.Output()
        for widget, name in ((self.run, "run"), (self.games, "games"), (self.status, "status"), (self.out, "out")):
            widget.add_class(f"rk-explore-{name}")  # stable selectors for browser tests
        self.game.observe(self._game_changed, "value")
        self.run.on_click(lambda _: self.go())
        self._game_changed()
        super().__init__(
            [
                w.HBox([self.game, self.bots, self.games]),
                w.HBox([self.option, self.values, self.run]),
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

    def go(self) -> Any:
        """Run the sweep and draw the results; errors appear in the status line."""
        from IPython.display import display

        from ..explore import plots
        from ..explore.limits import check_job
        from ..explore.sweeps import summarize, sweep

        self.out.clear_output()
        try:
            grid = self.grid()
            runs = len(next((v for k, v in grid.items() if k != "agents"), [None]))
            check_job(self.games.value, self.bots.value, runs)  # a shared dashboard's --max-job
            frame = sweep(self.game.value, grid, games=self.games.value, workers=self.workers)
        except Exception as err:  # shown to the person, never a traceback
            self.status.value = f"<b style='color:#c44e52'>{_t('cannot_run', self.lang)}</b> {err}"
            return None
        self.status.value = _t("played", self.lang, n=f"{frame['game_id'].nunique():,}")
        with self.out:
            display(summarize(frame).round(3))
            import matplotlib.pyplot as plt

            fig, axes = plt.subplots(1, 3, figsize=(14, 3.6))
            plots.sweep_win_rates(frame, axes[0])
            plots.score_distribution(frame, axes[1])
            plots.sweep_lengths(frame, axes[2])
            fig.tight_layout()
            plt.show()
        return frame

    def __repr__(self) -> str:
        return f"Explorer(game={self.game.value!r}, bots={self.bots.value!r}, games={self.games.value})"


def _title(game_id: str, lang: str) -> str:
    game = load(game_id)
    return (game.title_de if lang == "de" and game.title_de else game.title) or game_id


def _option_title(option: Any, lang: str) -> str:
    """An option by its name for people (else its help text), as the variants form shows it."""
    title = option.title_de if lang == "de" else option.title
    return title or option.help_in(lang) or option.name
