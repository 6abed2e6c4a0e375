"""The Word Lovers club: tournaments paired by PPT and standings (RULES.md 8, 11).

blossom (minimum-cost perfect matching), pairing (the PPT objective, round robin,
byes, first moves), standings, replay (a result from a game link), model (the
tournament as data), director (the operations), share (standings link, TSH),
invite (each pairing's game by link, the round link; RULES.md 15.2), scrutiny (each
player's play beside the engine's best; 15.3), cli (``pair``, ``standings``) and
face (the page's text API).
"""
