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


# ------------------------------------------- All Fours: only who took each point

FOURS = "/table/all-fours/"
TAKEN = {"high": "0", "low": "1", "jack": "nobody", "game": "1"}


def _result(players: str = "2", **taken: str) -> dict[str, str]:
    """The result-only board as the page sends it: every group, chosen or not."""
    query = {P + "players": players, P + "dealer": "0"}
    query.update({f"{P}taken.{point}": side for point, side in {**TAKEN, **taken}.items()})
    return query


def _radios(html: str, point: str) -> dict[str, bool]:
    """The radio buttons of a point's group: value -> checked."""
    name = re.escape(f"{P}taken.{point}")
    found = re.findall(rf'<input type="radio" name="{name}"[^>]*>', html)
    return {re.search(r'value="([^"]*)"', tag)[1]: " checked" in tag for tag in found}


def test_all_fours_offers_only_who_took_each_point_without_javascript(client):
    blank = client.get(FOURS).content.decode()
    assert "Only who took each point" in blank and f"{P}taken.high" not in blank
    query = {P + "players": "2", P + "dealer": "0", P + "do": "set:taken="}
    response = client.get(FOURS, query)
    assert response.status_code == 200  # a button is no mistake
    html = response.content.decode()
    assert _radios(html, "high") == {"0": False, "1": False, "nobody": False}
    assert _radios(html, "jack") == {"0": False, "1": False, "nobody": False}
    assert "> Player 1</label>" in html and "> Nobody</label>" in html
    assert f'name="{P}trump"' not in html and f'name="{P}hands.0"' not in html
    # Four players: the sides by their players, two each.
    four = client.get(FOURS, {**query, P + "players": "4"}).content.decode()
    assert "> Players 1 and 3</label>" in four and "> Players 2 and 4</label>" in four
    # And back to the cards.
    back = client.get(FOURS, {**_result(), P + "do": "drop:taken"})
    assert back.status_code == 200
    html = back.content.decode()
    assert f'name="{P}trump"' in html and f'name="{P}taken.high"' not in html


@pytest.mark.parametrize("headers", [{}, HX])
def test_all_fours_scores_a_result_entered_alone(client, headers):
    response = client.get(FOURS, _result(), headers=headers)
    assert response.status_code == 200
    html = response.content.decode()
    assert verdict(response) == "Player 1 scores 1; player 2 scores 2."
    assert "The points of this deal, as entered" in html and "The card</th>" not in html
    assert "Entered as the side that took each point" in html
    if not headers:
        assert _radios(html, "jack") == {"0": False, "1": False, "nobody": True}
        permalink = client.get(_permalink(response))
        assert verdict(permalink) == verdict(response)


def test_all_fours_result_board_waits_for_its_empty_groups_while_typing(client):
    query = _result(low="", jack="", game="")
    typing = client.get(FOURS, query, headers=HX)
    assert typing.status_code == 200 and 'aria-invalid="true"' not in typing.content.decode()
    settle = client.get(FOURS, {**query, "judge": "1"})
    assert settle.status_code == 400
    page = Page(settle.content.decode())
    assert page.attr(f"f-{P}taken-low", "aria-invalid") == "true"
    assert "is missing" in page.text(f"f-{P}taken-low-error")


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        (_result(high="2"), "taken.high", "must be a side, player 1 or player 2, not '2'"),
        (_result("4", game="5"), "taken.game", "a side, players 1 and 3 or players 2 and 4"),
        (_result(low="nobody"), "taken.low", "whenever a trump was dealt"),
        (_result(high=""), "taken.high", "is missing"),
        ({**_result(), f"{P}taken.trick": "0"}, "taken.trick", "not a point of All Fours"),
        ({**_result(), P + "dealer": "3"}, "dealer", "from 0 to 1"),
        ({**_result(), P + "gift": "on"}, "gift", "begged"),
    ],
)
@pytest.mark.parametrize("headers", [{}, HX])
def test_all_fours_a_bad_result_is_a_400_naming_its_field_with_the_rest_kept(
    client, query, field, words, headers
):
    if field == "taken.high" and not query[f"{P}taken.high"]:  # missing: judged, not typed
        query = {**query, "judge": "1"}
    response = client.get(FOURS, query, headers=headers)
    assert response.status_code == 400
    html = response.content.decode()
    page = Page(html)
    ident = "f-" + (P + field).replace(".", "-")
    assert words in page.text(f"{ident}-error") or words in html
    if ident in page.by_id:
        assert page.attr(ident, "aria-invalid") == "true"
    # Everything else as chosen: the radio groups and the dealer kept.
    for point in ("high", "low", "jack", "game"):
        chosen = query[f"{P}taken.{point}"]
        radios = _radios(html, point)
        assert radios and all(checked == (value == chosen) for value, checked in radios.items())
    assert re.search(
        rf'name="{P}dealer".*?<option value="{query[P + "dealer"]}" selected', html, re.S
    )


@pytest.mark.parametrize("headers", [{}, HX])
def test_all_fours_result_with_no_trump_dealt_is_enterable(client, headers):
    """Issue 19: a deal where no trump was dealt (the turn-up is not dealt to a player):
    nobody scores High, Low or Jack (ruling all-fours-one-trump), so every point offers
    "Nobody"; the engine refuses High or Low alone nobody's, beside its field."""
    query = _result(high="nobody", low="nobody", jack="nobody", game="1")
    response = client.get(FOURS, _named(query, "Ann", "Bo"), headers=headers)
    assert response.status_code == 200
    assert verdict(response) == "Ann scores 0; Bo scores 1."
    html = response.content.decode()
    assert "all-fours-one-trump" in html  # the reason cites the ruling
    if not headers:
        for point in ("high", "low", "jack"):
            assert _radios(html, point)["nobody"] is True
    alone = client.get(FOURS, _named(_result(high="nobody"), "Ann", "Bo"), headers=headers)
    assert alone.status_code == 400
    message = Page(alone.content.decode()).text(f"f-{P}taken-high-error")
    assert "whenever a trump was dealt: say which side took it, Ann or Bo" in message


def _named(query: dict[str, str], *names: str) -> list[tuple[str, str]]:
    """The query with the players' names typed in (``n``, one per player in order)."""
    return [*query.items(), *(("n", name) for name in names)]


@pytest.mark.parametrize(
    ("lang", "query", "names", "words"),
    [
        ("", _result(high=""), ("Ann", "Bo"), "say which side took it, Ann or Bo"),
        ("", _result(jack="2"), ("Ann", "Bo"), "must be a side, Ann or Bo, or nobody, not '2'"),
        ("", _result(low="nobody"), ("Ann", "Bo"), "say which side took it, Ann or Bo"),
        ("", _result("4", game=""), ("Ann", "Bo", "Cy", "Di"), "Ann and Cy or Bo and Di, or"),
        ("", _result("4", high=""), ("Ann", "", "Cy", ""), "Ann and Cy or players 2 and 4"),
        ("", _result(high=""), (), "say which side took it, player 1 or player 2"),
        ("/sv", _result(high=""), ("Ann", "Bo"), "säg vilket lag som tog den, Ann eller Bo"),
        ("/sv", _result(high=""), (), "säg vilket lag som tog den, spelare 1 eller spelare 2"),
    ],
)
def test_all_fours_result_refusals_name_the_players_typed_not_the_sides_numbers(
    client, lang, query, names, words
):
    """Issue 19: "only the result" said "0 (player 1) or 1 (player 2)", the API's numbers of
    the sides, whatever names were typed; the page offers the sides by their players."""
    response = client.get(lang + FOURS, [*_named(query, *names), ("judge", "1")])
    assert response.status_code == 400
    page = Page(response.content.decode())
    said = [page.text(i) for i in page.by_id if i.startswith(f"f-{P}taken-") and "error" in i]
    message = " ".join(s for s in said if s)
    assert words in message
    assert "0 (" not in message and "1 (" not in message
    labels = " ".join(
        re.findall(r'<label class="radio-choice">(.*?)</label>', response.content.decode())
    )
    assert all(name in labels for name in names)  # the radio buttons by name too


def test_all_fours_result_radio_buttons_name_the_sides_by_the_names_typed(client):
    html = client.get(FOURS, _named(_result("4"), "Ann", "Bo", "Cy", "Di")).content.decode()
    assert "> Ann and Cy</label>" in html and "> Bo and Di</label>" in html
    assert "Players 1 and 3" not in html
    mixed = client.get(FOURS, _named(_result("4"), "", "Bo", "", "Di")).content.decode()
    assert "> Players 1 and 3</label>" in mixed and "> Bo and Di</label>" in mixed
    sv = client.get("/sv" + FOURS, _result("4")).content.decode()
    assert "> Spelare 1 och 3</label>" in sv and "> Ingen</label>" in sv


def test_all_fours_card_refusals_name_the_player_typed(client):
    query = {P + "players": "2", P + "dealer": "0", P + "trump": "H"}
    query |= {P + "hands.0": "ZZ", P + "hands.1": "AS", P + "tricks.0": "", P + "tricks.1": ""}
    response = client.get(FOURS, _named(query, "Ann", "Bo"))
    assert response.status_code == 400
    message = Page(response.content.decode()).text(f"f-{P}hands-0-error")
    assert message.startswith("Ann, card 1: 'ZZ' is not a card")


SHARED = {P + "players": "4", P + "dealer": "2", P + "begged": "on", P + "gift": "on"}
"""What both ways of entering an All Fours deal hold: the players, the dealer, the begging."""
NAMES4 = ("Ann", "Bo", "Cy", "Di")


def _kept(html: str) -> None:
    """The shared fields and the names as typed before the switch."""
    for i, name in enumerate(NAMES4):
        assert re.search(rf'<input type="text" name="n" id="f-{P}name-{i}" value="{name}"', html)
    assert re.search(rf'<input type="hidden" name="{P}players" value="4">', html)
    assert re.search(rf'name="{P}dealer".*?<option value="2" selected>Cy<', html, re.S)
    for box in ("begged", "gift"):
        assert re.search(rf'<input type="checkbox" name="{P}{box}"[^>]* checked', html), box


@pytest.mark.parametrize("headers", [{}, HX])
def test_switching_the_way_of_entering_all_fours_keeps_what_both_share(client, headers):
    """Issue 19: "Only who took each point" and "The cards" are submit buttons of the form;
    the names, the players, the dealer and the begging survive either, without JavaScript
    and with htmx (which answers the board, reshaped). The cards, which a result has not,
    are dropped from it, so its address is one way only and reproduces the page."""
    cards = {**SHARED, P + "trump": "H", P + "hands.0": "AS 2H", P + "tricks.0": "AS"}
    cards |= {P + f"hands.{i}": "" for i in (1, 2, 3)} | {P + f"tricks.{i}": "" for i in (1, 2, 3)}
    to_result = client.get(
        FOURS, [*_named(cards, *NAMES4), (P + "do", "set:taken=")], headers=headers
    )
    assert to_result.status_code == 200
    html = to_result.content.decode()
    _kept(html)
    assert f'name="{P}taken.high"' in html and f'name="{P}hands.0"' not in html
    if headers:
        pushed = unescape(to_result["HX-Replace-Url"])
        assert f"{P}taken" in pushed and f"{P}trump" not in pushed and f"{P}hands" not in pushed
        assert "n=Ann" in pushed
        _kept(client.get(pushed).content.decode())  # the address reproduces the board
    # Choose who took each point, then back to the cards: the shared fields still as typed.
    result = {**SHARED, **{f"{P}taken.{k}": v for k, v in TAKEN.items()}}
    answered = client.get(FOURS, _named(result, *NAMES4), headers=headers)
    assert answered.status_code == 200 and "Ann and Cy score" in answered.content.decode()
    back = client.get(FOURS, [*_named(result, *NAMES4), (P + "do", "drop:taken")], headers=headers)
    assert back.status_code == 200
    html = back.content.decode()
    _kept(html)
    assert f'name="{P}hands.0"' in html and f'name="{P}taken.high"' not in html


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_any_one_field_alone_or_a_name_nested_a_thousand_deep_is_answered_not_a_500(client, game):
    """Issue 22, item 4: ``?r-dealer=0`` without ``r-players`` was a 500 (a template's filter
    argument missing), and a field name of 1,000 dotted levels a RecursionError."""
    path = f"/table/{game.slug}/"
    names = [n for n, _ in flatten(game.example(), P)]
    names += [P + "players" + ".a" * 1000, P + "players" + ".0" * 1000, P + "x" * 5000]
    for name in names:
        for value in ("0", "x", ""):
            response = client.get(path, {name: value})
            assert response.status_code < 500, (name[:60], value)
            assert "<header" in response.content.decode()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_players_named_at_the_table_are_spoken_of_by_name(client, game):
    """Issue 19: players may be named on every table page; the verdict, the answer's table
    and the reasons speak of them by name; the names go in the permalink."""
    path = f"/table/{game.slug}/"
    first = client.get(path).content.decode()
    example = client.get(_example_link_of(first))
    count = len(re.findall(r'name="n"', example.content.decode()))
    assert count >= 2, "a name field per player"
    names = [f"Name{i}" for i in range(count)]
    link = _permalink(example) + "".join(f"&n={n}" for n in names)
    named = client.get(link)
    said = verdict(named)
    assert said != verdict(example) and any(n in said for n in names)
    assert "Player 1" not in said and "player 1" not in said
    assert _permalink(named).endswith("".join(f"&n={n}" for n in names)) or all(
        f"n={n}" in _permalink(named) for n in names
    )
    assert f'value="{names[0]}"' in named.content.decode()


def _example_link_of(body: str) -> str:
    found = re.search(r'<a href="([^"]+)" id="example-link">', body)
    assert found
    return unescape(found.group(1))


@pytest.mark.parametrize(
    ("prefix", "words"),
    [("", "Trump: is missing: say which suit is trumps"), ("/sv", "Trump: saknas: säg vilken")],
)
def test_all_fours_judged_blank_says_the_trump_is_missing_not_that_it_is_no_suit(
    client, prefix, words
):
    from games.engine.games import get
    from games.request_forms import RequestForm

    game = get("all-fours")
    assert isinstance(game, RequestGame)
    blank = RequestForm.of(game, game.blank(), REQUEST_PREFIX)
    response = client.get(f"{prefix}/table/all-fours/?{urlencode(blank.params())}&judge=1")
    assert response.status_code == 400
    page = unescape(response.content.decode())
    assert words in page
    assert "not ''" not in page and "inte ''" not in page
