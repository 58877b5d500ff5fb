from django.urls import include, path

urlpatterns = [
    path("", include("content.urls")),
    path("", include("games.urls")),
]

# A failure on our side, or nothing at the address: the API's JSON error under /api/, the
# site's own page elsewhere.
handler404 = "games.api.http.page_not_found"
handler500 = "games.api.http.server_error"
