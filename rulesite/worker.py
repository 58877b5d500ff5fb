"""The site answering in the browser: the entry point of the engine's worker (issue 21, part 2).

``static/js/engine-worker.mjs`` unpacks the site (:func:`rulesite.offline.site_bundle`) into
Pyodide, calls :func:`start` once, then :func:`answer` for each request the service worker
could not send (no signal). A request goes through Django's own handler and middleware, as
on the server: the answer is the server's, headers (``HX-Push-Url``, ``HX-Retarget``) and all.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import py_compile
import sys
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

_handler = None


def start() -> None:
    """Set Django up (settings: :mod:`rulesite.settings_worker`)."""
    global _handler
    os.environ["DJANGO_SETTINGS_MODULE"] = "rulesite.settings_worker"
    import django
    from django.core.handlers.wsgi import WSGIHandler

    django.setup(set_prefix=False)
    _handler = WSGIHandler()


def answer(url: str, headers_json: str) -> str:
    """The site's answer to a GET of ``url`` (absolute) with ``headers`` (a JSON object), as
    JSON: ``{"status", "headers": [[name, value], ...], "body"}``."""
    from django.core.handlers.wsgi import WSGIRequest

    if _handler is None:
        start()
    assert _handler is not None
    parts = urlsplit(url)
    environ = {
        "REQUEST_METHOD": "GET",
        "SCRIPT_NAME": "",
        # WSGI's PATH_INFO: the path's bytes decoded as Latin-1, as a server hands it.
        "PATH_INFO": unquote(parts.path).encode().decode("latin-1"),
        "QUERY_STRING": parts.query,
        "SERVER_NAME": parts.hostname or "localhost",
        "SERVER_PORT": str(parts.port or (443 if parts.scheme == "https" else 80)),
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.url_scheme": parts.scheme or "http",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": io.StringIO(),
        "HTTP_HOST": parts.netloc,
    }
    for name, value in json.loads(headers_json).items():
        key = name.upper().replace("-", "_")
        if key not in ("CONTENT_TYPE", "CONTENT_LENGTH"):
            environ[f"HTTP_{key}"] = value
    request = WSGIRequest(environ)
    response = _handler.get_response(request)
    content = b"".join(response) if response.streaming else response.content  # type: ignore[attr-defined]
    body = content.decode(response.charset or "utf-8")
    # The browser measures the text it is handed itself.
    headers = [(k, v) for k, v in response.items() if k.lower() != "content-length"]
    return json.dumps({"status": response.status_code, "headers": headers, "body": body})


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
