"""Pages about the engine as a whole: the list of every editorial ruling."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from games.engine.citations import RULINGS


@require_safe
def rulings(request: HttpRequest) -> HttpResponse:
    ordered = sorted(RULINGS.values(), key=lambda r: (r.citations[0].book if r.citations else "",
                                                      r.slug))
    return render(request, "rulings.html", {"rulings": ordered})
