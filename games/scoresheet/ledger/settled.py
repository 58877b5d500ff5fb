"""A game kept deal by deal (``keeping == "settled"``): each deal settled by the game from the
hands shown (``game.settle``, which judges them) or the result recorded (``game.pay``); the
accounts are the sums of the deals, players may join or leave the table, and the sheet
suggests an end when everyone at the table has dealt as often."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from games.engine.cards import CardError
from games.engine.citations import Reason
from games.engine.settlement import Settlement, suggest_end
from games.engine.wording import EngineError

from .entries import padded
from .errors import EntryError
from .hands import (
    HandsKeeper,
    away,
    card_error,
    check_hands,
    engine_error,
    hand_lines,
    recorded_outcomes,
)
from .payments import Payment, explaining, paid
from .rotation import next_dealer, rotation, turns
from .sheet import Row, Running, Sheet

if TYPE_CHECKING:
    from .entries import Entry
    from .spec import Spec

__all__ = ["KEEPER", "Settled"]


class Settled(HandsKeeper):
    """Each deal settled by the game; the accounts its sums."""

    keeping = "settled"
    seats_change = True
    categories_needed = True
    additive = True

    def step(self, spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
        """A deal the game settles: from the hands shown (``game.settle``, which judges them)
        or from the result recorded (``game.pay``)."""
        if entry.kind != "deal":
            raise EntryError(None, f"{spec.label} has no {entry.kind}")
        assert spec.stake is not None
        game = spec.hands_game
        n = spec.n
        data = padded(spec, entry.data)
        active = state.present
        pos = {seat: k for k, seat in enumerate(active)}
        dealer, stood = data["dealer"], data.get("stood")
        if dealer not in pos:
            raise EntryError("dealer", away(spec, dealer, active))
        if stood is not None and stood not in pos:
            raise EntryError("stood", away(spec, stood, active))
        bought = data.get("bought")
        if bought is not None:
            for seat in range(n):
                if seat not in pos and bought[seat]:
                    raise EntryError(f"bought_{seat}", away(spec, seat, active))
            bought = [bought[s] for s in active]
        mode = data["mode"]
        page = explaining(spec, active)
        where = {"dealer": pos[dealer], "stood": None if stood is None else pos[stood]}
        try:
            if mode == "hands":
                hands = check_hands(spec, data, active, active)
                try:
                    settled = game.settle(hands, spec.stake, spec.config, bought=bought, **where)
                except CardError as error:
                    raise card_error(error, active, spec) from None
                settlement = settled.settlement
                lines = hand_lines(settled.showdown, active)
                page.extend(settled.showdown.reasons)
            else:
                outcomes, lines = recorded_outcomes(spec, data, active, active)
                settlement = game.pay(outcomes, spec.stake, spec.config, bought=bought, **where)
        except EngineError as error:
            raise engine_error(error, mode, spec, active) from None
        payments = paid(page, spec, _transfers(settlement, active))
        page.extend(settlement.reasons)
        net_list = [Fraction(0)] * n
        for k, seat in enumerate(active):
            net_list[seat] = settlement.net[k]
        net = tuple(net_list)
        totals = tuple(t + d for t, d in zip(state.totals, net, strict=True))
        after = replace(
            state,
            index=state.index + 1,
            number=state.number + 1,
            totals=totals,
            dealt=turns(spec, state, dealer),
            dealer=dealer,
            categories=tuple(h.category for h in lines) if spec.same_dealer else None,
        )
        row = Row(
            state.index,
            entry,
            after.number,
            dealer,
            tuple(active[w] for w in settlement.winners),
            lines,
            page.shown,
            tuple(payments),
            net,
            totals,
            present=active,
        )
        return after, row

    def summarise(self, spec: Spec, state: Running, rows: list[Row]) -> Sheet:
        following = next_dealer(spec, state, frozenset())
        seated = [state.dealt[s] for s in state.present]
        end = state.number > 0 and len(seated) >= 2 and suggest_end(seated)
        return Sheet(
            spec,
            rows,
            state.totals,
            [],
            following,
            rotation(spec),
            state.dealt,
            end,
            False,
            (),
            deals=state.number,
            present=state.present,
            state=state,
        )


def _transfers(settlement: Settlement, seats: Sequence[int]) -> dict[Reason, list[Payment]]:
    """The settlement's transfers grouped by reason; the engine's player indices (among the
    hands dealt) become seats."""
    groups: dict[Reason, list[Payment]] = {}
    for t in settlement.transfers:
        groups.setdefault(t.reason, []).append(Payment(seats[t.payer], seats[t.payee], t.amount))
    return groups


KEEPER: Final = Settled()
