"""A hostile word list in real Chromium: 4 MB of random 40-letter words (28 s and
1.1 GB to build before the engine bounded the work) is refused in the page with the
engine's message, nothing is kept, and the same engine then loads a real list. The
time the page took to refuse it is printed (-s)."""

from __future__ import annotations

import time

import browserkit as kit
import test_own_word_list_page as own_page
from engine.lexicon import MAX_BEGINNINGS
from test_hostile_lists import random_words


def test_a_list_too_large_to_use_is_refused_and_the_engine_plays_on(browser, site_url):
    data = random_words(40, 4_000_000 // 41)
    with kit.own_page(browser) as (page, errors):
        own_page._boot(page, site_url + "index.html")
        own_page._open_new_game(page)
        t0 = time.perf_counter()
        said = own_page._load_file(page, "random40.txt", data)
        print(f"\n4 MB of random 40-letter words refused by the page in {time.perf_counter() - t0:.1f} s")
        assert said.startswith("This file cannot be a word list: 'random40.txt' is too large to use: "
                               "its words begin in 3,"), said
        assert said.endswith(f"different ways (at most {MAX_BEGINNINGS:,}; a list of every English "
                             "word has about 1,100,000)"), said
        assert page.locator("#ng-wordlist option").count() == 1       # nothing kept
        assert page.evaluate("localStorage.getItem('wlc.wordlists')") is None
        # the engine is not left busy or broken: a real list loads next
        assert own_page._load_file(page, "small.txt", b"qi\nza\ncat\n").startswith("Loaded 'small.txt': 3 words")
        assert errors == []
