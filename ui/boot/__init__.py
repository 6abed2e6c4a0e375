"""Starting the page: the first paint before the engine is up, and the page's effects."""
