"""The library's pages: home, the index, each rulebook, the glossary and search.

Each is the same for every reader until the next deploy, so each is kept in Django's page
cache (``rulesite.http_cache``) and sent with an ETag; none carries the CSRF token or the CSP
nonce, which would make it differ per request. A reader may keep a page five minutes before
asking again, and then gets a 304 if nothing changed.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_safe

from rulesite.htmx import HtmxHttpRequest
from rulesite.http_cache import same_for_everyone

from .comparison import VIEWS, load_comparison
from .library import get_book, glossary_in_swedish_order, load_glossary, load_library
from .search import find


@require_safe
@same_for_everyone
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@require_safe
@same_for_everyone
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "library/index.html", {"books": load_library().values()})


def reading(request: HttpRequest) -> str:
    return request.GET.get("read", "")[:40]


@require_safe
@same_for_everyone
def book(request: HttpRequest, slug: str) -> HttpResponse:
    """A rulebook; a text with a translation beside it may be read in the translation alone
    (``?read=en``). Any other ``read`` is a 400 that says so, over the page as usual."""
    found = get_book(slug)
    if found is None:
        raise Http404(f"No rulebook called {slug!r}")
    read, error = reading(request), ""
    if read not in ("", "en") or (read == "en" and found.translation is None):
        if found.translation is not None:
            error = gettext(
                "'read' is %(value)s: this text is read as it stands (no 'read') or, "
                "in English alone, read=en."
            ) % {"value": repr(read)}
        else:
            error = gettext("'read' is %(value)s: this text is read as it stands (no 'read').") % {
                "value": repr(read)
            }
        read = ""
    context = {"book": found, "read_en": read == "en", "error": error}
    return render(request, "library/book.html", context, status=400 if error else 200)


@require_safe
@same_for_everyone
def glossary(request: HttpRequest) -> HttpResponse:
    """The glossary, in the order of the page's language: the Swedish page lists the terms by
    their Swedish names, with an index by the English ones too (a reader of Peel or Cox meets
    the English word)."""
    swedish = get_language() == "sv"
    terms = glossary_in_swedish_order() if swedish else load_glossary()
    return render(
        request,
        "library/glossary.html",
        {"terms": terms, "by_english": load_glossary() if swedish else None},
    )


def search_query(request: HttpRequest) -> str:
    return request.GET.get("q", "").strip()[:200]


def results_only(request: HtmxHttpRequest) -> bool:
    """htmx asks for the results as the reader types; a history restore wants the whole page."""
    return bool(request.htmx) and not request.htmx.history_restore_request


@require_safe
@same_for_everyone
def search_view(request: HtmxHttpRequest) -> HttpResponse:
    query = search_query(request)
    results = find(query, language=get_language()) if query else None
    template = "library/search.html#results" if results_only(request) else "library/search.html"
    return render(request, template, {"query": query, "results": results})


def comparison_view_name(request: HttpRequest) -> str:
    return request.GET.get("by", VIEWS[0])[:40]


@require_safe
@same_for_everyone
def comparison(request: HttpRequest) -> HttpResponse:
    """The variants compared, a section per question (``?by=question``) or per variant
    (``?by=variant``); any other ``by`` is a 400 that says so, over the page by question."""
    by = comparison_view_name(request)
    error = ""
    if by not in VIEWS:
        error = gettext("'by' is %(value)s: the comparison reads by question or by variant.") % {
            "value": repr(by)
        }
        by = VIEWS[0]
    context = {"comparison": load_comparison(get_language()), "by": by, "error": error}
    return render(request, "library/comparison.html", context, status=400 if error else 200)


@require_safe
@same_for_everyone
def parallels(request: HttpRequest) -> HttpResponse:
    """The books' own paragraphs on each question, side by side."""
    comparison = load_comparison(get_language())
    return render(request, "library/parallels.html", {"comparison": comparison})
