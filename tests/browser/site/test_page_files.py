"""The page's MicroPython file system with ui/kit.js's cheap "not found" errors: each
failed look-up (every import looks in several places; every file written looks for
itself first) no longer captures a stack or reads C's strerror, and still means the same
to Emscripten's code and to Python: the same name, errno, code and message, an Error.
(44 is Emscripten's ENOENT; MicroPython's own errno module says 2, with or without.)"""

from __future__ import annotations

import browserkit as kit

# The page's MicroPython, from PyScript's own hook (registered before PyScript starts).
GRAB = """
import(new URL("vendor/pyscript/core.js", location.href).href).then(({ hooks }) =>
  hooks.main.onReady.add((wrap) => { window.__mpy = wrap.interpreter; }));
"""


def test_a_file_not_found_is_still_that_to_emscripten_and_to_python(browser, site_url):
    with kit.own_page(browser, lambda c: c.add_init_script(GRAB), viewport=(360, 640)) as (page, errors):
        page.goto(site_url + "index.html")
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=60_000)
        got = page.evaluate("""() => {
          const FS = window.__mpy.FS;
          let error = null;
          try { FS.stat("/no/such/file"); } catch (e) { error = e; }
          return { cheap: FS.ErrnoError.wlcCheap === true, name: error.name, errno: error.errno, code: error.code,
                   message: error.message, isError: error instanceof Error, stack: "stack" in error && !!error.stack };
        }""")
        assert got == {"cheap": True, "name": "ErrnoError", "errno": 44, "code": "ENOENT",
                       "message": "No such file or directory", "isError": True, "stack": False}
        # What Python makes of it, with the cheap errors and with Emscripten's own: the same.
        seen = page.evaluate("""() => {
          const run = () => { window.__mpy.runPython([
            "out = []",
            "try:", "    open('/no/such/file')", "except OSError as e:", "    out.append(repr(e))",
            "try:", "    import no_such_module", "except ImportError as e:", "    out.append(repr(e))",
            "import ui.state", "out.append(ui.state.__name__)",
            "wlc_out = repr(out)"].join("\\n")); return window.__mpy.globals.get("wlc_out"); };
          const FS = window.__mpy.FS, cheap = FS.ErrnoError;
          const withCheap = run();
          FS.ErrnoError = Object.getPrototypeOf(cheap.prototype).constructor;   // Emscripten's
          try { return [withCheap, run()]; } finally { FS.ErrnoError = cheap; }
        }""")
        assert seen[0] == seen[1]
        assert seen[0] == """['OSError(44,)', 'ImportError("no module named \\'no_such_module\\'",)', 'ui.state']"""
        assert errors == []
