"""Inputs for the fuzz of issue 41 (test_hardening_fuzz.py): for each argument of a
page worker's function, chosen by its name, valid values (made by the workers
themselves, so mutations reach deep), the same mutated (test_parsers_fuzzed.mutate),
and hostile values a page could send by mistake (numbers where text belongs,
infinity, 10**5000, deep nesting, a megabyte, lone surrogates)."""

from __future__ import annotations

import json
import random

from test_parsers_fuzzed import CGPS, GCGS, MOVES, PLACEMENTS, RULES, SPECS, VIEWS, mutate

HUGE_INT = 10 ** 5000
HOSTILE = [HUGE_INT, -HUGE_INT, float("inf"), float("-inf"), float("nan"), None, True, 1.5, -1, 0, 2 ** 63,
           "", " ", "[" * 5000, "{" * 3000, '{"a": ' * 2000, "\ud800", "\x00", "9" * 5000, "x" * 1_000_000,
           "[]", "{}", "null", "[1]", '"text"', "-1e999", [1, 2], {"a": 1}]
# A time budget: hostile or small, never 0 (no bound: an exact search is the caller's wish, not a fuzz's)
BUDGET_HOSTILE = [-1, 10 ** 12, HUGE_INT, float("inf"), float("nan"), "x", None, 1.5, ""]
NUMBERS = [-2, -1, 0, 1, 2, 3, 5, 7, 20, 100, 10 ** 9]
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "", "ann ", "Zoë 😀", "x" * 40]


def pools(game, table, club) -> dict:
    """Valid values by argument name, made by the three workers."""
    links = [game.link_for(json.dumps(s)) for s in SPECS]
    gcgs = list(GCGS)
    for spec in SPECS[:3]:
        game.open_game(json.dumps(spec))
        gcgs.append(json.loads(game.export_gcg())["gcg"])
    reviews = []
    game.open_game(json.dumps(SPECS[0]))
    game.review_plan("")
    for turn in range(2):
        reviews.append(json.loads(game.review_turn(turn, 50)))
    states = []
    for rules, names in (("classic", ["Ann", "Bob"]), ("o", ["Ann", "Bob", "Cy"])):
        view = json.loads(table.table_new(json.dumps({"rules": rules, "names": names})))
        for action in ("8D ZEBRAS", "challenge", "H4 zEBRA", "-", None):
            states.append({"rules": view["rules"], "names": [s["name"] for s in view["seats"]],
                           "actions": view["actions"]})
            if action is not None:   # an entry refused under these rules leaves the state as it was
                view = {**view, **json.loads(table.table_act(json.dumps(states[-1]), action))}
    table_links = [json.loads(table.table_record(json.dumps(s))).get("link", "") for s in states]
    spec = {"name": "Friday", "rules": "classic", "players": ["Ann", "Bob", "Cy", "Di", "Ed"], "rounds": 3}
    tours = [json.loads(club.tournament_new(json.dumps(spec)))["tournament"]]
    paired = json.loads(club.tournament_pair_round(json.dumps(tours[0])))
    if "tournament" in paired:
        tours.append(paired["tournament"])
    tour_texts = [json.dumps(t) for t in tours]
    tour_links = [json.loads(club.tournament_link(t)).get("link", "") for t in tour_texts]
    tsh = [json.loads(club.tournament_tsh(t)).get("tsh", "") for t in tour_texts]
    game_specs = [json.dumps(s) for s in SPECS]
    return {
        "rules": RULES, "spec": game_specs, "spec_text": game_specs,
        "spec_json": [json.dumps({"rules": "classic", "names": ["Ann", "Bob"]}),
                      json.dumps({"rules": "o", "seats": [{"name": "A"}, {"name": "B"}]})],
        "text": gcgs + CGPS + tsh, "fragment": links + table_links + tour_links,
        "link": links + table_links, "placement": PLACEMENTS, "placement_json": PLACEMENTS,
        "move": MOVES, "move_text": MOVES, "action_text": MOVES + ["-", "-3", "challenge", "check", "timeout",
                                                                    "end AB/CD"],
        "view": VIEWS, "source": [""] + game_specs + gcgs, "seats": ["", "[0]", "[0, 1]"],
        "ranking": ["score", "equity"], "results": [json.dumps(reviews), "[]"],
        "request": ['["cat"]', '["ran", "geese"]', '{"words": ["qi"], "rules": "o"}'],
        "url": ["./wordlists/meanings.bin"], "state_json": [json.dumps(s) for s in states],
        "racks": ["AB/CD", '["AB", "CD"]', "/"], "t": tour_texts, "name": NAMES, "first": NAMES,
        "second": NAMES, "absent": NAMES, "typed": [json.dumps({"round": 1, "first": "Ann", "second": "Bob",
                                                               "scores": [400, 350]})],
        "games_text": ["[]", json.dumps([{"id": "1", "date": "2026-01-01", "spec": SPECS[0]}])],
        "encoding": ["latin-1", "utf-8"], "fp": ["abc"], "data": [""],
    }


INT_ARGS = {"elapsed_ms", "n", "top", "turn", "k", "viewer", "seat", "round", "replace"}


def value(rng: random.Random, name: str, pool: dict):
    """One argument named ``name``: valid 40%, mutated 35%, hostile 25%."""
    r = rng.random()
    if name == "budget_ms":
        return rng.choice([1, 5, 20, 50]) if r < 0.7 else rng.choice(BUDGET_HOSTILE)
    if name in INT_ARGS:
        return rng.choice(NUMBERS) if r < 0.7 else rng.choice(HOSTILE)
    valid = pool.get(name) or NAMES
    if r < 0.40:
        return rng.choice(valid)
    if r < 0.75:
        base = rng.choice(valid)
        return mutate(rng, base if isinstance(base, str) else json.dumps(base))
    return rng.choice(HOSTILE)
