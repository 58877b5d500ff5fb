"""The rules engine: pure Python, no Django. Loading it registers every game
(:mod:`games.engine.games`, then each module of :mod:`games.engine.variants`)."""

from games.engine.games import discover_variants

discover_variants()
