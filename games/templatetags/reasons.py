"""The reasons of a result drawn as HTML: ``{% load reasons %}{% reasons_list reasons %}``.

The one presentation of :class:`games.explaining.Shown` (``includes/reasons.html`` is this
tag): each reason's words, the lines it explains, the book's paragraphs quoted (or linked when
quoted above, or all linked on a compact list), and the editorial rulings apart. Drawn in
Python, not by a template: a page of reasons was about a hundred template nodes and as many
variable look-ups a reason, nearly half of the table's htmx answer. What follows a reason's
words depends only on the paragraphs and rulings it cites, the mode and the language, so it is
drawn once for each and kept (:func:`_cited`); the words and lines, which name the players and
their hands, are escaped on every page. The markup is the template's, escaped as Django's
autoescaping escapes (translators' words from the catalogue as they are, like a template's
``{% translate "…" %}``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from django import template
from django.conf import settings
from django.template.context import Context
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from content.library import page_language
from content.templatetags.library import (
    citation_url,
    cited_book_label,
    lang_attr,
    quote,
    ruling_note,
)
from games.engine.citations import Citation
from games.explaining import Shown
from games.templatetags.speech import quotes_marked

register = template.Library()

type Made = tuple[str, str, str | None]
"""A ruling applied, as the list shows it: its slug, its question, the value chosen."""


@register.simple_tag(takes_context=True)
def reasons_list(context: Context, reasons: Iterable[Shown] | None) -> SafeString:
    """The reasons as an ordered list. Like the include it replaces, it reads ``compact``
    (link the paragraphs and rulings instead of quoting them), ``fold`` (the quotations in a
    ``<details>``) and ``label`` (the list's ``aria-label``) from the context it is in.

    >>> from games.engine.citations import Reason, peel
    >>> from games.explaining import explain
    >>> shown = explain([Reason("a <b> c", (peel("pool"),))])
    >>> html = reasons_list(Context({"compact": True, "label": "Why"}), shown)
    >>> print(html.replace("Peel, Commerce (1891)", "Peel").replace("/library/peel-commerce/", "B"))
    <ol class="reasons" aria-label="Why">
    <li>
    <p class="reason">A &lt;b&gt; c</p>
    <BLANKLINE>
    <p class="see-also">The rule: <a href="B#pool">Peel ¶&nbsp;<span>pool</span></a></p>
    <BLANKLINE>
    </li>
    </ol>
    """
    label = context.get("label")
    compact = bool(context.get("compact"))
    fold = bool(context.get("fold"))
    out = ['<ol class="reasons"']
    if label:
        out.append(f' aria-label="{conditional_escape(label)}"')
    out.append(">\n")
    if reasons:
        where = (page_language(), get_script_prefix(), get_urlconf())
        draw = _cited_now if settings.DEBUG else _cited
        for item in reasons:
            out.append(f'<li>\n<p class="reason">{conditional_escape(item.text)}</p>\n')
            if item.lines:
                out.append('<ul class="reason-lines">')
                out.extend(f"<li>{conditional_escape(line)}</li>" for line in item.lines)
                out.append("</ul>")
            rulings = tuple((made.slug, made.question, chosen) for made, chosen in item.rulings)
            if compact:
                cited = draw(item.citations, (), rulings, True, False, where)
            else:
                cited = draw(item.quotes, item.links, rulings, False, fold, where)
            out.append(f"\n{cited}\n</li>\n")
    out.append("</ol>")
    return mark_safe("".join(out))


@lru_cache(maxsize=2048)
def _cited(
    quotes: tuple[Citation, ...],
    links: tuple[Citation, ...],
    rulings: tuple[Made, ...],
    compact: bool,
    fold: bool,
    where: tuple[str, str, object],
) -> str:
    """What follows a reason's words, drawn once for each set of paragraphs and rulings, mode
    and language (``where``: the page's language, script prefix and URL configuration, which
    its addresses and words depend on; the texts and rulings never change while the site
    runs). A few dozen combinations a game and language: the bound is never near."""
    return _cited_now(quotes, links, rulings, compact, fold, where)


def _cited_now(
    quotes: tuple[Citation, ...],
    links: tuple[Citation, ...],
    rulings: tuple[Made, ...],
    compact: bool,
    fold: bool,
    where: tuple[str, str, object],
) -> str:
    """:func:`_cited` drawn afresh (in DEBUG, so that an edited ``includes/quote.html`` or
    ``includes/ruling.html`` shows at once). In compact mode ``quotes`` are all the
    paragraphs the reason cites."""
    if compact:
        cited = ""
        if quotes:
            cited = f'<p class="see-also">{gettext("The rule:")} {_links(quotes)}</p>'
        made = ""
        if rulings:
            words = ngettext("Editorial ruling, ours:", "Editorial rulings, ours:", len(rulings))
            at = conditional_escape(reverse("rulings"))
            named = "; ".join(
                f'<a href="{at}#{conditional_escape(slug)}">{quotes_marked(gettext(question))}</a>'
                for slug, question, _ in rulings
            )
            made = f'<p class="see-also reason-rulings">{words} {named}</p>'
        return f"{cited}\n{made}"
    quoted = ""
    if quotes:
        quoted = "\n" + "".join(quote(citation) for citation in quotes) + "\n"
        if fold:
            if len(quotes) > 1:
                summary = ngettext(
                    "The book's words (%(counter)s paragraph)",
                    "The book's words (%(counter)s paragraphs)",
                    len(quotes),
                ) % {"counter": len(quotes)}
            else:
                summary = gettext("The book's words")
            summary = f'<details class="reason-quotes"><summary>{summary}</summary>'
            quoted = f"{summary}{quoted}</details>"
    linked = ""
    if links:
        linked = f'<p class="see-also">{gettext("As quoted above:")} {_links(links)}</p>'
    noted = "".join(ruling_note(slug, chosen) for slug, _, chosen in rulings)
    return f"{quoted}\n{linked}\n{noted}"


def _links(citations: Iterable[Citation]) -> str:
    """Links to paragraphs, each named by its book and anchor (the anchor is English)."""
    lang = lang_attr("en")
    return "; ".join(
        f'<a href="{conditional_escape(citation_url(c))}">{conditional_escape(cited_book_label(c))}'
        f" ¶&nbsp;<span{lang}>{conditional_escape(c.anchor)}</span></a>"
        for c in citations
    )
