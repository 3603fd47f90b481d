// sw.js — the service worker: keeps one build of the site for offline use.
//
// It is registered as sw.js?v=<build>, so every build is a new worker. Installing fetches
// build.json, checks that it names the same build, and stores every file it lists in the
// cache "quintet-<build>". From then on, pages of its scope (the folder it is in, so the
// site works under any sub-path) are served from that cache: one build, all of it, with or
// without a network. A newer build installs beside it and waits; the page switches at its
// next start (index.html, takeUpdate) when no other tab runs the old one; the old cache is
// deleted once no page can still need it.
"use strict";

const BUILD = new URL(self.location.href).searchParams.get("v") || "";
const CACHE = "quintet-" + BUILD;
const scope = () => new URL(self.registration.scope);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const res = await fetch("build.json", { cache: "no-cache" });
    if (!res.ok) throw new Error("build.json: HTTP " + res.status);
    const build = await res.clone().json();
    if (!BUILD || build.build !== BUILD) {
      throw new Error("sw.js?v=" + BUILD + ": the site holds build " + build.build);
    }
    const cache = await caches.open(CACHE);
    // Versioned files (?v=) never change: the HTTP cache may answer (the page has just
    // fetched them). The others are checked with the server. A browser that unpacks
    // brotli itself never loads the decoder (brotli/).
    const list = build.precache.filter((u) => !(nativeBrotli() && u.startsWith("brotli/")));
    await cache.addAll(list.map((u) => new Request(u, { cache: u.includes("?v=") ? "default" : "no-cache" })));
    await cache.put("build.json", res);
  })());
});

function nativeBrotli() {
  try {
    new DecompressionStream("brotli");
    return true;
  } catch (_) {
    return false;
  }
}

// dropOlder deletes the caches of other builds when no other window of the scope is open:
// a page still running an older build keeps the files it may yet fetch (a worker it
// restarts). Pages of this build ask for it when they have started ("cleanup").
async function dropOlder(maxWindows) {
  const wins = (await self.clients.matchAll({ type: "window", includeUncontrolled: true }))
    .filter((c) => c.url.startsWith(self.registration.scope));
  if (wins.length > maxWindows) return;
  for (const key of await caches.keys()) {
    if (key.startsWith("quintet-") && key !== CACHE) await caches.delete(key);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOlder(0));
});

// Messages from pages, answered on the port they carry:
//   "activate": take over now if no other window of the scope is open (one that is would go
//               on with the old build's files): "activating" or "waiting";
//   "latest":   the build the site holds now, or null without a network;
//   "cleanup":  from a page of this build that has started: drop the older caches.
self.addEventListener("message", (event) => {
  const port = event.ports[0];
  const answer = (v) => { if (port) port.postMessage(v); };
  if (event.data === "activate") {
    event.waitUntil((async () => {
      const wins = (await self.clients.matchAll({ type: "window", includeUncontrolled: true }))
        .filter((c) => c.url.startsWith(self.registration.scope));
      const go = wins.length <= 1;
      answer(go ? "activating" : "waiting");
      if (go) await self.skipWaiting();
    })());
  } else if (event.data === "cleanup") {
    event.waitUntil(dropOlder(1));
  } else if (event.data === "latest") {
    event.waitUntil((async () => {
      try {
        const res = await fetch("build.json", { cache: "no-store" });
        answer(res.ok ? (await res.json()).build : null);
      } catch (_) {
        answer(null);
      }
    })());
  }
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  const root = scope().pathname;

  // The page: any address of the scope's root (?variant=…, #join=…), from the cache.
  if (req.mode === "navigate") {
    if (url.pathname === root || url.pathname === root + "index.html") {
      event.respondWith(page(new URL(root, url).href, req));
    }
    return;
  }
  // build.json as this build knows it.
  if (url.pathname === root + "build.json" && url.search === "") {
    event.respondWith(fromCache(url.href, req));
    return;
  }
  // A file of this build: from the cache; one not listed (the gzip fallback, files a
  // worker loads later) is stored when first fetched.
  if (url.searchParams.get("v") === BUILD) {
    event.respondWith(fromCache(url.href, req, true));
    return;
  }
  // The other listed files (icons, manifest) from this build's cache, and a file of an
  // older build (a page that started before this worker took over) from its cache while
  // it is there.
  const older = url.searchParams.has("v");
  event.respondWith((older ? caches.match(req) : caches.open(CACHE).then((c) => c.match(req)))
    .then((hit) => hit || fetch(req)));
});

// page answers a navigation with this build's index.html, marked with the build (a meta
// element): a newer worker may take over while the page starts, and the page must then
// notice that the files it gets next are not of its build.
async function page(key, req) {
  const res = await fromCache(key, req);
  if (!res.ok) return res;
  const html = (await res.text()).replace("<head>", `<head>\n<meta name="quintet-build" content="${BUILD}">`);
  return new Response(html, { status: res.status, statusText: res.statusText, headers: res.headers });
}

// fromCache answers from this build's cache, else from the network (storing the answer
// when keep is set).
async function fromCache(key, req, keep) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  const res = await fetch(req);
  if (keep && res.ok) await cache.put(key, res.clone());
  return res;
}
