"""A game kept as one ledger over the whole game (``keeping == "ledger"``, Pool Commerce): the
pool and every player's counters, each deal's hands judged by the game and its move played by
the engine (:func:`games.engine.pool.play`) from the state before it, horses bought back,
until one player holds the last counters; the ledger's balances stored and read again."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Protocol

from games.engine import pool as pool_engine
from games.engine.cards import CardError
from games.engine.citations import Reason
from games.engine.games import Config
from games.engine.pool import POOL, LedgerEntry, PoolGame
from games.engine.wording import EngineError
from games.explaining import Explanation

from .errors import EntryError
from .hands import (
    HandsKeeper,
    card_error,
    check_hands,
    engine_error,
    hand_lines,
    recorded_outcomes,
)
from .payments import Payment, explaining, paid
from .rotation import next_dealer, rotation, turns
from .sheet import HandLine, Row, Running, Sheet

if TYPE_CHECKING:
    from .entries import Entry
    from .spec import Spec

__all__ = ["KEEPER", "Ledger", "LedgerGame"]


class LedgerGame(Protocol):
    """What a game kept as one ledger over the whole game answers (``whole_game``)."""

    def start(self, players: int, config: Config) -> PoolGame: ...
    def next_dealer(
        self,
        dealer: int,
        players: int,
        config: Config,
        *,
        categories: Iterable[str] | None = None,
        out: Iterable[int] = (),
    ) -> int: ...


class Ledger(HandsKeeper):
    """One ledger over the whole game: a pool, counters, a champion."""

    keeping = "ledger"
    horses = True
    pool = True

    def initial(self, spec: Spec, state: Running) -> Running:
        """Every buy-in paid into the pool, three counters each."""
        try:
            pool = spec.ledger_game.start(spec.n, spec.config)
        except EngineError as error:
            raise EntryError(None, error.render(spec.players)) from None
        return replace(state, totals=pool.money, pool=pool)

    def step(self, spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
        """A deal or a horse of a game kept as one ledger: the hands judged by the game, the
        move played by the engine (:func:`games.engine.pool.play`) from the state before it."""
        before = state.pool
        assert before is not None
        data = entry.data
        active = before.active
        dealer: int | None = None
        lines: list[HandLine] = []
        judged: Explanation | None = None
        move: pool_engine.Move
        try:
            if entry.kind == "horse":
                move = pool_engine.Horse(data["player"])
            elif entry.kind != "deal":
                raise EntryError(None, f"{spec.label} has no {entry.kind}")
            else:
                dealer = data["dealer"]
                if before.finished:
                    champion = spec.players[before.active[0]]
                    raise EntryError(None, f"the game is over: {champion} holds the last counters")
                if data["mode"] == "hands":
                    hands = check_hands(spec, data, active, state.present)
                    try:
                        result = spec.hands_game.judge(hands, spec.config)
                    except CardError as error:
                        raise card_error(error, active, spec) from None
                    lines = hand_lines(result, active)
                    judged = explaining(spec, active)
                    judged.extend(result.reasons)
                else:
                    _, lines = recorded_outcomes(spec, data, active, state.present)
                places = [line.place or 0 for line in lines]
                move = pool_engine.Deal.from_places(active, places, dealer)
            turn = pool_engine.play(before, [move]).turns[0]
        except EngineError as error:
            raise engine_error(error, data.get("mode", ""), spec, range(spec.n)) from None
        game = turn.after
        page = explaining(spec)
        groups = _ledger_entries(turn.entries)
        payments = paid(page, spec, groups)
        page.extend(r for r in turn.reasons if r not in groups)
        why = [*(judged.shown if judged is not None else ()), *page.shown]
        out = frozenset(i for i in range(spec.n) if game.counters[i] == 0)
        after = replace(state, index=state.index + 1, totals=game.money, pool=game)
        number = None
        if dealer is not None:
            after = replace(
                after, number=state.number + 1, dealt=turns(spec, state, dealer), dealer=dealer
            )
            number = after.number
        row = Row(
            state.index,
            entry,
            number,
            dealer,
            turn.winners,
            lines,
            why,
            tuple(payments),
            turn.net,
            game.money,
            game.pool,
            game.counters,
            out,
            state.present,
        )
        return after, row

    def summarise(self, spec: Spec, state: Running, rows: list[Row]) -> Sheet:
        n = spec.n
        pool = state.pool
        assert pool is not None
        out = frozenset(i for i in range(n) if pool.counters[i] == 0)
        page = explaining(spec)
        paid(page, spec, _ledger_entries(spec.ledger_game.start(n, spec.config).ledger))
        following = None if pool.finished else next_dealer(spec, state, out)
        dealt = (0,) * n if pool.finished else state.dealt
        return Sheet(
            spec,
            rows,
            pool.money,
            page.shown,
            following,
            rotation(spec),
            dealt,
            False,
            pool.finished,
            (pool.champion,) if pool.champion is not None else (),
            pool=pool.pool,
            counters=pool.counters,
            out=out,
            horses=pool.horses,
            may_buy_horse=tuple(i for i in range(n) if pool.may_buy_horse(i)),
            deals=state.number,
            present=state.present,
            state=state,
        )

    def restore(self, spec: Spec, data: Mapping[str, Any], state: Running) -> Running | None:
        """The stored ledger's balances, counters and horses; a state without one does not
        fit."""
        if "ledger" not in data:
            return None
        return replace(state, pool=_restore_pool(spec, data["ledger"]))


def _ledger_entries(entries: Iterable[LedgerEntry]) -> dict[Reason, list[Payment]]:
    groups: dict[Reason, list[Payment]] = {}
    for e in entries:
        groups.setdefault(e.reason, []).append(Payment(e.payer, e.payee, e.amount, e.counters))
    return groups


_CARRIED: Final = Reason("the balances carried over from the stored sheet")


def _restore_pool(spec: Spec, data: Mapping[str, Any]) -> PoolGame:
    """A Pool Commerce game with the stored balances: a new game whose ledger holds the
    buy-ins, the horses bought and one line per player carrying the rest over (the
    engine's game has no constructor from balances; its ledger is only read for the
    balances and the horses)."""
    game = spec.ledger_game.start(spec.n, spec.config)
    deals = int(data["deals"])
    entries: list[LedgerEntry] = []
    horses = [int(h) for h in data["h"]]
    for p in horses:
        entries.append(LedgerEntry(deals, p, POOL, game.horse_price, 0, "horse", _CARRIED))
        entries.append(LedgerEntry(deals, POOL, p, Fraction(0), 1, "horse", _CARRIED))
    for p, (money, counters) in enumerate(zip(data["m"], data["k"], strict=True)):
        dm = Fraction(money) - game.money[p] + (game.horse_price if p in horses else 0)
        dc = int(counters) - game.counters[p] - (1 if p in horses else 0)
        gain_m, loss_m = max(dm, Fraction(0)), max(-dm, Fraction(0))
        gain_c, loss_c = max(dc, 0), max(-dc, 0)
        if gain_m or gain_c:
            entries.append(LedgerEntry(deals, POOL, p, gain_m, gain_c, "prize", _CARRIED))
        if loss_m or loss_c:
            entries.append(LedgerEntry(deals, p, POOL, loss_m, loss_c, "counter", _CARRIED))
    restored = copy.copy(game)
    return restored._evolve(  # noqa: SLF001 -- see the docstring
        entries,
        deals=deals,
        out_after=tuple(None if d is None else int(d) for d in data["oa"]),
        first_out=frozenset(int(p) for p in data["fo"]),
    )


KEEPER: Final = Ledger()
