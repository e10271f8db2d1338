"""Why an action is not legal, in learner words with the rule id; action labels.

``explain`` looks at what was tried and the state, finds the rule that
forbids it, and returns an ``IllegalAction``; it never changes the state.
"""

from __future__ import annotations

from ...engine import Action, IllegalAction
from .ctx import with_german
from .effects import place_targets
from .model import SPACES
from .turn import forge_ok, pick_limit, rune_choices

__all__ = ["explain", "describe"]


def explain(game, state, action: Action) -> IllegalAction:
    ctx = game.ctx(state)
    board, phase = state.data, state.phase
    p, t = board.players[board.current], board.turn
    kind, args = action.kind, action.args

    def no(rule: str, key: str, **kw) -> IllegalAction:
        return game.refuse(rule, key, action, **with_german(kw))

    try:
        if kind == "action" and phase != "choose_action":
            return no("RS-061", "r_one_action")
        if kind == "action" and args == ("abilities",) and len(p.hand) < 2:
            return no("RS-091", "r_abilities_hand", n=len(p.hand))
        if kind in ("swap", "jokergem"):
            rune = "exchange" if kind == "swap" else "joker"
            if rune not in p.runes:
                return no("RS-215" if kind == "swap" else "RS-212", "r_no_rune", rune=rune)
            if kind == "swap" and t.swapped:
                return no("RS-215", "r_swap_used")
            if kind == "jokergem" and p.joker_gem:
                return no("RS-212", "r_joker_gem_set")
            if kind == "jokergem" and args and args[0] == "joker":
                return no("RS-212", "r_no_joker_choice")
        if phase == "summon" and kind == "play" and args:
            if args[0] not in p.hand:
                return no("RS-070", "r_not_in_hand", card=args[0])
            card = game.cat.card(args[0])
            if t.colour and card.magic not in (t.colour, "multi"):
                return no("RS-071", "r_wrong_colour", card=args[0], magic=card.magic, colour=t.colour)
        if phase == "summon" and kind == "summon" and args and isinstance(args[0], int) and 1 <= args[0] <= 6:
            slot = args[0] - 1
            if not board.display[slot]:
                return no("RS-073", "r_empty_slot", slot=args[0])
            cost, left = ctx.opts["slot_costs"][slot], t.mp - t.spent
            if cost > left:
                return no("RS-072", "r_not_enough_mp", slot=args[0], cost=cost, left=left)
        home = _HOME.get(kind)
        if home and phase == "choose_action":  # a step of an action before choosing it (RS-061)
            return no("RS-061", "r_choose_first", what=home)
        if kind == "trade" and phase not in ("trade_artifacts", "rune_choice"):
            return no("RS-063", "r_trade_after_action")
        if kind == "rune" and phase != "rune_choice":
            return no("RS-163", "r_rune_with_trade")
        if phase == "forge" and kind == "forge" and args:
            return _forge(no, board, ctx, args[0])
        if phase == "use_abilities" and kind == "pick" and args:
            if args[0] not in p.hand:
                return no("RS-090", "r_not_in_hand", card=args[0])
            return no("RS-217" if pick_limit(board, ctx) == 3 else "RS-090", "r_pick_count", n=pick_limit(board, ctx))
        if phase == "use_abilities" and kind == "go":
            return no("RS-090", "r_go_early")
        if phase == "trade_artifacts" and kind == "trade" and args in ((1,), (2,)):
            n = sum(1 for a in p.rows[args[0] - 1] if a)
            return no("RS-160", "r_trade_small", row=args[0], n=n)
        if phase == "rune_choice" and kind == "rune" and args:
            if args[0] in p.runes:
                return no("RS-165", "r_rune_owned", rune=args[0])
            if args[0] not in rune_choices(board, ctx):
                return no("RS-166", "r_rune_gone", rune=args[0])
        if phase in ("ability_step", "forge_step"):
            found = _step(no, board, ctx, action)
            if found is not None:
                return found
    except (IndexError, KeyError, TypeError, ValueError):
        pass  # malformed arguments: fall through to the generic reason
    return no(_phase_rule(game, phase), "r_generic", **_generic(game, state, action))


#: the action a step belongs to, for "choose the action first" (RS-061)
_HOME = {
    "colour": "summon",
    "play": "summon",
    "summon": "summon",
    "pick": "abilities",
    "use": "abilities",
    "go": "abilities",
    "forge": "forge",
}


def _forge(no, board, ctx, forge) -> IllegalAction:
    rule = forge_ok(board, ctx, forge)
    art = (
        "joker" if forge == "joker" else board.forges[forge - 1] if isinstance(forge, int) and 1 <= forge <= 5 else "?"
    )
    keys = {
        "RS-130": ("r_forge_limit", {}),
        "RS-147": ("r_forge_twice", {"forge": forge}),
        "RS-134": ("r_joker_twice", {}),
        "RS-149": ("r_joker_stack", {}),
        "RS-150": ("r_forge_empty", {"forge": forge}),
        "RS-138": ("r_no_space", {"artifact": art}),
    }
    if rule in keys:
        key, kw = keys[rule]
        return no(rule, key, **kw)
    cost = ctx.cat.board["artifacts"]["joker_forge_cost"] if forge == "joker" else ctx.opts["forge_costs"][forge - 1]
    return no("RS-133" if forge == "joker" else "RS-131", "r_cannot_pay", cost=cost)


def _step(no, board, ctx, action: Action) -> IllegalAction | None:
    t, kind, args = board.turn, action.kind, action.args
    if kind == "pay" and args:
        if args[0] == "ore":
            return no("RS-141", "r_pay_ore")
        rule = "RS-135" if t.action == "forge" else "RS-101"
        return no(rule, "r_pay", token=args[0], bill=", ".join(t.bill) or "-")
    wrong_space = len(args) == 2 and (args[0], args[1]) not in place_targets(board, board.current, t.artifact)
    if kind == "place" and t.artifact and wrong_space and args[1] in SPACES:
        return no(
            "RS-140" if t.artifact == "joker" else "RS-137", "r_place", artifact=t.artifact, space=args[1], row=args[0]
        )
    if kind == "gem" and args == ("joker",):
        return no("RS-103", "r_no_joker_choice")
    if kind == "take" and t.queue and t.queue[0].startswith("card:"):
        return no("RS-105", "r_take_colour", colour=t.queue[0][5:])
    return None


def _phase_rule(game, phase: str) -> str:
    rules = game.phases[phase].rules if phase in game.phases else ()
    return rules[0] if rules else "RS-061"


def _generic(game, state, action: Action) -> dict:
    legal = ", ".join(map(str, state.legal_actions()[:10]))
    phase = game.phases.get(state.phase)
    name, name_de = (phase.name, phase.name_de) if phase else (state.phase, state.phase)
    return {"tried": str(action), "phase": name, "phase_de": name_de, "legal": legal}


_WORDS = {
    "action": ("choose the action", "Aktion wählen"),
    "colour": ("summon with colour", "beschwören mit Farbe"),
    "play": ("play for magic points: card", "für Magiepunkte spielen: Karte"),
    "summon": ("summon from slot", "beschwören von Feld"),
    "pick": ("lay out card", "Karte auslegen"),
    "go": ("use the laid-out cards", "ausgelegte Karten nutzen"),
    "use": ("use the ability of card", "Fähigkeit nutzen von Karte"),
    "finish": ("stop using abilities", "Fähigkeiten beenden"),
    "forge": ("forge at forge", "schmieden an Schmiede"),
    "done": ("done", "fertig"),
    "trade": ("trade in row", "Reihe eintauschen"),
    "rune": ("take rune stone", "Runenstein nehmen"),
    "pay": ("pay", "zahlen"),
    "place": ("place in row/space", "legen in Reihe/Feld"),
    "gem": ("take gem", "Edelstein nehmen"),
    "take": ("take the card in slot", "Karte nehmen von Feld"),
    "option": ("choose option", "Möglichkeit wählen"),
    "give": ("give gem for a joker stone", "Edelstein gegen Jokerstein"),
    "skip": ("leave unused", "ungenutzt lassen"),
    "swap": ("Exchange rune: swap", "Tausch-Rune: tauschen"),
    "jokergem": ("Joker rune: place gem", "Joker-Rune: Edelstein legen"),
}


def describe(game, action: Action, lang: str = "en") -> str:
    """A readable label, e.g. 'summon from slot 3'."""
    words = _WORDS.get(action.kind)
    if words is None:
        return str(action)
    head = words[1] if lang == "de" else words[0]
    return " ".join([head, *map(str, action.args)])
