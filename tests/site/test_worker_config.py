"""ui/kit.js gives the pages' workers pyscript.toml's settings inline (PyScript would fetch
and parse the file on the page, then again in the worker, before the engine's worker
fetches anything of Pyodide): the two must stay the same."""

import json
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def inline_config() -> dict:
    text = (ROOT / "ui" / "kit.js").read_text(encoding="utf-8")
    found = re.search(r"const WORKER_CONFIG = (\{.*?\});\n", text)
    assert found, "ui/kit.js lacks WORKER_CONFIG"
    return json.loads(found.group(1))


def test_kit_gives_the_workers_pyscript_toml_as_it_is():
    with open(ROOT / "pyscript.toml", "rb") as f:
        config = tomllib.load(f)
    config.pop("name", None)   # shown nowhere
    assert inline_config() == config


def test_every_page_names_pyscript_toml_for_its_worker():
    """The pages keep pyscript.toml in their tags (a page without kit.js still starts, and
    the build collects the files it names); kit.js swaps in the same settings."""
    for page in ("index.html", "club.html", "table.html"):
        html = (ROOT / page).read_text(encoding="utf-8")
        tags = re.findall(r'<script type="py" worker[^>]*>', html)
        assert len(tags) == 1 and 'config="./pyscript.toml"' in tags[0], page
        assert html.index('src="./ui/kit.js"') < html.index('src="./vendor/pyscript/core.js"'), page
