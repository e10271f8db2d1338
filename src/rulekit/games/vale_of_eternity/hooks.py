"""The flow table of The Vale of Eternity: one ``PhaseHooks`` per phase of ``data/phases.toml``.

The engine dispatches every step through this table and checks it against
the phase graph, so the graph a learner sees is the flow that runs. Each hook
opens a ``Work`` (a mutable copy of the data), runs one rules function of
``turns.py`` and closes it into the next ``State``.

Option ``forced_auto``: a decision with exactly one possible choice is made
by the automatic phase ``forced_choice`` (one step per forced choice, so the
flow stays on the graph); its event says which choice was made for whom.
"""

from __future__ import annotations

from collections.abc import Callable

from rulekit.engine import Action, PhaseHooks, State
from rulekit.engine.seats import replace_at, snake_order

from . import refusals, turns
from .model import CARDS, NO_SEAT, PERM_BY_OP, Frame, Work

__all__ = ["FLOW_HOOKS", "close"]

Step = tuple[str, int | None]
ON_TAME = PERM_BY_OP.get("on_tame", {})  # Triton


def _open(state: State) -> Work:
    return Work.open(state.data, state.rng, state.options, state.players)


def _peek(state: State) -> Work:
    return Work.peek(state.data, state.rng, state.options, state.players)


def close(state: State, w: Work, step: Step, over: bool = False) -> State:
    """The next state from a finished ``Work``: its events, data, phase and seat to move.

    The legal actions of the decision that follows are computed here once and
    kept with the state. With ``forced_auto`` a decision that has only one
    choice becomes the automatic phase ``forced_choice`` instead.
    """
    game = state.game
    phase, to_move = step
    acts = None
    if to_move is not None and state.options["forced_auto"]:
        acts = DECISIONS[phase][0](w, to_move)
        if len(acts) == 1 and _forceable(w, to_move, acts[0]):
            w.forced = (phase, to_move, str(acts[0]))
            phase, to_move, acts = "forced_choice", None, None
    events = tuple(game.event(*e) for e in w.events)
    if over:
        events += game.final_events(w)
    nxt = state.evolve(data=w.freeze(), rng=w.dice.state, phase=phase, to_move=to_move, events=events, is_over=over)
    if acts:
        nxt._legal.extend(acts)
    return nxt


def _forceable(w: Work, seat: int, action: Action) -> bool:
    """Whether forced_auto may make this only choice for ``seat``: not when it being the only one
    follows from hidden hand cards (ending the turn because nothing in hand can be summoned, the
    one hand card to discard or summon), or the automatic step would tell the others about the hand."""
    if action.kind == "end":
        return False
    return not (action.kind in ("summon", "discard") and action.args[0] in w.hands[seat])


def _decision(legal: Callable[[Work, int], list[Action]], do: Callable[[Work, int, Action], Step]) -> PhaseHooks:
    def legal_hook(state: State) -> list[Action]:
        return legal(_peek(state), state.to_move)

    def play_hook(state: State, action: Action) -> State:
        w = _open(state)
        return close(state, w, do(w, state.to_move, action))

    return PhaseHooks(legal=legal_hook, play=play_hook, why_not=_why_not)


def _automatic(step: Callable[[Work], Step], over: bool = False) -> PhaseHooks:
    def auto_hook(state: State) -> State:
        w = _open(state)
        return close(state, w, step(w), over)

    return PhaseHooks(auto=auto_hook)


def _why_not(state: State, action: Action):
    return refusals.why_not(state.game, state, _peek(state), action)


def _play_pick(state: State, action: Action) -> State:
    """VE-043/VE-044: a pick that leaves at least two free cards (so the next pick is a real
    choice) needs no work copy: the most frequent decision of the game stays cheap."""
    d = state.data
    if d.markers.count(NO_SEAT) <= 2:
        w = _open(state)
        return close(state, w, turns.pick(w, state.to_move, action.args[0]))
    cid, seat, n = action.args[0], state.to_move, state.players
    markers = list(d.markers)
    markers[d.display.index(cid)] = seat
    picks = d.picks + 1
    event = state.game.event("VE-043" if picks <= n else "VE-044", "picked", {"player": seat, "card": cid})
    phase = "pick_clockwise" if picks < n else "pick_counterclockwise"
    nxt = snake_order(d.start, n)[picks]  # VE-043/VE-044: clockwise, then back
    return state.evolve(data=d._replace(markers=tuple(markers), picks=picks), phase=phase, to_move=nxt, events=(event,))


def _quick(step: Callable[[Work], Step], quick: Callable[[State], State | None]) -> PhaseHooks:
    """An automatic phase whose most frequent case needs no work copy (``quick`` returns None
    when the case at hand is not that one, and the full rules function runs)."""
    full = _automatic(step).auto

    def auto_hook(state: State) -> State:
        return quick(state) or full(state)

    return PhaseHooks(auto=auto_hook)


def _next_action_turn(state: State) -> State | None:
    """VE-050: the next player's action turn (not after the last one). Its first decision is never
    forced: with a marker out, sell and tame are both possible; without one, 'end' is never forced."""
    d, n = state.data, state.players
    if d.done + 1 >= n or d.pending:
        return None
    turn = (d.turn + 1) % n
    event = state.game.event("VE-050", "next_turn", {"player": turn})
    data = d._replace(done=d.done + 1, turn=turn, fresh=())
    return state.evolve(data=data, phase="action_turn", to_move=turn, events=(event,))


def _nothing_to_activate(state: State) -> State | None:
    """VE-070: the next player has no creature with an active effect: the turn passes on."""
    d, n = state.data, state.players
    if d.done >= n or d.pending:
        return None
    seat = (d.start + d.done) % n
    if any(CARDS[c].active is not None for c in d.areas[seat]):
        return None
    event = state.game.event("VE-070", "activation_none", {"player": seat, "n": 0})
    return state.evolve(data=d._replace(turn=seat, done=d.done + 1), phase="activation_turn", events=(event,))


def _unmarked(d, cid: int) -> tuple[tuple, tuple]:
    i = d.display.index(cid)
    return d.display[:i] + d.display[i + 1 :], d.markers[:i] + d.markers[i + 1 :]


def _quick_tame(state: State) -> State | None:
    """VE-056 without Triton in the area: the card goes to the hand, the same player goes on
    (the next decision is never forced: see ``_next_action_turn``)."""
    d = state.data
    f = d.pending[-1]
    seat, cid = f.owner, f.card
    if any(c in ON_TAME for c in d.areas[seat]):
        return None
    display, markers = _unmarked(d, cid)
    hands = replace_at(d.hands, seat, (*d.hands[seat], cid))
    shown = d.shown or ((),) * state.players
    shown = replace_at(shown, seat, (*shown[seat], cid))  # everyone saw the tamed card
    data = d._replace(display=display, markers=markers, hands=hands, pending=d.pending[:-1], shown=shown)
    event = state.game.event("VE-056", "tamed", {"player": seat, "card": cid})
    return state.evolve(data=data, phase="action_turn", to_move=d.turn, events=(event,))


def _quick_sell(state: State) -> State | None:
    """VE-053..VE-055 when the stones gained stay within the printed limit: the card goes to the
    discard pile, the stones to the player, the same player goes on."""
    d = state.data
    f = d.pending[-1]
    seat, cid = f.owner, f.card
    card = CARDS[cid]
    gained = turns.SELL[card.element]
    if len(d.stones[seat]) + len(gained) > state.options["stone_limit"]:
        return None
    display, markers = _unmarked(d, cid)
    stones = replace_at(d.stones, seat, tuple(sorted(d.stones[seat] + gained)))
    data = d._replace(
        display=display, markers=markers, discard=(*d.discard, cid), stones=stones, pending=d.pending[:-1]
    )
    args = {"player": seat, "card": cid, "element": card.element, "stones": "+".join(map(str, gained))}
    return state.evolve(
        data=data, phase="action_turn", to_move=d.turn, events=(state.game.event("VE-053", "sold", args),)
    )


def _play_choose_action(state: State, action: Action) -> State:
    """VE-051/VE-052 without a work copy (the most frequent decision): the chosen sell, tame,
    summon or release waits on the pending stack for its automatic phase; 'end' ends the turn.
    Same result as ``turns.do_choose_action``."""
    seat, d = state.to_move, state.data
    if action.kind == "end":
        event = state.game.event("VE-052", "end_turn", {"player": seat})
        return state.evolve(phase="end_action_turn", to_move=None, events=(event,))
    frame = Frame("action", seat, seat, action.args[0], purpose=action.kind)
    return state.evolve(data=d._replace(pending=(*d.pending, frame)), phase=action.kind, to_move=None)


def _quick_summon(state: State) -> State | None:
    """VE-058/VE-060 for a summon that costs something: announced, and the payment waits
    (made at once by forced_auto when the player holds stones of one value only)."""
    d = state.data
    f = d.pending[-1]
    seat, cid = f.owner, f.card
    cost = _peek(state).summon_cost(seat, cid)
    if cost == 0:
        return None
    card = CARDS[cid]
    args = {"player": seat, "card": cid, "cost": cost}
    event = state.game.event("VE-060" if cost < card.cost_in(state.options) else "VE-058", "summon", args)
    pending = (*d.pending[:-1], Frame("pay", seat, seat, cid, stage=cost, purpose="summon"))
    acts = [Action("pay", (v,)) for v in sorted(set(d.stones[seat]))]
    if len(acts) == 1 and state.options["forced_auto"]:
        data = d._replace(pending=pending, forced=("summon_payment", seat, str(acts[0])))
        return state.evolve(data=data, phase="forced_choice", to_move=None, events=(event,))
    nxt = state.evolve(data=d._replace(pending=pending), phase="summon_payment", to_move=seat, events=(event,))
    nxt._legal.extend(acts)
    return nxt


def _forced_choice(state: State) -> State:
    """Option forced_auto: make the only possible choice of the decision that waits here, and
    the next one too while it has only one (one step); each event cites the first rule of its
    decision's phase."""
    w = _open(state)
    phase, seat, label = w.forced
    w.forced = ()
    phases = state.game.phases
    while True:
        w.note(phases[phase].rules[0], "forced", player=seat, label=label)
        phase, seat = DECISIONS[phase][1](w, seat, Action.coerce(label))
        if seat is None:
            break
        acts = DECISIONS[phase][0](w, seat)
        if len(acts) != 1 or not _forceable(w, seat, acts[0]):
            break
        label = str(acts[0])
    return close(state, w, (phase, seat))


def _scoring(w: Work) -> Step:
    return "game_over", None


#: decision phase -> (legal, do) on a Work: the flow table's decision hooks are built from it,
#: and forced_auto runs a decision's single choice through it
DECISIONS: dict[str, tuple[Callable[[Work, int], list[Action]], Callable[[Work, int, Action], Step]]] = {
    "pick_clockwise": (turns.legal_pick, turns.do_pick),
    "pick_counterclockwise": (turns.legal_pick, turns.do_pick),
    "action_turn": (turns.action_legal, turns.do_choose_action),
    "summon_payment": (turns.legal_pending, turns.do_pending),
    "instant_effect": (turns.legal_pending, turns.do_pending),
    "release_payment": (turns.legal_pending, turns.do_pending),
    "return_stones": (turns.legal_return, turns.do_return),
    "activation": (turns.legal_pending, turns.do_pending),
}

#: phase id -> hooks (every phase of data/phases.toml)
FLOW_HOOKS: dict[str, PhaseHooks] = {
    "setup": PhaseHooks(auto=lambda state: state.evolve(phase="reveal_cards")),
    "reveal_cards": _automatic(turns.reveal),
    "begin_actions": _automatic(turns.begin_actions),
    "sell": _quick(turns.sell, _quick_sell),
    "tame": _quick(turns.tame, _quick_tame),
    "summon": _quick(turns.summon, _quick_summon),
    "release": _automatic(turns.release),
    "end_action_turn": _quick(turns.end_action_turn, _next_action_turn),
    "activation_turn": _quick(turns.activation_turn, _nothing_to_activate),
    "round_end": _automatic(turns.round_end),
    "scoring": _automatic(_scoring, over=True),
    "game_over": PhaseHooks(),
    "forced_choice": PhaseHooks(auto=_forced_choice),
    **{phase: _decision(legal, do) for phase, (legal, do) in DECISIONS.items()},
}
FLOW_HOOKS["pick_clockwise"] = FLOW_HOOKS["pick_counterclockwise"] = PhaseHooks(
    legal=FLOW_HOOKS["pick_clockwise"].legal, play=_play_pick, why_not=_why_not
)
FLOW_HOOKS["action_turn"] = PhaseHooks(
    legal=FLOW_HOOKS["action_turn"].legal, play=_play_choose_action, why_not=_why_not
)
