"""The reference pages in Swedish (issue 12): the comparison and the books side by side, the
editorial rulings, the reasons' frame, the odds pages, and the site's filters of amounts and
players.

Each page is fetched under ``/sv/`` and checked for its own Swedish words and against the
English of its own interface (outside elements marked ``lang="en"``); the English pages keep
the words their own tests pin. The comparison's prose is ours, in ``content/comparison.toml``
in both languages: no English cell is left on the Swedish page.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from content.comparison import DATA, ComparisonError, load_comparison, read
from games.engine.citations import RULINGS
from games.templatetags.amounts import amount
from games.templatetags.request_fields import of_player, of_sale, side_words
from games.templatetags.speech import against, card_codes
from tests.i18n.test_crawl import Words

pytestmark = pytest.mark.django_db


def visible(html: str) -> str:
    """The words a reader sees or hears on a Swedish page, outside elements marked in English
    (the crawl's reader, :class:`tests.i18n.test_crawl.Words`)."""
    page = Words()
    page.feed(html)
    return re.sub(r"\s+", " ", " ".join(page.words))


def text_of(html: str) -> str:
    """The text of an English page, tags taken out."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


def fetch(client: Client, address: str, status: int = 200, **headers: str) -> str:
    response = client.get(address, **headers)
    assert response.status_code == status, (address, response.status_code)
    return response.content.decode()


# --------------------------------------------------------------------------- the comparison


def test_every_text_of_the_comparison_has_its_swedish():
    english, swedish = load_comparison("en"), load_comparison("sv")
    assert [r.id for r in swedish.rows] == [r.id for r in english.rows]
    for en_row, sv_row in zip(english.rows, swedish.rows, strict=True):
        assert sv_row.question != en_row.question and sv_row.short != en_row.short
        if en_row.example is not None:
            assert sv_row.example is not None and sv_row.example.note != en_row.example.note
        for en_cell, sv_cell in zip(en_row.cells, sv_row.cells, strict=True):
            assert bool(sv_cell.says) == bool(en_cell.says)
            assert sv_cell.says == "" or sv_cell.says != en_cell.says, (en_row.id, en_cell)
            # The same rule, the same paragraphs, whatever the language.
            assert (sv_cell.cites, sv_cell.rulings, sv_cell.differs) == (
                en_cell.cites,
                en_cell.rulings,
                en_cell.differs,
            )


def test_a_text_without_its_swedish_is_an_error_naming_it():
    text = DATA.read_text(encoding="utf-8")
    first = re.search(r'^says_sv = ".*"\n', text, re.MULTILINE)
    assert first is not None
    broken = text[: first.start()] + text[first.end() :]
    read(broken)  # English alone is still whole
    with pytest.raises(ComparisonError, match=r"row pack, column peel-new: says has no says_sv"):
        read(broken, "sv")


@pytest.mark.parametrize("by", ["question", "variant"])
def test_the_swedish_comparison_is_in_swedish(client, by):
    html = fetch(client, f"/sv/library/compare/?by={by}")
    words = visible(html)
    english = load_comparison("en")
    for row in english.rows:
        for cell in row.cells:
            if cell.says:
                assert cell.says not in html, (row.id, cell.column.id)
    for row in load_comparison("sv").rows:
        for cell in row.cells:
            if cell.says:
                assert cell.says in words
    for phrase in ("Varianterna jämförda", "Skiljer sig från", "Boken säger inget", "Boken:"):
        assert phrase in words
    for phrase in (
        "The variants compared",
        "Differs from",
        "The book is silent",
        "Nearest paragraph",
        "The book's words",
        "House rule",
        "Our ruling",
        "By question",
        "By variant",
        "the rulebook",
        "at the table",
        "Try it at the table",
        "variants differ",
    ):
        assert phrase not in words, phrase
    assert '<html lang="sv"' in html


def test_the_swedish_example_is_worked_out_by_the_engine_and_said_in_swedish(client):
    words = visible(fetch(client, "/sv/library/compare/"))
    # Cards written as the Swedish text writes them, the winners in Swedish words.
    assert "Pröva vid bordet: sE dE cK mot h2 h5 h7" in words
    assert "hand 2 ger" in words
    outcomes = re.findall(r"<li>[^<:]*: ([^<]*)</li>", html_of_examples(client))
    assert outcomes and all(
        re.fullmatch(r"hand \d vinner|händer 1 och 2 delar vinsten", o) for o in outcomes
    )
    assert " against " not in html_of_examples(client)
    assert "<li>Peel, 52 kort: " in html_of_examples(client)  # the rule sets' Swedish names
    assert "cards:" not in html_of_examples(client)


def html_of_examples(client: Client) -> str:
    """The examples of the Swedish comparison, as HTML."""
    html = fetch(client, "/sv/library/compare/")
    return "".join(re.findall(r'<div class="cmp-example">.*?</div>', html, re.DOTALL))


def test_the_comparisons_english_is_unchanged(client):
    words = text_of(fetch(client, "/library/compare/"))
    assert "Try it at the table: AS AD KC against 2H 5H 7H" in words
    assert "hand 2 dealing" in words
    assert re.search(r"\d+ of 11 variants differ from Peel", words)
    for cell in load_comparison("en").rows[0].cells:
        if cell.says:
            assert text_of(escape(cell.says)) in words


def test_the_books_side_by_side_in_swedish(client):
    html = fetch(client, "/sv/library/parallels/")
    words = visible(html)
    assert "Böckerna sida vid sida" in words
    assert "Vår sammanfattning, variant för variant" in words
    assert 'href="/sv/library/compare/"' in html
    for row in load_comparison("sv").rows:
        if row.has_parallels:
            assert row.question in words
    for phrase in ("The books side by side", "Our summary", "For each question"):
        assert phrase not in words


# --------------------------------------------------------------------------- rulings


def test_the_rulings_page_in_swedish_keeps_every_permalink(client):
    html = fetch(client, "/sv/rulings/")
    words = visible(html)
    for slug in RULINGS:
        assert f'id="{slug}"' in html, slug  # /sv/rulings/#<slug> shows the same ruling
    for phrase in (
        "Redaktionella avgöranden",
        "Närmaste ställe i texten:",
        "Avgöranden spel för spel",
    ):
        assert phrase in words
    assert '<p class="house-rule">Husregel ”' in html
    assert "ett bord kan välja</p>" in html and "(webbplatsens läsning, standard)" in words
    for phrase in (
        "Editorial rulings",
        "Nearest text:",
        "House rule",
        "this site's reading",
        "Also applied here",
        "Comparing rule sets",
    ):
        assert phrase not in words, phrase


def test_a_ruling_beside_a_reason_in_swedish(client):
    """A reason's ruling on a Swedish showdown: the note's frame in Swedish."""
    words = visible(fetch(client, "/sv/table/peel-new/?h=5S+6S+7S&h=5H+6H+7H"))
    assert "Redaktionellt avgörande — vårt, inte bokens" in words
    assert "Editorial ruling" not in words and "Nearest text" not in words


def test_a_ruling_note_is_kept_per_language(client):
    """The note is rendered once and kept: the Swedish one never shows on an English page."""
    fetch(client, "/sv/table/peel-new/?h=5S+6S+7S&h=5H+6H+7H")
    words = text_of(fetch(client, "/table/peel-new/?h=5S+6S+7S&h=5H+6H+7H"))
    assert "Editorial ruling — ours, not the book's" in words
    assert "Redaktionellt" not in words


# --------------------------------------------------------------------------- the filters


def test_amounts_are_written_with_the_pages_decimal_sign():
    assert amount(Fraction(5, 2)) == "2.5" and amount(Fraction(-7, 3)) == "−2 1/3"
    with translation.override("sv"):
        assert amount(Fraction(5, 2)) == "2,5"
        assert amount(Fraction(-1, 8)) == "−0,125"
        assert amount(Fraction(7, 3)) == "2 1/3"
        assert amount(None) == ""


def test_the_players_and_hands_filters_speak_swedish():
    assert (of_player(2), of_sale(3), side_words([[0, 2], [1, 3]], 1)) == (
        "player 2",
        "sale 3",
        "players 2 and 4",
    )
    assert against(["AS AD KC", "JH 2H 7H"]) == "AS AD KC against JH 2H 7H"
    with translation.override("sv"):
        assert of_player(2) == "spelare 2"
        assert of_sale(3) == "försäljning 3"
        assert side_words([[0, 2], [1, 3]], 1) == "spelare 2 och 4"
        assert side_words([[0]], None) == "ingen"
        assert card_codes("AS 10D JH") == "sE d10 hkn"
        assert against(["AS AD KC", "JH 2H 7H"]) == "sE dE cK mot hkn h2 h7"


# --------------------------------------------------------------------------- the odds

SVG_NUMBER_WITH_COMMA = re.compile(r'\b(?:x|y|x1|x2|y1|y2|width|height)="-?\d+,\d')


def test_the_odds_index_in_swedish(client):
    words = visible(fetch(client, "/sv/odds/"))
    assert "Sannolikheterna för varje hand" in words
    assert "Peel, 52 kort" in words or "Peel, 52" in words
    for phrase in ("The odds of every hand", "Counts and percentiles", ": the deal"):
        assert phrase not in words


@pytest.mark.parametrize("fragment", [False, True])
def test_a_hands_odds_in_swedish(client, fragment):
    headers = {"HTTP_HX_REQUEST": "true"} if fragment else {}
    html = fetch(client, "/sv/odds/peel-new/?hand=sE+sK+sD", **headers)
    words = visible(html) if not fragment else re.sub(r"\s+", " ", text_of(html))
    assert "sE sK sD" in words  # the cards in the Swedish text's notation
    assert re.search(r"Den slår \d+,\d % av alla 22100 händer", words)
    assert re.search(r"1 på \d", words)
    assert "Tretal" in words and "Färg" in words  # the combinations as Swedish players say
    assert "Alla händer" in words and "Den här handen" in words
    for phrase in (
        "It beats",
        "Beaten by at least",
        "All hands",
        "This hand",
        "1 in ",
        "exact)",
        "simulated",
        "other hands",
        "Where each combination stands",
    ):
        assert phrase not in words, phrase
    assert not re.search(r"\d\.\d+\s?%", words)  # no decimal point in a figure
    assert not SVG_NUMBER_WITH_COMMA.search(html)  # the charts' geometry is not localised
    if not fragment:
        assert 'placeholder="sE sK sD"' in html
        assert "En hand att placera i diagrammen" in words


def test_a_mistake_on_a_swedish_odds_page_is_a_400_in_swedish(client):
    html = fetch(client, "/sv/odds/peel-new/?hand=sE+zz", 400)
    words = visible(html)
    assert "Handens plats" in words and 'value="sE zz"' in html
    assert "A hand's place" not in words


def test_coxs_deal_in_swedish(client):
    html = fetch(client, "/sv/odds/cox/")
    words = visible(html)
    assert "De åtta korten som ges ut" in words and "Sannolikhet" in words
    assert re.search(r"\d+,\d\d %", words) and re.search(r"1 på \d", words)
    assert not SVG_NUMBER_WITH_COMMA.search(html)
    for phrase in ("The eight cards dealt", "Chance", "1 in ", ": the deal", "Odds"):
        assert phrase not in words
    refused = visible(fetch(client, "/sv/odds/cox/?pack=32", 400))
    assert "pack: sannolikheterna för given i" in refused and "tar inga val" in refused


def test_the_odds_english_is_unchanged(client):
    words = text_of(fetch(client, "/odds/peel-new/?hand=AS+KS+QS"))
    assert re.search(r"It beats \d+\.\d% of all 22100 hands of the pack", words)
    assert "this hand: beats" in words and "1 in 425" in words and "AS KS QS" in words
    assert "Tricon" in words and "Flush" in words
    deal = text_of(fetch(client, "/odds/cox/"))
    assert re.search(r"1 in \d,\d{3}", deal) and "The eight cards dealt" in deal
