"""The site kept on a phone for when there is no signal (issue 21, part 1): the web app
manifest (in each language), the service worker and the page it shows for an address it does
not keep.

The service worker (``templates/offline/sw.js``) is Workbox's (npm, served by the site: no
CDN). It precaches every reading page in both languages, the static files and the offline
page, each with a revision: a static file's hashed name where the storage gives one (it
changes when the file does), else the hash of its bytes; a page's, the hash of everything a
deploy serves pages from (the templates, the rulebooks, the catalogues, the code, the static
files), so any change to what makes the pages fetches them again, and nothing else does.
A changed revision changes the worker's own script, which the browser installs on the next
visit: it precaches the new revisions, then takes over and drops the old ones.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import io
import json
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from content.library import load_library
from games.engine import odds
from games.engine.games import registered
from rulesite.http_cache import same_for_everyone

READING_PAGES = (
    "home",
    "library",
    "glossary",
    "comparison",
    "parallels",
    "rulings",
    "odds:index",
    "offline",
)
"""The pages read rather than asked (each in every language), with every rulebook and every
odds page: what the service worker keeps."""

STATIC_KEPT = ("css/", "js/", "icons/", "favicon.svg", "django_htmx/htmx-2.min.js")
"""The static files a page uses (the vendored libraries' other builds and maps are not)."""

PYODIDE_KEPT = (
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
)
"""What Pyodide loads to start, by the names it asks for (not hashed: it finds its files
beside its own)."""

SOURCES = ("templates", "content", "locale", "static", "games", "rulesite")
"""What a deploy draws its pages from: a page's revision is the hash of all of it."""


SITE_PARTS = ("games", "content", "rulesite", "templates")
"""The site's own code and words, as the engine's worker runs them (with ``locale``'s
compiled catalogues)."""

PACKAGES = (
    "django",
    "asgiref",
    "django_htmx",
    "jinja2",
    "markupsafe",
    "markdown",
    "snowballstemmer",
    "sqlparse",
    "segno",
    "dj_database_url",
    "typing_extensions",
)
"""The libraries the site imports (requirements.txt, all pure Python), installed with it."""

DJANGO_LEFT_OUT = (
    "contrib/admin",
    "contrib/admindocs",
    "contrib/auth",
    "contrib/flatpages",
    "contrib/gis",
    "contrib/humanize",
    "contrib/messages",
    "contrib/postgres",
    "contrib/redirects",
    "contrib/sessions",
    "contrib/sitemaps",
    "contrib/sites",
    "contrib/syndication",
    "db/backends/mysql",
    "db/backends/oracle",
    "db/backends/postgresql",
)
"""What of Django the site never imports (its apps: settings.INSTALLED_APPS)."""


def _bundled(path: Path, root: Path) -> bool:
    """Whether the worker needs ``path`` (under ``root``, a package or the site)."""
    parts = path.relative_to(root).parts
    if "__pycache__" in parts or "tests" in parts or path.suffix in {".pyc", ".so", ".pyi"}:
        return False
    if root.name == "django" and "/".join(parts).startswith(DJANGO_LEFT_OUT):
        return False
    if "locale" in parts:  # the catalogues of the site's languages only, compiled
        at = parts.index("locale")
        languages = {code for code, _ in settings.LANGUAGES}
        if at + 2 < len(parts) and parts[at + 1] not in languages:
            return False
        return path.suffix in {".mo", ".py"}
    return root == Path(settings.BASE_DIR) or "static" not in parts  # a page's, not the worker's


def _bundle_files() -> Iterator[tuple[Path, str]]:
    """Each file the worker needs, with its name in the bundle."""
    base = Path(settings.BASE_DIR)
    for name in (*SITE_PARTS, "locale"):
        for path in _files(base / name):
            if _bundled(path, base):
                yield path, str(path.relative_to(base))
    distributions = importlib.metadata.packages_distributions()
    for package in PACKAGES:
        # Its metadata too: Markdown finds its extensions by their entry points.
        for distribution in distributions.get(package, []):
            for file in importlib.metadata.distribution(distribution).files or []:
                if ".dist-info/" in str(file) and file.name in {"METADATA", "entry_points.txt"}:
                    yield Path(str(file.locate())), str(file)
        spec = importlib.util.find_spec(package)
        assert spec is not None and spec.origin is not None, package
        if not spec.submodule_search_locations:  # a module of one file
            origin = Path(spec.origin)
            yield origin, origin.name
            continue
        root = Path(next(iter(spec.submodule_search_locations)))
        for path in _files(root):
            if _bundled(path, root):
                yield path, str(Path(package) / path.relative_to(root))


def site_bundle(revision: str) -> bytes:
    """The site as the engine's worker runs it (``rulesite/worker.py``): a zip of its code,
    templates, rulebooks and catalogues and of the libraries it imports. Made once for each
    revision of the site and kept by Django's cache."""
    key = f"offline-site-bundle:{revision}"
    kept = cache.get(key)
    if kept is not None:
        return bytes(kept)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as bundle:
        for path, name in _bundle_files():
            # A fixed date: the same site gives the same bytes.
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(info, path.read_bytes())
    made = buffer.getvalue()
    cache.set(key, made, timeout=None)
    return made


def reading_pages() -> list[str]:
    """The address of every reading page, in every language."""
    pages = []
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            pages += [reverse(name) for name in READING_PAGES]
            # The table pages and the search page too (blank, as they open): their answers
            # come from the engine's worker without signal.
            pages += [reverse("table:index"), reverse("table:compare"), reverse("search")]
            pages += [reverse("table:game", args=[game.slug]) for game in registered()]
            pages += [reverse("book", args=[slug]) for slug in load_library()]
            kept = [r.game for r in odds.rule_sets()] + registered(lambda g: g.board == "rack")
            pages += [reverse("odds:game", args=[game.slug]) for game in kept]
    return list(dict.fromkeys(pages))


def _files(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            yield path


def site_revision() -> str:
    """The hash of everything the pages are drawn from (see the module)."""
    digest = hashlib.sha256()
    base = Path(settings.BASE_DIR)
    for name in SOURCES:
        for path in _files(base / name):
            digest.update(str(path.relative_to(base)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def static_url(name: str) -> str:
    """A static file's address with no hash in its name."""
    return "/" + settings.STATIC_URL.lstrip("/") + name


def static_kept() -> list[dict[str, Any]]:
    """The static files kept, each with its revision (None where the storage puts the file's
    hash in its name, as in production)."""
    names: dict[str, None] = {}
    for finder in finders.get_finders():
        for path, _ in finder.list(["*.map", "*.md", "*.txt"]):
            name = path.replace("\\", "/")
            if name.startswith(STATIC_KEPT):
                names.setdefault(name)
    kept = []
    for name in sorted(names):
        url = staticfiles_storage.url(name)
        revision = None
        if url == static_url(name):  # no hash in its name
            found = Path(str(finders.find(name)))
            revision = hashlib.sha256(found.read_bytes()).hexdigest()[:20]
        kept.append({"url": url, "revision": revision})
    for name in PYODIDE_KEPT:
        found = Path(str(finders.find(name)))
        revision = hashlib.sha256(found.read_bytes()).hexdigest()[:20]
        kept.append({"url": static_url(name), "revision": revision})
    return kept


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js``: the service worker, with the list of what it keeps. Drawn for each request
    (about 20 ms here), never kept in a cache that a deploy could outlive: its revision must
    be the deploy's. The ETag still answers an unchanged one with a 304."""
    revision = site_revision()
    precache = [{"url": url, "revision": revision} for url in reading_pages()] + static_kept()
    precache.append({"url": reverse("site-bundle"), "revision": revision})
    offline = {}
    answered_here = []  # the addresses under which the engine's worker answers htmx
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            offline[reverse("home")] = reverse("offline")
            answered_here += [reverse("table:index"), reverse("search")]
    context = {
        "precache": json.dumps(precache),
        "offline_pages": json.dumps(offline),
        "answered_here": json.dumps(answered_here),
        "revision": revision,
    }
    response = render(request, "offline/sw.js", context, content_type="text/javascript")
    # The browser asks for it again on each visit (it never keeps a worker's script beyond a
    # day anyway); a deploy is picked up at once.
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def site_bundle_view(request: HttpRequest) -> HttpResponse:
    """``/offline/site.zip``: the site for the engine's worker (:func:`site_bundle`), with the
    site's revision as its ETag (a 304 for a phone that has it)."""
    revision = site_revision()
    etag = f'"{revision}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(site_bundle(revision), content_type="application/zip")
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
@same_for_everyone
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, in the page's language: installing the site from a Swedish page
    opens the Swedish site."""
    icons = [
        {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("icons/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
        {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    document = {
        "name": gettext("rulesite: Commerce rules and scoring"),
        "short_name": "rulesite",
        "description": gettext(
            "The rules of Commerce and its relatives in the original words, with hand "
            "evaluators, payout calculators and a score sheet."
        ),
        "lang": translation.get_language(),
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#fffdf7",
        "theme_color": "#7a2e1d",
        "icons": icons,
    }
    response = JsonResponse(document, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_safe
@same_for_everyone
def offline_page(request: HttpRequest) -> HttpResponse:
    """What the service worker shows for an address it does not keep, without signal."""
    return render(request, "offline/offline.html", {"books": load_library().values()})
