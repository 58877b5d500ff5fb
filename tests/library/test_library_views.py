"""The library's pages: index, each rulebook, glossary and search, full pages and htmx fragments."""

import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from content.library import fold, load_glossary, load_library

BOOKS = [
    "peel-commerce",
    "commerce-swedish",
    "cox-commerce",
    "squareman-speculation-all-fours",
    "peel-vingt-un",
]


class IdCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.paragraphs_without_id = 0
        self.scripts_without_src_or_nonce = 0
        self.style_attributes = 0
        self.inline_styles = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"] or "")
        if tag == "p" and "id" not in a:
            self.paragraphs_without_id += 1
        if tag == "script" and "src" not in a and "nonce" not in a:
            self.scripts_without_src_or_nonce += 1
        if "style" in a:
            self.style_attributes += 1
        if tag == "style":
            self.inline_styles += 1


def parse(html: str) -> IdCollector:
    collector = IdCollector()
    collector.feed(html)
    return collector


@pytest.fixture
def client() -> Client:
    return Client()


def test_library_has_all_five_texts():
    assert list(load_library()) == BOOKS


def test_index_lists_each_text_with_author_date_provenance_and_language(client):
    response = client.get("/library/")
    assert response.status_code == 200
    html = response.content.decode()
    for slug, book in load_library().items():
        assert f'href="/library/{slug}/"' in html
        for field in ("author", "date", "provenance"):
            assert str(book.meta[field]) in html.replace("&#x27;", "'").replace("&quot;", '"')
    assert "Swedish, with an English translation" in html
    assert "A fragment" in html  # Vingt-un


@pytest.mark.parametrize("slug", BOOKS)
def test_every_text_renders_with_contents_and_unique_anchors(client, slug):
    response = client.get(f"/library/{slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    page = parse(html)
    duplicates = {i for i in page.ids if page.ids.count(i) > 1}
    assert duplicates == set()
    # Every paragraph of the text is citable; the only <p> without an id are ours (header, footer).
    book = load_library()[slug]
    for block in book.blocks:
        assert f'id="{block.anchor}"' in html
    assert 'class="toc"' in html
    for entry in book.toc:
        assert f'href="#{entry.anchor}"' in html


@pytest.mark.parametrize("slug", BOOKS)
def test_every_paragraph_block_has_an_explicit_anchor(slug):
    book = load_library()[slug]
    books = [book] + ([book.translation] if book.translation else [])
    for b in books:
        for block in b.blocks:
            if block.tag in {"p", "h1", "h2", "h3", "h4"}:
                assert not block.derived, (
                    f"{b.slug}: {block.tag} {block.text[:40]!r} has no anchor of its own"
                )


def test_peel_page_numbers_are_margin_anchors(client):
    html = client.get("/library/peel-commerce/").content.decode()
    for page in range(71, 78):
        assert f'id="page-{page}"' in html
    assert "pp. 70" in html


def test_cox_has_real_tables_and_captioned_figure_placeholders(client):
    html = client.get("/library/cox-commerce/").content.decode()
    tables = [b for b in load_library()["cox-commerce"].blocks if b.tag == "table"]
    assert len(tables) == 3  # the composition and the two counting tables
    assert "<td>Airplanes</td>" in tables[0].html
    assert "<td>Four 5's of the same suit</td>" in tables[1].html
    assert "<td>10 points</td>" in tables[2].html
    for table in tables:
        assert table.html in html
    for n in range(1, 12):
        assert f'id="fig-{n}"' in html
    assert html.count('class="missing-figure"') >= 11
    assert "<del>" in html  # the struck-through address


def test_swedish_text_is_aligned_with_its_translation(client):
    book = load_library()["commerce-swedish"]
    assert book.translation is not None
    pairs = book.aligned()
    assert all(translated is not None for _, translated in pairs)
    html = client.get("/library/commerce-swedish/").content.decode()
    assert html.count('class="aligned-row"') == len(pairs)
    assert 'lang="sv"' in html and 'lang="en"' in html
    assert "footnote" in html


def test_vingt_un_says_it_is_a_fragment(client):
    html = client.get("/library/peel-vingt-un/").content.decode()
    assert "A fragment" in html


def test_unknown_book_is_404(client):
    assert client.get("/library/no-such-book/").status_code == 404


@pytest.mark.parametrize(
    "url", ["/", "/library/", "/glossary/", "/search/?q=tricon"] + [f"/library/{s}/" for s in BOOKS]
)
def test_pages_keep_to_the_content_security_policy(client, url):
    response = client.get(url)
    assert response.status_code == 200
    csp = response.headers["Content-Security-Policy"]
    # Only the site's own script files; these pages print no nonce, so nothing inline runs;
    # WebAssembly (the engine's worker without signal) but no eval of JavaScript.
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert set(directives["script-src"].split()) == {"'self'", "'wasm-unsafe-eval'"}
    assert directives["worker-src"] == "'self'"
    assert "nonce-" not in csp and "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    page = parse(response.content.decode())
    assert page.scripts_without_src_or_nonce == 0
    assert page.style_attributes == 0
    assert page.inline_styles == 0


@pytest.mark.parametrize(
    "url", ["/", "/library/", "/glossary/"] + [f"/library/{s}/" for s in BOOKS]
)
def test_pages_load_nothing_from_elsewhere(client, url):
    html = client.get(url).content.decode()
    assert not re.search(r'<(script|link|img)[^>]+(src|href)="(https?:)?//', html)


# --- search ---


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("poäng", "commerce-swedish"),
        ("poang", "commerce-swedish"),
        ("POÄNG", "commerce-swedish"),
        ("tretal", "commerce-swedish"),
        ("spelmark", "commerce-swedish"),
        ("tricon", "peel-commerce"),
        ("buying a horse", "peel-commerce"),
        ("greenback", "cox-commerce"),
        ("pone", "peel-vingt-un"),
        ("jack", "squareman-speculation-all-fours"),
    ],
)
def test_search_finds_english_and_swedish_terms(client, query, expected):
    response = client.get("/search/", {"q": query})
    assert response.status_code == 200
    html = response.content.decode()
    assert f'href="/library/{expected}/#' in html
    assert "<mark>" in html


def test_search_highlights_the_match_with_its_accents(client):
    html = client.get("/search/", {"q": "poang"}).content.decode()
    assert re.search(r"<mark>[Pp]oäng</mark>", html)


def test_search_results_link_to_existing_paragraphs(client):
    html = client.get("/search/", {"q": "stake"}).content.decode()
    links = re.findall(r'href="/library/([\w-]+)/#([^"]+)"', html)
    assert links
    library = load_library()
    for slug, anchor in links:
        assert library[slug].block(anchor) is not None


def test_search_htmx_returns_only_the_results_fragment(client):
    response = client.get("/search/", {"q": "tricon"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="results"')
    assert "<html" not in html


def test_search_with_nothing_or_nonsense(client):
    assert client.get("/search/").status_code == 200
    html = client.get("/search/", {"q": "zzqxj"}).content.decode()
    assert "0 paragraphs found" in html
    assert client.get("/search/", {"q": "x" * 5000}).status_code == 200


def test_fold_makes_swedish_letters_plain():
    assert fold("Bankiren får spelmärken på förhand")[0] == "bankiren far spelmarken pa forhand"


# --- glossary ---


def test_glossary_links_land_on_existing_anchors(client):
    terms = load_glossary()
    assert len(terms) >= 40
    html = client.get("/glossary/").content.decode()
    pages: dict[str, str] = {}
    links = re.findall(r'href="/library/([\w-]+)/#([^"]+)"', html)
    assert len(links) >= len(terms)
    for slug, anchor in links:
        if slug not in pages:
            pages[slug] = client.get(f"/library/{slug}/").content.decode()
        assert f'id="{anchor}"' in pages[slug], f"{slug}#{anchor}"


@pytest.mark.parametrize(
    ("en", "sv"),
    [("tricon", "tretal"), ("sequence", "sekvens"), ("point", "poäng"), ("banker", "bankir")],
)
def test_glossary_pairs_english_and_swedish_terms(en, sv):
    by_en = {t.en.lower(): t for t in load_glossary()}
    assert by_en[en].sv.lower() == sv


@pytest.mark.parametrize(
    "url",
    [
        "/library/",
        "/library/peel-commerce/",
        "/glossary/",
        "/search/",
        "/rulings/",
        "/api/v1/openapi.json",
    ],
)
def test_head_is_answered_like_get(client, url):
    response = client.head(url)
    assert response.status_code == 200
    assert client.post(url).status_code == 405


def test_every_book_says_how_it_is_cited_and_quotes_use_it():
    from django.template import Context, Template

    from games.engine.citations import Citation

    labels = {slug: book.cite_as for slug, book in load_library().items()}
    assert all(label and label != load_library()[s].title for s, label in labels.items())
    assert len(set(labels.values())) == len(labels)  # three books are all called "Commerce"
    html = Template("{% load library %}{% quote c %}").render(
        Context({"c": Citation("commerce-swedish", "insats")})
    )
    assert "<cite>The Swedish text (source unknown)</cite>" in html
    assert "Our translation" in html and 'lang="sv"' in html


def test_links_into_our_translation_say_it_is_ours(client):
    glossary = client.get("/glossary/").content.decode()
    assert re.search(
        r'href="/library/commerce-swedish/#en-[^"]+">The Swedish text \(source '
        r"unknown\), our translation</a>",
        glossary,
    )
    found = client.get("/search/", {"q": "banker"}).content.decode()
    assert re.search(r'#en-[^"]+">The Swedish text \(source unknown\), our translation', found)
    assert not re.search(
        r'#(?!en-)[^"]+">The Swedish text \(source unknown\), our translation', found
    )


def test_snippets_mark_the_matches_and_escape_every_piece():
    from content.templatetags.library import marked

    html = marked([("1 < 2 & ", False), ("<tie>", True), (' "ok"', False)])
    assert html == "1 &lt; 2 &amp; <mark>&lt;tie&gt;</mark> &quot;ok&quot;"
