"""bench/fairdeal.py in Chromium at a phone's size with its CPU throttled (4x by
default, bench/load.py's stand-in for a slow phone), Pyodide from node_modules:
what a phone would take for the fair deal's setup and draws.

    .venv/bin/python bench/fairdeal_phone.py                  # 4x, 20 draws, both groups
    .venv/bin/python bench/fairdeal_phone.py --throttle 6 --groups p256

The engine's *.py and bench/fairdeal.py are fetched into Pyodide's file system in
the repository's layout, and bench/fairdeal.py's main runs there; its lines are
printed as the page logs them.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import webtool  # noqa: E402

PAGE = "<!doctype html><meta charset=utf-8><title>fair deal</title><script src='node_modules/pyodide/pyodide.js'></script>"

LOAD = """async (files) => {
  const py = await loadPyodide({ indexURL: new URL("node_modules/pyodide/", location.href).href });
  for (const f of files) {
    py.FS.mkdirTree("/r/" + f.split("/").slice(0, -1).join("/"));
    py.FS.writeFile("/r/" + f, await (await fetch(f)).text());
  }
  py.setStdout({ batched: (line) => console.log(line) });
  window.py = py;
  return py.version;
}"""

RUN = """(argv) => { window.py.globals.set("bench_args", window.py.toPy(argv));
  window.py.runPython("import sys; sys.path[:0] = ['/r', '/r/bench']; import fairdeal; fairdeal.main(list(bench_args))"); }"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--throttle", type=float, default=4)
    ap.add_argument("--draws", type=int, default=20)
    ap.add_argument("--groups", default="modp2048,p256")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server = webtool.make_server(ROOT, rebuild=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "engine").rglob("*.py")
                   if "__pycache__" not in p.parts) + ["bench/fairdeal.py"]
    print(f"load average {os.getloadavg()[0]:.2f}; Chromium at 360x640, CPU throttled {args.throttle:g}x")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=webtool.find_chromium(p.chromium.executable_path),
                                    args=["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 360, "height": 640})
        page.route(base + "fairdeal.html", lambda route: route.fulfill(body=PAGE, content_type="text/html"))
        page.on("console", lambda msg: print(msg.text, flush=True))
        page.goto(base + "fairdeal.html")
        print("Pyodide", page.evaluate(LOAD, files))
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
        page.set_default_timeout(1_200_000)
        page.evaluate(RUN, ["--draws", str(args.draws), "--groups", args.groups])
        browser.close()
    server.shutdown()
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
