// dom.js: small helpers over the DOM and the API shared by the views.
import { fetchAPI } from "./transport.js";

export const SVG_NS = "http://www.w3.org/2000/svg";

// svg makes an SVG element with attributes and text.
export function svg(name, attrs, text) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// html makes an HTML element with attributes and text.
export function html(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// api calls the JSON API and throws an Error carrying the server's message (and its
// status as .status).
export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers["Content-Type"] = typeof body === "string" ? "text/plain" : "application/json";
  }
  const res = await fetchAPI(path, init);
  if (!res.ok) throw await failure(res);
  try { return await res.json(); } catch (e) { return null; }
}

// failure returns the Error of a failed answer res, carrying the server's message (and
// its status as .status).
export async function failure(res) {
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  const err = new Error((data && data.error) || res.status + " " + res.statusText);
  err.status = res.status;
  return err;
}

// say shows a message under the board, in red when it is an error.
export function say(text, isError) {
  const m = document.getElementById("message");
  m.textContent = text || "";
  m.className = isError ? "error" : "";
}

// infoRows fills a <dl> with [term, value] pairs.
export function infoRows(dl, rows) {
  dl.replaceChildren();
  for (const [k, val] of rows) dl.append(html("dt", {}, k), html("dd", {}, val));
}

// readFileInto copies a chosen file's text into a textarea and calls onName with the
// file's name.
export function readFileInto(input, textarea, onName) {
  input.addEventListener("change", () => {
    const f = input.files[0];
    if (!f) return;
    if (f.size > 1 << 20) { say("The file is larger than 1 MiB.", true); return; }
    f.text().then((t) => { textarea.value = t; onName(f.name); }, (e) => say(e.message, true));
  });
}
