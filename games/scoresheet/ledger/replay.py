"""Replaying a sheet, one entry at a time: :func:`step` takes an entry from the running state
to the next and its row, by the way the sheet keeps the game (``spec.kept``), a join or a
leave by :mod:`.seats`; :func:`compute` folds a sheet's entries through it, from the
beginning (:func:`initial`) or a stored state, and :func:`summarise` says where the sheet
stands after the last one."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from .entries import SEAT_KINDS, Entry
from .errors import EntryError
from .seats import seat_step
from .sheet import Row, Running, Sheet

if TYPE_CHECKING:
    from .spec import Spec

__all__ = ["compute", "initial", "step", "summarise"]


def initial(spec: Spec) -> Running:
    """The state before the first entry: nothing won or lost, nobody has dealt."""
    zero = (Fraction(0),) * spec.n
    start = Running(0, 0, zero, (0,) * spec.n, None, None, spec.first_seats)
    return spec.kept.initial(spec, start)


def step(spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
    """One entry taken from ``state``: the state after it and its row. Raises
    :class:`EntryError` (with ``index``, the entry's place in the sheet) when the engine
    refuses it."""
    try:
        if entry.kind in SEAT_KINDS:
            return seat_step(spec, state, entry)
        return spec.kept.step(spec, state, entry)
    except EntryError as error:
        raise _located(error, state.index) from None


def compute(spec: Spec, entries: Iterable[Entry], start: Running | None = None) -> Sheet:
    """Fold a sheet's entries through :func:`step`, from the beginning or from ``start``
    (the stored state after an earlier entry). Raises :class:`EntryError` (with ``index``)
    at the first entry the engine refuses."""
    state = initial(spec) if start is None else start
    rows: list[Row] = []
    for entry in entries:
        state, row = step(spec, state, entry)
        rows.append(row)
    return summarise(spec, state, rows)


def summarise(spec: Spec, state: Running, rows: list[Row] | None = None) -> Sheet:
    """The sheet after ``state``: accounts, whose deal it is, whether it is over; ``rows``
    are the rows computed on the way (the page shows them)."""
    return spec.kept.summarise(spec, state, [] if rows is None else rows)


def _located(error: Exception, index: int, field: str | None = None) -> EntryError:
    if isinstance(error, EntryError):
        return EntryError(error.field, error.message, index, error.item)
    return EntryError(field, str(error), index)
