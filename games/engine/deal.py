"""A whole deal of Commerce settled from the hands shown: showdown, then who pays whom.

This is the one place where a showdown's places feed a settlement, so the API, the payout
calculators and the score sheet all settle a deal the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields

from games.engine.cards import parse_hands
from games.engine.citations import Reason
from games.engine.commerce import PeelRules, Showdown, SwedishRules, rules_from_name, showdown
from games.engine.settlement import (
    Amount,
    PeelNewOptions,
    Settlement,
    SettlementError,
    SwedishOptions,
    outcomes_from_showdown,
    player_index,
    settle_peel_new,
    settle_peel_old,
    settle_swedish,
)

GAMES = ("english-new", "english-old", "swedish")
"""The games a deal can be settled under: Peel's new and old game, the Swedish rules."""

_SETTLEMENT_OPTIONS: dict[str, type] = {
    "english-new": PeelNewOptions,
    "english-old": type(None),
    "swedish": SwedishOptions,
}


@dataclass(frozen=True)
class SettledDeal:
    """The showdown of a deal and its settlement.

    ``reasons`` tell the whole story: the showdown's first, then the settlement's.
    """

    showdown: Showdown
    settlement: Settlement

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.showdown.reasons + self.settlement.reasons


def settlement_option_names(game: str) -> tuple[str, ...]:
    """The house-rule options that change how a deal of ``game`` is paid.

    >>> settlement_option_names("english-new")
    ('stander_pays', 'dealer_penalty', 'extended', 'tie_dealer_stake')
    >>> settlement_option_names("english-old")
    ()
    """
    kind = _SETTLEMENT_OPTIONS[game]
    return () if kind is type(None) else tuple(f.name for f in fields(kind))


def deal_rules(
    game: str, pack: int = 52, limited: str = "none", options: Mapping[str, object] | None = None
) -> PeelRules | SwedishRules:
    """The rule set that judges the hands of a deal of ``game``, with its valuing options.

    >>> deal_rules("english-old", pack=32).label
    'Peel, 32 cards'
    """
    if game not in GAMES:
        raise SettlementError(f"rules: {game!r} is not one of {', '.join(GAMES)}")
    settlement_names = settlement_option_names(game)
    valuing = {k: v for k, v in (options or {}).items() if k not in settlement_names}
    family = "swedish" if game == "swedish" else "english"
    return rules_from_name(family, pack=pack, limited=limited, **valuing)  # type: ignore[arg-type]


def settle_deal(
    game: str,
    hands: Sequence[str | Sequence[str]],
    stake: Amount,
    *,
    dealer: int | None = None,
    stood: int | None = None,
    bought: Sequence[int] | None = None,
    pack: int = 52,
    limited: str = "none",
    options: Mapping[str, object] | None = None,
) -> SettledDeal:
    """Judge the hands of a deal and settle it under ``game`` (see :data:`GAMES`).

    ``options`` may mix the rule set's valuing options (``flush_ties`` …) with the game's
    settlement options (``dealer_penalty`` …); each goes where it belongs, and the engine
    names any it does not know.

    >>> deal = settle_deal("english-old", ["AS KS QS", "9H 9D 2C", "5C 6D 8H"], 1)
    >>> deal.settlement.winners, [str(n) for n in deal.settlement.net]
    ((0,), ['2', '-1', '-1'])
    >>> settle_deal("english-new", ["AS KS QS", "9H 9D 2C"], 1).settlement
    Traceback (most recent call last):
    ...
    games.engine.settlement.SettlementError: dealer: the new game needs the dealer's index
    """
    rules = deal_rules(game, pack, limited, options)
    parsed = parse_hands(hands, rules.pack, rules.hand_limit)
    n = len(parsed)
    bought = [0] * n if bought is None else list(bought)
    if len(bought) != n:
        raise SettlementError(f"bought: one number per player ({n}), not {len(bought)}")
    chosen = {k: v for k, v in (options or {}).items() if k in settlement_option_names(game)}
    if game != "english-old" and dealer is None:
        raise SettlementError(
            f"dealer: the {'new game' if game == 'english-new' else 'Swedish game'} needs "
            "the dealer's index"
        )
    if dealer is not None:
        dealer = player_index(dealer, "dealer", n)
    if stood is not None:
        stood = player_index(stood, "stood", n)
    result = showdown(parsed, rules, dealer)
    outcomes = outcomes_from_showdown(result)
    settlement: Settlement
    if game == "english-new":
        assert dealer is not None
        # The options' own constructor checks each value and says which are allowed.
        new_options = PeelNewOptions(**chosen)  # type: ignore[arg-type]
        settlement = settle_peel_new(outcomes, dealer, stood, bought, stake, new_options)
    elif game == "english-old":
        settlement = settle_peel_old(outcomes, stake)
    else:
        assert dealer is not None
        swedish_options = SwedishOptions(**chosen)  # type: ignore[arg-type]
        settlement = settle_swedish(outcomes, dealer, bought, stake, swedish_options)
    return SettledDeal(result, settlement)
