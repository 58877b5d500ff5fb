"""Filters and tags of the score sheet: exact amounts, player names, cards drawn as cards."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from content.templatetags.library import citation_url
from games.engine.cards import CardError, parse_card
from games.engine.citations import Citation
from games.scoresheet import ledger
from games.scoresheet.forms import new_key as _new_key

register = template.Library()


@register.filter
def amount(value: Fraction | int | None) -> str:
    """``5/2`` as ``2.5``, ``1/3`` as ``1/3``."""
    return ledger.format_amount(value)


@register.filter
def signed(value: Fraction | int | None) -> str:
    """An account: ``+2``, ``−1.5``, ``0``."""
    return ledger.format_amount(value, signed=True)


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
    if index == "pool":
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
def category_label(slug: str) -> str:
    return {"poang": "poäng"}.get(slug, slug)


@register.simple_tag
def payment(p: ledger.Payment, spec: ledger.Spec) -> str:
    """``Bob → Ann 1``; in Pool Commerce counters too: ``Dee → the pool 1 counter``."""
    parts = []
    if p.amount:
        parts.append(ledger.format_amount(p.amount))
    if p.counters:
        parts.append(f"{p.counters} counter{'s' if p.counters != 1 else ''}")
    return f"{seat(spec, p.payer)} → {seat(spec, p.payee)}: {' and '.join(parts)}"


@register.simple_tag
def new_key() -> str:
    """A fresh idempotency key for one form."""
    return _new_key()


@register.filter
def option_summary(spec: ledger.Spec) -> list[str]:
    """The house rules that differ from the engine's defaults, in words."""
    out = []
    for name, value in spec.options.items():
        option = ledger.OPTIONS[name]
        if option.kind == "amount":
            out.append(f"{option.label}: {ledger.format_amount(Fraction(value))}")
        elif value != option.default:
            words = dict(option.choices).get(value, value)
            out.append(f"{option.label}: {words}")
    return out


@register.simple_tag
@functools.cache
def cite_href(citation: Citation) -> str:
    """The library URL of a cited paragraph, worked out once per paragraph."""
    return citation_url(citation)
