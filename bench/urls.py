"""The site's addresses and the bench's yardstick: ``/bench/trivial/``, a view that answers a
few bytes through the same middleware as every page."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from rulesite.urls import urlpatterns as site


def trivial(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


urlpatterns = [path("bench/trivial/", trivial), *site]
