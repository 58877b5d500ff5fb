"""Pages about the engine as a whole: the list of every editorial ruling, by game."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from content.library import load_library
from games.engine.citations import RULINGS, Ruling
from games.engine.games import house_rule, registered
from rulesite.http_cache import same_for_everyone


@require_safe
@same_for_everyone
def rulings(request: HttpRequest) -> HttpResponse:
    """Every ruling, under the first registered game that applies it (each is stated once,
    so its permalink ``/rulings/#<slug>`` is unique); a later game lists the rulings it
    shares with an earlier one by name. Rulings no game applies (the comparison's) follow."""
    shown: set[str] = set()
    sections: list[dict[str, object]] = []
    for game in registered():
        own = [r for r in game.rulings if r.slug not in shown]
        shared = [r for r in game.rulings if r.slug in shown]
        shown.update(r.slug for r in own)
        sections.append(
            {"game": game, "own": _entries(own), "shared": shared, "count": len(game.rulings)}
        )
    rest = [r for r in sorted(RULINGS.values(), key=lambda r: r.slug) if r.slug not in shown]
    context = {"sections": sections, "others": _entries(rest), "library": load_library()}
    return render(request, "rulings.html", context)


def _entries(rulings: list[Ruling]) -> list[dict[str, object]]:
    return [{"ruling": r, "option": house_rule(r)} for r in rulings]
