"""Vingt-un as Peel describes it (*Round Games with Cards*, 1891): one round settled.

A round is one request (:class:`VingtUn`, ``POST /api/v1/vingt-un/settle``): the dealer,
whether he called "double", whether it is the first hand of his deal, and each player's
hand or hands (a divided pair) with their stakes. The answer says what each hand counts,
who pays whom and why, each payment citing its paragraph of the fragment
(``content/rulebooks/peel-vingt-un.md``), and who deals next.

Our copy of the book is a fragment: it describes play and stops where the book turns to the
variations. What it leaves open is stated as an editorial ruling (:data:`ACE`,
:data:`DEAL_PASSES`, ...); where tables differ, the ruling has a house-rule option.

>>> game = VingtUn()
>>> answer = game.answer(game.example())
>>> [str(n) for n in answer.body["net"]], answer.body["next_dealer"]
(['-5', '0', '-1', '6'], 1)
>>> answer.reasons[-1].text
'Player 4 holds a natural Vingt-un, which puts the dealer, player 1, out: the deal passes \
to the player on his left, player 2.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar, Final, Literal

from games.engine.amounts import Written
from games.engine.cards import Card, Rank, parse_card  # noqa: F401 (the doctests use it)
from games.engine.citations import VINGT_UN, Citation, Reason, Ruling, ruling
from games.engine.games import Answer, Config, Option, RequestGame, Transfer
from games.engine.requests import (
    ANSWER_AMOUNT_SCHEMA,
    Refuse,
    RequestError,
    flag_schema,
    read_amount_in,
    read_cards,
    read_flag,
    read_index,
    short,
    unknown_key,
    whole_schema,
)
from games.engine.wording import N_, EngineError, Mention, Said, Word, fill, said

__all__ = [
    "ACE",
    "DEALER_DIVIDES",
    "DEAL_PASSES",
    "DIVIDED_TWENTY_ONE",
    "DOUBLE_DIVIDED",
    "FIRST_HAND_NATURAL",
    "ONE_PACK",
    "PAIR",
    "SEVERAL_NATURALS",
    "HandValue",
    "Payment",
    "VingtUn",
    "VingtUnError",
    "is_natural",
    "pay",
    "points",
    "twelve_player_request",
]


def vingt_un(anchor: str) -> Citation:
    """A paragraph of Peel's Vingt-un.

    >>> str(vingt_un("staking"))
    'peel-vingt-un#staking'
    """
    return Citation(VINGT_UN, anchor)


OBJECT: Final = vingt_un("object")
DEALING: Final = vingt_un("dealing")
STAKING: Final = vingt_un("staking")
PLAYER_NATURAL: Final = vingt_un("player-natural")
DRAWING: Final = vingt_un("drawing")
DEALER_DRAWS: Final = vingt_un("dealer-draws")
DRAWN_VINGT_UN: Final = vingt_un("drawn-vingt-un")
DIVIDING_PAIRS: Final = vingt_un("dividing-pairs")
PACK_NOT_REUNITED: Final = vingt_un("pack-not-reunited")
DEAL_PASSES_AT: Final = vingt_un("deal-passes")
FIRST_HAND_AT: Final = vingt_un("first-hand-natural")


# --------------------------------------------------------------------------- rulings

ACE: Final = ruling(
    "vingt-un-ace",
    N_(
        "What does each card count? The fragment says the pips count 'as already mentioned', "
        "in a part of the book our copy lacks."
    ),
    N_(
        "A card counts its pips, a ten and a court card (knave, queen, king) count ten, and an "
        "ace one or eleven at its holder's choice: a hand counts the most it can without passing "
        "21, and has over-drawn when it passes 21 with every ace counted one. The ten and the "
        "court cards counting alike is the text's own ('an ace or a 10 (or court card)' makes a "
        "natural); the ace's double count is how the game was and is played, and the only count "
        "by which an ace and a ten-card make 21."
    ),
    (OBJECT, STAKING),
)
DEAL_PASSES: Final = ruling(
    "vingt-un-deal-passes",
    N_(
        "A natural Vingt-un puts the dealer out, and the deal passes 'either to the next player, "
        "or to the holder of the natural, as may have been decided upon': which?"
    ),
    N_(
        "To the next player, the one on the dealer's left, as the book advises ('it is, however, "
        "best to adopt the former system'). A table may agree on the holder of the natural, or "
        "on the variation the book mentions by which a natural does not throw out the dealer "
        "(its details are in the part of the book our copy lacks; here the natural is still paid "
        "double and the dealer keeps the deal)."
    ),
    (DEAL_PASSES_AT, PLAYER_NATURAL),
    option="deal_passes",
    default="next",
    alternatives=(
        ("next", N_("to the player on the dealer's left, as the book advises")),
        ("holder", N_("to the holder of the natural")),
        ("never", N_("a natural does not put the dealer out (the book's variation)")),
    ),
)
SEVERAL_NATURALS: Final = ruling(
    "vingt-un-several-naturals",
    N_("What happens when two or more players hold a natural Vingt-un in the same round?"),
    N_(
        "Each is paid double by the dealer (unless the dealer holds one too), and the dealer is "
        "put out once: the deal passes to the player on his left, or, when the deal goes to the "
        "holder of the natural, to the first holder in the order of play from the dealer's left, "
        "who is the first to declare it ('he should at once declare it')."
    ),
    (PLAYER_NATURAL, DEAL_PASSES_AT),
)
FIRST_HAND_NATURAL: Final = ruling(
    "vingt-un-first-hand-natural",
    N_(
        "In the first hand of a deal the dealer 'has to pay to the holder [of a natural] as for a "
        "drawn Vingt-un': at once, double, or at the end of the round as a drawn Vingt-un, which "
        "pays only a single stake to a dealer who draws 21 himself?"
    ),
    N_(
        "At once and double: the sentence speaks only of what the dealer pays the holder, and a "
        "drawn Vingt-un is paid double. A table may settle the natural at the end of the round as "
        "a drawn Vingt-un in every respect."
    ),
    (FIRST_HAND_AT, DRAWN_VINGT_UN),
    option="first_hand_natural",
    default="paid",
    alternatives=(
        ("paid", N_("the dealer pays it double at once")),
        ("as-drawn", N_("it is settled at the end of the round as a drawn Vingt-un")),
    ),
)
DIVIDED_TWENTY_ONE: Final = ruling(
    "vingt-un-divided-twenty-one",
    N_(
        "A divided hand that makes 21 with its first two cards (an ace of a divided pair and a "
        "ten-card, or a ten-card and an ace): is it a natural or a drawn Vingt-un?"
    ),
    N_(
        "A drawn Vingt-un: a natural is what a player 'receives' in the two cards dealt to him, "
        "and a divided hand's second card is one he asks the dealer for. Paid double either way, "
        "but it does not put the dealer out and it draws no natural's privileges. A table may "
        "count it a natural in every respect (the book's 'other than an ace and 10' in its "
        "account of a drawn Vingt-un points that way)."
    ),
    (DIVIDING_PAIRS, STAKING, DRAWN_VINGT_UN),
    option="divided_twenty_one",
    default="drawn",
    alternatives=(
        ("drawn", N_("a drawn Vingt-un")),
        ("natural", N_("a natural Vingt-un in every respect")),
    ),
)
PAIR: Final = ruling(
    "vingt-un-pair",
    N_(
        "Which two cards are a pair that may be divided: two of the same rank only, or any two "
        "ten-cards (a ten and a king)?"
    ),
    N_(
        "Two of the same rank: the book's 'two of the same denomination' is illustrated by 'two "
        "aces, two twos, two kings, two queens', never by two different cards of the same count."
    ),
    (DIVIDING_PAIRS,),
)
DEALER_DIVIDES: Final = ruling(
    "vingt-un-dealer-divides",
    N_(
        "The division of a pair 'is equally available for the dealer': how are the dealer's two "
        "hands settled against the players'?"
    ),
    N_(
        "The fragment does not say (against each of his hands, or the better?), so a round is "
        "settled here with the dealer's one hand; a round in which the dealer divided is refused, "
        "with this ruling named, rather than settled by a guess."
    ),
    (DIVIDING_PAIRS,),
)
DOUBLE_DIVIDED: Final = ruling(
    "vingt-un-double-divided",
    N_(
        "The dealer calls 'double' before a pair is divided: is the separate stake put on the "
        "second card of a pair doubled too?"
    ),
    N_(
        "Yes: a double doubles every stake of the round, the divided hands' included, so every "
        "hand is paid in the same unit as the player's first."
    ),
    (STAKING, DIVIDING_PAIRS),
)
ONE_PACK: Final = ruling(
    "vingt-un-one-pack",
    N_("How many may play, and may a card appear twice in one round?"),
    N_(
        "From two to twelve, dealt from one pack of 52 cards, and a card written twice in a round "
        "is refused as a slip. The pack is not re-united after each round, and when it runs out "
        "the pone's used cards are shuffled and dealt again, so a card thrown up early in a round "
        "could in principle come back in it; that is rare enough that a card twice is far more "
        "often a typing slip."
    ),
    (PACK_NOT_REUNITED, DEALING),
)

RULINGS_APPLIED: Final[tuple[Ruling, ...]] = (
    ACE,
    DEAL_PASSES,
    SEVERAL_NATURALS,
    FIRST_HAND_NATURAL,
    DIVIDED_TWENTY_ONE,
    PAIR,
    DEALER_DIVIDES,
    DOUBLE_DIVIDED,
    ONE_PACK,
)


# --------------------------------------------------------------------------- counting

TEN_CARDS: Final = frozenset({Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})
"""The cards that count ten: "a 10 (or court card)" (``staking``)."""
TWENTY_ONE: Final = 21


def low_count(cards: Sequence[Card]) -> int:
    """The count of ``cards`` with every ace one (ruling ``vingt-un-ace``).

    >>> from games.engine.cards import parse_hand
    >>> low_count([parse_card(c) for c in ("AS", "KD", "5C")])
    16
    """
    return sum(1 if card.rank == Rank.ACE else min(card.rank.value, 10) for card in cards)


def points(cards: Sequence[Card]) -> int:
    """What a hand counts: the most it can make without passing 21, an ace counting one or
    eleven at its holder's choice (ruling ``vingt-un-ace``); past 21 when every ace counted
    one passes it (the hand has over-drawn, ``drawing``).

    >>> [points([parse_card(c) for c in hand.split()]) for hand in
    ...  ("4H 9S 7D", "4H 9S 9D", "AS KD", "AS AD 9C", "AS 5D 5C KH")]
    [20, 22, 21, 21, 21]
    """
    low = low_count(cards)
    if low <= TWENTY_ONE - 10 and any(card.rank == Rank.ACE for card in cards):
        return low + 10
    return low


def is_natural(cards: Sequence[Card]) -> bool:
    """Whether two cards are a natural Vingt-un: an ace and a ten or court card (``staking``:
    "as he probably would have done when he found his first card was an ace or a 10 (or
    court card)"; ``drawn-vingt-un``: "other than an ace and 10").

    >>> [is_natural([parse_card(c) for c in hand.split()]) for hand in
    ...  ("AS KD", "10H AC", "AS AD", "AS 9D", "5S 6D KH")]
    [True, True, False, False, False]
    """
    if len(cards) != 2:
        return False
    ranks = {cards[0].rank, cards[1].rank}
    return Rank.ACE in ranks and bool(ranks & TEN_CARDS)


def is_pair(first: Card, second: Card) -> bool:
    """Whether two cards are a pair that may be divided: the same rank (``dividing-pairs``,
    ruling ``vingt-un-pair``; a ten and a king count alike but are no pair).

    >>> is_pair(parse_card("8S"), parse_card("8H")), is_pair(parse_card("10S"), parse_card("KH"))
    (True, False)
    """
    return first.rank == second.rank


@dataclass(frozen=True)
class HandValue:
    """What a hand shows at the settlement: its points, and whether it is a natural, has
    over-drawn, or is a drawn Vingt-un (21 made otherwise than by a natural)."""

    points: int
    natural: bool = False
    over_drawn: bool = False
    drawn_vingt_un: bool = False

    @classmethod
    def of(cls, cards: Sequence[Card], *, natural_allowed: bool = True) -> HandValue:
        """The value of ``cards``; ``natural_allowed`` is false for a divided hand (ruling
        ``vingt-un-divided-twenty-one``), whose ace and ten-card make a drawn Vingt-un.

        >>> HandValue.of([parse_card("AS"), parse_card("KD")])
        HandValue(points=21, natural=True, over_drawn=False, drawn_vingt_un=False)
        >>> HandValue.of([parse_card("AS"), parse_card("KD")], natural_allowed=False)
        HandValue(points=21, natural=False, over_drawn=False, drawn_vingt_un=True)
        """
        count = points(cards)
        natural = natural_allowed and is_natural(cards)
        over = count > TWENTY_ONE
        return cls(count, natural, over, count == TWENTY_ONE and not natural)

    def as_drawn(self) -> HandValue:
        """A natural counted as a drawn Vingt-un (ruling ``vingt-un-first-hand-natural``)."""
        return HandValue(self.points, False, self.over_drawn, self.points == TWENTY_ONE)


# --------------------------------------------------------------------------- paying

Case = Literal[
    "both-natural",
    "dealer-natural",
    "player-natural",
    "first-hand-natural",
    "over-drawn",
    "dealer-over-drawn",
    "both-drawn",
    "dealer-drawn",
    "player-drawn",
    "beats",
    "beaten",
]


@dataclass(frozen=True)
class Payment:
    """What the dealer pays one hand (``amount``; negative when the hand pays the dealer),
    and which rule of the book decides it (``case``)."""

    amount: Fraction
    case: Case


def pay(
    hand: HandValue,
    dealer: HandValue,
    unit: Fraction,
    *,
    first_hand: bool = False,
    first_hand_natural: str = "paid",
) -> Payment:
    """What the dealer pays a player's hand staked ``unit`` (the stake, doubled when the
    dealer called "double"); a negative amount is paid by the player.

    The book's rules, in its order: the dealer's natural collects double, except from a
    natural (``staking``, ``object``); a player's natural is paid double (``player-natural``;
    in the first hand of the deal "as for a drawn Vingt-un", ``first-hand-natural``); a hand
    that over-drew pays its stake whatever the dealer does (``drawing``, ``object``); a
    dealer who over-draws pays every hand standing (``dealer-draws``); a drawn Vingt-un is
    paid double, and the dealer's receives double, a single stake from a drawn Vingt-un
    (``drawn-vingt-un``); otherwise the dealer receives from equal or fewer points and pays
    more (``dealer-draws``).

    >>> nineteen, natural = HandValue(19), HandValue(21, natural=True)
    >>> pay(natural, nineteen, Fraction(2))
    Payment(amount=Fraction(4, 1), case='player-natural')
    >>> pay(HandValue(19), HandValue(19), Fraction(2)).amount
    Fraction(-2, 1)
    >>> pay(HandValue(21, drawn_vingt_un=True), HandValue(21, drawn_vingt_un=True), Fraction(1))
    Payment(amount=Fraction(-1, 1), case='both-drawn')
    """
    if dealer.natural:
        if hand.natural:
            return Payment(Fraction(0), "both-natural")
        return Payment(-2 * unit, "dealer-natural")
    if hand.natural and first_hand and first_hand_natural == "as-drawn":
        hand = hand.as_drawn()
    if hand.natural:
        return Payment(2 * unit, "first-hand-natural" if first_hand else "player-natural")
    if hand.over_drawn:
        return Payment(-unit, "over-drawn")
    if dealer.over_drawn:
        return Payment(2 * unit if hand.drawn_vingt_un else unit, "dealer-over-drawn")
    if dealer.drawn_vingt_un:
        if hand.drawn_vingt_un:
            return Payment(-unit, "both-drawn")
        return Payment(-2 * unit, "dealer-drawn")
    if hand.drawn_vingt_un:
        return Payment(2 * unit, "player-drawn")
    if hand.points > dealer.points:
        return Payment(unit, "beats")
    return Payment(-unit, "beaten")


_CITED: Final[dict[Case, tuple[Citation, ...]]] = {
    "both-natural": (OBJECT, STAKING),
    "dealer-natural": (STAKING,),
    "player-natural": (PLAYER_NATURAL,),
    "first-hand-natural": (FIRST_HAND_AT, DRAWN_VINGT_UN),
    "over-drawn": (DRAWING, OBJECT),
    "dealer-over-drawn": (DEALER_DRAWS,),
    "both-drawn": (DRAWN_VINGT_UN,),
    "dealer-drawn": (DRAWN_VINGT_UN,),
    "player-drawn": (DRAWN_VINGT_UN,),
    "beats": (DEALER_DRAWS, OBJECT),
    "beaten": (DEALER_DRAWS, OBJECT),
}

_SAID: Final[dict[Case, str]] = {
    "both-natural": N_(
        "{hand} and the dealer ({dealer}) both hold a natural Vingt-un: neither pays the other"
    ),
    "dealer-natural": N_(
        "The dealer ({dealer}) holds a natural Vingt-un and collects double from {hand}"
    ),
    "player-natural": N_(
        "{hand} holds a natural Vingt-un and is paid double by the dealer ({dealer})"
    ),
    "first-hand-natural": N_(
        "{hand} holds a natural Vingt-un in the first hand of the deal: the dealer ({dealer}) "
        "disregards it but pays it as a drawn Vingt-un, double"
    ),
    "over-drawn": N_("{hand} over-drew ({points} points) and pays the dealer ({dealer}) the stake"),
    "dealer-over-drawn": N_(
        "The dealer ({dealer}) over-drew ({dealer_points} points) and pays {hand}, standing on "
        "{points}, the stake"
    ),
    "both-drawn": N_(
        "The dealer ({dealer}) and {hand} both drew a Vingt-un: the player pays only the stake"
    ),
    "dealer-drawn": N_(
        "The dealer ({dealer}) drew a Vingt-un and receives double from {hand} ({points} points)"
    ),
    "player-drawn": N_(
        "{hand} drew a Vingt-un and is paid double by the dealer ({dealer}), who stands on "
        "{dealer_points}"
    ),
    "beats": N_(
        "{hand} ({points} points) beats the dealer ({dealer}), who stands on {dealer_points}, "
        "and is paid the stake"
    ),
    "beaten": N_(
        "{hand} ({points} points) pays the stake to the dealer ({dealer}), who stands on "
        "{dealer_points}"
    ),
}
"""What happens to a hand in each case, a clause (message id) that :data:`_PAID` makes a
sentence: ``{hand}`` the hand, ``{dealer}`` the dealer, ``{points}`` and ``{dealer_points}``
what their hands count."""

_PAID: Final[dict[tuple[bool, str, bool], str]] = {
    (False, "", False): N_("{what}."),
    (True, "", False): N_("{what}: {amount}."),
    (True, "stake", False): N_("{what}: {amount} (a stake of {stake})."),
    (True, "doubled", False): N_(
        "{what}: {amount} (a stake of {stake}, doubled by the dealer's call)."
    ),
    (True, "", True): N_("{what}: {amount}; he is not repaid though the dealer over-drew too."),
    (True, "stake", True): N_(
        "{what}: {amount} (a stake of {stake}); he is not repaid though the dealer over-drew too."
    ),
    (True, "doubled", True): N_(
        "{what}: {amount} (a stake of {stake}, doubled by the dealer's call); he is not repaid "
        "though the dealer over-drew too."
    ),
}
"""A hand's payment as a sentence, by whether anything is paid, what is said of the stake
(nothing, the stake, the stake doubled) and whether an over-drawn hand is told that the
dealer's over-drawing does not repay it: ``{what}`` is the clause of :data:`_SAID`,
``{amount}`` what is paid, ``{stake}`` the hand's stake."""


# --------------------------------------------------------------------------- the request


class VingtUnError(RequestError):
    """A request that no round of Vingt-un could produce, or that cannot be read.

    ``field`` is the dotted path of the value at fault (``players.1.hands.0.cards``),
    ``item`` the card's index in it for a list of cards, ``token`` the card as typed;
    the words name the player from 1 (:meth:`render` puts his name in).

    >>> try:
    ...     VingtUn().answer({"dealer": 0, "players": [
    ...         {"hands": [{"cards": "KS 9H"}]}, {"hands": [{"cards": "AS ZZ", "stake": 1}]}]})
    ... except VingtUnError as error:
    ...     print(error.field, error.item, error.token, "|", error.render(["Ann", "Bo"])[:30])
    players.1.hands.0.cards 1 ZZ | Bo, card 2: 'ZZ' is not a card
    """


_FIELDS: Final = ("dealer", "doubled", "first_hand", "players", "options")
_MAX_CARDS: Final = 12
"""The most cards a hand can hold: four aces, four twos and three threes make 21 with every
ace counted one, and the next card over-draws."""


def _fail(field: str, detail: str, *, item: int | None = None, **who: Word) -> VingtUnError:
    """An error about a field of the request itself (no player named); ``detail`` is a
    template (literal braces doubled) of ``who``."""
    return VingtUnError.about(field, detail, item=item, token=None, player=None, **who)


def _refusing(field: str) -> Refuse:
    """How a reader refuses a field of the request itself."""

    def refuse(
        detail: str, /, *, item: int | None = None, token: str | None = None, **values: Word
    ) -> Exception:
        return _fail(field, detail, item=item, **values)

    return refuse


_PLACES: Final[dict[tuple[bool, bool], str]] = {
    (False, False): N_("{player}: {detail}"),
    (True, False): N_("{player}, hand {hand}: {detail}"),
    (False, True): N_("{player}, card {card}: {detail}"),
    (True, True): N_("{player}, hand {hand}, card {card}: {detail}"),
}
"""Where a refusal stands in the request, by whether the player holds more than one hand and
whether a card is at fault: ``{player}``, his hand's number ``{hand}`` and the card's
``{card}`` (from 1), then the words of what is wrong (``{detail}``)."""


@dataclass(frozen=True)
class _Where:
    """A place in the request: a player (from 0), one of his hands, a card of it."""

    player: int
    hand: int | None = None
    hands: int = 1
    card: int | None = None

    def field(self, leaf: str | None = None) -> str:
        path = f"players.{self.player}"
        if self.hand is not None:
            path += f".hands.{self.hand}"
        return path if leaf is None else f"{path}.{leaf}"

    def fail(
        self, leaf: str | None, detail: str, /, *, token: str | None = None, **who: Word
    ) -> VingtUnError:
        """An error at this place: the words begin with the player, his hand when he holds
        more than one, and the card (:data:`_PLACES`); ``detail`` (a template) may speak of
        others (``who``)."""
        hand = self.hand is not None and self.hands > 1
        mentions: dict[str, Word] = {
            "player": Mention("player", (self.player,), capital=True),
            "hand": (self.hand or 0) + 1,
            "card": (self.card or 0) + 1,
            "detail": said(detail, **who),
        }
        template = _PLACES[hand, self.card is not None]
        short = ", ".join(
            ([f"hand {mentions['hand']}"] if hand else [])
            + ([f"card {mentions['card']}"] if self.card is not None else [])
        )
        plain = fill(detail, who)
        return VingtUnError(
            fill(template, mentions),
            field=self.field(leaf),
            item=self.card,
            detail=f"{short}: {plain}" if short else plain,
            template=template,
            who=mentions,
            token=token,
        )

    def refusing(self, leaf: str) -> Refuse:
        """How a reader refuses the value ``leaf`` at this place (its card ``item``)."""

        def refuse(
            detail: str, /, *, item: int | None = None, token: str | None = None, **values: Word
        ) -> Exception:
            here = self if item is None else replace(self, card=item)
            return here.fail(leaf, detail, token=token, **values)

        return refuse


def _read_dealer(request: Mapping[str, object], players: int) -> int:
    if "dealer" not in request:
        raise _fail(
            "dealer",
            N_("is missing: give the dealer's index, from 0 to {last}"),
            last=players - 1,
        )
    return read_index(request["dealer"], players, _refusing("dealer"))


def _no_unknown_key(given: Mapping[Any, object], known: Sequence[str], at: _Where) -> None:
    name = unknown_key(given, known)
    if name is not None:
        raise at.fail(
            name,
            N_("{name} is not a field here; the fields are {fields}"),
            name=repr(name),
            fields=", ".join(known),
        )


def _players(request: object) -> list[object]:
    if not isinstance(request, Mapping):
        raise VingtUnError.about(
            None,
            N_("the request must be an object with the fields {fields}, not {value}"),
            fields=", ".join(_FIELDS),
            value=short(request),
        )
    if "players" not in request:
        raise _fail("players", N_("is missing: give each player's hands, in order of play"))
    players = request["players"]
    if not isinstance(players, list | tuple):
        raise _fail("players", N_("must be a list of players, not {value}"), value=short(players))
    if not VingtUn.min_players <= len(players) <= VingtUn.max_players:
        raise _fail(
            "players",
            N_(
                "Vingt-un is played here by {least} to {most} players (ruling {ruling}), the "
                "dealer among them; there are {count}"
            ),
            least=VingtUn.min_players,
            most=VingtUn.max_players,
            ruling=ONE_PACK.slug,
            count=len(players),
        )
    return list(players)


@dataclass(frozen=True)
class PlayedHand:
    """One hand as the request gives it: its cards, its stake (None for the dealer's),
    whether it is one of a divided pair, and its value at the settlement."""

    cards: tuple[Card, ...]
    stake: Fraction | None
    divided: bool
    value: HandValue


@dataclass(frozen=True)
class Round:
    """A round read from a request and checked: every hand of every player."""

    dealer: int
    doubled: bool
    first_hand: bool
    players: tuple[tuple[PlayedHand, ...], ...]


def _read_cards(raw: object, at: _Where) -> list[tuple[str, Card]]:
    cards = read_cards(raw, at.refusing("cards"), most=_MAX_CARDS)
    if len(cards) < 2:
        raise at.fail(
            "cards",
            N_(
                "a hand has at least two cards (each player is dealt two, and a divided hand "
                "is completed with another); this one has {count}"
            ),
            count=len(cards),
        )
    return cards


def _card_list(cards: Sequence[Card]) -> Said:
    """Cards as a list is written in a refusal: each card as the reader's language writes
    it, separated by spaces (no words: the layout is no message id).

    >>> _card_list([parse_card("AS"), parse_card("10H")]).words()
    'AS 10H'
    """
    names = [f"c{i}" for i in range(len(cards))]
    return Said(" ".join("{" + name + "}" for name in names), tuple(zip(names, cards, strict=True)))


def _check_drawing(cards: list[tuple[str, Card]], natural: bool, at: _Where) -> None:
    """No card after a natural or after the hand over-drew (``player-natural``, ``drawing``)."""
    held = [card for _, card in cards]
    if natural and len(held) > 2:
        here = _Where(at.player, at.hand, at.hands, 2)
        raise here.fail(
            "cards",
            N_(
                "{card} is drawn after a natural Vingt-un ({first} and {second}), which is "
                "declared at once and draws no more cards"
            ),
            token=cards[2][0],
            card=held[2],
            first=held[0],
            second=held[1],
        )
    for position in range(2, len(held)):
        if low_count(held[:position]) > TWENTY_ONE:
            here = _Where(at.player, at.hand, at.hands, position)
            raise here.fail(
                "cards",
                N_(
                    "{card} is drawn after the hand over-drew ({cards}: {points} points); a "
                    "hand that over-draws is thrown up"
                ),
                token=cards[position][0],
                card=held[position],
                cards=_card_list(held[:position]),
                points=low_count(held[:position]),
            )


def read_round(request: Mapping[str, object], config: Config) -> Round:
    """Read and check a request (the API's body, a form's values, a sheet's entry).

    Refused, naming the field, the player and the card: an unknown field, a value of the
    wrong type, a dealer who is no player, a card that is no card or is held twice (ruling
    ``vingt-un-one-pack``), a hand of fewer than two cards, a card drawn after a natural or
    after over-drawing, a missing or bad stake, a stake for the dealer, a division of
    anything but a pair (ruling ``vingt-un-pair``) or by the dealer (ruling
    ``vingt-un-dealer-divides``), and any card drawn in a round the dealer's natural ended.
    """
    raw_players = _players(request)
    unknown = unknown_key(request, _FIELDS)
    if unknown is not None:
        raise _fail(
            unknown,
            N_("is not a field of a request; its fields are {fields}"),
            fields=", ".join(_FIELDS),
        )
    n = len(raw_players)
    dealer = _read_dealer(request, n)
    doubled = read_flag(request.get("doubled", False), _refusing("doubled"))
    first_hand = read_flag(request.get("first_hand", False), _refusing("first_hand"))
    divided_natural = config["divided_twenty_one"] == "natural"
    seen: dict[Card, int] = {}
    players: list[tuple[PlayedHand, ...]] = []
    for index, raw in enumerate(raw_players):
        at = _Where(index)
        if not isinstance(raw, Mapping):
            raise at.fail(None, N_("must be an object with 'hands', not {value}"), value=short(raw))
        _no_unknown_key(raw, ("hands",), at)
        hands = raw.get("hands")
        if not isinstance(hands, list | tuple) or not hands:
            raise at.fail(
                "hands",
                N_("needs 'hands': a list of the player's hands, each with its 'cards'")
                if index == dealer
                else N_(
                    "needs 'hands': a list of the player's hands, each with its 'cards' and 'stake'"
                ),
            )
        if len(hands) > 4:
            raise at.fail(
                "hands",
                N_(
                    "holds at most four hands (a pair divided, then a third and a fourth card "
                    "of its kind); not {count}"
                ),
                count=len(hands),
            )
        if index == dealer and len(hands) > 1:
            raise at.fail(
                "hands",
                N_(
                    "is the dealer, who plays one hand here: the book lets him divide a pair "
                    "but not how his hands are then settled (ruling {ruling})"
                ),
                ruling=DEALER_DIVIDES.slug,
            )
        read: list[PlayedHand] = []
        for number, hand in enumerate(hands):
            here = _Where(index, number, len(hands))
            if not isinstance(hand, Mapping):
                raise here.fail(
                    None, N_("must be an object with 'cards', not {value}"), value=short(hand)
                )
            _no_unknown_key(hand, ("cards", "stake"), here)
            if "cards" not in hand:
                raise here.fail("cards", N_("the hand's 'cards' are missing"))
            cards = _read_cards(hand["cards"], here)
            for position, (token, card) in enumerate(cards):
                if card in seen:
                    other = seen[card]
                    raise _Where(index, number, len(hands), position).fail(
                        "cards",
                        N_("{card} is also held by {other}: one pack is dealt (ruling {ruling})")
                        if other != index
                        else N_("{card} is written twice (ruling {ruling})"),
                        token=token,
                        card=card,
                        ruling=ONE_PACK.slug,
                        **({"other": Mention("player", (other,))} if other != index else {}),
                    )
                seen[card] = index
            divided = len(hands) > 1
            held = tuple(card for _, card in cards)
            may_be_natural = not divided or divided_natural
            value = HandValue.of(held, natural_allowed=may_be_natural)
            _check_drawing(cards, may_be_natural and is_natural(held[:2]), here)
            stake = _read_stake(hand.get("stake"), here, index == dealer)
            read.append(PlayedHand(held, stake, divided, value))
        if len(read) > 1:
            first = read[0].cards[0]
            for number, hand_read in enumerate(read[1:], start=1):
                if not is_pair(first, hand_read.cards[0]):
                    raise _Where(index, number, len(read), 0).fail(
                        "cards",
                        N_(
                            "a divided hand starts with a card of the pair, but {card} does not "
                            "match {first}: only two cards of the same rank among the first two "
                            "may be divided (ruling {ruling})"
                        ),
                        token=str(hand_read.cards[0]),
                        card=hand_read.cards[0],
                        first=first,
                        ruling=PAIR.slug,
                    )
        players.append(tuple(read))
    dealt = Round(dealer, doubled, first_hand, tuple(players))
    _check_dealer_natural(dealt)
    return dealt


def _read_stake(raw: object, at: _Where, is_dealer: bool) -> Fraction | None:
    if is_dealer:
        if raw is None or raw == "":
            return None
        raise at.fail(
            "stake",
            N_(
                "is the dealer, who stakes nothing (he may call 'double'): leave out his "
                "stake, not {value}"
            ),
            value=short(raw),
        )
    if raw is None or raw == "":
        raise at.fail("stake", N_("the hand's stake is missing"))
    refuse = at.refusing("stake")

    def stake(
        detail: str, /, *, item: int | None = None, token: str | None = None, **values: Word
    ) -> Exception:
        return refuse(N_("stake {detail}"), detail=said(detail, **values))

    return read_amount_in(raw, stake)


def _check_dealer_natural(dealt: Round) -> None:
    """The dealer's natural ends the round before anyone draws or divides (``staking``:
    "he at once declares it"; ``drawing``: "If the dealer has not secured a natural ...")."""
    if not dealt.players[dealt.dealer][0].value.natural:
        return
    dealer = Mention("player", (dealt.dealer,))
    for index, hands in enumerate(dealt.players):
        if index == dealt.dealer:
            continue
        if len(hands) > 1:
            raise _Where(index).fail(
                "hands",
                N_(
                    "divides a pair, but {dealer}, the dealer, holds a natural Vingt-un, which "
                    "ends the round before anyone divides or draws"
                ),
                dealer=dealer,
            )
        if len(hands[0].cards) > 2:
            raise _Where(index, 0, 1, 2).fail(
                "cards",
                N_(
                    "draws a third card, but {dealer}, the dealer, holds a natural Vingt-un, "
                    "which ends the round before anyone draws"
                ),
                token=str(hands[0].cards[2]),
                dealer=dealer,
            )


# --------------------------------------------------------------------------- settling


def _hand_words(player: int, hand: int, hands: int, *, capital: bool) -> Word:
    """A player's hand as a reason names it: the player, or his hand by its number when he
    divided a pair."""
    mention = Mention("player", (player,), capital=capital)
    if hands == 1:
        return mention
    return said("{player}'s hand {number}", player=mention, number=hand + 1)


def settle(dealt: Round, config: Config) -> Answer:
    """Settle a checked round: each hand against the dealer's (:func:`pay`), then the deal.

    >>> game = VingtUn()
    >>> config = game.configure()
    >>> answer = settle(read_round(game.example(), config), config)
    >>> [(t.payer, t.payee, str(t.amount)) for t in answer.transfers]
    [(1, 0, '2'), (0, 1, '2'), (2, 0, '1'), (0, 3, '6')]
    """
    dealer = dealt.dealer
    dealer_hand = dealt.players[dealer][0]
    dealer_value = dealer_hand.value
    unit_factor = 2 if dealt.doubled else 1
    n = len(dealt.players)
    net = [Fraction(0)] * n
    per_hand: list[list[Fraction]] = [[Fraction(0)] * len(hands) for hands in dealt.players]
    transfers: list[Transfer] = []
    reasons: list[Reason] = []
    dealer_mention = Mention("player", (dealer,))
    order = [(dealer + k) % n for k in range(1, n)]  # the order of play, from the dealer's left
    for player in order:
        hands = dealt.players[player]
        for number, hand in enumerate(hands):
            unit = hand.stake * unit_factor if hand.stake is not None else Fraction(0)
            paid = pay(
                hand.value,
                dealer_value,
                unit,
                first_hand=dealt.first_hand,
                first_hand_natural=config["first_hand_natural"],
            )
            net[player] += paid.amount
            net[dealer] -= paid.amount
            per_hand[player][number] = paid.amount
            per_hand[dealer][0] -= paid.amount
            reason = _reason(paid, hand, dealt, player, number, len(hands), dealer_hand)
            reasons.append(reason)
            if paid.amount > 0:
                transfers.append(Transfer(dealer, player, paid.amount, reason))
            elif paid.amount < 0:
                transfers.append(Transfer(player, dealer, -paid.amount, reason))
    next_dealer, why, put_out = _next_dealer(dealt, config, dealer_mention)
    reasons.append(why)
    body = {
        "net": list(net),
        "hands": [
            [
                {
                    "cards": [str(card) for card in hand.cards],
                    "stake": hand.stake,
                    "points": hand.value.points,
                    "natural": hand.value.natural,
                    "over_drawn": hand.value.over_drawn,
                    "drawn_vingt_un": hand.value.drawn_vingt_un,
                    "divided": hand.divided,
                    "net": per_hand[player][number],
                }
                for number, hand in enumerate(hands)
            ]
            for player, hands in enumerate(dealt.players)
        ],
        "dealer": dealer,
        "next_dealer": next_dealer,
        "put_out_by": put_out,
    }
    return Answer(tuple(net), next_dealer, tuple(reasons), tuple(transfers), body)


def _reason(
    paid: Payment,
    hand: PlayedHand,
    dealt: Round,
    player: int,
    number: int,
    hands: int,
    dealer_hand: PlayedHand,
) -> Reason:
    clause = _SAID[paid.case]
    what = said(
        clause,
        hand=_hand_words(player, number, hands, capital=clause.startswith("{hand}")),
        dealer=Mention("player", (dealt.dealer,)),
        points=hand.value.points,
        dealer_points=dealer_hand.value.points,
    )
    stake = ""
    if paid.amount:
        if dealt.doubled:
            stake = "doubled"
        elif abs(paid.amount) != hand.stake:
            stake = "stake"
    citations = _CITED[paid.case]
    not_repaid = paid.case == "over-drawn" and dealer_hand.value.over_drawn
    if not_repaid:
        citations = (*citations, DEALER_DRAWS)
    rulings: list[str] = []
    if any(card.rank == Rank.ACE for card in hand.cards + dealer_hand.cards):
        rulings.append(ACE.slug)
    if paid.case == "first-hand-natural" or (
        dealt.first_hand and is_natural(hand.cards) and not hand.divided
    ):
        rulings.append(FIRST_HAND_NATURAL.slug)
    if hand.divided:
        rulings.append(PAIR.slug)
        if dealt.doubled:
            rulings.append(DOUBLE_DIVIDED.slug)
        if is_natural(hand.cards):
            rulings.append(DIVIDED_TWENTY_ONE.slug)
    if dealt.doubled:
        citations = (*citations, STAKING) if STAKING not in citations else citations
    return Reason.about(
        _PAID[bool(paid.amount), stake, not_repaid],
        citations,
        tuple(dict.fromkeys(rulings)),
        what=what,
        amount=Written(abs(paid.amount)),
        stake=Written(hand.stake or 0),
    )


def _next_dealer(dealt: Round, config: Config, dealer: Mention) -> tuple[int, Reason, list[int]]:
    """Who deals next, and why (``deal-passes``, ``first-hand-natural``, ``player-natural``)."""
    n = len(dealt.players)
    index = dealt.dealer
    left = (index + 1) % n
    passes = config["deal_passes"]
    dealer_natural = dealt.players[index][0].value.natural
    naturals = [
        p
        for p in ((index + k) % n for k in range(1, n))
        if any(h.value.natural for h in dealt.players[p])
    ]
    several = (SEVERAL_NATURALS.slug,) if len(naturals) > 1 else ()
    if not naturals:
        return index, _plain_keep(dealer_natural, dealer), []
    holder = Mention("player", tuple(naturals), capital=True)
    one = len(naturals) == 1
    if dealer_natural:
        return (
            index,
            Reason.about(
                N_(
                    "{holder} and {dealer}, the dealer, hold a natural Vingt-un: a natural puts "
                    "the dealer out unless he holds one too, so {dealer} keeps the deal."
                ),
                (DEAL_PASSES_AT,),
                several,
                holder=holder,
                dealer=dealer,
            ),
            [],
        )
    if dealt.first_hand:
        return (
            index,
            Reason.about(
                N_(
                    "{holder} holds a natural Vingt-un in the first hand of the deal, which "
                    "does not put the dealer out: {dealer} keeps the deal."
                )
                if one
                else N_(
                    "{holder} hold a natural Vingt-un in the first hand of the deal, which "
                    "does not put the dealer out: {dealer} keeps the deal."
                ),
                (FIRST_HAND_AT,),
                (FIRST_HAND_NATURAL.slug, *several),
                holder=holder,
                dealer=dealer,
            ),
            [],
        )
    if passes == "never":
        return (
            index,
            Reason.about(
                N_(
                    "{holder} holds a natural Vingt-un, but by the house rule a natural does "
                    "not put the dealer out: {dealer} keeps the deal."
                )
                if one
                else N_(
                    "{holder} hold a natural Vingt-un, but by the house rule a natural does "
                    "not put the dealer out: {dealer} keeps the deal."
                ),
                (PLAYER_NATURAL, DEAL_PASSES_AT),
                (DEAL_PASSES.slug, *several),
                holder=holder,
                dealer=dealer,
            ),
            [],
        )
    if passes == "holder":
        first = naturals[0]
        return (
            first,
            Reason.about(
                N_(
                    "{holder} holds a natural Vingt-un, which puts the dealer, {dealer}, out: "
                    "by the house rule the deal passes to the holder of the natural, {next}."
                )
                if one
                else N_(
                    "{holder} hold a natural Vingt-un, which puts the dealer, {dealer}, out: "
                    "by the house rule the deal passes to the holder of the natural, {next}."
                ),
                (PLAYER_NATURAL, DEAL_PASSES_AT),
                (DEAL_PASSES.slug, *several),
                holder=holder,
                dealer=dealer,
                next=Mention("player", (first,)),
            ),
            naturals,
        )
    return (
        left,
        Reason.about(
            N_(
                "{holder} holds a natural Vingt-un, which puts the dealer, {dealer}, out: the "
                "deal passes to the player on his left, {next}."
            )
            if one
            else N_(
                "{holder} hold a natural Vingt-un, which puts the dealer, {dealer}, out: the "
                "deal passes to the player on his left, {next}."
            ),
            (PLAYER_NATURAL, DEAL_PASSES_AT),
            (DEAL_PASSES.slug, *several),
            holder=holder,
            dealer=dealer,
            next=Mention("player", (left,)),
        ),
        naturals,
    )


def _plain_keep(dealer_natural: bool, dealer: Mention) -> Reason:
    return Reason.about(
        N_(
            "Nobody but the dealer holds a natural Vingt-un, so nothing puts the dealer out: "
            "{dealer} keeps the deal."
        )
        if dealer_natural
        else N_(
            "Nobody holds a natural Vingt-un, so nothing puts the dealer out: {dealer} keeps "
            "the deal."
        ),
        (DEAL_PASSES_AT,),
        (),
        dealer=dealer,
    )


# --------------------------------------------------------------------------- the game

_FLAG_IN: Final = {**flag_schema("A flag."), "default": False}


class VingtUn(RequestGame):
    """Peel's Vingt-un: one round settled between the dealer and each player's hands.

    >>> game = VingtUn()
    >>> game.slug, game.action, game.keeps, [o.name for o in game.options]
    ('vingt-un', 'settle', 'money', ['deal_passes', 'first_hand_natural', 'divided_twenty_one'])
    >>> game.players_in(game.example())
    4
    """

    slug = "vingt-un"
    label = N_("Vingt-un")
    summary = N_(
        "Peel's Vingt-un: each player stakes on his cards against the dealer, draws towards "
        "21 without passing it, and is paid or pays as his hand stands against the dealer's."
    )
    aliases: ClassVar[tuple[str, ...]] = ()
    book = VINGT_UN
    rules_anchor = "object"
    action: ClassVar[Literal["settle", "score"]] = "settle"
    keeps: ClassVar[Literal["money", "points"]] = "money"
    min_players = 2  # ruling vingt-un-one-pack
    max_players = 12
    stake = False
    """Each hand carries its own stake in the request; there is no stake for the round."""
    options: ClassVar[tuple[Option, ...]] = (
        Option.of(DEAL_PASSES, N_("When a natural puts the dealer out, the deal passes"), "game"),
        Option.of(FIRST_HAND_NATURAL, N_("A natural in the first hand of a deal"), "payment"),
        Option.of(DIVIDED_TWENTY_ONE, N_("A divided hand that makes 21 with two cards"), "hands"),
    )
    rulings: ClassVar[tuple[Ruling, ...]] = RULINGS_APPLIED

    def answer(self, request: Mapping[str, object], config: Config | None = None) -> Answer:
        """Settle one round (:func:`read_round`, then :func:`settle`). The request's
        ``options``, when it has them, are the house rules (as for the Commerce API); a
        ``config`` given as well must agree with them.

        >>> game = VingtUn()
        >>> request = {**game.example(), "options": {"deal_passes": "holder"}}
        >>> game.answer(request).next_dealer
        3
        """
        config = self._config(request, config)
        return settle(read_round(request, config), config)

    def _config(self, request: Mapping[str, object], config: Config | None) -> Config:
        if not isinstance(request, Mapping) or "options" not in request:
            return self.configure() if config is None else config
        raw = request["options"]
        if not isinstance(raw, Mapping):
            raise _fail(
                "options", N_("must be an object of house rules, not {value}"), value=short(raw)
            )
        try:
            made = self.configure(raw)
        except EngineError as error:
            name = f"options.{error.field}"
            raise VingtUnError(
                f"{name}: {error.detail}",
                field=name,
                detail=error.detail,
                template=error.template,
                who=dict(error.who),
            ) from None
        if config is not None and dict(made) != dict(config):
            raise _fail("options", N_("differ from the house rules the table set; give them once"))
        return made

    def players_in(self, request: Mapping[str, object]) -> int:
        """How many players a request has (its ``players``), refused as :meth:`answer` would.

        >>> VingtUn().players_in({"players": [{}]})
        Traceback (most recent call last):
        ...
        games.engine.vingt_un.VingtUnError: players: Vingt-un is played here by 2 to 12 \
players (ruling vingt-un-one-pack), the dealer among them; there are 1
        """
        return len(_players(request))

    def carried(
        self, previous: Mapping[str, object] | None, dealer: int | None
    ) -> dict[str, object]:
        """Whether the deal is the first hand of ``dealer``'s deal (``first-hand-natural``:
        a natural in it does not put the dealer out): the first of the evening, or one dealt
        by another player than the deal before (the deal passed). The deal before is a
        request as sent, its dealer a number or the form's text of one.

        >>> game = VingtUn()
        >>> game.carried(None, 0), game.carried({"dealer": "0"}, 0), game.carried({"dealer": 0}, 2)
        ({'first_hand': True}, {'first_hand': False}, {'first_hand': True})
        """
        return {"first_hand": previous is None or str(previous.get("dealer")) != str(dealer)}

    def blank(self) -> dict[str, object]:
        """The dealer and one player, who stakes 1.

        >>> VingtUn().blank()["players"]
        [{'hands': [{'cards': []}]}, {'hands': [{'cards': [], 'stake': 1}]}]
        """
        return {
            "dealer": 0,
            "doubled": False,
            "first_hand": False,
            "players": [{"hands": [{"cards": []}]}, {"hands": [{"cards": [], "stake": 1}]}],
        }

    def example(self) -> dict[str, object]:
        """A round of four, player 1 dealing: player 2 divides a pair of eights (18 against
        the dealer's 19 loses, a drawn Vingt-un is paid double), player 3 over-draws, player 4
        holds a natural, which puts the dealer out.

        >>> VingtUn().answer(VingtUn().example()).body["hands"][1][1]["drawn_vingt_un"]
        True
        """
        return {
            "dealer": 0,
            "doubled": False,
            "first_hand": False,
            "players": [
                {"hands": [{"cards": ["9C", "7D", "3S"]}]},
                {
                    "hands": [
                        {"cards": ["8H", "KD"], "stake": 2},
                        {"cards": ["8S", "3C", "QH"], "stake": 1},
                    ]
                },
                {"hands": [{"cards": ["5S", "9D", "JC"], "stake": 1}]},
                {"hands": [{"cards": ["AH", "KS"], "stake": 3}]},
            ],
        }

    def request_schema(self) -> dict[str, object]:
        """The JSON Schema of a request (OpenAPI 3.1).

        >>> schema = VingtUn().request_schema()
        >>> schema["required"], sorted(schema["properties"])
        (['dealer', 'players'], ['dealer', 'doubled', 'first_hand', 'options', 'players'])
        """
        cards = {
            "description": "The hand's cards in the order received, as codes (AS, 10H, KD) "
            "or one string of codes separated by spaces or commas.",
            "oneOf": [
                {"type": "array", "items": {"type": "string"}, "minItems": 2,
                 "maxItems": _MAX_CARDS},
                {"type": "string", "maxLength": 400},
            ],
        }  # fmt: skip
        stake = {
            "description": "What the player staked on this hand before any double (left out "
            "for the dealer's hand); an amount like 1, 0.5, 1/2 or 2 1/3.",
            "anyOf": [
                {"type": "number", "exclusiveMinimum": 0, "maximum": 10**9},
                {"type": "string", "maxLength": 64},
                {"type": "null"},
            ],
        }
        hand = {
            "type": "object",
            "additionalProperties": False,
            "required": ["cards"],
            "properties": {"cards": cards, "stake": stake},
        }
        player = {
            "type": "object",
            "additionalProperties": False,
            "required": ["hands"],
            "properties": {
                "hands": {
                    "description": "One hand; more only when a pair among the first two cards "
                    "was divided, each divided hand starting with a card of the pair. The "
                    "dealer plays one hand.",
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 4,
                    "items": hand,
                }
            },
        }
        options = {
            "type": "object",
            "additionalProperties": False,
            "description": "House rules (each an editorial ruling's alternatives).",
            "properties": {
                o.name: {
                    "type": "string",
                    "enum": [value for value, _ in o.values],
                    "default": o.default,
                    "description": o.label,
                }
                for o in self.options
            },
        }
        return {
            "type": "object",
            "additionalProperties": False,
            "required": ["dealer", "players"],
            "properties": {
                "dealer": whole_schema(
                    "The dealer's index in players, from 0.",
                    {"type": "integer", "minimum": 0, "maximum": self.max_players - 1},
                ),
                "doubled": {**_FLAG_IN, "description": "The dealer called 'double'."},
                "first_hand": {
                    **_FLAG_IN,
                    "description": "The first hand of this dealer's deal.",
                },
                "players": {
                    "description": "Every player in order of play, the dealer among them; "
                    "the player on the dealer's left is dealer + 1 (after the last, 0).",
                    "type": "array",
                    "minItems": self.min_players,
                    "maxItems": self.max_players,
                    "items": player,
                },
                "options": options,
            },
        }

    def answer_schema(self) -> dict[str, object]:
        """The JSON Schema of the answer's body (OpenAPI 3.1).

        >>> sorted(VingtUn().answer_schema()["properties"])
        ['dealer', 'hands', 'net', 'next_dealer', 'put_out_by']
        """
        index = {"type": "integer", "minimum": 0}
        hand = {
            "type": "object",
            "required": [
                "cards", "stake", "points", "natural", "over_drawn", "drawn_vingt_un",
                "divided", "net",
            ],
            "properties": {
                "cards": {"type": "array", "items": {"type": "string"}},
                "stake": {"anyOf": [ANSWER_AMOUNT_SCHEMA, {"type": "null"}],
                          "description": "The stake before any double; null for the dealer."},
                "points": {"type": "integer", "description": "The most the hand counts "
                           "without passing 21 (an ace one or eleven); past 21 when over-drawn."},
                "natural": {"type": "boolean"},
                "over_drawn": {"type": "boolean"},
                "drawn_vingt_un": {"type": "boolean"},
                "divided": {"type": "boolean", "description": "One of a divided pair."},
                "net": {**ANSWER_AMOUNT_SCHEMA, "description": "What the hand won or lost; the "
                        "dealer's hand: all he won or lost."},
            },
        }  # fmt: skip
        return {
            "type": "object",
            "required": ["net", "hands", "dealer", "next_dealer", "put_out_by"],
            "properties": {
                "net": {
                    "description": "What each player won or lost, in request order (sums to 0).",
                    "type": "array",
                    "items": ANSWER_AMOUNT_SCHEMA,
                },
                "hands": {
                    "description": "Each player's hands, in request order.",
                    "type": "array",
                    "items": {"type": "array", "items": hand},
                },
                "dealer": index,
                "next_dealer": {**index, "description": "Who deals the next round."},
                "put_out_by": {
                    "description": "The players whose natural put the dealer out.",
                    "type": "array",
                    "items": index,
                },
            },
        }


def twelve_player_request() -> dict[str, object]:
    """A round of twelve, the most a table holds here, player 6 dealing and doubling: a
    natural, a divided pair of tens, over-draws, drawn Vingt-uns and a dealer who draws to
    17 -- the request ``make bench`` times (:meth:`VingtUn.answer`).

    >>> [str(n) for n in VingtUn().answer(twelve_player_request()).scores]
    ['4', '4', '-6', '-2', '0', '2', '2', '-4', '-6', '4', '8', '-6']
    """
    stakes = (1, 2, 3, 1, 2, None, 1, 2, 3, 1, 2, 3)
    hands = (
        ["JD AC"], ["2D QH 8H"], ["KS 5D QC"], ["3H KH JH"], ["10H JC 8C", "10D 9H"],
        ["7S 10C"], ["6H 3S AD"], ["4H 5S 6D 5H KD"], ["8S 9D"], ["9S 5C 7D"],
        ["KC 4C AS 6S"], ["3D AH 10S 3C"],
    )  # fmt: skip
    players = [
        {
            "hands": [
                {"cards": cards.split()}
                if stake is None
                else {"cards": cards.split(), "stake": stake}
                for cards in held
            ]
        }
        for held, stake in zip(hands, stakes, strict=True)
    ]
    return {"dealer": 5, "doubled": True, "first_hand": False, "players": players}
