"""The Vale of Eternity (Mandoo 2023) for 2-4 players: the ``Game`` hooks.

Rules live in ``turns.py`` (the round) and ``effects.py`` (card effects);
this module wires them to the engine contract, keeps hidden information
hidden and checks what the rules conserve.
"""

from __future__ import annotations

from functools import cached_property

from rulekit.engine import Action, Dice, Event, Game, ScoreLine, SetupError, State, load_options

from . import scene, turns
from .describe import action_labels, describe
from .hooks import FLOW_HOOKS, close
from .model import CARDS, ELEMENTS, PROGRAMS, TABLES, Vale, Work, card_args

__all__ = ["ValeOfEternity"]


class ValeOfEternity(Game):
    id = "vale_of_eternity"
    title = "The Vale of Eternity"
    title_de = "Das Tal der Ewigkeit"
    players = range(2, 5)  # VE-010: 2-4 players (starting points 1-4 by seat, VE-020)
    over_rule = "VE-082"  # the game ends after the round
    option_list = load_options(__package__)  # data/options.toml

    # -- setup -------------------------------------------------------------

    #: the flow of a round: one hook set per phase of data/phases.toml (hooks.py)
    flow = FLOW_HOOKS

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
        return close(state, w, ("reveal_cards", None))

    @cached_property
    def _events(self) -> dict[tuple, Event]:
        return {}

    def event(self, rule: str, key: str, args: dict, seats: tuple[int, ...] | None = None) -> Event:
        """``say`` with a memo: the same event (e.g. 'P2 ends the action turn') is built once;
        events are immutable, so equal ones are shared. ``seats``: only they may read it."""
        cache_key = (rule, key, seats, *args.items())
        cache = self._events
        event = cache.get(cache_key)
        if event is None:
            if len(cache) > 100_000:
                cache.clear()
            event = cache[cache_key] = self.say(rule, key, private_to=seats, **_named(self, args))
        return event

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

    def snapshot(self, state: State) -> dict:
        """Everything of a state with field names (the data are NamedTuples)."""
        return {"phase": state.phase, "to_move": state.to_move, "rng": state.rng, "data": _plain(state.data)}

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
        """Hands are secret (facts 3.3) and the deck order is hidden; stones and areas are public, and so
        are the hand cards everyone saw arrive (``shown``: tamed, recovered or taken in sight of all)."""
        d = state.data
        hands = [list(h) if seat is None or seat == i else len(h) for i, h in enumerate(d.hands)]
        shown = [list(s) for s in d.shown] if d.shown else [[] for _ in d.hands]
        return {
            "round": d.round,
            "start": d.start,
            "turn": d.turn,
            "stage": d.stage,
            "deck": list(d.deck) if seat is None else len(d.deck),
            "discard": list(d.discard),
            "display": [{"card": c, "marker": m} for c, m in zip(d.display, d.markers, strict=True)],
            "hands": hands,
            "shown": shown,
            "areas": [list(a) for a in d.areas],
            "stones": [list(s) for s in d.stones],
            "summoned": list(d.summoned),
            "pending": [f.kind for f in d.pending],
        }

    def determinize(self, state: State, seat: int, dice: Dice) -> State:
        """Shuffle the deck together with the other players' hidden hand cards and deal them back.

        A card being summoned (a pending payment) and hand cards everyone saw arrive (``shown``)
        are public and stay where they are.
        """
        d = state.data
        public = {f.card for f in d.pending if f.kind == "pay" and f.purpose == "summon"}
        public.update(c for shown in d.shown for c in shown)  # tamed, recovered or taken in sight of all
        known = d.deck[len(d.deck) - d.top_known :]  # face-up cards put on top (Tengu) stay
        hidden = list(d.deck[: len(d.deck) - d.top_known])
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
        return state.evolve(data=d._replace(hands=tuple(hands), deck=(*pool, *known)))

    def redeal_unseen(self, state: State, dice: Dice) -> State:
        """The deck below the cards everyone saw put on top (Tengu) shuffled again: what no seat
        can see (OpenSpiel chance nodes)."""
        d = state.data
        if d is None or len(d.deck) - d.top_known < 2:
            return state
        cut = len(d.deck) - d.top_known
        return state.evolve(data=d._replace(deck=(*dice.shuffle(d.deck[:cut]), *d.deck[cut:])))

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


def _plain(value):
    """NamedTuples to dicts, tuples to lists: a JSON-ready copy."""
    if hasattr(value, "_asdict"):
        return {k: _plain(v) for k, v in value._asdict().items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _named(game: Game, args: dict) -> dict:
    """Event arguments: seats become P1..P4; elements, card ids and action labels words in both
    languages (``{card}`` / ``{card_de}``, ``{cards}`` / ``{cards_de}``: issue 14)."""
    out = dict(args)
    if "card" in out:
        out.update(card_args(out.pop("card")))
    if "cards" in out:
        cids = out.pop("cards")
        for lang, key in (("en", "cards"), ("de", "cards_de")):
            out[key] = ", ".join(CARDS[c].name_in(lang) for c in cids)
    if "label" in out:
        action = Action.coerce(out.pop("label"))
        out["choice"], out["choice_de"] = game.describe(action, "en"), game.describe(action, "de")
    for key in ("player", "target"):
        if key in out:
            out[key] = f"P{out[key] + 1}"
    if "element" in out:
        names = TABLES["element_names"][out["element"]]
        out["element"], out["element_de"] = names["en"], names["de"]
    return out


__all__ += ["CARDS", "ELEMENTS", "PROGRAMS"]
