"""The site as the engine's worker runs it in the browser without signal (issue 21, part 2):
the bundle the worker unpacks (``/offline/site.zip``) holds all it imports, and run from that
bundle alone, with no installed package (``python -S``), ``rulesite.worker.answer`` gives the
server's own answer to the same request, word for word, for every game at the table in both
languages, verdicts and refusals alike. Pyodide runs this very code (the browser test checks
it there)."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from django.test import Client

from games.engine.games import RequestGame, registered
from games.request_forms import RequestForm
from games.table.request import REQUEST_PREFIX
from rulesite.offline import DJANGO_LEFT_OUT, site_bundle
from tests.conftest import read_body

HOST = "phone.example"

BOARDS = {
    "hands": ["h=AS+KS+QS&h=9D+9H+9C", "h=AS+KS+QS&h=AS+2H+3H", "h=7H+8H&h=ZZ+2C+3C"],
    "rack": ["card=ship-2&card=ship-2&card=ship-2&card=bank&base=2", "card=nothing"],
}
"""Boards of each kind to ask about: a verdict, a refusal (a duplicate card, a card that is
none), a count. A request game asks its own example (the registry's) and an empty board."""


def _asked() -> list[tuple[str, dict[str, str]]]:
    asked: list[tuple[str, dict[str, str]]] = []
    for game in registered():
        if isinstance(game, RequestGame):
            example = RequestForm.of(game, game.example(), REQUEST_PREFIX)
            queries = [urlencode(example.params()), "judge=1"]
        else:
            queries = BOARDS[game.board]
        for prefix in ("", "/sv"):
            for query in queries:
                url = f"http://{HOST}{prefix}/table/{game.slug}/?{query}"
                asked.append((url, {"HX-Request": "true", "HX-Target": "board"}))
                asked.append((url, {}))  # the whole page
    return asked


def _run_from_the_bundle(root: Path, script: str, given: str, text: bool = True) -> Any:
    """``script`` run by this interpreter from the unpacked bundle alone (``-S``: no installed
    package), ``given`` on its standard input."""
    run = subprocess.run(  # noqa: S603  (our own interpreter and script)
        [sys.executable, "-S", "-B", "-c", script],
        input=given if text else given.encode(),
        capture_output=True,
        text=text,
        cwd=root,
        env={"PYTHONPATH": str(root), "PYTHONSAFEPATH": "1"},
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return run.stdout


def _unpacked(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    with zipfile.ZipFile(io.BytesIO(site_bundle("test"))) as bundle:
        bundle.extractall(root)
    return root


def test_the_bundle_holds_the_site_its_libraries_and_its_catalogue(tmp_path: Path) -> None:
    root = _unpacked(tmp_path)
    for needed in [
        "rulesite/worker.py",
        "rulesite/settings_worker.py",
        "games/engine/commerce.py",
        "templates/table/hands.html",
        "content/rulebooks",
        "locale/sv/LC_MESSAGES/django.mo",
        "django/conf/locale/sv/LC_MESSAGES/django.mo",
        "django/__init__.py",
        "django_htmx/middleware.py",
        "markdown/extensions/attr_list.py",
    ]:
        assert (root / needed).exists(), needed
    # What the worker never runs stays out: the tests, compiled files, Django's admin, other
    # languages, a library's static files.
    assert not (root / "tests").exists()
    assert not list(root.rglob("*.pyc")) and not list(root.rglob("*.so"))
    for left_out in DJANGO_LEFT_OUT:
        assert not (root / "django" / left_out).exists(), left_out
    assert not (root / "django/conf/locale/de").exists()
    assert not (root / "django_htmx/static").exists()


def test_the_bundle_is_the_same_bytes_for_the_same_site() -> None:
    assert site_bundle("one") == site_bundle("one")


@pytest.mark.django_db
def test_the_bundle_is_served_with_the_sites_revision_as_its_etag(client: Client) -> None:
    response = client.get("/offline/site.zip")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert zipfile.ZipFile(io.BytesIO(response.content)).getinfo("rulesite/worker.py")
    again = client.get("/offline/site.zip", headers={"If-None-Match": response["ETag"]})
    assert again.status_code == 304
    assert client.post("/offline/site.zip").status_code == 405


WORKER = """
import json, sys
from rulesite import worker
worker.start()
for url, headers in json.load(sys.stdin):
    print(worker.answer(url, json.dumps(headers)))
"""


@pytest.mark.django_db
def test_run_from_the_bundle_alone_the_worker_answers_as_the_server(
    tmp_path: Path, client: Client, settings
) -> None:
    settings.ALLOWED_HOSTS = [HOST]
    root = _unpacked(tmp_path)
    asked = _asked()
    output = _run_from_the_bundle(root, WORKER, json.dumps(asked))
    answers = [json.loads(line) for line in output.splitlines()]
    assert len(answers) == len(asked)
    statuses = set()
    for (url, headers), answer in zip(asked, answers, strict=True):
        server = client.get(url.removeprefix(f"http://{HOST}"), headers={**headers, "Host": HOST})
        statuses.add(server.status_code)
        assert answer["status"] == server.status_code, url
        assert answer["body"] == server.content.decode(), url
        kept = dict(answer["headers"])
        for name in ("HX-Push-Url", "HX-Replace-Url", "HX-Retarget", "HX-Reswap"):
            assert kept.get(name) == server.headers.get(name), (url, name)
        assert kept["Content-Language"] == server.headers["Content-Language"]
    assert statuses == {200, 400}  # verdicts and refusals both


SEARCHES = ["what is a tricon?", "ties", "triss", "hur många poäng", "poang", "sequance", "lika"]
"""Searches to ask in each language: a question (its glossary entry, then its paragraphs), an
inflection, a Swedish term found by its synonym, a Swedish question, a word typed without its
accent, a misspelt one (a suggestion), and the Swedish for a tie."""

SEARCH = """
import json, sys
from rulesite import worker
worker.start()
asked = json.load(sys.stdin)
built = worker.warm(asked["page"])
print(json.dumps([built, worker.warm(asked["table"])]))
for url, headers in asked["searches"]:
    print(worker.answer(url, json.dumps(headers)))
"""


@pytest.mark.django_db
def test_run_from_the_bundle_alone_the_worker_searches_as_the_server(
    tmp_path: Path, client: Client, settings
) -> None:
    """The search page without signal: its index built by the worker's warm-up on that page
    (not on a table page's), then each search answered as the server answers it, the results
    as htmx swaps them in, the whole page (a link to a search), the page drawn for its address
    (htmx's history restore: a reload without signal)."""
    settings.ALLOWED_HOSTS = [HOST]
    searches = []
    for prefix in ("", "/sv"):
        for query in SEARCHES:
            url = f"http://{HOST}{prefix}/search/?{urlencode({'q': query})}"
            searches.append((url, {"HX-Request": "true", "HX-Target": "results"}))
            searches.append((url, {}))
            searches.append((url, {"HX-Request": "true", "HX-History-Restore-Request": "true"}))
    asked = {
        "page": f"http://{HOST}/sv/search/",
        "table": f"http://{HOST}/table/peel-new/",
        "searches": searches,
    }
    lines = _run_from_the_bundle(_unpacked(tmp_path), SEARCH, json.dumps(asked)).splitlines()
    built, not_built = json.loads(lines[0])
    assert built > 0 and not_built == 0  # the index, built on the search page alone
    answers = [json.loads(line) for line in lines[1:]]
    assert len(answers) == len(searches)
    for (url, headers), answer in zip(searches, answers, strict=True):
        server = client.get(url.removeprefix(f"http://{HOST}"), headers={**headers, "Host": HOST})
        assert answer["status"] == server.status_code == 200, url
        assert answer["body"] == server.content.decode(), (url, headers)
        assert dict(answer["headers"])["Content-Language"] == server.headers["Content-Language"]
    # Each kind of answer was asked: the results alone, a whole page, a suggestion, a glossary
    # entry; and the first hits are the defining paragraphs, the page's language first.
    bodies = [a["body"] for a in answers]
    assert any(b.lstrip().startswith('<section id="results"') for b in bodies)
    assert any("<!doctype html>" in b for b in bodies)
    assert any('class="suggestion"' in b for b in bodies)
    assert any('class="search-terms"' in b for b in bodies)
    first = {
        url: re.search(r'<li><a href="([^"]+)"', answer["body"])
        for (url, headers), answer in zip(searches, answers, strict=True)
        if "HX-Target" in headers
    }
    tricon = first[f"http://{HOST}/search/?q=what+is+a+tricon%3F"]
    triss = first[f"http://{HOST}/sv/search/?q=triss"]
    assert tricon and tricon[1] == "/library/peel-commerce/#tricon"
    assert triss and triss[1] == "/sv/library/commerce-swedish/#tretal"


PYODIDE = """
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import { readFileSync } from "node:fs";
const [bundle, asked] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: "%(pyodide)s/" });
pyodide.unpackArchive(new Uint8Array(readFileSync(bundle)), "zip", { extractDir: "/site" });
pyodide.globals.set("asked", readFileSync(asked, "utf8"));
try {
  console.log(pyodide.runPython(`
import json, sqlite3, sys
sys.path.insert(0, "/site")
from rulesite import worker
worker.start()
asked = json.loads(asked)
worker.warm(asked["page"])
options = [o for (o,) in sqlite3.connect(":memory:").execute("PRAGMA compile_options")]
json.dumps({
    "fts5": "ENABLE_FTS5" in options,
    "answers": [json.loads(worker.answer(u, json.dumps(h))) for u, h in asked["searches"]],
})
`));
} catch (error) {
  console.error(error.message);  // Python's traceback (not the minified line it passed through)
  process.exitCode = 1;
}
"""
"""The bundle run by Pyodide itself in Node: the browser's Python and its SQLite, not this
interpreter's, searching as the engine's worker does."""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs Pyodide here (make: npm ci)")
@pytest.mark.django_db
def test_in_pyodide_the_bundle_searches_with_fts5_as_the_server(
    tmp_path: Path, client: Client, settings
) -> None:
    """Pyodide's SQLite has FTS5, so the site's own search runs there unchanged: the same
    pages, the same hits in the same order, in both languages (a few seconds: Pyodide starts
    in Node)."""
    settings.ALLOWED_HOSTS = [HOST]
    pyodide = Path(settings.BASE_DIR) / "node_modules" / "pyodide"
    searches = [
        (f"http://{HOST}{prefix}/search/?{urlencode({'q': query})}", headers)
        for prefix, query in [("", "what is a tricon?"), ("/sv", "triss"), ("/sv", "poang")]
        for headers in ({"HX-Request": "true"}, {})
    ]
    (tmp_path / "site.zip").write_bytes(site_bundle("test"))
    asked = {"page": f"http://{HOST}/search/", "searches": searches}
    (tmp_path / "asked.json").write_text(json.dumps(asked))
    (tmp_path / "search.mjs").write_text(PYODIDE % {"pyodide": pyodide})
    run = subprocess.run(  # noqa: S603  (our own script)
        ["node", "search.mjs", "site.zip", "asked.json"],  # noqa: S607
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert found["fts5"]
    assert len(found["answers"]) == len(searches)
    for (url, headers), answer in zip(searches, found["answers"], strict=True):
        server = client.get(url.removeprefix(f"http://{HOST}"), headers={**headers, "Host": HOST})
        assert answer["status"] == server.status_code == 200, url
        assert answer["body"] == server.content.decode(), (url, headers)


COMPILE = """
import sys
from rulesite import worker
worker.start()
worker.answer("http://phone.example/table/peel-new/?h=AS+KS+QS&h=2H+3H+4H", "{}")
sys.stdout.buffer.write(worker.compiled())
"""


def test_the_worker_keeps_what_it_imported_compiled_for_its_next_start(tmp_path: Path) -> None:
    root = _unpacked(tmp_path)
    kept = zipfile.ZipFile(io.BytesIO(_run_from_the_bundle(root, COMPILE, "", text=False)))
    names = kept.namelist()
    tag = sys.implementation.cache_tag
    for module in ["django/__pycache__/__init__", "games/engine/__pycache__/commerce"]:
        assert f"{module}.{tag}.pyc" in names, module
    assert not any("settings_test" in name or "/tests/" in name for name in names)
    # Unchecked hash-based bytecode (PEP 552): read as it is, the source never looked at.
    for name in names:
        flags = int.from_bytes(kept.read(name)[4:8], "little")
        assert flags == 0b01, name


STDLIB_COMPILE = """
import sys
sys.path.append(sys.argv[1])  # as Pyodide's standard library: a zip of sources on the path
import spam, pack.used
assert spam.__file__.startswith(sys.argv[1])
from rulesite import worker
sys.stdout.buffer.write(worker.stdlib_compiled())
"""

STDLIB_KEPT = """
import sys
sys.path[:0] = sys.argv[1:]  # the compiled zip ahead of the sources, as PYTHONPATH puts it
import spam, pack.used, pack.unused, eggs
print(spam.__file__, pack.used.__file__, pack.unused.__file__, eggs.__file__, spam.where())
"""


def test_the_worker_keeps_the_standard_librarys_modules_it_imported_compiled(
    tmp_path: Path,
) -> None:
    root = _unpacked(tmp_path)
    archive = tmp_path / f"python{sys.version_info.major}{sys.version_info.minor}.zip"
    sources = {
        "spam.py": "import sys\ndef where():\n    return where.__code__.co_filename\n",
        "eggs.py": "",
        "pack/__init__.py": "",
        "pack/used.py": "",
        "pack/unused.py": "",
        "pack/data.txt": "words",
    }
    with zipfile.ZipFile(archive, "w") as stdlib:
        for name, text in sources.items():
            stdlib.writestr(name, text)
    made = subprocess.run(  # noqa: S603  (our own interpreter and script)
        [sys.executable, "-S", "-B", "-c", STDLIB_COMPILE, str(archive)],
        capture_output=True,
        cwd=root,
        env={"PYTHONPATH": str(root), "PYTHONSAFEPATH": "1"},
        check=True,
    ).stdout
    kept = zipfile.ZipFile(io.BytesIO(made))
    # What was imported, compiled; its package whole (a submodule imported later is found
    # beside it); nothing else (a module never imported stays in the standard library's zip).
    assert sorted(kept.namelist()) == sorted(
        ["spam.pyc", "pack/__init__.pyc", "pack/used.pyc", "pack/unused.py", "pack/data.txt"]
    )
    for name in kept.namelist():
        if name.endswith(".pyc"):
            assert int.from_bytes(kept.read(name)[4:8], "little") == 0b01, name
    (tmp_path / "kept.zip").write_bytes(made)
    read = subprocess.run(  # noqa: S603
        [sys.executable, "-S", "-B", "-c", STDLIB_KEPT, str(tmp_path / "kept.zip"), str(archive)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert read[:4] == [
        f"{tmp_path}/kept.zip/spam.pyc",
        f"{tmp_path}/kept.zip/pack/used.pyc",
        f"{tmp_path}/kept.zip/pack/unused.py",
        f"{archive}/eggs.py",
    ]
    assert read[4] == f"{archive}/spam.py"  # tracebacks name the source where it is


SHEET = """
import json, sys
from rulesite import worker
asked = json.load(sys.stdin)
worker.start()
print(json.dumps(worker.mirror(asked["export"], asked["token"], asked["view"], asked["version"])))
for method, url, body in asked["requests"]:
    print(worker.answer(url, json.dumps({"HX-Request": "true"}), method, body))
"""


def _deal_fields(hands: list[str], version: int, key: str) -> dict[str, str]:
    fields = {"mode": "hands", "dealer": "0", "stood": "1", "version": str(version), "key": key}
    for i, hand in enumerate(hands):
        fields[f"bought_{i}"] = "0"
        for j, card in enumerate(hand.split()):
            fields[f"card_{i}_{j}"] = card
    return fields


@pytest.mark.django_db
def test_a_sheet_mirrored_in_the_worker_records_a_deal_as_the_server_does(
    tmp_path: Path, client: Client, settings
) -> None:
    from games.scoresheet import ledger
    from games.scoresheet.models import Game
    from games.scoresheet.store import create

    settings.ALLOWED_HOSTS = [HOST]
    spec = ledger.make_spec("peel-new", ["Ann", "Bob", "Cy"], "1", {})
    game = create(spec, "Friday", [], "start", "k0")
    deals = [["AS KS QS", "2H 3H 4H", "9C 9D 9S"], ["7H 8H 9H", "JC QC KC", "2S 2D 5C"]]
    for number, hands in enumerate(deals, 1):
        version = Game.objects.get(pk=game.pk).version
        sent = client.post(
            f"/sheet/{game.token}/deals/",
            _deal_fields(hands, version, f"key-of-deal-{number}"),
            headers={"HX-Request": "true", "Host": HOST},
        )
        assert sent.status_code == 200, sent.content[:300]
    exported = client.get(f"/sheet/{game.token}/export.json", headers={"Host": HOST})
    version = Game.objects.get(pk=game.pk).version
    third = urlencode(_deal_fields(["10S JS QS", "4C 5C 6C", "3D 3H 3S"], version, "key-of-deal-3"))
    base = f"http://{HOST}/sheet/{game.token}"
    root = _unpacked(tmp_path)
    asked = {
        "export": read_body(exported).decode(),
        "token": game.token,
        "view": game.view_token,
        "version": version,
        "requests": [
            ["POST", f"{base}/deals/", third],
            ["GET", f"{base}/export.json", ""],
            ["GET", f"http://{HOST}/sv/sheet/view/{game.view_token}/", ""],
        ],
    }
    lines = _run_from_the_bundle(root, SHEET, json.dumps(asked)).splitlines()
    assert json.loads(lines[0]) == 2  # the deals mirrored
    recorded, export_here, reader = (json.loads(line) for line in lines[1:])
    assert recorded["status"] == 200, recorded["body"][:500]
    # The server records the same deal: the two sheets are the same evening, accounts and all.
    on_server = client.post(
        f"/sheet/{game.token}/deals/",
        dict(pair.split("=", 1) for pair in third.split("&")),
        headers={"HX-Request": "true", "Host": HOST},
    )
    assert on_server.status_code == 200
    server_export = client.get(f"/sheet/{game.token}/export.json", headers={"Host": HOST})
    assert export_here["status"] == 200
    assert json.loads(export_here["body"]) == json.loads(read_body(server_export))
    assert len(json.loads(export_here["body"])["entries"]) == 3
    assert reader["status"] == 200 and "Friday" in reader["body"] and "Kopierad" in reader["body"]
