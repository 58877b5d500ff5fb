"""Who pays whom at the end: accounts summing to zero settled in the fewest payments."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

__all__ = ["settle_up"]

_EXACT_UP_TO: Final = 14


def settle_up(totals: Sequence[Fraction | int]) -> list[tuple[int, int, Fraction]]:
    """Payments ``(payer, payee, amount)`` that settle accounts summing to zero, as few as
    possible: a table of ``k`` players with money to move needs ``k - g`` payments, where
    ``g`` is the largest number of groups among them whose accounts sum to zero; each group
    settles within itself, its biggest loser paying its biggest winner first. Exact up to
    14 players with money to move, then the same greedy pairing over everyone.

    >>> settle_up([Fraction(5), Fraction(-3), Fraction(-2)])
    [(1, 0, Fraction(3, 1)), (2, 0, Fraction(2, 1))]
    >>> len(settle_up([4, -4, 1, -1]))  # two pairs: two payments, not three
    2
    >>> settle_up([0, 0])
    []
    """
    values = [Fraction(t) for t in totals]
    if sum(values) != 0:
        raise ValueError("the accounts must sum to zero")
    movers = [i for i, v in enumerate(values) if v != 0]
    groups: list[list[int]]
    groups = _zero_sum_groups(movers, values) if len(movers) <= _EXACT_UP_TO else [movers]
    payments: list[tuple[int, int, Fraction]] = []
    for group in groups:
        payments.extend(_settle_group(group, values))
    return sorted(payments, key=lambda p: (p[0], p[1]))


def _zero_sum_groups(movers: list[int], values: list[Fraction]) -> list[list[int]]:
    """The movers split into the most groups summing to zero: best[mask] is the most
    zero-sum groups an ordering of ``mask`` can be cut into (each prefix summing to zero
    closes a group)."""
    k = len(movers)
    full = (1 << k) - 1
    sums = [Fraction(0)] * (1 << k)
    best = [0] * (1 << k)
    last = [-1] * (1 << k)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + values[movers[low]]
        top, pick = -1, -1
        rest = mask
        while rest:
            bit = rest & -rest
            i = bit.bit_length() - 1
            if best[mask ^ bit] > top:
                top, pick = best[mask ^ bit], i
            rest ^= bit
        best[mask] = top + (1 if sums[mask] == 0 else 0)
        last[mask] = pick
    order: list[int] = []
    mask = full
    while mask:
        order.append(last[mask])
        mask ^= 1 << last[mask]
    order.reverse()
    groups: list[list[int]] = []
    current: list[int] = []
    running = Fraction(0)
    for i in order:
        current.append(movers[i])
        running += values[movers[i]]
        if running == 0:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return groups


def _settle_group(group: list[int], values: list[Fraction]) -> list[tuple[int, int, Fraction]]:
    owed = {i: values[i] for i in group}
    payments: list[tuple[int, int, Fraction]] = []
    while True:
        debtors = [i for i in owed if owed[i] < 0]
        creditors = [i for i in owed if owed[i] > 0]
        if not debtors or not creditors:
            return payments
        payer = min(debtors, key=lambda i: (owed[i], i))
        payee = max(creditors, key=lambda i: (owed[i], -i))
        amount = min(-owed[payer], owed[payee])
        payments.append((payer, payee, amount))
        owed[payer] += amount
        owed[payee] -= amount
