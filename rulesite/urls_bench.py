"""The site's URLs plus the page benchmark's yardsticks (bench settings): ``/bench/trivial/``,
and the floors of the tools, ``/bench/judge/<game>/`` and ``/bench/settle/<game>/``."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from games.engine import games
from rulesite.urls import urlpatterns as site


def trivial(request: HttpRequest) -> HttpResponse:
    """The cheapest answer Django gives through the site's middleware: two bytes of text."""
    return HttpResponse(b"ok", content_type="text/plain")


def judge(request: HttpRequest, slug: str) -> HttpResponse:
    """The floor of a table's answer: the hands of its address (``h=AS+KS+QS&h=…``) read and
    judged by the engine, and the winners answered in a few bytes -- no page drawn."""
    game = games.get(slug)
    result = game.judge(request.GET.getlist("h"), game.configure())  # type: ignore[attr-defined]
    return HttpResponse(repr(result.winners).encode(), content_type="text/plain")


def settle(request: HttpRequest, slug: str) -> HttpResponse:
    """The floor of a calculator's answer: the deal of its address (``hand1=…&dealer=1&
    stood=2``, players from 1) read and settled by the engine at a stake of one, and the
    first player's net answered in a few bytes -- no page drawn."""
    game = games.get(slug)
    query = request.GET
    hands = [query[f"hand{n}"] for n in range(1, 20) if f"hand{n}" in query]
    deal = game.settle(  # type: ignore[attr-defined]
        hands,
        1,
        game.configure(),
        dealer=int(query["dealer"]) - 1,
        stood=int(query["stood"]) - 1,
    )
    return HttpResponse(str(deal.settlement.net[0]).encode(), content_type="text/plain")


# The site's own list, not include(): Django refuses i18n_patterns in an included URLconf.
urlpatterns = [
    path("bench/trivial/", trivial),
    path("bench/judge/<slug:slug>/", judge),
    path("bench/settle/<slug:slug>/", settle),
    *site,
]
