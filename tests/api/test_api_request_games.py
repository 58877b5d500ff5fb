"""POST /api/v1/<slug>/<action> for the games settled from one request: one route for them and
Cox's rack, dispatched by the game's board; the answer's body and transfers (amounts as JSON
numbers), reasons and rulings; a 4xx naming the field for every bad input; the OpenAPI document
built from the registry. Tested on a tiny game of the tests' own (High Card) and on every request
game registered."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from django.test import Client

from games.api.http import number
from games.engine.all_fours import AllFours
from games.engine.games import Game, RequestGame, registered
from games.engine.speculation import Speculation
from games.engine.vingt_un import VingtUn
from tests.engine.schema_check import problems
from tests.table.request_game import registered_high_card

HIGH = "/api/v1/high-card/settle"


@pytest.fixture
def high_card() -> Iterator[Game]:
    with registered_high_card() as game:
        yield game


def post(client: Client, path: str, body: object) -> Any:
    return client.post(path, json.dumps(body), content_type="application/json")


def is_number(value: object) -> bool:
    """A JSON number as Python reads it: an int or a float (not a bool, not text)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def _request_games() -> list[RequestGame]:
    return [g for g in registered() if isinstance(g, RequestGame)]


def test_the_test_game_is_settled_with_transfers_reasons_and_rulings(client, high_card):
    body = {"dealer": 1, "players": [{"hand": ["KS"], "stake": 2}, {"hand": "AH", "stake": 1}]}
    got = post(client, HIGH, body)
    assert got.status_code == 200, got.content
    answer = got.json()
    assert answer["winner"] == 1 and answer["next_dealer"] == 0
    assert answer["transfers"] == [
        {
            "from": 0,
            "to": 1,
            "amount": 2,
            "reason": "Player 2 shows the highest card and takes every stake.",
            "citations": [
                {
                    "book": "peel-commerce",
                    "anchor": "description",
                    "url": "/library/peel-commerce/#description",
                }
            ],
            "rulings": ["high-card-ties"],
        }
    ]
    assert [r["text"] for r in answer["reasons"]] == [answer["transfers"][0]["reason"]]
    assert [r["slug"] for r in answer["rulings"]] == ["high-card-ties"]


def test_an_amount_that_is_not_whole_is_the_nearest_float(client, high_card):
    body = {"players": [{"hand": ["2S"], "stake": "1/3"}, {"hand": ["AH"]}]}
    answer = post(client, HIGH, body).json()
    assert answer["transfers"][0]["amount"] == float(Fraction(1, 3))
    assert answer["net"] == [-float(Fraction(1, 3)), float(Fraction(1, 3))]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"players": [{"hand": ["KS"]}, {"hand": ["ZZ"]}]}, "players.1.hand", "player 2, card 1"),
        ({"players": [{"hand": ["KS"]}, {"hand": ["AH"], "stake": -1}]}, "players.1.stake", "2"),
        ({"players": [{"hand": ["KS"]}]}, "players", "two players"),
        ({"players": [{"hand": ["KS"]}, {"hand": ["AH"]}], "dealer": 5}, "dealer", "0 to 1"),
        (
            {"players": [{"hand": ["KS"]}, {"hand": ["AH"]}], "options": {"high_ties": "toss"}},
            "options.high_ties",
            "suits",
        ),
        ({"players": [{"hand": ["KS"]}, {"hand": ["AH"]}], "options": {"x": 1}}, "options.x", "x"),
        ({"players": [{"hand": ["KS"]}, {"hand": ["AH"]}], "options": []}, "options", "object"),
    ],
)
def test_each_bad_value_is_a_400_naming_its_field(client, high_card, body, field, words):
    got = post(client, HIGH, body)
    assert got.status_code == 400
    error = got.json()["error"]
    assert error["field"] == field and words in error["message"]


def test_the_plumbing_s_refusals_hold_for_request_games(client, high_card):
    assert client.get(HIGH).status_code == 405
    assert client.post(HIGH, "[1]", content_type="application/json").status_code == 400
    assert client.post(HIGH, "{", content_type="application/json").status_code == 400
    nested: Any = 1
    for _ in range(20):
        nested = [nested]
    deep = {"players": nested}
    assert post(client, HIGH, deep).status_code == 400
    big = {"players": [{"hand": ["KS"] * 20000}]}
    assert post(client, HIGH, big).status_code == 413


@pytest.mark.parametrize(
    "path",
    ["high-card/score", "cox/settle", "peel-new/settle", "whist/settle", "commerce/score"],
)
def test_an_endpoint_no_game_has_is_a_404_naming_those_that_exist(client, high_card, path):
    got = post(client, f"/api/v1/{path}", {})
    assert got.status_code == 404
    message = got.json()["error"]["message"]
    assert "high-card/settle" in message and "cox/score" in message


def test_cox_s_rack_is_still_scored_on_the_same_route(client, high_card):
    got = post(client, "/api/v1/cox/score", {"cards": ["auto-5", "auto-5"], "supply_base": 1})
    assert got.status_code == 200 and "score" in got.json()


def _resolve(doc: dict[str, Any], value: Any) -> None:
    """Every ``$ref`` in ``value`` names a schema of the document."""
    if isinstance(value, dict):
        ref = value.get("$ref")
        if ref is not None:
            assert ref.startswith("#/components/schemas/"), ref
            assert ref.rsplit("/", 1)[1] in doc["components"]["schemas"], ref
        for inner in value.values():
            _resolve(doc, inner)
    elif isinstance(value, list):
        for inner in value:
            _resolve(doc, inner)


def test_the_openapi_document_has_the_endpoint_its_schemas_and_example(client, high_card):
    doc = client.get("/api/v1/openapi.json").json()
    _resolve(doc, doc)
    path = doc["paths"]["/api/v1/high-card/settle"]["post"]
    schemas = doc["components"]["schemas"]
    assert path["requestBody"]["content"]["application/json"]["example"] == high_card.example()
    request = schemas["HighCardRequest"]
    assert set(request["properties"]) == {"dealer", "players", "options"}
    assert request["properties"]["options"]["properties"]["high_ties"]["enum"] == [
        "suits",
        "dealer",
    ]
    response = schemas["HighCardResponse"]
    assert {"winner", "net", "transfers", "reasons", "rulings"} <= set(response["properties"])
    assert schemas["Transfer"]["properties"]["amount"]["type"] == "number"


def test_the_openapi_document_loses_a_game_unregistered(client):
    doc = client.get("/api/v1/openapi.json").json()
    assert "/api/v1/high-card/settle" not in doc["paths"]
    assert "HighCardRequest" not in doc["components"]["schemas"]


# ---------------------------------------------------------------- every request game registered


def _check_answer(doc: dict[str, Any], game: RequestGame, answer: dict[str, Any]) -> None:
    """The answer has every field its schema requires; money adds up to nothing."""
    name = "".join(part.capitalize() for part in game.slug.split("-"))
    schema = doc["components"]["schemas"][f"{name}Response"]
    assert set(schema.get("required", [])) <= set(answer), game.slug
    body = {k: v for k, v in answer.items() if k not in ("transfers", "reasons", "rulings")}
    assert problems(body, game.answer_schema()) == "", game.slug
    for transfer in answer["transfers"]:
        assert is_number(transfer["amount"]) and transfer["amount"] > 0, transfer
        assert transfer["citations"], transfer
    if "net" in answer:
        assert all(is_number(n) for n in answer["net"]), answer["net"]
        assert sum(answer["net"]) == pytest.approx(0, abs=1e-9)


def test_every_request_game_answers_its_example_as_its_schema_says(client, high_card):
    doc = client.get("/api/v1/openapi.json").json()
    for game in _request_games():
        path = f"/api/v1/{game.slug}/{game.action}"
        assert path in doc["paths"], game.slug
        example = doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]
        assert set(example["example"]) <= set(
            doc["components"]["schemas"][
                "".join(p.capitalize() for p in game.slug.split("-")) + "Request"
            ]["properties"]
        )
        got = post(client, path, game.example())
        assert got.status_code == 200, (game.slug, got.content[:300])
        _check_answer(doc, game, got.json())
        assert got.json()["reasons"], game.slug


# ------------------------------------------------------- amounts as JSON numbers, game by game


def _settled(client: Client, slug: str, request: dict[str, Any]) -> dict[str, Any]:
    game = next(g for g in _request_games() if g.slug == slug)
    got = post(client, f"/api/v1/{slug}/{game.action}", request)
    assert got.status_code == 200, got.content[:300]
    answer: dict[str, Any] = got.json()
    # the numbers are the engine's exact amounts, written as the Commerce settle endpoint does
    assert answer["net"] == [number(n) for n in game.answer(request).scores]
    assert all(is_number(n) for n in answer["net"]), answer["net"]
    assert sum(answer["net"]) == pytest.approx(0, abs=1e-9)
    return answer


def test_vingt_un_writes_its_amounts_as_json_numbers(client):
    request = VingtUn().example()
    request["players"][1]["hands"][0]["stake"] = "1/2"  # an amount that is not whole
    answer = _settled(client, "vingt-un", request)
    assert any(isinstance(n, float) for n in answer["net"]), answer["net"]
    hands = [hand for player in answer["hands"] for hand in player]
    assert all(is_number(hand["net"]) for hand in hands), hands
    assert all(hand["stake"] is None or is_number(hand["stake"]) for hand in hands), hands
    assert [sum(hand["net"] for hand in player) for player in answer["hands"]] == answer["net"]


def test_speculation_writes_its_amounts_as_json_numbers(client):
    request = Speculation().example() | {"pool": {"dealer": "2 1/2", "others": 1}}
    answer = _settled(client, "speculation", request)
    pool = answer["pool"]
    n = len(answer["players"])
    assert (pool["dealer"], pool["others"], pool["total"]) == (2.5, 1, 2.5 + (n - 1) * 1)
    money = [p[key] for p in answer["players"] for key in ("put_in", "paid", "received")]
    assert all(is_number(m) for m in money), money


def test_all_fours_keeps_points_as_whole_numbers(client):
    game = AllFours()
    got = post(client, f"/api/v1/all-fours/{game.action}", game.example())
    assert got.status_code == 200, got.content[:300]
    answer = got.json()
    assert "net" not in answer and answer["transfers"] == []
    assert all(isinstance(s, int) and not isinstance(s, bool) for s in answer["score"])
    assert answer["score"] == list(game.answer(game.example()).body["score"])


# ------------------------------------------------------- All Fours: only who took each point

SCORE = "/api/v1/all-fours/score"


def test_all_fours_scores_a_result_entered_alone(client):
    request = {
        "players": 4,
        "dealer": 3,
        "taken": {"high": 1, "low": 0, "jack": 0, "game": None},
        "begged": True,
        "gift": True,
        "options": {"target": "10"},
    }
    got = post(client, SCORE, request)
    assert got.status_code == 200, got.content[:300]
    answer = got.json()
    assert answer["score"] == [3, 1] and answer["gift"] == 0
    assert answer["points"] == request["taken"]
    assert answer["trump"] is None and answer["game_counts"] is None and answer["cards"] is None
    assert answer["sides"] == [[0, 2], [1, 3]] and answer["transfers"] == []
    assert answer["reasons"][0]["text"].startswith("Entered as the side that took each point")
    assert all(reason["citations"] for reason in answer["reasons"])
    doc = client.get("/api/v1/openapi.json").json()
    _check_answer(doc, AllFours(), answer)
    schema = doc["components"]["schemas"]["AllFoursRequest"]
    assert [branch["title"] for branch in schema["oneOf"]] == [
        "The cards",
        "Only who took each point",
    ]
    assert "taken" in schema["properties"] and "options" in schema["properties"]


def test_all_fours_cards_are_answered_as_before(client):
    # The request of cards gets the answer it always got, key for key.
    got = post(client, SCORE, AllFours().example()).json()
    assert list(got)[:7] == ["trump", "sides", "points", "gift", "game_counts", "score", "cards"]
    assert got["trump"] == "H" and got["game_counts"] == [30, 10] and got["score"] == [2, 2]
    assert got["cards"]["low"] == {"card": "2H", "player": 0}


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"taken": {"high": 2, "low": 1, "jack": 0, "game": 0}}, "taken.high", "must be a side"),
        ({"taken": {"high": 0, "low": 1, "jack": 0, "game": 0, "trick": 1}}, "taken.trick", "All"),
        ({"taken": {"low": 1, "jack": 0, "game": 0}}, "taken.high", "is missing"),
        ({"taken": {"high": 0, "low": None, "jack": 0, "game": 0}}, "taken.low", "trump was dealt"),
        ({"taken": "0 1 0 0"}, "taken", "must be an object"),
        ({"trump": "S"}, "trump", "not both"),
        ({"dealer": 4}, "dealer", "0 to 3"),
        ({"players": 3}, "players", "two or four"),
        ({"gift": True}, "gift", "begged"),
        ({"options": {"equal_game": "dealer"}}, "options.equal_game", "equal_game"),
    ],
)
def test_all_fours_refuses_a_bad_result_naming_its_field(client, change, field, words):
    request = {"players": 4, "dealer": 0, "taken": {"high": 1, "low": 0, "jack": 1, "game": 1}}
    got = post(client, SCORE, {**request, **change})
    assert got.status_code == 400, got.content[:300]
    error = got.json()["error"]
    assert error["field"] == field and words in error["message"], error
