"""Pages about the engine as a whole: the list of every editorial ruling."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from content.library import load_library
from games.engine.citations import RULINGS


@require_safe
def rulings(request: HttpRequest) -> HttpResponse:
    """Every ruling, grouped under the book of the paragraph it cites first, in library order."""
    library = load_library()
    groups = {slug: (book, []) for slug, book in library.items()}
    for ruling in sorted(RULINGS.values(), key=lambda r: r.slug):
        groups[ruling.citations[0].book][1].append(ruling)
    sections = [(book, found) for book, found in groups.values() if found]
    return render(request, "rulings.html", {"sections": sections, "library": library})
