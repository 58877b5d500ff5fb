"""The table page of a game settled from one request (``Game.board == "request"``): the
game's own fields, its answer, the payments or points, the reasons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, cast
from urllib.parse import urlencode

from django.http import (
    HttpRequest,
    HttpResponse,
)
from django.utils.translation import gettext, ngettext

from games.engine.games import (
    Answer,
    Config,
    Game,
    RequestGame,
)
from games.engine.wording import EngineError, Mention, speaker
from games.explaining import Explanation
from games.options_form import chosen_values
from games.request_forms import ACTION, RequestForm
from games.speaking import write_amount

from .common import (
    _book,
    _fragment,
    _judging,
    _options,
    _options_note,
    _respond,
    _template_of,
    fix_problems,
)
from .forms import (
    game_form,
    player_name,
)

Names = Sequence[str] | None
"""The players' names by seat where typed (a blank keeps the number), or None."""


def _who(indices: Sequence[int], names: Names, capital: bool = False) -> str:
    """Players as a page names them: "player 2", "players 1 and 3", or their names (the
    engine's one formatter of names, :class:`Mention`)."""
    return Mention("player", tuple(indices), capital=capital).words(names, speak=speaker())


def request_verdict(game: RequestGame, answer: Answer, names: Names = None) -> str:
    """The headline of an answer: who wins what (money), or what each side scores (points),
    players numbered from 1, or by their names.

    >>> from fractions import Fraction as F
    >>> class Money(RequestGame):
    ...     slug = "m"
    >>> request_verdict(Money(), Answer((F(-2), F(3), F(-1)), None, ()))
    'Player 2 wins 3; player 1 pays 2 and player 3 pays 1.'
    >>> request_verdict(Money(), Answer((F(-2), F(3), F(-1)), None, ()), ["Ann", "", "Cy"])
    'Player 2 wins 3; Ann pays 2 and Cy pays 1.'
    >>> request_verdict(Money(), Answer((F(0), F(0)), None, ()))
    'Nobody wins or pays anything.'
    >>> class Points(Money):
    ...     keeps = "points"
    ...     def sides(self, players):
    ...         return ((0, 2), (1, 3))
    >>> request_verdict(Points(), Answer((F(2), F(1), F(2), F(1)), None, ()))
    'Players 1 and 3 score 2; players 2 and 4 score 1.'
    """
    return _VERDICTS[game.keeps](game, answer.scores, names)


def _points_verdict(game: RequestGame, scores: tuple[Fraction, ...], names: Names) -> str:
    parts = []
    for side in game.sides(len(scores)):
        points = write_amount(scores[side[0]])
        parts.append(
            ngettext("{who} scores {points}", "{who} score {points}", len(side)).format(
                who=_who(side, names), points=points
            )
        )
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


def _money_verdict(game: RequestGame, scores: tuple[Fraction, ...], names: Names) -> str:
    winners = [
        gettext("{who} wins {amount}").format(who=_who((i,), names), amount=write_amount(s))
        for i, s in enumerate(scores)
        if s > 0
    ]
    payers = [
        gettext("{who} pays {amount}").format(who=_who((i,), names), amount=write_amount(-s))
        for i, s in enumerate(scores)
        if s < 0
    ]
    if not winners and not payers:
        return gettext("Nobody wins or pays anything.")
    said = [speaker().join(winners), speaker().join(payers)]
    text = "; ".join(part for part in said if part)
    return text[:1].upper() + text[1:] + "."


_VERDICTS: dict[str, Callable[[RequestGame, tuple[Fraction, ...], Names], str]] = {
    "points": _points_verdict,
    "money": _money_verdict,
}
"""The headline of an answer by what the game keeps (``Game.keeps``)."""


def _request_reasons(answer: Answer, config: Config, names: Names = None) -> list[Any]:
    """The answer's reasons, each once, with the payments it requires beside it; then the
    reason of any payment the answer's reasons do not give."""
    lines: dict[Any, list[str]] = {}
    for t, words in zip(answer.transfers, _payments(answer, names), strict=True):
        lines.setdefault(t.reason, []).append(words)
    page = Explanation(names, chosen=chosen_values(config))
    for reason in dict.fromkeys((*answer.reasons, *lines)):
        page.add(reason, lines.get(reason, ()))
    return page.shown


def _payments(answer: Answer, names: Names = None) -> list[str]:
    """Each payment in words: "Player 2 pays player 1 2", or by name."""
    return [
        gettext("{payer} pays {payee} {amount}").format(
            payer=_who((t.payer,), names, capital=True),
            payee=_who((t.payee,), names),
            amount=write_amount(t.amount),
        )
        for t in answer.transfers
    ]


def _scores(game: RequestGame, answer: Answer, names: Names = None) -> list[dict[str, str]]:
    """Each player's result (money, signed) or each side's points, for the answer's table."""
    return _SCORES[game.keeps](game, answer.scores, names)


def _points(game: RequestGame, scores: tuple[Fraction, ...], names: Names) -> list[dict[str, str]]:
    return [
        {"who": _who(side, names, capital=True), "amount": write_amount(scores[side[0]])}
        for side in game.sides(len(scores))
    ]


def _money(game: RequestGame, scores: tuple[Fraction, ...], names: Names) -> list[dict[str, str]]:
    return [
        {"who": _who((i,), names, capital=True), "amount": write_amount(score, signed=True)}
        for i, score in enumerate(scores)
    ]


_SCORES: dict[str, Callable[[RequestGame, tuple[Fraction, ...], Names], list[dict[str, str]]]] = {
    "points": _points,
    "money": _money,
}
"""Each player's result (money, signed) or each side's points, by ``Game.keeps``."""


REQUEST_PREFIX = "r-"
"""The prefix of a request's fields on the table page: the options' fields are named after
the options, and a game may name an option like a field of its request."""


MAX_NAMES = 40
"""The most names read from a page (a game has fewer players)."""


def _names(query: Any) -> tuple[str, ...]:
    """The players' names typed on the board (``n``, one per player in order), following a
    player removed by an editing button."""
    names = [player_name(n) for n in query.getlist("n")[:MAX_NAMES]]
    for action in query.getlist(REQUEST_PREFIX + ACTION)[-1:]:
        verb, _, path = str(action).partition(":")
        parts = path.split(".")
        dropped = len(parts) == 2 and parts[0] == "players" and parts[1].isdecimal()
        if verb == "drop" and dropped and int(parts[1]) < len(names):
            del names[int(parts[1])]
    return tuple(names)


def _request_page(request: HttpRequest, game: Game) -> HttpResponse:
    """The table page of a game settled from one request: the answer (who wins, who pays
    whom, each reason with its paragraph quoted, the permalink), then the board. A first
    visit shows the game's blank board (``RequestGame.blank``), its example one tap away."""
    request_game = cast(RequestGame, game)
    query = request.GET
    form = game_form(game)(query)
    config = form.config()
    first = not RequestForm.sent(game, query, REQUEST_PREFIX)
    if first:
        entry = RequestForm.of(game, request_game.blank(), REQUEST_PREFIX)
    else:
        entry = RequestForm.read(game, query, REQUEST_PREFIX)
    entry.names = _names(query)
    names = entry.names if any(entry.names) else None
    answer: Answer | None = None
    waiting = first
    if config is not None and not first:
        try:
            answer = request_game.answer(entry.value, config)
        except EngineError as error:
            # While the board is being filled in, a field still empty is no mistake yet; a
            # page loaded or "Settle" pressed says what is missing.
            if _judging(request) or not entry.waits_for(error):
                entry.refuse(error)
            else:
                waiting = True
    named = [("n", name) for name in entry.names] if names else []
    link = f"{request.path}?{urlencode(entry.params() + named + form.params(config))}"
    example = RequestForm.of(game, request_game.example(), REQUEST_PREFIX)
    # A button that adds a blank player or sale is no mistake: the page says what is missing.
    bad = (entry.invalid and not entry.edited) or bool(form.errors)
    if answer is not None:
        headline = request_verdict(request_game, answer, names)
    elif waiting and not entry.invalid and not form.errors:
        headline = gettext("Enter the hand as it lies on the table: the answer shows here.")
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
        "scores": _scores(request_game, answer, names) if answer is not None else [],
        "payments": _payments(answer, names) if answer is not None else [],
        "reasons": _request_reasons(answer, config, names)
        if answer is not None and config is not None
        else [],
        "verdict": headline,
        "permalink": link,
        "page_url": request.path,
        "first": first,
        "example": f"{request.path}?{urlencode(example.params() + form.params(config))}",
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
    return _respond(
        request, template, context, bad=bad, link=link, reshaped=reshaped, judged=answer is not None
    )
