// The page: draws what /api/view says and sends the person's choices. Every list, every
// description and every line of the log comes from the server, which uses the same
// functions as the terminal.
"use strict";
let view = null;
let place = null; // the place clicked: the actions are filtered to it
let first = true; // the first view: scroll the map to the person's units
let mapZoom = null; // the map's enlargement, as the first view asks (view.zoom)

const $ = (id) => document.getElementById(id);

function text(el, value) { el.textContent = value || ""; }

async function call(method, url, body) {
  const init = { method };
  if (body !== undefined) {
    init.headers = { "content-type": typeof body === "string" ? "text/plain" : "application/json" };
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const reply = await fetch(url, init);
  // Every answer of the server is JSON; anything else (a proxy's page) is told as it came.
  const data = await reply.json().catch(() => ({ error: `the server answered ${reply.status} ${reply.statusText}` }));
  if (!reply.ok) {
    text($("message"), data.error);
    if (reply.status === 409) { await refresh(); text($("message"), data.error); }
    return;
  }
  show(data);
}

function refresh() { return call("GET", "/api/view"); }

function show(v) {
  view = v;
  text($("title"), v.title);
  text($("headline"), v.headline);
  text($("to-act"), v.to_act);
  text($("side"), "(you play the " + v.side + ")");
  text($("message"), v.message);
  text($("result"), v.result);
  const standing = $("standing");
  standing.replaceChildren(...v.standing.map((line) => {
    const p = document.createElement("p"); p.textContent = line; return p;
  }));
  $("key-lines").replaceChildren(...v.key.map((line) => {
    const p = document.createElement("p"); p.textContent = line; return p;
  }));
  const map = $("map");
  map.innerHTML = v.board;
  $("map-key").innerHTML = v.board_key;
  // The map keeps the size its first view asks for: it does not grow and shrink as places
  // crowd and empty.
  if (mapZoom === null) mapZoom = v.zoom;
  zoom(map.querySelector("svg"), mapZoom);
  for (const g of map.querySelectorAll("[data-place]")) {
    g.addEventListener("click", () => pick(g.dataset.place));
  }
  if (first) {
    // Start where the person's units are: a hex map is larger than the window.
    first = false;
    const mine = map.querySelector(`rect.counter[data-side="${v.side_index}"]`);
    if (mine) mine.scrollIntoView({ block: "center", inline: "center" });
  }
  followOptions(map);
  const log = $("log");
  log.replaceChildren(...v.log.map((line) => {
    const li = document.createElement("li"); li.textContent = line; return li;
  }));
  if (place !== null && !v.actions.some((a) => a.place === place)) place = null;
  list();
  // After the options are listed, which sets the log's height (trial 21d F9: the newest lines
  // were below the fold).
  log.scrollTop = log.scrollHeight;
}

// The map follows the decision: when none of the places the options lead to is in view, the
// first of them is scrolled to the middle of the map (trial 21 b–e: the places decided on were
// off screen).
function followOptions(map) {
  const lit = [...map.querySelectorAll(".place.lit")];
  if (lit.length === 0) return;
  const panel = map.getBoundingClientRect();
  const seen = (g) => {
    const r = g.getBoundingClientRect();
    return r.right > panel.left && r.left < panel.right && r.bottom > panel.top && r.top < panel.bottom;
  };
  if (!lit.some(seen)) {
    const r = lit[0].getBoundingClientRect();
    map.scrollLeft += r.left + r.width / 2 - (panel.left + panel.width / 2);
    map.scrollTop += r.top + r.height / 2 - (panel.top + panel.height / 2);
  }
}

// The map at least `times` its drawing's size (the view's zoom: enough for a counter's face
// to be read), and wider when the panel is: a larger map scrolls in its panel.
function zoom(svg, times) {
  if (!svg) return;
  const panel = $("map").clientWidth - 4;
  const width = Number(svg.getAttribute("width"));
  svg.style.width = Math.max(panel, width * times) + "px";
  svg.style.height = "auto";
}

// A click on a place shows its stack and filters the actions to those about it; with one
// action there, the click takes it.
function pick(id) {
  const here = view.actions.filter((a) => a.place === id);
  if (here.length === 1 && place === id) { choose(here[0].n); return; }
  place = id;
  list();
}

function list() {
  const v = view;
  text($("place"), place === null ? "" : v.places[place] || place);
  const stack = $("stack");
  const lines = place === null ? [] : v.stacks[place] || [];
  stack.replaceChildren(...lines.map((line) => {
    const d = document.createElement("div"); d.textContent = line; return d;
  }));
  for (const g of document.querySelectorAll("#map [data-place]")) {
    g.classList.toggle("chosen", g.dataset.place === place);
  }
  let shown = v.actions;
  if (place !== null) {
    const here = v.actions.filter((a) => a.place === place);
    if (here.length > 0) shown = here;
  }
  const ol = $("actions");
  ol.replaceChildren(...shown.map((a) => {
    const li = document.createElement("li");
    li.value = a.n;
    li.textContent = a.text;
    li.dataset.n = a.n;
    li.addEventListener("click", () => choose(a.n));
    return li;
  }));
}

function choose(n) {
  text($("message"), "…");
  call("POST", "/api/act", { seq: view.seq, n });
}

$("undo").addEventListener("click", () => call("POST", "/api/undo", { seq: view.seq }));
$("hint").addEventListener("click", () => { text($("message"), "thinking…"); call("POST", "/api/hint"); });
$("all").addEventListener("click", () => { place = null; list(); });
$("load").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (file) await call("POST", "/api/load", await file.text());
  e.target.value = "";
});
refresh();
