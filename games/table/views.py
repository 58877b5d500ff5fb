"""At the table: settle who won a deal of Commerce, under each rule set, and count a Cox hand.

Every page is a GET form, so its address reproduces its result (a permalink to send to
whoever disputes it), and the page shows the result first: the verdict and the paragraph
that decides it, then the board to edit. Without JavaScript every button (add a player,
tap a card of the pack, clear a card) is a submit button that re-renders the page. With
htmx, a change sends the form and only the result comes back (with each hand's place and
messages out of band), so nothing the player is typing is ever replaced; a button that
changes the board's shape (add or remove a player) gets the result and the board. The
server names the permalink in ``HX-Push-Url``; going back, htmx asks for the whole page.
The views only read the query string, call the engine and render: every rule lives in
``games.engine``.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, wraps
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, QueryDict
from django.middleware.csp import get_nonce
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.text import compress_string
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url, reswap, retarget

from games.engine import cox
from games.engine.cards import PACK_52, CardError
from games.engine.citations import RULINGS, Citation, Reason
from games.engine.commerce import Rules, Showdown, rules_from_name, showdown
from games.engine.compare import Everywhere, judge_everywhere, rule_sets_for
from games.engine.strength import strength
from games.engine.wording import join

from .forms import (
    Board,
    CoxForm,
    DealerForm,
    PeelForm,
    SwedishForm,
    cox_colour,
    cox_pack,
    pack_html,
    permalink,
    read_board,
    read_cox_cards,
)

VARY = ("HX-Request", "HX-History-Restore-Request")
"""The headers an answer depends on: htmx gets a fragment, unless it is restoring history."""


def _fragment(request: HttpRequest) -> bool:
    """htmx asked for a fragment (going back, it asks for the whole page again)."""
    return bool(request.htmx) and not request.htmx.history_restore_request


ANSWERS_KEPT = 200
"""How many answers each worker keeps (a page is about 35 kB, a result 6-15 kB)."""
_KEPT_HEADERS = ("Content-Type", "HX-Push-Url", "HX-Retarget", "HX-Reswap")
_ACCEPTS_GZIP = re.compile(r"\bgzip\b")


@dataclass(frozen=True)
class _Answer:
    """An answer kept: its status, bytes (and the same compressed once) and htmx headers."""

    status: int
    content: bytes
    headers: list[tuple[str, str]]
    gzipped: bytes | None

    @classmethod
    def of(cls, response: HttpResponse) -> _Answer:
        # Compressed once here rather than by GZipMiddleware for every reader, and without
        # its random padding against BREACH: a table page holds no secret.
        content = response.content
        gzipped = compress_string(content) if len(content) >= 200 else None
        headers = [(h, response[h]) for h in _KEPT_HEADERS if response.has_header(h)]
        return cls(response.status_code, content, headers, gzipped)

    def response(self, request: HttpRequest) -> HttpResponse:
        gzip = self.gzipped is not None and _ACCEPTS_GZIP.search(
            request.headers.get("Accept-Encoding", "")
        )
        response = HttpResponse(self.gzipped if gzip else self.content, status=self.status)
        for name, value in self.headers:
            response[name] = value
        if gzip:
            response["Content-Encoding"] = "gzip"  # GZipMiddleware leaves it alone
            patch_vary_headers(response, ["Accept-Encoding"])
        return response


_answers: OrderedDict[tuple[str, str, str], _Answer] = OrderedDict()


def remembered(view: Callable[[HttpRequest], HttpResponse]) -> Callable[..., HttpResponse]:
    """Answer a request that was answered before with the same bytes, without judging again.

    A table page is a function of its address alone (the hands, the options, which button)
    and of whether htmx asked for a fragment: nothing in it is made for one reader (no CSRF
    token, no CSP nonce, no cookie). So the last :data:`ANSWERS_KEPT` answers are kept by
    exact query string: a permalink opened by everyone at the table, Back and Forward, and
    a player tapping the same card again cost a dictionary look-up. Anything else is judged
    and rendered as usual. Not in DEBUG, so that an edited template shows at once.
    """

    @wraps(view)
    def answer(request: HttpRequest) -> HttpResponse:
        if settings.DEBUG:
            return view(request)
        kind = "fragment" if _fragment(request) else "page"
        key = (request.path, kind, request.META.get("QUERY_STRING", ""))
        kept = _answers.get(key)
        if kept is not None:
            _answers.move_to_end(key)
            return kept.response(request)
        response = view(request)
        if (
            response.status_code in (200, 400)
            and not response.streaming
            and not response.cookies
            and "CSRF_COOKIE_NEEDS_UPDATE" not in request.META
            and not get_nonce(request)
        ):
            kept = _answers[key] = _Answer.of(response)
            if len(_answers) > ANSWERS_KEPT:
                _answers.popitem(last=False)
            return kept.response(request)  # compressed already: not again by GZipMiddleware
        return response

    return answer


@receiver(setting_changed)
def _forget_answers(**kwargs: Any) -> None:
    """A test that changes a setting must not get answers made before."""
    _answers.clear()


def _judging(request: HttpRequest) -> bool:
    """A page loaded, or "Show the winner" pressed: an empty field is an error. While the
    player is entering cards (an htmx update) an empty field is only waiting for a card."""
    return not _fragment(request) or "judge" in request.GET


def _respond(
    request: HttpRequest,
    template: str,
    context: dict[str, Any],
    *,
    bad: bool,
    link: str,
    reshaped: bool,
) -> HttpResponse:
    """The page; for htmx only the result (each hand's place and messages out of band), or
    the result and the board when the board changed shape, with the permalink pushed."""
    status = 400 if bad else 200
    if not _fragment(request):
        return render(request, template, context, status=status)
    if reshaped:
        response = render(request, f"{template}#table", context, status=status)
        response = reswap(retarget(response, "#table"), "outerHTML")
    else:
        response = render(request, f"{template}#result", {**context, "oob": True}, status=status)
    return push_url(response, link)


@dataclass
class Explained:
    """One reason of a result, with the paragraphs to quote (first cited) and to link."""

    text: str
    quotes: list[Citation] = field(default_factory=list)
    links: list[Citation] = field(default_factory=list)
    rulings: list[tuple[str, str | None]] = field(default_factory=list)


def explain(
    reasons: list[Reason], rules_for: Callable[[str], Any] | None = None
) -> list[Explained]:
    """Each paragraph is quoted under the first reason that cites it and linked after that;
    each editorial ruling is shown once, with the house-rule value this table chose."""
    quoted: set[Citation] = set()
    shown: set[str] = set()
    out = []
    for reason in reasons:
        item = Explained(reason.text)
        for citation in reason.citations:
            (item.links if citation in quoted else item.quotes).append(citation)
            quoted.add(citation)
        for slug in reason.rulings:
            if slug in shown:
                continue
            shown.add(slug)
            chosen = rules_for(slug) if rules_for else None
            item.rulings.append((slug, chosen))
        out.append(item)
    return out


def _chosen(rules: Rules) -> Callable[[str], str | None]:
    def chosen(slug: str) -> str | None:
        ruling = RULINGS.get(slug)
        if ruling is None or ruling.option is None:
            return None
        value = getattr(rules, ruling.option, None)
        return None if value is None else str(value)

    return chosen


def _percent(share: Any) -> str:
    return f"{float(share) * 100:.1f}%"


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "table/index.html")


# --------------------------------------------------------------------------- showdowns


def _provisional_rules(book: str, query: QueryDict) -> Rules:
    """The rule set with the pack asked for (or 52): fixes the pack and hand limit to read by."""
    pack = 32 if book == "english" and query.get("pack") == "32" else 52
    return rules_from_name(book, pack=pack)


def _adjust_dealer(query: QueryDict, board: Board) -> QueryDict:
    """After a player is removed, the dealer keeps his seat (or is forgotten if removed)."""
    query = query.copy()
    dealer = query.get("dealer", "")
    if board.removed is not None and dealer.isdigit():
        number = int(dealer)
        if number == board.removed:
            query["dealer"] = ""
        elif number > board.removed:
            query["dealer"] = str(number - 1)
    return query


def _standing(result: Showdown, hand: int, place: int) -> str:
    """Where a hand stands, in words: it wins, shares the win, loses a tie for first place
    to the dealer, does not compete (ingenting, which may not be laid up), or its place."""
    if hand in result.winners:
        return "wins" if len(result.winners) == 1 else "shares the win"
    if not result.values[hand].may_show:
        return "does not compete"
    return "ties for first, loses the tie" if place == 1 else f"place {place}"


def _hand_rows(result: Showdown | None) -> dict[int, dict[str, Any]]:
    """Beside each hand: its combination, place and strength (only for a judged board)."""
    rows: dict[int, dict[str, Any]] = {}
    if result is None:
        return rows
    for placing in result.placings:
        value = placing.value
        st = strength(value, result.rules)
        rows[placing.number] = {
            "place": placing.place,
            "standing": _standing(result, placing.hand, placing.place),
            "winner": placing.hand in result.winners,
            "dealer": result.dealer == placing.hand,
            "category": value.category,
            "describe": value.describe(),
            "beats": _percent(st.beats_share),
            "win": _percent(st.win),
            "tie": _percent(st.tie),
        }
    return rows


def outcome(result: Showdown) -> str:
    """Who wins, in a few words: "Hand 2 wins", "Hands 1 and 3 share the win", "Nobody wins".

    The engine's hands are numbered from 0, people's from 1.
    """
    if not result.winners:
        return "Nobody wins"
    if len(result.winners) == 1:
        return f"Hand {result.winners[0] + 1} wins"
    return f"Hands {join([str(i + 1) for i in result.winners])} share the win"


def verdict(board: Board, result: Showdown | None, options_bad: bool = False) -> str:
    """The headline: the winner, or what is still needed."""
    if result is not None:
        if not result.winners:
            return "Nobody wins."
        best = result.values[result.winners[0]].describe()
        if len(result.winners) == 1:
            return f"{outcome(result)} with {best}."
        return f"{outcome(result)} ({best})."
    if board.has_errors:
        count = len(board.errors)
        return f"Fix the {'problem' if count == 1 else f'{count} problems'} marked below."
    if options_bad:
        return "Fix the option marked below."
    missing = board.missing
    if board.blank:
        return "Enter the hands shown: tap the cards below or type them."
    return f"{missing} card{'s' if missing != 1 else ''} to go."


OTHER_PAGES = {
    "peel": ("table:peel", "under Peel's rules", PeelForm),
    "swedish": ("table:swedish", "under the Swedish rules", SwedishForm),
    "compare": ("table:compare", "under every rule set, side by side", DealerForm),
}


def _other_pages(here: str, board: Board, options: list[tuple[str, str]]) -> list[dict[str, str]]:
    """Links to the same hands under the other rule sets and side by side: the hands, and
    the dealer and any option the other page also has."""
    links = []
    for name, (url_name, label, form_class) in OTHER_PAGES.items():
        if name == here:
            continue
        known = _option_names(form_class)
        kept = [(key, value) for key, value in options if key in known]
        links.append({"label": label, "url": permalink(_path(url_name), board, kept)})
    return links


@cache
def _path(url_name: str) -> str:
    return reverse(url_name)


@cache
def _option_names(form_class: type[PeelForm | SwedishForm | DealerForm]) -> set[str]:
    return form_class.option_names()


def _showdown_page(request: HttpRequest, book: str) -> HttpResponse:
    query = request.GET
    provisional = _provisional_rules(book, query)
    board = read_board(query, provisional.pack, provisional.hand_limit, judging=_judging(request))
    query = _adjust_dealer(query, board)
    form_class = PeelForm if book == "english" else SwedishForm
    form = form_class(query, hands=len(board.hands))
    rules: Rules = provisional
    result: Showdown | None = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            if book == "english":
                rules = rules_from_name(
                    book, pack=int(data["pack"]), limited=data["limited"], **form.rule_options()
                )
            else:
                rules = rules_from_name(book, **form.rule_options())
        except ValueError as error:  # the form only offers what the engine takes
            form.add_error(None, str(error))
        if board.complete and form.is_valid():
            try:
                result = showdown(
                    [hand.cards for hand in board.hands], rules, dealer=form.dealer_index()
                )
            except CardError as error:
                board.error = error.message
            except ValueError as error:
                form.add_error("dealer", str(error))
    rows = _hand_rows(result)
    for hand in board.hands:
        hand.row = rows.get(hand.number)
    options = form.params() if form.is_valid() else _raw_options(query)
    link = permalink(request.path, board, options)
    here = "peel" if book == "english" else "swedish"
    bad = board.has_errors or bool(form.errors)
    if bad:
        board.keep_as_typed()
    board.mark_target()
    context = {
        "book": book,
        "board": board,
        "form": form,
        "rules": rules,
        "result": result,
        "reasons": explain(list(result.reasons), _chosen(rules)) if result else [],
        "verdict": verdict(board, result, bool(form.errors)),
        "permalink": link,
        "page_url": request.path,
        "others": _other_pages(here, board, options),
        "recheck": bool(form.errors or board.error),
    }
    if not _fragment(request) or board.reshaped:
        context["pack"] = pack_html(board.pack, board.taken)
    reshaped = board.reshaped or "recheck" in query
    return _respond(request, "table/showdown.html", context, bad=bad, link=link, reshaped=reshaped)


def _raw_options(query: QueryDict, also: set[str] | None = None) -> list[tuple[str, str]]:
    """The options as entered, for the address bar of a page with a wrong one."""
    skip = {"add", "drop", "clear", "tap", "at", "judge", "recheck", "was"} | (also or set())
    return [
        (k, v)
        for k, values in query.lists()
        if k not in skip and not (k.startswith("h") and k[1:].isdigit()) and k != "h"
        for v in values
    ]


@require_safe
@vary_on_headers(*VARY)
@remembered
def peel(request: HttpRequest) -> HttpResponse:
    return _showdown_page(request, "english")


@require_safe
@vary_on_headers(*VARY)
@remembered
def swedish(request: HttpRequest) -> HttpResponse:
    return _showdown_page(request, "swedish")


# --------------------------------------------------------------------------- every rule set


@require_safe
@vary_on_headers(*VARY)
@remembered
def compare(request: HttpRequest) -> HttpResponse:
    query = request.GET
    # Any rule set may judge: read by the 52-card pack and the most hands any rule set deals.
    limit = max(rules.hand_limit for rules, _ in rule_sets_for([]))
    board = read_board(query, PACK_52, limit, judging=_judging(request))
    form = DealerForm(_adjust_dealer(query, board), hands=len(board.hands))
    everywhere = None
    if board.complete and form.is_valid():
        try:
            everywhere = judge_everywhere(
                [hand.cards for hand in board.hands], dealer=form.dealer_index()
            )
        except CardError as error:
            board.error = error.message
    columns: list[dict[str, Any]] = []
    disagreements: list[dict[str, Any]] = []
    if everywhere is not None:
        reference = everywhere.judgements[0][1]
        for label, result in everywhere.judgements:
            rows = _hand_rows(result)
            cells = []
            for index, placing in enumerate(result.placings):
                row = dict(rows[placing.number], number=placing.number)
                family = placing.value.category.family
                row["differs"] = family is not reference.values[index].category.family
                cells.append(row)
            columns.append(
                {
                    "label": label,
                    "result": result,
                    "cells": cells,
                    "differs": result.winners != reference.winners,
                    "outcome": outcome(result),
                    "verdict": verdict(board, result),
                    "reasons": [r.text for r in result.reasons],
                }
            )
        explained = explain([d.reason for d in everywhere.disagreements])
        disagreements = [
            {"d": d, "explained": e}
            for d, e in zip(everywhere.disagreements, explained, strict=True)
        ]
    options = form.params() if form.is_valid() else []
    link = permalink(request.path, board, options)
    bad = board.has_errors or bool(form.errors)
    if bad:
        board.keep_as_typed()
    board.mark_target()
    context = {
        "board": board,
        "form": form,
        "everywhere": everywhere,
        "columns": columns,
        "disagreements": disagreements,
        "winners_differ": any(column["differs"] for column in columns),
        "verdict": _compare_verdict(board, everywhere, bool(form.errors)),
        "permalink": link,
        "page_url": request.path,
        "others": _other_pages("compare", board, options),
        "recheck": bool(form.errors or board.error),
    }
    if not _fragment(request) or board.reshaped:
        context["pack"] = pack_html(board.pack, board.taken)
    reshaped = board.reshaped or "recheck" in query
    return _respond(request, "table/compare.html", context, bad=bad, link=link, reshaped=reshaped)


def _compare_verdict(board: Board, everywhere: Everywhere | None, options_bad: bool) -> str:
    """One sentence; the rule sets' winners are listed under it, one line each."""
    if everywhere is None:
        return verdict(board, None, options_bad)
    outcomes = {outcome(result) for _, result in everywhere.judgements}
    if len(outcomes) > 1:
        return "The rule sets disagree on the winner."
    said = outcomes.pop()
    return f"All {len(everywhere.judgements)} rule sets agree: {said[0].lower()}{said[1:]}."


# --------------------------------------------------------------------------- Cox


@require_safe
@vary_on_headers(*VARY)
@remembered
def cox_page(request: HttpRequest) -> HttpResponse:
    query = request.GET
    rack = read_cox_cards(query)
    form = CoxForm(query)
    score = None
    if form.is_valid() and rack.slots and not rack.has_errors:
        try:
            score = cox.score_hand(rack.codes, form.supply_base(), form.options())
        except (cox.CoxCardError, ValueError) as error:
            rack.error = str(error)
    params = [("card", code) for code in rack.codes]
    params += form.params() if form.is_valid() else _raw_options(query, {"card"})
    link = f"{request.path}?{urlencode(params)}" if params else request.path
    if score is not None:
        headline = f"Score: {score.score} point{'' if abs(score.score) == 1 else 's'}."
    elif rack.has_errors or form.errors:
        headline = "Fix the problem marked below."
    else:
        headline = "Tap the cards laid out, or type them."

    def chosen(slug: str) -> str | None:
        ruling = RULINGS.get(slug)
        if ruling is None or ruling.option is None or not form.is_valid():
            return None
        return str(form.cleaned_data.get(ruling.option))

    waiting = [cox.parse_card(code) for code in score.waiting] if score else []
    bad = rack.has_errors or bool(form.errors)
    if bad:
        for slot in rack.slots:
            slot.normalised = False
    # The rack as the form shows it: any other card sent (a card typed, one edited, a tap,
    # a removal) changes the rack and the pack's counts, so the board is shown again.
    sent = [text.strip() for text in query.getlist("card") if text.strip()]
    reshaped = rack.edited or query.get("was") != " ".join(sent) or "recheck" in query
    context = {
        "rack": rack,
        "form": form,
        "score": score,
        "verdict": headline,
        "waiting": [{"name": card.name, "colour": cox_colour(card)} for card in waiting],
        "reasons": explain(score.reasons, chosen) if score else [],
        "permalink": link,
        "page_url": request.path,
        "was": " ".join(slot.shown for slot in rack.slots),
        "recheck": bool(form.errors or rack.error),
    }
    if not _fragment(request) or reshaped:
        context["cox_pack"] = cox_pack(rack.counts)
    return _respond(request, "table/cox.html", context, bad=bad, link=link, reshaped=reshaped)
