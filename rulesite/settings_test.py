"""Test settings: the real settings, with plain static storage and a file for the test database.

pytest-django's live_server serves static files by their original names, so hashed
manifest names would 404 there; the manifest storage is tested separately.

SQLite's default test database is in memory with a shared cache, where a reader meeting a
writer gets "table is locked" at once; a file waits for the lock (the timeout in settings),
as the real database does, so the tests of two phones writing at once are deterministic.
"""

import os
import tempfile
from pathlib import Path

from .settings import *  # noqa: F403
from .settings import DATABASES, STORAGES, cache_settings

# Pages and fragments are kept as in production (settings keeps none in debug);
# tests/conftest.py empties the caches before each test.
CACHES = cache_settings(os.environ, debug=False)

STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"rulesite-test-{os.getpid()}.sqlite3")
    }

# The suite starts hundreds of sheets from one address; the limit has its own tests
# (tests/scoresheet/test_sheet_hardening.py), which set it.
SHEET_CREATE_RATE = "0"
