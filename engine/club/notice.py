"""What a director must be told where invitations are made (kept here so the page,
the printed sheets and the docs say the same thing)."""

LINK_NOT_SECRET = ("A game link is not secret: whoever decodes an invitation, either player included, "
                   "learns its seed, and so the bag's order and the opponent's tiles. Play by link among "
                   "friends; where anything is at stake, play on one device or at a real board.")
