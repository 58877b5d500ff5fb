"""The site kept for use without signal (issue 21, part 1): the manifest in each language, the
service worker's list of what it keeps and its revisions, the offline page. The browser tests
(tests/browser/test_offline_browser.py) install it and go offline."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from rulesite import offline

SW_LIST = re.compile(r"const PRECACHE = (\[.*?\]);", re.S)


@pytest.fixture
def client() -> Client:
    return Client()


def precache(client: Client) -> list[dict]:
    response = client.get("/sw.js")
    assert response.status_code == 200
    found = SW_LIST.search(response.content.decode())
    assert found, "the worker's list"
    return json.loads(found.group(1))


@pytest.mark.parametrize(("prefix", "language"), [("", "en"), ("/sv", "sv")])
def test_the_manifest_installs_the_site_in_the_pages_language(client, prefix, language):
    response = client.get(f"{prefix}/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    document = json.loads(response.content)
    assert document["lang"] == language and document["start_url"] == f"{prefix}/"
    assert document["display"] == "standalone" and document["scope"] == "/"
    assert document["name"] and document["short_name"] == "rulesite"
    assert any(icon.get("purpose") == "maskable" for icon in document["icons"])
    sizes = {icon["sizes"] for icon in document["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in document["icons"]:  # each one a file the site serves
        assert finders.find(icon["src"].removeprefix("/static/")), icon
    page = client.get(f"{prefix}/").content.decode()
    assert f'<link rel="manifest" href="{prefix}/manifest.webmanifest">' in page


def test_the_worker_keeps_every_reading_page_in_both_languages_and_each_answers(client):
    kept = {entry["url"] for entry in precache(client)}
    for page in offline.reading_pages():
        assert page in kept
    books = [p for p in kept if p.startswith(("/library/", "/sv/library/")) and p.count("/") > 2]
    assert len(books) >= 2 * 5, books  # five rulebooks, two languages
    assert {"/offline/", "/sv/offline/", "/glossary/", "/sv/glossary/"} <= kept
    assert {"/search/", "/sv/search/"} <= kept  # blank: the engine answers its searches
    for page in offline.reading_pages():
        assert client.get(page).status_code == 200, page


def test_the_worker_keeps_every_static_file_a_page_loads(client):
    kept = {entry["url"] for entry in precache(client)}
    for page in ("/", "/library/peel-commerce/", "/table/peel-new/", "/sv/odds/peel-new/"):
        body = client.get(page).content.decode()
        for used in re.findall(r'(?:src|href)="(/static/[^"]+)"', body):
            assert used in kept, (page, used)


def test_a_files_revision_is_the_hash_of_its_bytes(client):
    site_css = next(e for e in precache(client) if e["url"].endswith("/css/site.css"))
    found = finders.find("css/site.css")
    assert site_css["revision"] == hashlib.sha256(Path(found).read_bytes()).hexdigest()[:20]


def test_a_pages_revision_changes_with_what_the_pages_are_drawn_from(tmp_path, settings):
    for name in offline.SOURCES:
        (tmp_path / name).mkdir()
    (tmp_path / "templates" / "page.html").write_text("one")
    settings.BASE_DIR = tmp_path
    before = offline.site_revision()
    assert offline.site_revision() == before  # the same deploy, the same revision
    (tmp_path / "templates" / "page.html").write_text("two")
    assert offline.site_revision() != before
    (tmp_path / "locale" / "sv.mo").write_bytes(b"\x00")
    assert len({before, offline.site_revision()}) == 2


def test_the_worker_is_never_kept_beyond_a_deploy_and_loads_workbox_from_the_site(client):
    response = client.get("/sw.js")
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    scripts = re.findall(r'"(/static/workbox/[^"]+)"', body)
    assert len(scripts) == 4 and all(finders.find(s.removeprefix("/static/")) for s in scripts)
    assert "https://" not in body and "http://" not in body  # nothing from elsewhere
    assert client.get("/sw.js", headers={"If-None-Match": response["ETag"]}).status_code == 304


def test_the_worker_hands_the_table_pages_and_the_search_pages_htmx_to_the_engine(client):
    body = client.get("/sw.js").content.decode()
    found = re.search(r"const ANSWERED_HERE = (\[.*?\]);", body)
    assert found
    assert json.loads(found.group(1)) == ["/table/", "/search/", "/sv/table/", "/sv/search/"]


@pytest.mark.parametrize("prefix", ["", "/sv"])
def test_the_offline_page_lists_what_is_kept(client, prefix):
    body = client.get(f"{prefix}/offline/").content.decode()
    for book in ("peel-commerce", "commerce-swedish", "cox-commerce"):
        assert f'href="{prefix}/library/{book}/"' in body
    assert f'href="{prefix}/glossary/"' in body


def test_the_home_page_says_when_the_site_is_kept_offline_and_its_size(client):
    body = client.get("/").content.decode()
    state = re.search(r'<p id="offline-state"[^>]*>', body)
    assert state and " hidden" in state.group(0) and "{size}" in state.group(0)
    assert 'data-worker="/sw.js"' in body


@pytest.mark.parametrize("prefix", ["", "/sv"])
def test_the_offline_note_says_what_the_device_did(client, prefix):
    """Without signal the note above an answer names it: a search found in the rulebooks on
    the device, a table's verdict answered by the site's own rules there."""
    note = re.compile(r'<p class="offline-answer" role="status" hidden>([^<]+)</p>')
    search = note.search(client.get(f"{prefix}/search/").content.decode())
    table = note.search(client.get(f"{prefix}/table/peel-new/").content.decode())
    assert search and table
    assert search.group(1) != table.group(1)
