"""API v1 contract: POST /api/v1/commerce/showdown, and the error contract of all endpoints."""

import json

import pytest
from django.test import Client

URL = "/api/v1/commerce/showdown"


def post(data, url=URL, raw=None):
    body = raw if raw is not None else json.dumps(data)
    return Client().post(url, body, content_type="application/json")


def test_contract_example_sequence_beats_pair():
    response = post({"rules": "english", "hands": [["AS", "2S", "3S"], ["KD", "KH", "2C"]]})
    assert response.status_code == 200
    body = response.json()
    assert [h["category"] for h in body["hands"]] == ["sequence", "pair"]
    assert [h["place"] for h in body["hands"]] == [1, 2]
    assert body["winners"] == [0]
    reason = body["reasons"][0]
    assert reason["text"]
    assert {
        "book": "peel-commerce",
        "anchor": "combinations",
        "url": "/library/peel-commerce/#combinations",
    } in reason["citations"]


def test_hands_come_back_in_request_order_and_equal_hands_share_a_place():
    # Two pairs of nines with the same third rank differ only in suits: equal (Peel, tie-pair).
    body = post(
        {"rules": "english", "hands": [["2C", "3D", "5H"], ["9S", "9H", "KC"], ["9D", "9C", "KD"]]}
    ).json()
    assert [h["place"] for h in body["hands"]] == [3, 1, 1]
    assert body["winners"] == [1, 2]


def test_swedish_categories_and_a_tie_with_the_dealer_goes_to_him():
    # s6 s5 s4 and h6 h5 h4 are equal sekvens; the dealer (hand 1) wins the tie (lika).
    body = post(
        {
            "rules": "swedish",
            "dealer": 1,
            "hands": [["s6", "s5", "s4"], ["h6", "h5", "h4"], ["dK", "cK", "h3"]],
        }
    ).json()
    assert [h["category"] for h in body["hands"]] == ["sekvens", "sekvens", "ingenting"]
    assert body["winners"] == [1]
    assert any(c["anchor"] == "lika" for r in body["reasons"] for c in r["citations"])


def test_ace_two_three_is_a_sequence_to_peel_but_poang_in_the_swedish_rules():
    hands = [["AH", "2H", "3H"], ["4C", "9D", "QS"]]
    assert post({"rules": "english", "hands": hands}).json()["hands"][0]["category"] == "sequence"
    assert post({"rules": "swedish", "hands": hands}).json()["hands"][0]["category"] == "poang"


def test_thirty_two_card_pack_and_limited_commerce():
    hands = [["9S", "9H", "KC"], ["7D", "8C", "AS"]]
    body = post({"rules": "english", "pack": 32, "limited": "no-pair", "hands": hands}).json()
    # Without Pair, the pair of nines is reckoned as Point: 9 + 9 + 10 = 28 beats 7 + 8 + 11 = 26.
    assert [h["category"] for h in body["hands"]] == ["point", "point"]
    assert body["winners"] == [0]


def test_editorial_rulings_are_reported_with_their_option():
    # Two flushes of equal point (Peel is silent): 10-8-2 (20) and 9-7-4 (20) of two suits.
    body = post({"rules": "english", "hands": [["10H", "8H", "2H"], ["9S", "7S", "4S"]]}).json()
    assert body["rulings"], body
    ruling = body["rulings"][0]
    assert ruling["option"] == "flush_ties"
    shared = post(
        {
            "rules": "english",
            "options": {"flush_ties": "share"},
            "hands": [["10H", "8H", "2H"], ["9S", "7S", "4S"]],
        }
    ).json()
    assert shared["winners"] == [0, 1]


def test_strength_may_be_asked_for():
    body = post(
        {"rules": "english", "strength": True, "hands": [["AS", "AH", "AD"], ["2C", "3D", "5H"]]}
    ).json()
    strong, weak = (h["strength"] for h in body["hands"])
    assert strong["beats_share"] > 0.99 > weak["beats_share"]
    assert abs(strong["win"] + strong["tie"] + strong["lose"] - 1) < 1e-9


# --- every bad input is a 4xx with a message in words ---

BAD_REQUESTS = [
    ({"hands": [["AS", "2S", "3S"], ["KD", "KH", "2C"]]}, "'rules' is missing"),
    ({"rules": "klondike", "hands": [["AS", "2S", "3S"], ["KD", "KH", "2C"]]}, "'rules' should be"),
    ({"rules": "english"}, "'hands' is missing"),
    ({"rules": "english", "hands": "AS 2S 3S"}, "'hands' should be"),
    ({"rules": "english", "hands": [["AS", "2S", "3S"]]}, "at least two hands"),
    ({"rules": "english", "hands": [["AS", "2S", "3S"], ["KD", "KH"]]}, "three cards"),
    ({"rules": "english", "hands": [["AS", "2S", "3S"], ["KD", "KH", "ZZ"]]}, "'ZZ' is not a card"),
    ({"rules": "english", "hands": [["AS", "2S", "3S"], ["KD", "KH", "as"]]}, "also in hand 1"),
    ({"rules": "english", "hands": [["AS", "AS", "3S"], ["KD", "KH", "2C"]]}, "twice"),
    ({"rules": "english", "hands": [["AS", "2S", "3S"], ["KD", "KH", 7]]}, "card codes"),
    (
        {"rules": "english", "pack": 32, "hands": [["AS", "2S", "3S"], ["KD", "KH", "QC"]]},
        "not in the 32-card pack",
    ),
    (
        {"rules": "english", "pack": 40, "hands": [["AS", "KS", "QS"], ["KD", "KH", "QC"]]},
        "'pack' should be",
    ),
    (
        {"rules": "english", "limited": "some", "hands": [["AS", "KS", "QS"], ["KD", "KH", "QC"]]},
        "'limited' should be",
    ),
    (
        {"rules": "english", "dealer": 5, "hands": [["AS", "KS", "QS"], ["KD", "KH", "QC"]]},
        "'dealer' is 5",
    ),
    (
        {"rules": "english", "dealer": "0", "hands": [["AS", "KS", "QS"], ["KD", "KH", "QC"]]},
        "'dealer' should be",
    ),
    (
        {
            "rules": "english",
            "options": {"colour": "red"},
            "hands": [["AS", "KS", "QS"], ["KD", "KH", "QC"]],
        },
        "colour",
    ),
    (
        {
            "rules": "english",
            "options": {"flush_ties": "coin"},
            "hands": [["AS", "KS", "QS"], ["KD", "KH", "QC"]],
        },
        "flush_ties",
    ),
    (
        {"rules": "english", "options": ["x"], "hands": [["AS", "KS", "QS"], ["KD", "KH", "QC"]]},
        "'options' should be",
    ),
    ({"rules": "swedish", "pack": 32, "hands": [["AS", "KS", "QS"], ["KD", "KH", "QC"]]}, "52"),
    (
        {"rules": "english", "strength": "yes", "hands": [["AS", "KS", "QS"], ["KD", "KH", "QC"]]},
        "'strength' should be",
    ),
]


@pytest.mark.parametrize(("data", "words"), BAD_REQUESTS)
def test_bad_input_gets_a_4xx_naming_what_is_wrong(data, words):
    response = post(data)
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert words.lower() in message.lower(), message


def test_too_many_hands_for_the_pack():
    from games.engine.cards import PACK_32, PACK_52

    codes = [str(c) for c in PACK_52.cards]
    thirteen = [codes[i : i + 3] for i in range(0, 39, 3)]
    response = post({"rules": "english", "hands": thirteen})
    assert response.status_code == 400
    assert "12" in response.json()["error"]["message"]
    short = [str(c) for c in PACK_32.cards]
    eight = [short[i : i + 3] for i in range(0, 24, 3)]
    response = post({"rules": "english", "pack": 32, "hands": eight})
    assert response.status_code == 400
    assert "7" in response.json()["error"]["message"]


def test_the_error_says_which_hand_and_card():
    error = post({"rules": "english", "hands": [["AS", "2S", "3S"], ["KD", "ZZ", "2C"]]}).json()
    assert error["error"]["hand"] == 1
    assert error["error"]["card"] == 1
    assert error["error"]["token"] == "ZZ"


@pytest.mark.parametrize("raw", ["", "{", "[1, 2]", '"text"', "null", "\xff\xfe"])
def test_malformed_json_is_a_400(raw):
    response = post(None, raw=raw)
    assert response.status_code == 400
    assert response.json()["error"]["message"]


@pytest.mark.parametrize(
    "url", [URL, "/api/v1/commerce/settle", "/api/v1/cox/score", "/api/v1/commerce/strength"]
)
def test_get_is_405_with_a_json_message(url):
    response = Client().get(url)
    assert response.status_code == 405
    assert "POST" in response.json()["error"]["message"]


def test_an_oversized_body_is_refused():
    response = post(None, raw=json.dumps({"rules": "english", "junk": "x" * 70000}))
    assert response.status_code == 413


def test_openapi_document_describes_the_contract():
    response = Client().get("/api/v1/openapi.json")
    assert response.status_code == 200
    doc = response.json()
    assert doc["openapi"].startswith("3.1")
    for path in ("/api/v1/commerce/showdown", "/api/v1/commerce/settle", "/api/v1/cox/score"):
        assert "post" in doc["paths"][path]
    categories = doc["components"]["schemas"]["ShowdownResponse"]["properties"]["hands"]
    assert "tretal" in categories["items"]["properties"]["category"]["enum"]
