"""The sheet's pages: start a sheet, record a showdown from the table on one, the sheet
itself (for the scorers and read-only), and the poll that brings other phones' changes."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_http_methods, require_safe

from games.links import table_game_at
from rulesite.htmx import HtmxHttpRequest

from .. import store
from ..forms import StartForm, new_key, prefill_from_query
from ..models import Change, Game
from .answers import (
    game_or_404,
    gone_or_404,
    limited,
    notice_of,
    page_number,
    render_sheet,
    see_other,
)
from .context import sheet_context

# --- Start, from the table ----------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
def start(request: HtmxHttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = StartForm(request.POST)
        if form.is_valid() and form.spec is not None:
            if (too_many := limited(request, "start")) is not None:
                return too_many
            game = store.create(
                form.spec, form.cleaned_data.get("title", ""), [], "start", new_key()
            )
            return see_other(reverse("sheet:sheet", args=[game.token]))
        return render(request, "scoresheet/start.html", {"form": form}, status=400)
    again = None
    after = request.GET.get("after", "")
    if after and len(after) <= 43:  # the next game of a sheet (its read-only link's token)
        previous = Game.objects.filter(view_token=after).first()
        again = store.spec_of(previous) if previous is not None else None
    chosen = request.GET.get("game", "")[:40]  # a game's link from the home page
    return render(request, "scoresheet/start.html", {"form": StartForm(again=again, game=chosen)})


_SHEET_LINK = re.compile(r"/sheet/(?P<token>[A-Za-z0-9_-]{16,43})/")


def _table_query(raw: str) -> str:
    """The hands (and dealer) of a showdown page's address, as a sheet's query string."""
    parts = urlsplit(raw)
    if table_game_at(parts.path) is None or parts.netloc:  # a showdown page of the table
        return ""
    query = parse_qs(parts.query)
    keep = [("h", h[:60]) for h in query.get("h", [])[:12]]
    dealer = query.get("dealer", [""])[0]
    if dealer.isdigit() and len(dealer) <= 2:
        keep.append(("dealer", dealer))
    return urlencode(keep)


@require_safe
def from_table(request: HtmxHttpRequest) -> HttpResponse:
    """A showdown just judged at the table, to record on a sheet: the sheets this browser
    recorded on (sheet.js remembers them), or a sheet's link pasted here."""
    query = _table_query(request.GET.get("from", ""))
    error = ""
    pasted = request.GET.get("sheet", "").strip()
    if pasted:
        found = _SHEET_LINK.search(urlsplit(pasted).path or "")
        game = Game.objects.filter(token=found["token"]).first() if found else None
        if game is None:
            error = gettext(
                "That is not a link to record deals on a sheet: copy it from the sheet's "
                "“Share” box (the link for the scorers, not the read-only one)."
            )
        else:
            url = reverse("sheet:sheet", args=[game.token]) + (f"?{query}" if query else "")
            return see_other(url + "#deal-form")
    back = request.GET.get("from", "")
    return render(
        request,
        "scoresheet/from_table.html",
        {
            "query": query,
            "back": back if query else "",
            "error": error,
            "pasted": pasted,
            "hands": len(parse_qs(query).get("h", [])),
        },
        status=400 if error else 200,
    )


# --- The sheet -----------------------------------------------------------------------------------


@require_safe
def sheet(request: HtmxHttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    """The sheet: the accounts, the deal form, the grid, the latest deals in full (or those
    before ``?before=``); a showdown from the table (``?h=…``) fills the deal form in."""
    game = game_or_404(token, spectator)
    before = page_number(request.GET.get("before", ""))
    window = store.load(game, before=before)
    extra: dict[str, Any] = {"notice": notice_of(game, request), "before": before}
    if not spectator and "h" in request.GET:
        prefill, problem = prefill_from_query(window.spec, window.sheet, request.GET)
        extra.update(prefill=prefill, problem=problem)
    return render_sheet(request, window, spectator=spectator, **extra)


# --- The poll ------------------------------------------------------------------------------------


def _poll_etag(request: HtmxHttpRequest, token: str, spectator: bool = False) -> str | None:
    """The sheet's version as the poll's ETag, read in one small query (and kept on the
    request for the view: None, no such sheet)."""
    version = store.version_of(token, spectator)
    request.sheet_version = version  # type: ignore[attr-defined]
    return None if version is None else f"v{version}"


@require_safe
@cache_control(no_cache=True)
@condition(etag_func=_poll_etag)
def live(request: HtmxHttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    """The polling fragment: 304 (the ETag is the version) or 204 (``?v=`` is the
    version) in one small query while nothing changed; else the accounts, and the new
    entries (or the latest ones, after an edit or an undo) as out-of-band swaps."""
    version: int | None = getattr(request, "sheet_version", None)
    if version is None:
        gone_or_404(token, spectator)
    seen = request.GET.get("v", "")
    if seen == str(version):
        return HttpResponse(status=204)
    since = page_number(seen)
    if since is not None and since > version:
        since = None
    return _poll(request, game_or_404(token, spectator), spectator, since)


_APPENDS = ("record", "horse")
"""Changes that only add an entry at the end: a poll sends the new entries alone."""
_RELOADS = ("join", "leave", "finish", "reopen", "import", "start")
"""Changes after which the page has other forms: a poll asks it to reload."""


def _poll(request: HtmxHttpRequest, game: Game, spectator: bool, since: int | None) -> HttpResponse:
    """What changed since version ``since``: the new entries after the accounts (only
    entries added), else the accounts, the grid and the latest entries."""
    changes = (
        list(Change.objects.filter(game=game, version__gt=since).values_list("action", "detail"))
        if since is not None
        else []
    )
    appended = [detail.get("position") for action, detail in changes if action in _APPENDS]
    reload = since is None or any(action in _RELOADS for action, _ in changes)
    only_appends = (
        since is not None and 0 < len(changes) <= store.WINDOW and len(appended) == len(changes)
    )
    if only_appends:
        first = min(p for p in appended if p is not None)
        window = store.load(game, after=first, size=len(appended))
        window.detail = len(window.deals)
        template = "scoresheet/sheet.html#poll-append"
    else:
        window = store.load(game)
        template = "scoresheet/sheet.html#poll-window"
    # No deal form: a poll's answer swaps the accounts, the grid and the entries only.
    context = sheet_context(request, window, spectator=spectator, oob=True, form=False)
    response = render(request, template, context)
    if reload:
        response["HX-Trigger"] = "sheet-reload"
    return response
