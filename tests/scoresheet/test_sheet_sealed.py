"""A finished sheet is sealed (issue 22, item 1): every change is refused with a 409 that
says when the evening was finished and how to reopen it, with what was typed kept; the
page shows no control that changes it; reopening is itself a change, recorded."""

import re
import secrets

import pytest
from django.test import Client

from games.scoresheet.models import Change, Deal
from tests.scoresheet.sheet_factory import action, make_game, post_deal
from tests.scoresheet.test_sheet_views import PEEL_DEAL, check, text

pytestmark = pytest.mark.django_db

FINISHED = "This evening was finished on"


@pytest.fixture
def client():
    return Client()


@pytest.fixture
def game(client):
    """A Peel's old game with two deals (the second undone and so restorable), finished."""
    game = make_game("peel-new")
    post_deal(client, game, PEEL_DEAL)
    post_deal(client, game, {**PEEL_DEAL, "dealer": 1, "stood": 0})
    assert action(client, game, f"/sheet/{game.token}/deals/2/undo/").status_code == 303
    assert action(client, game, f"/sheet/{game.token}/finish/").status_code == 303
    game.refresh_from_db()
    assert game.finished
    return game


def _unchanged(game, version, deals=1):
    game.refresh_from_db()
    assert game.version == version and game.finished
    assert Deal.objects.filter(game=game).count() == deals


def _refusals(game):
    undo = Change.objects.get(game=game, action="undo").version
    return {
        "record": lambda c, h: post_deal(c, game, {**PEEL_DEAL, "dealer": 2}, htmx=h),
        "edit": lambda c, h: post_deal(
            c, game, {**PEEL_DEAL, "stood": 2}, htmx=h, url=f"/sheet/{game.token}/deals/1/"
        ),
        "undo": lambda c, h: action(c, game, f"/sheet/{game.token}/deals/1/undo/", htmx=h),
        "restore": lambda c, h: action(c, game, f"/sheet/{game.token}/restore/{undo}/", htmx=h),
        "horse": lambda c, h: action(c, game, f"/sheet/{game.token}/horse/", htmx=h, player=0),
        "join": lambda c, h: action(c, game, f"/sheet/{game.token}/seats/", htmx=h, name="Eve"),
        "leave": lambda c, h: action(c, game, f"/sheet/{game.token}/seats/", htmx=h, leave=1),
        "finish": lambda c, h: action(c, game, f"/sheet/{game.token}/finish/", htmx=h),
    }


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize(
    "what", ["record", "edit", "undo", "restore", "horse", "join", "leave", "finish"]
)
def test_every_change_to_a_finished_sheet_is_refused(client, game, what, htmx):
    version = game.version
    response = _refusals(game)[what](client, htmx)
    assert response.status_code == 409
    said = text(response)
    assert FINISHED in said and "reopen it to change it" in said
    assert "(UTC)" in said  # when, in the site's time zone, named
    _unchanged(game, version)
    check(response)


def test_the_refusal_is_in_the_pages_language(client, game):
    game.refresh_from_db()
    fields = {"version": game.version, "key": secrets.token_urlsafe(16)}
    response = client.post(f"/sv/sheet/{game.token}/deals/1/undo/", fields)
    assert response.status_code == 409
    assert "Kvällen avslutades" in text(response)


def test_a_refused_deal_is_kept_in_the_form_and_reopening_brings_it_back(client, game):
    hands = {**PEEL_DEAL, "dealer": 2, "hands": [["AH", "KH", "QH"], *PEEL_DEAL["hands"][1:]]}
    refused = post_deal(client, game, hands, htmx=True)
    assert refused.status_code == 409
    assert refused["HX-Retarget"] == "#deal-form"
    form = check(refused).values
    assert form["card_0_0"] == "AH" and form["card_0_2"] == "QH"
    assert form["version"] == str(game.version)
    page = refused.content.decode()
    assert 'name="then" value="record"' in page and "/reopen/" in page
    assert page.count('type="submit"') == 1  # only the reopen: no button that cannot work
    # "Reopen" pressed in that form: the form's fields, its own key for the reopen
    fields = {**form, "then": "record"}
    response = client.post(f"/sheet/{game.token}/reopen/", fields, headers={"HX-Request": "true"})
    assert response.status_code == 200
    game.refresh_from_db()
    assert not game.finished
    assert Change.objects.filter(game=game, action="reopen").count() == 1
    assert not Change.objects.filter(game=game, key=form["key"]).exists()
    again = check(response).values
    assert again["card_0_0"] == "AH" and again["version"] == str(game.version)
    assert "your deal is in the form below" in text(response)
    # Sent again, as it is: recorded
    sent = post_deal(client, game, hands, key=again["key"])
    assert sent.status_code == 303
    assert Deal.objects.filter(game=game).count() == 2


def test_a_refused_edit_keeps_what_was_typed(client, game):
    page = client.get(f"/sheet/{game.token}/deals/1/")
    assert page.status_code == 200
    assert FINISHED in text(page) and "Save deal" not in text(page)
    fields = {**check(page).values, "dealer": 0, "stood": 3, "mode": "hands", "card_3_2": "QH"}
    response = client.post(f"/sheet/{game.token}/deals/1/", fields)
    assert response.status_code == 409
    assert check(response).values["card_3_2"] == "QH"
    assert 'name="then" value="edit-1"' in response.content.decode()
    reopened = client.post(
        f"/sheet/{game.token}/reopen/", {**check(response).values, "then": "edit-1", **fields}
    )
    assert reopened.status_code == 200
    assert check(reopened).values["card_3_2"] == "QH"
    assert "Save deal 1" in text(reopened)


def test_a_refused_seat_change_keeps_the_name(client, game):
    response = action(client, game, f"/sheet/{game.token}/seats/", name="Eve Late")
    assert response.status_code == 409
    kept = check(response).values
    assert kept["name"] == "Eve Late" and kept["then"] == "seats"
    reopened = client.post(f"/sheet/{game.token}/reopen/", kept)
    assert reopened.status_code == 200
    assert re.search(r'id="seat-name"[^>]*value="Eve Late"', reopened.content.decode())
    assert '<details class="panel seats" open>' in reopened.content.decode()


@pytest.mark.parametrize("spectator", [False, True])
def test_a_finished_sheets_page_has_no_control_that_changes_it(client, game, spectator):
    url = f"/sheet/view/{game.view_token}/" if spectator else f"/sheet/{game.token}/"
    for headers in ({}, {"HX-Request": "true"}):
        page = client.get(url, headers=headers).content.decode()
        assert "/undo/" not in page and "/deals/1/" not in page
        assert "/restore/" not in page and "/seats/" not in page and "/horse/" not in page
        assert 'id="deal-form"' not in page
        assert ("/reopen/" in page) is not spectator


def test_reopening_is_a_recorded_change_and_an_open_sheet_is_not_reopened(client, game):
    response = action(client, game, f"/sheet/{game.token}/reopen/", htmx=True)
    assert response.status_code == 200
    assert Change.objects.filter(game=game).order_by("-version").first().action == "reopen"
    page = client.get(f"/sheet/{game.token}/").content.decode()
    assert "/deals/1/undo/" in page and "/restore/" in page
    version = Change.objects.filter(game=game).count()
    again = action(client, game, f"/sheet/{game.token}/reopen/")
    assert again.status_code == 409
    assert "open already" in text(again)
    assert Change.objects.filter(game=game).count() == version


def test_a_grid_drawn_before_finishing_loses_its_edit_links_after(client):
    """The grid's rows are kept by Django's cache: finishing must not leave a kept row's link
    to the edit form on the sealed page."""
    game = make_game("peel-new")
    post_deal(client, game, PEEL_DEAL)
    assert f"/sheet/{game.token}/deals/1/" in client.get(f"/sheet/{game.token}/").content.decode()
    assert action(client, game, f"/sheet/{game.token}/finish/").status_code == 303
    assert "/deals/1/" not in client.get(f"/sheet/{game.token}/").content.decode()


def test_a_seat_change_sent_against_an_older_sheet_keeps_the_name(client):
    """Issue 22, item 5: a late player's name typed while another phone recorded a deal
    comes back in the 409, the seat form open, at the sheet's version now."""
    game = make_game("peel-new")
    response = action(client, game, f"/sheet/{game.token}/seats/", name="Eve Late", version=0)
    assert response.status_code == 409
    body = response.content.decode()
    assert re.search(r'id="seat-name"[^>]*value="Eve Late"', body)
    assert '<details class="panel seats" open>' in body
    game.refresh_from_db()
    resent = action(client, game, f"/sheet/{game.token}/seats/", **check(response).values)
    assert resent.status_code in (200, 303)
    assert game.spec().players[-1] == "Eve Late"
