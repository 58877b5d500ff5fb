"""The reading side (issue 11, item 5): the editorial note's Markdown, links that land in view,
the three "Commerce" told apart, the Swedish contents with our English, the translation read
alone, and glossary terms that explain themselves."""

import re
from pathlib import Path

import pytest
from django.test import Client

from content.glossing import TIP, gloss, uses
from content.library import load_glossary, load_library

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "site.css"


@pytest.fixture
def client() -> Client:
    return Client()


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_editorial_note_renders_its_markdown(client):
    html = page(client, "/library/peel-commerce/")
    note = html[html.index('class="editorial-note"') :]
    note = note[: note.index("</details>")]
    assert "<code>[71]</code>" in note and "<em>Iftwo</em>" in note
    assert "`[71]`" not in note and "*Iftwo*" not in note
    swedish = page(client, "/library/commerce-swedish/")
    assert "<strong>Source unknown.</strong>" in swedish and "**Source" not in swedish


@pytest.mark.parametrize("slug", list(load_library()))
def test_no_markdown_left_raw_in_any_note(client, slug):
    html = page(client, f"/library/{slug}/")
    note = html[html.index('class="editorial-note"') : html.index("</details>")]
    assert not re.search(r"`[^`<]+`|\*\*\w|(?<![\w*])\*\w[^*<]*\*(?!\*)", note)


def test_anchors_land_below_the_top_edge():
    css = CSS.read_text()
    assert re.search(r"\.rulebook \[id\] \{ scroll-margin-top: [1-9]", css)
    assert re.search(r"\.rulebook \.page-marker \{ scroll-margin-top: [1-9]", css)


def test_the_three_commerce_books_are_told_apart_in_the_library(client):
    html = page(client, "/library/")
    links = re.findall(r'<h2><a href="/library/([\w-]+)/">(.*?)</a></h2>', html)
    names = {slug: re.sub(r"<[^>]+>", "", text) for slug, text in links}
    commerce = [n for n in names.values() if n.startswith("Commerce")]
    assert len(commerce) == 3 and len(set(commerce)) == 3
    for slug, book in load_library().items():
        assert names[slug].startswith(book.title)
        if book.meta["author"] != "Unknown":
            assert book.meta["author"] in names[slug]
        year = re.search(r"\d{4}", book.meta["date"])
        assert (year.group() if year else "modern") in names[slug]
    assert "author unknown" in names["commerce-swedish"]


@pytest.mark.parametrize("slug", list(load_library()))
def test_each_page_title_names_author_and_date(client, slug):
    html = page(client, f"/library/{slug}/")
    title = re.search(r"<title>(.*?)</title>", html, re.S)[1]
    assert load_library()[slug].full_title.replace("'", "&#x27;") in title


def test_the_swedish_contents_show_our_english_beside_each_heading(client):
    html = page(client, "/library/commerce-swedish/")
    toc = html[html.index('class="toc"') : html.index("</nav>", html.index('class="toc"'))]
    book = load_library()["commerce-swedish"]
    assert book.translation is not None
    english = {e.anchor: e.title for e in book.translation.toc}
    for entry in book.toc:
        title = english["en-" + entry.anchor]
        assert f'<span lang="sv">{entry.title}</span>' in toc
        assert f'<span class="toc-english" lang="en">({title})</span>' in toc


def test_the_swedish_text_reads_in_english_alone(client):
    html = page(client, "/library/commerce-swedish/?read=en")
    book = load_library()["commerce-swedish"]
    assert book.translation is not None
    for block in book.translation.blocks:
        assert f'id="{block.anchor}"' in html
    for block in book.blocks:
        assert f'id="{block.anchor}"' not in html  # no Swedish paragraph
    assert "our English translation" in html
    assert 'class="aligned' not in html
    toc = html[html.index('class="toc"') :]
    assert 'href="#en-h-giv">The deal</a>' in toc
    both = page(client, "/library/commerce-swedish/")
    assert 'href="/library/commerce-swedish/?read=en"' in both
    assert 'href="/library/commerce-swedish/" aria-current="page"' in both


@pytest.mark.parametrize(
    ("url", "names"),
    [
        ("/library/commerce-swedish/?read=sv", "'sv'"),
        ("/library/commerce-swedish/?read=", None),
        ("/library/peel-commerce/?read=en", "'en'"),
        ("/library/commerce-swedish/?read=" + "x" * 500, "'xxxx"),
        ("/library/commerce-swedish/?read=%00", None),
    ],
)
def test_a_bad_read_is_a_400_that_names_it(client, url, names):
    response = client.get(url)
    if names is None and url.endswith("read="):
        assert response.status_code == 200
        return
    assert response.status_code == 400
    html = response.content.decode()
    assert "&#x27;read&#x27; is" in html
    if names:
        assert names.replace("'", "&#x27;") in html
    assert 'class="rulebook' in html  # the text is still there


def test_reading_pages_stay_cacheable(client):
    for url in ("/library/commerce-swedish/?read=en", "/library/peel-commerce/"):
        response = client.get(url)
        assert "ETag" in response.headers and "Set-Cookie" not in response.headers
        again = client.get(url, headers={"If-None-Match": response["ETag"]})
        assert again.status_code == 304


# --- glossary terms in the texts --------------------------------------------------------------


def test_a_term_in_the_text_links_to_the_glossary_and_is_described(client):
    html = page(client, "/library/peel-commerce/")
    m = re.search(
        r'<a class="term" href="/glossary/#term-tricon" aria-describedby="([^"]+)">Tricon</a>',
        html,
    )
    assert m
    tip = re.search(rf'<span class="term-tip" role="tooltip" id="{m[1]}">(.*?)</span></span>', html)
    assert tip and "Glossary (ours)" in tip[1]
    tricon = next(t for t in load_glossary() if t.en == "tricon")
    assert tricon.definition.replace("'", "&#x27;") in tip[1]


def test_glossing_never_alters_the_books_words():
    for book in load_library().values():
        for source in [book] + ([book.translation] if book.translation else []):
            language = book.language if source is book else "en"
            for block in source.blocks:
                glossed = gloss(book, block, language, "/glossary/")
                strip = re.sub(r"<[^>]+>", "", TIP.sub("", glossed))
                assert strip == re.sub(r"<[^>]+>", "", block.html), block.anchor


def test_every_cited_paragraph_that_uses_its_term_is_glossed(client):
    glossary_ids = set(re.findall(r'id="(term-[^"]+)"', page(client, "/glossary/")))
    linked = 0
    for slug in load_library():
        html = page(client, f"/library/{slug}/")
        for target, described in re.findall(
            r'<a class="term" href="/glossary/#([^"]+)" aria-describedby="([^"]+)"', html
        ):
            assert target in glossary_ids
            assert html.count(f'id="{described}"') == 1
            linked += 1
    assert linked >= len(uses()) // 2
    swedish = page(client, "/library/commerce-swedish/")
    assert re.search(r'href="/glossary/#term-tricon"[^>]*>Tretal</a>', swedish)
