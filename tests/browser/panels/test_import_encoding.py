"""A record file chosen in Import is read as bytes and decoded as the engine decodes it:
its ``#character-encoding`` line is obeyed."""

from __future__ import annotations

from pathlib import Path

import pytest

import browserkit as kit

T = kit.TIMEOUT_MS
DATA = Path(__file__).resolve().parents[2] / "data" / "gcg"


@pytest.fixture()
def page(own_booted):
    yield own_booted.page
    assert own_booted.page_errors == [] and own_booted.console_of("error") == []


def test_a_latin1_record_file_keeps_its_accents(page):
    kit.load(page, None)
    page.get_by_role("button", name="Import", exact=True).click()
    page.locator("#import-file").set_input_files(str(DATA / "isc_stalled.gcg"))   # chosen: it opens
    page.wait_for_function("() => document.getElementById('sharebox').textContent.includes('opened')",
                           timeout=T)
    text = page.inner_text("#scores")
    assert "Renée Côté" in text and "\ufffd" not in text
