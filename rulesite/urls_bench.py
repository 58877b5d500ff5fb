"""The site's URLs plus ``/bench/trivial/``, the page benchmark's yardstick (bench settings)."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from rulesite.urls import urlpatterns as site


def trivial(request: HttpRequest) -> HttpResponse:
    """The cheapest answer Django gives through the site's middleware: two bytes of text."""
    return HttpResponse(b"ok", content_type="text/plain")


# The site's own list, not include(): Django refuses i18n_patterns in an included URLconf.
urlpatterns = [path("bench/trivial/", trivial), *site]
