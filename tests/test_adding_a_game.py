"""The README's "Adding a game" is true: a variant written in one engine module appears, with
nothing else edited, in the API and its OpenAPI enum, the table's chooser and showdown page,
the calculators' index, the score sheet's list of games and /rulings/.

The module is tests/example_variant.py, loaded as if it were games/engine/variants/blind.py.
"""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from games.engine.citations import RULINGS
from games.engine.games import get, registered, unregister
from tests.table.request_game import registered_high_card

MODULE = Path(__file__).with_name("example_variant.py")
HANDS = [["QH", "KH", "AH"], ["QS", "KS", "AS"], ["2C", "3D", "9H"]]


@pytest.fixture
def blind():
    spec = importlib.util.spec_from_file_location("games.engine.variants.blind", MODULE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield get("blind-commerce")
    unregister("blind-commerce")
    del RULINGS["blind-commerce-ties"]
    del sys.modules[spec.name]


def post(client, path, body):
    return client.post(f"/api/v1/{path}", json.dumps(body), content_type="application/json")


def test_it_is_registered_with_its_option_and_ruling(blind):
    assert blind in registered()
    option = blind.option("blind_ties")
    assert option.label == "Ties with the dealer"
    assert option.ruling is RULINGS["blind-commerce-ties"]


def test_the_api_judges_and_settles_it_and_the_openapi_enum_names_it(client, blind):
    shown = post(
        client,
        "commerce/showdown",
        {
            "rules": "blind-commerce",
            "hands": HANDS,
            "dealer": 1,
            "options": {"blind_ties": "dealer"},
        },
    )
    assert shown.status_code == 200 and shown.json()["winners"] == [1]
    settled = post(
        client,
        "commerce/settle",
        {"rules": "blind-commerce", "stake": 1, "players": [{"hand": h} for h in HANDS]},
    )
    assert settled.status_code == 200 and settled.json()["net"] == [1, 1, -2]
    bad = post(
        client,
        "commerce/showdown",
        {"rules": "blind-commerce", "hands": HANDS, "options": {"blind_ties": "toss"}},
    )
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "options.blind_ties"
    schemas = client.get("/api/v1/openapi.json").json()["components"]["schemas"]
    assert "blind-commerce" in schemas["ShowdownRequest"]["properties"]["rules"]["enum"]
    assert "blind-commerce" in schemas["SettleRequest"]["properties"]["rules"]["enum"]
    assert "blind_ties" in schemas["ShowdownRequest"]["properties"]["options"]["properties"]


def test_the_table_chooser_lists_it_and_its_page_judges_hands(client, blind):
    chooser = client.get("/table/").content.decode()
    assert 'href="/table/blind-commerce/"' in chooser and "Blind Commerce" in chooser
    page = client.get(
        "/table/blind-commerce/",
        {"h": [" ".join(h) for h in HANDS], "dealer": "2", "blind_ties": "dealer"},
    )
    assert page.status_code == 200
    html = page.content.decode()
    assert "Ties with the dealer" in html


def test_the_calculators_index_lists_it_and_its_calculator_settles(client, blind):
    index = client.get("/pay/").content.decode()
    assert 'href="/pay/blind-commerce/"' in index
    settled = client.get(
        "/pay/blind-commerce/",
        {"stake": "1", "hand1": "QH KH AH", "hand2": "QS KS AS", "hand3": "2C 3D 9H"},
    )
    assert settled.status_code == 200 and "Ties with the dealer" in settled.content.decode()


def test_the_score_sheet_offers_it(client, blind, db):
    start = client.get("/sheet/").content.decode()
    assert 'value="blind-commerce"' in start and "Blind Commerce" in start
    # Started with its own house rule, two deals recorded by the hands shown: the dealer wins
    # the tie he is in (deal 1, Bob deals: +2), Cy pays both equal winners (deal 2, Cy deals).
    fields = {"rules": "blind-commerce", "players": "Ann\nBob\nCy", "stake": "1"}
    url = client.post("/sheet/", {**fields, "blind-commerce-blind_ties": "dealer"})["Location"]
    cards = {f"card_{i}_{j}": card for i, hand in enumerate(HANDS) for j, card in enumerate(hand)}
    for version, dealer in ((1, 1), (2, 2)):
        deal = {"version": version, "key": f"blind-deal-{dealer}", "dealer": dealer, **cards}
        assert client.post(f"{url}deals/", {**deal, "mode": "hands"}).status_code == 303
    totals = client.get(f"{url}export.json").json()["totals"]
    assert totals == {"Ann": "0", "Bob": "3", "Cy": "-3"}


def test_rulings_lists_it_under_its_game(client, blind):
    html = client.get("/rulings/").content.decode()
    section = html[html.index('id="game-blind-commerce"') :]
    assert 'id="blind-commerce-ties"' in section
    assert "House rule “Ties with the dealer”" in section


def test_a_game_settled_from_one_request_appears_everywhere_with_nothing_else_edited(client):
    """A RequestGame (tests/table/request_game.py: High Card) registered: its endpoint and
    schemas in the API, its page at the table's chooser settling its example, its ruling on
    /rulings/."""
    with registered_high_card() as game:
        example = game.example()
        answered = post(client, "high-card/settle", example)
        assert answered.status_code == 200 and answered.json()["transfers"]
        doc = client.get("/api/v1/openapi.json").json()
        assert "/api/v1/high-card/settle" in doc["paths"]
        assert "HighCardRequest" in doc["components"]["schemas"]
        assert 'href="/table/high-card/"' in client.get("/table/").content.decode()
        page = client.get("/table/high-card/")
        assert page.status_code == 200 and "Link to this hand" in page.content.decode()
        html = client.get("/rulings/").content.decode()
        section = html[html.index('id="game-high-card"') :]
        assert 'id="high-card-ties"' in section
