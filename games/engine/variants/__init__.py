"""Variants added to the registry of games, one module each.

Every module in this package is imported when the engine package loads
(``games/engine/__init__.py``), so a module that ends with ``register(MyGame())`` adds its
game to the engine, the API, the table, the calculators, the score sheet and /rulings/ with
nothing else edited. The README's
"Adding a game" walks through one; ``tests/test_adding_a_game.py`` follows its steps, to the
letter, in a scratch copy of the project.
"""
