"""At the table: settle who won a deal of any game in the registry, and count a hand laid out.

The chooser (``/table/``) lists every registered game; each has one page,
``/table/<slug>/``, drawn by what its players lay on the table (``Game.board``): three-card
hands judged in a showdown, or a rack of cards counted. A name a game was known by before
(``peel``, ``english``) redirects to its slug's page, query string and all, so every
permalink sent before still gives the same verdict. ``/table/compare/`` judges the same
hands under every rule set.

Every page is a GET form, so its address reproduces its result (a permalink to send to
whoever disputes it), and the page shows the result first: the verdict and the paragraph
that decides it, then the board to edit. Without JavaScript every button (add a player,
tap a card of the pack, clear a card) is a submit button that re-renders the page. With
htmx, a change sends the form and only the result comes back (with each hand's place and
messages out of band), so nothing the player is typing is ever replaced; a button that
changes the board's shape (add or remove a player) gets the result and the board. The
server names the permalink in ``HX-Push-Url``; going back, htmx asks for the whole page.
The views only read the query string, ask the game (the registry, :mod:`games.engine.games`)
and render: every rule lives in ``games.engine``, and no view asks which game it holds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, Protocol, cast
from urllib.parse import urlencode

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponsePermanentRedirect,
    QueryDict,
)
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string, select_template
from django.template.loader_tags import ExtendsNode
from django.utils.translation import get_language, gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_safe
from django_htmx.http import push_url, reswap, retarget

from content.library import get_book
from content.templatetags.library import citation_url
from games.engine.cards import PACK_52, Card, CardError, parse_card
from games.engine.commerce import Rules, Showdown
from games.engine.compare import Everywhere, judge_everywhere, rule_sets_for
from games.engine.games import (
    Answer,
    Config,
    Game,
    Option,
    RackGame,
    RequestGame,
    UnknownGame,
    get,
    registered,
)
from games.engine.strength import strength
from games.engine.wording import EngineError, speaker
from games.explaining import Explanation, explain
from games.links import hand_url
from games.options_form import chosen_values
from games.request_forms import RequestForm
from games.speaking import decimal_sign, write_amount
from rulesite.htmx import HtmxHttpRequest
from rulesite.http_cache import same_for_everyone
from rulesite.language import reverse_here

from .forms import (
    Board,
    DealerForm,
    GameForm,
    game_form,
    pack_suits,
    page_options,
    permalink,
    rack_colour,
    rack_pack,
    read_board,
    read_rack,
)


def _fragment(request: HttpRequest) -> bool:
    """htmx asked for a fragment (going back, it asks for the whole page again)."""
    htmx = cast(HtmxHttpRequest, request).htmx
    return bool(htmx) and not htmx.history_restore_request


@receiver(setting_changed)
def _forget_found(**kwargs: Any) -> None:
    """A test that changes a setting must not get templates found before."""
    _template_of.cache_clear()
    _partial.cache_clear()
    _other_pages_of.cache_clear()


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
    # A fragment is drawn without the request's context processors: nothing in it reads
    # them (the language switch, the CSRF token, the CSP nonce are the whole page's), and
    # they cost a fifth of an answer.
    if reshaped:
        html = render_to_string(_partial(template, "table"), context)
        response = HttpResponse(html, status=status)
        # A board that asks for it (hx-ext="morph" on its form) has it merged into the page
        # (static/js/morph.js): a field typed in while the answer was on its way keeps it.
        response = retarget(response, "#table")
        if context.get("morph"):
            response["HX-Reswap"] = (
                "morph"  # an extension's style: django-htmx's reswap lists htmx's own
            )
        else:
            response = reswap(response, "outerHTML")
    else:
        context = {**context, "oob": True}
        html = render_to_string(_partial(template, "result"), context)
        response = HttpResponse(html, status=status)
    return push_url(response, link)


def _options(template: str) -> str:
    """The name of a page's options partial, which its board includes."""
    return _partial(template, "options")


def _percent(share: Any) -> str:
    return f"{float(share) * 100:.1f}%".replace(".", decimal_sign())


def _english() -> bool:
    """The page speaks English (its words are the engine's own)."""
    return get_language() in (None, "en")


def said_error(error: EngineError) -> str:
    """An engine's refusal in the page's language: on an English page its whole message as
    before (``Hand 2, card 3: ...``), else its words rendered (:meth:`EngineError.render`)."""
    if _english():
        return getattr(error, "message", None) or error.detail
    return error.render()


# --------------------------------------------------------------------------- the games


class HandsGame(Protocol):
    """What a game whose board is three-card hands answers (``CommerceGame``)."""

    slug: str
    label: str

    def hand_rules(self, config: Config) -> Rules: ...

    def judge(
        self,
        hands: Sequence[str | Sequence[str] | Sequence[Card]],
        config: Config,
        dealer: int | None = None,
    ) -> Showdown: ...


def game_url(game: Game) -> str:
    """The address of ``game``'s table page."""
    return _game_path(game.slug)


def _game_path(slug: str) -> str:
    return reverse_here("table:game", slug)


def _path(url_name: str) -> str:
    return reverse_here(url_name)


BOARD_WORDS = {
    "hands": gettext_lazy("Who won a showdown"),
    "rack": gettext_lazy("Count a hand laid out"),
    "request": gettext_lazy("Settle a hand"),
}
"""What the chooser says a game's page does, by its board."""


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """The chooser: every registered game, and the comparison."""
    games = [
        {"game": game, "url": game_url(game), "does": BOARD_WORDS.get(game.board, "")}
        for game in registered()
    ]
    return render(request, "table/index.html", {"games": games})


@require_safe
def game_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The table page of the game called ``slug``; a name it was known by redirects
    (permanently, the query string kept: the browser keeps the fragment)."""
    try:
        game = get(slug)
    except UnknownGame:
        raise Http404(f"No game {slug!r} at the table") from None
    if game.slug != slug:
        query = request.META.get("QUERY_STRING", "")
        target = game_url(game)
        return HttpResponsePermanentRedirect(f"{target}?{query}" if query else target)
    board = _BOARDS.get(game.board)
    if board is None:
        raise Http404(f"{game.label} has no page at the table")
    return board(request, game)


@lru_cache(maxsize=64)
def _template_of(game: Game) -> str:
    """The page of ``game``: its own template if there is one, else its board's."""
    names = [f"table/{game.slug}.html", f"table/{game.board}.html"]
    return str(select_template(names).template.name)


@lru_cache(maxsize=256)
def _partial(template: str, name: str) -> str:
    """The partial ``name`` of a page: its own, or, for a page that extends another (a
    game's own page extending its board's), the first it extends that defines it."""
    while True:
        try:
            get_template(f"{template}#{name}")
        except TemplateDoesNotExist:
            parent = _extended(template)
            if parent is None:
                raise
            template = parent
        else:
            return f"{template}#{name}"


def _extended(template: str) -> str | None:
    """The template that ``template`` extends (by a constant name), if any."""
    for node in get_template(template).template.nodelist:  # type: ignore[attr-defined]
        parent = getattr(node, "parent_name", None) if isinstance(node, ExtendsNode) else None
        if isinstance(getattr(parent, "var", None), str):
            return str(parent.var)  # type: ignore[union-attr]
    return None


def _book(game: Game) -> Any:
    return get_book(game.book)


# --------------------------------------------------------------------------- options


def _lenient_config(game: Game, query: QueryDict) -> Config:
    """The game's options from the query, any value it does not take at its default: what
    fixes the pack and the hand limit to read the board by, before the form says what is
    wrong."""
    raw = tuple(
        (option.name, value)
        for option in page_options(game)
        if (value := query.get(option.name, "").strip())
    )
    return _configured(game, raw)


@lru_cache(maxsize=512)
def _configured(game: Game, raw: tuple[tuple[str, str], ...]) -> Config:
    given: dict[str, object] = {}
    for name, value in raw:
        try:
            game.option(name).read(value)
        except EngineError:
            continue
        given[name] = value
    try:
        return game.configure(given)
    except EngineError:
        return game.configure()


_RULES: dict[tuple[object, ...], Rules] = {}


def _rules(game: HandsGame, config: Config) -> Rules:
    """The rule set that values hands under ``config``, made once for each choice of the
    options that value hands (its tables are shared anyway; this spares checking them)."""
    key = (game, tuple(config.of_part("hands").items()))
    rules = _RULES.get(key)
    if rules is None:
        rules = game.hand_rules(config)
        if len(_RULES) < 512:
            _RULES[key] = rules
    return rules


# --------------------------------------------------------------------------- showdowns


def _adjust_dealer(query: QueryDict, board: Board) -> QueryDict:
    """After a player is removed, the dealer keeps his seat (or is forgotten if removed)."""
    if board.removed is None:
        return query
    query = query.copy()
    dealer = query.get("dealer", "")
    if dealer.isdigit():
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
        return gettext("wins") if len(result.winners) == 1 else gettext("shares the win")
    if not result.values[hand].may_show:
        return gettext("does not compete")
    if place == 1:
        return gettext("ties for first, loses the tie")
    return gettext("place {place}").format(place=place)


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
            "describe": value.said.words(speak=speaker()),
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
        return gettext("Nobody wins")
    if len(result.winners) == 1:
        return gettext("Hand {number} wins").format(number=result.winners[0] + 1)
    numbers = speaker().join([str(i + 1) for i in result.winners])
    return gettext("Hands {numbers} share the win").format(numbers=numbers)


def verdict(board: Board, result: Showdown | None, options_bad: bool = False) -> str:
    """The headline: the winner, or what is still needed."""
    if result is not None:
        if not result.winners:
            return gettext("Nobody wins.")
        best = result.values[result.winners[0]].said.words(speak=speaker())
        if len(result.winners) == 1:
            return gettext("{outcome} with {best_hand}.").format(
                outcome=outcome(result), best_hand=best
            )
        return gettext("{outcome} ({best_hand}).").format(outcome=outcome(result), best_hand=best)
    if board.has_errors:
        return fix_problems(len(board.errors))
    if options_bad:
        return gettext("Fix the option marked below.")
    missing = board.missing
    if board.blank:
        return gettext("Enter the hands shown: tap the cards below or type them.")
    return ngettext("{count} card to go.", "{count} cards to go.", missing).format(count=missing)


def fix_problems(count: int) -> str:
    """The headline of a board with ``count`` mistakes marked."""
    if count == 1:
        return gettext("Fix the problem marked below.")
    return ngettext(
        "Fix the {count} problem marked below.", "Fix the {count} problems marked below.", count
    ).format(count=count)


COMPARE_LABEL = gettext_lazy("Every rule set, side by side")


def _other_pages(here: str, hands: str, options: list[tuple[str, str]]) -> list[dict[str, str]]:
    """Links to the same hands (``hands``, as a permalink's query writes them) under every
    other game judged by showdown and side by side: the hands, and the dealer and any
    option the other page also reads."""
    links = []
    games = tuple(registered(lambda game: game.board == "hands"))  # a test registers more
    for path, label, known in _other_pages_of(here, games, get_language()):
        kept = [(key, value) for key, value in options if key in known]
        query = f"{hands}&{urlencode(kept)}" if kept else hands
        links.append({"label": label, "url": f"{path}?{query}"})
    return links


@lru_cache(maxsize=64)
def _other_pages_of(
    here: str, games: tuple[Game, ...], language: str | None
) -> tuple[tuple[str, str, set[str]], ...]:
    """The other pages of :func:`_other_pages` (``games``: those judged by showdown):
    address, label and what they read, made once for each page and language (``language``:
    their words and addresses)."""
    pages: list[tuple[str, str, set[str]]] = [
        (_game_path(game.slug), gettext(game.label), _form_names(game))
        for game in games
        if game.slug != here
    ]
    if here != "compare":
        pages.append((_path("table:compare"), str(COMPARE_LABEL), {"dealer"}))
    return tuple(pages)


@cache
def _form_names(game: Game) -> set[str]:
    return {"dealer", *(o.name for o in page_options(game))}


def _raw_options(query: QueryDict, also: set[str] | None = None) -> list[tuple[str, str]]:
    """The options as entered, for the address bar of a page with a wrong one."""
    skip = {"add", "drop", "clear", "tap", "at", "judge", "recheck", "was"} | (also or set())
    return [
        (k, v)
        for k, values in query.lists()
        if k not in skip and not (k.startswith("h") and k[1:].isdigit()) and k != "h"
        for v in values
    ]


def _options_note(game: Game, form: GameForm) -> str:
    """What the options' summary says is inside when none is chosen: the variants the book
    describes by name, then that the house rules are where the book is silent."""
    return _options_note_of(form.options, get_language())


@lru_cache(maxsize=64)
def _options_note_of(options: tuple[Option, ...], language: str | None) -> str:
    """:func:`_options_note` for a form's options, made once for each (``language``: its
    words)."""
    variants = [gettext(o.label).lower() for o in options if o.ruling is None]
    rulings = any(o.ruling is not None for o in options)
    silent = gettext("house rules where the book is silent")
    parts = [*variants, silent] if rulings else variants
    if not parts:
        return ""
    return gettext("change {what}").format(what=speaker().join(parts))


def _showdown_page(request: HttpRequest, game: Game) -> HttpResponse:
    hands_game = cast(HandsGame, game)
    query: QueryDict = request.GET
    provisional = _rules(hands_game, _lenient_config(game, query))
    board = read_board(query, provisional.pack, provisional.hand_limit, judging=_judging(request))
    query = _adjust_dealer(query, board)
    form = game_form(game)(query, hands=len(board.hands))
    config = form.config()
    rules = provisional if config is None else _rules(hands_game, config)
    result: Showdown | None = None
    if config is not None and board.complete:
        try:
            cards = [hand.cards for hand in board.hands]
            result = hands_game.judge(cards, config, dealer=form.dealer_index())
        except CardError as error:
            board.error = said_error(error)
        except EngineError as error:
            words = error.detail if _english() else error.render()
            form.add_error("dealer" if error.field == "dealer" else None, words)
    rows = _hand_rows(result)
    if result is not None and config is not None:  # each hand's place on the odds page
        for placing in result.placings:
            rows[placing.number]["odds"] = hand_url(game, config, placing.value.cards)
    for hand in board.hands:
        hand.row = rows.get(hand.number)
    options = form.params(config) if config is not None else _raw_options(query)
    hands = urlencode(board.hand_params())
    link = permalink(request.path, hands, options)
    bad = board.has_errors or bool(form.errors)
    if bad:
        board.keep_as_typed()
    board.mark_target()
    context = {
        "game": game,
        "book": _book(game),
        "categories": _categories(game),
        "notation": notation(game),
        "board": board,
        "form": form,
        "options_note": _options_note(game, form),
        "ties_to_dealer": game.ties_to_dealer,
        "rules": rules,
        "result": result,
        "reasons": explain(result.reasons, chosen=chosen_values(config))
        if result is not None and config is not None
        else [],
        "verdict": verdict(board, result, bool(form.errors)),
        "permalink": link,
        "record": _path("sheet:from_table"),
        "page_url": request.path,
        "others": _other_pages(game.slug, hands, options),
        "recheck": bool(form.errors or board.error),
    }
    template = _template_of(game)
    reshaped = board.reshaped or "recheck" in query
    fragment = _fragment(request)
    if not fragment or reshaped:
        context["pack"] = pack_suits(board.pack, board.taken)
        context["options"] = _options(template)
    return _respond(request, template, context, bad=bad, link=link, reshaped=reshaped)


_EXAMPLES = ("AS", "10H", "JH")
"""The cards the pack's hint writes as examples (the ace of spades, ten and knave of hearts)."""


@cache
def notation(game: Game) -> str:
    """Cards written as the game's book writes them (``Game.write_card``), for the pack's
    hint: three in its own way, the first as a symbol and in the other way the engine reads
    too (suit first, as the Swedish text writes it, or rank then suit)."""
    cards = [parse_card(code) for code in _EXAMPLES]
    own = [game.write_card(card) for card in cards]
    ace = cards[0]
    other = ace.swedish_code if own[0] == str(ace) else str(ace)
    return ", ".join([*own, ace.symbol, other])


def _categories(game: Game) -> list[dict[str, Any]]:
    """The combinations the game's own rules recognise, best first, each in its book's word
    and language, with the paragraph that defines it (the page's lede), in the page's
    language (the paragraph's address has its prefix)."""
    return _categories_in(game, get_language())


@cache
def _categories_in(game: Game, language: str | None) -> list[dict[str, Any]]:
    rules = cast(HandsGame, game).hand_rules(game.configure())
    out = []
    for category in rules.categories:
        book = get_book(category.citation.book)
        out.append(
            {
                "term": category.term.capitalize(),
                "url": citation_url(category.citation),
                "lang": book.language if book is not None else "",
            }
        )
    return out


# --------------------------------------------------------------------------- every rule set


@require_safe
@same_for_everyone
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
            board.error = said_error(error)
    columns: list[dict[str, Any]] = []
    disagreements: list[Any] = []
    if everywhere is not None:
        reference = everywhere.judgements[0][1]
        headings = {
            label: result.rules.heading.words(speak=speaker())
            for label, result in everywhere.judgements
        }
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
                    "label": headings[label],
                    "result": result,
                    "cells": cells,
                    "differs": result.winners != reference.winners,
                    "outcome": outcome(result),
                    "verdict": verdict(board, result),
                    "reasons": explain(result.reasons),
                }
            )
        page = Explanation()
        for d in everywhere.disagreements:
            line = (
                gettext("{rules} against {other_rules}: the winner")
                if d.kind == "winner"
                else gettext("{rules} against {other_rules}: the combination")
            )
            rules, other_rules = (headings.get(label, label) for label in d.labels)
            page.add(d.reason, [line.format(rules=rules, other_rules=other_rules)])
        disagreements = page.shown
    options = form.params() if form.is_valid() else []
    hands = urlencode(board.hand_params())
    link = permalink(request.path, hands, options)
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
        "others": _other_pages("compare", hands, options),
        "recheck": bool(form.errors or board.error),
    }
    template = "table/compare.html"
    reshaped = board.reshaped or "recheck" in query
    if not _fragment(request) or reshaped:
        context["pack"] = pack_suits(board.pack, board.taken)
        context["options"] = _options(template)
    return _respond(request, template, context, bad=bad, link=link, reshaped=reshaped)


def _compare_verdict(board: Board, everywhere: Everywhere | None, options_bad: bool) -> str:
    """One sentence; the rule sets' winners are listed under it, one line each."""
    if everywhere is None:
        return verdict(board, None, options_bad)
    outcomes = {outcome(result) for _, result in everywhere.judgements}
    if len(outcomes) > 1:
        return gettext("The rule sets disagree on the winner.")
    said = outcomes.pop()
    return gettext("All {count} rule sets agree: {outcome}.").format(
        count=len(everywhere.judgements), outcome=f"{said[0].lower()}{said[1:]}"
    )


# --------------------------------------------------------------------------- a rack


def _rack_page(request: HttpRequest, game: Game) -> HttpResponse:
    query = request.GET
    rack_game = cast(RackGame, game)
    rack = read_rack(query, rack_game)
    form = game_form(game)(query)
    config = form.config()
    score = None
    if config is not None and rack.slots and not rack.has_errors:
        try:
            score = rack_game.score(rack.codes, form.supply_base(), config)
        except EngineError as error:
            rack.error = said_error(error)
        except ValueError as error:
            rack.error = str(error)
    params = [("card", code) for code in rack.codes]
    params += form.params(config) if config is not None else _raw_options(query, {"card"})
    link = f"{request.path}?{urlencode(params)}" if params else request.path
    if score is not None:
        headline = ngettext(
            "Score: {points} point.", "Score: {points} points.", abs(score.score)
        ).format(points=score.score)
    elif rack.has_errors or form.errors:
        headline = gettext("Fix the problem marked below.")
    else:
        headline = gettext("Tap the cards laid out, or type them.")
    waiting = [rack_game.read_card(code) for code in score.waiting] if score else []
    bad = rack.has_errors or bool(form.errors)
    if bad:
        for slot in rack.slots:
            slot.normalised = False
    # The rack as the form shows it: any other card sent (a card typed, one edited, a tap,
    # a removal) changes the rack and the pack's counts, so the board is shown again.
    sent = [text.strip() for text in query.getlist("card") if text.strip()]
    reshaped = rack.edited or query.get("was") != " ".join(sent) or "recheck" in query
    context = {
        "game": game,
        "book": _book(game),
        "rack": rack,
        "form": form,
        "score": score,
        "verdict": headline,
        "waiting": [
            {
                "name": card.name if _english() else card.words.words(speak=speaker()),
                "colour": rack_colour(card),
            }
            for card in waiting
        ],
        "reasons": explain(score.reasons, chosen=chosen_values(config))
        if score is not None and config is not None
        else [],
        "permalink": link,
        "page_url": request.path,
        "was": " ".join(slot.shown for slot in rack.slots),
        "recheck": bool(form.errors or rack.error),
    }
    template = _template_of(game)
    if not _fragment(request) or reshaped:
        context["rack_pack"] = rack_pack(rack_game, rack.counts)
        context["options"] = _options(template)
    return _respond(request, template, context, bad=bad, link=link, reshaped=reshaped)


# --------------------------------------------------------------------------- one request


def request_verdict(game: RequestGame, answer: Answer) -> str:
    """The headline of an answer: who wins what (money), or what each side scores (points),
    players numbered from 1.

    >>> from fractions import Fraction as F
    >>> class Money(RequestGame):
    ...     slug = "m"
    >>> request_verdict(Money(), Answer((F(-2), F(3), F(-1)), None, ()))
    'Player 2 wins 3; player 1 pays 2 and player 3 pays 1.'
    >>> request_verdict(Money(), Answer((F(0), F(0)), None, ()))
    'Nobody wins or pays anything.'
    >>> class Points(Money):
    ...     keeps = "points"
    ...     def sides(self, players):
    ...         return ((0, 2), (1, 3))
    >>> request_verdict(Points(), Answer((F(2), F(1), F(2), F(1)), None, ()))
    'Players 1 and 3 score 2; players 2 and 4 score 1.'
    """
    return _VERDICTS[game.keeps](game, answer.scores)


def _points_verdict(game: RequestGame, scores: tuple[Fraction, ...]) -> str:
    parts = []
    for side in game.sides(len(scores)):
        who = speaker().join([str(i + 1) for i in side])
        points = write_amount(scores[side[0]])
        parts.append(
            ngettext(
                "player {numbers} scores {points}",
                "players {numbers} score {points}",
                len(side),
            ).format(numbers=who, points=points)
        )
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


def _money_verdict(game: RequestGame, scores: tuple[Fraction, ...]) -> str:
    winners = [
        gettext("player {number} wins {amount}").format(number=i + 1, amount=write_amount(s))
        for i, s in enumerate(scores)
        if s > 0
    ]
    payers = [
        gettext("player {number} pays {amount}").format(number=i + 1, amount=write_amount(-s))
        for i, s in enumerate(scores)
        if s < 0
    ]
    if not winners and not payers:
        return gettext("Nobody wins or pays anything.")
    said = [speaker().join(winners), speaker().join(payers)]
    text = "; ".join(part for part in said if part)
    return text[:1].upper() + text[1:] + "."


_VERDICTS: dict[str, Callable[[RequestGame, tuple[Fraction, ...]], str]] = {
    "points": _points_verdict,
    "money": _money_verdict,
}
"""The headline of an answer by what the game keeps (``Game.keeps``)."""


def _request_reasons(answer: Answer, config: Config) -> list[Any]:
    """The answer's reasons, each once, with the payments it requires beside it; then the
    reason of any payment the answer's reasons do not give."""
    lines: dict[Any, list[str]] = {}
    for t, words in zip(answer.transfers, _payments(answer), strict=True):
        lines.setdefault(t.reason, []).append(words)
    page = Explanation(chosen=chosen_values(config))
    for reason in dict.fromkeys((*answer.reasons, *lines)):
        page.add(reason, lines.get(reason, ()))
    return page.shown


def _payments(answer: Answer) -> list[str]:
    """Each payment in words: "Player 2 pays player 1 2"."""
    return [
        gettext("Player {payer} pays player {payee} {amount}").format(
            payer=t.payer + 1, payee=t.payee + 1, amount=write_amount(t.amount)
        )
        for t in answer.transfers
    ]


def _scores(game: RequestGame, answer: Answer) -> list[dict[str, str]]:
    """Each player's result (money, signed) or each side's points, for the answer's table."""
    return _SCORES[game.keeps](game, answer.scores)


def _points(game: RequestGame, scores: tuple[Fraction, ...]) -> list[dict[str, str]]:
    return [
        {
            "who": ngettext("Player {numbers}", "Players {numbers}", len(side)).format(
                numbers=speaker().join([str(i + 1) for i in side])
            ),
            "amount": write_amount(scores[side[0]]),
        }
        for side in game.sides(len(scores))
    ]


def _money(game: RequestGame, scores: tuple[Fraction, ...]) -> list[dict[str, str]]:
    return [
        {
            "who": gettext("Player {number}").format(number=i + 1),
            "amount": write_amount(score, signed=True),
        }
        for i, score in enumerate(scores)
    ]


_SCORES: dict[str, Callable[[RequestGame, tuple[Fraction, ...]], list[dict[str, str]]]] = {
    "points": _points,
    "money": _money,
}
"""Each player's result (money, signed) or each side's points, by ``Game.keeps``."""


REQUEST_PREFIX = "r-"
"""The prefix of a request's fields on the table page: the options' fields are named after
the options, and a game may name an option like a field of its request."""


def _request_page(request: HttpRequest, game: Game) -> HttpResponse:
    """The table page of a game settled from one request: the answer (who wins, who pays
    whom, each reason with its paragraph quoted, the permalink), then the board. A first
    visit shows the game's example answered."""
    request_game = cast(RequestGame, game)
    query = request.GET
    form = game_form(game)(query)
    config = form.config()
    first = not RequestForm.sent(game, query, REQUEST_PREFIX)
    if first:
        entry = RequestForm.of(game, request_game.example(), REQUEST_PREFIX)
    else:
        entry = RequestForm.read(game, query, REQUEST_PREFIX)
    answer: Answer | None = None
    if config is not None:
        try:
            answer = request_game.answer(entry.value, config)
        except EngineError as error:
            entry.refuse(error)
    link = f"{request.path}?{urlencode(entry.params() + form.params(config))}"
    # A button that adds a blank player or sale is no mistake: the page says what is missing.
    bad = (entry.invalid and not entry.edited) or bool(form.errors)
    if answer is not None:
        headline = request_verdict(request_game, answer)
    elif entry.invalid:
        headline = fix_problems(len(entry.errors))
    else:
        headline = gettext("Fix the option marked below.")
    context = {
        "game": game,
        "book": _book(game),
        "form": form,
        "entry": entry,
        "answer": answer,
        "body": answer.body if answer is not None else {},
        "scores": _scores(request_game, answer) if answer is not None else [],
        "payments": _payments(answer) if answer is not None else [],
        "reasons": _request_reasons(answer, config)
        if answer is not None and config is not None
        else [],
        "verdict": headline,
        "permalink": link,
        "page_url": request.path,
        "first": first,
        "options_note": _options_note(game, form),
        "recheck": bad,
        "answer_template": (
            f"table/request/{game.slug}_answer.html",
            "table/request/any_answer.html",
        ),
        "morph": True,
    }
    template = _template_of(game)
    # With htmx a change brings the answer only; a button that reshapes the board, or a
    # board with a mistake (or one shown with a mistake before), brings the board too, so
    # each field's mark and message is right.
    reshaped = entry.edited or bad or "recheck" in query
    if not _fragment(request) or reshaped:
        context["options"] = _options(template)
    return _respond(request, template, context, bad=bad, link=link, reshaped=reshaped)


@same_for_everyone
def _request(request: HttpRequest, game: Game) -> HttpResponse:
    return _request_page(request, game)


@same_for_everyone
def _hands(request: HttpRequest, game: Game) -> HttpResponse:
    return _showdown_page(request, game)


@same_for_everyone
def _rack(request: HttpRequest, game: Game) -> HttpResponse:
    return _rack_page(request, game)


_BOARDS: dict[str, Callable[[HttpRequest, Game], HttpResponse]] = {
    "hands": _hands,
    "rack": _rack,
    "request": _request,
}
"""The page of each kind of board a game lays on the table (``Game.board``)."""
