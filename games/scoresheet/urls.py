"""Score sheets: /sheet/ starts one; /sheet/<token>/ records deals; /sheet/view/<token>/ is the
read-only link for spectators. Tokens are 22 URL-safe characters (128 random bits)."""

from django.urls import path, register_converter
from django.views.decorators.cache import never_cache

from .views import deals, exports, history, links, pages, seats


class TokenConverter:
    regex = r"[A-Za-z0-9_-]{16,43}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")

SPECTATOR = {"spectator": True}

# The pages that show a sheet's links (the scorers' is a secret) and its exports are never
# stored by a browser or a proxy (Cache-Control: no-store, Django's never_cache).
sheet_page = never_cache(pages.sheet)
print_view = never_cache(exports.print_view)
export_csv = never_cache(exports.export_csv)
export_json = never_cache(exports.export_json)
changes = never_cache(history.changes)

urlpatterns = [
    path("<token:token>/live/", pages.live, name="live"),
    path("<token:token>/deals/", deals.record, name="record"),
    path("view/<token:token>/live/", pages.live, SPECTATOR, name="spectate_live"),
    path("", pages.start, name="start"),
    path("import/", exports.import_sheet, name="import"),
    path("from-table/", pages.from_table, name="from_table"),
    path("view/<token:token>/", sheet_page, SPECTATOR, name="spectate"),
    path("view/<token:token>/export.csv", export_csv, SPECTATOR, name="spectate_export_csv"),
    path(
        "view/<token:token>/export.json",
        export_json,
        SPECTATOR,
        name="spectate_export_json",
    ),
    path("view/<token:token>/print/", print_view, SPECTATOR, name="spectate_print"),
    path("view/<token:token>/history/", changes, SPECTATOR, name="spectate_history"),
    path("<token:token>/", sheet_page, name="sheet"),
    path("<token:token>/deals/<int:position>/", deals.edit, name="edit"),
    path("<token:token>/deals/<int:position>/undo/", history.undo, name="undo"),
    path("<token:token>/restore/<int:change>/", history.restore, name="restore"),
    path("<token:token>/seats/", seats.seats, name="seats"),
    path("<token:token>/horse/", seats.horse, name="horse"),
    path("<token:token>/finish/", seats.finish, name="finish"),
    path("<token:token>/reopen/", seats.reopen, name="reopen"),
    path("<token:token>/replace-link/", links.replace_link, name="replace_link"),
    path("<token:token>/export.csv", export_csv, name="export_csv"),
    path("<token:token>/export.json", export_json, name="export_json"),
    path("<token:token>/print/", print_view, name="print"),
    path("<token:token>/history/", changes, name="history"),
    path("<token:token>/history/<int:change>/put-back/", deals.put_back, name="put_back"),
]
