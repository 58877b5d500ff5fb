"""The table's request games in Swedish (issue 12): Vingt-un, Speculation and All Fours under
``/sv/table/<slug>/``, the full page, the htmx answer and a 400 keeping its input, every
word of the board and the answer in Swedish (cards in the Swedish text's codes); the English
pages keep their words, whichever language asked first."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.utils import translation

from tests.i18n.test_payouts import english
from tests.i18n.test_sheet import main

HTMX = {"HTTP_HX_REQUEST": "true"}
REQUEST_GAMES = {
    "vingt-un": ("Givare", "Insats", "Lägg till en spelare", "naturlig tjugoett", "Dela ett par"),
    "speculation": ("Vänt trumfkort", "Köp 1", "Såld av", "Potten på", "Nästa givare"),
    "all-fours": ("Två spelare", "Kort tagna i stick", "Högsta trumf", "Räknat:", "Trumf"),
}


@pytest.fixture(autouse=True)
def english_after():
    """A request under /sv/ leaves Swedish active in the thread: the tests after this one
    (which call the views' helpers directly) start in English again."""
    yield
    translation.activate("en")


ENGLISH_WORDS = ("Settle this hand", "Dealer", "Link to this hand", "Cards", "Add a player")


def fetch(address: str, status: int = 200, **headers: str) -> str:
    response = Client().get(address, **headers)
    assert response.status_code == status, address
    return response.content.decode()


def example(page: str) -> str:
    """A request game's worked example: its page starts blank, "Show an example" away."""
    found = re.search(r'<a href="([^"]+)" id="example-link">', fetch(page))
    assert found, f"no example on {page}"
    return fetch(unescape(found.group(1)))


@pytest.mark.parametrize("slug", sorted(REQUEST_GAMES))
def test_a_request_game_is_wholly_swedish(slug):
    html = example(f"/sv/table/{slug}/")
    for words in (*REQUEST_GAMES[slug], "Avgör den här given", "Länk till den här given"):
        assert words in html, words
    assert not english(main(html)), english(main(html))
    assert "<title>Avgör en giv:" in html


@pytest.mark.parametrize("slug", sorted(REQUEST_GAMES))
def test_the_english_page_keeps_its_words_after_a_swedish_one(slug):
    example(f"/sv/table/{slug}/")
    html = example(f"/table/{slug}/")
    assert "Settle this hand" in html and "Link to this hand" in html
    assert not any(words in html for words in REQUEST_GAMES[slug])
    assert 'href="/sv/table/' not in main(html)
    swedish = example(f"/sv/table/{slug}/")
    assert not any(words in main(swedish) for words in ENGLISH_WORDS[:1] + ENGLISH_WORDS[2:3])


def test_cards_in_the_answer_are_in_the_swedish_codes():
    html = example("/sv/table/vingt-un/")
    assert "hE sK" in html  # the example's natural: AH KS
    assert "hE sK" not in example("/table/vingt-un/")


def test_the_htmx_answer_is_swedish():
    html = fetch(
        "/sv/table/vingt-un/?r-dealer=0&r-players.0.hands.0.cards=c9+d7+s3"
        "&r-players.1.hands.0.cards=hE+sK&r-players.1.hands.0.stake=0,5",
        **HTMX,
    )
    assert "Vem som betalar vem" in html and "naturlig tjugoett" in html
    assert not english(html), english(html)


def test_a_refused_card_is_a_swedish_400_keeping_the_input():
    html = fetch(
        "/sv/table/speculation/?r-dealer=0&r-turn_up=ZZ&r-players.0.hand=KS+4D+7C"
        "&r-players.1.hand=QD+2H+10S&r-players.2.hand=5C+JH+3D&r-pool.dealer=6&r-pool.others=4",
        status=400,
    )
    assert "Rätta felet som är markerat nedan." in html
    assert "är inget kort" in html and 'value="ZZ"' in html
    assert not english(main(html)), english(main(html))


RACK = (
    "/table/cox/?card=auto-5&card=auto-5&card=auto-5&card=ship-2&card=ship-2&card=ship-2"
    "&card=fruit-2&card=grain-2&card=bank"
)


def test_the_cox_rack_is_counted_in_swedish():
    html = fetch("/sv" + RACK)
    for words in ("Räkningen", "Tre femmor i bilar", "Ingen ren hand", "Kan jag sälja ut?"):
        assert words in html, words
    assert "Bankkortet som frukt 1" in html  # the bank card's use (use.words)
    assert not english(main(html)), english(main(html))


def test_a_cox_tap_refused_and_a_bad_card_in_swedish():
    full = fetch("/sv/table/cox/?card=bank&tap=bank")
    assert "Leken har bara ett kort bankkortet." in full
    bad = fetch("/sv/table/cox/?card=zzz", status=400)
    assert "Kort 1:" in bad and "okänt kort" in bad
    assert not english(main(bad)), english(main(bad))


@pytest.mark.parametrize("first", ["sv", "en"])
def test_the_cox_pack_is_drawn_per_language(first):
    pages = dict.fromkeys(("sv", "en"), "")
    for lang in (first, *(x for x in pages if x != first)):
        pages[lang] = fetch(("/sv" if lang == "sv" else "") + RACK)
    assert "Bilar" in pages["sv"] and "kvar" in pages["sv"]
    assert "Automobiles" in pages["en"] and " left" in pages["en"]
    assert "kvar<" not in pages["en"] and " left<" not in pages["sv"]


def test_the_pack_gives_cards_js_its_words_in_the_page_language():
    """cards.js says what a tap did with the words the page gives it (data-* of #pack, the
    copy button's), so a Swedish page's script speaks Swedish."""
    html = fetch("/sv/table/swedish/?h=sE+s8+d5&h=hkn+hD+h10&h=c7+c8+c9")
    for words in (
        'data-placed="{card} i hand {hand}."',
        'data-next-card="Nästa kort: hand {hand}, kort {position}."',
        'data-taken=", upptaget"',
        'data-copied="Kopierad."',
    ):
        assert words in html, words
    english_page = fetch("/table/swedish/?h=AS+8S+5D&h=JH+QH+10H&h=7C+8C+9C")
    assert 'data-placed="{card} in hand {hand}."' in english_page
    assert 'data-copied="Copied."' in english_page


def test_the_book_terms_in_the_lede_are_marked_in_their_language():
    """The combinations are named in their book's words: Peel's English marked English on a
    Swedish page, the Swedish text's words marked Swedish on an English page."""
    assert '#flush" lang="en">Flush</a>' in fetch("/sv/table/peel-new/")
    assert '#flush">Flush</a>' in fetch("/table/peel-new/")
    assert 'lang="sv"' not in main(fetch("/sv/table/swedish/")).split("</p>", 2)[1]


@pytest.mark.parametrize(
    "address",
    [
        "/sv/table/compare/?h=AS+8S+5D&h=JH+QH+10H&h=7C+8C+9C",
        "/sv" + RACK,
        "/sv/table/all-fours/",
    ],
)
def test_the_htmx_answers_of_compare_rack_and_request_pages_are_swedish(address):
    html = fetch(address, **HTMX)
    assert 'id="result"' in html
    assert not english(html), english(html)
