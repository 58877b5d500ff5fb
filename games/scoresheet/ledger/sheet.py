"""The computed sheet: each entry's :class:`Row` (what happened, who paid whom and why), the
:class:`Running` state between two entries, and the :class:`Sheet` after the last one --
accounts, standings, whose deal it is, who pays whom at the end."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from games.engine.pool import PoolGame
from games.explaining import Shown

from .payments import Payment
from .settling import settle_up

if TYPE_CHECKING:
    from .entries import Entry
    from .spec import Spec

__all__ = ["HandLine", "Row", "Running", "Sheet", "Standing"]


@dataclass(frozen=True)
class HandLine:
    """A player's hand or result in a deal, as shown on the sheet."""

    seat: int
    cards: tuple[str, ...] = ()
    description: str = ""
    category: str = ""
    place: int | None = None
    score: int | None = None
    base: int | None = None
    complete: bool | None = None
    clear: bool | None = None


@dataclass
class Row:
    """One entry of the sheet, computed: what happened, who paid whom and why, the accounts.

    ``why`` is the engine's reasons as the page shows them (:class:`games.explaining.Shown`),
    in order: how the hands were judged, each group of payments (its ``lines``), what else
    the game says of the deal; ``payments`` are every payment, as data."""

    index: int
    entry: Entry
    number: int | None  # the deal's number (None for a horse, a join, a leave)
    dealer: int | None
    winners: tuple[int, ...]
    hands: list[HandLine]
    why: list[Shown]
    payments: tuple[Payment, ...]
    net: tuple[Fraction, ...]
    totals: tuple[Fraction, ...]
    pool: Fraction | None = None
    counters: tuple[int, ...] | None = None
    out: frozenset[int] = frozenset()
    present: tuple[int, ...] = ()

    @property
    def because(self) -> list[Shown]:
        """The reasons that explain payments (each with its lines)."""
        return [shown for shown in self.why if shown.lines]

    @property
    def notes(self) -> list[Shown]:
        """The other reasons: how the hands were judged, what the game says of the deal."""
        return [shown for shown in self.why if not shown.lines]


@dataclass(frozen=True)
class Standing:
    """A player's place in the accounts (equal accounts share a place)."""

    seat: int
    name: str
    total: Fraction
    place: int
    counters: int | None = None
    winner: bool = False
    present: bool = True


@dataclass(frozen=True)
class Running:
    """The state of a sheet between two entries: everything the next entry needs, and
    nothing that grows with the evening (see :func:`dump_state`).

    ``index`` counts the entries taken, ``number`` the deals; ``totals`` are the accounts
    (the scores' sums); ``dealt`` the turns of the deal each seat has had, ``dealer`` and
    ``categories`` the last deal's dealer and combinations (for the rotation); ``present``
    the seats at the table; ``pool`` the game kept as one ledger; ``scores`` and ``bases``
    the counted hands so far; ``following`` the next dealer a game answered from one request
    named in its last answer, ``won`` the players who have won such a game to a target (the
    deal that ends it decides: the totals alone cannot tell who went out first)."""

    index: int = 0
    number: int = 0
    totals: tuple[Fraction, ...] = ()
    dealt: tuple[int, ...] = ()
    dealer: int | None = None
    categories: tuple[str, ...] | None = None
    present: tuple[int, ...] = ()
    pool: PoolGame | None = None
    scores: tuple[tuple[int, ...], ...] = ()
    bases: tuple[int, ...] | None = None
    following: int | None = None
    won: tuple[int, ...] = ()


@dataclass
class Sheet:
    """A sheet computed: the rows of the entries just taken (all of them, from
    :func:`compute` without ``start``), accounts, next dealer, suggestions."""

    spec: Spec
    rows: list[Row]
    totals: tuple[Fraction, ...]
    opening: list[Shown]
    next_dealer: int | None
    rotation: Shown | None
    dealt: tuple[int, ...]
    suggest_end: bool
    over: bool
    winners: tuple[int, ...]
    pool: Fraction | None = None
    counters: tuple[int, ...] | None = None
    out: frozenset[int] = frozenset()
    horses: frozenset[int] = frozenset()
    may_buy_horse: tuple[int, ...] = ()
    deals: int = 0
    present: tuple[int, ...] = ()
    state: Running = field(default_factory=Running)

    @property
    def standings(self) -> list[Standing]:
        """Every player, best account first."""
        order = sorted(range(self.spec.n), key=lambda i: (-self.totals[i], i))
        result: list[Standing] = []
        for rank, seat in enumerate(order):
            place = rank + 1
            if result and self.totals[seat] == result[-1].total:
                place = result[-1].place
            result.append(
                Standing(
                    seat,
                    self.spec.players[seat],
                    self.totals[seat],
                    place,
                    self.counters[seat] if self.counters is not None else None,
                    seat in self.winners,
                    seat in self.present,
                )
            )
        return result

    @property
    def active(self) -> tuple[int, ...]:
        """The seats dealt into the next deal: at the table and not out."""
        return tuple(i for i in self.present if i not in self.out)

    @property
    def absent(self) -> tuple[int, ...]:
        """The seats not at the table (yet, or any more)."""
        return tuple(i for i in range(self.spec.n) if i not in self.present)

    @property
    def settle_up(self) -> list[tuple[int, int, Fraction]]:
        """Who pays whom to settle the accounts, in the fewest payments (empty while the
        accounts do not sum to zero: a pool still holds money)."""
        if not self.spec.money or sum(self.totals) != 0:
            return []
        return settle_up(self.totals)
