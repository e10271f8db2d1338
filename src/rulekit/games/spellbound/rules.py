"""Spellbound (Fragor Games 2012): cooperative, 1-4 players.

The mages race to bring four spellbooks to the ends of their tracks before
the witch hats and the troll catch them, gather in the village of the witch
tower and win the last battle. The seed only gives the turn order; the map,
the cards and many numbers are rulekit's edition (data/*.toml, marked
``rulekit_choice``). Modules (the one package shape of docs/adding-a-game.md):
``tables`` (data), ``model`` (state data), ``setup`` (the first position),
``checks`` (legal lists and refusals), ``effects`` (moving pieces), the
mechanics ``turn`` (SB-100 .. SB-220), ``turn_end`` (SB-230 .. SB-300),
``end_of_deck`` (SB-270 .. SB-470) and ``last_battle`` (SB-500 .. SB-560),
``views`` (hidden information), ``observation``, ``words`` (texts) and
``scene`` (the board).

Cooperative ending (``cooperative = True``): on a victory ``winners`` is
every seat, on a defeat it is empty; ``view()["result"]`` says "won" or
"lost" and ``view()["end_rule"]`` names the rule that ended the game.
"""

from __future__ import annotations

from functools import cached_property

import networkx as nx

from rulekit.engine import Action, Dice, Game, Options, PhaseHooks, ScoreLine, State, load_options
from rulekit.engine.state import moved

from . import effects as fx
from . import end_of_deck, last_battle, turn, turn_end
from .checks import DECISIONS, REFUSALS
from .model import CAUGHT, HELD, ON_TRACK, Data
from .setup import setup as first_position
from .tables import Catalog, build_catalog, map_graph, variant
from .views import evaluate

__all__ = ["Spellbound"]


def hook(step):
    """The engine's ``auto(state)`` hook for a step written as ``step(g, state, data)``."""

    def auto(state: State) -> State:
        return step(state.game, state, state.data)

    auto.__name__ = auto.__qualname__ = step.__name__
    auto.__doc__ = step.__doc__
    return auto


class Spellbound(Game):
    id = "spellbound"
    title = "Spellbound"
    title_de = "Spellbound (Verwunschen)"
    players = range(1, 5)  # 1-4 players (facts 1, SB-900)
    over_rule = "SB-560"  # the game ends with the shared win or loss
    cooperative = True  # all seats win or lose together (SB-560)
    autos_read_history = True  # turn_end.refill: the refill before any decision is the opening one (SB-060)
    option_list = load_options(__package__)  # data/options.toml: one per open point of the seed, SB-900 to SB-919

    @cached_property
    def flow(self) -> dict[str, PhaseHooks]:
        """Phase id -> hooks (issue 16): legal lists and refusals from ``checks``, decisions carried
        out and automatic steps run by the mechanics modules."""
        a, why_not = hook, REFUSALS.why_not

        def legal(phase: str):
            return DECISIONS[phase].legal

        return {
            "take_destiny_card": PhaseHooks(legal=legal("take_destiny_card"), play=turn.play_tower, why_not=why_not),
            "play_mage_cards": PhaseHooks(legal=legal("play_mage_cards"), play=turn.play_cards, why_not=why_not),
            "stationary_mage_penalty": PhaseHooks(auto=a(turn_end.stationary)),
            "adversary_overflow_check": PhaseHooks(auto=a(turn_end.overflow)),
            "refill_destiny_display": PhaseHooks(auto=a(turn_end.refill)),
            "resolve_new_adversary_cards": PhaseHooks(auto=a(turn_end.resolve_new)),
            "check_game_state": PhaseHooks(auto=a(turn_end.check)),
            "eod_resolve_display_adversaries": PhaseHooks(auto=a(end_of_deck.eod_resolve_display)),
            "eod_advance_unguarded_adversaries": PhaseHooks(auto=a(end_of_deck.eod_unguarded)),
            "eod_add_adversary_card": PhaseHooks(auto=a(end_of_deck.eod_add_wicked)),
            "eod_draw_stones": PhaseHooks(auto=a(end_of_deck.eod_draw)),
            "eod_compare_powers": PhaseHooks(auto=a(end_of_deck.eod_compare)),
            "eod_mage_victory": PhaseHooks(auto=a(end_of_deck.eod_mage_victory)),
            "eod_choose_book": PhaseHooks(
                legal=legal("eod_choose_book"), play=end_of_deck.play_choose_book, why_not=why_not
            ),
            "eod_witch_victory": PhaseHooks(auto=a(end_of_deck.eod_witch_victory)),
            "eod_shuffle_discard": PhaseHooks(auto=a(end_of_deck.eod_shuffle)),
            "eod_refill_destiny_display": PhaseHooks(auto=a(end_of_deck.eod_refill)),
            "eod_resolve_new_adversary_cards": PhaseHooks(auto=a(turn_end.resolve_new)),
            "final_battle": PhaseHooks(legal=legal("final_battle"), play=last_battle.play_battle, why_not=why_not),
            "final_battle_resolve": PhaseHooks(auto=a(last_battle.final_resolve)),
            "game_over": PhaseHooks(),  # the end: nothing runs here
        }

    @cached_property
    def cat(self) -> Catalog:
        return build_catalog(self.data_file("cards.toml"), self.data_file("map.toml"), self.data_file("setup.toml"))

    @cached_property
    def _boards(self) -> dict[tuple, Catalog]:
        return {}

    def board(self, options: dict) -> Catalog:
        """The catalog as the rule options shape it: track length, book goal (SB-902) and the
        witch's path (SB-904). Rules read track goals and levels from here, never from ``cat``.
        The last frozen ``Options`` asked for are remembered by identity (all states of a game share one)."""
        last = self._last_board
        if last[0] is options:
            return last[1]
        key = (options["witch_path"], options["track_length"], options["book_goal"])
        found = self._boards.get(key)
        if found is None:
            found = self._boards[key] = variant(self.cat, *key)
        if isinstance(options, Options):  # frozen: the same object always means the same board
            self._last_board = (options, found)
        return found

    _last_board: tuple = (None, None)

    @cached_property
    def helpful(self) -> frozenset[int]:
        """Ids of mage and ally cards (they count toward the five, SB-280)."""
        return frozenset(c.id for c in self.cat.cards if c.helpful)

    @cached_property
    def free_cards(self) -> frozenset[int]:
        """Cards whose effect can be played anywhere (no check needed in ``legal``)."""
        places = {"magic", "search", "guard_book", "banish", "watchman"}  # checks._PLACES and _COMPLETE
        return frozenset(c.id for c in self.cat.cards if c.helpful and c.effect not in places)

    @cached_property
    def display_mages(self) -> int:
        """Mage cards the display is refilled to (SB-260, SB-280)."""
        return int(self.cat.setup["setup"]["display_mages"])

    @cached_property
    def keep_mages(self) -> int:
        return int(self.cat.setup["setup"]["keep_mages"])

    @cached_property
    def actions(self) -> dict[str, dict]:
        """Prebuilt actions by kind and argument (legal lists are rebuilt often)."""
        ids = range(len(self.cat.cards))
        return {
            "play": {c: Action("play", (c,)) for c in ids},
            "discard": {c: Action("discard", (c,)) for c in ids},
            "banish": {c: Action("wand", ("banish", c)) for c in ids},
            "step": {s: Action("step", (s,)) for s in self.cat.spaces},
            "search": {i: Action("wand", ("search", t.id)) for i, t in enumerate(self.cat.tracks)},
        }

    @cached_property
    def anytime_rules(self) -> frozenset[str]:
        """Rule ids an event may cite in any phase (``anytime_rules`` in data/phases.toml)."""
        return frozenset(self.data_file("phases.toml")["anytime_rules"])

    @cached_property
    def step_targets(self) -> dict[str, tuple[str, ...]]:
        """Per space, the spaces one road away that a step may reach: never a city from a city
        (SB-150; ``checks.reachable``, the legal values of ``step``, read it on every decision)."""
        kinds = self.cat.space_kinds
        return {
            s: tuple(n for n in self.cat.neighbours.get(s, ()) if not kinds[s] == kinds[n] == "city")
            for s in self.cat.spaces
        }

    @cached_property
    def track_by_id(self) -> dict:
        return {t.id: t for t in self.cat.tracks}

    @cached_property
    def adversary(self) -> frozenset[int]:
        return frozenset(c.id for c in self.cat.cards if c.type == "adversary")

    @cached_property
    def distances(self) -> dict[str, dict[str, int]]:
        """Road distances between movement spaces (for ``evaluate`` and teaching)."""
        return dict(nx.all_pairs_shortest_path_length(self.movement_graph()))

    def in_play_ids(self, options: dict) -> list[int]:
        """Ids of the cards of a game with these options: all but the ally copies beyond ``ally_copies``."""
        n = options["ally_copies"]
        found = self._in_play.get(n)
        if found is None:
            unused = {c for key in self.cat.sets for c in self.cat.copies(key, n)[1]}
            found = self._in_play[n] = [c for c in range(len(self.cat.cards)) if c not in unused]
        return found

    @cached_property
    def _in_play(self) -> dict[int, list[int]]:
        return {}

    # -- helpers used by the rule modules -----------------------------------

    def space_name(self, space: str, lang: str = "en") -> str:
        s = self.cat.spaces[space]
        return s.get("name_de", s["name"]) if lang == "de" else s["name"]

    def pursuer_args(self, t: int) -> dict[str, str]:
        """Message arguments naming the pursuer of track ``t`` in both languages (built once per track)."""
        found = self._pursuer_words.get(t)
        if found is None:
            track = self.cat.tracks[t]
            if track.pursuer == "troll":
                found = {"who": "The troll", "who_de": "Der Troll"}
            else:
                found = {
                    "who": f"The witch hat of {self.space_name(track.region)}",
                    "who_de": f"Der Hexenhut von {self.space_name(track.region, 'de')}",
                }
            self._pursuer_words[t] = found
        return found

    def chase_args(self, t: int) -> dict[str, str]:
        """``pursuer_args`` and ``track_args`` of track ``t`` in one dict (built once per track and board:
        every pursuer move says both)."""
        found = self._chase_words.get(t)
        if found is None:
            found = self._chase_words[t] = {**self.pursuer_args(t), **self.track_args(self.cat.tracks[t])}
        return found

    @cached_property
    def _chase_words(self) -> dict[int, dict[str, str]]:
        return {}

    @cached_property
    def _pursuer_words(self) -> dict[int, dict[str, str]]:
        return {}

    @cached_property
    def card_names(self) -> tuple[str, ...]:
        """Per card id, its name in views: ``"12:witch_hat"`` (``views._names``)."""
        return tuple(f"{c.id}:{c.key}" for c in self.cat.cards)

    def card_args(self, cid: int) -> dict[str, str]:
        """Message arguments naming card ``cid`` in both languages (built once per card: most events name one)."""
        return self._card_words[cid]

    @cached_property
    def _card_words(self) -> tuple[dict[str, str], ...]:
        return tuple({"card": card.name, "card_de": card.name_de} for card in self.cat.cards)

    def list_args(self, ids) -> dict:
        """Message arguments listing cards ``ids`` in both languages, joined only when the text is
        read (``CardNames``): every refill names the three to seven cards it drew, a new list each
        time, and random play and bots read almost none of these texts."""
        ids = tuple(ids)
        return {"cards": CardNames(self._names[0], ids), "cards_de": CardNames(self._names[1], ids), "count": len(ids)}

    @cached_property
    def _names(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Per card id its name, in English and in German (``list_args``)."""
        return tuple(c.name for c in self.cat.cards), tuple(c.name_de for c in self.cat.cards)

    def space_args(self, space: str, name: str) -> dict[str, str]:
        found = self._space_words.get((space, name))
        if found is None:
            found = self._space_words[space, name] = {
                name: self.space_name(space),
                f"{name}_de": self.space_name(space, "de"),
            }
        return found

    @cached_property
    def _space_words(self) -> dict[tuple[str, str], dict[str, str]]:
        return {}

    def track_args(self, track) -> dict[str, str]:
        """Message arguments naming ``track`` in both languages (built once per track: every pursuer
        and book move says them; ``say`` copies them into its own arguments)."""
        found = self._track_words.get(track.id)
        if found is None:
            found = self._track_words[track.id] = {"track": track.name, "track_de": track.name_de}
        return found

    @cached_property
    def _track_words(self) -> dict[str, dict[str, str]]:
        return {}

    def tower_village(self, d: Data) -> str:
        """The village whose card is the Witch's Tower (SB-510); remembered per layout of the
        village cards (few per game), since bots ask on every position they rate late in a game."""
        found = self._tower_at.get(d.village_cards)
        if found is None:
            found = next((self.cat.villages[v] for v, c in enumerate(d.village_cards) if c in self.tower_cards), "")
            if len(self._tower_at) > 4096:  # a long session with many games: start over
                self._tower_at.clear()
            self._tower_at[d.village_cards] = found
        return found

    @cached_property
    def _tower_at(self) -> dict[tuple[int, ...], str]:
        return {}

    @cached_property
    def tower_cards(self) -> frozenset[int]:
        """Ids of the village cards that are the Witch's Tower (SB-510)."""
        return frozenset(c.id for c in self.cat.cards if c.kind == "tower")

    @cached_property
    def books_to_win(self) -> int:
        """Books the mages must hold for the last battle (SB-500)."""
        return int(self.cat.setup["setup"]["books_to_win"])

    def checked(
        self, state: State, d: Data, events, phase: str, to_move: int | None = None, rng: int | None = None
    ) -> State:
        """The next state, ending the game at once on victory or any defeat (SB-560, SB-600, SB-650)."""
        # Every automatic step of a turn ends here: the checks run cheapest first, and the defeat
        # conditions only when something they read has changed (the step moved a pursuer, a book,
        # the witch, or set a result).
        events = events if type(events) is tuple else tuple(events)
        if rng is None:
            rng = state.rng
        if d.result == "won":
            return state.evolve(data=d, phase="game_over", to_move=None, is_over=True, events=events, rng=rng)
        old = state.data
        if d.result or d.pursuers is not old.pursuers or d.book_status is not old.book_status or d.witch != old.witch:
            reason = fx.defeat(self, d, state.options)
            if reason:
                d = d.but(result="lost", reason=reason)
                why, why_de = self.messages.format(f"defeat_{reason}")
                events += (self.say("SB-600", "game_lost", why=why, why_de=why_de),)
                return state.evolve(data=d, phase="game_over", to_move=None, is_over=True, events=events, rng=rng)
        return moved(state, d, rng, phase, to_move, events, state.is_over)  # ``evolve``'s copy, positional

    def resolve_options(self, given: dict) -> dict:
        """The engine's checks, then the options that must fit together: ``book_goal`` lies on the
        track, after the books' start space and before ``track_length`` (SB-902). The variants form
        shows this ``OptionError`` at the form."""
        options = super().resolve_options(given)
        self.board(options)  # OptionError naming book_goal when it does not fit the track
        return options

    # -- setup ----------------------------------------------------------------

    def setup(self, state: State) -> State:
        """SB-901 with the facts sheet: ``setup.setup`` lays out the first position (run once by ``new``)."""
        return first_position(state)

    # -- the contract ------------------------------------------------------------

    def snapshot(self, state: State) -> dict:
        """Everything of a state, with the data's field names (``Data.as_dict``). Fields added
        after save files were first written are left out at their defaults, so older files still load."""
        data = None
        if state.data is not None:
            data = {k: _plain(v) for k, v in state.data.as_dict().items() if LATER_FIELDS.get(k, ...) != v}
        return {"phase": state.phase, "to_move": state.to_move, "rng": state.rng, "data": data}

    def scores(self, state: State) -> tuple[int, ...]:
        """Cooperative: every seat scores the number of books the mages hold."""
        return tuple(fx.books_held(state.data) for _ in range(state.players)) if state.data else (0,) * state.players

    def score_breakdown(self, state: State) -> list[ScoreLine]:
        """Cooperative progress, one line per spellbook (SB-500): a collected book is worth 1 to
        every seat, so the lines add up to ``scores``; the names say where each book stands."""
        d: Data = state.data
        lines = []
        for t, track in enumerate(self.board(state.options).tracks):
            status = d.book_status[t]
            key = {HELD: "score_book_held", CAUGHT: "score_book_caught"}.get(status, "score_book_track")
            rule = {HELD: "SB-500", CAUGHT: "SB-610"}.get(status, "SB-908")
            en, de = self.messages.format(key, **self.track_args(track), space=d.books[t], goal=track.book_goal)
            lines.append(ScoreLine(rule, en, de, tuple(int(status == HELD) for _ in range(state.players))))
        return lines

    def action_labels(self, players: int, options: dict | None = None) -> frozenset[str]:
        """Every label ``legal`` can produce, from the card, map and track data (issue 18)."""
        o = self.resolve_options(options or {})
        cards = self.cat.cards
        out_of_game = set(range(len(cards))) - set(self.in_play_ids(o))  # ally copies beyond ally_copies
        out_of_game |= set() if players <= o["watchman_max_players"] else {self.cat.watchman}
        helpful = [c.id for c in cards if c.helpful and c.id not in out_of_game]
        destiny = helpful + [c.id for c in cards if c.type == "adversary"]  # what the display can hold
        labels = {f"tower {c}" for c in destiny}
        labels |= {f"{kind} {c}" for c in helpful for kind in ("play", "discard")}
        labels |= {f"step {b}" for road in self.cat.roads for b in road}
        labels |= {f"wand search {t.id}" for t in self.cat.tracks} | {f"advance {t.id}" for t in self.cat.tracks}
        labels |= {f"wand banish {c.id}" for c in cards if c.type == "adversary"}
        labels |= {f"destroy {c}" for c in destiny + list(self.cat.demons) if cards[c].moon > 0}
        return frozenset(labels | {"recruit", "wand move", "end", "sun"})

    def winners(self, state: State) -> tuple[int, ...]:
        """All seats on a victory, none on a defeat (SB-560: won or lost together)."""
        return tuple(range(state.players)) if state.data.result == "won" else ()

    def end_rule(self, state: State) -> str:
        """The condition that ended the game (SB-530 won; SB-610, SB-620, SB-630, SB-640, SB-440,
        SB-919 lost), not the general defeat rule SB-600 that the closing event cites."""
        return state.data.reason or super().end_rule(state)

    def view(self, state: State, seat: int | None) -> dict:
        from .views import view

        return view(self, state, seat)

    def determinize(self, state: State, seat: int, dice: Dice) -> State:
        from .views import determinize

        return determinize(self, state, dice)

    def redeal_unseen(self, state: State, dice: Dice) -> State:
        """The mages share everything they know, so what one seat cannot see nobody sees:
        the deck order, the hidden part of the wicked pile and the face-down villages."""
        from .views import determinize

        return determinize(self, state, dice)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(self, state)  # imported above, not here: a bot's search calls it thousands of times a turn

    def invariants(self, state: State) -> list[str]:
        from .views import invariants

        return invariants(self, state)

    def scene(self, state: State, seat: int | None = None, lang: str = "en") -> dict:
        from .scene import scene

        return scene(self, state, seat, lang)

    def card_text(self, cid: int, lang: str = "en", options: dict | None = None) -> str:
        """What card ``cid`` does, in ``lang`` (texts/messages.toml ``effect_*``): the words of the
        board's card faces, tooltips and ``describe``; ``options`` (a state's) follow magic_effect."""
        from .words import card_effect

        en, de = card_effect(self, cid, options)
        return de if lang == "de" else en

    def describe(self, action: Action, lang: str = "en") -> str:
        from .words import describe

        return describe(self, action, lang)

    # -- the map --------------------------------------------------------------------

    def map_graph(self, state: State | None = None) -> nx.Graph:
        """The map as a networkx graph: spaces, roads, tracks and the witch's path.

        Nodes carry ``kind``, ``x``, ``y`` and ``name``; with a ``state``,
        the movement spaces also carry ``mages`` (seats standing there) and
        villages their ``card`` (None while face down) and ``tower``; the
        tracks and the witch's path then follow the state's rule options
        (``track_length``, ``book_goal``, ``witch_path``).

        Examples
        --------
        >>> import rulekit
        >>> g = rulekit.load("spellbound").map_graph()
        >>> g.nodes["wild"]["kind"], g.nodes["rose"]["kind"]
        ('wilderness', 'city')
        """
        if state is None:
            return map_graph(self.cat)
        g = map_graph(self.board(state.options))
        d: Data = state.data
        for sid in self.cat.spaces:
            g.nodes[sid]["mages"] = tuple(i for i, m in enumerate(d.mages) if m == sid)
        for v, sid in enumerate(self.cat.villages):
            card = self.cat.cards[d.village_cards[v]]
            g.nodes[sid]["card"] = card.name if d.revealed[v] else None
            g.nodes[sid]["tower"] = d.revealed[v] and card.kind == "tower"
        for t, track in enumerate(self.cat.tracks):  # ids only; the shape is in the graph already
            if d.book_status[t] == ON_TRACK:
                g.nodes[f"{track.id}:{d.books[t]}"]["book"] = True
            g.nodes[f"{track.id}:{d.pursuers[t]}"]["pursuer"] = track.pursuer
        g.nodes[f"witch:{d.witch}"]["witch"] = True
        return g

    def movement_graph(self) -> nx.Graph:
        """Only the spaces a mage can stand on and the roads between them (SB-140)."""
        g = self.map_graph()
        moves = nx.Graph()  # built in data order, so ties in shortest paths break the same way every run
        moves.add_nodes_from((s, g.nodes[s]) for s in self.cat.spaces)
        moves.add_edges_from(self.cat.roads, kind="road")
        return moves


class CardNames:
    """Card names joined by commas ("-" for none) when a message is formatted (``Spellbound.list_args``).

    Examples
    --------
    >>> f"{CardNames(('Owl', 'Cat', 'Toad'), (2, 0))} / {CardNames(('Owl',), ())}"
    'Toad, Owl / -'
    """

    __slots__ = ("names", "ids")

    def __init__(self, names: tuple[str, ...], ids: tuple[int, ...]) -> None:
        self.names, self.ids = names, ids

    def __str__(self) -> str:
        names = self.names
        return ", ".join([names[c] for c in self.ids]) or "-"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


#: Data fields added later (issue 17, option victory_check) and their defaults (see ``snapshot``)
LATER_FIELDS = {"resume": "", "battle_fought": False}


def _plain(value):
    """Tuples (of tuples) of ints, strings and bools to JSON lists; cheaper than ``encode``."""
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


__all__ += ["CAUGHT", "HELD", "ON_TRACK"]
