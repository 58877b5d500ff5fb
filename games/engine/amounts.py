"""Amounts of money or counters: read the way people type them, printed one way everywhere.

Every amount is an exact :class:`~fractions.Fraction`. :func:`read_amount` accepts whatever a
player may write at the table -- ``3``, ``0.5``, ``1,5`` (a decimal comma), ``1/2``,
``1 / 2``, ``2 1/3`` (a whole number and a fraction) -- and refuses, naming the field, what
no table plays for: more than :data:`MAX_AMOUNT`, steps finer than 1/:data:`MAX_DENOMINATOR`,
an exponent, a negative amount. :func:`format_amount` prints an amount the one way the site
shows it: a whole number, a short decimal when the amount has one, otherwise a whole number
and a fraction, with a true minus sign.

>>> format_amount(read_amount("2 1/3")), format_amount(read_amount("1,5"))
('2 1/3', '1.5')
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction
from typing import Final

from games.engine.wording import N_, EngineError, Word, fill, said

__all__ = [
    "MAX_AMOUNT",
    "MAX_DENOMINATOR",
    "MINUS",
    "SANE",
    "AmountError",
    "Written",
    "format_amount",
    "read_amount",
]

MAX_AMOUNT: Final = 10**9
"""The largest stake, counter or price accepted: more is a typing slip."""
MAX_DENOMINATOR: Final = 10_000
"""The finest step accepted: 1/10,000 of a unit."""
MINUS: Final = "\u2212"
"""The minus sign printed before a negative amount."""

SANE: Final = N_("at most 1,000,000,000, in steps no finer than 1/10,000")
"""What an amount may be, in words (for messages; a message id, nested with
:func:`~games.engine.wording.said`).

>>> SANE == f"at most {MAX_AMOUNT:,}, in steps no finer than 1/{MAX_DENOMINATOR:,}"
True
"""

_DECIMAL = re.compile(r"(?P<whole>\d{1,10})(?:[.,](?P<part>\d{1,12}))?|[.,](?P<only>\d{1,12})")
_FRACTION = re.compile(r"(?:(?P<whole>\d{1,10})\s+)?(?P<num>\d{1,10})\s*/\s*(?P<den>\d{1,10})")


class Written(Fraction):
    """An amount as words: a :class:`~fractions.Fraction` whose ``str`` is
    :func:`format_amount` (what the engine's English writes of it); a page's speaker writes
    it as any amount, with the language's decimal sign.

    >>> str(Written(Fraction(-1, 2))), Written(3) == 3
    ('−0.5', True)
    """

    def __str__(self) -> str:
        return format_amount(self)


class AmountError(EngineError):
    """An amount that cannot be read, or that no table plays for; ``field`` names where it was.

    ``message`` and ``detail`` are the words without the field (``str(error)`` starts with
    it); ``item`` is None. Made with :meth:`about`, the words are a message id
    (``template``) and the values of its placeholders (``who``), which a page writes in its
    language (:meth:`~games.engine.wording.EngineError.render`).

    >>> error = AmountError("stake", "must be more than 0, not 0")
    >>> str(error), error.field, error.item, error.detail
    ('stake: must be more than 0, not 0', 'stake', None, 'must be more than 0, not 0')
    """

    def __init__(
        self,
        field: str,
        message: str,
        *,
        template: str | None = None,
        who: dict[str, Word] | None = None,
    ) -> None:
        super().__init__(
            f"{field}: {message}", field=field, detail=message, template=template, who=who
        )
        self.field: str = field
        self.message = message

    @classmethod
    def about(cls, field: str, template: str, /, **who: Word) -> AmountError:
        """The refusal of ``field``: ``template`` (a message id) with ``who`` in its
        placeholders.

        >>> error = AmountError.about("stake", "must be more than 0, not {amount}", amount=0)
        >>> str(error), error.template
        ('stake: must be more than 0, not 0', 'must be more than 0, not {amount}')
        """
        return cls(field, fill(template, who), template=template, who=who)


def _read_text(text: str) -> Fraction | None:
    text = text.strip().replace("\u2212", "-")
    if text.startswith("+"):
        text = text[1:].lstrip()
    negative = text.startswith("-")
    if negative:
        text = text[1:].lstrip()
    value: Fraction | None = None
    if found := _DECIMAL.fullmatch(text):
        if found["only"] is not None:
            value = Fraction(int(found["only"]), 10 ** len(found["only"]))
        else:
            part = found["part"] or ""
            value = Fraction(int(found["whole"] + part), 10 ** len(part))
    elif found := _FRACTION.fullmatch(text):
        denominator = int(found["den"])
        if denominator == 0:
            return None
        value = Fraction(int(found["whole"] or 0)) + Fraction(int(found["num"]), denominator)
    if value is None:
        return None
    return -value if negative else value


def read_amount(
    value: object, field: str = "amount", *, positive: bool = True, allow_negative: bool = False
) -> Fraction:
    """Read ``value`` exactly; ``field`` is named in any error.

    Text may be ``3``, ``0.5``, ``1,5``, ``.5``, ``1/2``, ``1 / 2`` or ``2 1/3``; numbers may
    be ``int``, ``Fraction``, ``Decimal`` or ``float`` (read by its shortest decimal form, so
    ``0.1`` is one tenth). ``positive`` refuses 0; ``allow_negative`` accepts a minus sign
    (a score or a correction, never a stake).

    >>> [str(read_amount(v)) for v in ("3", "0.5", "1,5", "1 / 2", "2 1/3", 0.1, Decimal("2.50"))]
    ['3', '1/2', '3/2', '1/2', '7/3', '1/10', '5/2']
    >>> read_amount("0", "stake")
    Traceback (most recent call last):
    ...
    games.engine.amounts.AmountError: stake: must be more than 0, not 0
    >>> read_amount("1e999999", "stake")
    Traceback (most recent call last):
    ...
    games.engine.amounts.AmountError: stake: write an amount like 1, 0.5 or 1/2, not '1e999999'
    >>> read_amount("1/30000", "price")
    Traceback (most recent call last):
    ...
    games.engine.amounts.AmountError: price: '1/30000' is not an amount a table plays for: \
at most 1,000,000,000, in steps no finer than 1/10,000
    >>> read_amount(float("nan"), "stake")
    Traceback (most recent call last):
    ...
    games.engine.amounts.AmountError: stake: must be a finite number, not nan
    >>> str(read_amount("-2", "score", positive=False, allow_negative=True))
    '-2'
    """
    if type(value) is int and abs(value) <= MAX_AMOUNT:  # what the API sends most, at once
        if (value < 0 and not allow_negative) or (positive and value == 0):
            raise _too_small(field, value, positive)
        return Fraction(value)
    shown = value
    result: Fraction | None
    if isinstance(value, bool) or not isinstance(value, int | Fraction | Decimal | str | float):
        raise AmountError.about(field, N_("must be a number, not {value}"), value=repr(value))
    if isinstance(value, float):
        if not math.isfinite(value):
            raise AmountError.about(field, _NOT_FINITE, value=repr(value))
        value = repr(value)
        if "e" in value or "E" in value:
            value = format(Decimal(value), "f")
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise AmountError.about(field, _NOT_FINITE, value=str(value))
        if abs(value.adjusted()) > 12:
            raise _not_played(field, repr(str(value)))
        value = format(value, "f")
    if isinstance(value, int):
        if abs(value) > MAX_AMOUNT:
            raise _not_played(field, repr(value))
        result = Fraction(value)
    elif isinstance(value, Fraction):
        result = value
    else:
        result = _read_text(value) if len(value) <= 64 else None
        if result is None:
            raise AmountError.about(
                field, N_("write an amount like 1, 0.5 or 1/2, not {value}"), value=repr(shown)
            )
    if (result < 0 and not allow_negative) or (positive and result == 0):
        raise _too_small(field, result, positive)
    if abs(result) > MAX_AMOUNT or result.denominator > MAX_DENOMINATOR:
        text = shown if isinstance(shown, str) else format_amount(result)
        raise _not_played(field, repr(text))
    return result


_NOT_FINITE: Final = N_("must be a finite number, not {value}")


def _too_small(field: str, value: Fraction | int, positive: bool) -> AmountError:
    """The refusal of an amount below 0, or of 0 when ``positive``."""
    template = (
        N_("must be more than 0, not {amount}")
        if positive
        else N_("must be at least 0, not {amount}")
    )
    return AmountError.about(field, template, amount=Written(value))


def _not_played(field: str, value: str) -> AmountError:
    """The refusal of an amount no table plays for (``value`` as typed, quoted)."""
    return AmountError.about(
        field,
        N_("{value} is not an amount a table plays for: {limits}"),
        value=value,
        limits=said(SANE),
    )


def format_amount(value: Fraction | int | None, *, signed: bool = False) -> str:
    """An exact amount the one way the site prints it.

    A whole number; a decimal when the amount has one of at most four places; otherwise a
    whole number and a fraction. ``signed`` puts ``+`` before a gain; a loss always has a
    true minus sign; ``None`` is the empty string.

    >>> [format_amount(Fraction(n, d)) for n, d in ((3, 1), (1, 2), (7, 3), (1, 3), (-1, 4))]
    ['3', '0.5', '2 1/3', '1/3', '−0.25']
    >>> format_amount(Fraction(3), signed=True), format_amount(0, signed=True)
    ('+3', '0')
    """
    if value is None:
        return ""
    if not isinstance(value, int | Fraction):
        value = Fraction(value)
    # On the numerator and denominator as ints (in lowest terms): Fraction's arithmetic
    # made every reason that names an amount several times slower.
    numerator, denominator = value.numerator, value.denominator
    sign = MINUS if numerator < 0 else ("+" if signed and numerator > 0 else "")
    magnitude = abs(numerator)
    if denominator == 1:
        return f"{sign}{magnitude}"
    if 10**4 % denominator == 0:
        for digits in range(1, 5):
            if 10**digits % denominator == 0:
                whole, part = divmod(magnitude * (10**digits // denominator), 10**digits)
                return f"{sign}{whole}.{part:0{digits}d}"
    whole, part = divmod(magnitude, denominator)
    tail = f"{part}/{denominator}"
    return f"{sign}{whole} {tail}" if whole else f"{sign}{tail}"
