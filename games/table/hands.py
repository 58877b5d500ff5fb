"""The table page of a game of three-card hands (``Game.board == "hands"``): a showdown
judged with the deciding paragraphs, and one deal under every rule set (``/table/compare/``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any, cast
from urllib.parse import urlencode

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import (
    HttpRequest,
    HttpResponse,
    QueryDict,
)
from django.utils.translation import get_language, gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_safe

from content.library import get_book
from content.templatetags.library import citation_url
from games.engine.cards import PACK_52, CardError
from games.engine.commerce import Showdown
from games.engine.compare import Everywhere, judge_everywhere, rule_sets_for
from games.engine.games import (
    CommerceGame,
    Config,
    Game,
    registered,
)
from games.engine.strength import strength
from games.engine.wording import EngineError, Mention, speaker
from games.explaining import Explanation, explain
from games.links import hand_url
from games.options_form import chosen_values
from games.pack import notation, pack_suits
from rulesite.http_cache import same_for_everyone

from .common import (
    _book,
    _english,
    _form_names,
    _fragment,
    _game_path,
    _judging,
    _lenient_config,
    _options,
    _options_note,
    _path,
    _percent,
    _raw_options,
    _respond,
    _rules,
    _template_of,
    fix_problems,
    said_error,
)
from .forms import (
    Board,
    DealerForm,
    game_form,
    permalink,
    read_board,
)


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


def outcome(result: Showdown, names: Sequence[str] | None = None) -> str:
    """Who wins, in a few words: "Hand 2 wins", "Ann and Cy share the win", "Nobody wins":
    the hands numbered from 1, or by the names of the players holding them (the engine's
    one formatter of names, :class:`Mention`)."""
    if not result.winners:
        return gettext("Nobody wins")
    who = Mention("hand", result.winners, capital=True).words(names, speak=speaker())
    if len(result.winners) == 1:
        return gettext("{who} wins").format(who=who)
    return gettext("{who} share the win").format(who=who)


def verdict(board: Board, result: Showdown | None, options_bad: bool = False) -> str:
    """The headline: the winner, or what is still needed."""
    if result is not None:
        if not result.winners:
            return gettext("Nobody wins.")
        best = result.values[result.winners[0]].said.words(speak=speaker())
        won = outcome(result, board.names)
        if len(result.winners) == 1:
            return gettext("{outcome} with {best_hand}.").format(outcome=won, best_hand=best)
        return gettext("{outcome} ({best_hand}).").format(outcome=won, best_hand=best)
    if board.has_errors:
        return fix_problems(len(board.errors))
    if options_bad:
        return gettext("Fix the option marked below.")
    missing = board.missing
    if board.blank:
        return gettext("Enter the hands shown: tap the cards below or type them.")
    return ngettext("{count} card to go.", "{count} cards to go.", missing).format(count=missing)


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


def _showdown_page(request: HttpRequest, game: Game) -> HttpResponse:
    hands_game = cast(CommerceGame, game)
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
        "reasons": explain(result.reasons, board.names, chosen=chosen_values(config))
        if result is not None and config is not None
        else [],
        "verdict": _with_after(
            verdict(board, result, bool(form.errors)), game, result, config, board.names
        ),
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
    return _respond(
        request, template, context, bad=bad, link=link, reshaped=reshaped, judged=result is not None
    )


def _categories(game: Game) -> list[dict[str, Any]]:
    """The combinations the game's own rules recognise, best first, each in its book's word
    and language, with the paragraph that defines it (the page's lede), in the page's
    language (the paragraph's address has its prefix)."""
    return _categories_in(game, get_language())


@cache
def _categories_in(game: Game, language: str | None) -> list[dict[str, Any]]:
    rules = cast(CommerceGame, game).hand_rules(game.configure())
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
                    "outcome": outcome(result, board.names),
                    "verdict": verdict(board, result),
                    "reasons": explain(result.reasons, board.names),
                }
            )
        page = Explanation(board.names)
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
    return _respond(
        request,
        template,
        context,
        bad=bad,
        link=link,
        reshaped=reshaped,
        judged=everywhere is not None,
    )


def _with_after(
    headline: str,
    game: Game,
    result: Showdown | None,
    config: Config | None,
    names: Sequence[str] | None,
) -> str:
    """The verdict, then what the showdown decides besides the winner in this game (Pool
    Commerce: who puts a counter into the pool), by the registry's game."""
    if result is None or config is None:
        return headline
    after = cast(CommerceGame, game).showdown_also(result, config)
    return headline if after is None else f"{headline} {after.words(names, speak=speaker())}"


def _compare_verdict(board: Board, everywhere: Everywhere | None, options_bad: bool) -> str:
    """One sentence; the rule sets' winners are listed under it, one line each."""
    if everywhere is None:
        return verdict(board, None, options_bad)
    outcomes = {outcome(result, board.names) for _, result in everywhere.judgements}
    if len(outcomes) > 1:
        return gettext("The rule sets disagree on the winner.")
    said = outcomes.pop()
    if board.names is None:  # "hand 2 wins" within the sentence; a name keeps its capital
        said = f"{said[0].lower()}{said[1:]}"
    return gettext("All {count} rule sets agree: {outcome}.").format(
        count=len(everywhere.judgements), outcome=said
    )


@receiver(setting_changed)
def _forget_pages(**kwargs: Any) -> None:
    """A test that changes a setting must not get the other pages' addresses found before."""
    _other_pages_of.cache_clear()
