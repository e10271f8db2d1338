"""``check_game``: the generic conformance check every game must pass.

It plays seeded random games through the public contract only and checks
what DESIGN.md promises: legal actions until the end, one seat to move,
refusals that change nothing and cite a rule of the game, exact JSON round
trips, exact replay, JSON-ready views and the game's own conservation laws.
It also records every phase transition it sees, so a test can compare the
flow that ran with the phase graph (``CheckReport.untaken_edges``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .engine import Action, Dice, Game, IllegalAction, State

__all__ = ["check_game", "CheckReport", "cites_rule", "seen_by"]

_NONSENSE = Action("no_such_action", ("x",))


@dataclass
class CheckReport:
    """What ``check_game`` did: figures for the closing note and benchmarks."""

    games: int = 0
    decisions: int = 0
    auto_steps: int = 0
    endings: dict[str, int] = field(default_factory=dict)
    #: (phase, next phase) -> how often a step took it (a step that stays in its phase is a self-loop)
    transitions: dict[tuple[str, str], int] = field(default_factory=dict)

    def untaken_edges(self, game: Game) -> list[tuple[str, str]]:
        """Edges of the phase graph no checked game took (a warning list, not an error)."""
        return sorted(e for e in game.phase_graph().edges if e not in self.transitions and e[0] != "setup")


def check_game(
    game: Game,
    sims: int = 20,
    seed: int = 0,
    players: int | None = None,
    max_decisions: int = 5000,
    round_trips: int = 3,
    options: dict | None = None,
) -> CheckReport:
    """Play ``sims`` random games per player count and check the contract.

    ``options`` are rule options for every game, e.g. a round limit for games
    whose printed end random play never reaches (such games end unfinished).

    Raises ``AssertionError`` naming the game, player count and seed of the
    first failure, so it can be replayed.
    """
    counts = [players] if players is not None else list(game.players)
    report = CheckReport()
    for n in counts:
        for i in range(sims):
            game_seed = seed + i
            try:
                _check_one(game, n, game_seed, max_decisions, round_trips, report, options or {})
            except AssertionError as err:
                raise AssertionError(f"{game.id} players={n} seed={game_seed}: {err}") from err
    return report


def _check_one(
    game: Game, players: int, seed: int, max_decisions: int, round_trips: int, report: CheckReport, options: dict
):
    state = game.new(players=players, seed=seed, settle=False, **options)
    assert state == game.new(players=players, seed=seed, settle=False, **options), "setup is not deterministic"
    dice = Dice(seed * 7919 + players)
    checkpoints = {int(max_decisions * k / (round_trips + 1)) for k in range(round_trips + 1)} | {0, 1, 5, 25}
    decisions = 0
    while not state.is_over:
        before = state.phase
        if state.automatic:
            state = state.advance()
            report.auto_steps += 1
            _check_invariants(game, state)
            _count(report, before, state)
            continue
        assert decisions < max_decisions, f"no end after {max_decisions} decisions (phase {state.phase})"
        assert state.to_move is not None and 0 <= state.to_move < players, f"bad seat to move {state.to_move!r}"
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {state.phase}"
        assert len(set(legal)) == len(legal), f"duplicate legal actions in phase {state.phase}"
        if decisions in checkpoints:
            _check_refusal(state)
            _check_round_trip(game, state)
            _check_views(state)
        state = state.apply(legal[dice.below(len(legal))], settle=False)
        decisions += 1
        _check_invariants(game, state)
        _count(report, before, state)
    assert state.to_move is None, "a seat is to move after the end"
    assert state.legal_actions() == [], "legal actions after the end"
    _check_after_end(state)
    assert state.winners or game.cooperative or state.unfinished, "a competitive game ended without winners"
    _check_round_trip(game, state)
    _check_views(state)
    replayed = game.replay(state.record())
    assert replayed == state, "replaying the record does not give the same final state"
    report.games += 1
    report.decisions += decisions
    key = _end_reason(state)
    report.endings[key] = report.endings.get(key, 0) + 1


def seen_by(game: Game, players: int, seed: int, actions: list, seat: int, **options) -> tuple[list[str], dict]:
    """Everything ``seat`` learns while ``actions`` are played: the texts of the
    events it may read (in order, every automatic step included) and its final view.

    Hidden-information tests build two worlds that differ only in what
    ``seat`` must not know and assert ``seen_by`` is equal for both.
    """
    state = game.new(players=players, seed=seed, **options)
    texts = [e.text for e in state.events if e.visible_to(seat)]
    for action in actions:
        state = state.apply(action)
        texts += [e.text for e in state.events if e.visible_to(seat)]
    return texts, state.view(seat)


def cites_rule(game: Game, rule: str) -> bool:
    """Whether ``rule`` is an id of ``game``'s ledger, or the engine's own "engine" (what no rule
    of the game speaks of: an action the game does not have, a limit the rules do not print).
    A refusal of an action of a kind the game has must cite the game's rule (``check_game``)."""
    return rule == "engine" or rule in game.rules


def _count(report: CheckReport, before: str, state: State) -> None:
    for event in state.events:
        assert cites_rule(state.game, event.rule), f"event cites unknown rule {event.rule!r}"
    edge = (before, state.phase)
    report.transitions[edge] = report.transitions.get(edge, 0) + 1


def _check_refusal(state: State) -> None:
    """A refusal changes nothing and cites a rule: "engine" only for a kind the game does not have;
    an action of a kind it has (a label of ``action_labels`` that is not legal now) cites a rule
    of the game, never "engine" (issue 25: no phase-level fallback, no machinery for a game rule)."""
    before = state.to_json()
    try:
        state.apply(_NONSENSE)
    except IllegalAction as err:
        assert err.rule == "engine" or err.rule in state.game.rules, (
            f"refusal cites {err.rule!r}, not a rule of the game"
        )
        assert err.reason, "refusal without a reason"
    else:
        raise AssertionError(f"nonsense action {_NONSENSE} was accepted")
    assert state.to_json() == before, "a refused action changed the state"
    action = _illegal_of_a_known_kind(state)
    if action is None:
        return
    try:
        state.apply(action)
    except IllegalAction as err:
        assert err.rule in state.game.rules, (
            f"the refusal of {action} (a kind of action the game has) cites {err.rule!r}, not a rule of the game"
        )
    else:
        raise AssertionError(f"{action} is not among the legal actions but was accepted")
    assert state.to_json() == before, "a refused action changed the state"


def _illegal_of_a_known_kind(state: State) -> Action | None:
    """One label of the game's action space that is not legal now (varying with the step), or None
    for a game that declares no action labels or when every label is legal."""
    try:
        labels = state.game.action_labels(state.players, dict(state.options))
    except NotImplementedError:
        return None
    legal = {str(a) for a in state.legal_actions()}
    others = sorted(label for label in labels if label not in legal)
    return Action.coerce(others[state.step % len(others)]) if others else None


def _check_after_end(state: State) -> None:
    """A move after the end is refused citing the game's own rule for it (``Game.over_rule``).

    "engine" is accepted only from a game without a rule ledger: a game that has rules must
    declare the one that ends it, so a learner sees the game's rule, not the machinery's."""
    game = state.game
    if game.rules:
        assert game.over_rule in game.rules, (
            f"{game.id} declares no over_rule of its ledger (got {game.over_rule!r}): "
            "a move after the end would cite 'engine' instead of the game's end rule"
        )
    if not state.actions:
        return
    want = game.over_rule or "engine"
    for action in (state.actions[-1], _NONSENSE):
        try:
            state.apply(action)
        except IllegalAction as err:
            assert err.rule == want, f"a move after the end cites {err.rule!r}, not the game's end rule {want!r}"
        else:
            raise AssertionError("a move after the end was accepted")


def _check_round_trip(game: Game, state: State) -> None:
    text = state.to_json()
    back = game.from_json(text)
    assert back == state, "JSON round trip changed the state"
    assert back.to_json() == text, "JSON round trip is not exact"


def _check_views(state: State) -> None:
    for seat in [None, *range(state.players)]:
        json.dumps(state.view(seat))


def _check_invariants(game: Game, state: State) -> None:
    broken = game.invariants(state)
    assert not broken, f"invariant broken at step {state.step} ({state.phase}): {'; '.join(broken)}"


def _end_reason(state: State) -> str:
    for event in reversed(state.events):
        return event.key or event.rule
    return "over"
