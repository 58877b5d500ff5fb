"""The score sheet's pages: start, the sheet (recorders and spectators), the deal forms, the
cheap polling fragment, export, import and print.

A change is computed from what was read -- the deal form checked, one step of the ledger
from the stored state -- and then written by :func:`store.append` (a new entry: one UPDATE
that checks the version, two INSERTs) or :func:`store.commit`, which locks the game row only
to check its version and write; every answer (a page, a 400 with the form, a 409 with
the sheet as it is now) is rendered after the lock is released. A form filled in against an
older version of the sheet gets a 409 with everything typed kept; a form sent twice is
recorded once (its key).

Pages are rendered once per version of a sheet and kept in Django's cache, with marks where
each answer puts its own CSRF token and form keys (:mod:`~games.scoresheet.kept`): the other phones'
polls, the full page and the recorder's own answer share one rendering. A poll after a
change gets only what changed: the accounts and the new entries, as htmx out-of-band swaps.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import get_language, gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games.forms_util import sentence
from games.table.views import game_at
from rulesite.htmx import HtmxHttpRequest

from . import drawn, kept, ledger, limits, serialize, store
from .forms import (
    ActionForm,
    DealForm,
    HorseForm,
    ImportForm,
    RequestDealForm,
    SeatForm,
    StartForm,
    deal_form,
    deal_initial,
    entry_initial,
    new_key,
    prefill_from_query,
    quick_deal,
)
from .kept import CSRF_MARK, KEY_MARK, NONCE_MARK
from .ledger import Entry, EntryError
from .models import Change, Deal, Game, Player
from .words import entry_count, entry_name, entry_noun

POLL_SECONDS = 3


# --- Rendering once, answering many (kept.py) -------------------------------------------------


def _marks() -> dict[str, str]:
    return {"csrf_token": CSRF_MARK, "csp_nonce": NONCE_MARK, "form_key": KEY_MARK}


def _where(request: HtmxHttpRequest) -> str:
    """The scheme and host the links of a page are written for."""
    return f"{request.scheme}://{request.get_host()}"


_answer = kept.answer


# --- Loading a sheet ----------------------------------------------------------------------------


def _game(token: str, spectator: bool) -> Game:
    return get_object_or_404(Game, **{"view_token" if spectator else "token": token})


def _links(request: HtmxHttpRequest, game: Game, spectator: bool) -> dict[str, str]:
    return _links_for(_where(request), game.token, game.view_token, spectator, get_language())


@functools.lru_cache(maxsize=512)
def _links_for(
    where: str, edit: str, view: str, spectator: bool, language: str | None
) -> dict[str, str]:
    """A sheet's addresses in ``language`` (``/sv/sheet/…``; the page's language is the
    active one), worked out once per sheet, host and language: a page has many."""
    links = {
        "spectate": where + reverse("sheet:spectate", args=[view]),
        "rulings": reverse("rulings"),
    }
    if spectator:
        token, prefix = view, "sheet:spectate_"
        links["live"] = reverse("sheet:spectate_live", args=[token])
    else:
        token, prefix = edit, "sheet:"
        links["live"] = reverse("sheet:live", args=[token])
        links["edit"] = where + reverse("sheet:sheet", args=[token])
        links["record"] = reverse("sheet:record", args=[token])
        links["horse"] = reverse("sheet:horse", args=[token])
        links["seats"] = reverse("sheet:seats", args=[token])
        links["finish"] = reverse("sheet:finish", args=[token])
        links["reopen"] = reverse("sheet:reopen", args=[token])
        links["sheet"] = reverse("sheet:sheet", args=[token])
    links["csv"] = reverse(prefix + "export_csv", args=[token])
    links["json"] = reverse(prefix + "export_json", args=[token])
    links["print"] = reverse(prefix + "print", args=[token])
    links["page"] = reverse("sheet:spectate" if spectator else "sheet:sheet", args=[token])
    return links


def _grid(window: store.Window) -> list[dict[str, Any]]:
    """The deals × players grid of the window, from the stored states alone."""
    spec = window.spec
    rows = []
    for deal, state in zip(window.deals, window.states, strict=False):
        stored = deal.state or {}
        line = stored.get("row", {})
        net = line.get("net", ["0"] * spec.n)
        net = [*net, *(["0"] * (spec.n - len(net)))]
        rows.append(
            {
                "deal": deal,
                "number": state.number if deal.kind == "deal" else None,
                "kind": deal.kind,
                "dealer": line.get("dl"),
                "winners": line.get("w", []),
                "cells": [
                    (Fraction(net[seat]), state.totals[seat], seat in state.present)
                    for seat in range(spec.n)
                ],
            }
        )
    return rows


def _cells(spec: ledger.Spec, row: ledger.Row, every: bool = False) -> list[dict[str, Any]]:
    """One player's line in a deal: his hand or result, what he bought, his account."""
    hands = {h.seat: h for h in row.hands}
    bought = row.entry.data.get("bought") or []
    return [
        {
            "seat": seat,
            "name": spec.players[seat],
            "hand": hands.get(seat),
            "net": row.net[seat],
            "total": row.totals[seat],
            "bought": bought[seat] if seat < len(bought) else 0,
            "dealer": seat == row.dealer,
        }
        for seat in range(spec.n)
        if every or seat in row.present or row.net[seat] or seat in hands
    ]


def _undone(game: Game) -> Change | None:
    """The last undo, while its entry can be restored."""
    last = Change.objects.filter(game=game, action="undo").order_by("-version").first()
    if last is None or last.detail.get("restored") or "data" not in last.detail:
        return None
    if Deal.objects.filter(game=game, position=last.detail.get("position")).exists():
        return None
    return last


def sheet_context(
    request: HtmxHttpRequest,
    window: store.Window,
    *,
    spectator: bool = False,
    form: DealForm | RequestDealForm | None | bool = None,
    **extra: Any,
) -> dict[str, Any]:
    """What the sheet's template draws. ``form=False``: a fragment without the forms that
    record (a poll's answer), so neither the deal form nor the horse's is built."""
    game, spec, sheet = window.game, window.spec, window.sheet
    can_edit = not spectator
    final = game.finished or sheet.over
    if can_edit and form is None and not final:
        initial = {**deal_initial(spec, sheet), "version": game.version, "key": KEY_MARK}
        form = deal_form(spec, sheet, initial={**initial, **extra.pop("prefill", {})})
    horse_form = None
    if can_edit and form is not False and sheet.may_buy_horse and not game.finished:
        horse_form = HorseForm(spec, sheet, initial={"version": game.version, "key": KEY_MARK})
    standings = sheet.standings
    rows = [(row, deal, _cells(spec, row)) for row, deal in window.rows]
    links = _links(request, game, spectator)
    return {
        **_marks(),
        "game": game,
        "spec": spec,
        "sheet": sheet,
        "window": window,
        "final": final,
        "accounts": standings if final else sorted(standings, key=lambda s: s.seat),
        "settle_up": sheet.settle_up if final else [],
        "rows": rows,
        "grid": _grid(window),
        "broken": window.broken,
        "broken_position": window.broken_position,
        "spectator": spectator,
        "can_edit": can_edit,
        "form": form,
        "form_action": links["record"] if can_edit else "",
        "form_htmx": True,
        "horse_form": horse_form,
        "seats": can_edit and spec.seats_change and not final,
        "seat_form": (lambda: SeatForm(spec, sheet)) if can_edit else None,  # read if shown
        "undone": (lambda: _undone(game)) if can_edit else None,  # read only if shown
        "links": links,
        "poll_seconds": POLL_SECONDS,
        "players": list(enumerate(spec.players)),
        "present_players": [(s, spec.players[s]) for s in sheet.present],
        "money": spec.money,
        "entry_word": spec.entry_word,
        "retention_days": getattr(settings, "SHEET_RETENTION_DAYS", 365),
        "next_game": (
            reverse("sheet:start") + f"?after={game.view_token}"
            if sheet.over and spec.keeping == ledger.REQUEST
            else ""
        ),
        **extra,
    }


def _render(request: HtmxHttpRequest, template: str, context: dict[str, Any]) -> str:
    return render_to_string(template, context, request)


def _sheet_html(
    request: HtmxHttpRequest,
    load: Callable[[], store.Window],
    *,
    spectator: bool = False,
    key: tuple[Any, ...] | None = None,
    **extra: Any,
) -> kept.Kept:
    """The sheet page, or its ``#sheet`` fragment for htmx; ``load`` reads the sheet only
    when the rendering is not kept already."""
    template = "scoresheet/sheet.html#sheet" if request.htmx else "scoresheet/sheet.html"
    key = None if key is None else (*key, "htmx" if request.htmx else "page")

    def make() -> kept.Kept:
        context = sheet_context(request, load(), spectator=spectator, **extra)
        return kept.keep(_render(request, template, context))

    return kept.kept(key, make)


def _role(spectator: bool) -> str:
    return "view" if spectator else "edit"


def _sheet_answer(
    request: HtmxHttpRequest,
    game: Game,
    *,
    spectator: bool = False,
    status: int = 200,
    notice: str = "",
    **extra: Any,
) -> HttpResponse:
    """The sheet as it is now: kept per version unless this answer carries something of
    its own (a form with errors, a conflict, a problem)."""
    own = bool(extra)
    key = (
        None
        if own
        else ("sheet", _role(spectator), game.token, game.version, notice, _where(request))
    )
    html = _sheet_html(
        request, lambda: store.load(game), spectator=spectator, key=key, notice=notice, **extra
    )
    headers = {}
    if request.htmx and status >= 400:
        headers = {"HX_Retarget": "#sheet", "HX_Reswap": "outerHTML"}
    return _answer(request, html, status, **headers)


def see_other(url: str) -> HttpResponseRedirect:
    """POST/redirect/GET: 303 makes every browser follow with a GET."""
    response = HttpResponseRedirect(url)
    response.status_code = 303
    return response


def _done(
    request: HtmxHttpRequest, game: Game, notice: str, done: str = "", at: int | None = None
) -> HttpResponse:
    """After a change: htmx gets the fresh sheet, a plain form a redirect (POST/redirect/GET)
    to the sheet, which says what was done."""
    game.refresh_from_db()
    if request.htmx:
        return _sheet_answer(request, game, notice=notice)
    url = reverse("sheet:sheet", args=[game.token])
    if done:
        url += f"?done={done}" + (f"&at={at}" if at is not None else "")
    if at is not None and done in ("record", "edit", "restore"):
        url += f"#deal-{at}"
    return see_other(url)


def _posted_version(request: HtmxHttpRequest) -> int | None:
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        return None
    return version if version >= 0 else None


def _stale(game: Game, request: HtmxHttpRequest) -> bool:
    posted = _posted_version(request)
    return posted is not None and posted != game.version


_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


def _key(request: HtmxHttpRequest) -> str:
    """The form's key, as the site writes them; anything else is no key (a fresh one)."""
    key = request.POST.get("key", "")
    return key if _KEY.fullmatch(key) else new_key()


_DOING = {
    "form": gettext_lazy("filling in the form"),
    "looking": gettext_lazy("looking at it"),
}
_AGAIN = {
    "send": gettext_lazy("send it again"),
    "undo": gettext_lazy("undo the deal again"),
    "restore": gettext_lazy("restore it again"),
}


def _conflict_message(game: Game, deals: int, doing: str = "form", again: str = "send") -> str:
    """The 409's words: someone else changed the sheet while this form was filled in
    (``doing``: ``form``) or the sheet looked at (``looking``), and what to do ``again``
    (``send``, ``undo``, ``restore``)."""
    latest = Change.objects.filter(game=game).order_by("-version").first()
    seconds = None
    if latest is not None:
        seconds = int((timezone.now() - latest.created_at).total_seconds())
    values = {
        "doing": _DOING[doing],
        "again": _AGAIN[again],
        "deals": entry_count("deal", deals),
        "seconds": seconds,
    }
    if seconds is not None and seconds < 120:
        return ngettext(
            "Someone else changed this sheet {seconds} second ago while you were {doing} (it "
            "now holds {deals}). Nothing you typed is lost: check the deals below, and if "
            "yours is not among them, {again}.",
            "Someone else changed this sheet {seconds} seconds ago while you were {doing} (it "
            "now holds {deals}). Nothing you typed is lost: check the deals below, and if "
            "yours is not among them, {again}.",
            seconds,
        ).format(**values)
    return gettext(
        "Someone else changed this sheet while you were {doing} (it now holds {deals}). "
        "Nothing you typed is lost: check the deals below, and if yours is not among them, "
        "{again}."
    ).format(**values)


def _with_version(request: HtmxHttpRequest, version: int) -> Any:
    data = request.POST.copy()
    data["version"] = str(version)
    return data


def _first_error(form: Any) -> str:
    for errors in form.errors.values():
        return str(errors[0])
    return gettext("The form is not valid.")


def _number_at(game: Game, position: int) -> int | None:
    deal = Deal.objects.filter(game=game, position=position).only("state", "kind").first()
    if deal is None or deal.kind != "deal" or not isinstance(deal.state, dict):
        return None
    return deal.state.get("n")


# --- Start, import, from the table -------------------------------------------------------------


def _limited(request: HtmxHttpRequest, what: str) -> HttpResponse | None:
    wait = limits.wait(request)
    if wait is None:
        return None
    count, seconds = limits.rate()
    response = render(
        request,
        "scoresheet/limited.html",
        {"what": what, "count": count, "seconds": seconds, "wait": wait},
        status=429,
    )
    response["Retry-After"] = str(wait)
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def start(request: HtmxHttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = StartForm(request.POST)
        if form.is_valid() and form.spec is not None:
            if (limited := _limited(request, "start")) is not None:
                return limited
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
    return render(request, "scoresheet/start.html", {"form": StartForm(again=again)})


@require_http_methods(["GET", "HEAD", "POST"])
def import_sheet(request: HtmxHttpRequest) -> HttpResponse:
    if request.method == "POST":
        try:
            form = ImportForm(request.POST, request.FILES)
        except RequestDataTooBig:
            size = request.META.get("CONTENT_LENGTH") or "0"
            too_large = ImportForm.too_large(
                "text sent", int(size) if size.isdigit() else 0, "bytes"
            )
            context = {"form": ImportForm(), "too_large": too_large}
            return render(request, "scoresheet/import.html", context, status=413)
        if form.is_valid():
            try:
                imported = serialize.import_sheet(form.cleaned_data["json_text"])
            except serialize.ImportError_ as error:
                form.add_error(
                    None, gettext("This file cannot be imported: {error}").format(error=error)
                )
            else:
                if (limited := _limited(request, "import")) is not None:
                    return limited
                game = store.create(
                    imported.spec,
                    imported.title,
                    imported.entries,
                    "import",
                    new_key(),
                    imported.finished,
                )
                return see_other(reverse("sheet:sheet", args=[game.token]))
        return render(request, "scoresheet/import.html", {"form": form}, status=400)
    return render(request, "scoresheet/import.html", {"form": ImportForm()})


_SHEET_LINK = re.compile(r"/sheet/(?P<token>[A-Za-z0-9_-]{16,43})/")


def _table_query(raw: str) -> str:
    """The hands (and dealer) of a showdown page's address, as a sheet's query string."""
    parts = urlsplit(raw)
    if game_at(parts.path) is None or parts.netloc:  # a showdown page of the table
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


# --- The sheet ----------------------------------------------------------------------------------

_NOTICES = {
    "record": gettext_lazy("{What} recorded."),
    "edit": gettext_lazy("{What} saved; every total after it is recomputed."),
    "undo": gettext_lazy("Undone; every total is recomputed without it."),
    "restore": gettext_lazy("{What} restored; every total after it is recomputed."),
    "horse": gettext_lazy("The horse is bought."),
    "join": gettext_lazy("Welcome to the table: the next deals include the new player."),
    "leave": gettext_lazy("Left the table: the next deals are dealt without that player."),
    "finish": gettext_lazy(
        "The evening is finished: the final standings and who pays whom are below."
    ),
    "reopen": gettext_lazy("The sheet is open again."),
}


def _notice(game: Game, request: HtmxHttpRequest) -> str:
    done = request.GET.get("done", "")
    if done not in _NOTICES:
        return ""
    what = gettext("The deal")
    at = _page_number(request.GET.get("at", ""))
    if at is not None:
        number = _number_at(game, at)
        if number is not None:
            what = entry_name(game.entry_word, number)
    return str(_NOTICES[done]).format(What=what)


def _page_number(raw: str) -> int | None:
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 10 else None


@require_safe
def sheet(request: HtmxHttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    game = _game(token, spectator)
    before = _page_number(request.GET.get("before", ""))
    notice = _notice(game, request)
    extra: dict[str, Any] = {"notice": notice, "before": before}
    key: tuple[Any, ...] | None = (
        "sheet",
        _role(spectator),
        token,
        game.version,
        before,
        notice,
        _where(request),
    )
    window: store.Window | None = None
    if not spectator and "h" in request.GET:
        window = store.load(game, before=before)
        prefill, problem = prefill_from_query(window.spec, window.sheet, request.GET)
        extra.update(prefill=prefill, problem=problem)
        key = None
    html = _sheet_html(
        request,
        lambda: window if window is not None else store.load(game, before=before),
        spectator=spectator,
        key=key,
        **extra,
    )
    return _answer(request, html)


@require_safe
def live(request: HtmxHttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    """The polling fragment: 204 (or 304) in one small query while nothing changed; else
    the accounts, and the new entries (or the latest ones, after an edit or an undo) as
    out-of-band swaps."""
    version = store.version_of(token, spectator)
    if version is None:
        raise Http404(gettext("No score sheet has this link."))
    etag = f'"v{version}"'
    seen = request.GET.get("v", "")
    if request.META.get("HTTP_IF_NONE_MATCH") == etag:  # not request.headers: it copies them all
        response = HttpResponse(status=304)
    elif seen == str(version):
        response = HttpResponse(status=204)
    else:
        since = _page_number(seen)
        if since is not None and since > version:
            since = None
        key = ("poll", _role(spectator), token, since, version, _where(request))
        poll = kept.kept(key, lambda: _poll_html(request, token, spectator, since))
        response = _answer(request, poll)
        if poll.flag:
            response["HX-Trigger"] = "sheet-reload"
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


_APPENDS = ("record", "horse")
_RELOADS = ("join", "leave", "finish", "reopen", "import", "start")


def _poll_html(
    request: HtmxHttpRequest, token: str, spectator: bool, since: int | None
) -> kept.Kept:
    game = _game(token, spectator)
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
        window = store.load(
            game, after=min(p for p in appended if p is not None), size=len(appended)
        )
        window.detail = len(window.deals)
        template = "scoresheet/sheet.html#poll-append"
    else:
        window = store.load(game)
        template = "scoresheet/sheet.html#poll-window"
    # No deal form: a poll's answer swaps the accounts, the grid and the entries only.
    context = sheet_context(request, window, spectator=spectator, oob=True, form=False)
    html = drawn.poll_append(context) if only_appends else None
    if html is None:
        html = _render(request, template, context)
    return kept.keep(html, reload)


# --- Recording a deal ---------------------------------------------------------------------------


@require_POST
def record(request: HtmxHttpRequest, token: str) -> HttpResponse:
    key = _key(request)
    # The sheet as this process wrote it, if that is the version the form was filled in
    # against; else read back in one query (the other process wrote the last deal).
    tail = store.recent(token, _posted_version(request)) or store.read_tail(token)
    if tail is not None:
        game, spec, sheet = tail.game, tail.spec, tail.sheet
        state = sheet.state
    else:  # no such sheet (404), or its last state must be recomputed
        game = _game(token, False)
        spec = store.spec_of(game)
        state, sheet = store.tail_state(game, spec)
    if game.finished or sheet.over or _stale(game, request):
        # A form sent twice comes back stale: the first one moved the version on.
        if store.already_done(game, key):
            return _done(request, game, str(_ONCE))
        if game.finished or sheet.over:
            return _sheet_answer(
                request,
                game,
                status=409,
                problem=gettext("The evening is finished: reopen it to record a deal."),
            )
        form = deal_form(spec, sheet, _with_version(request, game.version))
        form.is_valid()
        return _sheet_answer(
            request, game, status=409, form=form, conflict=_conflict_message(game, sheet.deals)
        )
    # Nearly every deal sent is right: it is read as the form would read it, and the form
    # is built only to say what is wrong (quick_deal: None), beside its field.
    quick = quick_deal(spec, sheet, request.POST)
    entry = None
    if quick is not None:
        entry = Entry("deal", quick)
        try:
            after, row = ledger.step(spec, state, entry)
        except EntryError:
            entry = None
    if entry is None:
        form = deal_form(spec, sheet, request.POST)
        if isinstance(form, RequestDealForm) and form.edited:  # a player added, a pair divided
            form.is_valid()
            return _form_answer(request, game, spec, sheet, form, status=200)
        if form.is_valid() and not form.has_errors:
            entry = Entry("deal", form.cleaned_entry)
            try:
                after, row = ledger.step(spec, state, entry)
            except EntryError as error:
                form.engine_error(error)
        if entry is None or form.has_errors:
            return _form_answer(request, game, spec, sheet, form)
    new = Deal(kind="deal", data=dict(entry.data), state=ledger.dump_state(after, row))
    recorded = ledger.summarise(spec, after)
    seen = game.version
    try:
        store.append(game, seen, new, key, "record", tail=(spec, recorded))
    except store.Duplicate:
        return _done(request, game, str(_ONCE))
    except store.Stale:
        if store.already_done(game, key):
            return _done(request, game, str(_ONCE))
        game.refresh_from_db()
        form = deal_form(spec, sheet, _with_version(request, game.version))
        form.is_valid()
        return _sheet_answer(
            request, game, status=409, form=form, conflict=_conflict_message(game, sheet.deals + 1)
        )
    if not request.htmx:
        return see_other(
            reverse("sheet:sheet", args=[token]) + f"?done=record&at={new.position}"
            f"#deal-{new.position}"
        )
    window = store.Window(game, spec, recorded, [new], state, [after])
    window.rows = [(row, new)]  # computed already: the step just taken
    window.detail = 1
    notice = str(_NOTICES["record"]).format(What=entry_name(spec.entry_word, after.number))
    return _recorded_answer(request, window, seen, notice)


_ONCE = gettext_lazy("That deal was already recorded; it counts once.")


def _form_answer(
    request: HtmxHttpRequest,
    game: Game,
    spec: ledger.Spec,
    sheet: ledger.Sheet,
    form: DealForm | RequestDealForm,
    status: int = 400,
) -> HttpResponse:
    """A deal form with its errors (or reshaped by an editing button, ``status`` 200): for
    htmx, only the form, swapped in its place (the page keeps its header and styles);
    without JavaScript, the whole sheet."""
    if not request.htmx:
        return _sheet_answer(request, game, status=status, form=form)
    context = {
        **_marks(),
        "game": game,
        "spec": spec,
        "sheet": sheet,
        "form": form,
        "form_action": reverse("sheet:record", args=[game.token]),
        "form_htmx": True,
        "entry_word": spec.entry_word,
    }
    html = _render(request, "scoresheet/sheet.html#deal-form", context)
    return _answer(request, html, status, HX_Retarget="#deal-form", HX_Reswap="outerHTML")


def _recorded_answer(
    request: HtmxHttpRequest, window: store.Window, before: int, notice: str
) -> HttpResponse:
    """After a deal is recorded with htmx: what the other phones' polls get (the accounts
    and the new deal, out of band; rendered once for them all) and the notice; the form
    stays where it is and sheet.js makes it ready for the next deal (its new key and
    version, the next dealer, the fields emptied: ``sheet-recorded``), so nothing is
    read back from the database and no form is rendered."""
    game, sheet = window.game, window.sheet
    key = ("poll", "edit", game.token, before, game.version, _where(request))
    context = sheet_context(request, window, oob=True, form=False)

    def make() -> kept.Kept:
        html = drawn.poll_append(context)
        if html is None:  # a sheet only the template draws (final, over, counted)
            html = _render(request, "scoresheet/sheet.html#poll-append", context)
        return kept.keep(html)

    poll = kept.kept(key, make)
    messages = drawn.messages(notice)
    ready = {
        "sheet-recorded": {
            "version": game.version,
            "key": new_key(),
            "dealer": "" if sheet.next_dealer is None else sheet.next_dealer,
            "number": sheet.deals + 1,
        }
    }
    return _answer(
        request,
        kept.followed(poll, messages),
        HX_Reswap="none",
        # On receipt, before the swap shows "Deal n recorded": the form is ready for the next
        # deal before anyone can see the notice and start typing it (after the settle, what
        # was typed in between was emptied).
        HX_Trigger=json.dumps(ready),
    )


# --- Editing, undoing, restoring ---------------------------------------------------------------


def _deal_or_404(game: Game, position: int) -> Deal:
    deal = Deal.objects.filter(game=game, position=position).first()
    if deal is None:
        raise Http404(gettext("This sheet has no such deal (was it undone?)."))
    if deal.kind != "deal":
        raise Http404(gettext("Only a deal can be edited; undo the entry instead."))
    return deal


def _state_before(game: Game, spec: ledger.Spec, position: int) -> ledger.Sheet:
    """The sheet just before the entry at ``position`` (what its edit form is checked
    against)."""
    previous = (
        Deal.objects.filter(game=game, position__lt=position)
        .only("state")
        .order_by("-position")
        .first()
    )
    state = ledger.initial(spec) if previous is None else ledger.load_state(spec, previous.state)
    if state is None:
        deals, states, _, _ = store.heal(game, spec)
        earlier = [s for d, s in zip(deals, states, strict=True) if d.position < position]
        known = [s for s in earlier if s is not None]
        state = known[-1] if known else ledger.initial(spec)
    return ledger.summarise(spec, state)


@require_http_methods(["GET", "HEAD", "POST"])
def edit(request: HtmxHttpRequest, token: str, position: int) -> HttpResponse:
    game = _game(token, False)
    deal = _deal_or_404(game, position)
    spec = store.spec_of(game)
    before = _state_before(game, spec, position)
    number = before.deals + 1
    if request.method != "POST":
        form = deal_form(
            spec,
            before,
            initial={**entry_initial(spec, deal.kind, deal.data), "version": game.version},
        )
        return _render_edit(request, game, spec, before, deal, number, form)
    key = _key(request)
    if store.already_done(game, key):
        return _done(request, game, gettext("That change was already saved."), "edit", position)

    def changed_meanwhile() -> HttpResponse:
        """409: the form again as typed, at the sheet's version now, and what it holds."""
        form = deal_form(spec, before, _with_version(request, game.version))
        form.is_valid()
        _, now = store.tail_state(game, spec)
        conflict = _conflict_message(game, now.deals)
        return _render_edit(
            request, game, spec, before, deal, number, form, status=409, conflict=conflict
        )

    if _stale(game, request):
        return changed_meanwhile()
    form = deal_form(spec, before, request.POST)
    if isinstance(form, RequestDealForm) and form.edited:
        form.is_valid()
        return _render_edit(request, game, spec, before, deal, number, form)
    if not form.is_valid() or form.has_errors:
        return _render_edit(request, game, spec, before, deal, number, form, status=400)
    new_data = form.cleaned_entry

    def replace(deals: list[Deal]) -> list[Deal]:
        deals[0].data = new_data
        return deals

    redone = store.recompute(game, spec, position, replace)
    if redone.error is not None:
        if redone.error.index == before.state.index:
            form.engine_error(redone.error)
        else:
            form.add_error(None, _later_message(game, redone.error, "change"))
        return _render_edit(request, game, spec, before, deal, number, form, status=400)

    def write(locked: Game) -> None:
        store.save_states(redone.deals, locked.version + 1)
        Deal.objects.filter(pk=redone.deals[0].pk).update(data=new_data)
        store.bump(locked, key, "edit", position=position)

    try:
        store.commit(game, game.version, write)
    except store.Duplicate:
        pass
    except store.Stale:
        game.refresh_from_db()
        return changed_meanwhile()
    return see_other(
        reverse("sheet:sheet", args=[token]) + f"?done=edit&at={position}#deal-{position}"
    )


_LATER = {
    "change": gettext_lazy(
        "With this change, {entry} could no longer be settled: {problem} Change or undo "
        "{entry} first."
    ),
    "without": gettext_lazy(
        "Without it, {entry} could no longer be settled: {problem} Change or undo {entry} first."
    ),
    "back": gettext_lazy(
        "It cannot go back: with it in the sheet, {entry} could no longer be settled: "
        "{problem} Change or undo {entry} first."
    ),
}


def _later_message(game: Game, error: EntryError, what: str) -> str:
    """Why a change is refused: a later entry (``entry``) would no longer settle, ``what``
    being the change (``change``: an edit, ``without``: an undo, ``back``: a restore)."""
    name = gettext("a later entry")
    if error.index is not None:
        deal = (
            Deal.objects.filter(game=game)
            .only("kind", "state")
            .order_by("position")[error.index : error.index + 1]
        )
        found = list(deal)
        if found and found[0].kind == "deal" and isinstance(found[0].state, dict):
            name = f"{entry_noun('deal')} {found[0].state.get('n')}"
    return str(_LATER[what]).format(entry=name, problem=error.message)


def _render_edit(
    request: HtmxHttpRequest,
    game: Game,
    spec: ledger.Spec,
    before: ledger.Sheet,
    deal: Deal,
    number: int,
    form: DealForm | RequestDealForm,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    context = {
        "game": game,
        "spec": spec,
        "sheet": before,
        "form": form,
        "deal": deal,
        "number": number,
        "form_action": reverse("sheet:edit", args=[game.token, deal.position]),
        "form_htmx": False,
        "links": _links(request, game, False),
        "players": list(enumerate(spec.players)),
        "entry_word": spec.entry_word,
        **extra,
    }
    return render(request, "scoresheet/edit.html", context, status=status)


@require_POST
def undo(request: HtmxHttpRequest, token: str, position: int) -> HttpResponse:
    game = _game(token, False)
    key = _key(request)
    if store.already_done(game, key):
        return _done(request, game, gettext("That entry was already undone."), "undo")
    form = ActionForm(request.POST)
    if not form.is_valid():
        return _sheet_answer(request, game, status=400, problem=_first_error(form))
    if _stale(game, request):
        _, now = store.tail_state(game, store.spec_of(game))
        return _sheet_answer(
            request,
            game,
            status=409,
            conflict=_conflict_message(game, now.deals, "looking", "undo"),
        )
    gone = Deal.objects.filter(game=game, position=position).first()
    if gone is None:
        return _sheet_answer(
            request,
            game,
            status=404,
            problem=gettext("That entry is no longer on the sheet: it was undone."),
        )
    spec = store.spec_of(game)
    number = gone.state.get("n") if isinstance(gone.state, dict) and gone.kind == "deal" else None
    redone = store.recompute(game, spec, position, lambda deals: deals[1:])
    if redone.error is not None:
        redone.error.index = (redone.error.index or 0) + 1  # the numbering before the undo
        return _sheet_answer(
            request, game, status=409, problem=_later_message(game, redone.error, "without")
        )

    def write(locked: Game) -> None:
        store.save_states(redone.deals, locked.version + 1)
        gone.delete()
        store.bump(
            locked,
            key,
            "undo",
            position=position,
            kind=gone.kind,
            data=gone.data,
            number=number,
        )

    try:
        store.commit(game, game.version, write)
    except store.Duplicate:
        pass
    except store.Stale:
        game.refresh_from_db()
        return _conflict(request, game, "undo")
    what = _entry_words(game, gone.kind, number, gone.data)
    notice = gettext("{What} undone; every total is recomputed without it.").format(What=what)
    return _done(request, game, notice, "undo")


def _conflict(request: HtmxHttpRequest, game: Game, again: str) -> HttpResponse:
    """The 409 for an action sent against an older sheet: the sheet as it is now, and what
    to do again once it has been read."""
    return _sheet_answer(
        request, game, status=409, conflict=_conflict_message(game, 0, "looking", again)
    )


def _entry_words(game: Game, kind: str, number: int | None, data: dict[str, Any]) -> str:
    if kind == "deal":
        return entry_name(game.entry_word, number) if number else gettext("The deal")
    return {
        "horse": gettext("The horse"),
        "join": gettext("The player's arrival"),
        "leave": gettext("The player's leaving"),
    }[kind]


@require_POST
def restore(request: HtmxHttpRequest, token: str, change: int) -> HttpResponse:
    """Redo: put an undone entry back in its place; every total after it is recomputed."""
    game = _game(token, False)
    key = _key(request)
    if store.already_done(game, key):
        return _done(request, game, gettext("That entry was already restored."), "restore")
    form = ActionForm(request.POST)
    if not form.is_valid():
        return _sheet_answer(request, game, status=400, problem=_first_error(form))
    if _stale(game, request):
        return _conflict(request, game, "restore")
    undo = Change.objects.filter(game=game, action="undo", version=change).first()
    if undo is None or undo.detail.get("restored") or "data" not in undo.detail:
        return _sheet_answer(
            request,
            game,
            status=409,
            problem=gettext("That entry cannot be restored: it is back already."),
        )
    detail = undo.detail
    position = int(detail["position"])
    spec = store.spec_of(game)
    back = Deal(game=game, position=position, kind=detail["kind"], data=detail["data"])
    redone = store.recompute(game, spec, position, lambda deals: [back, *deals])
    if redone.error is not None:
        return _sheet_answer(
            request,
            game,
            status=409,
            problem=_later_message(game, redone.error, "back"),
        )

    def write(locked: Game) -> None:
        back.stamp = locked.version + 1
        back.save()
        store.save_states(redone.deals[1:], locked.version + 1)
        undo.detail = {**detail, "restored": True}
        undo.save(update_fields=["detail"])
        store.bump(locked, key, "redo", position=position, undo=change)

    try:
        store.commit(game, game.version, write)
    except store.Duplicate:
        pass
    except store.Stale:
        game.refresh_from_db()
        return _conflict(request, game, "restore")
    what = _entry_words(game, back.kind, detail.get("number"), back.data)
    notice = str(_NOTICES["restore"]).format(What=what)
    return _done(request, game, notice, "restore", position)


# --- A horse, players joining and leaving, finishing --------------------------------------------


def _append(
    request: HtmxHttpRequest,
    game: Game,
    spec: ledger.Spec,
    state: ledger.Running,
    entry: Entry,
    action: str,
    key: str,
    before_write: Callable[[Game], None] | None = None,
) -> tuple[bool, str]:
    """Take one entry that is not a deal through the ledger and write it. Returns
    (written, problem)."""
    try:
        after, row = ledger.step(spec, state, entry)
    except EntryError as error:
        return False, sentence(error.message)

    new = Deal(kind=entry.kind, data=dict(entry.data), state=ledger.dump_state(after, row))
    store.append(game, game.version, new, key, action, before_write=before_write)
    return True, ""


@require_POST
def horse(request: HtmxHttpRequest, token: str) -> HttpResponse:
    game = _game(token, False)
    key = _key(request)
    if store.already_done(game, key):
        return _done(request, game, gettext("That horse was already bought."), "horse")
    spec = store.spec_of(game)
    state, sheet = store.tail_state(game, spec)
    if _stale(game, request):
        return _sheet_answer(
            request, game, status=409, conflict=_conflict_message(game, sheet.deals)
        )
    form = HorseForm(spec, sheet, request.POST)
    if not form.is_valid():
        return _sheet_answer(request, game, status=400, problem=_first_error(form))
    player = form.cleaned_data["player"]
    try:
        ok, problem = _append(
            request, game, spec, state, Entry("horse", {"player": player}), "horse", key
        )
    except store.Duplicate:
        ok, problem = True, ""
    except store.Stale:
        return _sheet_answer(
            request, game, status=409, conflict=_conflict_message(game, sheet.deals)
        )
    if not ok:
        return _sheet_answer(request, game, status=400, problem=problem)
    notice = gettext("{player} bought a horse.").format(player=spec.players[player])
    return _done(request, game, notice, "horse")


@require_POST
def seats(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A late player joins the table (a new name, or someone back), or a player leaves."""
    game = _game(token, False)
    key = _key(request)
    if store.already_done(game, key):
        return _done(request, game, gettext("Done already."))
    spec = store.spec_of(game)
    state, sheet = store.tail_state(game, spec)
    form = SeatForm(spec, sheet, request.POST)
    if not form.is_valid():
        return _sheet_answer(request, game, status=400, seat_form=form, problem=_first_error(form))
    if _stale(game, request):
        return _sheet_answer(
            request, game, status=409, conflict=_conflict_message(game, sheet.deals)
        )
    action, seat, name = form.change()
    before_write = None
    if name is not None:
        seat = spec.n
        spec = ledger.Spec(
            spec.rules,
            (*spec.players, name),
            spec.stake,
            spec.options,
            spec.late | {seat},
        )
        state = ledger.load_state(spec, ledger.dump_state(state)) or state

        def before_write(locked: Game) -> None:
            Player.objects.create(game=locked, seat=seat, name=name, late=True)

    try:
        ok, problem = _append(
            request, game, spec, state, Entry(action, {"player": seat}), action, key, before_write
        )
    except store.Duplicate:
        ok, problem = True, ""
    except store.Stale:
        return _sheet_answer(
            request, game, status=409, conflict=_conflict_message(game, sheet.deals)
        )
    if not ok:
        return _sheet_answer(request, game, status=400, problem=problem)
    who = spec.players[seat]
    notice = (
        gettext("{who} joins the table: the next deals include {who}.")
        if action == "join"
        else gettext("{who} leaves the table: the next deals are dealt without {who}.")
    ).format(who=who)
    return _done(request, game, notice, action)


def _finish_or_reopen(request: HtmxHttpRequest, token: str, finish: bool) -> HttpResponse:
    game = _game(token, False)
    key = _key(request)
    done = "finish" if finish else "reopen"
    if store.already_done(game, key):
        return _done(request, game, gettext("Done already."), done)
    form = ActionForm(request.POST)
    if not form.is_valid():
        return _sheet_answer(request, game, status=400, problem=_first_error(form))
    if _stale(game, request):
        _, now = store.tail_state(game, store.spec_of(game))
        return _sheet_answer(request, game, status=409, conflict=_conflict_message(game, now.deals))

    def write(locked: Game) -> None:
        locked.finished_at = timezone.now() if finish else None
        store.bump(locked, key, done)

    try:
        store.commit(game, game.version, write)
    except store.Duplicate:
        pass
    except store.Stale:
        game.refresh_from_db()
        return _sheet_answer(request, game, status=409, conflict=_conflict_message(game, 0))
    return _done(request, game, str(_NOTICES[done]), done)


@require_POST
def finish(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _finish_or_reopen(request, token, True)


@require_POST
def reopen(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _finish_or_reopen(request, token, False)


# --- Export and print ---------------------------------------------------------------------------


def _filename(game: Game, ext: str) -> str:
    base = slugify(game.title) or f"{game.rules}-sheet"
    return f"{base}-{game.created_at:%Y-%m-%d}.{ext}"


def _whole(game: Game) -> tuple[ledger.Spec, ledger.Sheet, EntryError | None]:
    """The whole evening computed (for a file or the printed sheet)."""
    spec = store.spec_of(game)
    entries = [d.entry() for d in Deal.objects.filter(game=game).order_by("position")]
    try:
        return spec, ledger.compute(spec, entries), None
    except EntryError as error:
        assert error.index is not None
        return spec, ledger.compute(spec, entries[: error.index]), error


@require_safe
def export_json(request: HtmxHttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    game = _game(token, spectator)
    spec, sheet, broken = _whole(game)
    if broken is not None:
        return HttpResponse(
            gettext("Entry {number} no longer settles: fix it first.").format(
                number=(broken.index or 0) + 1
            ),
            status=409,
            content_type="text/plain; charset=utf-8",
        )
    body = serialize.export_json(game.title, game.finished, spec, sheet)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(game, "json")}"'
    return response


@require_safe
def export_csv(request: HtmxHttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    game = _game(token, spectator)
    spec, sheet, _ = _whole(game)
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerows(serialize.csv_rows(game.title, spec, sheet))
    response = HttpResponse("\ufeff" + buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(game, "csv")}"'
    return response


@require_safe
def print_view(request: HtmxHttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    game = _game(token, spectator)
    spec, sheet, broken = _whole(game)
    final = game.finished or sheet.over
    context = {
        "game": game,
        "spec": spec,
        "sheet": sheet,
        "rows": [(row, _cells(spec, row, every=True)) for row in sheet.rows],
        "broken": broken,
        "links": _links(request, game, spectator),
        "spectator": spectator,
        "players": list(enumerate(spec.players)),
        "money": spec.money,
        "entry_word": spec.entry_word,
        "settle_up": sheet.settle_up if final else [],
        "final": final,
        "printed_at": timezone.now(),
    }
    return render(request, "scoresheet/print.html", context)
