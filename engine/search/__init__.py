"""Finding plays: the move generator (movegen, linegen, grid), the computer players
(ai: easy to hard; expert: simulation; endgame: the bag-empty search) and the review
of a finished game against the best plays. engine.computer is the front door."""
