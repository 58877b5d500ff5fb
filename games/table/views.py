"""At the table: settle who won a deal of any game in the registry, and count a hand laid out.

The chooser (``/table/``) lists every registered game; each has one page,
``/table/<slug>/``, drawn by what its players lay on the table (``Game.board``): three-card
hands judged in a showdown, or a rack of cards counted. A name a game was known by before
(``peel``, ``english``) redirects to its slug's page, query string and all, so every
permalink sent before still gives the same verdict. ``/table/compare/`` judges the same
hands under every rule set.

Every page is a GET form, so its address reproduces its result (a permalink to send to
whoever disputes it), and the page shows the result first: the verdict and the paragraph
that decides it, then the board to edit. Without JavaScript every button (add a player,
tap a card of the pack, clear a card) is a submit button that re-renders the page. With
htmx, a change sends the form and only the result comes back (with each hand's place and
messages out of band), so nothing the player is typing is ever replaced; a button that
changes the board's shape (add or remove a player) gets the result and the board. The
server names the permalink in ``HX-Push-Url``; going back, htmx asks for the whole page.
The kinds of page are modules of their own (hands.py, rack.py, request.py, sharing common.py);
the views only read the query string, ask the game (the registry, :mod:`games.engine.games`)
and render: every rule lives in ``games.engine``, and no view asks which game it holds.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponsePermanentRedirect,
)
from django.shortcuts import render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from games.engine.games import (
    Game,
    UnknownGame,
    get,
    registered,
)
from rulesite.http_cache import same_for_everyone

from .common import game_url
from .hands import _showdown_page as _showdown_page  # the page a showdown gets (a test counts it)
from .rack import _rack_page
from .request import _request_page

BOARD_WORDS = {
    "hands": gettext_lazy("Who won a showdown"),
    "rack": gettext_lazy("Count a hand laid out"),
    "request": gettext_lazy("Settle a hand"),
}
"""What the chooser says a game's page does, by its board."""


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """The chooser: every registered game, and the comparison."""
    games = [
        {"game": game, "url": game_url(game), "does": BOARD_WORDS.get(game.board, "")}
        for game in registered()
    ]
    return render(request, "table/index.html", {"games": games})


@require_safe
def game_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The table page of the game called ``slug``; a name it was known by redirects
    (permanently, the query string kept: the browser keeps the fragment)."""
    try:
        game = get(slug)
    except UnknownGame:
        raise Http404(f"No game {slug!r} at the table") from None
    if game.slug != slug:
        query = request.META.get("QUERY_STRING", "")
        target = game_url(game)
        return HttpResponsePermanentRedirect(f"{target}?{query}" if query else target)
    board = _BOARDS.get(game.board)
    if board is None:
        raise Http404(f"{game.label} has no page at the table")
    return board(request, game)


@same_for_everyone
def _request(request: HttpRequest, game: Game) -> HttpResponse:
    return _request_page(request, game)


@same_for_everyone
def _hands(request: HttpRequest, game: Game) -> HttpResponse:
    return _showdown_page(request, game)


@same_for_everyone
def _rack(request: HttpRequest, game: Game) -> HttpResponse:
    return _rack_page(request, game)


_BOARDS: dict[str, Callable[[HttpRequest, Game], HttpResponse]] = {
    "hands": _hands,
    "rack": _rack,
    "request": _request,
}
"""The page of each kind of board a game lays on the table (``Game.board``)."""
