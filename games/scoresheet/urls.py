"""Score sheets: /sheet/ starts one; /sheet/<token>/ records deals; /sheet/view/<token>/ is the
read-only link for spectators. Tokens are 22 URL-safe characters (128 random bits)."""

from django.urls import path, register_converter

from .views import deals, exports, history, pages, seats


class TokenConverter:
    regex = r"[A-Za-z0-9_-]{16,43}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")

SPECTATOR = {"spectator": True}

urlpatterns = [
    path("<token:token>/live/", pages.live, name="live"),
    path("<token:token>/deals/", deals.record, name="record"),
    path("view/<token:token>/live/", pages.live, SPECTATOR, name="spectate_live"),
    path("", pages.start, name="start"),
    path("import/", exports.import_sheet, name="import"),
    path("from-table/", pages.from_table, name="from_table"),
    path("view/<token:token>/", pages.sheet, SPECTATOR, name="spectate"),
    path(
        "view/<token:token>/export.csv", exports.export_csv, SPECTATOR, name="spectate_export_csv"
    ),
    path(
        "view/<token:token>/export.json",
        exports.export_json,
        SPECTATOR,
        name="spectate_export_json",
    ),
    path("view/<token:token>/print/", exports.print_view, SPECTATOR, name="spectate_print"),
    path("<token:token>/", pages.sheet, name="sheet"),
    path("<token:token>/deals/<int:position>/", deals.edit, name="edit"),
    path("<token:token>/deals/<int:position>/undo/", history.undo, name="undo"),
    path("<token:token>/restore/<int:change>/", history.restore, name="restore"),
    path("<token:token>/seats/", seats.seats, name="seats"),
    path("<token:token>/horse/", seats.horse, name="horse"),
    path("<token:token>/finish/", seats.finish, name="finish"),
    path("<token:token>/reopen/", seats.reopen, name="reopen"),
    path("<token:token>/export.csv", exports.export_csv, name="export_csv"),
    path("<token:token>/export.json", exports.export_json, name="export_json"),
    path("<token:token>/print/", exports.print_view, name="print"),
]
