"""The game in progress: turn text, the clocks, word judgment flows, the stand-in when the computer cannot move."""
