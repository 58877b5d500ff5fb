"""Cox's Commerce (1925): the patented 80-card pack and the count of a laid-out hand.

Herbert T. Cox's booklet (book slug ``cox-commerce``) describes a pack of its own --
three black suits of *carriers* (automobiles, ships, aeroplanes), their captains, the
bank card, and coloured honour cards (fruits, grains, industries, greenbacks) -- and a
rummy-like game: draw and discard until a hand of two combinations and a pair lets a
player call "I sell out"; then every hand is laid out and counted. This module counts
such a hand (:func:`score_hand`), says which single cards would complete a hand that is
one card short (a *waiting hand*), checks a whole deal -- every player's hand and supply
base (:func:`parse_deal`) -- and adds up the game of four hands (:func:`game_totals`).

Every rule applied names its paragraph (:func:`games.engine.citations.cox`); where the
booklet is silent the engine applies a declared :class:`~games.engine.citations.Ruling`
(slugs ``cox-...``), and where players could differ a :class:`CoxOptions` field changes
it.

>>> len(PACK), len(DISTINCT_CARDS), SUITS, HONOR_KINDS
(80, 35, ('auto', 'ship', 'plane'), ('fruit', 'grain', 'industry'))
>>> PLAYERS, SUPPLY_BASES, GAME_HANDS, MAX_HAND_CARDS
((2, 4), (1, 2, 3, 4), 4, 14)
>>> result = score_hand("ship-4 ship-4 ship-captain ship-2 ship-2 ship-2 fruit-1 bank", 3)
>>> result.score, result.complete, result.clear, result.doubled
(18, True, True, True)
>>> [line.label for line in result.breakdown]  # doctest: +NORMALIZE_WHITESPACE
['three 2s of ships', 'three 4s of ships (with the captain of ships)',
 'a pair of fruits (with the bank card)', 'the bank card doubles the score']
>>> [use.text for use in result.arrangement]
['the captain of ships as a third 4 of ships', 'the bank card as fruit 2']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Literal, NamedTuple

from games.engine.citations import Citation, Reason, cox, ruling
from games.engine.wording import N_, EngineError, Mention, Said, Word, fill, numbered, said

__all__ = [
    "DISTINCT_CARDS",
    "GAME_HANDS",
    "HONOR_KINDS",
    "MAX_HAND_CARDS",
    "PACK",
    "PLAYERS",
    "SUITS",
    "SUPPLY_BASES",
    "CoxCard",
    "CoxCardError",
    "CoxOptions",
    "CoxScore",
    "GameTotals",
    "ScoreLine",
    "SupplyBaseError",
    "WildcardUse",
    "check_players",
    "check_supply_bases",
    "game_totals",
    "parse_card",
    "parse_deal",
    "parse_hand",
    "score_hand",
    "waiting_cards",
]

# --- The pack (cox#pack, cox#composition) --------------------------------------------------

SUITS: tuple[str, ...] = ("auto", "ship", "plane")
"""The three black suits, "automobiles, ships and airplanes" (cox ``pack``), numbered 1-5."""
HONOR_KINDS: tuple[str, ...] = ("fruit", "grain", "industry")
"""The three coloured honour kinds that combine, fruits, grains and industries, numbered
1-4 (cox ``pack``); the fourth set of honour cards, the greenbacks, never combines."""

PLAYERS: tuple[int, int] = (2, 4)
"""The fewest and most players: "may be played by two, three or four players" (cox
``players``)."""
GAME_HANDS: int = 4
"""A game is four completed hands: "Four completed hands are played, and then the scores
earned by each player are added" (cox ``winner``)."""
MAX_HAND_CARDS: int = 14
"""The most cards a hand laid out may hold, greenbacks included (ruling ``cox-hand-size``):
"eight cards in all except for each greenback or set of four of a kind, the hand will
contain one more card than eight" (cox ``completed-hand``) -- four greenbacks in the pack
(``composition``), and a fourth card (``fourth-card``) to at most two combinations of three,
which are all that eight cards hold."""
SUPPLY_BASES: tuple[int, ...] = (1, 2, 3, 4)
"""The numbers of the four Supply Bases, one before each player ("numbered from one to
four", cox ``supply-base-numbers``; with two or three players as well,
``fewer-players-supply-bases``)."""

# The words of the pack, each a message id that a page writes in its own language: the
# engine writes them in English (str of a Said), the site through its catalogue.
_SUIT_PLURAL: dict[str, Said] = {
    # Translators: a black suit of Cox's pack, as in "three 2s of autos", "black cards of autos".
    "auto": said("autos"),
    "ship": said("ships"),
    "plane": said("planes"),
}
_HONOR_PLURAL: dict[str, Said] = {
    # Translators: a kind of Cox's honour cards, as in "three fruits", "a pair of grains".
    "fruit": said("fruits"),
    "grain": said("grains"),
    "industry": said("industries"),
}
_HONOR_CARD = {
    # Translators: one honour card of Cox's pack and its number, as in "fruit 2".
    "fruit": N_("fruit {number}"),
    "grain": N_("grain {number}"),
    "industry": N_("industry {number}"),
}
_SUIT_CARD = {
    # Translators: a numbered card of a black suit of Cox's pack, as a player calls it out.
    ("auto", 1): N_("one of autos"),
    ("auto", 2): N_("two of autos"),
    ("auto", 3): N_("three of autos"),
    ("auto", 4): N_("four of autos"),
    ("auto", 5): N_("five of autos"),
    ("ship", 1): N_("one of ships"),
    ("ship", 2): N_("two of ships"),
    ("ship", 3): N_("three of ships"),
    ("ship", 4): N_("four of ships"),
    ("ship", 5): N_("five of ships"),
    ("plane", 1): N_("one of planes"),
    ("plane", 2): N_("two of planes"),
    ("plane", 3): N_("three of planes"),
    ("plane", 4): N_("four of planes"),
    ("plane", 5): N_("five of planes"),
}
_RANK_OF = {
    # Translators: one card of a number and suit, as in "the captain of ships as a third 4 of
    # ships"; {suit} is a suit's name ("ships").
    1: N_("1 of {suit}"),
    2: N_("2 of {suit}"),
    3: N_("3 of {suit}"),
    4: N_("4 of {suit}"),
    5: N_("5 of {suit}"),
}
_RANKS_OF = {
    # Translators: cards of a number and suit, as in "three 2s of ships"; {suit} is a suit's
    # name ("ships").
    1: N_("1s of {suit}"),
    2: N_("2s of {suit}"),
    3: N_("3s of {suit}"),
    4: N_("4s of {suit}"),
    5: N_("5s of {suit}"),
}
_BANK_CARD = said("the bank card")
_BANK_DOUBLES = said("the bank card doubles the score")
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_NUMBERS_READ = {
    **_NUMBER_WORDS,
    # in Swedish: "skepp tre", "en trea i skepp"
    **{"ett": 1, "etta": 1, "två": 2, "tvåa": 2, "tre": 3, "trea": 3, "fyra": 4, "fem": 5},
    "femma": 5,
    **{"ettor": 1, "tvåor": 2, "treor": 3, "fyror": 4, "femmor": 5},
}
# Translators: Cox's cards as a person names them; name them as parse_card reads your words.
_VALID_CARDS = said(
    "autos, ships and planes numbered 1 to 5, fruits, grains, industries and greenbacks "
    "numbered 1 to 4, the three captains (auto captain, ship captain, plane captain) and the "
    "bank, written as on the card, like ship 3"
)

_Category = Literal["suit", "captain", "bank", "honor", "greenback"]


class CoxCardError(EngineError):
    """A card that Cox's pack does not have, or more copies of one than the pack holds.

    ``token`` is the text that could not be read (``None`` for a hand holding too many
    copies of a card). In a deal (:func:`parse_deal`), ``hand`` is the hand (from 1, in
    the order given) the error is in; ``message`` (also ``str(error)``) then starts with
    it, and ``detail`` is the same without it, for showing beside the hand itself. As every
    :class:`~games.engine.wording.EngineError`, ``field`` is then ``"hands"`` and ``item``
    the hand's index from 0; :meth:`render` names the players the detail speaks of.

    >>> try:
    ...     parse_card("auto-6")
    ... except CoxCardError as error:
    ...     print(error.token, "|", str(error).split(";")[0])
    auto-6 | unknown card 'auto-6': automobiles are numbered 1 to 5
    """

    def __init__(
        self,
        message: str,
        token: str | None = None,
        *,
        hand: int | None = None,
        template: str | None = None,
        who: Mapping[str, Word] | None = None,
    ) -> None:
        super().__init__(
            message,
            field=None if hand is None else "hands",
            item=None if hand is None else hand - 1,
            template=template,
            who=who,
        )
        self.message = message
        self.token = token
        self.hand = hand

    def located(self, hand: int) -> CoxCardError:
        """The same error placed in a hand of a deal (from 1), its message prefixed.

        >>> located = CoxCardError("unknown card 'x'", "x").located(2)
        >>> located.message, located.detail, located.hand, located.token
        ("Hand 2: unknown card 'x'", "unknown card 'x'", 2, 'x')
        """
        made = CoxCardError(
            f"{numbered('hand', [hand - 1]).capitalize()}: {self.detail}",
            self.token,
            hand=hand,
            template=self.template,
            who=dict(self.who),
        )
        made.detail = self.detail
        return made


class SupplyBaseError(EngineError):
    """A supply base that is not one of the four, or one that two players hold.

    In a deal (:func:`parse_deal`, :func:`check_supply_bases`), ``hand`` is the player's
    number (from 1, in the order given); ``message`` (also ``str(error)``) then starts with
    the player, and ``detail`` is the same without him. ``field`` is then
    ``"supply_bases"`` and ``item`` the player's index from 0; :meth:`render` names the
    players the detail speaks of.

    >>> try:
    ...     check_supply_bases([1, 3, 1])
    ... except SupplyBaseError as error:
    ...     print(error.hand, error.field, error.item, "|", error.detail)
    ...     print(error.render(["Ann", "Bo", "Cy"]))
    3 supply_bases 2 | supply base 1 is also player 1's: each player has his own
    supply base 1 is also Ann's: each player has his own
    """

    def __init__(
        self,
        message: str,
        *,
        hand: int | None = None,
        template: str | None = None,
        who: Mapping[str, Word] | None = None,
    ) -> None:
        super().__init__(
            message,
            field=None if hand is None else "supply_bases",
            item=None if hand is None else hand - 1,
            template=template,
            who=who,
        )
        self.message = message
        self.hand = hand

    def located(self, hand: int) -> SupplyBaseError:
        """The same error placed at a player of a deal (from 1), its message prefixed.

        >>> SupplyBaseError("the supply base is 9").located(2).message
        'Player 2: the supply base is 9'
        """
        made = SupplyBaseError(
            f"{numbered('player', [hand - 1]).capitalize()}: {self.detail}",
            hand=hand,
            template=self.template,
            who=dict(self.who),
        )
        made.detail = self.detail
        return made


@dataclass(frozen=True)
class CoxCard:
    """One card of Cox's pack (cox ``pack``): its category, its suit or kind, its number.

    ``category`` is ``"suit"`` (a numbered card of a black suit), ``"captain"``,
    ``"bank"``, ``"honor"`` (fruit, grain or industry) or ``"greenback"``; ``suit`` is the
    black suit or the honour kind (empty for the bank card and greenbacks); ``number`` is
    1-5 for suit cards, 1-4 for honours and greenbacks, 0 for captains and the bank card.

    >>> card = CoxCard("suit", "ship", 3)
    >>> card.code, card.name, card.is_black, card.pack_count
    ('ship-3', 'three of ships', True, 4)
    >>> CoxCard("captain", "auto").name, CoxCard("bank").name, CoxCard("honor", "fruit", 2).name
    ('captain of autos', 'the bank card', 'fruit 2')
    >>> CoxCard("greenback", "", 4).code
    'greenback-4'
    >>> CoxCard("suit", "ship", 6)
    Traceback (most recent call last):
    ...
    games.engine.cox.CoxCardError: no such card in Cox's pack: CoxCard('suit', 'ship', 6)
    """

    category: _Category
    suit: str = ""
    number: int = 0

    def __post_init__(self) -> None:
        ok = {
            "suit": self.suit in SUITS and 1 <= self.number <= 5,
            "captain": self.suit in SUITS and self.number == 0,
            "bank": self.suit == "" and self.number == 0,
            "honor": self.suit in HONOR_KINDS and 1 <= self.number <= 4,
            "greenback": self.suit == "" and 1 <= self.number <= 4,
        }.get(self.category, False)
        if not ok or type(self.number) is not int:
            made = f"CoxCard({self.category!r}, {self.suit!r}, {self.number!r})"
            raise _card_error(N_("no such card in Cox's pack: {card}"), card=made)

    @property
    def code(self) -> str:
        """The card's code: ``auto-3``, ``ship-captain``, ``bank``, ``fruit-2``, ``greenback-4``.

        >>> CoxCard("captain", "plane").code
        'plane-captain'
        """
        if self.category == "bank":
            return "bank"
        if self.category == "captain":
            return f"{self.suit}-captain"
        if self.category == "greenback":
            return f"greenback-{self.number}"
        return f"{self.suit}-{self.number}"

    @property
    def name(self) -> str:
        """The card in words, as a player calls it out ("three of ships", "fruit 2").

        >>> CoxCard("suit", "plane", 5).name, CoxCard("greenback", "", 1).name
        ('five of planes', 'greenback 1')
        """
        return str(self.words)

    @property
    def words(self) -> Said:
        """:attr:`name` as words a page writes in its own language.

        >>> CoxCard("captain", "ship").words.words()
        'captain of ships'
        """
        if self.category == "suit":
            return said(_SUIT_CARD[self.suit, self.number])
        if self.category == "captain":
            return said("captain of {suit}", suit=_SUIT_PLURAL[self.suit])
        if self.category == "bank":
            return _BANK_CARD
        if self.category == "greenback":
            return said("greenback {number}", number=self.number)
        return said(_HONOR_CARD[self.suit], number=self.number)

    @property
    def is_black(self) -> bool:
        """Whether it is a black card of a suit (a numbered suit card or a captain).

        The bank card is a suit card but is not black ("black in color ... (except the bank
        card)", cox ``pack``); the honour cards are coloured.

        >>> CoxCard("captain", "ship").is_black, CoxCard("bank").is_black
        (True, False)
        """
        return self.category in ("suit", "captain")

    @property
    def pack_count(self) -> int:
        """How many copies of the card the pack holds: four of each numbered suit card,
        one of every other card (cox ``composition``).

        >>> CoxCard("suit", "auto", 1).pack_count, CoxCard("honor", "grain", 1).pack_count
        (4, 1)
        """
        return 4 if self.category == "suit" else 1

    @property
    def index(self) -> int:
        """The card's place in :data:`DISTINCT_CARDS` (pack order), for sorting.

        >>> CoxCard("suit", "auto", 1).index, CoxCard("greenback", "", 4).index
        (0, 34)
        """
        return _INDEX[self]

    def __str__(self) -> str:
        return self.code


DISTINCT_CARDS: tuple[CoxCard, ...] = (
    *(CoxCard("suit", s, n) for s in SUITS for n in range(1, 6)),
    *(CoxCard("captain", s) for s in SUITS),
    CoxCard("bank"),
    *(CoxCard("honor", k, n) for k in HONOR_KINDS for n in range(1, 5)),
    *(CoxCard("greenback", "", n) for n in range(1, 5)),
)
"""The 35 different cards of the pack, in pack order (cox ``composition``)."""
_INDEX = {card: i for i, card in enumerate(DISTINCT_CARDS)}
_INFO = [(c.category, c.suit, c.number, c.code) for c in DISTINCT_CARDS]
_BY_CODE = {card.code: card for card in DISTINCT_CARDS}

PACK: tuple[CoxCard, ...] = tuple(c for c in DISTINCT_CARDS for _ in range(c.pack_count))
"""The whole pack of 80 cards: 60 numbered suit cards, 3 captains, the bank card (64 suit
cards) and 16 honour cards, greenbacks included (cox ``composition``)."""

# --- Parsing ------------------------------------------------------------------------------

_WORDS: dict[str, tuple[str, str]] = {
    **dict.fromkeys(("auto", "autos", "automobile", "automobiles", "car"), ("suit", "auto")),
    **dict.fromkeys(("ship", "ships"), ("suit", "ship")),
    **dict.fromkeys(
        ("plane", "planes", "airplane", "airplanes", "aeroplane", "aeroplanes"), ("suit", "plane")
    ),
    **dict.fromkeys(("fruit", "fruits"), ("honor", "fruit")),
    **dict.fromkeys(("grain", "grains"), ("honor", "grain")),
    **dict.fromkeys(("industry", "industries"), ("honor", "industry")),
    **dict.fromkeys(("greenback", "greenbacks"), ("greenback", "")),
    **dict.fromkeys(("bank", "banker", "bankers", "banks", "bankcard"), ("bank", "")),
    **dict.fromkeys(("captain", "captains", "capt", "c"), ("captain", "")),
    # the names a Swedish page gives the cards ("skepp tre", "kapten i bilar", "frukt 2")
    **dict.fromkeys(("bil", "bilar", "bilen"), ("suit", "auto")),
    **dict.fromkeys(("skepp", "skeppet", "fartyg"), ("suit", "ship")),
    **dict.fromkeys(("flygplan", "flygplanet", "plan"), ("suit", "plane")),
    **dict.fromkeys(("frukt", "frukter"), ("honor", "fruit")),
    **dict.fromkeys(("sädesslag", "säd", "spannmål"), ("honor", "grain")),
    **dict.fromkeys(("industri", "industrier"), ("honor", "industry")),
    **dict.fromkeys(("dollarsedel", "dollarsedlar", "sedel", "sedlar"), ("greenback", "")),
    **dict.fromkeys(("bankkort", "bankkortet"), ("bank", "")),
    **dict.fromkeys(("kapten", "kaptenen", "kaptener"), ("captain", "")),
}
_SKIP = frozenset(
    {
        "the",
        "of",
        "a",
        "an",
        "card",
        "cards",
        "no",
        "number",
        "s",
        "i",
        "av",
        "kort",
        "kortet",
        "nr",
    }
)
_RANGE_TEXT: dict[str, Said] = {
    # Translators: the cards of a suit or kind of Cox's pack, as in "automobiles are numbered
    # 1 to 5".
    "auto": said("automobiles"),
    "ship": _SUIT_PLURAL["ship"],
    "plane": said("aeroplanes"),
    **_HONOR_PLURAL,
    # Translators: Cox's green money cards, as in "greenbacks are numbered 1 to 4".
    "greenback": said("greenbacks"),
}


def _card_error(template: str, token: str | None = None, **who: Word) -> CoxCardError:
    """A :class:`CoxCardError` whose words are ``template`` (a message id) with ``who``."""
    return CoxCardError(fill(template, who), token, template=template, who=who)


def _bad(token: str, why: Said) -> CoxCardError:
    return _card_error(
        N_("unknown card {card}: {why}; valid cards are {valid}"),
        token,
        card=repr(token),
        why=why,
        valid=_VALID_CARDS,
    )


def parse_card(token: str | CoxCard) -> CoxCard:
    """Read one card leniently: its code, its name, any case, spaces or underscores.

    "airplane" and "aeroplane" mean planes, "automobile" autos; plurals are accepted
    ("industries", "grains", "fruits"), numbers as digits or words, the bank card as
    "bank", "banker's card" or "the bank card", a captain as "auto-captain",
    "captain of autos" or "auto-c". The names a Swedish page writes are read too ("skepp
    tre", "kapten i bilar", "bankkortet", "sädesslag 2", "dollarsedel 4").

    >>> [parse_card(t).code for t in ("Auto_3", "three of ships", "aeroplane 5", "bank")]
    ['auto-3', 'ship-3', 'plane-5', 'bank']
    >>> [parse_card(t).code for t in ("Captain of Automobiles", "industries-4", "GREENBACK 2")]
    ['auto-captain', 'industry-4', 'greenback-2']
    >>> [parse_card(t).code for t in ("skepp tre", "Kapten i bilar", "sädesslag 2", "bankkortet")]
    ['ship-3', 'auto-captain', 'grain-2', 'bank']
    >>> parse_card("bank bank")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engine.cox.CoxCardError: unknown card 'bank bank': a card has one suit or kind ...
    >>> parse_card("fruit-5")
    Traceback (most recent call last):
    ...
    games.engine.cox.CoxCardError: unknown card 'fruit-5': fruits are numbered 1 to 4; \
valid cards are autos, ships and planes numbered 1 to 5, fruits, grains, industries and \
greenbacks numbered 1 to 4, the three captains (auto captain, ship captain, plane captain) \
and the bank, written as on the card, like ship 3
    """
    if isinstance(token, CoxCard):
        return token
    if not isinstance(token, str):
        raise _card_error(
            N_("unknown card {card}: {why}; valid cards are {valid}"),
            repr(token),
            card=repr(token),
            why=said("a card is written as text"),
            valid=_VALID_CARDS,
        )
    found = _BY_CODE.get(token)
    if found is not None:
        return found
    text = token.lower().replace("'", "").replace("\u2019", "")
    kinds: list[tuple[str, str]] = []
    numbers: list[int] = []
    for word in re.findall(r"[^\W\d_]+|\d+", text):
        if word in _SKIP:
            continue
        if word.isdecimal():  # int() reads it; "¹" is a digit but no decimal
            numbers.append(int(word))
        elif word in _NUMBERS_READ:
            numbers.append(_NUMBERS_READ[word])
        elif word in _WORDS:
            kinds.append(_WORDS[word])
        else:
            raise _bad(token, said("{word} is not part of any card's name", word=repr(word)))
    captain = ("captain", "") in kinds
    named = [k for k in kinds if k[0] != "captain"]
    if not named and not numbers:
        raise _bad(token, said("no card is named"))
    if len(named) != 1 or len(numbers) > 1 or kinds.count(("captain", "")) > 1:
        raise _bad(token, said("a card has one suit or kind and at most one number"))
    category, suit = named[0]
    number = numbers[0] if numbers else None
    if category == "bank":
        if captain or number is not None:
            raise _bad(token, said("the bank card has no number"))
        return _BY_CODE["bank"]
    if captain:
        if category != "suit":
            raise _bad(token, said("only automobiles, ships and aeroplanes have a captain"))
        if number is not None:
            raise _bad(token, said("a captain has no number"))
        return _BY_CODE[f"{suit}-captain"]
    top = 5 if category == "suit" else 4
    plural = _RANGE_TEXT[suit or category]
    if number is None:
        if category == "suit":
            raise _bad(
                token,
                said("{cards} need a number from 1 to {top}, or 'captain'", cards=plural, top=top),
            )
        raise _bad(token, said("{cards} need a number from 1 to {top}", cards=plural, top=top))
    if not 1 <= number <= top:
        raise _bad(token, said("{cards} are numbered 1 to {top}", cards=plural, top=top))
    return _BY_CODE[f"{suit}-{number}" if category != "greenback" else f"greenback-{number}"]


def parse_hand(cards: str | Iterable[str | CoxCard]) -> tuple[CoxCard, ...]:
    """Read a hand (a string or any iterable of cards) and return it in pack order.

    A string is split at commas, semicolons or new lines when it has any; otherwise its
    words are read greedily, each card being the longest run of words that names one (so
    ``"auto 3 three of ships bank"`` is three cards). A hand may not hold more copies of a
    card than the pack has: four of each numbered suit card, one of every other card (cox
    ``composition``).

    >>> [c.code for c in parse_hand("bank, Auto 3, grains 2")]
    ['auto-3', 'bank', 'grain-2']
    >>> [c.code for c in parse_hand("auto 3 three of ships the bank card")]
    ['auto-3', 'ship-3', 'bank']
    >>> parse_hand("bank bank")
    Traceback (most recent call last):
    ...
    games.engine.cox.CoxCardError: the hand holds 2 of bank (the bank card) but the pack has only 1
    >>> parse_hand(["greenback-2", "greenback 2"])
    Traceback (most recent call last):
    ...
    games.engine.cox.CoxCardError: the hand holds 2 of greenback-2 (greenback 2) but the pack \
has only 1
    """
    parsed: list[CoxCard] = []
    if isinstance(cards, str) and not re.search(r"[,;\n]", cards):
        words = cards.split()
        i = 0
        while i < len(words):
            for j in range(min(len(words), i + 5), i, -1):
                try:
                    card = parse_card(" ".join(words[i:j]))
                except CoxCardError:
                    if j == i + 1:
                        raise
                    continue
                parsed.append(card)
                i = j
                break
    elif isinstance(cards, str):
        parsed = [parse_card(p) for p in re.split(r"[,;\n]", cards) if p.strip()]
    else:
        parsed = [parse_card(p) for p in cards]
    counts = Counter(parsed)
    for card in sorted(counts, key=_INDEX.__getitem__):
        if counts[card] > card.pack_count:
            raise _card_error(
                N_("the hand holds {count} of {card} ({name}) but the pack has only {copies}"),
                count=counts[card],
                card=card.code,
                name=card.words,
                copies=card.pack_count,
            )
    return tuple(sorted(parsed, key=_INDEX.__getitem__))


# --- A deal -------------------------------------------------------------------------------


def check_players(players: int) -> int:
    """The number of players of a deal or a game, checked: "may be played by two, three or
    four players" (cox ``players``; :data:`PLAYERS`).

    >>> check_players(3)
    3
    >>> check_players(5)
    Traceback (most recent call last):
    ...
    games.engine.wording.EngineError: Cox's Commerce is played by two, three or four players, not 5
    """
    low, high = PLAYERS
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise EngineError.saying(
            N_("Cox's Commerce is played by two, three or four players, not {players}"),
            players=repr(players),
        )
    return players


def check_supply_bases(supply_bases: Sequence[int]) -> tuple[int, ...]:
    """The supply bases of a deal's players, one each, checked: two to four players (cox
    ``players``), each base numbered 1 to 4 and no two players with the same one (the bases
    are "numbered from one to four", each player taking "the card board disc corresponding
    to his number", cox ``supply-base-numbers``; with two or three players too, each using
    "the number of the Supply Base in front of him", ``fewer-players-supply-bases``).

    Raises :class:`SupplyBaseError` naming the player (from 1), or
    :class:`~games.engine.wording.EngineError` for fewer than two or more than four players.

    >>> check_supply_bases([1, 3])
    (1, 3)
    >>> check_supply_bases([1, 5, 2])
    Traceback (most recent call last):
    ...
    games.engine.cox.SupplyBaseError: Player 2: the supply base is a number 1 to 4 (the \
player's Supply Base), not 5
    >>> check_supply_bases([2])
    Traceback (most recent call last):
    ...
    games.engine.wording.EngineError: Cox's Commerce is played by two, three or four players, not 1
    """
    if isinstance(supply_bases, str | bytes) or not isinstance(supply_bases, Sequence):
        raise EngineError.saying(
            N_("the supply bases are a list of numbers, not {bases}"), bases=repr(supply_bases)
        )
    check_players(len(supply_bases))
    holder: dict[int, int] = {}
    for player, base in enumerate(supply_bases):
        try:
            _validate_base(base)
        except SupplyBaseError as error:
            raise error.located(player + 1) from None
        if base in holder:
            raise _base_error(
                N_("supply base {base} is also {holder}'s: each player has his own"),
                base=base,
                holder=Mention("player", (holder[base],)),
            ).located(player + 1)
        holder[base] = player
    return tuple(supply_bases)


def parse_deal(
    hands: Sequence[str | Iterable[str | CoxCard]], supply_bases: Sequence[int]
) -> tuple[tuple[CoxCard, ...], ...]:
    """Read the hands laid out in one deal, one a player, with the players' supply bases.

    Each hand is read as :func:`parse_hand` reads it (and returned in pack order); a hand
    may be empty (no card laid out yet). The deal as a whole is checked too: two to four
    players and their own supply bases (:func:`check_supply_bases`), and no card held more
    often, over all the hands, than the pack has it -- four of each numbered suit card, one
    of every other card (cox ``composition``).

    Raises :class:`SupplyBaseError` naming the player, :class:`CoxCardError` naming the
    hand (from 1) and the card (a card held too often is reported at the hand where its
    count goes past the pack's), or :class:`ValueError` for the number of players.

    >>> [len(h) for h in parse_deal(["auto-1 auto-1 bank", "ship-2, fruit-1"], [1, 3])]
    [3, 2]
    >>> parse_deal(["bank auto-1", "auto-1", "ship-2 bank"], [1, 2, 3])
    Traceback (most recent call last):
    ...
    games.engine.cox.CoxCardError: Hand 3: the pack has only 1 of bank (the bank card); \
players 1 and 3 hold 2 between them
    >>> parse_deal(["auto-1", "fruit-9"], [1, 2])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engine.cox.CoxCardError: Hand 2: unknown card 'fruit-9': fruits are numbered 1 to 4; ...
    """
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise EngineError.saying(
            N_("a deal is a list of hands, one a player, not {hands}"), hands=repr(hands)
        )
    check_players(len(hands))
    if isinstance(supply_bases, Sequence) and len(supply_bases) != len(hands):
        raise EngineError.saying(
            N_("a deal needs one supply base a player: {hands} hands, {bases} supply bases"),
            hands=len(hands),
            bases=len(supply_bases),
        )
    check_supply_bases(supply_bases)
    parsed: list[tuple[CoxCard, ...]] = []
    for number, cards in enumerate(hands, start=1):
        try:
            parsed.append(parse_hand(cards))
        except CoxCardError as error:
            raise error.located(number) from None
    held: Counter[CoxCard] = Counter()
    for number, hand in enumerate(parsed, start=1):
        held.update(hand)
        for card in dict.fromkeys(hand):
            if held[card] > card.pack_count:
                holders = [i for i, other in enumerate(parsed) if card in other]
                total = sum(other.count(card) for other in parsed)
                raise _card_error(
                    N_(
                        "the pack has only {copies} of {card} ({name}); {holders} hold {total} "
                        "between them"
                    ),
                    copies=card.pack_count,
                    card=card.code,
                    name=card.words,
                    holders=Mention.of("player", holders),
                    total=total,
                ).located(number)
    return tuple(parsed)


# --- Options and rulings ------------------------------------------------------------------


@dataclass(frozen=True)
class CoxOptions:
    """House-rule options for the readings the booklet leaves open (one per ruling).

    - ``prefer_complete_arrangement`` (ruling ``cox-best-arrangement``): true (default)
      counts the best complete placing of the captains and the bank card whenever one
      exists; false counts the best-scoring placing, complete or not. The two never differ
      in a count (see the ruling); the option is kept for the house rule's sake.
    - ``bank_counts_in_clear_hand`` (``cox-bank-clear-hand``): true (default) counts the
      bank card as the black card it stands for when judging a clear hand; false never
      counts it. This never changes a count either (the bank card only joins kinds held).
    - ``penalty_before_double`` (``cox-penalty-order``): false (default) doubles first and
      then subtracts 5; true subtracts 5 and then doubles.
    - ``sell_out_requires_clear_hand`` (``cox-sell-out-unclear``): false (default) lets a
      hand that is not clear sell out (it still takes the penalty); true forbids it.
    - ``bank_pairs_with_captain`` (``cox-bank-captain-pair``): false (default) never puts
      the bank card and a captain together, not even as a pair; true lets them make a pair
      of a number the player does not hold.

    >>> CoxOptions().penalty_before_double, CoxOptions(penalty_before_double=True)
    (False, CoxOptions(prefer_complete_arrangement=True, bank_counts_in_clear_hand=True, \
penalty_before_double=True, sell_out_requires_clear_hand=False, bank_pairs_with_captain=False))
    """

    prefer_complete_arrangement: bool = True
    bank_counts_in_clear_hand: bool = True
    penalty_before_double: bool = False
    sell_out_requires_clear_hand: bool = False
    bank_pairs_with_captain: bool = False


_CAPTAIN_NO_FOURTH = ruling(
    "cox-captain-no-fourth-card",
    N_(
        "May a captain stand for the fourth card of a combination? The booklet forbids it of "
        "the bank card only."
    ),
    N_(
        "No. A captain completes three with two cards of its number and suit, or a pair with "
        "one; like the bank card it never makes a fourth, which 'must be drawn by the player "
        "having the other three cards like it'."
    ),
    (cox("special-cards"), cox("fourth-card"), cox("bank-card")),
)
_ONE_GROUP_PER_KIND = ruling(
    "cox-one-combination-per-kind",
    N_(
        "May the cards of one kind be counted in two groups -- four 4s of autos as a combination "
        "and a pair, or two combinations of 4s of autos with a captain and the bank card?"
    ),
    N_(
        "No. All the cards of a kind count together ('Three or more suit cards of a kind count "
        "as a combination'; 'Two or more Honor Cards of a kind count'), so a captain or the bank "
        "card can join a kind only when the player holds one or two of it, and never makes a "
        "fourth or fifth card of it."
    ),
    (cox("suit-pairs"), cox("honor-kinds"), cox("fourth-card")),
)
_BEST_ARRANGEMENT = ruling(
    "cox-best-arrangement",
    N_(
        "When the captains and the bank card can be placed in several ways, which placing is "
        "counted: the best-scoring one, or one that completes the hand?"
    ),
    N_(
        "If any placing completes the hand, the best-scoring complete placing: a player who can "
        "sell out does, and his score 'is counted using the Banker's card in its substituted "
        "place'; otherwise the best-scoring placing (a wildcard may stay unused). The two readings "
        "never differ: a hand that can be completed holds just three kinds, and every placing of "
        "its wildcards either is complete or leaves one unused, so none outscores the best "
        "complete placing. Equal scores go to a complete placing, then to the one using fewer "
        "wildcards."
    ),
    (cox("completed-hand"), cox("special-cards"), cox("bank-card")),
    option="prefer_complete_arrangement",
    default="true",
    alternatives=(
        ("true", N_("the best complete placing whenever the hand can sell out")),
        ("false", N_("the best-scoring placing, complete or not (the same count: see above)")),
    ),
)
_BANK_CLEAR = ruling(
    "cox-bank-clear-hand",
    N_(
        "Does the bank card count as a black suit card when judging a clear hand? It is a suit "
        "card, but 'black in color ... (except the bank card)'."
    ),
    N_(
        "It counts as the card it stands for, since the score 'is counted using the Banker's card "
        "in its substituted place': standing for a 4 of ships it is a ship; standing for an "
        "honour card, or for nothing, it is not black and does not count. The question never "
        "changes a count: the bank card only ever joins cards of a kind the player holds, whose "
        "suit is in the hand already."
    ),
    (cox("bank-card"), cox("pack"), cox("penalty")),
    option="bank_counts_in_clear_hand",
    default="true",
    alternatives=(
        ("true", N_("the bank card counts as the card it stands for")),
        ("false", N_("the bank card never counts for or against a clear hand (the same count)")),
    ),
)
_PENALTY_ORDER = ruling(
    "cox-penalty-order",
    N_(
        "A player holding the bank card whose hand is not clear: is his score doubled before or "
        "after the 5 points are subtracted?"
    ),
    N_(
        "Doubled first, then 5 subtracted: the bank card 'doubles the score of the player "
        "drawing it, when the score is counted', and the penalty is then subtracted 'from his "
        "score'."
    ),
    (cox("bank-card"), cox("penalty")),
    option="penalty_before_double",
    default="false",
    alternatives=(
        ("false", N_("score x 2 - 5")),
        ("true", N_("(score - 5) x 2: the penalty is doubled too")),
    ),
)
_SELL_OUT_UNCLEAR = ruling(
    "cox-sell-out-unclear",
    N_("May a hand that is not clear sell out?"),
    N_(
        "Yes: a completed hand is 'two combinations of three ... and one pair' and nothing more; "
        "a mixed hand may sell out but is still penalised 5 points when the hand ends."
    ),
    (cox("completed-hand"), cox("penalty"), cox("choice-of-suits")),
    option="sell_out_requires_clear_hand",
    default="false",
    alternatives=(
        ("false", N_("a hand that is not clear may sell out (and takes the penalty)")),
        ("true", N_("only a clear hand is complete")),
    ),
)
_BANK_CAPTAIN_PAIR = ruling(
    "cox-bank-captain-pair",
    N_(
        "The bank card may not be 'included with a Captain in the same combination of three'. "
        "May the two make a pair together?"
    ),
    N_(
        "No: a captain pairs with 'a single card of that suit', and the bank card may not be "
        "matched with a suit card to buy a captain; the engine keeps the two apart."
    ),
    (cox("special-notes"), cox("special-cards")),
    option="bank_pairs_with_captain",
    default="false",
    alternatives=(
        ("false", N_("the bank card and a captain never go together")),
        ("true", N_("they may make a pair (of a number of the captain's suit not held)")),
    ),
)
_PENALTY_BELOW_ZERO = ruling(
    "cox-penalty-below-zero",
    N_("Does the penalty take a score smaller than 5 below zero?"),
    N_(
        "Yes: 5 points are subtracted whatever the score, so 3 becomes -2; 'if he has no score "
        "he is given a minus 5 score' is the same rule for a score of nothing."
    ),
    (cox("penalty"),),
)
_NO_BLACK_CARDS = ruling(
    "cox-no-black-cards-clear",
    N_("Is a hand with no black card at all (honours, greenbacks, the bank card) clear?"),
    N_(
        "Yes: 'all black cards must be of one suit' holds, and honour cards 'do not count against "
        "a clear hand'."
    ),
    (cox("penalty"), cox("clear-hand-honors")),
)
_WAITING = ruling(
    "cox-waiting-discard",
    N_(
        "Which cards does a waiting hand wait for? The player 'can buy it to complete a pair and "
        "discard his other card'."
    ),
    N_(
        "Every card still in the pack (not all its copies in the hand) that completes the hand "
        "when added -- and, for a hand already holding its full count, when added and one card "
        "of the hand is then discarded. Greenbacks never complete a hand (they are laid out and "
        "replaced)."
    ),
    (cox("waiting-hand"), cox("completed-hand"), cox("composition"), cox("greenbacks")),
)
_BANK_HONOR = ruling(
    "cox-bank-honor-number",
    N_("Standing for an honour card, which card of the colour is the bank card?"),
    N_(
        "One the player does not hold ('no two of the cards ... have the same picture or "
        "number'); the engine names the lowest such number, which does not change the count."
    ),
    (cox("honor-cards"), cox("bank-card-advice")),
)
_HAND_SIZE = ruling(
    "cox-hand-size",
    N_(
        "How many cards may a hand laid out hold? The booklet gives the count of a completed "
        "hand, not a limit."
    ),
    # MAX_HAND_CARDS written out: a message id is a literal (tests/i18n/test_engine_cox.py)
    N_(
        "At most 14: a hand is 'eight cards in all except for each greenback or set "
        "of four of a kind, the hand will contain one more card than eight'; every greenback and "
        "fourth card drawn is replaced from a Supply Base and every card drawn or bought is "
        "followed by a discard, so no other card is ever added. The pack has four greenbacks, "
        "and eight cards hold at most two combinations of three, each of which may take a fourth "
        "card: 8 + 4 + 2 = 14. The engine refuses a hand of more cards, naming "
        "the count."
    ),
    (
        cox("completed-hand"),
        cox("fourth-card"),
        cox("greenbacks"),
        cox("turn-procedure"),
        cox("composition"),
    ),
)
_TIED_GAME = ruling(
    "cox-tied-game",
    N_("Who wins the game when two players have the same highest total?"),
    N_("The booklet breaks no tie: every player with the highest total is named a winner."),
    (cox("winner"),),
)

# --- The count ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreLine:
    """One line of a count: what it is in words, the cards (codes), points, the paragraph.

    ``label`` is the words in English (what the JSON API sends); ``words`` the same as
    words a page writes in its own language (None: ``label`` as it is).

    >>> ScoreLine("greenback 3", ("greenback-3",), 3, cox("greenbacks")).points
    3
    """

    label: str
    cards: tuple[str, ...]
    points: int
    citation: Citation
    words: Said | None = field(default=None, compare=False)

    @classmethod
    def of(cls, words: Said, cards: tuple[str, ...], points: int, citation: Citation) -> ScoreLine:
        """A line whose label is ``words``.

        >>> ScoreLine.of(said("greenback {number}", number=3), (), 3, cox("greenbacks")).label
        'greenback 3'
        """
        return cls(str(words), cards, points, citation, words)


@dataclass(frozen=True)
class WildcardUse:
    """How a captain or the bank card was used: ``stands_for`` is the code of the card it
    stood for, ``None`` when it was not used.

    ``text`` is the words in English (what the JSON API sends); ``words`` the same as words
    a page writes in its own language (None: ``text`` as it is).

    >>> score_hand("auto-4 auto-4 auto-captain", 1).arrangement[0].text
    'the captain of autos as a third 4 of autos'
    """

    card: str
    stands_for: str | None
    text: str
    words: Said | None = field(default=None, compare=False)

    @classmethod
    def of(cls, card: str, stands_for: str | None, words: Said) -> WildcardUse:
        """A use whose text is ``words``."""
        return cls(card, stands_for, str(words), words)


@dataclass(frozen=True)
class CoxScore:
    """The count of one laid-out hand (:func:`score_hand`).

    ``score`` is the hand's points; ``clear`` whether its black cards are all of one suit;
    ``complete`` whether it forms exactly two combinations and one pair (it sells out);
    ``doubled`` whether the bank card doubled it. ``breakdown`` lists the lines of the count
    (they add up to ``score``), ``arrangement`` how each captain and the bank card was used,
    ``reasons`` the rules and rulings applied, ``unmatched`` the cards in no group.
    ``waiting`` lists, for a hand that is not complete, the codes of the single cards that
    would complete it (cox ``waiting-hand``); ``can_sell_out`` says, for a hand of at least
    eight cards besides greenbacks, whether some placing completes it now (else ``None``).

    >>> s = score_hand("plane-1 plane-1 plane-1 plane-2 plane-2 plane-2 plane-4 plane-5", 2)
    >>> s.score, s.complete, s.can_sell_out, s.waiting
    (6, False, False, ['plane-4', 'plane-5', 'plane-captain', 'bank'])
    """

    cards: list[str]
    supply_base: int
    score: int
    clear: bool
    complete: bool
    doubled: bool
    breakdown: list[ScoreLine]
    arrangement: list[WildcardUse]
    reasons: list[Reason]
    unmatched: list[str]
    waiting: list[str]
    can_sell_out: bool | None


_HONOR_POINTS = {2: 3, 3: 5, 4: 10}
_SUIT_POINTS = {3: 3, 4: 5}
_FIVES_POINTS = {3: 5, 4: 10}


def _points(ident: str, size: int) -> int:
    """Points for a group of ``size`` cards of one kind (cox counting-*)."""
    if ident in HONOR_KINDS:
        return _HONOR_POINTS.get(size, 0)
    return (_FIVES_POINTS if ident.endswith("-5") else _SUIT_POINTS).get(size, 0)


_Wild = tuple[str, str]  # ("captain", suit) or ("bank", "")


@dataclass(frozen=True)
class _Hand:
    naturals: dict[str, int]  # kind -> count: suit-card codes, honour kinds
    honors: dict[str, tuple[str, ...]]  # honour kind -> codes held
    wilds: tuple[_Wild, ...]
    greenbacks: tuple[int, ...]
    black_suits: frozenset[str]  # from the numbered suit cards and the captains
    size: int  # cards besides greenbacks


def _vector(cards: Iterable[CoxCard]) -> list[int]:
    """The hand as counts by pack index (the engine's working form)."""
    counts = [0] * len(DISTINCT_CARDS)
    for card in cards:
        counts[_INDEX[card]] += 1
    return counts


def _make_hand(counts: list[int]) -> _Hand:
    naturals: dict[str, int] = {}
    honors: dict[str, list[str]] = {}
    wilds: list[_Wild] = []
    greenbacks: list[int] = []
    black: set[str] = set()
    size = 0
    for i, n in enumerate(counts):
        if n <= 0:
            continue
        category, suit, number, code = _INFO[i]
        if category == "greenback":
            greenbacks.append(number)
            continue
        size += n
        if category == "suit":
            naturals[code] = n
            black.add(suit)
        elif category == "honor":
            naturals[suit] = naturals.get(suit, 0) + n
            honors.setdefault(suit, []).append(code)
        elif category == "captain":
            wilds.append(("captain", suit))
            black.add(suit)
        else:
            wilds.append(("bank", ""))
    return _Hand(
        naturals,
        {k: tuple(v) for k, v in honors.items()},
        tuple(wilds),
        tuple(greenbacks),
        frozenset(black),
        size,
    )


def _kind_order(ident: str) -> int:
    if ident in HONOR_KINDS:
        return 100 + HONOR_KINDS.index(ident)
    return _INDEX[_BY_CODE[ident]]


def _targets(hand: _Hand, wild: _Wild, options: CoxOptions) -> list[str | None]:
    """Where one wildcard may go: unused, or joining a kind of which one or two are held."""
    joinable = [k for k, n in hand.naturals.items() if n in (1, 2)]
    has_bank = ("bank", "") in hand.wilds
    if wild[0] == "captain":
        suit = wild[1]
        out: list[str | None] = [None]
        out += [k for k in joinable if k.startswith(suit + "-")]
        if options.bank_pairs_with_captain and has_bank:
            free = _free_number(hand, suit)
            if free is not None:
                out.append(free)
        return sorted(out, key=lambda t: -1 if t is None else _kind_order(t))
    out = [None, *joinable]
    if options.bank_pairs_with_captain:
        for kind, suit in hand.wilds:
            free = _free_number(hand, suit) if kind == "captain" else None
            if free is not None:
                out.append(free)
    return sorted(out, key=lambda t: -1 if t is None else _kind_order(t))


def _free_number(hand: _Hand, suit: str) -> str | None:
    for n in range(1, 6):
        if hand.naturals.get(f"{suit}-{n}", 0) == 0:
            return f"{suit}-{n}"
    return None


@dataclass(frozen=True)
class _Eval:
    targets: tuple[str | None, ...]
    raw: int
    score: int
    clear: bool
    complete: bool
    used: int
    sizes: dict[str, int]
    suits: frozenset[str]


def _evaluate(
    hand: _Hand, targets: tuple[str | None, ...], supply_base: int, options: CoxOptions
) -> _Eval | None:
    """Count one placing of the wildcards, or ``None`` when the rules forbid it."""
    joined: dict[str, list[_Wild]] = {}
    for wild, target in zip(hand.wilds, targets, strict=True):
        if target is not None:
            joined.setdefault(target, []).append(wild)
    sizes = dict(hand.naturals)
    raw = 0
    for target, wilds in joined.items():
        natural = hand.naturals.get(target, 0)
        if natural == 0:
            # only the bank card and a captain together, as a pair, under the option
            kinds = sorted(w[0] for w in wilds)
            if kinds != ["bank", "captain"]:
                return None
        elif len(wilds) != 1:
            return None  # the bank card never with a captain; one wildcard to a kind
        sizes[target] = natural + len(wilds)
    suits = set(hand.black_suits)
    if options.bank_counts_in_clear_hand:  # ruling cox-bank-clear-hand
        for wild, target in zip(hand.wilds, targets, strict=True):
            if wild[0] == "bank" and target is not None and target not in HONOR_KINDS:
                suits.add(target.split("-")[0])
    clear = len(suits) <= 1
    used = sum(t is not None for t in targets)
    shape = sorted(sizes.values())
    complete = (
        used == len(hand.wilds)
        and len(shape) == 3
        and shape[0] == 2
        and shape[1] >= 3
        and (clear or not options.sell_out_requires_clear_hand)
    )
    if not complete:
        # a captain makes a pair only 'if in so doing the player can Sell Out'
        for wild, target in zip(hand.wilds, targets, strict=True):
            if wild[0] == "captain" and target is not None and sizes[target] == 2:
                return None
    for ident, size in sizes.items():
        raw += _points(ident, size)
    for number in hand.greenbacks:
        raw += 6 if number == supply_base else 3
    doubled = ("bank", "") in hand.wilds
    score = raw
    if options.penalty_before_double:
        score = (score - (0 if clear else 5)) * (2 if doubled else 1)
    else:
        score = score * (2 if doubled else 1) - (0 if clear else 5)
    return _Eval(targets, raw, score, clear, complete, used, sizes, frozenset(suits))


def _placings(hand: _Hand, options: CoxOptions) -> Iterator[tuple[str | None, ...]]:
    lists = [_targets(hand, wild, options) for wild in hand.wilds]
    return product(*lists)


def _completable(hand: _Hand, options: CoxOptions) -> bool:
    """Whether some placing of the wildcards completes the hand (see :func:`_can_complete`)."""
    return _can_complete(hand.naturals, hand.wilds, options)


def _can_complete(naturals: dict[str, int], wilds: Sequence[_Wild], options: CoxOptions) -> bool:
    """Whether some placing of the wildcards completes the hand, decided without trying them.

    A complete placing (cox ``completed-hand``) uses every wildcard and leaves exactly three
    kinds: one pair and two kinds of three or four. A wildcard joins a kind of which one or
    two are held, one to a kind, a captain only of its own suit (so a kind held once must
    take one and becomes the pair; a kind held twice is the pair, or takes one and is a
    three); only under ``bank_pairs_with_captain`` do the bank card and a captain make a
    pair of their own, a third kind beside two held. Whether the hand is clear does not
    depend on the placing: the bank card only joins a kind held or a captain's pair, whose
    suit is in the hand already (ruling ``cox-bank-clear-hand``).
    """
    size = len(wilds)
    for n in naturals.values():
        size += n
    if size < 8 or size > 10 or not 2 <= len(naturals) <= 3:
        return False
    captains = [suit for kind, suit in wilds if kind == "captain"]
    bank = ("bank", "") in wilds
    if options.sell_out_requires_clear_hand:
        suits = {k.partition("-")[0] for k in naturals if k not in HONOR_KINDS}
        if len(suits.union(captains)) > 1:
            return False
    if len(naturals) == 3:
        for pair in naturals:  # the kind that ends as the pair
            need: list[str] = []  # the kinds that must take a wildcard
            for kind, n in naturals.items():
                if n == (1 if kind == pair else 2):
                    need.append(kind)
                elif n < 3 and kind != pair or n > 2 and kind == pair:
                    break  # a single that is not the pair, or the pair held three times
            else:
                if _fills(need, captains, bank):
                    return True
        return False
    if not (options.bank_pairs_with_captain and bank) or 1 in naturals.values():
        return False
    # the bank card and one captain make the pair; the other captains make the threes
    need = [kind for kind, n in naturals.items() if n == 2]
    return any(
        any(f"{suit}-{n}" not in naturals for n in range(1, 6))  # a number to pair as
        and _fills(need, [c for c in captains if c != suit], False)
        for suit in captains
    )


def _fills(need: list[str], captains: list[str], bank: bool) -> bool:
    """Whether the captains (of different suits) and the bank card can each join one kind
    of ``need``, every kind of ``need`` taking one: each captain a kind of its suit."""
    if len(need) != len(captains) + bank:
        return False
    suits = [kind.partition("-")[0] for kind in need]
    return all(suit in suits for suit in captains)


def _search(hand: _Hand, supply_base: int, options: CoxOptions) -> tuple[_Eval, bool]:
    """The placing counted (ruling cox-best-arrangement) and whether any placing completes.

    Of the placings that score best, the first in the order of :func:`_placings` is
    counted: placings are compared by (complete, if preferred; score; complete; clear;
    fewer wildcards used).
    """
    if _completable(hand, options):
        # two or three kinds held: only a few placings, every one of them is counted
        best: _Eval | None = None
        best_key: tuple[int, ...] = ()
        for targets in _placings(hand, options):
            found = _evaluate(hand, targets, supply_base, options)
            if found is None:
                continue
            key = (
                int(found.complete) if options.prefer_complete_arrangement else 0,
                found.score,
                int(found.complete),
                int(found.clear),
                -found.used,
            )
            if best is None or key > best_key:
                best, best_key = found, key
        assert best is not None and best.complete
        return best, True
    found = _evaluate(hand, _best_unfinished(hand, options), supply_base, options)
    assert found is not None and not found.complete
    return found, False


def _best_unfinished(hand: _Hand, options: CoxOptions) -> tuple[str | None, ...]:
    """The placing counted for a hand that no placing completes, without trying them all.

    No placing being complete, a captain may only make a third card of a kind of its suit
    held twice (a pair it made would not sell out), the bank card join any kind held once or
    twice (never a captain's pair, which only sells out), and one wildcard goes to a kind.
    A placing then counts the points of the kinds held plus what each wildcard adds to its
    kind (worked out once for each wildcard and kind), doubled by the bank card, less the
    penalty; only the bank card's place can change whether the hand is clear, and captains
    (each of its own suit) never compete for a kind. So for each place of the bank card
    every captain independently takes the kind where it adds most (the first such in its
    order), or stays unused when it adds nothing; of these placings, one for each place of
    the bank card, the best-keyed and then first in the order of :func:`_placings` is the
    one the full search counts (ruling ``cox-best-arrangement``): some twenty placings
    counted instead of thousands.
    """
    bank_at = next((i for i, w in enumerate(hand.wilds) if w[0] == "bank"), None)
    # per wildcard: (position in its target list, target, points it adds)
    choices: list[list[tuple[int, str | None, int]]] = []
    for wild in hand.wilds:
        options_of: list[tuple[int, str | None, int]] = []
        for position, target in enumerate(_targets(hand, wild, options)):
            if target is None:
                options_of.append((position, None, 0))
                continue
            held = hand.naturals.get(target, 0)
            if held == 0 or (wild[0] == "captain" and held == 1):
                continue  # a pair with a captain only sells out, and nothing here does
            options_of.append((position, target, _points(target, held + 1) - _points(target, held)))
        choices.append(options_of)
    raw = sum(_points(ident, n) for ident, n in hand.naturals.items())
    doubled = bank_at is not None
    best_key: tuple[int, int, int] | None = None
    best_order: tuple[int, ...] = ()
    best_targets: tuple[str | None, ...] = ()
    for bank_choice in choices[bank_at] if bank_at is not None else [(0, None, 0)]:
        taken = bank_choice[1]
        order: list[int] = []
        targets: list[str | None] = []
        added = used = 0
        for i, options_of in enumerate(choices):
            if i == bank_at:
                position, target, adds = bank_choice
            else:
                position, target, adds = options_of[0]  # unused
                for choice in options_of[1:]:
                    if choice[1] != taken and choice[2] > adds:
                        position, target, adds = choice
            order.append(position)
            targets.append(target)
            added += adds
            used += target is not None
        suits = set(hand.black_suits)
        if taken is not None and taken not in HONOR_KINDS and options.bank_counts_in_clear_hand:
            suits.add(taken.partition("-")[0])
        clear = len(suits) <= 1
        total = raw + added
        if options.penalty_before_double:
            score = (total - (0 if clear else 5)) * (2 if doubled else 1)
        else:
            score = total * (2 if doubled else 1) - (0 if clear else 5)
        key = (score, int(clear), -used)
        if best_key is None or key > best_key or (key == best_key and tuple(order) < best_order):
            best_key, best_order, best_targets = key, tuple(order), tuple(targets)
    return best_targets


def waiting_cards(
    cards: str | Iterable[str | CoxCard], options: CoxOptions = CoxOptions()
) -> list[str]:
    """The single cards that would complete a hand that is not complete (a waiting hand).

    Each card the pack still has (not all its copies in the hand) is tried: it completes
    the hand if the hand plus it is complete, or -- for a hand already holding its full
    count, as in the booklet's waiting hand -- the hand plus it, less one card discarded
    (cox ``waiting-hand``; ruling ``cox-waiting-discard``). A complete hand waits for
    nothing. A hand of more than :data:`MAX_HAND_CARDS` cards is refused (ruling
    ``cox-hand-size``).

    >>> waiting_cards("ship-2 ship-2 ship-2 ship-3 ship-3 ship-3 ship-1")
    ['ship-1', 'ship-captain', 'bank']
    >>> waiting_cards("ship-2 ship-2 ship-2 ship-3 ship-3 ship-3 ship-1 fruit-4")
    ['ship-1', 'ship-captain', 'bank', 'fruit-1', 'fruit-2', 'fruit-3']
    """
    return _waiting(_vector(_check_hand_size(parse_hand(cards))), options)


def _waiting(counts: list[int], options: CoxOptions) -> list[str]:
    hand = _make_hand(counts)
    if hand.size + 1 < 8 or hand.size > 10 or _completable(hand, options):
        return []
    naturals = dict(hand.naturals)
    wilds = list(hand.wilds)
    out: list[str] = []
    discards = [i for i, n in enumerate(counts) if n > 0 and _INFO[i][0] != "greenback"]
    for i, card in enumerate(DISTINCT_CARDS):
        if card.category == "greenback" or counts[i] >= card.pack_count:
            continue
        _shift(naturals, wilds, i, 1)
        done = _can_complete(naturals, wilds, options)
        if not done and hand.size >= 8:
            for other in discards:
                if other == i:
                    continue
                _shift(naturals, wilds, other, -1)
                done = _can_complete(naturals, wilds, options)
                _shift(naturals, wilds, other, 1)
                if done:
                    break
        _shift(naturals, wilds, i, -1)
        if done:
            out.append(card.code)
    return out


def _shift(naturals: dict[str, int], wilds: list[_Wild], index: int, by: int) -> None:
    """Add (``by`` 1) or take away (-1) one card, by pack index, of a hand's naturals and
    wildcards, as :func:`_make_hand` would count them (greenbacks are not counted)."""
    category, suit, _, code = _INFO[index]
    if category == "captain" or category == "bank":
        wild = (category, suit)
        if by > 0:
            wilds.append(wild)
        else:
            wilds.remove(wild)
        return
    kind = suit if category == "honor" else code
    n = naturals.get(kind, 0) + by
    if n:
        naturals[kind] = n
    else:
        del naturals[kind]


def _of(ident: str, table: Mapping[int, str] = _RANKS_OF) -> Said:
    """The cards of a kind of suit cards ("2s of ships"), or one of them ("2 of ships",
    with ``table`` :data:`_RANK_OF`)."""
    suit, number = ident.split("-")
    return said(table[int(number)], suit=_SUIT_PLURAL[suit])


def _kind_words(ident: str, size: int) -> Said:
    """A group of ``size`` cards of a kind: "a pair of 2s of autos", "three fruits"."""
    cards = _HONOR_PLURAL[ident] if ident in HONOR_KINDS else _of(ident)
    if size == 2:
        return said("a pair of {cards}", cards=cards)
    if size == 3:
        return said("three {cards}", cards=cards)
    assert size == 4, size
    return said("four {cards}", cards=cards)


def _wild_name(wild: _Wild) -> Said:
    if wild[0] == "bank":
        return _BANK_CARD
    return said("the captain of {suit}", suit=_SUIT_PLURAL[wild[1]])


def _suits_words(suits: Sequence[str]) -> Said:
    """Two or three black suits in a sentence: "autos and ships", "autos, ships and planes"."""
    if len(suits) == 2:
        first, second = (_SUIT_PLURAL[suit] for suit in suits)
        return said("{first} and {second}", first=first, second=second)
    assert list(suits) == list(SUITS), suits
    return said("autos, ships and planes")


def _wild_code(wild: _Wild) -> str:
    return "bank" if wild[0] == "bank" else f"{wild[1]}-captain"


def _validate_base(supply_base: object) -> int:
    if isinstance(supply_base, bool) or not isinstance(supply_base, int):
        given = repr(supply_base)
    elif supply_base not in SUPPLY_BASES:
        given = str(supply_base)
    else:
        return supply_base
    raise _base_error(
        N_("the supply base is a number 1 to 4 (the player's Supply Base), not {given}"),
        given=given,
    )


def _base_error(template: str, **who: Word) -> SupplyBaseError:
    """A :class:`SupplyBaseError` whose words are ``template`` (a message id) with ``who``."""
    return SupplyBaseError(fill(template, who), template=template, who=who)


def score_hand(
    cards: str | Iterable[str | CoxCard],
    supply_base: int,
    options: CoxOptions = CoxOptions(),
) -> CoxScore:
    """Count a hand laid out at the end of a deal: all the player's cards, greenbacks too.

    ``supply_base`` is the number (1-4) of the player's Supply Base, which makes his own
    greenback count 6 (cox ``greenbacks``, ``supply-bases``). Suit cards count three or four
    of one number and suit (cox ``counting-suit-cards``), honours two, three or four of a
    colour (``counting-honor-cards``), greenbacks singly; the bank card doubles the score
    (``bank-card``); a hand that is not clear loses 5 (``penalty``). Captains and the bank
    card are placed the best way (ruling ``cox-best-arrangement``). A hand of more than
    :data:`MAX_HAND_CARDS` cards is refused with a :class:`CoxCardError` (ruling
    ``cox-hand-size``).

    >>> s = score_hand("auto-5 auto-5 auto-5 auto-1 auto-1 auto-1 auto-2 auto-2 greenback-3", 3)
    >>> s.score, s.complete, [(line.label, line.points) for line in s.breakdown]
    ... # doctest: +NORMALIZE_WHITESPACE
    (14, True, [('three 1s of autos', 3), ('a pair of 2s of autos (scores nothing)', 0),
                ('three 5s of autos', 5), ('greenback 3 (own supply base)', 6)])
    >>> score_hand("auto-1 auto-1 auto-1 ship-2", 1).score
    -2
    >>> score_hand("fruit-1 grain-1", 4, CoxOptions()).score
    0
    >>> score_hand(["auto-1"] * 4 + ["ship-1"] * 4 + ["plane-1"] * 4 + ["fruit-1", "fruit-2",
    ...             "grain-1"], 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engine.cox.CoxCardError: the hand holds 15 cards, but a hand laid out holds at most ...
    """
    base = _validate_base(supply_base)
    parsed = _check_hand_size(parse_hand(cards))
    counts = _vector(parsed)
    hand = _make_hand(counts)
    best, any_complete = _search(hand, base, options)
    doubled = ("bank", "") in hand.wilds

    # groups: kind -> cards (codes) and wildcards joined
    joined: dict[str, list[_Wild]] = {}
    for wild, target in zip(hand.wilds, best.targets, strict=True):
        if target is not None:
            joined.setdefault(target, []).append(wild)
    lines: list[ScoreLine] = []
    unmatched: list[str] = []
    for ident in sorted(best.sizes, key=_kind_order):
        size = best.sizes[ident]
        naturals = (
            list(hand.honors.get(ident, ()))
            if ident in HONOR_KINDS
            else [ident] * hand.naturals.get(ident, 0)
        )
        wilds = joined.get(ident, [])
        codes = tuple(naturals + [_wild_code(w) for w in wilds])
        if size < 2:
            unmatched.extend(codes)
            continue
        points = _points(ident, size)
        if ident in HONOR_KINDS:
            citation = cox("counting-honor-cards")
        elif size == 2:
            citation = cox("suit-pairs")
        else:
            citation = cox("counting-suit-cards")
        label = _group_words(
            _kind_words(ident, size), wilds, ident not in HONOR_KINDS and size == 2
        )
        lines.append(ScoreLine.of(label, codes, points, citation))
    for wild, target in zip(hand.wilds, best.targets, strict=True):
        if target is None:
            unmatched.append(_wild_code(wild))
    for number in hand.greenbacks:
        own = number == base
        lines.append(
            ScoreLine.of(
                said("greenback {number} (own supply base)", number=number)
                if own
                else said("greenback {number}", number=number),
                (f"greenback-{number}",),
                6 if own else 3,
                cox("greenbacks"),
            )
        )
    raw = best.raw
    penalty_line = ScoreLine.of(
        said("not a clear hand: minus 5")
        if raw
        else said("not a clear hand, and no score: minus 5"),
        tuple(
            c.code
            for c in parsed
            if c.is_black or (c.category == "bank" and _bank_suit(hand, best) is not None)
        ),
        -5,
        cox("penalty"),
    )
    if options.penalty_before_double:
        if not best.clear:
            lines.append(penalty_line)
        if doubled:
            lines.append(
                ScoreLine.of(
                    _BANK_DOUBLES,
                    ("bank",),
                    raw - 5 * (not best.clear),
                    cox("bank-card"),
                )
            )
    else:
        if doubled:
            lines.append(ScoreLine.of(_BANK_DOUBLES, ("bank",), raw, cox("bank-card")))
        if not best.clear:
            lines.append(penalty_line)

    arrangement = [
        _use(hand, wild, target, best)
        for wild, target in zip(hand.wilds, best.targets, strict=True)
    ]
    can_sell_out = any_complete if hand.size >= 8 else None
    waiting = [] if best.complete else _waiting(counts, options)
    reasons = _reasons(hand, best, arrangement, doubled, waiting)
    return CoxScore(
        cards=[c.code for c in parsed],
        supply_base=base,
        score=best.score,
        clear=best.clear,
        complete=best.complete,
        doubled=doubled,
        breakdown=lines,
        arrangement=arrangement,
        reasons=reasons,
        unmatched=unmatched,
        waiting=waiting,
        can_sell_out=can_sell_out,
    )


def _group_words(cards: Said, wilds: Sequence[_Wild], nothing: bool) -> Said:
    """A line of the count for a group: its ``cards`` ("three 4s of ships"), the wildcards
    joined to it, and whether it scores nothing (a pair of suit cards)."""
    names = [_wild_name(wild) for wild in wilds]
    if not names:
        return said("{cards} (scores nothing)", cards=cards) if nothing else cards
    if len(names) == 1:
        if nothing:
            return said("{cards} (with {wildcard}, scores nothing)", cards=cards, wildcard=names[0])
        return said("{cards} (with {wildcard})", cards=cards, wildcard=names[0])
    # two only as the pair of the bank card and a captain (option bank_pairs_with_captain)
    first, other = names
    assert nothing, names
    return said(
        "{cards} (with {wildcard} and {other_wildcard}, scores nothing)",
        cards=cards,
        wildcard=first,
        other_wildcard=other,
    )


def _check_hand_size(parsed: tuple[CoxCard, ...]) -> tuple[CoxCard, ...]:
    """The hand, if it holds no more than :data:`MAX_HAND_CARDS` cards (ruling
    ``cox-hand-size``); else a :class:`CoxCardError` naming the count."""
    if len(parsed) > MAX_HAND_CARDS:
        raise _card_error(
            N_(
                "the hand holds {count} cards, but a hand laid out holds at most {most}: eight, "
                "and one more for each greenback (the pack has four) and for each fourth card "
                "laid out (at most two)"
            ),
            count=len(parsed),
            most=MAX_HAND_CARDS,
        )
    return parsed


def _bank_suit(hand: _Hand, best: _Eval) -> str | None:
    for wild, target in zip(hand.wilds, best.targets, strict=True):
        if wild[0] == "bank" and target is not None and target not in HONOR_KINDS:
            return target.split("-")[0]
    return None


def _use(hand: _Hand, wild: _Wild, target: str | None, best: _Eval) -> WildcardUse:
    name = _wild_name(wild)
    code = _wild_code(wild)
    if target is None:
        if wild[0] == "bank":
            return WildcardUse.of(
                code, None, said("the bank card unused (it still doubles the score)")
            )
        return WildcardUse.of(code, None, said("{wildcard} unused", wildcard=name))
    if target in HONOR_KINDS:
        held = set(hand.honors.get(target, ()))
        free = next(n for n in range(1, 5) if f"{target}-{n}" not in held)
        card = CoxCard("honor", target, free).words
        return WildcardUse.of(
            code, f"{target}-{free}", said("{wildcard} as {card}", wildcard=name, card=card)
        )
    one = _of(target, _RANK_OF)
    if not hand.naturals.get(target, 0):
        words = said(
            "{wildcard} as a {card}, paired with the other wildcard", wildcard=name, card=one
        )
    elif best.sizes[target] == 2:
        words = said("{wildcard} as a second {card}", wildcard=name, card=one)
    else:
        words = said("{wildcard} as a third {card}", wildcard=name, card=one)
    return WildcardUse.of(code, target, words)


def _reasons(
    hand: _Hand,
    best: _Eval,
    arrangement: list[WildcardUse],
    doubled: bool,
    waiting: list[str],
) -> list[Reason]:
    out: list[Reason] = []
    if best.complete:
        out.append(
            Reason(
                N_(
                    "the hand is complete: two combinations and one pair, nothing left over -- "
                    "the player can sell out"
                ),
                (cox("completed-hand"),),
                (_SELL_OUT_UNCLEAR.slug,) if not best.clear else (),
            )
        )
    else:
        text = N_("the hand is not complete (it is not two combinations and one pair)")
        out.append(Reason(text, (cox("completed-hand"), cox("no-one-completes"))))
        if waiting:
            out.append(
                Reason.about(
                    N_("a waiting hand: it is completed by {cards}"),
                    (cox("waiting-hand"),),
                    (_WAITING.slug,),
                    cards=", ".join(waiting),
                )
            )
    if hand.wilds:
        out.append(
            Reason(
                N_(
                    "the captains and the bank card are placed the way that counts best, "
                    "among the placings that sell out"
                )
                if best.complete
                else N_("the captains and the bank card are placed the way that counts best"),
                (cox("special-cards"), cox("bank-card")),
                (_BEST_ARRANGEMENT.slug,),
            )
        )
    for wild, target, use in zip(hand.wilds, best.targets, arrangement, strict=True):
        full = sorted(
            (k for k, n in hand.naturals.items() if n >= 3),
            key=_kind_order,
        )
        placed = use.words or said(use.text)
        if wild[0] == "captain":
            cites: tuple[Citation, ...] = (cox("special-cards"),)
            slugs: tuple[str, ...] = ()
            words = placed
            if target is not None and best.sizes[target] == 2:
                cites += (cox("completed-hand"),)
                words = said(
                    "{placing}, making the pair with which the hand sells out", placing=placed
                )
            own = [k for k in full if k.startswith(wild[1] + "-")]
            if target is None and own:
                words = said(
                    "{placing}: it cannot join the {cards}, being no fourth card (a fourth card "
                    "must be drawn)",
                    placing=placed,
                    cards=_kind_words(own[0], hand.naturals[own[0]]),
                )
                cites += (cox("fourth-card"),)
                slugs = (_CAPTAIN_NO_FOURTH.slug, _ONE_GROUP_PER_KIND.slug)
            out.append(_said_reason(words, cites, slugs))
        else:
            cites = (cox("bank-card"), cox("bank-card-advice"))
            slugs = ()
            words = placed
            if target in HONOR_KINDS:
                cites += (cox("honor-cards"),)
                slugs = (_BANK_HONOR.slug,)
            elif target is not None:
                slugs = (_BANK_CLEAR.slug,)
            if target is not None and not hand.naturals.get(target, 0):
                slugs += (_BANK_CAPTAIN_PAIR.slug,)
            if target is None and full:
                words = said(
                    "{placing}; it cannot make a fourth card in a combination", placing=placed
                )
                slugs += (_ONE_GROUP_PER_KIND.slug,)
            out.append(_said_reason(words, cites, slugs))
    if ("bank", "") in hand.wilds and len(hand.wilds) > 1:
        out.append(
            Reason(
                N_("the bank card is never placed with a captain in one combination"),
                (cox("special-notes"),),
                (_BANK_CAPTAIN_PAIR.slug,),
            )
        )
    pairs = [k for k, n in best.sizes.items() if n == 2 and k not in HONOR_KINDS]
    for ident in sorted(pairs, key=_kind_order):
        out.append(
            Reason.about(
                N_("{cards} scores nothing (it may be the pair of a completed hand)"),
                (cox("suit-pairs"),),
                (),
                cards=_kind_words(ident, 2),
            )
        )
    lone = [k for k in HONOR_KINDS if best.sizes.get(k, 0) == 1]
    if len(lone) == 2:
        out.append(
            Reason.about(
                N_(
                    "one card each of {first} and {second} is no pair: honour cards count only "
                    "two or more of a colour"
                ),
                (cox("honor-kinds"),),
                (),
                first=_HONOR_PLURAL[lone[0]],
                second=_HONOR_PLURAL[lone[1]],
            )
        )
    elif len(lone) == 3:
        out.append(
            Reason(
                N_(
                    "one card each of fruits and grains and industries is no pair: honour "
                    "cards count only two or more of a colour"
                ),
                (cox("honor-kinds"),),
            )
        )
    suits = sorted(best.suits, key=SUITS.index)
    if best.clear:
        cites = (cox("penalty"), cox("clear-hand-honors"))
        if suits and hand.honors:
            words = said(
                "a clear hand: every black card is of {suit} (honour cards do not count against "
                "a clear hand)",
                suit=_SUIT_PLURAL[suits[0]],
            )
        elif suits:
            words = said("a clear hand: every black card is of {suit}", suit=_SUIT_PLURAL[suits[0]])
        elif hand.honors:
            words = said(
                "a clear hand: it holds no black card (honour cards do not count against a clear "
                "hand)"
            )
        else:
            words = said("a clear hand: it holds no black card")
        out.append(_said_reason(words, cites, () if suits else (_NO_BLACK_CARDS.slug,)))
    else:
        slugs = (_PENALTY_ORDER.slug,) if doubled else ()
        if 0 < best.raw < 5:
            slugs += (_PENALTY_BELOW_ZERO.slug,)
        if _bank_suit(hand, best) is not None:
            slugs += (_BANK_CLEAR.slug,)
        if best.raw == 0:
            template = N_("not a clear hand: black cards of {suits}, and no score: minus 5")
        else:
            template = N_("not a clear hand: black cards of {suits}: 5 points are subtracted")
        out.append(
            Reason.about(
                template,
                (cox("penalty"), cox("clear-hand-honors"), cox("choice-of-suits")),
                slugs,
                suits=_suits_words(suits),
            )
        )
    if doubled:
        out.append(
            _said_reason(
                _BANK_DOUBLES,
                (cox("bank-card"), cox("counting-honor-cards")),
                (_PENALTY_ORDER.slug,) if not best.clear else (),
            )
        )
    if hand.greenbacks:
        out.append(
            Reason(
                N_(
                    "greenbacks count 3 points each, 6 for the one numbered as the player's "
                    "supply base"
                ),
                (cox("greenbacks"), cox("supply-bases"), cox("counting-honor-cards")),
            )
        )
    return out


def _said_reason(words: Said, citations: tuple[Citation, ...], rulings: tuple[str, ...]) -> Reason:
    """A reason whose words are ``words`` (a message id with its values, written in the
    reader's language)."""
    return Reason.about("{words}", citations, rulings, words=words)


# --- The game -----------------------------------------------------------------------------


class GameTotals(NamedTuple):
    """Each player's total over the hands and the winners (indices of the highest totals).

    >>> totals, winners = GameTotals([10, 12], [1])
    >>> winners
    [1]
    """

    totals: list[int]
    winners: list[int]

    @property
    def reasons(self) -> list[Reason]:
        """Why these are the winners, with the paragraph (and the tie ruling when tied).

        >>> [r.rulings for r in game_totals([[5, 5]]).reasons]
        [('cox-tied-game',)]
        """
        top = max(self.totals) if self.totals else 0
        slugs = (_TIED_GAME.slug,) if len(self.winners) > 1 else ()
        if not self.winners:
            return [
                Reason.about(
                    N_("the highest total ({top}) wins: nobody"), (cox("winner"),), slugs, top=top
                )
            ]
        return [
            Reason.about(
                N_("the highest total ({top}) wins: {winners}"),
                (cox("winner"),),
                slugs,
                top=top,
                winners=Mention.of("player", self.winners),
            )
        ]


def game_totals(scores_per_hand: list[list[int]]) -> GameTotals:
    """Add up a game: ``scores_per_hand[h][p]`` is player ``p``'s score in hand ``h``.

    "Four completed hands are played, and then the scores earned by each player are added
    and the player having the highest score is the winner" (cox ``winner``). Fewer than four
    hands give the totals so far; two, three or four players; equal highest totals all win
    (ruling ``cox-tied-game``). Winners are player indices, from 0.

    >>> game_totals([[12, 6, -5], [0, 20, 3], [8, 8, 8], [-5, 0, 30]])
    GameTotals(totals=[15, 34, 36], winners=[2])
    >>> game_totals([[5, 5], [3, 3]]).winners
    [0, 1]
    """
    if not isinstance(scores_per_hand, list | tuple) or not scores_per_hand:
        raise EngineError.saying(N_("a game needs the scores of at least one hand"))
    if len(scores_per_hand) > GAME_HANDS:
        raise EngineError.saying(
            N_("a game of Commerce is four hands, not {hands} (cox 'winner')"),
            hands=len(scores_per_hand),
        )
    players: int | None = None
    for h, row in enumerate(scores_per_hand, start=1):
        if not isinstance(row, list | tuple):
            raise EngineError.saying(
                N_("hand {hand}: a list of the players' scores is needed, not {row}"),
                hand=h,
                row=repr(row),
            )
        if players is None:
            players = len(row)
            check_players(players)
        elif len(row) != players:
            raise EngineError.saying(
                N_("hand {hand} has {scores} scores; the first hand has {first}"),
                hand=h,
                scores=len(row),
                first=players,
            )
        for p, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, int):
                raise EngineError.saying(
                    N_("hand {hand}, {player}: a score is a whole number, not {score}"),
                    hand=h,
                    player=Mention("player", (p,)),
                    score=repr(value),
                )
    assert players is not None
    totals = [sum(row[p] for row in scores_per_hand) for p in range(players)]
    top = max(totals)
    return GameTotals(totals, [p for p, t in enumerate(totals) if t == top])
