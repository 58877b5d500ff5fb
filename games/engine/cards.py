"""Cards, packs and the lenient parsing of what players type.

Commerce is played with the full pack of fifty-two cards or, for seven players or
fewer, the short pack of thirty-two (seven to ace) -- Peel, ``packs``. The Swedish
text uses the 52-card pack with the ace high (``kortlek``) and writes its cards suit
first with Swedish rank letters (``sE`` the ace of spades, ``hkn`` the knave of hearts).
Swedish players also write *ruter* and *klöver* with their own letters, ``r`` and ``k``
(``r10``, ``k7``, ``kkn``, ``rD``): those are read too, and shown as the text writes them.

Every card has an :attr:`Card.index` (0..51) and a :attr:`Card.bit` (``1 << index``),
so that a hand is a bitmask and every evaluation a table look-up.

>>> parse_hand("AS kh 10d", PACK_52)
(Card(Rank.ACE, Suit.SPADES), Card(Rank.KING, Suit.HEARTS), Card(Rank.TEN, Suit.DIAMONDS))
>>> str(parse_card("hkn"))
'JH'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from functools import cached_property

from games.engine.citations import Citation, peel
from games.engine.wording import N_, EngineError, Mention, Said, Word, fill, said

__all__ = [
    "CARDS",
    "PACK_32",
    "PACK_52",
    "Card",
    "CardError",
    "Pack",
    "Rank",
    "Suit",
    "board_errors",
    "card_error",
    "card_from_index",
    "pack_of_size",
    "parse_card",
    "parse_hand",
    "parse_hands",
]


class Suit(StrEnum):
    """The four suits, valued by their letter (the code's last character, ``AS``).

    No suit ranks above another in Commerce (Peel, ``combinations``: "There is no
    particular suit or trumps"); the order of the letters (C < D < H < S) only makes
    sorting stable.

    >>> Suit("S").symbol, Suit.HEARTS.is_red, Suit.CLUBS.swedish
    ('♠', True, 'klöver')
    """

    SPADES = "S"
    """Spades, ♠ (Swedish *spader*, written ``s``)."""
    HEARTS = "H"
    """Hearts, ♥ (Swedish *hjärter*, written ``h``)."""
    DIAMONDS = "D"
    """Diamonds, ♦ (Swedish *ruter*, written ``d`` in the Swedish text)."""
    CLUBS = "C"
    """Clubs, ♣ (Swedish *klöver*, written ``c`` in the Swedish text)."""

    @property
    def symbol(self) -> str:
        """The suit's symbol.

        >>> Suit.DIAMONDS.symbol
        '♦'
        """
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is red (hearts and diamonds).

        >>> Suit.SPADES.is_red
        False
        """
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def english(self) -> str:
        """The suit's English name, plural as in "ace of spades".

        >>> Suit.HEARTS.english
        'hearts'
        """
        return self.name.lower()

    @property
    def swedish(self) -> str:
        """The suit's Swedish name.

        >>> Suit.HEARTS.swedish
        'hjärter'
        """
        return _SUIT_SWEDISH[self]

    @property
    def said(self) -> Said:
        """The suit's English name as words a page writes in its language ("hearts",
        "hjärter").

        >>> Suit.CLUBS.said.words()
        'clubs'
        """
        return _SUIT_SAID[self]

    @property
    def letter(self) -> str:
        """The lower-case letter the Swedish text writes first (``s``, ``h``, ``d``, ``c``).

        >>> Suit.DIAMONDS.letter
        'd'
        """
        return self.value.lower()


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_SWEDISH = {
    Suit.SPADES: "spader",
    Suit.HEARTS: "hjärter",
    Suit.DIAMONDS: "ruter",
    Suit.CLUBS: "klöver",
}
_SUIT_WORDS = {
    Suit.SPADES: N_("spades"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
}
_SUIT_SAID = {suit: said(words) for suit, words in _SUIT_WORDS.items()}
"""Each suit's words made once (a Said is immutable, and writes its English once)."""
_SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


class Rank(IntEnum):
    """The thirteen ranks, valued 2..14 so that the ace is high.

    The value orders the ranks ("aces being first ... then kings, queens, etc., down
    to twos", Peel, ``tie-tricon``; Swedish ``kortlek``: "ess högst och tvåa lägst");
    :attr:`pips` is what a card counts in reckoning point (Peel, ``combinations``).

    >>> Rank.ACE > Rank.KING, Rank.ACE.pips, Rank.KING.pips, Rank.NINE.pips
    (True, 11, 10, 9)
    >>> [r.code for r in (Rank.TEN, Rank.JACK, Rank.ACE)]
    ['10', 'J', 'A']
    """

    TWO = 2
    """The two (deuce)."""
    THREE = 3
    """The three."""
    FOUR = 4
    """The four."""
    FIVE = 5
    """The five."""
    SIX = 6
    """The six."""
    SEVEN = 7
    """The seven: the lowest card of the 32-card pack."""
    EIGHT = 8
    """The eight."""
    NINE = 9
    """The nine."""
    TEN = 10
    """The ten: counts ten in reckoning point."""
    JACK = 11
    """The knave (jack), a court card: counts ten (Swedish *knekt*, ``Kn``)."""
    QUEEN = 12
    """The queen, a court card: counts ten (Swedish *dam*, ``D``)."""
    KING = 13
    """The king, a court card: counts ten (Swedish *kung*, ``K``)."""
    ACE = 14
    """The ace: highest, counts eleven (Swedish *ess*, ``E``)."""

    @property
    def code(self) -> str:
        """The rank as an English card code writes it: ``2``..``10``, ``J``, ``Q``, ``K``, ``A``.

        >>> Rank.QUEEN.code, Rank.TEN.code
        ('Q', '10')
        """
        return _RANK_CODES[self]

    @property
    def pips(self) -> int:
        """What the card counts in reckoning point: ace 11, court cards and ten 10, else its face.

        Peel, ``combinations``: "the ace counts for eleven, and the court cards for ten
        each"; the Swedish text (``poangsumma``) adds that tens count ten, as they do anyway.

        >>> Rank.ACE.pips, Rank.QUEEN.pips, Rank.TEN.pips, Rank.SEVEN.pips
        (11, 10, 10, 7)
        """
        return _RANK_PIPS[self]

    @property
    def english(self) -> str:
        """The rank's name in Peel's English ("knave", not "jack").

        >>> Rank.JACK.english, Rank.SIX.english
        ('knave', 'six')
        """
        return _RANK_NAMES[self][0]

    @property
    def plural(self) -> str:
        """The plural of the English name, as in "a pair of sixes".

        >>> Rank.SIX.plural, Rank.JACK.plural
        ('sixes', 'knaves')
        """
        return _RANK_NAMES[self][1]

    @property
    def swedish(self) -> str:
        """The rank's Swedish name.

        >>> Rank.JACK.swedish, Rank.ACE.swedish
        ('knekt', 'ess')
        """
        return _RANK_NAMES[self][2]

    @property
    def said(self) -> Said:
        """:attr:`english` as words a page writes in its language ("king", "kung").

        >>> Rank.JACK.said.words()
        'knave'
        """
        return _RANK_SAID[self][0]

    @property
    def said_plural(self) -> Said:
        """:attr:`plural` as words a page writes in its language ("kings", "kungar").

        >>> Rank.SIX.said_plural.words()
        'sixes'
        """
        return _RANK_SAID[self][1]

    @property
    def said_one(self) -> Said:
        """One card of the rank, with its article ("a king", "an ace"; "en kung", "ett ess").

        >>> Rank.EIGHT.said_one.words(), Rank.TWO.said_one.words()
        ('an eight', 'a two')
        """
        return _RANK_SAID[self][2]

    @property
    def said_the(self) -> Said:
        """The card of the rank, definite ("the king"; "kungen").

        >>> Rank.QUEEN.said_the.words()
        'the queen'
        """
        return _RANK_SAID[self][3]

    @property
    def swedish_code(self) -> str:
        """The rank as the Swedish text writes it after the suit (``E``, ``K``, ``D``, ``kn``).

        >>> Rank.ACE.swedish_code, Rank.JACK.swedish_code, Rank.TEN.swedish_code
        ('E', 'kn', '10')
        """
        return _RANK_NAMES[self][3]


_RANK_CODES = {r: (str(r.value) if r <= 10 else "JQKA"[r - 11]) for r in Rank}
_RANK_PIPS = {r: (11 if r == Rank.ACE else min(r.value, 10)) for r in Rank}
_RANK_NAMES = {
    Rank.TWO: ("two", "twos", "tvåa", "2"),
    Rank.THREE: ("three", "threes", "trea", "3"),
    Rank.FOUR: ("four", "fours", "fyra", "4"),
    Rank.FIVE: ("five", "fives", "femma", "5"),
    Rank.SIX: ("six", "sixes", "sexa", "6"),
    Rank.SEVEN: ("seven", "sevens", "sjua", "7"),
    Rank.EIGHT: ("eight", "eights", "åtta", "8"),
    Rank.NINE: ("nine", "nines", "nia", "9"),
    Rank.TEN: ("ten", "tens", "tia", "10"),
    Rank.JACK: ("knave", "knaves", "knekt", "kn"),
    Rank.QUEEN: ("queen", "queens", "dam", "D"),
    Rank.KING: ("king", "kings", "kung", "K"),
    Rank.ACE: ("ace", "aces", "ess", "E"),
}

# The ranks' words as message ids (a page's language writes them): the name, the plural,
# one card with its article, and the card (definite).
_RANK_WORDS = {
    Rank.TWO: (N_("two"), N_("twos"), N_("a two"), N_("the two")),
    Rank.THREE: (N_("three"), N_("threes"), N_("a three"), N_("the three")),
    Rank.FOUR: (N_("four"), N_("fours"), N_("a four"), N_("the four")),
    Rank.FIVE: (N_("five"), N_("fives"), N_("a five"), N_("the five")),
    Rank.SIX: (N_("six"), N_("sixes"), N_("a six"), N_("the six")),
    Rank.SEVEN: (N_("seven"), N_("sevens"), N_("a seven"), N_("the seven")),
    Rank.EIGHT: (N_("eight"), N_("eights"), N_("an eight"), N_("the eight")),
    Rank.NINE: (N_("nine"), N_("nines"), N_("a nine"), N_("the nine")),
    Rank.TEN: (N_("ten"), N_("tens"), N_("a ten"), N_("the ten")),
    Rank.JACK: (N_("knave"), N_("knaves"), N_("a knave"), N_("the knave")),
    Rank.QUEEN: (N_("queen"), N_("queens"), N_("a queen"), N_("the queen")),
    Rank.KING: (N_("king"), N_("kings"), N_("a king"), N_("the king")),
    Rank.ACE: (N_("ace"), N_("aces"), N_("an ace"), N_("the ace")),
}
_RANK_SAID = {rank: tuple(said(w) for w in words) for rank, words in _RANK_WORDS.items()}
"""The ranks' words (:data:`_RANK_WORDS`) made once."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card: frozen, hashable, ordered by rank then suit; ``str`` is its code.

    :attr:`index` (0..51, rank-major: the twos first) and :attr:`bit` (``1 << index``)
    key the lookup tables: a hand's key is the sum (bitwise or) of its cards' bits.

    >>> ace = Card(Rank.ACE, Suit.SPADES)
    >>> str(ace), ace.index, ace.bit == 1 << 51
    ('AS', 51, True)
    >>> str(Card(Rank.TEN, Suit.HEARTS)), Card(Rank.TWO, Suit.CLUBS) < ace
    ('10H', True)
    """

    rank: Rank
    """The card's rank."""
    suit: Suit
    """The card's suit."""
    index: int = field(init=False, compare=False, repr=False)
    """The card's place 0..51 in rank-major order (2C, 2D, 2H, 2S, 3C, ... AS)."""
    bit: int = field(init=False, compare=False, repr=False)
    """``1 << index``: the card's bit in a hand's key."""
    code: str = field(init=False, compare=False, repr=False)
    """The English code, as ``str()``: rank then suit letter (kept, not made at each use:
    every reason and answer writes cards).

    >>> Card(Rank.QUEEN, Suit.DIAMONDS).code
    'QD'
    """

    def __post_init__(self) -> None:
        rank, suit = Rank(self.rank), Suit(self.suit)
        index = (rank - 2) * 4 + _SUIT_ORDER[suit]
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", 1 << index)
        object.__setattr__(self, "code", rank.code + suit.value)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card(Rank.{self.rank.name}, Suit.{self.suit.name})"

    @property
    def symbol(self) -> str:
        """The code with the suit's symbol: ``A♠``.

        >>> Card(Rank.TEN, Suit.HEARTS).symbol
        '10♥'
        """
        return self.rank.code + self.suit.symbol

    @property
    def swedish_code(self) -> str:
        """The code as the Swedish text writes it, suit first: ``sE``, ``hkn``, ``c10``.

        >>> Card(Rank.JACK, Suit.HEARTS).swedish_code, Card(Rank.ACE, Suit.SPADES).swedish_code
        ('hkn', 'sE')
        """
        return self.suit.letter + self.rank.swedish_code

    @property
    def name(self) -> str:
        """The card in words: "ace of spades".

        >>> Card(Rank.JACK, Suit.CLUBS).name
        'knave of clubs'
        """
        return f"{self.rank.english} of {self.suit.english}"

    @property
    def pips(self) -> int:
        """What the card counts in reckoning point (see :attr:`Rank.pips`).

        >>> Card(Rank.ACE, Suit.HEARTS).pips
        11
        """
        return self.rank.pips


CARDS: tuple[Card, ...] = tuple(
    Card(rank, suit) for rank in Rank for suit in sorted(Suit, key=_SUIT_ORDER.__getitem__)
)
"""All 52 cards, in :attr:`Card.index` order (so ``CARDS[i].index == i``)."""

_BY_KEY = {(card.rank, card.suit): card for card in CARDS}


def card_from_index(index: int) -> Card:
    """The card whose :attr:`Card.index` is ``index``.

    >>> card_from_index(51), card_from_index(0)
    (Card(Rank.ACE, Suit.SPADES), Card(Rank.TWO, Suit.CLUBS))
    """
    return CARDS[index]


@dataclass(frozen=True)
class Pack:
    """A pack of cards: its name, its cards, and how many hands may be dealt from it.

    ``hand_limit`` is Peel's (``packs``): "seven with the thirty-two cards, and twelve
    with the fifty-two". A rule set may set its own (the Swedish text gives none).

    >>> PACK_32.size, PACK_32.hand_limit, Card(Rank.SEVEN, Suit.CLUBS) in PACK_32
    (32, 7, True)
    >>> Card(Rank.TWO, Suit.SPADES) in PACK_32
    False
    """

    name: str
    """The pack's name in words: "52-card pack"."""
    cards: tuple[Card, ...]
    """The pack's cards, in :attr:`Card.index` order."""
    hand_limit: int
    """The most hands Peel allows to be dealt from it."""
    citation: Citation = peel("packs")
    """The paragraph that describes the pack."""

    @property
    def size(self) -> int:
        """How many cards the pack holds.

        >>> PACK_52.size
        52
        """
        return len(self.cards)

    @cached_property
    def mask(self) -> int:
        """The bitmask of all the pack's cards.

        >>> PACK_52.mask == (1 << 52) - 1
        True
        """
        return sum(card.bit for card in self.cards)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The pack's ranks, lowest first.

        >>> PACK_32.ranks[0], PACK_32.ranks[-1]
        (<Rank.SEVEN: 7>, <Rank.ACE: 14>)
        """
        return tuple(sorted({card.rank for card in self.cards}))

    @property
    def description(self) -> str:
        """The pack's name with its range of ranks: "32-card pack (seven to ace)".

        >>> PACK_32.description
        '32-card pack (seven to ace)'
        """
        ranks = self.ranks
        return f"{self.name} ({ranks[0].english} to {ranks[-1].english})"

    @property
    def said_name(self) -> Said:
        """:attr:`name` as words a page writes in its language.

        >>> PACK_32.said_name.words() == PACK_32.name
        True
        """
        return said("{size}-card pack", size=self.size)

    @property
    def said_description(self) -> Said:
        """:attr:`description` as words a page writes in its language.

        >>> PACK_32.said_description.words()
        '32-card pack (seven to ace)'
        """
        ranks = self.ranks
        return said(
            "{size}-card pack ({lowest} to {highest})",
            size=self.size,
            lowest=ranks[0].said,
            highest=ranks[-1].said,
        )

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(card.bit & self.mask)

    def __hash__(self) -> int:
        return hash((self.name, self.size, self.hand_limit))


PACK_52 = Pack("52-card pack", CARDS, 12)
"""The full pack: up to twelve hands in Peel's rules (Peel, ``packs``)."""
PACK_32 = Pack("32-card pack", tuple(c for c in CARDS if c.rank >= Rank.SEVEN), 7)
"""The short pack, seven to ace: up to seven hands (Peel, ``packs``)."""


def pack_of_size(size: int) -> Pack:
    """The pack of 52 or 32 cards.

    >>> pack_of_size(32).name
    '32-card pack'
    >>> pack_of_size(40)
    Traceback (most recent call last):
    ...
    ValueError: there is no 40-card pack: Commerce uses 52 or 32 cards
    """
    for pack in (PACK_52, PACK_32):
        if pack.size == size:
            return pack
    raise ValueError(f"there is no {size}-card pack: Commerce uses 52 or 32 cards")


class CardError(EngineError):
    """A card, hand or set of hands that cannot be read: says where and what would be valid.

    ``hand`` (1-based) and ``position`` (1-based card within the hand) say which field
    of a form to mark, when known; ``token`` is the text as typed; ``message`` is the
    whole sentence to show (also ``str(error)``), ``detail`` the same without the
    "Hand 2, card 3: " that places it (for showing beside the field itself). As every
    :class:`~games.engine.wording.EngineError`, ``field`` is the argument at fault
    (``"hands"`` once the hand is known) and ``item`` the hand's index from 0; a detail that
    speaks of another hand ("also in hand 1") is written with names by :meth:`render`.

    >>> try:
    ...     parse_card("1S")
    ... except CardError as error:
    ...     print(error.token, "|", error.message[:54])
    1S | '1S' is not a card: write rank then suit, like AS, 10H
    >>> try:
    ...     parse_hands(["AS KS QS", "2H qs 2C"], PACK_52)
    ... except CardError as error:
    ...     print(error.field, error.item, error.position, "|", error.render(["Ann's hand"]))
    hands 1 2 | 'qs' (QS) is also in Ann's hand
    """

    def __init__(
        self,
        message: str,
        *,
        token: str | None = None,
        hand: int | None = None,
        position: int | None = None,
        field: str | None = None,
        template: str | None = None,
        who: Mapping[str, Word] | None = None,
    ) -> None:
        super().__init__(
            message,
            field="hands" if field is None and hand is not None else field,
            item=None if hand is None else hand - 1,
            template=template,
            who=who,
        )
        self.message = message
        self.token = token
        self.hand = hand
        self.position = position

    def located(self, hand: int | None, position: int | None = None) -> CardError:
        """The same error placed in a hand (and at a card) of a form, its message prefixed.

        >>> str(CardError("'X' is not a card", token="X").located(2, 3))
        "Hand 2, card 3: 'X' is not a card"
        """
        position = self.position if position is None else position
        where = [] if hand is None else [f"Hand {hand}"]
        if position is not None:
            where.append(f"card {position}")
        prefix = ", ".join(where)
        if prefix:
            prefix = prefix[0].upper() + prefix[1:] + ": "
        located = CardError(
            prefix + self.detail,
            token=self.token,
            hand=hand,
            position=position,
            field=self.field,
            template=self.template,
            who=dict(self.who),
        )
        located.detail = self.detail
        return located


def card_error(
    template: str,
    /,
    *,
    token: str | None = None,
    hand: int | None = None,
    field: str | None = None,
    **who: Word,
) -> CardError:
    """A :class:`CardError` whose words are ``template`` (a message id) with ``who`` in its
    placeholders: ``str(error)`` is the English, :meth:`~CardError.render` the page's words.

    >>> error = card_error("{card} is lost", hand=2, card=parse_card("sE"))
    >>> str(error), error.item, error.template
    ('AS is lost', 1, '{card} is lost')
    """
    return CardError(
        fill(template, who), token=token, hand=hand, field=field, template=template, who=who
    )


_HOW = said(
    N_("write rank then suit, like AS, 10H or QD, or the Swedish suit first, like sE or hkn")
)
_SYMBOL_SUITS = {
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
}
_LETTER_SUITS = {suit.value: suit for suit in Suit}
_SWEDISH_PLAYERS_SUITS = {"R": Suit.DIAMONDS, "K": Suit.CLUBS}
"""The letters Swedish players write for *ruter* and *klöver* (the text writes ``d``, ``c``)."""
_ENGLISH_RANKS = {rank.code: rank for rank in Rank} | {"T": Rank.TEN}
_SWEDISH_RANKS = _ENGLISH_RANKS | {"E": Rank.ACE, "KN": Rank.JACK, "D": Rank.QUEEN}


def parse_card(token: str) -> Card:
    """Read one card, leniently: English rank first, or the Swedish suit first.

    Rank first (any case): ``AS``, ``as``, ``10h``, ``Th``, ``A♠``, ``10♥``; a suit
    symbol may also come first: ``♠A``. If the first character is a suit letter
    ``s``/``h``/``d``/``c`` the card is written suit first as in the Swedish text,
    where ``E`` is *ess* (ace), ``Kn`` *knekt* (knave), ``K`` *kung* (king) and ``D``
    *dam* (queen); ``A``, ``Q``, ``J`` and ``T`` are accepted there too. No English rank
    begins with a suit letter, so the two notations never collide.

    Swedish players also write *ruter* ``r`` and *klöver* ``k`` (``r10``, ``k7``, ``kkn``,
    ``rD``). No English rank begins with ``r``. A ``k`` first could also be the English
    king: a token that reads as an English card stays one (``KD``, ``kd``, ``ks``: kings, as
    before), all the others are klöver, and so is ``kD`` written exactly so, suit letter
    small and rank capital as the Swedish text writes its cards (the queen of clubs; the
    king of diamonds is ``KD`` or ``kd``).

    >>> [parse_card(t).swedish_code for t in ("r10", "k7", "kkn", "rD", "kE", "KK", "kD")]
    ['d10', 'c7', 'ckn', 'dD', 'cE', 'cK', 'cD']
    >>> [str(parse_card(t)) for t in ("KD", "kd", "Kd", "ks", "kh")]
    ['KD', 'KD', 'KD', 'KS', 'KH']

    >>> [str(parse_card(t)) for t in ("AS", "as", "10h", "Th", "A♠", "♠A", "10♥")]
    ['AS', 'AS', '10H', '10H', 'AS', 'AS', '10H']
    >>> [str(parse_card(t)) for t in ("sE", "hkn", "hD", "dK", "c10", "SQ")]
    ['AS', 'JH', 'QH', 'KD', '10C', 'QS']
    >>> parse_card("KX")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engine.cards.CardError: 'KX' is not a card: write rank then suit, ...
    """
    text = token.strip().replace("\ufe0f", "")
    if not text:
        raise card_error(N_("an empty field is not a card: {how}"), token=token, how=_HOW)
    upper = text.upper()
    rank: Rank | None
    suit: Suit | None
    if text[0] in _SYMBOL_SUITS:
        suit, rank = _SYMBOL_SUITS[text[0]], _ENGLISH_RANKS.get(upper[1:])
    elif text[-1] in _SYMBOL_SUITS:
        suit, rank = _SYMBOL_SUITS[text[-1]], _ENGLISH_RANKS.get(upper[:-1])
    elif upper[0] in _LETTER_SUITS:
        suit, rank = _LETTER_SUITS[upper[0]], _SWEDISH_RANKS.get(upper[1:])
    elif upper[0] == "R":
        suit, rank = Suit.DIAMONDS, _SWEDISH_RANKS.get(upper[1:])
    else:
        suit, rank = _LETTER_SUITS.get(upper[-1]), _ENGLISH_RANKS.get(upper[:-1])
        if upper[0] == "K" and (rank is None or suit is None or text == "kD"):
            klover = _SWEDISH_RANKS.get(upper[1:])
            if klover is not None:
                suit, rank = Suit.CLUBS, klover
    if rank is None or suit is None:
        raise card_error(
            N_("{typed} is not a card: {how}"), token=token, typed=repr(token), how=_HOW
        )
    return _BY_KEY[(rank, suit)]


_SEPARATORS = re.compile(r"[\s,;]+")


def split_tokens(tokens: str | Iterable[str]) -> list[str]:
    """The card tokens of a hand written as one string (split on spaces, commas or
    semicolons) or already as tokens.

    >>> split_tokens("AS, 10h;  sE")
    ['AS', '10h', 'sE']
    >>> split_tokens(["AS", "KD"])
    ['AS', 'KD']
    """
    if isinstance(tokens, str):
        return [t for t in _SEPARATORS.split(tokens) if t]
    return list(tokens)


def parse_hand(tokens: str | Iterable[str], pack: Pack) -> tuple[Card, Card, Card]:
    """Read a hand of three cards from the pack: a string (split on spaces or commas) or tokens.

    Raises :class:`CardError` for a wrong number of cards, a token that is no card, a
    card not in the pack and a card written twice; ``position`` says which card.

    >>> [str(c) for c in parse_hand(["sE", "s8", "d5"], PACK_52)]
    ['AS', '8S', '5D']
    >>> parse_hand("2S 7S 8S", PACK_32)
    Traceback (most recent call last):
    ...
    games.engine.cards.CardError: Card 1: 2S is not in the 32-card pack (seven to ace)
    >>> parse_hand("AS KS", PACK_52)
    Traceback (most recent call last):
    ...
    games.engine.cards.CardError: A hand is three cards; this one has 2 (AS KS)
    """
    items = split_tokens(tokens)
    if len(items) != 3:
        raise _size_error(items)
    cards: list[Card] = []
    for position, token in enumerate(items, start=1):
        try:
            card = parse_card(token)
        except CardError as error:
            raise error.located(None, position) from None
        if card not in pack:
            raise _not_in(token, card, pack).located(None, position)
        if card in cards:
            raise _twice(token, card).located(None, position)
        cards.append(card)
    return cards[0], cards[1], cards[2]


def _as_typed(token: str, card: Card) -> Word:
    """The card as typed: its code when typed so, else what was typed and the card read."""
    typed = token.strip()
    return card if typed == str(card) else said("{typed} ({card})", typed=repr(typed), card=card)


def _not_in(token: str, card: Card, pack: Pack) -> CardError:
    return card_error(
        N_("{card} is not in the {pack}"),
        token=token,
        card=_as_typed(token, card),
        pack=pack.said_description,
    )


def _twice(token: str, card: Card) -> CardError:
    return card_error(
        N_("{card} is written twice in this hand"), token=token, card=_as_typed(token, card)
    )


def _too_few(count: int) -> CardError:
    """Fewer than two hands (none or one)."""
    if count == 0:
        return card_error(N_("A showdown needs at least two hands; there is none"), field="hands")
    return card_error(N_("A showdown needs at least two hands; there is one"), field="hands")


def _too_many(limit: int, pack: Pack, count: int) -> CardError:
    error = card_error(
        N_("At most {limit} hands may be dealt from the {pack}; there are {count}"),
        hand=limit + 1,
        limit=limit,
        pack=pack.said_name,
        count=count,
    )
    return error


def parse_hands(
    hands: Sequence[str | Iterable[str]],
    pack: Pack,
    limit: int | None = None,
) -> tuple[tuple[Card, Card, Card], ...]:
    """Read the hands of a showdown: at least two, at most ``limit`` (the pack's by default).

    Each :class:`CardError` names the hand ("hand 2", 1-based) and sets ``hand`` and
    ``position``, so a form can show the message beside the right field; a card held
    in two hands is reported at its second appearance.

    >>> len(parse_hands(["AS KS QS", "2H 2D 2C"], PACK_52))
    2
    >>> parse_hands(["AS KS QS", "2H qs 2C"], PACK_52)
    Traceback (most recent call last):
    ...
    games.engine.cards.CardError: Hand 2, card 2: 'qs' (QS) is also in hand 1
    """
    limit = pack.hand_limit if limit is None else limit
    if len(hands) < 2:
        raise _too_few(len(hands))
    if len(hands) > limit:
        raise _too_many(limit, pack, len(hands))
    seen: dict[Card, int] = {}
    parsed: list[tuple[Card, Card, Card]] = []
    for number, tokens in enumerate(hands, start=1):
        items = split_tokens(tokens)
        try:
            hand = parse_hand(items, pack)
        except CardError as error:
            raise error.located(number) from None
        for position, (token, card) in enumerate(zip(items, hand, strict=True), start=1):
            if card in seen:
                raise _also_in(token, card, seen[card]).located(number, position)
            seen[card] = number
        parsed.append(hand)
    return tuple(parsed)


def _also_in(token: str, card: Card, hand: int) -> CardError:
    """A card also held in an earlier hand (from 1)."""
    return card_error(
        N_("{card} is also in {other}"),
        token=token,
        card=_as_typed(token, card),
        other=Mention("hand", (hand - 1,)),
    )


def board_errors(
    hands: Sequence[Sequence[str]],
    pack: Pack,
    limit: int | None = None,
    *,
    complete: bool,
) -> list[CardError]:
    """Every problem with the hands on a board, each a :class:`CardError` placed at its hand
    (from 1) and, for a card, its position (from 1): the checks of :func:`parse_hands`, but
    on a board still being filled in, all at once instead of the first.

    A board is a form's card fields: one sequence of fields per hand, each field as typed,
    ``""`` when empty. While ``complete`` is false an empty field is only waiting for a card;
    when it is true (the board is to be judged) it is an error, and so is a hand with fewer
    than three fields or a board of fewer than two hands. Always: more hands than ``limit``
    (the pack's by default; Peel, ``packs``), more than three cards in a hand, a field that
    is no card, a card not in the pack, a card written twice in a hand, and a card also in
    an earlier hand (reported where it appears again, naming the hand it is already in).

    A complete board has no errors exactly when :func:`parse_hands` reads it; when every
    field is filled in, the error that :func:`parse_hands` raises is among them. With
    ``complete`` false the errors are those of the complete board less those about what is
    still missing (an empty field, a hand of fewer than three fields, a second hand).

    >>> for error in board_errors([["AS", "KS", ""], ["2S", "as", "ZZ"]], PACK_32,
    ...                           complete=False):
    ...     print(error.message)
    Hand 2, card 1: 2S is not in the 32-card pack (seven to ace)
    Hand 2, card 2: 'as' (AS) is also in hand 1
    Hand 2, card 3: 'ZZ' is not a card: write rank then suit, like AS, 10H or QD, or the \
Swedish suit first, like sE or hkn
    >>> [e.message for e in board_errors([["AS", "KS", ""], ["2S", "3S", "4S"]], PACK_52,
    ...                                   complete=True)]
    ['Hand 1, card 3: an empty field is not a card: write rank then suit, like AS, 10H or QD, \
or the Swedish suit first, like sE or hkn']
    """
    limit = pack.hand_limit if limit is None else limit
    errors: list[CardError] = []
    if complete and len(hands) < 2:
        errors.append(_too_few(len(hands)))
    seen: dict[Card, int] = {}
    for number, fields in enumerate(hands, start=1):
        if number == limit + 1:
            errors.append(_too_many(limit, pack, len(hands)))
        typed = [token for token in fields if token.strip()]
        if len(typed) > 3 or (complete and len(fields) < 3):
            errors.append(_size_error(typed).located(number))
        in_hand: set[Card] = set()
        for position, token in enumerate(fields, start=1):
            if not token.strip() and not complete:
                continue
            try:
                card = parse_card(token)
            except CardError as error:
                errors.append(error.located(number, position))
                continue
            if card not in pack:
                problem = _not_in(token, card, pack)
            elif card in in_hand:
                problem = _twice(token, card)
            elif card in seen:
                in_hand.add(card)
                errors.append(_also_in(token, card, seen[card]).located(number, position))
                continue
            else:
                in_hand.add(card)
                seen[card] = number
                continue
            errors.append(problem.located(number, position))
    return errors


def _size_error(items: Sequence[str]) -> CardError:
    shown: Word = " ".join(items) if items else said("none")
    return card_error(
        N_("A hand is three cards; this one has {count} ({cards})"), count=len(items), cards=shown
    )
