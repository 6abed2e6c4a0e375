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
})();
