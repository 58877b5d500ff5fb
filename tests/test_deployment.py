"""Production settings: `check --deploy` is clean with debug off, and static files are hashed."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "rulesite.settings",
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "a-long-and-random-production-key-" + "x7Qp9rT2vW4yZ6bN8mK1jH3gF5dS0aL",
}


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        text=True,
        capture_output=True,
        env={**clean, **env},
        timeout=120,
    )


def test_check_deploy_reports_nothing_with_debug_off():
    result = run_manage("check", "--deploy", "--fail-level", "DEBUG", **PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_debug_off_without_a_secret_key_refuses_to_start():
    result = run_manage("check", DJANGO_DEBUG="0")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_database_url_selects_postgresql():
    code = "from django.conf import settings; print(settings.DATABASES['default']['ENGINE'])"
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        text=True,
        capture_output=True,
        timeout=60,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "rulesite.settings",
            "DATABASE_URL": "postgres://u:p@localhost:5432/rules",
        },
    )
    assert result.stdout.strip() == "django.db.backends.postgresql", result.stderr


@pytest.mark.django_db
def test_manifest_storage_serves_hashed_compressed_files(tmp_path, settings):
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    css = list(tmp_path.glob("css/site.*.css"))
    assert css, "no hashed stylesheet"
    assert list(tmp_path.glob("css/site.*.css.gz"))
    assert list(tmp_path.glob("django_htmx/htmx-2.min.*.js"))
    with override_settings(DEBUG=False):
        html = Client().get("/").content.decode()
    assert f"/static/css/{css[0].name}" in html


def test_a_wrong_address_gets_the_sites_own_404(settings):
    settings.DEBUG = False
    response = Client().get("/library/peel-commerce/nonsense/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Nothing here" in html and 'href="/library/"' in html


def test_the_500_page_renders_without_a_request_context():
    from django.template.loader import render_to_string

    html = render_to_string("500.html")
    assert "Something went wrong" in html and "<script" not in html


def production_setting(name: str, **env: str) -> str:
    code = f"from django.conf import settings; print(repr(getattr(settings, {name!r}, None)))"
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        text=True,
        capture_output=True,
        timeout=60,
        env={**clean, **PRODUCTION_ENV, **env},
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_x_forwarded_proto_is_not_trusted_unless_the_site_is_behind_a_proxy():
    # A client of a server exposed directly could claim HTTPS by sending the header itself.
    assert production_setting("SECURE_PROXY_SSL_HEADER") == "None"
    assert production_setting("SECURE_PROXY_SSL_HEADER", DJANGO_BEHIND_PROXY="0") == "None"
    assert production_setting("SECURE_PROXY_SSL_HEADER", DJANGO_BEHIND_PROXY="1") == (
        "('HTTP_X_FORWARDED_PROTO', 'https')"
    )


def test_check_deploy_reports_nothing_behind_a_proxy_either():
    result = run_manage(
        "check", "--deploy", "--fail-level", "DEBUG", **PRODUCTION_ENV, DJANGO_BEHIND_PROXY="1"
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_deploy_reports_nothing_behind_a_proxy_that_redirects_to_https_itself():
    """The README's proxy set-up: the proxy ends TLS and redirects; the cookies stay Secure."""
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "DEBUG",
        **PRODUCTION_ENV,
        DJANGO_BEHIND_PROXY="1",
        DJANGO_SECURE_SSL_REDIRECT="0",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_redis_url_selects_redis_for_the_cache_and_check_deploy_stays_clean():
    """Several servers, one site: REDIS_URL puts the cache (and the rate limit) in Redis; no
    Redis need be running for the settings to load or the checks to pass."""
    redis = {"REDIS_URL": "redis://127.0.0.1:6390/0"}
    caches = production_setting("CACHES", **redis)
    assert "'BACKEND': 'django.core.cache.backends.redis.RedisCache'" in caches
    assert "'LOCATION': 'redis://127.0.0.1:6390/0'" in caches
    for proxy in ({}, {"DJANGO_BEHIND_PROXY": "1", "DJANGO_SECURE_SSL_REDIRECT": "0"}):
        result = run_manage(
            "check", "--deploy", "--fail-level", "DEBUG", **PRODUCTION_ENV, **redis, **proxy
        )
        assert result.returncode == 0, result.stdout + result.stderr
        assert "System check identified no issues" in result.stdout
