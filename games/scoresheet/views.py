"""The score sheet's pages: start, the sheet (recorders and spectators), the deal forms, the
cheap polling fragment, export, import and print.

Every change runs inside ``transaction.atomic()`` with the game row locked
(``select_for_update``; on SQLite the IMMEDIATE transaction mode takes the write lock at
the start), after checking the form's idempotency key (a form sent twice counts once)
and the sheet's version (a form filled in against an older sheet gets a 409 with the
current sheet and everything typed kept).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from . import ledger, serialize
from .forms import (
    ActionForm,
    DealForm,
    HorseForm,
    ImportForm,
    StartForm,
    deal_initial,
    entry_initial,
    new_key,
)
from .ledger import Entry, EntryError
from .models import Change, Deal, Game, Player

POLL_SECONDS = 3


# --- Loading a sheet ----------------------------------------------------------------------------


@dataclass
class State:
    """A game with its players and deals, replayed through the ledger (three queries)."""

    game: Game
    deals: list[Deal]
    spec: ledger.Spec
    sheet: ledger.Sheet
    broken: EntryError | None = None

    @classmethod
    def load(cls, game: Game) -> State:
        names = list(game.players.values_list("name", flat=True))
        deals = list(game.deals.all())
        spec = game.spec(names)
        sheet, broken = compute_safe(spec, [d.entry() for d in deals])
        return cls(game, deals, spec, sheet, broken)

    @property
    def entries(self) -> list[Entry]:
        return [d.entry() for d in self.deals]

    def rows(self) -> list[tuple[ledger.Row, Deal, list[Cell]]]:
        """Each computed row with its stored deal and one cell per player, ready to show."""
        out = []
        for row, deal in zip(self.sheet.rows, self.deals, strict=False):
            hands = {h.seat: h for h in row.hands}
            bought = row.entry.data.get("bought") or [0] * self.spec.n
            cells = [
                Cell(
                    seat,
                    name,
                    hands.get(seat),
                    row.net[seat],
                    row.totals[seat],
                    bought[seat],
                    seat == row.dealer,
                )
                for seat, name in enumerate(self.spec.players)
            ]
            out.append((row, deal, cells))
        return out


@dataclass(frozen=True)
class Cell:
    """One player's line in a deal: his hand or result, what he bought, his account."""

    seat: int
    name: str
    hand: ledger.HandLine | None
    net: Any
    total: Any
    bought: int
    dealer: bool


def compute_safe(spec: ledger.Spec, entries: list[Entry]) -> tuple[ledger.Sheet, EntryError | None]:
    """The sheet, or, if a stored deal no longer settles (the engine changed its mind), the
    sheet up to that deal and the error, so the page can say which deal to fix."""
    try:
        return ledger.compute(spec, entries), None
    except EntryError as error:
        assert error.index is not None
        return ledger.compute(spec, entries[: error.index]), error


def _game(token: str, spectator: bool) -> Game:
    return get_object_or_404(Game, **{"view_token" if spectator else "token": token})


def _locked(token: str) -> Game:
    """The game row, locked for the rest of the transaction."""
    game = Game.objects.select_for_update().filter(token=token).first()
    if game is None:
        raise Http404("No score sheet has this link.")
    return game


# --- Rendering ----------------------------------------------------------------------------------


def _links(request: HttpRequest, game: Game, spectator: bool) -> dict[str, str]:
    links = {
        "spectate": request.build_absolute_uri(reverse("sheet:spectate", args=[game.view_token])),
    }
    if spectator:
        token, prefix = game.view_token, "sheet:spectate_"
        links["live"] = reverse("sheet:spectate_live", args=[token])
    else:
        token, prefix = game.token, "sheet:"
        links["live"] = reverse("sheet:live", args=[token])
        links["edit"] = request.build_absolute_uri(reverse("sheet:sheet", args=[token]))
        links["record"] = reverse("sheet:record", args=[token])
        links["horse"] = reverse("sheet:horse", args=[token])
        links["finish"] = reverse("sheet:finish", args=[token])
        links["reopen"] = reverse("sheet:reopen", args=[token])
        links["sheet"] = reverse("sheet:sheet", args=[token])
    links["csv"] = reverse(prefix + "export_csv", args=[token])
    links["json"] = reverse(prefix + "export_json", args=[token])
    links["print"] = reverse(prefix + "print", args=[token])
    links["page"] = reverse("sheet:spectate" if spectator else "sheet:sheet", args=[token])
    return links


def sheet_context(
    request: HttpRequest,
    state: State,
    *,
    spectator: bool = False,
    form: DealForm | None = None,
    **extra: Any,
) -> dict[str, Any]:
    game, spec, sheet = state.game, state.spec, state.sheet
    can_edit = not spectator
    if can_edit and form is None and not game.finished and not sheet.over:
        form = DealForm(spec, sheet, initial={**deal_initial(spec, sheet), "version": game.version})
    horse_form = None
    if can_edit and sheet.may_buy_horse and not game.finished:
        horse_form = HorseForm(spec, sheet, initial={"version": game.version})
    final = game.finished or sheet.over
    standings = sheet.standings
    return {
        "game": game,
        "spec": spec,
        "sheet": sheet,
        "accounts": standings if final else sorted(standings, key=lambda s: s.seat),
        "rows": state.rows(),
        "broken": state.broken,
        "spectator": spectator,
        "can_edit": can_edit,
        "form": form,
        "form_action": reverse("sheet:record", args=[game.token]) if can_edit else "",
        "form_htmx": True,
        "horse_form": horse_form,
        "action_key": new_key(),
        "links": _links(request, game, spectator),
        "poll_seconds": POLL_SECONDS,
        "players": list(enumerate(spec.players)),
        "money": spec.rules != "cox",
        **extra,
    }


def _render_sheet(
    request: HttpRequest,
    state: State,
    *,
    status: int = 200,
    spectator: bool = False,
    form: DealForm | None = None,
    **extra: Any,
) -> HttpResponse:
    template = "scoresheet/sheet.html#sheet" if request.htmx else "scoresheet/sheet.html"
    context = sheet_context(request, state, spectator=spectator, form=form, **extra)
    return render(request, template, context, status=status)


def _done(request: HttpRequest, game: Game, notice: str, anchor: str = "") -> HttpResponse:
    """After a change: htmx gets the fresh sheet, a plain form a redirect (POST/redirect/GET)."""
    if request.htmx:
        return _render_sheet(request, State.load(game), notice=notice)
    return see_other(reverse("sheet:sheet", args=[game.token]) + anchor)


def see_other(url: str) -> HttpResponseRedirect:
    """POST/redirect/GET: 303 makes every browser follow with a GET."""
    response = HttpResponseRedirect(url)
    response.status_code = 303
    return response


def _posted_version(request: HttpRequest) -> int | None:
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        return None
    return version if version >= 0 else None


def _already_done(game: Game, request: HttpRequest) -> bool:
    key = request.POST.get("key", "")
    return bool(key) and Change.objects.filter(game=game, key=key).exists()


def _stale(game: Game, request: HttpRequest) -> bool:
    posted = _posted_version(request)
    return posted is not None and posted != game.version


def _conflict_message(
    game: Game, state: State, doing: str = "filling in the form", again: str = "send it again"
) -> str:
    latest = Change.objects.filter(game=game).order_by("-version").first()
    when = ""
    if latest is not None:
        seconds = int((timezone.now() - latest.created_at).total_seconds())
        when = f" {seconds} seconds ago" if seconds < 120 else ""
    return (
        f"Someone else changed this sheet{when} while you were {doing} (it now holds "
        f"{state.sheet.deals} deal{'s' if state.sheet.deals != 1 else ''}). Nothing you typed "
        f"is lost: check the deals below, and if yours is not among them, {again}."
    )


def _bump(game: Game, request: HttpRequest, action: str, **detail: Any) -> None:
    """Count the change and keep its key; the unique key refuses a second copy."""
    game.version += 1
    game.save(update_fields=["version", "updated_at"])
    Change.objects.create(
        game=game,
        key=request.POST.get("key") or new_key(),
        action=action,
        version=game.version,
        detail=detail,
    )


def _with_version(request: HttpRequest, version: int) -> Any:
    data = request.POST.copy()
    data["version"] = str(version)
    return data


# --- Start and import ---------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
def start(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = StartForm(request.POST)
        if form.is_valid() and form.spec is not None:
            game = _create(form.spec, form.cleaned_data.get("title", ""), [], "start")
            return see_other(reverse("sheet:sheet", args=[game.token]))
        return render(request, "scoresheet/start.html", {"form": form}, status=400)
    return render(request, "scoresheet/start.html", {"form": StartForm()})


def _create(
    spec: ledger.Spec, title: str, entries: list[Entry], action: str, finished: bool = False
) -> Game:
    with transaction.atomic():
        game = Game.objects.create(
            rules=spec.rules,
            title=title,
            options=dict(spec.options),
            stake=str(spec.stake) if spec.stake is not None else "",
            finished_at=timezone.now() if finished else None,
        )
        Player.objects.bulk_create(
            Player(game=game, seat=i, name=name) for i, name in enumerate(spec.players)
        )
        Deal.objects.bulk_create(
            Deal(game=game, position=i + 1, kind=e.kind, data=dict(e.data))
            for i, e in enumerate(entries)
        )
        game.version = 1
        game.save(update_fields=["version"])
        Change.objects.create(game=game, key=new_key(), action=action, version=1)
    return game


@require_http_methods(["GET", "HEAD", "POST"])
def import_sheet(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = ImportForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                imported = serialize.import_sheet(form.cleaned_data["json_text"])
            except serialize.ImportError_ as error:
                form.add_error(None, f"This file cannot be imported: {error}")
            else:
                game = _create(
                    imported.spec, imported.title, imported.entries, "import", imported.finished
                )
                return see_other(reverse("sheet:sheet", args=[game.token]))
        return render(request, "scoresheet/import.html", {"form": form}, status=400)
    return render(request, "scoresheet/import.html", {"form": ImportForm()})


# --- The sheet ----------------------------------------------------------------------------------


@require_safe
def sheet(request: HttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    state = State.load(_game(token, spectator))
    return _render_sheet(request, state, spectator=spectator)


@require_safe
def live(request: HttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    """The polling fragment: 204 (or 304) in one query while nothing changed; else the
    accounts and the deals, swapped in place."""
    field = "view_token" if spectator else "token"
    version = Game.objects.filter(**{field: token}).values_list("version", flat=True).first()
    if version is None:
        raise Http404("No score sheet has this link.")
    etag = f'"v{version}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponse(status=304)
    elif request.GET.get("v") == str(version):
        response = HttpResponse(status=204)
    else:
        state = State.load(_game(token, spectator))
        context = sheet_context(request, state, spectator=spectator, oob=True)
        response = render(request, "scoresheet/sheet.html#live-update", context)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@require_POST
def record(request: HttpRequest, token: str) -> HttpResponse:
    with transaction.atomic():
        game = _locked(token)
        if _already_done(game, request):
            return _done(request, game, "That deal was already recorded; it counts once.")
        state = State.load(game)
        if game.finished or state.sheet.over:
            return _render_sheet(
                request,
                state,
                status=409,
                problem="The evening is finished: reopen it to record a deal.",
            )
        if _stale(game, request):
            form = DealForm(state.spec, state.sheet, _with_version(request, game.version))
            form.is_valid()
            return _render_sheet(
                request, state, status=409, form=form, conflict=_conflict_message(game, state)
            )
        form = DealForm(state.spec, state.sheet, request.POST)
        if not form.is_valid() or form.has_errors:
            return _render_sheet(request, state, status=400, form=form)
        entry = Entry("deal", form.cleaned_entry)
        try:
            ledger.compute(state.spec, [*state.entries, entry])
        except EntryError as error:
            form.engine_error(error)
            return _render_sheet(request, state, status=400, form=form)
        last = game.deals.aggregate(m=Max("position"))["m"] or 0
        try:
            with transaction.atomic():
                Deal.objects.create(game=game, position=last + 1, kind="deal", data=entry.data)
                _bump(game, request, "record", position=last + 1)
        except IntegrityError:
            return _done(request, game, "That deal was already recorded; it counts once.")
    return _done(request, game, f"Deal {state.sheet.deals + 1} recorded.", f"#deal-{last + 1}")


def _entry_index(state: State, position: int) -> int:
    for i, deal in enumerate(state.deals):
        if deal.position == position:
            return i
    raise Http404("This sheet has no such deal (was it undone?).")


@require_http_methods(["GET", "HEAD", "POST"])
def edit(request: HttpRequest, token: str, position: int) -> HttpResponse:
    if request.method in ("GET", "HEAD"):
        state = State.load(_game(token, False))
        index = _entry_index(state, position)
        deal = state.deals[index]
        if deal.kind != "deal":
            raise Http404("Only a deal can be edited; undo a horse instead.")
        before = ledger.compute(state.spec, state.entries[:index])
        form = DealForm(
            state.spec,
            before,
            initial={
                **entry_initial(state.spec, deal.kind, deal.data),
                "version": state.game.version,
            },
        )
        return _render_edit(request, state, index, form)
    with transaction.atomic():
        game = _locked(token)
        state = State.load(game)
        if _already_done(game, request):
            return _done(request, game, "That change was already saved.")
        index = _entry_index(state, position)
        if state.deals[index].kind != "deal":
            raise Http404("Only a deal can be edited; undo a horse instead.")
        before = ledger.compute(state.spec, state.entries[:index])
        if _stale(game, request):
            form = DealForm(state.spec, before, _with_version(request, game.version))
            form.is_valid()
            return _render_edit(
                request, state, index, form, status=409, conflict=_conflict_message(game, state)
            )
        form = DealForm(state.spec, before, request.POST)
        if not form.is_valid() or form.has_errors:
            return _render_edit(request, state, index, form, status=400)
        entries = state.entries
        entries[index] = Entry("deal", form.cleaned_entry)
        try:
            ledger.compute(state.spec, entries)
        except EntryError as error:
            if error.index == index:
                form.engine_error(error)
            else:
                form.add_error(None, _later_deal_message(state, error, "With this change"))
            return _render_edit(request, state, index, form, status=400)
        deal = state.deals[index]
        deal.data = form.cleaned_entry
        deal.save(update_fields=["data", "updated_at"])
        _bump(game, request, "edit", position=position)
    return see_other(reverse("sheet:sheet", args=[token]) + f"#deal-{position}")


def _later_deal_message(state: State, error: EntryError, what: str) -> str:
    assert error.index is not None
    later = state.sheet.rows[error.index].number if error.index < len(state.sheet.rows) else None
    name = f"deal {later}" if later else "a later entry"
    return (
        f"{what}, {name} could no longer be settled: {error.message} Change or undo {name} first."
    )


def _render_edit(
    request: HttpRequest, state: State, index: int, form: DealForm, status: int = 200, **extra: Any
) -> HttpResponse:
    deal = state.deals[index]
    row = state.sheet.rows[index] if index < len(state.sheet.rows) else None
    context = {
        "game": state.game,
        "spec": state.spec,
        "sheet": state.sheet,
        "form": form,
        "deal": deal,
        "row": row,
        "number": row.number if row else index + 1,
        "form_action": reverse("sheet:edit", args=[state.game.token, deal.position]),
        "form_htmx": False,
        "links": _links(request, state.game, False),
        "players": list(enumerate(state.spec.players)),
        **extra,
    }
    return render(request, "scoresheet/edit.html", context, status=status)


@require_POST
def undo(request: HttpRequest, token: str, position: int) -> HttpResponse:
    with transaction.atomic():
        game = _locked(token)
        state = State.load(game)
        if _already_done(game, request):
            return _done(request, game, "That deal was already undone.")
        form = ActionForm(request.POST)
        if not form.is_valid():
            return _render_sheet(request, state, status=400, problem=_first_error(form))
        if _stale(game, request):
            return _render_sheet(
                request,
                state,
                status=409,
                conflict=_conflict_message(game, state, "looking at it", "undo the deal again"),
            )
        index = _entry_index(state, position)
        entries = state.entries
        del entries[index]
        try:
            ledger.compute(state.spec, entries)
        except EntryError as error:
            assert error.index is not None
            error.index += 1  # the numbering of the sheet before the undo
            return _render_sheet(
                request, state, status=409, problem=_later_deal_message(state, error, "Without it")
            )
        row = state.sheet.rows[index] if index < len(state.sheet.rows) else None
        state.deals[index].delete()
        _bump(game, request, "undo", position=position)
    what = f"Deal {row.number}" if row is not None and row.number else "The horse"
    return _done(request, game, f"{what} undone; every total is recomputed without it.")


def _first_error(form: Any) -> str:
    for errors in form.errors.values():
        return str(errors[0])
    return "The form is not valid."


@require_POST
def horse(request: HttpRequest, token: str) -> HttpResponse:
    with transaction.atomic():
        game = _locked(token)
        if _already_done(game, request):
            return _done(request, game, "That horse was already bought.")
        state = State.load(game)
        if _stale(game, request):
            return _render_sheet(
                request, state, status=409, conflict=_conflict_message(game, state)
            )
        form = HorseForm(state.spec, state.sheet, request.POST)
        if not form.is_valid():
            return _render_sheet(request, state, status=400, problem=_first_error(form))
        entry = Entry("horse", {"player": form.cleaned_data["player"]})
        try:
            ledger.compute(state.spec, [*state.entries, entry])
        except EntryError as error:
            return _render_sheet(request, state, status=400, problem=error.message)
        last = game.deals.aggregate(m=Max("position"))["m"] or 0
        Deal.objects.create(game=game, position=last + 1, kind="horse", data=dict(entry.data))
        _bump(game, request, "horse", position=last + 1)
    name = state.spec.players[entry.data["player"]]
    return _done(request, game, f"{name} bought a horse.")


def _finish_or_reopen(request: HttpRequest, token: str, finish: bool) -> HttpResponse:
    with transaction.atomic():
        game = _locked(token)
        if _already_done(game, request):
            return _done(request, game, "Done already.")
        state = State.load(game)
        form = ActionForm(request.POST)
        if not form.is_valid():
            return _render_sheet(request, state, status=400, problem=_first_error(form))
        if _stale(game, request):
            return _render_sheet(
                request, state, status=409, conflict=_conflict_message(game, state)
            )
        game.finished_at = timezone.now() if finish else None
        game.save(update_fields=["finished_at"])
        _bump(game, request, "finish" if finish else "reopen")
    return _done(
        request,
        game,
        "The evening is finished: the final standings are above."
        if finish
        else "The sheet is open again.",
    )


@require_POST
def finish(request: HttpRequest, token: str) -> HttpResponse:
    return _finish_or_reopen(request, token, True)


@require_POST
def reopen(request: HttpRequest, token: str) -> HttpResponse:
    return _finish_or_reopen(request, token, False)


# --- Export and print ---------------------------------------------------------------------------


def _filename(game: Game, ext: str) -> str:
    base = slugify(game.title) or f"{game.rules}-sheet"
    return f"{base}-{game.created_at:%Y-%m-%d}.{ext}"


@require_safe
def export_json(request: HttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    state = State.load(_game(token, spectator))
    if state.broken is not None:
        return HttpResponse(
            f"Deal {state.broken.index} no longer settles: fix it first.",
            status=409,
            content_type="text/plain; charset=utf-8",
        )
    body = serialize.export_json(state.game.title, state.game.finished, state.spec, state.sheet)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(state.game, "json")}"'
    return response


@require_safe
def export_csv(request: HttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    state = State.load(_game(token, spectator))
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerows(serialize.csv_rows(state.game.title, state.spec, state.sheet))
    response = HttpResponse("\ufeff" + buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(state.game, "csv")}"'
    return response


@require_safe
def print_view(request: HttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    state = State.load(_game(token, spectator))
    context = {
        "game": state.game,
        "spec": state.spec,
        "sheet": state.sheet,
        "rows": state.rows(),
        "broken": state.broken,
        "links": _links(request, state.game, spectator),
        "spectator": spectator,
        "players": list(enumerate(state.spec.players)),
        "money": state.spec.rules != "cox",
        "printed_at": timezone.now(),
    }
    return render(request, "scoresheet/print.html", context)
