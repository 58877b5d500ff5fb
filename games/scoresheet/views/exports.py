"""A sheet as a file and on paper: CSV and JSON exports, a JSON export imported back as a
new sheet, the printable sheet."""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Callable, Generator, Iterable, Iterator
from fractions import Fraction

from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_safe

from rulesite.htmx import HtmxHttpRequest

from .. import ledger, serialize, store
from ..chart import evening_chart
from ..forms import ImportForm, new_key
from ..ledger import EntryError
from ..models import Deal, Game
from .answers import game_or_404, limited, page_number, see_other
from .context import cells, links


def _filename(game: Game, ext: str) -> str:
    base = slugify(game.title) or f"{game.rules}-sheet"
    return f"{base}-{game.created_at:%Y-%m-%d}.{ext}"


CHUNK = 200
"""Entries read from the database at a time for a file (``QuerySet.iterator``)."""
SENT = 64 * 1024
"""About how many characters of a file are sent at a time."""
FIRST_SENT = 1024
"""About how many characters the first piece of a file holds; each piece after holds twice
the one before, up to :data:`SENT` (the first rows leave at once, not after some 64 kB of
them, and a long file is still a few large pieces, each gzipped and flushed on its own)."""


def _attachment(
    request: HtmxHttpRequest, game: Game, ext: str, content_type: str, parts: Iterable[str]
) -> StreamingHttpResponse:
    """A file of the sheet sent as it is written, in pieces of :data:`FIRST_SENT` growing
    to about :data:`SENT` characters, in the language of the request (the pieces are
    written after the view has answered); nothing is written for a HEAD."""
    language = translation.get_language()
    if request.method == "HEAD":
        parts = ()

    def sent() -> Iterator[str]:
        with translation.override(language):
            batch: list[str] = []
            size, most = 0, FIRST_SENT
            for part in parts:
                batch.append(part)
                size += len(part)
                if size >= most:
                    yield "".join(batch)
                    batch, size, most = [], 0, min(2 * most, SENT)
            if batch:
                yield "".join(batch)

    response = StreamingHttpResponse(sent(), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{_filename(game, ext)}"'
    return response


def _stored(game: Game, *fields: str) -> Generator[Deal, None, None]:
    """The sheet's entries in order, :data:`CHUNK` at a time, in one query (one snapshot of
    the sheet: a deal recorded meanwhile is in it with the state after it, or not at all)."""
    query = Deal.objects.filter(game=game).order_by("position").only(*fields)
    yield from query.iterator(chunk_size=CHUNK)


SNAPSHOT_ATTEMPTS = 4
"""How many times a file's sheet and its entries are read, each time the sheet changed
between the two, before it answers 503."""


def _snapshot[About](
    request: HtmxHttpRequest,
    token: str,
    spectator: bool,
    about: Callable[[Game], About | HttpResponse],
    *fields: str,
) -> tuple[Game, About, Iterator[Deal]] | HttpResponse:
    """The sheet with this link, what a file says of it before its entries (``about`` it:
    its players, its seats), and its entries' query, run (``fields`` of them), all of one
    version of the sheet: the version is read again once the query has run, and when it
    moved meanwhile (a player joined, a deal was recorded) everything is read again. Every
    change moves the version in the transaction that writes it, so the same version before
    and after means nothing was written between. Nothing of the entries is read for a HEAD;
    an answer ``about`` gives (a refusal) is the view's."""
    for _ in range(SNAPSHOT_ATTEMPTS):
        game = game_or_404(token, spectator)
        said = about(game)
        if isinstance(said, HttpResponse):
            return said
        if request.method == "HEAD":
            return game, said, iter(())
        stored = _stored(game, *fields)
        first = next(stored, None)  # the query runs: the entries as they are now
        if store.version_of(token, spectator) == game.version:
            return game, said, stored if first is None else itertools.chain([first], stored)
        stored.close()
    response = HttpResponse(
        gettext("The sheet kept changing while it was read: ask for the file again."),
        status=503,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = "1"
    return response


@require_safe
def export_json(request: HtmxHttpRequest, token: str, spectator: bool = False) -> HttpResponseBase:
    """The sheet as JSON, streamed from what is stored without the engine: each entry's
    inputs, then the totals of the state stored after the last one read (the same query);
    what it says before them is of the same version of the sheet (:func:`_snapshot`)."""

    def about(game: Game) -> tuple[ledger.Spec, bool] | HttpResponse:
        """The sheet's players, and whether a seat changed (its format's version)."""
        spec = store.spec_of(game)
        window = store.load(game, size=0, spec=spec)  # heals states of an older engine
        if window.broken is not None:
            return HttpResponse(
                gettext("Entry {number} no longer settles: fix it first.").format(
                    number=(window.broken.index or 0) + 1
                ),
                status=409,
                content_type="text/plain; charset=utf-8",
            )
        return spec, Deal.objects.filter(game=game, kind__in=ledger.SEAT_KINDS).exists()

    read = _snapshot(request, token, spectator, about, "kind", "data", "state")
    if isinstance(read, HttpResponse):
        return read
    game, (spec, seats), stored = read
    last: list[object] = []

    def entries() -> Iterator[ledger.Entry]:
        for deal in stored:
            last[:] = [deal.state]
            yield deal.entry()

    def totals() -> tuple[Fraction, ...]:
        state = ledger.load_state(spec, last[0]) if last else ledger.initial(spec)
        if state is None:  # stored meanwhile by an engine of another revision
            state = store.load(game, size=0, spec=spec).sheet.state
        return ledger.summarise(spec, state).totals

    parts = serialize.export_json_parts(game.title, game.finished, spec, seats, entries(), totals)
    return _attachment(request, game, "json", "application/json; charset=utf-8", parts)


@require_safe
def export_csv(request: HtmxHttpRequest, token: str, spectator: bool = False) -> HttpResponseBase:
    """The accounts as CSV, streamed: each entry taken through the engine as it is read
    (the rows up to one the engine no longer accepts); its columns are the players of the
    same version of the sheet (:func:`_snapshot`)."""
    read = _snapshot(request, token, spectator, store.spec_of, "kind", "data")
    if isinstance(read, HttpResponse):
        return read
    game, spec, stored = read
    state = ledger.initial(spec)

    def rows() -> Iterator[ledger.Row]:
        nonlocal state
        for deal in stored:
            try:
                state, row = ledger.step(spec, state, deal.entry())
            except EntryError:
                return
            yield row

    def lines() -> Iterator[str]:
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        yield "\ufeff"
        for line in serialize.csv_lines(spec, rows(), lambda: ledger.summarise(spec, state)):
            writer.writerow(line)
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()

    return _attachment(request, game, "csv", "text/csv; charset=utf-8", lines())


PRINT_PAGE = 200
"""Entries on one page of the printable sheet: an evening's whole sheet on one page, a
sheet of thousands of deals on several (each costs what 200 entries cost)."""


CHART_POINTS = 100
"""The most deals the printed chart and its table show: a longer evening's are spread
evenly through it, the last included (the pages of entries have every one)."""


def spread(count: int, most: int = CHART_POINTS) -> list[int]:
    """Which of ``count`` deals (their indices) a chart of at most ``most`` shows: all of
    them, or ``most`` spread evenly, the last included.

    >>> spread(3, 5), spread(10, 4), len(spread(2000)), spread(2000)[:2], spread(2000)[-1]
    ([0, 1, 2], [1, 4, 6, 9], 100, [19, 39], 1999)
    """
    if count <= most:
        return list(range(count))
    return [(k + 1) * count // most - 1 for k in range(most)]


def _evening_points(
    game: Game, spec: ledger.Spec
) -> tuple[list[tuple[int, tuple[Fraction, ...]]], int]:
    """The accounts after the deals :func:`spread` picks, from their stored states (the
    chart of the whole evening, without the engine; a state not stored ends them), and how
    many deals the evening has."""
    deals = Deal.objects.filter(game=game, kind="deal")
    ids = list(deals.order_by("position").values_list("id", flat=True))
    picked = [ids[i] for i in spread(len(ids))]
    states = dict(deals.filter(id__in=picked).values_list("id", "state"))
    points = [(0, (Fraction(0),) * spec.n)]
    for pk in picked:
        state = states.get(pk)
        if not isinstance(state, dict) or "t" not in state:
            break
        totals = [Fraction(t) for t in state["t"]]
        points.append((state["n"], tuple(totals + [Fraction(0)] * (spec.n - len(totals)))))
    return points, len(ids)


@require_safe
def print_view(request: HtmxHttpRequest, token: str, spectator: bool = False) -> HttpResponse:
    """The printable sheet: the standings, the chart and who pays whom (from the stored
    states), and the entries :data:`PRINT_PAGE` at a time (``?page=``), each page's rows
    computed from the state stored before its first entry."""
    game = game_or_404(token, spectator)
    spec = store.spec_of(game)
    count = Deal.objects.filter(game=game).count()
    pages = max((count + PRINT_PAGE - 1) // PRINT_PAGE, 1)
    page = min(page_number(request.GET.get("page", "")) or 1, pages)
    first = (
        Deal.objects.filter(game=game)
        .order_by("position")
        .values_list("position", flat=True)[(page - 1) * PRINT_PAGE :][:1]
    )
    window = store.load(game, after=first[0] if first else None, size=PRINT_PAGE, spec=spec)
    window.detail = len(window.deals)
    sheet = window.sheet
    final = game.finished or sheet.over
    start = (page - 1) * PRINT_PAGE
    context = {
        "game": game,
        "spec": spec,
        "sheet": sheet,
        "rows": [(row, cells(spec, row, every=True)) for row, _ in window.rows],
        "broken": window.broken,
        "links": links(request, game, spectator),
        "spectator": spectator,
        "players": list(enumerate(spec.players)),
        "money": spec.money,
        "entry_word": spec.entry_word,
        "settle_up": sheet.settle_up if final else [],
        "final": final,
        "printed_at": timezone.now(),
        "page": page,
        "pages": [(n, n * PRINT_PAGE + 1, min((n + 1) * PRINT_PAGE, count)) for n in range(pages)]
        if pages > 1
        else [],
        "shown": (start + 1, start + len(window.deals)),
    }
    if page == 1:
        points, deals = _evening_points(game, spec)
        context["chart"] = evening_chart(spec, points)
        context["chart_spread"] = (len(points) - 1, deals) if deals > CHART_POINTS else None
    return render(request, "scoresheet/print.html", context)


UPLOAD_SLACK = 64 * 1024
"""What a form's other fields and a multipart body's boundaries may add to a file of the
largest size an import takes."""


def _import_page(
    request: HtmxHttpRequest, form: ImportForm, status: int = 200, too_large: str = ""
) -> HttpResponse:
    """The import form, with what its script needs to refuse a file or a paste over the
    limit before sending it (the limits, and the words in the page's language)."""
    context = {
        "form": form,
        "too_large": too_large,
        "max_bytes": ImportForm.MAX_BYTES,
        "max_body": ImportForm.MAX_BYTES + UPLOAD_SLACK,
        "too_large_file": ImportForm.too_large_words("file", "bytes"),
        "too_large_text": ImportForm.too_large_words("pasted text", "characters"),
        "too_large_sent": ImportForm.too_large_words("text sent", "bytes"),
    }
    return render(request, "scoresheet/import.html", context, status=status)


def _too_large(request: HtmxHttpRequest, sent: int | None) -> HttpResponse:
    """413: the body is not read, so nothing sent can be shown again; the page says the
    limit and so, and the size sent when its length was said (``sent``)."""
    too_large = ImportForm.too_large("text sent", sent, "bytes")
    return _import_page(request, ImportForm(), 413, too_large)


@csrf_exempt  # checked by _import, once the body is known to be small enough to read
@require_http_methods(["GET", "HEAD", "POST"])
def import_sheet(request: HtmxHttpRequest) -> HttpResponse:
    """A JSON export (pasted or a file) made a new sheet.

    A body declared far over the limit (a file or a paste) is refused before anything of it
    is read -- before the check of the form's CSRF token too, which reads the form (Django's
    middleware would read, or stream to disk, all of it, then answer a bare 400)."""
    if request.method != "POST":
        return _import_page(request, ImportForm())
    size = request.META.get("CONTENT_LENGTH") or ""
    sent = int(size) if size.isdigit() else None  # None: not said (sent chunked)
    if sent is not None and sent > ImportForm.MAX_BYTES + UPLOAD_SLACK:
        return _too_large(request, sent)
    try:
        return _import(request)
    except RequestDataTooBig:  # a smaller DATA_UPLOAD_MAX_MEMORY_SIZE, or no length said
        return _too_large(request, sent)


@csrf_protect
def _import(request: HtmxHttpRequest) -> HttpResponse:
    # An address over the rate of sheets started is refused before the form is parsed
    # (counted when sent: the parse and the replay of every deal are what the limit spares
    # the server).
    if (too_many := limited(request, "import")) is not None:
        return too_many
    form = ImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            imported = serialize.import_sheet(form.cleaned_data["json_text"])
        except serialize.ImportError_ as error:
            words = gettext("This file cannot be imported: {error}").format(error=error)
            form.add_error(None, words)
        else:
            game = store.create(
                imported.spec,
                imported.title,
                imported.entries,
                "import",
                new_key(),
                imported.finished,
            )
            return see_other(reverse("sheet:sheet", args=[game.token]))
    return _import_page(request, form, 400)
