"""Speculation (Squareman, 1916): the highest trump takes the pool, and trumps are sold.

Clarence Squareman's short account (``#speculation-intro`` to ``#speculation-looking``): the
dealer puts, say, six counters in the pool and every other player four; each is dealt three
cards and a card is turned up for trumps; the cards are turned up one by one and the owner
of a trump may keep it or sell it to the highest bidder; at the end the player who holds the
highest trump, in his own hand or among the cards he has bought, takes the pool, and there
is another deal.

The engine settles one deal from the cards dealt, the turn-up and the sales in the order
they were made: who ends holding which card, who takes the pool and with which trump, and
who paid whom (:class:`Speculation`, a :class:`~games.engine.games.RequestGame`). Where
the text is silent the engine applies a stated ruling (the ``speculation-*`` rulings below),
three of them with a house-rule option.

>>> game = Speculation()
>>> answer = game.answer({"dealer": 0, "turn_up": "7H",
...     "players": [{"hand": "2C 5D 9S"}, {"hand": "QH 3S 4D"}, {"hand": "AH KC 8D"}],
...     "sales": [{"card": "AH", "from": 2, "to": 1, "price": 5}]})
>>> answer.body["winner"], answer.body["winning_card"], [str(n) for n in answer.body["net"]]
(1, 'AH', ['-6', '5', '1'])
>>> [reason.text for reason in answer.reasons][-2]
'Player 2 holds the highest trump, the ace of hearts (AH), bought from player 3 in sale 1, \
and takes the pool of 14.'
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import ClassVar, Final, Literal

from games.engine.amounts import MAX_AMOUNT, SANE, Written
from games.engine.cards import CARDS, Card, Rank, Suit, parse_card  # noqa: F401 (doctests)
from games.engine.citations import SQUAREMAN, Citation, Reason, ruling
from games.engine.games import Answer, Config, Option, RequestGame, Transfer
from games.engine.requests import (
    ANSWER_AMOUNT_SCHEMA,
    Refuse,
    RequestError,
    read_amount_in,
    read_card,
    read_codes,
    read_index,
    short,
    unknown_key,
)
from games.engine.wording import N_, Mention, Said, Word, fill, said

__all__ = [
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MAX_SALES",
    "MIN_PLAYERS",
    "Deal",
    "Sale",
    "Speculation",
    "SpeculationError",
    "bench_requests",
    "busiest_request",
    "read_deal",
    "trump_order_key",
]


def squareman(anchor: str) -> Citation:
    """A paragraph of Squareman's Speculation.

    >>> str(squareman("speculation-play"))
    'squareman-speculation-all-fours#speculation-play'
    """
    return Citation(SQUAREMAN, anchor)


INTRO: Final = squareman("speculation-intro")
"""Any number play for counters; "The highest trump in each deal wins the pool"."""
DEAL: Final = squareman("speculation-deal")
"""The pool (say six and four), three cards each, the turn-up, a trump kept or sold."""
PLAY: Final = squareman("speculation-play")
"""Every card shown and disposed of; the highest trump, own or bought, takes the pool."""
DEALER_WINS: Final = squareman("speculation-dealer-wins")
"""No other player holds a trump and the turn-up was not bought: the dealer takes the pool."""

HAND_SIZE: Final = 3
"""Three cards are given to each person (``#speculation-deal``)."""
MIN_PLAYERS: Final = 2
"""The fewest players accepted (ruling ``speculation-players``)."""
MAX_PLAYERS: Final = (len(CARDS) - 1) // HAND_SIZE
"""The most players the 52-card pack deals to: three each and the turn-up (17)."""
MAX_SALES: Final = 100
"""The most sales one deal records. The text sets no limit, but at most thirteen trumps
are dealt and each is sold a few times at most: more is a typing slip, not a deal."""

# --------------------------------------------------------------------------- rulings

TRUMP_ORDER: Final = ruling(
    "speculation-trump-order",
    N_(
        "Speculation's text says only that 'the highest trump' takes the pool: which trump is "
        "highest?"
    ),
    N_(
        "The ace, then the king, queen, knave, ten and so on down to the two: the order the same "
        "book gives for All Fours ('the ace is the highest card and the deuce (the two) is the "
        "lowest') and the order of the trumps in most English games of the time."
    ),
    (INTRO, PLAY, squareman("begging")),
    option="trump_order",
    default="ace-high",
    alternatives=(
        ("ace-high", N_("the ace is the highest trump and the two the lowest")),
        ("ace-low", N_("the king is the highest trump and the ace, counted as one, the lowest")),
    ),
)
TURN_UP: Final = ruling(
    "speculation-turn-up",
    N_(
        "The pool goes to the highest trump held 'either in his own hand or among the cards he "
        "has bought'. The dealer's turn-up is neither: does it count as his trump while he "
        "holds it?"
    ),
    N_(
        "Yes: the turn-up is the dealer's card until he sells it and counts as his trump like "
        "any other. The paragraph that gives the dealer the pool when no other player holds a "
        "trump and the turn-up was not bought is then the case where his turn-up is the only "
        "trump out."
    ),
    (PLAY, DEALER_WINS, DEAL),
    option="dealer_turn_up",
    default="counts",
    alternatives=(
        ("counts", N_("the turn-up counts as the dealer's trump until he sells it")),
        (
            "only-bought",
            N_(
                "the turn-up counts only once bought (for whoever bought it last); the dealer "
                "takes the pool by it only when no other player holds a trump, as the last "
                "paragraph says"
            ),
        ),
    ),
)
SALES: Final = ruling(
    "speculation-sales",
    N_(
        "The text describes a trump sold by its owner as it is turned up. May a buyer sell it on, "
        "may the dealer sell the turn-up, may a card that is not a trump be sold?"
    ),
    N_(
        "A trump may be sold by whoever holds it at that moment (its owner, the dealer his "
        "turn-up, or a buyer selling it on) to any other player; the sales are taken in the order "
        "given. A card that is not a trump is refused: the text offers only trumps for sale, and "
        "no other card can win. The engine is not told the order in which the cards were turned "
        "up, so it does not check that a card was face up when it was sold."
    ),
    (DEAL, PLAY, DEALER_WINS),
    option="sellable",
    default="trumps",
    alternatives=(
        ("trumps", N_("only trumps may be sold, as the text describes")),
        ("any", N_("any card dealt may be sold, trump or not (a table that buys cards unseen)")),
    ),
)
PRICE: Final = ruling(
    "speculation-price",
    N_(
        "What may a card's price be? The text says only that the owner 'sells it for the highest "
        "price he can get'."
    ),
    N_(
        "Any amount from 0. A price of 0 passes the card with nothing paid (a card given away, "
        "or a bid of nothing taken); a fraction is accepted as everywhere on this site, since "
        "'the value of the stakes is settled by the company' and a table playing for money may "
        "pay in halves. A price is never negative: the buyer pays the seller."
    ),
    (DEAL, INTRO),
)
POOL: Final = ruling(
    "speculation-pool",
    N_(
        "The dealer puts 'say, six counters' in the pool and every other player four: are those "
        "the amounts?"
    ),
    N_(
        "Six and four unless the table says otherwise: the text's 'say' leaves them to the "
        "company, so a table sets its own as house rules (the dealer's share and each other "
        "player's), and one deal may give the amounts it was played for. Whoever takes the pool "
        "takes every share, his own included, so each other player loses his share to him."
    ),
    (DEAL, INTRO),
)
NEXT_DEALER: Final = ruling(
    "speculation-next-dealer",
    N_("After the pool is taken 'there is another deal': who deals it?"),
    N_(
        "The player on the dealer's left, as the deal goes round in Commerce and the other round "
        "games of the time; the text names nobody else."
    ),
    (PLAY, DEAL),
)
PLAYERS: Final = ruling(
    "speculation-players",
    N_("'Any number of persons may play': how many does the engine accept?"),
    N_(
        "From 2 to 17: a pool needs a player to win it from, and 17 players take 51 cards, "
        "three each, with the turn-up the last of the 52-card pack."
    ),
    (INTRO, DEAL),
)

assert PLAYERS.reading.startswith(f"From {MIN_PLAYERS} to {MAX_PLAYERS}: ") and (
    f"{MAX_PLAYERS} players take {MAX_PLAYERS * HAND_SIZE} cards" in PLAYERS.reading
), "the ruling's words (a message id, so written out) say the limits"

RULINGS_APPLIED: Final = (TRUMP_ORDER, TURN_UP, SALES, PRICE, POOL, NEXT_DEALER, PLAYERS)
"""Every ruling Speculation applies, in the order of play."""

TrumpOrder = Literal["ace-high", "ace-low"]
"""The values of the ``trump_order`` option (ruling ``speculation-trump-order``)."""


def trump_order_key(card: Card, order: TrumpOrder = "ace-high") -> int:
    """The rank of ``card`` among the trumps: higher wins (ruling ``speculation-trump-order``).

    >>> ace, king = parse_card("AH"), parse_card("KH")
    >>> trump_order_key(ace) > trump_order_key(king)
    True
    >>> trump_order_key(ace, "ace-low") < trump_order_key(parse_card("2H"), "ace-low")
    True
    """
    if order == "ace-low" and card.rank == Rank.ACE:
        return 1
    return int(card.rank)


# --------------------------------------------------------------------------- errors


class SpeculationError(RequestError):
    """A request no deal of Speculation could produce.

    ``field`` is the dotted path of the value at fault as the form names its input
    (``players.1.hand``, ``sales.0.from``), ``item`` the card's index in a list of cards;
    the words name the player (from 1), the sale (from 1) and the card.

    >>> error = SpeculationError.at("sales.1.from", "Sale 2: {seller} does not hold the 7H",
    ...                             seller=Mention("player", (2,)))
    >>> str(error), error.field, error.render(["Ann", "Bo", "Cy"])
    ('Sale 2: player 3 does not hold the 7H', 'sales.1.from', 'Sale 2: Cy does not hold the 7H')
    """

    @classmethod
    def at(
        cls, field: str | None, template: str, item: int | None = None, /, **who: Word
    ) -> SpeculationError:
        """The refusal of ``field`` (its card ``item``): ``template`` with ``who`` filled in
        (literal braces doubled)."""
        return cls(fill(template, who), field=field, item=item, template=template, who=who)


def _card_error(
    field: str, template: str, item: int | None, token: str | None, who: Mapping[str, Word]
) -> SpeculationError:
    """:meth:`SpeculationError.at`, with the card as typed."""
    error = SpeculationError.at(field, template, item, **who)
    error.token = token
    return error


def _refusing(field: str, frame: str, **who: Word) -> Refuse:
    """How a reader refuses the value at ``field``: its words in ``{detail}`` of ``frame``
    (a template of ``who``: "Sale {sale}: the buyer (to) {detail}")."""

    def refuse(
        detail: str, /, *, item: int | None = None, token: str | None = None, **values: Word
    ) -> Exception:
        return _card_error(field, frame, item, token, {**who, "detail": said(detail, **values)})

    return refuse


def _refusing_hand(field: str, **who: Word) -> Refuse:
    """How a reader refuses a player's hand (``{player}`` in ``who``), or a card of it."""

    def refuse(
        detail: str, /, *, item: int | None = None, token: str | None = None, **values: Word
    ) -> Exception:
        here: dict[str, Word] = {**who, "detail": said(detail, **values)}
        if item is None:
            frame = N_("{player}'s hand: {detail}")
        else:
            frame = N_("{player}, card {card}: {detail}")
            here["card"] = item + 1
        return _card_error(field, frame, item, token, here)

    return refuse


def _player(index: int, *, capital: bool = False) -> Mention:
    if 0 <= index < len(_PLAYERS):
        return _PLAYERS[index][capital]
    return Mention("player", (index,), capital=capital)


_PLAYERS: Final = tuple(
    (Mention("player", (i,)), Mention("player", (i,), capital=True)) for i in range(MAX_PLAYERS)
)
"""Each player's mention made once (a mention is immutable and writes its English once):
a deal of 60 sales speaks of a player 140 times."""


# --------------------------------------------------------------------------- the deal


@dataclass(frozen=True)
class Sale:
    """One sale, as made at the table: ``seller`` passes ``card`` to ``buyer`` for ``price``
    (players by index from 0).

    >>> deal = read_deal(Speculation().example(), Speculation().configure())
    >>> sale = deal.sales[2]
    >>> str(sale.card), sale.seller, sale.buyer, str(sale.price)
    ('KD', 0, 2, '8')
    """

    card: Card
    seller: int
    buyer: int
    price: Fraction


@dataclass(frozen=True)
class Deal:
    """One deal of Speculation, read and checked by :func:`read_deal`.

    ``owners`` says who holds each card dealt at the end, after every sale; ``bought_from``
    who last sold each card that changed hands, with the sale's number from 1.

    >>> deal = read_deal(Speculation().example(), Speculation().configure())
    >>> deal.players, deal.trumps, str(deal.pool), str(deal.share(3)), str(deal.share(0))
    (5, <Suit.DIAMONDS: 'D'>, '22', '6', '4')
    >>> [str(c) for c in deal.held(2)], [str(c) for c in deal.held(3)]
    (['5C', 'JH', '3D', 'QD', 'KD'], ['8S', 'AC', '6H', '9D'])
    >>> deal.bought_from[deal.sales[0].card]
    (0, 3)
    """

    dealer: int
    turn_up: Card
    hands: tuple[tuple[Card, ...], ...]
    sales: tuple[Sale, ...]
    pool_dealer: Fraction
    pool_others: Fraction
    owners: Mapping[Card, int]
    bought_from: Mapping[Card, tuple[int, int]]

    @property
    def players(self) -> int:
        """How many play."""
        return len(self.hands)

    @property
    def trumps(self) -> Suit:
        """The suit of the turn-up: "the same suit as the card the dealer turned up"."""
        return self.turn_up.suit

    @property
    def pool(self) -> Fraction:
        """The whole pool: the dealer's share and every other player's."""
        return self.pool_dealer + self.pool_others * (self.players - 1)

    def share(self, player: int) -> Fraction:
        """What ``player`` put in the pool."""
        return self.pool_dealer if player == self.dealer else self.pool_others

    def held(self, player: int) -> list[Card]:
        """The cards ``player`` holds at the end: his own hand's kept, the turn-up (the
        dealer's, unsold), then the cards he bought, in the order bought."""
        own = [c for c in self.hands[player] if c not in self.bought_from]
        if player == self.dealer and self.turn_up not in self.bought_from:
            own.append(self.turn_up)
        bought = sorted(
            (c for c, who in self.owners.items() if who == player and c in self.bought_from),
            key=lambda c: self.bought_from[c][1],
        )
        return own + bought


_REQUEST_KEYS: Final = ("dealer", "turn_up", "players", "sales", "pool")
_PLAYER_KEYS: Final = ("hand",)
_SALE_KEYS: Final = ("card", "from", "to", "price")
_POOL_KEYS: Final = ("dealer", "others")


def _object(
    value: object, field: str | None, what: Word, keys: Sequence[str]
) -> Mapping[str, object]:
    """``value`` as a JSON object with only ``keys``; ``what`` names it in words."""
    if type(value) is not dict and not isinstance(value, Mapping):
        shown = ", ".join(repr(k) for k in keys)
        raise SpeculationError.at(
            field,
            N_("{what} must be an object with {keys}, not {value}"),
            what=what,
            keys=shown,
            value=short(value),
        )
    key = unknown_key(value, keys)
    if key is not None:
        where = key if field is None else f"{field}.{key}"
        shown = ", ".join(repr(k) for k in keys)
        raise SpeculationError.at(
            where,
            N_("{what} has no field {key}: its fields are {keys}"),
            what=what,
            key=short(key),
            keys=shown,
        )
    return value


def players_count(request: Mapping[str, object]) -> int:
    """How many players a request lists (its ``players``), checked against the pack.

    >>> players_count({"players": [{"hand": "AS KS QS"}] * 3})
    3
    >>> players_count({"players": [{}] * 18})
    Traceback (most recent call last):
    ...
    games.engine.speculation.SpeculationError: Speculation is played here by 2 to 17 \
players (three cards each and the turn-up from the 52-card pack), not 18
    """
    players = request.get("players") if isinstance(request, Mapping) else None
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SpeculationError.at(
            "players",
            N_(
                'players must be a list of the players in order, each {{"hand": [3 cards]}}, '
                "not {value}"
            ),
            value=short(players),
        )
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise SpeculationError.at(
            "players",
            N_(
                "Speculation is played here by {least} to {most} players (three cards each and "
                "the turn-up from the 52-card pack), not {count}"
            ),
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
            count=len(players),
        )
    return len(players)


def _named(card: Card) -> Said:
    """A card in words with its code: "the ace of hearts (AH)".

    >>> _named(parse_card("JH")).words()
    'the knave of hearts (JH)'
    """
    return _NAMED[card.index]


_NAMED: Final = tuple(
    said("the {rank} of {suit} ({card})", rank=card.rank.said, suit=card.suit.said, card=card)
    for card in CARDS
)
"""Each card's words made once, by :attr:`~games.engine.cards.Card.index`."""


def _sales(
    raw: object, players: int, owners: dict[Card, int], trumps: Suit, rule: str
) -> tuple[tuple[Sale, ...], dict[Card, tuple[int, int]]]:
    """The sales in order, each checked against who holds the card at that moment;
    ``owners`` is brought up to date. Returns the sales and, for each card that changed
    hands, its last seller and that sale's number from 1."""
    if isinstance(raw, str) or not isinstance(raw, Sequence):
        raise SpeculationError.at(
            "sales",
            N_(
                'sales must be a list of the sales in the order made, each {{"card": …, "from": '
                '…, "to": …, "price": …}}, not {value}'
            ),
            value=short(raw),
        )
    if len(raw) > MAX_SALES:
        raise SpeculationError.at(
            "sales",
            N_("At most {most} sales are recorded in one deal, not {count}"),
            most=MAX_SALES,
            count=len(raw),
        )
    sales: list[Sale] = []
    bought_from: dict[Card, tuple[int, int]] = {}
    for k, entry in enumerate(raw):
        field, number = f"sales.{k}", k + 1
        sale = _object(entry, field, _SALE_WORDS[k], _SALE_KEYS)
        for key in _SALE_KEYS:
            if key not in sale:
                raise SpeculationError.at(
                    f"{field}.{key}", N_("Sale {sale}: its {key} is missing"), sale=number, key=key
                )
        refuse_card, refuse_seller, refuse_buyer, refuse_price = _sale_refusers(k)
        card = read_card(sale["card"], refuse_card)
        seller = read_index(sale["from"], players, refuse_seller)
        buyer = read_index(sale["to"], players, refuse_buyer)
        price = read_amount_in(sale["price"], refuse_price, positive=False)
        if card not in owners:
            raise SpeculationError.at(
                f"{field}.card",
                N_(
                    "Sale {sale}: {card} was not dealt: it is in no player's hand and is not the "
                    "turn-up"
                ),
                sale=number,
                card=_named(card),
            )
        if rule == "trumps" and card.suit != trumps:
            raise SpeculationError.at(
                f"{field}.card",
                N_(
                    "Sale {sale}: {card} is not a trump ({trumps} are trumps); only trumps are "
                    "sold (house rule 'What may be sold' allows any card)"
                ),
                sale=number,
                card=_named(card),
                trumps=trumps.said,
            )
        holder = owners[card]
        if holder != seller:
            raise SpeculationError.at(
                f"{field}.from",
                N_("Sale {sale}: {seller} sells {card}, but {holder} holds it at that moment"),
                sale=number,
                card=_named(card),
                seller=_player(seller),
                holder=_player(holder),
            )
        if buyer == seller:
            raise SpeculationError.at(
                f"{field}.to",
                N_("Sale {sale}: {seller} is both the seller and the buyer of {card}"),
                sale=number,
                card=_named(card),
                seller=_player(seller),
            )
        owners[card] = buyer
        bought_from[card] = (seller, number)
        sales.append(Sale(card, seller, buyer, price))
    return tuple(sales), bought_from


@lru_cache(maxsize=MAX_SALES)
def _sale_refusers(k: int) -> tuple[Refuse, Refuse, Refuse, Refuse]:
    """How the readers refuse sale ``k``'s card, seller, buyer and price: made once for
    each sale's place (they depend on nothing else), not four closures a sale read."""
    field, number = f"sales.{k}", k + 1
    return (
        _refusing(f"{field}.card", N_("Sale {sale}: {detail}"), sale=number),
        _refusing(f"{field}.from", N_("Sale {sale}: the seller (from) {detail}"), sale=number),
        _refusing(f"{field}.to", N_("Sale {sale}: the buyer (to) {detail}"), sale=number),
        _refusing(f"{field}.price", N_("Sale {sale}, price: {detail}"), sale=number),
    )


_SALE_WORDS: Final = tuple(said("Sale {sale}", sale=number) for number in range(1, MAX_SALES + 1))
""""Sale 1" ... as words, made once (they name a sale an error is about)."""


def _pool(raw: object, config: Config) -> tuple[Fraction, Fraction]:
    """The dealer's and each other player's share: the request's, else the table's options."""
    dealer, others = config.amount("pool_dealer"), config.amount("pool_others")
    if raw is None:
        return dealer, others
    given = _object(raw, "pool", said("pool"), _POOL_KEYS)
    if "dealer" in given:
        refuse = _refusing("pool.dealer", N_("pool, the dealer's share: {detail}"))
        dealer = read_amount_in(given["dealer"], refuse)
    if "others" in given:
        refuse = _refusing("pool.others", N_("pool, each other player's share: {detail}"))
        others = read_amount_in(given["others"], refuse)
    return dealer, others


def read_deal(request: Mapping[str, object], config: Config) -> Deal:
    """Read and check a whole request: the dealer, the turn-up, three cards for each player,
    the pool, and the sales in order, each made by the player who held the card then.

    Every card dealt must be a card of the 52-card pack, dealt once; the ``sellable`` option
    (``speculation-sales``) says whether only trumps may be sold. A refusal is a
    :class:`SpeculationError` naming the field, the player, the sale and the card.

    >>> game = Speculation()
    >>> deal = read_deal(game.example(), game.configure())
    >>> deal.players, str(deal.turn_up), str(deal.pool), deal.owners[deal.turn_up]
    (5, '9D', '22', 3)
    >>> bad = dict(game.example(), sales=[{"card": "QD", "from": 2, "to": 4, "price": 1}])
    >>> read_deal(bad, game.configure())
    Traceback (most recent call last):
    ...
    games.engine.speculation.SpeculationError: Sale 1: player 3 sells the queen of diamonds \
(QD), but player 2 holds it at that moment
    """
    if not isinstance(request, Mapping):
        raise SpeculationError.at(
            None, N_("the request must be an object with {keys}"), keys=", ".join(_REQUEST_KEYS)
        )
    _object(request, None, said("the request"), _REQUEST_KEYS)
    for key in ("dealer", "turn_up", "players"):
        if key not in request:
            raise SpeculationError.at(key, N_("{key} is missing"), key=key)
    players = players_count(request)
    entries = request["players"]
    assert isinstance(entries, Sequence)
    dealer = read_index(request["dealer"], players, _refusing("dealer", N_("dealer {detail}")))
    turn_up = read_card(request["turn_up"], _refusing("turn_up", N_("The turn-up: {detail}")))
    owners: dict[Card, int] = {turn_up: dealer}
    hands: list[tuple[Card, ...]] = []
    for number, entry in enumerate(entries):
        field = f"players.{number}.hand"
        who = {"player": _player(number, capital=True)}
        entry = _object(entry, f"players.{number}", who["player"], _PLAYER_KEYS)
        if "hand" not in entry:
            raise SpeculationError.at(field, N_("{player}'s hand is missing"), **who)
        refuse = _refusing_hand(field, **who)
        codes = read_codes(entry["hand"], refuse, most=HAND_SIZE)
        if len(codes) != HAND_SIZE:
            raise SpeculationError.at(
                field,
                N_("{player}'s hand is three cards; this one has {count}"),
                count=len(codes),
                **who,
            )
        hand: list[Card] = []
        for item, code in enumerate(codes):
            card = read_card(code, refuse, item)
            if card in owners:
                other = owners[card]
                also = (
                    N_("{player}, card {place}: {card} is also the turn-up")
                    if card == turn_up
                    else N_("{player}, card {place}: {card} is written twice in this hand")
                    if other == number
                    else N_("{player}, card {place}: {card} is also in {other}'s hand")
                )
                raise _card_error(
                    field,
                    also,
                    item,
                    code,
                    {**who, "place": item + 1, "card": _named(card), "other": _player(other)},
                )
            owners[card] = number
            hand.append(card)
        hands.append(tuple(hand))
    pool_dealer, pool_others = _pool(request.get("pool"), config)
    raw_sales = request.get("sales")
    sales, bought_from = _sales(
        [] if raw_sales is None else raw_sales, players, owners, turn_up.suit, config["sellable"]
    )
    return Deal(dealer, turn_up, tuple(hands), sales, pool_dealer, pool_others, owners, bought_from)


How = Literal["hand", "bought", "turn-up", "no-trump"]
"""How the winner holds the winning card: in his own hand, bought, the dealer's turn-up
unsold, or (``no-trump``) nobody holds a trump that counts and the dealer takes the pool."""


def take_pool(
    deal: Deal, order: TrumpOrder = "ace-high", turn_up: str = "counts"
) -> tuple[int, Card, How]:
    """Who takes the pool, with which trump and how he holds it.

    The highest trump held at the end takes the pool, "either in his own hand or among the
    cards he has bought" (``#speculation-play``); the dealer's turn-up counts while he holds
    it (ruling ``speculation-turn-up``; with ``turn_up="only-bought"`` only once bought).
    When no trump counts, the dealer takes the pool (``#speculation-dealer-wins``) and the
    card returned is the turn-up.

    >>> game = Speculation()
    >>> deal = read_deal(game.example(), game.configure())
    >>> winner, card, how = take_pool(deal)
    >>> winner, str(card), how
    (2, 'KD', 'bought')
    >>> alone = read_deal({"dealer": 1, "turn_up": "2S", "players": [{"hand": "AH KH QH"},
    ...     {"hand": "AD KD QD"}]}, game.configure())
    >>> [take_pool(alone, turn_up=reading)[2] for reading in ("counts", "only-bought")]
    ['turn-up', 'no-trump']
    """
    counting = [card for card in deal.owners if card.suit == deal.trumps]
    if turn_up == "only-bought" and deal.turn_up not in deal.bought_from:
        counting.remove(deal.turn_up)
    if not counting:
        return deal.dealer, deal.turn_up, "no-trump"
    best = max(counting, key=lambda card: trump_order_key(card, order))
    how: How = (
        "bought" if best in deal.bought_from else "turn-up" if best == deal.turn_up else "hand"
    )
    return deal.owners[best], best, how


# --------------------------------------------------------------------------- the game

_CARD_SCHEMA: Final[dict[str, object]] = {
    "type": "string",
    "description": "A card of the 52-card pack: rank then suit (AS, 10H, QD), or the Swedish "
    "suit first (sE, hkn)",
    "examples": ["AS", "10H", "QD"],
}
_INDEX_SCHEMA: Final[dict[str, object]] = {
    "type": "integer",
    "minimum": 0,
    "maximum": MAX_PLAYERS - 1,
}
_AMOUNT_SCHEMA: Final[dict[str, object]] = {
    "type": ["number", "string"],
    "maximum": MAX_AMOUNT,
    "description": f"An amount: 3, 0.5, 1/2 or 2 1/3 ({SANE})",
    "examples": [4, "1/2"],
}


_SALE_TEMPLATES: Final = {
    (False, False): N_("Sale {sale}: {seller} sold {card} to {buyer} for {price}."),
    (False, True): N_("Sale {sale}: {seller} sold {card} to {buyer} for nothing (a price of 0)."),
    (True, False): N_("Sale {sale}: {seller} sold the turn-up, {card} to {buyer} for {price}."),
    (True, True): N_(
        "Sale {sale}: {seller} sold the turn-up, {card} to {buyer} for nothing (a price of 0)."
    ),
}
"""A sale's words: of the turn-up or of another card, for a price or for nothing."""


class Speculation(RequestGame):
    """Squareman's Speculation, settled from one deal: the cards dealt, the turn-up, the sales.

    The request is ``dealer`` (index from 0), ``turn_up`` (the trump card turned up, held by
    the dealer until he sells it), ``players`` in order round the table (the dealer's left is
    ``dealer + 1``), each ``{"hand": [3 cards]}``, ``sales`` in the order made, each
    ``{"card", "from", "to", "price"}`` (a card may be sold on), and ``pool``
    (``{"dealer": 6, "others": 4}``: the table's options when left out).

    >>> game = Speculation()
    >>> answer = game.answer(game.example())
    >>> answer.body["winner"], answer.body["winning_card"], [str(n) for n in answer.body["net"]]
    (2, 'KD', ['-1', '-2', '8', '-6', '1'])
    >>> answer.next_dealer, sum(answer.scores)
    (4, Fraction(0, 1))
    """

    slug = "speculation"
    label = N_("Speculation")
    summary = N_(
        "Squareman's round game for a pool: three cards each, the cards turned up one by one, "
        "trumps sold to the highest bidder, and the highest trump at the end takes the pool."
    )
    book = SQUAREMAN
    rules_anchor = "speculation"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    stake = False
    stake_label = N_("Counters")
    action: ClassVar[Literal["settle", "score"]] = "settle"
    keeps: ClassVar[Literal["money", "points"]] = "money"
    options: ClassVar[tuple[Option, ...]] = (
        Option.of(TRUMP_ORDER, N_("The order of the trumps"), "hands"),
        Option.of(TURN_UP, N_("The dealer's turn-up"), "hands"),
        Option.of(SALES, N_("What may be sold"), "payment"),
        Option(
            "pool_dealer",
            N_("The dealer's share of the pool (the text's 'say, six')"),
            (),
            "6",
            None,
            "amount",
            "payment",
        ),
        Option(
            "pool_others",
            N_("Each other player's share of the pool (the text's 'say, four')"),
            (),
            "4",
            None,
            "amount",
            "payment",
        ),
    )
    rulings = RULINGS_APPLIED

    # ---- one deal

    def answer(self, request: Mapping[str, object], config: Config | None = None) -> Answer:
        """Settle one deal: who takes the pool, with which trump, and who pays whom.

        Every shared counter goes to the winner (each other player pays him his share) and
        every buyer pays his seller the price; ``net`` sums to 0.

        >>> game = Speculation()
        >>> answer = game.answer(game.example())
        >>> [(t.payer, t.payee, str(t.amount)) for t in answer.transfers][:2]
        [(0, 2, '4'), (1, 2, '4')]
        >>> [r.text for r in answer.reasons][0]
        'Player 4 put 6 in the pool and each other player 4: a pool of 22.'
        """
        config = self.configure() if config is None else config
        return self.settle(read_deal(request, config), config)

    def settle(self, deal: Deal, config: Config) -> Answer:
        """The answer for a deal already read (:func:`read_deal`) under ``config``."""
        order: TrumpOrder = "ace-low" if config["trump_order"] == "ace-low" else "ace-high"
        winner, card, how = take_pool(deal, order, config["dealer_turn_up"])
        n, dealer = deal.players, deal.dealer
        transfers: list[Transfer] = []
        reasons: list[Reason] = [
            Reason.about(
                N_(
                    "{dealer} put {dealer_share} in the pool and each other player {share}: a "
                    "pool of {pool}."
                ),
                (DEAL,),
                (POOL.slug,),
                dealer=_player(dealer, capital=True),
                dealer_share=Written(deal.pool_dealer),
                share=Written(deal.pool_others),
                pool=Written(deal.pool),
            )
        ]
        won = self._win_reason(deal, winner, card, how)
        # The sums in whole units of 1/scale, made Fractions once at the end: Fraction's
        # arithmetic, four operations a sale, was a fifth of a 60-sale deal's time.
        scale = math.lcm(
            deal.pool_dealer.denominator,
            deal.pool_others.denominator,
            *(sale.price.denominator for sale in deal.sales),
        )
        units, paid_units, received_units = [0] * n, [0] * n, [0] * n
        for player in range(n):
            if player != winner:
                share = deal.share(player)
                units[player] -= share.numerator * (scale // share.denominator)
                units[winner] += share.numerator * (scale // share.denominator)
                transfers.append(Transfer(player, winner, share, won))
        for number, sale in enumerate(deal.sales, start=1):
            why = self._sale_reason(number, sale, deal)
            reasons.append(why)
            price = sale.price.numerator * (scale // sale.price.denominator)
            units[sale.buyer] -= price
            units[sale.seller] += price
            paid_units[sale.buyer] += price
            received_units[sale.seller] += price
            if price:
                transfers.append(Transfer(sale.buyer, sale.seller, sale.price, why))
        net = [Fraction(u, scale) for u in units]
        paid = [Fraction(u, scale) for u in paid_units]
        received = [Fraction(u, scale) for u in received_units]
        reasons.append(won)
        following = self.next_dealer(dealer, n, config)
        reasons.append(
            Reason.about(
                N_("{next} deals next: the deal passes to the left."),
                (PLAY,),
                (NEXT_DEALER.slug,),
                next=_player(following, capital=True),
            )
        )
        body: dict[str, object] = {
            "winner": winner,
            "winning_card": str(card),
            "net": list(net),
            "next_dealer": following,
            "trumps": deal.trumps.value,
            "pool": {
                "dealer": deal.pool_dealer,
                "others": deal.pool_others,
                "total": deal.pool,
            },
            "players": [
                {
                    "holds": [str(c) for c in held],
                    "trumps": [
                        str(c)
                        for c in sorted(
                            (c for c in held if c.suit == deal.trumps),
                            key=lambda c: trump_order_key(c, order),
                            reverse=True,
                        )
                    ],
                    "put_in": deal.share(player),
                    "paid": paid[player],
                    "received": received[player],
                }
                for player, held in ((p, deal.held(p)) for p in range(n))
            ],
        }
        return Answer(tuple(net), following, tuple(reasons), tuple(transfers), body)

    def _sale_reason(self, number: int, sale: Sale, deal: Deal) -> Reason:
        price = sale.price
        rulings = (SALES.slug,) + ((PRICE.slug,) if price == 0 or price.denominator != 1 else ())
        cites: tuple[Citation, ...] = (DEAL, PLAY)
        turn_up = sale.card == deal.turn_up
        if turn_up:
            cites = (DEAL, DEALER_WINS)
        return Reason.about(
            _SALE_TEMPLATES[turn_up, not price],
            cites,
            rulings,
            sale=number,
            card=_named(sale.card),
            price=Written(price),
            seller=_player(sale.seller),
            buyer=_player(sale.buyer),
        )

    def _win_reason(self, deal: Deal, winner: int, card: Card, how: How) -> Reason:
        pool = Written(deal.pool)
        trumps = [c for c in deal.owners if c.suit == deal.trumps]
        others_hold = any(deal.owners[c] != deal.dealer for c in trumps)
        rulings: list[str] = []
        if len(trumps) > 1:
            rulings.append(TRUMP_ORDER.slug)
        if deal.turn_up not in deal.bought_from:
            rulings.append(TURN_UP.slug)
        cites: tuple[Citation, ...] = (INTRO, PLAY)
        who: dict[str, Word] = {
            "winner": _player(winner, capital=True),
            "card": _named(card),
            "pool": pool,
        }
        if how == "no-trump":
            return Reason.about(
                N_(
                    "No other player holds a trump and the turn-up, {card}, was not bought (at "
                    "this table it counts only once bought), so {winner}, the dealer, takes the "
                    "pool of {pool}."
                ),
                (DEALER_WINS, PLAY),
                tuple(rulings),
                **(who | {"winner": _player(winner)}),
            )
        if how == "turn-up":
            template = N_(
                "{winner}, the dealer, holds the turn-up, {card}, the highest trump, and takes "
                "the pool of {pool}."
            )
        elif how == "bought":
            seller, number = deal.bought_from[card]
            template = N_(
                "{winner} holds the highest trump, {card}, bought from {seller} in sale {sale}, "
                "and takes the pool of {pool}."
            )
            who |= {"seller": _player(seller), "sale": number}
        else:
            template = N_(
                "{winner} holds the highest trump, {card}, in his own hand, and takes the pool "
                "of {pool}."
            )
        if winner == deal.dealer and not others_hold and deal.turn_up not in deal.bought_from:
            return Reason.about(
                N_("{won} No other player holds a trump and the turn-up was not bought."),
                (*cites, DEALER_WINS),
                tuple(rulings),
                won=said(template, **who),
            )
        return Reason.about(template, cites, tuple(rulings), **who)

    def blank(self) -> dict[str, object]:
        """Three players, the first dealing, no sale yet, the example's pool.

        >>> Speculation().blank()["players"]
        [{'hand': []}, {'hand': []}, {'hand': []}]
        """
        pool = self.example()["pool"]
        return {
            "dealer": 0,
            "turn_up": "",
            "players": [{"hand": []} for _ in range(3)],
            "sales": [],
            "pool": pool,
        }

    def example(self) -> dict[str, object]:
        """A deal of five with three sales, one a card sold on: the API's example.

        >>> Speculation().example()["turn_up"]
        '9D'
        """
        return {
            "dealer": 3,
            "turn_up": "9D",
            "players": [
                {"hand": ["KS", "4D", "7C"]},
                {"hand": ["QD", "2H", "10S"]},
                {"hand": ["5C", "JH", "3D"]},
                {"hand": ["8S", "AC", "6H"]},
                {"hand": ["KD", "2S", "9C"]},
            ],
            "sales": [
                {"card": "KD", "from": 4, "to": 0, "price": 5},
                {"card": "QD", "from": 1, "to": 2, "price": 2},
                {"card": "KD", "from": 0, "to": 2, "price": 8},
            ],
            "pool": {"dealer": 6, "others": 4},
        }

    def players_in(self, request: Mapping[str, object]) -> int:
        """How many players the request lists (2 to 17).

        >>> Speculation().players_in(Speculation().example())
        5
        """
        return players_count(request)

    # ---- the deal's rotation

    def next_dealer(
        self,
        dealer: int,
        players: int,
        config: Config,
        *,
        categories: object = None,
        out: Collection[int] = (),
    ) -> int:
        """The player on the dealer's left deals next (ruling ``speculation-next-dealer``),
        passing over the seats in ``out``.

        >>> game = Speculation()
        >>> game.next_dealer(4, 5, game.configure()), game.next_dealer(3, 5, game.configure(),
        ...     out={4})
        (0, 0)
        """
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            if seat not in out:
                return seat
        return dealer

    def rotation_reason(self, config: Config) -> Reason:
        """Why the deal passes to the left.

        >>> Speculation().rotation_reason(Speculation().configure()).text
        'the deal passes to the left (clockwise)'
        """
        return Reason(N_("the deal passes to the left (clockwise)"), (PLAY,), (NEXT_DEALER.slug,))

    # ---- the API's document

    def request_schema(self) -> dict[str, object]:
        """The JSON Schema of a request (OpenAPI 3.1).

        >>> sorted(Speculation().request_schema()["properties"])
        ['dealer', 'players', 'pool', 'sales', 'turn_up']
        """
        hand = {
            "description": "The three cards dealt to the player: a list of codes, or one "
            "string of codes separated by spaces or commas",
            "anyOf": [
                {"type": "array", "items": _CARD_SCHEMA, "minItems": 3, "maxItems": 3},
                {"type": "string"},
            ],
        }
        return {
            "type": "object",
            "additionalProperties": False,
            "required": ["dealer", "turn_up", "players"],
            "properties": {
                "dealer": {**_INDEX_SCHEMA, "description": "The dealer's index in players"},
                "turn_up": {
                    **_CARD_SCHEMA,
                    "description": "The card turned up for trumps; the dealer holds it until "
                    "he sells it",
                },
                "players": {
                    "type": "array",
                    "minItems": MIN_PLAYERS,
                    "maxItems": MAX_PLAYERS,
                    "description": "In order round the table: the dealer's left is dealer + 1",
                    "items": {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["hand"],
                        "properties": {"hand": hand},
                    },
                },
                "sales": {
                    "type": "array",
                    "maxItems": MAX_SALES,
                    "default": [],
                    "description": "In the order made; a card may be sold on by its buyer. "
                    "The seller must hold the card at that moment; only trumps unless the "
                    "option sellable is 'any'",
                    "items": {
                        "type": "object",
                        "additionalProperties": False,
                        "required": list(_SALE_KEYS),
                        "properties": {
                            "card": _CARD_SCHEMA,
                            "from": {**_INDEX_SCHEMA, "description": "The seller"},
                            "to": {**_INDEX_SCHEMA, "description": "The buyer"},
                            "price": {
                                **_AMOUNT_SCHEMA,
                                "minimum": 0,
                                "description": "From 0 (ruling speculation-price)",
                            },
                        },
                    },
                },
                "pool": {
                    "type": "object",
                    "additionalProperties": False,
                    "description": "What each put in the pool (more than 0); the table's "
                    "options pool_dealer and pool_others (6 and 4) where left out",
                    "properties": {
                        "dealer": {**_AMOUNT_SCHEMA, "exclusiveMinimum": 0, "default": 6},
                        "others": {**_AMOUNT_SCHEMA, "exclusiveMinimum": 0, "default": 4},
                    },
                },
            },
        }

    def answer_schema(self) -> dict[str, object]:
        """The JSON Schema of :attr:`Answer.body` (OpenAPI 3.1).

        >>> Speculation().answer_schema()["required"]
        ['winner', 'winning_card', 'net', 'next_dealer', 'trumps', 'pool', 'players']
        """
        amounts = {"type": "array", "items": ANSWER_AMOUNT_SCHEMA}
        return {
            "type": "object",
            "required": [
                "winner",
                "winning_card",
                "net",
                "next_dealer",
                "trumps",
                "pool",
                "players",
            ],
            "properties": {
                "winner": {**_INDEX_SCHEMA, "description": "Who takes the pool"},
                "winning_card": {
                    **_CARD_SCHEMA,
                    "description": "The highest trump that counts (the turn-up when the dealer "
                    "takes the pool because no trump counts)",
                },
                "net": {
                    **amounts,
                    "description": "One per player, summing to 0: the pool and the sales",
                },
                "next_dealer": {**_INDEX_SCHEMA, "description": "The player on the left"},
                "trumps": {"enum": [s.value for s in Suit], "description": "The turn-up's suit"},
                "pool": {
                    "type": "object",
                    "required": ["dealer", "others", "total"],
                    "properties": {
                        "dealer": ANSWER_AMOUNT_SCHEMA,
                        "others": ANSWER_AMOUNT_SCHEMA,
                        "total": ANSWER_AMOUNT_SCHEMA,
                    },
                },
                "players": {
                    "type": "array",
                    "description": "In request order: each player's cards at the end and money",
                    "items": {
                        "type": "object",
                        "required": ["holds", "trumps", "put_in", "paid", "received"],
                        "properties": {
                            "holds": {"type": "array", "items": _CARD_SCHEMA},
                            "trumps": {
                                "type": "array",
                                "items": _CARD_SCHEMA,
                                "description": "The trumps among them, highest first",
                            },
                            "put_in": ANSWER_AMOUNT_SCHEMA,
                            "paid": {**ANSWER_AMOUNT_SCHEMA, "description": "For the cards bought"},
                            "received": {
                                **ANSWER_AMOUNT_SCHEMA,
                                "description": "For the cards sold",
                            },
                        },
                    },
                },
            },
        }


def busiest_request(sales: int = 60) -> dict[str, object]:
    """A deal as busy as the engine takes, for ``make bench``: seventeen players (the whole
    pack dealt) and ``sales`` sales, each trump passed on round the table in turn.

    >>> request = busiest_request()
    >>> answer = Speculation().answer(request)
    >>> len(answer.scores), len(answer.transfers), sum(answer.scores)
    (17, 76, Fraction(0, 1))
    """
    codes = [str(card) for card in CARDS]  # the twos first: the spades' ace is dealt last
    hands = [codes[3 * i : 3 * i + 3] for i in range(MAX_PLAYERS)]
    turn_up = codes[-1]
    owner = {code: i // 3 for i, code in enumerate(codes[:-1])} | {turn_up: 0}
    trumps = [code for code in codes if code.endswith(turn_up[-1])]
    made: list[dict[str, object]] = []
    for number in range(sales):
        card = trumps[number % len(trumps)]
        seller = owner[card]
        buyer = (seller + 1 + number % 5) % MAX_PLAYERS
        made.append({"card": card, "from": seller, "to": buyer, "price": 1 + number % 7})
        owner[card] = buyer
    return {
        "dealer": 0,
        "turn_up": turn_up,
        "players": [{"hand": hand} for hand in hands],
        "sales": made,
    }


def bench_requests() -> dict[str, dict[str, object]]:
    """Requests to time :meth:`Speculation.answer` with (as All Fours' and Vingt-un's): the
    example (five players, three sales) and the busiest deal (:func:`busiest_request`).

    >>> sorted(bench_requests())
    ['five players, 3 sales', 'seventeen players, 60 sales']
    """
    return {
        "five players, 3 sales": Speculation().example(),
        "seventeen players, 60 sales": busiest_request(),
    }
