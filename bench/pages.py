"""``python -m bench.pages``: the site's pages under load, as ratios to a trivial view.

Starts gunicorn as production would run it (2 sync workers, ``--preload``, debug off:
``rulesite/settings_bench.py``, a throwaway SQLite database migrated first) on a free
loopback port, then:

1. **Cold start**, over three starts: how long until every worker has booted, and for each
   page its first two requests (one per worker, likely) against the median of warm ones,
   each pair after the same short idleness (:data:`IDLE`)
   (goal: no first request slower than 3x a warm one); whether the reading pages are
   cacheable (an ETag, a 304 for it, no Set-Cookie, no ``Vary: Cookie``). *Warm* is the
   same work done by a worker that has served before: a reading page is kept rendered by
   every process, so first and warm are both sent from memory; a tool keeps the answer of
   each address it is asked, but a worker's first request for an address works it out, so
   its warm requests ask the same question made new by a parameter the tools ignore
   (``&anew=``), worked out too (the answer sent from memory is printed beside, ``kept``).
2. **Load**: ``wrk -t2 -c16 -d3s --latency`` on each page, with runs of the trivial view
   ``/bench/trivial/`` (same middleware, two bytes) between every few pages, over several
   rounds. A page's ratio is its requests/s over the trivial view's in the runs around it,
   so a busy machine moves both; the median over rounds is printed with the p99 latency.
   Beside the tools' new questions, their *floors* (``rulesite/urls_bench.py``): the same
   questions judged or settled by the engine behind a bare view, answered in a few bytes.
   A new question's cost in trivial views (1 / ratio) is then its floor's and its drawing's,
   and the goal's share left to the drawing is printed beside what it takes today.

Every request says ``Accept-Encoding: gzip``, as browsers do (``--identity``: it does not).

Goals (issue 9): reading pages >= 0.7x the trivial view, the table and calculator pages
>= 0.3x, their htmx answers >= 0.5x, every page p99 < 50 ms. Needs ``wrk`` (``make bench``
installs it). Only the standard library; about two minutes with the defaults.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from games.engine.cards import PACK_52

ROOT = Path(__file__).resolve().parent.parent
TRIVIAL = "/bench/trivial/"
HTMX = {"HX-Request": "true"}
BROWSER = {"Accept-Encoding": "gzip"}
"""Sent with every request (``--identity``: not): every browser asks for gzip, and a page
compressed per response costs more than one compressed once."""


@dataclass(frozen=True)
class Page:
    """One address to measure, the headers to send, and the class of goal it answers to."""

    name: str
    path: str
    kind: str  # "reading", "tool" or "htmx"
    headers: dict[str, str] = field(default_factory=dict)
    fresh: tuple[str, ...] = ()
    """Addresses to spread the load over, one at random per request: a tool asked the same
    question again answers from memory, so its honest cost is that of a new question."""
    floor: str = ""
    """The name of the page that does this one's engine work alone (kind ``floor``): what
    this page costs beyond it is the drawing of its answer."""

    @property
    def goal(self) -> float:
        return GOALS[self.kind]

    @property
    def kept(self) -> bool:
        """A tool asked the same address again: its answer comes from memory, but a worker's
        first request for the address works it out."""
        return self.kind != "reading" and not self.fresh

    def anew(self, n: int) -> str:
        """The page's question made new for the tools' kept answers (the key is the whole
        query string), the same for its form, which ignores a field it does not know."""
        return f"{self.path}{'&' if '?' in self.path else '?'}anew={n}"


GOALS = {"reading": 0.7, "tool": 0.3, "htmx": 0.5, "floor": 0.0}
"""The least ratio to the trivial view each kind of page must reach (a floor is no page: it
has none)."""
P99_MS = 50.0
FIRST_OVER_WARM = 3.0

TABLE = "/table/peel-new/?h=AS+KS+QS&h=2H+3H+4H&h=7C+7D+7S&h=9D+9S+QH"
PAYOUT = (
    "/pay/peel-new/?hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&hand4=7C+7D+2S&dealer=1&stood=2"
)


def _fresh(
    path: str, hand: str, extra: str, count: int = 20_000, seed: int = 1891
) -> tuple[str, ...]:
    """Addresses of four hands dealt at random, as many different ones as players make taps:
    ``hand`` names the field of a hand ({n} its number from 1), ``extra`` adds the dealer and
    the stander ({dealer}, {stood})."""
    rng = random.Random(seed)
    codes = [str(card) for card in PACK_52.cards]
    out = []
    for _ in range(count):
        rng.shuffle(codes)
        hands = "&".join(
            hand.format(n=i + 1) + "=" + "+".join(codes[3 * i : 3 * i + 3]) for i in range(4)
        )
        more = extra.format(dealer=rng.randrange(1, 5), stood=rng.randrange(1, 5))  # from 1
        out.append(f"{path}?{hands}{more}")
    return tuple(out)


FRESH_TABLES = _fresh("/table/peel-new/", "h", "")
FRESH_PAYOUTS = _fresh("/pay/peel-new/", "hand{n}", "&dealer={dealer}&stood={stood}")


def _floor(name: str, path: str, fresh: tuple[str, ...], page: str, floor: str) -> Page:
    """The floor of the page at ``path`` (``page`` its prefix): the same questions asked of
    ``floor``, an address of ``rulesite/urls_bench.py``, instead."""
    return Page(
        name,
        path.replace(page, floor, 1),
        "floor",
        fresh=tuple(question.replace(page, floor, 1) for question in fresh),
    )


TABLE_FLOOR = "table, new hands judged only"
PAYOUT_FLOOR = "payout, new deals settled only"

PAGES = [
    Page("home", "/", "reading"),
    Page("library index", "/library/", "reading"),
    Page("rulebook (Peel)", "/library/peel-commerce/", "reading"),
    Page("glossary", "/glossary/", "reading"),
    Page("rulings", "/rulings/", "reading"),
    Page("search 'tie dealer'", "/search/?q=tie+dealer", "reading"),
    Page("table, 4 hands", TABLE, "tool"),
    Page("table, 4 hands (htmx)", TABLE, "htmx", HTMX),
    Page("table, new hands", TABLE, "tool", fresh=FRESH_TABLES, floor=TABLE_FLOOR),
    Page("table, new hands (htmx)", TABLE, "htmx", HTMX, fresh=FRESH_TABLES, floor=TABLE_FLOOR),
    _floor(TABLE_FLOOR, TABLE, FRESH_TABLES, "/table/", "/bench/judge/"),
    Page("payout peel-new", PAYOUT, "tool"),
    Page("payout peel-new (htmx)", PAYOUT, "htmx", HTMX),
    Page("payout, new deals", PAYOUT, "tool", fresh=FRESH_PAYOUTS, floor=PAYOUT_FLOOR),
    Page("payout, new deals (htmx)", PAYOUT, "htmx", HTMX, fresh=FRESH_PAYOUTS, floor=PAYOUT_FLOOR),
    _floor(PAYOUT_FLOOR, PAYOUT, FRESH_PAYOUTS, "/pay/", "/bench/settle/"),
]


# --- the server -------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """gunicorn on loopback with the bench settings, in a temporary directory it removes."""

    def __init__(self) -> None:
        self.work = Path(tempfile.mkdtemp(prefix="rulesite-bench-"))
        self.port = free_port()
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "rulesite.settings_bench",
            "RULESITE_BENCH_DIR": str(self.work),
            "PYTHONDONTWRITEBYTECODE": "1",
        }
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = self.work / "gunicorn.log"

    def prepare(self) -> None:
        for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
            subprocess.run(
                [sys.executable, "manage.py", *command, "-v", "0"],
                cwd=ROOT,
                env=self.env,
                check=True,
            )

    def start(self, workers: int = 2) -> float:
        """Start gunicorn; seconds until every worker has booted (gunicorn logs each)."""
        started = time.perf_counter()
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "rulesite.wsgi:application",
                    "--workers",
                    str(workers),
                    "--worker-class",
                    "sync",
                    "--preload",
                    "--no-control-socket",
                    "--bind",
                    f"127.0.0.1:{self.port}",
                    "--log-level",
                    "info",
                ],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = started + 30
        while time.perf_counter() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited:\n{self.log.read_text()}")
            # A worker logs "Booting worker" once its application is loaded and warmed.
            if self.log.read_text().count("Booting worker") >= workers:
                try:
                    socket.create_connection(("127.0.0.1", self.port), timeout=0.1).close()
                    booted = time.perf_counter() - started
                    time.sleep(0.25)  # a reader comes later than the last log line of a boot
                    return booted
                except OSError:
                    pass
            time.sleep(0.01)
        raise RuntimeError("gunicorn did not start within 30 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)  # the group this bench started
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.proc = None

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.work, ignore_errors=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


# --- single requests --------------------------------------------------------------------


@dataclass(frozen=True)
class Fetched:
    status: int
    seconds: float
    headers: http.client.HTTPMessage


def fetch(
    port: int, page: Page, headers: dict[str, str] | None = None, path: str | None = None
) -> Fetched:
    """One GET on a new connection, as a browser's first visit makes it; timed to the last byte."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    start = time.perf_counter()
    conn.request("GET", path or page.path, headers={**page.headers, **(headers or {})})
    response = conn.getresponse()
    response.read()
    seconds = time.perf_counter() - start
    conn.close()
    return Fetched(response.status, seconds, response.headers)


@dataclass
class Cold:
    """A page's first requests after a start against warm ones, over several starts."""

    page: Page
    firsts: list[float] = field(default_factory=list)  # per start: the slower of the first two
    warms: list[float] = field(default_factory=list)  # per start: the same, of warm pairs
    kept: list[float] = field(default_factory=list)  # per start, a tool: its kept answer's
    cacheable: str = ""

    @property
    def first(self) -> float:
        return statistics.median(self.firsts)

    @property
    def warm(self) -> float:
        return statistics.median(self.warms)

    @property
    def met(self) -> bool:
        return self.first <= FIRST_OVER_WARM * self.warm


def cacheability(port: int, page: Page, first: Fetched) -> str:
    """What a browser or proxy may do with the page, in a few words."""
    h = first.headers
    vary = [v.strip().lower() for v in (h.get("Vary") or "").split(",")]
    problems = []
    if h.get("Set-Cookie"):
        problems.append("Set-Cookie")
    if "cookie" in vary:
        problems.append("Vary: Cookie")
    etag = h.get("ETag")
    if not etag:
        problems.append("no ETag")
    elif fetch(port, page, {"If-None-Match": etag}).status != 304:
        problems.append("no 304")
    return "cacheable (ETag, 304)" if not problems else "NOT cacheable: " + ", ".join(problems)


IDLE = 0.05
"""Seconds the server is left idle before each pair of requests of the cold start, first or
warm: a worker woken from even 20 ms of idleness answers a reading page in 1.4-1.6 ms where
it answers one asked straight after another in 0.65 ms, so a first pair (which comes after
idleness) compared with warm pairs asked back to back would count the wake-up as first-use."""


def pair(port: int, page: Page, paths: Iterator[str]) -> float:
    """The slower of two requests (the two workers may take one each) after :data:`IDLE`."""
    time.sleep(IDLE)
    return max(fetch(port, page, path=next(paths, None)).seconds for _ in range(2))


def cold_start(port: int, colds: list[Cold], warm_pairs: int = 9) -> None:
    """Each page's first two requests (the two workers may take one each), then warm pairs.

    The first pair and the warm ones are read alike, by the slower of the two, so that a
    busy machine's hiccup weighs the same on both sides of the ratio."""
    for cold in colds:
        page = cold.page
        # A page spread over new questions is asked a new one every time, first and warm; a
        # tool's own address is asked anew when warm, as its first request works it out.
        paths = iter(random.sample(page.fresh, 2 + 2 * warm_pairs) if page.fresh else [])
        time.sleep(IDLE)
        firsts = [fetch(port, page, path=next(paths, None)) for _ in range(2)]
        if any(f.status != 200 for f in firsts):
            raise RuntimeError(f"{page.path}: status {firsts[0].status}")
        cold.firsts.append(max(f.seconds for f in firsts))
        if page.kept:
            token = random.randrange(10**9)  # new to both workers, whichever answers
            paths = iter(page.anew(token + n) for n in range(2 * warm_pairs))
        pairs = [pair(port, page, paths) for _ in range(warm_pairs)]
        cold.warms.append(statistics.median(pairs))
        if page.kept:
            pairs = [pair(port, page, iter(())) for _ in range(warm_pairs)]
            cold.kept.append(statistics.median(pairs))
        cold.cacheable = cacheability(port, page, firsts[0])


# --- load -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    rps: float
    p99_ms: float
    errors: int


UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3}


_SPREAD = """
local paths = {%s}
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
end
function init(args)
  math.randomseed(id * 7919 + os.time())
end
function request()
  return wrk.format(nil, paths[math.random(#paths)])
end
"""


def wrk_installed() -> bool:
    """Whether ``wrk`` is on the PATH; if not, says how to install it."""
    if shutil.which("wrk") is None:
        print(
            "error: wrk is not installed: run 'make bench' or 'apt-get install -y wrk'",
            file=sys.stderr,
        )
        return False
    return True


def wrk(url: str, headers: dict[str, str], duration: int, fresh: tuple[str, ...] = ()) -> Run:
    """``wrk -t2 -c16`` on ``url``, or on one of the ``fresh`` paths at random per request."""
    if not fresh:
        return wrk_run(url, headers, duration, "-t2", "-c16")
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as script:
        script.write(_SPREAD % ",".join(f'"{path}"' for path in fresh))
        script.flush()
        return wrk_run(url, headers, duration, "-t2", "-c16", script=Path(script.name))


def wrk_run(
    url: str,
    headers: dict[str, str],
    duration: int,
    *flags: str,
    script: Path | None = None,
    env: dict[str, str] | None = None,
) -> Run:
    """One run of ``wrk`` with ``flags`` (threads, connections) and a Lua ``script``: its
    requests/s, p99 latency, and errors (answers not 2xx or 3xx, and timeouts)."""
    command = ["wrk", *flags, f"-d{duration}s", "--latency"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    if script is not None:
        command += ["-s", str(script)]
    out = subprocess.run(
        [*command, url],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **(env or {})},
    ).stdout
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p99 = re.search(r"^\s+99%\s+([\d.]+)(us|ms|s)\s*$", out, re.MULTILINE)
    if rps is None or p99 is None:
        raise RuntimeError(f"cannot read wrk's output:\n{out}")
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors:.*timeout (\d+)", out)
    return Run(
        float(rps[1]),
        float(p99[1]) * UNITS[p99[2]],
        (int(bad[1]) if bad else 0) + (int(errors[1]) if errors else 0),
    )


@dataclass
class Figure:
    """One figure over the rounds: each run's ratio to the trivial view's runs around it, its
    requests/s, p99 latency and errors (this bench's pages, and bench/sheet.py's)."""

    name: str
    goal: float
    ratios: list[float] = field(default_factory=list)
    rps: list[float] = field(default_factory=list)
    p99: list[float] = field(default_factory=list)
    errors: int = 0

    @property
    def ratio(self) -> float:
        """The median ratio; a round whose trivial runs got no answer (NaN) does not count."""
        return statistics.median(r for r in self.ratios if r == r) if self.ratios else 0.0

    @property
    def met(self) -> bool:
        return self.ratio >= self.goal and self.errors == 0


@dataclass
class Measured(Figure):
    """A page's figure, whose goal includes a p99 latency."""

    page: Page = field(kw_only=True)

    @property
    def met(self) -> bool:
        return super().met and statistics.median(self.p99) < P99_MS


def load(
    server: Server, pages: list[Page], trivial: Page, rounds: int, duration: int, group: int
) -> tuple[list[Measured], list[float]]:
    """Every page in every round, the trivial view before and after each group of pages."""
    measured = {page.name: Measured(page.name, page.goal, page=page) for page in pages}
    trivial_rps: list[float] = []
    for n in range(rounds):
        print(f"  round {n + 1} of {rounds} …", file=sys.stderr, flush=True)
        before = wrk(server.url(trivial.path), trivial.headers, duration).rps
        trivial_rps.append(before)
        for start in range(0, len(pages), group):
            runs = [
                (p, wrk(server.url(p.path), p.headers, duration, p.fresh))
                for p in pages[start : start + group]
            ]
            after = wrk(server.url(trivial.path), trivial.headers, duration).rps
            trivial_rps.append(after)
            for page, run in runs:
                m = measured[page.name]
                m.ratios.append(run.rps / ((before + after) / 2))
                m.rps.append(run.rps)
                m.p99.append(run.p99_ms)
                m.errors += run.errors
            before = after
    return list(measured.values()), trivial_rps


# --- report -----------------------------------------------------------------------------


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def beyond_floor(measured: list[Measured]) -> None:
    """For each page measured beside its floor, its cost in trivial views (1 / ratio): the
    floor's share (the engine's work and Django's way to it) and the drawing's, today and as
    much as the goal leaves it."""
    by_name = {m.page.name: m for m in measured}
    lines = []
    for m in measured:
        floor = by_name.get(m.page.floor)
        if floor is None or not m.ratio or not floor.ratio:
            continue
        cost, least = 1 / m.ratio, 1 / floor.ratio
        allowed = 1 / m.page.goal - least
        if allowed < 0.05:  # within the noise of a floor's runs
            left = f"the goal ({m.page.goal:g}x) leaves the drawing nothing ({allowed:.2f})"
        else:
            left = f"the goal ({m.page.goal:g}x) leaves the drawing {allowed:4.2f}"
            if cost - least > allowed:
                left += f", {(cost - least) / allowed:.1f}x less"
        lines.append(
            f"{m.page.name:<30} {cost:5.2f} = floor {least:4.2f} + drawing {cost - least:4.2f};"
            f" {left}"
        )
    if lines:
        print("\na new question's cost in trivial views (1 / ratio): its floor, then its drawing")
        print("\n".join(lines))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.pages", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds of every page under load (3; 0: none)"
    )
    parser.add_argument("--duration", type=int, default=3, help="seconds per wrk run (3)")
    parser.add_argument(
        "--group", type=int, default=5, help="pages between two runs of the trivial view (5)"
    )
    parser.add_argument("--starts", type=int, default=3, help="server starts for cold start (3)")
    parser.add_argument("--only", default="", help="measure only pages whose name has this")
    parser.add_argument(
        "--identity", action="store_true", help="do not send Accept-Encoding: gzip as browsers do"
    )
    args = parser.parse_args(argv)
    if not wrk_installed():
        return 2
    sent = {} if args.identity else BROWSER
    pages = [replace(p, headers={**sent, **p.headers}) for p in PAGES if args.only in p.name]

    server = Server()
    colds = [Cold(page) for page in pages if page.kind != "floor"]  # a floor is no page
    starts: list[float] = []
    try:
        server.prepare()
        for n in range(args.starts):
            if n:
                server.stop()
            starts.append(server.start())
            cold_start(server.port, colds)
        print(
            f"rulesite page bench: gunicorn, 2 sync workers, --preload, debug off; "
            f"wrk -t2 -c16 -d{args.duration}s, {args.rounds} rounds, median; "
            + ("no Accept-Encoding" if args.identity else "Accept-Encoding: gzip, as browsers")
        )
        print(
            f"\ncold start, {args.starts} starts: workers ready {statistics.median(starts):.2f} s "
            f"after launch (warm-up included); first requests, median over starts"
        )
        print(
            "(a tool's own address: warm is the same question asked anew, worked out as its "
            "first is; kept: answered from memory)"
        )
        print(f"{'page':<30} {'first':>9} {'warm':>9} {'ratio':>6}  goal <= {FIRST_OVER_WARM:g}x")
        for c in colds:
            print(
                f"{c.page.name:<30} {c.first * 1e3:7.1f}ms {c.warm * 1e3:7.1f}ms "
                f"{c.first / c.warm:5.1f}x  [{verdict(c.met)}]"
                + (f"  {c.cacheable}" if c.page.kind == "reading" else "")
                + (f"  kept {statistics.median(c.kept) * 1e3:.1f}ms" if c.kept else "")
            )
        sys.stdout.flush()
        yardstick = Page("trivial", TRIVIAL, "reading", dict(sent))
        measured, trivial = load(server, pages, yardstick, args.rounds, args.duration, args.group)
    finally:
        server.remove()

    missed = [f"{c.page.name} (first request)" for c in colds if not c.met]
    missed += [
        f"{c.page.name} (caching)"
        for c in colds
        if c.page.kind == "reading" and not c.cacheable.startswith("cacheable")
    ]
    if not trivial:  # --rounds 0: the cold start only
        print("\nall goals met" if not missed else f"\nmissed: {', '.join(missed)}")
        return 0
    print(
        f"\nload: trivial view {statistics.median(trivial):,.0f} req/s "
        f"(median of {len(trivial)} runs, {min(trivial):,.0f}–{max(trivial):,.0f})"
    )
    print(f"{'page':<30} {'req/s':>8} {'ratio':>7} {'p99':>9}  goal")
    for m in measured:
        rounds = "/".join(f"{r:.2f}" for r in m.ratios)
        errors = f"  {m.errors} errors" if m.errors else ""
        goal = (
            "none: the engine's work alone, no page drawn"
            if m.page.kind == "floor"
            else f">= {m.page.goal:g}x, p99 < {P99_MS:g} ms [{verdict(m.met)}]"
        )
        print(
            f"{m.page.name:<30} {statistics.median(m.rps):8,.0f} {m.ratio:6.2f}x "
            f"{statistics.median(m.p99):7.1f}ms  {goal}  (rounds {rounds}){errors}"
        )
    beyond_floor(measured)
    missed = [m.page.name for m in measured if not m.met] + missed
    print("\nall goals met" if not missed else f"\nmissed: {', '.join(missed)}")
    return 0  # goals missed are printed, not failed, as in the engine's bench


if __name__ == "__main__":
    sys.exit(main())
