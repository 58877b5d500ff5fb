"""A leaked link revoked: the keeper replaces the scorers' link (or the read-only one) with
a new token; the old one answers 410 with a page saying so (:class:`.answers.LinkReplaced`)."""

from __future__ import annotations

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from rulesite.htmx import HtmxHttpRequest

from .. import store
from ..forms import ActionForm
from ..models import Game, ReplacedLink, digest, new_token
from .answers import (
    conflict,
    done,
    first_error,
    form_key,
    game_or_404,
    see_other,
    sheet_answer,
    stale,
)


@require_POST
def replace_link(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Give the sheet a new scorers' link (``which=write``) or read-only link (``read``):
    the old one stops working at once. A recorded change (the history says which link, never
    the token); allowed on a finished sheet too, since it changes no entry."""
    game = game_or_404(token, False)
    key = form_key(request)
    if store.already_done(game, key):
        return done(request, game, gettext("Done already."), "link")
    form = ActionForm(request.POST)
    which = request.POST.get("which", "")
    if not form.is_valid() or which not in ("write", "read"):
        problem = first_error(form) if form.errors else gettext("Choose which link to replace.")
        return sheet_answer(request, game, status=400, problem=problem)
    if stale(game, request):
        return conflict(request, game, doing="looking")
    spectator = which == "read"

    def write(locked: Game) -> None:
        old = locked.view_token if spectator else locked.token
        if spectator:
            locked.view_token = new_token()
        else:
            locked.token = new_token()
        locked.save(update_fields=["view_token" if spectator else "token"])
        ReplacedLink.objects.create(game=locked, digest=digest(old), spectator=spectator)
        store.bump(locked, key, "link", which=which)

    try:
        locked = store.commit(game, game.version, write)
    except store.Duplicate:
        locked = game
    except store.Stale:
        game.refresh_from_db()
        return conflict(request, game, doing="looking")
    locked.refresh_from_db()
    url = reverse("sheet:sheet", args=[locked.token]) + f"?done=link-{which}#share-title"
    if request.htmx:  # the browser goes to the sheet's new address (a 303 would be followed)
        response = HttpResponse()
        response["HX-Redirect"] = url
        return response
    return see_other(url)
