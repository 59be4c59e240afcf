// The page: draws the board and its circuits (board.js, the board the
// server's pages share), takes the player's clicks and lets the engine
// reply. The rules and the engine are the Go library compiled
// to WebAssembly, running in a Web Worker (worker.js); this script knows no
// rules: after every change the worker describes the game (a "state": the
// board, the legal moves with their capture paths, the moves played, the
// outcome) and the page draws it.
//
// document.body.dataset.phase tells what the page is doing: "loading",
// "human" (waiting for your move), "engine" (the engine is thinking),
// "animating" (a move is being shown), "over", "puzzle" (solving a puzzle:
// puzzle.js), "analysing" (the engine
// analyses the game), "review" (the board shows a position of the analysed
// game, document.body.dataset.ply the number of moves played in it) or
// "failed". Once the page is ready, document.body.dataset.readyMs holds the
// time it took, in milliseconds since the navigation started, and
// dataset.games counts the games started or loaded.
//
// Whatever the order of the clicks and of the engine's answers, the page
// shows one game, app.state: each click begins an action that makes the
// answers to the actions before it stale (begin, stale), the worker is
// made to hold the page's game before it is asked anything (syncEngine),
// and render draws everything from app alone.
//
// It is the page's entry, an ES module: it imports the board (board.js),
// the variations of the move list (variations.js), the opening explorer (explorer.js) and the
// puzzle mode (puzzle.js), and exports what they use of the page (app,
// render, the actions' begin and stale, …). The modules import each other
// both ways, which ES modules allow because none of them uses what it
// imports before the page starts: they are evaluated before this one,
// whose last line starts the page (init), and use its exports only in
// their functions.

import { explorerRender } from "./explorer.js";
import { puzzles } from "./puzzle.js";
import { drawVariations, leaveVariation } from "./variations.js";
import { addMove } from "./movelist.js";
import { Board, el, squareIndex } from "./board.js";

const ENGINE_NAME = "pvs,network";
const FULL_STRENGTH = 10; // the level of the engine at full strength, which thinks for the chosen time
const DEFAULT_LEVEL = 3;

export const app = {
  engine: null,
  // state is the game: the worker's last description of it that the page
  // took. Everything the page shows comes from it and the fields below,
  // through render, after every event.
  state: null,
  human: "black",
  bottom: "black",   // the side the board is seen from: yours, unless you turn it (flip)
  phase: "loading",
  selected: null,    // the square of the piece you have picked up
  gen: 0,            // the action now: each bumps it (begin), and replies to an older one are dropped
  games: 0,          // games started or loaded
  thinking: 0,       // the level of the engine's search under way
  hint: null,        // the engine's move shown as a hint, until a move is made
  hinting: false,    // a hint is being searched
  analysis: null,    // {data, ply, record}: the analysis of the game with that record, and the ply shown
  view: null,        // a position of a variation that the board shows (variations.js), or null
  anim: null,        // the move being shown: {by, move, from, to, path, taken, track, x, y, stop}
  info: "",          // the line under the status: the engine's search, its move, a hint, a load
  failure: "",       // why the engine could not start
};

export const $ = (id) => document.getElementById(id);

// ---- The board ----

// board draws the position shown (board.js, which the server's game page
// shares); created by init.
let board = null;

// analysed returns the analysis of the game now, or null.
export function analysed() {
  const a = app.analysis;
  return a && app.state && a.record === app.state.record ? a : null;
}

// reviewing tells whether the board shows a position of the analysed game
// rather than the game now.
export function reviewing() { return app.phase === "review" && analysed() !== null; }

// shown returns what the board shows: the game now, or in the review the
// position after ply app.analysis.ply, with the moves that led to it.
export function shown() {
  const st = app.state;
  if (app.view) return app.view;
  if (!reviewing()) return st;
  const k = app.analysis.ply;
  const p = app.analysis.data.plies[k];
  return { board: p.board, position: p.position, moves: st.moves.slice(0, k), legal: [] };
}

function lastMove(st) {
  if (!st || st.moves.length === 0) return null;
  const m = st.moves[st.moves.length - 1];
  return { from: m.text.slice(0, 2), to: m.text.slice(-2), path: m.path };
}

// betterMove returns the engine's better move for the ply shown in review,
// or null when the move played was its best.
function betterMove() {
  if (!reviewing() || app.analysis.ply === 0) return null;
  const m = app.analysis.data.moves[app.analysis.ply - 1];
  if (!m || m.class === "best") return null;
  return { move: m.best, path: m.bestPath };
}

// drawBoard draws the position shown. While a move is shown (app.anim), the
// piece that moves is drawn where the animation has it, on its way from
// its square, over the piece it takes, which stays until it arrives.
function drawBoard() {
  board.bottom = app.bottom;
  const st = shown();
  if (!st) {
    board.draw(null);
    return;
  }
  const suggestions = [];
  if (app.hint && (app.phase === "human" || app.phase === "puzzle") && !app.view) suggestions.push({ ...app.hint, kind: "hint" });
  const better = app.view ? null : betterMove();
  if (better) suggestions.push({ ...better, kind: "better" });
  board.draw({
    board: st.board,
    last: lastMove(st),
    anim: app.anim && app.anim.track ? app.anim : null,
    mine: app.phase === "human" || app.phase === "puzzle" ? app.human : null,
    selected: app.selected,
    legal: st.legal,
    suggestions,
  });
}

function drawMoves() {
  const st = app.state;
  const body = $("moves").tBodies[0];
  body.textContent = "";
  if (!st) return;
  const a = analysed();
  const notes = a ? a.data.moves : [];
  const comments = new Map(st.comments.map((c) => [c.ply, c.text]));
  const caption = $("moves").caption || $("moves").createCaption();
  caption.textContent = comments.get(0) || "";
  caption.hidden = !comments.has(0);
  const current = reviewing() ? app.analysis.ply - 1 : -1;
  let row = null;
  st.moves.forEach((m, i) => {
    let cell;
    [row, cell] = addMove(body, row, m.number, m.color);
    cell.textContent = m.text;
    cell.dataset.ply = String(i);
    cell.dataset.move = m.text;
    const note = notes[i];
    const titles = [];
    if (comments.has(i + 1)) {
      cell.classList.add("commented");
      titles.push(comments.get(i + 1));
    }
    if (note) {
      cell.classList.add("noted", note.class);
      titles.push(`${note.before} → ${note.after}, ${note.class}` + (note.class === "best" ? "" : `; best ${note.best} (${note.line})`));
      if (note.mark) {
        const mark = document.createElement("span");
        mark.className = "mark";
        mark.textContent = note.mark;
        cell.appendChild(mark);
      }
    }
    if (titles.length > 0) cell.title = titles.join("\n");
    if (current >= 0 ? i === current : i === st.moves.length - 1) cell.classList.add(current >= 0 ? "current" : "last");
  });
  const box = $("moves-box");
  const cur = box.querySelector("td.current");
  drawVariations(body);
  if (cur) cur.scrollIntoView({ block: "nearest" });
  else box.scrollTop = box.scrollHeight;
}

function colorName(c) { return c === "black" ? "Black" : "White"; }

// statusText says what the page is doing, from the phase and the game.
function statusText() {
  const st = app.state;
  switch (app.phase) {
    case "loading": return "Loading the engine…";
    case "failed": return "The engine could not start: " + app.failure;
    case "human": return `Your move (${colorName(app.human)}).`;
    case "engine": return `The engine (level ${app.thinking}) is thinking (${colorName(st.sideToMove)})…`;
    case "animating":
      if (!app.anim) return "";
      return app.anim.by === "engine" ? `The engine plays ${app.anim.move}…` : `You play ${app.anim.move}…`;
    case "analysing": return "The engine analyses the game…";
    case "review": return reviewStatus();
    case "puzzle": return puzzles.status();
    case "over": {
      const verdict = !st.winner ? "A draw." : st.winner === app.human ? "You win!" : "The engine wins.";
      return `Game over: ${st.outcome}. ${verdict}`;
    }
  }
  return "";
}

// render shows the page's state: every control, the board, the move list,
// the status and the analysis come from app and nothing else, after every
// event.
export function render() {
  const phase = app.phase, st = app.state;
  document.body.dataset.phase = phase;
  if (reviewing()) document.body.dataset.ply = String(app.analysis.ply);
  else delete document.body.dataset.ply;
  $("status").textContent = app.view ? app.view.status : statusText();
  $("engine-info").textContent = app.info;
  const ready = phase !== "loading" && phase !== "failed";
  $("undo").disabled = !ready || !st || st.moves.length === 0 && !st.declared;
  $("resign").disabled = phase !== "human" && phase !== "engine";
  $("download").disabled = !ready || phase === "analysing";
  $("hint").disabled = phase !== "human" || app.hinting;
  $("analyse").disabled = !["human", "over", "review"].includes(phase) || !st || st.moves.length === 0;
  $("analysis-progress-box").hidden = phase !== "analysing";
  const a = analysed();
  $("analysis").hidden = !a || phase === "analysing";
  $("back").hidden = phase !== "review";
  for (const id of ["first", "prev", "next", "last"]) $(id).disabled = !["human", "over", "review"].includes(phase);
  $("flip").title = `Turn the board round: ${colorName(app.bottom === "white" ? "black" : "white")} at the bottom`;
  syncLevel();
  drawBoard();
  drawMoves();
  if (a) drawPly(reviewing() ? a.ply : a.data.plies.length - 1);
  const s = shown();
  $("position-text").value = s ? s.position : "";
  explorerRender();
  puzzles.show();
}

export function setPhase(phase) {
  app.phase = phase;
  render();
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

export function showError(message) {
  const e = $("error");
  e.textContent = message;
  e.hidden = false;
}

export function clearError() {
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

// SEARCHES are the worker's calls that search. A hint's search is short (a
// budget of nodes), and is let finish; the others are stopped (STOPPED).
const SEARCHES = ["think", "hint", "analyse"];
const STOPPED = ["think", "analyse"];

export class Cancelled extends Error {
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
    // record is the record of the worker's game as its last answer with a
    // state described it; null for a worker that has not answered so.
    this.record = null;
  }

  // start starts a worker; calls made before it is ready wait for it.
  start() {
    this.record = null;
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
            if (p && SEARCHES.includes(p.method) && testHold("reply", () => this.deliver(w, m))) break;
            this.deliver(w, m);
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

  // deliver hands the answer m of worker w to its caller, unless w has
  // been ended meanwhile (its calls failed).
  deliver(w, m) {
    const p = this.pending.get(m.id);
    if (w !== this.worker || !p) return;
    this.pending.delete(m.id);
    if (m.result && m.result.state) this.record = m.result.state.record;
    p.resolve(m.result);
  }

  fail(err) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  // busy tells whether the worker is searching for a move or analysing
  // the game: syncEngine then ends it.
  get busy() {
    for (const p of this.pending.values()) if (STOPPED.includes(p.method)) return true;
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

// syncEngine makes the worker's game the page's, app.state, before an
// action asks the worker for anything: a search for a move or an analysis
// is stopped (the worker ended, another started), and a worker whose game
// is not the page's (it played a move whose reply the page dropped) loads
// the page's.
async function syncEngine() {
  if (app.engine.busy) {
    app.engine.stop();
    await app.engine.start();
  }
  if (app.engine.record !== app.state.record) await app.engine.call("load", [app.state.record]);
}

// ---- Moves and actions ----

// begin starts an action: every reply, animation and hint of the actions
// before it becomes stale, and is dropped when it comes. It returns the
// action's generation, for stale.
export function begin() {
  const gen = ++app.gen;
  app.view = null;
  delete document.body.dataset.view;
  if (app.anim) {
    if (app.anim.stop) app.anim.stop();
    app.anim = null;
  }
  app.hinting = false;
  return gen;
}

// stale tells whether another action has begun since the one of gen.
export function stale(gen) { return gen !== app.gen; }

// gameStarted counts a new or loaded game.
function gameStarted() {
  app.games++;
  document.body.dataset.games = String(app.games);
}

// take makes st, a state that the worker answered for the action now, the
// page's game.
export function take(st) {
  app.state = st;
  app.view = null;
  app.selected = null;
  app.hint = null;
  if (app.analysis && app.analysis.record !== st.record) app.analysis = null;
}

// advance goes on with the game: your move, the engine's, or its end.
export function advance() {
  const st = app.state;
  if (st.over) setPhase("over");
  else if (st.sideToMove === app.human) setPhase("human");
  else engineMove();
}

// resume goes on after an action that failed: the review stays, and
// anything else goes on with the game, whose search the action may have
// stopped.
function resume() {
  if (app.phase === "review" && analysed()) render();
  else advance();
}

function moveTime() { return Number($("movetime").value) || 1000; }

async function engineMove() {
  const gen = begin();
  app.thinking = level();
  app.info = "";
  setPhase("engine");
  let res;
  try {
    await syncEngine();
    if (stale(gen)) return;
    res = await app.engine.call("think", [moveTime(), app.thinking], (info) => {
      if (stale(gen)) return;
      app.info = `depth ${info.depth}, score ${info.score}, ${formatNodes(info.nodes)} nodes, ${info.pv}`;
      $("engine-info").textContent = app.info;
    });
  } catch (err) {
    if (!stale(gen) && !(err instanceof Cancelled)) {
      showError("The engine could not move: " + err.message);
      setPhase("human");
    }
    return;
  }
  if (stale(gen)) return;
  const t = res.thought;
  take(res.state);
  const speed = t.millis > 0 ? `, ${formatNodes(Math.round(t.nodes / t.millis * 1000))} nodes/s` : "";
  app.info = t.level === FULL_STRENGTH ?
    `The engine played ${t.move}: score ${t.score}, depth ${t.depth}, ${formatNodes(t.nodes)} nodes in ${(t.millis / 1000).toFixed(2)} s${speed}` :
    `The engine, level ${t.level}, played ${t.move}.`;
  await showMove(gen, "engine", t.move, t.path);
  if (stale(gen)) return;
  advance();
}

export async function humanMove(m) {
  const gen = begin();
  clearError();
  app.selected = null;
  app.hint = null;
  const text = m.from + (m.capture ? "x" : "") + m.to;
  app.anim = { by: "you", move: text };
  setPhase("animating");
  let res;
  try {
    await syncEngine();
    if (stale(gen)) return;
    res = await app.engine.call("play", [m.from + m.to]);
  } catch (err) {
    if (!stale(gen) && !(err instanceof Cancelled)) {
      showError(err.message);
      app.anim = null;
      setPhase("human");
    }
    return;
  }
  if (stale(gen)) return;
  take(res.state);
  await showMove(gen, "you", text, m.path);
  if (stale(gen)) return;
  advance();
}

function onSquare(sq) {
  if (leaveVariation()) return;
  const puzzle = app.phase === "puzzle";
  if (app.phase !== "human" && !puzzle) return;
  const st = app.state;
  if (app.selected) {
    const m = st.legal.find((m) => m.from === app.selected && m.to === sq);
    if (m) {
      if (puzzle) puzzles.move(m); // puzzle.js judges it
      else humanMove(m);
      return;
    }
  }
  const movable = st.board[squareIndex(sq)] === app.human && st.legal.some((m) => m.from === sq);
  app.selected = movable && app.selected !== sq ? sq : null;
  drawBoard();
}

// showMove shows the last move of the game, text, which app.state already
// holds: the piece travels from its square to its target, along the capture
// path if there is one, over the piece it takes. It resolves when the piece
// has arrived, or at once when another action begins.
export function showMove(gen, by, text, path) {
  const from = text.slice(0, 2), to = text.slice(-2);
  const taken = text.includes("x") ? (app.state.board[squareIndex(to)] === "black" ? "white" : "black") : "";
  const track = path ? board.pathData(path) : board.stepData(from, to);
  const anim = { by, move: text, from, to, path, taken, track, x: board.px(from), y: board.py(from) };
  app.anim = anim;
  setPhase("animating");
  const line = $("moving-path");
  const length = line.getTotalLength();
  const duration = path ? Math.min(1800, Math.max(400, length / 1.4)) : 220;
  return new Promise((resolve) => {
    let done = false;
    const stop = () => {
      if (app.anim === anim) app.anim = null;
      if (done) return;
      done = true;
      resolve();
    };
    anim.stop = stop;
    const arrive = () => {
      if (done || app.anim !== anim || !testHold("shown", stop)) stop();
    };
    const start = performance.now();
    const frame = (now) => {
      if (done || app.anim !== anim) { stop(); return; }
      const f = Math.min(1, (now - start) / duration);
      const ease = f < 0.5 ? 2 * f * f : 1 - 2 * (1 - f) * (1 - f);
      const p = line.getPointAtLength(ease * length);
      anim.x = p.x;
      anim.y = p.y;
      board.movePiece(p.x, p.y);
      if (f < 1) requestAnimationFrame(frame);
      else arrive();
    };
    requestAnimationFrame(frame);
    setTimeout(arrive, duration + 1000); // should frames stop (a hidden page), go on anyway
  });
}

// flip turns the board round. It changes what is shown, not the game: a
// move being shown arrives at once, and nothing else stops.
function flip() {
  app.bottom = app.bottom === "white" ? "black" : "white";
  if (app.anim && app.anim.stop) app.anim.stop();
  render();
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
  const gen = begin();
  clearError();
  try {
    await syncEngine();
    if (stale(gen)) return;
    const n = pliesToUndo(app.state);
    if (n > 0) {
      const res = await app.engine.call("undo", [n]);
      if (stale(gen)) return;
      take(res.state);
      app.info = "";
    }
  } catch (err) {
    if (stale(gen)) return;
    showError("Undo: " + err.message);
  }
  advance();
}

async function resign() {
  if (app.phase !== "human" && app.phase !== "engine") return;
  const gen = begin();
  clearError();
  try {
    await syncEngine();
    if (stale(gen)) return;
    const res = await app.engine.call("resign", [app.human]);
    if (stale(gen)) return;
    take(res.state);
  } catch (err) {
    if (stale(gen)) return;
    showError("Resign: " + err.message);
  }
  advance();
}

async function newGame(event) {
  if (event) event.preventDefault();
  if (app.phase === "loading" || app.phase === "failed") return;
  const gen = begin();
  clearError();
  try {
    await syncEngine();
    if (stale(gen)) return;
    const res = await app.engine.call("newGame", [$("start-position").value]);
    if (stale(gen)) return;
    app.human = $("color").value;
    app.bottom = app.human;
    app.info = "";
    take(res.state);
    gameStarted();
  } catch (err) {
    if (stale(gen)) return;
    showError("New game: the start position is not valid: " + err.message);
    resume();
    return;
  }
  advance();
}

async function upload() {
  const input = $("upload");
  const file = input.files && input.files[0];
  input.value = "";
  if (!file || app.phase === "loading" || app.phase === "failed") return;
  const gen = begin();
  clearError();
  try {
    const text = await file.text();
    if (stale(gen)) return;
    await syncEngine();
    if (stale(gen)) return;
    const res = await app.engine.call("load", [text]);
    if (stale(gen)) return;
    const n = res.state.comments.length;
    app.info = `Loaded ${file.name}: ${res.state.moves.length} moves` +
      (n > 0 ? `, ${n} comment${n === 1 ? "" : "s"} (dotted in the move list: point at a move to read its own).` : ".");
    app.bottom = app.human;
    take(res.state);
    gameStarted();
  } catch (err) {
    if (stale(gen)) return;
    showError(`Could not load ${file.name}: ${err.message}`);
    resume();
    return;
  }
  advance();
}

// download saves the game that the page shows as a record, with the
// comments of the record it was loaded from and, when the page shows its
// analysis, the analysis's annotations. It changes nothing, so it is no
// action: it does not stop the engine, and the record is of the game at the
// click.
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
    const res = await app.engine.call("record", [app.state.record, headers, analysed() !== null]);
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

// hint searches your best move and draws it. It changes nothing, so it is
// no action: any action, a move included, makes it stale.
async function hint() {
  if (app.phase !== "human" || app.hinting) return;
  const gen = app.gen;
  clearError();
  app.hinting = true;
  app.info = "The engine looks for your best move…";
  render();
  let res;
  try {
    res = await app.engine.call("hint");
  } catch (err) {
    if (stale(gen)) return;
    app.hinting = false;
    app.info = "";
    if (!(err instanceof Cancelled)) showError("Hint: " + err.message);
    render();
    return;
  }
  if (stale(gen) || app.phase !== "human") return;
  const h = res.hint;
  app.hinting = false;
  app.hint = h;
  app.info = `Hint: ${h.move} (score ${h.score}, depth ${h.depth}; the engine's line ${h.line})`;
  render();
}

// ---- Analysis ----

async function analyse() {
  if (!["human", "over", "review"].includes(app.phase) || app.state.moves.length === 0) return;
  const gen = begin();
  clearError();
  app.hint = null;
  app.selected = null;
  app.analysis = null;
  app.info = "";
  const record = app.state.record;
  $("analysis-progress").value = 0;
  $("analysis-progress-text").textContent = "starting…";
  setPhase("analysing");
  const startTime = performance.now();
  let res;
  try {
    await syncEngine();
    if (stale(gen)) return;
    res = await app.engine.call("analyse", [0], (p) => {
      if (stale(gen)) return;
      $("analysis-progress").value = p.done / p.total;
      $("analysis-progress-text").textContent = `${p.done} of ${p.total} positions`;
    });
  } catch (err) {
    if (!stale(gen) && !(err instanceof Cancelled)) {
      showError("Analysis: " + err.message);
      advance();
    }
    return;
  }
  if (stale(gen)) return;
  const a = res.analysis;
  app.analysis = { data: a, ply: a.plies.length - 1, record };
  document.body.dataset.analysisMs = String(Math.round(performance.now() - startTime));
  drawGraph();
  const side = (name, s) => `${name}: accuracy ${s.accuracy.toFixed(1)}%, average loss ${s.averageLoss.toFixed(1)}, ` +
    `${s.inaccuracies} inaccurac${s.inaccuracies === 1 ? "y" : "ies"}, ${s.mistakes} mistake${s.mistakes === 1 ? "" : "s"}, ` +
    `${s.blunders} blunder${s.blunders === 1 ? "" : "s"}`;
  $("analysis-summary").textContent = `${side("Black", a.black)}. ${side("White", a.white)}. ` +
    `${formatNodes(a.nodes)} nodes a position, ${formatNodes(a.nodesSearched)} in ${(a.millis / 1000).toFixed(1)} s.`;
  setPhase("review");
  puzzles.analysed(); // its mistakes become your puzzles
}

async function cancelAnalysis() {
  if (app.phase !== "analysing") return;
  const gen = begin();
  try {
    await syncEngine();
  } catch (err) {
    if (!stale(gen)) showError("Cancel: " + err.message);
  }
  if (!stale(gen)) advance();
}

// drawGraph puts the analysis's graph on the page, with a column over each
// point that takes the clicks for its ply, and a cursor (drawPly moves it).
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

// drawPly shows the analysis of ply k: the annotation of the move that led
// to the position after it, and the graph's cursor on its point.
function drawPly(k) {
  const a = analysed();
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
}

// goToPly enters the review of the analysed game at ply k, or moves in it.
function goToPly(k) {
  const a = analysed();
  if (!a || !["human", "over", "review"].includes(app.phase)) return;
  begin();
  a.ply = Math.max(0, Math.min(a.data.plies.length - 1, k));
  app.selected = null;
  app.hint = null;
  app.info = "";
  setPhase("review");
}

function backToGame() {
  if (app.phase !== "review") return;
  begin();
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
  board = new Board($("board"), onSquare);
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
  app.human = app.bottom = $("color").value;
  board.bottom = app.bottom;
  board.drawGrid();
  $("undo").addEventListener("click", undo);
  $("resign").addEventListener("click", resign);
  $("download").addEventListener("click", download);
  $("upload").addEventListener("change", upload);
  $("new-game").addEventListener("submit", newGame);
  $("hint").addEventListener("click", hint);
  $("analyse").addEventListener("click", analyse);
  $("analysis-cancel").addEventListener("click", cancelAnalysis);
  $("level").addEventListener("change", render);
  const plyNow = () => (reviewing() ? app.analysis.ply : app.state.moves.length);
  $("first").addEventListener("click", () => goToPly(0));
  $("prev").addEventListener("click", () => goToPly(plyNow() - 1));
  $("next").addEventListener("click", () => goToPly(plyNow() + 1));
  $("last").addEventListener("click", () => goToPly(Infinity));
  $("back").addEventListener("click", backToGame);
  $("flip").addEventListener("click", flip);
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
    app.bottom = app.human;
    let res;
    try {
      res = await app.engine.call("newGame", [$("start-position").value]);
    } catch (err) {
      showError("The start position is not valid: " + err.message);
      res = await app.engine.call("newGame", [""]);
    }
    take(res.state);
    gameStarted();
  } catch (err) {
    app.failure = err.message;
    setPhase("failed");
    return;
  }
  const ms = Math.round(performance.now());
  document.body.dataset.readyMs = String(ms);
  const bytes = Number($("footer").dataset.wasmBytes || 0);
  $("footer").textContent = `Ready in ${ms} ms` + (bytes ? `; engine ${(bytes / 1048576).toFixed(1)} MB of WebAssembly.` : ".");
  advance();
}

init();
