"""Undoing an entry and restoring it (redo): every total after it is recomputed from the
state stored before it, and written under the game row's lock (:func:`store.commit`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from rulesite.htmx import HtmxHttpRequest

from .. import store
from ..changes import tell
from ..ledger import EntryError
from ..models import Change, Deal, Game
from ..words import entry_noun
from .answers import (
    NOTICES,
    conflict,
    done,
    entry_words,
    finished_words,
    form_key,
    game_or_404,
    page_number,
    refused_change,
    sheet_answer,
)
from .context import links

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


def later_message(game: Game, error: EntryError, what: str) -> str:
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


@require_POST
def undo(request: HtmxHttpRequest, token: str, position: int) -> HttpResponse:
    """Take an entry off the sheet; every total after it is recomputed. Deals recorded at the
    end since the page was drawn do not refuse it (an entry keeps its position, so it is the
    one that was seen): they follow, as they follow an edit."""
    game = game_or_404(token, False)
    key = form_key(request)
    refused = refused_change(
        request,
        game,
        key,
        already=gettext("That entry was already undone."),
        what="undo",
        again="undo",
    )
    if refused is not None:
        return refused
    gone = Deal.objects.filter(game=game, position=position).first()
    if gone is None:
        problem = gettext("That entry is no longer on the sheet: it was undone.")
        return sheet_answer(request, game, status=404, problem=problem)
    spec = store.spec_of(game)
    number = gone.state.get("n") if isinstance(gone.state, dict) and gone.kind == "deal" else None
    redone = store.recompute(game, spec, position, lambda deals: deals[1:])
    if redone.error is not None:
        redone.error.index = (redone.error.index or 0) + 1  # the numbering before the undo
        problem = later_message(game, redone.error, "without")
        return sheet_answer(request, game, status=409, problem=problem)

    def write(locked: Game) -> None:
        store.save_states(redone.deals, locked.version + 1)
        gone.delete()
        detail: dict[str, Any] = {"kind": gone.kind, "data": gone.data, "number": number}
        store.bump(locked, key, "undo", position=position, **detail)

    try:
        store.commit(game, game.version, write)
    except store.Duplicate:
        pass
    except store.Stale:
        game.refresh_from_db()
        return conflict(request, game, again="undo", doing="looking")
    notice = str(NOTICES["undo"]).format(What=entry_words(game, gone.kind, number))
    return done(request, game, notice, "undo")


@require_POST
def restore(request: HtmxHttpRequest, token: str, change: int) -> HttpResponse:
    """Redo: put an undone entry back in its place; every total after it is recomputed, the
    deals recorded at the end since the page was drawn too (they follow, as for an undo)."""
    game = game_or_404(token, False)
    key = form_key(request)
    refused = refused_change(
        request,
        game,
        key,
        already=gettext("That entry was already restored."),
        what="restore",
        again="restore",
    )
    if refused is not None:
        return refused
    undone = Change.objects.filter(game=game, action="undo", version=change).first()
    if undone is None or undone.detail.get("restored") or "data" not in undone.detail:
        problem = gettext("That entry cannot be restored: it is back already.")
        return sheet_answer(request, game, status=409, problem=problem)
    detail = undone.detail
    position = int(detail["position"])
    spec = store.spec_of(game)
    back = Deal(game=game, position=position, kind=detail["kind"], data=detail["data"])
    redone = store.recompute(game, spec, position, lambda deals: [back, *deals])
    if redone.error is not None:
        problem = later_message(game, redone.error, "back")
        return sheet_answer(request, game, status=409, problem=problem)

    def write(locked: Game) -> None:
        back.stamp = locked.version + 1
        back.save()
        store.save_states(redone.deals[1:], locked.version + 1)
        undone.detail = {**detail, "restored": True}
        undone.save(update_fields=["detail"])
        store.bump(locked, key, "redo", position=position, undo=change)

    try:
        store.commit(game, game.version, write)
    except store.Duplicate:
        pass
    except store.Stale:
        game.refresh_from_db()
        return conflict(request, game, again="restore", doing="looking")
    what = entry_words(game, back.kind, detail.get("number"))
    notice = str(NOTICES["restore"]).format(What=what)
    return done(request, game, notice, "restore", position)


PAGE = 50
"""Changes on one page of a sheet's history (the latest first; older ones a link away)."""


@require_safe
def changes(request: HtmxHttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    """The sheet's history: every change in words, the latest first, with what an edit
    changed and what an undo took away; for the scorers, a button that puts an edited deal
    back as it was."""
    game = game_or_404(token, spectator)
    before = page_number(request.GET.get("before", ""))
    query = Change.objects.filter(game=game).order_by("-version")
    if before is not None:
        query = query.filter(version__lt=before)
    chunk = list(query[: PAGE + 1])
    older = chunk[PAGE - 1].version if len(chunk) > PAGE else None
    spec = store.spec_of(game)
    context = {
        "game": game,
        "spec": spec,
        "told": tell(spec, chunk[:PAGE]),
        "older": older,
        "newer": before is not None,
        "links": links(request, game, spectator),
        "spectator": spectator,
        "can_edit": not spectator and not game.finished,
        "sealed_words": finished_words(game) if game.finished else "",
    }
    return render(request, "scoresheet/history.html", context)
