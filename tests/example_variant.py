"""Blind Commerce: the example variant of the README's "Adding a game", as a newcomer writes it.

It would live in ``games/engine/variants/blind.py``; ``tests/test_adding_a_game.py`` loads it
from here as if it did, and shows the game appear everywhere with nothing else edited.

Peel's old game is played with the cards face down until the showdown: a table that plays it
"blind" has to agree who wins a tie the dealer is in; the book does not say, so the game
declares a ruling and offers the choice as a house rule.
"""

from dataclasses import replace

from games.engine.citations import peel, ruling
from games.engine.commerce import PeelRules, SwedishRules
from games.engine.games import Config, Option, PeelOld, register

BLIND_TIES = ruling(
    "blind-commerce-ties",
    "In Blind Commerce, who wins when the dealer's hand equals the best?",
    "They share, as equal winners of Peel's old game each receive a stake.",
    (peel("old-game-play"),),
    option="blind_ties",
    default="share",
    alternatives=(
        ("share", "equal best hands share, the dealer's too"),
        ("dealer", "the dealer wins a tie he is in"),
    ),
)


class BlindCommerce(PeelOld):
    """Peel's old game played blind: one option and one ruling of its own."""

    slug = "blind-commerce"
    label = "Blind Commerce"
    summary = "Peel's old game with the cards face down until the showdown (an example)."
    aliases = ()
    options = (*PeelOld.options, Option.of(BLIND_TIES, "Ties with the dealer"))
    rulings = (*PeelOld.rulings, BLIND_TIES)

    def hand_rules(self, config: Config) -> PeelRules | SwedishRules:
        """Peel's rules, the dealer winning a tie he is in when the table chose so."""
        rules = super().hand_rules(config)
        if config["blind_ties"] == "dealer" and isinstance(rules, PeelRules):
            return replace(rules, exact_ties="dealer")
        return rules


register(BlindCommerce())
