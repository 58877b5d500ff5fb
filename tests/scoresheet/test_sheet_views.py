"""Every page and fragment of the score sheet, with good values and bad values for every field:
bad input gets a 4xx with the message beside the field and everything typed kept; never a 500."""

import html
import json
import re
from html.parser import HTMLParser

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from games.scoresheet import ledger, store
from games.scoresheet.models import Change, Deal, Game
from tests.conftest import read_body
from tests.scoresheet.sheet_factory import HANDS_4, action, entry, make_game, post_deal, spec_for

pytestmark = pytest.mark.django_db

PEEL_DEAL = {"dealer": 0, "stood": 1, "bought": [0, 1, 0, 2], "mode": "hands", "hands": HANDS_4}
START = {"rules": "peel-new", "players": "Ann\nBob\nCy\nDee", "stake": "1", "title": "Friday"}


@pytest.fixture
def client():
    return Client()


@pytest.fixture
def game():
    return make_game("peel-new")


class PageCheck(HTMLParser):
    """Ids, inline scripts and styles (the CSP forbids them), and the fields' values."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.inline_scripts = 0
        self.style_attributes = 0
        self.values: dict[str, str] = {}
        self.html_tag = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "html":
            self.html_tag = True
        if tag == "script" and "src" not in a and "nonce" not in a:
            self.inline_scripts += 1
        if "style" in a or tag == "style":
            self.style_attributes += 1
        if tag == "input" and a.get("name") and a.get("type") not in ("radio", "checkbox"):
            self.values[a["name"]] = a.get("value") or ""


def check(response):
    parser = PageCheck()
    parser.feed(response.content.decode())
    assert parser.inline_scripts == 0
    assert parser.style_attributes == 0
    assert len(parser.ids) == len(set(parser.ids)), "duplicate ids"
    return parser


def text(response):
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def error_beside(response, field):
    """The message shown beside a field (Django points aria-describedby at it)."""
    page = response.content.decode()
    m = re.search(rf'id="id_{field}_error"[^>]*>([^<]+)<', page)
    assert m, f"no error beside {field}"
    tag = re.search(rf'<(?:input|select|textarea)[^>]*name="{field}"[^>]*>', page)
    if tag and 'type="radio"' not in tag.group(0):
        assert 'aria-invalid="true"' in tag.group(0)
        assert f"id_{field}_error" in tag.group(0)  # aria-describedby points at the message
    return html.unescape(m.group(1))


# --- Start ---------------------------------------------------------------------------------------


def test_start_page(client):
    response = client.get("/sheet/")
    assert response.status_code == 200
    check(response)
    for label in (
        "Peel's new game",
        "Peel's old game",
        "Pool Commerce",
        "Swedish rules",
        "Cox's Commerce",
    ):
        assert label in response.content.decode().replace("&#x27;", "'")


def test_start_creates_a_sheet_with_two_unguessable_links(client):
    response = client.post("/sheet/", START)
    assert response.status_code == 303
    game = Game.objects.get()
    assert response["Location"] == f"/sheet/{game.token}/"
    assert len(game.token) == 22 and len(game.view_token) == 22
    assert game.token != game.view_token
    assert list(game.players.values_list("name", flat=True)) == ["Ann", "Bob", "Cy", "Dee"]
    assert game.stake == "1" and game.title == "Friday"
    assert game.options["stander_pays"] == "each"
    assert make_game().token != game.token


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"rules": ""}, "rules", "Choose the rules"),
        ({"rules": "whist"}, "rules", "Choose one of the rule sets"),
        ({"players": ""}, "players", "Write the players"),
        ({"players": "Ann"}, "players", "2 to 12 players"),
        ({"players": "Ann\nann"}, "players", "written twice"),
        ({"players": "A" * 41 + "\nBob"}, "players", "longer than 40"),
        ({"players": "\n".join(f"P{i}" for i in range(13))}, "players", "2 to 12"),
        ({"stake": "0"}, "stake", "more than 0"),
        ({"stake": "one"}, "stake", "Write an amount like 1, 0.5 or 1/2"),
        ({"stake": "1" * 30}, "stake", "at most 20"),
        ({"title": "x" * 81}, "title", "at most 80"),
        # Each game's options are its own fields, named after the game (the registry's).
        ({"peel-new-pack": "40"}, "peel-new-pack", "Choose one of: 52, 32; not “40”"),
        ({"peel-new-limited": "pairs"}, "peel-new-limited", "Choose one of: none, no-pair"),
        ({"peel-new-dealer_penalty": "often"}, "peel-new-dealer_penalty", "Choose one of"),
        ({"peel-new-stander_pays": "half"}, "peel-new-stander_pays", "Choose one of"),
        ({"peel-new-tie_dealer_stake": "x"}, "peel-new-tie_dealer_stake", "Choose one of"),
        ({"peel-new-extended": "maybe"}, "peel-new-extended", "Tick the box or leave it empty"),
        ({"peel-new-same_dealer": "2"}, "peel-new-same_dealer", "Tick the box"),
        ({"peel-new-flush_ties": "x"}, "peel-new-flush_ties", "Choose one of"),
        ({"peel-new-short_pack_ace_low": "x"}, "peel-new-short_pack_ace_low", "Choose one of"),
        ({"rules": "pool", "pool-buy_in": "-1"}, "pool-buy_in", "Must be more than 0, not −1"),
        ({"rules": "pool", "pool-prize": "x"}, "pool-prize", "Write an amount like 1, 0.5"),
        ({"rules": "pool", "pool-horse_price": "0"}, "pool-horse_price", "more than 0"),
        ({"rules": "pool", "pool-tied_worst": "x"}, "pool-tied_worst", "Choose one of: each"),
        ({"rules": "pool", "pool-horse": "x"}, "pool-horse", "Choose one of: first, every"),
        ({"rules": "swedish", "swedish-tie": "x"}, "swedish-tie", "Choose one of"),
        ({"rules": "swedish", "swedish-poang_ties": "x"}, "swedish-poang_ties", "Choose one of"),
        ({"rules": "swedish", "players": "Ann"}, "players", "2 to 17 players"),
        ({"rules": "cox", "players": "A\nB\nC\nD\nE"}, "players", "2 to 4"),
        (
            {"rules": "cox", "cox-penalty_before_double": "x"},
            "cox-penalty_before_double",
            "Choose one of",
        ),
        (
            {"rules": "peel-old", "peel-old-pack": "32", "players": "\n".join("ABCDEFGH")},
            "players",
            "2 to 7 players with the 32-card pack",
        ),
    ],
)
def test_start_refuses_bad_values_beside_the_field_and_keeps_the_rest(client, change, field, words):
    response = client.post("/sheet/", {**START, **change})
    assert response.status_code == 400
    assert words in error_beside(response, field)
    assert Game.objects.count() == 0
    check(response)
    if field != "players":
        assert "Ann\nBob\nCy\nDee" in response.content.decode()  # the names are kept


def test_start_ignores_the_stake_where_the_game_has_none(client):
    response = client.post("/sheet/", {**START, "rules": "cox", "stake": "rubbish"})
    assert response.status_code == 303
    assert Game.objects.get().stake == ""


# --- The sheet -----------------------------------------------------------------------------------


def test_sheet_page_and_its_queries(client, game, django_assert_num_queries):
    post_deal(client, game, PEEL_DEAL)
    # the game, its players, the latest deals with their states, the last undo (to restore)
    with django_assert_num_queries(4):
        response = client.get(f"/sheet/{game.token}/")
    assert response.status_code == 200
    page = check(response)
    assert "deal-form" in page.ids and "live" in page.ids
    body = text(response)
    assert "Next deal: Bob deals" in body
    assert "+7" in body and "−3" in body
    assert "Ann (sequence queen-king-ace of spades) beats Bob" in body
    assert "ready money: each card bought from the dealer pays him a stake".capitalize() in body
    assert 'hx-trigger="every 3s"' in response.content.decode()
    assert "/static/js/sheet.js" in response.content.decode()
    # the next phone gets the same sheet, with its own token and keys
    with django_assert_num_queries(4):
        again = Client().get(f"/sheet/{game.token}/")
    assert again.status_code == 200
    tokens = [
        re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', r.content)[1]
        for r in (response, again)
    ]
    assert tokens[0] != tokens[1]  # each answer carries its own token
    keys = re.findall(rb'name="key" value="([^"]+)"', again.content)
    assert len(set(keys)) == len(keys)  # and a fresh key for every form


def test_unknown_tokens_are_404(client, game):
    assert client.get("/sheet/AAAAAAAAAAAAAAAAAAAAAA/").status_code == 404
    assert client.get("/sheet/view/AAAAAAAAAAAAAAAAAAAAAA/").status_code == 404
    assert client.get(f"/sheet/view/{game.token}/").status_code == 404  # not a view token
    assert client.get(f"/sheet/{game.view_token}/").status_code == 404  # not an edit token
    assert client.get("/sheet/short/").status_code == 404
    assert client.get("/sheet/AAAAAAAAAAAAAAAAAAAAAA/live/?v=1").status_code == 404


def test_spectators_read_but_cannot_record(client, game):
    post_deal(client, game, PEEL_DEAL)
    response = client.get(f"/sheet/view/{game.view_token}/")
    assert response.status_code == 200
    page = check(response)
    assert "deal-form" not in page.ids
    html = response.content.decode()
    assert game.token not in html  # the recording link is never shown to spectators
    assert "Undo" not in html and "read-only" in html
    assert f"/sheet/view/{game.view_token}/live/" in html
    # there is no URL to post a deal with the spectator's token
    assert client.post(f"/sheet/view/{game.view_token}/deals/", {}).status_code == 404
    assert client.post(f"/sheet/{game.view_token}/deals/", {}).status_code == 404


def test_record_a_deal_plain_and_htmx(client, game):
    response = post_deal(client, game, PEEL_DEAL)
    assert response.status_code == 303
    assert response["Location"] == f"/sheet/{game.token}/?done=record&at=1#deal-1"
    assert "Deal 1 recorded." in text(client.get(response["Location"]))
    response = post_deal(client, game, {**PEEL_DEAL, "dealer": 1, "stood": 2}, htmx=True)
    assert response.status_code == 200
    parser = check(response)
    assert not parser.html_tag  # the fragment only
    assert "Deal 2 recorded." in text(response)
    assert "Record deal 3" in text(response)  # the form, for the next deal
    assert Deal.objects.filter(game=game).count() == 2
    game.refresh_from_db()
    assert game.version == 3
    assert list(Change.objects.filter(game=game).values_list("action", flat=True)) == [
        "start",
        "record",
        "record",
    ]


def test_get_on_a_post_only_url_is_405(client, game):
    for url in ("deals/", "deals/1/undo/", "horse/", "finish/", "reopen/"):
        assert client.get(f"/sheet/{game.token}/{url}").status_code == 405


def fields_for(game, **change):
    from tests.scoresheet.sheet_factory import post_fields

    fields = post_fields(game.spec(), PEEL_DEAL)
    fields.update({"version": game.version, "key": "k" * 16})
    fields.update(change)
    return fields


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"card_1_1": "ZZ"}, "card_1_1", "'ZZ' is not a card"),
        ({"card_1_1": "AS"}, "card_1_1", "also in Ann's hand"),
        ({"card_2_0": ""}, "card_2_0", "Enter this card"),
        ({"card_0_0": "1" * 13}, "card_0_0", "at most 12"),
        ({"dealer": ""}, "dealer", "Choose who dealt"),
        ({"dealer": "7"}, "dealer", "Choose one of the players"),
        ({"dealer": "x"}, "dealer", "Choose one of the players"),
        ({"stood": ""}, "stood", "Choose the player who stood"),
        ({"stood": "9"}, "stood", "Choose one of the players"),
        ({"bought_1": "-1"}, "bought_1", "greater than or equal to 0"),
        ({"bought_1": "99"}, "bought_1", "less than or equal to 52"),
        ({"bought_1": "two"}, "bought_1", "Enter a whole number"),
        ({"mode": ""}, "mode", "Choose whether"),
        ({"mode": "guess"}, "mode", "Select a valid choice"),
        (
            {"mode": "result", "place_0": "1", "place_1": "2", "place_2": "3", "place_3": "9"},
            "place_3",
            "less than or equal to 4",
        ),
        ({"mode": "result", "place_0": "0"}, "place_0", "greater than or equal to 1"),
        (
            {
                "mode": "result",
                "place_0": "1",
                "place_1": "2",
                "place_2": "3",
                "place_3": "4",
                "category_0": "royal",
                "category_1": "pair",
                "category_2": "point",
                "category_3": "point",
            },
            "category_0",
            "Select a valid choice",
        ),
        (
            {
                "mode": "result",
                "place_0": "1",
                "place_1": "",
                "place_2": "3",
                "place_3": "4",
                "category_0": "pair",
                "category_1": "pair",
                "category_2": "point",
                "category_3": "point",
            },
            "place_1",
            "enter this player's place",
        ),
        (
            {
                "mode": "result",
                "place_0": "1",
                "place_1": "2",
                "place_2": "3",
                "place_3": "4",
                "category_0": "pair",
                "category_1": "",
                "category_2": "point",
                "category_3": "point",
            },
            "category_1",
            "choose this hand's combination",
        ),
    ],
)
def test_record_refuses_bad_values_beside_the_field_and_keeps_the_rest(
    client, game, change, field, words
):
    response = client.post(f"/sheet/{game.token}/deals/", fields_for(game, **change))
    assert response.status_code == 400
    assert words.lower() in error_beside(response, field).lower()
    page = check(response)
    assert Deal.objects.count() == 0
    typed = fields_for(game, **change)
    for name in ("card_0_0", "card_3_2", "bought_3"):
        if name != field:
            assert page.values.get(name) == str(typed[name])


def test_a_whole_hand_missing_is_said_beside_the_player(client, game):
    response = client.post(
        f"/sheet/{game.token}/deals/", fields_for(game, card_2_0="", card_2_1="", card_2_2="")
    )
    assert response.status_code == 400
    assert "Cy, hand: Enter the three cards shown." in text(response)


def test_a_result_the_engine_refuses_is_explained(client, game):
    response = client.post(
        f"/sheet/{game.token}/deals/",
        fields_for(
            game,
            mode="result",
            place_0="1",
            place_1="2",
            place_2="3",
            place_3="4",
            category_0="point",
            category_1="pair",
            category_2="point",
            category_3="point",
        ),
    )
    assert response.status_code == 400
    assert "cannot beat" in text(response)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"key": ""}, "The form's key is missing"),
        ({"key": "short"}, "at least 8"),
        ({"version": ""}, "The form's version is missing"),
        ({"version": "x"}, "Enter a whole number"),
        ({"version": "-1"}, "greater than or equal to 0"),
    ],
)
def test_record_needs_its_key_and_version(client, game, change, words):
    response = client.post(f"/sheet/{game.token}/deals/", fields_for(game, **change))
    assert response.status_code == 400
    assert words in text(response)
    assert Deal.objects.count() == 0


def test_the_same_form_sent_twice_is_recorded_once(client, game):
    first = post_deal(client, game, PEEL_DEAL, key="same-key-123456")
    again = post_deal(client, game, PEEL_DEAL, key="same-key-123456", version=1)
    assert first.status_code == again.status_code == 303
    assert Deal.objects.filter(game=game).count() == 1
    htmx = post_deal(client, game, PEEL_DEAL, key="same-key-123456", version=1, htmx=True)
    assert htmx.status_code == 200
    assert "already recorded" in text(htmx)
    assert Deal.objects.filter(game=game).count() == 1


def test_a_stale_form_gets_409_with_the_new_deal_and_the_input_kept(client, game):
    post_deal(client, game, PEEL_DEAL)  # someone else records deal 1 (version 1 -> 2)
    mine = {**PEEL_DEAL, "dealer": 2, "stood": 3}
    response = post_deal(client, game, mine, version=1)
    assert response.status_code == 409
    body = text(response)
    assert "Someone else changed this sheet" in body
    assert "Deal 1" in body
    page = check(response)
    assert page.values["version"] == "2"  # send again and it goes through
    assert page.values["card_0_0"] == "AS"
    assert 'value="2" selected' in response.content.decode()  # my dealer kept
    assert Deal.objects.filter(game=game).count() == 1
    again = client.post(
        f"/sheet/{game.token}/deals/", {**page.values, "dealer": 2, "stood": 3, "mode": "hands"}
    )
    assert again.status_code == 303
    assert Deal.objects.filter(game=game).count() == 2


def test_edit_a_deal(client, game):
    post_deal(client, game, PEEL_DEAL)
    post_deal(client, game, {**PEEL_DEAL, "dealer": 1, "stood": 0})
    first = Deal.objects.get(game=game, position=1)
    response = client.get(f"/sheet/{game.token}/deals/1/")
    assert response.status_code == 200
    page = check(response)
    assert page.values["card_0_0"] == "AS"
    assert "Edit deal 1" in text(response)
    fields = {**page.values, "dealer": 0, "stood": 2, "mode": "hands", "bought_1": "0"}
    response = client.post(f"/sheet/{game.token}/deals/1/", fields)
    assert response.status_code == 303
    assert response["Location"].endswith("#deal-1")
    first.refresh_from_db()
    assert first.data["stood"] == 2 and first.data["bought"] == [0, 0, 0, 2]
    # an edit does not add a deal
    assert Deal.objects.filter(game=game).count() == 2


def test_edit_with_bad_values_keeps_them(client, game):
    post_deal(client, game, PEEL_DEAL)
    response = client.get(f"/sheet/{game.token}/deals/1/")
    fields = {**check(response).values, "dealer": 0, "stood": 1, "mode": "hands", "card_3_2": "QQ"}
    response = client.post(f"/sheet/{game.token}/deals/1/", fields)
    assert response.status_code == 400
    assert "is not a card" in error_beside(response, "card_3_2")
    assert check(response).values["card_3_2"] == "QQ"


def test_edit_stale_unknown_and_not_a_deal(client, game):
    post_deal(client, game, PEEL_DEAL)
    post_deal(client, game, PEEL_DEAL)
    page = check(client.get(f"/sheet/{game.token}/deals/1/"))
    # meanwhile deal 2 is edited: the sheet changed in a way the scorer must see first
    post_deal(client, game, {**PEEL_DEAL, "stood": 2}, url=f"/sheet/{game.token}/deals/2/")
    response = client.post(
        f"/sheet/{game.token}/deals/1/", {**page.values, "dealer": 0, "stood": 1, "mode": "hands"}
    )
    assert response.status_code == 409
    assert "Someone else changed this sheet" in text(response)
    assert client.get(f"/sheet/{game.token}/deals/99/").status_code == 404
    assert client.post(f"/sheet/{game.token}/deals/99/", page.values).status_code == 404


def test_an_edit_drawn_before_deals_recorded_meanwhile_is_saved_and_they_follow_it(client, game):
    """Phones at the table recorded deals while the scorer edited deal 1 (issue 22: with
    phones recording, edits never won): the edit still means what it meant; it is saved and
    every total after it is recomputed, the deals recorded meanwhile included."""
    post_deal(client, game, PEEL_DEAL)
    page = check(client.get(f"/sheet/{game.token}/deals/1/"))
    later = {**PEEL_DEAL, "dealer": 1, "stood": 0}
    post_deal(client, game, later)  # meanwhile, on another phone
    post_deal(client, game, later)
    response = client.post(
        f"/sheet/{game.token}/deals/1/", {**page.values, "dealer": 0, "stood": 2, "mode": "hands"}
    )
    assert response.status_code == 303
    assert [d.data["stood"] for d in Deal.objects.filter(game=game)] == [2, 0, 0]
    spec = store.load(game).spec
    replay = ledger.compute(
        spec, [entry(spec, d) for d in ({**PEEL_DEAL, "stood": 2}, later, later)]
    )
    assert store.load(game).sheet.totals == replay.totals


def test_an_edit_raced_by_a_deal_recorded_while_it_was_computed_is_computed_again(
    client, game, monkeypatch
):
    """A deal recorded between the edit's computation and its write: the edit is computed
    again with it (outside the write lock) instead of answering 409."""
    post_deal(client, game, PEEL_DEAL)
    page = check(client.get(f"/sheet/{game.token}/deals/1/"))
    recompute = store.recompute
    raced: list[int] = []

    def racing(*args, **kwargs):
        done = recompute(*args, **kwargs)
        if not raced:  # once: another phone records a deal now
            raced.append(post_deal(Client(), game, PEEL_DEAL).status_code)
        return done

    monkeypatch.setattr(store, "recompute", racing)
    response = client.post(
        f"/sheet/{game.token}/deals/1/", {**page.values, "dealer": 0, "stood": 2, "mode": "hands"}
    )
    assert raced == [303] and response.status_code == 303
    assert [d.data["stood"] for d in Deal.objects.filter(game=game)] == [2, 1]


def test_undo_a_deal_recomputes_every_total(client, game):
    post_deal(client, game, PEEL_DEAL)
    post_deal(client, game, {**PEEL_DEAL, "dealer": 1, "stood": 0})
    response = action(client, game, f"/sheet/{game.token}/deals/1/undo/", htmx=True)
    assert response.status_code == 200
    assert "Deal 1 undone" in text(response)
    assert list(Deal.objects.filter(game=game).values_list("position", flat=True)) == [2]

    state = store.load(game)
    spec = state.spec
    from games.scoresheet import ledger

    alone = ledger.compute(spec, [entry(spec, {**PEEL_DEAL, "dealer": 1, "stood": 0})])
    assert state.sheet.totals == alone.totals
    assert client.get(f"/sheet/{game.token}/deals/1/").status_code == 404


def test_undo_stale_and_missing(client, game):
    post_deal(client, game, PEEL_DEAL)
    response = action(client, game, f"/sheet/{game.token}/deals/1/undo/", version=0)
    assert response.status_code == 409
    assert Deal.objects.count() == 1
    assert action(client, game, f"/sheet/{game.token}/deals/5/undo/").status_code == 404
    response = client.post(f"/sheet/{game.token}/deals/1/undo/", {"version": "x"})
    assert response.status_code == 400
    assert Deal.objects.count() == 1


def test_finish_shows_the_standings_and_closes_recording(client, game):
    post_deal(client, game, PEEL_DEAL)
    response = action(client, game, f"/sheet/{game.token}/finish/", htmx=True)
    assert response.status_code == 200
    body = text(response)
    assert "Final standings" in body and "The evening is finished" in body
    assert "deal-form" not in check(response).ids
    refused = post_deal(client, game, PEEL_DEAL)
    assert refused.status_code == 409
    assert "reopen it" in text(refused)
    assert action(client, game, f"/sheet/{game.token}/reopen/").status_code == 303
    assert post_deal(client, game, PEEL_DEAL).status_code == 303
    assert action(client, game, f"/sheet/{game.token}/finish/", version=0).status_code == 409
    assert client.post(f"/sheet/{game.token}/finish/", {}).status_code == 400


# --- Polling -------------------------------------------------------------------------------------


def test_live_fragment_is_cheap_while_nothing_changes(client, game, django_assert_num_queries):
    post_deal(client, game, PEEL_DEAL)
    game.refresh_from_db()
    with django_assert_num_queries(1):  # the version
        response = client.get(
            f"/sheet/{game.token}/live/?v={game.version}", headers={"HX-Request": "true"}
        )
    assert response.status_code == 204
    assert response.content == b""
    assert response["ETag"] == f'"v{game.version}"'
    with django_assert_num_queries(1):  # the version
        response = client.get(
            f"/sheet/{game.token}/live/", headers={"If-None-Match": f'"v{game.version}"'}
        )
    assert response.status_code == 304
    assert response["ETag"] == f'"v{game.version}"'


def test_live_fragment_brings_a_new_deal(client, game, django_assert_num_queries):
    post_deal(client, game, PEEL_DEAL)
    # the version, the game, the changes since, the players, the new deal and the one
    # before it (its state is where the new one starts)
    with django_assert_num_queries(6):
        response = client.get(f"/sheet/{game.token}/live/?v=1", headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert not check(response).html_tag
    assert 'id="live"' in html and f"?v={game.version + 1}" in html
    assert 'hx-swap-oob="afterbegin:#deal-list"' in html  # the new deal, on top
    assert 'hx-swap-oob="beforeend:#grid-body"' in html  # and a row of the grid
    assert 'id="history"' not in html  # not the whole history again
    assert "Deal 1" in html
    # the next phone gets the same, with its own token and keys
    with django_assert_num_queries(6):
        again = Client().get(f"/sheet/{game.token}/live/?v=1", headers={"HX-Request": "true"})
    assert again.status_code == 200 and "Deal 1" in again.content.decode()
    spectator = client.get(f"/sheet/view/{game.view_token}/live/?v=1")
    assert spectator.status_code == 200
    assert game.token not in spectator.content.decode()
    assert "Undo" not in spectator.content.decode()


def test_live_fragment_after_an_edit_sends_the_latest_deals(client, game):
    post_deal(client, game, PEEL_DEAL)
    post_deal(client, game, {**PEEL_DEAL, "dealer": 1, "stood": 2})
    game.refresh_from_db()
    seen = game.version
    post_deal(client, game, {**PEEL_DEAL, "stood": 3}, url=f"/sheet/{game.token}/deals/1/")
    response = client.get(f"/sheet/{game.token}/live/?v={seen}", headers={"HX-Request": "true"})
    html = response.content.decode()
    history = 'id="history" class="history" aria-labelledby="history-title" hx-ext="morph"'
    assert f'{history} hx-swap-oob="morph"' in html
    assert 'id="grid" class="grid-section"' in html
    assert "HX-Trigger" not in response
    # a player joining changes the form: the page reloads itself if nothing was typed
    game.refresh_from_db()
    seen = game.version
    action(client, game, f"/sheet/{game.token}/seats/", name="Eve")
    response = client.get(f"/sheet/{game.token}/live/?v={seen}", headers={"HX-Request": "true"})
    assert response["HX-Trigger"] == "sheet-reload"


# --- Pool Commerce and Cox's game through the pages ----------------------------------------------


def test_pool_commerce_counters_out_and_a_horse(client):
    game = make_game("pool", stake="", buy_in="3", prize="1", horse_price="1/2")
    deal = {"dealer": 0, "mode": "hands", "hands": HANDS_4}
    for _ in range(3):
        assert post_deal(client, game, deal).status_code == 303
    response = client.get(f"/sheet/{game.token}/")
    body = text(response)
    assert "Dee buys a horse" in body  # the horse button
    assert "Out of the game" in body
    assert "The pool holds" in body
    response = action(client, game, f"/sheet/{game.token}/horse/", player=3, htmx=True)
    assert response.status_code == 200
    assert "Dee bought a horse" in text(response)
    refused = action(client, game, f"/sheet/{game.token}/horse/", player=3)
    assert refused.status_code == 400
    assert "may not buy a horse" in text(refused)
    assert action(client, game, f"/sheet/{game.token}/horse/", player=9).status_code == 400
    # undoing deal 3 would leave the horse without a player out: refused, explained
    response = action(client, game, f"/sheet/{game.token}/deals/3/undo/")
    assert response.status_code == 409
    assert "could no longer be settled" in text(response)
    assert Deal.objects.filter(game=game).count() == 4


def test_pool_hand_for_a_player_out_is_refused(client):
    game = make_game("pool", stake="", buy_in="3", prize="1", horse_price="1/2")
    deal = {"dealer": 0, "mode": "hands", "hands": HANDS_4}
    for _ in range(3):
        post_deal(client, game, deal)
    response = post_deal(client, game, {"dealer": 0, "mode": "result", "places": [1, 2, 3, 4]})
    assert response.status_code == 400
    assert "Dee is out of the game" in text(response)


def test_cox_hand_recorded_with_cards_and_bad_values(client):
    game = make_game("cox", stake="")
    good = {
        "mode": "cards",
        "bases": [1, 2, 3, 4],
        "cards": [
            [
                "auto-5",
                "auto-5",
                "auto-5",
                "auto-1",
                "auto-1",
                "auto-1",
                "auto-2",
                "auto-2",
                "greenback-1",
            ],
            ["ship-1", "ship-1"],
            ["fruit-1", "fruit-2"],
            ["bank"],
        ],
    }
    assert post_deal(client, game, good).status_code == 303
    body = text(client.get(f"/sheet/{game.token}/"))
    assert "Hand 1" in body and "sold out" in body and "Retailer: Ann" in body
    from tests.scoresheet.sheet_factory import post_fields

    spec = game.spec()
    base = {**post_fields(spec, good), "key": "k" * 16}
    cases = [
        ({"cards_0": "auto-9"}, "cards_0", "automobiles are numbered 1 to 5"),
        ({"cards_1": ""}, "cards_1", "enter the cards"),
        ({"base_2": "1"}, "base_2", "also Ann's"),
        ({"base_2": "7"}, "base_2", "1, 2, 3 or 4"),
        (
            {"mode": "result", "score_0": "", "score_1": "1", "score_2": "1", "score_3": "1"},
            "score_0",
            "Enter this player's score",
        ),
        (
            {"mode": "result", "score_0": "x", "score_1": "1", "score_2": "1", "score_3": "1"},
            "score_0",
            "Enter a whole number",
        ),
        (
            {"mode": "result", "score_0": "5000", "score_1": "1", "score_2": "1", "score_3": "1"},
            "score_0",
            "less than or equal to 1000",
        ),
    ]
    for change, field, words in cases:
        game.refresh_from_db()
        response = client.post(
            f"/sheet/{game.token}/deals/", {**base, "version": game.version, **change}
        )
        assert response.status_code == 400, change
        assert words.lower() in error_beside(response, field).lower()
    for _ in range(3):
        post_deal(client, game, {"mode": "result", "bases": [2, 3, 4, 1], "scores": [1, 2, 3, 4]})
    body = text(client.get(f"/sheet/{game.token}/"))
    assert "Four hands are played" in body and "Final standings" in body
    assert "Record hand" not in body
    assert (
        post_deal(
            client, game, {"mode": "result", "bases": [2, 3, 4, 1], "scores": [1, 2, 3, 4]}
        ).status_code
        == 409
    )


# --- Export, import, print -----------------------------------------------------------------------


def test_export_csv_and_json_and_print(client, game):
    post_deal(client, game, PEEL_DEAL)
    for prefix, token in (("", game.token), ("view/", game.view_token)):
        response = client.get(f"/sheet/{prefix}{token}/export.csv")
        assert response.status_code == 200
        assert response["Content-Type"] == "text/csv; charset=utf-8"
        assert "attachment" in response["Content-Disposition"]
        lines = read_body(response).decode("utf-8-sig").splitlines()
        assert lines[0].startswith("Deal,Dealer,Winners,Ann: hand")
        assert lines[1].startswith("1,Ann,Ann,AS KS QS,0,7,7,")
        response = client.get(f"/sheet/{prefix}{token}/export.json")
        assert response.status_code == 200
        exported = read_body(response).decode()
        data = json.loads(exported)
        assert data["format"] == "rulesite-scoresheet" and data["players"][0] == "Ann"
        assert data["totals"] == {"Ann": "7", "Bob": "-3", "Cy": "-1", "Dee": "-3"}
        assert game.token not in exported
        assert game.view_token not in exported
        response = client.get(f"/sheet/{prefix}{token}/print/")
        assert response.status_code == 200
        check(response)
        assert "Final standings" not in text(response) and "Standings after 1 deal" in text(
            response
        )


def test_import_page_and_a_good_file(client, game):
    post_deal(client, game, PEEL_DEAL)
    exported = read_body(client.get(f"/sheet/{game.token}/export.json"))
    assert client.get("/sheet/import/").status_code == 200
    upload = SimpleUploadedFile("sheet.json", exported, content_type="application/json")
    response = client.post("/sheet/import/", {"file": upload})
    assert response.status_code == 303
    imported = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == f"/sheet/{imported.token}/"
    again = read_body(client.get(f"/sheet/{imported.token}/export.json"))
    assert json.loads(again) == json.loads(exported)
    response = client.post("/sheet/import/", {"text": exported.decode()})
    assert response.status_code == 303


@pytest.mark.parametrize(
    ("mangle", "words"),
    [
        (lambda d: "{not json", "the file is not JSON"),
        (lambda d: "[1, 2]", "one JSON object"),
        (lambda d: {**d, "format": "other"}, "format: this is not a rulesite score sheet"),
        (lambda d: {**d, "format_version": 9}, "format_version"),
        (lambda d: {**d, "rules": "whist"}, "rules: choose one of"),
        (lambda d: {k: v for k, v in d.items() if k != "players"}, "players: missing"),
        (lambda d: {**d, "players": "Ann"}, "players: must be"),
        (lambda d: {**d, "players": ["Ann", "Ann", "Cy", "Dee"]}, "written twice"),
        (lambda d: {**d, "stake": "-1"}, "stake: must be more than 0, not −1"),
        (lambda d: {**d, "options": {**d["options"], "pack": 40}}, "options.pack"),
        (lambda d: {**d, "options": {"colour": "red"}}, "options: colour is not an option"),
        (lambda d: {**d, "options": []}, "options: must be an object"),
        (lambda d: {**d, "title": 5}, "title: must be text"),
        (lambda d: {**d, "finished": "yes"}, "finished: must be true or false"),
        (lambda d: {**d, "entries": {}}, "entries: must be"),
        (lambda d: {**d, "entries": [5]}, "entries[0]: must be an object"),
        (lambda d: {**d, "entries": [{**d["entries"][0], "kind": "trick"}]}, "entries[0]"),
        (
            lambda d: {**d, "entries": [{**d["entries"][0], "dealer": 9}]},
            "entries[0] (dealer): must be a player from 0 to 3",
        ),
        (lambda d: {**d, "entries": [{**d["entries"][0], "bought": [0, 0]}]}, "entries[0]"),
        (
            lambda d: {**d, "entries": [{**d["entries"][0], "hands": [["AS", "KS", "QS"]] * 4}]},
            "entries[0] (card_1_0): AS is also in Ann's hand",
        ),
        (lambda d: {**d, "totals": {**d["totals"], "Ann": "100"}}, "totals.Ann: the file says 100"),
        (lambda d: {**d, "totals": {**d["totals"], "Ann": "lots"}}, "totals.Ann: 'lots' is not"),
    ],
)
def test_import_refuses_a_bad_file_naming_what_is_wrong(client, game, mangle, words):
    post_deal(client, game, PEEL_DEAL)
    data = json.loads(read_body(client.get(f"/sheet/{game.token}/export.json")))
    mangled = mangle(data)
    body = mangled if isinstance(mangled, str) else json.dumps(mangled)
    response = client.post("/sheet/import/", {"text": body})
    assert response.status_code == 400
    assert words in text(response).replace("&#x27;", "'"), text(response)[:2000]
    assert Game.objects.count() == 1


def test_import_without_a_file_or_with_a_binary_one(client):
    response = client.post("/sheet/import/", {})
    assert response.status_code == 400
    assert "Choose a JSON file or paste one" in text(response)
    upload = SimpleUploadedFile("x.json", b"\xff\xfe\x00garbage")
    response = client.post("/sheet/import/", {"file": upload})
    assert response.status_code == 400
    assert "not UTF-8" in text(response)


def test_home_and_nav_link_to_the_sheet(client):
    home = client.get("/")
    assert home.status_code == 200
    html = home.content.decode()
    assert 'href="/sheet/"' in html
    assert "Score a game" in html


# --- Never a 500 ----------------------------------------------------------------------------------

JUNK = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "",
            "-1",
            "0",
            "1",
            "3",
            "99",
            "1e999999",
            "9" * 5000,
            "1/0",
            "nan",
            "AS",
            "hands",
            "result",
            "cards",
            "true",
            "x" * 500,
            "\x00",
            "１",
        ]
    ),
)
DEAL_FIELDS = [
    "key",
    "version",
    "dealer",
    "stood",
    "mode",
    "card_0_0",
    "card_1_1",
    "card_3_2",
    "bought_0",
    "bought_2",
    "place_0",
    "place_3",
    "category_1",
    "cards_0",
    "base_1",
    "score_2",
    "player",
]
START_FIELDS = [
    "rules",
    "players",
    "stake",
    "title",
    "pack",
    "limited",
    "buy_in",
    "prize",
    "horse_price",
    "extended",
    "tie",
    "dealer_penalty",
]


class TestNeverA500(TestCase):
    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        rules=st.sampled_from(["peel-new", "swedish", "pool", "cox"]),
        fields=st.dictionaries(st.sampled_from(DEAL_FIELDS), JUNK, max_size=10),
        url=st.sampled_from(
            ["deals/", "deals/1/", "deals/1/undo/", "horse/", "finish/", "reopen/"]
        ),
        htmx=st.booleans(),
    )
    def test_junk_posted_to_a_sheet(self, rules, fields, url, htmx):
        first = {
            "peel-new": PEEL_DEAL,
            "swedish": {"dealer": 0, "bought": [0] * 4, "mode": "hands", "hands": HANDS_4},
            "pool": {"dealer": 0, "mode": "hands", "hands": HANDS_4},
            "cox": {"mode": "result", "bases": [1, 2, 3, 4], "scores": [1, 2, 3, 4]},
        }[rules]
        spec = spec_for(rules, stake="1" if rules in ("peel-new", "swedish") else "")
        game = make_game(
            rules,
            stake="1" if rules in ("peel-new", "swedish") else "",
            entries=[entry(spec, first)],
        )
        headers = {"HX-Request": "true"} if htmx else {}
        response = self.client.post(f"/sheet/{game.token}/{url}", fields, headers=headers)
        assert response.status_code < 500

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(fields=st.dictionaries(st.sampled_from(START_FIELDS), JUNK, max_size=8))
    def test_junk_posted_to_start(self, fields):
        assert self.client.post("/sheet/", fields).status_code < 500

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        value=st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | JUNK,
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(
                    st.sampled_from(
                        [
                            "format",
                            "format_version",
                            "rules",
                            "players",
                            "stake",
                            "options",
                            "entries",
                            "totals",
                            "kind",
                            "dealer",
                            "mode",
                            "hands",
                            "title",
                            "pack",
                            "bought",
                            "places",
                            "categories",
                            "bases",
                            "scores",
                            "cards",
                            "stood",
                            "player",
                            "finished",
                            "buy_in",
                        ]
                    ),
                    inner,
                    max_size=6,
                )
            ),
            max_leaves=25,
        )
    )
    def test_junk_imported(self, value):
        base = {
            "format": "rulesite-scoresheet",
            "format_version": 1,
            "rules": "peel-new",
            "players": ["Ann", "Bob"],
            "stake": "1",
            "entries": [],
        }
        body = {**base, **value} if isinstance(value, dict) else value
        response = self.client.post("/sheet/import/", {"text": json.dumps(body)})
        assert response.status_code in (303, 400)

    @settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(query=JUNK, etag=JUNK)
    def test_junk_polled(self, query, etag):
        game = make_game()
        response = self.client.get(
            f"/sheet/{game.token}/live/", {"v": query}, headers={"If-None-Match": etag}
        )
        assert response.status_code in (200, 204, 304)
