"""Whose deal it is in a game of hands: the turns of the deal each seat has had, the next
dealer by the game's rotation among the seats at the table, and the game's reason for it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.settlement import SettlementError, turns_dealt
from games.explaining import Shown

from .payments import explaining

if TYPE_CHECKING:
    from .sheet import Running
    from .spec import Spec

__all__ = ["next_dealer", "rotation", "turns"]


def turns(spec: Spec, state: Running, dealer: int) -> tuple[int, ...]:
    """The turns of the deal after ``dealer`` deals: the engine's count
    (:func:`~games.engine.settlement.turns_dealt`) of the last two deals tells whether
    this one starts a new turn."""
    same = spec.same_dealer
    before = [] if state.dealer is None else [state.dealer]
    n = max(spec.n, dealer + 1, (state.dealer or 0) + 1)
    new = turns_dealt([*before, dealer], n, same_dealer_variant=same)[dealer]
    old = turns_dealt(before, n, same_dealer_variant=same)[dealer]
    dealt = list(state.dealt)
    dealt[dealer] += new - old
    return tuple(dealt)


def rotation(spec: Spec) -> Shown:
    """Why the deal passes where it does (the game's own reason)."""
    return explaining(spec).add(spec.hands_game.rotation_reason(spec.config))


def next_dealer(spec: Spec, state: Running, out: frozenset[int]) -> int | None:
    """Whose deal it is: the game's rotation among the seats at the table (a seat away is
    skipped, and the game skips the players who are out of it)."""
    game = spec.hands_game
    playing = [s for s in state.present if s not in out]
    if not playing:
        return None
    if state.dealer is None:
        return playing[0]
    ring = sorted({*state.present, state.dealer})
    here = ring.index(state.dealer)
    gone = [ring.index(s) for s in out if s in ring]
    try:
        following = ring[
            game.next_dealer(here, len(ring), spec.config, categories=state.categories, out=gone)
        ]
        if following not in playing:  # the dealer kept the deal but has left the table
            passing = game.configure({**spec.config, "same_dealer": "false"})
            following = ring[game.next_dealer(here, len(ring), passing, out=gone)]
    except SettlementError:
        return None  # the game is over: fewer than two hold counters
    return following
