"""What the apps share in putting the engine's words on a page: a message as a sentence, the
field an engine error names, the ruling behind a house-rule option, a hand typed in one box.

Presentation only: no rule of any game is decided here (those are the engine's,
:mod:`games.engine`), and nothing here needs Django.
"""

from __future__ import annotations

from games.engine.cards import split_tokens
from games.engine.citations import RULINGS, Ruling
from games.engine.wording import EngineError, split_prefix

__all__ = ["ruling_for_option", "sentence", "split_field", "spread"]


def sentence(text: str) -> str:
    """The engine's words start in lower case; a message on the page starts with a capital.

    >>> sentence("the dealer pays"), sentence(" supply base 2 is also Ann's "), sentence("")
    ('The dealer pays', "Supply base 2 is also Ann's", '')
    """
    text = text.strip()
    return text[:1].upper() + text[1:]


def split_field(error: BaseException | str) -> tuple[str | None, int | None, str]:
    """Deprecated: read ``error.field``, ``error.item`` and ``error.detail`` of the engine's
    error (:class:`~games.engine.wording.EngineError`), and ``error.render(names)`` for its
    words with the players' names.

    The argument an engine error names, the item of that argument (an index from 0, for a
    list), and the rest of its words. Given an error, read from its attributes; given the
    message as a string (the callers not yet moved), read by the engine's own reader of a
    legacy ``name: ...`` or ``name[i]: ...`` prefix. A message naming no argument is
    ``(None, None, message)``.

    >>> from games.engine.settlement import SettlementError
    >>> split_field(SettlementError.at("bought", "must be a whole number from 0, not -1", item=2))
    ('bought', 2, 'must be a whole number from 0, not -1')
    >>> split_field("stake: must be more than 0, not 0")
    ('stake', None, 'must be more than 0, not 0')
    >>> split_field("Hand 2, card 3: 'X' is not a card")
    (None, None, "Hand 2, card 3: 'X' is not a card")
    """
    if isinstance(error, EngineError):
        return error.field, error.item, error.detail
    return split_prefix(str(error))


def ruling_for_option(option: str) -> Ruling:
    """The engine's ruling whose house-rule option is ``option`` (its alternatives are the
    option's values, its reading the default).

    >>> ruling_for_option("stander_pays").slug
    'peel-stander-pays'
    >>> ruling_for_option("colour")
    Traceback (most recent call last):
    ...
    KeyError: 'colour'
    """
    for made in RULINGS.values():
        if made.option == option:
            return made
    raise KeyError(option)


def spread(texts: list[str]) -> list[str]:
    """One hand's fields as typed, each split into its card tokens: a hand typed into one
    field fills the hand's empty fields (the first empty ones kept, the last dropped).

    >>> spread(["AS 2H 3D", "", ""]), spread(["", "as,2h", "3d"])
    (['AS', '2H', '3D'], ['as', '2h', '3d'])
    >>> spread(["AS", "", "KD"]), spread(["AS", "2H 3D 4C", ""])
    (['AS', '', 'KD'], ['AS', '2H', '3D', '4C'])
    """
    cards: list[str] = []
    for text in texts:
        cards.extend(split_tokens(text) or [""])
    while len(cards) > 3 and "" in cards:
        del cards[len(cards) - 1 - cards[::-1].index("")]
    return cards
