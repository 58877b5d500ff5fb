"""AllFours registered: the engine is games/engine/all_fours.py."""

from games.engine.all_fours import AllFours
from games.engine.games import register

register(AllFours())
