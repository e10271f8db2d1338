"""The Vale of Eternity (Mandoo 2023) for 2-4 players: the ``Game`` and its flow table.

The engine dispatches every step through the flow table (one ``PhaseHooks``
per phase of ``data/phases.toml``) and checks it against the phase graph, so
the graph a learner sees is the flow that runs. Each hook opens a ``Work``
(a mutable copy of the data), runs one rules function of the phase's
module (``selection``, ``actions``, ``activation``, ``effects``) and closes
it into the next ``State``; the legal lists and refusals come from
``checks``, hidden information from ``views``, words from ``words``.

Option ``forced_auto``: a decision with exactly one possible choice is made
by the automatic phase ``forced_choice`` (one step per forced choice, so the
flow stays on the graph); its event says which choice was made for whom.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from itertools import starmap

from rulekit.engine import (
    Action,
    Dice,
    Event,
    Game,
    PhaseHooks,
    ScoreLine,
    SetupError,
    State,
    load_options,
)
from rulekit.engine.rules import Messages, later_event
from rulekit.engine.seats import replace_at
from rulekit.engine.state import moved

from . import actions, activation, effects, scene, selection, views
from .checks import DECISIONS, REFUSALS, at, single
from .model import (
    NO_SEAT,
    Vale,
    frame,
    with_activation,
    with_forced,
    with_paid,
    with_payment,
    with_pending,
    with_pick,
    with_returned,
    with_revealed,
    with_round,
    with_sold,
    with_stage,
    with_tamed,
    with_turn,
)
from .setup import setup
from .tables import CARDS, PERM_BY_OP, SELL, TABLES
from .words import CardMessages, EventTexts, action_labels, describe
from .work import Work, stone_limit_of, stone_worth, summon_cost_of

__all__ = ["ValeOfEternity", "FLOW_HOOKS", "NEVER_FORCED", "close"]

Step = tuple[str, int | None]
ON_TAME = PERM_BY_OP.get("on_tame", {})  # Triton


def close(state: State, w: Work, step: Step, over: bool = False, acts: list[Action] | None = None) -> State:
    """The next state from a finished ``Work``: its events, data, phase and seat to move.

    The legal actions of the decision that follows are computed here once and
    kept with the state. With ``forced_auto`` a decision that has only one
    choice becomes the automatic phase ``forced_choice`` instead (``checks.single``; ``acts``:
    the legal actions of the step's decision when the caller knows them already, [] when it
    asked and keeps none).
    """
    game = state.game
    phase, to_move = step
    if acts is None and to_move is not None and phase not in NEVER_FORCED and state.options["forced_auto"]:
        only, acts = single(phase, at((w, to_move, state.players, state.options, 0)))
        if only is not None and _forceable(w, to_move, only):
            w.forced = (phase, to_move, str(only))
            phase, to_move, acts = "forced_choice", None, None
    events = tuple(starmap(game.event, w.events))
    if over:
        events += game.final_events(w)
    data = w.park(w.freeze())  # the next step goes on with ``w`` (``Work.open``)
    nxt = moved(state, data, w.dice.state, phase, to_move, events, over)
    if acts:
        nxt._legal.extend(acts)
    return nxt


#: the decisions forced_auto never makes for the player, so ``close`` and ``_hand_over`` do not ask
#: ``single`` about them (the state builds its legal list when asked): an action turn offers sell
#: and tame for each card with one's marker (VE-057), and without a marker 'end' (VE-052), which
#: is never forced (``_forceable``). The legal-values tests hold ``single`` to this.
NEVER_FORCED = frozenset({"action_turn"})


def _forceable(w: Work, seat: int, action: Action) -> bool:
    """Whether forced_auto may make this only choice for ``seat``: not when it being the only one
    follows from hidden hand cards (ending the turn because nothing in hand can be summoned, the
    one hand card to discard or summon), or the automatic step would tell the others about the hand."""
    if action.kind == "end":
        return False
    return not (action.kind in ("summon", "discard") and action.args[0] in w.hands[seat])


def _decision(phase: str, play: Callable[[State, Action], State] | None = None) -> PhaseHooks:
    """A decision phase: its legal list and refusals from ``checks.DECISIONS``, its play from ``PLAYS``
    (or ``play``, a quick path with the same result)."""
    do = PLAYS[phase]

    def play_hook(state: State, action: Action) -> State:
        w = Work.open(state.data, state.rng, state.options, state.players)
        return close(state, w, do(w, state.to_move, action))

    return PhaseHooks(legal=DECISIONS[phase].legal, play=play or play_hook, why_not=REFUSALS.why_not)


def _automatic(step: Callable[[Work], Step], over: bool = False) -> PhaseHooks:
    def auto_hook(state: State) -> State:
        w = Work.open(state.data, state.rng, state.options, state.players)
        return close(state, w, step(w), over)

    return PhaseHooks(auto=auto_hook)


def _hand_over(state: State, data: Vale, phase: str, to_move: int | None, events: tuple[Event, ...]) -> State:
    """``close`` for the quick paths, which build the next data without a work copy: with
    ``forced_auto`` a decision with one choice becomes the automatic phase ``forced_choice``,
    and the legal list of a real decision is kept with the state (the same list ``close`` keeps)."""
    acts = None
    if to_move is not None and phase not in NEVER_FORCED and state.options["forced_auto"]:
        only, acts = single(phase, at((data, to_move, state.players, state.options, state.rng)))
        if only is not None and _forceable(data, to_move, only):
            data = with_forced(data, (phase, to_move, str(only)))
            phase, to_move, acts = "forced_choice", None, None
    nxt = moved(state, data, state.rng, phase, to_move, events, state.is_over)
    if acts:
        nxt._legal.extend(acts)
    return nxt


def _play_pick(state: State, action: Action) -> State:
    """VE-043/VE-044: a pick needs no work copy (the most frequent decision of the game); same
    result as ``selection.pick``."""
    return _pick(state, state.data, state.to_move, action.args[0])


def _last_pick(d: Vale, picks: int, n: int) -> bool:
    """VE-043/VE-044: the picks end with ``picks`` (every marker placed, or every revealed card marked)."""
    return picks >= min(TABLES["markers_per_player"] * n, len(d.display))


def _pick(state: State, d: Vale, seat: int, cid: int, before: tuple[Event, ...] = ()) -> State:
    """VE-043/VE-044: ``seat`` puts a marker on ``cid`` in ``d`` (``before``: the events ahead of the pick's)."""
    n = state.players
    markers = list(d.markers)
    markers[d.display.index(cid)] = seat
    picks = d.picks + 1
    event = state.game.event("VE-043" if picks <= n else "VE-044", "picked", {"player": seat, "card": cid})
    data = with_pick(d, tuple(markers), picks)
    if _last_pick(d, picks, n):
        return _hand_over(state, data, "begin_actions", None, (*before, event))
    phase = "pick_clockwise" if picks < n else "pick_counterclockwise"
    nxt = selection.picking_order(d.start, n)[picks]  # VE-043/VE-044: clockwise, then back
    return _hand_over(state, data, phase, nxt, (*before, event))


_PICKS = frozenset({"pick_clockwise", "pick_counterclockwise"})


def _forced_pick(state: State) -> State | None:
    """forced_auto's commonest forced pick without a work copy: the one card left without a marker
    (VE-045) is the last pick of the round, so no decision follows in the same step (the chain of
    ``_forced_choice`` ends there). Same result as ``_forced_choice``; None for any other choice."""
    d = state.data
    phase, seat, label = d.forced
    if phase not in _PICKS or not _last_pick(d, d.picks + 1, state.players):
        return None
    forced = state.game.event(state.game.phases[phase].rules[0], "forced", {"player": seat, "label": label})
    return _pick(state, with_forced(d, ()), seat, _action(label).args[0], (forced,))


def _begin_actions(state: State) -> State:
    """VE-050: the action phase starts with the start player."""
    d = state.data
    event = state.game.event("VE-050", "action_phase", {"player": d.start})
    data = with_stage(d, "action", d.start, 0)
    return _hand_over(state, data, "action_turn", d.start, (event,))


def _quick(step: Callable[[Work], Step], quick: Callable[[State], State | None]) -> PhaseHooks:
    """An automatic phase whose most frequent case needs no work copy (``quick`` returns None
    when the case at hand is not that one, and the full rules function runs)."""
    full = _automatic(step).auto

    def auto_hook(state: State) -> State:
        return quick(state) or full(state)

    return PhaseHooks(auto=auto_hook)


def _end_action_turn(state: State) -> State | None:
    """VE-050: the next player's action turn; after the last one (VE-052) the activation phase,
    whose first step (VE-070) is automatic. The next action turn's first decision is never
    forced: with a marker out, sell and tame are both possible; without one, 'end' is never forced."""
    d, n = state.data, state.players
    if d.pending:
        return None
    if d.done + 1 >= n:  # no events: the activation phase announces itself (VE-070)
        data = with_activation(d, "activation", d.start, 0, ())
        return moved(state, data, state.rng, "activation_turn", None, (), state.is_over)
    turn = (d.turn + 1) % n
    event = state.game.event("VE-050", "next_turn", {"player": turn})
    data = with_turn(d, turn, d.done + 1, ())
    return _hand_over(state, data, "action_turn", turn, (event,))


def _nothing_to_activate(state: State) -> State | None:
    """VE-070: the next player has no creature with an active effect: the turn passes on;
    VE-080: after the last seat the round is over (the data stays as it is)."""
    d, n = state.data, state.players
    if d.pending:
        return None
    if d.done >= n:
        event = state.game.event("VE-080", "round_over", {"round": d.round})
        return moved(state, d, state.rng, "round_end", None, (event,), state.is_over)
    seat = (d.start + d.done) % n
    if any(CARDS[c].active is not None for c in d.areas[seat]):
        return None
    event = state.game.event("VE-070", "activation_none", {"player": seat, "n": 0})
    data = with_turn(d, seat, d.done + 1, d.fresh)
    return moved(state, data, state.rng, "activation_turn", state.to_move, (event,), state.is_over)


def _quick_reveal(state: State) -> State | None:
    """VE-041/VE-042: 2 x players cards from the top of the deck onto the empty display, by element
    zone, and the first pick (VE-043); None when the deck runs short (VE-047: the discard pile is
    shuffled in)."""
    d, n = state.data, state.players
    k = TABLES["reveal_per_player"] * n
    if d.display or len(d.deck) < k:
        return None
    shown = d.deck[: -k - 1 : -1]  # drawn one by one: the top card first
    event = state.game.event
    events = (
        event("VE-041", "reveal", {"round": d.round, "n": k}),
        *(event("VE-042", "revealed", {"cards": c, "element": e}) for e, c in selection.zones(shown).items()),
    )
    data = with_revealed(d, d.deck[:-k], shown, (NO_SEAT,) * k, max(0, d.top_known - k), "pick", 0)
    return _hand_over(state, data, "pick_clockwise", selection.picking_order(d.start, n)[0], events)


def _next_round(state: State) -> State | None:
    """VE-081: the game goes on (VE-082: no one reached the target points, rounds are left): the
    start marker passes on and the next round begins with its reveal. The display is empty after
    the action phase (every card was sold or tamed); None otherwise."""
    d, options = state.data, state.options
    if max(d.scores) >= options["target"] or d.round >= options["rounds"] or d.display:
        return None
    start = (d.start + 1) % state.players
    event = state.game.event("VE-081", "next_round", {"round": d.round + 1, "player": start})
    return moved(state, with_round(d, d.round + 1, start), state.rng, "reveal_cards", None, (event,), state.is_over)


def _unmarked(d, cid: int) -> tuple[tuple, tuple]:
    i = d.display.index(cid)
    return d.display[:i] + d.display[i + 1 :], d.markers[:i] + d.markers[i + 1 :]


def _quick_tame(state: State) -> State | None:
    """VE-056 without Triton in the area: the card goes to the hand, the same player goes on
    (the next decision is never forced: see ``_end_action_turn``)."""
    d = state.data
    f = d.pending[-1]
    seat, cid = f.owner, f.card
    if any(c in ON_TAME for c in d.areas[seat]):
        return None
    display, markers = _unmarked(d, cid)
    hands = replace_at(d.hands, seat, (*d.hands[seat], cid))
    shown = d.shown or ((),) * state.players
    shown = replace_at(shown, seat, (*shown[seat], cid))  # everyone saw the tamed card
    data = with_tamed(d, display, markers, hands, d.pending[:-1], shown)
    event = state.game.event("VE-056", "tamed", {"player": seat, "card": cid})
    return _hand_over(state, data, "action_turn", d.turn, (event,))


#: element -> the stones a sale gives, as the sale's event words them ("1+1")
_SELL_TEXT = {element: "+".join(map(str, stones)) for element, stones in SELL.items()}


def _quick_sell(state: State) -> State | None:
    """VE-053..VE-055: the card goes to the discard pile, the stones to the player, and the same
    player goes on, or first gives back the stones over the limit (VE-031; only the seller's
    stones changed, so the seller is the one over it when the others are within the printed one)."""
    d = state.data
    f = d.pending[-1]
    seat, cid = f.owner, f.card
    card = CARDS[cid]
    gained = SELL[card.element]
    held = d.stones[seat] + gained
    phase, to_move = "action_turn", d.turn
    base = state.options["stone_limit"]
    if len(held) > base:
        if any(len(s) > base for s in d.stones):
            return None  # another seat's own limit decides first (``effects.resolve``)
        if len(held) > stone_limit_of(d.areas[seat], state.options):
            phase, to_move = "return_stones", seat
    display, markers = _unmarked(d, cid)
    stones = replace_at(d.stones, seat, tuple(sorted(held)))
    data = with_sold(d, display, markers, (*d.discard, cid), stones, d.pending[:-1])
    args = {"player": seat, "card": cid, "element": card.element, "stones": _SELL_TEXT[card.element]}
    return _hand_over(state, data, phase, to_move, (state.game.event("VE-053", "sold", args),))


def _play_choose_action(state: State, action: Action) -> State:
    """VE-051/VE-052 without a work copy (the most frequent decision): the chosen sell, tame,
    summon or release waits on the pending stack for its automatic phase; 'end' ends the turn.
    Same result as ``actions.do_choose_action``."""
    seat, d = state.to_move, state.data
    if action.kind == "end":
        event = state.game.event("VE-052", "end_turn", {"player": seat})
        return moved(state, d, state.rng, "end_action_turn", None, (event,), state.is_over)
    chosen = frame("action", seat, seat, action.args[0], purpose=action.kind)
    data = with_pending(d, (*d.pending, chosen))
    return moved(state, data, state.rng, action.kind, None, state.events, state.is_over)  # no events


def _quick_summon(state: State) -> State | None:
    """VE-058/VE-060 for a summon that costs something: announced, and the payment waits
    (made at once by forced_auto when the player holds stones of one value only)."""
    d = state.data
    f = d.pending[-1]
    seat, cid = f.owner, f.card
    cost = summon_cost_of(d.areas[seat], cid, state.options)  # VE-060, read from the frozen area
    if cost == 0:
        return None
    card = CARDS[cid]
    args = {"player": seat, "card": cid, "cost": cost}
    event = state.game.event("VE-060" if cost < card.cost_in(state.options) else "VE-058", "summon", args)
    pending = (*d.pending[:-1], frame("pay", seat, seat, cid, stage=cost, purpose="summon"))
    return _hand_over(state, with_pending(d, pending), "summon_payment", seat, (event,))


def _quick_release(state: State) -> State | None:
    """VE-065/VE-066: the release is announced and the round number in stones is paid next
    (made at once by forced_auto when the player holds stones of one value only)."""
    d = state.data
    f = d.pending[-1]
    seat, cid = f.owner, f.card
    event = state.game.event("VE-066", "release", {"player": seat, "card": cid, "cost": d.round})
    pending = (*d.pending[:-1], frame("pay", seat, seat, cid, stage=d.round, purpose="release"))
    return _hand_over(state, with_pending(d, pending), "release_payment", seat, (event,))


def _paid_in_part(state: State, action: Action) -> State | None:
    """VE-059/VE-066: a stone that does not yet pay the whole cost of a summon or a release, without
    a work copy: the payment waits for the next stone (made at once by forced_auto when the player
    holds stones of one value only). Same result as ``effects.do_pending``; None when the stone
    completes the payment (the summon or release follows) or a seat holds more than the printed
    stone limit (``effects.resolve`` asks it first)."""
    d = state.data
    f, v = d.pending[-1], action.args[0]
    seat = f.chooser
    value = stone_worth(d.areas[seat], v)
    need = f.stage - value
    base = state.options["stone_limit"]
    if need <= 0 or any(len(held) > base for held in d.stones):
        return None
    stones = list(d.stones[seat])
    stones.remove(v)
    pending = (*d.pending[:-1], with_paid(f, need, (*f.items, v)))
    data = with_payment(d, replace_at(d.stones, seat, tuple(stones)), pending)
    event = state.game.event("VE-059", "pay", {"player": seat, "stone": v, "value": value})
    return _hand_over(state, data, state.phase, seat, (event,))


#: decision phase -> the quick play of its most frequent case without a work copy (None for the
#: others: the rules function runs on a work copy); ``test_quick_plays`` holds each to the full play
QUICK_PLAYS: dict[str, Callable[[State, Action], State | None]] = {
    "summon_payment": _paid_in_part,
    "release_payment": _paid_in_part,
}


def _quick_decision(phase: str) -> PhaseHooks:
    """A decision phase whose play tries ``QUICK_PLAYS`` first and else runs on a work copy."""
    quick, full = QUICK_PLAYS[phase], _decision(phase).play

    def play_hook(state: State, action: Action) -> State:
        return quick(state, action) or full(state, action)

    return _decision(phase, play_hook)


#: label -> its Action: the forced choice waits in the data as its label (the data stays plain
#: values), and parsing it again on every forced step costs more than the step's own rules
_ACTIONS: dict[str, Action] = {}


def _action(label: str) -> Action:
    action = _ACTIONS.get(label)
    if action is None:
        action = _ACTIONS[label] = Action.coerce(label)
    return action


def _forced_choice(state: State) -> State:
    """Option forced_auto: make the only possible choice of the decision that waits here, and
    the next one too while it has only one (one step); each event cites the first rule of its
    decision's phase."""
    w = Work.open(state.data, state.rng, state.options, state.players)
    phase, seat, label = w.forced
    w.forced = ()
    phases, acts, action = state.game.phases, None, _action(label)
    while True:
        w.note(phases[phase].rules[0], "forced", player=seat, label=label)
        phase, seat = PLAYS[phase](w, seat, action)
        if seat is None:
            break
        action, acts = single(phase, at((w, seat, state.players, state.options, 0)))
        if action is None or not _forceable(w, seat, action):
            break
        label = str(action)
    return close(state, w, (phase, seat), acts=(acts or []) if seat is not None else None)


def _forced_return(state: State) -> State | None:
    """forced_auto's return of stones (VE-031) without a work copy, in the action phase with nothing
    pending: the player holds stones of one value only, so each stone over the limit goes back as a
    forced choice of its own, and the same player's action turn goes on (never forced: see
    ``_end_action_turn``). Same result as ``_forced_choice``; None for any other choice, or when
    another seat holds more than the printed limit (its own limit is asked first)."""
    d = state.data
    phase, seat, label = d.forced
    if phase != "return_stones" or d.pending or d.stage != "action":
        return None
    base, stones = state.options["stone_limit"], d.stones[seat]
    if any(len(held) > base for s, held in enumerate(d.stones) if s != seat):
        return None
    over = len(stones) - stone_limit_of(d.areas[seat], state.options)
    game = state.game
    forced = game.event(game.phases[phase].rules[0], "forced", {"player": seat, "label": label})
    returned = game.event("VE-031", "returned", {"player": seat, "stone": stones[0]})
    data = with_returned(d, replace_at(d.stones, seat, stones[over:]), ())
    return _hand_over(state, data, "action_turn", d.turn, (forced, returned) * over)


#: the forced choices made without a work copy (each returns None for the others); the forced-auto
#: tests hold each to ``_forced_choice``
FORCED_QUICK = (_forced_pick, _forced_return)


def _forced(state: State) -> State:
    """The automatic phase ``forced_choice``: a forced last pick or return of stones without a work
    copy, any other forced choice on one (``_forced_choice``)."""
    return _forced_pick(state) or _forced_return(state) or _forced_choice(state)


def _scoring(w: Work) -> Step:
    return "game_over", None


#: decision phase -> how a decision is carried out on a Work: the flow table's play hooks are
#: built from it, and forced_auto runs a decision's single choice through it
PLAYS: dict[str, Callable[[Work, int, Action], Step]] = {
    "pick_clockwise": selection.do_pick,
    "pick_counterclockwise": selection.do_pick,
    "action_turn": actions.do_choose_action,
    "summon_payment": effects.do_pending,
    "instant_effect": effects.do_pending,
    "release_payment": effects.do_pending,
    "return_stones": actions.do_return,
    "activation": effects.do_pending,
}

#: automatic phase -> (its rules function on a work copy, the quick path of its most frequent
#: cases without one, None for the others); ``test_quick_paths`` holds the two to the same next
#: state at every automatic step of seeded random play
QUICK: dict[str, tuple[Callable[[Work], Step], Callable[[State], State | None]]] = {
    "sell": (actions.sell, _quick_sell),
    "tame": (actions.tame, _quick_tame),
    "summon": (actions.summon, _quick_summon),
    "release": (actions.release, _quick_release),
    "end_action_turn": (actions.end_action_turn, _end_action_turn),
    "activation_turn": (activation.activation_turn, _nothing_to_activate),
    "round_end": (activation.round_end, _next_round),
    "reveal_cards": (selection.reveal, _quick_reveal),
}

#: phase id -> hooks (every phase of data/phases.toml)
FLOW_HOOKS: dict[str, PhaseHooks] = {
    "begin_actions": PhaseHooks(auto=_begin_actions),
    **{phase: _quick(*pair) for phase, pair in QUICK.items()},
    "scoring": _automatic(_scoring, over=True),
    "game_over": PhaseHooks(),
    "forced_choice": PhaseHooks(auto=_forced),
    **{phase: _decision(phase) for phase in PLAYS},
    "pick_clockwise": _decision("pick_clockwise", _play_pick),
    "pick_counterclockwise": _decision("pick_counterclockwise", _play_pick),
    "action_turn": _decision("action_turn", _play_choose_action),
    **{phase: _quick_decision(phase) for phase in QUICK_PLAYS},
}


class ValeOfEternity(Game):
    id = "vale_of_eternity"
    title = "The Vale of Eternity"
    title_de = "Das Tal der Ewigkeit"
    players = range(2, 5)  # VE-010: 2-4 players (starting points 1-4 by seat, VE-020)
    over_rule = "VE-082"  # the game ends after the round
    option_list = load_options(__package__)  # data/options.toml

    # -- setup -------------------------------------------------------------

    #: the flow of a round: one hook set per phase of data/phases.toml (below)
    flow = FLOW_HOOKS

    def setup(self, state: State) -> State:
        """VE-020 .. VE-022: the first position (``setup.setup``)."""
        return setup(state)

    def event(self, rule: str, key: str, args: dict, seats: tuple[int, ...] | None = None) -> Event:
        """``say`` for the events the rules note (``Work.note``); ``seats``: only they may read it.
        The arguments are worded (``words.event_args``) when the text is first read (``EventTexts``):
        a step notes a few events, and most are never read."""
        return later_event(rule, key, self._event_texts, args, seats)

    @cached_property
    def _event_texts(self) -> EventTexts:
        """The messages as ``event`` words them: from the ids the rules note, on first read."""
        return EventTexts(self.messages)

    @cached_property
    def messages(self) -> Messages:
        """The texts (``texts/messages.toml``), card ids named in each language (``words.CardMessages``)."""
        return CardMessages.load(__package__)

    def final_events(self, w: Work | Vale) -> tuple[Event, ...]:
        """VE-090 .. VE-092: who won, citing the tie-break when one decided."""
        best = self.winners_of(w)
        rule = self._tiebreak(w)
        names = ", ".join(f"P{s + 1}" for s in best)
        if rule is None:
            return (self.say("VE-090", "winners", players=names, count=len(best)),)
        key = "winners_by_creatures" if rule == "VE-091" else "winners_shared"
        return (self.say(rule, key, players=names, count=len(best), points=max(w.scores), n=self._counts(w)[best[0]]),)

    # -- results -----------------------------------------------------------

    def scores(self, state: State) -> tuple[int, ...]:
        return state.data.scores if state.data is not None else (0,) * state.players

    def _counts(self, w: Work | Vale) -> list[int]:
        """VE-091/VE-094: creatures in the area at the end, or every creature ever summoned (option)."""
        return list(w.summoned) if w.options["count_released"] else [len(a) for a in w.areas]

    def winners_of(self, w: Work | Vale) -> tuple[int, ...]:
        """VE-090/VE-091/VE-092: most points, then most summoned creatures, else shared."""
        best = max(w.scores)
        tied = [s for s, p in enumerate(w.scores) if p == best]
        counts = self._counts(w)
        most = max(counts[s] for s in tied)
        return tuple(s for s in tied if counts[s] == most)

    def _tiebreak(self, w: Work | Vale) -> str | None:
        """None when the points alone decided; VE-091 when the creature count did; VE-092 for a shared win."""
        best = max(w.scores)
        if list(w.scores).count(best) < 2:
            return None
        return "VE-092" if len(self.winners_of(w)) > 1 else "VE-091"

    def _peek(self, state: State) -> Work:
        return Work.peek(state.data, state.rng, state.options, state.players)

    def winners(self, state: State) -> tuple[int, ...]:
        return self.winners_of(self._peek(state))

    def tiebreak_rule(self, state: State) -> str | None:
        """The tie-break rule that decided the winners (VE-091 or VE-092), None without a tie."""
        return self._tiebreak(self._peek(state)) if state.is_over else None

    def score_breakdown(self, state: State) -> list[ScoreLine]:
        """Starting points by seat (VE-020) and points from card effects (VE-002, VE-093: no end scoring)."""
        d, n = state.data, state.players
        first = (d.start - (d.round - 1)) % n  # VE-081: the start marker moved one seat per round
        start = [0] * n
        for k in range(n):
            start[(first + k) % n] = k + 1
        start = tuple(start)
        effects = tuple(s - b for s, b in zip(self.scores(state), start, strict=True))
        return [
            ScoreLine("VE-020", "Starting points by seat", "Startpunkte nach Sitzplatz", start),
            ScoreLine("VE-002", "Points from card effects", "Punkte aus Karteneffekten", effects),
        ]

    # -- information ---------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may see (``views.view``): hands are secret, the deck order hidden."""
        return views.view(state, seat)

    def determinize(self, state: State, seat: int, dice: Dice) -> State:
        """The other seats' hidden hand cards and the deck dealt again (``views.determinize``)."""
        return views.determinize(state, seat, dice)

    def redeal_unseen(self, state: State, dice: Dice) -> State:
        """What no seat can see shuffled again (``views.redeal_unseen``)."""
        return views.redeal_unseen(state, dice)

    def evaluate(self, state: State, seat: int) -> float:
        """Score lead plus a little for stones, creatures in play and cards in hand."""
        d = state.data
        base = super().evaluate(state, seat)
        return base + 0.3 * sum(d.stones[seat]) / 3 + 1.5 * len(d.areas[seat]) + 0.5 * len(d.hands[seat])

    def invariants(self, state: State) -> list[str]:
        """What the rules conserve: the 70 cards, scores, stone values, markers, area and stone limits."""
        d = state.data
        broken = _table_problems(d)
        for seat in range(state.players):
            if len(d.areas[seat]) > d.round:
                broken.append(f"P{seat + 1} has more creatures than the round number (VE-033)")
            placed = d.markers.count(seat)
            if placed > 2:
                broken.append(f"P{seat + 1} has {placed} markers out (VE-004)")
        base = state.options["stone_limit"]
        if state.to_move is not None and state.phase != "return_stones":
            over = [s for s in range(state.players) if len(d.stones[s]) > base]
            w = self._peek(state) if over else None
            if any(len(d.stones[s]) > w.stone_limit(s) for s in over):
                broken.append("a player holds more stones than the limit (VE-031)")
        return broken

    # -- faces ---------------------------------------------------------------

    def scene(self, state: State, seat: int | None = None, lang: str = "en") -> dict:
        return scene.build(self, state, seat, lang)

    def action_labels(self, players: int, options: dict | None = None) -> frozenset[str]:
        """Every label ``legal`` can produce (issue 18), from the card data under ``options``
        (the option hydra_rewards sets how many ``option <k>`` labels exist)."""
        if players not in self.players:
            raise SetupError(f"{self.title} is played by 2-4 players, not {players!r}")
        return action_labels(players, self.resolve_options(options or {}))

    def describe(self, action: Action, lang: str = "en") -> str:
        """A short sentence for an action: 'summon 28' -> 'Summon Water Giant' / 'Wasserriese beschwören'."""
        return describe(self.messages, action, lang)


ALL_CARDS = frozenset(CARDS)
STONE_SET = frozenset((1, 3, 6))  # VE-003


def _table_problems(d: Vale) -> list[str]:
    """The invariants of the whole table: every card in one place, scores, stone values, markers."""
    broken = []
    places = [*d.deck, *d.discard, *d.display]
    for h in d.hands:
        places += h
    for a in d.areas:
        places += a
    if len(places) != len(CARDS) or set(places) != ALL_CARDS:
        broken.append(f"cards not conserved: {len(places)} placed, {len(set(places))} distinct, 70 expected")
    if min(d.scores) < 0:
        broken.append("a score below 0 (VE-093)")
    if not {v for s in d.stones for v in s} <= STONE_SET:
        broken.append("a stone of a value other than 1, 3, 6 (VE-003)")
    if len(d.markers) != len(d.display):
        broken.append("marker list out of step with the display")
    return broken
