"""Score sheets: /sheet/ starts one; /sheet/<token>/ records deals; /sheet/view/<token>/ is the
read-only link for spectators. Tokens are 22 URL-safe characters (128 random bits)."""

from django.urls import path, register_converter

from . import views


class TokenConverter:
    regex = r"[A-Za-z0-9_-]{16,43}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")

SPECTATOR = {"spectator": True}

# The addresses asked most first (every phone polls every few seconds; each deal is a POST):
# Django tries the patterns in order, and each miss costs about a microsecond and a half.
urlpatterns = [
    path("<token:token>/live/", views.live, name="live"),
    path("<token:token>/deals/", views.record, name="record"),
    path("view/<token:token>/live/", views.live, SPECTATOR, name="spectate_live"),
    path("", views.start, name="start"),
    path("import/", views.import_sheet, name="import"),
    path("from-table/", views.from_table, name="from_table"),
    path("view/<token:token>/", views.sheet, SPECTATOR, name="spectate"),
    path("view/<token:token>/export.csv", views.export_csv, SPECTATOR, name="spectate_export_csv"),
    path(
        "view/<token:token>/export.json", views.export_json, SPECTATOR, name="spectate_export_json"
    ),
    path("view/<token:token>/print/", views.print_view, SPECTATOR, name="spectate_print"),
    path("<token:token>/", views.sheet, name="sheet"),
    path("<token:token>/deals/<int:position>/", views.edit, name="edit"),
    path("<token:token>/deals/<int:position>/undo/", views.undo, name="undo"),
    path("<token:token>/restore/<int:change>/", views.restore, name="restore"),
    path("<token:token>/seats/", views.seats, name="seats"),
    path("<token:token>/horse/", views.horse, name="horse"),
    path("<token:token>/finish/", views.finish, name="finish"),
    path("<token:token>/reopen/", views.reopen, name="reopen"),
    path("<token:token>/export.csv", views.export_csv, name="export_csv"),
    path("<token:token>/export.json", views.export_json, name="export_json"),
    path("<token:token>/print/", views.print_view, name="print"),
]
