"""All Fours as Squareman tells it (1916): High, Low, Jack and Game, scored from one deal.

The game "takes its name from the four chances or points of which it consists"
(``all-fours-intro``): **High**, the highest trump out, to its holder; **Low**, the lowest
trump out, to its original holder "even if it is taken by his adversary"; **Jack**, the
knave of trumps, to its holder unless his adversary wins it, so to the side that took it;
**Game**, to the side whose tricks count most, ace 4, king 3, queen 2, knave 1, ten 10
(``all-fours-points``). "The other cards do not count toward game" (``all-fours-game-count``);
"when the players hold equal numbers, the dealer does not score" (``all-fours-equal``); the
player next the dealer may beg, and the dealer either gives him one point ("Take one") or
deals three more cards to all and turns up a new trump (``begging``), where also "the ace is
the highest card and the deuce (the two) is the lowest".

A deal is scored from one request (:class:`AllFours`, a
:class:`~games.engine.games.RequestGame`): the players (two, or four as partners), the
dealer, the trump, the hands dealt, the cards each player took in tricks, and whether the
player next the dealer begged and was given a point. :func:`score_deal` is the rule itself
on cards already read; :meth:`AllFours.answer` reads and checks a request first.

**Only the result.** A table that wants the score but not the cards enters, in place of the
trump, the hands and the tricks, which side took each point: ``taken``, an object with the
keys of an answer's ``points`` (``{"high": 0, "low": 1, "jack": 0, "game": None}``), each a
side (below) or None (``"nobody"`` from a form) where nobody scores it: Jack when the knave of
trumps was not dealt, Game when neither side counts more (``all-fours-equal``, ruling
``all-fours-equal-game``), and High and Low together with Jack when no trump was dealt (ruling
``all-fours-one-trump``). :func:`read_result` reads it; the answer has the same shape, with
``trump``, ``game_counts`` and ``cards`` None (unknown), and its reasons quote the rule for
each point and say that it was entered, not found from the cards. The points are counted as
for a deal of cards (:func:`tally`): scoring a deal, then its ``points`` entered as
``taken``, gives the same score.

Sides are numbered from 0: side *s* is every player whose index is *s* modulo 2, so at a
table of four side 0 is players 0 and 2, side 1 players 1 and 3, and at a table of two each
player is his own side, numbered as he is. The words count from 1, as everywhere.

>>> game = AllFours()
>>> answer = game.answer(game.example())
>>> answer.body["points"], answer.body["game_counts"], answer.body["score"]
({'high': 1, 'low': 0, 'jack': 1, 'game': 0}, [30, 10], [2, 2])
>>> [str(s) for s in answer.scores], answer.next_dealer
(['2', '2', '2', '2'], 0)
>>> print(answer.reasons[1].text)
High: player 4 held the highest trump out, the ace of hearts; one point to players 2 and 4.
>>> print(answer.reasons[2].render(["Ann", "Bo", "Cy", "Di"]))
Low: Ann was dealt the lowest trump out, the two of hearts, and scores it though Di took it; \
one point to Ann and Cy.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import attrgetter
from typing import ClassVar, Final, Literal

from games.engine.cards import CARDS, Card, Rank, Suit, parse_card  # noqa: F401 (doctests)
from games.engine.citations import SQUAREMAN, Citation, Reason, Ruling, ruling
from games.engine.games import Answer, Config, Option, OptionError, RequestGame
from games.engine.requests import (
    Refuse,
    RequestError,
    flag_schema,
    read_cards,
    read_flag,
    read_index,
    read_whole,
    short,
    unknown_key,
    whole_schema,
)
from games.engine.wording import N_, Mention, Said, Word, fill, said

__all__ = [
    "FIELDS",
    "GAME_VALUES",
    "PLAYERS",
    "POINT_NAMES",
    "AllFours",
    "Deal",
    "DealError",
    "Points",
    "Result",
    "bench_requests",
    "game_count",
    "hand_sizes",
    "read_deal",
    "read_result",
    "read_trump",
    "score_deal",
    "side_of",
    "tally",
]


def _cite(anchor: str) -> Citation:
    return Citation(SQUAREMAN, anchor)


INTRO: Final = _cite("all-fours-intro")
POINTS: Final = _cite("all-fours-points")
GAME_COUNT: Final = _cite("all-fours-game-count")
EQUAL: Final = _cite("all-fours-equal")
BEGGING: Final = _cite("begging")

PLAYERS: Final = (2, 4)
"""How many may play: "It may be played by two or four players" (``all-fours-intro``)."""

GAME_VALUES: Final = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1, Rank.TEN: 10}
"""What each card counts toward Game (``all-fours-points``); the others count nothing
(``all-fours-game-count``)."""

FIELDS: Final = ("players", "dealer", "trump", "hands", "tricks", "taken", "begged", "gift")
"""The fields of a request, in the order a form shows them: ``trump``, ``hands`` and
``tricks`` for a deal of cards, or ``taken`` for only its result."""

CARD_FIELDS: Final = ("trump", "hands", "tricks")
"""The fields of a deal of cards that a result entered alone (``taken``) has not."""

POINT_NAMES: Final = ("high", "low", "jack", "game")
"""The four points in the text's order (``all-fours-intro``): the keys of ``taken`` and of an
answer's ``points``."""

NOBODY: Final = "nobody"
"""A form's word for a point nobody scores (JSON's null)."""

FIRST_HAND: Final = 6
"""The cards dealt to each player before any begging (ruling ``all-fours-hand-size``)."""
MORE: Final = 3
"""The cards the dealer gives each player each time he runs the cards (``begging``)."""


# --------------------------------------------------------------------------- rulings

PARTNERS: Final = ruling(
    "all-fours-partners",
    N_(
        "The text says All Fours 'may be played by two or four players, but the same rules apply "
        "to each': do four play each for himself, or as partners?"
    ),
    N_(
        "Four play as two sides of partners, each player with the one opposite him (players 1 and "
        "3 against players 2 and 4): the points are the sides' 'either party', and what a player "
        "scores counts for his partner too. Two play each for himself. Three may not play: the "
        "text names two or four."
    ),
    (INTRO, POINTS, GAME_COUNT),
)
HAND_SIZE: Final = ruling(
    "all-fours-hand-size",
    N_(
        "The text never says how many cards are dealt; it says only that after a beg the dealer "
        "may 'give three more cards from the pack to all the players', again and again until a new "
        "suit turns up."
    ),
    N_(
        "Six cards each, as the game is usually dealt; after a beg the dealer did not answer with "
        "'Take one', three more for each time he ran the cards, so 9, 12, 15 ... cards each, as "
        "many as the pack holds (the players' cards and a turn-up for each running within 52). "
        "Every hand has the same number of cards. Hands of six are refused when the dealer ran the "
        "cards, and larger ones when he did not."
    ),
    (BEGGING,),
)
TRICKS: Final = ruling(
    "all-fours-tricks",
    N_(
        "The cards each player took in tricks are asked for as one list per player: what makes "
        "such a list possible?"
    ),
    N_(
        "Every card dealt is played, once, so the lists hold together exactly the cards dealt; "
        "and a trick is one card from each player, so a player's list holds a whole number of "
        "tricks and as many cards from each player's hand. A list that breaks either is refused, "
        "naming the player."
    ),
    (POINTS, GAME_COUNT),
)
ONE_TRUMP: Final = ruling(
    "all-fours-one-trump",
    N_("When a single trump is out, or none, who scores High and Low?"),
    N_(
        "A single trump out is both the highest and the lowest: its holder scores both High and "
        "Low. When no trump is out (the turn-up is not dealt to a player), nobody scores High, Low "
        "or Jack; Jack likewise when the knave of trumps was not dealt."
    ),
    (POINTS,),
)
EQUAL_GAME: Final = ruling(
    "all-fours-equal-game",
    N_(
        "'When the players hold equal numbers, the dealer does not score': when both sides' "
        "tricks count the same for Game, does the other side score the point, or nobody?"
    ),
    N_(
        "The side that did not deal scores Game. The sentence says who does not score, which "
        "matters only if someone else would: had the author meant that nobody scores, he had just "
        "written that a deal may pass 'without either party having any to score for Game', and "
        "two sides leave only one other. When neither side counts anything, nobody scores Game, "
        "as the text says."
    ),
    (EQUAL, GAME_COUNT),
    option="equal_game",
    default="non-dealer",
    alternatives=(
        ("non-dealer", N_("equal counts give Game to the side that did not deal")),
        (
            "nobody",
            N_("equal counts give Game to nobody: the dealer does not score, nor the other"),
        ),
    ),
)
GIFT: Final = ruling(
    "all-fours-gift",
    N_("Who may beg, what is the gift worth, and when does it count toward a game to a target?"),
    N_(
        "Only the player next the dealer (on his left) begs. The dealer's 'Take one' gives one "
        "point to the beggar's side, scored at once, before a card is played: counting out to a "
        "target, the gift comes first, then High, Low, Jack and Game. The text forbids no gift, "
        "so a dealer may give one even when it gives the beggar the game."
    ),
    (BEGGING,),
)
TARGET: Final = ruling(
    "all-fours-target",
    N_("The text gives no score that wins the game."),
    N_(
        "A game to seven, the usual count (the game is also called Seven-Up); a table may choose "
        "another, or none."
    ),
    (INTRO, POINTS),
    option="target",
    default="7",
    alternatives=(
        ("7", N_("the first side to seven points wins")),
        ("10", N_("the first side to ten points wins")),
        ("11", N_("the first side to eleven points wins")),
        ("none", N_("no target: the points are added up and nobody is declared the winner")),
    ),
)
BOTH_OUT: Final = ruling(
    "all-fours-both-out",
    N_("With a target, who wins when both sides reach it in the same deal?"),
    N_(
        "The points are counted in the order of the text's list, High, Low, Jack, Game (a gift "
        "before them all), and the first side to reach the target wins."
    ),
    (INTRO, POINTS, BEGGING),
    option="both_out",
    default="in-order",
    alternatives=(
        (
            "in-order",
            N_("the first side to reach the target, counting gift, High, Low, Jack, Game"),
        ),
        ("higher", N_("the side with more points wins; equal totals play another deal")),
    ),
)
NEXT_DEALER: Final = ruling(
    "all-fours-next-dealer",
    N_("Who deals next?"),
    N_("The player on the dealer's left, the player 'next the dealer' who may beg."),
    (BEGGING,),
)

RULINGS_APPLIED: Final[tuple[Ruling, ...]] = (
    PARTNERS,
    HAND_SIZE,
    TRICKS,
    ONE_TRUMP,
    EQUAL_GAME,
    GIFT,
    TARGET,
    BOTH_OUT,
    NEXT_DEALER,
)

EqualGame = Literal["non-dealer", "nobody"]


# --------------------------------------------------------------------------- the rules


_BY_RANK: Final = attrgetter("index")
"""Orders cards by rank, ace high and deuce low (``begging``): the index is rank-major."""


def side_of(player: int, players: int) -> int:
    """The side a player scores for: at four, partners sit opposite (ruling
    ``all-fours-partners``), side 0 players 0 and 2; at two, each player is his own side.

    >>> [side_of(p, 4) for p in range(4)], [side_of(p, 2) for p in range(2)]
    ([0, 1, 0, 1], [0, 1])
    """
    return player % 2


def _members(side: int, players: int) -> tuple[int, ...]:
    return tuple(range(side, players, 2))


def game_value(card: Card) -> int:
    """What ``card`` counts toward Game: "each Ace four ..., each King three ..., each Queen
    two ..., each Jack one ..., each Ten ten" (``all-fours-points``); the others nothing
    (``all-fours-game-count``).

    >>> [game_value(parse_card(c)) for c in ("AS", "KH", "QD", "JC", "10S", "9S", "2H")]
    [4, 3, 2, 1, 10, 0, 0]
    """
    return GAME_VALUES.get(card.rank, 0)


def game_count(cards: Iterable[Card]) -> int:
    """What a pile of cards taken in tricks counts toward Game (``all-fours-points``).

    >>> game_count(parse_card(c) for c in ("AS", "10H", "9D", "JC"))
    15
    """
    return sum(game_value(card) for card in cards)


@dataclass(frozen=True)
class Points:
    """The four points of one deal (each a side, or None when nobody scores it), the cards
    that decided them, the gift, and what each side scored.

    ``high``/``low`` hold the card and its (original) holder; ``jack`` the knave of trumps,
    its holder and the player who took it; ``game_counts`` each side's count toward Game.
    """

    players: int
    dealer: int
    trump: Suit
    high: tuple[Card, int] | None
    low: tuple[Card, int] | None
    jack: tuple[Card, int, int] | None
    game_counts: tuple[int, ...]
    game: int | None
    gift: int | None
    reasons: tuple[Reason, ...]

    @property
    def sides(self) -> dict[str, int | None]:
        """The side that scores each of the four points, None where nobody does."""
        return {
            "high": None if self.high is None else side_of(self.high[1], self.players),
            "low": None if self.low is None else side_of(self.low[1], self.players),
            "jack": None if self.jack is None else side_of(self.jack[2], self.players),
            "game": self.game,
        }

    @property
    def score(self) -> tuple[int, int]:
        """Each side's points in this deal: the four points and the gift (:func:`tally`).

        >>> from games.engine.cards import Suit
        >>> Points(2, 0, Suit.SPADES, None, None, None, (0, 0), None, 1, ()).score
        (0, 1)
        """
        return tally(self.sides, self.gift)


def tally(sides: Mapping[str, int | None], gift: int | None) -> tuple[int, int]:
    """Each side's points in a deal: one for each of the four points it scores
    (``all-fours-points``), one for a gift (``begging``); ``sides`` gives the side scoring
    each point, None where nobody does. The one count of a deal's points, from cards or from
    a result entered alone.

    >>> tally({"high": 0, "low": 1, "jack": 0, "game": None}, 1)
    (2, 2)
    """
    out = [0, 0]
    for side in (*(sides[name] for name in POINT_NAMES), gift):
        if side is not None:
            out[side] += 1
    return out[0], out[1]


def _team(side: int, players: int) -> Mention:
    """The players of a side, as words say them ("players 1 and 3")."""
    return Mention("player", _members(side, players))


def _gift_reason(dealer: int, players: int) -> Reason:
    """The point the dealer gives for a beg, to the side of the player next to him
    (``begging``, ruling ``all-fours-gift``)."""
    beggar = (dealer + 1) % players
    return Reason.about(
        N_(
            "Gift: {beggar}, next the dealer, begged and {dealer} answered 'Take one'; "
            "one point to {side}, scored before a card is played."
        ),
        (BEGGING,),
        (GIFT.slug,),
        beggar=Mention("player", (beggar,)),
        dealer=Mention("player", (dealer,)),
        side=_team(side_of(beggar, players), players),
    )


def score_deal(
    hands: Sequence[Sequence[Card]],
    tricks: Sequence[Sequence[Card]],
    trump: Suit,
    dealer: int,
    *,
    gift: bool = False,
    equal_game: EqualGame = "non-dealer",
) -> Points:
    """Score one deal of cards already read and checked (:func:`read_deal` checks them).

    ``hands[p]`` is what player *p* was dealt, ``tricks[p]`` what he took in tricks; two or
    four players, side ``p % 2``. High and Low go to the holder of the highest and lowest
    trump dealt, ace high and deuce low (``all-fours-points``, ``begging``); Jack to the
    side that took the knave of trumps; Game to the side whose tricks count more, or at
    equal counts by ``equal_game`` (``all-fours-equal``, ruling ``all-fours-equal-game``);
    ``gift`` gives one to the side of the player next the dealer (``begging``).

    >>> hand = lambda text: [parse_card(c) for c in text.split()]
    >>> points = score_deal([hand("AS 3S KH"), hand("JS 10S 2H")],
    ...                     [hand("AS JS KH 2H"), hand("3S 10S")], Suit.SPADES, 1)
    >>> points.sides, points.game_counts
    ({'high': 0, 'low': 0, 'jack': 0, 'game': 1}, (8, 10))
    """
    players = len(hands)
    # Cards are keyed by their index: a dataclass's hash is slow, and this is the hot path.
    holder = {card.index: p for p, hand in enumerate(hands) for card in hand}
    taker = {card.index: p for p, took in enumerate(tricks) for card in took}
    trumps = sorted((card for hand in hands for card in hand if card.suit is trump), key=_BY_RANK)
    high = low = None
    jack = None
    reasons: list[Reason] = []
    if trumps:
        high = (trumps[-1], holder[trumps[-1].index])
        low = (trumps[0], holder[trumps[0].index])
    knave = Card(Rank.JACK, trump)
    if knave.index in holder:
        jack = (knave, holder[knave.index], taker[knave.index])
    counts = [0, 0]
    for p, took in enumerate(tricks):
        counts[side_of(p, players)] += game_count(took)
    dealer_side = side_of(dealer, players)
    game: int | None
    if counts[0] != counts[1]:
        game = 0 if counts[0] > counts[1] else 1
    elif counts[0] == 0 or equal_game == "nobody":
        game = None
    else:
        game = 1 - dealer_side
    beggar = (dealer + 1) % players
    gift_side = side_of(beggar, players) if gift else None

    def team(side: int) -> Mention:
        return _team(side, players)

    if gift_side is not None:
        reasons.append(_gift_reason(dealer, players))
    if high is None:
        reasons.append(
            Reason.about(
                N_("No {suit} were dealt: nobody scores High, Low or Jack."),
                (POINTS,),
                (ONE_TRUMP.slug,),
                suit=trump.said,
            )
        )
    else:
        card, who = high
        single = len(trumps) == 1
        reasons.append(
            Reason.about(
                N_(
                    "High: {holder} held the highest trump out, {card}; the only trump out, it "
                    "is Low too; one point to {side}."
                )
                if single
                else N_("High: {holder} held the highest trump out, {card}; one point to {side}."),
                (POINTS, BEGGING),
                (ONE_TRUMP.slug,) if single else (),
                holder=Mention("player", (who,)),
                side=team(side_of(who, players)),
                card=_the(card),
            )
        )
    if low is not None:
        card, who = low
        took_low = taker[card.index]
        lost = side_of(took_low, players) != side_of(who, players)
        low_who: dict[str, Word] = {
            "holder": Mention("player", (who,)),
            "side": team(side_of(who, players)),
            "card": _the(card),
        }
        if lost:
            low_who["taker"] = Mention("player", (took_low,))
        reasons.append(
            Reason.about(
                N_(
                    "Low: {holder} was dealt the lowest trump out, {card}, and scores it though "
                    "{taker} took it; one point to {side}."
                )
                if lost
                else N_(
                    "Low: {holder} was dealt the lowest trump out, {card}; one point to {side}."
                ),
                (POINTS, BEGGING),
                (ONE_TRUMP.slug,) if len(trumps) == 1 else (),
                **low_who,
            )
        )
    if jack is None:
        if high is not None:
            reasons.append(
                Reason.about(
                    N_("Jack: the knave of {suit} was not dealt; nobody scores Jack."),
                    (POINTS,),
                    (ONE_TRUMP.slug,),
                    suit=trump.said,
                )
            )
    else:
        card, held, took_by = jack
        if side_of(held, players) != side_of(took_by, players):
            how = N_("Jack: {taker} won {card} from {holder}; one point to {side}.")
        elif held == took_by:
            how = N_("Jack: {holder} held {card} and took it in a trick; one point to {side}.")
        else:
            how = N_(
                "Jack: {holder} held {card} and his partner {taker} took it; one point to {side}."
            )
        jack_who: dict[str, Word] = {
            "holder": Mention("player", (held,)),
            "side": team(side_of(took_by, players)),
            "card": _the(card),
        }
        if took_by != held:
            jack_who["taker"] = Mention("player", (took_by,))
        reasons.append(Reason.about(how, (POINTS,), (), **jack_who))
    sides_who: dict[str, Word] = {
        "first": team(0),
        "second": team(1),
        "first_count": counts[0],
        "second_count": counts[1],
    }
    if game is not None and counts[0] != counts[1]:
        reasons.append(
            Reason.about(
                N_(
                    "Game: the tricks of {first} count {first_count}, those of {second} "
                    "{second_count} (ace 4, king 3, queen 2, knave 1, ten 10); one point to "
                    "{side}."
                ),
                (POINTS, GAME_COUNT),
                (),
                side=team(game),
                **sides_who,
            )
        )
    elif game is not None:
        reasons.append(
            Reason.about(
                N_(
                    "Game: the tricks of {first} count {first_count}, those of {second} "
                    "{second_count}, equal; the dealer, {dealer}, does not score, so Game goes "
                    "to {side}."
                ),
                (EQUAL, POINTS),
                (EQUAL_GAME.slug,),
                dealer=Mention("player", (dealer,)),
                side=team(game),
                **sides_who,
            )
        )
    elif counts[0] == 0:
        reasons.append(
            Reason(
                N_("Game: neither side took a card that counts toward game; nobody scores Game."),
                (GAME_COUNT, POINTS),
            )
        )
    else:
        reasons.append(
            Reason.about(
                N_(
                    "Game: the tricks of {first} count {first_count}, those of {second} "
                    "{second_count}, equal; the dealer does not score, and under the table's "
                    "rule nor does the other side."
                ),
                (EQUAL, POINTS),
                (EQUAL_GAME.slug,),
                **sides_who,
            )
        )
    return Points(
        players,
        dealer,
        trump,
        high,
        low,
        jack,
        (counts[0], counts[1]),
        game,
        gift_side,
        tuple(reasons),
    )


# --------------------------------------------------------------------------- the request


class DealError(RequestError):
    """A request for an All Fours deal that cannot be scored: ``field`` is the dotted path of
    the value at fault (``hands.1``), ``item`` the card's index within it, ``player`` the
    player (from 0) it concerns and ``token`` the card as written, when there is one.

    >>> error = DealError("hands.1", "{player}, card 3: 'ZZ' is not a card", item=2,
    ...                   player=1, token="ZZ")
    >>> str(error), error.field, error.item, error.render(["Ann", "Bo"])
    ("Player 2, card 3: 'ZZ' is not a card", 'hands.1', 2, "Bo, card 3: 'ZZ' is not a card")

    ``where`` goes before the words in ``str(error)`` only (the API's message), not in what
    :meth:`render` writes beside the field: ``"taken.high: "`` before "High is missing".
    So do the values of ``numbered``, in place of ``who``'s: the API's message names a side
    by the number the request gives it, "0 (player 1)", where a form, which offers the sides
    by their players, says "player 1", or the player's name.

    >>> error = DealError("taken.low", "say {first} or {second}", where="taken.low: ",
    ...                   who={"first": Mention("player", (0,)), "second": "nobody"},
    ...                   numbered={"first": "0 (player 1)"})
    >>> str(error), error.render(["Ann", "Bo"])
    ('taken.low: say 0 (player 1) or nobody', 'say Ann or nobody')
    """

    def __init__(
        self,
        field: str | None,
        template: str,
        *,
        item: int | None = None,
        player: int | None = None,
        token: str | None = None,
        who: Mapping[str, Word] | None = None,
        where: str = "",
        numbered: Mapping[str, Word] | None = None,
    ) -> None:
        mentions = dict(who or {})
        if player is not None:
            start = template.startswith("{player}")
            mentions.setdefault("player", Mention("player", (player,), capital=start))
        text = fill(template, mentions)
        message = fill(template, {**mentions, **numbered}) if numbered else text
        super().__init__(
            where + message,
            field=field,
            item=item,
            detail=text,
            template=template,
            who=mentions,
            token=token,
            player=player,
        )


def _refusing(field: str) -> Refuse:
    """How a reader refuses a field of the deal itself (no player named)."""

    def refuse(
        detail: str, /, *, item: int | None = None, token: str | None = None, **values: Word
    ) -> Exception:
        return DealError(
            field,
            N_("{field}: {detail}"),
            item=item,
            token=token,
            who={"field": field, "detail": said(detail, **values)},
        )

    return refuse


def _refusing_cards(field: str, player: int, frame: str) -> Refuse:
    """How a reader refuses a player's list of cards (``frame`` says what they are, its
    ``{detail}`` the reader's words), or a card of it."""

    def refuse(
        detail: str, /, *, item: int | None = None, token: str | None = None, **values: Word
    ) -> Exception:
        who: dict[str, Word] = {"detail": said(detail, **values)}
        if item is not None:
            frame_here, who["card"] = N_("{player}, card {card}: {detail}"), item + 1
        else:
            frame_here = frame
        return DealError(field, frame_here, item=item, player=player, token=token, who=who)

    return refuse


_SUIT_NAMES: Final = {
    **{suit.value.lower(): suit for suit in Suit},
    **{suit.english: suit for suit in Suit},
    **{suit.english[:-1]: suit for suit in Suit},
    **{suit.symbol: suit for suit in Suit},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}


def _begging(request: Mapping[str, object]) -> tuple[bool, bool]:
    """Whether the player after the dealer begged, and whether the dealer gave a point ('Take
    one'), as a deal of cards and a deal's result both say them: a gift only to a beggar."""
    begged = read_flag(request.get("begged", False), _refusing("begged"))
    gift = read_flag(request.get("gift", False), _refusing("gift"))
    if gift and not begged:
        raise DealError(
            "gift",
            N_(
                "gift: the dealer gives a point ('Take one') only to a player who begged; "
                "say begged too, or no gift"
            ),
        )
    return begged, gift


def read_trump(value: object, field: str = "trump") -> Suit:
    """The trump suit from its letter (``S``, ``H``, ``D``, ``C``), its English name
    (``spades``, ``Heart``) or its symbol, in any case.

    >>> read_trump("h"), read_trump(" Spades "), read_trump("diamond"), read_trump("♣")
    (<Suit.HEARTS: 'H'>, <Suit.SPADES: 'S'>, <Suit.DIAMONDS: 'D'>, <Suit.CLUBS: 'C'>)
    >>> read_trump("trumps")
    Traceback (most recent call last):
    ...
    games.engine.all_fours.DealError: trump: must be a suit, S, H, D or C or its name \
(spades, hearts, diamonds, clubs), not 'trumps'
    >>> read_trump(" ")
    Traceback (most recent call last):
    ...
    games.engine.all_fours.DealError: trump: is missing: say which suit is trumps, S, H, D or C
    """
    if isinstance(value, str) and len(value) <= 16:
        found = _SUIT_NAMES.get(value.strip().lower().replace("\ufe0f", ""))
        if found is not None:
            return found
        if not value.strip():  # a form's field left empty: nothing to correct, only to give
            raise DealError(
                field,
                N_("{field}: is missing: say which suit is trumps, S, H, D or C"),
                who={"field": field},
            )
    raise DealError(
        field,
        N_(
            "{field}: must be a suit, S, H, D or C or its name (spades, hearts, diamonds, "
            "clubs), not {value}"
        ),
        who={"field": field, "value": short(value)},
    )


def _written_twice(
    field: str,
    at: tuple[int, int, str, Card],
    other: int,
    *,
    again: str,
    elsewhere: str,
) -> DealError:
    """The refusal of a card written a second time: ``at`` is the player, the card's index in
    his list, the card as typed and the card; ``other`` the player it was written for first
    (``again`` when it is the same player, else ``elsewhere``)."""
    player, item, token, card = at
    return DealError(
        field,
        again if other == player else elsewhere,
        item=item,
        player=player,
        token=token,
        who={
            "place": item + 1,
            "card": _typed(token, card),
            "other": Mention("player", (other,)),
        },
    )


def _typed(token: str, card: Card) -> Word:
    """A card as typed, with its code when it was typed otherwise: "'as' (AS)"."""
    typed = token.strip()
    return card if typed == str(card) else said("{typed} ({card})", typed=repr(typed), card=card)


def _the(card: Card) -> Said:
    """A card in words: "the ace of hearts"."""
    return said("the {rank} of {suit}", rank=card.rank.said, suit=card.suit.said)


def _list(value: object, field: str, players: int, what: Said) -> list[object]:
    if not isinstance(value, list | tuple):
        raise DealError(
            field,
            N_("{field}: must be a list of {what}, one per player, not {value}"),
            who={"field": field, "what": what, "value": short(value)},
        )
    if len(value) != players:
        raise DealError(
            field,
            N_("{field}: needs one entry of {what} per player ({players}), not {count}"),
            who={"field": field, "what": what, "players": players, "count": len(value)},
        )
    return list(value)


def _from_each(origin: Sequence[int]) -> Said:
    """How many cards of a player's tricks came from each player's hand, as a list:
    "2 from player 1, 0 from player 2" (the players numbered, as a count of cards is).

    >>> _from_each([2, 0]).words()
    '2 from player 1, 0 from player 2'
    """
    names = [f"p{q}" for q in range(len(origin))]
    return Said(
        ", ".join("{" + name + "}" for name in names),
        tuple(
            (name, said("{count} from player {number}", count=n, number=q + 1))
            for q, (name, n) in enumerate(zip(names, origin, strict=True))
        ),
    )


def hand_sizes(players: int) -> tuple[int, ...]:
    """The hand sizes a deal of ``players`` may have (ruling ``all-fours-hand-size``): six,
    and three more for each running of the cards after a beg, while the hands and a turn-up
    for each running fit in the 52 cards (``begging``).

    >>> hand_sizes(2), hand_sizes(4)
    ((6, 9, 12, 15, 18, 21), (6, 9, 12))
    """
    sizes = []
    size, turn_ups = FIRST_HAND, 1
    while players * size + turn_ups <= len(CARDS):
        sizes.append(size)
        size, turn_ups = size + MORE, turn_ups + 1
    return tuple(sizes)


@dataclass(frozen=True)
class Deal:
    """A request read and checked: every card in its place, the hands and tricks agreeing."""

    players: int
    dealer: int
    trump: Suit
    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[tuple[Card, ...], ...]
    begged: bool
    gift: bool

    @property
    def runnings(self) -> int:
        """How many times the dealer gave three more cards after a beg."""
        return (len(self.hands[0]) - FIRST_HAND) // MORE


def _players(request: Mapping[str, object]) -> int:
    if "players" not in request:
        raise DealError("players", N_("players: is missing: say how many play, 2 or 4"))
    players = read_whole(request["players"], _refusing("players"))
    if players not in PLAYERS:
        raise DealError(
            "players",
            N_("players: All Fours is played by two or four players, not {count}"),
            who={"count": players},
        )
    return players


def _only_known_fields(request: Mapping[str, object]) -> None:
    """Refuse a field an All Fours deal does not have (a deal of cards or of its result)."""
    name = unknown_key(request, FIELDS)
    if name is not None:
        raise DealError(
            name,
            N_("{name}: is not a field of an All Fours deal; its fields are {fields}"),
            who={"name": name, "fields": ", ".join(FIELDS)},
        )


def read_deal(request: Mapping[str, object]) -> Deal:
    """Read and check a request, strictly: every field known and of its type, the dealer a
    player, the hands of one size the begging allows (ruling ``all-fours-hand-size``), every
    card a card of the pack held once, the tricks exactly the cards dealt in whole tricks
    (ruling ``all-fours-tricks``), a gift only after a beg (``begging``).

    >>> deal = read_deal({"players": 2, "dealer": 0, "trump": "S",
    ...                   "hands": ["AS KS QS JS 10S 9S", "AH KH QH JH 10H 9H"],
    ...                   "tricks": ["AS AH KS KH QS QH JS JH 10S 10H 9S 9H", []]})
    >>> deal.trump, len(deal.tricks[0]), deal.runnings
    (<Suit.SPADES: 'S'>, 12, 0)
    >>> read_deal({"players": 2, "dealer": 0, "trump": "S", "hands": ["AS", "AH"],
    ...            "tricks": ["AS AH", ""], "colour": "red"})
    Traceback (most recent call last):
    ...
    games.engine.all_fours.DealError: colour: is not a field of an All Fours deal; its \
fields are players, dealer, trump, hands, tricks, taken, begged, gift
    """
    if not isinstance(request, Mapping):
        raise DealError(
            None,
            N_("an All Fours deal is an object of fields, not {value}"),
            who={"value": short(request)},
        )
    _only_known_fields(request)
    players = _players(request)
    for key in ("dealer", "trump", "hands", "tricks"):
        if key not in request:
            raise DealError(key, N_("{key}: is missing"), who={"key": key})
    dealer = read_index(request["dealer"], players, _refusing("dealer"))
    trump = read_trump(request["trump"])
    begged, gift = _begging(request)
    beggar = (dealer + 1) % players

    holder: dict[int, int] = {}  # by the card's index (hashing a Card is slow)
    hands: list[tuple[Card, ...]] = []
    dealt_words = said("the cards dealt")
    for p, raw in enumerate(_list(request["hands"], "hands", players, dealt_words)):
        field = f"hands.{p}"
        cards: list[Card] = []
        refuse = _refusing_cards(field, p, N_("{player}: the cards dealt {detail}"))
        for i, (token, card) in enumerate(read_cards(raw, refuse, most=len(CARDS))):
            if card.index in holder:
                raise _written_twice(
                    field,
                    (p, i, token, card),
                    holder[card.index],
                    again=N_("{player}, card {place}: {card} is earlier in this hand"),
                    elsewhere=N_("{player}, card {place}: {card} is also dealt to {other}"),
                )
            holder[card.index] = p
            cards.append(card)
        hands.append(tuple(cards))
    sizes = hand_sizes(players)
    ran = begged and not gift
    first = len(hands[0])
    for p, dealt in enumerate(hands):
        if len(dealt) != first:
            raise DealError(
                f"hands.{p}",
                N_(
                    "{player} was dealt {count} cards and player 1 {first}: every player is "
                    "dealt as many"
                ),
                player=p,
                who={"count": len(dealt), "first": first},
            )
    if ran and first not in sizes[1:]:
        raise DealError(
            "hands.0",
            N_(
                "hands: {beggar} begged and the dealer gave no point, so he ran the cards: each "
                "hand is then six and three more each time, one of {sizes} cards, not {count}"
            ),
            player=0,
            who={
                "beggar": Mention("player", (beggar,)),
                "sizes": ", ".join(str(s) for s in sizes[1:]),
                "count": first,
            },
        )
    if not ran and first != FIRST_HAND:
        raise DealError(
            "hands.0",
            N_(
                "hands: each player is dealt six cards when the dealer answered the beg with "
                "'Take one'; these hands have {count}"
            )
            if begged
            else N_(
                "hands: each player is dealt six cards when nobody begged (say begged if the "
                "dealer ran the cards); these hands have {count}"
            ),
            player=0,
            who={"count": first},
        )

    taker: dict[int, int] = {}
    tricks: list[tuple[Card, ...]] = []
    taken_words = said("cards taken")
    for p, raw in enumerate(_list(request["tricks"], "tricks", players, taken_words)):
        field = f"tricks.{p}"
        cards = []
        refuse = _refusing_cards(field, p, N_("{player}: the cards taken in tricks {detail}"))
        for i, (token, card) in enumerate(read_cards(raw, refuse, most=len(CARDS))):
            if card.index not in holder:
                raise DealError(
                    field,
                    N_("{player}'s tricks, card {place}: {card} was not dealt to anyone"),
                    item=i,
                    player=p,
                    token=token,
                    who={"place": i + 1, "card": _typed(token, card)},
                )
            if card.index in taker:
                raise _written_twice(
                    field,
                    (p, i, token, card),
                    taker[card.index],
                    again=N_(
                        "{player}'s tricks, card {place}: {card} is written twice in these tricks"
                    ),
                    elsewhere=N_(
                        "{player}'s tricks, card {place}: {card} is also in {other}'s tricks"
                    ),
                )
            taker[card.index] = p
            cards.append(card)
        if len(cards) % players:
            raise DealError(
                field,
                N_(
                    "{player}'s tricks hold {count} cards, not a whole number of tricks of "
                    "{players} cards (one from each player)"
                ),
                player=p,
                who={"count": len(cards), "players": players},
            )
        origin = [0] * players
        for card in cards:
            origin[holder[card.index]] += 1
        if len(set(origin)) > 1:
            raise DealError(
                field,
                N_(
                    "{player}'s tricks hold {counts}: a trick is one card from each player, so a "
                    "player's tricks hold as many cards from every hand"
                ),
                player=p,
                who={"counts": _from_each(origin)},
            )
        tricks.append(tuple(cards))
    missing = [index for index in holder if index not in taker]
    if missing:
        card = CARDS[missing[0]]
        raise DealError(
            "tricks",
            N_(
                "tricks: {card} (dealt to {holder}) is in nobody's tricks: every card dealt is "
                "played, so the tricks hold every card dealt ({count} missing)"
            ),
            who={
                "holder": Mention("player", (holder[card.index],)),
                "card": card,
                "count": len(missing),
            },
            token=str(card),
        )
    return Deal(players, dealer, trump, tuple(hands), tuple(tricks), begged, gift)


@dataclass(frozen=True)
class Result:
    """A deal entered by its result alone, read and checked: the side that took each point
    (None where nobody scores it), the begging."""

    players: int
    dealer: int
    taken: dict[str, int | None]
    begged: bool
    gift: bool


_POINT_WORDS: Final = {
    "high": N_("the point High"),
    "low": N_("the point Low"),
    "jack": N_("the point Jack"),
    "game": N_("the point Game"),
}
"""Each point as a refusal names it (the page shows it beside the point's choices)."""


def _about_point(point: str, template: str, players: int, **values: Word) -> DealError:
    """A refusal of ``taken.<point>``: the path before the words in the API's message, the
    point in words (capitalised) and the two sides by their players in them, and in the
    API's message by their numbers too ("0 (player 1)"), the values ``taken`` holds."""
    field = f"taken.{point}"
    who: dict[str, Word] = {
        "point": said(_POINT_WORDS[point]),
        "first": _team(0, players),
        "second": _team(1, players),
        **values,
    }
    numbered = {
        key: f"{side} ({_team(side, players).words()})" for side, key in enumerate(_SIDE_KEYS)
    }
    return DealError(field, template, who=who, where=f"{field}: ", numbered=numbered)


_SIDE_KEYS: Final = ("first", "second")
"""The placeholders of the two sides in a refusal of a point: a form offers them by their
players, the API's message by their numbers in ``taken`` too (:class:`DealError`)."""


def _read_side(value: object, point: str, players: int) -> int | None:
    """A side from ``taken``: 0 or 1 (a form's ``"0"``, ``"1"``), or None for nobody (JSON's
    null, a form's ``"nobody"``); "" or a missing key is missing. The words offer nobody for
    Jack and Game; :func:`read_result` checks a High or Low nobody scores."""
    if value is None or (isinstance(value, str) and value.strip().lower() == NOBODY):
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    if isinstance(value, str) and value.strip() in ("0", "1"):
        return int(value.strip())
    offered = point in ("jack", "game")
    if isinstance(value, str) and not value.strip():
        raise _about_point(
            point,
            N_("{point} is missing: say which side took it, {first} or {second}, or nobody")
            if offered
            else N_("{point} is missing: say which side took it, {first} or {second}"),
            players,
        )
    raise _about_point(
        point,
        N_("{point} must be a side, {first} or {second}, or nobody, not {value}")
        if offered
        else N_("{point} must be a side, {first} or {second}, not {value}"),
        players,
        value=short(value),
    )


def read_result(request: Mapping[str, object]) -> Result:
    """Read and check a deal entered by its result alone (``taken`` in place of the trump,
    the hands and the tricks), strictly: every field known and of its type, the dealer a
    player, each of the four points given, a side or nobody where nobody can score it --
    Jack (its knave not dealt), Game (``all-fours-equal``, ruling ``all-fours-equal-game``),
    High and Low only together and with Jack, when no trump was dealt (ruling
    ``all-fours-one-trump``) -- and a gift only after a beg (``begging``).

    >>> result = read_result({"players": "4", "dealer": 3,
    ...                       "taken": {"high": 1, "low": "0", "jack": 1, "game": "nobody"}})
    >>> result.taken, result.gift
    ({'high': 1, 'low': 0, 'jack': 1, 'game': None}, False)
    >>> read_result({"players": 2, "dealer": 0, "taken": {"high": 2}})
    Traceback (most recent call last):
    ...
    games.engine.all_fours.DealError: taken.high: the point High must be a side, 0 (player 1) \
or 1 (player 2), not 2
    """
    _only_known_fields(request)
    players = _players(request)
    if "dealer" not in request:
        raise DealError("dealer", N_("{key}: is missing"), who={"key": "dealer"})
    dealer = read_index(request["dealer"], players, _refusing("dealer"))
    for key in CARD_FIELDS:
        if key in request:
            raise DealError(
                key,
                N_(
                    "{key}: a deal entered by who took each point (taken) has no cards: send "
                    "taken, or trump, hands and tricks, not both"
                ),
                who={"key": key},
            )
    begged, gift = _begging(request)
    raw = request["taken"]
    if raw == "":  # a form that has chosen nothing yet: every point is missing
        raw = {}
    if not isinstance(raw, Mapping):
        raise DealError(
            "taken",
            N_(
                "taken: must be an object saying which side took each point, high, low, jack "
                "and game, not {value}"
            ),
            who={"value": short(raw)},
        )
    point = unknown_key(raw, POINT_NAMES)
    if point is not None:
        raise DealError(
            f"taken.{point}",
            N_("{name}: is not a point of All Fours; the points are high, low, jack and game"),
            who={"name": f"taken.{point}"},
        )
    taken: dict[str, int | None] = {}
    for point in POINT_NAMES:
        taken[point] = _read_side(raw.get(point, ""), point, players)
    # Nobody scores High only when no trump is out, and then nobody scores Low or Jack.
    if (taken["high"] is None) != (taken["low"] is None):
        raise _about_point(
            "high" if taken["high"] is None else "low",
            N_(
                "{point} is somebody's whenever a trump was dealt: say which side took it, "
                "{first} or {second}"
            ),
            players,
        )
    if taken["high"] is None and taken["jack"] is not None:
        raise _about_point(
            "jack",
            N_(
                "{point} is nobody's when no trump was dealt (nobody scores High or Low): the "
                "knave of trumps was not dealt either"
            ),
            players,
        )
    return Result(players, dealer, taken, begged, gift)


# --------------------------------------------------------------------------- the game


def _card_schema() -> dict[str, object]:
    return {
        "oneOf": [
            {"type": "array", "items": {"type": "string", "maxLength": 64}, "maxItems": 52},
            {"type": "string", "maxLength": 1000},
        ]
    }


_SIDE: Final = {
    "description": "a side by index: 0 is players 0 and 2 (at two, player 0), 1 is players 1 "
    "and 3 (at two, player 1); null where nobody scores",
    "type": ["integer", "null"],
    "enum": [0, 1, None],
}
_PER_SIDE: Final = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0},
    "minItems": 2,
    "maxItems": 2,
    "description": "one number per side: [side 0, side 1]",
}


def _card_at(holder_key: str) -> dict[str, object]:
    return {
        "type": ["object", "null"],
        "properties": {"card": {"type": "string"}, holder_key: {"type": "integer"}},
    }


_PARTNERS_REASON: Final = Reason(
    N_(
        "Four play as partners: players 1 and 3 against players 2 and 4; a point either scores "
        "counts for both."
    ),
    (INTRO,),
    (PARTNERS.slug,),
)


class AllFours(RequestGame):
    """All Fours (Squareman, 1916): one deal scored for High, Low, Jack and Game."""

    slug = "all-fours"
    label = N_("All Fours")
    summary = N_(
        "Squareman's All Fours: two players, or four as partners, score High, Low, Jack and "
        "Game each deal, and a point for a beg the dealer gives away."
    )
    book = SQUAREMAN
    rules_anchor = "all-fours"
    min_players, max_players = PLAYERS
    allowed_players: ClassVar[tuple[int, ...]] = PLAYERS
    """The only table sizes (three may not play): ``min_players``..``max_players`` is not
    enough to say so."""
    stake = False
    action = "score"
    keeps = "points"
    options: ClassVar[tuple[Option, ...]] = (
        Option.of(TARGET, N_("Game to"), "game"),
        Option.of(BOTH_OUT, N_("Both sides reach the target in one deal"), "game"),
        Option.of(EQUAL_GAME, N_("Equal counts for Game"), "hands"),
    )
    rulings = RULINGS_APPLIED

    # ---- the deal

    def answer(self, request: Mapping[str, object], config: Config | None = None) -> Answer:
        """Score one deal (see :func:`read_deal` for what is refused, :func:`score_deal`
        for the rules).

        >>> game = AllFours()
        >>> request = game.example() | {"begged": True, "gift": True}
        >>> body = game.answer(request).body
        >>> body["gift"], body["score"]
        (0, [3, 2])
        """
        config = self.configure() if config is None else config
        if isinstance(request, Mapping) and "taken" in request:
            return self._answer_result(read_result(request), config)
        deal = read_deal(request)
        equal: EqualGame = "nobody" if config["equal_game"] == "nobody" else "non-dealer"
        points = score_deal(
            deal.hands, deal.tricks, deal.trump, deal.dealer, gift=deal.gift, equal_game=equal
        )
        reasons = list(points.reasons)
        if deal.players == 4:
            reasons.insert(0, _PARTNERS_REASON)
        if deal.runnings:
            ran = {
                1: N_(
                    "{beggar} begged and the dealer ran the cards once, three more to each "
                    "player: hands of {size} cards."
                ),
                2: N_(
                    "{beggar} begged and the dealer ran the cards twice, three more to each "
                    "player: hands of {size} cards."
                ),
            }.get(
                deal.runnings,
                N_(
                    "{beggar} begged and the dealer ran the cards {times} times, three more to "
                    "each player: hands of {size} cards."
                ),
            )
            reasons.insert(
                0,
                Reason.about(
                    ran,
                    (BEGGING,),
                    (HAND_SIZE.slug,),
                    beggar=Mention("player", ((deal.dealer + 1) % deal.players,), capital=True),
                    times=deal.runnings,
                    size=len(deal.hands[0]),
                ),
            )
        body: dict[str, object] = {
            "trump": deal.trump.value,
            "sides": [list(_members(s, deal.players)) for s in (0, 1)],
            "points": points.sides,
            "gift": points.gift,
            "game_counts": list(points.game_counts),
            "score": list(points.score),
            "cards": {
                "high": None
                if points.high is None
                else {"card": str(points.high[0]), "player": points.high[1]},
                "low": None
                if points.low is None
                else {"card": str(points.low[0]), "player": points.low[1]},
                "jack": None
                if points.jack is None
                else {
                    "card": str(points.jack[0]),
                    "held_by": points.jack[1],
                    "taken_by": points.jack[2],
                },
            },
        }
        return self._scored(deal.players, deal.dealer, points.score, reasons, body, config)

    def _scored(
        self,
        players: int,
        dealer: int,
        score: tuple[int, int],
        reasons: Sequence[Reason],
        body: dict[str, object],
        config: Config,
    ) -> Answer:
        """The answer: each player scores his side's points, the deal passes to the left."""
        return Answer(
            scores=tuple(Fraction(score[side_of(p, players)]) for p in range(players)),
            next_dealer=self.next_dealer(dealer, players, config),
            reasons=tuple(reasons),
            body=body,
        )

    def _answer_result(self, result: Result, config: Config) -> Answer:
        """Score a deal entered by its result alone (:func:`read_result`): each point to the
        side entered, counted as a deal of cards is (:func:`tally`); the reasons quote the
        rule of each point and say it was entered. ``trump``, ``game_counts`` and ``cards``
        are None: the cards are not known.

        >>> game = AllFours()
        >>> request = {"players": 4, "dealer": 3, "begged": True, "gift": True,
        ...            "taken": {"high": 1, "low": 0, "jack": 1, "game": 0}}
        >>> answer = game.answer(request)
        >>> answer.body["score"], answer.body["gift"], answer.body["cards"], answer.next_dealer
        ([3, 2], 0, None, 0)
        >>> print(answer.reasons[0].text)
        Entered as the side that took each point, not counted from the cards.
        >>> print(answer.reasons[3].text)
        High: entered for players 2 and 4; the highest trump out scores one point for the \
side of the player who held it.
        """
        players, dealer, taken = result.players, result.dealer, result.taken
        reasons: list[Reason] = [
            Reason(
                N_("Entered as the side that took each point, not counted from the cards."),
                (INTRO, POINTS),
            )
        ]
        if players == 4:
            reasons.append(_PARTNERS_REASON)
        beggar = (dealer + 1) % players
        gift = side_of(beggar, players) if result.gift else None
        if result.gift:
            reasons.append(_gift_reason(dealer, players))
        elif result.begged:
            reasons.append(
                Reason.about(
                    N_(
                        "{beggar} begged and the dealer ran the cards rather than give a point: "
                        "nothing is scored for the beg."
                    ),
                    (BEGGING,),
                    (HAND_SIZE.slug,),
                    beggar=Mention("player", (beggar,), capital=True),
                )
            )
        entered = {
            "high": N_(
                "High: entered for {side}; the highest trump out scores one point for the side "
                "of the player who held it."
            ),
            "low": N_(
                "Low: entered for {side}; the lowest trump out scores one point for the side of "
                "the player it was dealt to, even if an adversary took it."
            ),
            "jack": N_(
                "Jack: entered for {side}; the knave of trumps scores one point for the side that "
                "took it in a trick."
            ),
            "game": N_(
                "Game: entered for {side}; the side whose tricks count more (ace 4, king 3, "
                "queen 2, knave 1, ten 10) scores one point."
            ),
        }
        if taken["high"] is None:
            reasons.append(
                Reason(
                    N_("Entered: no trump was dealt, so nobody scores High, Low or Jack."),
                    (POINTS,),
                    (ONE_TRUMP.slug,),
                )
            )
        for point in POINT_NAMES:
            side = taken[point]
            if side is not None:
                cited = (POINTS, GAME_COUNT) if point == "game" else (POINTS,)
                if point in ("high", "low"):
                    cited = (POINTS, BEGGING)
                reasons.append(Reason.about(entered[point], cited, (), side=_team(side, players)))
        if taken["jack"] is None and taken["high"] is not None:
            reasons.append(
                Reason(
                    N_("Jack: entered as nobody's; the knave of trumps was not dealt."),
                    (POINTS,),
                    (ONE_TRUMP.slug,),
                )
            )
        if taken["game"] is None and config["equal_game"] == "nobody":
            reasons.append(
                Reason(
                    N_(
                        "Game: entered as nobody's; the tricks counted the same, and the dealer "
                        "does not score, nor under the table's rule the other side (or neither "
                        "took a card that counts)."
                    ),
                    (EQUAL, GAME_COUNT),
                    (EQUAL_GAME.slug,),
                )
            )
        elif taken["game"] is None:
            reasons.append(
                Reason.about(
                    N_(
                        "Game: entered as nobody's; neither side took a card that counts toward "
                        "game (at equal counts the dealer does not score and {side} would)."
                    ),
                    (GAME_COUNT, EQUAL),
                    (EQUAL_GAME.slug,),
                    side=_team(1 - side_of(dealer, players), players),
                )
            )
        score = tally(taken, gift)
        body: dict[str, object] = {
            "trump": None,
            "sides": [list(_members(s, players)) for s in (0, 1)],
            "points": dict(taken),
            "gift": gift,
            "game_counts": None,
            "score": list(score),
            "cards": None,
        }
        return self._scored(players, dealer, score, reasons, body, config)

    def players_in(self, request: Mapping[str, object]) -> int:
        """The players a request names (2 or 4), refused as :meth:`answer` refuses them.

        >>> AllFours().players_in({"players": "4"})
        4
        """
        if not isinstance(request, Mapping):
            raise DealError(None, N_("an All Fours deal is an object of fields"))
        return _players(request)

    def sides(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The sides: at four, partners opposite each other; at two, each alone.

        >>> AllFours().sides(4), AllFours().sides(2)
        (((0, 2), (1, 3)), ((0,), (1,)))
        """
        return tuple(_members(s, players) for s in (0, 1))

    # ---- the game to a target

    def target(self, config: Config) -> int | None:
        """The points that win the game (ruling ``all-fours-target``), None for no target."""
        value = config["target"]
        return None if value == "none" else int(value)

    def _won_with(self, totals: Sequence[Fraction], config: Config) -> tuple[int, ...]:
        """The players of the side that has won with these totals (a side's points counted to
        each of its players), () while the game goes on.

        From totals alone: one side at the target wins; both at it, the side with more
        (equal: another deal). Under the ``in-order`` reading of ruling
        ``all-fours-both-out`` :meth:`winners` counts the last deal's points one by one.

        >>> game = AllFours()
        >>> config = game.configure()
        >>> game._won_with([Fraction(7), Fraction(5), Fraction(7), Fraction(5)], config)
        (0, 2)
        >>> game._won_with([Fraction(6), Fraction(5)], config)
        ()
        """
        target = self.target(config)
        if target is None or len(totals) not in PLAYERS:
            return ()
        side_totals = [totals[0], totals[1]]
        reached = [s for s in (0, 1) if side_totals[s] >= target]
        if len(reached) == 2:
            if side_totals[0] == side_totals[1]:
                return ()
            reached = [0 if side_totals[0] > side_totals[1] else 1]
        return _members(reached[0], len(totals)) if reached else ()

    def winners(
        self, before: Sequence[Fraction], answer: Answer, config: Config
    ) -> tuple[int, ...]:
        """The winners after a deal, its points counted onto the totals ``before`` it one
        at a time in the order gift, High, Low, Jack, Game (ruling ``all-fours-both-out``,
        ``in-order``); under ``higher``, the side with more after it.

        >>> game = AllFours()
        >>> config = game.configure()
        >>> answer = game.answer(game.example())  # High to side 1 first, then Low to side 0
        >>> game.winners([Fraction(6)] * 4, answer, config)
        (1, 3)
        >>> game._won_with([Fraction(8)] * 4, config)  # the totals alone cannot tell
        ()
        """
        after = [b + s for b, s in zip(before, answer.scores, strict=True)]
        target = self.target(config)
        if target is None or config["both_out"] == "higher":
            return self._won_with(after, config)
        players = len(before)
        totals = [before[0], before[1]]
        if any(t >= target for t in totals):
            return self._won_with(before, config)
        points = answer.body.get("points", {})
        order: list[object] = [answer.body.get("gift")]
        if isinstance(points, Mapping):
            order += [points.get(name) for name in ("high", "low", "jack", "game")]
        for side in order:
            if isinstance(side, int) and side in (0, 1):
                totals[side] += 1
                if totals[side] >= target:
                    return _members(side, players)
        return self._won_with(after, config)

    def next_dealer(
        self,
        dealer: int,
        players: int,
        config: Config,
        *,
        categories: Iterable[str] | None = None,
        out: Collection[int] = (),
    ) -> int:
        """The player on the dealer's left deals next (ruling ``all-fours-next-dealer``).

        >>> AllFours().next_dealer(3, 4, AllFours().configure())
        0
        """
        return (dealer + 1) % players

    def rotation_reason(self, config: Config) -> Reason:
        """Why the deal passes to the left."""
        return Reason(
            N_("The deal passes to the left, to the player next the dealer."),
            (BEGGING,),
            (NEXT_DEALER.slug,),
        )

    def check(self, config: Config) -> None:
        """Every combination of the options can be played together."""
        if config["target"] not in dict(TARGET.alternatives):  # pragma: no cover
            raise OptionError("target", "unknown target")

    # ---- the API's documents

    def blank(self) -> dict[str, object]:
        """Two players, the first dealing, no trump turned up, no card yet.

        >>> AllFours().blank()["hands"]
        [[], []]
        """
        return {"players": 2, "dealer": 0, "trump": "", "hands": [[], []], "tricks": []}

    def example(self) -> dict[str, object]:
        """A deal of four, six cards each, hearts trumps, player 4 (index 3) dealing, the
        tricks as they fell in a legal play: player 4's ace of hearts takes the knave of
        hearts from player 3 and the deuce from player 1, who still scores Low."""
        return {
            "players": 4,
            "dealer": 3,
            "trump": "H",
            "hands": [
                ["2H", "KS", "9C", "4D", "JD", "7S"],
                ["9H", "3S", "KC", "10D", "5C", "2D"],
                ["JH", "QS", "6C", "AD", "8S", "3C"],
                ["AH", "5H", "10S", "QC", "9D", "4S"],
            ],
            "tricks": [
                ["10S", "KS", "3S", "QS"],
                ["6C", "QC", "9C", "KC", "5C", "8S", "4S", "4D"],
                ["JD", "10D", "AD", "9D"],
                ["2H", "9H", "JH", "AH", "5H", "7S", "2D", "3C"],
            ],
        }

    def request_schema(self) -> dict[str, object]:
        """The JSON Schema of a request (OpenAPI 3.1)."""
        return {
            "type": "object",
            "additionalProperties": False,
            "required": ["players", "dealer"],
            "description": "A deal of cards (trump, hands and tricks), or only its result: "
            "which side took each point (taken).",
            "oneOf": [
                {
                    "title": "The cards",
                    "required": list(CARD_FIELDS),
                    "properties": {"taken": False},
                },
                {
                    "title": "Only who took each point",
                    "required": ["taken"],
                    "properties": dict.fromkeys(CARD_FIELDS, False),
                },
            ],
            "properties": {
                "players": whole_schema(
                    "how many play: 2, or 4 as partners", {"type": "integer", "enum": list(PLAYERS)}
                ),
                "dealer": whole_schema(
                    "the dealer, by index from 0", {"type": "integer", "minimum": 0}
                ),
                "trump": {
                    "type": "string",
                    "maxLength": 16,
                    "description": "the trump suit: S, H, D, C or spades, hearts, diamonds, "
                    "clubs (any case)",
                    "examples": ["S", "hearts"],
                },
                "hands": {
                    "type": "array",
                    "minItems": 2,
                    "maxItems": 4,
                    "description": "the cards dealt to each player (one entry per player, in "
                    "order): six each, or 9, 12 ... after a beg the dealer answered by "
                    "running the cards",
                    "items": _card_schema(),
                },
                "tricks": {
                    "type": "array",
                    "minItems": 2,
                    "maxItems": 4,
                    "description": "the cards each player took in tricks: together exactly "
                    "the cards dealt, each player's a whole number of tricks",
                    "items": _card_schema(),
                },
                "taken": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": list(POINT_NAMES),
                    "description": "in place of trump, hands and tricks, only the result: "
                    "the side that took each point (0 is players 0 and 2, at two player 0; 1 "
                    "is players 1 and 3, at two player 1), or null (a form's 'nobody') where "
                    "nobody scores it: Jack when the knave of trumps was not dealt, Game when "
                    "neither side counts more, High and Low (and Jack) only when no trump was "
                    "dealt",
                    "properties": {
                        name: {"enum": [0, 1, None, "0", "1", NOBODY]} for name in POINT_NAMES
                    },
                },
                "begged": flag_schema("the player next the dealer begged (default false)"),
                "gift": flag_schema("the dealer answered the beg with 'Take one' (default false)"),
            },
            "examples": [self.example(), RESULT_EXAMPLE],
        }

    def answer_schema(self) -> dict[str, object]:
        """The JSON Schema of the answer's body (OpenAPI 3.1)."""
        return {
            "type": "object",
            "required": ["trump", "sides", "points", "gift", "game_counts", "score", "cards"],
            "properties": {
                "trump": {
                    "type": ["string", "null"],
                    "enum": [*(s.value for s in Suit), None],
                    "description": "the trump suit; null for a result entered alone (taken)",
                },
                "sides": {
                    "type": "array",
                    "description": "the players of side 0 and of side 1",
                    "items": {"type": "array", "items": {"type": "integer"}},
                },
                "points": {
                    "type": "object",
                    "description": "the side that scores each point",
                    "required": ["high", "low", "jack", "game"],
                    "properties": dict.fromkeys(("high", "low", "jack", "game"), _SIDE),
                },
                "gift": {**_SIDE, "description": "the side given a point for a beg, or null"},
                "game_counts": {
                    "oneOf": [_PER_SIDE, {"type": "null"}],
                    "description": "each side's count toward Game; null for a result entered "
                    "alone (taken)",
                },
                "score": {**_PER_SIDE, "description": "each side's points in this deal"},
                "cards": {
                    "type": ["object", "null"],
                    "description": "the cards that decided High, Low and Jack (null: not out); "
                    "itself null for a result entered alone (taken)",
                    "properties": {
                        "high": _card_at("player"),
                        "low": _card_at("player"),
                        "jack": {
                            "type": ["object", "null"],
                            "properties": {
                                "card": {"type": "string"},
                                "held_by": {"type": "integer"},
                                "taken_by": {"type": "integer"},
                            },
                        },
                    },
                },
            },
        }


RESULT_EXAMPLE: Final[dict[str, object]] = {
    "players": 4,
    "dealer": 3,
    "taken": {"high": 1, "low": 0, "jack": 0, "game": None},
}
"""A result entered alone: four players, player 4 dealing, High to players 2 and 4, Low and
Jack to players 1 and 3, Game to nobody."""


def random_request(
    players: int, *, runnings: int = 0, seed: int = 0, gift: bool = False
) -> dict[str, object]:
    """A deal shuffled from ``seed``: hands of six (three more for each running), tricks
    taken by players drawn at random, each trick one card from each hand. For benches and
    tests; the play is not a legal play of the cards, only a consistent record of one.

    >>> request = random_request(2, runnings=5, seed=1)
    >>> len(request["hands"][0]), AllFours().answer(request).body["sides"]
    (21, [[0], [1]])
    """
    shuffler = random.Random(seed)
    pack = list(CARDS)
    shuffler.shuffle(pack)
    size = FIRST_HAND + MORE * runnings
    hands = [pack[p * size : (p + 1) * size] for p in range(players)]
    trump = pack[players * size].suit
    tricks: list[list[str]] = [[] for _ in range(players)]
    for t in range(size):
        tricks[shuffler.randrange(players)].extend(str(hand[t]) for hand in hands)
    return {
        "players": players,
        "dealer": shuffler.randrange(players),
        "trump": trump.value,
        "hands": [[str(c) for c in hand] for hand in hands],
        "tricks": tricks,
        "begged": bool(runnings) or gift,
        "gift": gift and not runnings,
    }


def bench_requests() -> dict[str, dict[str, object]]:
    """Requests to time :meth:`AllFours.answer` with: the example (four, six cards each) and
    the largest deal accepted (two players, the cards run five times: 21 cards each).

    >>> sorted(bench_requests())
    ['four players, 6 cards', 'two players, 21 cards']
    """
    return {
        "four players, 6 cards": AllFours().example(),
        "two players, 21 cards": random_request(2, runnings=5, seed=7),
    }
