"""The API on the registry of games: every registered game's slug works, version 1's names
still do and get the same answer, and options named like the engine's arguments are options,
not a 500 (issue 9: `{"options": {"pack": "52"}}` reached a TypeError)."""

import json

import pytest

from games.engine.games import registered

HANDS = [["AS", "2S", "3S"], ["KD", "KH", "2C"]]
PLAYERS = [
    {"hand": ["AS", "KS", "QS"]},
    {"hand": ["9H", "9D", "2C"], "bought": 1},
    {"hand": ["5C", "6D", "8H"], "bought": 2},
]


def post(client, path, body):
    return client.post(f"/api/v1/{path}", json.dumps(body), content_type="application/json")


@pytest.mark.parametrize(("old", "new"), [("english", "peel-new"), ("swedish", "swedish")])
def test_showdown_answers_the_first_names_and_the_slugs_alike(client, old, new):
    before = post(client, "commerce/showdown", {"rules": old, "hands": HANDS}).json()
    after = post(client, "commerce/showdown", {"rules": new, "hands": HANDS}).json()
    assert before["rules"] == old and after["rules"] == new
    assert {k: v for k, v in before.items() if k != "rules"} == {
        k: v for k, v in after.items() if k != "rules"
    }


@pytest.mark.parametrize(("old", "new"), [("english-new", "peel-new"), ("english-old", "peel-old")])
def test_settle_answers_the_first_names_and_the_slugs_alike(client, old, new):
    players = PLAYERS if old == "english-new" else [{"hand": p["hand"]} for p in PLAYERS]
    body = {"stake": 1, "dealer": 0, "stood": 1, "players": players}
    before = post(client, "commerce/settle", {**body, "rules": old}).json()
    after = post(client, "commerce/settle", {**body, "rules": new}).json()
    assert before["rules"] == old and after["rules"] == new
    assert before["net"] == after["net"] and before["net"] != []


@pytest.mark.parametrize("path", ["commerce/showdown", "commerce/strength"])
@pytest.mark.parametrize(
    "options",
    [
        {"pack": "52"},
        {"pack": 52},
        {"limited": "none"},
        {"name": "x"},
        {"rules": "english"},
        {"hands": []},
    ],
)
def test_options_named_like_arguments_are_options_or_a_clear_400(client, path, options):
    body = {"rules": "english", "hands": HANDS, "hand": HANDS[0], "options": options}
    response = post(client, path, body)
    assert response.status_code in (200, 400)
    if response.status_code == 400:
        error = response.json()["error"]
        assert error["field"].startswith("options.") and error["message"]


def test_options_and_fields_that_disagree_are_a_400_naming_the_field(client):
    body = {"rules": "english", "hands": HANDS, "pack": 32, "options": {"pack": "52"}}
    error = post(client, "commerce/showdown", body).json()["error"]
    assert error["field"] == "pack" and "give it once" in error["message"]


@pytest.mark.parametrize("options", [{"pack": 32}, {"limited": "none"}, {"limited": "no-pair"}])
def test_settle_options_named_like_arguments_never_500(client, options):
    for rules in ("english-new", "english-old", "swedish"):
        body = {
            "rules": rules,
            "stake": 1,
            "dealer": 0,
            "stood": 1,
            "players": PLAYERS[:2],
            "options": options,
        }
        response = post(client, "commerce/settle", body)
        assert response.status_code in (200, 400), (rules, options, response.content)


def test_the_swedish_game_refuses_a_short_pack_naming_the_field(client):
    error = post(
        client, "commerce/showdown", {"rules": "swedish", "hands": HANDS, "pack": 32}
    ).json()["error"]
    assert error["field"] == "pack" and "52-card pack only" in error["message"]


def test_the_openapi_enums_are_the_registry_s_names(client):
    doc = client.get("/api/v1/openapi.json").json()
    schemas = doc["components"]["schemas"]
    showdown = schemas["ShowdownRequest"]["properties"]["rules"]["enum"]
    settle = schemas["SettleRequest"]["properties"]["rules"]["enum"]
    for game in registered():
        if game.board == "hands":
            assert game.slug in showdown and set(game.aliases) <= set(showdown)
        if game.settles_deals:
            assert game.slug in settle
    assert {"english", "swedish"} <= set(showdown)
    assert {"english-new", "english-old", "swedish"} <= set(settle)
    options = schemas["ShowdownRequest"]["properties"]["options"]["properties"]
    assert options["flush_ties"]["enum"] == ["highest-card", "share"]


def test_a_rack_of_a_game_that_is_not_counted_is_a_404_json(client):
    response = post(client, "peel-new/score", {"cards": ["bank"], "supply_base": 1})
    assert response.status_code == 404 and "cox" in response.json()["error"]["message"]


# --- Readings the engine applied without saying so (issue 8, item 4) --------------------------


def test_the_old_game_refuses_purchases_naming_the_player(client):
    body = {"rules": "english-old", "stake": 1, "players": PLAYERS}
    response = post(client, "commerce/settle", body)
    assert response.status_code == 400
    assert "no trading" in response.json()["error"]["message"]
    assert response.json()["error"]["message"].startswith("bought[1]")


def test_a_swedish_deal_of_two_players_is_paid_under_a_stated_ruling(client):
    body = {
        "rules": "swedish",
        "stake": 1,
        "dealer": 0,
        "players": [{"hand": ["AS", "KS", "QS"]}, {"hand": ["9H", "9D", "2C"]}],
    }
    response = post(client, "commerce/settle", body)
    assert response.status_code == 200
    assert "swedish-two-players" in {r["slug"] for r in response.json()["rulings"]}
    assert sum(response.json()["net"]) == 0


@pytest.mark.parametrize(
    "body",
    [
        {"rules": "swedish", "hands": [["s6", "s5", "s4"], ["h6", "h5", "h4"], ["dK", "cK", "h3"]]},
        {
            "rules": "english",
            "options": {"exact_ties": "dealer"},
            "hands": [["QH", "KH", "AH"], ["QS", "KS", "AS"], ["2C", "3D", "9H"]],
        },
    ],
)
def test_a_tie_the_dealer_would_decide_says_no_dealer_was_named(client, body):
    reasons = post(client, "commerce/showdown", body).json()["reasons"]
    assert any("no dealer was named" in r["text"] for r in reasons)


def test_a_stander_tied_by_the_dealer_under_the_house_rule_is_a_stated_ruling(client):
    body = {
        "rules": "english-new",
        "stake": 1,
        "dealer": 1,
        "stood": 0,
        "options": {"exact_ties": "dealer"},
        "players": [{"hand": ["QH", "KH", "AH"]}, {"hand": ["QS", "KS", "AS"]}],
    }
    answer = post(client, "commerce/settle", body).json()
    assert "peel-stander-tied-by-dealer" in {r["slug"] for r in answer["rulings"]}
    assert answer["net"] == [-2, 2]


def test_the_deal_passes_left_citing_the_paragraph_that_says_left(client):
    from games.engine.games import get

    game = get("peel-new")
    reason = game.rotation_reason(game.configure())
    assert str(reason.citations[0]) == "peel-commerce#same-dealer"
    same = game.rotation_reason(game.configure({"same_dealer": True}))
    assert {"peel-same-dealer-own-hand", "peel-same-dealer-limited"} <= set(same.rulings)


def test_an_unknown_api_address_is_a_404_in_json_and_a_page_elsewhere(client):
    response = client.get("/api/v1/commerce/showdwn")
    assert response.status_code == 404
    assert "openapi.json" in response.json()["error"]["message"]
    page = client.get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
