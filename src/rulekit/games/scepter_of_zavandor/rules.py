"""Das Zepter von Zavandor (The Scepter of Zavandor): the Game and its hooks.

Rounds of four phases (ledger ZS-070): turn order and artifact refill,
income, actions in turn order (gems, knowledge, open auctions), then the
hand limit, victory points and the end check. The numbers live in
``data/*.toml`` (read by ``tables``); the package has the shape of every
game: ``setup`` (the first position), ``checks`` (the decisions: legal
lists and refusals), ``views`` (hidden information, conservation),
``words``, ``scene``, ``observation``; and mechanics modules named after
their rule sections: ``rounds`` (ZS-070: turn order, refill, phase 4, end),
``income`` (ZS-120..ZS-180), ``turn`` (ZS-200..ZS-390: a player's actions
and paying), ``auction`` (ZS-400..ZS-470), ``energy`` (ZS-020: dust, cards,
items); ``worth`` is the bots' evaluation.
"""

from __future__ import annotations

from functools import cached_property, partial

from ...engine import Action, Dice, Game, PhaseHooks, State, load_options
from ...engine.game import ScoreLine
from ...engine.plurals import fill
from ...engine.rules import Messages, read_toml
from . import auction, income, rounds, scene, turn, views, words, worth
from .checks import DECISIONS, REFUSALS
from .energy import item_label
from .model import Pay, Table, gem_vp, sentinel_vp, victory_points
from .setup import setup
from .tables import AREAS, GEMS, SEATS, Config, load_config

__all__ = ["ScepterOfZavandor"]

#: hub actions a bot's random finish leaves out (``finish_actions``)
_UNDOING = frozenset(("disenchant", "deactivate"))


class ScepterOfZavandor(Game):
    """2-6 players; the game ends after the round in which the 5th sentinel is bought (ZS-620)."""

    id = "scepter_of_zavandor"
    title = "The Scepter of Zavandor"
    title_de = "Das Zepter von Zavandor"
    players = range(2, 7)  # ZS-902: published range, not in the seed
    over_rule = "ZS-650"  # after the end no more actions
    option_list = load_options(__package__)  # data/options.toml

    # -- data ---------------------------------------------------------------

    @cached_property
    def cfg(self) -> Config:
        return load_config(self.data_file)

    @cached_property
    def item_discounts(self) -> dict[str, dict[str, int]]:
        """Artifact -> {owned artifact: discount on it} (``discount_on`` in data/artifacts.toml), for the
        price check of auctions (checks.auction_price)."""
        out: dict[str, dict[str, int]] = {}
        for owner, entry in self.cfg.artifacts.items():
            for item, amount in entry.get("discount_on", {}).items():
                out.setdefault(item, {})[owner] = amount
        return out

    @cached_property
    def refusals(self) -> dict:
        """(rule, message key, gem / item) -> its refusal ``No``, made once (checks._no)."""
        return {}

    # -- names ----------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return SEATS[seat]

    def gem_name(self, g: int, lang: str = "en") -> str:
        return self.cfg.gem_names[GEMS[g]][lang == "de"]

    def area_name(self, a: int, lang: str = "en") -> str:
        return self.cfg.area_names[AREAS[a]][lang == "de"]

    def item_name(self, item: str, lang: str = "en") -> str:
        cfg = self.cfg
        entry = cfg.artifacts.get(item) or cfg.sentinels.get(item)
        if entry is None:
            return item
        return entry["name_de"] if lang == "de" else entry["name"]

    @cached_property
    def _item_labels(self) -> dict[str, tuple]:
        """Action-argument text of every energy item ("dust 10") -> the item."""
        cfg = self.cfg
        items = [("card", g + 1, v) for g, deck in enumerate(cfg.deck_cards) for v in set(deck)]
        items += [("energy", g) for g in range(1, 5)] + [("dust", v) for v in cfg.tokens]
        return {item_label(i): i for i in items}

    @cached_property
    def _en_names(self) -> dict[str, str]:
        """Item labels in events -> English words ("dust 10" -> "a 10-dust token")."""
        return {label: words.item_words(self, i, "en") for label, i in self._item_labels.items()}

    @cached_property
    def _de_names(self) -> dict[str, str]:
        """English display name -> German, for gems, areas, artifacts and sentinels; item labels -> German words."""
        cfg = self.cfg
        out = {en: de for en, de in cfg.gem_names.values()}
        out.update({en: de for en, de in cfg.area_names.values()})
        out.update({e["name"]: e["name_de"] for e in (*cfg.artifacts.values(), *cfg.sentinels.values())})
        out.update({c["name"]: c["name_de"] for c in cfg.characters})
        out.update({label: words.item_words(self, i, "de") for label, i in self._item_labels.items()})
        return out

    @cached_property
    def messages(self) -> _NamedMessages:
        """The event and refusal texts; gems, areas and energy items in words, German names in German
        (events and refusals both format through this: ``Game.say``, ``Game.refuse``)."""
        return _NamedMessages(self._templates, self._en_names, self._de_names, Messages.load(self._package))

    @cached_property
    def _templates(self) -> dict[str, tuple[str, str]]:
        table = read_toml(self._package, "texts/messages.toml")
        return {k: (v["en"], v.get("de", v["en"])) for k, v in table.items()}

    # -- setup ----------------------------------------------------------------

    def setup(self, state: State) -> State:
        return setup(state)

    # -- the flow: one entry per phase of data/phases.toml -------------------------

    @cached_property
    def flow(self) -> dict[str, PhaseHooks]:
        """Phase id -> hooks; the engine dispatches through this table and checks every step.
        Every decision phase's legal list and refusals come from ``checks.DECISIONS``."""

        def decide(phase: str, play) -> PhaseHooks:
            # the topic functions take the game first: bound here once (a C-level partial, no
            # wrapper frame on every decision)
            return PhaseHooks(legal=DECISIONS[phase].legal, play=partial(play, self), why_not=REFUSALS.why_not)

        back = PhaseHooks(auto=rounds.back_to_turn)
        return {
            "determine_turn_order": PhaseHooks(auto=rounds.turn_order),
            "refill_artifacts": PhaseHooks(auto=rounds.refill),
            "income_opals": PhaseHooks(auto=income.income_opals),
            "income_gem_cards": PhaseHooks(auto=income.income_cards),
            "income_artifacts": PhaseHooks(auto=income.income_artifacts),
            "income_energy_flow": PhaseHooks(auto=income.income_flow),
            "player_actions": decide("player_actions", turn.hub_play),
            "enchant_gems": decide("enchant_gems", turn.pay_play),
            "disenchant_gems": back,
            "toggle_active_gems": back,
            "extend_knowledge": decide("extend_knowledge", turn.pay_play),
            "auction": decide("auction", auction.bid_play),
            "pay_auction": decide("pay_auction", turn.pay_play),
            "lose_gem": decide("lose_gem", turn.lose_play),
            "end_player_actions": PhaseHooks(auto=rounds.end_actions),
            "next_over_hand_limit": PhaseHooks(auto=rounds.hand_check),
            "check_hand_limit": decide("check_hand_limit", turn.discard_play),
            "score_victory_points": PhaseHooks(auto=rounds.score),
            "check_game_end": PhaseHooks(auto=rounds.end_check),
            "final_scoring": PhaseHooks(auto=rounds.final),
            "game_over": PhaseHooks(),
        }

    def stopped(self, state: State) -> bool:
        """True when a round limit (not a printed rule) ended the game before enough sentinels were in play."""
        return state.is_over and sum(len(p.sents) for p in state.data.p) < state.options["sentinels_to_end"]

    # -- hooks used by the topic modules ----------------------------------------

    def open_auction(self, s: State, seat: int, item: str) -> State:
        return auction.open_auction(self, s, seat, item)

    def deliver(self, s: State, pay: Pay, ev: list) -> State:
        return auction.deliver(self, s, pay, ev)

    def next_loser(self, s: State) -> State:
        return auction.next_loser(self, s)

    def unpaid(self, s: State, pay: Pay, ev: list) -> State:
        return auction.unpaid(self, s, pay, ev)

    # -- reading --------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        return views.view(self, state, seat)

    def invariants(self, state: State) -> list[str]:
        return views.invariants(self, state)

    def determinize(self, state: State, seat: int, dice: Dice) -> State:
        return views.determinize(self, state, seat, dice)

    def redeal_unseen(self, state: State, dice: Dice) -> State:
        return views.redeal_unseen(state, dice)

    def scene(self, state: State, seat: int | None = None, lang: str = "en") -> dict:
        return scene.scene(self, state, seat, lang)

    def describe(self, action: Action, lang: str = "en") -> str:
        """A short sentence for an action in English or German (texts/actions.toml)."""
        return words.describe(self, action, lang)

    def action_labels(self, players: int, options: dict | None = None) -> frozenset[str]:
        """Every action label legal() can produce, computed from the data files."""
        return words.action_labels(self, players, self.resolve_options(options or {}))

    @cached_property
    def action_texts(self) -> dict[str, dict[str, str]]:
        return read_toml(self._package, "texts/actions.toml")

    def scores(self, state: State) -> tuple[int, ...]:
        """Current victory points (a status, ZS-610)."""
        if state.data is None:
            return (0,) * state.players
        return tuple(victory_points(self.cfg, p) for p in state.data.p)

    def winners(self, state: State) -> tuple[int, ...]:
        """ZS-640 most VP; ZS-918 rulekit's choice: tie -> more VP from gems, then shared."""
        t: Table = state.data
        by_gems = state.options["final_tiebreak"] == "gem_points"
        key = [(victory_points(self.cfg, p), gem_vp(self.cfg, p) if by_gems else 0) for p in t.p]
        best = max(key)
        return tuple(i for i, k in enumerate(key) if k == best)

    def score_breakdown(self, state: State) -> list[ScoreLine]:
        """One line per scoring rule (ZS-540..ZS-600); the lines add up to ``scores``."""
        cfg, ps = self.cfg, state.data.p
        lines = []
        for rule, gems_of_rule in (("ZS-560", (0,)), ("ZS-570", (1,)), ("ZS-580", (2, 3)), ("ZS-590", (4,))):
            en = " and ".join(self.gem_name(g) for g in gems_of_rule)
            de = " und ".join(self.gem_name(g, "de") for g in gems_of_rule)
            points = tuple(sum(p.active[g] * cfg.gem_vp[g] for g in gems_of_rule) for p in ps)
            lines.append(ScoreLine(rule, f"Active gems: {en}", f"Aktive Steine: {de}", points))
        arts = tuple(sum(cfg.artifacts[a]["vp"] for a in p.arts) for p in ps)
        sents = tuple(sum(sentinel_vp(cfg, p, x) for x in p.sents) for p in ps)
        level4 = tuple(cfg.level4_vp * sum(1 for lv in p.know if lv >= cfg.max_level) for p in ps)
        lines.append(ScoreLine("ZS-540", "Artifacts", "Artefakte", arts))
        lines.append(ScoreLine("ZS-550", "Sentinels with their bonus", "Wächter mit Bonus", sents))
        lines.append(ScoreLine("ZS-600", "Knowledge areas at level 4", "Wissensgebiete auf Stufe 4", level4))
        return lines

    def tiebreak_rule(self, state: State) -> str | None:
        """ZS-918 when equal points were decided (or shared) by the points from gems."""
        if not state.is_over or self.stopped(state):
            return None
        vps = self.scores(state)
        best = max(vps)
        return "ZS-918" if sum(1 for v in vps if v == best) > 1 else None

    @cached_property
    def weights(self) -> worth.Weights:
        """The bots' weights (data/evaluate.toml) with deck averages."""
        return worth.load_weights(self.cfg, self.data_file("evaluate.toml"))

    def evaluate(self, state: State, seat: int) -> float:
        """Worth lead: points, energy, income for the rounds to come, knowledge (worth.py)."""
        return worth.evaluate(self, state, seat)

    def finish_actions(self, state: State, legal: list[Action]) -> list[Action]:
        """What a bot's random finish of a turn picks among (docs/games/scepter_of_zavandor.md, Bots).

        A payment is made with ``pay auto`` (ZS-430): item by item at random it takes a dozen steps
        and may sell gems where energy would do. In the hub, selling (ZS-290) and deactivating
        (ZS-310) gems are left out: done at random they only undo what the turn built. The bot's
        own choice still weighs every legal action.
        """
        first = legal[0]
        if first.kind == "pay" and first.args == ("auto",):
            return legal[:1]
        if state.phase == "player_actions":
            kept = [a for a in legal if a.kind not in _UNDOING]
            return kept or legal
        return legal


class _NamedMessages:
    """Formats an event's templates with names in each language: gems, areas and items in German
    for the German text, energy items ("dust 10") in words in both."""

    __slots__ = ("templates", "en", "de", "fallback")

    def __init__(self, templates: dict[str, tuple[str, str]], en: dict[str, str], de: dict[str, str], fallback):
        self.templates, self.en, self.de, self.fallback = templates, en, de, fallback

    def format(self, key: str, **args) -> tuple[str, str]:
        entry = self.templates.get(key)
        if entry is None:
            return self.fallback.format(key, **args)
        if not ("gem" in args or "area" in args or "item" in args or "items" in args or "name" in args):
            return fill(entry[0], "en", **args), fill(entry[1], "de", **args)
        return fill(entry[0], "en", **self._named(args, self.en)), fill(entry[1], "de", **self._named(args, self.de))

    @staticmethod
    def _named(args: dict, names: dict[str, str]) -> dict:
        out = {k: (names.get(v, v) if k in ("gem", "area", "item", "name") else v) for k, v in args.items()}
        if "items" in args:
            out["items"] = ", ".join(names.get(x, x) for x in args["items"].split(", "))
        return out
