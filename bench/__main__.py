"""``python -m bench``: the engine's figures against the fastest baseline, then the other
benches of the package that exist (``bench.pages``, ``bench.sheet_cost``,
``bench.offline``), each by its ``main()``.
Exits with the first non-zero status a bench returns.

``python -m bench WORD ...`` runs only the engine's figures whose names contain one of the
words (``python -m bench "(6)"``: the games settled from one request), and no other bench;
``--rounds N`` counts N rounds instead of :data:`bench.ROUNDS`."""

import argparse
import importlib
import sys

from bench import ROUNDS, main

parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
parser.add_argument("only", nargs="*", metavar="WORD", help="run only the figures naming it")
parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"rounds counted ({ROUNDS})")
arguments = parser.parse_args()
status = main(arguments.only, arguments.rounds)
for name in () if arguments.only else ("pages", "sheet_cost", "offline"):
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
