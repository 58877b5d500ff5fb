"""Pool Commerce as a ledger over a whole game (Peel, Pool Commerce).

Each player pays an equal sum into the pool and receives three counters. Each deal is
played as the old game; its winner takes an agreed prize from the pool and the worst hand
puts a counter into it. A player whose counters are gone stands out and is dealt no more
cards; the player who is first out may buy one counter back, "buying a horse". When all
but one have exhausted their counters, the last takes what is left in the pool.

:class:`PoolGame` is an immutable state; :func:`apply_deal` and :func:`buy_horse` return
the next one, and :func:`play` replays a whole game -- a sequence of :class:`Deal` and
:class:`Horse` moves -- into a :class:`Replay` that says, move by move, who won, who held
the worst hand, who went out and who bought a horse, each with its reasons. A state's
``ledger`` records every movement of money and of counters between the players and the
pool, each with the :class:`~games.engine.citations.Reason` for it. The ledger always
balances: the players' money plus the pool's is zero, the pool never holds less than
nothing and no player ever holds fewer than no counters.

A three-player game, buy-in 3, prize 2, horse 1:

>>> g = PoolGame(3, buy_in=3, prize=2, horse_price=1)
>>> g.counters, str(g.pool)
((3, 3, 3), '9')
>>> g = apply_deal(g, winners=0, worst=2)
>>> g.counters, str(g.pool), [str(m) for m in g.money]
((3, 3, 2), '7', ['-1', '-3', '-3'])
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from games.engine.citations import Reason, peel, ruling
from games.engine.settlement import (
    Amount,
    SettlementError,
    check_option,
    parse_amount,
    player_index,
)
from games.engine.wording import N_, Mention

__all__ = [
    "COUNTERS_EACH",
    "POOL",
    "Deal",
    "Horse",
    "LedgerEntry",
    "Move",
    "PlayError",
    "PoolGame",
    "PoolOptions",
    "Replay",
    "Turn",
    "apply_deal",
    "buy_horse",
    "play",
]

COUNTERS_EACH: Final = 3
"""Counters each player receives for his share of the pool (Pool Commerce)."""
POOL: Final = "pool"
"""The pool's account in the ledger (players are indices 0..n-1)."""

type Account = int | Literal["pool"]
"""A player's index, or :data:`POOL`."""

_PLAY = peel("pool-commerce-play")
_HORSE = peel("buying-a-horse")

_PRIZE_SHORT = ruling(
    "pool-prize-exceeds-pool",
    N_("What does the winner take when the pool holds less than the agreed prize?"),
    N_("What is there, possibly nothing; the pool never owes money."),
    (_PLAY,),
)
_TIED_WINNERS = ruling(
    "pool-tied-winners",
    N_("Who takes the prize when best hands are exactly equal?"),
    N_("The equal winners share it equally (or share what the pool holds, if less)."),
    (_PLAY, peel("old-game-play")),
)
_TIED_WORST = ruling(
    "pool-tied-worst",
    N_("When two or more hands are equally worst, who puts a counter into the pool?"),
    N_("Each of them puts one counter in."),
    (_PLAY,),
    option="tied_worst",
    default="each",
    alternatives=(
        ("each", N_("each of the equal worst hands puts a counter into the pool")),
        ("none", N_("there is no single worst hand, so nobody puts a counter in")),
    ),
)
_ALL_EQUAL = ruling(
    "pool-all-equal",
    N_("When every hand still in play is exactly equal, which is the worst?"),
    N_("None: all share the prize and nobody puts a counter into the pool."),
    (_PLAY,),
)
_FIRST_OUT = ruling(
    "pool-horse-first-out",
    N_(
        "Who may buy a horse, how often and when? Peel gives the option to 'the player who is "
        "first out'."
    ),
    N_(
        "Only the player who is first out (players who go out on the same deal are first out "
        "alike), once, after the deal on which he went out and before the next one; never once "
        "the game is over, so a game of two has no horse."
    ),
    (_HORSE, _PLAY),
    option="horse",
    default="first",
    alternatives=(
        ("first", N_("only the first player (or players) out may buy a horse, once")),
        ("every", N_("every player may buy a horse, once, on going out")),
    ),
)


@dataclass(frozen=True)
class PoolOptions:
    """House rules of Pool Commerce: ``tied_worst`` (``"each"`` or ``"none"``; ruling
    ``pool-tied-worst``) and ``horse`` (``"first"`` or ``"every"``; ruling
    ``pool-horse-first-out``).

    >>> PoolOptions().tied_worst, PoolOptions().horse
    ('each', 'first')
    >>> PoolOptions(horse="never")
    Traceback (most recent call last):
    ...
    games.engine.settlement.SettlementError: horse: must be one of first, every, not 'never'
    """

    tied_worst: Literal["each", "none"] = "each"
    horse: Literal["first", "every"] = "first"

    def __post_init__(self) -> None:
        check_option(_TIED_WORST, self.tied_worst)
        check_option(_FIRST_OUT, self.horse)


@dataclass(frozen=True)
class LedgerEntry:
    """One movement: ``payer`` gives ``amount`` of money and ``counters`` counters to
    ``payee`` (either may be :data:`POOL`), after deal number ``deal`` (0: the buy-in).
    ``kind`` is one of buy-in, prize, counter, horse, sweep.

    >>> e = LedgerEntry(0, 1, POOL, Fraction(3), 0, "buy-in", Reason("buy-in"))
    >>> e.payer, e.payee, str(e.amount)
    (1, 'pool', '3')
    """

    deal: int
    payer: Account
    payee: Account
    amount: Fraction
    counters: int
    kind: Literal["buy-in", "prize", "counter", "horse", "sweep"]
    reason: Reason

    def __post_init__(self) -> None:
        if self.payer == self.payee:
            raise SettlementError.at(
                "ledger", N_("{account} cannot pay itself"), account=repr(self.payer)
            )
        if self.amount < 0 or self.counters < 0 or (self.amount == 0 and self.counters == 0):
            raise SettlementError.at("ledger", N_("an entry moves a positive amount or counters"))


_STATE_FIELDS: Final = ("counters", "money", "pool", "pool_counters")


@dataclass(frozen=True, init=False)
class PoolGame:
    """The state of a game of Pool Commerce; a new game is created with the buy-ins paid.

    ``players`` is the number of players, ``buy_in`` what each pays into the pool for his
    three counters, ``prize`` the sum the winner of a deal takes from the pool and
    ``horse_price`` what a horse costs (Peel: "usually one-third or one-half" of the stake).
    ``counters`` and ``money`` (each player's net result so far) and ``pool`` and
    ``pool_counters`` (what the pool holds; its counters count those it issued as owed,
    so they are negative) are balances of the ledger.

    >>> g = PoolGame(2, buy_in="1/2", prize="1/4", horse_price="1/6")
    >>> [str(m) for m in g.money], str(g.pool), g.active, g.finished
    (['-1/2', '-1/2'], '1', (0, 1), False)
    """

    players: int
    buy_in: Fraction
    prize: Fraction
    horse_price: Fraction
    options: PoolOptions
    deals: int
    ledger: tuple[LedgerEntry, ...]
    out_after: tuple[int | None, ...]
    first_out: frozenset[int]
    counters: tuple[int, ...]
    money: tuple[Fraction, ...]
    pool: Fraction
    pool_counters: int

    def __init__(
        self,
        players: int,
        buy_in: Amount,
        prize: Amount,
        horse_price: Amount,
        options: PoolOptions = PoolOptions(),
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or players < 2:
            raise SettlementError.at(
                "players", N_("must be a whole number from 2, not {value}"), value=repr(players)
            )
        if not isinstance(options, PoolOptions):
            raise SettlementError.at(
                "options", N_("must be PoolOptions, not {value}"), value=repr(options)
            )
        fee = parse_amount(buy_in, "buy_in")
        buy = Reason.about(
            N_("each player pays an equal sum into the pool and receives {counters} counters"),
            (_PLAY,),
            (),
            counters=COUNTERS_EACH,
        )
        entries: list[LedgerEntry] = []
        for p in range(players):
            entries.append(LedgerEntry(0, p, POOL, fee, 0, "buy-in", buy))
            entries.append(LedgerEntry(0, POOL, p, Fraction(0), COUNTERS_EACH, "buy-in", buy))
        fields = {
            "players": players,
            "buy_in": fee,
            "prize": parse_amount(prize, "prize"),
            "horse_price": parse_amount(horse_price, "horse_price"),
            "options": options,
            "deals": 0,
            "out_after": (None,) * players,
            "first_out": frozenset(),
        }
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        self._book(tuple(entries))

    def _book(
        self, ledger: tuple[LedgerEntry, ...], added: tuple[LedgerEntry, ...] | None = None
    ) -> None:
        """Set the ledger and the balances derived from it, and check the invariants.

        With ``added`` (the entries at the end of ``ledger`` that are new), the balances
        this state already holds are carried forward, so a move costs what it adds.
        """
        n = self.players
        if added is None:
            money = [Fraction(0)] * (n + 1)
            counters = [0] * (n + 1)
            added = ledger
        else:
            money = [*self.money, self.pool]
            counters = [*self.counters, self.pool_counters]
        for e in added:
            payer = n if e.payer == POOL else e.payer
            payee = n if e.payee == POOL else e.payee
            money[payer] -= e.amount
            money[payee] += e.amount
            counters[payer] -= e.counters
            counters[payee] += e.counters
        assert sum(money) == 0 and sum(counters) == 0
        if money[n] < 0:
            raise SettlementError.at("ledger", N_("the pool cannot hold less than nothing"))
        if min(counters[:n]) < 0:
            raise SettlementError.at("ledger", N_("a player cannot hold fewer than no counters"))
        object.__setattr__(self, "ledger", ledger)
        object.__setattr__(self, "money", tuple(money[:n]))
        object.__setattr__(self, "pool", money[n])
        object.__setattr__(self, "counters", tuple(counters[:n]))
        object.__setattr__(self, "pool_counters", counters[n])

    def _evolve(self, entries: Iterable[LedgerEntry], **changes: object) -> PoolGame:
        new = copy.copy(self)
        for name, value in changes.items():
            object.__setattr__(new, name, value)
        added = tuple(entries)
        new._book(self.ledger + added, added)
        return new

    def __repr__(self) -> str:
        return (
            f"PoolGame(players={self.players}, deals={self.deals}, counters={self.counters}, "
            f"pool={str(self.pool)!r})"
        )

    @property
    def active(self) -> tuple[int, ...]:
        """The players still in the game: those holding counters.

        >>> PoolGame(3, 3, 2, 1).active
        (0, 1, 2)
        """
        return tuple(p for p, c in enumerate(self.counters) if c > 0)

    @property
    def finished(self) -> bool:
        """Whether the game is over: all but one player have exhausted their counters.

        >>> PoolGame(3, 3, 2, 1).finished
        False
        """
        return len(self.active) == 1

    @property
    def champion(self) -> int | None:
        """The last player holding counters once the game is over, else None.

        >>> print(PoolGame(3, 3, 2, 1).champion)
        None
        """
        return self.active[0] if self.finished else None

    @property
    def horses(self) -> frozenset[int]:
        """The players who have bought a horse.

        >>> PoolGame(3, 3, 2, 1).horses
        frozenset()
        """
        return frozenset(
            e.payer for e in self.ledger if e.kind == "horse" and isinstance(e.payer, int)
        )

    def may_buy_horse(self, player: int) -> bool:
        """Whether ``player`` may buy a horse now (ruling ``pool-horse-first-out``).

        >>> PoolGame(3, 3, 2, 1).may_buy_horse(0)
        False
        """
        player_index(player, "player", self.players)
        eligible = player in self.first_out or self.options.horse == "every"
        return (
            eligible
            and not self.finished
            and self.counters[player] == 0
            and self.out_after[player] == self.deals
            and player not in self.horses
        )


_OVER: Final = N_("the game is over: {champion} holds the last counters")


def _not_a_game(name: str, value: object) -> SettlementError:
    return SettlementError.at(name, N_("must be a PoolGame, not {value}"), value=repr(value))


def _players(state: PoolGame, value: int | Iterable[int], name: str) -> tuple[int, ...]:
    chosen = (value,) if isinstance(value, int) else tuple(value)
    for p in chosen:
        player_index(p, name, state.players)
        if state.counters[p] == 0:
            raise SettlementError.at(
                name, N_("{p} is out of the game and holds no hand"), p=Mention.of("player", [p])
            )
    twice = sorted({p for p in chosen if chosen.count(p) > 1})
    if twice:
        raise SettlementError.at(
            name, N_("names a player twice: {p}"), p=Mention.of("player", twice)
        )
    return tuple(sorted(chosen))


def apply_deal(
    state: PoolGame, winners: int | Iterable[int], worst: int | Iterable[int]
) -> PoolGame:
    """The state after one deal: the winner(s) take the prize from the pool and the worst
    hand(s) put a counter into it (Pool Commerce). Ties: rulings ``pool-tied-winners``,
    ``pool-tied-worst`` (option ``tied_worst``) and ``pool-all-equal`` (pass every player
    still in as a winner and ``worst=()``). When all but one player are out, the last
    takes what is left in the pool.

    >>> g = PoolGame(2, buy_in=3, prize=1, horse_price=1)
    >>> for _ in range(3):
    ...     g = apply_deal(g, winners=0, worst=1)
    >>> g.finished, g.champion, str(g.pool), [str(m) for m in g.money]
    (True, 0, '0', ['3', '-3'])
    """
    if not isinstance(state, PoolGame):
        raise _not_a_game("state", state)
    if state.finished:
        raise SettlementError.at("state", N_("the game is over"))
    won = _players(state, winners, "winners")
    lost = _players(state, worst, "worst")
    if not won:
        raise SettlementError.at("winners", N_("a deal has at least one winner"))
    if set(won) & set(lost):
        both = sorted(set(won) & set(lost))
        raise SettlementError.at(
            "worst",
            N_("a winner cannot also hold the worst hand: {p}"),
            p=Mention.of("player", both),
        )
    all_equal = set(won) == set(state.active)
    if not lost and not all_equal:
        raise SettlementError.at(
            "worst", N_("name the worst hand(s); leave it empty only when every hand is equal")
        )
    deal = state.deals + 1
    entries: list[LedgerEntry] = []

    taken = min(state.prize, state.pool)
    rulings = tuple(
        slug
        for slug, applies in (
            (_PRIZE_SHORT.slug, taken < state.prize),
            (_TIED_WINNERS.slug, len(won) > 1),
            (_ALL_EQUAL.slug, all_equal),
        )
        if applies
    )
    short, shared = taken < state.prize, len(won) > 1
    prize = Reason(
        N_(
            "the winner takes the agreed sum from the pool (only what is left in it), shared by "
            "the equal winners"
        )
        if short and shared
        else N_("the winner takes the agreed sum from the pool (only what is left in it)")
        if short
        else N_("the winner takes the agreed sum from the pool, shared by the equal winners")
        if shared
        else N_("the winner takes the agreed sum from the pool"),
        (_PLAY,),
        rulings,
    )
    if taken:
        entries.extend(LedgerEntry(deal, POOL, w, taken / len(won), 0, "prize", prize) for w in won)

    payers = lost if len(lost) == 1 or state.options.tied_worst == "each" else ()
    counter = Reason(
        N_("the worst hand puts one counter into the pool (each of the equal worst hands)")
        if len(lost) > 1
        else N_("the worst hand puts one counter into the pool"),
        (_PLAY,),
        (_TIED_WORST.slug,) if len(lost) > 1 else (),
    )
    entries.extend(LedgerEntry(deal, p, POOL, Fraction(0), 1, "counter", counter) for p in payers)

    gone = [p for p in payers if state.counters[p] == 1]
    out_after = tuple(deal if p in gone else d for p, d in enumerate(state.out_after))
    first_out = state.first_out or frozenset(gone)
    last = [p for p in state.active if p not in gone]
    if len(last) == 1 and state.pool - taken > 0:
        sweep = Reason(
            N_(
                "all the others are out: the last player with counters takes what is left in "
                "the pool"
            ),
            (_PLAY,),
        )
        entries.append(LedgerEntry(deal, POOL, last[0], state.pool - taken, 0, "sweep", sweep))
    return state._evolve(entries, deals=deal, out_after=out_after, first_out=first_out)


def buy_horse(state: PoolGame, player: int) -> PoolGame:
    """The state after ``player``, out of counters, buys one back from the pool for the
    horse price (buying a horse; ruling ``pool-horse-first-out``, option ``horse``).

    >>> g = PoolGame(3, buy_in=3, prize=1, horse_price=1)
    >>> for _ in range(3):
    ...     g = apply_deal(g, winners=0, worst=2)
    >>> g = buy_horse(g, 2)
    >>> g.counters, str(g.pool)
    ((3, 3, 1), '7')
    >>> buy_horse(g, 2)
    Traceback (most recent call last):
    ...
    games.engine.settlement.SettlementError: player: player 3 may not buy a horse (only the \
first player out may, once, before the next deal, while the game goes on)
    """
    if not isinstance(state, PoolGame):
        raise _not_a_game("state", state)
    player = player_index(player, "player", state.players)
    if not state.may_buy_horse(player):
        raise SettlementError.at(
            "player",
            N_(
                "{p} may not buy a horse (only the first player out may, once, before the next "
                "deal, while the game goes on)"
            )
            if state.options.horse == "first"
            else N_(
                "{p} may not buy a horse (a player out may, once, before the next deal, while "
                "the game goes on)"
            ),
            p=Mention.of("player", [player]),
        )
    reason = Reason(
        N_(
            "buying a horse: the player who is out pays the agreed sum into the pool for one "
            "counter"
        ),
        (_HORSE,),
        (_FIRST_OUT.slug,),
    )
    entries = (
        LedgerEntry(state.deals, player, POOL, state.horse_price, 0, "horse", reason),
        LedgerEntry(state.deals, POOL, player, Fraction(0), 1, "horse", reason),
    )
    return state._evolve(entries)


# --------------------------------------------------------------------------- a whole game


@dataclass(frozen=True)
class Deal:
    """What one deal of Pool Commerce decided: the ``winners`` (the best hand, or the equal
    best) and the ``worst`` hand(s), as player indices; ``worst`` is empty only when every
    hand still in play is equal (ruling ``pool-all-equal``). ``dealer``, when given, must be
    a player still in the game.

    >>> Deal.of(0, 2)
    Deal(winners=(0,), worst=(2,), dealer=None)
    """

    winners: tuple[int, ...]
    worst: tuple[int, ...] = ()
    dealer: int | None = None

    @classmethod
    def of(
        cls,
        winners: int | Iterable[int],
        worst: int | Iterable[int] = (),
        dealer: int | None = None,
    ) -> Deal:
        """A deal from one index or several for the winners and for the worst."""
        return cls(_indices(winners), _indices(worst), dealer)

    @classmethod
    def from_places(
        cls, players: Sequence[int], places: Sequence[int], dealer: int | None = None
    ) -> Deal:
        """The deal a showdown decided: ``players[i]`` (an index) held the hand placed
        ``places[i]`` (1 for the best, equal hands sharing a place). The winners are the
        hands placed first; the worst are the hands placed last, unless every hand is
        placed first (all equal: no worst hand).

        >>> Deal.from_places([0, 2, 3], [2, 1, 3])
        Deal(winners=(2,), worst=(3,), dealer=None)
        >>> Deal.from_places([0, 1], [1, 1])
        Deal(winners=(0, 1), worst=(), dealer=None)
        >>> Deal.from_places([0, 1, 2], [1, 2, 2]).worst
        (1, 2)
        """
        if len(players) != len(places) or not places:
            raise SettlementError.at("places", N_("one place for each player dealt a hand"))
        last = max(places)
        winners = tuple(p for p, place in zip(players, places, strict=True) if place == 1)
        worst = tuple(p for p, place in zip(players, places, strict=True) if place == last)
        return cls(winners, () if last == 1 else worst, dealer)


@dataclass(frozen=True)
class Horse:
    """A player out of counters buys one back from the pool (buying a horse).

    >>> Horse(2)
    Horse(player=2)
    """

    player: int


type Move = Deal | Horse
"""One step of a game of Pool Commerce: a deal played, or a horse bought after it."""


def _indices(value: int | Iterable[int]) -> tuple[int, ...]:
    return (value,) if isinstance(value, int) else tuple(value)


@dataclass(frozen=True)
class Turn:
    """One move replayed: the ``move``, its ``index`` among the moves, the state ``before``
    and ``after`` it, and what it did, each with its reasons.

    ``number`` is the deal's number, from 1 (a horse bought after deal 3 has number 3).
    """

    index: int
    move: Move
    number: int
    before: PoolGame
    after: PoolGame

    @property
    def is_deal(self) -> bool:
        """Whether the move was a deal (else a horse bought)."""
        return isinstance(self.move, Deal)

    @property
    def entries(self) -> tuple[LedgerEntry, ...]:
        """The ledger's entries this move made, in order."""
        return self.after.ledger[len(self.before.ledger) :]

    @property
    def winners(self) -> tuple[int, ...]:
        """Who won the deal (sorted; none for a horse)."""
        return tuple(sorted(self.move.winners)) if isinstance(self.move, Deal) else ()

    @property
    def worst(self) -> tuple[int, ...]:
        """Who held the worst hand (sorted; none for a horse, or when all were equal)."""
        return tuple(sorted(self.move.worst)) if isinstance(self.move, Deal) else ()

    @property
    def paid_counter(self) -> tuple[int, ...]:
        """Who put a counter into the pool (the worst hands, unless option ``tied_worst``
        excused equal worst hands)."""
        return tuple(
            e.payer for e in self.entries if e.kind == "counter" and isinstance(e.payer, int)
        )

    @property
    def horse(self) -> int | None:
        """Who bought a horse, for a horse."""
        return self.move.player if isinstance(self.move, Horse) else None

    @property
    def out(self) -> tuple[int, ...]:
        """The players whose last counter this move took: they stand out."""
        return tuple(
            p
            for p in range(self.after.players)
            if self.before.counters[p] > 0 and self.after.counters[p] == 0
        )

    @property
    def may_buy_horse(self) -> tuple[int, ...]:
        """The players who may buy a horse now, before the next deal."""
        return tuple(p for p in range(self.after.players) if self.after.may_buy_horse(p))

    @property
    def net(self) -> tuple[Fraction, ...]:
        """What the move changed in each player's money."""
        return tuple(a - b for a, b in zip(self.after.money, self.before.money, strict=True))

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Why: each movement's reason once, in the order of the ledger, then who went out,
        who may buy a horse, and the end of the game.

        >>> turn = play(PoolGame(2, 3, 1, 1), [Deal.of(0, 1)] * 3).turns[-1]
        >>> [r.text for r in turn.reasons][-2:]
        ['player 2 has no counters left and stands out', 'the game is over: player 1 holds \
the last counters']
        """
        said: list[Reason] = list(dict.fromkeys(e.reason for e in self.entries))
        out = self.out
        if out:
            said.append(
                Reason.about(
                    N_("{out} has no counters left and stands out")
                    if len(out) == 1
                    else N_("{out} have no counters left and stand out"),
                    (_PLAY,),
                    (),
                    out=Mention.of("player", out),
                )
            )
        buyers = self.may_buy_horse
        if buyers and self.is_deal:
            said.append(
                Reason.about(
                    N_(
                        "{buyers} may buy a horse (one counter, for the agreed price) before the "
                        "next deal"
                    ),
                    (_HORSE,),
                    (_FIRST_OUT.slug,),
                    buyers=Mention.of("player", buyers),
                )
            )
        champion = self.after.champion
        if champion is not None and not self.before.finished:
            said.append(
                Reason.about(
                    _OVER,
                    (_PLAY,),
                    (),
                    champion=Mention.of("player", [champion]),
                )
            )
        return tuple(said)


@dataclass(frozen=True)
class Replay:
    """A game of Pool Commerce replayed from its ``start``: one :class:`Turn` per move.

    >>> replay = play(PoolGame(3, 3, 1, 1), [Deal.of(0, 2), Deal.of(1, 2), Deal.of(0, 2),
    ...                                      Horse(2)])
    >>> replay.deals, replay.state.counters, str(replay.state.pool)
    (3, (3, 3, 1), '7')
    >>> [t.out for t in replay.turns], replay.turns[-1].horse
    ([(), (), (2,), ()], 2)
    """

    start: PoolGame
    turns: tuple[Turn, ...] = ()

    @property
    def state(self) -> PoolGame:
        """The state after the last move (the start, before any)."""
        return self.turns[-1].after if self.turns else self.start

    @property
    def deals(self) -> int:
        """How many deals were played."""
        return self.state.deals


class PlayError(SettlementError):
    """A move the rules refuse, raised by :func:`play`.

    ``index`` is the move at fault (from 0, among the moves given); ``field`` the argument of
    the move it names (``winners``, ``worst``, ``dealer``, ``player`` for a horse, ``state``
    once the game is over) and ``message`` the rest; ``played`` the replay of the moves
    before it, so a caller can show the game as it stood.

    >>> try:
    ...     play(PoolGame(3, 3, 1, 1), [Deal.of(0, 1), Deal.of(0, 0)])
    ... except PlayError as error:
    ...     print(error.index, error.field, error.played.deals, "|", error.message)
    ...     print(error.render(["Ann", "Bo", "Cy"]))
    1 worst 1 | a winner cannot also hold the worst hand: player 1
    a winner cannot also hold the worst hand: Ann
    """

    def __init__(self, error: SettlementError, index: int, played: Replay) -> None:
        super().__init__(
            str(error),
            field=error.field,
            item=error.item,
            detail=error.detail,
            template=error.template,
            who=dict(error.who),
        )
        self.message = error.detail if error.field else str(error)
        self.index = index
        self.played = played


def _move(state: PoolGame, move: object) -> PoolGame:
    if isinstance(move, Horse):
        return buy_horse(state, move.player)
    if not isinstance(move, Deal):
        raise SettlementError.at(
            "move", N_("must be a Deal or a Horse, not {value}"), value=repr(move)
        )
    if state.finished:
        champion = state.champion
        assert champion is not None
        raise SettlementError.at(
            "state",
            _OVER,
            champion=Mention.of("player", [champion]),
        )
    if move.dealer is not None:
        dealer = player_index(move.dealer, "dealer", state.players)
        if state.counters[dealer] == 0:
            raise SettlementError.at(
                "dealer",
                N_("{dealer} is out of the game and deals no cards"),
                dealer=Mention.of("player", [dealer]),
            )
    return apply_deal(state, move.winners, move.worst)


def play(start: PoolGame, moves: Iterable[Move]) -> Replay:
    """Replay a game of Pool Commerce: each move applied in turn to ``start`` (a new game,
    e.g. ``PoolGame(players, buy_in, prize, horse_price, options)``, or the registry's
    ``get("pool").start(players, config)``). A :class:`Deal` is :func:`apply_deal`, a
    :class:`Horse` is :func:`buy_horse`; the result equals applying them one by one.

    Raises :class:`PlayError` at the first move the rules refuse, with its index and the
    replay so far.

    >>> replay = play(PoolGame(2, buy_in=3, prize=1, horse_price=1), [Deal.of(0, 1)] * 3)
    >>> replay.state.champion, [str(m) for m in replay.state.money]
    (0, ['3', '-3'])
    >>> [t.number for t in replay.turns], replay.turns[-1].out
    ([1, 2, 3], (1,))
    """
    if not isinstance(start, PoolGame):
        raise _not_a_game("start", start)
    turns: list[Turn] = []
    state = start
    for index, move in enumerate(moves):
        try:
            after = _move(state, move)
        except SettlementError as error:
            raise PlayError(error, index, Replay(start, tuple(turns))) from None
        turns.append(Turn(index, move, after.deals, state, after))
        state = after
    return Replay(start, tuple(turns))
