"""Settings for rulesite: one file, read from the environment, with development defaults.

Environment variables (all optional in development):
- DJANGO_DEBUG: "1"/"true" for debug (the default), "0"/"false" for production.
- DJANGO_SECRET_KEY: required when debug is off.
- DJANGO_ALLOWED_HOSTS: comma-separated host names (default: localhost names).
- DATABASE_URL: e.g. postgres://user:pass@host/db (default: SQLite file db.sqlite3).
- DJANGO_SECURE_SSL_REDIRECT: "0" to serve plain HTTP with debug off (e.g. on a laptop at the
  card table).
- REDIS_URL: e.g. redis://127.0.0.1:6379/0, a cache and rate limit shared by every server
  (Django's RedisCache; default: each process's memory).
- DJANGO_CACHE_BACKEND, DJANGO_CACHE_LOCATION: another shared cache (when REDIS_URL is unset).
- DJANGO_BEHIND_PROXY: "1" when a proxy terminates TLS and sets X-Forwarded-Proto (replacing
  any a client sent); only then is that header trusted.
"""

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DJANGO_DEBUG", True)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off.")
    SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"

ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if h.strip()
]

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.staticfiles",
    "django_htmx",
    "content",
    "games",
    "games.scoresheet",
    "games.odds",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # https://whitenoise.readthedocs.io/en/stable/django.html: straight after SecurityMiddleware.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    # An ETag for every page, and a 304 for a reader who has it (after GZip: the ETag is
    # computed on the page, not on its compressed bytes).
    "django.middleware.http.ConditionalGetMiddleware",
    # The page's language from its address (/sv/…); a first visit to an English address by a
    # Swedish reader is sent to the Swedish one (rulesite/language.py).
    "rulesite.language.LanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "rulesite.urls"
WSGI_APPLICATION = "rulesite.wsgi.application"
ASGI_APPLICATION = "rulesite.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csrf",
                # Gives templates csp_nonce, for a page that ever needs an inline script.
                "django.template.context_processors.csp",
                # The page in the other languages, for the switch and hreflang.
                "rulesite.language.languages",
            ],
        },
    },
]

# Form fields are drawn by Django's Jinja2 form renderer and its own widget templates: the same
# markup as the default renderer, about three times as fast a widget (20 against 55 µs; a
# calculator's whole page 12.9 against 5.4 ms in `make bench`). Pages stay Django templates.
FORM_RENDERER = "django.forms.renderers.Jinja2"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Two phones recording a deal at once: wait for the write lock instead of failing at once,
    # and take it at the start of a transaction so a read-then-write cannot be interleaved.
    # WAL lets pages be read while a sheet is written, and commits without an fsync each
    # (durable at the next checkpoint): https://www.sqlite.org/wal.html,
    # https://docs.djangoproject.com/en/6.0/ref/databases/#sqlite-init-command
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 10,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Django's cache framework: "default" counts the sheets a client starts (limits.py) and keeps
# the offline bundle, "pages" keeps whole pages that are the same for everyone
# (rulesite/http_cache.py), "template_fragments" the parts of a page its {% cache %} tags keep
# (a score sheet's deals, under each one's stamp; its accounts, under the sheet's version).
# Each is a bounded local-memory cache per process unless REDIS_URL (or DJANGO_CACHE_BACKEND and
# DJANGO_CACHE_LOCATION) names a shared one: then "default" and "pages" live there, so several
# servers keep a page once and count one rate limit. The fragments stay in each process: their
# keys hold the version or stamp they were drawn at, so one drawn by another server is never
# needed for correctness; a page reads dozens of them (a round trip each to a shared cache);
# and a sheet's fragments carry its write link, which stays out of a shared service. With
# debug on no page or fragment is kept, so an edited template shows.
_LOCAL_MEMORY = "django.core.cache.backends.locmem.LocMemCache"
_REDIS = "django.core.cache.backends.redis.RedisCache"


def cache_settings(environ: Mapping[str, str], debug: bool) -> dict[str, dict[str, Any]]:
    """CACHES for this environment (REDIS_URL first, then DJANGO_CACHE_BACKEND/_LOCATION)."""
    local: dict[str, Any] = {"BACKEND": _LOCAL_MEMORY, "OPTIONS": {"MAX_ENTRIES": 1000}}
    shared: dict[str, Any] = local
    if redis_url := environ.get("REDIS_URL", "").strip():
        shared = {"BACKEND": _REDIS, "LOCATION": redis_url}
    elif environ.get("DJANGO_CACHE_BACKEND", _LOCAL_MEMORY) not in ("", _LOCAL_MEMORY):
        shared = {
            "BACKEND": environ["DJANGO_CACHE_BACKEND"],
            "LOCATION": environ.get("DJANGO_CACHE_LOCATION", ""),
        }
    if debug:
        unkept = {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
        return {"default": shared, "pages": unkept, "template_fragments": unkept}
    return {
        "default": shared,
        "pages": {**shared, "KEY_PREFIX": "pages", "LOCATION": shared.get("LOCATION") or "pages"},
        "template_fragments": {**local, "KEY_PREFIX": "fragments", "LOCATION": "fragments"},
    }


CACHES = cache_settings(os.environ, DEBUG)

# English at the addresses people already have (no prefix), Swedish under /sv/. The catalogue
# is locale/sv/LC_MESSAGES/django.po, compiled by `make run` and `make test`.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("sv", "Svenska")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [
    BASE_DIR / "static",
    # Workbox's service worker modules, installed from npm by make (package.json): served by
    # the site, never from a CDN (rulesite/offline.py).
    *(
        ("workbox", BASE_DIR / "node_modules" / f"workbox-{name}" / "build")
        for name in ("core", "routing", "strategies", "precaching")
    ),
    # Pyodide (npm, installed by make): the engine's worker runs the site in the browser
    # without signal (static/js/engine-worker.mjs).
    ("pyodide", BASE_DIR / "node_modules" / "pyodide"),
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Compressed files with hashed names, cached forever by browsers.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Django 6's Content-Security-Policy: nothing inline without the nonce, nothing from elsewhere,
# so the site works offline and nothing later has to be retrofitted.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    # WebAssembly compiled from the site's own Pyodide, in the engine's worker (issue 21): no
    # eval of JavaScript.
    "script-src": [CSP.SELF, CSP.NONCE, CSP.WASM_UNSAFE_EVAL],
    "worker-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
CSRF_COOKIE_HTTPONLY = False  # htmx sends the token from the page, not from the cookie.

# The score sheet: sheets one client address may start or import ("count/seconds", "0" for no
# limit; games/scoresheet/limits.py), and the days `manage.py prune_sheets` keeps a sheet
# nobody has changed.
SHEET_CREATE_RATE = os.environ.get("SHEET_CREATE_RATE", "10/60")
SHEET_RETENTION_DAYS = int(os.environ.get("SHEET_RETENTION_DAYS", "365"))

if not DEBUG:
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT", True)
    # Cookies only over HTTPS: served so directly, or by a proxy that ends TLS (which may do
    # the redirect itself); only plain HTTP on a laptop at the card table goes without.
    SESSION_COOKIE_SECURE = SECURE_SSL_REDIRECT or env_flag("DJANGO_BEHIND_PROXY", False)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

if env_flag("DJANGO_BEHIND_PROXY", False):
    # Only a proxy that sets the header itself may be believed: a server exposed directly would
    # let any client claim HTTPS by sending X-Forwarded-Proto (Django's warning:
    # https://docs.djangoproject.com/en/stable/ref/settings/#secure-proxy-ssl-header).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    if not DEBUG and not SECURE_SSL_REDIRECT:
        # The proxy redirects plain HTTP itself (README: the set-up behind a proxy), which is
        # what Django's W008 asks for when it is off here.
        SILENCED_SYSTEM_CHECKS = ["security.W008"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # No sheet's token in the log (rulesite/logs.py): a path of a sheet is its write link.
    "filters": {"sheet_tokens": {"()": "rulesite.logs.HideSheetTokens"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["sheet_tokens"]},
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
}
