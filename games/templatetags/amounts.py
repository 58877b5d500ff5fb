"""The site's printer of amounts for templates: ``{% load amounts %}{{ value|amount }}``.

An engine gives amounts as exact :class:`~fractions.Fraction` values (data); a page prints
them with :func:`games.speaking.write_amount` (the engine's
:func:`~games.engine.amounts.format_amount` with the page's decimal sign: ``2,5`` on a
Swedish page), through this filter, the one way the site shows them. The score sheet's
library registers the same filter.
"""

from __future__ import annotations

from fractions import Fraction

from django import template

from games.speaking import write_amount

register = template.Library()


@register.filter
def amount(value: Fraction | int | None) -> str:
    """``5/2`` as ``2.5`` (``2,5`` in Swedish), ``1/3`` as ``1/3``, ``7/3`` as ``2 1/3``, a
    loss with a true minus sign, None as nothing (the site's one printer).

    >>> amount(Fraction(7, 3)), amount(Fraction(-5)), amount(None)
    ('2 1/3', '−5', '')
    >>> from django.utils import translation
    >>> with translation.override("sv"):
    ...     amount(Fraction(-5, 2))
    '−2,5'
    """
    return write_amount(value)
