"""The sheet's pages for a game answered from one request, on the test games of
request_games.py: start, record (full page and htmx), a form's editing buttons without
JavaScript, bad values beside their fields, edit, undo, the spectator's link, export and
import, and the next game offered when one is won."""

import json
import re
import secrets

import pytest

from games.scoresheet import ledger
from games.scoresheet.models import Deal, Game
from tests.conftest import read_body
from tests.scoresheet.sheet_factory import action, make_game

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Bob", "Cy"]
P = "entry-"


def fields(game, request, *, version=None, **extra):
    """A request as the sheet's form posts it (the game's fields under the prefix)."""
    from games.request_forms import flatten

    game.refresh_from_db()
    return {
        **dict(flatten(request, P)),
        "version": game.version if version is None else version,
        "key": secrets.token_urlsafe(16),
        **extra,
    }


def record(client, game, request, *, htmx=False, **extra):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(
        f"/sheet/{game.token}/deals/", fields(game, request, **extra), headers=headers
    )


def wager(dealer, *bets):
    """A Wager deal as the form sends it: the dealer's stake field is sent empty."""
    return {
        "dealer": dealer,
        "players": [{"stake": ""} if b is None else {"stake": b[0], "won": b[1]} for b in bets],
    }


def test_the_start_page_offers_each_request_game_without_a_stake(client, request_games):
    page = client.get("/sheet/").content.decode()
    assert 'value="sheet-wager"' in page and 'value="sheet-race"' in page
    assert "Points to win the game" in page  # Race's option, from the registry
    stakes = page.split('data-rules="', 2)[1].split('"', 1)[0].split()
    assert "sheet-wager" not in stakes and "peel-new" in stakes
    made = client.post(
        "/sheet/",
        {"rules": "sheet-race", "players": "Ann\nBob\nCy\nDee", "sheet-race-target": "5"},
    )
    assert made.status_code == 303
    game = Game.objects.get()
    assert game.rules == "sheet-race" and game.options == {"target": "5"} and game.stake == ""
    bad = client.post(
        "/sheet/", {"rules": "sheet-race", "players": "Ann\nBob", "sheet-race-target": "x"}
    )
    assert bad.status_code == 400 and "Write an amount like 1" in bad.content.decode()


def test_a_new_deal_form_has_the_players_and_the_suggested_dealer(client, request_games):
    game = make_game("sheet-wager", PLAYERS, stake="")
    page = client.get(f"/sheet/{game.token}/").content.decode()
    for i in range(3):
        assert f'name="{P}players.{i}.stake"' in page
    assert f'name="{P}players.3.stake"' not in page
    assert '<option value="0" selected>' in page  # the first player deals first
    record(client, game, wager(0, None, (5, True), (1, False)))
    page = client.get(f"/sheet/{game.token}/").content.decode()
    assert '<option value="1" selected>' in page  # Bob's big win took the deal
    assert "Next deal: <strong>Bob</strong> deals, as the last deal decided" in page


def test_recording_without_javascript_redirects_and_the_sheet_shows_why(client, request_games):
    game = make_game("sheet-wager", PLAYERS, stake="")
    answer = record(client, game, wager(0, None, (2, True), (1, False)))
    assert answer.status_code == 303 and "done=record" in answer["Location"]
    deal = Deal.objects.get(game=game)
    assert deal.data == {
        "dealer": "0",
        "players": [{"stake": ""}, {"stake": "2", "won": "on"}, {"stake": "1"}],
    }
    page = client.get(answer["Location"]).content.decode()
    assert "Deal 1 recorded." in page
    assert "Bob beats the dealer and is paid his stake" in page
    assert "Ann → Bob: 2" in page and "Cy → Ann: 1" in page
    assert "Accounts after 1 deal" in page


def test_recording_with_htmx_answers_the_accounts_and_readies_the_form(client, request_games):
    game = make_game("sheet-wager", PLAYERS, stake="")
    answer = record(client, game, wager(0, None, (2, True), (1, True)), htmx=True)
    assert answer.status_code == 200
    body = answer.content.decode()
    assert "Deal 1 recorded." in body and 'hx-swap-oob="true"' in body
    # the form for the next deal: its number, the dealer the sheet suggests
    form = body[body.index('<form id="deal-form"') : body.index("</form>")]
    assert re.search(r"Record deal\s*<span data-next-number>2</span>", form)
    assert re.search(rf'name="{P}dealer".*<option value="1" selected>', form)


@pytest.mark.parametrize("htmx", [False, True])
def test_an_editing_button_reshapes_the_form_and_keeps_what_was_typed(client, request_games, htmx):
    game = make_game("sheet-wager", PLAYERS, stake="")
    sent = record(
        client, game, wager(0, None, (3, True), (1, False)), htmx=htmx, **{f"{P}do": "add:players"}
    )
    assert sent.status_code == 200
    page = sent.content.decode()
    assert f'name="{P}players.3.stake"' in page  # a fourth player's fields
    assert f'name="{P}players.1.stake" id="f-entry-players-1-stake" value="3"' in page
    assert not Deal.objects.filter(game=game).exists()


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize(
    ("request_", "field", "words"),
    [
        (wager(0, None, (0, True), (1, False)), "players.1.stake", "Bob&#x27;s stake must be"),
        (wager(0, None, (1, "perhaps"), (1, False)), "players.1.won", "Bob: say whether"),
        (wager(9, None, (1, True), (1, False)), "dealer", "The dealer must be a whole number"),
        (wager(0, None, (1, True)), "players", "This sheet has 3 players, and the deal has 2"),
        ({"dealer": "x", "players": "everyone"}, "players", "Players must be a list"),
    ],
)
def test_a_bad_value_is_refused_beside_its_field_with_everything_kept(
    client, request_games, htmx, request_, field, words
):
    game = make_game("sheet-wager", PLAYERS, stake="")
    answer = record(client, game, request_, htmx=htmx)
    assert answer.status_code == 400
    page = answer.content.decode()
    ident = "f-entry-" + field.replace(".", "-")
    assert words in page
    assert f'href="#{ident}"' in page  # the summary links to the field
    if htmx:
        assert answer["HX-Retarget"] == "#deal-form"
    assert not Deal.objects.filter(game=game).exists()


def test_a_missing_key_or_version_is_a_400_not_a_500(client, request_games):
    game = make_game("sheet-wager", PLAYERS, stake="")
    data = fields(game, wager(0, None, (1, True), (1, True)))
    del data["key"], data["version"]
    answer = client.post(f"/sheet/{game.token}/deals/", data)
    assert answer.status_code == 400 and "reload the page" in answer.content.decode()


def test_a_stale_form_is_a_409_that_keeps_the_deal_typed(client, request_games):
    game = make_game("sheet-wager", PLAYERS, stake="")
    record(client, game, wager(0, None, (1, True), (1, True)))
    answer = record(client, game, wager(1, (4, True), None, (1, True)), version=1)
    assert answer.status_code == 409
    assert 'name="entry-players.0.stake" id="f-entry-players-0-stake" value="4"' in (
        answer.content.decode()
    )


def test_edit_and_undo_recompute_the_accounts(client, request_games):
    game = make_game("sheet-wager", PLAYERS, stake="")
    record(client, game, wager(0, None, (1, True), (1, True)))
    record(client, game, wager(1, (2, False), None, (2, False)))
    first, second = Deal.objects.filter(game=game).order_by("position")
    form = client.get(f"/sheet/{game.token}/deals/{first.position}/").content.decode()
    assert 'name="entry-players.1.stake" id="f-entry-players-1-stake" value="1"' in form
    assert 'name="entry-players.1.won" id="f-entry-players-1-won" value="on" checked' in form
    bad = client.post(
        f"/sheet/{game.token}/deals/{first.position}/",
        fields(game, wager(0, None, (1, True), (-1, True))),
    )
    assert bad.status_code == 400 and "Cy&#x27;s stake must be" in bad.content.decode()
    saved = client.post(
        f"/sheet/{game.token}/deals/{first.position}/",
        fields(game, wager(0, None, (3, True), (1, True))),
    )
    assert saved.status_code == 303
    spec = game.spec()
    second.refresh_from_db()
    assert ledger.load_state(spec, second.state).totals == (-4 - 2, 3 + 4, 1 - 2)
    undone = action(client, game, f"/sheet/{game.token}/deals/{first.position}/undo/")
    assert undone.status_code == 303
    second.refresh_from_db()
    assert ledger.load_state(spec, second.state).totals == (-2, 4, -2)


def test_the_spectator_sees_the_accounts_and_no_form(client, request_games):
    game = make_game("sheet-wager", PLAYERS, stake="")
    record(client, game, wager(0, None, (1, True), (1, True)))
    page = client.get(f"/sheet/view/{game.view_token}/").content.decode()
    assert "read-only view" in page and "entry-players" not in page
    assert "Bob beats the dealer" in page


def test_export_and_import_round_trip(client, request_games):
    game = make_game("sheet-wager", PLAYERS, stake="")
    record(client, game, wager(0, None, (2, True), (1, False)))
    record(client, game, wager(1, (1, True), None, (1, True)))
    exported = client.get(f"/sheet/{game.token}/export.json")
    assert exported.status_code == 200
    text = read_body(exported).decode()
    sheet = json.loads(text)
    assert sheet["entries"][0] == {
        "kind": "deal",
        "dealer": "0",
        "players": [{"stake": ""}, {"stake": "2", "won": "on"}, {"stake": "1"}],
    }
    csv_text = read_body(client.get(f"/sheet/{game.token}/export.csv")).decode("utf-8-sig")
    assert csv_text.splitlines()[0].startswith("Deal,Dealer,Winners,Ann: hand,Ann: net")
    imported = client.post("/sheet/import/", {"text": text})
    assert imported.status_code == 303
    copy = Game.objects.exclude(pk=game.pk).get()
    again = read_body(client.get(f"/sheet/{copy.token}/export.json")).decode()
    assert json.loads(again)["entries"] == sheet["entries"]
    assert json.loads(again)["totals"] == sheet["totals"]
    sheet["totals"]["Ann"] = "99"
    refused = client.post("/sheet/import/", {"text": json.dumps(sheet)})
    assert refused.status_code == 400 and "the file says 99" in refused.content.decode()
    sheet["totals"]["Ann"] = "0"
    sheet["entries"][1]["players"][0]["stake"] = "lots"
    refused = client.post("/sheet/import/", {"text": json.dumps(sheet)})
    assert refused.status_code == 400
    assert "entries[1] (players.0.stake): Ann&#x27;s stake must be" in refused.content.decode()


def test_a_won_game_says_so_and_offers_the_next_one(client, request_games):
    game = make_game("sheet-race", ["Ann", "Bob"], stake="", target="3")
    race = {"dealer": 0, "players": 2, "points": [2, 1]}
    assert record(client, game, race).status_code == 303
    race = {"dealer": 1, "players": 2, "points": [1, 0]}
    assert record(client, game, race).status_code == 303
    page = client.get(f"/sheet/{game.token}/").content.decode()
    assert "The game is won: Ann wins with 3 points." in page
    assert "deal-form" not in page  # no form once the game is won
    link = f"/sheet/?after={game.view_token}"
    assert f'href="{link}"' in page
    start = client.get(link).content.decode()
    assert re.search(r'value="sheet-race" id="id_rules_\d+" required checked>', start)
    assert "Ann\nBob</textarea>" in start
    assert 'name="sheet-race-target" value="3"' in start
    refused = record(client, game, {"dealer": 0, "players": 2, "points": [1, 0]})
    assert refused.status_code == 409  # the game is over
