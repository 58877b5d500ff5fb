"""A leaked link revoked (issue 22): the keeper replaces the scorers' link or the read-only
one; the old one answers 410 with a page that says so, at once, on every address under it;
the other link stays; the history says which link, never a token."""

import pytest
from django.test import Client

from games.scoresheet.models import Change, Game, ReplacedLink
from tests.scoresheet.sheet_factory import action, make_game, post_deal
from tests.scoresheet.test_sheet_views import PEEL_DEAL, check, text

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client()


@pytest.fixture
def game(client):
    game = make_game("peel-new")
    post_deal(client, game, PEEL_DEAL)
    game.refresh_from_db()
    return game


def _replace(client, game, which, **kw):
    return action(client, game, f"/sheet/{game.token}/replace-link/", which=which, **kw)


def test_the_scorers_link_is_replaced_and_the_old_one_answers_410(client, game):
    old, view = game.token, game.view_token
    assert f"/sheet/{old}/deals/1/undo/" in client.get(f"/sheet/{old}/").content.decode()
    response = _replace(client, game, "write")
    assert response.status_code == 303
    game.refresh_from_db()
    assert game.token != old and len(game.token) == 22 and game.view_token == view
    assert response["Location"].startswith(f"/sheet/{game.token}/?done=link-write")
    page = client.get(response["Location"])
    assert "The scorers' link is replaced" in text(page)
    assert game.token in page.content.decode()
    assert old not in page.content.decode()  # nor in a deal's actions kept in the cache
    for url in ("", "deals/1/", "print/", "export.json", "history/", "live/"):
        gone = client.get(f"/sheet/{old}/{url}")
        assert gone.status_code == 410, url
        assert "This link was replaced" in text(gone)
    refused = post_deal(client, game, PEEL_DEAL, url=f"/sheet/{old}/deals/")
    assert refused.status_code == 410
    assert game.deals.count() == 1
    assert client.get(f"/sheet/view/{view}/").status_code == 200  # the read-only link stays
    assert post_deal(client, game, PEEL_DEAL).status_code == 303  # the new one records
    assert ReplacedLink.objects.get().digest != old  # only a digest is kept


def test_the_read_only_link_is_replaced_too(client, game):
    token, old = game.token, game.view_token
    response = _replace(client, game, "read", htmx=True)
    assert response.status_code == 200 and response["HX-Redirect"].startswith(f"/sheet/{token}/")
    game.refresh_from_db()
    assert game.token == token and game.view_token != old
    gone = client.get(f"/sv/sheet/view/{old}/")
    assert gone.status_code == 410
    assert "Länken har ersatts" in text(gone)
    assert client.get(f"/sheet/view/{old}/live/").status_code == 410
    assert client.get(f"/sheet/view/{game.view_token}/").status_code == 200
    assert client.get(f"/sheet/{token}/").status_code == 200


def test_replacing_a_link_is_in_the_history_without_a_token(client, game):
    _replace(client, game, "write")
    game.refresh_from_db()
    _replace(client, game, "read")
    game.refresh_from_db()
    change = Change.objects.filter(game=game, action="link").first()
    assert change.detail == {"which": "write"}
    said = text(client.get(f"/sheet/view/{game.view_token}/history/"))
    assert "The scorers' link was replaced" in said and "The read-only link was replaced" in said


def test_replacing_a_link_refused(client, game):
    token = game.token
    assert _replace(client, game, "both").status_code == 400
    assert _replace(client, game, "write", version=0).status_code == 409
    assert client.post(f"/sheet/{token}/replace-link/", {"which": "write"}).status_code == 400
    assert client.get(f"/sheet/{token}/replace-link/").status_code == 405
    view = f"/sheet/view/{game.view_token}/replace-link/"
    assert action(client, game, view, which="write").status_code == 404
    game.refresh_from_db()
    assert game.token == token and not ReplacedLink.objects.exists()
    # Sent twice: replaced once
    key = "k" * 22
    first = _replace(client, game, "write", key=key)
    again = action(client, game, f"/sheet/{token}/replace-link/", which="write", key=key)
    assert first.status_code == 303 and again.status_code == 410  # the old link is gone
    assert ReplacedLink.objects.count() == 1


def test_a_finished_sheets_link_can_be_replaced(client, game):
    action(client, game, f"/sheet/{game.token}/finish/")
    assert _replace(client, game, "write").status_code == 303


def test_the_sheet_offers_the_replacement_to_the_scorers_only(client, game):
    page = check(client.get(f"/sheet/{game.token}/"))
    assert "replace-link/" in client.get(f"/sheet/{game.token}/").content.decode()
    assert page.values["which"] in ("write", "read")
    assert "replace-link" not in client.get(f"/sheet/view/{game.view_token}/").content.decode()


def test_an_unknown_link_is_still_a_plain_404(client):
    response = client.get("/sheet/AAAAAAAAAAAAAAAAAAAAAA/")
    assert response.status_code == 404
    assert not Game.objects.exists()
