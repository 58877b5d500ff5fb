"""What happens at the table between deals: a horse bought, a late player joining, a
player leaving or coming back, the evening finished or reopened."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable

from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games.forms_util import sentence
from rulesite.htmx import HtmxHttpRequest

from .. import ledger, store
from ..forms import ActionForm, HorseForm, SeatForm, new_key
from ..ledger import Entry, EntryError
from ..models import Deal, Game, Player
from .answers import (
    NOTICES,
    SEAT_FIELDS,
    conflict,
    done,
    first_error,
    form_key,
    game_or_404,
    sealed,
    sheet_answer,
    stale,
)
from .deals import reopened


def _append(
    game: Game,
    spec: ledger.Spec,
    state: ledger.Running,
    entry: Entry,
    key: str,
    before_write: Callable[[Game], None] | None = None,
) -> str:
    """Take one entry that is not a deal through the ledger and write it (a form sent twice
    is written once). Returns the engine's refusal, or "" when written; :class:`store.Stale`
    when the sheet changed meanwhile."""
    try:
        after, row = ledger.step(spec, state, entry)
    except EntryError as error:
        return sentence(error.message)
    new = Deal(kind=entry.kind, data=dict(entry.data), state=ledger.dump_state(after, row))
    with contextlib.suppress(store.Duplicate):  # sent twice: written once
        store.append(game, game.version, new, key, entry.kind, before_write=before_write)
    return ""


@require_POST
def horse(request: HtmxHttpRequest, token: str) -> HttpResponse:
    game = game_or_404(token, False)
    key = form_key(request)
    if store.already_done(game, key):
        return done(request, game, gettext("That horse was already bought."), "horse")
    if game.finished:
        return sealed(request, game)
    spec = store.spec_of(game)
    state, sheet = store.tail_state(game, spec)
    if stale(game, request):
        return conflict(request, game, sheet.deals)
    form = HorseForm(spec, sheet, request.POST)
    if not form.is_valid():
        return sheet_answer(request, game, status=400, problem=first_error(form))
    player = form.cleaned_data["player"]
    try:
        problem = _append(game, spec, state, Entry("horse", {"player": player}), key)
    except store.Stale:  # the sheet as it is now, with the version to send again at
        game.refresh_from_db()
        return conflict(request, game)
    if problem:
        return sheet_answer(request, game, status=400, problem=problem)
    notice = gettext("{player} bought a horse.").format(player=spec.players[player])
    return done(request, game, notice, "horse")


@require_POST
def seats(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A late player joins the table (a new name, or someone back), or a player leaves."""
    game = game_or_404(token, False)
    key = form_key(request)
    if store.already_done(game, key):
        return done(request, game, gettext("Done already."))
    if game.finished:
        return sealed(request, game, "seats")
    spec = store.spec_of(game)
    state, sheet = store.tail_state(game, spec)
    form = SeatForm(spec, sheet, request.POST)
    if not form.is_valid():
        return sheet_answer(request, game, status=400, seat_form=form, problem=first_error(form))
    if stale(game, request):
        return conflict(request, game, sheet.deals, seat_form=form)
    action, seat, name = form.change()
    before_write = None
    if name is not None:
        seat = spec.n
        spec = ledger.Spec(
            spec.rules, (*spec.players, name), spec.stake, spec.options, spec.late | {seat}
        )
        state = ledger.load_state(spec, ledger.dump_state(state)) or state

        def before_write(locked: Game) -> None:
            Player.objects.create(game=locked, seat=seat, name=name, late=True)

    try:
        problem = _append(game, spec, state, Entry(action, {"player": seat}), key, before_write)
    except store.Stale:
        game.refresh_from_db()
        return conflict(request, game, seat_form=form)
    if problem:
        return sheet_answer(request, game, status=400, problem=problem)
    who = spec.players[seat]
    notice = (
        gettext("{who} joins the table: the next deals include {who}.")
        if action == "join"
        else gettext("{who} leaves the table: the next deals are dealt without {who}.")
    ).format(who=who)
    return done(request, game, notice, action)


_THEN = re.compile(r"record|seats|edit-[0-9]{1,9}")
"""What a reopen pressed in a refused form brings back (``then``): the deal form as typed,
the seat form, or a deal's edit page."""


def _finish_or_reopen(request: HtmxHttpRequest, token: str, finish: bool) -> HttpResponse:
    game = game_or_404(token, False)
    then = request.POST.get("then", "")
    then = then if not finish and _THEN.fullmatch(then) else ""
    # Pressed in a deal form: the form's own key is the deal's, the reopen has its own.
    key = form_key(request, "reopen_key" if "reopen_key" in request.POST else "key")
    what = "finish" if finish else "reopen"
    if store.already_done(game, key):
        return done(request, game, gettext("Done already."), what)
    posted = request.POST
    if "reopen_key" in posted:
        posted = {**posted.dict(), "key": posted["reopen_key"]}  # type: ignore[assignment]
    form = ActionForm(posted)
    if not form.is_valid():
        return sheet_answer(request, game, status=400, problem=first_error(form))
    if stale(game, request):
        _, now = store.tail_state(game, store.spec_of(game))
        return conflict(request, game, now.deals)
    if finish and game.finished:
        return sealed(request, game)
    if not finish and not game.finished:
        problem = gettext("This sheet is open already: nothing to reopen.")
        return sheet_answer(request, game, status=409, problem=problem)

    def write(locked: Game) -> None:
        locked.finished_at = timezone.now() if finish else None
        store.bump(locked, key, what)

    try:
        store.commit(game, game.version, write)
    except store.Duplicate:
        pass
    except store.Stale:
        game.refresh_from_db()
        return conflict(request, game)
    if then:
        game.refresh_from_db()
        return _reopened(request, game, then)
    return done(request, game, str(NOTICES[what]), what)


def _reopened(request: HtmxHttpRequest, game: Game, then: str) -> HttpResponse:
    """After a reopen pressed in a form the finished sheet refused: that form again, as
    typed, at the sheet's version now, to send."""
    if then == "seats":
        spec = store.spec_of(game)
        _, sheet = store.tail_state(game, spec)
        data = {k: request.POST.get(k, "") for k in SEAT_FIELDS}
        form = SeatForm(spec, sheet, {**data, "version": game.version, "key": new_key()})
        notice = gettext("The sheet is open again; what you typed is in the form below.")
        return sheet_answer(request, game, seat_form=form, notice=notice)
    notice = gettext("The sheet is open again; your deal is in the form below: send it again.")
    return reopened(request, game, then, notice)


@require_POST
def finish(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _finish_or_reopen(request, token, True)


@require_POST
def reopen(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _finish_or_reopen(request, token, False)
