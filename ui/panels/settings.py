"""The player's settings: theme, tile sound, confirm before play, reduced motion.

Pure and MicroPython-safe. Kept in the browser as one small JSON text under
ui/store's SETTINGS_KEY (unversioned: a setting it does not know is left out, a
missing one takes its default); anything unreadable falls back to the defaults (a setting is never worth
an error). The page applies them as attributes: the theme on <html> (``page_theme``,
shared with an embed's theme option), the others on <body> (``body_attrs``);
ui/style.css reads data-theme and data-motion.
"""

import json

THEMES = ("system", "light", "dark")
MOTIONS = ("system", "reduce")
# Sound is off until the player turns it on; nothing asks before a play by default.
DEFAULTS = {"theme": "system", "sound": False, "confirm": False, "motion": "system"}
CHOICES = {"theme": THEMES, "motion": MOTIONS}
FLAGS = ("sound", "confirm")


def defaults():
    return dict(DEFAULTS)


def _valid(name, value):
    """The setting's value as stored, or None when ``value`` is not one it takes."""
    if name in CHOICES:
        value = str(value)
        return value if value in CHOICES[name] else None
    if name in FLAGS:
        if value in (True, "1", "true", "on", 1):
            return True
        if value in (False, "0", "false", "off", 0, "", None):
            return False
    return None


def load(text):
    """The settings from stored text (None or unreadable: the defaults)."""
    out = defaults()
    if not text:
        return out
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        return out
    if not isinstance(data, dict):
        return out
    for name in DEFAULTS:
        if name in data:
            value = _valid(name, data[name])
            if value is not None:
                out[name] = value
    return out


def dump(settings):
    return json.dumps({name: settings.get(name, DEFAULTS[name]) for name in DEFAULTS})


def change(settings, name, value):
    """A new settings dict with ``name`` set to ``value``; unknown names or values change nothing."""
    out = dict(settings)
    if name not in DEFAULTS:
        return out
    value = _valid(name, value)
    if value is not None:
        out[name] = value
    return out


def page_theme(settings, embed_theme=""):
    """The page's one theme switch, <html data-theme> (ui/style.css): "light", "dark" or
    None (follow the system). An embed's theme option (``embed_theme``: "auto", "light"
    or "dark"; "" when not embedded or not given) applies while embedded; otherwise
    the player's setting does."""
    theme = embed_theme or settings.get("theme", "system")
    return theme if theme in ("light", "dark") else None


def body_attrs(settings):
    """Attributes for <body>: data-motion="reduce" stops animation (the system's own
    wish is a CSS media query); data-sound marks the tile sound on."""
    return {
        "data-motion": "reduce" if settings.get("motion") == "reduce" else None,
        "data-sound": "1" if settings.get("sound") else None,
    }


def click_sound(window):
    """A short soft click (WebAudio); silently nothing where audio is unavailable."""
    try:
        ctx = window.wlcAudio
        if not ctx:
            ctx = window.AudioContext.new()
            window.wlcAudio = ctx
        osc = ctx.createOscillator()
        gain = ctx.createGain()
        osc.frequency.value = 660
        gain.gain.value = 0.05
        osc.connect(gain)
        gain.connect(ctx.destination)
        osc.start()
        osc.stop(ctx.currentTime + 0.03)
    except Exception:
        pass
