"""The panels beside the board: history, tiles, hints, settings, past games (actions: state changes; view: HTML; page/run: their effects)."""
