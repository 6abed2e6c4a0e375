// The game's offline cache: a service worker, shipped in dist/ only.
//
// JavaScript, not Python: PyScript runs Python in pages and Web Workers, but it cannot
// register a service worker nor run one (a service worker's global scope has no
// interpreter, and it must answer each fetch synchronously from its event handler).
//
// scripts/dist.py writes into dist/sw.js the VERSION (a hash of every file of the
// deployment) and FILES (every file beside this one, with its hash). This template, as
// it stands in the repository, does nothing: the development page never registers it.
//
// - Install: cache every file of this version (runtime, Python code, word sets, page),
//   and keep the cache only if every file matches its hash (a deployment copied over
//   while we were caching it must not leave a mix of two versions).
// - Versioned files: cache first. Every file is tied to VERSION, so a cached copy is
//   always the right one; requests from the engine's Web Worker (its config, the
//   runtime, engine.zip, the word list) are answered the same way.
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
let retired = false;

const urlOf = (path) => new URL(path, SCOPE).href;

self.addEventListener("install", (event) => {
  if (!BUILT) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate, so a file of an older deployment still in the HTTP cache
    // is never stored under this version (unchanged files cost a 304).
    await cache.addAll([...KNOWN].map((f) => new Request(urlOf(f), { cache: "no-cache" })));
    for (const path of KNOWN) {
      const response = await cache.match(urlOf(path));
      if (await hashOf(response) !== FILES[path]) {
        await caches.delete(CACHE);
        throw new Error(path + " is not of version " + VERSION + " (deployed again meanwhile?)");
      }
    }
  })());
});

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
  const path = decodeURIComponent(new URL(request.url).pathname.slice(SCOPE_PATH.length));
  if (request.mode === "navigate" && (path === "" || path === PAGE)) {
    event.respondWith(page(request));
  } else if (KNOWN.has(path)) {
    event.respondWith(cacheFirst(request, path));
  }
});

async function hashOf(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return [...new Uint8Array(digest)].slice(0, 8).map((b) => b.toString(16).padStart(2, "0")).join("");
}

function pageVersion(html) {
  const m = META.exec(html);
  return m ? m[1] : null;
}

async function cacheFirst(request, path) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(urlOf(path));
  return hit || fetch(request);
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
