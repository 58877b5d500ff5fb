"""Issue 9: nothing a client sends reaches a 500, and every refusal is the API's JSON error.

Bodies that the JSON decoder itself chokes on (a 5,000-digit integer, 10,000 levels of
nesting), text that is not text (a lone surrogate, a NUL), numbers no field takes (10**100,
1e-300, NaN), bodies too large or sent in chunks, a method the document does not take; and the
site-wide pieces: the 500 page for API paths, HEAD on every read-only page, the proxy header.
"""

import json

import pytest
from django.test import Client
from django.urls import path

import rulesite.urls
from games.api.http import json_endpoint
from games.engine.cards import parse_hands
from games.engine.commerce import PeelRules, showdown
from games.engine.settlement import SettlementError, outcomes_from_showdown, settle_peel_new
from games.scoresheet import ledger
from games.scoresheet.models import Deal, Game
from tests.conftest import read_body

PLAYERS = [
    {"hand": ["AS", "KS", "QS"], "bought": 1},
    {"hand": ["9H", "9D", "2C"]},
    {"hand": ["5C", "6D", "8H"], "bought": 2},
]
VALID = {
    "/api/v1/commerce/showdown": {
        "rules": "english",
        "hands": [["AS", "2S", "3S"], ["KD", "KH", "2C"]],
        "pack": 52,
        "limited": "none",
        "dealer": 0,
        "options": {"flush_ties": "share"},
        "strength": False,
    },
    # Swedish: its slug is the same in the API and in the engine's registry of games.
    "/api/v1/commerce/settle": {
        "rules": "swedish",
        "stake": 1,
        "dealer": 0,
        "players": PLAYERS,
        "options": {"tie": "share"},
    },
    "/api/v1/commerce/strength": {"rules": "swedish", "hand": ["sE", "s8", "d5"]},
    "/api/v1/cox/score": {
        "cards": ["auto-5", "auto-5", "auto-captain", "bank"],
        "supply_base": 1,
        "options": {"penalty_before_double": True},
    },
}
SETTLE = "/api/v1/commerce/settle"


def post(url, body, client=None, **extra):
    client = client or Client(raise_request_exception=False)
    if not isinstance(body, (str, bytes)):
        body = json.dumps(body)
    return client.post(url, body, content_type="application/json", **extra)


def refused(response, status=400, field=None):
    """The API's error form: a JSON object with a message (and the field, when one is named)."""
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json"
    error = response.json()["error"]
    assert error["message"]
    assert len(error["message"]) < 400, error["message"]
    if field is not None:
        assert error.get("field") == field, error
    return error


def with_raw(url, key, raw):
    """The valid body of ``url`` with ``key`` set to the raw JSON text ``raw``."""
    body = json.dumps({**VALID[url], key: "@@"})
    return body.replace('"@@"', raw)


# --- integers the decoder cannot read, and integers no field takes ------------------------

HUGE = "1" + "0" * 5000  # beyond Python's 4,300-digit limit for int(str)
FIELDS = [
    ("/api/v1/commerce/showdown", "dealer"),
    (SETTLE, "stake"),
    ("/api/v1/commerce/strength", "pack"),
    ("/api/v1/cox/score", "supply_base"),
    ("/api/v1/cox/score", "surprise"),
]


@pytest.mark.parametrize(("url", "key"), FIELDS)
def test_an_integer_of_5000_digits_is_refused_naming_the_field(url, key):
    error = refused(post(url, with_raw(url, key, HUGE)), field=key)
    assert "5001 digits" in error["message"]


def test_an_integer_of_5000_digits_deep_in_the_body_is_named_by_its_path():
    players = [PLAYERS[0], {"hand": ["9H", "9D", "2C"], "bought": "@@"}, PLAYERS[2]]
    body = json.dumps({**VALID[SETTLE], "players": players}).replace('"@@"', HUGE)
    refused(post(SETTLE, body), field="players[1].bought")


def test_a_negative_integer_of_5000_digits_is_refused():
    url = "/api/v1/commerce/showdown"
    refused(post(url, with_raw(url, "dealer", "-" + HUGE)), field="dealer")


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("/api/v1/commerce/showdown", "dealer"),
        (SETTLE, "dealer"),
        (SETTLE, "stake"),
        ("/api/v1/cox/score", "supply_base"),
        ("/api/v1/commerce/strength", "pack"),
    ],
)
def test_ten_to_the_hundred_is_refused_naming_the_field(url, key):
    refused(post(url, {**VALID[url], key: 10**100}), field=key)


# --- bought: bounded by a whole pack --------------------------------------------------------


def settle_with_bought(count):
    players = [PLAYERS[0], {"hand": ["9H", "9D", "2C"], "bought": count}, PLAYERS[2]]
    return post(SETTLE, {**VALID[SETTLE], "players": players})


@pytest.mark.parametrize("count", [53, 10**30, 10**100])
def test_more_purchases_than_a_whole_pack_are_refused(count):
    error = refused(settle_with_bought(count), field="players[1].bought")
    assert str(count) not in error["message"] or count == 53


def test_a_whole_pack_of_purchases_is_still_settled():
    response = settle_with_bought(52)
    assert response.status_code == 200, response.content
    assert sum(response.json()["net"]) == 0


def test_the_engine_bounds_purchases_by_a_whole_pack_too():
    rules = PeelRules()
    hands = parse_hands(["AS KS QS", "9H 9D 2C", "5C 6D 8H"], rules.pack, rules.hand_limit)
    outcomes = outcomes_from_showdown(showdown(hands, rules, 0))
    assert settle_peel_new(outcomes, 0, 1, [0, 52, 0], 1).net
    with pytest.raises(SettlementError, match=r"bought\[1\]"):
        settle_peel_new(outcomes, 0, 1, [0, 53, 0], 1)
    with pytest.raises(SettlementError, match=r"bought\[1\]") as raised:
        settle_peel_new(outcomes, 0, 1, [0, 10**5000, 0], 1)
    assert len(str(raised.value)) < 200


# --- amounts: read by games.engine.amounts, refused naming the field ----------------------


@pytest.mark.parametrize(
    "raw",
    ["1e-300", "1e309", "-1e309", "NaN", "Infinity", "-Infinity", "0.00001", "1e10", "0", "-1"],
)
def test_a_stake_no_table_plays_for_is_refused_naming_stake(raw):
    refused(post(SETTLE, with_raw(SETTLE, "stake", raw)), field="stake")


def test_a_fractional_stake_is_settled_exactly():
    response = post(SETTLE, {**VALID[SETTLE], "stake": 0.5})
    assert response.status_code == 200, response.content
    assert response.json()["transfers"][0]["amount"] == 0.5


# --- nesting --------------------------------------------------------------------------------

DEEP = "[" * 10_000 + "]" * 10_000  # 20 KB


@pytest.mark.parametrize("url", VALID)
def test_json_nested_10000_levels_deep_is_refused(url):
    refused(post(url, DEEP))
    refused(post(url, with_raw(url, "options", DEEP)))


@pytest.mark.parametrize("url", VALID)
def test_json_nested_deeper_than_any_field_needs_is_refused_naming_the_field(url):
    refused(post(url, with_raw(url, "options", "[" * 500 + "]" * 500)), field="options")


# --- text that is not text --------------------------------------------------------------------


def string_paths(value, path=""):
    """(path, key or None) of every string in ``value``: its values and its keys."""
    if isinstance(value, str):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from string_paths(item, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from string_paths(item, f"{path}[{i}]")


def replaced(value, target, new, path=""):
    if path == target:
        return new
    if isinstance(value, dict):
        return {k: replaced(v, target, new, f"{path}.{k}" if path else k) for k, v in value.items()}
    if isinstance(value, list):
        return [replaced(v, target, new, f"{path}[{i}]") for i, v in enumerate(value)]
    return value


STRINGS = [(url, path) for url, body in VALID.items() for path in string_paths(body)]


@pytest.mark.parametrize("bad", ["\ud800", "\udfff", "\x00"], ids=["high", "low", "nul"])
@pytest.mark.parametrize(("url", "path"), STRINGS)
def test_a_lone_surrogate_or_a_nul_in_any_string_is_refused_naming_it(url, path, bad):
    body = replaced(VALID[url], path, "A" + bad)
    error = refused(post(url, body), field=path)
    assert bad not in error["message"]


@pytest.mark.parametrize("url", VALID)
def test_a_lone_surrogate_in_a_key_is_refused(url):
    body = {**VALID[url], "options": {"\ud800": "x"}}
    error = refused(post(url, body), field="options")
    assert "\ud800" not in json.dumps(error, ensure_ascii=False).encode("utf-8", "replace").decode()


def test_a_surrogate_pair_is_text_and_passes():
    url = "/api/v1/commerce/showdown"
    refused(post(url, {**VALID[url], "rules": "\U0001f0a1"}), field="rules")  # not a rule set


def test_raw_surrogate_bytes_are_refused():
    url = "/api/v1/commerce/strength"
    body = json.dumps(VALID[url]).encode().replace(b'"sE"', b'"s\xed\xa0\x80"')
    refused(post(url, body))


# --- the size and framing of the body -----------------------------------------------------


@pytest.mark.parametrize("url", VALID)
def test_a_50_megabyte_body_gets_413_json(url):
    refused(post(url, b" " * (50 * 1024 * 1024)), status=413)


def test_a_body_over_djangos_memory_limit_gets_413_json_even_if_the_length_is_unstated():
    # Content-Length says nothing useful; Django's own limit (2.5 MB) trips on reading.
    refused(post(SETTLE, b" " * (3 * 1024 * 1024), CONTENT_LENGTH=str(3 * 1024 * 1024)), status=413)


def test_a_chunked_body_without_a_length_gets_411_json():
    response = post(
        SETTLE, json.dumps(VALID[SETTLE]), CONTENT_LENGTH="", HTTP_TRANSFER_ENCODING="chunked"
    )
    error = refused(response, status=411)
    assert "Content-Length" in error["message"]


def test_a_content_length_that_is_not_a_number_gets_400_json():
    refused(post(SETTLE, json.dumps(VALID[SETTLE]), CONTENT_LENGTH="lots"))


# --- the OpenAPI document's methods ------------------------------------------------------------


@pytest.mark.parametrize("method", ["post", "put", "delete", "patch"])
def test_writing_to_the_openapi_document_is_a_405_json(method):
    client = Client(enforce_csrf_checks=True)
    response = getattr(client, method)(
        "/api/v1/openapi.json", "{}", content_type="application/json"
    )
    refused(response, status=405)
    assert response["Allow"] == "GET, HEAD"


def test_the_openapi_document_answers_head_like_get():
    client = Client()
    got, head = client.get("/api/v1/openapi.json"), client.head("/api/v1/openapi.json")
    assert (head.status_code, head["Content-Type"]) == (got.status_code, got["Content-Type"])
    assert read_body(head) == b""


# --- the 500 page ------------------------------------------------------------------------------


def broken(data):
    raise RuntimeError("a bug")


def broken_page(request):
    raise RuntimeError("a bug")


# This module is also the URLconf of the tests below: the site's own, with two views that fail,
# and the site's own handler500.
urlpatterns = [
    path("api/v1/broken", json_endpoint(broken)),
    path("broken/", broken_page),
    *rulesite.urls.urlpatterns,
]
handler500 = rulesite.urls.handler500


@pytest.mark.urls(__name__)
def test_an_api_request_that_fails_on_our_side_gets_a_json_500():
    response = post("/api/v1/broken", {})
    error = refused(response, status=500)
    assert "a bug" not in error["message"]
    assert "Nothing you entered was wrong" not in response.content.decode()


@pytest.mark.urls(__name__)
def test_a_page_that_fails_on_our_side_still_gets_the_html_500():
    response = Client(raise_request_exception=False).get("/broken/")
    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")
    assert "Something went wrong" in response.content.decode()
    # Issue 22: the site cannot know that nothing entered was wrong when it failed.
    assert "Nothing you entered was wrong" not in response.content.decode()
    assert "a fault on the site" in response.content.decode()


# --- HEAD answers like GET on every read-only page ---------------------------------------------

PAGES = [
    "/",
    "/library/",
    "/library/peel-commerce/",
    "/glossary/",
    "/search/?q=pair",
    "/rulings/",
    "/api/v1/openapi.json",
    "/table/",
    "/table/peel-new/",
    "/table/swedish/",
    "/table/compare/",
    "/table/cox/",
    "/pay/",
    "/pay/peel-new/",
    "/pay/peel-old/",
    "/pay/pool/",
    "/pay/swedish/",
    "/pay/cox/",
    "/sheet/",
    "/sheet/import/",
]
SHEET_PAGES = [
    "/sheet/{token}/",
    "/sheet/{token}/live/",
    "/sheet/{token}/export.csv",
    "/sheet/{token}/export.json",
    "/sheet/{token}/print/",
    "/sheet/{token}/deals/1/",
    "/sheet/view/{token}/",
    "/sheet/view/{token}/print/",
]


def same_answer(url):
    client = Client()
    got, head = client.get(url), client.head(url)
    assert got.status_code == 200, (url, got.status_code)
    assert (head.status_code, head["Content-Type"]) == (got.status_code, got["Content-Type"]), url
    assert read_body(head) == b""
    read_body(got)  # an export's entries are read as it is sent: done with them


@pytest.mark.django_db
@pytest.mark.parametrize("url", PAGES)
def test_head_answers_like_get(url):
    same_answer(url)


@pytest.mark.django_db
@pytest.mark.parametrize("url", SHEET_PAGES)
def test_head_answers_like_get_on_a_sheet(url):
    response = Client().post(
        "/sheet/", {"rules": "peel-new", "players": "Ann\nBob\nCy", "stake": "1", "title": ""}
    )
    assert response.status_code == 303, response.content[:500]
    game = Game.objects.get()
    spec = game.spec()
    data = ledger.clean_entry(
        spec,
        "deal",
        {
            "dealer": 0,
            "stood": 1,
            "bought": [0, 1, 0],
            "mode": "hands",
            "hands": [["AS", "KS", "QS"], ["2H", "2D", "7C"], ["9C", "8D", "4H"]],
        },
    )
    Deal.objects.create(game=game, position=1, kind="deal", data=data)
    token = game.view_token if "/view/" in url else game.token
    same_answer(url.format(token=token))


# --- a client with no cookies (curl, another program) --------------------------------------


@pytest.mark.parametrize("url", VALID)
def test_every_endpoint_answers_a_client_without_a_csrf_cookie(url):
    response = post(url, VALID[url], client=Client(enforce_csrf_checks=True))
    assert response.status_code == 200, response.content[:300]


def test_the_500_page_renders_even_without_the_static_files_manifest(settings, tmp_path):
    # A deployment that forgot collectstatic fails on every page; the 500 page must still
    # render, or the server answers with its own bare error instead.
    from django.template.loader import render_to_string

    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    html = render_to_string("500.html")
    assert 'href="/static/css/site.css"' in html
