"""An entry's payments and its reasons in words: each :class:`Payment` written with the
players' names (:func:`payment_words`), shown under the reason the engine gave for it, as the
whole site shows reasons (:mod:`games.explaining`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from games.engine import amounts
from games.engine.citations import Reason
from games.engine.pool import POOL, Account
from games.engine.wording import said, said_n, speaker
from games.explaining import Explanation

from .saying import say

if TYPE_CHECKING:
    from .spec import Spec

__all__ = ["Payment", "explaining", "paid", "payment_words", "seat_names"]


@dataclass(frozen=True)
class Payment:
    """One movement of money (and, in a game with counters, counters)."""

    payer: Account
    payee: Account
    amount: Fraction
    counters: int = 0


def payment_words(payment: Payment, spec: Spec) -> str:
    """``Bob → Ann: 1``; with counters too: ``Dee → the pool: 1 counter``.

    >>> from games.scoresheet.ledger import make_spec
    >>> spec = make_spec("pool", ["Ann", "Bob"], "", {})
    >>> payment_words(Payment(1, "pool", Fraction(1, 2), 1), spec)
    'Bob → the pool: 0.5 and 1 counter'
    """
    payer, payee = _account(spec, payment.payer, first=True), _account(spec, payment.payee)
    speak = speaker()
    amount = speak.value(amounts.Written(payment.amount))  # the page's decimal sign
    counters = said_n(
        "{count} counter", "{count} counters", payment.counters, count=payment.counters
    )
    if payment.amount and payment.counters:
        what = say(said("{amount} and {counters}", amount=amount, counters=counters))
    elif payment.counters:
        what = say(counters)
    else:
        what = amount if payment.amount else ""
    return f"{payer} → {payee}: {what}"


def _account(spec: Spec, account: Account, *, first: bool = False) -> str:
    if account == POOL:
        return say(said("The pool")) if first else say(said("the pool"))
    return spec.players[int(account)]


def seat_names(spec: Spec, seats: Sequence[int] | None = None) -> list[str]:
    """The names of the players the engine numbered: every seat, or ``seats`` (the hands a
    showdown judged, when some players are out or away)."""
    return list(spec.players) if seats is None else [spec.players[s] for s in seats]


def explaining(spec: Spec, seats: Sequence[int] | None = None) -> Explanation:
    """The reasons of one entry, shown as the whole site shows them: the players (or the
    holders of the hands judged, ``seats``) named by the engine's one formatter."""
    return Explanation(seat_names(spec, seats), spec.chosen)


def paid(page: Explanation, spec: Spec, groups: Mapping[Reason, list[Payment]]) -> list[Payment]:
    """Each group of payments shown under its reason (one line a payment); all of them."""
    every: list[Payment] = []
    for reason, payments in groups.items():
        page.add(reason, [payment_words(p, spec) for p in payments])
        every.extend(payments)
    return every
