"""What the page says after a turn reads as English for the seat named "You" (never
"You's" or "You loses") and names what a judgment was about; a rack that went out is
"went out", never "()"."""

from __future__ import annotations

import json
from pathlib import Path

from engine import session

ROOT = Path(__file__).resolve().parents[2]


def _open(seats, rules="classic", seed="msg-1"):
    session.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())
    snap = json.loads(session.open(json.dumps({"rules": rules, "seed": seed, "actions": [],
                                               "seats": [{"name": n, "kind": "human"} for n in seats]})))
    return snap


def test_a_lost_challenge_names_the_good_words_and_reads_for_you():
    snap = _open(["Bob", "You"])
    if snap["to_move"] != 0:
        session.act("-")
    best = json.loads(session.hint(1, 2000))["moves"][0]
    session.act(best["move"])
    after = json.loads(session.act("challenge"))
    msg = after["message"]
    assert msg.startswith("Challenge failed: ") and "you lose the next turn" in msg
    assert ", ".join(best["words"]) in msg and "You's" not in msg and "You loses" not in msg


def test_going_out_reads_went_out_not_brackets():
    from engine.actionlog import Turn
    from engine.records.snapshot import message

    class G:
        names = ["You", "Computer"]
        turns = []
        over = False
        end_reason = ""

    text = message(G, [Turn(0, "end", "()", 4, ""), Turn(1, "end", "(QI)", -11, "QI")])
    assert "()" not in text and "You went out: +4" in text and "Computer: tiles left QI, -11." in text


def test_special_moves_read_in_words_not_notation():
    """Issue 36: "Bob picked off N and T and played MUTATIONAL for 82", never "pick K11; 11G MUTATIoNAL"."""
    session.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    json.loads(session.open(json.dumps({"rules": "iii", "seed": "walk7", "seats": seats})))
    assert json.loads(session.act("11G MUTANT"))["message"] == "Ann played MUTANT for 42."
    assert json.loads(session.act("pick K11; 11G MUTATIoNAL"))["message"] == \
        "Bob picked off N and T and played MUTATIONAL for 82."
