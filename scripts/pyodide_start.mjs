// The Pyodide of the engine workers (pyscript.toml names this module as the interpreter;
// PyScript imports it and calls loadPyodide). Pyodide's own loader, given at once what it
// would otherwise fetch or compute at every start. scripts/webtool.py writes this file
// into vendor/pyodide/ beside Pyodide, with the three constants filled in by
// scripts/pyodide_snapshot.py, which documents the snapshot.
//
// - SNAPSHOT: the interpreter's memory right after it started (Python initialised, the
//   standard-library modules the engine imports already imported), made at setup by the
//   same Pyodide in Node. Restoring it skips CPython's start, the slowest part of the
//   engine's. Its first bytes are stored XORed with the memory the WebAssembly module
//   starts with (its data segments, which the page downloads anyway), so they are filled
//   in when Pyodide instantiates the module, before it restores the snapshot.
// - LAZY_STDLIB: the standard-library modules the snapshot does not hold but the engine
//   may still import, as sources (python_stdlib.zip, the whole library, stays for a start
//   without the snapshot). Not fetched as Pyodide starts (it gets an empty zip): the
//   snapshot's import system knows its directory and fetches it on the first import
//   that needs it (scripts/snapshot_stdlib.py), by a synchronous request, as an import
//   must be answered at once (a worker may make one).
// - LOCK: pyodide-lock.json's header: the page loads no package, so no lock file fetch.
// - ENGINE: the engine (vendor/engine.zip, beside this folder), fetched as soon as this
//   module is imported, beside the snapshot, and written as it is to ENGINE_ZIP, first on
//   sys.path: the worker imports the engine (and PyScript's Python package, compiled into
//   the same zip) from the zip, with nothing to unpack. The snapshot already holds the
//   modules a worker imports as it starts, imported from this same zip at setup, and hands
//   them out only if the zip is the same (scripts/snapshot_engine.py).
// - ENGINE_REST: engine.zip less what the snapshot holds, fetched in its place when the
//   snapshot is used (~0.4 MB less); if the snapshot's engine refuses it (another build's
//   rest: a host's caches mixing two deployments) or it cannot be had, engine.zip is
//   fetched after all.
//
// - FILES: pyscript.toml's [files] (the word list), fetched as soon as this module is
//   evaluated (PyScript fetches them only once Pyodide is up), and handed to PyScript's
//   fetch of each (once; in a browser).
// - HELD_FILES: those of FILES the snapshot's engine holds loaded (the word list:
//   engine.session.boundary.hold_words, ~50 ms of the start). Not fetched early: once the
//   restored engine takes its rest, PyScript's fetch of each gets an empty file, which
//   the engine does not read; otherwise (no snapshot, another build's engine) it is
//   fetched then, as PyScript asks.
// - The game page's worker script (ui/engine_worker.py), compiled into the snapshot at setup
//   as Pyodide would compile it: run as it is when PyScript asks runPythonAsync for that
//   same text (scripts/snapshot_engine.py run_held), instead of parsed and compiled anew.
//
// Without DecompressionStream, or if anything about the snapshot fails, Pyodide starts
// as it always does.
// Pyodide's loader, imported as this module is evaluated (not before it, as a static import
// would be: what this module fetches goes out at once, beside it; awaited at the end).
const loader = import("./pyodide.mjs");

const LOCK = /*@LOCK@*/null;
const SNAPSHOT = /*@SNAPSHOT@*/null;
const LAZY_STDLIB = /*@LAZY_STDLIB@*/null;
const FORMAT = [0x53434c57, 1];  // "WLCS", version

const ENGINE = "../engine.zip";
const ENGINE_ZIP = /*@ENGINE_ZIP@*/null;  // scripts/snapshot_engine.py's ENGINE_ZIP
const ENGINE_REST = /*@ENGINE_REST@*/null;
const FILES = /*@FILES@*/null;  // relative to this module
const HELD_FILES = /*@HELD_FILES@*/null;  // relative to this module
let filesHeld = false;  // the restored engine holds HELD_FILES (set in withEngine)

const url = (name) => new URL(name, import.meta.url).href;
// An empty zip (its end record alone); the fragment, which fetch ignores, has Pyodide's
// loader in Node (the tests) fetch it too rather than read it as a file.
const EMPTY_ZIP = "data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==#://";

// The lazy zip's bytes, at once (an import waits for them).
function fetchSync(href) {
  if (typeof XMLHttpRequest !== "function") return new Uint8Array(process.getBuiltinModule("fs").readFileSync(new URL(href)));  // Node
  const xhr = new XMLHttpRequest();
  xhr.open("GET", href, false);
  xhr.overrideMimeType("text/plain; charset=x-user-defined");  // bytes as they are (a synchronous request has no arraybuffer in a page)
  xhr.send();
  if (xhr.status !== 200) throw new Error(href + ": HTTP " + xhr.status);
  const text = xhr.responseText, bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}
const withSnapshot = SNAPSHOT && typeof DecompressionStream === "function";

// The packed snapshot (gzip): a header of u32 (magic, version, length, where the memory
// starts, bytes XORed, Pyodide's own magic, runs, lazy zip check, then offset and length
// of each run) and the runs of non-zero bytes; everything else is zero. Unpacked as it is
// inflated, each run straight into its place in the image. Two promises: ``image``, the
// image as soon as the header is read (allocated, not yet filled: Pyodide's loader needs
// only its length to create its module, which it does meanwhile), and ``done``, once every
// run is in ({ image, memStart, xorLength, magic }: completeOnInstantiate awaits it before
// Pyodide can restore the image).
function unpacking(response) {
  let imageReady, imageFailed;
  const image = new Promise((resolve, reject) => { imageReady = resolve; imageFailed = reject; });
  const done = (async () => {
    response = await response;
    if (!response.ok) throw new Error("HTTP " + response.status);
    const read = exactly(await inflated(response.body));
    const head = new Uint8Array(32);
    await read(head, 0, head.length);
    const view = new DataView(head.buffer);
    const u32 = (i) => view.getUint32(4 * i, true);
    if (u32(0) !== FORMAT[0] || u32(1) !== FORMAT[1]) throw new Error("not a snapshot of this format");
    const table = new Uint8Array(8 * u32(6));
    await read(table, 0, table.length);
    const runs = new DataView(table.buffer);
    const out = new Uint8Array(u32(2));
    imageReady(out);
    for (let at = 0; at < table.length; at += 8) await read(out, runs.getUint32(at, true), runs.getUint32(at + 4, true));
    return { image: out, memStart: u32(3), xorLength: u32(4), magic: u32(5) };
  })();
  done.catch(imageFailed);  // (no-op once the image was handed out; either is reported where it is awaited)
  image.catch(() => {});
  return { image, done };
}

// ``read(target, offset, n)``: the next ``n`` bytes of a stream's ``reader`` into ``target``.
function exactly(reader) {
  let chunk = new Uint8Array(0), at = 0;
  return async (target, offset, n) => {
    while (n > 0) {
      if (at === chunk.length) {
        const r = await reader.read();
        if (r.done) throw new Error("the snapshot ends early");
        chunk = r.value;
        at = 0;
      }
      const take = Math.min(n, chunk.length - at);
      target.set(chunk.subarray(at, at + take), offset);
      at += take;
      offset += take;
      n -= take;
    }
  };
}

// A reader of a body gunzipped as it arrives (as stored; a host may have decoded it
// already: as is).
async function inflated(body) {
  const reader = body.getReader();
  let first = new Uint8Array(0);
  for (let r; first.length < 2 && !(r = await reader.read()).done;) {
    const joined = new Uint8Array(first.length + r.value.length);
    joined.set(first);
    joined.set(r.value, first.length);
    first = joined;
  }
  const zipped = first[0] === 0x1f && first[1] === 0x8b;
  const stream = zipped ? new DecompressionStream("gzip") : new TransformStream();
  const writer = stream.writable.getWriter();
  (async () => {
    for (let r = { value: first }; !r.done; r = await reader.read()) await writer.write(r.value);
    await writer.close();
  })().catch((error) => writer.abort(error).catch(() => {}));
  return stream.readable.getReader();
}

// Fetched and unpacked as soon as PyScript imports this module, beside Pyodide's own files
// (another start in the same worker fetches it again).
let snapshotPending = withSnapshot ? unpacking(fetch(url(SNAPSHOT))) : null;

// Pyodide's WebAssembly, fetched and compiled as soon as this module is evaluated (in a
// browser; in Node Pyodide reads the file): Pyodide's loader asks for it only once its own
// JavaScript is in, and compiles it only once the snapshot is unpacked. The loader is handed
// this fetch, and its instantiation the module compiled from it (completeOnInstantiate).
const WASM = url("pyodide.asm.wasm");
let wasm = null;
if (withSnapshot && typeof XMLHttpRequest === "function" && typeof WebAssembly.compileStreaming === "function") {
  const response = fetch(WASM);
  wasm = { response, module: WebAssembly.compileStreaming(response) };
  response.catch(() => {});
  wasm.module.catch(() => {});  // (Pyodide fetches it again where it is instantiated)
  import("./pyodide.asm.mjs").catch(() => {});  // its JavaScript too (the loader imports the same module)
}

const withRest = withSnapshot && ENGINE_REST;
if (FILES && typeof XMLHttpRequest === "function") {
  const held = new Set(withRest && HELD_FILES ? HELD_FILES.map(url) : []);
  const early = new Map(FILES.filter((name) => !held.has(url(name))).map((name) => [url(name), fetch(url(name))]));
  early.forEach((pending) => pending.catch(() => {}));  // (whoever takes it is told)
  const fetchBefore = globalThis.fetch;
  globalThis.fetch = function fetchFiles(input, ...rest) {
    const href = typeof input === "string" || input instanceof URL ? String(input) : null;
    const plain = !rest.length;  // a plain GET (PyScript's of its [files]; the expert's helpers ask with options)
    let pending;
    if (plain && held.has(href)) {
      held.delete(href);
      pending = filesHeld ? Promise.resolve(new Response(new Uint8Array(0))) : fetchBefore.call(this, input);
    } else {
      pending = plain ? early.get(href) : undefined;
      if (pending === undefined) return fetchBefore.call(this, input, ...rest);
      early.delete(href);
    }
    if (!early.size && !held.size && globalThis.fetch === fetchFiles) globalThis.fetch = fetchBefore;
    return pending;
  };
}

let engineResponse = fetch(url(withRest ? ENGINE_REST : ENGINE));
engineResponse.catch(() => {});  // reported where it is awaited

// Whether a zip's directory names ``name``. The engine's zip holds PyScript's package too:
// ui/kit.js, told so (globalThis.wlcZipHasPyscript), takes PyScript's sources out of what
// the worker runs without asking Python's import system, whose first look into the zip
// reads its whole directory (5-15 ms of the start; none of the start's imports needs it).
const PYSCRIPT_PACKAGE = "pyscript/__init__.pyc";
function zipHas(bytes, name) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;  // the end record (its comment after it)
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) return false;
  const want = new TextEncoder().encode(name);
  let at = view.getUint32(end + 16, true);
  for (let n = view.getUint16(end + 10, true); n > 0 && at + 46 <= end; n--) {
    if (view.getUint32(at, true) !== 0x02014b50) return false;
    const length = view.getUint16(at + 28, true);
    if (length === want.length && want.every((b, i) => bytes[at + 46 + i] === b)) return true;
    at += 46 + length + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return false;
}

// The engine's zip into the file system, first on sys.path (ahead of the working directory,
// where PyScript writes its package's sources). ``restored``: Pyodide came from the
// snapshot, whose engine takes its rest (ENGINE_REST) if it is of the same build.
async function withEngine(py, restored) {
  const early = engineResponse;
  engineResponse = null;
  const rest = restored && withRest;
  const write = async (name, pending) => {
    const response = await (pending || fetch(url(name)));
    if (!response.ok) throw new Error("the engine (" + name + "): HTTP " + response.status);
    const bytes = new Uint8Array(await response.arrayBuffer());
    py.FS.writeFile(ENGINE_ZIP, bytes);
    globalThis.wlcZipHasPyscript = zipHas(bytes, PYSCRIPT_PACKAGE);
  };
  // (Python called through its objects, not run from source: Pyodide parses and compiles
  // every source it runs, and its parser is not yet compiled to machine code at this point)
  const call = (module, name, ...args) => {
    const m = py.pyimport(module);
    try { return m[name](...args); } finally { m.destroy(); }
  };
  if (rest) {
    const taken = await write(ENGINE_REST, early).then(
      () => call("_wlc_engine_snapshot", "current"),
      (error) => { console.warn("the whole engine.zip in place of " + ENGINE_REST + ": " + error); return false; });
    if (!taken) await write(ENGINE);
    filesHeld = taken === true || call("_wlc_engine_snapshot", "current") === true;  // (or the whole zip it was made from)
  } else {
    await write(ENGINE, withRest ? null : early);
  }
  const sys = py.pyimport("sys"), path = sys.path;
  path.insert(0, ENGINE_ZIP);
  path.destroy();
  sys.destroy();
  return py;
}

// runPythonAsync runs the script the snapshot holds compiled, given its text (once; any
// other code as before): at once when it has no top-level await (then not through Pyodide's
// event loop), else as the coroutine runPythonAsync would await. Sets globalThis.wlcHeldScript
// when it did (the tests, bench/load.py).
function runHeldScript(py) {
  let held;
  try {
    held = py.pyimport("_wlc_engine_snapshot");
  } catch (error) {
    return;  // a snapshot without the engine
  }
  const length = held.held_length();
  if (!length) return held.destroy();
  const run = py.runPythonAsync;
  py.runPythonAsync = function (code, options = {}) {
    if (typeof code === "string" && code.length === length && held.held_runs_now(code)) {  // no top-level await
      py.runPythonAsync = run;
      globalThis.wlcHeldScript = true;
      try {
        return Promise.resolve(held.run_held_now(code, options.globals || py.globals, options.locals));
      } catch (error) {
        return Promise.reject(error);
      } finally {
        held.destroy();
      }
    }
    if (typeof code === "string" && code.length === length) {
      const coroutine = held.run_held(code, options.globals || py.globals, options.locals);
      if (coroutine !== undefined) {
        py.runPythonAsync = run;
        held.destroy();
        globalThis.wlcHeldScript = true;
        return (async () => await coroutine)();
      }
    }
    return run.call(this, code, options);
  };
}

// PyScript's last text in a worker (polyscript's): its script's __export__ handed to the page,
// one assignment a name. Done through Python's objects rather than compiled: the snapshot holds
// every text before it compiled (scripts/snapshot_engine.py hold_code), so it would be the first
// Pyodide compiles, with its compiler not yet in machine code (~15 ms on the way to "engine
// ready"). Exactly that shape, with every name defined, once; any other text as before. The
// xworker is the one ui/kit.js's worker hook was handed (wlcXworker: PyScript's, the object
// it registers as polyscript.xworker) when there is one: no import of polyscript (~4 ms).
const EXPORTS = /^from polyscript import xworker as __polyscript_workers__\n((?:__polyscript_workers__\.sync\.([A-Za-z_]\w*) = \2\n)+)del __polyscript_workers__$/;
function runExportsHeld(py) {
  const run = py.runPython;
  py.runPython = function (code, ...rest) {
    const match = !rest.length && typeof code === "string" ? EXPORTS.exec(code) : null;
    const names = match ? [...match[1].matchAll(/\.sync\.(\w+) =/g)].map((m) => m[1]) : [];
    const values = names.map((name) => py.globals.has(name) ? py.globals.get(name) : undefined);
    if (!match || values.includes(undefined)) return run.call(this, code, ...rest);
    py.runPython = run;
    const handed = globalThis.wlcXworker?.sync;
    globalThis.wlcExportsHanded = !!handed;
    const sync = handed || py.pyimport("polyscript").xworker.sync;
    names.forEach((name, i) => { sync[name] = values[i]; });
  };
}

// Completes the snapshot when Pyodide instantiates its module (before it restores the
// snapshot): XOR with the fresh memory, then Pyodide's magic number, so a snapshot that
// was not completed is refused by Pyodide rather than restored. ``early``: the module
// fetched and compiled early, and its fetch, which the loader was handed (``wasm``: its
// fetch taken again if compiling failed). Returns the undo.
function completeOnInstantiate(pending, early) {
  const saved = {};
  const undo = () => Object.assign(WebAssembly, saved);
  const compiled = async (imports) => {
    try {
      const module = await early.module;
      return { module, instance: await saved.instantiate.call(WebAssembly, module, imports) };
    } catch (error) {
      return saved.instantiateStreaming.call(WebAssembly, fetch(WASM), imports);
    }
  };
  for (const name of ["instantiateStreaming", "instantiate"]) {
    const original = (saved[name] = WebAssembly[name]);
    WebAssembly[name] = async function (...args) {
      const result = early && name === "instantiateStreaming" && args[0] === early.response
        ? await compiled(args[1]) : await original.apply(this, args);
      const exports = (result.instance || result).exports || {};
      const memory = exports.memory;
      if ("Py_Version" in exports && memory instanceof WebAssembly.Memory) {  // CPython's module
        // (never thrown here: Pyodide's loader would wait for ever. An image not all there
        // keeps its magic number unset, and Pyodide refuses to restore it.)
        const s = await pending.catch(() => null);
        if (s && memory.buffer.byteLength >= s.xorLength) {
          const n = s.xorLength / 4;
          const mine = new Uint32Array(s.image.buffer, s.memStart, n);
          const fresh = new Uint32Array(memory.buffer, 0, n);
          for (let i = 0; i < n; i++) mine[i] ^= fresh[i];
          new DataView(s.image.buffer).setUint32(0, s.magic, true);
        }
        undo();
      }
      return result;
    };
  }
  return undo;
}

export async function loadPyodide(config = {}) {
  const options = { lockFileContents: LOCK, ...config };
  if (withSnapshot) {
    const snapshot = snapshotPending || unpacking(fetch(url(SNAPSHOT)));
    snapshotPending = null;
    const early = wasm;
    wasm = null;
    const undo = completeOnInstantiate(snapshot.done, early);
    const fetchBefore = globalThis.fetch;
    if (early) {  // the loader's fetch of the WebAssembly: the one made early
      globalThis.fetch = function (input, ...rest) {
        if (String(input) !== WASM) return fetchBefore.call(this, input, ...rest);
        globalThis.fetch = fetchBefore;
        return early.response;
      };
    }
    let py = null;
    try {
      py = await pyodideLoad({ ...options, stdLibURL: EMPTY_ZIP, _loadSnapshot: snapshot.image });
      // the lazy library's finder armed; random's seed and the time zone made the page's own
      const restore = py.pyimport("_wlc_lazy_stdlib");
      restore.restored(() => fetchSync(url(LAZY_STDLIB)));
      restore.destroy();
      runHeldScript(py);
      runExportsHeld(py);
    } catch (error) {
      console.warn("Pyodide starts without its snapshot: " + error);
      py = null;
    } finally {
      undo();
      globalThis.fetch = fetchBefore;
    }
    if (py) return withEngine(py, true);
  }
  return withEngine(await pyodideLoad(options), false);
}

const { loadPyodide: pyodideLoad, version } = await loader;
export { version };
