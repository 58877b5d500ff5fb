"""No request body, however odd, gets a 500: every field of every endpoint takes arbitrary JSON.

Each example starts from a valid request and replaces one field (or adds an unknown one) with
any JSON value, so the odd value reaches the code that reads it rather than an earlier check.
"""

import json
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.games import RequestGame, registered

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
PLAYERS = [
    {"hand": ["AS", "KS", "QS"], "bought": 1},
    {"hand": ["9H", "9D", "2C"]},
    {"hand": ["5C", "6D", "8H"], "bought": 2},
]
VALID: dict[str, dict[str, Any]] = {
    "/api/v1/commerce/showdown": {
        "rules": "english",
        "hands": [["AS", "2S", "3S"], ["KD", "KH", "2C"]],
        "pack": 52,
        "limited": "none",
        "dealer": 0,
        "options": {"flush_ties": "share"},
        "strength": True,
    },
    "/api/v1/commerce/settle": {
        "rules": "english-new",
        "stake": 1,
        "dealer": 0,
        "stood": 1,
        "players": PLAYERS,
        "options": {"dealer_penalty": "all"},
    },
    "/api/v1/commerce/strength": {"rules": "swedish", "hand": ["sE", "s8", "d5"]},
    "/api/v1/cox/score": {
        "cards": ["auto-5", "auto-5", "auto-captain", "bank"],
        "supply_base": 1,
        "options": {"penalty_before_double": True},
    },
}
# Every game settled from one request (Vingt-un, Speculation, All Fours), from its own example.
REQUEST_GAMES = [g for g in registered() if isinstance(g, RequestGame)]
for _game in REQUEST_GAMES:
    VALID[f"/api/v1/{_game.slug}/{_game.action}"] = {**_game.example(), "options": {}}
MUTATIONS = [(url, key) for url, body in VALID.items() for key in [*body, "surprise"]]


@pytest.mark.parametrize("url", VALID)
def test_the_valid_requests_are_valid(url):
    assert (
        Client().post(url, json.dumps(VALID[url]), content_type="application/json").status_code
        == 200
    )


@pytest.mark.parametrize(("url", "key"), MUTATIONS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=JSON)
def test_any_value_in_any_field_is_answered_without_a_500(url, key, value):
    body = {**VALID[url], key: value}
    response = Client(raise_request_exception=False).post(
        url, json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (200, 400), (body, response.content[:300])
    if response.status_code == 400:
        assert response.json()["error"]["message"]


@settings(max_examples=60, deadline=None)
@given(player=st.dictionaries(st.sampled_from(["hand", "bought", "x"]), JSON, max_size=3))
def test_any_player_object_is_answered_without_a_500(player):
    body = {**VALID["/api/v1/commerce/settle"], "players": [PLAYERS[0], player]}
    response = Client(raise_request_exception=False).post(
        "/api/v1/commerce/settle", json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (200, 400), (body, response.content[:300])


DROPS = [(url, key) for url, body in VALID.items() for key in body]


@pytest.mark.parametrize(("url", "dropped"), DROPS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_missing_field_beside_an_odd_one_is_answered_without_a_500(url, dropped, data):
    body = {k: v for k, v in VALID[url].items() if k != dropped}
    changed = data.draw(st.sampled_from([*sorted(body), "surprise"]), label="changed")
    body[changed] = data.draw(JSON, label="value")
    response = Client(raise_request_exception=False).post(
        url, json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (200, 400), (body, response.content[:300])


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a request: each key of an object, each item of a list."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*path, index))
    return found


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replaced(value[head], rest, new)}
    return [_replaced(v, rest, new) if i == head else v for i, v in enumerate(value)]


@pytest.mark.parametrize("game", REQUEST_GAMES, ids=lambda g: g.slug)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_value_anywhere_inside_a_request_game_s_request_is_answered_without_a_500(game, data):
    example = game.example()
    path = data.draw(st.sampled_from(_paths(example)), label="path")
    body = _replaced(example, path, data.draw(JSON, label="value"))
    url = f"/api/v1/{game.slug}/{game.action}"
    response = Client(raise_request_exception=False).post(
        url, json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (200, 400), (body, response.content[:300])
    if response.status_code == 400:
        assert response.json()["error"]["message"]
