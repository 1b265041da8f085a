// transport.js: how the page reaches the board's Go code, the one place that knows. Served
// by "littlego board", the page asks the server over HTTP; from the static site of
// "littlego board -static" (index.html carries <meta name="littlego-transport"
// content="worker">), the same handlers compiled to WebAssembly answer in a Web Worker
// (worker.js), and a service worker (sw.js) keeps the site for use offline. Either way
// the page sees the same answers: fetchAPI gives a Response, events an EventSource's
// interface, and the links to /api/ download what the handlers write.

// (Node.js, which the tests run the pure modules in, has no document: "http".)
export const kind = typeof document !== "undefined" &&
  document.querySelector('meta[name="littlego-transport"]')?.content === "worker" ? "worker" : "http";

// The Web Worker and its requests in flight, by id.
let worker = null, nextId = 1;
const pending = new Map();

function theWorker() {
  if (worker) return worker;
  worker = new Worker(new URL("worker.js", import.meta.url));
  worker.onmessage = (e) => {
    const m = e.data, p = pending.get(m.id);
    if (m.type === "failed") {
      for (const q of pending.values()) q.fail(new Error("the board's WebAssembly did not start: " + m.error));
      pending.clear();
      return;
    }
    if (m.type === "memory") { for (const f of memoryAsked.splice(0)) f(m.bytes); return; }
    if (!p) return;
    if (m.type === "head") p.head(m.status, m.headers);
    else if (m.type === "chunk") p.chunk(m.data);
    else if (m.type === "end") { pending.delete(m.id); p.end(); }
  };
  return worker;
}

// send asks the worker for method target with body and hands its answer to the
// handlers {head, chunk, end, fail}; it returns the request's id, for cancel.
function send(method, target, contentType, body, handlers) {
  const id = nextId++;
  pending.set(id, handlers);
  theWorker().postMessage({ type: "request", id, method, target, contentType: contentType || "", body: body === undefined ? null : body });
  return id;
}

// memory returns the bytes of the worker's WebAssembly memory (0 over HTTP): what the
// board takes of a phone's memory.
const memoryAsked = [];
export function memory() {
  if (kind === "http") return Promise.resolve(0);
  return new Promise((resolve) => { memoryAsked.push(resolve); theWorker().postMessage({ type: "memory" }); });
}

function cancel(id) {
  if (pending.delete(id)) theWorker().postMessage({ type: "cancel", id });
}

// target is a path and query from an href or a path ("/api/values?..."), as the handlers read it.
function target(href) {
  const u = new URL(href, location.href);
  return u.pathname.slice(u.pathname.indexOf("/api/")) + u.search;
}

// fetchAPI is fetch(path, init) for the board's API.
export function fetchAPI(path, init) {
  if (kind === "http") return fetch(path, init);
  const headers = (init && init.headers) || {};
  return new Promise((resolve, reject) => {
    const parts = [];
    let status = 0, head = {};
    send((init && init.method) || "GET", target(path), headers["Content-Type"], init && init.body, {
      head: (s, h) => { status = s; head = h; },
      chunk: (d) => parts.push(d),
      end: () => resolve(new Response(new Blob(parts), { status, headers: head })),
      fail: reject,
    });
  });
}

// events is new EventSource(path) for the board's API: addEventListener(name, f) with
// f({data}), onerror (the stream ended or failed) and close().
export function events(path) {
  if (kind === "http") return new EventSource(path);
  return new WorkerEvents(target(path));
}

// WorkerEvents reads the server-sent events a handler writes in the worker.
class WorkerEvents {
  constructor(path) {
    this.listeners = {};
    this.onerror = null;
    this.closed = false;
    const decoder = new TextDecoder();
    let text = "", ok = false;
    this.id = send("GET", path, "", undefined, {
      head: (s) => { ok = s === 200; },
      chunk: (d) => {
        text += decoder.decode(d, { stream: true });
        let k;
        while ((k = text.indexOf("\n\n")) >= 0) {
          this.dispatch(text.slice(0, k));
          text = text.slice(k + 2);
        }
      },
      end: () => this.failed(ok ? "the stream ended" : "the stream was refused"),
      fail: (e) => this.failed(e.message),
    });
  }

  dispatch(block) {
    let name = "message", data = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event: ")) name = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (this.closed) return;
    for (const f of this.listeners[name] || []) f({ data: data.join("\n") });
  }

  failed(why) {
    if (!this.closed && this.onerror) this.onerror({ type: "error", message: why });
  }

  addEventListener(name, f) { (this.listeners[name] = this.listeners[name] || []).push(f); }

  close() {
    this.closed = true;
    cancel(this.id);
  }
}

// download saves what the handlers answer at href under the name their
// Content-Disposition gives.
async function download(href, fallback) {
  const res = await fetchAPI(href);
  const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") || "");
  const a = document.createElement("a");
  a.href = URL.createObjectURL(await res.blob());
  a.download = name ? name[1] : fallback || "littlego-download";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// start readies the transport as the page starts. On the static site the links to /api/
// are answered by the worker, the service worker is registered (document.body gets
// data-offline="ready" once it keeps every file), and #offline says when the page works
// without the network.
export function start() {
  if (kind === "http") return;
  document.addEventListener("click", (e) => {
    const a = e.target.closest && e.target.closest("a[href]");
    if (!a || !new URL(a.href, location.href).pathname.includes("/api/")) return;
    e.preventDefault();
    download(a.href, a.getAttribute("download")).catch((err) => console.error(err));
  });
  theWorker();
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").then(() => navigator.serviceWorker.ready)
      .then(() => { document.body.dataset.offline = "ready"; }, (err) => console.error("service worker:", err));
  }
  const note = document.getElementById("offline");
  const check = async () => {
    let online = navigator.onLine;
    if (online) {
      try { online = (await fetch("version.txt", { cache: "no-store" })).ok; } catch (e) { online = false; }
    }
    if (!note) return;
    note.hidden = online;
    note.textContent = online ? "" : "offline: the board runs from the copy this browser keeps";
  };
  window.addEventListener("online", check);
  window.addEventListener("offline", check);
  check();
}
