"""Keeping a game played on a real board with a real bag: the computer at the
table checks each entry against the board and the tile set, judges the words,
keeps score and ends the game by the rules (game.py); its faces are the command
line (cli.py) and the page's JSON functions (face.py); its record is GCG
(record.py) and a share link (link.py)."""

from .game import TableGame

__all__ = ["TableGame"]
