"""A crawl of the Swedish site: every page reachable from /sv/ (and the answers a person gets
by asking: a tool's result, a mistake, an address that does not exist) is in Swedish.

What a page quotes in English -- Peel's and Cox's texts, our English translation beside the
Swedish text, a book's title -- sits in an element marked ``lang="en"`` and is left out; so
are players' names and card codes. Everything else (navigation, headings, buttons, labels,
help, verdicts, reasons, errors, ``<title>``, ``aria-label``, ``placeholder``, ``alt``) must
hold no English word. English is told by words that are not Swedish ones (``the``,
``player``, ``pays`` …), so the test never needs a list of the site's sentences, and fails on
any that was not translated.
"""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.test import Client

from games.templatetags.speech import ENGLISH_HINTS, QUOTED

pytestmark = pytest.mark.django_db

ENGLISH_WORDS = frozenset(
    """the of with which your this that these those each from who whom what when where why
    player players pays paid wins won beats beaten loses lost holds holder dealer dealer's
    stake stakes counters score sheet table payouts payout glossary rulebook rulebooks skip
    content ruling rulings editorial house rule rules deal deals dealt add remove record
    undo edit print new card cards answer none yes more less than also only every
    should would could must may please enter choose chosen shown show hide open close
    search results result page pages back next previous here there see read about our ours
    book's translation settle settled showdown permalink link copy tie ties tied
    share shares shared best worst first second third last highest lowest equal pair
    sequence point points flush hands cards' trump trumps trick tricks sale sales
    bought buy sell sold natural divided winner winners loser losers total totals sum
    game's games round rounds player's option options default""".split()  # noqa: SIM905
)
"""Words of English that are not Swedish words (``hand``, ``in``, ``start``, ``game``,
``by``, ``is``, ``text`` are left out: they are Swedish too, or kept as names, like All Fours'
Game)."""

WORD = re.compile(r"[^\W\d_][^\W\d_']*")  # whole words: "bestämma" is not "best"
LIMIT = 400
PER_PATH = 3
"""Pages crawled at most, and addresses per path (a tool with many queries is one page)."""

ASKED = [
    "/sv/table/swedish/?h=sE+s8+d5&h=hkn+hD+h10&h=c7+c8+c9",
    "/sv/table/peel-new/?h=AS+KS+QS&h=2H+3H+4H&h=7C+7D+7S",
    "/sv/table/peel-new/?h=AS+AS+ZZ",  # a mistake: a 400 naming it
    "/sv/table/compare/?h=AS+KS+QS&h=2H+3H+4H",
    "/sv/pay/peel-new/?hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&dealer=1&stood=2",
    "/sv/pay/peel-new/?hand1=AS+KS&stake=minus",
    "/sv/search/?q=tretal",
    "/sv/search/?q=zzzzqqq",
    "/sv/no-such-page/",
]
"""Answers a person gets by asking, beside the pages the links lead to."""


class Words(HTMLParser):
    """The words of a page a reader sees or hears, outside English-marked elements."""

    VOID = frozenset(
        {"area", "base", "br", "col", "embed", "hr", "img", "input", "link"}
        | {"meta", "source", "track", "wbr"}
    )
    SILENT = frozenset({"script", "style", "template"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # tag, quoted English or silent
        self.words: list[str] = []
        self.links: list[str] = []
        self.lang = ""

    @property
    def quoted(self) -> bool:
        return any(skip for _, skip in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang") or ""
        lang = found.get("lang")
        skip = (
            self.quoted
            or tag in self.SILENT
            or (lang is not None and lang != "sv")
            or found.get("translate") == "no"  # a name, like the site's own
        )
        if tag == "a" and found.get("href"):
            self.links.append(found["href"] or "")
        if not skip:
            for name in ("title", "aria-label", "placeholder", "alt"):
                if found.get(name):
                    self.words.append(unquoted(found[name] or ""))
            if tag == "input" and found.get("type") in ("submit", "button") and found.get("value"):
                self.words.append(found["value"] or "")
        if tag not in self.VOID:
            self.stack.append((tag, skip))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if not self.quoted:
            self.words.append(data)


def unquoted(text: str) -> str:
    """An attribute's words less the book's English they quote (marked up in a page's text,
    which an attribute cannot be: ``quotes_marked``)."""
    for found in QUOTED.finditer(text):
        quoted = next(group for group in found.groups() if group is not None)
        if found.group(4) is not None or ENGLISH_HINTS.search(quoted):
            text = text.replace(found.group(0), " ")
    return text


def english_in(text: str) -> list[str]:
    return [w for w in WORD.findall(text) if w.lower() in ENGLISH_WORDS]


def crawl() -> dict[str, tuple[int, Words]]:
    client = Client()
    seen: dict[str, tuple[int, Words]] = {}
    per_path: Counter[str] = Counter()
    queue = ["/sv/", *ASKED]
    while queue and len(seen) < LIMIT:
        address = queue.pop(0)
        path = urlsplit(address).path
        if address in seen or per_path[path] >= PER_PATH:
            continue
        per_path[path] += 1
        response = client.get(address)
        if response.status_code in (301, 302):
            queue.insert(0, response["Location"])
            continue
        if "text/html" not in response.get("Content-Type", ""):
            continue
        page = Words()
        page.feed(response.content.decode())
        seen[address] = (response.status_code, page)
        for href in page.links:
            target = href.split("#")[0].replace("&amp;", "&")
            if target.startswith("/sv/") and target not in seen:
                queue.append(target)
    return seen


@pytest.fixture(scope="module")
def swedish_site(django_db_blocker) -> dict[str, tuple[int, Words]]:
    with django_db_blocker.unblock():
        return crawl()


def test_the_crawl_reaches_every_part_of_the_site(swedish_site):
    paths = {urlsplit(a).path for a in swedish_site}
    for part in (
        "/sv/library/",
        "/sv/glossary/",
        "/sv/rulings/",
        "/sv/table/",
        "/sv/pay/",
        "/sv/sheet/",
        "/sv/odds/",
        "/sv/library/compare/",
    ):
        assert part in paths, f"{part} is linked from the Swedish site"
    assert len(swedish_site) > 40


def test_every_swedish_page_says_it_is_swedish(swedish_site):
    wrong = [a for a, (_, page) in swedish_site.items() if page.lang != "sv"]
    assert not wrong, wrong[:10]


def test_no_english_interface_text_on_a_swedish_page(swedish_site):
    found = {}
    for address, (_status, page) in swedish_site.items():
        english = english_in(" ".join(page.words))
        if english:
            found[address] = Counter(english).most_common(8)
    assert not found, "\n".join(f"{a}: {w}" for a, w in list(found.items())[:25])


def test_a_swedish_page_links_to_swedish_pages(swedish_site):
    """A link kept from an English page (a cache that forgot the language) shows here."""
    stray = {}
    for address, (_, page) in swedish_site.items():
        english = [
            href
            for href in page.links
            if href.startswith("/")
            and not href.startswith(("/sv/", "/sv#", "/static/", "/api/", "/language/"))
            and href != "/sv"
        ]
        if english:
            stray[address] = english[:3]
    assert not stray, list(stray.items())[:10]


def test_mistakes_and_missing_pages_answer_in_swedish(swedish_site):
    assert swedish_site["/sv/no-such-page/"][0] == 404
    assert swedish_site["/sv/table/peel-new/?h=AS+AS+ZZ"][0] == 400
