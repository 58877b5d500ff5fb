"""The on-screen pack the table's pages and the score sheet's deal form share: one submit
button per card (``table/pack.html``, whose taps ``static/js/cards.js`` puts into the card
boxes at once), and the cards the pack's hint writes as examples of what to type.

Presentation only: which cards a game's pack holds is the engine's (:mod:`games.engine`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.utils.translation import get_language, gettext_lazy

from games.engine.cards import Pack, parse_card
from games.engine.games import Game

__all__ = ["OF_SUIT", "SUIT_NAMES", "notation", "pack_suits"]


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
