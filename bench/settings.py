"""The page bench's settings: the site's, debug off (pages are kept as in production), a
throwaway SQLite database, and the bench's own addresses (``bench/urls.py``)."""

import os
import tempfile
from pathlib import Path

os.environ["DJANGO_DEBUG"] = "0"
os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-key-" + "x" * 40)
os.environ["DJANGO_SECURE_SSL_REDIRECT"] = "0"
os.environ["DATABASE_URL"] = f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.sqlite3'}"

from rulesite.settings import *  # noqa: E402, F403

ALLOWED_HOSTS = ["testserver"]
ROOT_URLCONF = "bench.urls"
SHEET_CREATE_RATE = "0"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "ERROR"}}
