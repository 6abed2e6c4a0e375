"""Past games now live in the store: ui/store/past.py (this name stays for the modules that still import it)."""

from ui.store.past import *  # noqa: F401,F403
