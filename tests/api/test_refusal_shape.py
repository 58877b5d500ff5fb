"""Every refusal of the API has the one shape the README gives (issue 19): a JSON object with
only ``error``, an object with ``message`` (words to read) and ``field`` (the value at fault,
or null when the whole request is), whatever the endpoint, the method or the mistake."""

from __future__ import annotations

import json

import pytest
from django.test import Client

ENDPOINTS = [
    "/api/v1/commerce/showdown",
    "/api/v1/commerce/settle",
    "/api/v1/commerce/strength",
    "/api/v1/cox/score",
    "/api/v1/vingt-un/settle",
    "/api/v1/speculation/settle",
    "/api/v1/all-fours/score",
    "/api/v1/nope/score",
    "/api/v1/cox/settle",
]
BODIES = [
    "",
    "{",
    "[]",
    "{}",
    '{"x": 1}',
    '{"rules": 5}',
    '{"hands": "AS"}',
    '{"players": [], "dealer": "a"}',
    '{"cards": ["zz"]}',
    '{"hands": [["AS", "2S", "3S"], ["KD", "KH", "ZZ"]]}',
]


def refusal(response) -> dict:
    assert 400 <= response.status_code < 500, response.status_code
    assert response["Content-Type"].startswith("application/json")
    found = json.loads(response.content)
    assert list(found) == ["error"], found
    error = found["error"]
    assert isinstance(error["message"], str) and error["message"], found
    assert "field" in error and (error["field"] is None or isinstance(error["field"], str)), found
    return error


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_every_bad_request_to_every_endpoint_is_refused_in_one_shape(endpoint):
    client = Client()
    for body in BODIES:
        refusal(client.post(endpoint, body, content_type="application/json"))
    refusal(client.get(endpoint))  # a wrong method
    refusal(client.post(endpoint, "{}", content_type="text/plain"))
    too_big = refusal(client.post(endpoint, " " * 70_000, content_type="application/json"))
    assert too_big["field"] is None


def test_a_refusal_about_a_value_names_it_by_its_path():
    error = refusal(
        Client().post(
            "/api/v1/vingt-un/settle",
            {"dealer": 0, "players": [{"hands": [{"cards": ["ZZ", "2C"]}]}, {"hands": []}]},
            content_type="application/json",
        )
    )
    assert error["field"] and error["field"].startswith("players.")
