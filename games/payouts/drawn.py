"""A settled deal's result section drawn in Python: the template's ``#result`` of
``payouts/deal.html``, byte for byte, for a deal worked out.

The result is what every new deal changes, so it cannot be kept like the page around it
(:mod:`.stencil`); drawn by the template it was a third of an answer (about two hundred nodes
and as many variable look-ups for four players). The markup is the template's, escaped as its
autoescaping escapes (the translators' words of ``{% translate "…" %}`` as they are); the
reasons are the site's one presentation, ``includes/reasons.html``. The template keeps the
branches with nothing worked out (problems to fix, values still to enter), and it stays the
reference: ``tests/payouts/test_payouts_stencil.py`` compares the two for deals of every
calculator, in both languages.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any

from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, pgettext

from games.templatetags.speech import spoken

from .results import DealResult

__all__ = ["deal_result_html"]

COLSPAN = ' colspan="2"'


def _reasons(reasons: object) -> str:
    """``{% include "includes/reasons.html" with reasons=… compact=False fold=False %}``."""
    return str(
        get_template("includes/reasons.html").render(
            {"reasons": reasons, "compact": False, "fold": False}
        )
    )


@lru_cache(maxsize=64)
def _words(language: str | None, dealer_word: str) -> dict[str, str]:
    """The section's own words in ``language`` (the page's: part of the key)."""
    return {
        "caption": gettext(
            "What each player wins or loses on this deal (%(stake_label)s %(stake)s)"
        ),
        "dealer": escape(gettext(dealer_word)),
        "stood": pgettext("a player who stood", "stood"),
        "best": pgettext("the best hand", "best"),
        "player": gettext("Player"),
        "hand": gettext("Hand"),
        "bought": gettext("Bought"),
        "net": gettext("Net"),
        "total": gettext("Total"),
        "every": gettext("Every payment goes from one player to another."),
        "settling": gettext("Settling up"),
        "payments": gettext("Every payment, and the rule for it"),
        "settlement": gettext("The settlement"),
        "why": gettext("Who won, and why"),
        "link": gettext("Link to this deal"),
    }


def deal_result_html(context: dict[str, Any]) -> SafeString:
    """The result section of a deal whose ``result`` was worked out (no ``summary``)."""
    result: DealResult = context["result"]
    form = context["form"]
    bought = bool(context["game"].bought)
    stake = form["stake"] if "stake" in form.fields else None
    stake_label = escape(str(stake.label).lower()) if stake is not None else ""
    stake_value = escape(str(stake.value())) if stake is not None else ""
    words = _words(get_language(), context["words"]["dealer_word"])
    caption = words["caption"] % {"stake_label": stake_label, "stake": stake_value}
    dealer, stood, best = words["dealer"], words["stood"], words["best"]
    out = [
        '\n<section class="pay-result" id="result" aria-labelledby="result-heading">\n  ',
        f'\n  <h2 id="result-heading">{escape(result.headline)}</h2>',
        '\n  <div class="pay-table-wrap" tabindex="0">\n    <table class="pay-net">',
        f"\n      <caption>{caption}</caption>",
        f'\n      <thead><tr><th scope="col">{words["player"]}</th>'
        f'<th scope="col">{words["hand"]}</th>',
        f'<th scope="col">{words["bought"]}</th>' if bought else "",
        f'<th scope="col" class="num">{words["net"]}</th></tr></thead>\n      <tbody>\n        ',
    ]
    for row in result.rows:
        winner = row["winner"]
        out.append("\n        <tr")
        if winner:
            out.append(' class="is-winner"')
        out.append(f'>\n          <th scope="row">{row["number"]} · {escape(row["name"])}')
        if row["dealer"]:
            out.append(f' <span class="pay-tag">{dealer}</span>')
        if row["stood"]:
            out.append(f' <span class="pay-tag">{stood}</span>')
        out.append('</th>\n          <td><span class="pay-cards">')
        for symbol, red, name in row["cards"]:
            out.append(
                f'<span class="pay-card{" red" if red else ""}" title="{escape(name)}">'
                f"{escape(symbol)}</span>"
            )
        out.append(f'</span> <span class="pay-describe">{escape(spoken(row["describe"]))}')
        if winner:
            out.append(f" — {best}")
        out.append("</span></td>\n          ")
        if bought:
            out.append(f'<td class="num">{row["bought"]}</td>')
        sign = row["sign"]
        money = " plus" if sign > 0 else " minus" if sign < 0 else ""
        out.append(
            f'\n          <td class="num pay-money{money}">{escape(row["net"])}</td>'
            "\n        </tr>\n        "
        )
    out.append(
        f'\n      </tbody>\n      <tfoot><tr><th scope="row">{words["total"]}</th>'
        f"<td{COLSPAN if bought else ''}>"
        f"{words['every']}</td>"
        f'<td class="num">{escape(result.total)}</td></tr></tfoot>\n    </table>\n  </div>\n  '
    )
    if result.settle_up:
        lines = "".join(f"<li>{escape(line)}</li>" for line in result.settle_up)
        out.append(f'\n  <h3>{words["settling"]}</h3>\n  <ul class="pay-settle">{lines}</ul>\n  ')
    out.append(f"\n  <h3>{words['payments']}</h3>\n  ")
    out.append(_reasons(result.payments))
    out.append("\n  ")
    if result.notes:
        out.append(f"\n  <h3>{words['settlement']}</h3>\n  ")
        out.append(_reasons(result.notes))
        out.append("\n  ")
    out.append(f"\n  <h3>{words['why']}</h3>\n  ")
    out.append(_reasons(result.showdown))
    link = escape(context["permalink"])
    out.append(
        f'\n  \n  <p class="pay-actions"><a class="pay-permalink" href="{link}">'
        f"{words['link']}</a></p>\n</section>\n"
    )
    return mark_safe("".join(out))  # noqa: S308 (every value escaped above)
