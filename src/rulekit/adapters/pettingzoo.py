"""Every rulekit game as a PettingZoo AEC environment.

>>> from rulekit.adapters.pettingzoo import env          # doctest: +SKIP
>>> e = env("rune_stones", players=3)                    # doctest: +SKIP
>>> e.reset(seed=7); obs, *_ = e.last()                  # doctest: +SKIP

Agents are ``player_0``.. ``player_{n-1}`` (seat numbers). The observation
of an agent is a dict: ``observation``, the agent's ``view(seat)`` encoded
by ``rulekit.adapters.encoding`` (hidden information stays hidden), and
``action_mask`` over the game's stable action index (all zeros when it is
not the agent's turn). Automatic steps (income, refills, checks) run
inside ``step``; rewards come only at the end (``reward="win"``: see
``rulekit.adapters.rewards``, a sole winner +1, a shared win 1/k each, the
others -1, an unfinished game 0; ``reward="score"``: the final scores).
``render_mode="human"`` prints the text board, ``"ansi"`` returns it.
``reset(seed=s)`` starts the rulekit game with seed ``s``, so an episode
replays exactly and ``env.record()`` is its save file.

The raw env refuses an illegal action by raising ``rulekit.IllegalAction``
(rule id included) and keeps its state. ``RefuseIllegal`` wraps it for
frameworks that may send anything: a refused action leaves the state as
it was, the same agent moves again, and ``infos[agent]["refused"]`` says why.
Needs the optional extra ``rulekit[interop]`` (pettingzoo, gymnasium).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import BaseWrapper

from ..engine import Game, IllegalAction, Record, State
from ..games import resolve_game
from ..textboard import text_board
from .encoding import BOUND, GameSpace, space_for
from .rewards import win_rewards

__all__ = ["RulekitEnv", "RefuseIllegal", "env", "raw_env"]

REWARDS = ("win", "score")


class RulekitEnv(AECEnv):
    """One rulekit game (fixed player count and rule options) as an AEC env."""

    metadata = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: Game | str,
        players: int | None = None,
        render_mode: str | None = None,
        reward: str = "win",
        max_decisions: int | None = None,
        **options: Any,
    ):
        super().__init__()
        self.game = resolve_game(game)
        self.players = self.game.players.start if players is None else players
        self.options = options
        # check players and options now, with rulekit's own clear errors
        self.game.new(players=self.players, seed=0, **options)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, got {reward!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        self.reward_kind, self.render_mode, self.max_decisions = reward, render_mode, max_decisions
        self.space: GameSpace = space_for(self.game, self.players, options)
        self.metadata = {**self.metadata, "name": f"rulekit_{self.game.id}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        obs = spaces.Dict(
            {
                "observation": spaces.Box(-BOUND, BOUND, (self.space.num_features,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.space.num_actions,), np.int8),
            }
        )
        # one space object per agent, as the API asks (seeding works per object)
        self.observation_spaces = {a: obs if i == 0 else _copy_space(obs) for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(self.space.num_actions) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state: State | None = None

    # -- spaces ------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- episode -----------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game; ``seed`` is the rulekit seed (None: the next of a seeded stream).

        ``options`` (PettingZoo's per-reset dict) is accepted and ignored: the
        rule options are fixed when the env is made.
        """
        if seed is not None:
            self._seeds.seed(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(2**31)
        self.state = self.game.new(players=self.players, seed=game_seed, **self.options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.decisions = 0
        self._skip_agent_selection = None
        self.agent_selection = self._agent_of(self.state)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        return {
            "observation": self.space.observe(self.state, seat),
            "action_mask": self.space.mask(self.state, seat),
        }

    def step(self, action: Any) -> None:
        """Play action id ``action`` for ``agent_selection`` (None once the agent is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action; None is only for finished agents")
        move = self.space.action(int(action))
        self.state = self.state.apply(move)  # IllegalAction (with its rule id) leaves everything as it was
        self.decisions += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        for a in self.agents:
            self.infos[a] = {}
        if self.state.is_over:
            self.rewards = dict(zip(self.possible_agents, self._final_rewards(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_decisions is not None and self.decisions >= self.max_decisions:
            self.truncations = dict.fromkeys(self.agents, True)
        if self.state.is_over or any(self.truncations.values()):
            self.agent_selection = agent
        else:
            self.agent_selection = self._agent_of(self.state)
        self._accumulate_rewards()

    def _final_rewards(self) -> list[float]:
        if self.reward_kind == "score":
            return [float(s) for s in self.state.scores]
        return win_rewards(self.state)

    def _agent_of(self, state: State) -> str:
        return self.possible_agents[state.to_move if state.to_move is not None else 0]

    # -- extras ------------------------------------------------------------------

    def record(self) -> Record:
        """The save file of the current episode (replays with ``rulekit``)."""
        return self.state.record()

    def legal_labels(self) -> list[str]:
        return [str(a) for a in self.state.legal_actions()]

    def render(self) -> str | None:
        """The text board (the whole table) and the legal actions: printed ("human") or returned ("ansi")."""
        if self.render_mode is None or self.state is None:
            return None
        s = self.state
        lines = [text_board(s, None)]
        lines += [f"  [{e.rule}] {e.text}" for e in s.events]
        if not s.is_over:
            lines.append("  legal: " + ", ".join(self.legal_labels()))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: no window, no files."""


class RefuseIllegal(BaseWrapper):
    """Refuse illegal or malformed actions cleanly instead of raising.

    A refused action changes nothing: the same agent is still to move and
    ``infos[agent]["refused"]`` holds the reason with its rule id. The
    observation is one flat float vector, the encoded view followed by the
    action mask, so tools that sample actions without a mask (such as
    ``pettingzoo.test.bombardment_test``) work.
    """

    def __init__(self, env: RulekitEnv):
        super().__init__(env)
        size = env.space.num_features + env.space.num_actions
        low = np.concatenate([np.full(env.space.num_features, -BOUND), np.zeros(env.space.num_actions)])
        high = np.concatenate([np.full(env.space.num_features, BOUND), np.ones(env.space.num_actions)])
        self._flat_spaces = {
            a: spaces.Box(low.astype(np.float32), high.astype(np.float32), (size,), np.float32)
            for a in env.possible_agents
        }

    def observation_space(self, agent: str) -> spaces.Space:
        return self._flat_spaces[agent]

    def observe(self, agent: str) -> np.ndarray:
        obs = self.env.observe(agent)
        return np.concatenate([obs["observation"], obs["action_mask"].astype(np.float32)])

    def step(self, action: Any) -> None:
        env = self.unwrapped
        agent = env.agent_selection
        if env.terminations.get(agent) or env.truncations.get(agent):
            env.step(action)
            return
        try:
            move = env.space.action(int(action))
            if move not in env.state.legal_actions():
                raise env.game.why_not(env.state, move)
        except (IllegalAction, ValueError, TypeError, OverflowError) as err:
            env.infos[agent] = {"refused": str(err), "rule": getattr(err, "rule", "engine")}
            return
        env.step(env.space.action_id(move))


def _copy_space(space: spaces.Dict) -> spaces.Dict:
    return spaces.Dict({k: spaces.Box(v.low, v.high, v.shape, v.dtype) for k, v in space.spaces.items()})


def raw_env(game: Game | str, players: int | None = None, **kwargs: Any) -> RulekitEnv:
    """The env without wrappers (raises ``IllegalAction`` on illegal actions)."""
    return RulekitEnv(game, players, **kwargs)


def env(game: Game | str, players: int | None = None, refuse_illegal: bool = False, **kwargs: Any) -> AECEnv:
    """An AEC env for ``game`` (an id such as ``"rune_stones"`` or a ``Game``).

    Keywords: ``render_mode`` ("human" or "ansi"), ``reward`` ("win" or "score"),
    ``max_decisions`` (truncate after that many decisions) and the game's
    rule options. ``refuse_illegal=True`` wraps it in ``RefuseIllegal``.
    """
    base = RulekitEnv(game, players, **kwargs)
    return RefuseIllegal(base) if refuse_illegal else base
