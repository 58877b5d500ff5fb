"""The score-sheet bench's addresses (``bench/sheet_settings.py``): the site's and the page
bench's (``/bench/trivial/``), and ``/bench/insert/``, the floor of recording a deal: a POST
through the same middleware (the CSRF token checked) that inserts one row in a transaction
and answers two bytes. What recording costs beyond it is the deal itself: reading the sheet,
the form, the engine's step, the answer."""

import secrets

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.views.decorators.http import require_POST

from games.scoresheet.models import Change, Game
from rulesite.urls_bench import urlpatterns as _site

_GAME: list[int] = []  # the sheet this process inserts its rows into, made on first use


@require_POST
def insert(request: HttpRequest) -> HttpResponse:
    """One row inserted (a change's key, the smallest row the sheet writes), as a bare
    Django view would."""
    if not _GAME:
        _GAME.append(Game.objects.create(rules="peel-new", title="bench floor").pk)
    with transaction.atomic():
        Change.objects.create(
            game_id=_GAME[0], key=secrets.token_urlsafe(12), action="record", version=0
        )
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns = [path("bench/insert/", insert), *_site]
