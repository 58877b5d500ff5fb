"""``python -m bench``: print the engine's figures as ratios to a dict look-up."""

from bench import main

main()
