// Puzzle mode: positions where one move is clearly best, to solve on the
// board (docs/puzzles.md). The published puzzles come from the engine's
// games; "your puzzles" from the mistakes of the games analysed on this
// page (the worker's gamePuzzles, after each analysis). The board, the
// worker and the drawing are app.js's: puzzle mode is the phase "puzzle",
// whose moves app.js's clicks hand to puzzles.move, and body.puzzling hides
// the game's controls meanwhile. The tally (solved, failed, the streak),
// the next published puzzle and your puzzles are kept in localStorage.

import { Cancelled, advance, app, begin, clearError, render, setPhase, showError, showMove, stale, take } from "./app.js";
import { leaveVariation } from "./variations.js";

const STORE = "surakarta-puzzles";
const pz = {
  published: null, // the published puzzles, once the worker has given them
  yours: [],       // the puzzles of your games, newest last
  list: "published",
  index: 0,        // the puzzle on the board, in its list
  ply: 0,          // the index in its solution of the next move
  hints: 0,        // hints given at this move: 1 the piece, 2 the move
  done: false,     // solved or failed: only next goes on
  message: "",     // what the last move or hint said
  tally: { solved: 0, failed: 0, streak: 0 },
  next: 0,         // the published puzzle to start with next time
  saved: null,     // the game left for the puzzles: {state, human, bottom}
  gen: 0,          // the puzzle action now, as app.gen for the game
};

function load() {
  try {
    const s = JSON.parse(localStorage.getItem(STORE) || "{}");
    if (s.tally) pz.tally = { solved: s.tally.solved | 0, failed: s.tally.failed | 0, streak: s.tally.streak | 0 };
    if (Array.isArray(s.yours)) pz.yours = s.yours.filter((p) => p && typeof p.position === "string" && Array.isArray(p.solution));
    pz.next = s.next | 0;
  } catch (e) {
    // A store another version wrote, or none: start afresh.
  }
}

function save() {
  try {
    localStorage.setItem(STORE, JSON.stringify({ tally: pz.tally, yours: pz.yours, next: pz.next }));
  } catch (e) {
    // Storage full or forbidden: the tally lasts as long as the page.
  }
}

const list = () => (pz.list === "yours" ? pz.yours : pz.published || []);
const current = () => list()[pz.index];
const squares = (text) => [text.slice(0, 2), text.slice(-2)];
const colour = (c) => (c === "black" ? "Black" : "White");

// ---- The panel ----

function build() {
  const box = document.createElement("section");
  box.id = "puzzle-box";
  box.innerHTML = `
    <div class="buttons"><button id="puzzle-start" type="button" title="Solve puzzles: positions where one move is clearly best">Puzzles</button></div>
    <div id="puzzle-play" hidden>
      <h2 id="puzzle-title"></h2>
      <label>Puzzles
        <select id="puzzle-list">
          <option value="published">from the engine's games</option>
          <option value="yours">your puzzles (from your games analysed)</option>
        </select>
      </label>
      <p id="puzzle-prompt"></p>
      <p id="puzzle-message" aria-live="polite"></p>
      <div class="buttons">
        <button id="puzzle-hint" type="button" title="The piece to move; again: the move">Hint</button>
        <button id="puzzle-solution" type="button" title="Show the solution (the puzzle counts as failed)">Solution</button>
        <button id="puzzle-next" type="button">Next puzzle</button>
        <button id="puzzle-leave" type="button" title="Back to your game">Back to the game</button>
      </div>
      <p id="puzzle-tally"></p>
    </div>`;
  document.getElementById("panel").prepend(box);
  document.getElementById("puzzle-start").addEventListener("click", enter);
  document.getElementById("puzzle-hint").addEventListener("click", hint);
  document.getElementById("puzzle-solution").addEventListener("click", () => { if (!pz.done) fail(""); });
  document.getElementById("puzzle-next").addEventListener("click", next);
  document.getElementById("puzzle-leave").addEventListener("click", leave);
  document.getElementById("puzzle-list").addEventListener("change", (e) => choose(e.target.value));
  show();
}

// show updates the panel from pz.
function show() {
  if (!document.getElementById("puzzle-box")) return;
  const on = document.body.classList.contains("puzzling");
  const $ = (id) => document.getElementById(id);
  $("puzzle-start").disabled = !["human", "over", "review"].includes(app.phase);
  $("puzzle-start").parentElement.hidden = on;
  $("puzzle-play").hidden = !on;
  const yours = $("puzzle-list").options[1];
  yours.textContent = `your puzzles (${pz.yours.length}, from your games analysed)`;
  yours.disabled = pz.yours.length === 0;
  $("puzzle-list").value = pz.list;
  const t = pz.tally;
  $("puzzle-tally").textContent = `Solved ${t.solved} · failed ${t.failed} · streak ${t.streak}`;
  $("puzzle-tally").dataset.solved = String(t.solved);
  $("puzzle-tally").dataset.failed = String(t.failed);
  $("puzzle-tally").dataset.streak = String(t.streak);
  const p = on ? current() : null;
  if (!p) return;
  const level = p.difficulty >= 1 && p.difficulty <= 10 ? `difficulty ${p.difficulty}` :
    p.difficulty > 10 ? "difficulty above level 10" : "not rated";
  $("puzzle-title").textContent = `Puzzle ${pz.index + 1} of ${list().length} (${level})`;
  $("puzzle-title").title = p.source ? `From ${p.source}, after ${p.ply} moves` : "";
  $("puzzle-prompt").textContent = `${colour(p.solver)} to move: find the move that ${p.theme}.`;
  $("puzzle-message").textContent = pz.message;
  $("puzzle-hint").disabled = pz.done || app.phase !== "puzzle";
  $("puzzle-solution").disabled = pz.done || app.phase !== "puzzle";
  $("puzzle-next").disabled = list().length === 0;
  document.body.dataset.puzzle = String(pz.index);
  document.body.dataset.puzzleDone = pz.done ? "yes" : "no";
}

// ---- Puzzle mode ----

async function enter() {
  if (!["human", "over", "review"].includes(app.phase)) return;
  pz.saved = { state: app.state, human: app.human, bottom: app.bottom, analysis: app.analysis };
  document.body.classList.add("puzzling");
  if (!pz.published) {
    try {
      pz.published = (await app.engine.call("puzzles")).puzzles;
    } catch (err) {
      showError("Puzzles: " + err.message);
      leave();
      return;
    }
  }
  if (pz.list === "yours" && pz.yours.length === 0) pz.list = "published";
  start(pz.list === "published" ? pz.next % Math.max(1, pz.published.length) : 0);
}

function choose(name) {
  pz.list = name === "yours" && pz.yours.length > 0 ? "yours" : "published";
  start(pz.list === "published" ? pz.next % Math.max(1, list().length) : 0);
}

// start puts puzzle i of the list on the board.
async function start(i) {
  const p = list()[i];
  if (!p) return;
  const gen = begin();
  pz.gen = gen;
  clearError();
  Object.assign(pz, { index: i, ply: 0, hints: 0, done: false, message: "" });
  leaveVariation(); // the board shows the game
  app.analysis = null;
  app.info = "";
  let res;
  try {
    if (app.engine.busy) {
      app.engine.stop();
      await app.engine.start();
    }
    res = await app.engine.call("newGame", [p.position]);
  } catch (err) {
    if (!stale(gen) && !(err instanceof Cancelled)) showError("Puzzle: " + err.message);
    return;
  }
  if (stale(gen)) return;
  take(res.state);
  app.human = p.solver;
  app.bottom = p.solver;
  setPhase("puzzle");
}

// play plays text (from and to) in the worker's game and shows it.
async function play(gen, by, text) {
  const res = await app.engine.call("play", [squares(text).join("")]);
  if (stale(gen)) return false;
  take(res.state);
  const m = res.state.moves[res.state.moves.length - 1];
  await showMove(gen, by, m.text, m.path);
  return !stale(gen);
}

// move judges your move m, which app.js's onSquare hands over in the
// phase "puzzle".
async function move(m) {
  if (pz.done) return;
  const p = current();
  const want = p.solution[pz.ply];
  const last = pz.ply === p.solution.length - 1;
  const right = m.from === squares(want)[0] && m.to === squares(want)[1];
  const gen = begin();
  pz.gen = gen;
  app.selected = null;
  app.hint = null;
  try {
    if (!right && !(last && p.kind === "game")) {
      fail(m.from + (m.capture ? "x" : "") + m.to);
      return;
    }
    const before = app.state;
    if (!(await play(gen, "you", m.from + m.to))) return;
    if (!right && !(app.state.over && app.state.winner === p.solver)) {
      // Not a move that wins at once: take it back, and show the solution.
      take(before);
      await app.engine.call("load", [before.record]);
      if (stale(gen)) return;
      fail(m.from + (m.capture ? "x" : "") + m.to);
      return;
    }
    pz.ply++;
    pz.hints = 0;
    if (pz.ply >= p.solution.length) {
      solved();
      return;
    }
    if (!(await play(gen, "engine", p.solution[pz.ply]))) return;
    pz.ply++;
    pz.message = `Right. ${colour(p.solver === "black" ? "white" : "black")} replied ${app.state.moves[app.state.moves.length - 1].text}: go on.`;
    setPhase("puzzle");
  } catch (err) {
    if (!stale(gen) && !(err instanceof Cancelled)) {
      showError("Puzzle: " + err.message);
      setPhase("puzzle");
    }
  }
}

function count(result) {
  pz.tally[result]++;
  pz.tally.streak = result === "solved" ? pz.tally.streak + 1 : 0;
  if (pz.list === "published") pz.next = pz.index + 1;
  pz.done = true;
  save();
}

function solved() {
  count("solved");
  pz.message = `Solved: it ${current().theme}!`;
  setPhase("puzzle");
}

// fail ends the puzzle as failed, after your wrong move played (empty
// when you asked for the solution), and shows the solution: its move
// now on the board, and the whole line in words.
function fail(played) {
  const p = current();
  count("failed");
  const rest = p.solution.slice(pz.ply);
  pz.message = (played ? `Wrong: ${played} is not it. ` : "") + `The solution: ${rest.join(" ")} (it ${p.theme}).`;
  showSolutionMove(rest[0]);
  setPhase("puzzle");
}

function showSolutionMove(text) {
  const [from, to] = squares(text);
  const m = app.state.legal.find((m) => m.from === from && m.to === to);
  app.hint = { move: text, path: m ? m.path : null };
}

function hint() {
  if (pz.done || app.phase !== "puzzle") return;
  const want = current().solution[pz.ply];
  pz.hints++;
  if (pz.hints === 1) {
    app.selected = squares(want)[0];
    pz.message = `Hint: move the piece on ${squares(want)[0]}.`;
  } else {
    app.selected = null;
    showSolutionMove(want);
    pz.message = `Hint: ${want}.`;
  }
  render();
}

function next() {
  if (list().length === 0) return;
  start((pz.index + 1) % list().length);
}

// leave goes back to the game left for the puzzles.
function leave() {
  begin();
  document.body.classList.remove("puzzling");
  delete document.body.dataset.puzzle;
  delete document.body.dataset.puzzleDone;
  const s = pz.saved;
  pz.saved = null;
  if (s && s.state) {
    take(s.state);
    app.analysis = s.analysis;
    app.human = s.human;
    app.bottom = s.bottom;
    advance(); // the worker loads the game again before its next call
  } else {
    render();
  }
}

// analysed adds the puzzles of the game just analysed to yours: app.js
// calls it after each analysis. A puzzle already there is not added
// again.
async function analysed() {
  let res;
  try {
    res = await app.engine.call("gamePuzzles");
  } catch (err) {
    return; // a game under other rules, or the analysis was dropped
  }
  const have = new Set(pz.yours.map((p) => p.position));
  for (const p of res.puzzles) {
    if (!have.has(p.position)) pz.yours.push(p);
  }
  document.body.dataset.yourPuzzles = String(pz.yours.length);
  save();
  show();
}

// puzzles is what app.js asks of the puzzle mode: to judge your move in the
// phase "puzzle" (move), to add the puzzles of a game just analysed
// (analysed), to show the panel (show), and the status line (status).
export const puzzles = { move, analysed, show, status: () => (current() ? `Puzzle: ${colour(current().solver)} to move.` : "") };

load();
document.addEventListener("DOMContentLoaded", build);
