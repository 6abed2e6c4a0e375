"""How to play lists every command key of play by ear (ui/ear/commands.KEYS)."""

from pathlib import Path

from ui.ear import commands

ROOT = Path(__file__).resolve().parents[2]


def test_how_to_play_lists_every_command_key():
    text = (ROOT / "docs" / "how-to-play.md").read_text()
    section = text.split("## Playing by ear", 1)[1].split("\n## ", 1)[0]
    for key, _ in commands.KEYS:
        assert "**/ " + key + "**" in section, key
    assert "**8D**" in section and "**Space**" in section
