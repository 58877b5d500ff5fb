"""Issue 20: the table's pack in the sheet's deal form. Each card of the game's pack is a
button (``tap=CODE``): with JavaScript cards.js puts it in a box at once; without, the form
comes back with the card in the first empty box. A tap that cannot be placed is refused
(400) naming the card and why, everything typed kept; never a 500."""

from __future__ import annotations

import re
import secrets

import pytest
from django.test import Client

from games.scoresheet import store
from tests.scoresheet.sheet_factory import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client()


def tap(client, game, code, htmx=False, edit=None, **fields):
    game.refresh_from_db()
    data = {"version": game.version, "key": secrets.token_urlsafe(16), "dealer": "0"}
    data.update({"mode": "hands", **fields})
    if code is not None:
        data["tap"] = code
    headers = {"HX-Request": "true"} if htmx else {}
    url = f"/sheet/{game.token}/deals/" + (f"{edit}/" if edit else "")
    return client.post(url, data, headers=headers)


def value(page: str, name: str) -> str:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    assert found, name
    shown = re.search(r'value="([^"]*)"', found.group(0))
    return shown.group(1) if shown else ""


@pytest.mark.parametrize(
    ("slug", "options", "size", "card"),
    [("peel-new", {}, 52, "2S"), ("peel-old", {"pack": "32"}, 32, "7S"), ("swedish", {}, 52, "AD")],
)
def test_the_sheet_shows_the_pack_of_its_game(client, slug, options, size, card):
    game = make_game(slug, **options)
    page = client.get(f"/sheet/{game.token}/").content.decode()
    assert f'class="pack pack-{size}"' in page
    assert page.count('name="tap"') == size
    assert f'id="pack-{card}"' in page
    assert "data-card-board" in page and 'data-who="Ann"' in page
    assert "Next card: Ann, card 1." in page
    # The pack comes after the form's own button: Enter in a box records the deal.
    form = page[page.index('id="deal-form"') :]
    assert form.index('class="big"') < form.index('name="tap"')


@pytest.mark.parametrize("slug", ["cox", "vingt-un"])
def test_a_game_without_three_card_boxes_has_no_pack(client, slug):
    game = make_game(slug, ["Ann", "Bob", "Cy"])
    page = client.get(f"/sheet/{game.token}/").content.decode()
    assert 'name="tap"' not in page


def test_a_tap_without_javascript_fills_the_first_empty_box(client):
    game = make_game("peel-new")
    response = tap(client, game, "AS", card_0_0="KS")
    assert response.status_code == 200
    page = response.content.decode()
    assert value(page, "card_0_0") == "KS" and value(page, "card_0_1") == "A♠"
    assert 'id="pack-AS"' in page and re.search(r'id="pack-AS"[^>]*aria-disabled="true"', page)
    assert re.search(r'id="pack-KS"[^>]*aria-disabled="true"', page)
    assert "Next card: Ann, card 3." in page
    assert "to correct" not in page  # nothing refused: the deal is not sent yet
    assert store.load(game).sheet.deals == 0  # a tap records nothing


def test_a_tap_with_htmx_answers_the_form_alone(client):
    game = make_game("peel-new")
    response = tap(client, game, "QH", htmx=True)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#deal-form"
    page = response.content.decode()
    assert page.lstrip().startswith("<form") and "<html" not in page
    assert value(page, "card_0_0") == "Q♥"


def test_a_tap_on_the_edit_page_fills_the_first_empty_box(client):
    game = make_game("peel-new")
    hands = [["AS", "KS", "QS"], ["2H", "2D", "7C"], ["9C", "8D", "4H"], ["3C", "5D", "JH"]]
    fields = {f"card_{i}_{j}": c for i, h in enumerate(hands) for j, c in enumerate(h)}
    data = {"version": 1, "key": secrets.token_urlsafe(16), "dealer": "0", "stood": "1"}
    client.post(f"/sheet/{game.token}/deals/", {**data, "mode": "hands", **fields})
    fields["card_3_2"] = ""
    response = tap(client, game, "JC", edit=1, stood="1", **fields)
    assert response.status_code == 200
    page = response.content.decode()
    assert value(page, "card_3_2") == "J♣" and value(page, "card_0_0") == "AS"
    assert 'id="pack-JC"' in page


@pytest.mark.parametrize(
    ("code", "typed", "words"),
    [
        ("ZZ", {}, "The card tapped: 'ZZ' is not a card"),
        ("", {}, "The card tapped:"),
        ("2S", {}, "The card tapped: 2♠ is not in the 32-card pack"),
        ("AS", {"card_1_2": "as"}, "The card tapped: A♠ is already Bob's."),
        ("X" * 5000, {}, "The card tapped:"),
    ],
)
def test_a_bad_tap_is_refused_naming_the_card_and_keeps_the_rest(client, code, typed, words):
    game = make_game("peel-new", pack="32" if code == "2S" else "52")
    response = tap(client, game, code, card_2_0="KH", **typed)
    assert response.status_code == 400
    page = response.content.decode()
    assert words in page.replace("&#x27;", "'")
    assert value(page, "card_2_0") == "KH"
    assert store.load(game).sheet.deals == 0


def test_a_tap_when_every_box_is_filled_is_refused(client):
    game = make_game("peel-new", ["Ann", "Bob"])
    full = {"card_0_0": "AS", "card_0_1": "KS", "card_0_2": "QS"}
    full.update({"card_1_0": "2H", "card_1_1": "2D", "card_1_2": "7C"})
    response = tap(client, game, "9C", htmx=True, **full)
    assert response.status_code == 400
    assert "every box is filled" in response.content.decode()


@pytest.mark.parametrize(
    ("pack", "code", "words"),
    [
        # The order of games.pack.place_tapped, as at the table: not in the pack, then held,
        # then every box filled; only the first reason is said.
        ("32", "2S", "The card tapped: 2♠ is not in the 32-card pack"),
        ("52", "2H", "The card tapped: 2♥ is already Bob's."),
        ("52", "9C", "The card tapped: every box is filled"),
    ],
)
def test_a_tap_on_a_full_form_says_the_first_reason_only(client, pack, code, words):
    game = make_game("peel-new", ["Ann", "Bob"], pack=pack)
    full = {"card_0_0": "AS", "card_0_1": "KS", "card_0_2": "2S"}
    full.update({"card_1_0": "2H", "card_1_1": "10D", "card_1_2": "7C"})
    response = tap(client, game, code, **full)
    assert response.status_code == 400
    page = response.content.decode().replace("&#x27;", "'")
    assert words in page
    assert page.count("The card tapped:") == 1
    assert all(value(page, name) == typed for name, typed in full.items())


def test_the_swedish_pack_speaks_swedish(client):
    game = make_game("swedish")
    page = client.get(f"/sv/sheet/{game.token}/").content.decode()
    assert 'class="pack pack-52"' in page
    assert "Next card" not in page and "Nästa kort: Ann, kort 1." in page
    data = {"version": game.version, "key": secrets.token_urlsafe(16), "dealer": "0"}
    data.update({"mode": "hands", "card_1_2": "AS", "tap": "AS"})
    refused = client.post(f"/sv/sheet/{game.token}/deals/", data)
    assert refused.status_code == 400
    assert "Kortet du tryckte på: Bob har redan A♠." in refused.content.decode()


@pytest.mark.parametrize("prefix", ["", "/sv"])
def test_the_sheets_pack_says_what_a_full_form_needs(client, prefix):
    """The words cards.js says when every box is filled fit the page: the sheet's form has no
    × button and no player to add (the table's pack says both)."""
    game = make_game("peel-new")
    sheet = client.get(f"{prefix}/sheet/{game.token}/").content.decode()
    table = client.get(f"{prefix}/table/peel-new/").content.decode()
    full = [re.search(r'data-full="([^"]*)"', page).group(1) for page in (sheet, table)]
    assert full[0] != full[1]
    assert "×" not in full[0] and "×" in full[1]
