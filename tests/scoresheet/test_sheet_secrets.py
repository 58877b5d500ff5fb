"""A sheet's links are secrets (issue 22, item 2): no token in the server's log, and the pages
and exports that carry them are never stored by a browser or a proxy."""

from __future__ import annotations

import io
import logging
import secrets

import pytest
from django.http import HttpResponse
from django.test import Client

from tests.conftest import read_body
from tests.scoresheet.sheet_factory import make_game

pytestmark = pytest.mark.django_db


def test_a_refusal_logged_does_not_name_the_sheets_token():
    """A 409 is logged by Django with the request's path, which holds the write token."""
    game = make_game("peel-new")
    console = next(h for h in logging.getLogger().handlers if h.filters)
    stream = io.StringIO()
    old = console.setStream(stream)  # type: ignore[attr-defined]
    try:
        stale = {"version": game.version - 1, "key": secrets.token_urlsafe(16), "mode": "hands"}
        answer = Client().post(f"/sheet/{game.token}/deals/", stale)
        assert answer.status_code in (400, 409)
        Client().get(f"/sheet/view/{game.view_token}/deals/9/")  # a 404 under the read link
    finally:
        console.setStream(old)  # type: ignore[attr-defined]
    logged = stream.getvalue()
    assert "/sheet/…/deals/" in logged
    assert game.token not in logged and game.view_token not in logged


@pytest.mark.parametrize(
    "page",
    ["/sheet/{t}/", "/sheet/{t}/print/", "/sheet/{t}/export.csv", "/sheet/{t}/export.json"],
)
def test_the_pages_that_carry_the_links_are_never_stored(page):
    game = make_game("peel-new")
    for address in (
        page.format(t=game.token),
        page.replace("/sheet/", "/sheet/view/").format(t=game.view_token),
    ):
        response = Client().get(address)
        assert response.status_code == 200, address
        assert "no-store" in response["Cache-Control"], address
        read_body(response)  # an export's entries are read as it is sent: done with them


def test_every_address_under_a_sheets_link_is_answered_as_a_secret():
    """Issue 22: "Cache-Control: no-store and Referrer-Policy: no-referrer on every response
    that carries a token" (strict-origin: see ``secret``): every route with a token goes
    through ``secret``."""
    from games.scoresheet import urls

    answered = urls.secret(lambda request: HttpResponse()).__code__  # the wrapper's own
    routes = [p for p in urls.urlpatterns if "<token:token>" in str(p.pattern)]
    assert len(routes) > 20
    for route in routes:
        assert route.callback.__code__ is answered, str(route.pattern)


def test_answers_under_a_sheets_link_are_never_stored_nor_sent_on_as_a_referrer():
    """Issue 22 asks for no-referrer; strict-origin sends the origin alone (no path, so no
    token), and keeps the real Origin on a form's POST, which Django's CSRF check needs
    (no-referrer makes it "null": every plain form under the link was refused, 403)."""
    game = make_game("peel-new")
    phone = Client()
    answers = {
        "page": phone.get(f"/sheet/{game.token}/"),
        "read-only page": phone.get(f"/sheet/view/{game.view_token}/"),
        "a deal refused": phone.post(
            f"/sheet/{game.token}/deals/", {"version": game.version - 1, "mode": "hands"}
        ),
        "seats refused": phone.post(f"/sheet/{game.token}/seats/", {"version": 0, "name": "Eve"}),
        "history": phone.get(f"/sheet/{game.token}/history/"),
    }
    for what, response in answers.items():
        assert response["Referrer-Policy"] == "strict-origin", what
        assert "no-store" in response["Cache-Control"], what
    poll = phone.get(f"/sheet/{game.token}/live/?v=0")
    assert poll["Referrer-Policy"] == "strict-origin"
    assert "private" in poll["Cache-Control"] and "no-cache" in poll["Cache-Control"]
    assert Client().get("/library/")["Referrer-Policy"] == "same-origin"  # elsewhere: the site's
