"""The running state stored beside each entry, as JSON (:func:`dump_state`), and read again
(:func:`load_state`): exact amounts as text, what the way of keeping the game stores of its
own read by its keeper, and a state of another :data:`REVISION` left to be recomputed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from games.engine.settlement import SettlementError

from .sheet import Row, Running

if TYPE_CHECKING:
    from .spec import Spec

__all__ = ["REVISION", "Offset", "dump_state", "load_state", "moved", "offset"]

REVISION: Final = 2
"""The revision of the stored running states: bump it when the engine's results for a stored
deal may change, and every stored state is recomputed the next time it is read. 2: the games
come from the registry (a result recorded without the cards is paid by the game, which may
refuse what the sheet took before: a deal of fewer players than the game wants); the game
kept as one ledger is stored under ``ledger``, a counted game's scores under ``counted``."""


def _amounts(values: Iterable[Fraction]) -> list[str]:
    return [str(v) for v in values]


def dump_state(state: Running, row: Row | None = None) -> dict[str, Any]:
    """The state after an entry as JSON (exact amounts as text), with what the grid of
    deals shows of its row (net and winners), so a page can show the accounts and the grid
    without replaying anything."""
    out: dict[str, Any] = {
        "r": REVISION,
        "i": state.index,
        "n": state.number,
        "t": _amounts(state.totals),
        "d": list(state.dealt),
        "dl": state.dealer,
        "c": None if state.categories is None else list(state.categories),
        "p": list(state.present),
    }
    if state.pool is not None:
        game = state.pool
        out["ledger"] = {
            "m": _amounts(game.money),
            "k": list(game.counters),
            "deals": game.deals,
            "oa": list(game.out_after),
            "fo": sorted(game.first_out),
            "h": sorted(game.horses),
        }
    if state.scores:
        out["counted"] = {"s": [list(s) for s in state.scores], "b": list(state.bases or ())}
    if state.following is not None:
        out["nd"] = state.following
    if state.won:
        out["won"] = list(state.won)
    if row is not None:
        out["row"] = {"net": _amounts(row.net), "w": list(row.winners), "dl": row.dealer}
    return out


def load_state(spec: Spec, data: object) -> Running | None:
    """A stored state, or None when there is none, it is of another :data:`REVISION` or it
    does not fit the sheet (it is then recomputed). Seats of players who joined since are
    padded in: away, nothing won or lost."""
    if not isinstance(data, dict) or data.get("r") != REVISION:
        return None
    n = spec.n
    try:
        totals = [Fraction(t) for t in data["t"]]
        dealt = [int(d) for d in data["d"]]
        if len(totals) > n or len(dealt) > n:
            return None
        totals += [Fraction(0)] * (n - len(totals))
        dealt += [0] * (n - len(dealt))
        categories = data.get("c")
        state = Running(
            int(data["i"]),
            int(data["n"]),
            tuple(totals),
            tuple(dealt),
            data.get("dl"),
            None if categories is None else tuple(categories),
            tuple(int(p) for p in data["p"]),
        )
        restored = spec.kept.restore(spec, data, state)
        if restored is None:
            return None
        state = restored
        following = data.get("nd")
        if following is not None:
            if isinstance(following, bool) or not 0 <= int(following) < n:
                return None
            state = replace(state, following=int(following))
        won = data.get("won", [])
        if not isinstance(won, list) or not all(
            isinstance(w, int) and not isinstance(w, bool) and 0 <= w < n for w in won
        ):
            return None
        state = replace(state, won=tuple(won))
        if "counted" in data:
            counted = data["counted"]
            state = replace(
                state,
                scores=tuple(tuple(int(x) for x in s) for s in counted["s"]),
                bases=tuple(counted["b"]) or None,
            )
    except (KeyError, TypeError, ValueError, ZeroDivisionError, SettlementError):
        return None
    return state


class Offset(NamedTuple):
    """How far a state moved: its accounts by ``totals``, its counts of entries and deals by
    ``entries`` and ``deals``."""

    totals: tuple[Fraction, ...]
    entries: int
    deals: int


def offset(old: Running, new: Running) -> Offset | None:
    """How ``new`` differs from ``old`` when it differs only by the accounts and the counts
    of entries and deals; None when anything else differs (a dealer's turns, the seats).

    >>> old = Running(3, 3, (Fraction(1), Fraction(-1)), (2, 1), 0, None, (0, 1))
    >>> offset(old, replace(old, index=2, number=2, totals=(Fraction(3), Fraction(-3))))
    Offset(totals=(Fraction(2, 1), Fraction(-2, 1)), entries=-1, deals=-1)
    >>> offset(old, replace(old, dealer=1)) is None
    True
    """
    if replace(new, totals=old.totals, index=old.index, number=old.number) != old:
        return None
    totals = tuple(n - o for n, o in zip(new.totals, old.totals, strict=True))
    return Offset(totals, new.index - old.index, new.number - old.number)


def moved(spec: Spec, data: object, by: Offset) -> dict[str, Any] | None:
    """A stored state (``data``) moved by ``by``, its row as it was (the row of an entry
    whose step only adds to the accounts does not depend on them); None when it cannot be
    read (it is then computed)."""
    state = load_state(spec, data)
    if state is None or len(by.totals) != len(state.totals):
        return None
    totals = tuple(t + d for t, d in zip(state.totals, by.totals, strict=True))
    shifted = replace(
        state, totals=totals, index=state.index + by.entries, number=state.number + by.deals
    )
    out = dump_state(shifted)
    if isinstance(data, dict) and "row" in data:
        out["row"] = data["row"]
    return out
