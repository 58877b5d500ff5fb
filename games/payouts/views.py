"""The payout calculators: people play with real cards and counters, the site says who pays whom.

One calculator per registered game that has one (:func:`calculators`), at ``/pay/<slug>/``;
what it asks for follows the game's capabilities -- a deal settled from its hands
(``settles_deals``), a ledger over a whole game (``whole_game``), cards laid out and counted
(``board == "rack"``) -- and its house rules are the game's options. Every calculator is a GET
form, so its address is a permalink to the result. With htmx the form updates the result in
place and the server names the permalink in ``HX-Push-Url``; while the form itself would
render the same (htmx sends its :meth:`~.forms.CalculatorForm.shape` as ``form_shape``),
only the result is sent. Without JavaScript every button (add or remove a player, remove a
deal, record a hand) is a submit button, answered by a redirect to the new permalink. The
views read the query, call the engine and render: every rule lives in ``games.engine``. A
value the form or the engine refuses is answered with status 400 and the message beside its
field. An address asked again is answered from Django's page cache (``rulesite.http_cache``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.template.loader import select_template
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_safe
from django_htmx.http import push_url, reswap, retarget

from games.engine.cards import CardError, parse_hand
from games.engine.games import (
    CommerceGame,
    Config,
    Game,
    OptionError,
    RackGame,
    UnknownGame,
    get,
)
from games.engine.games import registered as registered_games
from games.engine.pool import PlayError
from games.engine.wording import EngineError, join
from games.forms_util import sentence
from games.speaking import write_amount
from rulesite.htmx import HtmxHttpRequest
from rulesite.http_cache import same_for_everyone

from .explain import Explanation, error_field, error_words, hands_of
from .forms import (
    ACTIONS,
    MAX_DEALS,
    MAX_ROWS,
    CalculatorForm,
    DealForm,
    GameForm,
    RackForm,
    copied,
    count_rows,
    deal_items,
    deals_read,
    moves_of,
    press,
    read_deals,
    shift_deals,
    with_defaults,
)
from .results import RackResult, deal_result, game_result, game_rows, rack_result

SHAPE = "form_shape"
"""The parameter in which a calculator's form names its shape to htmx (see the module);
never part of a permalink."""


def has_calculator(game: Game) -> bool:
    """Whether the calculators can settle ``game``: from a deal's hands, over a whole game,
    or by counting the cards laid out (its kind of keeping, :data:`CALCULATORS`)."""
    return game.keeping in CALCULATORS


def calculators() -> list[Game]:
    """The registered games with a calculator, in the registry's order."""
    return registered_games(has_calculator)


def settled_at_table() -> list[Game]:
    """The games played for money that are settled from one request (Vingt-un,
    Speculation): their table page is their calculator (one hand, who pays whom)."""
    return registered_games(lambda g: g.board == "request" and g.keeps == "money")


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    context = {"games": calculators(), "at_table": settled_at_table()}
    return render(request, "payouts/index.html", context)


@require_safe
@same_for_everyone
def calculator(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The calculator of the game called ``slug`` (a name it was known by redirects)."""
    try:
        game = get(slug)
    except UnknownGame:
        raise Http404(f"No calculator for {slug!r}") from None
    if not has_calculator(game):
        raise Http404(f"No calculator for {game.label}")
    if game.slug != slug:
        target = reverse("pay:calculator", args=[game.slug])  # in the page's language
        query = request.GET.urlencode()
        return HttpResponseRedirect(f"{target}?{query}" if query else target, status=301)
    return CALCULATORS[game.keeping](request, game)


# --------------------------------------------------------------------------- shared


def _respond(
    request: HtmxHttpRequest,
    kind: str,
    context: dict[str, Any],
    form: CalculatorForm,
    *,
    acted: bool,
    bad: bool = False,
    shape: str | None = None,
) -> HttpResponse:
    """The page (400 if anything is refused); for htmx, the result alone when the form the
    browser holds has this ``shape``, else the whole calculator, with the permalink pushed;
    for a button pressed without JavaScript, a redirect to the new permalink."""
    link = form.permalink(request.path)
    # Going back to a page htmx no longer holds, it asks for the whole page again.
    fragment = bool(request.htmx) and not request.htmx.history_restore_request
    if acted and not fragment:
        return HttpResponseRedirect(link)
    form.link_descriptions()
    game = form.game
    name = _template_name(game.slug, kind)
    status = 400 if form.bad or bad else 200
    context = {
        "form": form,
        "game": game,
        "permalink": link,
        "shape": shape,
        "shape_key": SHAPE,
        **context,
    }
    held = request.GET.get(SHAPE)
    only_result = (
        fragment and shape is not None and not acted and (held == shape if held else not form.bad)
    )
    part = f"{name}#{'result-update' if only_result else 'update'}" if fragment else name
    response = render(request, part, context, status=status)
    if not fragment:
        return response
    if only_result:
        retarget(response, "#result")
        reswap(response, "outerHTML")
    return push_url(response, link)


def _template_name(slug: str, kind: str) -> str:
    """The template of a calculator: the game's own if it has one, else its kind's."""
    return str(select_template([f"payouts/{slug}.html", f"payouts/{kind}.html"]).template.name)


def _players_limit_error(
    form: CalculatorForm, players: int, low: int, high: int, where: str
) -> None:
    if players > high:
        extra = players - high
        form.error(
            None,
            ngettext(
                "At most %(most)s players %(where)s; remove %(extra)s player.",
                "At most %(most)s players %(where)s; remove %(extra)s players.",
                extra,
            )
            % {"most": high, "where": where, "extra": extra},
        )
    elif players < low:
        form.error(
            None,
            gettext("%(game)s needs at least %(least)s players: add a player.")
            % {"game": gettext(form.game.label), "least": low},
        )


def _default_players(game: Game) -> int:
    return min(max(game.min_players + 1, 3), game.max_players)


def _given_config(game: Game, query: QueryDict) -> Config:
    """The options as the query gives them, before the form checks them (the defaults if
    any is refused): what decides the form's own shape (the pack's hands, who stood)."""
    try:
        return game.configure({o.name: query[o.name] for o in game.options if o.name in query})
    except (OptionError, ValueError):
        return game.configure()


# --------------------------------------------------------------------------- a deal


def _words(game: Game) -> dict[str, str]:
    """What the deal's inputs are called in this game (its dealer may be a banker)."""
    dealer = game.dealer_word
    return {
        "stake": gettext(game.stake_label),
        "bought": gettext(game.bought_label),
        "dealer": gettext("Who dealt?")
        if dealer == "dealer"
        else gettext("Who is the dealer (the %(dealer)s)?") % {"dealer": gettext(dealer)},
        "dealer_word": dealer,
    }


DEAL_ROWS = {"hands": "hand", "bought": "bought"}
"""The engine's lists of a deal, one item a player, and the form fields of a player's row."""


def _deal(request: HtmxHttpRequest, any_game: Game) -> HttpResponse:
    game = cast(CommerceGame, any_game)  # a game whose deals are settled is one of hands
    query = copied(request.GET)
    acted = any(key in query for key in ACTIONS)
    players = count_rows(query, ("name", "hand", "bought"), _default_players(game))
    given = _given_config(game, query)
    pack = game.pack(given)
    limit = min(game.max_players, game.hand_rules(given).hand_limit)
    query, players = press(
        query,
        players,
        low=game.min_players,
        high=min(limit, MAX_ROWS),
        new_row=["name", "hand"],
        player_valued=["dealer", "stood"],
    )
    for key in ACTIONS:
        query.pop(key, None)
    rows = min(players, MAX_ROWS)
    defaults = {"stake": "1", **DealForm.defaults(game)}
    if not request.GET or set(request.GET) <= set(ACTIONS):
        defaults["dealer"] = "1"
    words = _words(game)
    asks_stood = game.asks_stood(given)
    form = DealForm(with_defaults(query, defaults), rows, game, asks_stood=asks_stood, words=words)
    _players_limit_error(
        form,
        players,
        game.min_players,
        limit,
        gettext("can be dealt from the %(cards)s-card pack") % {"cards": pack.size},
    )
    form.is_valid()
    data = form.cleaned_data
    names = form.names
    config = form.config

    hands = [str(form.data.get(f"hand{i}", "") or "") for i in range(1, rows + 1)]
    blank = [i for i, text in enumerate(hands) if not text.strip()]
    if config is not None:
        dealt_from = game.pack(config)
        for i, text in enumerate(hands):
            if text.strip() and f"hand{i + 1}" not in form.errors:
                try:
                    parse_hand(text, dealt_from)
                except CardError as error:
                    form.error(f"hand{i + 1}", error_words(error, hands_of(names)))
    missing: list[str] = []
    if blank:
        missing.append(
            gettext("the cards of %(players)s") % {"players": join([names[i] for i in blank])}
        )
    dealer_text = str(data.get("dealer") or "")
    stood_text = str(data.get("stood") or "")
    if asks_stood and not stood_text and "stood" not in form.errors:
        missing.append(gettext("who stood"))
    dealer = int(dealer_text) - 1 if dealer_text else None
    stood = int(stood_text) - 1 if stood_text else None
    bought = [int(data.get(f"bought{i}") or 0) for i in range(1, rows + 1)] if game.bought else []

    result = None
    if not form.bad and not missing and config is not None:
        try:
            settled = game.settle(
                hands, data["stake"], config, dealer=dealer, stood=stood, bought=bought or None
            )
        except EngineError as error:
            if error.field == "dealer" and dealer is None:
                missing.append(gettext("who dealt"))  # the game needs its dealer; none chosen yet
            else:
                at = error_field(error, DEAL_ROWS, range(1, rows + 1))
                # A hand's error may speak of another player's hand ("also in Ann's hand").
                named = hands_of(names) if isinstance(error, CardError) else names
                form.error(at, error_words(error, named, placed=at in form.fields))
        except ValueError as error:
            form.error(None, sentence(str(error)))
        else:
            explanation = Explanation(names, form.chosen)
            result = deal_result(settled, names, explanation, dealer, stood, bought)
    extended = game.stood and not asks_stood
    context = {
        "result": result,
        "missing": missing,
        "summary": form.summary(),
        "can_add": players < min(limit, MAX_ROWS),
        "can_remove": players > game.min_players,
        "words": words,
        "extended_on": extended,
        "stood_kept": query.get("stood", "")[:3] if extended else "",
        "status": result.status if result else "",
    }
    shape = form.shape(context["can_add"], context["can_remove"], extended)
    return _respond(request, "deal", context, form, acted=acted, shape=shape)


# --------------------------------------------------------------------------- a whole game


def _whole_game(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    acted = any(key in request.GET for key in ACTIONS)
    query, deals, beyond = deals_read(request.GET)
    players = count_rows(query, ("name",), _default_players(game))
    query, players = press(
        query, players, low=game.min_players, high=game.max_players, new_row=["name"]
    )
    gone = query.pop("remove_deal", [""])[0]
    if gone.isdigit() and 1 <= int(gone) <= deals:
        query = shift_deals(query, int(gone))
        deals -= 1
    query.pop("record", None)
    rows = min(players, MAX_ROWS)
    defaults = GameForm.defaults(game)
    if not any(k.startswith("name") for k in query):
        defaults |= {f"name{i}": "" for i in range(1, rows + 1)}
    form = GameForm(with_defaults(query, defaults), rows, game)
    _players_limit_error(
        form, players, game.min_players, game.max_players, gettext("play at one table")
    )
    form.is_valid()
    names = form.names
    if beyond:
        form.error(
            None,
            gettext("A page reads deals 1 to %(most)s; deal %(first)s and any later were left out.")
            % {"most": MAX_DEALS, "first": beyond},
        )

    ticks = read_deals(query, rows, deals)
    moves, where = moves_of(ticks)
    replay = refused = None
    if form.config is not None and not form.bad:
        try:
            replay = game.play(rows, form.config, moves)
        except PlayError as error:
            refused, replay = error, error.played
        except EngineError as error:  # the sums or the table itself
            at = error_field(error)
            form.error(at, error_words(error, names, placed=at in form.fields))
    deal_rows = game_rows(ticks, where, replay, refused, names)
    broken = any(r.errors or r.horse_errors for r in deal_rows)

    result = None
    if replay is not None:
        result = game_result(replay, names, Explanation(names, form.chosen))
    form.extra_items = deal_items(query, deals)
    summary = form.summary() + [
        (gettext("Deal %(number)s") % {"number": r.number}, f"deal-{r.number}", message)
        for r in deal_rows
        for message in r.errors + r.horse_errors
    ]
    context = {
        "result": result,
        "deal_rows": deal_rows,
        "summary": summary,
        "can_add": players < game.max_players,
        "can_remove": players > game.min_players,
        "status": result.status if result else "",
    }
    return _respond(request, "game", context, form, acted=acted, bad=broken)


# --------------------------------------------------------------------------- cards counted


def _rack_players(game: Game, query: QueryDict) -> tuple[QueryDict, int, str]:
    """The query after any add/remove button, the number of players, the hand to record."""
    players = count_rows(query, ("name", "cards", "base"), _default_players(game))
    query, players = press(
        query, players, low=game.min_players, high=game.max_players, new_row=["name", "cards"]
    )
    record = query.pop("record", [""])[0]
    for key in ACTIONS:
        query.pop(key, None)
    return query, players, record


def _rack_form(
    game: Game, query: QueryDict, players: int, *, hands: int, bases: Sequence[int]
) -> RackForm:
    rows = min(players, MAX_ROWS)
    defaults = RackForm.defaults(game)
    for i in range(1, rows + 1):
        defaults[f"base{i}"] = str(min(i, max(bases)))
    form = RackForm(
        with_defaults(query, defaults),
        rows,
        game,
        hands=hands,
        bases=range(min(bases), max(bases) + 1),
    )
    _players_limit_error(
        form, players, game.min_players, game.max_players, gettext("play one game")
    )
    form.is_valid()
    return form


RACK_ROWS = {"hands": "cards", "supply_bases": "base"}
"""The engine's lists of a deal laid out, one item a player, and the form fields of a row."""


def _rack_deal(
    game: RackGame, form: RackForm, explanation: Explanation
) -> tuple[list[RackResult], list[str]]:
    """Count each laid-out hand; the names of the players whose cards are still to come."""
    data = form.cleaned_data
    names = form.names
    results: list[RackResult] = []
    missing: list[str] = []
    for i in range(1, form.players + 1):
        text = str(form.data.get(f"cards{i}", "") or "")
        if not text.strip():
            missing.append(names[i - 1])
            continue
        if f"cards{i}" in form.errors:
            continue
        base = data.get(f"base{i}")
        try:
            if f"base{i}" in form.errors or form.config is None or base is None:
                game.read_cards(text)  # nothing to count yet, but the cards can be read
                if base is None and f"base{i}" not in form.errors:
                    form.error(
                        f"base{i}",
                        gettext("Enter the player's supply base, %(bases)s.")
                        % {"bases": form.bases_words},
                    )
                continue
            # The form took a base among the game's: the engine's objection is to the cards.
            score = game.score(text, base, form.config)
        except EngineError as error:
            form.error(f"cards{i}", error_words(error, names))
            continue
        except ValueError as error:  # any other refusal: said, never a server error
            form.error(None, sentence(str(error)))
            continue
        results.append(rack_result(i, names[i - 1], score, explanation))
    if len(results) > 1 and not form.bad:
        try:
            game.check_deal(
                [r.score.cards for r in results], [r.score.supply_base for r in results]
            )
        except EngineError as error:
            # The engine's items are the hands given: the players counted so far.
            at = error_field(error, RACK_ROWS, [r.number for r in results])
            counted = [r.name for r in results]
            form.error(at, error_words(error, counted, placed=at is not None))
        except ValueError as error:
            form.error(None, sentence(str(error)))
    return results, missing


def _rack_game(game: RackGame, form: RackForm, explanation: Explanation) -> dict[str, Any] | None:
    """The game so far: the scores of the hands entered, added up, and the winner."""
    data = form.cleaned_data
    names = form.names
    hands: list[list[int]] = []
    for h in range(1, form.hands + 1):
        keys = [f"score{h}_{i}" for i in range(1, form.players + 1)]
        raw = [str(form.data.get(k, "") or "").strip() for k in keys]
        if not any(raw) or any(k in form.errors for k in keys):
            continue
        if not all(raw):
            for k, r in zip(keys, raw, strict=True):
                if not r:
                    form.error(
                        k, gettext("Enter this player's score for the hand, or clear the hand.")
                    )
            continue
        hands.append([int(data[k]) for k in keys])
    if not hands or form.bad:  # a wrong number of players is an error of the form
        return None
    try:
        totals = game.game_totals(hands)
    except EngineError as error:
        form.error(None, error_words(error, names, placed=False))
        return None
    except ValueError as error:
        form.error(None, sentence(str(error)))
        return None
    return {
        "totals": [
            (names[p], write_amount(t), p in totals.winners) for p, t in enumerate(totals.totals)
        ],
        "winners": join([names[w] for w in totals.winners]),
        "tied": len(totals.winners) > 1,
        "hands": len(hands),
        "reasons": explanation.extend(totals.reasons),
    }


def _rack(request: HtmxHttpRequest, any_game: Game) -> HttpResponse:
    game = cast(RackGame, any_game)  # a game whose hands are counted lays out a rack
    acted = any(key in request.GET for key in ACTIONS)
    query, players, record = _rack_players(game, request.GET)
    hands, bases = game.hands_per_game, game.supply_bases
    form = _rack_form(game, query, players, hands=hands, bases=bases)
    explanation = Explanation(form.names, form.chosen)
    results, missing = _rack_deal(game, form, explanation)
    complete = bool(results) and len(results) == form.players and not form.bad
    if record and complete and record.isdigit() and 1 <= int(record) <= form.hands:
        # "Use these scores as hand h": fill them in, then show the page as it now is.
        query = form.data.copy()
        for r in results:
            query[f"score{record}_{r.number}"] = str(r.score.score)
        form = _rack_form(game, query, players, hands=hands, bases=bases)
        explanation = Explanation(form.names, form.chosen)
        results, missing = _rack_deal(game, form, explanation)
    context = {
        "results": results,
        "missing": missing,
        "game_so_far": _rack_game(game, form, explanation),
        "summary": form.summary(),
        "can_add": players < game.max_players,
        "can_remove": players > game.min_players,
        "complete": complete,
        "hand_numbers": range(1, form.hands + 1),
        "status": "; ".join(
            gettext("%(player)s scores %(points)s") % {"player": r.name, "points": r.points}
            for r in results
        ),
    }
    shape = form.shape(context["can_add"], context["can_remove"], complete)
    return _respond(request, "rack", context, form, acted=acted, shape=shape)


CALCULATORS: dict[str | None, Callable[[HtmxHttpRequest, Game], HttpResponse]] = {
    "settled": _deal,
    "ledger": _whole_game,
    "counted": _rack,
}
"""The calculator of each way a game is kept (``Game.keeping``): a deal settled from its
hands, a whole game's ledger (Pool Commerce), the hands of a rack counted (Cox's)."""
