"""Settlement: who pays whom, and why, once the hands of a deal are shown.

The core takes the outcome of a showdown as plain data, one :class:`HandOutcome` per
player (its ``place``, 1 for the best hand, equal hands sharing a place, and its
combination's ``category`` slug), so it depends on no card code. Players are the indices
``0..n-1`` listed clockwise round the table: the player on the left of ``i`` is
``(i + 1) % n``, the one on the right ``(i - 1) % n``. The words meant to be read -- the
reasons, an error about a player -- count them from 1 (:mod:`games.engine.wording`).

Amounts are exact :class:`~fractions.Fraction` values; a stake may be given as an ``int``,
a ``Fraction``, a ``Decimal``, a string (``"1/2"``, ``"0.5"``) or a float (read by its
shortest decimal form, so ``0.1`` is one tenth). Every payment is a :class:`Transfer` with
the :class:`~games.engine.citations.Reason` that requires it; a :class:`Settlement` checks
that the net result sums to zero and agrees with its transfers.

Three settlements:

* :func:`settle_peel_new`: Peel's modern game (the pool, ready money, standing), with the
  variants Extended Commerce and Penalties for the Dealer;
* :func:`settle_peel_old`: Peel's old game (a stake from each loser to the winner);
* :func:`settle_swedish`: the Swedish text (pot, purchases, bonus, the banker's chip).

and the rotation of the deal, :func:`next_dealer` and :func:`suggest_end`.

>>> ENGLISH_CATEGORIES
('tricon', 'sequence', 'flush', 'pair', 'point')
>>> SWEDISH_CATEGORIES
('tretal', 'sekvens', 'poang', 'ingenting')
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import TYPE_CHECKING, Final, Literal

from games.engine.amounts import SANE
from games.engine.citations import Reason, Ruling, peel, ruling, swedish
from games.engine.wording import N_, EngineError, Mention, Said, Word, fill, said, split_prefix

if TYPE_CHECKING:  # the core needs no cards; only outcomes_from_showdown reads a showdown
    from games.engine.commerce import Showdown

__all__ = [
    "ENGLISH_CATEGORIES",
    "SWEDISH_CATEGORIES",
    "Amount",
    "HandOutcome",
    "PeelNewOptions",
    "Settlement",
    "SettlementError",
    "SwedishOptions",
    "Transfer",
    "next_dealer",
    "outcomes_from_showdown",
    "check_option",
    "parse_amount",
    "player_index",
    "rotation_reason",
    "settle_peel_new",
    "settle_peel_old",
    "settle_swedish",
    "suggest_end",
    "turns_dealt",
]

ENGLISH_CATEGORIES: Final = ("tricon", "sequence", "flush", "pair", "point")
"""Peel's combinations, best first (Peel, the combinations)."""
SWEDISH_CATEGORIES: Final = ("tretal", "sekvens", "poang", "ingenting")
"""The Swedish text's combinations, best first (kombinationer)."""

_RANK: Final = {
    slug: i for cats in (ENGLISH_CATEGORIES, SWEDISH_CATEGORIES) for i, slug in enumerate(cats)
}
_DEALER_PENALTY_CATEGORIES: Final = frozenset({"tricon", "sequence", "flush", "pair"})
_SAME_DEALER_ENDS: Final = frozenset({"tricon", "sequence", "flush"})

type Amount = int | Fraction | Decimal | str | float
"""Anything :func:`parse_amount` reads as an exact amount."""

type Rules = Literal["english-new", "english-old", "pool", "swedish"]
"""The rule sets whose deal rotation :func:`next_dealer` knows."""


class SettlementError(EngineError):
    """Inputs no deal could produce; the message names the offending field.

    ``field`` is the argument at fault, ``item`` its item (from 0) for a list, ``detail``
    the words after ``"field: "`` or ``"field[i]: "``, ``message`` the whole (also
    ``str(error)``). Raise it with :meth:`at`; a message written whole in that form is read
    once, here, so nobody else parses it.

    >>> raise SettlementError.at("stake", "must be more than 0, not 0")
    Traceback (most recent call last):
    ...
    games.engine.settlement.SettlementError: stake: must be more than 0, not 0
    >>> error = SettlementError("bought[2]: must be a whole number from 0, not -1")
    >>> error.field, error.item, error.detail
    ('bought', 2, 'must be a whole number from 0, not -1')
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        item: int | None = None,
        detail: str | None = None,
        template: str | None = None,
        who: Mapping[str, Word] | None = None,
    ) -> None:
        if field is None and detail is None:
            field, item, detail = split_prefix(message)
        super().__init__(message, field=field, item=item, detail=detail, template=template, who=who)
        self.message = message

    @classmethod
    def at(
        cls, field: str, detail: str, *, item: int | None = None, **who: Word
    ) -> SettlementError:
        """The error of argument ``field`` (of its item ``item``, from 0): ``detail`` is the
        words, or with ``who`` a template whose placeholders are those players.

        >>> error = SettlementError.at("outcomes", "{a} and {b} tie", a=Mention("player", (0,)),
        ...                            b=Mention("player", (2,)))
        >>> str(error), error.render(["Ann", "Bo", "Cy"])
        ('outcomes: player 1 and player 3 tie', 'Ann and Cy tie')
        """
        words = fill(detail, who) if who else detail
        where = field if item is None else f"{field}[{item}]"
        return cls(
            f"{where}: {words}",
            field=field,
            item=item,
            detail=words,
            template=detail if who else None,
            who=who,
        )


def parse_amount(value: Amount, name: str = "amount", *, positive: bool = True) -> Fraction:
    """Read ``value`` as an exact amount; ``name`` is the field named in any error.

    >>> parse_amount(2), parse_amount("1/2"), parse_amount(0.5), parse_amount("0.1")
    (Fraction(2, 1), Fraction(1, 2), Fraction(1, 2), Fraction(1, 10))
    >>> parse_amount(0, "stake")
    Traceback (most recent call last):
    ...
    games.engine.settlement.SettlementError: stake: must be more than 0, not 0
    >>> parse_amount(0, "price", positive=False)
    Fraction(0, 1)
    >>> parse_amount("1e999999", "stake")
    Traceback (most recent call last):
    ...
    games.engine.settlement.SettlementError: stake: '1e999999' is not an amount a table plays \
for: at most 1,000,000,000, in steps no finer than 1/10,000
    """
    if isinstance(value, bool) or not isinstance(value, int | Fraction | Decimal | str | float):
        raise SettlementError.at(name, N_("must be a number, not {value}"), value=repr(value))
    if isinstance(value, float):
        if not math.isfinite(value):
            raise SettlementError.at(
                name, N_("must be a finite number, not {value}"), value=repr(value)
            )
        value = repr(value)
    if isinstance(value, Decimal):
        value = str(value)
    if isinstance(value, str) and re.search(r"[eE]\s*[+-]?\s*\d{3}", value):
        # An exponent this size would build a fraction of a million digits before any check.
        raise _not_played(name, value)
    try:
        result = Fraction(value)
    except (ValueError, ZeroDivisionError, InvalidOperation, OverflowError):
        raise SettlementError.at(name, N_("{value} is not a number"), value=repr(value)) from None
    if result < 0 or (positive and result == 0):
        bound = (
            N_("must be more than 0, not {amount}")
            if positive
            else N_("must be at least 0, not {amount}")
        )
        raise SettlementError.at(name, bound, amount=str(value))
    if result > MAX_AMOUNT or result.denominator > MAX_DENOMINATOR:
        raise _not_played(name, value)
    return result


def _not_played(name: str, value: object) -> SettlementError:
    return SettlementError.at(
        name,
        N_("{value} is not an amount a table plays for: {limits}"),
        value=repr(value),
        limits=said(SANE),
    )


MAX_BOUGHT: Final = 52
"""The most cards one player buys in a deal: a whole pack (see ``_check_bought``)."""
MAX_AMOUNT: Final = 10**9
"""The largest stake, counter or price the engine accepts: more is a typing slip."""
MAX_DENOMINATOR: Final = 10_000
"""Amounts are in steps no finer than 1/10,000 of a unit (thirds and the like are fine)."""


# --- Rulings: every reading the texts leave open, declared once --------------------------

_DEALER_OWN_PURCHASE = ruling(
    "peel-dealer-own-purchase",
    N_("Does the dealer pay for the cards he buys from his own pack for ready money?"),
    N_(
        "No. A purchase pays a stake to the dealer, who would be paying himself; the Swedish text "
        "says so outright of the banker."
    ),
    (peel("ready-money"), peel("one-card"), swedish("handla")),
)
_STANDER = ruling(
    "peel-stander-pays",
    N_(
        "A stander who is beaten pays 'an additional stake to the holders of the better hands': "
        "a stake to each of them, or one stake between them? And does an equal hand beat him?"
    ),
    N_("A stake to each holder of a strictly better hand; a hand equal to his does not beat him."),
    (peel("standing"),),
    option="stander_pays",
    default="each",
    alternatives=(
        ("each", N_("the beaten stander pays a full stake to each holder of a better hand")),
        ("shared", N_("the beaten stander pays one stake, shared equally by the better hands")),
    ),
)
_NEW_TIE_POOL = ruling(
    "peel-new-tie-pool",
    N_("In the modern game, who takes the pool when two or more best hands are exactly equal?"),
    N_("They share the pool equally (Peel's old game pays equal best hands alike)."),
    (peel("pool"), peel("standing"), peel("old-game-play")),
)
_NEW_TIE_DEALER_STAKE = ruling(
    "peel-new-tie-dealer-stake",
    N_(
        "When best hands are exactly equal, does each receive the dealer's stake, or do they share "
        "one? And does the dealer pay it when he is one of them?"
    ),
    N_(
        "Each best hand other than the dealer's receives a stake from the dealer, as each equal "
        "winner of the old game receives a full stake; the dealer pays it even when his own hand "
        "is one of the equal best."
    ),
    (peel("standing"), peel("old-game-play")),
    option="tie_dealer_stake",
    default="each",
    alternatives=(
        ("each", N_("the dealer pays a full stake to each other best hand")),
        ("shared", N_("one stake is shared among the best hands; the dealer keeps his own share")),
    ),
)
_DEALER_PENALTY = ruling(
    "peel-dealer-penalty",
    N_("Does a dealer whose Tricon, Sequence, Flush or Pair is beaten pay a penalty, and to whom?"),
    N_(
        "Not unless agreed: Peel calls the penalty unjust and the version paying every player a "
        "severe tax. When agreed, 'beaten' means some hand is strictly better, 'each player' means "
        "every other player whatever his hand, and the penalty is paid besides any the dealer owes "
        "as a beaten stander."
    ),
    (peel("dealer-penalty-rule"),),
    option="dealer_penalty",
    default="none",
    alternatives=(
        ("none", N_("no penalty for the dealer")),
        ("all", N_("the beaten dealer pays a stake to every other player")),
        ("better", N_("the beaten dealer pays a stake to each holder of a better hand")),
    ),
)
_DEALER_PENALTY_LIMITED = ruling(
    "peel-dealer-penalty-limited",
    N_(
        "Under Limited Commerce, does a pair that the game does not recognise bring the dealer's "
        "penalty?"
    ),
    N_(
        "No: the penalty follows the combination the hand is judged by, so an unrecognised pair "
        "counts as Point and costs the dealer nothing."
    ),
    (peel("dealer-penalty-rule"), peel("limited-commerce-rule")),
)
_EXTENDED = ruling(
    "peel-extended-no-stander",
    N_(
        "In Extended Commerce, who is the stander whom a better hand makes pay an additional stake?"
    ),
    N_(
        "Nobody: trading goes on until every player is satisfied, so all stand alike and no "
        "beaten stander is penalised; the pool, the ready money and the dealer's stake to the best "
        "hand are as in the modern game."
    ),
    (peel("extended-commerce-rule"), peel("standing")),
)
_OLD_EQUAL_BEST = ruling(
    "peel-old-equal-best",
    N_(
        "In the old game, when best hands are equal, do the equal winners pay each other, and what "
        "if more than two are equal?"
    ),
    N_(
        "Any number of equal best hands each receive a stake from every player who is not one of "
        "them; the winners pay one another nothing (paying each other a stake would cancel out)."
    ),
    (peel("old-game-play"),),
)
_SWEDISH_TIE = ruling(
    "swedish-tie",
    N_(
        "When players other than the banker share the best hand, who wins? The text only suggests "
        "that the winners share the pot and any bonus payments."
    ),
    N_(
        "As suggested: the pot is shared equally and each bonus chip is shared equally among the "
        "winners, who pay no bonus to one another. A banker who holds one of the equal best hands "
        "wins alone, as the text says."
    ),
    (swedish("lika"), swedish("bonus")),
    option="tie",
    default="share",
    alternatives=(
        ("share", N_("the winners share the pot and share each bonus chip")),
        (
            "full-bonus",
            N_(
                "the winners share the pot but each receives a full bonus chip from every bonus "
                "payer, as Peel's equal winners each receive a full stake"
            ),
        ),
    ),
)
_SAME_DEALER_OWN_HAND = ruling(
    "peel-same-dealer-own-hand",
    N_(
        "Under the same-dealer variant, does the dealer's own Tricon, Sequence or Flush pass the "
        "deal? Peel says only 'until one of the players secures' one."
    ),
    N_(
        "Yes: the dealer is one of the players at the table, so his own Tricon, Sequence or Flush "
        "ends his run of deals like anyone's."
    ),
    (peel("same-dealer"),),
)
_SAME_DEALER_LIMITED = ruling(
    "peel-same-dealer-limited",
    N_(
        "Under the same-dealer variant played with Limited Commerce, does a Flush (or a Pair) that "
        "the game does not recognise, and so counts as Point, pass the deal?"
    ),
    N_(
        "No: as with the dealer's penalty, the combination the hand is judged by counts, so a "
        "flush counted as Point does not pass the deal."
    ),
    (peel("same-dealer"), peel("limited-commerce-rule")),
)
_STANDER_TIED_BY_DEALER = ruling(
    "peel-stander-tied-by-dealer",
    N_(
        "Under the house rule that the dealer wins a tie he is in, does a stander whose hand "
        "equals the dealer's pay as beaten? Peel's stander pays only the holders of better "
        "hands, and an equal hand does not beat him (ruling peel-stander-pays)."
    ),
    N_(
        "Yes: by the house rule the tie is the dealer's, so the stander's equal hand loses to it "
        "and he pays as a beaten stander. A table that chose the house rule chose this too."
    ),
    (peel("standing"), peel("ties")),
)
_POOL_OUT_SKIPPED = ruling(
    "pool-deal-skips-out",
    N_("In Pool Commerce, does a player who is out still take his turn to deal?"),
    N_(
        "No: he stands out of the game and the deal passes on the left to the next player who "
        "still holds counters."
    ),
    (peel("pool-commerce-play"), peel("ending")),
)


# --- Data ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandOutcome:
    """One player's hand at the showdown: its place (1 is best, equal hands share a place)
    and the slug of its combination.

    >>> HandOutcome(1, "flush")
    HandOutcome(place=1, category='flush')
    >>> HandOutcome(0, "flush")
    Traceback (most recent call last):
    ...
    games.engine.settlement.SettlementError: place: must be a whole number from 1, not 0
    """

    place: int
    category: str

    def __post_init__(self) -> None:
        if isinstance(self.place, bool) or not isinstance(self.place, int) or self.place < 1:
            raise SettlementError.at(
                "place", N_("must be a whole number from 1, not {value}"), value=repr(self.place)
            )
        if self.category not in _RANK:
            known = ", ".join(ENGLISH_CATEGORIES + SWEDISH_CATEGORIES)
            raise SettlementError.at(
                "category",
                N_("{value} is not one of {known}"),
                value=repr(self.category),
                known=known,
            )


@dataclass(frozen=True)
class Transfer:
    """One payment: ``payer`` gives ``amount`` to ``payee`` because of ``reason``.

    >>> t = Transfer(0, 1, Fraction(1), Reason("a stake into the pool", (peel("pool"),)))
    >>> t.payer, t.payee, str(t.amount)
    (0, 1, '1')
    """

    payer: int
    payee: int
    amount: Fraction
    reason: Reason

    def __post_init__(self) -> None:
        if self.payer < 0 or self.payee < 0:
            raise SettlementError.at(
                "transfer", N_("players are indices from 0, not {transfer}"), transfer=str(self)
            )
        if self.payer == self.payee:
            raise SettlementError.at(
                "transfer", N_("{payer} cannot pay himself"), payer=Mention("player", (self.payer,))
            )
        if self.amount <= 0:
            raise SettlementError.at(
                "transfer", N_("the amount must be positive, not {amount}"), amount=self.amount
            )


def _net(transfers: Iterable[Transfer], n: int) -> tuple[Fraction, ...]:
    net = [Fraction(0)] * n
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    return tuple(net)


@dataclass(frozen=True)
class Settlement:
    """The money of one deal: each player's net result, the winners, every payment and the
    reasons that explain the whole.

    The constructor checks that ``net`` sums to exactly zero and that it is what the
    transfers add up to for each player.

    >>> s = Settlement.from_transfers(2, (0,), [Transfer(1, 0, Fraction(1), Reason("stake"))])
    >>> [str(x) for x in s.net]
    ['1', '-1']
    >>> Settlement((Fraction(1), Fraction(0)), (0,), ())
    Traceback (most recent call last):
    ...
    games.engine.settlement.SettlementError: net: must sum to 0, not 1
    """

    net: tuple[Fraction, ...]
    winners: tuple[int, ...]
    transfers: tuple[Transfer, ...]
    reasons: tuple[Reason, ...] = field(default=())

    def __post_init__(self) -> None:
        n = len(self.net)
        if sum(self.net, Fraction(0)) != 0:
            raise SettlementError.at(
                "net", N_("must sum to 0, not {total}"), total=sum(self.net, Fraction(0))
            )
        for t in self.transfers:
            if max(t.payer, t.payee) >= n:
                raise SettlementError.at(
                    "transfers",
                    N_("player out of range 0..{last} in {transfer}"),
                    last=n - 1,
                    transfer=str(t),
                )
        if _net(self.transfers, n) != tuple(self.net):
            raise SettlementError.at(
                "net", N_("does not equal the sum of the transfers per player")
            )
        if any(not 0 <= w < n for w in self.winners):
            raise SettlementError.at(
                "winners",
                N_("out of range 0..{last}: {winners}"),
                last=n - 1,
                winners=str(self.winners),
            )

    @classmethod
    def from_transfers(
        cls,
        players: int,
        winners: Iterable[int],
        transfers: Iterable[Transfer],
        reasons: Iterable[Reason] = (),
    ) -> Settlement:
        """The settlement whose net result is what ``transfers`` add up to.

        >>> Settlement.from_transfers(3, (2,), []).net
        (Fraction(0, 1), Fraction(0, 1), Fraction(0, 1))
        """
        made = tuple(transfers)
        return cls(_net(made, players), tuple(sorted(winners)), made, tuple(reasons))

    def paid(self, payer: int, payee: int) -> Fraction:
        """The total that ``payer`` pays ``payee`` in this settlement.

        >>> s = settle_peel_old([HandOutcome(1, "pair"), HandOutcome(2, "point")], 2)
        >>> s.paid(1, 0), s.paid(0, 1)
        (Fraction(2, 1), Fraction(0, 1))
        """
        return sum(
            (t.amount for t in self.transfers if (t.payer, t.payee) == (payer, payee)),
            Fraction(0),
        )


@dataclass(frozen=True)
class PeelNewOptions:
    """House rules for Peel's modern game (each value names an alternative of its ruling).

    * ``stander_pays``: ``"each"`` or ``"shared"`` (ruling ``peel-stander-pays``);
    * ``dealer_penalty``: ``"none"``, ``"all"`` or ``"better"`` (``peel-dealer-penalty``);
    * ``extended``: play Extended Commerce (``peel-extended-no-stander``);
    * ``tie_dealer_stake``: ``"each"`` or ``"shared"`` (``peel-new-tie-dealer-stake``).

    >>> PeelNewOptions(dealer_penalty="better").dealer_penalty
    'better'
    >>> PeelNewOptions(stander_pays="half")
    Traceback (most recent call last):
    ...
    games.engine.settlement.SettlementError: stander_pays: must be one of each, shared, not 'half'
    """

    stander_pays: Literal["each", "shared"] = "each"
    dealer_penalty: Literal["none", "all", "better"] = "none"
    extended: bool = False
    tie_dealer_stake: Literal["each", "shared"] = "each"

    def __post_init__(self) -> None:
        for made in (_STANDER, _DEALER_PENALTY, _NEW_TIE_DEALER_STAKE):
            check_option(made, getattr(self, str(made.option)))
        if not isinstance(self.extended, bool):
            raise SettlementError.at(
                "extended", N_("must be True or False, not {value}"), value=repr(self.extended)
            )


@dataclass(frozen=True)
class SwedishOptions:
    """House rules for the Swedish game: ``tie`` is ``"share"`` or ``"full-bonus"`` (ruling
    ``swedish-tie``).

    >>> SwedishOptions().tie
    'share'
    """

    tie: Literal["share", "full-bonus"] = "share"

    def __post_init__(self) -> None:
        check_option(_SWEDISH_TIE, self.tie)


def check_option(made: Ruling, value: object) -> None:
    """Refuse ``value`` unless it is one of the alternatives of the ruling's option.

    >>> from games.engine.citations import RULINGS
    >>> check_option(RULINGS["swedish-tie"], "share")
    >>> check_option(RULINGS["swedish-tie"], "toss")
    Traceback (most recent call last):
    ...
    games.engine.settlement.SettlementError: tie: must be one of share, full-bonus, not 'toss'
    """
    allowed = [value for value, _ in made.alternatives]
    if not isinstance(value, str) or value not in allowed:
        raise SettlementError.at(
            str(made.option),
            N_("must be one of {allowed}, not {value}"),
            allowed=", ".join(allowed),
            value=repr(value),
        )


# --- Validation helpers -------------------------------------------------------------------


def _check_outcomes(outcomes: Sequence[HandOutcome], family: tuple[str, ...], game: str) -> None:
    if isinstance(outcomes, str | bytes) or not isinstance(outcomes, Sequence):
        raise SettlementError.at(
            "outcomes", N_("must be a sequence of HandOutcome, one per player")
        )
    if len(outcomes) < 2:
        raise SettlementError.at(
            "outcomes", N_("a deal needs at least 2 players, not {count}"), count=len(outcomes)
        )
    for i, o in enumerate(outcomes):
        if not isinstance(o, HandOutcome):
            raise SettlementError.at(
                "outcomes", N_("must be a HandOutcome, not {value}"), item=i, value=repr(o)
            )
        if o.category not in family:
            raise SettlementError.at(
                "outcomes",
                N_("{value} is not a combination of {game} ({known})"),
                item=i,
                value=repr(o.category),
                game=game,
                known=", ".join(family),
            )
    if min(o.place for o in outcomes) != 1:
        raise SettlementError.at("outcomes", N_("no hand has place 1 (the best hand)"))
    ranked = sorted(range(len(outcomes)), key=lambda i: outcomes[i].place)
    for a, b in zip(ranked, ranked[1:], strict=False):
        pa, pb = outcomes[a], outcomes[b]
        if pa.place == pb.place and pa.category != pb.category:
            raise SettlementError.at(
                "outcomes",
                N_("{both} share place {place} with different combinations ({first}, {second})"),
                both=Mention.of("player", sorted((a, b))),
                place=pa.place,
                first=_named(pa.category),
                second=_named(pb.category),
            )
        if _RANK[pa.category] > _RANK[pb.category]:
            raise SettlementError.at(
                "outcomes",
                N_(
                    "{better}'s {better_combination} (place {better_place}) cannot beat "
                    "{worse}'s {worse_combination} (place {worse_place})"
                ),
                better=Mention("player", (a,)),
                worse=Mention("player", (b,)),
                better_combination=_named(pa.category),
                better_place=pa.place,
                worse_combination=_named(pb.category),
                worse_place=pb.place,
            )


def player_index(value: object, name: str, n: int, *, item: int | None = None) -> int:
    """``value`` if it is the index of one of ``n`` players; ``name`` is the field (``item``
    its item, from 0, when the field is a list).

    >>> player_index(2, "dealer", 3)
    2
    >>> player_index(3, "dealer", 3)
    Traceback (most recent call last):
    ...
    games.engine.settlement.SettlementError: dealer: must be a player index from 0 to 2, not 3
    >>> try:
    ...     player_index(5, "dealers", 3, item=1)
    ... except SettlementError as error:
    ...     print(error, "|", error.field, error.item)
    dealers[1]: must be a player index from 0 to 2, not 5 | dealers 1
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise SettlementError.at(
            name,
            N_("must be a player index from 0 to {last}, not {value}"),
            item=item,
            last=n - 1,
            value=repr(value),
        )
    return value


def _check_bought(bought: Sequence[int], n: int) -> tuple[int, ...]:
    if isinstance(bought, str | bytes) or not isinstance(bought, Sequence):
        raise SettlementError.at(
            "bought", N_("must be a sequence of purchase counts, one per player")
        )
    if len(bought) != n:
        raise SettlementError.at(
            "bought", N_("needs one count per player ({n}), not {count}"), n=n, count=len(bought)
        )
    # At most a whole pack (52) per player. No book sets a limit: a card bought goes from the top
    # of the stock and the card thrown out to its bottom (Peel, "trades for ready money"; the
    # Swedish text, "handla"), so the stock never runs out; but one player buying more cards
    # than the pack holds is a typing slip, not a deal, and would settle into absurd sums.
    most = MAX_BOUGHT
    for i, b in enumerate(bought):
        if isinstance(b, bool) or not isinstance(b, int) or not 0 <= b <= most:
            shown: Word = (
                repr(b)
                if not isinstance(b, int) or abs(b) < 10**6
                else said(N_("a number that large"))
            )
            raise SettlementError.at(
                "bought",
                N_("must be a whole number from 0 to {most} (a whole pack), not {value}"),
                item=i,
                most=most,
                value=shown,
            )
    return tuple(bought)


def _best(outcomes: Sequence[HandOutcome]) -> list[int]:
    return [i for i, o in enumerate(outcomes) if o.place == 1]


_A_COMBINATION: Final = {
    "tricon": N_("a tricon"),
    "sequence": N_("a sequence"),
    "flush": N_("a flush"),
    "pair": N_("a pair"),
    "point": N_("a point"),
    "tretal": N_("a tretal"),
    "sekvens": N_("a sekvens"),
    "poang": N_("a poäng"),
    "ingenting": N_("a ingenting"),
}
"""Each combination as the reasons name one ("the best hand, a tricon")."""
_HIS_COMBINATION: Final = {
    "tricon": N_("his tricon"),
    "sequence": N_("his sequence"),
    "flush": N_("his flush"),
    "pair": N_("his pair"),
}
"""The dealer's combination, as his penalty names it (those it applies to)."""


_NAMED: Final = {
    "tricon": N_("tricon"),
    "sequence": N_("sequence"),
    "flush": N_("flush"),
    "pair": N_("pair"),
    "point": N_("point"),
    "tretal": N_("tretal"),
    "sekvens": N_("sekvens"),
    "poang": N_("poang"),
    "ingenting": N_("ingenting"),
}
"""Each combination by its slug, as an error about the outcomes names it."""


def _named(slug: str) -> Said:
    """The combination ``slug`` as words (its slug, in English)."""
    return said(_NAMED[slug])


def _a(slug: str) -> Said:
    """``a tricon``, ``a poäng``: the combination as words (:func:`said`)."""
    return said(_A_COMBINATION[slug])


def _who_won(
    category: str, winners: Sequence[int], *, shared: bool = False
) -> tuple[str, dict[str, Word]]:
    """The template of who won and its values: ``{winners}`` (:func:`_winners`), their
    combination, and (``shared``) that equal winners share the win."""
    values: dict[str, Word] = {"winners": _winners(winners), "combination": _a(category)}
    if len(winners) == 1:
        return N_("{winners} holds the best hand, {combination}"), values
    if shared:
        return (
            N_("{winners} hold exactly equal best hands, each {combination}, and share the win"),
            values,
        )
    return N_("{winners} hold exactly equal best hands, each {combination}"), values


def _winners(winners: Sequence[int]) -> Mention:
    return Mention.of("player", winners)


def _pay_pool(
    transfers: list[Transfer],
    contributions: Sequence[Fraction],
    winners: Sequence[int],
    reason: Reason,
) -> None:
    """Each contributor's stake goes to the winner(s), in equal shares; nobody pays himself."""
    for payer, stake in enumerate(contributions):
        for w in winners:
            if w != payer:
                transfers.append(Transfer(payer, w, stake / len(winners), reason))


def _pay_ready_money(
    transfers: list[Transfer], bought: Sequence[int], dealer: int, stake: Fraction, reason: Reason
) -> None:
    for payer, count in enumerate(bought):
        if count and payer != dealer:
            transfers.append(Transfer(payer, dealer, count * stake, reason))


def _rulings(*made: tuple[str, bool]) -> tuple[str, ...]:
    return tuple(slug for slug, applies in made if applies)


# --- Peel's modern game -------------------------------------------------------------------


def settle_peel_new(
    outcomes: Sequence[HandOutcome],
    dealer: int,
    stood: int | None,
    bought: Sequence[int],
    stake: Amount,
    options: PeelNewOptions = PeelNewOptions(),
) -> Settlement:
    """Settle a deal of Peel's modern game.

    * Everyone stakes one into the pool, the dealer two (Peel, the pool); the best hand
      takes it (standing). Equal best hands share it (ruling ``peel-new-tie-pool``).
    * Each card bought for ready money pays a stake to the dealer (ready money, one card
      a turn); the dealer's own purchases cost nothing (``peel-dealer-own-purchase``).
    * The best hand also receives a stake from the dealer, unless it is the dealer's
      (standing; ties: ``peel-new-tie-dealer-stake``).
    * The player who stood (``stood``), if beaten, pays an additional stake to the holders
      of the better hands (standing; ``peel-stander-pays``). Under Extended Commerce
      (``options.extended``) there is no such stander: pass ``stood=None``.
    * When agreed, a beaten dealer holding a Tricon, Sequence, Flush or Pair pays a penalty
      (Penalties for the Dealer; ``peel-dealer-penalty``).

    ``bought[i]`` is how many cards player ``i`` bought for ready money.

    Worked example: four players, stake 1, player 0 deals, player 1 stands with a pair and
    loses to player 2's flush; players 2 and 3 bought one and two cards:

    >>> hands = [HandOutcome(3, "point"), HandOutcome(2, "pair"),
    ...          HandOutcome(1, "flush"), HandOutcome(4, "point")]
    >>> s = settle_peel_new(hands, dealer=0, stood=1, bought=[0, 0, 1, 2], stake=1)
    >>> [str(x) for x in s.net]
    ['0', '-2', '5', '-3']
    >>> s.winners
    (2,)

    The pool (2 from the dealer, 1 from each of the others) goes to player 2, who paid 1 of
    its 5: +4; the 1 + 2 cards bought pay the dealer 3; the dealer pays player 2 a stake;
    player 1 stood and was beaten by player 2 only, so he pays player 2 a stake. Dealer
    -2 + 3 - 1 = 0, player 1 -1 - 1 = -2, player 2 +4 + 1 + 1 = 6 less the 1 he paid for
    his card = 5, player 3 -1 - 2 = -3.
    """
    _check_outcomes(outcomes, ENGLISH_CATEGORIES, "Peel's game")
    n = len(outcomes)
    dealer = player_index(dealer, "dealer", n)
    counts = _check_bought(bought, n)
    unit = parse_amount(stake, "stake")
    if not isinstance(options, PeelNewOptions):
        raise SettlementError.at(
            "options", N_("must be PeelNewOptions, not {value}"), value=repr(options)
        )
    if options.extended:
        if stood is not None:
            raise SettlementError.at(
                "stood", N_("in Extended Commerce every player stands; pass stood=None")
            )
    elif stood is None:
        raise SettlementError.at(
            "stood", N_("name the player who stood (None only in Extended Commerce)")
        )
    else:
        stood = player_index(stood, "stood", n)

    winners = _best(outcomes)
    k = len(winners)
    tie = k > 1
    transfers: list[Transfer] = []
    template, values = _who_won(outcomes[winners[0]].category, winners)
    reasons: list[Reason] = [
        Reason.about(
            template,
            (peel("standing"), peel("stake")),
            _rulings((_NEW_TIE_POOL.slug, tie)),
            **values,
        )
    ]

    contributions = [unit] * n
    contributions[dealer] = 2 * unit
    pool_reason = Reason(
        N_(
            "stake into the pool (the dealer pays double), taken by the best hand, shared "
            "equally by the equal best hands"
        )
        if tie
        else N_("stake into the pool (the dealer pays double), taken by the best hand"),
        (peel("pool"), peel("standing")),
        _rulings((_NEW_TIE_POOL.slug, tie)),
    )
    _pay_pool(transfers, contributions, winners, pool_reason)

    ready = Reason(
        N_("ready money: each card bought from the dealer pays him a stake"),
        (peel("ready-money"), peel("one-card")),
        _rulings((_DEALER_OWN_PURCHASE.slug, counts[dealer] > 0)),
    )
    _pay_ready_money(transfers, counts, dealer, unit, ready)
    if counts[dealer]:
        reasons.append(
            Reason(
                N_("the dealer's own purchases cost him nothing"),
                (peel("ready-money"),),
                (_DEALER_OWN_PURCHASE.slug,),
            )
        )

    dealer_share = unit / k if options.tie_dealer_stake == "shared" else unit
    dealer_stake = Reason(
        N_("the dealer pays the best hand a stake for the advantage of selling cards")
        if not tie
        else N_(
            "the dealer pays the best hand a stake for the advantage of selling cards "
            "(one stake shared by the equal best hands)"
        )
        if options.tie_dealer_stake == "shared"
        else N_(
            "the dealer pays the best hand a stake for the advantage of selling cards "
            "(a stake to each equal best hand)"
        ),
        (peel("standing"),),
        _rulings((_NEW_TIE_DEALER_STAKE.slug, tie)),
    )
    for w in winners:
        if w != dealer:
            transfers.append(Transfer(dealer, w, dealer_share, dealer_stake))

    if options.extended:
        reasons.append(
            Reason(
                N_("Extended Commerce: everyone stood, so no beaten stander pays"),
                (peel("extended-commerce-rule"),),
                (_EXTENDED.slug,),
            )
        )
    elif stood is not None:
        better = [i for i in range(n) if outcomes[i].place < outcomes[stood].place]
        if better:
            share = unit / len(better) if options.stander_pays == "shared" else unit
            beaten = Reason(
                N_(
                    "the player who stood was beaten: an additional stake to the holders of the "
                    "better hands (one stake shared)"
                )
                if options.stander_pays == "shared"
                else N_(
                    "the player who stood was beaten: an additional stake to the holders of the "
                    "better hands (a stake each)"
                ),
                (peel("standing"),),
                (_STANDER.slug,),
            )
            transfers.extend(Transfer(stood, b, share, beaten) for b in better)

    held = outcomes[dealer]
    if options.dealer_penalty != "none" and held.place > 1:
        if held.category in _DEALER_PENALTY_CATEGORIES:
            payees = [
                i
                for i in range(n)
                if i != dealer
                and (options.dealer_penalty == "all" or outcomes[i].place < held.place)
            ]
            penalty = Reason.about(
                N_("penalty for the dealer: {his_combination} was beaten, a stake to each player")
                if options.dealer_penalty == "all"
                else N_(
                    "penalty for the dealer: {his_combination} was beaten, a stake to each "
                    "better hand"
                ),
                (peel("dealer-penalty-rule"),),
                (_DEALER_PENALTY.slug,),
                his_combination=said(_HIS_COMBINATION[held.category]),
            )
            transfers.extend(Transfer(dealer, p, unit, penalty) for p in payees)
        else:
            reasons.append(
                Reason.about(
                    N_(
                        "no penalty for the dealer: {combination} is not among the "
                        "combinations it applies to"
                    ),
                    (peel("dealer-penalty-rule"), peel("limited-commerce-rule")),
                    (_DEALER_PENALTY_LIMITED.slug,),
                    combination=_a(held.category),
                )
            )

    return Settlement.from_transfers(n, winners, transfers, reasons)


# --- Peel's old game ----------------------------------------------------------------------


def settle_peel_old(outcomes: Sequence[HandOutcome], stake: Amount) -> Settlement:
    """Settle a deal of Peel's old game: no pool, the winner receives a stake from each
    other player; exactly equal best hands each receive a stake from all the others
    (Peel, the old game; ruling ``peel-old-equal-best``).

    Three players, stake 1/2; players 0 and 2 hold exactly equal best hands:

    >>> s = settle_peel_old([HandOutcome(1, "pair"), HandOutcome(3, "point"),
    ...                      HandOutcome(1, "pair")], "1/2")
    >>> [str(x) for x in s.net]
    ['1/2', '-1', '1/2']
    """
    _check_outcomes(outcomes, ENGLISH_CATEGORIES, "Peel's game")
    n = len(outcomes)
    unit = parse_amount(stake, "stake")
    winners = _best(outcomes)
    tie = len(winners) > 1
    rulings = _rulings((_OLD_EQUAL_BEST.slug, tie))
    reason = Reason(
        N_("the old game has no pool: each other player pays the winner a stake")
        if not tie
        else N_("equal best hands: each winner receives a stake from all the other players"),
        (peel("old-game-play"),),
        rulings,
    )
    transfers = [
        Transfer(i, w, unit, reason) for w in winners for i in range(n) if i not in winners
    ]
    template, values = _who_won(outcomes[winners[0]].category, winners)
    summary = Reason.about(template, (peel("old-game-play"), peel("stake")), rulings, **values)
    return Settlement.from_transfers(n, winners, transfers, [summary])


# --- The Swedish game ---------------------------------------------------------------------


def settle_swedish(
    outcomes: Sequence[HandOutcome],
    dealer: int,
    bought: Sequence[int],
    stake: Amount,
    options: SwedishOptions = SwedishOptions(),
) -> Settlement:
    """Settle a deal of the Swedish game; the dealer is the banker, ``stake`` a chip's value.

    * Every player puts one chip in the pot (insats); the best hand takes it.
    * Each purchase from the talon pays the banker a chip; the banker's own are free (handla).
    * The winner gets a bonus chip from every other player who bought at least once, and
      always from the banker when he loses (bonus).
    * A banker holding one of the equal best hands wins; other equal winners share the pot
      and the bonus (lika; ruling ``swedish-tie``).
    * A banker who holds the winning hand's kind of combination, but lower, pays a chip to
      every other player (bankirens spelmark); never with ingenting, since nobody may lay up
      with ingenting (lägga upp).

    Worked example: three players, chip 1, player 0 is banker; player 1 wins with a sekvens
    after buying twice; player 2 bought once; the banker holds a lower sekvens:

    >>> hands = [HandOutcome(2, "sekvens"), HandOutcome(1, "sekvens"), HandOutcome(3, "poang")]
    >>> s = settle_swedish(hands, dealer=0, bought=[1, 2, 1], stake=1)
    >>> [str(x) for x in s.net]
    ['-1', '3', '-2']

    Pot: a chip from each, 3 to player 1 (+2, the others -1). Purchases: player 1 pays 2,
    player 2 pays 1 to the banker (+3); the banker's own is free. Bonus: a chip each from
    player 2 (he bought) and from the banker (a loser) to player 1. The banker's sekvens is
    lower than the winner's: a chip to players 1 and 2. Banker -1 + 3 - 1 - 2 = -1, player 1
    +2 - 2 + 2 + 1 = 3, player 2 -1 - 1 - 1 + 1 = -2.
    """
    _check_outcomes(outcomes, SWEDISH_CATEGORIES, "the Swedish game")
    n = len(outcomes)
    dealer = player_index(dealer, "dealer", n)
    counts = _check_bought(bought, n)
    unit = parse_amount(stake, "stake")
    if not isinstance(options, SwedishOptions):
        raise SettlementError.at(
            "options", N_("must be SwedishOptions, not {value}"), value=repr(options)
        )
    best = _best(outcomes)
    top = outcomes[best[0]].category
    if top == "ingenting":
        raise SettlementError.at(
            "outcomes",
            N_(
                "every hand is ingenting, and nobody may lay up with ingenting "
                "(at least poäng is needed), so the deal cannot have ended"
            ),
        )

    reasons: list[Reason] = []
    if dealer in best and len(best) > 1:
        winners = [dealer]
        reasons.append(
            Reason(
                N_("equal best hands: the banker holds one of them and wins"),
                (swedish("lika"),),
            )
        )
    else:
        winners = best
    k = len(winners)
    tie = k > 1
    tie_rulings = _rulings((_SWEDISH_TIE.slug, tie))
    template, values = _who_won(top, winners, shared=True)
    reasons.insert(
        0, Reason.about(template, (swedish("lika"),) if tie else (), tie_rulings, **values)
    )
    transfers: list[Transfer] = []
    pot = Reason(
        N_("a chip into the pot, taken by the winner, shared by the winners")
        if tie
        else N_("a chip into the pot, taken by the winner"),
        (swedish("insats"),) + ((swedish("lika"),) if tie else ()),
        tie_rulings,
    )
    _pay_pool(transfers, [unit] * n, winners, pot)

    purchase = Reason(
        N_("each purchase from the talon pays the banker a chip"),
        (swedish("handla"),),
    )
    _pay_ready_money(transfers, counts, dealer, unit, purchase)

    bonus_share = unit / k if options.tie == "share" else unit
    for payer in range(n):
        if payer in winners:
            continue
        if payer == dealer or counts[payer]:
            bonus = Reason(
                N_("bonus: the banker always pays it when he loses")
                if payer == dealer
                else N_("bonus: a chip from every other player who bought from the talon"),
                (swedish("bonus"),) + ((swedish("lika"),) if tie else ()),
                tie_rulings,
            )
            transfers.extend(Transfer(payer, w, bonus_share, bonus) for w in winners)

    if dealer not in winners and outcomes[dealer].category == top:
        chip = Reason.about(
            N_(
                "the banker holds {combination} like the winner but lower: a chip to every "
                "other player"
            ),
            (swedish("bankirens-spelmark"), swedish("lagga-upp")),
            (),
            combination=_a(top),
        )
        transfers.extend(Transfer(dealer, i, unit, chip) for i in range(n) if i != dealer)

    return Settlement.from_transfers(n, winners, transfers, reasons)


# --- The deal -----------------------------------------------------------------------------

_RULES: Final = ("english-new", "english-old", "pool", "swedish")


def next_dealer(
    rules: Rules,
    dealer: int,
    n_players: int,
    *,
    same_dealer_variant: bool = False,
    categories: Iterable[str] | None = None,
    out: Collection[int] = (),
) -> int:
    """Who deals next: Peel passes the deal to the left, the Swedish text to the right.

    * Peel's games pass the deal to the left (ending; the Extended Commerce variant).
    * The Swedish game passes it to the right, counter-clockwise (parti).
    * Peel's "same dealer" variant of the modern game keeps the dealer until someone holds
      a Tricon, Sequence or Flush (``categories`` of the deal just played), then passes it
      left (same-dealer).
    * In Pool Commerce the players in ``out`` have no counters left and are skipped
      (ruling ``pool-deal-skips-out``).

    >>> next_dealer("english-new", 3, 4), next_dealer("swedish", 0, 4)
    (0, 3)
    >>> next_dealer("english-new", 1, 4, same_dealer_variant=True, categories=["pair", "point"])
    1
    >>> next_dealer("english-new", 1, 4, same_dealer_variant=True, categories=["flush", "point"])
    2
    >>> next_dealer("pool", 0, 4, out={1, 2})
    3
    """
    if rules not in _RULES:
        raise _unknown_rules(rules)
    if isinstance(n_players, bool) or not isinstance(n_players, int) or n_players < 2:
        raise SettlementError.at(
            "n_players", N_("must be a whole number from 2, not {value}"), value=repr(n_players)
        )
    dealer = player_index(dealer, "dealer", n_players)
    if same_dealer_variant:
        if rules != "english-new":
            raise SettlementError.at(
                "same_dealer_variant", N_("only Peel's modern game (english-new) has it")
            )
        if categories is None:
            raise SettlementError.at(
                "categories", N_("the same-dealer variant needs the combinations of the deal")
            )
        held = list(categories)
        for c in held:
            if c not in ENGLISH_CATEGORIES:
                raise SettlementError.at(
                    "categories", N_("{value} is not one of Peel's combinations"), value=repr(c)
                )
        if not _SAME_DEALER_ENDS.intersection(held):
            return dealer
    elif categories is not None:
        raise SettlementError.at("categories", N_("only used with same_dealer_variant=True"))
    skipped = set(out)
    if skipped and rules != "pool":
        raise SettlementError.at("out", N_("only Pool Commerce has players who are out"))
    for p in skipped:
        player_index(p, "out", n_players)
    if n_players - len(skipped) < 2:
        raise SettlementError.at(
            "out", N_("fewer than two players hold counters, so the game is over")
        )
    step = -1 if rules == "swedish" else 1
    following = (dealer + step) % n_players
    while following in skipped:
        following = (following + step) % n_players
    return following


def _unknown_rules(rules: object) -> SettlementError:
    return SettlementError.at(
        "rules",
        N_("must be one of {allowed}, not {value}"),
        allowed=", ".join(_RULES),
        value=repr(rules),
    )


def rotation_reason(rules: Rules, *, same_dealer_variant: bool = False) -> Reason:
    """Why the deal passes where :func:`next_dealer` sends it, with the paragraphs.

    >>> rotation_reason("swedish").text
    'the deal passes to the right (counter-clockwise)'
    >>> [str(c) for c in rotation_reason("english-new", same_dealer_variant=True).citations]
    ['peel-commerce#same-dealer']
    """
    if rules not in _RULES:
        raise _unknown_rules(rules)
    if same_dealer_variant:
        if rules != "english-new":
            raise SettlementError.at(
                "same_dealer_variant", N_("only Peel's modern game (english-new) has it")
            )
        return Reason(
            N_(
                "the same dealer deals until someone, the dealer too, holds a Tricon, Sequence "
                "or Flush (as the hand is judged: under Limited Commerce a flush counted as "
                "Point does not count); the deal then passes to the left"
            ),
            (peel("same-dealer"),),
            (_SAME_DEALER_OWN_HAND.slug, _SAME_DEALER_LIMITED.slug),
        )
    if rules == "swedish":
        return Reason(N_("the deal passes to the right (counter-clockwise)"), (swedish("parti"),))
    if rules == "pool":
        return Reason(
            N_("the deal passes to the left, to the next player who still holds counters"),
            (peel("same-dealer"), peel("pool-commerce-play")),
            (_POOL_OUT_SKIPPED.slug,),
        )
    # Peel names the direction only for the same-dealer variant ("the deal passes to the
    # next player, on the left-hand side"); the opening paragraphs deal "to the left" too.
    return Reason(N_("the deal passes to the left"), (peel("same-dealer"), peel("ending")))


def suggest_end(deals_dealt_by_each: Sequence[int]) -> bool:
    """Whether now is a fair moment to stop: every player has dealt equally often (and at
    least once). The deal is an advantage, so Peel ends just before the first dealer's turn
    comes round again (ending); the Swedish text wants everyone banker equally often
    (antal-givar). Under the same-dealer variant count turns of the deal, not deals.

    >>> suggest_end([2, 2, 2]), suggest_end([2, 2, 1]), suggest_end([0, 0, 0])
    (True, False, False)
    """
    if isinstance(deals_dealt_by_each, str | bytes) or not isinstance(
        deals_dealt_by_each, Sequence
    ):
        raise SettlementError.at(
            "deals_dealt_by_each", N_("must be a sequence of counts, one per player")
        )
    if len(deals_dealt_by_each) < 2:
        raise SettlementError.at(
            "deals_dealt_by_each", N_("needs a count for each of at least 2 players")
        )
    for i, d in enumerate(deals_dealt_by_each):
        if isinstance(d, bool) or not isinstance(d, int) or d < 0:
            raise SettlementError.at(
                "deals_dealt_by_each",
                N_("must be a whole number from 0, not {value}"),
                item=i,
                value=repr(d),
            )
    return len(set(deals_dealt_by_each)) == 1 and deals_dealt_by_each[0] > 0


def turns_dealt(
    dealers: Sequence[int], n_players: int, *, same_dealer_variant: bool = False
) -> tuple[int, ...]:
    """How many turns of the deal each player has had, from the dealers of the deals so far
    in order: the counts :func:`suggest_end` weighs. Under the variant where the same dealer
    keeps the deal until someone holds a Tricon, Sequence or Flush (same-dealer), his run of
    deals is one turn.

    >>> turns_dealt([0, 1, 1, 2, 0], 3)
    (2, 2, 1)
    >>> turns_dealt([0, 1, 1, 2, 0], 3, same_dealer_variant=True)
    (2, 1, 1)
    """
    counts = [0] * n_players
    previous: int | None = None
    for i, dealer in enumerate(dealers):
        player_index(dealer, "dealers", n_players, item=i)
        if not same_dealer_variant or dealer != previous:
            counts[dealer] += 1
        previous = dealer
    return tuple(counts)


# --- From a showdown (a game of the registry settles a deal from the cards) ---------------


def outcomes_from_showdown(result: Showdown) -> tuple[HandOutcome, ...]:
    """The settlement's view of a showdown: each hand's place and combination.

    Where the showdown gave a tie for first place to one hand (the dealer, under the
    Swedish text or Peel's ``exact_ties="dealer"`` option), the other equal hands are
    placed second: they were beaten by the tie rule.

    >>> from games.engine.cards import parse_hands
    >>> from games.engine.commerce import PeelRules, showdown
    >>> rules = PeelRules(exact_ties="dealer")
    >>> hands = parse_hands(["QH KH AH", "QS KS AS", "2C 3D 9H"], rules.pack)
    >>> outcomes_from_showdown(showdown(hands, rules, dealer=1))
    (HandOutcome(place=2, category='sequence'), HandOutcome(place=1, category='sequence'), \
HandOutcome(place=3, category='point'))
    """
    winners = set(result.winners)
    return tuple(
        HandOutcome(
            2 if p.place == 1 and winners and p.hand not in winners else p.place,
            p.value.category.value,
        )
        for p in result.placings
    )
