"""The site without signal (issue 21): the engine in the browser, measured in headless Chromium.

The site is served by ``manage.py runserver`` on a free port (debug on: static files from the
finders, as ``make run``); Chromium installs its service worker, goes offline
(``context.set_offline``) and opens Peel's table page from what it kept (opened once before
with signal, as on a phone that installed the site). Printed:

- from opening the table page offline to the engine ready (Pyodide and the site started in
  its worker), and to the first verdict drawn; goal 3 s each;
- each further verdict (the request sent to the verdict swapped in, ``htmx:afterSettle``),
  median and 95th percentile over random boards; goal 50 ms at the 95th; beside it, the same
  boards answered online by the server (a ratio, offline over online);
- search without signal: from a search sent by a reading page's header box (the search page,
  kept blank, opens, its engine starts and builds the index, and draws the address's hits) to
  the first hit drawn; the index's build in the worker; a search typed on the page once it is
  ready, the first and then each further one (median and 95th); beside them, the same searches
  answered online by the server;
- the bytes a phone downloads to go offline (every precached file and page compressed as
  served: pages by the site's GZip middleware, static files by gzip as WhiteNoise keeps them)
  and the worker's WebAssembly memory.

Skipped (exit 0, a line says why) where there is no Chromium. A figure over its goal is marked
OVER and makes the exit status 1.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
TAPS = 40
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
PACK = [rank + suit for suit in "SHDC" for rank in RANKS]

KEPT_BYTECODE = """caches.open("rulesite-engine-bytecode").then(
  (cache) => cache.keys()).then((keys) => keys.length >= 2)"""

ASK = """([url]) => new Promise((resolve) => {
  const began = performance.now();
  document.body.addEventListener("htmx:afterSettle", function done() {
    document.body.removeEventListener("htmx:afterSettle", done);
    resolve(performance.now() - began);
  });
  htmx.ajax("GET", url, {target: "#result", swap: "outerHTML settle:0ms"});
})"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


SEARCHES = [
    "what is a tricon?",
    "ties",
    "sequence",
    "point",
    "the dealer stands",
    "poäng",
    "triss",
    "who pays the pool",
    "sequance",
    "pair royal",
    "vingt-un natural",
    "trump",
    "lägga upp",
    "exchange",
    "bank",
    "Speculation",
]
"""Searches typed on the search page: terms, questions, Swedish words, a misspelt one."""

SEARCH = """([query]) => new Promise((resolve) => {
  const began = performance.now();
  document.body.addEventListener("htmx:afterSettle", function done() {
    document.body.removeEventListener("htmx:afterSettle", done);
    resolve(performance.now() - began);
  });
  htmx.ajax("GET", "/search/?q=" + encodeURIComponent(query),
            {target: "#results", swap: "outerHTML settle:0ms"});
})"""
"""A search as the page's box sends it (htmx), timed to its hits swapped in."""

FIRST_HIT = "!!document.querySelector('#results .search-results a')"


def _board(rng: random.Random) -> str:
    cards = rng.sample(PACK, 12)
    hands = ["+".join(cards[i : i + 3]) for i in range(0, 12, 3)]
    return "/table/peel-new/?" + "&".join(f"h={h}" for h in hands) + "&judge=1"


def _until(page, script: str, seconds: float) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while not page.evaluate(script):
        if time.monotonic() > end:
            raise TimeoutError(script)
        time.sleep(0.02)


def _bytes_to_go_offline(base: str) -> tuple[int, int]:
    """Every precached address (from the service worker's own list), compressed as served:
    (all of it, Pyodide's and the site bundle's share)."""
    script = urllib.request.urlopen(base + "/sw.js").read().decode()  # noqa: S310
    found = re.search(r"const PRECACHE = (\[.*?\]);", script, re.S)
    assert found, "the service worker lists what it keeps"
    total = engine = 0
    for entry in json.loads(found.group(1)):
        request = urllib.request.Request(base + entry["url"], headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request) as response:  # noqa: S310
            body = response.read()
            if response.headers.get("Content-Encoding") != "gzip":
                body = gzip.compress(body, 9)
        total += len(body)
        if "/pyodide/" in entry["url"] or entry["url"].endswith("site.zip"):
            engine += len(body)
    return total, engine


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> int:
    if not Path(CHROMIUM).exists():
        print(f"offline: skipped (no Chromium at {CHROMIUM})")
        return 0
    from playwright.sync_api import sync_playwright

    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(  # noqa: S603
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env={**os.environ, "DJANGO_DEBUG": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    status = 0
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/sw.js")  # noqa: S310
                break
            except OSError:
                time.sleep(0.2)
        rng = random.Random(21)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM)
            context = browser.new_context(service_workers="allow")
            page = context.new_page()
            page.goto(base + "/")
            _until(page, "navigator.serviceWorker.controller !== null", 120)
            _until(page, "!!document.querySelector('#offline-state.is-ready')", 120)
            # The table page opened once with signal: its engine starts and keeps the site's
            # compiled modules for the next start (the start without them is printed too).
            opened = time.monotonic()
            page.goto(base + "/table/peel-new/")
            _until(page, "document.documentElement.dataset.offlineEngine === 'ready'", 120)
            first_start = time.monotonic() - opened
            _until(page, KEPT_BYTECODE, 120)
            context.set_offline(True)
            opened = time.monotonic()
            page.goto(base + "/table/peel-new/")
            _until(page, "document.documentElement.dataset.offlineEngine === 'ready'", 120)
            to_ready = time.monotonic() - opened
            page.evaluate(ASK, [_board(rng)])
            to_first = time.monotonic() - opened
            memory = int(page.evaluate("document.documentElement.dataset.offlineEngineMemory"))
            phases = json.loads(
                page.evaluate("document.documentElement.dataset.offlineEnginePhases")
            )
            kept = page.evaluate("document.documentElement.dataset.offlineEngineKept")
            boards = [_board(rng) for _ in range(TAPS)]
            offline = [page.evaluate(ASK, [board]) for board in boards]
            # Search: sent from a reading page's header box, the search page opens blank from
            # what was kept and its engine starts.
            page.goto(base + "/library/peel-commerce/")
            page.fill("#site-search-q", "what is a tricon?")
            sent = time.monotonic()
            page.press("#site-search-q", "Enter")
            _until(page, FIRST_HIT, 120)
            search_first = time.monotonic() - sent
            _until(page, "document.documentElement.dataset.offlineEngine === 'ready'", 120)
            search_phases = json.loads(
                page.evaluate("document.documentElement.dataset.offlineEnginePhases")
            )
            search_memory = int(
                page.evaluate("document.documentElement.dataset.offlineEngineMemory")
            )
            typed = [page.evaluate(SEARCH, [query]) for query in SEARCHES]
            context.set_offline(False)
            page.goto(base + "/table/peel-new/")
            online = [page.evaluate(ASK, [board]) for board in boards]
            page.goto(base + "/search/")
            typed_online = [page.evaluate(SEARCH, [query]) for query in SEARCHES]
            browser.close()
        total, engine = _bytes_to_go_offline(base)
    finally:
        server.terminate()
        server.wait()

    def line(name: str, value: str, over: bool = False) -> None:
        nonlocal status
        print(f"  {name:<56} {value}{'  OVER' if over else ''}")
        status = status or (1 if over else 0)

    p95_off, p95_on = _percentile(offline, 0.95), _percentile(online, 0.95)
    print("offline (headless Chromium, service worker warm, Peel's table page):")
    line("the engine's very first start (online, nothing compiled yet)", f"{first_start:.2f} s")
    line("opening the page to the engine ready (goal 3 s)", f"{to_ready:.2f} s", to_ready > 3)
    line("opening the page to the first verdict (goal 3 s)", f"{to_first:.2f} s", to_first > 3)
    line(
        f"a further verdict offline, median / 95th of {TAPS} (goal 50 ms)",
        f"{statistics.median(offline):.1f} / {p95_off:.1f} ms",
        p95_off > 50,
    )
    line(
        "the same verdicts online from the server, median / 95th",
        f"{statistics.median(online):.1f} / {p95_on:.1f} ms",
    )
    line("offline over online (95th)", f"{p95_off / p95_on:.2f}x")
    line(
        "bytes to go offline, compressed as served",
        f"{total / 1e6:.1f} MB (Pyodide and the site's bundle: {engine / 1e6:.1f} MB)",
    )
    line("what the start read compiled by the first (site, stdlib)", kept or "nothing")
    line(
        "the worker's start: Pyodide, site unpacked, Django, first page (ms, cumulative)",
        " / ".join(
            str(phases.get(name, "?")) for name in ("pyodide", "unpacked", "django", "warm")
        ),
    )
    line("the engine worker's WebAssembly memory", f"{memory / 1e6:.0f} MB")
    further = typed[1:]
    print("search without signal (the search page, its engine in the browser):")
    line("a reading page's search box to the first hit", f"{search_first:.2f} s")
    line(
        "of its start: ready, of which the index built (ms)",
        f"{search_phases.get('warm', '?')} / {search_phases.get('index', '?')}",
    )
    line("the first search typed once ready", f"{typed[0]:.1f} ms")
    line("the search page's engine's WebAssembly memory", f"{search_memory / 1e6:.0f} MB")
    p95_typed = _percentile(further, 0.95)
    line(
        f"a further search, median / 95th of {len(further)}",
        f"{statistics.median(further):.1f} / {p95_typed:.1f} ms",
    )
    line(
        "the same searches online from the server, median / 95th",
        f"{statistics.median(typed_online[1:]):.1f} / {_percentile(typed_online[1:], 0.95):.1f} ms",
    )
    return status


if __name__ == "__main__":
    raise SystemExit(main())
