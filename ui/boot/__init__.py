"""Starting a page: the kit the three pages share (kit.py: events, the engine worker's wait, the busy guard), and the game page's first paint before the engine is up and its effects."""
