"""The table page of a game settled from one request (/table/<slug>/, board "request"): the
answer first, the permalink, the board; htmx partials; a 400 with the field marked and
everything typed kept; the editing buttons without JavaScript. On the tests' own High Card,
and on every request game registered (Vingt-un, Speculation, All Fours)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from typing import Any
from urllib.parse import urlencode

import pytest
from django.test import Client

from games.engine.amounts import MINUS, format_amount
from games.engine.games import Game, RequestGame, registered
from games.request_forms import flatten
from games.table.request import REQUEST_PREFIX, request_verdict
from tests.table.request_game import registered_high_card
from tests.table.test_table_views import HX, Page, verdict

P = REQUEST_PREFIX
HIGH = "/table/high-card/"


@pytest.fixture
def client() -> Client:
    return Client()


@pytest.fixture
def high_card() -> Iterator[Game]:
    with registered_high_card() as game:
        yield game


def fields(request: dict) -> list[tuple[str, str]]:
    return flatten(request, P)


def _permalink(response) -> str:
    return unescape(Page(response.content.decode()).attr("permalink", "href") or "")


def _example_link(response) -> str:
    """The first visit's "Show an example"."""
    return unescape(Page(response.content.decode()).attr("example-link", "href") or "")


def test_a_first_visit_shows_the_example_one_tap_away(client, high_card):
    response = client.get(HIGH)
    assert response.status_code == 200
    assert verdict(response) == "Enter the hand as it lies on the table: the answer shows here."
    example = _example_link(response)
    settled = client.get(example)
    expected = request_verdict(high_card, high_card.answer(high_card.example()))
    assert verdict(settled) == expected == "Player 2 wins 1; player 1 pays 1."
    page = Page(settled.content.decode())
    assert page.value(f"f-{P}players-1-hand") == "AH"
    assert page.value(f"f-{P}players-1-stake") == "2"


def test_the_answer_quotes_its_paragraph_and_lists_the_payments(client, high_card):
    html = client.get(HIGH, dict(fields({"players": [{"hand": "2C"}, {"hand": "3C"}]}))).content
    text = html.decode()
    assert "Player 1 pays player 2 1" in text
    assert 'class="quote-link" href="/library/peel-commerce/#description"' in text
    assert 'id="high-card-ties"' in text or "/rulings/#high-card-ties" in text


def test_the_permalink_gives_the_same_answer_and_names_itself(client, high_card):
    body = {"dealer": 1, "players": [{"hand": "QD", "stake": "3"}, {"hand": "JC", "stake": "1/2"}]}
    first = client.get(HIGH, {**dict(fields(body)), "high_ties": "dealer"})
    link = _permalink(first)
    assert link.startswith(HIGH) and "high_ties=dealer" in link
    again = client.get(link)
    assert again.status_code == 200 and verdict(again) == verdict(first)
    assert verdict(first) == "Player 1 wins 0.5; player 2 pays 0.5."
    assert _permalink(again) == link


def test_htmx_gets_the_answer_only_with_the_permalink_pushed(client, high_card):
    query = dict(fields({"players": [{"hand": "2C"}, {"hand": "3C"}]}))
    response = client.get(HIGH, query, headers=HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="result"') and "<form" not in html
    assert response["HX-Push-Url"] == _permalink(client.get(HIGH, query))


@pytest.mark.parametrize(
    ("field", "typed", "words"),
    [
        ("players.1.hand", "ZZ", "Player 2, card 1"),
        ("players.0.stake", "-2", "Player 1"),
        ("dealer", "7", "Dealer"),
    ],
)
@pytest.mark.parametrize("headers", [{}, HX])
def test_a_bad_value_is_a_400_marked_beside_its_field_with_everything_kept(
    client, high_card, field, typed, words, headers
):
    body = {"dealer": "0", "players": [{"hand": "9S", "stake": "4"}, {"hand": "10D", "stake": "2"}]}
    query = dict(fields(body))
    query[P + field] = typed
    response = client.get(HIGH, query, headers=headers)
    assert response.status_code == 400
    html = response.content.decode()
    page = Page(html)
    ident = "f-" + (P + field).replace(".", "-")
    assert page.attr(ident, "aria-invalid") == "true"
    assert words in page.text(f"{ident}-error")
    assert f"{ident}-error" in (page.attr(ident, "aria-describedby") or "")
    for name, value in query.items():  # every value as typed, the bad one too
        control = page.by_id["f-" + name.replace(".", "-")]
        shown = control.get("value")
        if control["tag"] == "select":
            shown = re.search(
                rf'id="f-{re.escape(name.replace(".", "-"))}">.*?<option value="([^"]*)" selected',
                html,
                re.S,
            )[1]
        assert shown == value, name
    assert f'href="#{ident}"' in html  # the summary links to it


def test_a_bad_option_is_a_400_beside_the_option(client, high_card):
    response = client.get(HIGH, {**dict(fields(high_card.example())), "high_ties": "toss"})
    assert response.status_code == 400
    assert 'aria-invalid="true"' in response.content.decode()


def test_a_button_adds_a_player_without_javascript_and_is_no_mistake(client, high_card):
    query = {**dict(fields(high_card.example())), P + "do": "add:players"}
    response = client.get(HIGH, query)
    assert response.status_code == 200
    page = Page(response.content.decode())
    assert page.value(f"f-{P}players-2-hand") == ""
    assert page.text(f"f-{P}players-2-hand-error")  # says what is missing
    partial = client.get(HIGH, query, headers=HX)
    assert partial["HX-Retarget"] == "#table" and 'id="board"' in partial.content.decode()


def test_the_chooser_and_the_home_page_list_it(client, high_card):
    chooser = client.get("/table/").content.decode()
    assert f'href="{HIGH}"' in chooser and "Settle a hand" in chooser
    assert f'href="{HIGH}"' in client.get("/").content.decode()


def test_the_page_has_unique_ids_and_no_inline_script(client, high_card):
    page = Page(client.get(HIGH).content.decode())
    assert page.duplicate_ids == [] and page.inline_scripts == 0 and page.style_attributes == 0


# ------------------------------------------------------------ every request game registered

GAMES = [g for g in registered() if isinstance(g, RequestGame)]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_each_game_s_page_settles_its_example_and_its_permalink_agrees(client, game):
    path = f"/table/{game.slug}/"
    first = client.get(path)
    assert first.status_code == 200
    blank = Page(first.content.decode())
    assert blank.duplicate_ids == []
    cards = [i for i in blank.inputs if "cards-field" in str(i.get("class"))]
    assert cards and not any(i.get("value") for i in cards)
    example = client.get(_example_link(first))
    assert example.status_code == 200
    assert verdict(example) == request_verdict(game, game.answer(game.example()))
    again = client.get(_permalink(example))
    assert again.status_code == 200 and verdict(again) == verdict(example)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_each_game_s_board_being_filled_in_waits_for_its_empty_fields(client, game):
    """An htmx update of a board still being filled in marks no empty field; "Settle" (or a
    page loaded) says what is missing."""
    path = f"/table/{game.slug}/"
    query = fields(game.blank())
    typing = client.get(f"{path}?{urlencode(query)}", headers={"HX-Request": "true"})
    assert typing.status_code == 200 and 'aria-invalid="true"' not in typing.content.decode()
    settle = client.get(f"{path}?{urlencode([*query, ('judge', '1')])}", headers=HX)
    assert settle.status_code == 400 and 'aria-invalid="true"' in settle.content.decode()
    assert client.get(f"{path}?{urlencode(query)}").status_code == 400


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_each_game_s_page_marks_a_bad_card_and_keeps_the_rest(client, game):
    path = f"/table/{game.slug}/"
    query = fields(game.example())
    # the first field holding cards gets a card that is not one
    index = next(i for i, (_, v) in enumerate(query) if re.fullmatch(r"(\w{2,3} ?)+", v))
    name = query[index][0]
    query[index] = (name, "ZZ " + query[index][1].split(" ", 1)[-1])
    response = client.get(f"{path}?{urlencode(query)}")
    assert response.status_code == 400
    html = response.content.decode()
    assert 'aria-invalid="true"' in html
    for _, value in query:
        assert f'value="{value}"' in html or value in html


# ------------------------------------------- the answer's amounts, printed as the site prints


def _cells(html: str, caption: str) -> list[str]:
    """The amount cells of the answer's table captioned ``caption``, as read."""
    table = re.search(rf"<caption>{caption}</caption>(.*?)</table>", html, re.S)
    assert table, caption
    return [unescape(c).strip() for c in re.findall(r'<td class="amount">(.*?)</td>', table[1])]


def test_vingt_un_s_answer_prints_its_amounts_with_format_amount(client):
    game = next(g for g in GAMES if g.slug == "vingt-un")
    request = game.example()
    request["players"][1]["hands"][0]["stake"] = "2 1/3"  # a net of 2 1/3, not 7/3
    body: Any = game.answer(request).body
    html = client.get(f"/table/{game.slug}/", dict(fields(request))).content.decode()
    nets = [format_amount(hand["net"]) for player in body["hands"] for hand in player]
    assert _cells(html, "The hands") == nets
    assert any(" 1/3" in net for net in nets) and any(MINUS in net for net in nets), nets
    stakes = re.findall(r"<td>([^<]*)</td>\s*<td class=\"amount\">", html)
    assert stakes == [
        format_amount(hand["stake"]) or "—" for player in body["hands"] for hand in player
    ]


def test_speculation_s_answer_prints_its_amounts_with_format_amount(client):
    game = next(g for g in GAMES if g.slug == "speculation")
    request = game.example() | {"pool": {"dealer": "2 1/2", "others": "1/3"}}
    body: Any = game.answer(request).body
    html = client.get(f"/table/{game.slug}/", dict(fields(request))).content.decode()
    assert f"The pool of {format_amount(body['pool']['total'])} goes to" in html
    assert _cells(html, "At the end of the deal") == [
        format_amount(p[key]) for p in body["players"] for key in ("put_in", "paid", "received")
    ]
    assert "1/3</td>" in html
