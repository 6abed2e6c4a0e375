"""The New game dialog and the rule summaries it shows."""
