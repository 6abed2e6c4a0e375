"""scripts/ui_bundle.py: the UI's import graph that ui/boot/steps.py follows."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import ui_bundle  # noqa: E402


def test_the_graph_holds_each_modules_own_imports_as_it_runs(tmp_path):
    files = {
        "ui/__init__.py": "",
        "ui/a/__init__.py": "from . import b\n",
        "ui/a/b.py": "import json\nfrom ui import c\ntry:\n    from ui.d import thing\nexcept ImportError:\n    pass\n",
        "ui/c.py": "def later():\n    from ui import a  # inside a function: not at import\n",
        "ui/d.py": "from .c import later\nif True:\n    import ui.a.b\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    graph = json.loads(ui_bundle.import_graph(tmp_path, sorted(tmp_path.rglob("*.py"))))
    assert graph == {"ui": [], "ui.a": ["ui", "ui.a.b"], "ui.a.b": ["ui", "ui.a", "ui.c", "ui.d"],
                     "ui.c": ["ui"], "ui.d": ["ui", "ui.a.b", "ui.c"]}
