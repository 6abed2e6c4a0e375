"""The table page (table.html): keeping score of a game played on a real board with a real bag, with an engine worker of its own."""
