"""Shared fixtures: the browser-test harness (Playwright driving Debian's Chromium) and axe-core."""

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# One hypothesis profile for the whole suite. The machine is shared and its speed varies, so
# a deadline measures the neighbours, not the code (a pool test failed once with
# DeadlineExceeded under load): speed is for `make bench`. HYPOTHESIS_PROFILE=thorough runs
# ten times the examples.
settings.register_profile(
    "rulesite", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("thorough", parent=settings.get_profile("rulesite"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "rulesite"))

# Playwright's sync API runs an event loop; Django's test database set-up must not refuse it.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parent.parent

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}


def read_body(response: Any) -> bytes:
    """A response's body, whether sent whole or streamed (a sheet's exports are streamed:
    ``response.content`` is for the others). Read a streamed one a test is done with: an
    export runs its entries' query before it answers, and the test client closes it only
    once read (on PostgreSQL an open cursor left to the garbage collector breaks the
    transaction of a later test)."""
    if response.streaming:
        return b"".join(response.streaming_content)
    return bytes(response.content)


@pytest.fixture(autouse=True)
def no_kept_pages():
    """Each test starts as a fresh server would: nothing in Django's caches (no page kept,
    no sheet counted), so a test sees its request worked out."""
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()


@pytest.fixture(autouse=True)
def english_between_tests():
    """Each test starts and ends in the site's default language: a request to a Swedish page
    leaves Swedish active in the thread (Django's LocaleMiddleware activates a request's
    language and leaves it), which the next test's engine words would otherwise speak."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
        ],
    }


@pytest.fixture(scope="session")
def base_url(live_server: Any) -> str:
    return str(live_server.url)


@pytest.fixture
def axe_check():
    """Run axe-core on the page and fail on any WCAG 2.1 A/AA or best-practice violation.

    Tests that use it need ``@pytest.mark.browser_context_args(bypass_csp=True)``: the strict
    Content-Security-Policy refuses the injected script otherwise.
    """

    def check(page: Any, context: str = "") -> None:
        page.add_script_tag(path=str(AXE))
        result = page.evaluate(
            "async (o) => await axe.run(document, o)",
            {
                "runOnly": {
                    "type": "tag",
                    "values": ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"],
                }
            },
        )
        problems = [
            f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(
                n["target"][0] if isinstance(n["target"][0], str) else str(n["target"])
                for n in v["nodes"][:5]
            )
            for v in result["violations"]
        ]
        assert problems == [], f"axe violations on {page.url} {context}:\n" + "\n".join(problems)

    return check
