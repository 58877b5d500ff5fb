"""The site's answers for nothing at an address (404) and a failure on our side (500): under
``/api/`` the API's JSON error, elsewhere the site's own page (``templates/404.html``,
``templates/500.html``); a score sheet's link its keeper replaced answers 410, saying so."""

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views import defaults

from games.api.http import error_response
from games.scoresheet.views.answers import LinkReplaced, replaced_page


def _api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The site's ``handler404``."""
    if _api(request):
        return error_response(
            f"There is nothing at {request.path_info[:80]!r}: the endpoints are listed in "
            f"{reverse('api-openapi')}",
            404,
        )
    if isinstance(exception, LinkReplaced):
        return replaced_page(request, exception)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest, template_name: str = "500.html") -> HttpResponse:
    """The site's ``handler500``."""
    if _api(request):
        return error_response(
            "Something went wrong on our side while answering this request. Please try again; "
            "if it happens again, please report it with the request you sent.",
            500,
        )
    return defaults.server_error(request, template_name)
