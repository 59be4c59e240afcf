// The page: draws the board and its circuits, takes the player's clicks and
// lets the engine reply. The rules and the engine are the Go library compiled
// to WebAssembly, running in a Web Worker (worker.js); this script knows no
// rules: after every change the worker describes the game (a "state": the
// board, the legal moves with their capture paths, the moves played, the
// outcome) and the page draws it.
//
// document.body.dataset.phase tells what the page is doing: "loading",
// "human" (waiting for your move), "engine" (the engine is thinking),
// "animating" (a move is being shown), "over", "analysing" (the engine
// analyses the game), "review" (the board shows a position of the analysed
// game, document.body.dataset.ply the number of moves played in it) or
// "failed". Once the page is ready, document.body.dataset.readyMs holds the
// time it took, in milliseconds since the navigation started, and
// dataset.games counts the games started or loaded.
"use strict";

const U = 100;            // SVG units between neighbouring points
const MARGIN = 250;       // room round the grid for the outer loops (radius 2U)
const SIZE = 5 * U + 2 * MARGIN;
const FILES = "abcdef";
const SVGNS = "http://www.w3.org/2000/svg";
const ENGINE_NAME = "pvs,tuned";
const FULL_STRENGTH = 10; // the level of the engine at full strength, which thinks for the chosen time
const DEFAULT_LEVEL = 3;

const app = {
  engine: null,
  state: null,       // the worker's game now
  view: null,        // the state the board shows (behind app.state while a move is animated)
  human: "black",
  phase: "loading",
  selected: null,    // the square of the piece you have picked up
  gen: 0,            // bumped by every action, so that stale replies are ignored
  games: 0,          // games started or loaded
  hint: null,        // the engine's move shown as a hint, until a move is made
  analysis: null,    // {data, ply, record}: the analysis of the game with that record, and the ply shown
};

const $ = (id) => document.getElementById(id);

// ---- Squares and geometry ----

function squareIndex(name) { return (name.charCodeAt(1) - 49) * 6 + (name.charCodeAt(0) - 97); }
function squareName(file, rank) { return FILES[file] + (rank + 1); }
function px(name) { return MARGIN + (name.charCodeAt(0) - 97) * U; }
function py(name) { return MARGIN + (5 - (name.charCodeAt(1) - 49)) * U; }
function xy(file, rank) { return [MARGIN + file * U, MARGIN + (5 - rank) * U]; }

// arc returns the SVG arc command that goes from point (ax, ay) to (bx, by)
// the long way (three quarters of a circle) round the centre (cx, cy): a
// corner loop, which passes outside the board.
function arc(ax, ay, bx, by, cx, cy) {
  const r = Math.hypot(ax - cx, ay - cy);
  let d = Math.atan2(by - cy, bx - cx) - Math.atan2(ay - cy, ax - cx);
  while (d < 0) d += 2 * Math.PI;
  const sweep = Math.abs(d - 1.5 * Math.PI) < 0.01 ? 1 : 0; // +270° is clockwise on screen
  return `A ${r} ${r} 0 1 ${sweep} ${bx} ${by}`;
}

// pathData draws a capture path: straight along the lines, round the loops.
function pathData(path) {
  const pts = path.points;
  const loops = new Map(path.loops.map((l) => [l.index, l.corner]));
  let d = `M ${px(pts[0])} ${py(pts[0])}`;
  for (let i = 1; i < pts.length; i++) {
    const corner = loops.get(i);
    if (corner) {
      d += " " + arc(px(pts[i - 1]), py(pts[i - 1]), px(pts[i]), py(pts[i]), px(corner), py(corner));
    } else {
      d += ` L ${px(pts[i])} ${py(pts[i])}`;
    }
  }
  return d;
}

// circuitData draws a whole circuit: k = 1 is the inner one (ranks and files
// 2 and 5), k = 2 the outer (3 and 4).
function circuitData(k) {
  let d = "";
  for (const line of [k, 5 - k]) {
    d += `M ${xy(0, line).join(" ")} L ${xy(5, line).join(" ")} `;
    d += `M ${xy(line, 0).join(" ")} L ${xy(line, 5).join(" ")} `;
  }
  // Each loop joins the end of a rank line to the end of a file line.
  for (const [cf, cr, af, ar, bf, br] of [
    [0, 0, 0, k, k, 0], [5, 0, 5, k, 5 - k, 0], [0, 5, 0, 5 - k, k, 5], [5, 5, 5, 5 - k, 5 - k, 5],
  ]) {
    const [ax, ay] = xy(af, ar), [bx, by] = xy(bf, br), [cx, cy] = xy(cf, cr);
    d += `M ${ax} ${ay} ${arc(ax, ay, bx, by, cx, cy)} `;
  }
  return d;
}

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// ---- Drawing ----

const layers = {};

function drawBoardOnce() {
  const svg = $("board");
  svg.setAttribute("viewBox", `0 0 ${SIZE} ${SIZE}`);
  el("rect", { class: "bg", x: 0, y: 0, width: SIZE, height: SIZE, rx: 24 }, svg);
  const grid = el("g", { id: "grid" }, svg);
  for (let i = 0; i < 6; i++) {
    el("line", { class: "grid", x1: xy(0, i)[0], y1: xy(0, i)[1], x2: xy(5, i)[0], y2: xy(5, i)[1] }, grid);
    el("line", { class: "grid", x1: xy(i, 0)[0], y1: xy(i, 0)[1], x2: xy(i, 5)[0], y2: xy(i, 5)[1] }, grid);
    const lx = el("text", { class: "label", x: xy(i, 0)[0], y: SIZE - 22 }, grid);
    lx.textContent = FILES[i];
    const ly = el("text", { class: "label", x: 22, y: xy(0, i)[1] }, grid);
    ly.textContent = String(i + 1);
  }
  el("path", { class: "circuit outer", "data-circuit": "outer", d: circuitData(2) }, grid);
  el("path", { class: "circuit inner", "data-circuit": "inner", d: circuitData(1) }, grid);
  const defs = el("defs", {}, svg);
  const marker = el("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 5, refY: 5,
    markerWidth: 3.2, markerHeight: 3.2, orient: "auto-start-reverse" }, defs);
  el("path", { d: "M 0 0 L 10 5 L 0 10 z" }, marker);
  for (const name of ["marks", "options", "pieces", "suggestions", "targets", "hits"]) {
    layers[name] = el("g", { id: "layer-" + name }, svg);
  }
  for (let rank = 0; rank < 6; rank++) {
    for (let file = 0; file < 6; file++) {
      const sq = squareName(file, rank);
      const [x, y] = xy(file, rank);
      const hit = el("rect", { class: "hit", "data-square": sq, x: x - U / 2, y: y - U / 2, width: U, height: U }, layers.hits);
      el("title", {}, hit).textContent = sq;
    }
  }
  svg.addEventListener("click", (e) => {
    const hit = e.target.closest("[data-square]");
    if (hit) onSquare(hit.dataset.square);
  });
}

function clear(g) { while (g.firstChild) g.removeChild(g.firstChild); }

function lastMove(st) {
  if (!st || st.moves.length === 0) return null;
  const m = st.moves[st.moves.length - 1];
  return { from: m.text.slice(0, 2), to: m.text.slice(-2), path: m.path };
}

// drawSuggestion draws a move that the engine suggests, a hint or the
// better move of the analysis (kind "hint" or "better"): an arrow for a
// step, its path for a capture. The group has the id kind and the move in
// data-move, and for a capture its path's points in data-points.
function drawSuggestion(s, kind) {
  const g = el("g", { id: kind + "-move", class: "suggestion " + kind, "data-move": s.move,
    "data-points": s.path ? s.path.points.join(" ") : "" }, layers.suggestions);
  const title = el("title", {}, g);
  title.textContent = (kind === "hint" ? "Hint: " : "The engine's better move: ") + s.move;
  const from = s.move.slice(0, 2), to = s.move.slice(-2);
  if (s.path) {
    el("path", { class: "path suggestion-path " + s.path.circuit, d: pathData(s.path) }, g);
    el("circle", { class: "suggestion-target", cx: px(to), cy: py(to), r: 44 }, g);
  } else {
    const [x1, y1, x2, y2] = [px(from), py(from), px(to), py(to)];
    const len = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    el("line", { class: "arrow", x1: x1 + ux * 20, y1: y1 + uy * 20, x2: x2 - ux * 28, y2: y2 - uy * 28,
      "marker-end": "url(#arrowhead)" }, g);
  }
  el("circle", { class: "suggestion-from", cx: px(from), cy: py(from), r: 40 }, g);
}

// betterMove returns the engine's better move for the ply shown in review,
// or null when the move played was its best.
function betterMove() {
  const a = app.analysis;
  if (app.phase !== "review" || !a || a.ply === 0) return null;
  const m = a.data.moves[a.ply - 1];
  if (!m || m.class === "best") return null;
  return { move: m.best, path: m.bestPath };
}

function drawBoard() {
  const st = app.view;
  for (const name of ["marks", "options", "pieces", "suggestions", "targets"]) clear(layers[name]);
  if (!st) return;
  const last = lastMove(st);
  if (last) {
    if (last.path) {
      el("path", { id: "last-path", class: "path last " + last.path.circuit, d: pathData(last.path),
        "data-points": last.path.points.join(" ") }, layers.marks);
    }
    el("circle", { class: "last-from", cx: px(last.from), cy: py(last.from), r: 42 }, layers.marks);
    el("circle", { class: "last-to", cx: px(last.to), cy: py(last.to), r: 46 }, layers.marks);
  }
  st.board.forEach((color, i) => {
    if (!color) return;
    const sq = squareName(i % 6, Math.floor(i / 6));
    const cls = ["piece", color];
    if (color === app.human && app.phase === "human") cls.push("mine");
    if (sq === app.selected) cls.push("selected");
    el("circle", { class: cls.join(" "), "data-square": sq, "data-color": color, cx: px(sq), cy: py(sq), r: 34 }, layers.pieces);
  });
  if (app.hint && app.phase === "human") drawSuggestion(app.hint, "hint");
  const better = betterMove();
  if (better) drawSuggestion(better, "better");
  if (app.selected) {
    for (const m of st.legal.filter((m) => m.from === app.selected)) {
      if (m.capture) {
        el("path", { class: "path option " + m.path.circuit, d: pathData(m.path) }, layers.options);
        el("circle", { class: "target capture", "data-target": m.to, cx: px(m.to), cy: py(m.to), r: 44 }, layers.targets);
      } else {
        el("circle", { class: "target", "data-target": m.to, cx: px(m.to), cy: py(m.to), r: 13 }, layers.targets);
      }
    }
  }
}

// analysed returns the analysis of the game now, or null.
function analysed() {
  const a = app.analysis;
  return a && app.state && a.record === app.state.record ? a : null;
}

function drawMoves() {
  const reviewing = app.phase === "review" && analysed();
  const st = reviewing ? app.state : app.view;
  const body = $("moves").tBodies[0];
  body.textContent = "";
  if (!st) return;
  const notes = analysed() ? analysed().data.moves : [];
  let row = null;
  st.moves.forEach((m, i) => {
    if (m.color === "black" || !row || row.dataset.number !== String(m.number)) {
      row = body.insertRow();
      row.dataset.number = String(m.number);
      const num = row.insertCell();
      num.className = "num";
      num.textContent = m.color === "black" ? `${m.number}.` : `${m.number}…`;
      row.insertCell();
      row.insertCell();
    }
    const cell = row.cells[m.color === "black" ? 1 : 2];
    cell.textContent = m.text;
    cell.dataset.ply = String(i);
    cell.dataset.move = m.text;
    const note = notes[i];
    if (note) {
      cell.classList.add("noted", note.class);
      cell.title = note.comment;
      if (note.mark) {
        const mark = document.createElement("span");
        mark.className = "mark";
        mark.textContent = note.mark;
        cell.appendChild(mark);
      }
    }
    if (reviewing ? i === app.analysis.ply - 1 : i === st.moves.length - 1) cell.classList.add(reviewing ? "current" : "last");
  });
  const box = $("moves-box");
  const current = box.querySelector("td.current");
  if (current) current.scrollIntoView({ block: "nearest" });
  else box.scrollTop = box.scrollHeight;
}

function draw() {
  drawBoard();
  drawMoves();
  $("position-text").value = app.view ? app.view.position : "";
}

function colorName(c) { return c === "black" ? "Black" : "White"; }

function setPhase(phase) {
  app.phase = phase;
  document.body.dataset.phase = phase;
  const st = app.state;
  let status = "";
  switch (phase) {
    case "human":
      status = `Your move (${colorName(app.human)}).`;
      break;
    case "engine":
      status = `The engine (level ${level()}) is thinking (${colorName(st.sideToMove)})…`;
      break;
    case "analysing":
      status = "The engine analyses the game…";
      break;
    case "review":
      status = reviewStatus();
      break;
    case "animating":
      status = $("status").textContent;
      break;
    case "over": {
      const verdict = !st.winner ? "A draw." : st.winner === app.human ? "You win!" : "The engine wins.";
      status = `Game over: ${st.outcome}. ${verdict}`;
      break;
    }
  }
  if (phase !== "loading" && phase !== "failed") $("status").textContent = status;
  $("undo").disabled = phase === "loading" || phase === "failed" || !st || st.moves.length === 0 && !st.declared;
  $("resign").disabled = phase !== "human" && phase !== "engine";
  $("download").disabled = phase === "loading" || phase === "failed" || phase === "analysing";
  $("hint").disabled = phase !== "human";
  $("analyse").disabled = !["human", "over", "review"].includes(phase) || !st || st.moves.length === 0;
  $("analysis-progress-box").hidden = phase !== "analysing";
  $("analysis").hidden = !analysed() || phase === "analysing";
  $("back").hidden = phase !== "review";
  for (const id of ["first", "prev", "next", "last"]) $(id).disabled = !["human", "over", "review"].includes(phase);
  if (phase !== "review") delete document.body.dataset.ply;
  syncLevel();
  drawBoard();
  drawMoves();
}

// level returns the engine's level chosen, 1 to 10.
function level() {
  const n = Number($("level").value);
  return n >= 1 && n <= FULL_STRENGTH ? n : DEFAULT_LEVEL;
}

// syncLevel enables the thinking time for the engine at full strength
// only: a lower level plays within a budget of nodes of its own.
function syncLevel() {
  const full = level() === FULL_STRENGTH;
  $("movetime").disabled = !full;
  $("movetime-note").textContent = full ? "" : "(level 10 only: the lower levels search a fixed number of positions, as strong on every computer)";
}

function showError(message) {
  const e = $("error");
  e.textContent = message;
  e.hidden = false;
}

function clearError() {
  $("error").hidden = true;
  $("error").textContent = "";
}

function formatNodes(n) {
  return n >= 1e6 ? (n / 1e6).toFixed(1) + "M" : n >= 1e3 ? Math.round(n / 1e3) + "k" : String(n);
}

// ---- Test hooks ----

// testHold lets a browser test decide when the page goes on, so that it can
// put its own clicks between the engine's answer and what the page does
// with it. A test sets globalThis.surakartaTestHooks = {hold: [kinds],
// held: []}; the page then holds each event of those kinds: "reply", the
// answer of one of the engine's searches (SEARCHES) as it comes from the
// worker, and "shown", the end of a move's animation. testHold then pushes
// {kind, release} to held and returns true, and go runs when the test calls
// release(), which resolves once the page has handled what go queued. Without
// that object, as for every visitor, it returns false and nothing waits.
function testHold(kind, go) {
  const hooks = globalThis.surakartaTestHooks;
  if (!hooks || !Array.isArray(hooks.hold) || !hooks.hold.includes(kind)) return false;
  hooks.held.push({
    kind,
    release: () => {
      go();
      return new Promise((resolve) => setTimeout(resolve, 0));
    },
  });
  return true;
}

// ---- The engine's worker ----

// SEARCHES are the worker's calls that search, and may take long.
const SEARCHES = ["think", "hint", "analyse"];

class Cancelled extends Error {
  constructor() { super("cancelled"); }
}

// Engine talks to the worker. A worker answers one call at a time, so a
// search is stopped by ending the worker (stop) and starting another.
class Engine {
  constructor(module) {
    this.module = module;
    this.worker = null;
    this.ready = null;
    this.pending = new Map();
    this.nextId = 1;
  }

  // start starts a worker; calls made before it is ready wait for it.
  start() {
    this.ready = new Promise((resolve, reject) => {
      const w = new Worker("worker.js");
      this.worker = w;
      w.onmessage = (e) => {
        const m = e.data;
        const p = this.pending.get(m.id);
        switch (m.type) {
          case "ready": resolve(); break;
          case "failed": reject(new Error(m.error)); break;
          case "progress": if (p && p.progress) p.progress(m.info); break;
          case "result":
            if (p && SEARCHES.includes(p.method) && testHold("reply", () => this.deliver(m))) break;
            this.deliver(m);
            break;
          case "exit": this.fail(new Error("the engine stopped")); break;
        }
      };
      w.onerror = (e) => {
        const err = new Error("the engine failed: " + (e.message || "unknown error"));
        reject(err);
        this.fail(err);
      };
      w.postMessage({ type: "init", module: this.module });
    });
    return this.ready;
  }

  // deliver hands a call's answer to its caller, unless the call was
  // failed meanwhile (the worker stopped).
  deliver(m) {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    p.resolve(m.result);
  }

  fail(err) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  // busy tells whether the worker is searching (a move, a hint or an
  // analysis): stopEngine then ends it.
  get busy() {
    for (const p of this.pending.values()) if (SEARCHES.includes(p.method)) return true;
    return false;
  }

  // call sends a call and resolves with its answer; an answer with an error
  // rejects.
  async call(method, args = [], progress = null) {
    await this.ready;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, {
        method, progress, reject,
        resolve: (r) => (r && r.error !== undefined ? reject(new Error(r.error)) : resolve(r)),
      });
      this.worker.postMessage({ id, method, args });
    });
  }

  stop() {
    this.worker.terminate();
    this.fail(new Cancelled());
  }
}

async function loadModule() {
  const resp = await fetch("surakarta.wasm");
  if (!resp.ok) throw new Error(`surakarta.wasm: ${resp.status} ${resp.statusText}`);
  const size = Number(resp.headers.get("Content-Length")) || 0;
  if (size) $("footer").dataset.wasmBytes = String(size);
  if (WebAssembly.compileStreaming && (resp.headers.get("Content-Type") || "").startsWith("application/wasm")) {
    return WebAssembly.compileStreaming(resp);
  }
  return WebAssembly.compile(await resp.arrayBuffer());
}

// stopEngine stops a search and restores the last state in a new worker.
async function stopEngine() {
  if (!app.engine.busy) return;
  app.engine.stop();
  await app.engine.start();
  await app.engine.call("load", [app.state.record]);
}

// ---- Moves and actions ----

// gameStarted counts a new or loaded game.
function gameStarted() {
  app.games++;
  document.body.dataset.games = String(app.games);
}

function setState(st) {
  app.state = st;
  app.view = st;
  app.selected = null;
  app.hint = null;
  if (app.analysis && app.analysis.record !== st.record) app.analysis = null;
  draw();
}

function advance() {
  const st = app.state;
  if (st.over) setPhase("over");
  else if (st.sideToMove === app.human) setPhase("human");
  else engineMove();
}

function moveTime() { return Number($("movetime").value) || 1000; }

async function engineMove() {
  const gen = ++app.gen;
  setPhase("engine");
  $("engine-info").textContent = "";
  let res;
  try {
    const lvl = level();
  res = await app.engine.call("think", [moveTime(), lvl], (info) => {
      if (gen === app.gen) {
        $("engine-info").textContent = `depth ${info.depth}, score ${info.score}, ${formatNodes(info.nodes)} nodes, ${info.pv}`;
      }
    });
  } catch (err) {
    if (gen === app.gen && !(err instanceof Cancelled)) {
      showError("The engine could not move: " + err.message);
      setPhase("human");
    }
    return;
  }
  if (gen !== app.gen) return;
  const t = res.thought;
  app.state = res.state;
  const speed = t.millis > 0 ? `, ${formatNodes(Math.round(t.nodes / t.millis * 1000))} nodes/s` : "";
  $("engine-info").textContent = t.level === FULL_STRENGTH ?
    `The engine played ${t.move}: score ${t.score}, depth ${t.depth}, ${formatNodes(t.nodes)} nodes in ${(t.millis / 1000).toFixed(2)} s${speed}` :
    `The engine, level ${t.level}, played ${t.move}.`;
  await animate(gen, t.move.slice(0, 2), t.move.slice(-2), t.path);
  if (gen !== app.gen) return;
  setState(res.state);
  advance();
}

async function humanMove(m) {
  const gen = ++app.gen;
  clearError();
  app.selected = null;
  app.hint = null;
  setPhase("animating");
  let res;
  try {
    res = await app.engine.call("play", [m.from + m.to]);
  } catch (err) {
    if (gen === app.gen && !(err instanceof Cancelled)) {
      showError(err.message);
      setPhase("human");
    }
    return;
  }
  if (gen !== app.gen) return;
  app.state = res.state;
  await animate(gen, m.from, m.to, m.path);
  if (gen !== app.gen) return;
  setState(res.state);
  advance();
}

function onSquare(sq) {
  if (app.phase !== "human") return;
  const st = app.state;
  if (app.selected) {
    const m = st.legal.find((m) => m.from === app.selected && m.to === sq);
    if (m) {
      humanMove(m);
      return;
    }
  }
  const movable = st.board[squareIndex(sq)] === app.human && st.legal.some((m) => m.from === sq);
  app.selected = movable && app.selected !== sq ? sq : null;
  drawBoard();
}

// animate moves the piece on from to to, along the capture path if there is
// one, and resolves when it has arrived (or when another action took over).
function animate(gen, from, to, path) {
  setPhase("animating");
  const piece = layers.pieces.querySelector(`[data-square="${from}"]`);
  if (!piece) return Promise.resolve();
  layers.pieces.appendChild(piece); // on top of the others
  const track = el("path", {
    class: path ? "path moving " + path.circuit : "path",
    d: path ? pathData(path) : `M ${px(from)} ${py(from)} L ${px(to)} ${py(to)}`,
  }, layers.marks);
  if (!path) track.setAttribute("stroke-opacity", "0");
  const length = track.getTotalLength();
  const duration = path ? Math.min(1800, Math.max(400, length / 1.4)) : 220;
  return new Promise((resolve) => {
    const start = performance.now();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      if (gen !== app.gen || !testHold("shown", resolve)) resolve();
    };
    const frame = (now) => {
      if (done) return;
      if (gen !== app.gen) { finish(); return; }
      const f = Math.min(1, (now - start) / duration);
      const ease = f < 0.5 ? 2 * f * f : 1 - 2 * (1 - f) * (1 - f);
      const p = track.getPointAtLength(ease * length);
      piece.setAttribute("cx", p.x);
      piece.setAttribute("cy", p.y);
      if (f < 1) requestAnimationFrame(frame);
      else finish();
    };
    requestAnimationFrame(frame);
    setTimeout(finish, duration + 1000); // should frames stop (a hidden page), go on anyway
  });
}

function pliesToUndo(st) {
  if (st.declared) return 1;
  const moves = st.moves;
  let k = 1;
  while (k < moves.length && moves[moves.length - k].color !== app.human) k++;
  return Math.min(k, moves.length);
}

async function undo() {
  if (app.phase === "loading" || app.phase === "failed") return;
  const gen = ++app.gen;
  clearError();
  try {
    await stopEngine();
    const n = pliesToUndo(app.state);
    if (n === 0) return;
    const res = await app.engine.call("undo", [n]);
    if (gen !== app.gen) return;
    setState(res.state);
    $("engine-info").textContent = "";
  } catch (err) {
    if (gen === app.gen) showError("Undo: " + err.message);
  }
  if (gen === app.gen) advance();
}

async function resign() {
  if (app.phase !== "human" && app.phase !== "engine") return;
  const gen = ++app.gen;
  try {
    await stopEngine();
    const res = await app.engine.call("resign", [app.human]);
    if (gen !== app.gen) return;
    setState(res.state);
  } catch (err) {
    if (gen === app.gen) showError("Resign: " + err.message);
  }
  if (gen === app.gen) advance();
}

async function newGame(event) {
  if (event) event.preventDefault();
  if (app.phase === "loading" || app.phase === "failed") return;
  const gen = ++app.gen;
  clearError();
  try {
    await stopEngine();
    const res = await app.engine.call("newGame", [$("start-position").value]);
    if (gen !== app.gen) return;
    app.human = $("color").value;
    $("engine-info").textContent = "";
    setState(res.state);
    gameStarted();
  } catch (err) {
    if (gen === app.gen) showError("New game: the start position is not valid: " + err.message);
  }
  if (gen === app.gen) advance();
}

async function upload() {
  const input = $("upload");
  const file = input.files && input.files[0];
  input.value = "";
  if (!file || app.phase === "loading" || app.phase === "failed") return;
  const gen = ++app.gen;
  clearError();
  try {
    const text = await file.text();
    await stopEngine();
    const res = await app.engine.call("load", [text]);
    if (gen !== app.gen) return;
    $("engine-info").textContent = `Loaded ${file.name}: ${res.state.moves.length} moves.`;
    setState(res.state);
    gameStarted();
  } catch (err) {
    if (gen === app.gen) showError(`Could not load ${file.name}: ${err.message}`);
  }
  if (gen === app.gen) advance();
}

async function download() {
  if (app.phase === "loading" || app.phase === "failed") return;
  const date = new Date().toISOString().slice(0, 10);
  const engine = level() === FULL_STRENGTH ? `${ENGINE_NAME} (${moveTime()}ms/move)` : `level${level()}`;
  const headers = [
    ["Event", "Surakarta in the browser"],
    ["Date", date],
    ["Black", app.human === "black" ? "Human" : engine],
    ["White", app.human === "white" ? "Human" : engine],
  ];
  try {
    const res = await app.engine.call("record", [headers]);
    const url = URL.createObjectURL(new Blob([res.record], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `surakarta-${date}.txt`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (err) {
    if (!(err instanceof Cancelled)) showError("Download: " + err.message);
  }
}

// ---- Hints ----

async function hint() {
  if (app.phase !== "human") return;
  const gen = app.gen; // a move, undo or new game makes the hint stale
  clearError();
  $("hint").disabled = true;
  $("engine-info").textContent = "The engine looks for your best move…";
  let res;
  try {
    res = await app.engine.call("hint");
  } catch (err) {
    if (gen === app.gen && !(err instanceof Cancelled)) showError("Hint: " + err.message);
    if (gen === app.gen) setPhase(app.phase);
    return;
  }
  if (gen !== app.gen || app.phase !== "human") return;
  const h = res.hint;
  app.hint = h;
  $("engine-info").textContent = `Hint: ${h.move} (score ${h.score}, depth ${h.depth}; the engine's line ${h.line})`;
  setPhase("human");
}

// ---- Analysis ----

async function analyse() {
  if (!["human", "over", "review"].includes(app.phase) || app.state.moves.length === 0) return;
  const gen = ++app.gen;
  clearError();
  app.hint = null;
  app.selected = null;
  app.analysis = null;
  app.view = app.state;
  const record = app.state.record;
  $("analysis-progress").value = 0;
  $("analysis-progress-text").textContent = "starting…";
  setPhase("analysing");
  const begin = performance.now();
  let res;
  try {
    res = await app.engine.call("analyse", [0], (p) => {
      if (gen !== app.gen) return;
      $("analysis-progress").value = p.done / p.total;
      $("analysis-progress-text").textContent = `${p.done} of ${p.total} positions`;
    });
  } catch (err) {
    if (gen === app.gen && !(err instanceof Cancelled)) {
      showError("Analysis: " + err.message);
      advance();
    }
    return;
  }
  if (gen !== app.gen) return;
  const a = res.analysis;
  app.analysis = { data: a, ply: a.plies.length - 1, record };
  document.body.dataset.analysisMs = String(Math.round(performance.now() - begin));
  drawGraph();
  const side = (name, s) => `${name}: average loss ${s.averageLoss.toFixed(1)}, ` +
    `${s.inaccuracies} inaccurac${s.inaccuracies === 1 ? "y" : "ies"}, ${s.mistakes} mistake${s.mistakes === 1 ? "" : "s"}, ` +
    `${s.blunders} blunder${s.blunders === 1 ? "" : "s"}`;
  $("analysis-summary").textContent = `${side("Black", a.black)}. ${side("White", a.white)}. ` +
    `${formatNodes(a.nodes)} nodes a position, ${formatNodes(a.nodesSearched)} in ${(a.millis / 1000).toFixed(1)} s.`;
  $("engine-info").textContent = "";
  showPly(app.analysis.ply);
}

async function cancelAnalysis() {
  if (app.phase !== "analysing") return;
  const gen = ++app.gen;
  try {
    await stopEngine();
  } catch (err) {
    if (gen === app.gen) showError("Cancel: " + err.message);
  }
  if (gen === app.gen) advance();
}

// drawGraph puts the analysis's graph on the page, with a column over each
// point that takes the clicks for its ply, and a cursor at the ply shown.
function drawGraph() {
  const box = $("graph");
  box.innerHTML = app.analysis.data.svg;
  const svg = box.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  const [, , , height] = svg.getAttribute("viewBox").split(" ").map(Number);
  const points = [...svg.querySelectorAll("circle[data-ply]")];
  const xs = points.map((c) => Number(c.getAttribute("cx")));
  const step = xs.length > 1 ? xs[1] - xs[0] : 40;
  el("line", { id: "graph-cursor", x1: 0, x2: 0, y1: 12, y2: height - 28 }, svg);
  points.forEach((c, i) => {
    const hit = el("rect", { class: "ply-hit", "data-ply": c.dataset.ply, x: xs[i] - step / 2, y: 0,
      width: step, height: height - 28 }, svg);
    const title = c.querySelector("title");
    if (title) el("title", {}, hit).textContent = title.textContent;
  });
}

function reviewStatus() {
  const a = app.analysis;
  if (!a) return "";
  const n = a.data.plies.length - 1;
  if (a.ply === 0) return `Analysis: the start position (${n} moves).`;
  const m = a.data.moves[a.ply - 1];
  return `Analysis: after ${moveLabel(a.ply - 1)} ${m.move}${m.mark} (move ${a.ply} of ${n}).`;
}

// moveLabel returns the number of the move at index i of the game, as the
// move list writes it: "12." for Black, "12…" for White.
function moveLabel(i) {
  const m = app.state.moves[i];
  return m.color === "black" ? `${m.number}.` : `${m.number}…`;
}

// showPly shows the position after ply k of the analysed game, with the
// annotation of the move that led to it and the engine's better move.
function showPly(k) {
  const a = analysed();
  if (!a) return;
  k = Math.max(0, Math.min(a.data.plies.length - 1, k));
  a.ply = k;
  const p = a.data.plies[k];
  app.selected = null;
  app.hint = null;
  app.view = { board: p.board, position: p.position, moves: app.state.moves.slice(0, k), legal: [] };
  document.body.dataset.ply = String(k);
  let text = "The start position.";
  if (k > 0) {
    const m = a.data.moves[k - 1];
    const what = { best: "the engine's best move", good: "a good move", inaccuracy: "an inaccuracy",
      mistake: "a mistake", blunder: "a blunder" }[m.class];
    text = `${moveLabel(k - 1)} ${m.move}${m.mark}: ${what}. The score for ${colorName(m.color)}: ${m.before} before, ${m.after} after.`;
    if (m.class !== "best") text += ` The engine's move was ${m.best} (its line: ${m.line}; green on the board).`;
  }
  const annotation = $("annotation");
  annotation.textContent = text;
  annotation.className = k > 0 ? a.data.moves[k - 1].class : "";
  const cursor = $("graph-cursor");
  const point = $("graph").querySelector(`circle[data-ply="${k}"]`);
  const x = point ? point.getAttribute("cx") : $("graph").querySelector("polyline") ? 44 : 0;
  cursor.setAttribute("x1", x);
  cursor.setAttribute("x2", x);
  setPhase("review");
  $("position-text").value = p.position;
}

// goToPly enters the review of the analysed game at ply k, or moves in it.
function goToPly(k) {
  if (!analysed() || !["human", "over", "review"].includes(app.phase)) return;
  ++app.gen;
  showPly(k);
}

function backToGame() {
  if (app.phase !== "review") return;
  ++app.gen;
  app.view = app.state;
  draw();
  advance();
}

// surakartaBench searches each position to depth with a fresh searcher in a
// worker of its own, and resolves with the nodes and time of each search: the
// speed test compares them with the same searches in native code.
window.surakartaBench = async (positions, depth) => {
  const e = new Engine(app.engine.module);
  await e.start();
  try {
    return (await e.call("bench", [positions, depth])).results;
  } finally {
    e.stop();
  }
};

// ---- Start ----

async function init() {
  drawBoardOnce();
  const params = new URLSearchParams(location.search);
  if (params.get("color") === "white" || params.get("color") === "black") $("color").value = params.get("color");
  if (params.get("movetime")) {
    const ms = String(Math.max(1, Math.min(60000, Number(params.get("movetime")) || 1000)));
    if (![...$("movetime").options].some((o) => o.value === ms)) {
      const o = document.createElement("option");
      o.value = ms;
      o.textContent = `${Number(ms) / 1000} s`;
      $("movetime").appendChild(o);
    }
    $("movetime").value = ms;
  }
  if (params.get("position")) $("start-position").value = params.get("position");
  if (params.get("level")) $("level").value = String(Math.max(1, Math.min(FULL_STRENGTH, Math.round(Number(params.get("level"))) || DEFAULT_LEVEL)));
  $("undo").addEventListener("click", undo);
  $("resign").addEventListener("click", resign);
  $("download").addEventListener("click", download);
  $("upload").addEventListener("change", upload);
  $("new-game").addEventListener("submit", newGame);
  $("hint").addEventListener("click", hint);
  $("analyse").addEventListener("click", analyse);
  $("analysis-cancel").addEventListener("click", cancelAnalysis);
  $("level").addEventListener("change", () => setPhase(app.phase));
  const plyNow = () => (analysed() && app.phase === "review" ? app.analysis.ply : app.state.moves.length);
  $("first").addEventListener("click", () => goToPly(0));
  $("prev").addEventListener("click", () => goToPly(plyNow() - 1));
  $("next").addEventListener("click", () => goToPly(plyNow() + 1));
  $("last").addEventListener("click", () => goToPly(Infinity));
  $("back").addEventListener("click", backToGame);
  $("graph").addEventListener("click", (e) => {
    const t = e.target.closest("[data-ply]");
    if (t) goToPly(Number(t.dataset.ply));
  });
  $("moves").addEventListener("click", (e) => {
    const t = e.target.closest("td[data-ply]");
    if (t && analysed()) goToPly(Number(t.dataset.ply) + 1);
  });
  document.addEventListener("keydown", (e) => {
    if (!analysed() || e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, select, textarea")) return;
    const go = { ArrowLeft: () => plyNow() - 1, ArrowRight: () => plyNow() + 1, Home: () => 0, End: () => Infinity }[e.key];
    if (!go) return;
    e.preventDefault();
    goToPly(go());
  });
  try {
    app.engine = new Engine(await loadModule());
    await app.engine.start();
    app.human = $("color").value;
    let res;
    try {
      res = await app.engine.call("newGame", [$("start-position").value]);
    } catch (err) {
      showError("The start position is not valid: " + err.message);
      res = await app.engine.call("newGame", [""]);
    }
    setState(res.state);
    gameStarted();
  } catch (err) {
    setPhase("failed");
    $("status").textContent = "The engine could not start: " + err.message;
    return;
  }
  const ms = Math.round(performance.now());
  document.body.dataset.readyMs = String(ms);
  const bytes = Number($("footer").dataset.wasmBytes || 0);
  $("footer").textContent = `Ready in ${ms} ms` + (bytes ? `; engine ${(bytes / 1048576).toFixed(1)} MB of WebAssembly.` : ".");
  advance();
}

init();
