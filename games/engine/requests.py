"""Reading a request's values: the one reader of each kind for the games settled from one
request (Vingt-un, Speculation, All Fours).

A request comes as the API's JSON, as a table page's form (every value a string) or as a
score sheet's stored entry, so each reader takes both: ``true`` or ``"on"``, ``3`` or
``"3"``, a list of card codes or one string of them. What a value may be is said here once;
where it stands in the request, and so how its refusal is worded (``"Player 2, card 3: "``,
``"dealer: "``, ``"Sale 1: the buyer (to) "``), the game says, by the :class:`Refuse` it
passes: the reader gives the words of what is wrong (a template, literal braces doubled,
:func:`~games.engine.wording.fill`), the card's index in a list (``item``) and the card as
typed (``token``), and the game's function makes its error (a :class:`RequestError`).

>>> def refuse(detail, *, item=None, token=None, **values):
...     return RequestError.about("doubled", detail, item=item, token=token, **values)
>>> read_flag(" On ", refuse), read_flag("", refuse), read_index("2", 3, refuse)
(True, False, 2)
>>> read_flag("maybe", refuse)
Traceback (most recent call last):
...
games.engine.requests.RequestError: doubled: must be true or false, not 'maybe'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, Protocol, Self

from games.engine.amounts import AmountError, read_amount
from games.engine.cards import CARDS, Card, CardError, parse_card, split_tokens
from games.engine.wording import N_, EngineError, Mention, Word, escape, fill

__all__ = [
    "FALSE_WORDS",
    "MAX_CODE",
    "TEXT_PER_CARD",
    "TRUE_WORDS",
    "WHOLE_PATTERN",
    "Refuse",
    "RequestError",
    "flag",
    "flag_schema",
    "quoted",
    "read_amount_in",
    "read_card",
    "read_cards",
    "read_codes",
    "read_flag",
    "read_index",
    "read_whole",
    "short",
    "unknown_key",
    "whole_schema",
]

TRUE_WORDS: Final = frozenset({"true", "yes", "on", "1"})
"""The words that mean yes, in any case, spaces around them ignored (a house-rule option's
yes/no too)."""
FALSE_WORDS: Final = frozenset({"false", "no", "off", "0"})
"""The words that mean no. A request's flag also takes the empty string (a form's box left
empty); a house-rule option does not."""
WHOLE_PATTERN: Final = r"^\s*\+?[0-9]{1,6}\s*$"
"""A whole number as a form sends it: ASCII digits (at most six), a ``+`` allowed, spaces
around them ignored. As a JSON Schema ``pattern`` too."""
MAX_CODE: Final = 12
"""The longest text read as one card code: longer is no card."""
TEXT_PER_CARD: Final = 32
"""A list of cards written as one text may be this many characters a card."""
MAX_KEY: Final = 40
"""An unknown key is named in an error cut to this many characters."""

_WHOLE: Final = re.compile(WHOLE_PATTERN)
_BY_CODE: Final = {str(card): card for card in CARDS}


def short(value: object) -> str:
    """``value`` as Python writes it, cut to 40 characters, for quoting a bad value.

    >>> short("ZZ"), short(3), short("x" * 50)
    ("'ZZ'", '3', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...")
    """
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def quoted(value: object) -> str:
    """:func:`short` as a template writes it (braces doubled, :func:`fill` gives it back).

    >>> quoted("{x}")
    "'{{x}}'"
    """
    return escape(short(value))


class RequestError(EngineError):
    """A request that cannot be read or settled: ``field`` is the dotted path of the value
    at fault (``players.1.hands.0.cards``), ``item`` the index in it when it is a list,
    ``token`` the card as typed, ``player`` the player (from 0) it concerns; each game's
    error is one (``VingtUnError``, ``SpeculationError``, ``DealError``).

    >>> error = RequestError.about("players.1.hand", "{player}, card 2: 'ZZ' is not a card",
    ...                            item=1, token="ZZ", player=1)
    >>> str(error), error.field, error.item, error.token, error.render(["Ann", "Bo"])
    ("Player 2, card 2: 'ZZ' is not a card", 'players.1.hand', 1, 'ZZ', "Bo, card 2: 'ZZ' is \
not a card")
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
        token: str | None = None,
        player: int | None = None,
    ) -> None:
        super().__init__(message, field=field, item=item, detail=detail, template=template, who=who)
        self.token = token
        """The card as typed, when the error is about one."""
        self.player = player
        """The player (from 0) the error is about, when there is one."""

    @classmethod
    def about(
        cls,
        field: str | None,
        template: str,
        *,
        item: int | None = None,
        token: str | None = None,
        player: int | None = None,
        **who: Word,
    ) -> Self:
        """The refusal of the value at ``field``: ``template`` filled with ``who`` and, when
        it speaks of ``{player}``, the player (with a capital at the start). The words are
        prefixed with the field (``"doubled: "``) unless they name the player.

        >>> str(RequestError.about("dealer", "must be a player index from 0 to 2, not 5"))
        'dealer: must be a player index from 0 to 2, not 5'
        """
        mentions = dict(who)
        if player is not None and "{player}" in template:
            capital = template.startswith("{player}")
            mentions.setdefault("player", Mention("player", (player,), capital=capital))
        detail = fill(template, mentions)
        placed = field is not None and "player" not in mentions
        return cls(
            f"{field}: {detail}" if placed else detail,
            field=field,
            item=item,
            detail=detail,
            template=template,
            who=mentions,
            token=token,
            player=player,
        )


class Refuse(Protocol):
    """A game's way of refusing a value it asked a reader for: ``detail`` is a template of
    what is wrong (a message id), ``values`` the values of its placeholders (the value as
    typed, a number: :data:`~games.engine.wording.Word`), ``item`` the index in a list,
    ``token`` the card as typed."""

    def __call__(
        self,
        detail: str,
        /,
        *,
        item: int | None = None,
        token: str | None = None,
        **values: Word,
    ) -> Exception: ...


def flag(value: object) -> bool | None:
    """``value`` as yes or no: a boolean, or one of :data:`TRUE_WORDS`, :data:`FALSE_WORDS`
    or the empty string (a form's empty box: no), in any case; None when it is none of them.

    >>> [flag(v) for v in (True, "ON", " yes ", "", "0", "maybe", 1, None)]
    [True, True, True, False, False, None, None, None]
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and len(value) <= 8:
        text = value.strip().lower()
        if text in TRUE_WORDS:
            return True
        if text in FALSE_WORDS or not text:
            return False
    return None


def read_flag(value: object, refuse: Refuse) -> bool:
    """:func:`flag`, refused when ``value`` is neither yes nor no."""
    found = flag(value)
    if found is None:
        raise refuse(N_("must be true or false, not {value}"), value=short(value))
    return found


def _whole(value: object) -> int | None:
    """A JSON integer (not a boolean), or a form's digits (:data:`WHOLE_PATTERN`); else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _WHOLE.fullmatch(value):
        return int(value)
    return None


def read_whole(value: object, refuse: Refuse) -> int:
    """A whole number: a JSON integer (not a boolean), or a form's digits
    (:data:`WHOLE_PATTERN`, ASCII only).

    >>> def refuse(detail, *, item=None, token=None, **values):
    ...     return RequestError.about("players", detail, **values)
    >>> read_whole(" +4 ", refuse), read_whole(4, refuse)
    (4, 4)
    >>> read_whole("٤", refuse)
    Traceback (most recent call last):
    ...
    games.engine.requests.RequestError: players: must be a whole number, not '٤'
    """
    found = _whole(value)
    if found is None:
        raise refuse(N_("must be a whole number, not {value}"), value=short(value))
    return found


def read_index(value: object, count: int, refuse: Refuse) -> int:
    """A player's index from 0 to ``count - 1`` (:func:`read_whole`).

    >>> def refuse(detail, *, item=None, token=None, **values):
    ...     return RequestError.about("dealer", detail, **values)
    >>> read_index(5, 3, refuse)
    Traceback (most recent call last):
    ...
    games.engine.requests.RequestError: dealer: must be a player index from 0 to 2, not 5
    """
    index = _whole(value)
    if index is None or not 0 <= index < count:
        raise refuse(
            N_("must be a player index from 0 to {last}, not {value}"),
            last=count - 1,
            value=short(value),
        )
    return index


def read_amount_in(
    value: object, refuse: Refuse, *, words: str = "", positive: bool = True
) -> Fraction:
    """An amount (:func:`~games.engine.amounts.read_amount`), its refusal's words after
    ``words`` (``"stake "``: words glued before a message id are not translated; better
    said where the game places the refusal).

    >>> def refuse(detail, *, item=None, token=None, **values):
    ...     return RequestError.about("stake", detail, **values)
    >>> read_amount_in("1/2", refuse), read_amount_in("0", refuse, positive=False)
    (Fraction(1, 2), Fraction(0, 1))
    >>> read_amount_in("lots", refuse, words="stake ")
    Traceback (most recent call last):
    ...
    games.engine.requests.RequestError: stake: stake write an amount like 1, 0.5 or 1/2, \
not 'lots'
    """
    try:
        return read_amount(value, "amount", positive=positive)
    except AmountError as error:
        raise refuse(
            escape(words) + _template(error), item=None, token=None, **dict(error.who)
        ) from None


def _template(error: EngineError) -> str:
    """An engine error's words as a template of its values (``error.who``)."""
    return escape(error.detail) if error.template is None else error.template


def read_codes(value: object, refuse: Refuse, *, most: int) -> list[str]:
    """The card codes of a list of cards: a list of codes, or one text of them separated by
    spaces or commas (:func:`~games.engine.cards.split_tokens`); at most ``most`` cards.

    >>> def refuse(detail, *, item=None, token=None, **values):
    ...     return RequestError.about("cards", detail, item=item, **values)
    >>> read_codes("AS, 10h KD", refuse, most=3), read_codes(["AS"], refuse, most=3)
    (['AS', '10h', 'KD'], ['AS'])
    >>> read_codes(["AS", 7], refuse, most=3)
    Traceback (most recent call last):
    ...
    games.engine.requests.RequestError: cards: must be a card code, like AS or 10H, not 7
    >>> read_codes("AS KS QS JS", refuse, most=3)
    Traceback (most recent call last):
    ...
    games.engine.requests.RequestError: cards: hold 4 cards; at most 3 are accepted
    """
    if isinstance(value, str):
        if len(value) > most * TEXT_PER_CARD:
            raise refuse(N_("are too long a text to be {most} cards or fewer"), most=most)
        codes = split_tokens(value)
    elif isinstance(value, list | tuple):
        codes = list(value)
    else:
        raise refuse(
            N_(
                'must be a list of cards, like ["AS", "10H"], or one text of cards separated by '
                "spaces, not {value}"
            ),
            value=short(value),
        )
    if len(codes) > most:
        raise refuse(
            N_("hold {count} cards; at most {most} are accepted"), count=len(codes), most=most
        )
    for item, code in enumerate(codes):
        if not isinstance(code, str):
            raise refuse(_NOT_A_CODE, item=item, value=short(code))
    return codes


_NOT_A_CODE: Final = N_("must be a card code, like AS or 10H, not {value}")


def read_card(code: object, refuse: Refuse, item: int | None = None) -> Card:
    """One card of the 52-card pack from its code (``AS``, ``10h``, ``sE``,
    :func:`~games.engine.cards.parse_card`); ``item`` is its index in a list.

    >>> def refuse(detail, *, item=None, token=None, **values):
    ...     return RequestError.about("turn_up", detail, item=item, token=token, **values)
    >>> str(read_card("10h", refuse))
    '10H'
    >>> read_card("ZZ", refuse)
    Traceback (most recent call last):
    ...
    games.engine.requests.RequestError: turn_up: 'ZZ' is not a card: write rank then suit, \
like AS, 10H or QD, or the Swedish suit first, like sE or hkn
    """
    if not isinstance(code, str):
        raise refuse(_NOT_A_CODE, item=item, value=short(code))
    found = _BY_CODE.get(code)  # a card written as the API writes it, read at once
    if found is not None:
        return found
    if len(code) > MAX_CODE:
        raise refuse(
            N_("{value} is not a card"), item=item, token=code[:MAX_CODE], value=short(code)
        )
    try:
        return parse_card(code)
    except CardError as error:
        raise refuse(_template(error), item=item, token=code, **dict(error.who)) from None


def read_cards(value: object, refuse: Refuse, *, most: int) -> list[tuple[str, Card]]:
    """Each card of a list of cards (:func:`read_codes`) with its code as typed.

    >>> def refuse(detail, *, item=None, token=None, **values):
    ...     return RequestError.about("cards", detail, item=item, token=token, **values)
    >>> [(code, str(card)) for code, card in read_cards("as 10H", refuse, most=12)]
    [('as', 'AS'), ('10H', '10H')]
    >>> error = None
    >>> try:
    ...     read_cards("AS ZZ", refuse, most=12)
    ... except RequestError as caught:
    ...     error = caught
    >>> str(error)[:25], error.item, error.token
    ("cards: 'ZZ' is not a card", 1, 'ZZ')
    """
    return [
        (code, read_card(code, refuse, item))
        for item, code in enumerate(read_codes(value, refuse, most=most))
    ]


def unknown_key(given: Mapping[Any, object], known: Sequence[str]) -> str | None:
    """The first key of ``given`` that is not in ``known``, as text cut to 40 characters (to
    name it in an error and its dotted path), or None.

    >>> unknown_key({"cards": 1, "colour": 2}, ("cards",)), unknown_key({}, ("cards",))
    ('colour', None)
    """
    for key in given:
        if key not in known:
            return str(key)[:MAX_KEY]
    return None


def flag_schema(description: str) -> dict[str, object]:
    """The JSON Schema of a flag (:func:`flag`): a boolean, or a form's word for one.

    >>> flag_schema("Doubled.")["oneOf"][1]["enum"][:3]
    ['', '0', '1']
    """
    return {
        "description": description,
        "oneOf": [
            {"type": "boolean"},
            {"type": "string", "enum": sorted(TRUE_WORDS | FALSE_WORDS | {""})},
        ],
    }


ANSWER_AMOUNT_SCHEMA: Final[dict[str, object]] = {
    "type": "number",
    "description": "An amount: a whole number, else the nearest float (7/3 is "
    "2.3333333333333335); a loss is negative.",
}
"""The JSON Schema of an amount in an answer (the engine's Fraction as the API writes it)."""


def whole_schema(description: str, number: Mapping[str, object]) -> dict[str, object]:
    """The JSON Schema of a whole number (:func:`read_whole`): ``number`` (an integer's
    schema, with its bounds), or a form's digits.

    >>> whole_schema("The dealer.", {"type": "integer"})["oneOf"][1]["pattern"]
    '^\\\\s*\\\\+?[0-9]{1,6}\\\\s*$'
    """
    return {
        "description": description,
        "oneOf": [dict(number), {"type": "string", "pattern": WHOLE_PATTERN}],
    }
