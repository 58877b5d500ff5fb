"""The score sheet in Swedish (issue 12): start, record, the accounts and reasons, the 400s and
409s, print, the exports; pages, polls and addresses in the language asked, whichever came
first.

Each page is fetched under ``/sv/`` and checked for its own Swedish words and against the
English words of its interface (the crawl's reader, outside elements marked ``lang="en"``);
the English pages keep their words (their own tests pin them) and never show a Swedish word
or a ``/sv/`` address, whichever language asked first in the same process.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.test import Client
from django.utils import translation

from games.scoresheet import ledger, serialize, store
from games.scoresheet.models import Deal, Game
from tests.conftest import read_body
from tests.i18n.test_crawl import Words, english_in
from tests.scoresheet.sheet_factory import HANDS_4, PLAYERS, make_game, post_fields

pytestmark = pytest.mark.django_db

DEAL = {"dealer": 0, "stood": 1, "bought": [0, 1, 0, 2], "mode": "hands", "hands": HANDS_4}
"""Peel's new game, four players: Ann's sequence wins, Bob stood, Bob and Dee bought."""

OURS = frozenset({"the", "of", "stake"})
"""Words an editorial ruling quotes from Peel's English inside its Swedish (the engine's
ruling, not the sheet's words): left to the crawl of the rulings."""


def visible(html: str) -> str:
    page = Words()
    page.feed(html)
    return re.sub(r"\s+", " ", " ".join(page.words))


def english(html: str) -> list[str]:
    """The English interface words of a Swedish page (names and the site's name aside)."""
    return [w for w in english_in(visible(html)) if w.lower() not in OURS | {"rule"}]


def text_of(html: str) -> str:
    """The text of a page in any language, tags taken out."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def main(html: str) -> str:
    """The page's own content (the head's alternates and the language switch aside)."""
    return html.split("<main", 1)[-1]


def fields(game: Game, deal: dict[str, object], **extra: object) -> dict[str, object]:
    out = post_fields(game.spec(), deal)
    out.update(version=game.version, key="k" * 22)
    out.update(extra)
    return out


@pytest.fixture
def sheet() -> Game:
    return make_game("peel-new")


def recorded(client: Client, game: Game, language: str = "sv") -> Game:
    prefix = "/sv" if language == "sv" else ""
    response = client.post(f"{prefix}/sheet/{game.token}/deals/", fields(game, DEAL))
    assert response.status_code == 303, response.content[:500]
    assert response["Location"].startswith(f"{prefix}/sheet/{game.token}/?done=record")
    game.refresh_from_db()
    return game


# --------------------------------------------------------------------------- the pages


def test_the_start_page_is_swedish():
    html = Client().get("/sv/sheet/").content.decode()
    text = visible(html)
    assert '<html lang="sv"' in html
    for words in ("Börja protokollet", "Spelare, ett namn per rad, i sittordning", "Husregler"):
        assert words in text
    assert "Start the sheet" not in text
    assert 'action="/sv/sheet/"' in html


def test_a_recorded_deal_on_a_swedish_sheet_speaks_swedish(sheet):
    client = Client()
    game = recorded(client, sheet)
    html = client.get(f"/sv/sheet/{game.token}/?done=record&at=1").content.decode()
    text = visible(html)
    assert "Giv 1 registrerad." in text
    assert "Konton efter 1 giv" in text
    assert "Nästa giv: Bob ger." in text
    assert "Ann gav; Bob stod. Ann vinner." in text
    assert "Varför: vem som betalade vem" in text
    assert "Dee → Ann: 2" in text  # the payments' lines, the reasons above them
    assert "sekvens dam-kung-ess i spader" in text  # the hand's value in Swedish
    assert 'title="spader ess">♠E</span>' in html  # cards drawn as the Swedish text writes them
    assert "Registrera giv 2" in text
    assert english(html) == []
    # Every link and form of the page stays Swedish.
    assert f'action="/sv/sheet/{game.token}/deals/"' in html
    assert f'href="/sv/sheet/{game.token}/export.csv"' in html
    assert not re.search(rf'(href|action|hx-post)="/sheet/{game.token}', main(html))


def test_the_htmx_answer_to_a_recorded_deal_is_swedish(sheet):
    response = Client().post(
        f"/sv/sheet/{sheet.token}/deals/", fields(sheet, DEAL), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Giv 1 registrerad." in html
    assert "Konton efter 1 giv" in html
    assert english(html) == []


def test_a_bad_card_is_a_swedish_400_that_keeps_what_was_typed(sheet):
    bad = DEAL | {"hands": [["ZZ", "KS", "QS"], *HANDS_4[1:]]}
    for htmx in (False, True):
        headers = {"HX-Request": "true"} if htmx else {}
        response = Client().post(
            f"/sv/sheet/{sheet.token}/deals/", fields(sheet, bad), headers=headers
        )
        assert response.status_code == 400
        html = response.content.decode()
        text = visible(html)
        assert "En sak att rätta; allt annat finns kvar:" in text
        assert "Ann, kort 1:" in text
        assert re.search(r'name="card_1_0"[^>]*value="2H"', html)
        assert english(html) == [], htmx


def test_a_form_against_an_older_sheet_is_a_swedish_409(sheet):
    client = Client()
    stale = fields(sheet, DEAL)
    recorded(client, sheet)
    response = client.post(f"/sv/sheet/{sheet.token}/deals/", stale | {"key": "x" * 22})
    assert response.status_code == 409
    text = visible(response.content.decode())
    assert "Protokollet ändrades under tiden" in text
    assert "Någon annan ändrade protokollet" in text and "1 giv" in text


def test_the_spectator_print_edit_and_import_pages_are_swedish(sheet):
    client = Client()
    game = recorded(client, sheet)
    pages = {
        f"/sv/sheet/view/{game.view_token}/": "skrivskyddad vy",
        f"/sv/sheet/{game.token}/print/": "Ställning efter 1 giv",
        f"/sv/sheet/view/{game.view_token}/print/": "protokoll för utskrift",
        f"/sv/sheet/{game.token}/deals/1/": "Ändra giv 1",
        "/sv/sheet/import/": "Importera ett protokoll",
    }
    for address, words in pages.items():
        response = client.get(address)
        assert response.status_code == 200, address
        html = response.content.decode()
        assert words in visible(html), address
        assert english(html) == [], address


def test_an_unknown_sheet_is_a_swedish_404():
    response = Client().get("/sv/sheet/nosuchsheetnosuchsheet/live/?v=1")
    assert response.status_code == 404


# --------------------------------------------------------------------------- the exports


def test_the_csv_header_follows_the_language_and_the_english_file_is_unchanged(sheet):
    client = Client()
    game = recorded(client, sheet)
    spec, whole = game.spec(), ledger.compute(game.spec(), [d.entry() for d in game.deals.all()])
    english_rows = read_body(client.get(f"/sheet/{game.token}/export.csv")).decode("utf-8-sig")
    swedish_rows = read_body(client.get(f"/sv/sheet/{game.token}/export.csv")).decode("utf-8-sig")
    # English: exactly the rows the serializer writes outside any page (the engine's English).
    buffer = io.StringIO()
    with translation.override("en"):
        csv.writer(buffer).writerows(serialize.csv_rows(game.title, spec, whole))
    assert english_rows == buffer.getvalue()
    en, sv = (
        list(csv.reader(io.StringIO(english_rows))),
        list(csv.reader(io.StringIO(swedish_rows))),
    )
    assert en[0][:3] == ["Deal", "Dealer", "Winners"]
    assert sv[0][:3] == ["Giv", "Givare", "Vinnare"]
    assert sv[0][3:6] == ["Ann: hand", "Ann: köpta", "Ann: netto"]
    assert sv[-1][0] == "Summa"
    # Only the words differ: every number and name is the same in both files.
    assert sv[1:-1] == en[1:-1]
    assert [row[1:] for row in sv[-1:]] == [row[1:] for row in en[-1:]]


def test_the_json_export_is_the_same_in_both_languages_and_imports_from_either(sheet):
    client = Client()
    game = recorded(client, sheet)
    english_file = read_body(client.get(f"/sheet/{game.token}/export.json"))
    swedish_file = read_body(client.get(f"/sv/sheet/{game.token}/export.json"))
    assert english_file == swedish_file
    keys = json.loads(swedish_file)
    assert "entries" in keys or "deals" in keys
    for address in ("/sv/sheet/import/", "/sheet/import/"):
        response = client.post(address, {"text": swedish_file.decode()})
        assert response.status_code == 303, response.content[:300]
        assert response["Location"].startswith(address.replace("import/", ""))
        token = response["Location"].rstrip("/").rsplit("/", 1)[-1]
        imported = Game.objects.get(token=token)
        assert Deal.objects.filter(game=imported).count() == 1
        assert store.load(imported).sheet.totals == store.load(game).sheet.totals


# --------------------------------------------------------------------------- one after the other


@pytest.mark.parametrize("first", ["sv", "en"])
def test_pages_links_and_cards_are_in_the_language_asked(sheet, first):
    client = Client()
    game = recorded(client, sheet, language=first)
    addresses = {"sv": f"/sv/sheet/{game.token}/", "en": f"/sheet/{game.token}/"}
    second = "en" if first == "sv" else "sv"
    pages = {}
    for language in (first, second, first, second):  # each language, twice, in turn
        pages.setdefault(language, []).append(client.get(addresses[language]).content.decode())
    for made, read_back in pages.values():
        assert _own(made) == _own(read_back)
    english_page, swedish_page = pages["en"][0], pages["sv"][0]
    english_text, swedish_text = text_of(english_page), text_of(swedish_page)
    assert "Record deal 2" in english_text and "Registrera giv 2" not in english_text
    assert "Registrera giv 2" in swedish_text and "Record deal 2" not in swedish_text
    assert "/sv/" not in main(english_page)
    assert not re.search(rf'(href|action|hx-get|hx-post)="/sheet/{game.token}', main(swedish_page))
    assert not re.search(r'href="/library/', main(swedish_page))  # cited paragraphs too
    assert 'href="/sv/library/' in main(swedish_page)
    assert 'title="ace of spades">A♠</span>' in english_page
    assert 'title="spader ess">♠E</span>' in swedish_page
    # The polls' answers too.
    polls = {
        language: client.get(address.rstrip("/") + "/live/?v=1").content.decode()
        for language, address in addresses.items()
    }
    assert "Konton efter 1 giv" in polls["sv"] and "Accounts after 1 deal" in polls["en"]
    assert "Konton" not in polls["en"]


def _own(html: str) -> str:
    """A page without what each answer has of its own: its CSRF token and form keys."""
    html = re.sub(r'(csrfmiddlewaretoken" value="|"x-csrftoken": ")[^"]+', r"\1…", html)
    return re.sub(r'(name="key" value=")[^"]+', r"\1…", html)


def test_a_deal_recorded_in_one_language_after_the_other_speaks_each(sheet):
    """The next deal recorded from an English page after a Swedish one answers in
    English."""
    client = Client()
    game = recorded(client, sheet, language="sv")
    second = DEAL | {"dealer": 1, "stood": 2}
    response = client.post(
        f"/sheet/{game.token}/deals/",
        fields(game, second, key="another-key-123"),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Deal 2 recorded." in html and "Accounts after 2 deals" in html
    assert "Giv " not in text_of(html) and "registrerad" not in html
    assert PLAYERS[0] in html
