"""The site answering in the browser: the entry point of the engine's worker (issue 21, part 2).

``static/js/engine-worker.mjs`` unpacks the site (:func:`rulesite.offline.site_bundle`) into
Pyodide, calls :func:`start` and :func:`warm` once, then :func:`answer` for each request the
service worker could not send (no signal): a table page's, the search page's, a score
sheet's. A request goes through Django's own handler and middleware, as on the server: the
answer is the server's, headers (``HX-Push-Url``, ``HX-Retarget``) and all.
"""

from __future__ import annotations

import importlib._bootstrap_external
import importlib.util
import io
import json
import os
import py_compile
import sys
import time
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

_handler = None


def start() -> None:
    """Set Django up (settings: :mod:`rulesite.settings_worker`)."""
    global _handler
    os.environ["DJANGO_SETTINGS_MODULE"] = "rulesite.settings_worker"
    # Pyodide runs an event loop of the browser's, which Django takes for an async context
    # and so refuses the database: the worker is one thread, and asks it synchronously.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    import django
    from django.core.handlers.wsgi import WSGIHandler

    django.setup(set_prefix=False)
    _handler = WSGIHandler()


def warm(url: str) -> float:
    """The page at ``url`` drawn once as htmx asks it (its views imported, its templates
    compiled, the rulebooks read), so that the first tap does not wait for it; on the search
    page, its index built too (:func:`content.search.search_index`, once for the worker's life,
    as the server builds it at its first search), so that the first search does not either.
    The milliseconds the index took (0 where none was built)."""
    answer(url, json.dumps({"HX-Request": "true"}))
    if not _is_search(unquote(urlsplit(url).path)):
        return 0.0
    from content.search import search_index

    began = time.perf_counter()
    search_index()
    return (time.perf_counter() - began) * 1000


def _is_search(path: str) -> bool:
    """Whether ``path`` is the search page, in any of the site's languages."""
    from django.conf import settings
    from django.urls import reverse
    from django.utils import translation

    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            if path == reverse("search"):
                return True
    return False


def answer(url: str, headers_json: str, method: str = "GET", body: str = "") -> str:
    """The site's answer to a request for ``url`` (absolute) with ``headers`` (a JSON object)
    and, for a POST, its form ``body`` (urlencoded), as JSON: ``{"status", "headers":
    [[name, value], ...], "body"}``."""
    from django.core.handlers.wsgi import WSGIRequest

    if _handler is None:
        start()
    assert _handler is not None
    parts = urlsplit(url)
    sent = body.encode()
    environ = {
        "REQUEST_METHOD": method.upper(),
        "SCRIPT_NAME": "",
        # WSGI's PATH_INFO: the path's bytes decoded as Latin-1, as a server hands it.
        "PATH_INFO": unquote(parts.path).encode().decode("latin-1"),
        "QUERY_STRING": parts.query,
        "SERVER_NAME": parts.hostname or "localhost",
        "SERVER_PORT": str(parts.port or (443 if parts.scheme == "https" else 80)),
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.url_scheme": parts.scheme or "http",
        "wsgi.input": io.BytesIO(sent),
        "wsgi.errors": io.StringIO(),
        "HTTP_HOST": parts.netloc,
        "CONTENT_LENGTH": str(len(sent)),
        "CONTENT_TYPE": "application/x-www-form-urlencoded" if sent else "",
    }
    for name, value in json.loads(headers_json).items():
        key = name.upper().replace("-", "_")
        if key not in ("CONTENT_TYPE", "CONTENT_LENGTH"):
            environ[f"HTTP_{key}"] = value
    if method.upper() != "GET" or "/sheet/" in parts.path:
        _database()
    request = WSGIRequest(environ)
    response = _handler.get_response(request)
    content = b"".join(response) if response.streaming else response.content  # type: ignore[attr-defined]
    text = content.decode(response.charset or "utf-8")
    # The browser measures the text it is handed itself.
    headers = [(k, v) for k, v in response.items() if k.lower() != "content-length"]
    return json.dumps({"status": response.status_code, "headers": headers, "body": text})


_migrated = False


def _database() -> None:
    """The worker's own database made, once (the table pages never ask it: not before a
    score sheet does)."""
    global _migrated
    if not _migrated:
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
        _migrated = True


def mirror(exported: str, token: str, view_token: str, version: int) -> int:
    """The score sheet ``exported`` (its JSON export, as the server gave it) kept in the
    worker's database under the sheet's own two links and at the server's ``version`` (so
    that the page's forms, which carry it, are not stale here), replacing an earlier mirror of
    it: the sheet's pages and forms then answer here as on the server, every deal replayed by
    the same engine. The number of entries mirrored."""
    from games.scoresheet import serialize, store
    from games.scoresheet.models import Game

    if _handler is None:
        start()
    _database()
    imported = serialize.import_sheet(exported)
    Game.objects.filter(token=token).delete()
    game = store.create(
        imported.spec, imported.title, imported.entries, "import", "mirror", imported.finished
    )
    Game.objects.filter(pk=game.pk).update(token=token, view_token=view_token, version=version)
    return len(imported.entries)


def compiled() -> bytes:
    """The site's modules imported so far compiled to bytecode, as a zip to unpack over the
    bundle at the next start: Python then reads them instead of compiling their source again
    (about half of starting up in Pyodide). Unchecked: the bundle they come from is the same
    bytes for the same revision, and the worker keeps them under that revision alone."""
    root = Path(__file__).resolve().parent.parent
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as kept:
        for module in list(sys.modules.values()):
            source = getattr(module, "__file__", None)
            if not source or not source.endswith(".py") or not source.startswith(str(root)):
                continue
            target = importlib.util.cache_from_source(source)
            py_compile.compile(
                source,
                cfile=target,
                doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            )
            kept.write(target, str(Path(target).relative_to(root)))
    return buffer.getvalue()


def stdlib_compiled(archive: str | None = None) -> bytes:
    """The standard library's modules imported so far from ``archive`` (by default Pyodide's,
    the zip on ``sys.path`` named ``python314.zip``: it holds sources only, so Python compiles
    each module it imports from it, at every start) compiled to bytecode, as a zip to put on
    ``sys.path`` before it at the next start (``PYTHONPATH``: ahead of Pyodide's own start-up,
    which imports about 140 of them). Each such module's package comes whole, its other
    modules as sources, so that a submodule imported later is found beside its package.
    Unchecked hash-based bytecode, as :func:`compiled`: the archive is the same bytes for the
    same Pyodide, and the worker keeps it under the site's revision, which names the Pyodide
    it serves."""
    if archive is None:
        named = f"/python{sys.version_info.major}{sys.version_info.minor}.zip"
        archive = next(p for p in sys.path if p.endswith(named) and os.path.isfile(p))
    prefix = archive.rstrip("/") + "/"
    imported = set()
    for module in list(sys.modules.values()):
        source = getattr(module, "__file__", None)
        if source and source.startswith(prefix) and source.endswith(".py"):
            imported.add(source.removeprefix(prefix))
    packages = {name.split("/", 1)[0] for name in imported if "/" in name}
    buffer = io.BytesIO()
    with (
        zipfile.ZipFile(archive) as stdlib,
        zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as kept,
    ):
        for name in stdlib.namelist():
            whole = name.split("/", 1)[0] in packages
            if name.endswith("/") or not (name in imported or whole):
                continue
            data = stdlib.read(name)
            if name not in imported:  # a package's module not imported yet: its source
                kept.writestr(name, data)
                continue
            code = compile(data, prefix + name, "exec", dont_inherit=True)
            bytecode = importlib._bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
                code, importlib.util.source_hash(data), False
            )
            kept.writestr(name.removesuffix(".py") + ".pyc", bytecode, zipfile.ZIP_STORED)
    return buffer.getvalue()
