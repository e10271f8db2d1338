"""The decisions of each phase: the checks that the legal lists and the refusals share.

Each decision phase is an engine ``Decisions`` (``rulekit.engine.decisions``):
its kinds of action in legal-list order, each with its labels (the action
space of ``words.action_labels``, by kind), the refusal of arguments outside
them, an "open at this step?" stage and a check of the value. A stage or
check returns ``None`` or a ``No`` naming the rule that forbids the decision
and the message key that says why; ``legal`` and ``why_not`` run the same
checks. Cards are offered in the order they lie (display, hand, area), so
the legal list reads like the table; the hot phases give every kind's legal
values from one function (``Decisions(values=...)``), held to the checks by
the legal-values tests.

The checks read a ``Work`` over the state (``work``): a read-only one over
the frozen data, built once per state, or the work copy of a step that is
still running (``At``: the forced choices of option ``forced_auto``). A
refusal's arguments carry card ids; ``ValeOfEternity.refuse`` names them in
both languages (``words.event_args``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any, NamedTuple

from rulekit.engine import Action
from rulekit.engine.decisions import Decisions, Kind, No, Refusals

from . import effects
from .model import NO_SEAT
from .tables import CARDS, PROGRAMS
from .words import action_labels
from .work import Work, affordable_of, summon_cost_of, wealth_of

__all__ = [
    "At",
    "at",
    "DECISIONS",
    "KINDS",
    "REFUSALS",
    "single",
    "work",
]


class At(NamedTuple):
    """A decision inside a running step, for the checks: the work copy and the seat to decide."""

    data: Work | Any
    to_move: int
    players: int
    options: Any
    rng: int = 0


#: ``At`` from the tuple of its five fields, built in C (the generated ``At.__new__`` is a Python
#: call, and every step that ends at a decision asks ``single`` on one)
at = partial(tuple.__new__, At)


class _Memo:
    """What the checks of one state share: the checks of one legal list or refusal all read the
    same state, so its work copy, the effect's choices, and the stones' worth and marked cards of
    the seat to move are each built once (for the state the checks read last). The work copy of a
    frozen state is made only when a check needs one (the action turn's legal list mostly reads
    the frozen data: ``_summonable``)."""

    __slots__ = ("state", "work", "offered", "wealth", "marked")

    def __init__(self) -> None:
        self.state = self.work = self.offered = self.wealth = self.marked = None


_MEMO = _Memo()


def _memo(state: Any) -> _Memo:
    m = _MEMO
    if m.state is not state:
        m.state, m.work, m.offered, m.wealth, m.marked = state, None, None, None, None
    return m


def work(state: Any) -> Work:
    """The ``Work`` the checks read for ``state`` (a ``State`` or an ``At``)."""
    m = _MEMO if _MEMO.state is state else _memo(state)
    if m.work is None:
        d = state.data
        m.work = d if type(d) is Work else Work.peek(d, state.rng, state.options, state.players)
    return m.work


def _wealth(state: Any) -> int:
    """VE-059: what the stones of the seat to move are worth."""
    m = _MEMO if _MEMO.state is state else _memo(state)
    if m.wealth is None:
        d, seat = state.data, state.to_move
        m.wealth = wealth_of(d.stones[seat], d.areas[seat])
    return m.wealth


def _offered(state: Any) -> dict[str, list]:
    """The choices of the effect on top of the pending stack, by kind of action (none for a payment or
    the list of active effects to use: their own kinds check those)."""
    m = _MEMO if _MEMO.state is state else _memo(state)
    if m.offered is None:
        w, out = work(state), {}
        top = w.pending[-1] if w.pending else None
        if top is not None and top.kind == "choice":
            # the step that made this decision found them (``effects._step``), else they are found now
            for a in w.found[1] if w.found[0] is top else effects.choices(w, top):
                out.setdefault(a.kind, []).append(a.args)
        m.offered = out
    return m.offered


# -- labels: the action space by kind (words.action_labels) ----------------------------------

#: the rule options that change the action space (VE-006: printed costs, Hydra's reward list)
_LABEL_OPTIONS = tuple(
    sorted(
        {c.cost_option for c in CARDS.values() if c.cost_option}
        | {op["choice_option"] for prog in PROGRAMS for op in prog if "choice_option" in op}
    )
)


_KEY: list = [None, None, None]


def _key(state: Any) -> tuple:
    """The label tables depend on the player count and the options that change the action space
    (the options of one game are one object: while they and the player count stay, the key is the
    same object, which ``Decisions`` finds without hashing)."""
    options, players = state.options, state.players
    if _KEY[0] is not options or _KEY[1] != players:
        _KEY[:] = [options, players, (players, *(options[name] for name in _LABEL_OPTIONS))]
    return _KEY[2]


def _labels(kind: str) -> Callable[[Any], Iterable[tuple[tuple, Any]]]:
    """The labels of ``kind`` in the game's action space, each with its argument as the value."""

    def labels(state: Any) -> list[tuple[tuple, Any]]:
        args = sorted(int(a.split()[1]) for a in action_labels(state.players, state.options) if a.split()[0] == kind)
        return [((v,), v) for v in args]

    return labels


def _none(state: Any) -> Iterable[tuple[tuple, Any]]:
    return [((), None)]


# -- selection (VE-043 .. VE-045) ---------------------------------------------------------------


def pick_ok(state: Any, cid: int) -> No | None:
    """VE-043 / VE-045: a revealed card without a marker."""
    d = state.data  # the frozen data or a work copy: the same fields
    if cid not in d.display:
        return No("VE-043", "r_not_revealed", {"card": cid})
    return None if d.markers[d.display.index(cid)] == NO_SEAT else No("VE-045", "r_marked", {"card": cid})


def _free(state: Any) -> list[int]:
    """The legal picks: the revealed cards without a marker, in display order (``pick_ok``'s
    answer for every display card, read in one pass: a third of the legal lists are picks)."""
    d = state.data
    return [c for c, m in zip(d.display, d.markers, strict=True) if m == NO_SEAT]


# -- the action turn (VE-051 .. VE-068) -----------------------------------------------------------


def _marked(state: Any) -> list[int]:
    """The display cards with a marker of the seat to move (sell, tame and end read them)."""
    m = _MEMO if _MEMO.state is state else _memo(state)
    if m.marked is None:
        m.marked = _marked_of(state.data, state.to_move)
    return m.marked


def _marked_of(d: Any, seat: int) -> list[int]:
    """The display cards with a marker of ``seat`` (VE-057), in display order (none: the markers
    scanned in C, the usual case once they are used)."""
    if seat not in d.markers:
        return []
    return [c for c, k in zip(d.display, d.markers, strict=True) if k == seat]


def marked_ok(state: Any, cid: int) -> No | None:
    """VE-057: only a card with one's own marker is sold or tamed."""
    return None if cid in _marked(state) else No("VE-057", "r_not_yours", {"card": cid})


def summon_ok(state: Any, cid: int) -> No | None:
    """VE-058, VE-033, VE-059, VE-062: in hand, room in the area, the stones for the (discounted) cost,
    an instant effect that can be carried out completely."""
    d, seat = state.data, state.to_move
    if cid not in d.hands[seat]:
        return No("VE-058", "r_not_in_hand", {"card": cid})
    if len(d.areas[seat]) >= d.round:
        return No("VE-033", "r_area_full", {"round": d.round})
    cost, have = summon_cost_of(d.areas[seat], cid, state.options), _wealth(state)
    if have < cost:
        return _cannot_pay(cid, cost, have)
    return None if _resolvable(state, cid) else No("VE-062", "r_not_resolvable", {"card": cid})


#: the cards whose instant effect is checked before a summon (VE-062)
_CHECKED = effects.CHECKED_INSTANTS


def _resolvable(state: Any, cid: int) -> bool:
    """VE-062: the instant effect of ``cid`` can be carried out completely (a work copy is made
    only for an effect that needs the check)."""
    return cid not in effects.CHECKED_INSTANTS or effects.can_summon(work(state), state.to_move, cid)


def _summonable(state: Any) -> list[int]:
    """The legal summons, in hand order: the cheap way to ``summon_ok``'s answer for every hand card
    (the action turn's legal list is the most frequent one; most hand cards fail on the cost, so
    the room and the stones' worth are read once from the frozen data, and the instant effect
    only of those that pass)."""
    return _summonable_with(state, _wealth(state))


def _summonable_with(state: Any, have: int) -> list[int]:
    """``_summonable`` for a stones' worth of ``have`` (VE-059) of the seat to move."""
    d, seat = state.data, state.to_move
    area = d.areas[seat]
    if len(area) >= d.round:  # VE-033
        return []
    affordable = affordable_of(d.hands[seat], area, have, state.options)
    if _CHECKED.isdisjoint(affordable):  # the usual case: no instant effect to check (scanned in C)
        return affordable
    return [c for c in affordable if _resolvable(state, c)]


#: (card, cost, stones' worth) -> its VE-059 refusal: the summon check runs on every hand card for
#: every legal list of an action turn, and most fail on the cost, so each reason is made once
_CANNOT_PAY: dict[tuple[int, int, int], No] = {}


def _cannot_pay(cid: int, cost: int, have: int) -> No:
    no = _CANNOT_PAY.get((cid, cost, have))
    if no is None:
        no = _CANNOT_PAY[cid, cost, have] = No("VE-059", "r_cannot_pay", {"card": cid, "cost": cost, "have": have})
    return no


def _releasable(state: Any) -> list[int]:
    """The legal releases, in area order: ``release_ok``'s answer for every creature of the area,
    the cheap way (one stones' worth, VE-066; the summoned-this-turn rule, VE-068)."""
    return _releasable_with(state, _wealth(state))


def _releasable_with(state: Any, have: int) -> list[int]:
    """``_releasable`` for a stones' worth of ``have`` (VE-066) of the seat to move."""
    d, seat = state.data, state.to_move
    if have < d.round:
        return []
    if state.options["release_same_turn"] or not d.fresh:
        return list(d.areas[seat])
    return [c for c in d.areas[seat] if c not in d.fresh]


def release_ok(state: Any, cid: int) -> No | None:
    """VE-065, VE-066, VE-068: a creature of one's area, the round number in stones, not summoned this turn
    (option ``release_same_turn``)."""
    w, seat = work(state), state.to_move
    if cid not in w.areas[seat]:
        return No("VE-065", "r_not_in_area", {"card": cid})
    have = _wealth(state)
    if have < w.round:
        return No("VE-066", "r_release_cost", {"cost": w.round, "have": have})
    if cid in w.fresh and not w.options["release_same_turn"]:
        return No("VE-068", "r_release_fresh", {"card": cid})
    return None


_ONE = (None,)  # the one value of "end"


def _action_turn_values(state: Any) -> tuple:
    """The legal values of every kind of the action turn at once (``Decisions(values=...)``), in
    kind order: sell, tame, summon, release, end.

    The action turn's legal list is the commonest of the game (a third of its decisions), and
    most of them are computed for the next state while a step closes (``rules.close``): one call
    reads the marked cards once for sell, tame and end (VE-052, VE-057), instead of one stage or
    values call per kind. Each part is what the kind's check allows (the legal-values tests hold
    the list to the refusals at every decision of random play). The marked cards and the stones'
    worth are computed once here, not through the memo the refusals share (one legal list per
    state: nothing else would read them).
    """
    d, seat = state.data, state.to_move
    marked, have = _marked_of(d, seat), wealth_of(d.stones[seat], d.areas[seat])
    return marked, marked, _summonable_with(state, have), _releasable_with(state, have), () if marked else _ONE


class _Actions(dict):
    """value -> the Action of one kind with that value as its argument, each made once (on first use)."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, value: Any) -> Action:
        action = self[value] = Action(self.kind, (value,))
        return action


_SELL, _TAME, _SUMMON, _RELEASE = map(_Actions, ("sell", "tame", "summon", "release"))
_END = Action("end")


def _action_turn_legal(state: Any) -> list[Action]:
    """The action turn's legal list (the commonest of the game): its values
    (``_action_turn_values``) made actions in kind order, each action made once, without the
    generic per-kind walk of ``Decisions.legal`` (the legal-values tests hold this list to the
    refusals at every decision of random play)."""
    sell, tame, summon, release, end = _action_turn_values(state)
    out = [_SELL[c] for c in sell] if sell else []
    if tame:
        out += map(_TAME.__getitem__, tame)
    if summon:
        out += map(_SUMMON.__getitem__, summon)
    if release:
        out += map(_RELEASE.__getitem__, release)
    if end:
        out.append(_END)
    return out


def end_open(state: Any) -> No | None:
    """VE-052: the turn ends only when no marker of the player's is left on a card."""
    marked = _marked(state)
    return No("VE-052", "r_markers_left", {"card": marked[0]}) if marked else None


# -- stones: payments and the limit (VE-031, VE-059, VE-066) ------------------------------------


def _held(state: Any) -> list[int]:
    """The values of the stones held, lowest first (the legal payments and returns)."""
    return sorted(set(state.data.stones[state.to_move]))


def _held_ok(rule: str) -> Callable[[Any, int], No | None]:
    def held_ok(state: Any, stone: int) -> No | None:
        return None if stone in state.data.stones[state.to_move] else No(rule, "r_no_stone", {"stone": stone})

    held_ok.__doc__ = f"{rule}: a stone of this value must be held."
    return held_ok


# -- card effects and activation (VE-062, VE-071 .. VE-073) ---------------------------------------


def _top_card(w: Work) -> dict[str, Any]:
    """The card whose effect waits (``-`` for the activation phase's own list)."""
    top = w.pending[-1] if w.pending else None
    return {"card": top.card if top is not None and top.card in CARDS else "-"}


def activate_ok(state: Any, cid: int) -> No | None:
    """VE-062: while an effect waits for a choice, that choice comes first; VE-071: each active effect of
    one's area once; VE-073: one whose condition or cost fails is not used."""
    w = work(state)
    top = w.pending[-1]
    if top.kind != "activate":
        return No("VE-062", "r_effect", _top_card(w))
    if cid not in w.areas[top.owner] or cid not in top.items:
        return No("VE-071", "r_activation", {"card": cid})
    if not effects.feasible(w, top.owner, cid, CARDS[cid].active):
        return No("VE-073", "r_activation", {"card": cid})
    return None


def _choice_ok(kind: str) -> Callable[[Any, Any], No | None]:
    def choice_ok(state: Any, value: Any) -> No | None:
        w = work(state)
        if w.pending[-1].kind == "activate":
            return No("VE-072", "r_activate_first")
        args = () if value is None else (value,)
        return None if args in _offered(state).get(kind, ()) else No("VE-062", "r_effect", _top_card(w))

    choice_ok.__doc__ = (
        f"VE-062: a {kind!r} the effect on top of the pending stack offers now (one after which it can be "
        "completed); VE-072: while active effects wait to be chosen, that choice comes first."
    )
    return choice_ok


#: the kinds of the choices inside card effects (VE-062), in legal-list order after "activate"
_EFFECT_KINDS = ("option", "recover", "discard", "summon", "target", "copy", "take", "done")
_NO_CHOICES = ((),) * len(_EFFECT_KINDS)


def _effect_values(state: Any) -> tuple:
    """The legal values of every kind of an effect phase at once (``Decisions(values=...)``), in
    kind order: activate, then the effect's choices (``_EFFECT_KINDS``).

    VE-071/VE-073: while an activation list is on top, its creatures whose active effect can be
    used (``activate_ok``), and no choice (VE-072); else the choices the effect offers now
    (``_offered``, VE-062) and nothing to activate. One call instead of a stage, an argument list
    and a check per kind and label (the legal-values tests hold it to the refusals).
    """
    w = work(state)
    top = w.pending[-1]
    if top.kind == "activate":
        if w.found[0] is top:  # the step that made this decision found them (``effects._activation_step``)
            return w.found[1], *_NO_CHOICES
        return [c for c in top.items if activate_ok(state, c) is None], *_NO_CHOICES
    offered = _offered(state)
    return (), *([args[0] if args else None for args in offered.get(k, ())] for k in _EFFECT_KINDS)


def _choice(kind: str) -> Kind:
    """A decision inside a card effect: the effect's own choices (``effects.choices``), VE-062."""
    labels = _none if kind == "done" else _labels(kind)
    bad = No("VE-062", "r_effect_bad")
    return Kind(kind, labels, bad, None, _choice_ok(kind), ("VE-062", "VE-072"))


#: the stages of kinds that are never open in their phase (``_never``): there for the refusals alone
_CLOSED: set = set()


def _never(rule: str, key: str) -> Callable[[Any], No]:
    no = No(rule, key)  # one refusal object: ``why_not`` may ask this stage often

    def never(state: Any) -> No:
        return no

    never.__doc__ = f"{rule}: never possible ({key})."
    _CLOSED.add(never)
    return never


class _Phase(Decisions):
    """A decision phase whose legal list asks only the kinds that can be open in it.

    A kind whose stage is ``_never`` (no exchange of stones, VE-030; no ending of the activation
    by choice, VE-072) is there for the refusals alone: ``Decisions.legal`` would ask it on every
    legal list and find nothing. The legal list is built by a ``Decisions`` of the other kinds,
    in the same order, so it is the same list; ``refuse`` still knows every kind.
    """

    def __init__(self, *kinds: Kind, values: Callable[[Any], tuple] | None = None) -> None:
        super().__init__(*kinds, key=_key)
        self._open = Decisions(*(k for k in kinds if k.stage not in _CLOSED), key=_key, values=values)
        #: the open kinds' own ``legal``, bound once (every step asks it: no call in between)
        self.legal = self._open.legal


_STONES = _labels("pay")
#: VE-030: stones are never exchanged with the supply (no card of the game allows it as an action)
_EXCHANGE = Kind("exchange", _STONES, No("VE-030", "r_exchange"), _never("VE-030", "r_exchange"))
_CARD_BAD = No("VE-058", "r_no_card")


def _phase(*kinds: Kind, values: Callable[[Any], tuple] | None = None) -> Decisions:
    return _Phase(*kinds, _EXCHANGE, values=values)


def _pick() -> Decisions:
    return _phase(Kind("pick", _labels("pick"), No("VE-043", "r_no_card"), None, pick_ok, ("VE-045",), values=_free))


def _payment(rule: str) -> Decisions:
    return _phase(Kind("pay", _STONES, No(rule, "r_not_a_stone"), None, _held_ok(rule), values=_held))


def _effect(*extra: Kind) -> Decisions:
    activate = Kind(
        "activate", _labels("activate"), No("VE-071", "r_not_activatable"), None, activate_ok,
        ("VE-062", "VE-071", "VE-073"),
    )  # fmt: skip
    return _phase(activate, *(_choice(k) for k in _EFFECT_KINDS), *extra, values=_effect_values)


#: phase id -> its decisions (the flow table's ``legal`` hooks and ``REFUSALS.why_not`` read these)
DECISIONS: dict[str, Decisions] = {
    "pick_clockwise": _pick(),
    "pick_counterclockwise": _pick(),
    #: the action turn's kinds take their legal values from the cheap functions above (``values``);
    #: the checks word the refusals, and ``Decisions.refuse`` holds the two to the same answer
    "action_turn": _phase(
        Kind("sell", _labels("sell"), No("VE-057", "r_no_card"), None, marked_ok, values=_marked),
        Kind("tame", _labels("tame"), No("VE-057", "r_no_card"), None, marked_ok, values=_marked),
        Kind(
            "summon",
            _labels("summon"),
            _CARD_BAD,
            None,
            summon_ok,
            ("VE-033", "VE-059", "VE-062"),
            values=_summonable,
        ),
        Kind(
            "release",
            _labels("release"),
            No("VE-065", "r_no_card"),
            None,
            release_ok,
            ("VE-066", "VE-068"),
            values=_releasable,
        ),
        Kind("end", _none, No("VE-052", "r_bad_args"), end_open),
        values=_action_turn_values,
    ),
    "summon_payment": _payment("VE-059"),
    "release_payment": _payment("VE-066"),
    "return_stones": _phase(
        Kind("return", _STONES, No("VE-031", "r_not_a_stone"), None, _held_ok("VE-031"), values=_held)
    ),
    "instant_effect": _effect(),
    #: VE-072: the activation is not ended by choice; every usable active effect is used
    "activation": _effect(Kind("end", _none, No("VE-072", "r_compulsory"), _never("VE-072", "r_compulsory"))),
}


def _one_kind_legal(kind: str, values: Callable[[Any], list]) -> Callable[[Any], list[Action]]:
    """The legal list of a phase with one open kind (a pick, a payment, a return): its legal
    values made actions, each action made once (as ``_action_turn_legal``)."""
    actions = _Actions(kind)

    def legal(state: Any) -> list[Action]:
        return list(map(actions.__getitem__, values(state)))

    legal.__doc__ = f"The legal {kind!r} actions: ``{values.__name__}`` made actions."
    return legal


#: the hot phases' legal lists, each built straight from its legal values (``Decisions.legal``
#: walks every kind generically); the legal-values tests hold each to the refusals
DECISIONS["action_turn"].legal = _action_turn_legal
for _phase_id, _kind, _values in (
    ("pick_clockwise", "pick", _free),
    ("pick_counterclockwise", "pick", _free),
    ("summon_payment", "pay", _held),
    ("release_payment", "pay", _held),
    ("return_stones", "return", _held),
):
    DECISIONS[_phase_id].legal = _one_kind_legal(_kind, _values)

# -- forced_auto: "exactly one choice?" (rules.close) ----------------------------------------------


def _one_stone(state: Any) -> int | None:
    """The one value of the stones the seat to move holds, when they are all of one value (the only
    payment or return, VE-031, VE-059, VE-066: ``_held``), else None."""
    stones = state.data.stones[state.to_move]
    return stones[0] if len(set(stones)) == 1 else None


def _one_free(state: Any) -> int | None:
    """The one revealed card without a marker, when there is one only (the only pick, VE-043/VE-045:
    ``_free``), else None."""
    d = state.data
    return d.display[d.markers.index(NO_SEAT)] if d.markers.count(NO_SEAT) == 1 else None


#: phase -> (kind, its only legal value or None): a test cheaper than the legal list for the
#: decisions forced_auto most often finds with one choice (a third of the decisions of random play
#: ask it); ``tests/games/vale_of_eternity/test_legal_values.py`` holds it to the legal list
_ONLY: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "pick_counterclockwise": ("pick", _one_free),
    "summon_payment": ("pay", _one_stone),
    "release_payment": ("pay", _one_stone),
    "return_stones": ("return", _one_stone),
}

#: (kind, value) -> its Action: the only choices ``single`` names, each made once
_ONLY_ACTIONS: dict[tuple[str, Any], Action] = {}


def single(phase: str, state: Any) -> tuple[Action | None, list[Action] | None]:
    """Option forced_auto's question: the only legal action of the decision ``state`` waits for
    (None when it has none or several), and its legal list when that was built to answer (else
    None: the state builds it when asked). Where a cheap test exists (``_ONLY``) no list is built."""
    only = _ONLY.get(phase)
    if only is None:
        acts = DECISIONS[phase].legal(state)
        return (acts[0] if len(acts) == 1 else None), acts
    kind, one = only
    value = one(state)
    if value is None:  # several choices (or none): the list the state keeps
        return None, DECISIONS[phase].legal(state)
    action = _ONLY_ACTIONS.get((kind, value))
    if action is None:
        action = _ONLY_ACTIONS[kind, value] = Action(kind, (value,))
    return action, None


#: action kind -> the rule that governs it (the phases that use it are those of ``DECISIONS`` naming it)
#: (the choices inside card effects are governed by the card effects, VE-002; a summon is the
#: action turn's, VE-058, also where an effect summons for free)
KINDS: dict[str, str] = {
    **dict.fromkeys(_EFFECT_KINDS, "VE-002"),
    "pick": "VE-043",
    "sell": "VE-053",
    "tame": "VE-056",
    "summon": "VE-058",
    "release": "VE-065",
    "end": "VE-052",
    "pay": "VE-059",
    "return": "VE-031",
    "activate": "VE-071",
    "exchange": "VE-030",
}

#: the game's ``why_not``: every decision phase's refusals come from the checks above
REFUSALS = Refusals(DECISIONS, KINDS)
