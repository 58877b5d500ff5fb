"""How strong a hand is: its share of all hands of the pack, and its exact chance heads-up.

The chances are exact: against ONE opposing hand drawn at random from the cards that
remain once the hand's own three are out (Peel's packs, ``packs``; the Swedish
``kortlek``). Per rule set the module builds, once, the sorted strengths of all hands
of the pack, of the hands holding each card, and of the hands holding each pair of
cards; the opposing hands that avoid our three cards are then counted by
inclusion-exclusion (all hands, less those holding any of our cards, plus those holding
two of them, less our own hand), each count one binary search. A query is a dozen
bisections: microseconds.

>>> from games.engine.cards import PACK_52, parse_hand
>>> from games.engine.commerce import PeelRules
>>> s = strength(parse_hand("AS AH AD", PACK_52), PeelRules())
>>> s.beats, s.ties, s.loses_to, s.win
(22096, 4, 0, Fraction(1, 1))
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from math import comb

from games.engine.cards import Card
from games.engine.commerce import HandValue, Rules, Table, evaluate
from games.engine.wording import Said, said

__all__ = ["Strength", "StrengthTable", "strength", "strength_table"]


@dataclass(frozen=True, eq=False)
class StrengthTable:
    """The sorted strengths that answer every strength question of one rule set.

    >>> from games.engine.commerce import PeelRules
    >>> st = strength_table(PeelRules().table)
    >>> len(st.all), len(st.by_card[0]), len(st.by_pair[0b11])
    (22100, 1275, 50)
    """

    all: list[int]
    """The strengths of all hands of the pack, ascending."""
    by_card: list[list[int]]
    """By :attr:`Card.index`: the strengths of the hands holding that card, ascending."""
    by_pair: dict[int, list[int]]
    """By the bitmask of two cards: the strengths of the hands holding both, ascending."""
    cards: int
    """How many cards the pack holds."""


@cache
def strength_table(table: Table) -> StrengthTable:
    """The sorted strengths for a rule set's table: built once per table, then cached.

    >>> from games.engine.commerce import PeelRules
    >>> from games.engine.cards import PACK_32
    >>> strength_table(PeelRules(PACK_32).table).cards
    32
    """
    every: list[int] = []
    by_card: list[list[int]] = [[] for _ in range(52)]
    by_pair: dict[int, list[int]] = {}
    for value in table.values.values():
        s = value.strength
        a, b, c = value.cards
        every.append(s)
        by_card[a.index].append(s)
        by_card[b.index].append(s)
        by_card[c.index].append(s)
        for pair in (a.bit | b.bit, a.bit | c.bit, b.bit | c.bit):
            by_pair.setdefault(pair, []).append(s)
    every.sort()
    for strengths in by_card:
        strengths.sort()
    for strengths in by_pair.values():
        strengths.sort()
    return StrengthTable(every, by_card, by_pair, table.pack.size)


@dataclass(frozen=True)
class Strength:
    """A hand's standing among all hands of the pack, and its chances heads-up.

    Among all hands (``hands`` of them) the hand ``beats`` some, ``ties`` some (itself
    included; the four tricons of aces tie one another) and ``loses_to`` the rest.
    Against one opposing hand from the remaining cards (``opponents`` possible hands,
    each equally likely) it ``wins``, ``draws`` or
    ``losses`` that many; :attr:`win`, :attr:`tie` and :attr:`lose` are the exact
    probabilities, as fractions. Under the Swedish rules an ingenting hand never wins,
    and ingenting against ingenting counts as a draw in which neither may lay up.

    >>> from games.engine.cards import PACK_52, parse_hand
    >>> from games.engine.commerce import SwedishRules
    >>> s = strength(parse_hand("sE s8 d5", PACK_52), SwedishRules())
    >>> s.win + s.tie + s.lose
    Fraction(1, 1)
    """

    value: HandValue
    """The hand's value under the rule set."""
    hands: int
    """How many hands the pack holds: C(52, 3) = 22100 or C(32, 3) = 4960."""
    beats: int
    """Hands of the pack weaker than this one."""
    ties: int
    """Hands of the pack equal to this one (itself included)."""
    loses_to: int
    """Hands of the pack stronger than this one."""
    opponents: int
    """Opposing hands the remaining cards can make: C(49, 3) = 18424 or C(29, 3) = 3654."""
    wins: int
    """Opposing hands this one beats."""
    draws: int
    """Opposing hands equal to this one."""
    losses: int
    """Opposing hands that beat this one."""

    @property
    def beats_share(self) -> Fraction:
        """The share of all hands of the pack that this hand beats.

        >>> from games.engine.cards import PACK_52, parse_hand
        >>> from games.engine.commerce import PeelRules
        >>> strength(parse_hand("2C 3D 4H", PACK_52), PeelRules()).beats_share
        Fraction(0, 1)
        """
        return Fraction(self.beats, self.hands)

    @property
    def ties_share(self) -> Fraction:
        """The share of all hands of the pack equal to this one (itself included).

        >>> from games.engine.cards import PACK_52, parse_hand
        >>> from games.engine.commerce import PeelRules
        >>> strength(parse_hand("AS AH AD", PACK_52), PeelRules()).ties_share
        Fraction(1, 5525)
        """
        return Fraction(self.ties, self.hands)

    @property
    def loses_share(self) -> Fraction:
        """The share of all hands of the pack stronger than this one.

        >>> from games.engine.cards import PACK_52, parse_hand
        >>> from games.engine.commerce import PeelRules
        >>> strength(parse_hand("AS AH AD", PACK_52), PeelRules()).loses_share
        Fraction(0, 1)
        """
        return Fraction(self.loses_to, self.hands)

    @property
    def win(self) -> Fraction:
        """The exact chance of beating one random opposing hand.

        >>> from games.engine.cards import PACK_52, parse_hand
        >>> from games.engine.commerce import PeelRules
        >>> strength(parse_hand("2C 3D 4H", PACK_52), PeelRules()).win
        Fraction(0, 1)
        """
        return Fraction(self.wins, self.opponents)

    @property
    def tie(self) -> Fraction:
        """The exact chance of an equal opposing hand.

        >>> from games.engine.cards import PACK_52, parse_hand
        >>> from games.engine.commerce import PeelRules
        >>> strength(parse_hand("2C 3D 4H", PACK_52), PeelRules()).tie
        Fraction(13, 9212)
        """
        return Fraction(self.draws, self.opponents)

    @property
    def lose(self) -> Fraction:
        """The exact chance of losing to one random opposing hand.

        >>> from games.engine.cards import PACK_52, parse_hand
        >>> from games.engine.commerce import PeelRules
        >>> strength(parse_hand("AS AH AD", PACK_52), PeelRules()).lose
        Fraction(0, 1)
        """
        return Fraction(self.losses, self.opponents)

    def describe(self) -> str:
        """The figures in words, rounded to a tenth of a per cent.

        >>> from games.engine.cards import PACK_52, parse_hand
        >>> from games.engine.commerce import PeelRules
        >>> strength(parse_hand("9S 9H KD", PACK_52), PeelRules()).describe()
        'pair of nines and a king: beats 87.9% of all hands; against one other hand wins \
88.0%, ties 0.0%, loses 12.0%'
        """
        return self.said.words()

    @property
    def said(self) -> Said:
        """:meth:`describe` as words a page writes in its language (the per cents are
        numbers, written with the page's decimal sign).

        >>> from games.engine.cards import PACK_52, parse_hand
        >>> from games.engine.commerce import PeelRules
        >>> dict(strength(parse_hand("9S 9H KD", PACK_52), PeelRules()).said.values)["win"]
        Decimal('88.0')
        """
        return said(
            "{hand}: beats {beats}% of all hands; against one other hand wins {win}%, "
            "ties {tie}%, loses {lose}%",
            hand=self.value.said,
            beats=_percent(self.beats_share),
            win=_percent(self.win),
            tie=_percent(self.tie),
            lose=_percent(self.lose),
        )


def _percent(share: Fraction) -> Decimal:
    """A share as a per cent, to a tenth."""
    return Decimal(f"{float(share) * 100:.1f}")


def strength(cards: Sequence[Card] | HandValue, rules: Rules) -> Strength:
    """A hand's share of all hands and its exact chances against one random opposing hand.

    Raises :class:`~games.engine.cards.CardError` for a hand not of the rule set's pack.

    >>> from games.engine.cards import PACK_32, parse_hand
    >>> from games.engine.commerce import PeelRules
    >>> s = strength(parse_hand("QH KH AH", PACK_32), PeelRules(PACK_32))
    >>> s.hands, s.beats, s.ties, s.opponents, s.losses
    (4960, 4924, 4, 3654, 23)
    """
    value = cards if isinstance(cards, HandValue) else evaluate(cards, rules)
    st = strength_table(rules.table)
    s = value.strength
    a, b, c = value.cards
    singles = (st.by_card[a.index], st.by_card[b.index], st.by_card[c.index])
    pairs = (st.by_pair[a.bit | b.bit], st.by_pair[a.bit | c.bit], st.by_pair[b.bit | c.bit])
    below_all, upto_all = bisect_left(st.all, s), bisect_right(st.all, s)
    below = below_all
    upto = upto_all - 1  # our own hand: the one hand holding all three cards
    for strengths in singles:
        below -= bisect_left(strengths, s)
        upto -= bisect_right(strengths, s)
    for strengths in pairs:
        below += bisect_left(strengths, s)
        upto += bisect_right(strengths, s)
    opponents = comb(st.cards - 3, 3)
    hands = len(st.all)
    return Strength(
        value=value,
        hands=hands,
        beats=below_all,
        ties=upto_all - below_all,
        loses_to=hands - upto_all,
        opponents=opponents,
        wins=below,
        draws=upto - below,
        losses=opponents - upto,
    )
