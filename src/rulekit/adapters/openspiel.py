"""Every rulekit game as a Python OpenSpiel game (``pyspiel``).

>>> import pyspiel                                         # doctest: +SKIP
>>> import rulekit.adapters.openspiel                      # registers every game  # doctest: +SKIP
>>> game = pyspiel.load_game("python_rulekit_rune_stones", {"players": 3})       # doctest: +SKIP
>>> pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)    # doctest: +SKIP

Facts of the OpenSpiel game (declared once in ``_game_type``):

* sequential turns, terminal rewards, general sum. ``reward="win"``: a sole
  winner gets +1 and every other seat -1; when several seats share the win
  each of them gets 1/k (k winners) and the others -1; a cooperative game
  gives everyone +1 on a victory and -1 on a defeat; a game stopped
  unfinished by a round limit gives 0 to all. ``reward="score"``: the
  final scores.
* chance: the root draws the rulekit seed from ``seeds`` outcomes. After
  that every step that may use randomness is preceded by a chance node with
  ``chance_outcomes`` equally likely outcomes: a step that rolls or shuffles
  (it moves the state's generator), and, in a game with parts no seat can
  see (a face-down draw pile), every step, since any may draw. Outcome ``i``
  reseeds the generator and deals the unseen parts again
  (``Game.redeal_unseen``); outcome 0 keeps both, so with
  ``chance_outcomes=1`` the OpenSpiel game is exactly the rulekit game of
  its seed. Search that samples chance sees different futures, not the
  seed's one.
* imperfect information when some seat's ``view`` hides something. The
  observation is the seat's ``view`` (JSON string, encoded vector). The
  information state (perfect recall) is a digest of everything the seat
  learnt, step by step (its own decisions, the events it may read, that
  another seat decided) plus its current view; its tensor is the
  observation vector plus the count of each of the seat's own past
  actions. ``resample_from_infostate`` deals the hidden parts again with
  ``Game.determinize``, so OpenSpiel's ISMCTS runs.
* actions are ids of the game's exact action index (``Game.action_labels``).

Importing this module registers every installed game, so
``pyspiel.load_game`` and ``deserialize_game_and_state`` work in a fresh
process. Game parameters: ``players``, ``seeds``, ``chance_outcomes``,
``reward`` and every rule option whose default is a bool, int, float or
str. Needs the optional extra ``interop`` (open-spiel).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from ..engine import Action, Dice, Game, Record, State
from ..engine.rng import seed_state
from ..games import resolve_game
from .encoding import GameSpace, space_for
from .rewards import win_rewards

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
#: outcomes of every later chance node (a reseed of the game's generator)
DEFAULT_CHANCE_OUTCOMES = 16
#: OpenSpiel needs a bound on game length; rulekit's own limit is check_game's 5000 decisions
MIN_GAME_LENGTH = 5000
_REGISTERED: dict[str, Game] = {}


def short_name(game: Game | str) -> str:
    return f"python_rulekit_{resolve_game(game).id}"


def _param_options(game: Game) -> dict[str, Any]:
    """Rule options OpenSpiel can carry as game parameters (scalars only)."""
    return {o.name: o.default for o in game.option_list if isinstance(o.default, bool | int | float | str)}


def _game_type(game: Game, hidden: bool) -> pyspiel.GameType:
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"rulekit {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.IMPERFECT_INFORMATION if hidden else info.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.players.stop - 1,
        min_num_players=game.players.start,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.players.start,
            "seeds": DEFAULT_SEEDS,
            "chance_outcomes": DEFAULT_CHANCE_OUTCOMES,
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
    outcomes: int
    reward: str
    options: tuple[tuple[str, Any], ...]

    @property
    def game(self) -> Game:
        return _REGISTERED[self.game_id]

    @property
    def space(self) -> GameSpace:
        return space_for(self.game, self.players, dict(self.options))

    def __deepcopy__(self, memo: dict) -> _Spec:
        return self


class _Shared:
    """An immutable rulekit State held by an OpenSpiel state, with memoized derived values.

    Clones share it (rulekit states never change). OpenSpiel serializes a
    Python state by pickling its attributes; a rulekit state pickles as its
    flat fields (its reseeded generator cannot be replayed from a save file).
    """

    __slots__ = ("state", "cache")

    def __init__(self, state: State):
        self.state = state
        self.cache: dict = {}

    def memo(self, key: tuple, make):
        if key not in self.cache:
            self.cache[key] = make()
        return self.cache[key]

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self

    def __reduce__(self):
        s = self.state
        fields = (s.players, s.options, s.seed, s.data, s.phase, s.to_move, s.rng, s.is_over, s.step, s.autos, s.unseen)
        return (_revive, (s.game.id, fields, [a.to_json() for a in s.actions], tuple(s.events)))


def _revive(game_id: str, fields: tuple, actions: list, events: tuple) -> _Shared:
    players, options, seed, data, phase, to_move, rng, is_over, step, autos, unseen = fields
    history = None
    for raw in actions:
        history = (history, Action.from_json(raw))
    state = State(_REGISTERED[game_id], players, options, seed, data, phase, to_move, rng, events, is_over, step)
    return _Shared(state.evolve(history=history, autos=autos, unseen=unseen))


def _reseed(rng: int, outcome: int) -> int:
    """Outcome 0 keeps the generator (the rulekit game itself); others start another future."""
    return rng if outcome == 0 else Dice(seed_state(rng ^ (outcome * 0x9E3779B97F4A7C15))).next64()


def _digest(previous: str, text: str) -> str:
    return hashlib.blake2b(f"{previous}\n{text}".encode(), digest_size=12).hexdigest()


class RulekitSpielGame(pyspiel.Game):
    """The OpenSpiel game of one rulekit game; subclassed per game by ``register``."""

    rulekit_game: Game

    def __init__(self, params: dict | None = None):
        game = self.rulekit_game
        players = int((params or {}).get("players", game.players.start))
        gtype = _game_type(game, _hidden(game))
        params = {**gtype.parameter_specification, **(params or {})}
        seeds, outcomes, reward = int(params["seeds"]), int(params["chance_outcomes"]), str(params["reward"])
        options = {k: params[k] for k in _param_options(game)}
        game.new(players=players, seed=0, **options)  # rulekit's clear SetupError for bad values
        if seeds < 1 or outcomes < 1 or reward not in ("win", "score"):
            raise ValueError(
                f"seeds and chance_outcomes must be >= 1 and reward 'win' or 'score', got {seeds}, {outcomes}, {reward!r}"
            )
        self.spec = _Spec(game.id, players, seeds, outcomes, reward, tuple(sorted(options.items())))
        space = self.spec.space
        low, high = (-1.0, 1.0) if reward == "win" else (-1e6, 1e6)
        info = pyspiel.GameInfo(
            num_distinct_actions=space.num_actions,
            max_chance_outcomes=max(seeds, outcomes),
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=max(MIN_GAME_LENGTH, 8 * space.max_decisions),
        )
        super().__init__(gtype, info, params)

    def new_initial_state(self) -> RulekitSpielState:
        return RulekitSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self.spec, perfect_recall=recall)

    def __reduce__(self):
        return (_load_registered, (self.rulekit_game.id, dict(self.get_parameters())))


def _load_registered(game_id: str, params: dict) -> pyspiel.Game:
    return load(game_id, **params)


class RulekitSpielState(pyspiel.State):
    """A rulekit game as OpenSpiel sees it: decisions, chance nodes before random steps, the end."""

    def __init__(self, game: RulekitSpielGame):
        super().__init__(game)
        self.spec = game.spec
        self._rk: _Shared | None = None
        #: a decision waiting for the chance outcome that reseeds it (None: an automatic step waits)
        self._pending: Action | None = None
        self._chance = True  # the root draws the seed
        #: per seat: digest of everything it learnt so far, and the count of its own actions
        self._seen: tuple[str, ...] = ("",) * game.spec.players
        self._mine: tuple[tuple[int, ...], ...] = ((),) * game.spec.players
        self._reseeded = False

    @property
    def rulekit_state(self) -> State | None:
        """The rulekit ``State`` (None before the root chance node)."""
        return self._rk.state if self._rk is not None else None

    # -- whose turn ---------------------------------------------------------

    def current_player(self) -> int:
        if self._chance:
            return pyspiel.PlayerId.CHANCE
        rk = self._rk.state
        return pyspiel.PlayerId.TERMINAL if rk.is_over else rk.to_move

    def _legal_actions(self, player: int) -> list[int]:
        rk = self.rulekit_state
        if self._chance or rk is None or rk.is_over or player != rk.to_move:
            return []
        return self._rk.memo(("legal",), lambda: self.spec.space.legal_ids(rk))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.spec.seeds if self._rk is None else self.spec.outcomes
        return [(i, 1.0 / n) for i in range(n)]

    # -- moving -------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        if self._rk is None:
            state = self.spec.game.new(
                players=self.spec.players, seed=int(action), settle=False, **dict(self.spec.options)
            )
            self._chance = False
            self._step_into(state, None)
            return
        rk = self._rk.state
        if self._chance:
            self._reseeded = self._reseeded or action != 0
            base = rk.evolve(rng=_reseed(rk.rng, int(action)))
            if action:
                base = rk.game.redeal_unseen(base, Dice(_reseed(base.rng, 1)))
            pending, self._pending, self._chance = self._pending, None, False
            self._step_into(base.apply(pending, settle=False) if pending else base.advance(), pending)
            return
        decision = self.spec.space.action(action)
        result = rk.apply(decision, settle=False)
        if self._random(rk, result):  # it may draw or roll: chance decides first
            self._pending, self._chance = decision, True
            return
        self._step_into(result, decision)

    def _step_into(self, state: State, decision: Action | None) -> None:
        """Take ``state`` (after a decision or an automatic step), then run deterministic automatic steps."""
        self._learn(state, decision)
        while state.automatic:
            nxt = state.advance()
            if self._random(state, nxt):
                self._rk, self._chance = _Shared(state), True
                return
            state = nxt
            self._learn(state, None)
        self._rk = _Shared(state)

    def _random(self, before: State, after: State) -> bool:
        """Whether a chance node must come before the step ``before -> after``."""
        if self.spec.outcomes == 1:
            return False
        return after.rng != before.rng or _has_unseen(before)

    def _learn(self, state: State, decision: Action | None) -> None:
        """Add what each seat saw of this step to its information state."""
        before = self._rk.state if self._rk is not None else None
        mover = before.to_move if before is not None and decision is not None else None
        seen, mine = list(self._seen), list(self._mine)
        for seat in range(self.spec.players):
            parts = [e.text for e in state.events if e.visible_to(seat)]
            if decision is not None:
                parts.insert(0, f"I chose {decision}" if seat == mover else f"seat {mover} decided")
            if parts:
                seen[seat] = _digest(seen[seat], "\n".join(parts))
        if mover is not None:
            mine[mover] = (*mine[mover], self.spec.space.action_id(decision))
        self._seen, self._mine = tuple(seen), tuple(mine)
        self._rk = _Shared(state)

    # -- reading --------------------------------------------------------------

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}" if self._rk is None else f"chance outcome {action}"
        return self.spec.space.actions[action]

    def is_terminal(self) -> bool:
        return not self._chance and self._rk is not None and self._rk.state.is_over

    def returns(self) -> list[float]:
        rk = self.rulekit_state
        if rk is None or not rk.is_over or self._chance:
            return [0.0] * self.spec.players
        if self.spec.reward == "score":
            return [float(s) for s in rk.scores]
        return win_rewards(rk)

    def resample_from_infostate(self, player: int, probability_sampler=None) -> RulekitSpielState:
        """A state ``player`` cannot tell from this one: hidden parts dealt again, a fresh future."""
        sample = float(probability_sampler()) if callable(probability_sampler) else np.random.random()
        dice = Dice(seed_state(int(sample * 2**53)))
        world = self.clone()
        if self._rk is not None:
            rk = self._rk.state
            world._rk = _Shared(rk.game.determinize(rk, player, dice).evolve(rng=dice.next64()))
        return world

    def __str__(self) -> str:
        if self._rk is None:
            return f"{self.spec.game_id}: before the seed is drawn"
        waiting = f" (chance before {self._pending or 'an automatic step'})" if self._chance else ""
        return self._rk.memo(("str",), lambda: _describe(self._rk.state)) + waiting


def _describe(rk: State) -> str:
    """Everything that makes two rulekit states equal (``State._key``), readable enough."""
    who = "over" if rk.is_over else ("automatic step" if rk.to_move is None else f"seat {rk.to_move} to move")
    return (
        f"{rk.game.id} seed={rk.seed} step={rk.step} phase={rk.phase} {who} scores={list(rk.scores)} "
        f"rng={rk.rng}\n{rk.data!r}"
    )


class _Observer:
    """The seat's ``view`` (observation), or its whole history of what it learnt (information state)."""

    def __init__(self, spec: _Spec, perfect_recall: bool = False):
        self.spec = spec
        self.perfect_recall = perfect_recall
        space = spec.space
        size = space.num_features + (space.num_actions if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RulekitSpielState, player: int) -> None:
        shared = state._rk
        self.tensor[:] = 0.0
        if shared is None:
            return
        n = self.spec.space.num_features
        self.tensor[:n] = shared.memo(("obs", player), lambda: self.spec.space.observe(shared.state, player))
        if self.perfect_recall:
            for action_id in state._mine[player]:
                self.tensor[n + action_id] += 1.0

    def string_from(self, state: RulekitSpielState, player: int) -> str:
        shared = state._rk
        view = (
            "{}"
            if shared is None
            else shared.memo(
                ("view", player), lambda: json.dumps(shared.state.view(player), sort_keys=True, ensure_ascii=False)
            )
        )
        return f"seen {state._seen[player]} now {view}" if self.perfect_recall else view


def _has_unseen(state: State) -> bool:
    """Whether ``state``'s game has parts no seat can see (it overrides ``redeal_unseen``).

    Asked once per step of every search, so it looks at the class, not at a dealt copy.
    """
    return type(state.game).redeal_unseen is not Game.redeal_unseen


def _hidden(game: Game) -> bool:
    return space_for(game).hidden_information


# -- registration ------------------------------------------------------------------


def register(game: Game | str) -> str:
    """Register ``game`` with OpenSpiel (once); return its short name."""
    game = resolve_game(game)
    name = short_name(game)
    _REGISTERED.setdefault(game.id, game)
    if name in _registered_names():
        return name
    cls = type(f"Spiel_{game.id}", (RulekitSpielGame,), {"rulekit_game": game})
    pyspiel.register_game(_game_type(game, _hidden(game)), cls)
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
    """An evaluator for OpenSpiel's ``MCTSBot`` and ``ISMCTSBot`` from the game's own ``evaluate`` hook.

    Random rollouts play whole games per simulation; this scores a leaf by
    ``game.evaluate(state, seat)`` squashed into (-1, 1) with ``tanh(v / scale)``,
    so a search bot stays cheap on long games. Terminal states give the returns;
    a chance node is scored by the state it waits on.
    """

    def __init__(self, scale: float = 10.0):
        self.scale = scale

    def evaluate(self, state: RulekitSpielState) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        rk = state.rulekit_state
        if rk is None:
            return np.zeros(state.num_players())
        return np.array([np.tanh(rk.game.evaluate(rk, seat) / self.scale) for seat in range(rk.players)])

    def prior(self, state: RulekitSpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def to_record(state: RulekitSpielState) -> Record:
    """The rulekit save file of an OpenSpiel state (seed = the root chance outcome).

    Only a game whose later chance outcomes were all 0 is the rulekit game of
    its seed; another outcome reseeded the generator, and no save file replays that.
    """
    if state.rulekit_state is None:
        raise ValueError("the seed is not drawn yet: apply the root chance outcome first")
    if state._reseeded:
        raise ValueError("a chance outcome other than 0 reseeded this game: no rulekit save file replays it")
    return state.rulekit_state.record()


register_all()
