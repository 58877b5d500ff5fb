"""The library in Swedish (issue 12): the rulebooks' pages, their index, the glossary, search,
the home page and the pages of a mistake, under ``/sv/``.

The rulebooks are not translated: the Swedish text leads with our English translation beside it
(marked ``lang="en"``); Peel, Cox, Squareman and Vingt-un stay English (``lang="en"``) with our
Swedish title beside each printed heading, for finding one's way. Our own words about the books
(provenance, editorial notes, covers, the glossary's definitions) are written in Swedish in the
front matter and ``content/glossary.toml``. Each page is fetched under ``/sv/`` and checked for
its Swedish and against English words outside the elements marked English (the crawl's reader,
:class:`tests.i18n.test_crawl.Words`); the English pages keep what their own tests pin.
"""

from __future__ import annotations

import html as markup
import re
import unicodedata

import pytest
from django.test import Client
from django.utils import translation

from content.glossing import TIP
from content.library import (
    BACK_TO_TEXT,
    FIGURE_LOST,
    PAGE_BEGINS,
    PARAGRAPH_LINK,
    SECTION_LINK,
    glossary_in_swedish_order,
    load_glossary,
    load_library,
)
from content.templatetags.library import furniture, spoken
from games.engine.games import registered
from tests.conftest import PHONE
from tests.i18n.test_crawl import ENGLISH_WORDS, Words

pytestmark = pytest.mark.django_db

ENGLISH_BOOKS = [slug for slug, book in load_library().items() if book.language == "en"]
SWEDISH = load_library()["commerce-swedish"]

LETTERS = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
"""A word, with å, ä and ö inside it (``bestämma`` is one word, not ``best`` and ``mma``)."""

QUOTED_BY_THE_SWEDISH_TEXT = (
    frozenset(w.lower() for b in SWEDISH.blocks for w in LETTERS.findall(b.text)) & ENGLISH_WORDS
)
"""Words of the crawl's English list that the Swedish rulebook itself prints ("tricon på
franska"): the Swedish text's own words, quoted on its page and in search's snippets. ``text``
is a Swedish word too ("texten")."""

SWEDISH_TOO = QUOTED_BY_THE_SWEDISH_TEXT | {"text"}


def main_words(html: str) -> list[str]:
    """The words of the page's ``<main>`` (and its ``<title>``) a reader sees or hears, outside
    elements marked in another language than Swedish: what this part of the site writes (the
    header and footer are the frame's)."""
    title = re.search(r"<title>(.*?)</title>", html, re.S)
    main = re.search(r"<main\b.*?</main>", html, re.S)
    page = Words()
    page.feed((title.group(1) if title else "") + " " + (main.group() if main else html))
    return [w for text in page.words for w in LETTERS.findall(text)]


GAME_LABELS = frozenset(w.lower() for g in registered() for w in LETTERS.findall(g.label))
"""The registry's names of the games, listed on the home page: the engine's words, which the
engine's catalogue translates (and the crawl checks), not this part's."""


def english_words(html: str, typed: str = "") -> list[str]:
    """English words on the page, but the reader's own (a query, echoed and matched)."""
    mine = {w.lower() for w in LETTERS.findall(typed)}
    return [w for w in main_words(html) if w.lower() in ENGLISH_WORDS - SWEDISH_TOO - mine]


def fetch(client: Client, address: str, status: int = 200, **headers: str) -> str:
    response = client.get(address, headers=headers)
    assert response.status_code == status, (address, response.status_code)
    return response.content.decode()


SWEDISH_PAGES = [
    ("/sv/", ["Slå upp en regel", "Avgör en tvist", "Ordlista"]),
    ("/sv/library/", ["Regelböckerna", "Författare", "Ursprung", "svensk, okänd författare"]),
    *[(f"/sv/library/{slug}/", ["Innehåll", "Redaktionell anmärkning"]) for slug in load_library()],
    ("/sv/library/commerce-swedish/?read=en", ["Du läser", "vår engelska översättning"]),
    ("/sv/glossary/", ["Efter den svenska termen", "Efter den engelska termen", "tretal"]),
    ("/sv/search/", ["Sök i regelböckerna", "Ord att hitta"]),
    ("/sv/search/?q=tretal", ["stycken hittades för"]),
    ("/sv/search/?q=sequance", ["Menade du", "<em>sequence</em>"]),
    ("/sv/search/?q=tie+dealer", ["de 50 bästa visas"]),
]


@pytest.mark.parametrize(("address", "said"), SWEDISH_PAGES)
def test_the_library_speaks_swedish_under_sv(client, address, said):
    html = fetch(client, address)
    assert '<html lang="sv">' in html
    for words in said:
        assert words in html, (address, words)
    typed = address.partition("?q=")[2].replace("+", " ")
    typed += " sequence" if "sequance" in address else ""  # the suggestion: the texts' word
    home = GAME_LABELS if address == "/sv/" else set()
    left = [w for w in english_words(html, typed) if w.lower() not in home]
    assert not left, (address, left[:10])


@pytest.mark.parametrize("address", ["/sv/search/?q=tretal", "/sv/search/?q=tie+dealer"])
def test_search_results_asked_by_htmx_are_swedish(client, address):
    html = fetch(client, address, HX_Request="true")
    assert html.lstrip().startswith('<section id="results"')
    assert 'aria-label="Resultat"' in html and "hittades för" in html
    left = english_words(html, typed=address.partition("?q=")[2].replace("+", " "))
    assert not left, left[:10]


def test_search_snippets_keep_their_books_language(client):
    html = fetch(client, "/sv/search/?q=tie+dealer")
    hits = re.findall(
        r'<li><a href="/sv/library/([\w-]+)/#([\w-]+)">(.*?)</a>\s*<p(.*?)>', html, re.S
    )
    assert hits
    seen = set()
    for slug, anchor, label, attrs in hits:
        book = load_library()[slug]
        english = book.language == "en" or anchor.startswith("en-")
        assert ('lang="en"' in attrs) is english, (slug, anchor)
        seen.add(english)
        if anchor.startswith("en-"):
            assert ", vår översättning" in label
        block = book.block(anchor)
        assert block is not None
        if book.language == "en" and block.section_anchor:
            # Our Swedish title for the heading the paragraph falls under, not the printed one.
            titles = book.meta["sv"]["headings"]
            assert titles[block.section_anchor] in label, (slug, anchor, label)
    assert seen == {True, False}, "hits in English and Swedish texts"


def test_a_missing_page_is_swedish_under_sv(client):
    html = fetch(client, "/sv/library/no-such-book/", status=404)
    assert '<html lang="sv">' in html and "Här finns ingenting" in html
    assert 'href="/sv/library/"' in html and 'href="/sv/search/"' in html
    assert not english_words(html), english_words(html)
    english = fetch(client, "/library/no-such-book/", status=404)
    assert "Nothing here" in english and 'href="/library/"' in english


def test_a_wrong_read_is_a_swedish_400_over_the_page(client):
    html = markup.unescape(fetch(client, "/sv/library/commerce-swedish/?read=fr", status=400))
    assert "'read' är 'fr': texten läses som den står (utan 'read') eller" in html
    html = markup.unescape(fetch(client, "/sv/library/peel-commerce/?read=en", status=400))
    assert "'read' är 'en': texten läses som den står (utan 'read')." in html
    assert 'id="tricon"' in html  # the page as usual beneath
    english = markup.unescape(fetch(client, "/library/peel-commerce/?read=en", status=400))
    assert "'read' is 'en': this text is read as it stands (no 'read')." in english


def test_the_server_error_page_follows_the_language():
    from django.template.loader import render_to_string

    with translation.override("sv"):
        html = render_to_string("500.html")
    assert '<html lang="sv">' in html and "Något gick fel" in html and 'href="/sv/"' in html
    with translation.override("en"):
        assert '<html lang="en">' in render_to_string("500.html")


# --------------------------------------------------------------------------- the rulebooks


@pytest.mark.parametrize("slug", ENGLISH_BOOKS)
def test_an_english_book_stays_english_with_swedish_headings_to_find_ones_way(client, slug):
    book = load_library()[slug]
    titles = book.meta["sv"]["headings"]
    html = fetch(client, f"/sv/library/{slug}/")
    assert '<div class="book-text" lang="en">' in html
    toc = html[html.index('class="toc"') : html.index("</nav>", html.index('class="toc"'))]
    for entry in book.toc:
        printed = entry.title.replace("'", "&#x27;")
        # Ours in Swedish first, the heading as printed beside it, in English.
        assert (
            f'<a href="#{entry.anchor}">{titles[entry.anchor]} '
            f'<span class="toc-english" lang="en">({printed})</span></a>'
        ) in toc
        heading = re.search(rf'<h\d id="{entry.anchor}">(.*?)</h\d>', html, re.S)
        assert heading, entry.anchor
        beside = f'<span class="heading-nav" lang="sv">{titles[entry.anchor]}</span>'
        assert beside in heading.group(1)
        # The printed heading is untouched: its words, without ours, are the book's.
        printed_words = TIP.sub("", heading.group(1).replace(beside, ""))
        printed_words = markup.unescape(re.sub(r"<[^>]+>", "", printed_words))
        assert printed_words.removesuffix("#").strip() == entry.title
    english = fetch(client, f"/library/{slug}/")
    english = english[english.index("<main") :]
    assert "heading-nav" not in english and 'lang="sv"' not in english


def test_the_swedish_text_leads_with_our_english_beside(client):
    html = fetch(client, "/sv/library/commerce-swedish/")
    rows = re.findall(
        r'<div class="aligned-row">\s*<div class="original" lang="sv">(.*?)</div>\s*'
        r'<div class="translated" lang="en">(.*?)</div>\s*</div>',
        html,
        re.S,
    )
    assert len(rows) == len(SWEDISH.blocks)
    for (original, translated), block in zip(rows, SWEDISH.blocks, strict=True):
        assert f'id="{block.anchor}"' in original
        if translated:
            assert '<span class="translation-label" lang="sv">Översättning</span>' in translated
    assert "Svenska (originalet)" in html and "Engelska (vår översättning)" in html
    assert html.index('id="h-inledning"') < html.index('id="en-h-inledning"')


def test_the_renderers_words_are_the_pages():
    """Every word the renderer writes into a book has its Swedish; on an English page the
    HTML is the renderer's own."""
    with translation.override("en"):
        english = furniture()
    assert english == {
        w: w for w in (PARAGRAPH_LINK, SECTION_LINK, PAGE_BEGINS, FIGURE_LOST, BACK_TO_TEXT)
    }
    blocks = [b.html for book in load_library().values() for b in book.blocks]
    blocks += [b.html for b in SWEDISH.translation.blocks]
    with translation.override("en"):
        assert [spoken(b) for b in blocks] == blocks
    with translation.override("sv"):
        swedish = furniture()
        said = "\n".join(spoken(b) for b in blocks)
    for words in english:
        assert swedish[words] != words
    for words in (PARAGRAPH_LINK, SECTION_LINK, FIGURE_LOST, BACK_TO_TEXT):
        assert words not in said
    assert "of the book begins here" not in said
    assert 'title="Här börjar sidan 71 i boken" lang="sv"' in said
    assert said.count('aria-label="Länk till detta stycke" lang="sv"') == sum(
        b.count(f'aria-label="{PARAGRAPH_LINK}"') for b in blocks
    )


def test_glossed_terms_explain_themselves_in_the_pages_language(client):
    html = fetch(client, "/sv/library/peel-commerce/")
    tips = re.findall(
        r'<span class="term-tip" role="tooltip" id="[^"]+"( lang="sv")?>(.*?)</span></span>', html
    )
    assert tips and all(lang for lang, _ in tips)
    assert all("Ordlista (vår)" in tip for _, tip in tips)
    assert 'href="/sv/glossary/#term-' in html
    tricon = next(t for t in load_glossary() if t.en == "tricon")
    assert tricon.definition_sv in html
    english = fetch(client, "/library/peel-commerce/")
    assert tricon.definition.replace("'", "&#x27;") in english and "Ordlista" not in english
    # Inside the Swedish text on the English page, our English definition says it is English.
    swedish_text = fetch(client, "/library/commerce-swedish/")
    assert re.search(
        r'<div class="original" lang="sv">.*?class="term-tip"[^>]* lang="en">', swedish_text, re.S
    )


def test_quotations_name_their_place_in_the_pages_language(client):
    """A quoted paragraph (the rulings, the comparison) names its book and section as the
    reader's language does: the Swedish text's citation in Swedish, Peel's section by our
    Swedish title; its words stay the book's, marked English."""
    html = fetch(client, "/sv/library/parallels/")
    assert "<cite>Den svenska texten (okänd källa)</cite>" in html
    assert "The Swedish text (source unknown)" not in html
    assert '<blockquote cite="/sv/library/peel-commerce/#' in html
    assert re.search(r'<blockquote cite="/sv/library/peel-commerce/#[\w-]+" lang="en">', html)
    assert "<cite>Peel, Commerce (1891)</cite>, Beskrivning av spelet" in html
    english = fetch(client, "/library/parallels/")
    assert "<cite>The Swedish text (source unknown)</cite>" in english
    assert '<blockquote cite="/library/peel-commerce/#' in english


# --------------------------------------------------------------------------- our words


@pytest.mark.parametrize("slug", [*load_library(), "commerce-swedish.en"])
def test_every_book_has_our_words_in_swedish(slug):
    book = SWEDISH.translation if slug.endswith(".en") else load_library()[slug]
    assert book is not None
    ours = book.meta["sv"]
    keys = {"editorial_note"} if slug.endswith(".en") else {"provenance", "summary", "covers"}
    for key in keys:
        assert ours.get(key) and ours[key] != book.meta[key], (slug, key)
    if not slug.endswith(".en"):
        assert len(ours["covers"]) == len(book.meta["covers"])
        assert book.meta["editorial_note"] == "" or ours["editorial_note"]
    for item in book.meta.get("fixes", []) + book.meta.get("removed", []):
        assert item["why"] in ours.get("why", {}), (slug, item["why"])
    if book.language == "en" and "translation_of" not in book.meta:
        assert set(ours["headings"]) == {e.anchor for e in book.toc}


def test_a_books_name_and_date_in_swedish():
    with translation.override("sv"):
        assert SWEDISH.full_title == "Commerce (svensk, okänd författare, modern)"
        assert SWEDISH.cite_as == "Den svenska texten (okänd källa)"
        assert load_library()["cox-commerce"].here["date"] == "1925 (upphovsrätt)"
    assert SWEDISH.full_title == "Commerce (Swedish, author unknown, modern)"
    assert SWEDISH.here is SWEDISH.meta


def swedish_key(word: str) -> list[int]:
    """Swedish alphabetical order, written out: a–z, then å, ä, ö; other accents are their
    letter's."""
    alphabet = "abcdefghijklmnopqrstuvwxyzåäö"
    key = []
    for ch in word.lower():
        if ch not in alphabet:
            ch = unicodedata.normalize("NFKD", ch)[0]
        key.append(alphabet.index(ch) if ch in alphabet else -1)
    return key


def test_the_swedish_glossary_is_in_swedish_order_and_reads_both_ways(client):
    html = fetch(client, "/sv/glossary/")
    index = html[html.index('id="index-sv"') : html.index("</nav>", html.index('id="index-sv"'))]
    names = [
        re.sub(r"<[^>]+>", "", n)
        for n in re.findall(r'<li><a href="#term-[\w-]+"[^>]*>(.*?)</a>', index)
    ]
    terms = load_glossary()
    assert len(names) == len(terms)
    assert names == sorted(names, key=swedish_key)
    assert names.index("tretal") > names.index("sekvens") > names.index("poäng")
    assert [t.slug for t in glossary_in_swedish_order()] == re.findall(
        r'href="#term-([\w-]+)"', index
    )
    by_english = html[html.index('id="index-en"') :]
    by_english = by_english[: by_english.index("</nav>")]
    assert re.findall(r'lang="en">(.*?)</a>', by_english) == [t.en for t in terms]
    # tretal: the Swedish term, the English beside it, both texts' paragraphs, a search.
    entry = html[html.index('id="term-tricon"') :]
    entry = entry[: entry.index("</dd>")]
    assert '<dt>tretal <span class="en" lang="en">/ tricon</span></dt>' in entry
    assert 'href="/sv/library/commerce-swedish/#tretal"' in entry
    assert 'href="/sv/library/commerce-swedish/#en-tretal"' in entry
    assert 'href="/sv/library/peel-commerce/#tricon"' in entry
    assert 'href="/sv/search/?q=tretal"' in entry
    # flush: the English books' word, searched as such, shown with a Swedish player's word.
    entry = html[html.index('id="term-flush"') :]
    entry = entry[: entry.index("</dd>")]
    assert '<dt>färg <span class="en" lang="en">/ flush</span></dt>' in entry
    assert 'href="/sv/search/?q=flush"' in entry and '<span lang="en">flush</span>' in entry
    for term in terms:
        assert term.definition_sv and term.definition_sv != term.definition, term.en
    english = fetch(client, "/glossary/")
    assert "index-sv" not in english and "Sök" not in english
    assert re.findall(r'<li><a href="#term-([\w-]+)">', english)[: len(terms)] == [
        t.slug for t in terms
    ]


# --------------------------------------------------------------------------- caching


@pytest.mark.parametrize(
    "address",
    [
        "/sv/",
        "/sv/library/",
        "/sv/library/peel-commerce/",
        "/sv/library/commerce-swedish/",
        "/sv/glossary/",
        "/sv/search/?q=tretal",
    ],
)
def test_swedish_reading_pages_stay_cacheable(address):
    client = Client()
    first = client.get(address)
    assert first.status_code == 200 and not first.cookies and "ETag" in first
    again = client.get(address, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    english = client.get(address.removeprefix("/sv"))
    assert english["ETag"] != first["ETag"]
    assert '<html lang="en">' in english.content.decode()


# --------------------------------------------------------------------------- in a browser


@pytest.mark.browser_context_args(bypass_csp=True, locale="sv-SE", **PHONE)
@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_swedish_reader_finds_their_way_through_peel_on_a_phone(page, axe_check):
    from playwright.sync_api import expect

    page.goto("/library/peel-commerce/")  # a Swedish browser's first visit: the Swedish page
    expect(page).to_have_url(re.compile(r"/sv/library/peel-commerce/$"))
    axe_check(page, "Peel in Swedish")
    contents = page.get_by_role("navigation", name="Innehåll")
    contents.get_by_role("link", name=re.compile("^Det gamla spelet")).click()
    expect(page).to_have_url(re.compile(r"#old-game$"))
    heading = page.locator("#old-game")
    expect(heading).to_be_in_viewport()
    expect(heading.locator(".heading-nav")).to_have_text("Det gamla spelet")
    term = page.locator("#tricon a.term").first
    term.focus()
    expect(page.locator("#gloss-tricon-tricon")).to_contain_text("Tre kort av samma valör")
    term.click()
    expect(page).to_have_url(re.compile(r"/sv/glossary/#term-tricon$"))
    axe_check(page, "the Swedish glossary")
    page.get_by_role("link", name="Sök efter ”tretal” i regelböckerna").click()
    expect(page.locator("#results")).to_contain_text("stycken hittades för")
    axe_check(page, "search in Swedish")


@pytest.mark.browser_context_args(bypass_csp=True)
@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_swedish_text_leads_on_a_desktop(page, axe_check):
    from playwright.sync_api import expect

    page.goto("/sv/library/commerce-swedish/")
    axe_check(page, "the Swedish text in Swedish")
    first = page.locator(".aligned-row").nth(1)
    original, translated = first.locator(".original"), first.locator(".translated")
    assert original.bounding_box()["x"] < translated.bounding_box()["x"]
    expect(translated).to_have_attribute("lang", "en")
    expect(page.locator(".aligned-head")).to_contain_text("Svenska (originalet)")
