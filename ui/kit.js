// The pages' shared JavaScript: index.html, club.html and table.html each load this file
// with a classic <script defer> in their head, before PyScript's core.js (a deferred
// script runs before the module scripts after it, so all of this is in place before
// PyScript starts anything). The pages' Python half is ui/boot/kit.py.
//
// JavaScript only where Python cannot do it as well: storage that can fail, the wall
// clock as text, one DOM patch a frame, and an in-memory IndexedDB for the engine's
// worker where the browser refuses storage.
"use strict";
(() => {
  // Storage that can fail (full, private mode, blocked): a JS exception does not cross
  // into MicroPython as a Python one, so these catch it and return it as text
  // (ui/store.PageStorage, the UI's only way to localStorage): "\u0001" + the error's
  // name from wlcGet, a message from wlcSet and wlcDel ("" when all went well).
  const wlcWhy = (e) => String(e && e.name || e) + ": " + String(e && e.message || "");
  window.wlcGet = (k) => { try { return localStorage.getItem(k) || ""; } catch (e) { return "\u0001" + wlcWhy(e); } };
  window.wlcSet = (k, v) => { try { localStorage.setItem(k, v); return ""; } catch (e) { return wlcWhy(e); } };
  window.wlcDel = (k) => { try { localStorage.removeItem(k); return ""; } catch (e) { return wlcWhy(e); } };

  // A new task for the page's Python to wait for (ui/boot/steps.py): the browser paints
  // and answers taps in between.
  window.wlcYield = () => new Promise((resolve) => setTimeout(resolve, 0));

  // The wall clock as text: a number this large does not cross into MicroPython intact.
  window.wlcNow = () => String(Date.now());

  // ui/render.py and ui/table/draw.py send each frame's DOM changes as ONE JSON text (one
  // crossing of the MicroPython/JS bridge per frame instead of one per attribute).
  // Patch: [id, {attr: value|null}, html|null, text|null] (id "html" is <html>, whose
  // data-theme is the page's one theme switch, "body" is <body>); ["!focus", {}, null, id]
  // moves keyboard focus.
  window.wlcPatch = (text) => {
    for (const [id, attrs, html, txt] of JSON.parse(text)) {
      if (id === "!focus") { const f = document.getElementById(txt); if (f) f.focus(); continue; }
      const el = id === "body" ? document.body : id === "html" ? document.documentElement : document.getElementById(id);
      if (!el) continue;
      for (const name in attrs) {
        const v = attrs[name];
        if (v === null) el.removeAttribute(name); else el.setAttribute(name, v);
      }
      if (html !== null) el.innerHTML = html;
      if (txt !== null) el.textContent = txt;
    }
  };

  // The workers' PyScript configuration inline: pyscript.toml's own settings (a test keeps
  // the two the same). Given as a file, PyScript fetches and parses it before it makes the
  // worker, behind MicroPython's start on the page, then again in the worker before the
  // worker fetches anything of Pyodide; given inline, the engine's worker is made ~40 ms
  // sooner and goes straight to Pyodide (bench/README.md). A page without this file still
  // starts from pyscript.toml. (Its paths are relative to the page, as the file is beside
  // the pages.)
  const WORKER_CONFIG = {"interpreter": "./vendor/pyodide/start.mjs", "files": {"./wordlists/lexicon.bin": "./lexicon.bin"}};
  for (const script of document.querySelectorAll('script[type="py"][worker][config="./pyscript.toml"]')) {
    script.setAttribute("config", JSON.stringify(WORKER_CONFIG));
  }

  // The engine starts without storage. PyScript's Pyodide start (polyscript, "Loading
  // Storage") always opens an IndexedDB package cache, which these pages never use
  // (pyscript.toml installs no packages); where IndexedDB is refused (a frame on another
  // site, a sandboxed frame) that fails with an Event the worker cannot post to the page
  // (DataCloneError) and the engine never starts. PyScript builds its worker from a
  // JavaScript Blob, so every such worker script begins with memoryDB: an in-memory
  // indexedDB, just enough for that cache. Where storage is refused, the page's IndexedDB
  // opens in memory too (PyScript's file-system helper opens one as it loads, and its
  // failure would be thrown on the page); the pages' saving goes through wlcSet above,
  // which says when it cannot.
  function memoryDB(scope) {
    const dbs = new Map();
    const done = (result) => {
      const req = { result, error: null };
      queueMicrotask(() => req.onsuccess && req.onsuccess({ type: "success", target: req }));
      return req;
    };
    const open = (name) => {
      if (!dbs.has(name)) dbs.set(name, new Map());
      const m = dbs.get(name);
      const store = {
        count: () => done(m.size), clear: () => done(m.clear()), delete: (k) => done(void m.delete(k)),
        get: (k) => done(m.get(k)), getKey: (k) => done(m.has(k) ? k : undefined),
        getAllKeys: () => done([...m.keys()]), put: (v, k) => done((m.set(k, v), k)),
      };
      return done({ objectStoreNames: { length: 1 }, createObjectStore() {}, close() {},
                    transaction: () => ({ objectStore: () => store }) });
    };
    Object.defineProperty(scope, "indexedDB", { value: { open }, configurable: true });
  }
  const prelude = "typeof WorkerGlobalScope !== 'undefined' && (" + memoryDB + ")(self);\n";
  const createObjectURL = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (obj) => createObjectURL(
    obj instanceof Blob && obj.type === "text/javascript" ? new Blob([prelude, obj], { type: obj.type }) : obj);
  // Any key tells (here none): where storage is refused, reaching localStorage at all throws.
  if (wlcGet("").startsWith("\u0001") && window.IDBFactory) {   // the page's own IndexedDB object stays
    const memory = {};
    memoryDB(memory);
    IDBFactory.prototype.open = memory.indexedDB.open;
  }

  // The UI's files (vendor/ui.tgz: ui/ as MicroPython bytecode, scripts/webtool.py) go into
  // MicroPython's file system from here, not from mpy.toml's [files]: PyScript has
  // MicroPython unpack a .tgz with its own tarfile and gzip in Python, one task of
  // 0.2-1.9 s on a phone's main thread (bench/load.py --main-thread), where the browser
  // inflates it off the main thread and JavaScript reads the tar in a few ms. The
  // download starts now (index.html also preloads it); the pages' <script type="mpy"
  // async> awaits onBeforeRunAsync, so their main.py runs once the files are written.
  const UI_ARCHIVE = new URL("../vendor/ui.tgz", document.currentScript.src).href;
  const untar = (buf) => {   // USTAR: a 512-byte header, then the body padded to 512
    const bytes = new Uint8Array(buf), text = new TextDecoder(), files = [];
    const field = (at, len) => text.decode(bytes.subarray(at, at + len)).replace(/\0[\s\S]*$/, "");
    for (let at = 0; at + 512 <= bytes.length && bytes[at]; ) {
      const size = parseInt(field(at + 124, 12).trim() || "0", 8);
      const prefix = field(at + 345, 155), name = field(at, 100);
      const kind = String.fromCharCode(bytes[at + 156] || 48);
      if (kind === "0" || kind === "5") files.push([(prefix ? prefix + "/" : "") + name, kind === "5" ? null : bytes.slice(at + 512, at + 512 + size)]);
      at += 512 + Math.ceil(size / 512) * 512;
    }
    return files;
  };
  const uiFiles = (async () => {
    if (typeof DecompressionStream === "undefined") throw new Error("This browser is too old to run the game (it cannot unpack its files).");
    const response = await fetch(UI_ARCHIVE, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`The game could not load its files (vendor/ui.tgz: ${response.status}).`);
    const body = new Uint8Array(await response.arrayBuffer());
    if (body[0] !== 0x1f || body[1] !== 0x8b) return untar(body.buffer);   // a host that sent it gunzipped (Content-Encoding: gzip)
    return untar(await new Response(new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  })();
  uiFiles.catch(() => {});   // told below, when the page's Python would start
  // With its package imported, PyScript's code before the page's (written out in its
  // core: the package's 14 sources as Python string literals, written to files, then
  // "import pyscript") is taken out of the code it runs: compiling it alone held the main
  // thread ~150 ms on a phone. Exactly that text or nothing: another PyScript's runs as is.
  // The engine workers do the same (below): there the package is imported from the
  // engine's zip, which holds its bytecode, when code first imports it (none of ours does).
  const SLOW_STDLIB = ["base64", "asyncio"];
  const SOURCES_FROM = "import os as _os\nfrom pathlib import Path as _Path\n_path = None\n";
  const SOURCES_TO = "import pyscript as _pyscript\ndel _Path\ndel _path\ndel _os\ndel _pyscript\n";
  // The next code run by one of ``methods`` goes without it. Self-contained: the workers
  // run it from its source text (PyScript sends a worker its hooks as text).
  function skipSources(interpreter, methods, from, to) {
    const saved = methods.map((name) => interpreter[name]);
    methods.forEach((name, i) => {
      interpreter[name] = function (code, ...rest) {
        methods.forEach((other, j) => { interpreter[other] = saved[j]; });
        const at = typeof code === "string" ? code.indexOf(from) : -1;
        const end = at < 0 ? -1 : code.indexOf(to, at);
        if (end > at) code = code.slice(0, at) + code.slice(end + to.length);
        globalThis.wlcSkippedSources = end > at;
        // Nothing else in it (the workers' case): not run at all. An empty text does nothing,
        // but Pyodide still takes ~20 ms of the engine's start to compile and schedule it.
        globalThis.wlcSkippedRun = end > at && !code.trim();
        if (globalThis.wlcSkippedRun) return name === "runPythonAsync" ? Promise.resolve(undefined) : undefined;
        return saved[i].call(this, code, ...rest);
      };
    });
  }
  // The workers' hook: Pyodide's only (MicroPython has no importlib.util: the check throws),
  // and only where the package can be imported without the sources (the engine's zip is on
  // sys.path), checked before they are written: start.mjs says whether the zip it put first
  // on sys.path holds it (wlcZipHasPyscript), else Python's import system is asked (through
  // Python's objects: Pyodide would parse and compile a source). ~0.3-0.5 s of the engine's start.
  // It also leaves PyScript's xworker (which it is handed) where start.mjs hands the page the
  // script's exports through it (its "from polyscript import xworker" was ~4 ms of the start).
  const workerSkip = Function("wrap", "xworker", `try {
    if (xworker && typeof xworker === "object" && xworker.sync) globalThis.wlcXworker = xworker;
    let found = globalThis.wlcZipHasPyscript === true;
    if (!found) {
      const util = wrap.interpreter.pyimport("importlib.util"), spec = util.find_spec("pyscript");
      util.destroy();
      found = !!spec;
      if (spec) spec.destroy();
    }
    if (found) (${skipSources})(wrap.interpreter, ["runPython", "runPythonAsync"], ${JSON.stringify(SOURCES_FROM)}, ${JSON.stringify(SOURCES_TO)});
  } catch (e) { /* not Pyodide: its code runs as is */ }`);
  // MicroPython's file system throws an error for every path it looks for and does not find:
  // each import looks in several places, each file written looks for itself first (~560
  // before the board is drawn). Emscripten's error is an Error (a stack captured) with its
  // message read from C's strerror at once: ~10 ms of the page's main thread, ~40 on a
  // phone. Its code tells the error by its name and errno alone (every catch in the file
  // system tests `e.name`): those two are set; the rest (an Error still, its message and
  // code) is made only if asked for.
  function cheapErrors(FS) {
    const Full = FS.ErrnoError;
    if (typeof Full !== "function" || Full.wlcCheap) return;
    function ErrnoError(errno) { this.errno = errno; }
    const full = (e) => new Full(e.errno);
    ErrnoError.prototype = Object.create(Full.prototype, {
      constructor: { value: ErrnoError, writable: true, configurable: true },
      name: { value: "ErrnoError", writable: true, configurable: true },
      message: { get() { return full(this).message; }, configurable: true },
      code: { get() { return full(this).code; }, configurable: true },
    });
    ErrnoError.wlcCheap = true;
    FS.ErrnoError = ErrnoError;
  }
  // (Not in a frame sandboxed without allow-same-origin: index.html does not start PyScript
  // there. A core.js that fails to load is told by its own <script> tag's error.)
  if (self.origin !== "null") import(new URL("../vendor/pyscript/core.js", document.currentScript.src).href).then(({ hooks }) => {
    hooks.worker.onReady.add(workerSkip);
    hooks.main.onBeforeRunAsync.add(async (wrap) => {
      let files;
      try { files = await uiFiles; } catch (e) { tell(e.message); throw e; }
      const FS = wrap.interpreter.FS, home = FS.cwd().replace(/\/$/, "");
      cheapErrors(FS);
      for (const [name, data] of files) {
        const path = home + "/" + name;
        if (data === null) { try { FS.mkdir(path); } catch (e) { /* there already */ } }
        else FS.writeFile(path, data, { canOwn: true });
      }
      // PyScript's own package from its bytecode (scripts/ui_bundle.py), each step a task
      // of its own: PyScript then writes its sources, but imports nothing more. First the
      // standard modules that take longest to import, each alone (base64, which PyScript's
      // display imports: 13 ms in Node, ~50 ms on a phone; asyncio, 4 ms), so that the
      // package's own import is a shorter task.
      const task = () => new Promise((resolve) => setTimeout(resolve, 0));
      await task();
      for (const name of SLOW_STDLIB) {
        try { wrap.interpreter.runPython("import " + name); } catch (e) { /* another MicroPython's: imported below if at all */ }
        await task();
      }
      if (files.some(([name]) => name === "ui/_pyscript/pyscript/__init__.mpy")) {
        try {
          wrap.interpreter.runPython([
            "import sys", `sys.path.insert(0, ${JSON.stringify(home + "/ui/_pyscript")})`,
            "try:", "    import pyscript",
            "except Exception:", "    for k in [k for k in sys.modules if k.split('.')[0] == 'pyscript']: del sys.modules[k]",
            "    raise", "finally:", "    sys.path.pop(0)"].join("\n"));
          skipSources(wrap.interpreter, ["runPythonAsync"], SOURCES_FROM, SOURCES_TO);
        } catch (e) { console.warn("PyScript's package imported from its sources:", e); }
        await task();
      }
    });
  }, () => {});

  // A host that sends a file with the wrong type (a module script must come as JavaScript,
  // WebAssembly as application/wasm; nginx's own list has no .mjs): the browser refuses
  // the file, PyScript never starts and the page would say "Loading the game..." for
  // ever. On a refused import or script, a failed start, or a page with nothing drawn
  // after 15 s, the runtime's files are asked for their type (HEAD), and a wrong one is
  // named on the page, with what it must be.
  const WANTED = [[/\.m?js$/, /^(text|application)\/(x-)?javascript\b/i, "text/javascript"],
                  [/\.wasm$/, /^application\/wasm\b/i, "application/wasm"]];
  const RUNTIME = ["vendor/pyscript/core.js", "vendor/micropython/micropython.mjs", "vendor/micropython/micropython.wasm",
                   "vendor/pyodide/start.mjs", "vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.mjs",
                   "vendor/pyodide/pyodide.asm.wasm", "ui/kit.js"];
  let told = false;
  const typeOf = async (url) => {
    const rule = WANTED.find(([ext]) => ext.test(new URL(url).pathname));
    if (!rule) return null;
    try {
      const r = await fetch(url, { method: "HEAD", cache: "no-store" });
      const type = (r.headers.get("Content-Type") || "").split(";")[0].trim();
      return r.ok && !rule[1].test(type) ? [url, type || "no type", rule[2]] : null;
    } catch (e) { return null; }
  };
  const tell = (text) => {
    const notice = document.getElementById("notice")
      || document.body.insertBefore(Object.assign(document.createElement("p"), { id: "notice" }), document.body.firstChild);
    notice.setAttribute("role", "alert");
    notice.textContent = text;
    notice.hidden = false;
    const splash = document.getElementById("splash");
    if (splash) {
      splash.setAttribute("role", "alert");
      splash.querySelectorAll(".spinner").forEach((e) => e.remove());
      (splash.querySelector("p") || splash.appendChild(document.createElement("p"))).textContent = text;
    }
    document.body.dataset.engine = "failed";
  };
  const diagnose = async (named) => {
    if (told) return;
    const urls = [...new Set([...named, ...RUNTIME.map((p) => new URL(p, document.baseURI).href)])];
    const wrong = (await Promise.all(urls.map(typeOf))).filter(Boolean);
    if (told || !wrong.length) return;
    told = true;
    const [url, type, want] = wrong[0];
    const file = url.startsWith(new URL(".", document.baseURI).href) ? url.slice(new URL(".", document.baseURI).href.length) : url;
    const more = wrong.length > 1 ? ` (and ${wrong.length - 1} more file${wrong.length > 2 ? "s" : ""})` : "";
    tell(`The game cannot start: this site sends ${file}${more} as ${type}, and the browser runs it only when it `
         + `comes as ${want}. The site's owner can set the server's types (docs/hosting.md, "What the host needs").`);
  };
  window.addEventListener("unhandledrejection", (e) => {
    const m = /dynamically imported module:? (\S+)/i.exec(String((e.reason && e.reason.message) || e.reason));
    if (m) diagnose([m[1]]);
  });
  window.addEventListener("error", (e) => {
    if (e.target instanceof HTMLScriptElement && e.target.src) diagnose([e.target.src]);
  }, true);
  document.addEventListener("DOMContentLoaded", () => {
    const body = document.body;
    new MutationObserver(() => body.dataset.engine === "failed" && diagnose([]))
      .observe(body, { attributes: true, attributeFilter: ["data-engine"] });
    // (not once the board is drawn: MicroPython and PyScript came through; nor offline)
    setTimeout(() => body.dataset.engine === "loading" && !body.dataset.ready && navigator.onLine
      && diagnose([]), 15000);
  });
})();
