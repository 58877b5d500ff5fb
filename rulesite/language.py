"""The site in English and Swedish: which language a page is in, and how a reader changes it.

A page's language is in its address: English at the addresses the site always had (no prefix,
so every link and permalink sent before keeps working), Swedish under ``/sv/`` (Django's
``i18n_patterns`` with ``prefix_default_language=False``). The address alone decides, so a
page is the same for everyone who asks for it and can be cached as before.

Two things choose the address for a reader:

- **The switch** on every page is a link to :func:`switch`, which remembers the choice in a
  cookie and sends the reader to the same page, with the same query, in the other language.
  Only that answer sets the cookie: the pages themselves stay free of cookies.
- **A first visit** (:class:`LanguageMiddleware`): a reader who arrives at an English address
  from elsewhere (a link, a bookmark, a typed address), has made no choice yet, and whose
  browser prefers Swedish (``Accept-Language``) is sent to the Swedish page. A choice made with
  the switch wins over the browser, and so does a click from one of the site's own pages.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from urllib.parse import urlencode, urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.middleware.locale import LocaleMiddleware
from django.urls import is_valid_path, reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_safe

SUPPORTED = {code for code, _ in settings.LANGUAGES}


def address_in(path: str, language: str) -> str:
    """``path`` (an address on this site, with its query) in ``language``: the prefix of the
    language it is in taken off, the one of ``language`` put on (none for English).

    >>> address_in("/table/peel/?h=AS+KS", "sv"), address_in("/sv/glossary/", "en")
    ('/sv/table/peel/?h=AS+KS', '/glossary/')
    >>> address_in("/sv/", "sv"), address_in("/sv", "en"), address_in("/svenska/", "sv")
    ('/sv/', '/', '/sv/svenska/')
    """
    for code in SUPPORTED - {settings.LANGUAGE_CODE}:
        prefix = f"/{code}"
        if path == prefix or path.startswith((prefix + "/", prefix + "?")):
            path = path[len(prefix) :] or "/"
            if not path.startswith("/"):
                path = "/" + path
            break
    if language == settings.LANGUAGE_CODE:
        return path
    return f"/{language}{path}"


def chosen_language(request: HttpRequest) -> str | None:
    """The language the reader chose with the switch (the cookie), if any."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return code if code in SUPPORTED else None


def from_the_site(request: HttpRequest) -> bool:
    """The reader followed a link on one of this site's pages (a same-origin Referer)."""
    referer = request.headers.get("Referer")
    return bool(referer) and urlsplit(referer).netloc == request.get_host()


class LanguageMiddleware(LocaleMiddleware):
    """Django's :class:`LocaleMiddleware` (the language from the address), and the first visit
    of a Swedish reader to an English address sent to the Swedish one."""

    def process_request(self, request: HttpRequest) -> HttpResponse | None:  # type: ignore[override]
        super().process_request(request)
        if request.method not in ("GET", "HEAD") or "HX-Request" in request.headers:
            return None
        if translation.get_language_from_path(request.path_info):
            return None  # a prefixed address says its language
        wanted = chosen_language(request)
        if wanted is None:
            if from_the_site(request):
                return None
            wanted = translation.get_language_from_request(request)
        if wanted == settings.LANGUAGE_CODE or wanted not in SUPPORTED:
            return None
        with translation.override(wanted):  # the prefix a path resolves with is the language's
            page = is_valid_path(address_in(request.path_info, wanted))
        if not page:
            return None  # not a page (the API, a file, nothing): answered as it is
        redirect = HttpResponseRedirect(address_in(request.get_full_path(), wanted))
        patch_vary_headers(redirect, ("Accept-Language", "Cookie"))
        return redirect


@require_safe
def switch(request: HttpRequest, language: str) -> HttpResponse:
    """Remember ``language`` and go to ``?next=`` (a page of this site) in it; the home page
    when ``next`` is missing or points elsewhere."""
    if language not in SUPPORTED:
        language = settings.LANGUAGE_CODE
    following = request.GET.get("next", "")
    target = address_in(following, language) if following.startswith("/") else ""

    def ours(address: str) -> bool:
        return address.startswith("/") and url_has_allowed_host_and_scheme(
            address, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )

    # Checked before and after the language's prefix is put or taken off: "/sv//evil.example"
    # is a path here, but without "/sv" it would be another site's address.
    if not (ours(following) and ours(target)):
        target = address_in("/", language)
    response = HttpResponseRedirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite="Lax",
        secure=request.is_secure(),
    )
    response["Cache-Control"] = "no-store"
    return response


def languages(request: HttpRequest) -> dict[str, Any]:
    """Context for every page: ``languages``, each language the site speaks with the address
    of this page in it (``here``) and the switch's (``switch``); the page's own is
    ``current``."""
    current = translation.get_language()
    full_path = request.get_full_path()
    offered = []
    for code, name in settings.LANGUAGES:
        here = address_in(full_path, code)
        offered.append(
            {
                "code": code,
                "name": name,
                "here": here,
                "switch": reverse("language", args=[code]) + "?" + urlencode({"next": here}),
                "current": code == current,
            }
        )
    return {"languages": offered}


def reverse_here(name: str, *args: str) -> str:
    """``reverse(name, args)`` in the page's language, kept once made: the address of a page
    is asked for on every answer, and it differs only by the language's prefix."""
    return _reversed(name, args, translation.get_language())


@lru_cache(maxsize=1024)
def _reversed(name: str, args: tuple[str, ...], language: str | None) -> str:
    with translation.override(language):
        return reverse(name, args=args)
