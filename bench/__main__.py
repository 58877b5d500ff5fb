"""``python -m bench``: the engine's figures against the fastest baseline, then the other
benches of the package that exist (``bench.pages``, ``bench.sheet``), each by its ``main()``.
Exits with the first non-zero status a bench returns."""

import importlib
import sys

from bench import main

status = main()
for name in ("pages", "sheet"):
    try:
        module = importlib.import_module(f"bench.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"bench.{name}":
            raise  # the bench exists but something it imports is missing
        continue
    print(flush=True)
    code = module.main()
    status = status or code or 0
sys.exit(status)
