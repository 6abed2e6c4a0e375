"""The New game dialog: its HTML and the game spec read back from its fields (pure).

Preset names, summaries and knob metadata come from ui/newgame/rules_text.py (written for
players); the dialog only lays them out. Fields are named so ui/main.py can read
them all as {name: value} and call ``spec_of``.
"""

from html import escape

from ui.newgame import house, rules_text

KINDS = (("human", "Human"), ("easy", "Computer, easy"), ("medium", "Computer, medium"),
         ("hard", "Computer, hard"), ("expert", "Computer, expert (thinks 3 s)"),
         ("friend", "A friend, by link"))
# The one name limit: engine/actionlog.py MAX_NAME (tests/core/test_rules_defined_once.py holds them equal).
NAME_MAX = 32
DEFAULT_SEATS = (("You", "human"), ("Computer", "hard"), ("Player 3", "human"), ("Player 4", "human"))


def summary_html(rules):
    try:
        pairs = rules_text.summary(rules)
    except ValueError as exc:
        return '<p class="pv-bad">' + escape(str(exc)) + "</p>"
    return "<dl>" + "".join("<dt>" + escape(h) + "</dt><dd>" + escape(t) + "</dd>" for h, t in pairs) + "</dl>"


def fields_summary_html(fields):
    """The summary of the rules the dialog's fields give, or why they cannot be read."""
    try:
        rules = rules_of(fields)
    except ValueError as exc:
        return '<p class="pv-bad" role="alert">' + escape(str(exc)) + "</p>"
    return summary_html(rules)


def _knob_field(knob, value):
    short, label, kind, choices, help_text = knob
    fid = "knob-" + short
    if kind == "bool":
        field = ('<input type="checkbox" id="' + fid + '" name="' + fid + '" value="1"'
                 + (" checked" if value == "1" else "") + ">")
    elif kind in ("choice", "table"):
        opts = "".join('<option value="' + escape(c) + '"' + (" selected" if c == value else "") + ">"
                       + escape(rules_text.knob_value_text(short, c)) + "</option>" for c in choices)
        field = '<select id="' + fid + '" name="' + fid + '">' + opts + "</select>"
    elif kind in ("int", "minutes"):  # minutes: the rules string counts seconds, people minutes
        minutes = kind == "minutes"
        field = ('<input type="number" id="' + fid + '" name="' + fid + '" min="' + str(choices[0])
                 + '" max="' + str(choices[1]) + '"' + (' step="any"' if minutes else "")
                 + ' value="' + (minutes_text(value) if minutes else escape(value)) + '">')
    elif kind == "words":
        return _words_field(knob, value)
    else:
        field = '<input type="text" id="' + fid + '" name="' + fid + '" value="' + escape(value) + '">'
    return ('<div class="knob"><label for="' + fid + '">' + escape(label) + "</label>" + field
            + '<small>' + escape(help_text) + "</small></div>")


def _words_field(knob, value):
    """A house list: a text field of words, its count against the limit, and for the
    forbidden words the one-click Sauter's list."""
    short, label, _, choices, help_text = knob
    fid = "knob-" + short
    words = rules_text.house_words(value)
    sauter = ""
    if rules_text.SAUTER in choices:
        sauter = ('<label class="house-sauter"><input type="checkbox" id="' + fid + '-sauter" name="'
                  + fid + '-sauter" value="1"' + (" checked" if rules_text.SAUTER in words else "")
                  + "> " + escape(rules_text.SAUTER_TEXT) + "</label><small>"
                  + escape(rules_text.SAUTER_ABOUT) + ".</small>")
    return ('<div class="knob house"><label for="' + fid + '">' + escape(label) + "</label>"
            '<input type="text" id="' + fid + '" name="' + fid + '" autocomplete="off" '
            'autocapitalize="none" spellcheck="false" placeholder="letters, separated by spaces or commas" '
            'value="' + escape(house.field_text(value)) + '">'
            '<small class="house-count" id="' + fid + '-count" aria-live="polite">'
            + escape(house.count_text(words)) + "</small>" + sauter
            + "<small>" + escape(help_text) + "</small></div>")


def words_counts(fields):
    """[(element id, 'n words of at most 200'), ...] for the dialog's house lists as typed."""
    out = []
    for short in ("add", "taboo"):
        words = rules_text.house_words(fields.get("knob-" + short, ""))
        if fields.get("knob-" + short + "-sauter") == "1" and rules_text.SAUTER not in words:
            words.append(rules_text.SAUTER)
        out.append(("knob-" + short + "-count", house.count_text(words)))
    return out


KEPT_NOTE = ("Your game in progress is kept in Past games, marked unfinished: "
             "you can resume it from there.")


def dialog_html(preset="classic", seats=None, in_progress=False, wordlist_html=""):
    """The dialog's form for ``preset``, with the seats given (list of (name, kind));
    ``in_progress``: says that the game shown will be kept, not lost; ``wordlist_html``:
    the Word list section (ui/newgame/wordlist.py)."""
    seats = list(seats or DEFAULT_SEATS[:2])
    radios = []
    for key, title, tagline in rules_text.PRESETS:
        radios.append('<label class="preset"><input type="radio" name="preset" value="' + key + '"'
                      + (" checked" if key == preset else "") + "><b>" + escape(title) + "</b> <span>"
                      + escape(tagline) + "</span></label>")
    values = rules_text.preset_values(preset)
    knobs = "".join(_knob_field(k, values.get(k[0], "")) for k in rules_text.KNOBS)
    rows = []
    for i in range(4):
        name, kind = seats[i] if i < len(seats) else DEFAULT_SEATS[i]
        on = i < len(seats)
        opts = "".join('<option value="' + k + '"' + (" selected" if k == kind else "") + ">" + t + "</option>"
                       for k, t in KINDS)
        rows.append('<div class="seatrow"><input type="checkbox" name="seat' + str(i) + '-on" value="1"'
                    + (" checked" if on else "") + (" disabled" if i < 2 else "")
                    + ' aria-label="Seat ' + str(i + 1) + ' plays">'
                    + '<input type="text" name="seat' + str(i) + '-name" maxlength="' + str(NAME_MAX) + '" value="' + escape(name)
                    + '" aria-label="Seat ' + str(i + 1) + ' name">'
                    + '<select name="seat' + str(i) + '-kind" aria-label="Seat ' + str(i + 1) + ' player">'
                    + opts + "</select></div>")
    return ('<form id="ng-form" method="dialog"><h2 id="ng-title">New game</h2>'
            '<p class="ng-table">A game on a real board? <a href="./table.html">At the table</a> keeps its score.</p>'
            '<fieldset><legend>Rules</legend>' + "".join(radios) + "</fieldset>"
            '<div id="ng-summary" class="summary">' + summary_html(preset) + "</div>"
            "<details><summary>Change the rules (optional)</summary>"
            '<input type="hidden" name="knobs" value="1">' + knobs + "</details>"
            "<fieldset><legend>Players</legend>" + "".join(rows) + "</fieldset>" + wordlist_html +
            '<div class="knob"><label for="ng-seed">Seed (leave empty for a random game)</label>'
            '<input type="text" id="ng-seed" name="seed" maxlength="32"></div>'
            + ('<p class="ng-kept" role="note">' + KEPT_NOTE + "</p>" if in_progress else "")
            + '<p class="actions"><button type="button" data-act="cancel">Cancel</button> '
            '<button type="submit" class="primary" data-act="start">Start the game</button></p></form>')


def minutes_text(seconds):
    """'1500' (seconds, as the rules string has it) as the dialog shows it: '25'; '90': '1.5'."""
    secs = int(seconds or 0)
    if secs % 60 == 0:
        return str(secs // 60)
    return str(round(secs / 60, 3))


def seconds_text(label, bounds, minutes):
    """The dialog's minutes as the rules string's whole seconds; empty means none.
    Raises ValueError in a player's words for anything else."""
    text = str(minutes).strip()
    if not text:
        return "0"
    try:
        value = float(text)
    except ValueError:
        value = None
    if value is None or not bounds[0] <= value <= bounds[1]:
        raise ValueError("%s: give a number of minutes from %d to %d, not %r"
                         % (label, bounds[0], bounds[1], text))
    return str(int(round(value * 60)))


def rules_of(fields):
    """The rules string: the preset plus each knob the player changed (raises ValueError
    in a player's words for a value the dialog cannot read)."""
    preset = fields.get("preset", "classic")
    base = rules_text.preset_values(preset)
    parts = [preset]
    if fields.get("knobs") != "1":  # no knob fields: the preset as it is
        return preset
    labels = dict((k[0], k[1]) for k in rules_text.KNOBS)
    lists = house.lists_of(fields, (labels["add"], labels["taboo"]))
    for knob in rules_text.KNOBS:
        short, kind = knob[0], knob[2]
        fid = "knob-" + short
        if kind == "words":
            value = lists[0] if short == "add" else lists[1]
        elif kind == "bool":
            value = "1" if fields.get(fid) == "1" else "0"
        elif kind == "minutes" and fid in fields:
            value = seconds_text(knob[1], knob[3], fields[fid])
        elif fid in fields:
            value = str(fields[fid]).strip()
        else:
            continue
        if value != base.get(short):
            parts.append(short + "=" + value)
    return ",".join(parts)


def spec_of(fields, random_seed):
    """The spec for engine.session.open from the dialog's fields ({name: value})."""
    seats = []
    for i in range(4):
        if i >= 2 and fields.get("seat" + str(i) + "-on") != "1":
            continue
        name = " ".join(str(fields.get("seat" + str(i) + "-name", "")).split())[:NAME_MAX] or DEFAULT_SEATS[i][0]
        kind = fields.get("seat" + str(i) + "-kind", "human")
        seats.append({"name": name, "kind": kind})
    seed = str(fields.get("seed", "")).strip() or random_seed
    return {"rules": rules_of(fields), "seed": seed, "seats": seats, "actions": []}
