from django.urls import include, path

urlpatterns = [
    path("", include("content.urls")),
    path("", include("games.urls")),
]

# A failure on our side: the API's JSON error under /api/, the site's own page elsewhere.
handler500 = "games.api.http.server_error"
