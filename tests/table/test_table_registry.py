"""The table built from the registry of games (issue 8): the chooser, one page per game,
older names, bad input in every field, the rack's limit, the one presentation of reasons.

A game registered by a test (a small variant of Commerce, in a fixture) appears on the
chooser and gets a showdown page that judges hands, with nothing else edited. The verdicts
of the permalinks sent before were read from the pages as they were (commit e77b51b), and
every one still gives the same verdict, places and quoted paragraphs.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlencode

import pytest
from django.test import Client

from games.engine import cox
from games.engine.cards import Card
from games.engine.citations import PEEL, RULINGS, Citation, Ruling
from games.engine.games import (
    CommerceGame,
    Cox,
    Option,
    RequestGame,
    get,
    register,
    registered,
    unregister,
)
from games.links import table_game_at
from games.request_forms import flatten
from games.table import forms
from games.table.request import REQUEST_PREFIX
from tests.source_strings import code_strings
from tests.table.test_table_views import HX, Page, hands, verdict

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def client() -> Client:
    return Client()


class Tiny(CommerceGame):
    """A small variant of Commerce, registered by a test: Peel's hands, one option."""

    slug: ClassVar[str] = "tiny-commerce"
    label: ClassVar[str] = "Tiny Commerce"
    summary: ClassVar[str] = "A variant made up for a test: Peel's hands, two to five players."
    aliases: ClassVar[tuple[str, ...]] = ("tiny",)
    book: ClassVar[str] = PEEL
    rules_anchor: ClassVar[str] = "description"
    max_players: ClassVar[int] = 5
    options: ClassVar[tuple[Option, ...]] = (
        Option.of(RULINGS["flush-equal-point"], "Equal flushes, tiny style"),
    )
    rulings = (RULINGS["flush-equal-point"],)


@pytest.fixture
def tiny():
    game = register(Tiny())
    yield game
    unregister(game.slug)


def board_pages() -> list[str]:
    return [f"/table/{game.slug}/" for game in registered()]


# --------------------------------------------------------------------------- the chooser


def test_the_chooser_lists_every_registered_game_with_a_link_to_its_page(client, tiny):
    body = client.get("/table/").content.decode()
    listed = Page(body).text("games")
    for game in registered():
        assert f'href="/table/{game.slug}/"' in body
        assert game.label in listed and game.summary in listed
    assert "Tiny Commerce" in listed  # registered by this test alone
    assert 'href="/table/compare/"' in body


def test_a_game_registered_elsewhere_gets_a_showdown_page_that_judges(client, tiny):
    response = client.get("/table/tiny-commerce/?" + urlencode(hands("7S 7H 7D", "AS AH 2C")))
    assert response.status_code == 200
    body = response.content.decode()
    page = Page(body)
    assert verdict(response).startswith("Hand 1 wins with tricon")  # Peel: Tricon > Pair
    assert "Tiny Commerce" in page.text("main")
    # Its one option, in the registry's words, and nothing it does not have.
    assert "Equal flushes, tiny style" in body and "id_flush_ties" in page.by_id
    assert "id_pack" not in page.by_id and "id_limited" not in page.by_id
    # The pack and the hand limit come from its rules: the 52-card pack, up to twelve hands.
    assert len(page.taps()) == 52
    # The same hands elsewhere link to it, and it links to the others.
    peel = client.get("/table/peel-new/?" + urlencode(hands("7S 7H 7D", "AS AH 2C")))
    assert "/table/tiny-commerce/?h=7S+7H+7D&amp;h=AS+AH+2C" in peel.content.decode()
    assert "/table/peel-new/?h=7S+7H+7D&amp;h=AS+AH+2C" in body
    # An option it does not take is refused beside its field; htmx gets the result alone.
    bad = client.get("/table/tiny-commerce/?h=7S+7H+7D&h=AS+AH+2C&flush_ties=toss")
    assert bad.status_code == 400
    assert Page(bad.content.decode()).attr("id_flush_ties", "aria-invalid") == "true"
    fragment = client.get("/table/tiny-commerce/?h=7S+7H+7D&h=AS+AH+2C", headers=HX)
    assert fragment.content.decode().lstrip().startswith('<section id="result"')
    # Its older name redirects to it, as every game's does.
    assert client.get("/table/tiny/?h=AS").headers["Location"] == "/table/tiny-commerce/?h=AS"


def test_a_game_unregistered_is_gone_from_the_table(client, tiny):
    unregister(tiny.slug)
    try:
        assert client.get("/table/tiny-commerce/").status_code == 404
        assert "Tiny Commerce" not in client.get("/table/").content.decode()
    finally:
        register(tiny)


# --------------------------------------------------------------------------- addresses


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("peel", "peel-new"),
        ("english", "peel-new"),
        ("english-new", "peel-new"),
        ("english-old", "peel-old"),
        ("PEEL-NEW", "peel-new"),
        ("Swedish", "swedish"),
    ],
)
@pytest.mark.parametrize("query", ["", "h=AS+KS+QS&h=2H+3H+4H&dealer=2", "h=%E2%99%A0&x=1+2"])
def test_an_older_name_redirects_permanently_keeping_the_query(client, old, new, query):
    response = client.get(f"/table/{old}/?{query}" if query else f"/table/{old}/")
    assert response.status_code == 301
    assert response.headers["Location"] == (f"/table/{new}/?{query}" if query else f"/table/{new}/")
    htmx = client.get(f"/table/{old}/?{query}", headers=HX)
    assert htmx.status_code == 301


@pytest.mark.parametrize(
    "path",
    ["/table/whist/", "/table/peel-news/", "/table/x/", "/table/compare-all/", "/table/a.b/"],
)
def test_a_slug_that_names_no_game_is_the_sites_404(client, path):
    response = client.get(path + "?h=AS+KS+QS")
    assert response.status_code == 404
    assert "Nothing here" in response.content.decode()


def test_the_sheet_reads_a_permalink_of_any_showdown_page():
    assert table_game_at("/table/peel-new/") is get("peel-new")
    assert table_game_at("/table/peel/") is get("peel-new")  # sent before: still read
    assert table_game_at("/table/swedish/") is get("swedish")
    for path in ["/table/compare/", "/table/cox/", "/table/", "/sheet/", "/table/peel-new/x/"]:
        assert table_game_at(path) is None, path


@pytest.mark.django_db
def test_record_this_deal_takes_the_hands_of_any_showdown_page(client):
    body = client.get("/table/peel-old/?h=AS+KS+QS&h=2H+2D+7C&dealer=2").content.decode()
    record = re.search(r'href="(/sheet/from-table/\?from=[^"]+)"', body)
    assert record is not None
    answer = client.get(record.group(1).replace("&amp;", "&"))
    assert answer.status_code == 200
    assert "The 2 hands just judged" in " ".join(answer.content.decode().split())


# --------------------------------------------------------------------------- permalinks sent before

SENT_BEFORE = [
    (
        "/table/peel/?h=AS+KS+QS&h=KD+KH+2C&pack=52",
        "Hand 1 wins with sequence queen-king-ace of spades.",
        ["— wins", "— place 2"],
        ["/library/peel-commerce/#combinations"],
    ),
    (
        "/table/peel/?h=7S+7H+7D&h=AS+AH+2C",
        "Hand 1 wins with tricon of sevens.",
        ["— wins", "— place 2"],
        ["/library/peel-commerce/#combinations"],
    ),
    (
        "/table/peel/?h=2H+9H+KH&h=QS+KS+AS",
        "Hand 2 wins with sequence queen-king-ace of spades.",
        ["— place 2", "— wins"],
        ["/library/peel-commerce/#combinations"],
    ),
    (
        "/table/peel/?h=4S+5S+6S&h=4H+5H+6H",
        "Hands 1 and 2 share the win (sequence four-five-six of spades).",
        ["— shares the win", "— shares the win"],
        ["/library/peel-commerce/#tie-sequence", "/library/peel-commerce/#ties"],
    ),
    (
        "/table/peel/?h=4S+5S+6S&h=4H+5H+6H&h=4D+5D+6D",
        "Hands 1, 2 and 3 share the win (sequence four-five-six of spades).",
        ["— shares the win", "— shares the win", "— shares the win"],
        ["/library/peel-commerce/#tie-sequence", "/library/peel-commerce/#ties"],
    ),
    (
        "/table/peel/?h=9S+9H+2D&h=AS+KH+QD&pack=52&limited=no-pair",
        "Hand 2 wins with point 31 (ace, king, queen).",
        ["— place 2", "— wins"],
        ["/library/peel-commerce/#point", "/library/peel-commerce/#limited-commerce-rule"],
    ),
    (
        "/table/peel/?h=AS+KS+QS&h=2H+3H+4H&h=7C+7D+7S&h=9D+9S+QH",
        "Hand 3 wins with tricon of sevens.",
        ["— place 2", "— place 3", "— wins", "— place 4"],
        ["/library/peel-commerce/#combinations", "/library/peel-commerce/#tie-sequence"],
    ),
    (
        "/table/peel/?h=6S+5S+4S&h=6H+5H+4H&pack=52&limited=no-pair&exact_ties=dealer&dealer=2",
        "Hand 2 wins with sequence four-five-six of hearts.",
        ["— ties for first, loses the tie", "— wins (dealer)"],
        ["/library/peel-commerce/#tie-sequence", "/library/peel-commerce/#ties"],
    ),
    (
        "/table/peel/?h=AS+KS+QS&h=7H+8H+9H&pack=32",
        "Hand 1 wins with sequence queen-king-ace of spades.",
        ["— wins", "— place 2"],
        ["/library/peel-commerce/#tie-sequence"],
    ),
    (
        "/table/peel/?h=AS+7S+8D&h=KH+QH+9C&pack=32&short_pack_ace_low=yes",
        "Hand 2 wins with point 29 (king, queen, nine).",
        ["— place 2", "— wins"],
        ["/library/peel-commerce/#point"],
    ),
    (
        "/table/peel/?h=2H+7H+KH&h=3S+6S+KS&flush_ties=share",
        "Hands 1 and 2 share the win (flush of hearts, point 19 (king, seven, two)).",
        ["— shares the win", "— shares the win"],
        ["/library/peel-commerce/#tie-flush", "/library/peel-commerce/#ties"],
    ),
    (
        "/table/peel/?h=AS+KS+QS&h=2H+2D+7C&h=9C+8D+4H&h=3C+5D+JH&dealer=2",
        "Hand 1 wins with sequence queen-king-ace of spades.",
        ["— wins", "— place 2 (dealer)", "— place 3", "— place 4"],
        ["/library/peel-commerce/#combinations", "/library/peel-commerce/#point"],
    ),
    (
        "/table/peel/?h=7S+7H+4D&h=2C+3D+9H",
        "Hand 1 wins with pair of sevens and a four.",
        ["— wins", "— place 2"],
        ["/library/peel-commerce/#combinations"],
    ),
    (
        "/table/swedish/?h=6S+5S+4S&h=6H+5H+4H&dealer=2",
        "Hand 2 wins with sekvens four-five-six of hearts.",
        ["— ties for first, loses the tie", "— wins (dealer)"],
        [
            "/library/commerce-swedish/#rangordning",
            "/library/commerce-swedish/#lika",
            "/library/commerce-swedish/#inledning",
        ],
    ),
    (
        "/table/swedish/?h=6S+5S+4S&h=6H+5H+4H",
        "Hands 1 and 2 share the win (sekvens four-five-six of spades).",
        ["— shares the win", "— shares the win"],
        [
            "/library/commerce-swedish/#rangordning",
            "/library/commerce-swedish/#lika",
            "/library/commerce-swedish/#inledning",
        ],
    ),
    (
        "/table/swedish/?h=9S+9D+KC&h=5H+3H+7C",
        "Hand 2 wins with poäng 8 (five and three of hearts).",
        ["— does not compete", "— wins"],
        [
            "/library/commerce-swedish/#kombinationer",
            "/library/commerce-swedish/#lagga-upp",
            "/library/commerce-swedish/#inledning",
        ],
    ),
    (
        "/table/swedish/?h=2S+5H+9C&h=3S+6H+10C",
        "Nobody wins.",
        ["— does not compete", "— does not compete"],
        [
            "/library/commerce-swedish/#ingenting",
            "/library/commerce-swedish/#lagga-upp",
            "/library/commerce-swedish/#inledning",
        ],
    ),
    (
        "/table/swedish/?h=SE+SK+SD&h=HKN+H10+H9&h=2C+2D+2H",
        "Hand 3 wins with tretal of twos.",
        ["— place 2", "— place 3", "— wins"],
        ["/library/commerce-swedish/#kombinationer", "/library/commerce-swedish/#rangordning"],
    ),
    (
        "/table/swedish/?h=KS+9S+3H&h=KH+8H+4D&poang_ties=highest-card",
        "Hand 1 wins with poäng 19 (king and nine of spades).",
        ["— wins", "— place 2"],
        ["/library/commerce-swedish/#poangsumma", "/library/commerce-swedish/#inledning"],
    ),
    (
        "/table/cox/?card=ship-4&card=ship-4&card=ship-captain&card=ship-2&card=ship-2&card=ship-2&card=fruit-1&card=bank&base=3",
        "Score: 18 points.",
        [],
        [
            "/library/cox-commerce/#completed-hand",
            "/library/cox-commerce/#special-cards",
            "/library/cox-commerce/#bank-card",
            "/library/cox-commerce/#bank-card-advice",
            "/library/cox-commerce/#honor-cards",
            "/library/cox-commerce/#special-notes",
            "/library/cox-commerce/#penalty",
            "/library/cox-commerce/#clear-hand-honors",
            "/library/cox-commerce/#counting-honor-cards",
        ],
    ),
    (
        "/table/cox/?card=greenback-3&base=3",
        "Score: 6 points.",
        [],
        [
            "/library/cox-commerce/#completed-hand",
            "/library/cox-commerce/#no-one-completes",
            "/library/cox-commerce/#penalty",
            "/library/cox-commerce/#clear-hand-honors",
            "/library/cox-commerce/#greenbacks",
            "/library/cox-commerce/#supply-bases",
            "/library/cox-commerce/#counting-honor-cards",
        ],
    ),
    (
        "/table/cox/?card=plane-1&card=plane-1&card=plane-1&card=plane-2&card=plane-2&card=plane-2&card=plane-4&card=plane-5&base=2",
        "Score: 6 points.",
        [],
        [
            "/library/cox-commerce/#completed-hand",
            "/library/cox-commerce/#no-one-completes",
            "/library/cox-commerce/#waiting-hand",
            "/library/cox-commerce/#penalty",
            "/library/cox-commerce/#clear-hand-honors",
        ],
    ),
    (
        "/table/cox/?card=auto-1&card=auto-1&card=auto-1&card=ship-2&card=bank&base=1&penalty_before_double=true",
        "Score: -4 points.",
        [],
        [
            "/library/cox-commerce/#completed-hand",
            "/library/cox-commerce/#no-one-completes",
            "/library/cox-commerce/#special-cards",
            "/library/cox-commerce/#bank-card",
            "/library/cox-commerce/#bank-card-advice",
            "/library/cox-commerce/#penalty",
            "/library/cox-commerce/#clear-hand-honors",
            "/library/cox-commerce/#choice-of-suits",
            "/library/cox-commerce/#counting-honor-cards",
        ],
    ),
    (
        "/table/compare/?h=9S+9D+KC&h=5H+3H+7C",
        "The rule sets disagree on the winner.",
        ["", ""],
        [
            "/library/peel-commerce/#pair",
            "/library/peel-commerce/#limited-commerce-rule",
            "/library/peel-commerce/#point",
            "/library/commerce-swedish/#ingenting",
            "/library/commerce-swedish/#lagga-upp",
            "/library/peel-commerce/#combinations",
            "/library/commerce-swedish/#kombinationer",
        ],
    ),
    (
        "/table/compare/?h=6S+5S+4S&h=6H+5H+4H&dealer=2",
        "The rule sets disagree on the winner.",
        ["", ""],
        ["/library/peel-commerce/#ties", "/library/commerce-swedish/#lika"],
    ),
]
"""Addresses as the pages gave them before the registry, with the verdict, each hand's place
and the paragraphs quoted, as those pages showed them (read from commit e77b51b)."""


@pytest.mark.parametrize(("link", "said", "places", "quotes"), SENT_BEFORE)
@pytest.mark.parametrize("fragment", ["", "#result"])
def test_a_permalink_sent_before_gives_the_same_verdict(
    client, link, said, places, quotes, fragment
):
    response = client.get(link + fragment, follow=True)
    assert response.status_code == 200
    if link.startswith("/table/peel/"):
        # The old name of Peel's page: one permanent redirect, the query kept (the browser
        # keeps the fragment, which is never sent).
        assert response.redirect_chain == [(link.replace("/peel/", "/peel-new/"), 301)]
    else:
        assert response.redirect_chain == []
    page = Page(response.content.decode())
    assert page.text("verdict-text") == said
    assert [page.text(f"h{n}-place") for n in range(1, len(places) + 1)] == places
    assert re.findall(r'class="quote-link" href="([^"]+)"', response.content.decode()) == quotes


# --------------------------------------------------------------------------- bad input


BAD_VALUES = ["zzz", "-1", "99", "0", "1.5", "x" * 300, "\u2660", "true false", "%00"]


def _fields(game_slug: str) -> list[str]:
    game = get(game_slug)
    names = [option.name for option in forms.page_options(game)]
    extra = {"hands": ["dealer"], "rack": ["base"]}.get(game.board, [])
    return names + extra


def _every_field() -> list[tuple[str, str]]:
    return [(game.slug, name) for game in registered() for name in _fields(game.slug)] + [
        ("compare", "dealer")
    ]


def _takes(slug: str, name: str, value: str) -> bool:
    """Whether the field reads ``value`` as one of its own (yes/no options read 0 and 1)."""
    if name == "dealer":
        return value in ("1", "2")
    if name == "base":
        return value.strip() in ("1", "2", "3", "4")
    try:
        get(slug).option(name).read(value)
    except ValueError:
        return False
    return True


def _board(path: str) -> list[tuple[str, str]]:
    slug = path.strip("/").rsplit("/", 1)[-1]
    if slug != "compare" and isinstance(game := get(slug), RequestGame):
        return flatten(game.example(), REQUEST_PREFIX)
    if path.endswith("/cox/"):
        return [("card", "ship-2"), ("card", "ship-2"), ("card", "ship-2"), ("card", "bank")]
    return hands("AS KS QS", "2H 3H 4H")


@pytest.mark.parametrize(("slug", "name"), _every_field())
@pytest.mark.parametrize("value", BAD_VALUES)
def test_a_bad_value_in_any_field_is_refused_beside_it_and_the_rest_is_kept(
    client, slug, name, value
):
    path = f"/table/{slug}/"
    for headers in ({}, HX):
        response = client.get(
            f"{path}?{urlencode([*_board(path), (name, value)])}", headers=headers
        )
        assert response.status_code in (200, 400), (response.status_code, name, value)
    response = client.get(f"{path}?{urlencode([*_board(path), (name, value)])}")
    page = Page(response.content.decode())
    if _takes(slug, name, value):
        return
    assert response.status_code == 400, (name, value)
    control = f"id_{name}" if f"id_{name}" in page.by_id else f"id_{name}_0"
    assert page.attr(control, "aria-invalid") == "true" or name == "base"
    assert f"id_{name}_error" in page.by_id, (name, value)
    if path.endswith("/cox/"):
        assert page.value("card1") == "ship-2"
    elif slug != "compare" and isinstance(get(slug), RequestGame):
        text = response.content.decode()
        for field, typed in _board(path):
            assert f'name="{field}"' in text and f'value="{html.escape(typed)}"' in text, field
    else:
        assert page.value("h1c1") == "AS" and page.value("h2c3") == "4H"


# --------------------------------------------------------------------------- a rack


def test_a_rack_holds_at_most_the_engines_count_and_says_why(client):
    game = get("cox")
    assert isinstance(game, Cox)
    assert game.hand_limit == cox.MAX_HAND_CARDS == 14  # the registry's limit
    full = [("card", c) for c in ["auto-1"] * 4 + ["ship-1"] * 4 + ["plane-1"] * 4]
    full += [("card", "fruit-1"), ("card", "fruit-2")]
    page = client.get("/table/cox/?" + urlencode(full))
    assert page.status_code == 200  # fourteen cards: a hand the engine counts
    body = page.content.decode()
    help_text = Page(body).text("rack-help")
    assert "At most 14 cards" in help_text and "greenback" in help_text
    assert 'href="/rulings/#cox-hand-size"' in body
    assert "rack-help" in (Page(body).attr("card-new", "aria-describedby") or "")
    tapped = client.get("/table/cox/?" + urlencode([*full, ("tap", "grain-1")]))
    assert "at most 14 cards" in Page(tapped.content.decode()).text("main")
    assert Page(tapped.content.decode()).value("card14") == "fruit-2"
    assert "card15" not in Page(tapped.content.decode()).by_id
    typed = client.get("/table/cox/?" + urlencode([*full, ("card", "grain 1")]))
    assert typed.status_code == 400
    typed_page = Page(typed.content.decode())
    assert "at most 14" in typed_page.text("cards-error")
    assert typed_page.value("card15") == "grain 1"  # kept as typed, to be removed


# --------------------------------------------------------------------------- the page of a game


def test_the_dealer_is_asked_first_where_he_wins_ties_and_with_the_house_rules_elsewhere(
    client, tiny
):
    swedish = client.get("/table/swedish/").content.decode()
    options = swedish[swedish.index('<div class="options">') : swedish.index("<details")]
    assert 'id="id_dealer"' in options
    assert 'href="/library/commerce-swedish/#lika"' in options  # the paragraph that says so
    for slug in ("peel-new", "tiny-commerce"):
        body = client.get(f"/table/{slug}/").content.decode()
        assert '<div class="options">' not in body
        rules = body[body.index("<details") : body.index("</details>")]
        assert 'id="id_dealer"' in rules


def test_each_hands_page_shows_the_options_that_value_hands_in_the_registrys_words(client):
    for game in registered(lambda g: g.board == "hands"):
        assert isinstance(game, CommerceGame)
        body = client.get(f"/table/{game.slug}/").content.decode()
        page = Page(body)
        text = html.unescape(body)
        for option in game.options:
            shown = f"id_{option.name}" in page.by_id
            assert shown == (option.part == "hands"), (game.slug, option.name)
            if shown:
                assert option.label in text
                for _, words in option.values:
                    assert words[:1].upper() + words[1:] in text
        categories = game.categories(game.configure())
        assert all(c.term.capitalize() in page.text("main") for c in categories)
    cox_page = client.get("/table/cox/").content.decode()
    for option in get("cox").options:  # a rack's count depends on all of them
        assert f'id="id_{option.name}"' in cox_page and option.label in html.unescape(cox_page)


def test_every_reason_on_the_table_is_shown_by_the_one_presentation(client):
    compare = client.get("/table/compare/?h=9S+9D+KC&h=5H+3H+7C").content.decode()
    # Each disagreement says which rule sets it is between, as a line of its reason...
    assert '<ul class="reason-lines"><li>Peel, 52 cards against Swedish text: the winner' in (
        compare
    )
    # ... and each rule set's own reasons link their paragraphs (compact: quoted above).
    column = compare[compare.index("Why, under this rule set") :]
    assert 'class="see-also">The rule: <a href="/library/' in column
    rack = client.get(
        "/table/cox/?card=auto-1&card=auto-1&card=auto-1&card=bank&base=1"
        "&penalty_before_double=true"
    ).content.decode()
    assert "(this table: " in rack  # the house rule chosen, in the registry's words
    for body in (compare, rack):
        reasons = re.findall(r'<p class="reason">(.*?)</p>', body)
        assert reasons and all(r[:1].isupper() and not r.endswith("..") for r in reasons)


def test_no_variant_is_named_in_the_table_code():
    names = {name for game in registered() for name in (game.slug, *game.aliases)}
    word = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])", re.I)
    for source in sorted((ROOT / "games" / "table").glob("*.py")):
        found = [s for s in code_strings(source.read_text()) if word.search(s)]
        assert found == [], (source.name, found)
    for template in sorted((ROOT / "templates" / "table").glob("*.html")):
        text = template.read_text()
        assert "book ==" not in text and "slug ==" not in text, template.name


def test_the_pack_hint_writes_cards_as_the_games_book_writes_them(client):
    peel = Page(client.get("/table/peel-new/").content.decode()).text("pack-hint")
    swedish = Page(client.get("/table/swedish/").content.decode()).text("pack-hint")
    assert "such as AS, 10H, JH, A♠, sE;" in peel
    assert "such as sE, h10, hkn, A♠, AS;" in swedish  # suit first, as the Swedish text
    # Every example is a card the page reads: typed, it is judged.
    typed = client.get("/table/swedish/?h=sE+h10+hkn&h=2C+2D+2H")
    assert verdict(typed).startswith("Hand 2 wins with tretal")


class TinyOwnWay(Tiny):
    """Tiny Commerce as a book that gives ties to the dealer and writes cards its own way."""

    slug: ClassVar[str] = "tiny-own-way"
    aliases: ClassVar[tuple[str, ...]] = ()
    ties_to_dealer: ClassVar[tuple[Citation, ...]] = (Citation(PEEL, "old-game-play"),)

    def write_card(self, card: Card) -> str:
        return f"{card.rank.code}/{str(card)[-1]}"


class SmallRack(Cox):
    """Cox's count with a smaller rack and two Supply Bases, registered by a test."""

    slug: ClassVar[str] = "small-rack"
    label: ClassVar[str] = "Small Rack"
    aliases: ClassVar[tuple[str, ...]] = ()
    hand_limit: ClassVar[int] = 9
    hand_limit_ruling: ClassVar[Ruling] = RULINGS["cox-tied-game"]
    supply_bases: ClassVar[tuple[int, ...]] = (3, 4)


@pytest.fixture
def own_way():
    games = [register(TinyOwnWay()), register(SmallRack())]
    yield games
    for game in games:
        unregister(game.slug)


def test_the_page_asks_the_registry_about_ties_cards_and_the_rack(client, own_way):
    """What the table once worked out for itself (a showdown of two equal hands, the book's
    language, the engine's constants), it reads from the game."""
    body = client.get("/table/tiny-own-way/").content.decode()
    options = body[body.index('<div class="options">') : body.index("<details")]
    assert 'id="id_dealer"' in options and 'href="/library/peel-commerce/#old-game-play"' in options
    hint = Page(body).text("pack-hint")
    assert "such as A/S, 10/H, J/H, A♠, AS;" in hint  # its own way, then symbol, then rank-suit
    rack = client.get("/table/small-rack/?" + urlencode([("card", "auto-1")] * 3 + [("base", "3")]))
    page = Page(rack.content.decode())
    assert "At most 9 cards" in page.text("rack-help")
    assert 'href="/rulings/#cox-tied-game"' in rack.content.decode()
    assert [i for i in page.by_id if i.startswith("id_base_")] == ["id_base_0", "id_base_1"]
    assert 'value="3" id="id_base_0" checked' in rack.content.decode()
    full = [("card", "auto-1")] * 4 + [("card", "ship-1")] * 4 + [("card", "fruit-1")]
    tapped = client.get("/table/small-rack/?" + urlencode([*full, ("tap", "grain-1")]))
    assert "at most 9 cards" in Page(tapped.content.decode()).text("main")


def test_the_cards_read_by_the_board_are_judged_as_read(client, monkeypatch):
    """The board has read and checked every card; the game judges those cards, not their
    codes read a second time."""
    import games.engine.games as registry

    def read_again(*args, **kwargs):
        raise AssertionError("the cards were read a second time")

    monkeypatch.setattr(registry, "parse_hands", read_again)
    response = client.get("/table/peel-new/?" + urlencode(hands("7S 7H 7D", "AS AH 2C")))
    assert verdict(response).startswith("Hand 1 wins with tricon")


def test_a_game_may_have_a_page_of_its_own_else_its_boards(client, tiny, settings):
    own = '{% extends "table/hands.html" %}{% block title %}Tiny, its own page{% endblock %}'
    engine = settings.TEMPLATES[0]
    settings.TEMPLATES = [
        {
            **engine,
            "APP_DIRS": False,
            "OPTIONS": {
                **engine["OPTIONS"],
                "loaders": [
                    ("django.template.loaders.locmem.Loader", {"table/tiny-commerce.html": own}),
                    "django.template.loaders.filesystem.Loader",
                    "django.template.loaders.app_directories.Loader",
                ],
            },
        }
    ]
    query = "?" + urlencode(hands("7S 7H 7D", "AS AH 2C"))
    page = client.get("/table/tiny-commerce/" + query)
    assert page.status_code == 200
    assert "<title>Tiny, its own page" in page.content.decode()
    assert verdict(page).startswith("Hand 1 wins with tricon")
    assert 'id="id_flush_ties"' in page.content.decode()  # its options, from its board's page
    fragment = client.get("/table/tiny-commerce/" + query, headers=HX)
    assert fragment.content.decode().lstrip().startswith('<section id="result"')
    other = client.get("/table/peel-old/" + query)  # every other game: its board's page
    assert "<title>Who won? Peel&#x27;s old game" in other.content.decode()
