"""The browser UI: the only code that touches the DOM (engine/ never imports it)."""
