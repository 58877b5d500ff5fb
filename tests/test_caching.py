"""Reading pages are the same for every reader: no cookie, an ETag, a 304; the score sheet keeps
its CSRF token; the tools' GET forms need none; ``rulesite.caching`` keeps only what it may:
the reading pages rendered once, the tools' answers per address."""

import gzip
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.test import Client, RequestFactory

from content.library import load_library
from content.search import search
from rulesite.caching import LARGEST, STORES, Answer, Answers, Kept, rendered_once
from tests.scoresheet.sheet_factory import HANDS_4, make_game, post_fields

ROOT = Path(__file__).resolve().parent.parent

READING = [
    "/",
    "/library/",
    *[f"/library/{slug}/" for slug in load_library()],
    "/glossary/",
    "/rulings/",
    "/search/?q=tie+dealer",
    "/search/",
    "/library/compare/",
    "/library/parallels/",
    "/odds/",
]
TOOLS = [
    "/table/",
    "/table/peel-new/?h=AS+KS+QS&h=2H+3H+4H&h=7C+7D+7S&h=9D+9S+QH",
    "/table/swedish/",
    "/table/compare/",
    "/table/cox/",
    "/pay/",
    "/pay/peel-new/?hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&dealer=1&stood=2",
    "/pay/peel-old/",
    "/pay/pool/",
    "/pay/swedish/",
    "/pay/cox/",
]


@pytest.fixture(autouse=True)
def no_kept_pages():
    """Each test starts as a fresh worker would."""
    for store in STORES:
        store.clear()


def vary(response) -> list[str]:
    return [v.strip().lower() for v in response.headers.get("Vary", "").split(",")]


# --- reading pages ----------------------------------------------------------------------


@pytest.mark.parametrize("url", READING)
@pytest.mark.parametrize("htmx", [False, True])
def test_reading_pages_are_the_same_for_everyone(url, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = Client().get(url, headers=headers)
    assert response.status_code == 200
    assert not response.cookies, "no Set-Cookie (the CSRF token belongs to the sheet only)"
    assert "cookie" not in vary(response)
    assert re.fullmatch(r'"[0-9a-f]{32}"', response["ETag"])
    assert "max-age=" in response["Cache-Control"]
    html = response.content.decode()
    assert "csrftoken" not in html and "csrfmiddlewaretoken" not in html
    assert 'nonce="' not in html


@pytest.mark.parametrize("url", READING)
def test_reading_pages_answer_304_to_their_etag(url):
    client = Client()
    first = client.get(url)
    again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]
    assert "max-age=" in again["Cache-Control"]
    other = client.get(url, headers={"If-None-Match": '"0123456789abcdef0123456789abcdef"'})
    assert other.status_code == 200
    assert other.content == first.content


@pytest.mark.parametrize("url", ["/library/peel-commerce/", "/glossary/", "/search/?q=pair"])
def test_gzip_readers_get_the_page_compressed_once(url):
    plain = Client().get(url)
    client = Client(headers={"Accept-Encoding": "gzip, deflate, br"})
    packed = client.get(url)
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert int(packed["Content-Length"]) == len(packed.content) < len(plain.content) / 2
    assert "accept-encoding" in vary(packed) and "accept-encoding" in vary(plain)
    assert packed["ETag"] == "W/" + plain["ETag"]  # as GZipMiddleware marks what it compresses
    assert client.get(url, headers={"If-None-Match": packed["ETag"]}).status_code == 304
    assert Client().get(url, headers={"If-None-Match": packed["ETag"]}).status_code == 304
    assert client.get(url).content == packed.content  # the same bytes: no per-response padding


def test_head_revalidates_like_get():
    etag = Client().head("/glossary/")["ETag"]
    assert Client().head("/glossary/", headers={"If-None-Match": etag}).status_code == 304


@pytest.mark.parametrize("url", ["/library/peel-commerce/", "/glossary/", "/search/?q=pair"])
def test_etag_is_a_hash_of_the_page_so_every_worker_agrees(url):
    first = Client().get(url)
    for store in STORES:  # as another process would: render again from nothing
        store.clear()
    second = Client().get(url)
    assert second.content == first.content
    assert second["ETag"] == first["ETag"]


def test_each_page_has_its_own_etag():
    etags = {Client().get(url)["ETag"] for url in READING}
    assert len(etags) == len(READING)


def test_search_fragment_and_page_differ_and_say_so():
    page = Client().get("/search/?q=tricon")
    fragment = Client().get("/search/?q=tricon", headers={"HX-Request": "true"})
    assert fragment.content.lstrip().startswith(b'<section id="results"')
    assert page["ETag"] != fragment["ETag"]
    assert {"hx-request", "hx-history-restore-request"} <= set(vary(fragment))


def test_search_history_restore_gets_the_whole_page():
    headers = {"HX-Request": "true", "HX-History-Restore-Request": "true"}
    response = Client().get("/search/?q=tricon", headers=headers)
    assert response.content.lstrip().startswith(b"<!doctype html>")


@pytest.mark.parametrize("url", ["/", "/library/peel-commerce/", "/search/?q=tricon"])
def test_reading_pages_need_no_nonce_and_allow_nothing_inline(url):
    csp = Client().get(url)["Content-Security-Policy"]
    script_src = re.search(r"script-src ([^;]*)", csp)
    assert script_src is not None and script_src[1] == "'self'"
    assert "unsafe-inline" not in csp


# --- search -----------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["e", "tricon", "poäng", "dealer"])
def test_a_repeated_word_finds_what_the_word_finds(word):
    once = [(h.book.slug, h.block.anchor, h.snippet_parts, h.score) for h in search(word)]
    assert once
    for repeated in (f"{word} {word}", " ".join([word] * 100), f"{word.upper()} {word}"):
        again = [(h.book.slug, h.block.anchor, h.snippet_parts, h.score) for h in search(repeated)]
        assert again == once


def test_search_page_with_a_repeated_word_lists_the_same_paragraphs():
    def links(query: str) -> list[str]:
        html = Client().get("/search/", {"q": query}).content.decode()
        found = re.findall(r'<li><a href="([^"]+)"', html)
        return [href for href in found if not href.startswith("/language/")]  # the switch

    assert links("tie dealer") and links("tie tie dealer dealer tie") == links("tie dealer")


# --- the score sheet keeps its token; the tools need none ---------------------------------


def sheet_token(html: str) -> str:
    m = re.search(r"<body hx-headers='([^']+)'", html)
    assert m, "the sheet's <body> carries htmx's CSRF header"
    return str(json.loads(m[1])["x-csrftoken"])


@pytest.mark.django_db
def test_sheet_pages_carry_the_csrf_token_and_it_works():
    game = make_game()
    client = Client(enforce_csrf_checks=True)
    page = client.get(f"/sheet/{game.token}/")
    assert page.status_code == 200
    assert "csrftoken" in page.cookies
    token = sheet_token(page.content.decode())
    spec = game.spec()
    data = {"dealer": 0, "stood": 1, "bought": [0, 1, 0, 2], "mode": "hands", "hands": HANDS_4}
    fields = {**post_fields(spec, data), "version": game.version, "key": "k" * 22}
    url = f"/sheet/{game.token}/deals/"
    assert client.post(url, fields, headers={"HX-Request": "true"}).status_code == 403
    recorded = client.post(url, fields, headers={"HX-Request": "true", "X-CSRFToken": token})
    assert recorded.status_code == 200
    assert "Deal 1 recorded." in recorded.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/sheet/", "/sheet/import/"])
def test_sheet_start_and_import_carry_the_token(url):
    response = Client().get(url)
    assert "csrftoken" in response.cookies
    assert sheet_token(response.content.decode())


@pytest.mark.parametrize("url", TOOLS)
def test_tools_use_get_forms_and_no_token(url):
    response = Client().get(url)
    assert response.status_code in (200, 400)
    assert not response.cookies
    html = response.content.decode()
    assert "hx-headers" not in html and "csrf" not in html.lower()
    assert not re.search(r'<form[^>]*method="post"', html, re.IGNORECASE)
    assert "hx-post" not in html


# --- rulesite.caching: reading pages -----------------------------------------------------


def test_a_page_that_uses_the_csrf_token_is_sent_but_not_kept():
    @rendered_once()
    def view(request):
        return HttpResponse(f"token {get_token(request)}")

    request = RequestFactory().get("/")
    response = view(request)
    assert response.content.startswith(b"token ")
    assert "ETag" not in response
    assert not len(STORES[-1])


def test_a_page_that_prints_the_nonce_is_sent_but_not_kept():
    from django.middleware.csp import ContentSecurityPolicyMiddleware, get_nonce

    @rendered_once()
    def view(request):
        return HttpResponse(f"<script nonce='{get_nonce(request)}'></script>")

    request = RequestFactory().get("/")
    ContentSecurityPolicyMiddleware(view).process_request(request)  # gives it its nonce
    assert "ETag" not in view(request)
    assert not len(STORES[-1])


def test_a_kept_page_is_not_rendered_again():
    calls = []

    @rendered_once()
    def view(request, slug):
        calls.append(slug)
        return HttpResponse(f"page {slug}")

    for _ in range(3):
        assert view(RequestFactory().get("/"), slug="a").content == b"page a"
    view(RequestFactory().get("/"), slug="b")
    assert calls == ["a", "b"]


def test_nothing_is_kept_in_debug_but_the_etag_is_sent(settings):
    settings.DEBUG = True
    calls = []

    @rendered_once()
    def view(request):
        calls.append(1)
        return HttpResponse("page")

    etags = {view(RequestFactory().get("/"))["ETag"] for _ in range(2)}
    assert len(calls) == 2 and len(etags) == 1


def test_changing_a_setting_forgets_the_pages(settings):
    Client().get("/glossary/")
    assert any(len(store) for store in STORES)
    settings.STATIC_URL = "/elsewhere/"
    assert not any(len(store) for store in STORES)
    assert "/elsewhere/" in Client().get("/glossary/").content.decode()


def test_a_bounded_store_drops_the_least_recently_used():
    store = Kept(maxsize=2)
    for key in "abc":
        store.put(key, Answer(key.encode()))
        store.get("a")
    assert list(store.answers) == ["c", "a"]


def test_searches_kept_are_bounded():
    for n in range(300):
        Client().get("/search/", {"q": f"word{n}"})
    assert max(len(store) for store in STORES) <= 256


# --- rulesite.caching: the tools' answers, per address ----------------------------------


def counted(answers: Answers, make=lambda request: HttpResponse("x" * 300)):
    """A view kept by ``answers`` that counts how often it is worked out."""
    calls: list[str] = []

    @answers
    def view(request):
        calls.append(request.get_full_path())
        return make(request)

    return view, calls


def test_an_address_asked_again_gets_the_answer_kept_and_htmx_another():
    view, calls = counted(Answers(8))
    get = RequestFactory().get
    first = view(get("/tool/?h=AS"))
    again = view(get("/tool/?h=AS"))
    assert again.content == first.content and again.status_code == 200
    view(get("/tool/?h=KS"))
    view(get("/tool/?h=AS", headers={"HX-Request": "true"}))
    view(get("/tool/?h=AS", headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}))
    assert calls == ["/tool/?h=AS", "/tool/?h=KS", "/tool/?h=AS", "/tool/?h=AS"]
    assert {"hx-request", "hx-history-restore-request"} <= set(vary(again))
    view(RequestFactory().post("/tool/?h=AS"))  # only GET and HEAD are kept
    assert len(calls) == 5


def test_an_answer_keeps_its_status_and_headers():
    def make(request):
        response = HttpResponse("result " * 50, status=400, content_type="text/x-result")
        response["HX-Push-Url"] = "/tool/?h=AS"
        return response

    view, calls = counted(Answers(8, statuses=(200, 400)), make)
    view(RequestFactory().get("/tool/"))
    again = view(RequestFactory().get("/tool/"))
    assert len(calls) == 1
    assert again.status_code == 400 and again["Content-Type"] == "text/x-result"
    assert again["HX-Push-Url"] == "/tool/?h=AS"


def test_only_an_answer_the_same_for_everyone_is_kept():
    def with_cookie(request):
        response = HttpResponse("x" * 300)
        response.set_cookie("seen", "1")
        return response

    def with_token(request):
        return HttpResponse(f"token {get_token(request)}")

    def with_nonce(request):
        from django.middleware.csp import get_nonce

        return HttpResponse(f"<script nonce='{get_nonce(request)}'></script>")

    def bad(request):
        return HttpResponse("no", status=400)

    def huge(request):
        return HttpResponse(b"x" * (LARGEST + 1))

    from django.middleware.csp import ContentSecurityPolicyMiddleware

    for make in (with_cookie, with_token, with_nonce, bad, huge):
        answers = Answers(8)
        view, calls = counted(answers, make)
        for _ in range(2):
            request = RequestFactory().get("/tool/")
            ContentSecurityPolicyMiddleware(view).process_request(request)
            view(request)
        assert len(calls) == 2 and not len(answers.store), make.__name__


def test_answers_are_bounded_the_least_recently_asked_going_first():
    answers = Answers(2)
    view, calls = counted(answers)
    for query in ("a", "b", "a", "c", "a", "b"):
        view(RequestFactory().get(f"/tool/?{query}"))
    assert calls == ["/tool/?a", "/tool/?b", "/tool/?c", "/tool/?b"]
    assert len(answers.store) == 2


def test_an_answer_is_compressed_once_for_every_reader_who_accepts_gzip():
    view, calls = counted(Answers(8), lambda request: HttpResponse("a table page " * 100))
    # The first reader too gets the copy kept: not compressed again by GZipMiddleware.
    zipped = [view(RequestFactory().get("/tool/", headers={"Accept-Encoding": "gzip"}))]
    zipped.append(view(RequestFactory().get("/tool/", headers={"Accept-Encoding": "gzip"})))
    plain = view(RequestFactory().get("/tool/"))
    assert len(calls) == 1
    assert zipped[0]["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain
    assert gzip.decompress(zipped[0].content) == plain.content
    assert zipped[1].content == zipped[0].content  # the same bytes: no per-response padding
    assert "accept-encoding" in vary(zipped[0])


FASTEST, BEST_OR_DEFAULT = 4, (0, 2)
"""gzip's header says how hard it was compressed (XFL, its ninth byte): 4 for level 1."""


def test_a_tool_answer_is_compressed_fast_as_its_reader_waits_a_reading_page_harder():
    accepts = {"Accept-Encoding": "gzip"}
    answer = Client(headers=accepts).get(TOOLS[1])
    page = Client(headers=accepts).get("/library/peel-commerce/")
    assert answer["Content-Encoding"] == page["Content-Encoding"] == "gzip"
    assert answer.content[8] == FASTEST
    assert page.content[8] in BEST_OR_DEFAULT


def test_nothing_is_kept_in_debug_and_a_setting_changed_forgets(settings):
    answers = Answers(8)
    view, calls = counted(answers)
    view(RequestFactory().get("/tool/"))
    assert len(answers.store) == 1
    settings.DEBUG = True  # a setting changed: every answer forgotten
    assert not len(answers.store)
    view(RequestFactory().get("/tool/"))
    view(RequestFactory().get("/tool/"))
    assert len(calls) == 3 and not len(answers.store)


def test_the_table_and_the_calculators_keep_their_answers_here():
    from games.payouts.views import kept
    from games.table.views import remembered

    for answers, url in ((remembered, TOOLS[1]), (kept, TOOLS[6])):
        answers.clear()
        assert isinstance(answers, Answers)
        Client().get(url)
        assert len(answers.store) == 1, url


# --- start-up -----------------------------------------------------------------------------


FIRST_QUESTION = "/table/peel-new/?h=AS+KS+QS&h=2H+3H+4H&h=7C+7D+7S&h=9D+9S+QH&reader=1"
"""A question no warm-up asked, of a shape it did (four hands, no dealer)."""

STARTED = f"""
import gc, json, os, resource, sys, time
import rulesite.wsgi as w  # warmed up as gunicorn --preload loads it, gc.freeze() after
from rulesite.caching import STORES

answered = w.warm_up()
kept = sum(len(s) for s in STORES)
read, write = os.pipe()
if os.fork() == 0:  # a worker: warmed up once more as it is forked, then its first reader
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    status, _ = w.get(w.application, {FIRST_QUESTION!r}, w.served_host())
    copied = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
    os.write(write, json.dumps([status, copied]).encode())
    os._exit(0)
os.wait()
print(json.dumps([answered, kept, json.loads(os.read(read, 1000))]))
"""


@pytest.fixture(scope="module")
def started(tmp_path_factory):
    """The WSGI module as gunicorn loads it with debug off, and a worker forked from it: what
    the warm-up answered, the reading pages kept, and the worker's first new question to a
    tool (its status, the pages of memory it copied from the master)."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "rulesite.settings_test",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "test-" + "x" * 50,
        "DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('wsgi') / 'db.sqlite3'}",
        "PYTHONWARNINGS": "ignore:No directory at:UserWarning",  # WhiteNoise, before collectstatic
    }
    done = subprocess.run(
        [sys.executable, "-c", STARTED], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # a warning names an address that failed
    return json.loads(done.stdout)


def test_the_wsgi_module_warms_every_page_up_before_serving(started):
    """As gunicorn loads it with debug off: every warm-up address answers, the pages are kept,
    and nothing is logged."""
    answered, kept, _ = started
    assert set(READING) - {"/search/"} <= set(answered)
    # every tool with three to five hands, with and without the dealer
    for hands in (3, 4, 5):
        shape = re.compile(rf"\?(h=[^&]+&){{{hands}}}hand1=[^&]+(&hand\d=[^&]+){{{hands - 1}}}$")
        assert any(a.startswith("/table/cox/") and shape.search(a) for a in answered)
        for dealer in ("", "&dealer=1&stood=2"):
            for tool in ("/table/peel-new/", "/pay/peel-new/", "/sv/pay/pool/"):
                assert any(
                    a.startswith(tool) and shape.search(a.removesuffix(dealer)) for a in answered
                )
    odds = [a for a in answered if a.startswith("/odds/") and a != "/odds/"]
    assert odds and all("?" not in a for a in odds)  # each rule set's page, as linked
    swedish = {a for a in answered if a.startswith("/sv/")}
    assert {f"/sv{a}" for a in answered if not a.startswith("/sv/")} == swedish
    # every reading page but the empty search, in each language
    assert kept == 2 * (len(READING) - 1 + len(odds))


def test_a_forked_worker_has_worked_a_tool_out_before_its_first_reader(started):
    """A worker forked from the warmed-up master (gunicorn --preload) shares its memory until
    it writes to it, even to count a reference: its first new question to the table copied
    some 1,300 pages of 4 KB (6-8 ms, twice a later question's cost) while the worker only
    read the reading pages again; a question worked out as it is forked copies them first."""
    status, copied = started[2]
    assert status.startswith("200")
    assert copied < 400
