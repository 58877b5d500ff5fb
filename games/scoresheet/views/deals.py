"""Recording a deal and editing one.

A deal is read by its form (:func:`~games.scoresheet.forms.deal_form`: the game's kind
decides which), taken one step through the ledger from the state stored with the last
entry, and written by :func:`store.append` (one UPDATE that checks the version, two
INSERTs, in one transaction): the 300th deal costs what the 10th did. A form filled in
against an older version of the sheet gets a 409 with everything typed kept; a form sent
twice is recorded once (its key)."""

from __future__ import annotations

import contextlib
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from rulesite.htmx import HtmxHttpRequest

from .. import ledger, store
from ..forms import DealForm, RequestDealForm, deal_form, entry_initial
from ..ledger import Entry, EntryError
from ..models import Change, Deal, Game
from ..words import entry_name
from .answers import (
    NOTICES,
    changed_since,
    conflict,
    conflict_message,
    done,
    finished_words,
    form_key,
    game_or_404,
    refused_change,
    see_other,
    sheet_answer,
    stale,
    with_version,
)
from .context import links, sheet_context
from .history import later_message

_ONCE = gettext_lazy("That deal was already recorded; it counts once.")
EDIT_ATTEMPTS = 4
"""How many times an edit is written, the deals recorded while it was computed added to
it each time (outside the write lock), before it answers 409."""


@require_POST
def record(request: HtmxHttpRequest, token: str) -> HttpResponse:
    game = game_or_404(token, False)
    key = form_key(request)
    spec = store.spec_of(game)
    state, sheet, latest = store.tail(game, spec, store.WINDOW)
    if game.finished or sheet.over or stale(game, request):
        # A form sent twice comes back stale: the first one moved the version on.
        if store.already_done(game, key):
            return done(request, game, str(_ONCE))
        if game.finished:
            return _sealed(request, game, spec, sheet)
        if sheet.over:
            problem = gettext("The game is over: no deal can follow the last one.")
            return sheet_answer(request, game, status=409, problem=problem)
        return _changed_meanwhile(request, game, spec, sheet, sheet.deals)
    form = deal_form(spec, sheet, request.POST)
    if form.edited:  # a player added, a pair divided: the form in its new shape
        form.is_valid()
        return _form_answer(request, game, spec, sheet, form, status=200)
    if not form.is_valid() or form.has_errors:
        return _form_answer(request, game, spec, sheet, form)
    entry = Entry("deal", form.cleaned_entry)
    try:
        after, row = ledger.step(spec, state, entry)
    except EntryError as error:
        form.engine_error(error)
        return _form_answer(request, game, spec, sheet, form)
    new = Deal(kind="deal", data=dict(entry.data), state=ledger.dump_state(after, row))
    try:
        store.append(game, game.version, new, key, "record")
    except store.Duplicate:
        return done(request, game, str(_ONCE))
    except store.Stale:
        if store.already_done(game, key):
            return done(request, game, str(_ONCE))
        game.refresh_from_db()
        return _changed_meanwhile(request, game, spec, sheet, sheet.deals + 1)
    if not request.htmx:
        at = new.position
        return see_other(reverse("sheet:sheet", args=[token]) + f"?done=record&at={at}#deal-{at}")
    recorded = ledger.summarise(spec, after)
    window = store.Window(game, spec, recorded, [new], state, [after])
    window.extra["latest"] = [*latest, new]  # the chart's points, read with the tail
    window.rows = [(row, new)]  # computed already: the step just taken
    window.detail = 1
    notice = str(NOTICES["record"]).format(What=entry_name(spec.entry_word, after.number))
    context = sheet_context(request, window, oob=True, notice=notice)
    return render(request, "scoresheet/sheet.html#recorded", context)


def _sealed(
    request: HtmxHttpRequest, game: Game, spec: ledger.Spec, sheet: ledger.Sheet
) -> HttpResponse:
    """409: the sheet was finished (perhaps by another phone meanwhile); the deal form as
    typed, at the sheet's version now, says why and offers to reopen the evening with the
    deal kept in the form."""
    form = deal_form(spec, sheet, with_version(request, game.version))
    form.is_valid()
    form.add_error(None, finished_words(game))
    return _form_answer(request, game, spec, sheet, form, status=409, sealed=True)


def reopened(request: HtmxHttpRequest, game: Game, then: str, notice: str) -> HttpResponse:
    """The answer to "reopen" pressed in a deal form a finished sheet refused: the form
    again as typed, at the sheet's version now, ready to send (``then``: ``record``, or
    ``edit-<position>``: the deal's edit page)."""
    spec = store.spec_of(game)
    data = with_version(request, game.version)
    if then.startswith("edit-"):
        deal = _deal_or_404(game, int(then.removeprefix("edit-")))
        before = _state_before(game, spec, deal.position)
        form = deal_form(spec, before, data)
        form.is_valid()
        return _render_edit(request, game, before, deal, form, notice=notice)
    _, sheet = store.tail_state(game, spec)
    form = deal_form(spec, sheet, data)
    form.is_valid()
    return sheet_answer(request, game, form=form, notice=notice)


def _changed_meanwhile(
    request: HtmxHttpRequest, game: Game, spec: ledger.Spec, sheet: ledger.Sheet, deals: int
) -> HttpResponse:
    """409: the sheet as it is now, the deal form as typed at its version now."""
    form = deal_form(spec, sheet, with_version(request, game.version))
    form.is_valid()
    words = conflict_message(game, deals)
    return sheet_answer(request, game, status=409, form=form, conflict=words)


def _form_answer(
    request: HtmxHttpRequest,
    game: Game,
    spec: ledger.Spec,
    sheet: ledger.Sheet,
    form: DealForm | RequestDealForm,
    status: int = 400,
    **extra: Any,
) -> HttpResponse:
    """A deal form with its errors (or reshaped by an editing button, ``status`` 200): for
    htmx, only the form, swapped in its place (the page keeps its header and styles);
    without JavaScript, the whole sheet."""
    if not request.htmx:
        return sheet_answer(request, game, status=status, form=form, **extra)
    context = {
        "game": game,
        "spec": spec,
        "sheet": sheet,
        "form": form,
        "form_action": reverse("sheet:record", args=[game.token]),
        "form_htmx": True,
        "entry_word": spec.entry_word,
        "links": links(request, game, False),
        **extra,
    }
    response = render(request, "scoresheet/sheet.html#deal-form", context, status=status)
    response["HX-Retarget"] = "#deal-form"
    response["HX-Reswap"] = "outerHTML"
    return response


# --- Editing a deal ------------------------------------------------------------------------------


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


def _render_edit(
    request: HtmxHttpRequest,
    game: Game,
    before: ledger.Sheet,
    deal: Deal,
    form: DealForm | RequestDealForm,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    spec = form.spec
    context = {
        "game": game,
        "spec": spec,
        "sheet": before,
        "form": form,
        "deal": deal,
        "number": before.deals + 1,
        "form_action": reverse("sheet:edit", args=[game.token, deal.position]),
        "form_htmx": False,
        "links": links(request, game, False),
        "players": list(enumerate(spec.players)),
        "entry_word": spec.entry_word,
        **extra,
    }
    return render(request, "scoresheet/edit.html", context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def edit(request: HtmxHttpRequest, token: str, position: int) -> HttpResponse:
    game = game_or_404(token, False)
    deal = _deal_or_404(game, position)
    spec = store.spec_of(game)
    before = _state_before(game, spec, position)
    if request.method != "POST":
        initial = {**entry_initial(spec, deal.kind, deal.data), "version": game.version}
        form = deal_form(spec, before, initial=initial)
        if game.finished:  # sealed: the deal as it is, and how to reopen the evening
            problem = finished_words(game)
            return _render_edit(request, game, before, deal, form, sealed=True, problem=problem)
        return _render_edit(request, game, before, deal, form)
    key = form_key(request)
    if store.already_done(game, key):
        return done(request, game, gettext("That change was already saved."), "edit", position)
    if game.finished:
        form = deal_form(spec, before, with_version(request, game.version))
        form.is_valid()
        form.add_error(None, finished_words(game))
        return _render_edit(request, game, before, deal, form, status=409, sealed=True)

    def changed_meanwhile() -> HttpResponse:
        """409: the form again as typed, at the sheet's version now, and what it holds."""
        form = deal_form(spec, before, with_version(request, game.version))
        form.is_valid()
        _, now = store.tail_state(game, spec)
        words = conflict_message(game, now.deals)
        return _render_edit(request, game, before, deal, form, status=409, conflict=words)

    # Deals recorded meanwhile by the other phones come after this one: the edit still
    # means what it meant, and the deals after it are recomputed with it.
    if changed_since(game, request):
        return changed_meanwhile()
    form = deal_form(spec, before, request.POST)
    if form.edited:
        form.is_valid()
        return _render_edit(request, game, before, deal, form)
    if not form.is_valid() or form.has_errors:
        return _render_edit(request, game, before, deal, form, status=400)
    new_data = form.cleaned_entry

    try:
        error = _save_edit(game, spec, key, deal, new_data)
    except store.Stale:
        return changed_meanwhile()
    if error is not None:
        if error.index == before.state.index:
            form.engine_error(error)
        else:
            form.add_error(None, later_message(game, error, "change"))
        return _render_edit(request, game, before, deal, form, status=400)
    return see_other(
        reverse("sheet:sheet", args=[token]) + f"?done=edit&at={position}#deal-{position}"
    )


def _save_edit(
    game: Game, spec: ledger.Spec, key: str, deal: Deal, data: dict[str, Any], **more: Any
) -> EntryError | None:
    """Write ``deal`` as ``data`` with every state after it recomputed, outside the write
    lock. Deals recorded meanwhile by the phones at the table follow it: the edit is
    written again with them (:func:`store.recorded_after`), up to :data:`EDIT_ATTEMPTS`
    times. Returns the engine's refusal, or None once written; raises :class:`store.Stale`
    (the game refreshed) when the sheet changed in any other way: the scorer sees it first."""

    def replace(deals: list[Deal]) -> list[Deal]:
        deals[0].data = data
        return deals

    redone = store.recompute(game, spec, deal.position, replace)
    for attempt in range(EDIT_ATTEMPTS):
        if redone.error is not None:
            return redone.error
        seen = game.version
        try:
            _write_edit(game, key, deal, redone, data, **more)
            return None
        except store.Stale:
            game.refresh_from_db()
            last = attempt == EDIT_ATTEMPTS - 1
            if last or game.finished or not store.only_recorded_since(game, seen):
                raise
            redone = store.recorded_after(game, spec, redone) or store.recompute(
                game, spec, deal.position, replace
            )
    raise store.Stale  # not reached: the last attempt returns or raises


def _write_edit(
    game: Game,
    key: str,
    deal: Deal,
    redone: store.Recomputed,
    new_data: dict[str, Any],
    **more: Any,
) -> None:
    """Write an edit of ``deal`` (its states recomputed in ``redone``), keeping in the
    change the deal as it was and as it becomes (the sheet's history shows both, and can
    put the earlier one back). Raises :class:`store.Stale`."""
    number = deal.state.get("n") if isinstance(deal.state, dict) else None
    detail = {"position": deal.position, "number": number, "before": deal.data, "after": new_data}

    def write(locked: Game) -> None:
        store.save_states(redone.deals, locked.version + 1)
        Deal.objects.filter(pk=redone.deals[0].pk).update(data=new_data)
        store.bump(locked, key, "edit", **detail, **more)

    with contextlib.suppress(store.Duplicate):
        store.commit(game, game.version, write)


@require_POST
def put_back(request: HtmxHttpRequest, token: str, change: int) -> HttpResponse:
    """Put an edited deal back as it was before the edit (itself an edit, in the history):
    refused, as an edit is, when the sheet changed since the history page was drawn in
    another way than deals recorded at its end; those follow it."""
    game = game_or_404(token, False)
    key = form_key(request)
    refused = refused_change(
        request,
        game,
        key,
        already=gettext("That deal was already put back."),
        what="edit",
        again="send",
    )
    if refused is not None:
        return refused
    edited = Change.objects.filter(game=game, action="edit", version=change).first()
    before = edited.detail.get("before") if edited is not None else None
    if edited is None or not isinstance(before, dict):
        raise Http404(gettext("This sheet has no such edit with its earlier content kept."))
    deal = Deal.objects.filter(game=game, position=edited.detail.get("position")).first()
    if deal is None:
        problem = gettext("That entry is no longer on the sheet: it was undone.")
        return sheet_answer(request, game, status=409, problem=problem)
    try:
        error = _save_edit(game, store.spec_of(game), key, deal, before, put_back=change)
    except store.Stale:
        return conflict(request, game, doing="looking")
    if error is not None:
        problem = later_message(game, error, "change")
        return sheet_answer(request, game, status=409, problem=problem)
    return done(request, game, gettext("The deal is back as it was."), "edit", deal.position)
