from django.urls import include, path
from django.views.generic import TemplateView

urlpatterns = [
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("", include("content.urls")),
    path("", include("games.urls")),
]

# A failure on our side: the API's JSON error under /api/, the site's own page elsewhere.
handler500 = "games.api.http.server_error"
