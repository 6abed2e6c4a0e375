"""The Word Lovers club: tournaments paired by PPT and standings (RULES.md 8, 11).

blossom (minimum-cost perfect matching), pairing (the PPT objective, round robin,
byes, first moves), standings, replay (a result from a game link), model (the
tournament as data), director (the operations), share (standings link, TSH),
cli (``pair``, ``standings``) and face (the page's text API).
"""
