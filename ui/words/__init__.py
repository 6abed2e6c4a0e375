"""Words and their meanings: the card a shown word opens, and the word judge."""
