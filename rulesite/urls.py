from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path

from rulesite import language, offline

# The API, the language switch and the service worker at one address in every language; the
# pages in English at the addresses they always had and in Swedish under /sv/
# (rulesite/language.py).
urlpatterns = [
    path("api/v1/", include("games.api.urls")),
    path("language/<slug:language>/", language.switch, name="language"),
    # The service worker at the root, so that it may keep every page of both languages.
    path("sw.js", offline.service_worker, name="service-worker"),
    # The site as the engine's worker runs it in the browser without signal.
    path("offline/site.zip", offline.site_bundle_view, name="site-bundle"),
    *i18n_patterns(
        path("manifest.webmanifest", offline.manifest, name="manifest"),
        path("offline/", offline.offline_page, name="offline"),
        path("", include("content.urls")),
        path("", include("games.urls")),
        prefix_default_language=False,
    ),
]

# A failure on our side, or nothing at the address: the API's JSON error under /api/, the
# site's own page elsewhere.
handler404 = "rulesite.errors.page_not_found"
handler500 = "rulesite.errors.server_error"
