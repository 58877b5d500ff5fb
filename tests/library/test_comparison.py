"""The comparison of the variants (content/comparison.toml) and the parallel passages: the data
checked against the library and the registry, the examples worked out by the engine, the pages
(full, cacheable, bad input) and the link from each rulebook paragraph to its parallels."""

import re
import tomllib
from html.parser import HTMLParser
from urllib.parse import parse_qsl

import pytest
from django.test import Client

from content.comparison import DATA, VIEWS, ComparisonError, load_comparison, read
from content.library import find_paragraph, load_library
from games.engine.cards import PACK_52, parse_hands
from games.engine.citations import RULINGS
from games.engine.compare import judge_everywhere
from games.engine.games import applying, get, registered

RAW = tomllib.loads(DATA.read_text(encoding="utf-8"))
COMPARISON = load_comparison()

# The questions of issue 11, each a row.
QUESTIONS = [
    "pack",
    "deal",
    "trade",
    "combinations",
    "sequences",
    "flushes",
    "points",
    "pairs",
    "ties",
    "dealer",
    "stake",
    "standing",
    "penalties",
    "next-deal",
    "ending",
]


def book_of(column_id: str) -> str:
    """The book a column's bare anchors are in, read from the raw data and the registry."""
    raw = next(c for c in RAW["column"] if c["id"] == column_id)
    return raw.get("book") or get(raw["game"]).book


def raw_citations():
    """Every citation the file writes, as (row, column, book, anchor), read from the TOML."""
    for row in RAW["row"]:
        for column_id, cell in row["cells"].items():
            for cite in cell.get("cite", []):
                book, _, anchor = cite.rpartition("#")
                yield row["id"], column_id, book or book_of(column_id), anchor


# --------------------------------------------------------------------------- the data


def test_every_question_of_the_issue_is_a_row():
    assert [row.id for row in COMPARISON.rows] == QUESTIONS


@pytest.mark.parametrize(("row", "column", "book", "anchor"), list(raw_citations()))
def test_every_anchor_is_a_paragraph_of_the_library(row, column, book, anchor):
    assert find_paragraph(book, anchor) is not None, f"{row}/{column}: {book}#{anchor}"


def test_every_registered_variant_has_a_column():
    games = {column.game for column in COMPARISON.columns}
    for game in registered():
        assert game.slug in games, f"{game.slug} has no column"


def test_the_games_still_to_come_have_their_columns_already():
    games = {column.game for column in COMPARISON.columns}
    assert {"vingt-un", "speculation", "all-fours"} <= games


def test_limited_and_extended_commerce_are_columns_naming_their_option():
    peel = get("peel-new")
    addresses = {column.address for column in COMPARISON.columns}
    for option_name in ("limited", "extended"):
        option = peel.option(option_name)
        for value, _ in option.values:
            if value != option.default:
                assert f"peel-new?{option_name}={value}" in addresses


def test_every_ruling_is_named_where_it_applies():
    """Each ruling a registered game applies is named in a cell of such a game, and a cell
    names only rulings its game applies."""
    for made in RULINGS.values():
        games = {game.slug for game in applying(made)}
        if not games:  # a doctest's or a test variant's, no longer registered
            continue
        named = [cell for cell in COMPARISON.cells if made in cell.rulings]
        assert any(cell.column.game in games for cell in named), f"{made.slug} is named nowhere"
    for cell in COMPARISON.cells:
        game = cell.column.registered
        for made in cell.rulings:
            assert game is None or made in game.rulings, (
                f"{cell.column.id} names {made.slug}, which {cell.column.game} does not apply"
            )


def test_every_cell_cites_a_paragraph_or_says_the_book_is_silent():
    for row in COMPARISON.rows:
        assert len(row.cells) == len(COMPARISON.columns)
        for cell in row.cells:
            assert cell.cites or cell.silent, f"{row.id}/{cell.column.id}"
            assert cell.says or cell.like is not None


def test_a_silent_cell_says_so_in_its_own_words():
    for row in RAW["row"]:
        for column_id, cell in row["cells"].items():
            if cell.get("silent"):
                words = cell["says"].lower()
                assert re.search(r"does not say|says nothing|names? (no|neither)|silent", words), (
                    f"{row['id']}/{column_id}: {cell['says']!r}"
                )


def test_cells_differ_exactly_outside_the_first_columns_family():
    """Worked out again from the raw file: follow each ``like`` to its root."""
    first = RAW["column"][0]["id"]
    for row, loaded in zip(RAW["row"], COMPARISON.rows, strict=True):
        cells = dict(row["cells"])
        for column in RAW["column"]:  # a column given with its own cells, or like another's
            own = column.get("cells", {}).get(row["id"])
            if own is not None or "like" in column:
                cells[column["id"]] = own if own is not None else {"like": column["like"]}

        def root(column_id, cells=cells):
            while "like" in cells[column_id]:
                column_id = cells[column_id]["like"]
            return column_id

        for cell in loaded.cells:
            raw = cells[cell.column.id]
            expected = not raw.get("na") and root(cell.column.id) != root(first)
            assert cell.differs is expected, f"{row['id']}/{cell.column.id}"
    assert all(row.differing for row in COMPARISON.rows)  # every question is worth asking


def test_the_share_of_cells_citing_a_paragraph():
    cells = COMPARISON.cells
    citing = sum(bool(cell.cites) for cell in cells)
    assert COMPARISON.share_citing() == citing / len(cells)
    assert citing == len(cells)  # a silent cell cites the nearest paragraph


# --------------------------------------------------------------------------- the examples

EXAMPLES = [row for row in COMPARISON.rows if row.example is not None]


def test_the_rows_whose_difference_decides_a_showdown_have_examples():
    assert {row.id for row in EXAMPLES} == {
        "combinations",
        "sequences",
        "flushes",
        "points",
        "pairs",
        "ties",
    }


@pytest.mark.parametrize("row", EXAMPLES, ids=lambda row: row.id)
def test_an_example_really_gives_different_verdicts(row):
    """The engine judges the linked hands; the two rule sets the row names disagree."""
    example = row.example
    query = parse_qsl(example.query)
    hands = [value for key, value in query if key == "h"]
    dealer = dict(query).get("dealer")
    everywhere = judge_everywhere(
        parse_hands(hands, PACK_52), None if dealer is None else int(dealer) - 1
    )
    winners = {label: result.winners for label, result in everywhere.judgements}
    a, b = example.differ
    assert winners[a] != winners[b], f"{row.id}: {a} and {b} agree on {winners[a]}"


@pytest.mark.parametrize("row", EXAMPLES, ids=lambda row: row.id)
def test_the_example_link_opens_the_comparison_at_the_table_with_its_hands(row):
    html = Client().get("/library/compare/").content.decode()
    links = re.findall(r'href="(/table/compare/\?[^"]+)"', html)
    link = next(href for href in links if href.replace("&amp;", "&").endswith(row.example.query))
    page = Client().get(link.replace("&amp;", "&"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "The rule sets disagree on the winner." in text
    for hand in row.example.hands:
        for card in hand.split():
            assert card in text


# --------------------------------------------------------------------------- the loader


GOOD = """
[[column]]
id = "peel-new"
game = "peel-new"
[[column]]
id = "swedish"
game = "swedish"
[[row]]
id = "pack"
question = "Which pack?"
[row.cells.peel-new]
says = "52 cards"
cite = ["packs"]
[row.cells.swedish]
like = "peel-new"
"""


def test_a_good_file_reads():
    comparison = read(GOOD)
    cell = comparison.rows[0].cells[1]
    assert cell.like is not None and cell.like.id == "peel-new"
    assert not cell.differs and cell.cites == comparison.rows[0].cells[0].cites


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('cite = ["packs"]', 'cite = ["no-such"]'), "peel-commerce#no-such is not a paragraph"),
        (('cite = ["packs"]', 'cite = ["cox-commerce#packs"]'), "cox-commerce#packs"),
        (('cite = ["packs"]', "rulings = []"), "cites a paragraph or says the book is silent"),
        (('says = "52 cards"', 'says = ""'), "says something or is like another"),
        (('like = "peel-new"', 'like = "cox"'), "like 'cox' is not another column"),
        (('like = "peel-new"', 'like = "swedish"'), "like 'swedish' is not another column"),
        (("[row.cells.swedish]", "[row.cells.cox]"), "unknown columns ['cox']"),
        (('like = "peel-new"', 'like = "peel-new"\ncolour = 1'), "unknown keys ['colour']"),
        (('cite = ["packs"]', 'cite = ["packs"]\nrulings = ["nope"]'), "'nope' is not"),
        (('game = "swedish"', 'game = "swedish"\noptions = { tie = "coin" }'), "tie: must be"),
        (('game = "swedish"', 'game = "whist"'), "a game not registered names its book"),
        (('cite = ["packs"]', 'cite = ["packs"]\nsilent = true\nna = true'), "not both"),
    ],
)
def test_a_wrong_file_is_refused_naming_the_row_and_column(change, message):
    old, new = change
    assert old in GOOD
    with pytest.raises(ComparisonError, match=re.escape(message)):
        read(GOOD.replace(old, new, 1))


def test_like_in_a_circle_is_refused():
    text = GOOD.replace('says = "52 cards"\ncite = ["packs"]', 'like = "swedish"')
    with pytest.raises(ComparisonError, match="circle"):
        read(text)


def test_a_missing_cell_is_refused():
    text = GOOD[: GOOD.index("[row.cells.swedish]")]
    with pytest.raises(ComparisonError, match="row pack, column swedish: no cell"):
        read(text)


# --------------------------------------------------------------------------- the pages


class Cells(HTMLParser):
    """The comparison page's cells: each ``li.cmp-cell`` with its classes and text."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: list[dict] = []
        self.depth = 0
        self.ids: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(a["id"])
        if tag == "li" and "cmp-cell" in (a.get("class") or "").split():
            self.cells.append({"classes": a["class"].split(), "text": "", "hrefs": []})
            self.depth = 1
        elif self.depth and tag == "li":
            self.depth += 1
        if self.depth and tag == "a":
            self.cells[-1]["hrefs"].append(a.get("href"))

    def handle_endtag(self, tag):
        if self.depth and tag == "li":
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.cells[-1]["text"] += data


def page_cells(url: str) -> Cells:
    response = Client().get(url)
    assert response.status_code == 200
    parser = Cells()
    parser.feed(response.content.decode())
    return parser


@pytest.mark.parametrize("by", VIEWS)
def test_the_page_shows_every_cell_marking_those_that_differ_in_words(by):
    parser = page_cells(f"/library/compare/?by={by}")
    cells = (
        COMPARISON.cells
        if by == "question"
        else [c for _, p in COMPARISON.by_variant() for _, c in p]
    )
    assert len(parser.cells) == len(cells)
    for shown, cell in zip(parser.cells, cells, strict=True):
        assert ("differs" in shown["classes"]) is cell.differs
        assert ("Differs from Peel's new game" in shown["text"]) is cell.differs
        assert ("The book is silent" in shown["text"]) is cell.silent
        for citation in cell.cites:
            assert f"/library/{citation.book}/#{citation.anchor}" in shown["hrefs"]
        for made in cell.rulings:
            assert f"/rulings/#{made.slug}" in shown["hrefs"]
    duplicates = {i for i in parser.ids if parser.ids.count(i) > 1}
    assert duplicates == set()


def test_a_cell_quotes_the_book_on_demand_without_javascript():
    html = Client().get("/library/compare/").content.decode()
    section = html[html.index('id="q-ties"') : html.index('id="q-dealer"')]
    assert '<details class="cmp-quotes">' in section
    lika = find_paragraph("commerce-swedish", "lika")[1].text
    assert lika[:60] in section  # the Swedish words, and our English beside them
    assert find_paragraph("commerce-swedish", "en-lika")[1].text[:60] in section
    assert "<script" not in section


def test_a_silent_cell_names_its_ruling_and_the_house_rule():
    html = Client().get("/library/compare/").content.decode()
    section = html[html.index('id="q-ties"') : html.index('id="q-dealer"')]
    made = RULINGS["peel-equal-hands"]
    assert f'href="/rulings/#{made.slug}"' in section
    assert "House rule “Exactly equal best hands”" in section
    for _, effect in made.alternatives:
        assert effect in section


def test_the_variant_view_names_each_columns_option():
    html = Client().get("/library/compare/?by=variant").content.decode()
    limited = get("peel-new").option("limited")
    assert f"{limited.label}: {limited.words('no-pair')}" in html
    assert "peel-new?limited=no-pair" in html


@pytest.mark.parametrize("by", ["table", "", "QUESTION", "x" * 300])
def test_a_view_that_does_not_exist_is_a_400_naming_it(by):
    response = Client().get("/library/compare/", {"by": by})
    assert response.status_code == 400
    html = response.content.decode()
    assert "&#x27;by&#x27; is" in html and "by question or by variant" in html
    assert 'class="cmp-cell' in html  # the page still reads, by question


@pytest.mark.parametrize(
    "url", ["/library/compare/", "/library/compare/?by=variant", "/library/parallels/"]
)
def test_reading_pages_are_cacheable(url):
    client = Client()
    first = client.get(url)
    assert first.status_code == 200
    assert not first.cookies
    assert "cookie" not in first.get("Vary", "").lower()
    assert re.fullmatch(r'"[0-9a-f]{32}"', first["ETag"])
    assert "max-age=" in first["Cache-Control"]
    assert 'nonce="' not in first.content.decode()
    again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304


def test_the_two_views_have_their_own_etags():
    assert (
        Client().get("/library/compare/")["ETag"]
        != Client().get("/library/compare/?by=variant")["ETag"]
    )


def test_the_comparison_is_linked_from_the_library_every_rulebook_and_the_table():
    for url in ["/library/", "/table/", *[f"/library/{slug}/" for slug in load_library()]]:
        assert 'href="/library/compare/"' in Client().get(url).content.decode(), url


# --------------------------------------------------------------------------- parallels


def test_parallels_show_each_books_paragraphs_side_by_side():
    html = Client().get("/library/parallels/").content.decode()
    for row in COMPARISON.rows:
        if not row.has_parallels:
            assert f'id="q-{row.id}"' not in html
            continue
        section = html[html.index(f'id="q-{row.id}"') :]
        for passages in row.passages:
            assert passages.book.cite_as in section
            for citation in passages.citations:
                assert f"/library/{citation.book}/#{citation.anchor}" in section
    # The Swedish text with our translation beside it.
    assert "Our translation" in html
    assert find_paragraph("commerce-swedish", "en-sekvens")[1].text[:50] in html


def test_the_parallels_of_a_question_are_the_paragraphs_its_cells_cite():
    row = next(row for row in COMPARISON.rows if row.id == "sequences")
    cited = {(c.book, c.anchor) for cell in row.cells if not cell.na for c in cell.cites}
    shown = {(c.book, c.anchor) for p in row.passages for c in p.citations}
    assert shown == cited
    assert [p.book.slug for p in row.passages] == ["peel-commerce", "commerce-swedish"]


def test_every_row_is_reachable_from_its_parallels_and_back():
    html = Client().get("/library/compare/").content.decode()
    for row in COMPARISON.rows:
        if row.has_parallels:
            assert f'href="/library/parallels/#q-{row.id}"' in html


def segments(html: str, slug: str) -> dict[str, str]:
    """Each block of a book's page, from its anchor to the next block's (the translation of
    the Swedish paragraph and the link under it fall in the original's segment)."""
    anchors = [block.anchor for block in load_library()[slug].blocks]
    starts = [html.index(f'id="{anchor}"') for anchor in anchors]
    ends = [*starts[1:], html.index("</article>")]
    return {a: html[s:e] for a, s, e in zip(anchors, starts, ends, strict=True)}


@pytest.mark.parametrize("slug", list(load_library()))
def test_a_rulebook_paragraph_links_to_how_the_other_books_say_it(slug):
    html = Client().get(f"/library/{slug}/").content.decode()
    index = COMPARISON.parallels_by_paragraph
    for anchor, segment in segments(html, slug).items():
        rows = index.get((slug, anchor), ())
        assert ("How the other books say it" in segment) is bool(rows), anchor
        targets = re.findall(r'href="/library/parallels/#q-([^"]+)"', segment)
        assert targets == [row.id for row in rows], anchor


def test_a_paragraph_without_parallels_has_no_link():
    html = Client().get("/library/peel-commerce/").content.decode()
    intro = html[html.index('id="intro"') : html.index('id="packs"')]
    assert "How the other books say it" not in intro
    packs = html[html.index('id="packs"') : html.index('id="combinations"')]
    assert 'href="/library/parallels/#q-pack"' in packs


def test_the_outcomes_under_an_example_are_the_engines():
    html = Client().get("/library/compare/").content.decode()
    for row in EXAMPLES:
        section = html[html.index(f'id="q-{row.id}"') :]
        section = section[: section.index("</section>")]
        for label, result in row.example.judged().judgements:
            numbers = [str(i + 1) for i in result.winners]
            if len(numbers) == 1:
                words = f"hand {numbers[0]} wins"
            else:
                words = f"hands {' and '.join(numbers)} share the win"
            assert f"<li>{label}: {words}</li>" in section


def test_a_game_still_to_come_may_name_its_rulings_ahead():
    text = GOOD.replace(
        'game = "swedish"', 'game = "whist"\nbook = "commerce-swedish"\nlabel = "Whist"'
    ).replace('like = "peel-new"', 'says = "any"\ncite = ["kortlek"]\nrulings = ["whist-trumps"]')
    cell = read(text).rows[0].cells[1]
    assert cell.column.registered is None and cell.rulings == ()
    assert cell.cites[0].book == "commerce-swedish"
