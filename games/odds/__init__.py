"""The odds of every hand (/odds/): a page per rule set and pack, and Cox's deal."""
