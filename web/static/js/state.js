// state.js: the page's state in the URL's fragment ("#analyse?moves=2,2;1,1&at=1"), so that
// a reload or a shared link shows the same view, game and move. Pure: no DOM.

export const VIEWS = ["play", "analyse", "review", "watch"];

// parse reads a fragment ("#view?key=value&...") into {view, params}.
export function parse(hash) {
  const [view, query] = (hash || "").replace(/^#/, "").split("?");
  const params = {};
  for (const [k, v] of new URLSearchParams(query || "")) params[k] = v;
  return { view: VIEWS.includes(view) ? view : "play", params };
}

// format writes {view, params} as a fragment, commas and semicolons left as they are.
export function format(view, params) {
  const parts = [];
  for (const [k, v] of Object.entries(params || {})) {
    if (v === undefined || v === null || v === "") continue;
    parts.push(k + "=" + encodeURIComponent(String(v)).replace(/%2C/g, ",").replace(/%3B/g, ";"));
  }
  return "#" + view + (parts.length ? "?" + parts.join("&") : "");
}

// actionsParam writes actions for the URL and the API: "2,2;1,1;PASS".
export function actionsParam(actions) { return actions.join(";"); }

// readActions reads actionsParam's form back ([] for "").
export function readActions(s) { return s ? s.split(/[;\s]+/).filter(Boolean) : []; }

// readStep reads a step from the URL: a number within 0..n, else n.
export function readStep(s, n) {
  const k = Number(s);
  return s !== undefined && s !== "" && Number.isInteger(k) && k >= 0 && k <= n ? k : n;
}
