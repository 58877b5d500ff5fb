"""The whole engine, imported: every module that declares rulings, so RULINGS is complete.

>>> from games.engine.citations import RULINGS
>>> len(RULINGS) > 10
True
"""

from games.engine import commerce, compare, cox, deal, pool, settlement, strength  # noqa: F401
