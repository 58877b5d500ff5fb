"""The site kept on the phone (issue 21, part 1), in Chromium with its service worker: the home
page says when it is available offline; with no signal a rulebook and the glossary open in
both languages and a page not kept shows the offline page in its language; a new deploy (a
changed static file) replaces the kept one on the next visit."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from playwright.sync_api import BrowserContext, Page, expect

from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE_AXE = pytest.mark.browser_context_args(bypass_csp=True, service_workers="allow", **PHONE)
READY = 30_000  # ms: the worker fetches some sixty pages and files at install


def kept(page: Page) -> None:
    page.goto("/")
    expect(page.locator("#offline-state")).to_have_class(re.compile("is-ready"), timeout=READY)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY)


@PHONE_AXE
def test_with_no_signal_the_books_and_the_glossary_open_in_both_languages(
    page: Page, context: BrowserContext, axe_check
) -> None:
    kept(page)
    expect(page.locator("#offline-state")).to_contain_text("Available offline")
    expect(page.locator("#offline-state")).to_contain_text("MB")
    axe_check(page, "home, kept offline")
    context.set_offline(True)
    for path, heading in [
        ("/library/peel-commerce/", "Commerce"),
        ("/sv/library/commerce-swedish/", "Commerce"),
        ("/glossary/", "Glossary"),
        ("/sv/glossary/", "Ordlista"),
    ]:
        page.goto(path)
        expect(page.locator("h1").first).to_contain_text(heading)
        expect(page.locator("header.site-header")).to_be_visible()
    page.goto("/sv/table/cox/")  # a table page is kept (its engine runs here: issue 21)
    expect(page.locator("#table")).to_be_visible()
    page.goto("/sv/pay/peel-old/")  # a tool, never visited: the offline page, in Swedish
    expect(page.locator("h1")).to_have_text("Ingen täckning")
    expect(page.get_by_role("link", name="Ordlista").first).to_be_visible()
    axe_check(page, "the offline page")


@pytest.mark.browser_context_args(service_workers="allow", **PHONE)
def test_a_page_visited_online_opens_again_offline(page: Page, context: BrowserContext) -> None:
    kept(page)
    page.goto("/table/peel-new/?h=7S+7H+7D&h=AS+AH+KC")
    verdict = page.locator("#verdict-text").inner_text()
    context.set_offline(True)
    page.reload()
    expect(page.locator("#verdict-text")).to_have_text(verdict)


@pytest.mark.browser_context_args(service_workers="allow", **PHONE)
def test_a_new_deploy_replaces_a_kept_static_file_on_the_next_visit(
    page: Page, settings, tmp_path: Path
) -> None:
    static = tmp_path / "static"
    shutil.copytree(Path(django_settings.BASE_DIR) / "static", static)
    settings.STATICFILES_DIRS = [static, *django_settings.STATICFILES_DIRS[1:]]
    kept(page)
    css = (
        "async () => { const r = await caches.match('/static/css/site.css', "
        "{ignoreSearch: true}); return r ? r.text() : ''; }"
    )
    assert "deploy two" not in page.evaluate(css)
    with (static / "css" / "site.css").open("a") as sheet:
        sheet.write("\n/* deploy two */\n")
    page.goto("/library/")  # the next visit: the browser finds the worker changed
    for _ in range(READY // 500):
        if "deploy two" in page.evaluate(css):
            break
        page.wait_for_timeout(500)
    assert "deploy two" in page.evaluate(css), "the new deploy's file replaced the kept one"
