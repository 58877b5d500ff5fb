"""The site's URLs plus ``/bench/trivial/``, the page benchmark's yardstick (bench settings)."""

from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def trivial(request: HttpRequest) -> HttpResponse:
    """The cheapest answer Django gives through the site's middleware: two bytes of text."""
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns = [
    path("bench/trivial/", trivial),
    path("", include("rulesite.urls")),
]
