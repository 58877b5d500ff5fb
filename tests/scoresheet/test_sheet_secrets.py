"""A sheet's links are secrets (issue 22, item 2): no token in the server's log, and the pages
and exports that carry them are never stored by a browser or a proxy."""

from __future__ import annotations

import io
import logging
import secrets

import pytest
from django.test import Client

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
