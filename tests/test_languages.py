"""The site in two languages: the addresses people have keep working in English, Swedish lives
under /sv/, a first visit follows the browser, the switch keeps the reader where they are, and
the reading pages stay cacheable in both languages (rulesite/language.py)."""

import re
from urllib.parse import urlsplit

import pytest
from django.test import Client

from rulesite.language import address_in

pytestmark = pytest.mark.django_db

PAGES = [
    "/",
    "/library/",
    "/library/peel-commerce/",
    "/glossary/",
    "/search/?q=tricon",
    "/rulings/",
    "/library/compare/",
    "/table/",
    "/table/peel-new/?h=AS+KS+QS&h=2H+3H+4H",
    "/pay/",
    "/sheet/",
    "/odds/",
]
"""Addresses of every part of the site, as people have them (permalinks with their query)."""

SWEDISH_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "sv-SE,sv;q=0.9,en;q=0.5"}


def html_lang(response) -> str:
    found = re.search(r'<html lang="([^"]+)"', response.content.decode())
    assert found, "the page has <html lang>"
    return found.group(1)


@pytest.mark.parametrize("path", PAGES)
def test_every_address_people_have_still_answers_in_english(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert html_lang(response) == "en"
    assert response["Content-Language"] == "en"


@pytest.mark.parametrize("path", PAGES)
def test_the_same_page_in_swedish_is_under_sv(client, path):
    response = client.get(address_in(path, "sv"))
    assert response.status_code == 200
    assert html_lang(response) == "sv"
    assert response["Content-Language"] == "sv"


@pytest.mark.parametrize("path", PAGES)
def test_each_page_names_its_other_language_with_the_same_query(client, path):
    html = client.get(path).content.decode()
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="(\w+)" href="([^"]+)"', html))
    assert alternates == {
        "en": path.replace("&", "&amp;"),
        "sv": address_in(path, "sv").replace("&", "&amp;"),
    }


def test_a_swedish_browser_arriving_from_elsewhere_is_sent_to_the_swedish_page():
    response = Client().get("/table/peel-new/?h=AS+KS+QS", **SWEDISH_BROWSER)
    assert response.status_code == 302
    assert response["Location"] == "/sv/table/peel-new/?h=AS+KS+QS"
    assert {"accept-language", "cookie"} <= {v.strip().lower() for v in response["Vary"].split(",")}


@pytest.mark.parametrize(
    "headers",
    [
        {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9,sv;q=0.5"},  # prefers English
        {"HTTP_ACCEPT_LANGUAGE": "de-DE"},  # a language the site does not speak
        {},  # says nothing
        {**SWEDISH_BROWSER, "HTTP_REFERER": "http://testserver/sv/"},  # chose English here
        {**SWEDISH_BROWSER, "HTTP_HX_REQUEST": "true"},  # htmx asks a fragment
    ],
)
def test_an_english_page_stays_english_unless_a_first_visit_prefers_swedish(headers):
    response = Client().get("/glossary/", **headers)
    assert response.status_code == 200
    assert html_lang(response) == "en"


def test_the_choice_made_with_the_switch_wins_over_the_browser():
    client = Client()
    response = client.get("/language/en/", {"next": "/sv/glossary/"}, **SWEDISH_BROWSER)
    assert response.status_code == 302 and response["Location"] == "/glossary/"
    assert response.cookies["language"].value == "en"
    assert client.get("/glossary/", **SWEDISH_BROWSER).status_code == 200

    response = client.get("/language/sv/", {"next": "/glossary/"})
    assert response["Location"] == "/sv/glossary/"
    assert client.get("/rulings/").status_code == 302  # chose Swedish: English links follow


@pytest.mark.parametrize("path", ["/api/v1/openapi.json", "/static/favicon.svg", "/no-such/"])
def test_what_is_not_a_page_is_never_sent_elsewhere(path):
    assert Client().get(path, **SWEDISH_BROWSER).status_code != 302


def test_a_form_sent_to_an_english_address_is_not_redirected():
    response = Client().post("/sheet/", {}, **SWEDISH_BROWSER)
    assert response.status_code != 302 or not response["Location"].startswith("/sv/")


@pytest.mark.parametrize(
    ("language", "following", "expected"),
    [
        ("sv", "/table/peel-new/?h=AS+KS+QS", "/sv/table/peel-new/?h=AS+KS+QS"),
        ("en", "/sv/rulings/#flush-equal-point", "/rulings/#flush-equal-point"),
        ("sv", "/rulings/#flush-equal-point", "/sv/rulings/#flush-equal-point"),
        ("sv", "https://elsewhere.example/", "/sv/"),  # never off the site
        ("sv", "//elsewhere.example/", "/sv/"),
        ("sv", "", "/sv/"),
        ("xx", "/sv/glossary/", "/glossary/"),  # a language the site does not speak
    ],
)
def test_the_switch_keeps_the_page_its_query_and_its_paragraph(language, following, expected):
    response = Client().get(f"/language/{language}/", {"next": following})
    assert response.status_code == 302
    assert response["Location"] == expected
    assert response["Cache-Control"] == "no-store"


def test_the_switch_on_a_page_links_to_the_same_page_in_the_other_language(client):
    html = client.get("/table/peel-new/?h=AS+KS+QS").content.decode()
    switch = re.search(r'<a href="([^"]+)" hreflang="sv" lang="sv" data-switch-language>', html)
    assert switch, "an English page links to its Swedish page"
    response = client.get(switch.group(1).replace("&amp;", "&"))
    assert response["Location"] == "/sv/table/peel-new/?h=AS+KS+QS"


@pytest.mark.parametrize("path", ["/library/peel-commerce/", "/glossary/", "/rulings/"])
def test_a_reading_page_is_cacheable_in_each_language_with_its_own_etag(path):
    tags = set()
    for address in (path, address_in(path, "sv")):
        client = Client()
        response = client.get(address)
        assert response.status_code == 200 and not response.cookies
        tags.add(response["ETag"])
        again = client.get(address, HTTP_IF_NONE_MATCH=response["ETag"])
        assert again.status_code == 304
    assert len(tags) == 2, "the English and the Swedish page are not the same bytes"


@pytest.mark.parametrize(
    ("path", "language", "expected"),
    [
        ("/", "sv", "/sv/"),
        ("/sv/", "en", "/"),
        ("/sv", "en", "/"),
        ("/sv?x=1", "en", "/?x=1"),
        ("/svenska/", "sv", "/sv/svenska/"),
        ("/sv/table/?a=b#c", "sv", "/sv/table/?a=b#c"),
    ],
)
def test_an_address_in_another_language(path, language, expected):
    assert address_in(path, language) == expected


@pytest.mark.parametrize("prefix", ["", "/sv"])
def test_an_old_alias_of_a_table_page_keeps_its_language(client, prefix):
    response = client.get(f"{prefix}/table/peel/", {"h": "AS KS QS"})
    assert response.status_code == 301
    assert response["Location"].startswith(f"{prefix}/table/peel-new/?")


@pytest.mark.parametrize(
    "following",
    [
        "/sv//evil.example/path",
        "/sv/\\evil.example",
        "//evil.example/",
        "/\\evil.example",
        "https://evil.example/",
        "/sv/%2F%2Fevil.example",
    ],
)
@pytest.mark.parametrize("language", ["en", "sv"])
def test_the_language_switch_never_sends_a_reader_to_another_site(client, following, language):
    """Issue 22, item 3: the check was made before "/sv" was taken off, so
    /language/en/?next=/sv//evil.example/path answered Location: //evil.example/path."""
    response = client.get(f"/language/{language}/", {"next": following})
    assert response.status_code == 302
    location = response["Location"]
    assert location.startswith("/") and not location.startswith(("//", "/\\"))
    assert urlsplit(location).netloc == ""  # a path of this site, whatever it holds


def test_the_language_switch_still_goes_to_the_page_asked(client):
    assert client.get("/language/sv/", {"next": "/library/"})["Location"] == "/sv/library/"
    assert client.get("/language/en/", {"next": "/sv/glossary/"})["Location"] == "/glossary/"
