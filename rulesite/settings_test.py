"""Test settings: the real settings, with plain static storage.

pytest-django's live_server serves static files by their original names, so hashed
manifest names would 404 there; the manifest storage is tested separately.
"""

from .settings import *  # noqa: F403
from .settings import STORAGES

STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
