// sw.js: the static site's service worker (littlego board -static): it keeps every file of
// the site, the WebAssembly included, so that the board works offline after the first
// visit. The site's build writes its version and its files below; the server's board
// never registers it.
const VERSION = "";
const FILES = [];
const CACHE = "littlego-" + VERSION;

self.addEventListener("install", (e) => {
  // Each file fetched past the HTTP cache, so that the copy kept is this version's.
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: "reload" })))).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("littlego-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// The site's files come from the cache, anything else (version.txt, which says whether
// the network is there) from the network.
self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET" || new URL(req.url).origin !== location.origin) return;
  e.respondWith(caches.open(CACHE).then((c) => c.match(req, { ignoreSearch: true })).then((hit) => hit || fetch(req)));
});
