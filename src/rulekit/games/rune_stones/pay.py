"""Paying gems: exchange abilities (RS-100, RS-101) and forging (RS-131..RS-135).

A bill is a tuple of needs: a colour, "joker" (a joker stone) or "any" (any
gem). A joker stone pays any need (RS-101, RS-135); with the Joker rune the
gems of its colour count as joker stones too (RS-213; rulekit's choice RS-214:
only when paying). Payment is one token at a time so every choice is visible.
"""

from __future__ import annotations

from .model import COLOURS

__all__ = ["feasible", "pay_tokens", "cover"]


def feasible(gems: tuple[int, ...], jokers: int, jcol: str, bill: tuple[str, ...]) -> bool:
    """Can ``bill`` be paid in full from ``gems`` and ``jokers``?"""
    if not bill:
        return True
    jokers_need = bill.count("joker")
    any_need = bill.count("any")
    flex = jokers + (gems[COLOURS.index(jcol)] if jcol else 0)
    flex_need = jokers_need
    spare = 0
    for i, c in enumerate(COLOURS):
        need = bill.count(c)
        if c == jcol:
            flex_need += need
            continue
        flex_need += max(0, need - gems[i])
        spare += max(0, gems[i] - need)
    return flex_need <= flex and any_need <= flex - flex_need + spare


def cover(token: str, gems: tuple[int, ...], jokers: int, jcol: str, bill: tuple[str, ...]):
    """Pay one ``token`` (a colour or "joker") towards ``bill``.

    Returns ``(gems, jokers, bill)`` after the payment, or None when the token
    cannot pay a need without making the rest of the bill unpayable.
    """
    if token == "joker":
        if jokers <= 0:
            return None
        gems2, jokers2 = gems, jokers - 1
        wild = True
    else:
        i = COLOURS.index(token)
        if gems[i] <= 0:
            return None
        gems2, jokers2 = gems[:i] + (gems[i] - 1,) + gems[i + 1 :], jokers
        wild = token == jcol
    order = (token, "any") if not wild else (token, *COLOURS, "joker", "any")
    for need in dict.fromkeys(order):
        if need in bill:
            k = bill.index(need)
            rest = bill[:k] + bill[k + 1 :]
            if feasible(gems2, jokers2, jcol, rest):
                return gems2, jokers2, rest
    return None


def pay_tokens(gems: tuple[int, ...], jokers: int, jcol: str, bill: tuple[str, ...]) -> list[str]:
    """The tokens that may pay the next part of ``bill`` (stable order)."""
    return [t for t in (*COLOURS, "joker") if cover(t, gems, jokers, jcol, bill) is not None]
