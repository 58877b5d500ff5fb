"""The answer to a recorded deal drawn in Python: ``sheet.html#poll-append`` without the
template engine.

A phone that records a deal gets back the accounts and the new entry as htmx out-of-band
swaps (``#live``, a row of the grid, the entry's article), the same fragment the other
phones' polls get. Through the template engine that fragment cost more than everything
else recording does (about a hundred nodes and as many look-ups a player, and a new
rendering for every deal, since every deal is a new version). Here it is drawn by plain
string building, with the page's fixed words looked up in the catalogue once per language
(:func:`_said`).

The template stays the source of the markup: the full page and the sheet's other answers
draw these parts from it, and :func:`poll_append` draws what the template would --
element for element, attribute for attribute, word for word, whitespace only where the
template has whitespace (its indentation is not copied) -- for the sheets it knows how to
draw: a sheet still being played (not final, not over) of a game settled deal by deal,
kept as one ledger, or answered from one request. For any other sheet (final standings,
the game over, Cox's counted hands) it returns None and the caller renders the template.
``tests/scoresheet/test_sheet_drawn.py`` compares the two for every game, both languages,
joins, leaves and horses, and fails when one of them changes without the other.

Escaping is Django's autoescaping: a value is escaped (``html.escape``), a translator's
words are put in as they are, as ``{% translate "…" %}`` and ``{% blocktranslate %}`` put
them. The reasons under a deal are drawn by their own include
(``includes/reasons.html``), the site's one presentation of them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

from django.template.loader import get_template
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext, ngettext, pgettext

from games.speaking import write_amount

from . import ledger
from .models import Deal
from .templatetags.sheet_tags import card_in, category_label, cite_href, names, seat, sign_class
from .words import entry_count, entry_noun

__all__ = ["messages", "poll_append"]

DRAWN = (ledger.SETTLED, ledger.LEDGER, ledger.REQUEST)
"""The ways of keeping a sheet drawn here (``spec.keeping``); a counted game's sheet is
drawn by the template."""


@functools.lru_cache(maxsize=4096)
def _signed_in(value: Fraction | int, language: str | None) -> str:
    """``{{ value|signed }}`` in ``language`` (the active one): an account, ``+2``,
    ``−1.5`` (``−1,5`` in Swedish). The same few amounts come back deal after deal: each is
    written once per language."""
    return escape(write_amount(value, signed=True))


class _Said:
    """The fragment's words in one language, each looked up in the catalogue once and put in
    as the translator wrote them, as a template's ``{% translate "…" %}`` puts them."""

    def __init__(self, language: str | None) -> None:
        self.language = language
        self.found: dict[tuple[str, str | None], str] = {}

    def __call__(self, msgid: str, context: str | None = None) -> str:
        key = (msgid, context)
        words = self.found.get(key)
        if words is None:
            words = pgettext(context, msgid) if context else gettext(msgid)
            self.found[key] = words
        return words

    def pgettext(self, context: str, msgid: str) -> str:
        """Words with a context, named as Django's so that ``makemessages`` reads the context
        (a call of ``said`` with two arguments would be read as words without one)."""
        return self(msgid, context)

    def signed(self, value: Fraction | int) -> str:
        return _signed_in(value, self.language)

    def filled(self, msgid: str, **values: object) -> str:
        """``{% blocktranslate %}``: the translator's words as they are, each value escaped;
        the English words when a translation does not take the values, as Django does."""
        return _filled(self(msgid), msgid, values)


def _filled(words: str, msgid: str, values: Mapping[str, object]) -> str:
    escaped = {name: escape(str(value)) for name, value in values.items()}
    try:
        return words % escaped
    except (KeyError, ValueError):
        return msgid % escaped


@functools.lru_cache(maxsize=8)
def _said(language: str | None) -> _Said:
    """The words of the active language (the messages are this module's own: a few dozen)."""
    return _Said(language)


def poll_append(context: Mapping[str, Any]) -> str | None:
    """``scoresheet/sheet.html#poll-append`` for ``context`` (:func:`views.sheet_context`
    with ``oob=True``), or None for a sheet drawn only by the template."""
    spec: ledger.Spec = context["spec"]
    sheet: ledger.Sheet = context["sheet"]
    if context["final"] or sheet.over or spec.keeping not in DRAWN:
        return None
    if sheet.suggest_end and not sheet.present:
        return None
    said = _said(get_language())
    out: list[str] = []
    _live(out, context, said)
    out.append('\n<template><tbody hx-swap-oob="beforeend:#grid-body">')
    for g in context["grid"]:
        _grid_row(out, spec, g, said)
    out.append('</tbody></template>\n<div hx-swap-oob="afterbegin:#deal-list">')
    for row, deal, cells in reversed(context["rows"]):
        _deal_article(out, context, row, deal, cells, said)
    out.append("</div>\n")
    return "".join(out)


def messages(notice: str) -> str:
    """``{% partial messages %}`` sent out of band (``oob``): the notice of what was done."""
    said = f'<p class="notice">{escape(notice)}</p>' if notice else ""
    return (
        '<div id="messages" class="messages" role="status" aria-live="polite" '
        f'hx-swap-oob="true">{said}</div>'
    )


def _live(out: list[str], context: Mapping[str, Any], said: _Said) -> None:
    """``{% partial live %}`` of a sheet still being played."""
    spec: ledger.Spec = context["spec"]
    sheet: ledger.Sheet = context["sheet"]
    version = context["game"].version
    money = context["money"]
    live = escape(context["links"]["live"])
    next_dealer = "" if sheet.next_dealer is None else sheet.next_dealer
    oob = ' hx-swap-oob="true"' if context.get("oob") else ""
    out.append(
        f'\n<section id="live" class="live" aria-labelledby="accounts-title" '
        f'hx-get="{live}?v={version}" hx-trigger="every {context["poll_seconds"]}s" '
        f'hx-swap="none" data-version="{version}" data-next-dealer="{next_dealer}" '
        f'data-next-number="{sheet.deals + 1}"{oob}>\n'
    )
    done = entry_count(spec.entry_word, sheet.deals)
    if money:
        heading = said.filled("Accounts after %(done)s", done=done)
    else:
        heading = said.filled("Scores after %(done)s", done=done)
    counters = bool(sheet.counters)
    total = said("Account" if money else "Total")
    out.append(
        f'<h2 id="accounts-title">{heading}</h2>\n<table class="accounts">\n<thead>\n<tr>\n'
        f'<th scope="col">{said("Player")}</th>\n'
        f'<th scope="col" class="num">{total}</th>\n'
    )
    if counters:
        out.append(f'<th scope="col" class="num">{said("Counters")}</th>\n')
    out.append("</tr>\n</thead>\n<tbody>\n")
    for s in context["accounts"]:
        out_of = s.seat in sheet.out
        line = "winner" if s.winner else ""
        if out_of or not s.present:
            line += " out"
        out.append(f'<tr class="{line}">\n<th scope="row">{escape(s.name)}')
        if s.winner:
            takes = "takes the pool" if spec.keeping == ledger.LEDGER else "winner"
            out.append(f' <span class="badge">{said(takes)}</span>')
        if out_of:
            out.append(
                f' <span class="badge muted">{said.pgettext("out of the game", "out")}</span>'
            )
        elif not s.present:
            out.append(f' <span class="badge muted">{said("away")}</span>')
        if s.seat in sheet.horses:
            out.append(f' <span class="badge muted">{said("horse")}</span>')
        account = said.signed(s.total)
        out.append(f'</th>\n<td class="num total {sign_class(s.total)}">{account}</td>\n')
        if counters:
            out.append(f'<td class="num">{s.counters}</td>\n')
        out.append("</tr>\n")
    out.append("</tbody>\n")
    if sheet.pool is not None:
        out.append(
            f'<tfoot><tr><th scope="row" colspan="1">{said("The pool holds")}</th>'
            f'<td class="num">{escape(write_amount(sheet.pool))}</td><td></td></tr></tfoot>\n'
        )
    seating = said("In seating order; the final standings put the best first.")
    out.append(f'</table>\n<p class="fine">{seating}')
    if spec.keeping == ledger.SETTLED:
        zero = "The accounts sum to zero: what one player wins the others lose."
        out.append(f" {said(zero)}")
    elif spec.keeping == ledger.LEDGER:
        zero = "Each account counts the buy-in paid; with the pool's money they sum to zero."
        out.append(f" {said(zero)}")
    out.append("</p>\n")
    if sheet.next_dealer is not None:
        out.append(f'<p class="next-deal">{_next_deal(spec, sheet, said)}</p>\n')
    if sheet.suggest_end:
        times = sheet.dealt[sheet.present[0]]
        words = ngettext(
            "Everyone has dealt %(times)s time: a fair moment to stop, since the deal is an "
            "advantage.",
            "Everyone has dealt %(times)s times: a fair moment to stop, since the deal is an "
            "advantage.",
            times,
        )
        fair = _filled(words, words, {"times": times})
        out.append(f'<p class="notice suggest-end">{fair}</p>\n')
    out.append("</section>\n")


def _next_deal(spec: ledger.Spec, sheet: ledger.Sheet, said: _Said) -> str:
    dealer = seat(spec, sheet.next_dealer)
    if not sheet.deals:
        first = "Next deal: <strong>%(dealer)s</strong> deals first (or whoever the table chooses)."
        return said.filled(first, dealer=dealer)
    if not sheet.rotation:
        decided = "Next deal: <strong>%(dealer)s</strong> deals, as the last deal decided."
        return said.filled(decided, dealer=dealer)
    lang = "" if said.language == "en" else ' lang="en"'
    cited = "".join(
        f' (<a href="{escape(cite_href(c))}"{lang}>{escape(c.anchor)}</a>)'
        for c in sheet.rotation.citations
    )
    deals = said.filled("Next deal: <strong>%(dealer)s</strong> deals.", dealer=dealer)
    return f"{deals} {escape(sheet.rotation.text)}{cited}."


_SEAT_ROWS = {"horse": "%(who)s: horse", "join": "%(who)s joins", "leave": "%(who)s leaves"}
_SEAT_LINES = {
    "horse": "%(who)s buys a horse.",
    "join": "%(who)s joins the table.",
    "leave": "%(who)s leaves the table.",
}


def _grid_row(out: list[str], spec: ledger.Spec, g: Mapping[str, Any], said: _Said) -> None:
    """``{% partial grid-row %}``."""
    position = g["deal"].position
    kind = g["kind"]
    changed = "" if kind == "deal" else ' class="seat-change"'
    out.append(f'\n<tr id="grid-{position}"{changed}>\n<th scope="row">')
    if g["number"]:
        out.append(f'<a href="#deal-{position}">{g["number"]}</a></th>\n')
    else:
        title = said("not a deal")
        out.append(f'<a href="#deal-{position}" title="{title}">·</a></th>\n')
    if kind == "deal":
        who = escape(seat(spec, g["dealer"]))
    else:
        who = said.filled(_SEAT_ROWS[kind], who=seat(spec, g["deal"].data.get("player")))
    out.append(f"<td>{who}</td>\n")
    winners = g["winners"]
    for i, (net, total, present) in enumerate(g["cells"]):
        won = " won" if i in winners else ""
        if present or net:
            out.append(
                f'<td class="num{won}"><span class="grid-total">{said.signed(total)}</span>'
                f'<span class="grid-net {sign_class(net)}">{said.signed(net)}</span></td>'
            )
        else:
            out.append(f'<td class="num{won}"><span class="away">{said("away")}</span></td>')
    out.append("\n</tr>\n")


def _deal_article(
    out: list[str],
    context: Mapping[str, Any],
    row: ledger.Row,
    deal: Deal,
    cells: Sequence[Mapping[str, Any]],
    said: _Said,
) -> None:
    """``{% partial deal-article %}`` of a game that is not counted."""
    spec: ledger.Spec = context["spec"]
    position = deal.position
    kind = row.entry.kind
    noun = entry_noun(spec.entry_word)
    if row.number:
        title = f"{escape(capfirst(noun))} {row.number}"
    else:
        title = said("A horse" if kind == "horse" else "At the table")
    out.append(
        f'\n<article class="deal" id="deal-{position}" aria-labelledby="deal-{position}-title">\n'
        f'<header class="deal-head"><h3 id="deal-{position}-title">{title}</h3>\n<p>'
    )
    data = row.entry.data
    if kind in _SEAT_LINES:
        out.append(said.filled(_SEAT_LINES[kind], who=seat(spec, data.get("player"))))
    else:
        dealer = seat(spec, row.dealer)
        stood = data.get("stood")
        if stood is not None:
            stander = seat(spec, stood)
            out.append(
                said.filled("%(dealer)s dealt; %(stood)s stood.", dealer=dealer, stood=stander)
            )
        else:
            out.append(said.filled("%(dealer)s dealt.", dealer=dealer))
        if row.winners:
            words = ngettext("%(who)s wins.", "%(who)s win.", len(row.winners))
            who = _filled(words, words, {"who": names(row.winners, spec)})
            out.append(f" <strong>{who}</strong>")
    out.append("</p></header>\n")
    if kind == "deal":
        _deal_table(out, context, row, cells, said)
    out.append("\n")
    if row.why:
        why = "Why: who paid whom" if row.payments else "Why: how it was counted"
        reasons = _reasons().render({"reasons": row.why, "compact": True})
        out.append(f'<details class="why"><summary>{said(why)}</summary>\n{reasons}\n</details>')
    out.append("\n")
    if context["can_edit"]:
        _deal_actions(out, context, row, position, said)
    out.append("\n</article>\n")


def _deal_actions(
    out: list[str], context: Mapping[str, Any], row: ledger.Row, position: int, said: _Said
) -> None:
    """An entry's buttons: edit a deal, undo an entry."""
    spec: ledger.Spec = context["spec"]
    at = f"{escape(context['links']['sheet'])}deals/{position}/"
    noun = entry_noun(spec.entry_word)
    out.append('<div class="deal-actions">')
    if row.entry.kind == "deal":
        out.append(
            f'<a class="button secondary" href="{at}">{said("Edit")}'
            f'<span class="visually-hidden"> {escape(noun)} {row.number}</span></a>'
        )
    if row.number:
        undo = (
            "Undo %(entry)s %(number)s? Every total is recomputed without it; you can restore "
            "it afterwards."
        )
        confirm = said.filled(undo, entry=noun, number=row.number)
        which = f"{escape(noun)} {row.number}"
    else:
        undo = (
            "Undo this entry? Every total is recomputed without it; you can restore it afterwards."
        )
        confirm = said(undo)
        which = said("the horse" if row.entry.kind == "horse" else "the change of seats")
    out.append(
        f'\n<form method="post" action="{at}undo/" hx-post="{at}undo/" hx-confirm="{confirm}">'
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(context["csrf_token"])}">'
        f'<input type="hidden" name="version" value="{context["game"].version}">'
        f'<input type="hidden" name="key" value="{escape(context["form_key"])}">'
        f'<button type="submit" class="secondary">{said("Undo")}'
        f'<span class="visually-hidden"> {which}</span></button></form></div>'
    )


def _deal_table(
    out: list[str],
    context: Mapping[str, Any],
    row: ledger.Row,
    cells: Sequence[Mapping[str, Any]],
    said: _Said,
) -> None:
    """A deal's players: each one's hand (not in a game answered from one request), what he
    won or lost, his account."""
    hands = context["spec"].keeping != ledger.REQUEST
    out.append(f'<table class="deal-table">\n<thead><tr><th scope="col">{said("Player")}</th>')
    if hands:
        out.append(f'<th scope="col">{said("Hand")}</th>')
    plus_minus = "±" if context["money"] else said("Score")
    out.append(
        f'<th scope="col" class="num">{plus_minus}</th>'
        f'<th scope="col" class="num">{said("Total")}</th></tr></thead>\n<tbody>'
    )
    for c in cells:
        out.append(f'\n<tr><th scope="row">{escape(c["name"])}')
        if c["dealer"]:
            dealer = said("dealer")
            badge = said.pgettext("the dealer's badge", "D")
            out.append(f' <abbr class="badge" title="{dealer}">{badge}</abbr>')
        out.append("</th>")
        if hands:
            out.append("<td>")
            h = c["hand"]
            if h:
                if h.cards:  # {{ h.cards|cards }}
                    out.append(" ".join(card_in(c, said.language) for c in h.cards) + " ")
                if h.description:
                    out.append(f'<span class="hand-words">{escape(h.description)}</span>')
                elif h.category:
                    label = escape(category_label(h.category))
                    out.append(f'<span class="hand-words">{label}</span>')
                if h.place:
                    place = said.filled("place %(place)s", place=h.place)
                    out.append(f' <span class="hand-words">{place}</span>')
            if c["bought"]:
                bought = said.filled("bought %(bought)s", bought=c["bought"])
                out.append(f' <span class="hand-words">{bought}</span>')
            out.append("</td>")
        out.append(
            f'<td class="num {sign_class(c["net"])}">{said.signed(c["net"])}</td>'
            f'<td class="num">{said.signed(c["total"])}</td></tr>'
        )
    out.append("\n</tbody>")
    if row.pool is not None:
        out.append(
            f'<tfoot><tr><th scope="row" colspan="3">{said("Pool after the deal")}</th>'
            f'<td class="num">{escape(write_amount(row.pool))}</td></tr></tfoot>'
        )
    out.append("</table>")


@functools.cache
def _reasons() -> Any:
    """The include that draws a deal's reasons (loaded once)."""
    return get_template("includes/reasons.html")
