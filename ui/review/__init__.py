"""The review of a game: each turn beside the best play (actions: state changes; view: HTML)."""
