"""The ear's handlers in the page's routes (ui/boot/handlers.ROUTES): each is
``handler(state, event) -> state`` (or ``(state, None)`` when it took the event).
Pure and MicroPython-safe."""

from ui.game.flow import with_fx


def focus_import(s, ev):
    """Import opened: focus goes into its box (Escape closes it and gives focus back)."""
    if (s.get("box") or {}).get("kind") == "import":
        return with_fx(s, {"do": "p_focus", "id": "import-text"})
    return s
