"""The on-screen pack the table's pages and the score sheet's deal form share: one submit
button per card (``table/pack.html``, whose taps ``static/js/cards.js`` puts into the card
boxes at once), where a card tapped without JavaScript goes or why it may not
(:func:`place_tapped`), and the cards the pack's hint writes as examples of what to type.

Presentation only: which cards a game's pack holds is the engine's (:mod:`games.engine`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.utils.translation import get_language, gettext, gettext_lazy

from games.engine.cards import Card, Pack, parse_card
from games.engine.games import Game

__all__ = [
    "OF_SUIT",
    "SUIT_NAMES",
    "AlreadyHeld",
    "Holder",
    "NoEmptyBox",
    "NotInPack",
    "Refusal",
    "notation",
    "pack_suits",
    "place_tapped",
]


def pack_suits(pack: Pack, taken: dict[str, int] | set[str]) -> list[dict[str, Any]]:
    """The on-screen pack by suit (spades, hearts, clubs, diamonds: black and red in turn),
    low to high, each card with how a button shows it and whether it is already in a hand
    (``table/pack.html`` draws one submit button per card)."""
    swedish = get_language() == "sv"
    rows = []
    for letter in "SHCD":
        cards = [c for c in pack.cards if c.suit.value == letter]
        if not cards:
            continue
        suit = cards[0].suit.english
        of_suit = str(OF_SUIT.get(suit, f" of {suit}"))  # translated once, not once a card
        rows.append(
            {
                "label": str(SUIT_NAMES.get(suit, suit)),
                "cards": [
                    {
                        "code": card.code,
                        "colour": "red" if card.suit.is_red else "black",
                        "symbol": card.symbol,
                        "rank": card.rank.swedish_code if swedish else card.rank.code,
                        "suit": card.suit.symbol,
                        "of_suit": of_suit,
                        "taken": card.code in taken,
                    }
                    for card in cards
                ],
            }
        )
    return rows


@dataclass(frozen=True)
class Holder:
    """Who holds a card already: the number of their hand (the table) or seat (the sheet),
    from 1, and the player's name, "" where none was typed (a table's hand may have none)."""

    hand: int
    name: str = ""


@dataclass(frozen=True)
class NotInPack:
    """A tapped card the game's pack does not hold (a page left open while the pack was
    changed, or a tap typed into the address): no box may take it."""

    card: Card
    pack: Pack

    def words(self) -> str:
        return gettext("{card} is not in the {pack}.").format(
            card=self.card.symbol, pack=gettext(self.pack.description)
        )


@dataclass(frozen=True)
class AlreadyHeld:
    """A tapped card already in a box: a pack has one of each card."""

    card: Card
    holder: Holder

    def words(self) -> str:
        """Names the player where the hand has one, else the hand's number."""
        if self.holder.name:
            return gettext("{card} is already {name}'s.").format(
                card=self.card.symbol, name=self.holder.name
            )
        return gettext("{card} is already in hand {number}.").format(
            card=self.card.symbol, number=self.holder.hand
        )


@dataclass(frozen=True)
class NoEmptyBox:
    """Every box holds a card: a tapped card never overwrites one. It has no words here:
    what to do about it is each page's (the table can add a player, the sheet cannot)."""

    card: Card


Refusal = NotInPack | AlreadyHeld | NoEmptyBox
"""Why a tapped card is not placed; each page turns it into its message."""


def place_tapped[Box](
    card: Card, pack: Pack, held: Mapping[Card, Holder], box: Box | None
) -> Box | Refusal:
    """Where a tapped card goes, or why it may not: the one decision of the table's board
    and the sheet's deal form when a card of the pack is tapped without JavaScript.

    ``held`` maps each card already in a box to who holds it; ``box`` is the box the page
    would fill next (the one emptied to replace its card, or the first empty one; None when
    every box holds a card). Returns ``box`` itself when the card may go there.

    The checks, in this order, the first that fails deciding:

    1. the card is in ``pack`` (else :class:`NotInPack`): a fact about the card alone, and
       one that no other answer mends; a card outside the pack typed into a box is wrong
       there too (the board says so beside it), so "already in hand 2" would mislead;
    2. nobody holds it yet (else :class:`AlreadyHeld`): where the card already is is more
       use than "every box is filled", since emptying a box would not let it in either;
    3. a box is free (else :class:`NoEmptyBox`).

    >>> from games.engine.cards import PACK_32
    >>> ace, two = parse_card("AS"), parse_card("2S")
    >>> place_tapped(ace, PACK_32, {}, "h1c1")
    'h1c1'
    >>> place_tapped(two, PACK_32, {two: Holder(1)}, None)  # doctest: +ELLIPSIS
    NotInPack(card=...)
    >>> place_tapped(ace, PACK_32, {ace: Holder(2, "Bob")}, None)  # doctest: +ELLIPSIS
    AlreadyHeld(card=..., holder=Holder(hand=2, name='Bob'))
    >>> place_tapped(ace, PACK_32, {}, None)  # doctest: +ELLIPSIS
    NoEmptyBox(card=...)
    """
    if card not in pack:
        return NotInPack(card, pack)
    holder = held.get(card)
    if holder is not None:
        return AlreadyHeld(card, holder)
    if box is None:
        return NoEmptyBox(card)
    return box


SUIT_NAMES = {
    "spades": gettext_lazy("Spades"),
    "hearts": gettext_lazy("Hearts"),
    "clubs": gettext_lazy("Clubs"),
    "diamonds": gettext_lazy("Diamonds"),
}
"""A suit's name as a heading of the pack, keyed by the engine's name of the suit."""

OF_SUIT = {
    "spades": gettext_lazy(" of spades"),
    "hearts": gettext_lazy(" of hearts"),
    "clubs": gettext_lazy(" of clubs"),
    "diamonds": gettext_lazy(" of diamonds"),
}
"""What a screen reader hears after a card's rank in the pack ("A of spades")."""


_EXAMPLES = ("AS", "10H", "JH")
"""The cards the pack's hint writes as examples (the ace of spades, ten and knave of hearts)."""


@cache
def notation(game: Game) -> str:
    """Cards written as the game's book writes them (``Game.write_card``), for the pack's
    hint: three in its own way, the first as a symbol and in the other way the engine reads
    too (suit first, as the Swedish text writes it, or rank then suit)."""
    cards = [parse_card(code) for code in _EXAMPLES]
    own = [game.write_card(card) for card in cards]
    ace = cards[0]
    other = ace.swedish_code if own[0] == str(ace) else str(ace)
    return ", ".join([*own, ace.symbol, other])
