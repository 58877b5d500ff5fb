r"""The combinations of Commerce, their order, and who wins a showdown, with reasons.

Two rule sets: Peel's (English, 1891) in :class:`PeelRules`, with either pack and
his Limited Commerce, and the modern Swedish text's in :class:`SwedishRules`. Each
rule in the code names the paragraph it comes from; where a text is silent the engine
applies a :class:`~games.engine.citations.Ruling` declared below (``RULINGS``), and
where players could reasonably differ the ruling names a house-rule option.

Every three-card hand of a rule set's pack is evaluated once, the first time the rule
set is used, into a table from the hand's bitmask to a :class:`HandValue`; after that
:func:`evaluate` is one dictionary look-up.

>>> from games.engine.cards import parse_hand
>>> rules = PeelRules()
>>> evaluate(parse_hand("QH KH AH", PACK_52), rules).describe()
'sequence queen-king-ace of hearts'
>>> result = showdown([parse_hand("9S 9H KD", PACK_52), parse_hand("9C 9D QS", PACK_52)], rules)
>>> result.winners
(0,)
>>> print(result.reasons[0].text.replace(". ", ".\n"))
Hand 1 (pair of nines and a king) beats hand 2 (pair of nines and a queen).
Both hold a pair of nines; the king beats the queen as third card.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from functools import cache, cached_property
from typing import ClassVar

from games.engine.cards import (
    PACK_32,
    PACK_52,
    Card,
    CardError,
    Pack,
    Rank,
    card_error,
    pack_of_size,
)
from games.engine.citations import Citation, Reason, Ruling, peel, ruling, swedish
from games.engine.wording import N_, EngineError, Mention, Said, said

__all__ = [
    "FLUSH_EQUAL_POINT",
    "LIMITED_AS_POINT",
    "PEEL_EQUAL_HANDS",
    "POANG_EQUAL_SUMS",
    "POINT_BY_RANK",
    "SHORT_PACK_ACE_LOW",
    "SWEDISH_ACE_HIGH",
    "SWEDISH_ALL_INGENTING",
    "SWEDISH_HAND_LIMIT",
    "SWEDISH_SHARED_WIN",
    "SWEDISH_TWO_HANDS",
    "PACK_32",
    "PACK_52",
    "Book",
    "Category",
    "ExactTies",
    "FlushTies",
    "HandValue",
    "Limited",
    "PeelRules",
    "Placing",
    "PoangTies",
    "Rules",
    "ShortPackAceLow",
    "Showdown",
    "SwedishRules",
    "Table",
    "compare",
    "evaluate",
    "peel_natural_category",
    "rules_from_name",
    "rulings_used",
    "showdown",
]


# --------------------------------------------------------------------------- categories


class Book(StrEnum):
    """Which rulebook a rule set follows.

    >>> Book.SWEDISH.words
    'the Swedish text'
    """

    PEEL = "english"
    """Peel's *Round Games with Cards*: the English rules."""
    SWEDISH = "swedish"
    """The modern Swedish rules text."""

    @property
    def words(self) -> str:
        """How a sentence names the book: "Peel" or "the Swedish text".

        >>> Book.PEEL.words
        'Peel'
        """
        return "Peel" if self is Book.PEEL else "the Swedish text"

    @property
    def said(self) -> Said:
        """:attr:`words` as a page writes them in its language.

        >>> Book.SWEDISH.said.words() == Book.SWEDISH.words
        True
        """
        return said("Peel") if self is Book.PEEL else said("the Swedish text")


class Category(StrEnum):
    """A combination, valued by its slug; each rule set ranks its own (``Rules.categories``).

    >>> Category.POANG.english, Category.POANG.swedish, Category.POANG.family
    ('Point', 'Poäng', <Category.POINT: 'point'>)
    >>> Category.PAIR.book, Category.PAIR.citation
    (<Book.PEEL: 'english'>, Citation(book='peel-commerce', anchor='pair'))
    """

    TRICON = "tricon"
    """Peel's Tricon: three cards of one rank (Peel, ``tricon``)."""
    SEQUENCE = "sequence"
    """Peel's Sequence: three following cards of one suit, A-2-3 to Q-K-A (Peel, ``sequence``)."""
    FLUSH = "flush"
    """Peel's Flush: three cards of one suit (Peel, ``flush``)."""
    PAIR = "pair"
    """Peel's Pair: two cards of one rank and a third (Peel, ``pair``)."""
    POINT = "point"
    """Peel's Point: the pips of the three cards (Peel, ``point``)."""
    TRETAL = "tretal"
    """The Swedish *tretal*: three cards of one rank (``tretal``)."""
    SEKVENS = "sekvens"
    """The Swedish *sekvens*: three following cards of one suit, ace high only (``sekvens``)."""
    POANG = "poang"
    """The Swedish *poäng*: two or three cards of one suit, counted (``poang``)."""
    INGENTING = "ingenting"
    """The Swedish *ingenting*: three suits and no tretal; may not be laid up (``ingenting``)."""

    @property
    def slug(self) -> str:
        """The category's slug (its value).

        >>> Category.SEKVENS.slug
        'sekvens'
        """
        return self.value

    @property
    def english(self) -> str:
        """The category's English display name.

        >>> Category.TRETAL.english
        'Three of a kind'
        """
        return _CATEGORY_NAMES[self][0]

    @property
    def swedish(self) -> str:
        """The category's Swedish display name.

        >>> Category.FLUSH.swedish
        'Färg'
        """
        return _CATEGORY_NAMES[self][1]

    @property
    def said(self) -> Said:
        """:attr:`english` as a page writes it in its language ("Tretal" in Swedish).

        >>> Category.TRETAL.said.words()
        'Three of a kind'
        """
        return said(_CATEGORY_NAMES[self][0])

    @property
    def term(self) -> str:
        """The word the category's own book uses, lower case, as a description starts.

        >>> Category.TRICON.term, Category.POANG.term
        ('tricon', 'poäng')
        """
        return _CATEGORY_NAMES[self][2]

    @property
    def book(self) -> Book:
        """The rulebook the category belongs to.

        >>> Category.SEKVENS.book
        <Book.SWEDISH: 'swedish'>
        """
        return Book.PEEL if self in _PEEL_ORDER else Book.SWEDISH

    @property
    def family(self) -> Category:
        """Peel's counterpart of a Swedish category (itself for Peel's and for ingenting).

        >>> Category.TRETAL.family, Category.INGENTING.family
        (<Category.TRICON: 'tricon'>, <Category.INGENTING: 'ingenting'>)
        """
        return _FAMILIES.get(self, self)

    @property
    def citation(self) -> Citation:
        """The paragraph that defines the category.

        >>> str(Category.POANG.citation)
        'commerce-swedish#poang'
        """
        if self.book is Book.PEEL:
            return peel(self.value)
        return swedish(self.value)


_CATEGORY_NAMES = {
    Category.TRICON: (N_("Tricon"), "Tretal", "tricon"),
    Category.SEQUENCE: (N_("Sequence"), "Sekvens", "sequence"),
    Category.FLUSH: (N_("Flush"), "Färg", "flush"),
    Category.PAIR: (N_("Pair"), "Par", "pair"),
    Category.POINT: (N_("Point"), "Poäng", "point"),
    Category.TRETAL: (N_("Three of a kind"), "Tretal", "tretal"),
    Category.SEKVENS: (N_("Sequence"), "Sekvens", "sekvens"),
    Category.POANG: (N_("Point"), "Poäng", "poäng"),
    Category.INGENTING: (N_("Nothing"), "Ingenting", "ingenting"),
}
_PEEL_ORDER = (
    Category.TRICON,
    Category.SEQUENCE,
    Category.FLUSH,
    Category.PAIR,
    Category.POINT,
)
_SWEDISH_ORDER = (Category.TRETAL, Category.SEKVENS, Category.POANG, Category.INGENTING)
_FAMILIES = {
    Category.TRETAL: Category.TRICON,
    Category.SEKVENS: Category.SEQUENCE,
    Category.POANG: Category.POINT,
}


# --------------------------------------------------------------------------- options


class Limited(StrEnum):
    """Peel's Limited Commerce (``limited-commerce-rule``): which combinations are recognised.

    A hand whose combination is not recognised counts as Point (ruling
    ``limited-counts-as-point``).

    >>> Limited("no-pair").recognised
    (<Category.TRICON: 'tricon'>, <Category.SEQUENCE: 'sequence'>, \
<Category.FLUSH: 'flush'>, <Category.POINT: 'point'>)
    """

    NONE = "none"
    """The full game: Tricon, Sequence, Flush, Pair, Point."""
    NO_PAIR = "no-pair"
    """"Only the Tricon, Sequence, Flush, and Point": a pair counts as Point."""
    TRICON_SEQUENCE_POINT = "tricon-sequence-point"
    """"Or even Tricon, Sequence, and Point only": a flush or a pair counts as Point."""

    @property
    def recognised(self) -> tuple[Category, ...]:
        """The combinations recognised, best first.

        >>> [c.value for c in Limited.TRICON_SEQUENCE_POINT.recognised]
        ['tricon', 'sequence', 'point']
        """
        dropped = {
            Limited.NONE: (),
            Limited.NO_PAIR: (Category.PAIR,),
            Limited.TRICON_SEQUENCE_POINT: (Category.FLUSH, Category.PAIR),
        }[self]
        return tuple(c for c in _PEEL_ORDER if c not in dropped)

    @property
    def words(self) -> str:
        """The variant in words.

        >>> Limited.NO_PAIR.words
        'Limited Commerce without Pair'
        """
        return self.said.words()

    @property
    def said(self) -> Said:
        """:attr:`words` as a page writes them in its language.

        >>> Limited.NONE.said.words()
        'the full game'
        """
        return said(
            {
                Limited.NONE: N_("the full game"),
                Limited.NO_PAIR: N_("Limited Commerce without Pair"),
                Limited.TRICON_SEQUENCE_POINT: N_("Limited Commerce of Tricon, Sequence and Point"),
            }[self]
        )


class FlushTies(StrEnum):
    """House-rule option ``flush_ties``: two flushes of equal point (ruling ``flush-equal-point``).

    >>> FlushTies("share")
    <FlushTies.SHARE: 'share'>
    """

    HIGHEST_CARD = "highest-card"
    """Break the tie as Point's: the first highest card that differs, by rank (default)."""
    SHARE = "share"
    """Equal point is a tie: the hands are equal."""


class ShortPackAceLow(StrEnum):
    """House-rule option ``short_pack_ace_low``: is A-7-8 a sequence in the 32-card pack?

    Ruling ``short-pack-ace-low``.

    >>> ShortPackAceLow("yes")
    <ShortPackAceLow.YES: 'yes'>
    """

    NO = "no"
    """No: an ace is next only to a two or a king (default)."""
    YES = "yes"
    """Yes: the ace stands below the seven, and A-7-8 is the lowest sequence."""


class PoangTies(StrEnum):
    """House-rule option ``poang_ties``: equal Swedish poäng sums (ruling ``poang-equal-sums``).

    >>> PoangTies("highest-card")
    <PoangTies.HIGHEST_CARD: 'highest-card'>
    """

    EQUAL = "equal"
    """Only the sum counts: equal sums are equal hands (default)."""
    HIGHEST_CARD = "highest-card"
    """The first highest counting card that differs, by rank, decides."""


class ExactTies(StrEnum):
    """House-rule option ``exact_ties`` (Peel): hands exactly equal at the top.

    Ruling ``peel-equal-hands``.

    >>> ExactTies("dealer")
    <ExactTies.DEALER: 'dealer'>
    """

    SHARE = "share"
    """The equal winners share (default)."""
    DEALER = "dealer"
    """The dealer wins a tie he is part of (as in the Swedish text); otherwise they share."""


# --------------------------------------------------------------------------- rulings

FLUSH_EQUAL_POINT: Ruling = ruling(
    "flush-equal-point",
    N_("Two flushes make the same point: Peel says only that the better point wins."),
    N_("The first highest card that differs decides, by rank, as Peel breaks a tie of Point."),
    (peel("tie-flush"), peel("tie-point")),
    option="flush_ties",
    default=FlushTies.HIGHEST_CARD.value,
    alternatives=(
        (FlushTies.HIGHEST_CARD.value, N_("the first highest card that differs decides")),
        (FlushTies.SHARE.value, N_("flushes of equal point are equal")),
    ),
)
"""(a) Two flushes of equal point."""

SHORT_PACK_ACE_LOW: Ruling = ruling(
    "short-pack-ace-low",
    N_("In the 32-card pack there is no two: is ace, seven, eight of one suit a sequence?"),
    N_("No: Peel lets the ace end a sequence only next to a two (A-2-3) or a king (Q-K-A)."),
    (peel("sequence"), peel("packs")),
    option="short_pack_ace_low",
    default=ShortPackAceLow.NO.value,
    alternatives=(
        (ShortPackAceLow.NO.value, N_("A-7-8 is a flush, not a sequence")),
        (ShortPackAceLow.YES.value, N_("A-7-8 is the lowest sequence")),
    ),
)
"""(b) Ace, seven, eight in the short pack."""

POINT_BY_RANK: Ruling = ruling(
    "point-first-card-by-rank",
    N_(
        "Peel breaks a tie of Point by 'the first highest card different', but a king, "
        "queen, knave and ten all count ten: do they differ?"
    ),
    N_(
        "Cards are compared by rank from the highest down: a king beats a queen, a queen a "
        "knave, a knave a ten, though all count ten in the point."
    ),
    (peel("tie-point"), peel("combinations")),
)
"""(c) Point ties compare ranks."""

POANG_EQUAL_SUMS: Ruling = ruling(
    "poang-equal-sums",
    N_("Two poäng hands have the same sum: the Swedish text ranks poäng by the sum alone."),
    N_("Only the sum counts: equal sums are equal hands."),
    (swedish("rangordning"), swedish("poangsumma")),
    option="poang_ties",
    default=PoangTies.EQUAL.value,
    alternatives=(
        (PoangTies.EQUAL.value, N_("equal sums are equal hands")),
        (PoangTies.HIGHEST_CARD.value, N_("the first highest counting card that differs decides")),
    ),
)
"""(d) Equal poäng sums."""

SWEDISH_SHARED_WIN: Ruling = ruling(
    "swedish-shared-win",
    N_("Players other than the dealer tie for the best hand: the sources do not say who wins."),
    N_(
        "The winners share the pot and any bonus: this is the Swedish text's own suggestion "
        "('Förslagsvis delar vinnarna på potten'), not a rule of its sources."
    ),
    (swedish("lika"),),
)
"""(e) A Swedish tie without the dealer."""

SWEDISH_HAND_LIMIT: Ruling = ruling(
    "swedish-hand-limit",
    N_("The Swedish text asks for three or more players and gives no upper limit."),
    N_("As many hands as the 52-card pack deals three cards to: seventeen."),
    (swedish("inledning"), swedish("kortlek")),
)
"""(f) How many hands the Swedish rules deal."""

PEEL_EQUAL_HANDS: Ruling = ruling(
    "peel-equal-hands",
    N_(
        "Two hands are exactly equal (the same sequence in two suits, the same pair with the "
        "same third card): Peel's modern game does not say who wins."
    ),
    N_(
        "The equal hands share the win, as Peel's Old Game pays each of two absolutely equal "
        "winners."
    ),
    (peel("ties"),),
    option="exact_ties",
    default=ExactTies.SHARE.value,
    alternatives=(
        (ExactTies.SHARE.value, N_("the equal winners share")),
        (ExactTies.DEALER.value, N_("the dealer wins a tie he is in; otherwise they share")),
    ),
)
"""(g) Exactly equal hands under Peel."""

LIMITED_AS_POINT: Ruling = ruling(
    "limited-counts-as-point",
    N_(
        "Under Limited Commerce only some combinations are 'recognised': what is a pair (or "
        "a flush) then?"
    ),
    N_("It counts as Point: the pips of its three cards, ties broken as Point's."),
    (peel("limited-commerce-rule"), peel("point")),
)
"""(g) Unrecognised combinations under Limited Commerce."""

SWEDISH_ACE_HIGH: Ruling = ruling(
    "swedish-ace-high-only",
    N_("The Swedish text says 3-2-A is not a sekvens; is Q-K-A one, and K-A-2?"),
    N_(
        "The ace is high only ('ess högst'): Q-K-A is the highest sekvens, and neither 3-2-A "
        "nor K-A-2 is one."
    ),
    (swedish("sekvens"), swedish("kortlek")),
)
"""(g) The ace in a Swedish sekvens."""

SWEDISH_ALL_INGENTING: Ruling = ruling(
    "swedish-all-ingenting",
    N_("Every hand shown is ingenting, which may not be laid up."),
    N_("Nobody wins the showdown (in play the round would go on until someone may lay up)."),
    (swedish("lagga-upp"), swedish("ingenting")),
)
"""(g) A showdown of ingenting only."""

SWEDISH_TWO_HANDS: Ruling = ruling(
    "swedish-two-hands",
    N_("The Swedish text is for three or more players: may two hands be compared?"),
    N_(
        "Yes: only hands that may beat the laid-up hand are shown, so two hands at a "
        "showdown is ordinary; they compare as any others."
    ),
    (swedish("inledning"), swedish("lagga-upp")),
)
"""(g) Two hands under the Swedish rules."""


def _enum_option[E: StrEnum](kind: type[E], name: str, value: object) -> E:
    try:
        return kind(str(value))
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in kind)
        raise ValueError(f"{name} must be one of {allowed}; not {value!r}") from None


# --------------------------------------------------------------------------- rule sets


class _RulesBase:
    """What both rule sets share: the lazily built, cached table."""

    @property
    def _table_key(self) -> tuple[object, ...]:
        raise NotImplementedError

    @cached_property
    def table(self) -> Table:
        """Every hand of the pack evaluated, built on first use and shared by equal rules.

        >>> len(PeelRules(PACK_32).table.values)
        4960
        """
        return _table_for(self._table_key)

    # ``_grid``, the table's grid one attribute away for :func:`evaluate`, is a plain
    # instance attribute that evaluate sets on its first call with these rules, not a
    # cached_property: CPython specializes the look-up of an attribute that no class
    # attribute shadows (LOAD_ATTR_INSTANCE_VALUE), never one behind a descriptor, and the
    # generic look-up was a third of evaluate's time. (An annotation only: no class attribute.)
    _grid: list[list[list[HandValue | None]]]


@dataclass(frozen=True)
class PeelRules(_RulesBase):
    """Peel's rules (``combinations``): Tricon > Sequence > Flush > Pair > Point.

    Either pack (``packs``); ``limited`` for Limited Commerce; the other fields are
    house-rule options of the rulings ``flush-equal-point``, ``short-pack-ace-low`` and
    ``peel-equal-hands``. Options may be given as their string values.

    >>> PeelRules().label, PeelRules(PACK_32, "no-pair").label
    ('Peel, 52 cards', 'Peel, 32 cards, Limited Commerce without Pair')
    >>> PeelRules(flush_ties="share").flush_ties
    <FlushTies.SHARE: 'share'>
    """

    pack: Pack = PACK_52
    """The pack: :data:`PACK_52` (up to twelve hands) or :data:`PACK_32` (up to seven)."""
    limited: Limited = Limited.NONE
    """Limited Commerce: which combinations are recognised."""
    flush_ties: FlushTies = FlushTies.HIGHEST_CARD
    """Option of ruling ``flush-equal-point``."""
    short_pack_ace_low: ShortPackAceLow = ShortPackAceLow.NO
    """Option of ruling ``short-pack-ace-low`` (matters only with the 32-card pack)."""
    exact_ties: ExactTies = ExactTies.SHARE
    """Option of ruling ``peel-equal-hands``."""

    book: ClassVar[Book] = Book.PEEL
    """The rulebook: Peel."""

    def __post_init__(self) -> None:
        if not isinstance(self.pack, Pack):
            raise ValueError(f"pack must be PACK_52 or PACK_32; not {self.pack!r}")
        for name, kind in _PEEL_OPTIONS.items():
            object.__setattr__(self, name, _enum_option(kind, name, getattr(self, name)))

    @property
    def categories(self) -> tuple[Category, ...]:
        """The recognised combinations, best first (``combinations``, Limited Commerce).

        >>> [c.value for c in PeelRules().categories]
        ['tricon', 'sequence', 'flush', 'pair', 'point']
        """
        return self.limited.recognised

    @property
    def hand_limit(self) -> int:
        """The most hands Peel deals from the pack: twelve or seven (``packs``).

        >>> PeelRules(PACK_32).hand_limit
        7
        """
        return self.pack.hand_limit

    @property
    def name(self) -> str:
        """The rule set's name for :func:`rules_from_name`.

        >>> PeelRules().name
        'english'
        """
        return self.book.value

    @property
    def label(self) -> str:
        """The rule set in words, as a table heading.

        >>> PeelRules(limited=Limited.TRICON_SEQUENCE_POINT).label
        'Peel, 52 cards, Limited Commerce of Tricon, Sequence and Point'
        """
        return self.heading.words()

    @property
    def heading(self) -> Said:
        """:attr:`label` as a page writes it in its language.

        >>> PeelRules(PACK_32, "no-pair").heading.words()
        'Peel, 32 cards, Limited Commerce without Pair'
        """
        if self.limited is Limited.NONE:
            return said("Peel, {size} cards", size=self.pack.size)
        return said("Peel, {size} cards, {variant}", size=self.pack.size, variant=self.limited.said)

    @property
    def options(self) -> dict[str, str]:
        """The house-rule options that differ from their defaults (not ``limited``, a variant).

        >>> PeelRules(flush_ties="share", limited="no-pair").options
        {'flush_ties': 'share'}
        """
        return _changed_options(self, {k: v for k, v in _PEEL_OPTIONS.items() if k != "limited"})

    @property
    def _ace_low_short(self) -> bool:
        return self.pack.size == 32 and self.short_pack_ace_low is ShortPackAceLow.YES

    @property
    def _table_key(self) -> tuple[object, ...]:
        return (Book.PEEL, self.pack, self.limited, self.flush_ties, self._ace_low_short)


_PEEL_OPTIONS: dict[str, type[StrEnum]] = {
    "limited": Limited,
    "flush_ties": FlushTies,
    "short_pack_ace_low": ShortPackAceLow,
    "exact_ties": ExactTies,
}


@dataclass(frozen=True)
class SwedishRules(_RulesBase):
    """The Swedish text's rules (``kombinationer``): Tretal > Sekvens > Poäng > Ingenting.

    Always the 52-card pack, ace high (``kortlek``); up to seventeen hands (ruling
    ``swedish-hand-limit``); ``poang_ties`` is the option of ruling ``poang-equal-sums``.

    >>> SwedishRules().label, SwedishRules().hand_limit
    ('Swedish text', 17)
    >>> [c.value for c in SwedishRules().categories]
    ['tretal', 'sekvens', 'poang', 'ingenting']
    """

    poang_ties: PoangTies = PoangTies.EQUAL
    """Option of ruling ``poang-equal-sums``."""

    book: ClassVar[Book] = Book.SWEDISH
    """The rulebook: the Swedish text."""
    pack: ClassVar[Pack] = PACK_52
    """The pack: always 52 cards (``kortlek``)."""
    limited: ClassVar[Limited] = Limited.NONE
    """The Swedish text has no Limited Commerce."""
    hand_limit: ClassVar[int] = 17
    """Seventeen hands of three from 52 cards (ruling ``swedish-hand-limit``)."""
    categories: ClassVar[tuple[Category, ...]] = _SWEDISH_ORDER
    """The combinations, best first (``kombinationer``)."""

    def __post_init__(self) -> None:
        for name, kind in _SWEDISH_OPTIONS.items():
            object.__setattr__(self, name, _enum_option(kind, name, getattr(self, name)))

    @property
    def name(self) -> str:
        """The rule set's name for :func:`rules_from_name`.

        >>> SwedishRules().name
        'swedish'
        """
        return self.book.value

    @property
    def label(self) -> str:
        """The rule set in words, as a table heading.

        >>> SwedishRules().label
        'Swedish text'
        """
        return "Swedish text"

    @property
    def heading(self) -> Said:
        """:attr:`label` as a page writes it in its language.

        >>> SwedishRules().heading.words()
        'Swedish text'
        """
        return said("Swedish text")

    @property
    def options(self) -> dict[str, str]:
        """The house-rule options that differ from their defaults.

        >>> SwedishRules(poang_ties="highest-card").options
        {'poang_ties': 'highest-card'}
        """
        return _changed_options(self, _SWEDISH_OPTIONS)

    @property
    def _table_key(self) -> tuple[object, ...]:
        return (Book.SWEDISH, self.poang_ties)


_SWEDISH_OPTIONS: dict[str, type[StrEnum]] = {"poang_ties": PoangTies}

type Rules = PeelRules | SwedishRules
"""Either rule set."""


def _changed_options(
    rules: PeelRules | SwedishRules, options: dict[str, type[StrEnum]]
) -> dict[str, str]:
    changed: dict[str, str] = {}
    for f in fields(rules):
        if f.name in options and getattr(rules, f.name) != f.default:
            changed[f.name] = str(getattr(rules, f.name))
    return changed


def rules_from_name(
    name: str, pack: int = 52, limited: str = "none", **options: str
) -> PeelRules | SwedishRules:
    """A rule set by name: ``"english"`` (or ``"peel"``) or ``"swedish"``, with options.

    >>> rules_from_name("english", pack=32, limited="no-pair", flush_ties="share").label
    'Peel, 32 cards, Limited Commerce without Pair'
    >>> rules_from_name("swedish", poang_ties="highest-card").poang_ties
    <PoangTies.HIGHEST_CARD: 'highest-card'>
    >>> rules_from_name("swedish", pack=32)
    Traceback (most recent call last):
    ...
    ValueError: the Swedish text plays with the 52-card pack only
    >>> rules_from_name("english", colour="red")
    Traceback (most recent call last):
    ...
    ValueError: unknown option 'colour' for english: flush_ties, short_pack_ace_low, exact_ties
    """
    key = name.strip().lower()
    if key in ("english", "peel"):
        _check_options("english", options, [n for n in _PEEL_OPTIONS if n != "limited"])
        chosen = _enum_option(Limited, "limited", limited)
        return PeelRules(pack_of_size(int(pack)), chosen, **options)  # type: ignore[arg-type]
    if key == "swedish":
        if int(pack) != 52:
            raise ValueError("the Swedish text plays with the 52-card pack only")
        if limited != Limited.NONE:
            raise ValueError("the Swedish text has no Limited Commerce")
        _check_options("swedish", options, list(_SWEDISH_OPTIONS))
        return SwedishRules(**options)  # type: ignore[arg-type]
    raise ValueError(f"unknown rule set {name!r}: write 'english' or 'swedish'")


def _check_options(name: str, options: dict[str, str], allowed: list[str]) -> None:
    for option in options:
        if option not in allowed:
            raise ValueError(f"unknown option {option!r} for {name}: {', '.join(allowed)}")


# --------------------------------------------------------------------------- hand values


@dataclass(frozen=True, slots=True)
class HandValue:
    """A hand as a rule set values it: its category, a strength integer and its cards.

    ``strength`` orders all hands of a rule set: higher is better, equal is a tie.
    ``cards`` are highest first (by rank, then suit), whatever order they were given
    in. Values are made once per rule set, so comparing strengths is all a caller needs.

    >>> from games.engine.cards import parse_hand
    >>> v = evaluate(parse_hand("9S KD 9H", PACK_52), PeelRules())
    >>> v.category, v.describe(), [str(c) for c in v.cards]
    (<Category.PAIR: 'pair'>, 'pair of nines and a king', ['KD', '9S', '9H'])
    """

    category: Category
    """The combination the hand makes under the rule set."""
    strength: int
    """Comparable strength: higher beats lower, equal ties."""
    cards: tuple[Card, Card, Card]
    """The cards, highest first."""
    _said: Said | None = field(default=None, init=False, compare=False, repr=False)
    """:attr:`said`, kept once made: a value lives in its rule set's table, and every
    showdown and explanation that speaks of the hand writes it (and its English once)."""

    def __str__(self) -> str:
        return self.describe()

    @property
    def key(self) -> int:
        """The hand's bitmask (the table key).

        >>> from games.engine.cards import parse_hand
        >>> evaluate(parse_hand("2C 2D 2H", PACK_52), PeelRules()).key
        7
        """
        return self.cards[0].bit | self.cards[1].bit | self.cards[2].bit

    @property
    def may_show(self) -> bool:
        """Whether the hand may be laid up: not ingenting (Swedish ``lagga-upp``).

        >>> from games.engine.cards import parse_hand
        >>> evaluate(parse_hand("dK cK h3", PACK_52), SwedishRules()).may_show
        False
        """
        return self.category is not Category.INGENTING

    @property
    def point(self) -> int:
        """The pips of all three cards (Peel's point; ace 11, courts and ten 10).

        >>> from games.engine.cards import parse_hand
        >>> evaluate(parse_hand("AS 9H 9D", PACK_52), PeelRules()).point
        29
        """
        return sum(c.pips for c in self.cards)

    @property
    def counting(self) -> tuple[Card, ...]:
        """The cards of the suit held two or three times, which make a Swedish poäng.

        >>> from games.engine.cards import parse_hand
        >>> [str(c) for c in evaluate(parse_hand("sE s8 d5", PACK_52), SwedishRules()).counting]
        ['AS', '8S']
        """
        suits = [c.suit for c in self.cards]
        for suit in suits:
            if suits.count(suit) >= 2:
                return tuple(c for c in self.cards if c.suit is suit)
        return ()

    @property
    def poang(self) -> int:
        """The Swedish poängsumma: the pips of the counting cards (0 if none).

        >>> from games.engine.cards import parse_hand
        >>> evaluate(parse_hand("sE s8 d5", PACK_52), SwedishRules()).poang
        19
        """
        return sum(c.pips for c in self.counting)

    def describe(self) -> str:
        """The hand in words.

        >>> from games.engine.cards import parse_hand
        >>> def say(text, rules=PeelRules()):
        ...     return evaluate(parse_hand(text, PACK_52), rules).describe()
        >>> say("9S 9H KD"), say("QH KH AH")
        ('pair of nines and a king', 'sequence queen-king-ace of hearts')
        >>> say("7S 4D 7H"), say("2C 2D AH"), say("JH JD 8S")
        ('pair of sevens and a four', 'pair of twos and an ace', 'pair of knaves and an eight')
        >>> say("AS 9H 9D", PeelRules(limited="no-pair"))
        'point 29 (ace, nine, nine)'
        >>> say("sE s8 d5", SwedishRules()), say("hkn dkn skn", SwedishRules())
        ('poäng 19 (ace and eight of spades)', 'tretal of knaves')
        >>> say("KS 9S 6S"), say("dK cK h3", SwedishRules())
        ('flush of spades, point 25 (king, nine, six)', 'ingenting (king, king, three)')
        """
        return self.said.words()

    @property
    def said(self) -> Said:
        """The hand in words a page writes in its language (:meth:`describe` is the English).

        >>> from games.engine.cards import parse_hand
        >>> evaluate(parse_hand("7S 4D 7H", PACK_52), PeelRules()).said.template
        'pair of {ranks} and {third}'
        """
        made = self._said
        if made is None:
            made = self._make_said()
            object.__setattr__(self, "_said", made)
        return made

    def _make_said(self) -> Said:
        category, cards = self.category, self.cards
        if category is Category.TRICON:
            return said("tricon of {ranks}", ranks=cards[0].rank.said_plural)
        if category is Category.TRETAL:
            return said("tretal of {ranks}", ranks=cards[0].rank.said_plural)
        if category is Category.SEQUENCE:
            return said("sequence {run} of {suit}", run=_run_words(cards), suit=cards[0].suit.said)
        if category is Category.SEKVENS:
            return said("sekvens {run} of {suit}", run=_run_words(cards), suit=cards[0].suit.said)
        if category is Category.FLUSH:
            return said(
                "flush of {suit}, point {point} ({ranks})",
                suit=cards[0].suit.said,
                point=self.point,
                ranks=_rank_list(cards),
            )
        if category is Category.PAIR:
            pair, third = _pair_and_third(cards)
            return said("pair of {ranks} and {third}", ranks=pair.said_plural, third=third.said_one)
        if category is Category.POINT:
            return said("point {point} ({ranks})", point=self.point, ranks=_rank_list(cards))
        if category is Category.POANG:
            counting = self.counting
            suit = counting[0].suit.said
            if len(counting) == 2:
                return said(
                    "poäng {sum} ({first} and {second} of {suit})",
                    sum=self.poang,
                    first=counting[0].rank.said,
                    second=counting[1].rank.said,
                    suit=suit,
                )
            return said(
                "poäng {sum} ({first}, {second} and {third} of {suit})",
                sum=self.poang,
                first=counting[0].rank.said,
                second=counting[1].rank.said,
                third=counting[2].rank.said,
                suit=suit,
            )
        return said("ingenting ({ranks})", ranks=_rank_list(cards))


def _rank_list(cards: Sequence[Card]) -> Said:
    """The ranks of three cards, as listed: "king, nine, six"."""
    return said(
        "{first}, {second}, {third}",
        first=cards[0].rank.said,
        second=cards[1].rank.said,
        third=cards[2].rank.said,
    )


def _pair_and_third(cards: Sequence[Card]) -> tuple[Rank, Rank]:
    a, b, c = (card.rank for card in cards)
    return (a, c) if a == b else (b, a)


def _run_words(cards: Sequence[Card]) -> Said:
    """A sequence low to high, the ace first when it stands low (A-2-3, or A-7-8)."""
    ranks = sorted(c.rank for c in cards)
    if ranks[-1] == Rank.ACE and ranks[1] != Rank.KING:
        ranks = [Rank.ACE, *ranks[:-1]]
    return said(
        "{low}-{middle}-{high}", low=ranks[0].said, middle=ranks[1].said, high=ranks[2].said
    )


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True, eq=False)
class Table:
    """Every hand of a rule set's pack: its bitmask mapped to its :class:`HandValue`.

    Built once per distinct rule set (cached); equal rule sets share one table.

    >>> table = SwedishRules().table
    >>> len(table.values), table.categories[0]
    (22100, <Category.TRETAL: 'tretal'>)
    """

    values: dict[int, HandValue]
    """Hand bitmask (the sum of its cards' bits) to its value."""
    categories: tuple[Category, ...]
    """The rule set's categories, best first."""
    pack: Pack
    """The pack whose hands are in the table."""

    @cached_property
    def grid(self) -> list[list[list[HandValue | None]]]:
        """The same values by card index, in every order: ``grid[a.index][b.index][c.index]``.

        This is what :func:`evaluate` reads: three list look-ups by small integers cost
        less than or-ing three large bitmasks and hashing the result. Built on first use
        (all six orders of every hand; None where the cards make no hand of the pack).

        >>> from games.engine.cards import parse_hand
        >>> a, b, c = parse_hand("QH KH AH", PACK_52)
        >>> PeelRules().table.grid[c.index][a.index][b.index].describe()
        'sequence queen-king-ace of hearts'
        """
        grid: list[list[list[HandValue | None]]] = [
            [[None] * 52 for _ in range(52)] for _ in range(52)
        ]
        for value in self.values.values():
            a, b, c = value.cards[0].index, value.cards[1].index, value.cards[2].index
            grid[a][b][c] = grid[a][c][b] = grid[b][a][c] = value
            grid[b][c][a] = grid[c][a][b] = grid[c][b][a] = value
        return grid

    def counts(self) -> dict[Category, int]:
        """How many hands of the pack fall in each category, best first.

        >>> PeelRules().table.counts()[Category.TRICON]
        52
        """
        counts = dict.fromkeys(self.categories, 0)
        for value in self.values.values():
            counts[value.category] += 1
        return counts


_LEVEL_SHIFT = 20


@cache
def _table_for(key: tuple[object, ...]) -> Table:
    book = key[0]
    if book is Book.PEEL:
        _, pack, limited, flush_ties, ace_low_short = key
        assert isinstance(pack, Pack) and isinstance(limited, Limited)
        categories = limited.recognised

        def classify(cards: tuple[Card, Card, Card]) -> tuple[Category, int]:
            return _classify_peel(
                cards, limited, flush_ties is FlushTies.SHARE, bool(ace_low_short)
            )

    else:
        _, poang_ties = key
        pack, categories = PACK_52, _SWEDISH_ORDER

        def classify(cards: tuple[Card, Card, Card]) -> tuple[Category, int]:
            return _classify_swedish(cards, poang_ties is PoangTies.HIGHEST_CARD)

    level = {category: len(categories) - 1 - i for i, category in enumerate(categories)}
    values: dict[int, HandValue] = {}
    for low, mid, high in itertools.combinations(pack.cards, 3):
        cards = (high, mid, low)
        category, tiebreak = classify(cards)
        strength = (level[category] << _LEVEL_SHIFT) | tiebreak
        values[high.bit | mid.bit | low.bit] = HandValue(category, strength, cards)
    return Table(values, categories, pack)


def _ranks_key(r1: int, r2: int, r3: int) -> int:
    """Ranks from the highest down, as one integer that compares them in turn."""
    return r1 * 225 + r2 * 15 + r3


def _point_key(cards: tuple[Card, Card, Card], by_ranks: bool = True) -> int:
    """Point, then (by rank) the first highest card that differs (``tie-point``)."""
    total = cards[0].rank.pips + cards[1].rank.pips + cards[2].rank.pips
    ranks = _ranks_key(cards[0].rank, cards[1].rank, cards[2].rank) if by_ranks else 0
    return total * 3375 + ranks


def _peel_sequence_top(r1: int, r2: int, r3: int, ace_low_short: bool) -> int:
    """The height of a Peel sequence (its top card, the ace low counting 1), or 0."""
    if r1 - r2 == 1 and r2 - r3 == 1:
        return r1  # "ten, knave, queen; queen, king, ace" (sequence)
    if r1 == Rank.ACE and r2 == Rank.THREE and r3 == Rank.TWO:
        return 3  # "ace, two, three": the lowest (tie-sequence)
    if ace_low_short and r1 == Rank.ACE and r2 == Rank.EIGHT and r3 == Rank.SEVEN:
        return 8  # A-7-8 in the short pack, by house rule (short-pack-ace-low)
    return 0  # king, ace, two "is not ... permissible" (sequence)


def peel_natural_category(cards: Sequence[Card], ace_low_short: bool = False) -> Category:
    """The combination Peel's full game gives a hand, before Limited Commerce demotes it.

    >>> from games.engine.cards import parse_hand
    >>> peel_natural_category(parse_hand("AH 2H 3H", PACK_52))
    <Category.SEQUENCE: 'sequence'>
    """
    ordered = tuple(sorted(cards, reverse=True))
    assert len(ordered) == 3
    return _classify_peel((ordered[0], ordered[1], ordered[2]), Limited.NONE, False, ace_low_short)[
        0
    ]


def _classify_peel(
    cards: tuple[Card, Card, Card], limited: Limited, flush_share: bool, ace_low_short: bool
) -> tuple[Category, int]:
    r1, r2, r3 = cards[0].rank, cards[1].rank, cards[2].rank
    recognised = limited.recognised
    if r1 == r3:
        return Category.TRICON, r1.value  # tricon, tie-tricon
    if cards[0].suit is cards[1].suit is cards[2].suit:
        top = _peel_sequence_top(r1, r2, r3, ace_low_short)
        if top:
            return Category.SEQUENCE, top  # sequence, tie-sequence
        if Category.FLUSH in recognised:
            return Category.FLUSH, _point_key(cards, not flush_share)  # flush, tie-flush
    elif (r1 == r2 or r2 == r3) and Category.PAIR in recognised:
        pair, third = (r1, r3) if r1 == r2 else (r2, r1)
        return Category.PAIR, pair * 15 + third  # pair, tie-pair
    return Category.POINT, _point_key(cards)  # point, tie-point; limited-counts-as-point


def _swedish_sequence_top(r1: int, r2: int, r3: int) -> int:
    """The top card of a Swedish sekvens (ace high only, ``sekvens``), or 0."""
    return r1 if r1 - r2 == 1 and r2 - r3 == 1 else 0


def _classify_swedish(cards: tuple[Card, Card, Card], highest_card: bool) -> tuple[Category, int]:
    r1, r2, r3 = cards[0].rank, cards[1].rank, cards[2].rank
    if r1 == r3:
        return Category.TRETAL, r1.value  # tretal; rangordning
    s1, s2, s3 = cards[0].suit, cards[1].suit, cards[2].suit
    if s1 is s2 is s3:
        top = _swedish_sequence_top(r1, r2, r3)
        if top:
            return Category.SEKVENS, top  # sekvens; rangordning by the top card
        counting: tuple[Card, ...] = cards  # poang: three of a suit, not a sekvens
    elif s1 is s2 or s1 is s3:
        counting = tuple(c for c in cards if c.suit is s1)  # poang: two of a suit
    elif s2 is s3:
        counting = (cards[1], cards[2])
    else:
        return Category.INGENTING, 0  # ingenting: three suits
    total = sum(c.rank.pips for c in counting)  # poangsumma
    ranks = [c.rank.value for c in counting] + [0]
    return Category.POANG, total * 3375 + (_ranks_key(*ranks[:3]) if highest_card else 0)


def evaluate(cards: Sequence[Card], rules: Rules) -> HandValue:
    """The value of a three-card hand under a rule set: one table look-up.

    The look-up reads :attr:`Table.grid` by the cards' indices, which holds the same
    values as the bitmask table :attr:`Table.values`.

    Raises :class:`~games.engine.cards.CardError` for a hand that is not three
    different cards of the rule set's pack.

    >>> from games.engine.cards import parse_hand
    >>> evaluate(parse_hand("AH 2H 3H", PACK_52), PeelRules()).category
    <Category.SEQUENCE: 'sequence'>
    >>> evaluate(parse_hand("AH 2H 3H", PACK_52), SwedishRules()).describe()
    'poäng 16 (ace, three and two of hearts)'
    >>> evaluate(parse_hand("2S 3S 4S", PACK_52), PeelRules(PACK_32))
    Traceback (most recent call last):
    ...
    games.engine.cards.CardError: Card 1: 2S is not in the 32-card pack (seven to ace)
    """
    try:
        a, b, c = cards
        value = rules._grid[a.index][b.index][c.index]
    except (ValueError, AttributeError, TypeError):
        if "_grid" not in getattr(rules, "__dict__", {"_grid": None}):
            # The first look-up with these rules: keep their grid on them (see _RulesBase).
            object.__setattr__(rules, "_grid", rules.table.grid)
            return evaluate(cards, rules)
        raise _hand_error(cards, rules.pack) from None
    if value is None:
        raise _hand_error(cards, rules.pack)
    return value


def _hand_error(cards: Sequence[Card], pack: Pack) -> CardError:
    from games.engine.cards import parse_hand

    try:
        items = list(cards)
    except TypeError:
        return card_error(N_("A hand is three cards, not {given}"), given=repr(cards))
    if not all(isinstance(c, Card) for c in items):
        return card_error(N_("A hand is three cards, not {given}"), given=repr(items))
    try:
        parse_hand([str(c) for c in items], pack)
    except CardError as error:
        return error
    return card_error(  # pragma: no cover
        N_("{given} is not a hand of the {pack}"), given=repr(items), pack=pack.said_name
    )


def _value(hand: Sequence[Card] | HandValue, rules: Rules) -> HandValue:
    return hand if isinstance(hand, HandValue) else evaluate(hand, rules)


# --------------------------------------------------------------------------- explanations
#
# Each explanation is one sentence, without its full stop, as a message id whose values are
# data (ranks, suits, points as words and numbers a page writes in its language): a sentence
# of its own in a reason ("{why}."), or part of a longer one (a showdown's "{better} beats
# {worse}. {why}.", the comparison of rule sets).

type _Why = tuple[Said, tuple[Citation, ...], tuple[str, ...]]
"""An explanation: its words (without the full stop), the paragraphs and the rulings."""


def compare(
    a: Sequence[Card] | HandValue, b: Sequence[Card] | HandValue, rules: Rules
) -> tuple[int, Reason]:
    """Compare two hands: 1 if ``a`` wins, -1 if ``b`` wins, 0 if equal; and why.

    The reason speaks of the better hand first, whichever argument it was. Its words are one
    sentence: ``reason.mentions["why"]`` holds them without the full stop, as words a page
    writes in its language (:class:`~games.engine.wording.Said`), for a sentence that goes on.

    >>> from games.engine.cards import parse_hand
    >>> sign, why = compare(parse_hand("2C 2D 2H", PACK_52), parse_hand("QS KS AS", PACK_52),
    ...                     PeelRules())
    >>> sign, why.text, why.citations
    (1, 'A tricon beats a sequence.', (Citation(book='peel-commerce', anchor='combinations'),))
    >>> str(why.mentions["why"])
    'A tricon beats a sequence'
    """
    va, vb = _value(a, rules), _value(b, rules)
    sign = (va.strength > vb.strength) - (va.strength < vb.strength)
    better, worse = (va, vb) if sign >= 0 else (vb, va)
    words, cites, slugs = _explain(better, worse, rules)
    return sign, Reason.about(N_("{why}."), cites, slugs, why=words)


def _explain(hi: HandValue, lo: HandValue, rules: Rules, count: int = 2) -> _Why:
    """Why ``hi`` beats or ties ``lo``; a tie is said of ``count`` equal hands ("Both",
    "All three")."""
    if isinstance(rules, SwedishRules):
        return _explain_swedish(hi, lo, count)
    return _explain_peel(hi, lo, rules, count)


_BEATS = {
    (Category.TRICON, Category.SEQUENCE): N_("A tricon beats a sequence"),
    (Category.TRICON, Category.FLUSH): N_("A tricon beats a flush"),
    (Category.TRICON, Category.PAIR): N_("A tricon beats a pair"),
    (Category.TRICON, Category.POINT): N_("A tricon beats a point"),
    (Category.SEQUENCE, Category.FLUSH): N_("A sequence beats a flush"),
    (Category.SEQUENCE, Category.PAIR): N_("A sequence beats a pair"),
    (Category.SEQUENCE, Category.POINT): N_("A sequence beats a point"),
    (Category.FLUSH, Category.PAIR): N_("A flush beats a pair"),
    (Category.FLUSH, Category.POINT): N_("A flush beats a point"),
    (Category.PAIR, Category.POINT): N_("A pair beats a point"),
    (Category.TRETAL, Category.SEKVENS): N_("A tretal beats a sekvens"),
    (Category.TRETAL, Category.POANG): N_("A tretal beats poäng"),
    (Category.TRETAL, Category.INGENTING): N_("A tretal beats ingenting, which may not be laid up"),
    (Category.SEKVENS, Category.POANG): N_("A sekvens beats poäng"),
    (Category.SEKVENS, Category.INGENTING): N_(
        "A sekvens beats ingenting, which may not be laid up"
    ),
    (Category.POANG, Category.INGENTING): N_("Poäng beats ingenting, which may not be laid up"),
}
"""A combination beating one of another kind, in a sentence, for every two of a rule set."""


def _both(count: int) -> Said:
    """The hands of a tie, as a sentence's subject: "Both" for two, else "All three"...

    >>> _both(2).words(), _both(3).words(), _both(13).words()
    ('Both', 'All three', 'All 13')
    """
    if count < 3:
        return said("Both")
    many = {
        3: N_("All three"),
        4: N_("All four"),
        5: N_("All five"),
        6: N_("All six"),
        7: N_("All seven"),
        8: N_("All eight"),
        9: N_("All nine"),
        10: N_("All ten"),
        11: N_("All eleven"),
        12: N_("All twelve"),
    }
    if count in many:
        return said(many[count])
    return said("All {count}", count=count)


def _first_difference(hi: Sequence[Card], lo: Sequence[Card]) -> tuple[Rank, Rank] | None:
    for x, y in zip(hi, lo, strict=False):
        if x.rank != y.rank:
            return x.rank, y.rank
    return None


def _decided_by_rank(hi: Sequence[Card], lo: Sequence[Card]) -> tuple[Said, tuple[str, ...]]:
    """'the king beats the queen' for the first highest card that differs (and the rulings)."""
    diff = _first_difference(hi, lo)
    assert diff is not None
    x, y = diff
    if x.pips == y.pips:
        return said(
            "the first highest card that differs decides: {higher} beats {lower} "
            "(by rank, though both count ten)",
            higher=x.said_the,
            lower=y.said_the,
        ), (POINT_BY_RANK.slug,)
    return said(
        "the first highest card that differs decides: {higher} beats {lower}",
        higher=x.said_the,
        lower=y.said_the,
    ), ()


def _demotion_note(value: HandValue, rules: PeelRules) -> Said | None:
    """Why a hand counts only as Point under Limited Commerce, or None."""
    if value.category is not Category.POINT or rules.limited is Limited.NONE:
        return None
    natural = peel_natural_category(value.cards, rules._ace_low_short)
    if natural is Category.PAIR:
        return said("under {variant} a pair counts only as point", variant=rules.limited.said)
    if natural is Category.FLUSH:
        return said("under {variant} a flush counts only as point", variant=rules.limited.said)
    return None  # Limited Commerce recognises every tricon and sequence


def _explain_peel(hi: HandValue, lo: HandValue, rules: PeelRules, count: int) -> _Why:
    cites: list[Citation] = []
    slugs: list[str] = []
    notes = [note for note in {_demotion_note(v, rules): None for v in (hi, lo)} if note]
    if notes:
        cites.append(peel("limited-commerce-rule"))
        slugs.append(LIMITED_AS_POINT.slug)
    for v in (hi, lo):
        if v.category is Category.SEQUENCE and rules._ace_low_short and _is_ace_seven(v):
            slugs.append(SHORT_PACK_ACE_LOW.slug)
    if hi.category is not lo.category:
        words = said(_BEATS[hi.category, lo.category])
        cites.insert(0, peel("combinations"))
    else:
        words, more_cites, more_slugs = _peel_same_category(hi, lo, count)
        cites[:0] = more_cites
        slugs[:0] = more_slugs
    if len(notes) == 1:
        words = said("{comparison} ({note})", comparison=words, note=notes[0])
    elif notes:
        words = said(
            "{comparison} ({note}; {other_note})",
            comparison=words,
            note=notes[0],
            other_note=notes[1],
        )
    return words, tuple(dict.fromkeys(cites)), tuple(dict.fromkeys(slugs))


def _is_ace_seven(value: HandValue) -> bool:
    return {c.rank for c in value.cards} == {Rank.ACE, Rank.SEVEN, Rank.EIGHT}


def _peel_same_category(
    hi: HandValue, lo: HandValue, count: int
) -> tuple[Said, list[Citation], list[str]]:
    category, equal = hi.category, hi.strength == lo.strength
    both = _both(count)
    if category is Category.TRICON:
        return (
            said(
                "Three {higher} beat three {lower}: the highest tricon wins, aces first and "
                "twos last",
                higher=hi.cards[0].rank.said_plural,
                lower=lo.cards[0].rank.said_plural,
            ),
            [peel("tie-tricon")],
            [],
        )
    if category is Category.SEQUENCE:
        if equal:
            return (
                said(
                    "{both} hold the sequence {run}: equal sequences tie",
                    both=both,
                    run=_run_words(hi.cards),
                ),
                [peel("tie-sequence"), peel("ties")],
                [PEEL_EQUAL_HANDS.slug],
            )
        runs = {"higher": _run_words(hi.cards), "lower": _run_words(lo.cards)}
        if {c.rank for c in lo.cards} == {Rank.ACE, Rank.TWO, Rank.THREE}:
            words = said(
                "The sequence {higher} beats the sequence {lower}: the highest sequence wins, "
                "and ace-two-three is the lowest",
                **runs,
            )
        else:
            words = said(
                "The sequence {higher} beats the sequence {lower}: the highest sequence wins",
                **runs,
            )
        return words, [peel("tie-sequence")], []
    if category is Category.FLUSH:
        if hi.point != lo.point:
            return (
                said(
                    "Between flushes the better point wins: {higher} beats {lower}",
                    higher=hi.point,
                    lower=lo.point,
                ),
                [peel("tie-flush"), peel("point")],
                [],
            )
        if not equal:
            decided, slugs = _decided_by_rank(hi.cards, lo.cards)
            return (
                said(
                    "{both} flushes make point {point}; {decided}",
                    both=both,
                    point=hi.point,
                    decided=decided,
                ),
                [peel("tie-flush"), peel("tie-point")],
                [FLUSH_EQUAL_POINT.slug, *slugs],
            )
        if _first_difference(hi.cards, lo.cards) is not None:
            return (
                said(
                    "{both} flushes make point {point}: by the house rule they are equal",
                    both=both,
                    point=hi.point,
                ),
                [peel("tie-flush")],
                [FLUSH_EQUAL_POINT.slug, PEEL_EQUAL_HANDS.slug],
            )
        return (
            said(
                "{both} flushes make point {point} with cards of the same ranks: they are equal",
                both=both,
                point=hi.point,
            ),
            [peel("tie-flush"), peel("tie-point")],
            [FLUSH_EQUAL_POINT.slug, PEEL_EQUAL_HANDS.slug],
        )
    if category is Category.PAIR:
        (hp, ht), (lp, lt) = _pair_and_third(hi.cards), _pair_and_third(lo.cards)
        if hp != lp:
            return (
                said(
                    "A pair of {higher} beats a pair of {lower}: the highest pair wins",
                    higher=hp.said_plural,
                    lower=lp.said_plural,
                ),
                [peel("tie-pair")],
                [],
            )
        if ht != lt:
            return (
                said(
                    "{both} hold a pair of {ranks}; {higher} beats {lower} as third card",
                    both=both,
                    ranks=hp.said_plural,
                    higher=ht.said_the,
                    lower=lt.said_the,
                ),
                [peel("tie-pair")],
                [],
            )
        return (
            # Translators: {third} is a rank's name ("king"); the English says "a" before it.
            said(
                "{both} hold a pair of {ranks} with a {third} third: they are equal",
                both=both,
                ranks=hp.said_plural,
                third=ht.said,
            ),
            [peel("tie-pair"), peel("ties")],
            [PEEL_EQUAL_HANDS.slug],
        )
    # Point
    if hi.point != lo.point:
        return (
            said("Point {higher} beats point {lower}", higher=hi.point, lower=lo.point),
            [peel("point")],
            [],
        )
    if not equal:
        decided, slugs = _decided_by_rank(hi.cards, lo.cards)
        return (
            said(
                "{both} make point {point}; {decided}", both=both, point=hi.point, decided=decided
            ),
            [peel("tie-point")],
            list(slugs),
        )
    return (
        said(
            "{both} make point {point} with cards of the same ranks: they are equal",
            both=both,
            point=hi.point,
        ),
        [peel("tie-point"), peel("ties")],
        [PEEL_EQUAL_HANDS.slug],
    )


def _explain_swedish(hi: HandValue, lo: HandValue, count: int) -> _Why:
    if hi.category is not lo.category:
        cites = [swedish("kombinationer")]
        if lo.category is Category.INGENTING:
            cites.append(swedish("lagga-upp"))
        return said(_BEATS[hi.category, lo.category]), tuple(cites), ()
    category, equal = hi.category, hi.strength == lo.strength
    both = _both(count)
    slugs: tuple[str, ...] = ()
    words: Said
    if category is Category.TRETAL:
        words = said(
            "Three {higher} beat three {lower}: the tretal of the higher rank wins",
            higher=hi.cards[0].rank.said_plural,
            lower=lo.cards[0].rank.said_plural,
        )
        cites = [swedish("rangordning")]
    elif category is Category.SEKVENS:
        if equal:
            words = said(
                "{both} hold the sekvens {run}: they are equal", both=both, run=_run_words(hi.cards)
            )
        else:
            words = said(
                "The sekvens {higher} beats the sekvens {lower}: the higher top card wins",
                higher=_run_words(hi.cards),
                lower=_run_words(lo.cards),
            )
        cites = [swedish("rangordning")]
    elif category is Category.POANG:
        cites = [swedish("poangsumma")]
        if hi.poang != lo.poang:
            words = said(
                "Poäng {higher} beats poäng {lower}: the higher sum of the cards of one suit wins",
                higher=hi.poang,
                lower=lo.poang,
            )
        elif not equal:
            diff = _first_difference(hi.counting, lo.counting)
            assert diff is not None  # equal sums and equal leading ranks make equal hands
            words = said(
                "{both} make poäng {sum}; by the house rule the first highest counting card "
                "that differs decides: {higher} beats {lower}",
                both=both,
                sum=hi.poang,
                higher=diff[0].said_the,
                lower=diff[1].said_the,
            )
            slugs = (POANG_EQUAL_SUMS.slug,)
        else:
            words = said(
                "{both} make poäng {sum}: only the sum counts, so they are equal",
                both=both,
                sum=hi.poang,
            )
            slugs = (POANG_EQUAL_SUMS.slug,)
    else:
        words = said("Ingenting may not be laid up, so these hands do not compete")
        cites = [swedish("ingenting"), swedish("lagga-upp")]
    return words, tuple(cites), slugs


# --------------------------------------------------------------------------- showdown


@dataclass(frozen=True)
class Placing:
    """One hand's result in a showdown: its input index, value and place.

    >>> from games.engine.cards import parse_hands
    >>> hands = parse_hands(["2C 2D 2H", "QS KS AS"], PACK_52)
    >>> showdown(hands, PeelRules()).placings[1]
    Placing(hand=1, place=2)
    """

    hand: int
    """The hand's index in the input (0-based; ``number`` is 1-based)."""
    value: HandValue = field(repr=False)
    """The hand's value under the rule set."""
    place: int
    """1 for the best; equal hands share a place and the next place skips (1, 1, 3)."""

    @property
    def number(self) -> int:
        """The hand's number as people count: 1-based.

        >>> Placing(0, evaluate(tuple(PACK_52.cards[:3]), PeelRules()), 1).number
        1
        """
        return self.hand + 1


@dataclass(frozen=True)
class Showdown:
    """The result of laying the hands down: places, winners, and the reasons why.

    ``placings`` are in input order. ``winners`` are input indices (empty when nobody
    may win: a Swedish showdown of ingenting only). ``reasons`` go from the top down:
    for every boundary between places one reason saying what decided it (so always
    one for the winner against the runner-up), one for each group of equal hands, and
    one for how a tie for first place was resolved (the dealer, or sharing).

    >>> from games.engine.cards import parse_hands
    >>> hands = parse_hands(["2C 2D 2H", "QS KS AS", "9C 9D 4S"], PACK_52)
    >>> result = showdown(hands, PeelRules())
    >>> [p.place for p in result.placings], result.winners, result.order
    ([1, 2, 3], (0,), (0, 1, 2))
    """

    rules: PeelRules | SwedishRules
    """The rule set that judged."""
    placings: tuple[Placing, ...]
    """Each hand's value and place, in input order."""
    winners: tuple[int, ...]
    """The indices of the winning hands."""
    reasons: tuple[Reason, ...]
    """What decided the showdown, from the top down."""
    dealer: int | None = None
    """The dealer's hand index, if given."""
    decider: Reason | None = None
    """How a tie for first place was resolved, or why nobody wins; None for a clear winner."""

    @property
    def values(self) -> tuple[HandValue, ...]:
        """The hands' values, in input order.

        >>> from games.engine.cards import parse_hands
        >>> hands = parse_hands(["2C 2D 2H", "QS KS AS"], PACK_52)
        >>> showdown(hands, PeelRules()).values[0].category
        <Category.TRICON: 'tricon'>
        """
        return tuple(p.value for p in self.placings)

    @property
    def order(self) -> tuple[int, ...]:
        """Hand indices from the best down (equal hands in input order).

        >>> from games.engine.cards import parse_hands
        >>> showdown(parse_hands(["2C 2D 3H", "QS KS AS"], PACK_52), PeelRules()).order
        (1, 0)
        """
        return tuple(p.hand for p in sorted(self.placings, key=lambda p: (p.place, p.hand)))


def showdown(
    hands: Sequence[Sequence[Card] | HandValue],
    rules: Rules,
    dealer: int | None = None,
) -> Showdown:
    """Judge a showdown: every hand's place, the winners, and the reasons.

    Places are numbered by count ("competition" ranking): equal hands share a place and
    the next place is one more than the number of better hands (1, 1, 3). Under the
    Swedish rules a tie for first place that includes the dealer goes to the dealer
    (``lika``); other ties are shared (Peel: ruling ``peel-equal-hands``; Swedish: the
    text's suggestion, ruling ``swedish-shared-win``). A Swedish showdown where every
    hand is ingenting has no winner (ruling ``swedish-all-ingenting``).

    Raises :class:`~games.engine.cards.CardError` (naming the hand) for fewer than two
    hands, more than the rule set allows, a bad hand, or a card held in two hands.

    >>> from games.engine.cards import parse_hands
    >>> hands = parse_hands(["s6 s5 s4", "h6 h5 h4", "dK cK h3"], PACK_52)
    >>> result = showdown(hands, SwedishRules(), dealer=1)
    >>> result.winners, [p.place for p in result.placings]
    ((1,), [1, 1, 3])
    >>> result.reasons[1].text
    'Hand 2 is the dealer and ties for first place, so the dealer wins.'
    """
    values = _showdown_values(hands, rules, dealer)
    order = sorted(range(len(values)), key=lambda i: -values[i].strength)
    groups: list[list[int]] = []
    for i in order:
        if groups and values[groups[-1][0]].strength == values[i].strength:
            groups[-1].append(i)
        else:
            groups.append([i])
    places = [0] * len(values)
    better = 0
    for group in groups:
        for i in group:
            places[i] = better + 1
        better += len(group)

    reasons: list[Reason] = []
    winners = _winners(groups[0], values, rules, dealer, reasons)
    decider = reasons[0] if reasons else None
    ordinal = 1
    for g, group in enumerate(groups):
        if len(group) > 1:
            words, cites, slugs = _explain(values[group[0]], values[group[1]], rules, len(group))
            made = Reason.about(
                N_("{tied} tie for {place}. {why}."),
                cites,
                slugs,
                tied=_mention(group, values),
                place=_place(ordinal),
                why=words,
            )
            reasons.insert(len(reasons) if g else 0, made)
        if g + 1 < len(groups):
            lower = groups[g + 1]
            words, cites, slugs = _explain(values[group[0]], values[lower[0]], rules)
            reasons.append(
                Reason.about(
                    N_("{better} beat {worse}. {why}.")
                    if len(group) > 1
                    else N_("{better} beats {worse}. {why}."),
                    cites,
                    slugs,
                    better=_mention(group, values),
                    worse=_mention(lower, values, lower=True),
                    why=words,
                )
            )
        ordinal += len(group)
    if isinstance(rules, SwedishRules) and len(values) == 2:
        reasons.append(
            Reason(
                N_(
                    "Only two hands are compared; the Swedish text is for three or more players, "
                    "but only hands that may beat the laid-up hand are shown."
                ),
                (swedish("inledning"),),
                (SWEDISH_TWO_HANDS.slug,),
            )
        )
    placings = tuple(Placing(i, v, places[i]) for i, v in enumerate(values))
    return Showdown(rules, placings, winners, tuple(reasons), dealer, decider)


def _showdown_values(
    hands: Sequence[Sequence[Card] | HandValue], rules: Rules, dealer: int | None
) -> list[HandValue]:
    if len(hands) < 2:
        raise card_error(
            N_("A showdown needs at least two hands; there are {count}"), count=len(hands)
        )
    if len(hands) > rules.hand_limit:
        raise card_error(
            N_("At most {limit} hands may be dealt under {rules}; there are {count}"),
            hand=rules.hand_limit + 1,
            limit=rules.hand_limit,
            rules=rules.heading,
            count=len(hands),
        )
    if dealer is not None and not 0 <= dealer < len(hands):
        raise EngineError.saying(
            N_("must be a hand index from 0 to {last}, not {dealer}"),
            field="dealer",
            where="dealer: ",
            last=len(hands) - 1,
            dealer=dealer,
        )
    values: list[HandValue] = []
    seen: dict[Card, int] = {}
    for number, hand in enumerate(hands, start=1):
        try:
            value = _value(hand, rules)
        except CardError as error:
            raise error.located(number) from None
        for card in value.cards:
            if card in seen:
                raise card_error(
                    N_("{card} is also in {other}"),
                    token=str(card),
                    card=card,
                    other=Mention("hand", (seen[card] - 1,)),
                ).located(number)
            seen[card] = number
        values.append(value)
    return values


def _winners(
    top: list[int],
    values: list[HandValue],
    rules: Rules,
    dealer: int | None,
    reasons: list[Reason],
) -> tuple[int, ...]:
    best = values[top[0]]
    if not best.may_show:
        reasons.append(
            Reason(
                N_("No hand holds poäng or better, and ingenting may not be laid up: nobody wins."),
                (swedish("lagga-upp"), swedish("ingenting")),
                (SWEDISH_ALL_INGENTING.slug,),
            )
        )
        return ()
    if len(top) == 1:
        return (top[0],)
    tied = _mention(top, values, with_values=False)
    if isinstance(rules, SwedishRules):
        if dealer in top:
            reasons.append(
                Reason.about(
                    N_("{dealer} is the dealer and ties for first place, so the dealer wins."),
                    (swedish("lika"),),
                    (),
                    dealer=Mention("hand", (dealer,), capital=True),
                )
            )
            return (dealer,)
        if dealer is None:
            reasons.append(
                Reason.about(
                    N_(
                        "{tied} tie for first place. The dealer wins a tie he is in, but no "
                        "dealer was named: name him to know whether the tie is his. Without him "
                        "the equal hands share the pot and any bonus, as the text suggests."
                    ),
                    (swedish("lika"),),
                    (SWEDISH_SHARED_WIN.slug,),
                    tied=tied,
                )
            )
            return tuple(top)
        reasons.append(
            Reason.about(
                N_(
                    "{tied} share the pot and any bonus: the sources are silent on a tie without "
                    "the dealer, and the text suggests the winners share."
                ),
                (swedish("lika"),),
                (SWEDISH_SHARED_WIN.slug,),
                tied=tied,
            )
        )
        return tuple(top)
    if rules.exact_ties is ExactTies.DEALER and dealer in top:
        reasons.append(
            Reason.about(
                N_(
                    "{dealer} is the dealer and ties for first place: by the house rule the "
                    "dealer wins."
                ),
                (peel("ties"),),
                (PEEL_EQUAL_HANDS.slug,),
                dealer=Mention("hand", (dealer,), capital=True),
            )
        )
        return (dealer,)
    if rules.exact_ties is ExactTies.DEALER and dealer is None:
        reasons.append(
            Reason.about(
                N_(
                    "{tied} tie for first place. By the house rule the dealer wins a tie he is "
                    "in, but no dealer was named: name him to know whether the tie is his. "
                    "Without him the equal hands share the win."
                ),
                (peel("ties"),),
                (PEEL_EQUAL_HANDS.slug,),
                tied=tied,
            )
        )
        return tuple(top)
    reasons.append(
        Reason.about(
            N_(
                "{tied} share the win: Peel gives no rule for hands exactly equal, and his Old "
                "Game pays each of two equal winners."
            ),
            (peel("ties"),),
            (PEEL_EQUAL_HANDS.slug,),
            tied=tied,
        )
    )
    return tuple(top)


def _mention(
    group: list[int], values: list[HandValue], *, lower: bool = False, with_values: bool = True
) -> Mention:
    """The hands of ``group``, each with its value: 'Hand 1 (pair of nines and a king)' or
    'Hands 1 (...) and 4 (...)' (a capital unless ``lower``)."""
    details = [values[i].said for i in group] if with_values else None
    return Mention.of("hand", group, details, capital=not lower)


_PLACES = (
    N_("first place"),
    N_("second place"),
    N_("third place"),
    N_("fourth place"),
    N_("fifth place"),
    N_("sixth place"),
    N_("seventh place"),
    N_("eighth place"),
    N_("ninth place"),
    N_("tenth place"),
    N_("eleventh place"),
    N_("twelfth place"),
    N_("thirteenth place"),
    N_("fourteenth place"),
    N_("fifteenth place"),
    N_("sixteenth place"),
    N_("seventeenth place"),
)


def _place(n: int) -> Said:
    """The ``n``-th place (from 1) in words: "first place".

    >>> _place(2).words(), _place(17).words(), _place(18).words()
    ('second place', 'seventeenth place', '18th place')
    """
    if n <= len(_PLACES):
        return said(_PLACES[n - 1])
    return said("{number}th place", number=n)


def rulings_used() -> dict[str, Ruling]:
    """The rulings this module declares, by slug.

    >>> sorted(rulings_used())[:3]
    ['flush-equal-point', 'limited-counts-as-point', 'peel-equal-hands']
    """
    mine = (
        FLUSH_EQUAL_POINT,
        SHORT_PACK_ACE_LOW,
        POINT_BY_RANK,
        POANG_EQUAL_SUMS,
        SWEDISH_SHARED_WIN,
        SWEDISH_HAND_LIMIT,
        PEEL_EQUAL_HANDS,
        LIMITED_AS_POINT,
        SWEDISH_ACE_HIGH,
        SWEDISH_ALL_INGENTING,
        SWEDISH_TWO_HANDS,
    )
    return {r.slug: r for r in mine}
