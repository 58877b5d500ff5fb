"""Filters and tags of the score sheet: exact amounts, player names, cards drawn as cards."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from content.templatetags.library import citation_url
from games.engine.amounts import format_amount
from games.engine.cards import CardError, parse_card
from games.engine.citations import Citation
from games.engine.commerce import Category
from games.engine.pool import POOL
from games.scoresheet import ledger
from games.scoresheet.forms import new_key as _new_key
from games.templatetags.amounts import amount

register = template.Library()
register.filter("amount", amount)  # the site's one printer of amounts (games' library)


@register.filter
def signed(value: Fraction | int | None) -> str:
    """An account: ``+2``, ``−1.5``, ``0``."""
    return format_amount(value, signed=True)


@register.filter
def sign_class(value: Fraction | int | None) -> str:
    if value is None or value == 0:
        return "zero"
    return "plus" if value > 0 else "minus"


@register.filter
def at(sequence: Any, index: Any) -> Any:
    """``sequence[index]``, or empty when there is none."""
    try:
        return sequence[int(index)]
    except (IndexError, KeyError, TypeError, ValueError):
        return ""


@register.filter
def seat(spec: ledger.Spec, index: Any) -> str:
    """The name of the player in seat ``index``; ``pool`` is the pool."""
    if index == POOL:
        return "the pool"
    try:
        return spec.players[int(index)]
    except (IndexError, TypeError, ValueError):
        return ""


@register.filter
@functools.cache
def card(code: str) -> SafeString:
    """A Commerce card drawn as a card: rank and suit symbol, red or black (made once per
    code: a long evening draws the same 52 cards many times)."""
    try:
        parsed = parse_card(code)
    except CardError:
        return format_html('<span class="card">{}</span>', code)
    colour = "red" if parsed.suit.is_red else "black"
    return format_html(
        '<span class="card {}" title="{}">{}</span>', colour, parsed.name, parsed.symbol
    )


@register.filter
def cards(codes: Any) -> SafeString:
    return format_html_join(" ", "{}", ((card(c),) for c in codes or ()))


@register.filter
def counted(number: int, noun: str) -> str:
    """``4|counted:"hand"``: ``four hands``."""
    return ledger.count_words(int(number), noun)


@register.filter
def category_label(slug: str) -> str:
    """A combination in its own book's word: ``poäng``, ``tricon``."""
    try:
        return Category(slug).term
    except ValueError:
        return slug


@register.simple_tag
def new_key() -> str:
    """A fresh idempotency key for one form."""
    return _new_key()


@register.filter
def option_summary(spec: ledger.Spec) -> list[str]:
    """The sums the table agreed, and the house rules that differ from the game's defaults,
    each in the registry's words."""
    config = spec.config
    changed = config.changed()
    out = []
    for option in spec.game.options:
        if option.kind == "amount":
            out.append(f"{option.label}: {format_amount(config.amount(option.name))}")
        elif option.name in changed:
            out.append(f"{option.label}: {option.words(config[option.name])}")
    return out


@register.simple_tag
@functools.cache
def cite_href(citation: Citation) -> str:
    """The library URL of a cited paragraph, worked out once per paragraph."""
    return citation_url(citation)
