// WatchScope's service worker: after the first load the app works with
// the network off (conference Wi-Fi).
//
// What to keep comes from offline.json, which web/build.sh writes next to
// the app: every file of the site (pages, scripts, app.wasm...) and a
// version that changes with any of their bytes. So a new page or script
// is kept without anyone editing a list here.
//
//   install    fetch offline.json and every file it names into the cache
//   activate   take control of the open pages at once
//   fetch      network first, the cache when the network fails or hangs:
//              online, every load gets the newest build (and refreshes
//              the cache); offline, the cache answers
//   message    "sync"   read offline.json again; cache a new build whole
//              "status" {version, total, cached, missing}
//
// app.wasm arrives with Content-Encoding: br. The cache keeps the body the
// browser decoded and the headers as they came, X-Uncompressed-Content-
// Length included, which is what the loader's progress bar reads.
"use strict";

const CACHE = "watchscope-offline";
const MANIFEST = "offline.json";
// How long a request waits for the network before the cache answers (a
// network that accepts connections and then says nothing).
const NETWORK_WAIT_MS = 4000;

const scope = new URL(self.registration.scope);

// key is the cache key of a same-origin URL: its path without the query
// (a deep link's ?lesson=... is the same page), "/" meaning index.html.
function key(url) {
  const u = new URL(url, scope);
  let path = u.pathname;
  if (path.endsWith("/")) path += "index.html";
  return u.origin + path;
}

async function readManifest(cache) {
  const res = await cache.match(key(MANIFEST));
  return res ? res.json() : null;
}

// sync caches the build offline.json names, unless it is cached already.
async function sync() {
  const res = await fetch(MANIFEST, { cache: "no-store" });
  if (!res.ok) throw new Error(`${MANIFEST}: HTTP ${res.status}`);
  const manifest = await res.clone().json();
  const cache = await caches.open(CACHE);
  const have = await readManifest(cache);
  const st = await status(cache, manifest);
  if (have && have.version === manifest.version && st.missing.length === 0) return st;
  await Promise.all(manifest.files.map(async (f) => {
    const r = await fetch(f, { cache: "no-cache" });
    if (!r.ok) throw new Error(`${f}: HTTP ${r.status}`);
    await cache.put(key(f), r);
  }));
  await cache.put(key(MANIFEST), res);
  return status(cache, manifest);
}

async function status(cache, manifest) {
  manifest = manifest || (await readManifest(cache));
  if (!manifest) return { version: "", total: 0, cached: 0, missing: [] };
  const missing = [];
  for (const f of manifest.files) {
    if (!(await cache.match(key(f)))) missing.push(f);
  }
  return { version: manifest.version, total: manifest.files.length, cached: manifest.files.length - missing.length, missing };
}

self.addEventListener("install", (e) => {
  e.waitUntil(sync().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(self.clients.claim());
});

self.addEventListener("message", (e) => {
  const port = e.ports[0];
  if (!port) return;
  const job = e.data === "sync" ? sync() : caches.open(CACHE).then((c) => status(c));
  e.waitUntil(job.then((st) => port.postMessage(st), (err) => port.postMessage({ error: String(err.message || err) })));
});

self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET" || new URL(req.url).origin !== scope.origin || req.headers.has("range")) return;
  e.respondWith(networkFirst(req, (p) => e.waitUntil(p)));
});

// networkFirst asks the network and keeps a good answer; when the network
// fails, or says nothing for NETWORK_WAIT_MS, the cache answers instead
// (if it has the file; otherwise the network keeps its chance).
//
// The answer is handed over while the cache copy is still being written
// (keep), so app.wasm streams into the page as it arrives and the
// loader's progress bar moves.
async function networkFirst(req, keep) {
  const cache = await caches.open(CACHE);
  const k = key(req.url);
  const net = fetch(req).then((res) => {
    if (res.ok && res.status === 200 && res.type === "basic") keep(cache.put(k, res.clone()).catch(() => {}));
    return res;
  });
  net.catch(() => {}); // a failure after the cache answered is nobody's business
  let timer;
  const slow = new Promise((resolve) => { timer = setTimeout(resolve, NETWORK_WAIT_MS); });
  try {
    const first = await Promise.race([net, slow]);
    if (first) return first;
    const cached = await cache.match(k, { ignoreVary: true });
    return cached || (await net);
  } catch (err) {
    const cached = await cache.match(k, { ignoreVary: true });
    if (cached) return cached;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
