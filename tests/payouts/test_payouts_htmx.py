"""The calculators with htmx: while the form would render the same, the answer is the result
alone (the form, and what is typed in it, is never touched); when the form changes (an error
shown or gone, a player added, Extended Commerce ticked) the whole calculator; going back to a
page htmx no longer holds, the whole page."""

from __future__ import annotations

import re

from django.test import RequestFactory

from games.payouts.views import SHAPE, calculator
from tests.payouts.payouts_helpers import HTMX, get, page

NEW = "/pay/peel-new/"
DEAL = {
    "stake": "1",
    "dealer": "1",
    "stood": "2",
    "hand1": "AS KS QS",
    "hand2": "9H 9D 2C",
    "hand3": "5C 6D 8H",
    "name1": "Ann",
}


def shape_of(response) -> str:
    found = re.search(rf'hx-vals=\'\{{"{SHAPE}": "([0-9a-f]+)"\}}\'', response.content.decode())
    assert found, "the form names its shape"
    return found.group(1)


def test_typing_gets_the_result_alone(client):
    full = get(NEW, DEAL, client=client)
    shape = shape_of(full)
    typed = get(
        NEW, {**DEAL, "hand3": "5C 6D 7H", "name2": "Bo", SHAPE: shape}, htmx=True, client=client
    )
    assert typed.status_code == 200
    body = typed.content.decode()
    assert typed["HX-Retarget"] == "#result" and typed["HX-Reswap"] == "outerHTML"
    assert body.lstrip().startswith('<section class="pay-result" id="result"')
    assert "<form" not in body and "<input" not in body  # nothing typed is touched
    # The names the form shows (legends, the dealer's and the stander's chips) follow.
    assert '<span hx-swap-oob="innerHTML:.pay-who-2">Bo</span>' in body
    assert 'id="pay-status"' in body and 'hx-swap-oob="innerHTML"' in body
    # The permalink is pushed and is the permalink of the page: no shape in it.
    pushed = typed["HX-Push-Url"]
    assert "name2=Bo" in pushed and SHAPE not in pushed
    assert 'href="/pay/peel-new/?' in body  # the link to this deal, in the result


def test_an_error_shown_or_gone_sends_the_whole_calculator(client):
    shape = shape_of(get(NEW, DEAL, client=client))
    wrong = get(NEW, {**DEAL, "hand3": "5C 6D XX", SHAPE: shape}, htmx=True, client=client)
    assert wrong.status_code == 400 and "HX-Retarget" not in wrong
    assert 'id="calculator"' in wrong.content.decode()
    assert "hand3" in page(wrong).invalid
    # Still wrong, the same way: the form is as the browser has it, the result alone is sent.
    same = get(
        NEW,
        {**DEAL, "hand3": "5C 6D XX", "name2": "Bo", SHAPE: shape_of(wrong)},
        htmx=True,
        client=client,
    )
    assert same.status_code == 400 and same["HX-Retarget"] == "#result"
    assert "Please fix" in same.content.decode()
    # Put right: the form loses its error, so the whole calculator comes back.
    fixed = get(NEW, {**DEAL, SHAPE: shape_of(wrong)}, htmx=True, client=client)
    assert fixed.status_code == 200 and "HX-Retarget" not in fixed
    assert page(fixed).invalid == []


def test_a_form_that_changes_sends_the_whole_calculator(client):
    shape = shape_of(get(NEW, DEAL, client=client))
    added = get(NEW, {**DEAL, "add": "1", SHAPE: shape}, htmx=True, client=client)
    assert "HX-Retarget" not in added and len(page(added).inputs) > 0
    assert 'name="hand4"' in added.content.decode()
    extended = get(NEW, {**DEAL, "extended": "on", SHAPE: shape}, htmx=True, client=client)
    assert "HX-Retarget" not in extended  # nobody stands: the stander's chips go
    assert 'name="stood" value="2"' in extended.content.decode()  # kept, hidden
    assert "Every player stands" in extended.content.decode()


def test_an_htmx_request_from_elsewhere_gets_the_result(client):
    # No shape named (a link, a test of speed): the result, unless the form has errors.
    answer = get(NEW, DEAL, htmx=True, client=client)
    assert answer["HX-Retarget"] == "#result"
    wrong = get(NEW, {**DEAL, "stake": "0"}, htmx=True, client=client)
    assert "HX-Retarget" not in wrong and "stake" in page(wrong).invalid


def test_back_after_an_update_gets_the_whole_page(client):
    restored = client.get(NEW, DEAL, headers={**HTMX, "HX-History-Restore-Request": "true"})
    html = restored.content.decode()
    assert "<html" in html and 'class="site-header"' in html and "<h1>" in html
    assert "HX-Push-Url" not in restored and "HX-Retarget" not in restored
    for path in ("/pay/pool/", "/pay/cox/"):
        back = client.get(path, headers={**HTMX, "HX-History-Restore-Request": "true"})
        assert "<html" in back.content.decode()


def test_every_answer_varies_on_the_htmx_headers():
    request = RequestFactory().get(NEW, DEAL, headers=HTMX)
    # As without django-htmx's middleware: a plain page (None, which the request's type,
    # HtmxDetails, does not allow; a WSGIRequest declares no htmx at all).
    request.htmx = None  # type: ignore[attr-defined]
    response = calculator(request, "peel-new")
    vary = response["Vary"]
    assert "HX-Request" in vary and "HX-History-Restore-Request" in vary


def test_a_whole_game_sends_the_whole_calculator(client):
    # Its deals are the form: who may be ticked, the next deal, the horses follow the result.
    pool = get("/pay/pool/", {"win1": "1", "worst1": "2"}, htmx=True, client=client)
    assert "HX-Retarget" not in pool and 'id="calculator"' in pool.content.decode()


def test_counting_cards_gets_the_result_and_the_games_totals(client):
    cards = {"cards1": "auto-1 auto-1 auto-1", "name2": "Bo", "score1_1": "3", "score1_2": "5"}
    shape = shape_of(get("/pay/cox/", cards, client=client))
    typed = get("/pay/cox/", {**cards, "score1_2": "7", SHAPE: shape}, htmx=True, client=client)
    body = typed.content.decode()
    assert typed["HX-Retarget"] == "#result" and "<input" not in body
    assert '<tfoot id="pay-totals" hx-swap-oob="true">' in body and 'pay-best">7 ' in body
    assert '<div id="pay-game-result" hx-swap-oob="true">' in body and "Bo leads" in body
    # Every hand counted: the buttons that put the scores into the game appear.
    both = {**cards, "cards2": "ship-2 ship-2 ship-2", SHAPE: shape}
    complete = get("/pay/cox/", both, htmx=True, client=client)
    assert "HX-Retarget" not in complete and 'name="record"' in complete.content.decode()
