"""The words players read about the rules (ui/newgame/rules_text.py, docs/rules.md) agree
with what the engine does, and the UI module behaves the same under MicroPython."""

import ast
import json
import os
import re
import shutil
import subprocess
from dataclasses import fields
from pathlib import Path

import pytest

from engine import api
from engine.lexicon import Lexicon

_LEXICON = []


def _lexicon():
    """The real word lists, read once (the worked examples use real words)."""
    if not _LEXICON:
        root = Path(__file__).resolve().parents[2]
        _LEXICON.append(Lexicon.from_bytes((root / "wordlists" / "lexicon.bin").read_bytes()))
    return _LEXICON[0]
from engine.rules import _BOOLS, _CHOICES, _INTS, _SHORT, _TABLES, PRESETS, Rules, _format
from ui.newgame import rules_text as rt

ROOT = Path(__file__).resolve().parents[2]
ORDER = ("classic", "o", "i", "ii", "iii", "richard")
NEEDED_HEADINGS = ("Board", "Minimum word", "Word list", "Scoring and bonuses", "Special moves",
                   "Judgment", "End of game")


def _section(pairs, heading):
    found = [text for h, text in pairs if h == heading]
    assert len(found) == 1, f"{heading!r} should appear once in {[h for h, _ in pairs]}"
    return found[0]


# ---------------------------------------------------------------- presets

def test_presets_in_display_order_and_known_to_the_engine():
    assert tuple(key for key, _, _ in rt.PRESETS) == ORDER
    assert set(ORDER) == set(PRESETS)
    for key, title, tagline in rt.PRESETS:
        assert title and tagline and "scrabble" not in (title + tagline).lower()


@pytest.mark.parametrize("key", ORDER)
def test_preset_values_mirror_the_engine(key):
    values = rt.preset_values(key)
    rules = PRESETS[key]
    for f in fields(Rules):
        if f.name == "preset":
            continue
        assert values[_SHORT[f.name]] == _format(getattr(rules, f.name)), f.name
    assert len(values) == len(fields(Rules)) - 1
    # the table read back through the engine's own parser is the preset itself
    text = ",".join([key] + [f"{short}={value}" for short, value in sorted(values.items())])
    assert Rules.from_string(text) == rules


@pytest.mark.parametrize("key", ORDER)
def test_every_preset_has_a_full_summary(key):
    pairs = rt.summary(key)
    headings = [h for h, _ in pairs]
    for heading in NEEDED_HEADINGS:
        assert heading in headings
    assert all(isinstance(text, str) and len(text) > 20 for _, text in pairs)
    assert "scrabble" not in json.dumps(pairs).lower()


@pytest.mark.parametrize("key", ORDER)
def test_summary_states_minimum_word_board_and_rack(key):
    rules = PRESETS[key]
    pairs = rt.summary(key)
    assert f"at least {rules.min_main} letters" in _section(pairs, "Minimum word")
    assert re.findall(r"at least (\d+) letters", _section(pairs, "Minimum word")) == [str(rules.min_main)]
    board = _section(pairs, "Board")
    size = 21 if rules.board == "extended21" else 15
    assert f"{size}x{size}" in board
    assert ("21x21" in board) == (size == 21)
    assert ("inner 15x15" in board) == (size == 21)
    assert f"Racks hold {rules.rack_size} tiles" in board
    assert f"at least {rules.rack_size} tiles in the bag" in _section(pairs, "Special moves")


@pytest.mark.parametrize("key", ORDER)
def test_summary_states_bonuses_moves_and_judgment(key):
    rules = PRESETS[key]
    pairs = rt.summary(key)
    scoring = _section(pairs, "Scoring and bonuses")
    for tiles, points in rules.big_play:
        assert re.search(rf"\b{tiles}\+? tiles (or more )?(at once: )?\+{points}\b", scoring)
    assert (f"word of {rules.stretch_min}+ letters" in scoring) == bool(rules.stretch_min)
    for _, points in rules.stretch_table:
        assert (f"+{points}" in scoring) or points == 0
    assert ("add up" in scoring) == (rules.premiums == "add")
    assert ("Small-word cap" in scoring) == rules.small_cap
    assert ("face up in a word of 6+ letters" in scoring) == rules.wild_jqxz
    moves = _section(pairs, "Special moves")
    assert ("Swap for the blank" in moves) == rules.blank_swap
    assert ("JQXZ wild" in moves) == rules.wild_jqxz
    assert (f"Pick off up to {rules.pick_off} tiles" in moves) == bool(rules.pick_off)
    assert ("Free trade" in moves) == rules.free_trades
    judgment = _section(pairs, "Judgment")
    expected = {"challenge": "Double challenge", "good": "Good words only", "retry": "Free retry"}
    assert judgment.startswith(expected[rules.judgment])
    assert ("check the large list" in judgment) == rules.large_check
    words = _section(pairs, "Word list")
    assert ("regular dictionary" in words) == (rules.lexicon == "main")
    assert ("72 respectable" in words) == (rules.two_letter == "72")
    assert ("derived forms" in words) == rules.derived_forms
    end = _section(pairs, "End of game")
    assert ("whole round of turns adds no tile" in end) == (rules.end == "cycle")
    extras = dict(pairs).get("House extras", "")
    assert ("every rack is shown" in extras) == rules.revealed_racks
    assert ("Blanks are shared out" in extras) == rules.split_blanks


def test_summary_of_a_custom_rules_string_follows_the_changes():
    pairs = rt.summary("iii,min=4,board=classic15,judge=retry,clock=1500,final=1")
    assert "at least 4 letters" in _section(pairs, "Minimum word")
    assert "21x21" not in _section(pairs, "Board")
    assert _section(pairs, "Judgment").startswith("Free retry")
    end = _section(pairs, "End of game")
    assert "25 minutes each" in end and "time's up" in end and "Swap final racks" in end
    with pytest.raises(ValueError):
        rt.summary("iii,nosuchknob=1")
    with pytest.raises(ValueError):
        rt.summary("v")


def test_changed_knobs_match_the_engines_rules_string():
    rules = Rules.from_string("ii,cap=0,min=4,big=7:50+8:80,clock=600,reveal=1")
    text = rules.to_string()
    shorts = [short for short, _ in rt.changed_knobs(text)]
    assert sorted(shorts) == sorted(p.partition("=")[0] for p in text.split(",")[1:])
    assert dict(rt.changed_knobs(text))["min"] == "Minimum main word: 4 letters"
    assert rt.changed_knobs("iii") == []


# ---------------------------------------------------------------- knobs

def test_knobs_are_exactly_the_rules_string_knobs_in_engine_order():
    engine_order = [_SHORT[f.name] for f in fields(Rules) if f.name != "preset"]
    assert [k[0] for k in rt.KNOBS] == engine_order
    for short, label, kind, choices, help_text in rt.KNOBS:
        assert kind in ("bool", "choice", "int", "minutes", "table", "words")
        assert label and help_text and isinstance(choices, tuple) and choices


def test_knob_kinds_and_choices_fit_the_engine_fields():
    long_name = {v: k for k, v in _SHORT.items()}
    for short, _, kind, choices, _ in rt.KNOBS:
        name = long_name[short]
        if kind == "bool":
            assert name in _BOOLS and choices == ("0", "1")
        elif kind == "table":
            assert name in _TABLES
        elif kind == "words":  # house words: lists of words joined by '+'
            assert name in ("house_add", "house_taboo") and choices[0] == "none"
        elif kind in ("int", "minutes"):  # minutes: the dialog's unit for a knob in seconds
            assert name in _INTS and len(choices) == 2 and choices[0] < choices[1]
        if name in _CHOICES:  # every engine choice is offered, nothing else
            assert kind == "choice" and tuple(choices) == _CHOICES[name]


@pytest.mark.parametrize("knob", rt.KNOBS, ids=lambda k: k[0])
def test_every_knob_choice_is_accepted_by_the_engine(knob):
    short, _, kind, choices, _ = knob
    name = {v: k for k, v in _SHORT.items()}[short]
    values = [str(v * 60 if kind == "minutes" else v) for v in choices]
    for value in values:
        rules = Rules.from_string(f"classic,{short}={value}")
        assert _format(getattr(rules, name)) == value
    if kind in ("int", "minutes"):  # the editor's range lies inside what the engine accepts
        scale = 60 if kind == "minutes" else 1
        low, high = choices[0] * scale, choices[1] * scale
        for value in (low, (low + high) // 2, high):
            assert getattr(Rules.from_string(f"classic,{short}={value}"), name) == value


def test_knob_value_text():
    assert rt.knob_value_text("min", 6) == "Minimum main word: 6 letters"
    assert rt.knob_value_text("min", "6") == "Minimum main word: 6 letters"
    assert rt.knob_value_text("cap", True) == rt.knob_value_text("cap", "1") == "Small-word point cap: on"
    assert rt.knob_value_text("board", "extended21").startswith("Board: 21x21")
    assert rt.knob_value_text("big", ((6, 20), (7, 50))) == "Big-play bonus: 6 tiles +20, 7 tiles +50"
    assert rt.knob_value_text("big", ()) == "Big-play bonus: none"
    assert rt.knob_value_text("stable", "1:0+2:30+6:100").endswith("6+ tiles +100")
    assert rt.knob_value_text("clock", 1500) == "Clock per player: 25 minutes"
    assert rt.knob_value_text("judge", "good") == "Word judgment: good words only"
    for short, label, _, choices, _ in rt.KNOBS:
        for value in choices:
            text = rt.knob_value_text(short, value)
            assert text.startswith(label + ": ") and len(text) > len(label) + 2
    with pytest.raises(ValueError):
        rt.knob_value_text("nosuchknob", 1)


# ---------------------------------------------------------------- house words

def test_formatives_and_house_words_in_the_summary():
    words = _section(rt.summary("o,add=logophile+pangram,taboo=sauter+zin"), "Word list")
    assert "Formatives are good too" in words and "NIGHTTIMES" in words
    assert "House words added: LOGOPHILE, PANGRAM." in words
    assert "House words forbidden: Sauter's list for on-line play" in words and "ZIN." in words
    assert "Formatives" not in _section(rt.summary("o,form=0"), "Word list")
    assert "House words" not in _section(rt.summary("o"), "Word list")
    many = "+".join("w" + "a" * i for i in range(1, 31))
    assert ", 18 more." in _section(rt.summary("o,add=" + many), "Word list")
    assert rt.knob_value_text("taboo", "sauter").startswith("Words you forbid: Sauter's list")
    assert rt.knob_value_text("add", ("LOGOPHILE",)) == "Words you add: LOGOPHILE"
    assert rt.house_words("Logophile, pangram;PANGRAM+zin\tqi") == ["logophile", "pangram", "zin", "qi"]
    assert rt.house_words("none") == [] and rt.house_words("  ") == []


def test_the_dialogs_sauter_list_is_the_engines():
    from engine.lexicon.house_words import MAX_LETTERS, MAX_WORDS, MIN_LETTERS, SAUTER_TABOO
    from ui.newgame import house
    assert house.SAUTER_WORDS == tuple(w.lower() for w in SAUTER_TABOO)
    assert (house.MAX_WORDS, house.MIN_LETTERS, house.MAX_LETTERS) == (MAX_WORDS, MIN_LETTERS, MAX_LETTERS)


def _dialog_fields(preset, add, taboo):
    """The New game dialog's fields as the page reads them: the preset's knobs, the lists typed."""
    fields = {"preset": preset, "knobs": "1"}
    for short, value in rt.preset_values(preset).items():
        if value != "0" or rt._knob(short)[2] != "bool":  # an unchecked box is left out
            fields["knob-" + short] = value
    fields.update({"knob-add": add, "knob-taboo": taboo})
    return fields


def _made_words(n):
    """n distinct words of letters: 'xaa xab ...'."""
    return " ".join("x" + chr(97 + i // 26) + chr(97 + i % 26) for i in range(n))


@pytest.mark.parametrize("add,taboo,problem", [
    ("logophile pangram", "sauter zin", None),
    (_made_words(200), "", None),
    (_made_words(201), "", "201 words"),
    ("x", "", "X has 1 letter"),
    ("a" * 22, "", "has 22 letters"),
    ("cafe caf\u00e9", "", "is not a word of letters A-Z"),
    ("don't", "", "is not a word of letters A-Z"),
    ("zin", "zin", "ZIN is both added and forbidden"),
    ("qi", "sauter", "QI is both added and forbidden"),
])
def test_the_dialogs_house_lists_are_refused_exactly_when_the_engine_refuses(add, taboo, problem):
    from engine.rules import RulesError
    from ui.newgame import dialog
    fields = _dialog_fields("o", add, taboo)
    engine_text = "o,add=%s,taboo=%s" % ("+".join(add.split()) or "none", "+".join(taboo.split()) or "none")
    if problem is None:
        rules = dialog.rules_of(fields)
        assert Rules.from_string(rules) == Rules.from_string(engine_text)
        assert "pv-bad" not in dialog.fields_summary_html(fields)
        return
    with pytest.raises(ValueError, match=re.escape(problem)):
        dialog.rules_of(fields)
    assert problem in dialog.fields_summary_html(fields).replace("&#x27;", "'")
    if engine_text.isascii():
        with pytest.raises(RulesError):
            Rules.from_string(engine_text)


def test_the_sauter_checkbox_puts_sauter_in_the_taboo_list():
    from ui.newgame import dialog
    fields = _dialog_fields("o", "Logophile", "zin")
    fields["knob-taboo-sauter"] = "1"
    rules = Rules.from_string(dialog.rules_of(fields))
    assert rules.house_add == ("LOGOPHILE",) and "QOPH" in rules.house_taboo and "ZIN" in rules.house_taboo
    counts = dict(dialog.words_counts(fields))
    assert counts["knob-add-count"] == "1 word of at most 200"
    assert counts["knob-taboo-count"] == "1 word of at most 200 + Sauter's list for on-line play"
    html = dialog.dialog_html("o")
    for needed in ('id="knob-add"', 'id="knob-taboo"', 'id="knob-taboo-sauter"', "0 words of at most 200"):
        assert needed in html


# ---------------------------------------------------------------- about

def test_about_credits_and_licences():
    about = dict(rt.ABOUT)
    text = " ".join(about.values())
    for needed in ("Donald Sauter", "O, I, II and III", "Richard", "SCOWL", "Kevin Atkinson",
                   "wordlists/SCOWL-COPYRIGHT", "ENABLE", "public domain",
                   "wordlists/ENABLE-NOTICE.md", "PyScript", "Pyodide", "MicroPython",
                   "not secret"):
        assert needed in text, needed
    for path in ("wordlists/SCOWL-COPYRIGHT", "wordlists/ENABLE-NOTICE.md"):
        assert (ROOT / path).is_file() and path in text
    # the rule book and How to play are pages the header links to, not files to look up
    assert "Rules link" in about["The rules"] and "How to play" in about["The rules"]
    assert "docs/rules.md" not in text
    assert (ROOT / "docs/rules.html").is_file() and (ROOT / "docs/how-to-play.html").is_file()
    assert len(rt.HOW_TO_PLAY) == 3 and all(len(line) < 120 for line in rt.HOW_TO_PLAY)
    assert "scrabble" not in " ".join(rt.HOW_TO_PLAY).lower()


@pytest.mark.parametrize("package,name", [("@pyscript/core", "PyScript"), ("pyodide", "Pyodide"),
                                          ("@micropython/micropython-webassembly-pyscript",
                                           "MicroPython")])
def test_about_names_the_installed_runtime_licences(package, name):
    manifest = ROOT / "node_modules" / package / "package.json"
    if not manifest.is_file():
        pytest.skip(f"{package} is not installed in node_modules")
    licence = json.loads(manifest.read_text())["license"]
    runtime = dict(rt.ABOUT)["Runtime"]
    assert re.search(rf"{name} \({re.escape(licence)}\)", runtime, re.I), (licence, runtime)


# ---------------------------------------------------------------- docs/rules.md

def _doc():
    return (ROOT / "docs" / "rules.md").read_text()


def test_doc_preset_table_matches_the_engine():
    rows = {}
    for line in _doc().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7:
            rows.setdefault(cells[0], cells[1:])
    assert "Donald Sauter" in _doc()
    for i, key in enumerate(ORDER):
        rules = PRESETS[key]
        assert rows["minimum main word"][i] == f"{rules.min_main} letters"
        assert rows["board"][i] == ("21x21" if rules.board == "extended21" else "15x15")
        assert rows["rack (and tiles in the bag to exchange)"][i] == str(rules.rack_size)
        assert rows["word squares"][i] == rules.premiums
        big = ", ".join(f"{n}: {p}" for n, p in rules.big_play)
        assert rows["big-play bonus (tiles: points)"][i] == big


def _empty(size, rack):
    return "/".join([str(size)] * size) + f" {rack}/ 0/0 0"


@pytest.mark.parametrize("number,rules,size,move,rack", [
    (1, "classic", 15, "8D ZEBRAS", "ZEBRASQ"),
    (2, "o", 15, "8D ZEBRAS", "ZEBRASQ"),
    (3, "ii", 21, "11G ZEBRAS", "ZEBRASQU"),
    (4, "iii", 21, "11G ZEBRAS", "ZEBRASQU"),
    (5, "ii", 21, "11D ABSOLUTE", "ABSOLUTE"),
])
def test_doc_worked_examples_are_the_engines_scores(number, rules, size, move, rack):
    section = _doc().split("## 10. Worked examples", 1)[1].split("\n## ", 1)[0]
    items = re.split(r"(?m)^(\d+)\. ", section)
    text = dict(zip(items[1::2], items[2::2]))[str(number)]
    score = api.score(rules, _empty(size, rack), move, _lexicon())["score"]
    assert re.findall(r"\*\*(\d+)\*\*", text)[-1] == str(score)


# ---------------------------------------------------------------- MicroPython

FINGERPRINT = '''
def fingerprint(t):
    out = []
    for key, title, tag in t.PRESETS:
        out.append([key, title, tag, t.summary(key), t.changed_knobs(key)])
    for k in t.KNOBS:
        lo_hi = k[3]
        if k[2] == "int":
            lo_hi = (lo_hi[0], (lo_hi[0] + lo_hi[1]) // 2, lo_hi[1])
        out.append([k[0], k[1], k[2], list(k[3]), k[4], [t.knob_value_text(k[0], v) for v in lo_hi]])
    out.append(t.summary("iii,cap=0,clock=1530,final=1,adjust=transfer,judge=challenge,end=scoreless"))
    out.append(t.summary("richard,lex=main,two=72,min=4,big=none,stretch=5,stable=1:0+2:30,rack=9"))
    out.append(t.changed_knobs("o,pick=2,wild=1,adjust=none,clockrule=overtime,clock=60"))
    out.append(t.summary("o,form=0,add=logophile+pangram,taboo=sauter+zin"))
    out.append(t.house_words("Logophile, pangram;PANGRAM+zin  none"))
    out.append([list(p) for p in t.ABOUT])
    out.append(list(t.HOW_TO_PLAY))
    return out
'''

NODE_RUNNER = '''
import { readFileSync } from "fs";
import { pathToFileURL } from "url";
const [mjs, module, code] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(mjs).href);
let out = "";
const mp = await loadMicroPython({ stdout: (t) => { out += t; }, linebuffer: true });
mp.FS.writeFile("/rules_text.py", readFileSync(module, "utf8"));
try {
  mp.runPython(code);
} catch (error) {
  process.stderr.write(String(error.message || error));
  process.exit(1);
}
process.stdout.write(out);
'''


def _micropython_mjs():
    override = os.environ.get("MICROPYTHON_MJS")
    if override:
        return Path(override)
    if not (ROOT / "node_modules" / "@micropython").is_dir():
        pytest.skip("node_modules/@micropython is absent: no MicroPython runner")
    return ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"


def test_module_behaves_the_same_under_micropython(tmp_path):
    mjs = _micropython_mjs()
    node = shutil.which("node")
    assert node, "node is needed to run MicroPython"
    runner = tmp_path / "run.mjs"
    runner.write_text(NODE_RUNNER)
    code = ("import sys\nsys.path.append('/')\nimport json\nimport rules_text\n" + FINGERPRINT
            + "print('FP' + json.dumps(fingerprint(rules_text)))\n")
    done = subprocess.run([node, str(runner), str(mjs), str(ROOT / "ui" / "newgame" / "rules_text.py"), code],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    line = [ln for ln in done.stdout.splitlines() if ln.startswith("FP")][-1]
    under_micropython = json.loads(line[2:])
    namespace = {}
    exec(FINGERPRINT, namespace)
    under_cpython = json.loads(json.dumps(namespace["fingerprint"](rt)))
    assert under_micropython == under_cpython


def test_module_uses_only_the_micropython_subset():
    """No imports at all (the UI thread cannot import the engine, and MicroPython
    lacks dataclasses, typing, enum), and none of the str methods it lacks."""
    source = (ROOT / "ui" / "newgame" / "rules_text.py").read_text()
    tree = ast.parse(source)
    imports = [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert imports == []
    for missing in ("fullmatch", "format_map", ".title(", ".casefold(", ".zfill(", "sort_keys"):
        assert missing not in source, missing
