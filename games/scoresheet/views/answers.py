"""How the sheet's views answer: the sheet as it is now (the page, or its ``#sheet``
partial for htmx, with a problem, a conflict or a form with errors), a redirect after a
change, the 409's words, and what a posted form says of itself (its version, its key)."""

from __future__ import annotations

import re
from typing import Any, NoReturn

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, ngettext

from rulesite.htmx import HtmxHttpRequest

from .. import limits, store
from ..forms import ActionForm, new_key
from ..models import Change, Deal, Game, ReplacedLink, digest
from ..words import entry_count, entry_name, moment
from .context import sheet_context


class LinkReplaced(Http404):
    """A sheet's link its keeper replaced: the site's 404 handler answers 410 with a page
    that says so (:func:`rulesite.errors.page_not_found`)."""

    def __init__(self, replaced: ReplacedLink) -> None:
        super().__init__("This link was replaced by the sheet's keeper.")
        self.replaced = replaced


def replaced_page(request: HttpRequest, exception: LinkReplaced) -> HttpResponse:
    """410: this link was a sheet's, and its keeper replaced it."""
    replaced = exception.replaced
    context = {"spectator": replaced.spectator, "when": moment(replaced.replaced_at)}
    response = render(request, "scoresheet/replaced.html", context, status=410)
    response["Cache-Control"] = "no-store"
    return response


def gone_or_404(token: str, spectator: bool) -> NoReturn:
    """No sheet has this link: :class:`LinkReplaced` if it was one of a sheet's, replaced
    since, else a plain 404."""
    replaced = ReplacedLink.objects.filter(digest=digest(token), spectator=spectator).first()
    if replaced is not None:
        raise LinkReplaced(replaced)
    raise Http404(gettext("No score sheet has this link."))


def game_or_404(token: str, spectator: bool) -> Game:
    game = Game.objects.filter(**{"view_token" if spectator else "token": token}).first()
    if game is None:
        gone_or_404(token, spectator)
    return game


def render_sheet(
    request: HtmxHttpRequest,
    window: store.Window,
    *,
    spectator: bool = False,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    """The sheet page, or its ``#sheet`` partial for htmx (an error answer is swapped
    over the whole sheet)."""
    template = "scoresheet/sheet.html#sheet" if request.htmx else "scoresheet/sheet.html"
    context = sheet_context(request, window, spectator=spectator, **extra)
    response = render(request, template, context, status=status)
    if request.htmx and status >= 400:
        response["HX-Retarget"] = "#sheet"
        response["HX-Reswap"] = "outerHTML"
    return response


def sheet_answer(
    request: HtmxHttpRequest,
    game: Game,
    *,
    spectator: bool = False,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    """The sheet as it is now, with what this answer says (``notice``, ``problem``,
    ``conflict``, a ``form`` as typed)."""
    return render_sheet(request, store.load(game), spectator=spectator, status=status, **extra)


def see_other(url: str) -> HttpResponseRedirect:
    """POST/redirect/GET: 303 makes every browser follow with a GET."""
    response = HttpResponseRedirect(url)
    response.status_code = 303
    return response


def done(
    request: HtmxHttpRequest, game: Game, notice: str, what: str = "", at: int | None = None
) -> HttpResponse:
    """After a change: htmx gets the fresh sheet, a plain form a redirect (POST/redirect/GET)
    to the sheet, which says what was done (``what``, at position ``at``)."""
    game.refresh_from_db()
    if request.htmx:
        return sheet_answer(request, game, notice=notice)
    url = reverse("sheet:sheet", args=[game.token])
    if what:
        url += f"?done={what}" + (f"&at={at}" if at is not None else "")
    if at is not None and what in ("record", "edit", "restore"):
        url += f"#deal-{at}"
    return see_other(url)


NOTICES = {
    "record": gettext_lazy("{What} recorded."),
    "edit": gettext_lazy("{What} saved; every total after it is recomputed."),
    "undo": gettext_lazy("{What} undone; every total is recomputed without it."),
    "restore": gettext_lazy("{What} restored; every total after it is recomputed."),
    "horse": gettext_lazy("The horse is bought."),
    "join": gettext_lazy("Welcome to the table: the next deals include the new player."),
    "leave": gettext_lazy("Left the table: the next deals are dealt without that player."),
    "finish": gettext_lazy(
        "The evening is finished: the final standings and who pays whom are below."
    ),
    "reopen": gettext_lazy("The sheet is open again."),
    "link-write": gettext_lazy(
        "The scorers' link is replaced: the old one no longer works. Give the new one below "
        "to the other scorers."
    ),
    "link-read": gettext_lazy(
        "The read-only link is replaced: the old one no longer works. Show the new one below "
        "to the table."
    ),
}
"""What the sheet says after a change, by the change (``?done=`` after a redirect)."""


def page_number(raw: str) -> int | None:
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 10 else None


def number_at(game: Game, position: int) -> int | None:
    """The number of the deal at ``position`` (None: not a deal, or gone)."""
    deal = Deal.objects.filter(game=game, position=position).only("state", "kind").first()
    if deal is None or deal.kind != "deal" or not isinstance(deal.state, dict):
        return None
    return deal.state.get("n")


_ENTRIES = {
    "horse": gettext_lazy("The horse"),
    "join": gettext_lazy("The player's arrival"),
    "leave": gettext_lazy("The player's leaving"),
}


def entry_words(game: Game, kind: str, number: int | None) -> str:
    """An entry named in a notice: ``Deal 3``, ``The horse``."""
    if kind == "deal":
        return entry_name(game.entry_word, number) if number else gettext("The deal")
    return str(_ENTRIES.get(kind, gettext("The deal")))


def notice_of(game: Game, request: HtmxHttpRequest) -> str:
    """The notice a redirected page shows: what was done (``?done=…&at=…``; an entry undone
    is named by the last undo, as its place is empty now)."""
    what = request.GET.get("done", "")
    if what not in NOTICES:
        return ""
    name = gettext("The deal")
    at = page_number(request.GET.get("at", ""))
    if at is not None:
        number = number_at(game, at)
        if number is not None:
            name = entry_name(game.entry_word, number)
    elif what == "undo":
        last = Change.objects.filter(game=game, action="undo").order_by("-version").first()
        if last is not None:
            name = entry_words(game, last.detail.get("kind", ""), last.detail.get("number"))
    return str(NOTICES[what]).format(What=name)


# --- What a posted form says of itself ---------------------------------------------------------


def posted_version(request: HtmxHttpRequest) -> int | None:
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        return None
    return version if version >= 0 else None


def stale(game: Game, request: HtmxHttpRequest) -> bool:
    """The form was filled in against another version of the sheet."""
    posted = posted_version(request)
    return posted is not None and posted != game.version


def changed_since(game: Game, request: HtmxHttpRequest) -> bool:
    """The form was filled in against another version of the sheet, and the sheet changed
    since in a way other than deals recorded at its end (an edit, an undo or a restore, a
    seat, the finish): a change of an earlier entry (an edit, a put-back) is refused so,
    while deals the phones at the table recorded meanwhile follow it
    (:func:`store.only_recorded_since`)."""
    posted = posted_version(request)
    if posted is None or posted == game.version:
        return False
    return not store.only_recorded_since(game, posted)


_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


def form_key(request: HtmxHttpRequest, name: str = "key") -> str:
    """The form's key, as the site writes them; anything else is no key (a fresh one)."""
    key = request.POST.get(name, "")
    return key if _KEY.fullmatch(key) else new_key()


def with_version(request: HtmxHttpRequest, version: int) -> Any:
    """What was posted, at the sheet's ``version`` now (a 409's form, to send again)."""
    data = request.POST.copy()
    data["version"] = str(version)
    return data


def first_error(form: Any) -> str:
    for errors in form.errors.values():
        return str(errors[0])
    return gettext("The form is not valid.")


# --- A finished sheet is sealed ----------------------------------------------------------------

SEAT_FIELDS = ("name", "leave", "back")
"""What the seat form sends: kept by a refusal, to send again once the sheet is reopened."""


def finished_words(game: Game) -> str:
    """Why a finished sheet refuses a change, with when it was finished."""
    assert game.finished_at is not None
    return gettext("This evening was finished on {when}; reopen it to change it.").format(
        when=moment(game.finished_at)
    )


def sealed(request: HtmxHttpRequest, game: Game, then: str = "") -> HttpResponse:
    """409 for a change to a finished sheet: the sheet as it is, why, and a button that
    reopens it (``then``: ``seats``, the seat form comes back as typed)."""
    kept = [(k, v) for k in SEAT_FIELDS if (v := request.POST.get(k, ""))] if then else []
    return sheet_answer(
        request, game, status=409, problem=finished_words(game), sealed=True, then=then, kept=kept
    )


# --- Conflicts -----------------------------------------------------------------------------------

_DOING = {
    "form": gettext_lazy("filling in the form"),
    "looking": gettext_lazy("looking at it"),
}
_AGAIN = {
    "send": gettext_lazy("send it again"),
    "undo": gettext_lazy("undo the deal again"),
    "restore": gettext_lazy("restore it again"),
}


def refused_change(
    request: HtmxHttpRequest,
    game: Game,
    key: str,
    *,
    already: str,
    what: str,
    again: str,
) -> HttpResponse | None:
    """The answer to an undo, a redo or a put-back that must not go ahead, else None: sent
    before (its key done: ``already`` said, as ``what`` was done), the sheet finished, the
    form wrong, or sent against a sheet changed since in another way than deals recorded at
    its end (a 409 saying what to do ``again``); those follow the change, as they follow an
    edit (:func:`changed_since`)."""
    if store.already_done(game, key):
        return done(request, game, already, what)
    if game.finished:
        return sealed(request, game)
    form = ActionForm(request.POST)
    if not form.is_valid():
        return sheet_answer(request, game, status=400, problem=first_error(form))
    if changed_since(game, request):
        return conflict(request, game, again=again, doing="looking")
    return None


def conflict_message(game: Game, deals: int, doing: str = "form", again: str = "send") -> str:
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


def conflict(
    request: HtmxHttpRequest,
    game: Game,
    deals: int | None = None,
    again: str = "send",
    doing: str = "form",
    **kept: Any,
) -> HttpResponse:
    """The 409 for a form sent against an older sheet: the sheet as it is now (``deals``:
    how many it holds, counted when not given), and what to do again once it has been
    read; ``kept``: the form as typed (``seat_form``)."""
    if deals is None:
        deals = store.tail_state(game, store.spec_of(game))[1].deals
    words = conflict_message(game, deals, doing, again)
    return sheet_answer(request, game, status=409, conflict=words, **kept)


def limited(request: HtmxHttpRequest, what: str) -> HttpResponse | None:
    """429 when this address started or imported too many sheets lately (``what``)."""
    wait = limits.wait(request)
    if wait is None:
        return None
    count, seconds = limits.rate()
    # What was typed to start a sheet goes back with the refusal, to send again as it is (an
    # import is refused before its body is read: its file is still on the phone).
    kept = (
        [
            (name, value)
            for name, values in request.POST.lists()
            if name != "csrfmiddlewaretoken"
            for value in values
        ]
        if what == "start"
        else []
    )
    response = render(
        request,
        "scoresheet/limited.html",
        {"what": what, "count": count, "seconds": seconds, "wait": wait, "kept": kept},
        status=429,
    )
    response["Retry-After"] = str(wait)
    return response
