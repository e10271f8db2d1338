"""The Vale of Eternity (Mandoo 2023) for 2-4 players: the ``Game`` hooks.

Rules live in ``turns.py`` (the round) and ``effects.py`` (card effects);
this module wires them to the engine contract, keeps hidden information
hidden and checks what the rules conserve.
"""

from __future__ import annotations

from rulekit.engine import Action, Dice, Event, Game, IllegalAction, Option, State

from . import refusals, scene, turns
from .model import CARDS, ELEMENTS, NO_SEAT, PROGRAMS, TABLES, Vale, Work

__all__ = ["ValeOfEternity"]


class ValeOfEternity(Game):
    id = "vale_of_eternity"
    title = "The Vale of Eternity"
    title_de = "The Vale of Eternity"
    players = range(2, 5)  # VE-010: 2-4 players (starting points 1-4 by seat, VE-020)
    option_list = (
        Option(
            "rounds",
            10,
            "Rounds at most (the game ends after this round)",
            "Höchstens so viele Runden",
            rule="VE-082",
            low=1,
            high=20,
        ),
        Option(
            "target",
            60,
            "Points that end the game at the end of a round",
            "Punkte, die das Spiel am Rundenende beenden",
            rule="VE-082",
            low=1,
            high=500,
        ),
        Option(
            "stone_limit",
            4,
            "Stones a player may keep",
            "So viele Steine darf man behalten",
            rule="VE-031",
            low=1,
            high=20,
        ),
        Option(
            "count_released",
            False,
            "Tie-break counts every creature ever summoned, released ones too",
            "Gleichstand: alle je beschworenen Kreaturen zählen, auch freigelassene",
            rule="VE-094",
        ),
        Option(
            "random_start",
            False,
            "Choose the start player at random (else seat 1 starts)",
            "Startspieler auslosen (sonst beginnt Platz 1)",
            rule="VE-022",
        ),
        Option(
            "forced_auto",
            True,
            "Carry out a decision with only one possible choice automatically",
            "Entscheidungen mit nur einer Möglichkeit automatisch ausführen",
            rule="VE-051",
        ),
        Option(
            "reshuffle",
            True,
            "Shuffle the discard pile into a new deck when the deck runs out",
            "Ablagestapel neu mischen, wenn der Nachziehstapel leer ist",
            rule="VE-047",
        ),
    )

    # -- setup -------------------------------------------------------------

    def setup(self, state: State) -> State:
        n = state.players
        dice = Dice(state.rng)
        deck = dice.shuffle(sorted(CARDS))  # VE-022: all 70 cards shuffled
        start = dice.below(n) if state.options["random_start"] else 0
        empty = tuple(() for _ in range(n))
        data = Vale(
            round=1,
            start=start,
            deck=deck,
            discard=(),
            display=(),
            markers=(),
            hands=empty,
            areas=empty,
            stones=empty,
            scores=(0,) * n,
            summoned=(0,) * n,
            turn=start,
        )
        w = Work.open(data, dice.state, state.options, n)
        turns.setup_work(w)
        return self._close(state, w, ("reveal_cards", None))

    # -- moving ------------------------------------------------------------

    def _open(self, state: State) -> Work:
        return Work.open(state.data, state.rng, state.options, state.players)

    def _close(self, state: State, w: Work, step: tuple, over: bool = False) -> State:
        acts = None
        if w.options["forced_auto"]:
            step, acts = _forced(w, step)
        phase, to_move = step
        events = tuple(self._event(rule, key, args) for rule, key, args in w.events)
        if over:
            best = self.winners_of(w)
            events += (self.say("VE-090", "winners", players=", ".join(f"P{s + 1}" for s in best)),)
        data = w.freeze()
        if acts is not None:
            _LAST_LEGAL[0] = (data, phase, to_move, tuple(acts))
        return state.evolve(data=data, rng=w.dice.state, phase=phase, to_move=to_move, events=events, is_over=over)

    def _event(self, rule: str, key: str, args: dict) -> Event:
        """``say`` with a cache: the same event text (e.g. 'P2 ends the action turn') is built once."""
        cache_key = (rule, key, *args.items())
        event = _EVENTS.get(cache_key)
        if event is None:
            if len(_EVENTS) > 100_000:
                _EVENTS.clear()
            event = _EVENTS[cache_key] = self.say(rule, key, **_named(args))
        return event

    def _peek(self, state: State) -> Work:
        return Work.peek(state.data, state.rng, state.options, state.players)

    def legal(self, state: State) -> list[Action]:
        last = _LAST_LEGAL[0]
        if last is not None and last[0] is state.data and last[1] == state.phase and last[2] == state.to_move:
            return list(last[3])  # computed by _forced for this very data object
        return turns.legal(self._peek(state), state.phase, state.to_move)

    def play(self, state: State, action: Action) -> State:
        if action.kind == "pick" and state.data.markers.count(NO_SEAT) > 2:
            return self._quick_pick(state, action.args[0])
        w = self._open(state)
        return self._close(state, w, turns.do_action(w, state.phase, state.to_move, action))

    def _quick_pick(self, state: State, cid: int) -> State:
        """A pick that leaves at least two free cards (so the next pick is a real choice):
        the same as ``turns.pick`` without opening a work copy (the most frequent decision)."""
        d, seat = state.data, state.to_move
        markers = list(d.markers)
        markers[d.display.index(cid)] = seat
        picks = d.picks + 1
        n = state.players
        rule = "VE-043" if picks <= n else "VE-044"
        event = self._event(rule, "picked", {"player": seat, "card": CARDS[cid].name})
        phase = "pick_clockwise" if picks < n else "pick_counterclockwise"
        nxt = (d.start + picks) % n if picks < n else (d.start + 2 * n - 1 - picks) % n  # VE-044 snake order
        data = d._replace(markers=tuple(markers), picks=picks)
        return state.evolve(data=data, phase=phase, to_move=nxt, events=(event,))

    def auto(self, state: State) -> State:
        if state.phase in BACK_TO_TURN:  # the action is done: the same player goes on (VE-051)
            return state.evolve(phase="action_turn", to_move=state.data.turn, events=())
        w = self._open(state)
        step, over = turns.continue_auto(w, state.phase)
        return self._close(state, w, step, over)

    def why_not(self, state: State, action: Action) -> IllegalAction:
        return refusals.why_not(self, state, self._peek(state), action)

    # -- results -----------------------------------------------------------

    def snapshot(self, state: State) -> dict:
        """Everything of a state with field names (the data are NamedTuples)."""
        return {"phase": state.phase, "to_move": state.to_move, "rng": state.rng, "data": _plain(state.data)}

    def scores(self, state: State) -> tuple[int, ...]:
        return state.data.scores if state.data is not None else (0,) * state.players

    def winners_of(self, w: Work | Vale) -> tuple[int, ...]:
        """VE-090/VE-091/VE-092: most points, then most summoned creatures, else shared."""
        best = max(w.scores)
        tied = [s for s, p in enumerate(w.scores) if p == best]
        counts = w.summoned if w.options["count_released"] else [len(a) for a in w.areas]
        most = max(counts[s] for s in tied)
        return tuple(s for s in tied if counts[s] == most)

    def winners(self, state: State) -> tuple[int, ...]:
        return self.winners_of(self._peek(state))

    # -- information ---------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        """Hands are secret (facts 3.3) and the deck order is hidden; stones and areas are public."""
        d = state.data
        hands = [list(h) if seat is None or seat == i else len(h) for i, h in enumerate(d.hands)]
        return {
            "round": d.round,
            "start": d.start,
            "turn": d.turn,
            "stage": d.stage,
            "deck": list(d.deck) if seat is None else len(d.deck),
            "discard": list(d.discard),
            "display": [{"card": c, "marker": m} for c, m in zip(d.display, d.markers, strict=True)],
            "hands": hands,
            "areas": [list(a) for a in d.areas],
            "stones": [list(s) for s in d.stones],
            "summoned": list(d.summoned),
            "pending": [f.kind for f in d.pending],
        }

    def determinize(self, state: State, seat: int, dice: Dice) -> State:
        """Shuffle the deck together with the other players' hidden hand cards and deal them back.

        A card being summoned (a pending payment) is public and stays where it is.
        """
        d = state.data
        public = {f.card for f in d.pending if f.kind == "pay" and f.purpose == "summon"}
        hidden = list(d.deck)
        for i, h in enumerate(d.hands):
            if i != seat:
                hidden.extend(c for c in h if c not in public)
        pool = list(dice.shuffle(hidden))
        hands = []
        for i, h in enumerate(d.hands):
            if i == seat:
                hands.append(h)
                continue
            kept = [c for c in h if c in public]
            n = len(h) - len(kept)
            hands.append(tuple(kept + pool[:n]))
            del pool[:n]
        return state.evolve(data=d._replace(hands=tuple(hands), deck=tuple(pool)))

    def evaluate(self, state: State, seat: int) -> float:
        """Score lead plus a little for stones, creatures in play and cards in hand."""
        d = state.data
        base = super().evaluate(state, seat)
        return base + 0.3 * sum(d.stones[seat]) / 3 + 1.5 * len(d.areas[seat]) + 0.5 * len(d.hands[seat])

    def invariants(self, state: State) -> list[str]:
        d = state.data
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

    def describe(self, action: Action, lang: str = "en") -> str:
        """'summon 12' -> 'summon Ifrit (12)'."""
        if action.args and action.kind in CARD_VERBS and action.args[0] in CARDS:
            return f"{action.kind} {CARDS[action.args[0]].name} ({action.args[0]})"
        return str(action)


ALL_CARDS = frozenset(CARDS)
STONE_SET = frozenset((1, 3, 6))  # VE-003
BACK_TO_TURN = frozenset({"sell", "tame", "summon", "release", "action_turn"})
CARD_VERBS = {"pick", "sell", "tame", "summon", "release", "activate", "recover", "discard", "copy", "take"}


#: formatted events by (rule, key, args): events are immutable, so equal ones are shared
_EVENTS: dict[tuple, Event] = {}

#: the legal actions _forced computed last: (data, phase, to_move, actions); data identity is the key
_LAST_LEGAL: list = [None]


def _forced(w: Work, step: tuple) -> tuple:
    """Option forced_auto: a decision with exactly one legal choice is made at once; the
    events of that choice (payment, activation, ...) still say what happened."""
    acts = None
    while step[1] is not None:
        acts = turns.legal(w, *step)
        if len(acts) != 1:
            break
        step = turns.do_action(w, step[0], step[1], acts[0])
        acts = None
    return step, acts


def _plain(value):
    """NamedTuples to dicts, tuples to lists: a JSON-ready copy."""
    if hasattr(value, "_asdict"):
        return {k: _plain(v) for k, v in value._asdict().items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _named(args: dict) -> dict:
    """Event arguments: seats become P1..P4."""
    out = dict(args)
    for key in ("player", "target"):
        if key in out:
            out[key] = f"P{out[key] + 1}"
    if "element" in out:
        names = TABLES["element_names"][out["element"]]
        out["element"], out["element_de"] = names["en"], names["de"]
    return out


__all__ += ["CARDS", "ELEMENTS", "PROGRAMS"]
