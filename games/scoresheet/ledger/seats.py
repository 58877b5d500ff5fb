"""A player joining or leaving the table (an entry of kind ``join`` or ``leave``, in a game
whose players may change during the evening): the seats at the table after it, nothing paid."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from games.engine.wording import said

from .errors import EntryError
from .saying import say
from .sheet import Row, Running

if TYPE_CHECKING:
    from .entries import Entry
    from .spec import Spec

__all__ = ["seat_step"]


def seat_step(spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
    """A join or a leave taken from ``state``: the seats at the table after it, and a row
    with nothing won or lost; refused where nobody joins or leaves, or where the table
    would hold too many or too few players."""
    if not spec.seats_change:
        raise EntryError(
            None,
            say(said("in {game} nobody joins or leaves the table", game=said(spec.label))),
        )
    seat = entry.data["player"]
    name = spec.players[seat]
    present = set(state.present)
    game = said(spec.label)
    if entry.kind == "join":
        if seat in present:
            raise EntryError("player", say(said("{name} is already at the table", name=name)))
        if len(present) + 1 > spec.max_players:
            most = str(spec.max_players)
            raise EntryError(
                "player",
                say(said("{game} takes at most {most} players at the table", game=game, most=most)),
            )
        present.add(seat)
    else:
        if seat not in present:
            raise EntryError("player", say(said("{name} is not at the table", name=name)))
        if len(present) - 1 < spec.min_players:
            least = str(spec.min_players)
            raise EntryError(
                "player",
                say(
                    said(
                        "{game} needs at least {least} players at the table", game=game, least=least
                    )
                ),
            )
        present.discard(seat)
    seated = tuple(sorted(present))
    after = replace(state, index=state.index + 1, present=seated)
    zero = (Fraction(0),) * spec.n
    return after, Row(
        state.index, entry, None, None, (), [], [], (), zero, state.totals, present=seated
    )
