"""The library's pages: the index, each rulebook, the glossary and search."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from .library import get_book, load_glossary, load_library, search


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "library/index.html", {"books": load_library().values()})


@require_safe
def book(request: HttpRequest, slug: str) -> HttpResponse:
    found = get_book(slug)
    if found is None:
        raise Http404(f"No rulebook called {slug!r}")
    return render(request, "library/book.html", {"book": found})


@require_safe
def glossary(request: HttpRequest) -> HttpResponse:
    return render(request, "library/glossary.html", {"terms": load_glossary()})


@require_safe
def search_view(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:200]
    hits = search(query) if query else []
    template = "library/search.html#results" if request.htmx else "library/search.html"
    return render(request, template, {"query": query, "hits": hits})
