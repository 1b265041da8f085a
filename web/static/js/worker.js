// worker.js: the Web Worker of the static site (littlego board -static): it runs the
// board's handlers compiled to WebAssembly (littlego.wasm, started by the Go
// distribution's wasm_exec.js) and passes them the page's requests (transport.js). The
// requests that come before the WebAssembly is ready wait for it.
importScripts("../wasm_exec.js");

const waiting = [];
let ready = false;

function handle(m) {
  if (m.type === "request") self.littlego.request(m.id, m.method, m.target, m.contentType, m.body);
  else if (m.type === "cancel") self.littlego.cancel(m.id);
  else if (m.type === "memory") self.postMessage({ type: "memory", bytes: go._inst ? go._inst.exports.mem.buffer.byteLength : 0 });
}

// littlegoReady is called by the Go program once littlego.request and littlego.cancel exist.
self.littlegoReady = () => {
  ready = true;
  for (const m of waiting.splice(0)) handle(m);
};

// (memory asks for the size of the WebAssembly's memory, which only grows.)
self.onmessage = (e) => { if (ready) handle(e.data); else waiting.push(e.data); };

const go = new Go();
const wasm = new URL("../littlego.wasm", self.location.href);
WebAssembly.instantiateStreaming(fetch(wasm), go.importObject)
  .catch(() => fetch(wasm).then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject)))
  .then((r) => go.run(r.instance))
  .catch((err) => self.postMessage({ type: "failed", error: String(err) }));
