"""Score sheets: /sheet/ starts one; /sheet/<token>/ records deals; /sheet/view/<token>/ is the
read-only link for spectators. Tokens are 22 URL-safe characters (128 random bits)."""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponseBase
from django.urls import path, register_converter
from django.utils.cache import add_never_cache_headers, patch_cache_control

from .views import deals, exports, history, links, pages, seats


class TokenConverter:
    regex = r"[A-Za-z0-9_-]{16,43}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")

SPECTATOR = {"spectator": True}


def secret(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """A view under a sheet's link, whose answers carry the link (issue 22): never stored
    by a browser or a proxy (``no-store``, Django's never_cache; a poll keeps its own
    ``no-cache`` for its version's ETag, made ``private``), and its address never sent on as
    a referrer, to another site or to this one's logs: ``Referrer-Policy: strict-origin``
    sends the site's origin alone. Not ``no-referrer``: with it a browser sends a form's
    POST with ``Origin: null``, which Django's CSRF protection rightly refuses."""

    @wraps(view)
    def answered(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        response = view(request, *args, **kwargs)
        if response.has_header("Cache-Control"):
            patch_cache_control(response, private=True)
        else:
            add_never_cache_headers(response)
        response["Referrer-Policy"] = "strict-origin"
        return response

    return answered


urlpatterns = [
    path("<token:token>/live/", secret(pages.live), name="live"),
    path("<token:token>/deals/", secret(deals.record), name="record"),
    path("view/<token:token>/live/", secret(pages.live), SPECTATOR, name="spectate_live"),
    path("", pages.start, name="start"),
    path("import/", exports.import_sheet, name="import"),
    path("from-table/", pages.from_table, name="from_table"),
    path("view/<token:token>/", secret(pages.sheet), SPECTATOR, name="spectate"),
    path(
        "view/<token:token>/export.csv",
        secret(exports.export_csv),
        SPECTATOR,
        name="spectate_export_csv",
    ),
    path(
        "view/<token:token>/export.json",
        secret(exports.export_json),
        SPECTATOR,
        name="spectate_export_json",
    ),
    path("view/<token:token>/print/", secret(exports.print_view), SPECTATOR, name="spectate_print"),
    path(
        "view/<token:token>/history/", secret(history.changes), SPECTATOR, name="spectate_history"
    ),
    path("<token:token>/", secret(pages.sheet), name="sheet"),
    path("<token:token>/deals/<int:position>/", secret(deals.edit), name="edit"),
    path("<token:token>/deals/<int:position>/undo/", secret(history.undo), name="undo"),
    path("<token:token>/restore/<int:change>/", secret(history.restore), name="restore"),
    path("<token:token>/seats/", secret(seats.seats), name="seats"),
    path("<token:token>/horse/", secret(seats.horse), name="horse"),
    path("<token:token>/finish/", secret(seats.finish), name="finish"),
    path("<token:token>/reopen/", secret(seats.reopen), name="reopen"),
    path("<token:token>/replace-link/", secret(links.replace_link), name="replace_link"),
    path("<token:token>/export.csv", secret(exports.export_csv), name="export_csv"),
    path("<token:token>/export.json", secret(exports.export_json), name="export_json"),
    path("<token:token>/print/", secret(exports.print_view), name="print"),
    path("<token:token>/history/", secret(history.changes), name="history"),
    path("<token:token>/history/<int:change>/put-back/", secret(deals.put_back), name="put_back"),
]
