"""The running state stored beside each entry, as JSON (:func:`dump_state`), and read again
(:func:`load_state`): exact amounts as text, what the way of keeping the game stores of its
own read by its keeper, and a state of another :data:`REVISION` left to be recomputed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from games.engine.settlement import SettlementError

from .sheet import Row, Running

if TYPE_CHECKING:
    from .spec import Spec

__all__ = ["REVISION", "dump_state", "load_state"]

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
