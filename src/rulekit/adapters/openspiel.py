"""Every rulekit game as a Python OpenSpiel game (``pyspiel``).

>>> from rulekit.adapters import openspiel                 # doctest: +SKIP
>>> game = openspiel.load("rune_stones", players=3)          # doctest: +SKIP
>>> pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)  # doctest: +SKIP

Facts of the OpenSpiel game (declared once in ``_game_type``):

* sequential turns, terminal rewards (+1 for each winner, -1 for the
  others; ``reward="score"`` gives the final scores), general sum;
* chance: the root is a chance node that draws the rulekit seed uniformly
  from ``seeds`` outcomes. Every later chance event (shuffles, dice, bag
  draws) is sampled inside rulekit from that seed, never enumerated, so
  OpenSpiel's history (seed, then action ids) replays a game exactly and
  its serialization works unchanged. Automatic steps run inside
  ``apply_action``;
* imperfect information when some seat's ``view`` hides something (found
  by ``rulekit.adapters.encoding``); observations are the seat's view, as
  a JSON string and as the encoded vector. Information states (perfect
  recall) are not provided;
* actions are ids of the game's stable action index.

Game parameters: ``players``, ``seeds``, ``reward`` and every rule option
whose default is a bool, int, float or str. Needs the optional extra
``rulekit[interop]`` (open-spiel).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from ..engine import Game, Record, State
from .encoding import GameSpace, resolve_game, space_for

__all__ = [
    "HeuristicEvaluator",
    "register",
    "register_all",
    "load",
    "short_name",
    "to_record",
    "RulekitSpielGame",
    "RulekitSpielState",
]

#: outcomes of the root chance node (the rulekit seeds a game may get)
DEFAULT_SEEDS = 1 << 12
#: OpenSpiel needs a bound on game length; rulekit's own limit is check_game's 5000 decisions
MIN_GAME_LENGTH = 5000
_REGISTERED: dict[str, Game] = {}


def short_name(game: Game | str) -> str:
    return f"python_rulekit_{resolve_game(game).id}"


def _param_options(game: Game) -> dict[str, Any]:
    """Rule options OpenSpiel can carry as game parameters (scalars only)."""
    return {o.name: o.default for o in game.option_list if isinstance(o.default, bool | int | float | str)}


def _game_type(game: Game, space: GameSpace) -> pyspiel.GameType:
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"rulekit {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.IMPERFECT_INFORMATION if space.hidden_information else info.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.players.stop - 1,
        min_num_players=game.players.start,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.players.start,
            "seeds": DEFAULT_SEEDS,
            "reward": "win",
            **_param_options(game),
        },
    )


@dataclass(frozen=True)
class _Spec:
    """What a state needs of its game; clones share it, pickles name it."""

    game_id: str
    players: int
    seeds: int
    reward: str
    options: tuple[tuple[str, Any], ...]

    @property
    def game(self) -> Game:
        return _REGISTERED[self.game_id]

    @property
    def space(self) -> GameSpace:
        return space_for(self.game)

    def __deepcopy__(self, memo: dict) -> _Spec:
        return self


class _Shared:
    """An immutable rulekit State held by an OpenSpiel state.

    Clones share it (rulekit states never change); pickling, which
    OpenSpiel uses to serialize a Python state, stores the rulekit save file.
    """

    __slots__ = ("state", "cache")

    def __init__(self, state: State):
        self.state = state
        #: derived texts and vectors (the state never changes, so they never go stale)
        self.cache: dict = {}

    def memo(self, key: tuple, make):
        if key not in self.cache:
            self.cache[key] = make()
        return self.cache[key]

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self

    def __reduce__(self):
        return (_revive, (self.state.game.id, self.state.to_json()))


def _revive(game_id: str, text: str) -> _Shared:
    return _Shared(_REGISTERED[game_id].from_json(text))


class RulekitSpielGame(pyspiel.Game):
    """The OpenSpiel game of one rulekit game; subclassed per game by ``register``."""

    rulekit_game: Game

    def __init__(self, params: dict | None = None):
        game = self.rulekit_game
        space = space_for(game)
        gtype = _game_type(game, space)
        params = {**gtype.parameter_specification, **(params or {})}
        players, seeds, reward = int(params["players"]), int(params["seeds"]), str(params["reward"])
        options = {k: params[k] for k in _param_options(game)}
        game.new(players=players, seed=0, **options)  # rulekit's clear SetupError for bad values
        if seeds < 1 or reward not in ("win", "score"):
            raise ValueError(f"seeds must be >= 1 and reward 'win' or 'score', got {seeds}, {reward!r}")
        low, high = (-1.0, 1.0) if reward == "win" else (-1e6, 1e6)
        info = pyspiel.GameInfo(
            num_distinct_actions=space.num_actions,
            max_chance_outcomes=seeds,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=max(MIN_GAME_LENGTH, 4 * space.max_decisions),
        )
        super().__init__(gtype, info, params)
        self.spec = _Spec(game.id, players, seeds, reward, tuple(sorted(options.items())))

    def new_initial_state(self) -> RulekitSpielState:
        return RulekitSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("rulekit games provide observations, not perfect-recall information states")
        return _Observer(self.spec)


class RulekitSpielState(pyspiel.State):
    """A decision point of a rulekit game (automatic steps are run through)."""

    def __init__(self, game: RulekitSpielGame):
        super().__init__(game)
        self.spec = game.spec
        self._rk: _Shared | None = None

    @property
    def rulekit_state(self) -> State | None:
        """The rulekit ``State`` (None before the root chance node)."""
        return self._rk.state if self._rk is not None else None

    def current_player(self) -> int:
        rk = self.rulekit_state
        if rk is None:
            return pyspiel.PlayerId.CHANCE
        if rk.is_over:
            return pyspiel.PlayerId.TERMINAL
        return rk.to_move

    def _legal_actions(self, player: int) -> list[int]:
        rk = self.rulekit_state
        if rk is None or rk.is_over or player != rk.to_move:
            return []
        return self.spec.space.legal_ids(rk)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.spec.seeds
        return [(seed, p) for seed in range(self.spec.seeds)]

    def _apply_action(self, action: int) -> None:
        rk = self.rulekit_state
        if rk is None:
            state = self.spec.game.new(players=self.spec.players, seed=int(action), **dict(self.spec.options))
        else:
            state = rk.apply(self.spec.space.action(action))
        self._rk = _Shared(state)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.spec.space.actions[action]

    def is_terminal(self) -> bool:
        rk = self.rulekit_state
        return rk is not None and rk.is_over

    def returns(self) -> list[float]:
        rk = self.rulekit_state
        if rk is None or not rk.is_over:
            return [0.0] * self.spec.players
        if self.spec.reward == "score":
            return [float(s) for s in rk.scores]
        winners = set(rk.winners)
        return [1.0 if seat in winners else -1.0 for seat in range(self.spec.players)]

    def __str__(self) -> str:
        if self._rk is None:
            return f"{self.spec.game_id}: before the seed is drawn"
        return self._rk.memo(("str",), lambda: _describe(self._rk.state))


def _describe(rk: State) -> str:
    """Everything that makes two rulekit states equal (``State._key``), readable enough."""
    who = "over" if rk.is_over else f"seat {rk.to_move} to move"
    return (
        f"{rk.game.id} seed={rk.seed} step={rk.step} phase={rk.phase} {who} scores={list(rk.scores)} "
        f"rng={rk.rng}\n{rk.data!r}"
    )


class _Observer:
    """The seat's ``view`` as a JSON string and as the encoded vector."""

    def __init__(self, spec: _Spec):
        self.spec = spec
        self.tensor = np.zeros(spec.space.num_features, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RulekitSpielState, player: int) -> None:
        shared = state._rk
        if shared is None:
            self.tensor[:] = 0.0
        else:
            self.tensor[:] = shared.memo(("obs", player), lambda: self.spec.space.observe(shared.state, player))

    def string_from(self, state: RulekitSpielState, player: int) -> str:
        shared = state._rk
        if shared is None:
            return "{}"
        return shared.memo(
            ("view", player), lambda: json.dumps(shared.state.view(player), sort_keys=True, ensure_ascii=False)
        )


# -- registration ------------------------------------------------------------------


def register(game: Game | str) -> str:
    """Register ``game`` with OpenSpiel (once); return its short name."""
    game = resolve_game(game)
    name = short_name(game)
    if name in _registered_names():
        return name
    _REGISTERED[game.id] = game
    cls = type(f"Spiel_{game.id}", (RulekitSpielGame,), {"rulekit_game": game})
    pyspiel.register_game(_game_type(game, space_for(game)), cls)
    _registered_names.cache_clear()
    return name


@cache
def _registered_names() -> frozenset[str]:
    return frozenset(pyspiel.registered_names())


def register_all() -> list[str]:
    """Register every installed rulekit game; return their short names."""
    from ..games import games

    return [register(gid) for gid in games()]


def load(game: Game | str, players: int | None = None, **params: Any) -> pyspiel.Game:
    """Register (if needed) and load a game; ``params`` are OpenSpiel game parameters."""
    name = register(game)
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(name, params)


class HeuristicEvaluator:
    """An evaluator for OpenSpiel's ``MCTSBot`` from the game's own ``evaluate`` hook.

    Random rollouts play whole games per simulation; this scores a leaf by
    ``game.evaluate(state, seat)`` squashed into (-1, 1) with ``tanh(v / scale)``,
    so a search bot stays cheap on long games. Terminal states give the returns.
    """

    def __init__(self, scale: float = 10.0):
        self.scale = scale

    def evaluate(self, state: RulekitSpielState) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        rk = state.rulekit_state
        return np.array([np.tanh(rk.game.evaluate(rk, seat) / self.scale) for seat in range(rk.players)])

    def prior(self, state: RulekitSpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def to_record(state: RulekitSpielState) -> Record:
    """The rulekit save file of an OpenSpiel state (seed = the root chance outcome)."""
    if state.rulekit_state is None:
        raise ValueError("the seed is not drawn yet: apply the root chance outcome first")
    return state.rulekit_state.record()
