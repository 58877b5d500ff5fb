"""Issue 22: a paste over the import's limit, on a phone, is refused before it is sent (the
server would answer 413 without reading it, and the page could not give it back): the limit
is said beside the box, the paste stays in it, no request is made; a paste under the limit
is sent as before."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.browser_context_args(bypass_csp=True, **PHONE)
@pytest.mark.parametrize(
    ("prefix", "label", "button", "said"),
    [
        ("", "…or paste its contents", "Import", "The pasted text is larger than 2 MB"),
        ("/sv", "…eller klistra in dess innehåll", "Importera", "större än 2 MB"),
    ],
)
def test_a_paste_over_the_limit_is_kept_and_not_sent(
    page: Page, axe_check, prefix, label, button, said
):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{prefix}/sheet/import/")
    sent: list[str] = []
    page.on(  # the form's POST (the browser may still fetch the page's icon meanwhile)
        "request",
        lambda request: sent.append(request.url) if request.method == "POST" else None,
    )
    paste = '{"format": "rulesite-scoresheet", "x": "' + "x" * 2_000_000 + '"}'
    box = page.get_by_label(label)
    box.fill(paste)
    page.get_by_role("button", name=button, exact=True).click()
    message = page.locator("#id_text_limit")
    expect(message).to_be_visible()
    expect(message).to_contain_text(said)
    expect(message).to_contain_text(re.compile(r"2\D?000\D?042 "))
    expect(box).to_be_focused()
    expect(box).to_have_attribute("aria-invalid", "true")
    assert box.input_value() == paste
    assert sent == []  # nothing was sent
    assert errors == []
    axe_check(page, "a paste refused for its size")


@pytest.mark.browser_context_args(bypass_csp=True, **PHONE)
def test_a_paste_under_the_limit_is_sent(page: Page):
    page.goto("/sheet/import/")
    page.get_by_label("…or paste its contents").fill("{}")
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator(".form-errors")).to_contain_text("This file cannot be imported")
    expect(page.locator("#id_text_limit")).to_be_hidden()
