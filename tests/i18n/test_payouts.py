"""The payout calculators in Swedish (issue 12): every calculator under ``/sv/pay/``, the full
page and the htmx answers, the 400s with their errors, amounts with a decimal comma; kept
fields, drawn parts and addresses per language.

Each page is fetched under ``/sv/`` and checked for its own Swedish words and against the
English words of its interface (the crawl's reader, outside elements marked ``lang="en"``);
the English pages keep their words (their own tests pin them) and show no Swedish word or
``/sv/`` address, whichever language asked first in the same process.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.i18n.test_crawl import english_in
from tests.i18n.test_sheet import main, text_of, visible

DEAL = "hand1=AS+KS+QS&hand2=9S+9H+KD&hand3=2C+3D+7H&dealer=1&stood=2&stake={stake}"
"""Peel's new game: Player 1's sequence beats a pair and nothing; player 2 stood."""
SWEDISH_DEAL = "hand1=sE+sK+sD&hand2=h9+s9+dK&hand3=c2+d3+h7&dealer=1&stood=2&stake={stake}"
"""The same hands in the Swedish text's codes (suit first, E, K, D, kn)."""
POOL = "win1=1&worst1=2&win2=2&worst2=3"
COX = "cards1=auto-5+auto-5+auto-5+ship-captain+bank&cards2=auto-1+fruit-2"
HTMX = {"HTTP_HX_REQUEST": "true"}


QUOTED = re.compile(r"'(?:[^']|'(?=s\b))*'|¶ [\w-]+")
"""A book's English that an editorial ruling quotes inside its Swedish ('…', an apostrophe
and s within), and a cited paragraph's anchor (``¶ stake``): the reasons' presentation
(``includes/reasons.html``) is the rulings' to mark, not the calculators'."""


def english(html: str) -> list[str]:
    """The English interface words of a Swedish page (see :data:`QUOTED`)."""
    return english_in(QUOTED.sub(" ", visible(html)))


def fetch(address: str, status: int = 200, **headers: str) -> str:
    response = Client().get(address, **headers)
    assert response.status_code == status, address
    return response.content.decode()


def amounts(html: str) -> list[str]:
    """The net amounts of the deal's table, as printed."""
    return re.findall(r'class="num pay-money[^"]*">([^<]+)<', html)


def test_the_index_is_swedish():
    html = fetch("/sv/pay/")
    words = visible(html)
    assert "Utbetalningar" in words and "Spela med riktiga kort och spelmarker" in words
    assert english(html) == []
    assert 'href="/sv/pay/peel-new/"' in html and 'href="/pay/peel-new/"' not in main(html)


@pytest.mark.parametrize("hands", [DEAL, SWEDISH_DEAL])
def test_a_deal_is_settled_in_swedish_with_a_decimal_comma(hands):
    html = fetch(f"/sv/pay/peel-new/?{hands.format(stake='0,5')}")
    words = visible(html)
    assert "Räkna ut vem som betalar" in words
    assert "betalar" in words and "Varje betalning, och regeln för den" in words
    assert english(html) == [], english(html)
    # The same deal in English, its amounts with the decimal point (pinned by its own tests).
    english_html = fetch(f"/pay/peel-new/?{DEAL.format(stake='0.5')}")
    printed = amounts(english_html)
    assert any("." in a for a in printed)
    assert amounts(html) == [a.replace(".", ",") for a in printed]
    assert 'title="spader ess"' in html  # the card's name in Swedish


def test_the_htmx_answer_is_swedish():
    address = f"/sv/pay/peel-new/?{DEAL.format(stake='0,5')}"
    # A browser holding a form of another shape gets the whole calculator ...
    whole = fetch(f"{address}&form_shape=other", **HTMX)
    assert "Räkna ut vem som betalar" in whole and "Lägg till en spelare" in whole
    assert english(whole) == [], english(whole)
    # ... and, holding this one, the result alone.
    result = fetch(address, **HTMX)
    assert 'id="result"' in result and "Räkna ut" not in result
    assert "Varje betalning, och regeln för den" in visible(result)
    assert english(result) == [], english(result)


def test_refused_values_are_refused_in_swedish_and_kept():
    html = fetch("/sv/pay/peel-new/?hand1=ZZ&hand2=&hand3=&bought1=-1&dealer=9&stake=x", 400)
    words = visible(html)
    assert "Rätta de här" in words
    assert "Välj en av spelarna, 1 till 3" in words
    assert "Skriv ett helt antal kort, från 0." in words
    assert "skriv ett belopp som 1, 0,5 eller 1/2" in words.lower()
    assert 'value="ZZ"' in html and 'value="x"' in html
    assert english(html) == [], english(html)


def test_too_many_players_in_swedish():
    hands = "&".join(f"hand{i}=" for i in range(1, 19))
    html = fetch(f"/sv/pay/peel-new/?{hands}", 400)
    assert "Högst" in visible(html) and english(html) == []


def test_a_whole_game_of_pool_commerce_is_swedish():
    html = fetch(f"/sv/pay/pool/?{POOL}")
    words = visible(html)
    assert "Efter 2 givar: i potten finns" in words
    assert "Kassaboken" in words and "Giv 1" in words and "Insatsen" in words
    assert english(html) == [], english(html)
    refused = fetch(f"/sv/pay/pool/?{POOL}&win3=9", 400)
    assert "”9” är inte en av spelarna, 1 till 3." in visible(refused)
    assert english(refused) == []


def test_coxs_count_is_swedish():
    html = fetch(f"/sv/pay/cox/?{COX}")
    words = visible(html)
    assert "Räkna händerna" in words and "poäng" in words and "förrådsbas 1" in words
    assert english(html) == [], english(html)
    assert 'href="/sv/library/' in html
    refused = fetch(f"/sv/pay/cox/?{COX}&base1=9&score1_1=x", 400)
    assert "Förrådsbasen är ett tal 1 till 4." in visible(refused)
    assert "Poängen är ett heltal" in visible(refused)
    assert english(refused) == [], english(refused)


@pytest.mark.parametrize("first", ["sv", "en"])
def test_kept_fields_parts_and_addresses_are_per_language(first):
    """The same calculator asked in both languages, in either order, in one process: each
    page keeps its own words and addresses (fields, house rules, paragraph links are kept)."""
    pages = {}
    for language in (first, "en" if first == "sv" else "sv"):
        prefix = "/sv" if language == "sv" else ""
        pages[language] = main(fetch(f"{prefix}/pay/peel-new/?{DEAL.format(stake='1')}")) + main(
            fetch(f"{prefix}/pay/cox/?{COX}")
        )
    swedish, english_page = pages["sv"], pages["en"]
    assert "Husregler" in text_of(swedish) or "Husregel" in text_of(swedish)
    assert "House rules" in text_of(english_page) and "House rules" not in text_of(swedish)
    assert "Work out who pays" in english_page and "Räkna ut" not in english_page
    assert 'placeholder="Spelare 1"' in swedish and 'placeholder="Player 1"' in english_page
    assert 'href="/sv/' not in english_page and 'href="/library/' in english_page
    assert 'href="/library/' not in swedish and 'href="/rulings/' not in swedish
