// The game's offline cache: a service worker, shipped in dist/ only.
//
// JavaScript, not Python: PyScript runs Python in pages and Web Workers, but it cannot
// register a service worker nor run one (a service worker's global scope has no
// interpreter, and it must answer each fetch synchronously from its event handler).
//
// scripts/dist.py writes into dist/sw.js the VERSION (a hash of every file of the
// deployment) and FILES (every file beside this one, with its hash: the manifest of
// content hashes). This template, as it stands in the repository, does nothing: the
// development page never registers it.
//
// - Install: cache every file of this version but the LAZY ones, and keep the cache only
//   if every file matches its hash (a deployment copied over while we were caching it
//   must not leave a mix of two versions). A file whose hash a cache of an earlier
//   version already holds is copied from there: an update downloads only what changed.
// - Hosts that drop ".html" (Cloudflare Pages redirects x.html to x; "clean URLs"
//   elsewhere) or index.html (to the folder): each file is cached under its own name,
//   without the redirect (a redirected response given to a navigation fails), and x,
//   x/ and x.html are the same file here.
// - Versioned files: cache first. Every file is tied to VERSION, so a cached copy is
//   always the right one; requests from the engine's Web Worker (its config, the
//   runtime, the engine's zips, the word list) are answered the same way. A LAZY file is
//   cached when first fetched: Pyodide's full standard library, and engine.zip where the
//   build has engine_rest.zip (only a start without the memory snapshot uses them).
//   The snapshot's lazy library (python_stdlib_lazy.zip), fetched on the first import
//   that needs it, is cached at install: a player offline may open the club page.
// - The page (index.html, the folder's own URL, and the embed index.html?embed=1: the
//   query is not part of the path, so the embed is the page, framed or not): network
//   first, the cache when the network fails. embed.html, a fixed redirect to the embed,
//   is a versioned file like the others. A page of a newer deployment is not mixed with this version's files:
//   this load gets the cached page, the new worker installs meanwhile, and the booted
//   page then lets it take over (message "activate"), so the next load is the new one.
// - Activate: delete this deployment path's caches of other versions.
// - Only GET requests for this deployment's own files are answered; anything else
//   (other paths of a site hosting the game in a folder, other origins, an embedding
//   page) goes to the network untouched. No headers are added or changed.
"use strict";

const VERSION = "@WLC_VERSION@";
const FILES = {/* @WLC_FILES@ */};
const PAGE = "index.html";
const META = /<meta name="wlc-dist" content="([^"]*)">/;

const SCOPE = new URL("./", self.location.href).href;
const SCOPE_PATH = new URL(SCOPE).pathname;
const PREFIX = "wlc " + SCOPE + " "; // several deployments may share an origin
const CACHE = PREFIX + VERSION;
const BUILT = !VERSION.startsWith("@");
const KNOWN = new Set(Object.keys(FILES));
const LAZY = new Set(["vendor/pyodide/python_stdlib.zip",
  ...(KNOWN.has("vendor/pyodide/engine_rest.zip") ? ["vendor/engine.zip"] : [])]);
let retired = false;

const urlOf = (path) => new URL(path, SCOPE).href;

self.addEventListener("install", (event) => {
  if (!BUILT) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      const earlier = await earlierCaches();
      await Promise.all([...KNOWN].map(async (path) => {
        if (await cache.match(urlOf(path))) return;
        if (await reuse(earlier, path, cache)) return;
        if (!LAZY.has(path)) await cache.put(urlOf(path), await download(path));
      }));
    } catch (err) {
      await caches.delete(CACHE);
      throw err;
    }
  })());
});

async function earlierCaches() {
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  return Promise.all(names.map((n) => caches.open(n)));
}

// The copy of ``path`` an earlier version cached, if it has this version's hash.
async function reuse(earlier, path, cache) {
  for (const old of earlier) {
    const hit = await old.match(urlOf(path));
    if (!hit) continue;
    const body = await hit.arrayBuffer();
    if (await hashOf(body) === FILES[path]) {
      await cache.put(urlOf(path), plain(body, hit));
      return true;
    }
  }
  return false;
}

// The file of this version from the network, checked against its hash. "no-cache":
// revalidate, so a file of an older deployment still in the HTTP cache is never stored
// under this version (unchanged files cost a 304).
async function download(path) {
  const response = await fetch(new Request(urlOf(path), { cache: "no-cache", redirect: "follow" }));
  if (!response.ok) throw new Error(path + ": " + response.status);
  const body = await response.arrayBuffer();
  if (await hashOf(body) !== FILES[path]) {
    throw new Error(path + " is not of version " + VERSION + " (deployed again meanwhile?)");
  }
  return plain(body, response);
}

// A response of its own (not "redirected", which a navigation refuses), with the type.
function plain(body, response) {
  const type = response.headers.get("Content-Type");
  return new Response(body, { status: 200, headers: type ? { "Content-Type": type } : {} });
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!BUILT || retired || request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  // the path without the query: index.html?embed=1 (the embed) is the page too
  const path = canonical(decodeURIComponent(new URL(request.url).pathname.slice(SCOPE_PATH.length)));
  if (request.mode === "navigate" && path === PAGE) {
    event.respondWith(page(request));
  } else if (KNOWN.has(path)) {
    event.respondWith(cacheFirst(request, path));
  }
});

// The file an address names on any host: a folder is its index.html, x is x.html.
function canonical(path) {
  if (path === "" || path.endsWith("/")) return path + PAGE;
  return !KNOWN.has(path) && KNOWN.has(path + ".html") ? path + ".html" : path;
}

async function hashOf(body) {
  const digest = await crypto.subtle.digest("SHA-256", body);
  return [...new Uint8Array(digest)].slice(0, 8).map((b) => b.toString(16).padStart(2, "0")).join("");
}

function pageVersion(html) {
  const m = META.exec(html);
  return m ? m[1] : null;
}

async function cacheFirst(request, path) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(urlOf(path));
  if (hit) return hit;
  if (!LAZY.has(path)) return fetch(request);
  const response = await download(path);   // cached for the next start that needs it
  await cache.put(urlOf(path), response.clone());
  return response;
}

async function page(request) {
  const cache = await caches.open(CACHE);
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    const cached = await cache.match(urlOf(PAGE));
    if (cached) return cached;
    throw err;
  }
  if (response.type === "opaqueredirect") return response;   // the host's own address for it: asked next
  if (response.status === 404 || response.status === 410) {
    await retire(); // the game was taken down from this address
    return response;
  }
  if (!response.ok) return (await cache.match(urlOf(PAGE))) || response;
  const version = pageVersion(await response.clone().text());
  if (version === VERSION) {
    await cache.put(urlOf(PAGE), response.clone());
    return response;
  }
  if (version === null) {
    // This path no longer serves a built game (say, the development server now runs
    // on this origin): step aside so nothing stale is ever served.
    await retire();
    return response;
  }
  // A newer deployment: keep this load consistent with the cached files.
  self.registration.update().catch(() => {});
  return (await cache.match(urlOf(PAGE))) || response;
}

async function retire() {
  retired = true;
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX)) await caches.delete(name);
  }
  await self.registration.unregister();
}
