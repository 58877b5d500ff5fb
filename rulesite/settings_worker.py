"""Settings for the site run in the browser, in the engine's worker (issue 21, part 2).

Without signal, a table page's or the search page's htmx request is answered by this very site
running in Pyodide in a Web Worker (``static/js/engine-worker.mjs``, ``rulesite/worker.py``):
the same views, templates, catalogue, engine and search index as the server, so the verdict,
the hits and their words are the server's by construction. Everything else is the site's own
settings, less what a browser cannot have or needs not: a database of its own in the worker's
memory (SQLite, which Pyodide has: the table pages never ask it; a score sheet kept on the
device is mirrored there, see :func:`rulesite.worker.mirror`), no compression (the worker hands
the page plain text), no static files of its own (the page's are the service worker's), no
redirect to HTTPS (the address is the page's own), any host (the page's), no CSRF check
(nothing but the page that started the worker can send it a request: no other site reaches it).
"""

from rulesite.settings import *  # noqa: F403
from rulesite.settings import MIDDLEWARE

DEBUG = False
# Nothing is signed in the worker: no session, no cookie, no CSRF token.
SECRET_KEY = "the-browser-signs-nothing"  # noqa: S105
ALLOWED_HOSTS = ["*"]
SECURE_SSL_REDIRECT = False
SECURE_HSTS_SECONDS = 0
# In memory: the worker's one connection holds it for the worker's life.
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    "pages": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    # The quoted paragraphs a verdict cites, kept as on the server (this phone's alone).
    "template_fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "OPTIONS": {"MAX_ENTRIES": 500},
    },
}
MIDDLEWARE = [
    m
    for m in MIDDLEWARE
    if m
    not in {
        "whitenoise.middleware.WhiteNoiseMiddleware",
        "django.middleware.gzip.GZipMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
    }
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
LOGGING_CONFIG = None
# Pyodide has no time zone database (its tzdata is a package of its own), and the table pages
# tell no time.
USE_TZ = False
