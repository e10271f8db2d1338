"""The state of a Vale of Eternity game: the frozen ``Vale`` and the ``Frame``s of its pending stack.

Both are frozen slotted dataclasses of ints, strings and tuples, so a state
hashes, compares and serialises cheaply (``engine.game.encode``). Rules code
never edits them: it opens a ``work.Work`` (plain lists), changes that, and
freezes it back into a new ``Vale``. Records built or copied on every step
use the generated constructors and copiers below (``engine.records``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekit.engine.records import changer, copier, maker

__all__ = [
    "Frame",
    "Vale",
    "NO_SEAT",
    "frame",
    "vale",
    "copy_frame",
    "copy_vale",
    "with_forced",
    "with_activation",
    "with_index",
    "with_items",
    "with_paid",
    "with_payment",
    "with_pending",
    "with_pick",
    "with_revealed",
    "with_round",
    "with_sold",
    "with_stage",
    "with_returned",
    "with_tamed",
    "with_turn",
]

NO_SEAT = -1  # a display card without a selection marker


@dataclass(frozen=True, slots=True)
class Frame:
    """One entry of the pending stack: something that must finish before play goes on.

    kind: ``run`` (effect program ``prog`` at step ``index``), ``choice`` (a
    decision inside an effect), ``pay`` (stones for a summon or release),
    ``activate`` (active effects still to use, VE-071), ``action`` (a sell,
    tame, summon or release the active player chose; its automatic phase
    carries it out, ``purpose`` names it).
    """

    kind: str
    owner: int  # whose effect or payment this is
    chooser: int  # who decides now
    card: int  # the card the effect belongs to ("this card")
    prog: int = -1
    index: int = 0
    stage: int = 0  # payment still due, picks left, ...
    items: tuple = ()  # paid stones, chosen options, cards left to activate
    purpose: str = ""


@dataclass(frozen=True, slots=True)
class Vale:
    """The game data of one state (engine bookkeeping lives in ``State``).

    Built after every step: ``Work.freeze`` and the quick paths build and copy
    it with the generated ``vale`` and ``copy_vale`` (``engine.records``), as
    fast as a NamedTuple, with the fields typed and named.
    """

    round: int
    start: int
    deck: tuple[int, ...]  # the last card is the top (a Work keeps deck and discard as tuples too)
    discard: tuple[int, ...]  # the last card is the top
    display: tuple[int, ...]  # revealed cards, in reveal order
    markers: tuple[int, ...]  # seat whose marker lies on display[i], NO_SEAT if free
    hands: tuple[tuple[int, ...], ...]
    areas: tuple[tuple[int, ...], ...]
    stones: tuple[tuple[int, ...], ...]  # printed values, sorted
    scores: tuple[int, ...]
    summoned: tuple[int, ...]  # creatures ever summoned (VE-094 option)
    stage: str = "pick"  # pick | action | activation
    picks: int = 0
    turn: int = 0
    done: int = 0
    pending: tuple[Frame, ...] = ()
    #: (phase, seat) of a decision with one possible choice, made by the automatic
    #: phase "forced_choice" (option forced_auto); () otherwise
    forced: tuple = ()
    #: creatures summoned in the current action turn (option release_same_turn, VE-068)
    fresh: tuple[int, ...] = ()
    #: how many cards on top of the deck everyone knows (put there face up, Tengu)
    top_known: int = 0
    #: per seat, the hand cards everyone saw arrive (tamed, recovered, taken from the discard
    #: pile); () when none. Hidden-information search (determinize) keeps them.
    shown: tuple[tuple[int, ...], ...] = ()


#: fast ``Frame(...)`` / ``Vale(...)``, and copies with some fields changed (``dataclasses.replace``)
frame = maker(Frame)
vale = maker(Vale)
copy_frame = copier(Frame)
copy_vale = copier(Vale)

#: the quick paths' copies of ``Vale`` (``rules``), each with exactly these fields changed
#: (``engine.records.changer``: no test per field, as ``copy_vale`` makes)
with_pending = changer(Vale, "pending")  # an action chosen, a payment due
with_pick = changer(Vale, "markers", "picks")  # VE-043/VE-044
with_tamed = changer(Vale, "display", "markers", "hands", "pending", "shown")  # VE-056
with_sold = changer(Vale, "display", "markers", "discard", "stones", "pending")  # VE-053
with_turn = changer(Vale, "turn", "done", "fresh")  # VE-050, VE-070
with_forced = changer(Vale, "forced")  # option forced_auto
with_stage = changer(Vale, "stage", "turn", "done")  # VE-050
with_activation = changer(Vale, "stage", "turn", "done", "fresh")  # VE-052/VE-070
with_round = changer(Vale, "round", "start")  # VE-081
with_returned = changer(Vale, "stones", "forced")  # VE-031, by forced_auto
with_payment = changer(Vale, "stones", "pending")  # VE-059/VE-066: a stone paid
with_revealed = changer(Vale, "deck", "display", "markers", "top_known", "stage", "picks")  # VE-041
#: a program frame moved on to its next op (``effects._run_step``: every op of every effect)
with_index = changer(Frame, "index")
#: a payment's next stone (``effects._pay``) and an activation list less the chosen card (``_activate``)
with_paid = changer(Frame, "stage", "items")
with_items = changer(Frame, "items")
