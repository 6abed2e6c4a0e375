"""Play by ear: what a screen reader hears (ui/ear/say.py), the command keys that speak
the game on demand (ui/ear/commands.py), and their place in the page's routes (hooks)."""
