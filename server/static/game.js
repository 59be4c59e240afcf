// The game page: a game played, watched or replayed. The board is the
// browser page's (/web/board.js, served from web/static): this script
// says what to draw. The game comes over the game's WebSocket as updates
// ({"t":"game"}: the moves from a ply on and the game as it stands); the
// page holds the moves, and after a dropped connection or a reload says
// how many it holds ("hello") and gets the rest, so nothing is lost. It
// knows no rules: the server sends the legal moves of the side to move
// with their capture paths, and checks every move sent.
//
// document.body.dataset.ply is the number of moves held, dataset.status
// the game's status and dataset.connected "1" while the socket is open
// (the browser tests read them).

import { Board, squareIndex } from "/web/board.js";
import { addMove } from "/web/movelist.js";

const $ = (id) => document.getElementById(id);
const id = document.body.dataset.game;
const me = document.body.dataset.me;

const page = {
  update: null,     // the last update
  moves: [],        // every move held, in order
  mine: "",         // the side the visitor plays, "" for a spectator
  bottom: "black",  // the side the board is seen from
  flipped: false,
  selected: null,   // the square of the piece picked up
  view: null,       // the ply shown while replaying, null for the game now
  seq: 0,           // the last frame's number
  ws: null,
  received: 0,      // when the last update came (performance.now())
  retry: 500,       // the wait before reconnecting, ms
};

const board = new Board($("board"), onSquare);

// ---- The connection ----

function connect() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/game/${id}`);
  page.ws = ws;
  ws.onopen = () => {
    page.retry = 500;
    document.body.dataset.connected = "1";
    ws.send(JSON.stringify({ t: "hello", ply: page.moves.length }));
  };
  ws.onmessage = (e) => {
    const f = JSON.parse(e.data);
    if (f.t === "game") take(f);
    else if (f.t === "error") showError(f.error);
    else if (f.t === "reconnect") ws.close();
  };
  ws.onclose = () => {
    document.body.dataset.connected = "0";
    if (page.ws !== ws) return;
    const u = page.update;
    if (u && (u.status === "over" || u.status === "aborted")) return; // nothing more will come
    setTimeout(connect, page.retry);
    page.retry = Math.min(page.retry * 2, 5000);
  };
}

function send(frame) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
    showError("Not connected: reconnecting…");
    return;
  }
  page.seq++;
  page.ws.send(JSON.stringify({ ...frame, seq: page.seq }));
}

// take takes an update: its moves follow those held, or the page asks
// again with the number it holds.
function take(u) {
  if (u.from > page.moves.length) {
    page.ws.send(JSON.stringify({ t: "hello", ply: page.moves.length }));
    return;
  }
  const before = page.update;
  page.moves = page.moves.slice(0, u.from).concat(u.moves);
  page.update = u;
  page.received = performance.now();
  page.selected = null;
  if (before && before.status === "open" && u.status !== "open") {
    location.reload(); // the challenge was taken: the page of the game
    return;
  }
  page.mine = u.status === "open" ? "" : u.black === me ? "black" : u.white === me ? "white" : "";
  if (!page.flipped) page.bottom = page.mine || "black";
  clearError();
  render();
}

// ---- Drawing ----

// parseBoard returns the pieces of a position text by square.
function parseBoard(text) {
  const out = new Array(36).fill("");
  const ranks = text.split(" ")[0].split("/");
  ranks.forEach((row, i) => {
    const rank = 5 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= "1" && ch <= "6") file += Number(ch);
      else {
        out[rank * 6 + file] = ch === "b" ? "black" : "white";
        file++;
      }
    }
  });
  return out;
}

// boardAt returns the pieces after the first k moves: each moves its
// piece, and takes what stands on its target.
function boardAt(k) {
  const b = parseBoard(page.update.start);
  for (const m of page.moves.slice(0, k)) {
    const from = squareIndex(m.move.slice(0, 2)), to = squareIndex(m.move.slice(-2));
    b[to] = b[from];
    b[from] = "";
  }
  return b;
}

function lastOf(k) {
  if (k === 0) return null;
  const m = page.moves[k - 1];
  return { from: m.move.slice(0, 2), to: m.move.slice(-2), path: m.path };
}

function live() { return page.update && page.update.status === "playing"; }
function myTurn() { return live() && page.view === null && page.mine !== "" && page.update.side === page.mine; }
function colorName(c) { return c === "black" ? "Black" : "White"; }

function render() {
  const u = page.update;
  if (!u) return;
  document.body.dataset.ply = String(page.moves.length);
  document.body.dataset.status = u.status;
  const k = page.view === null ? page.moves.length : page.view;
  board.bottom = page.bottom;
  board.draw({
    board: page.view === null ? u.board : boardAt(k),
    last: lastOf(k),
    anim: null,
    mine: myTurn() ? page.mine : null,
    selected: page.selected,
    legal: myTurn() ? u.legal : [],
    suggestions: [],
  });
  const top = page.bottom === "black" ? "white" : "black";
  $("player-top").querySelector(".name").textContent = `${colorName(top)}: ${u[top] || "…"}`;
  $("player-bottom").querySelector(".name").textContent = `${colorName(page.bottom)}: ${u[page.bottom] || "…"}`;
  $("player-top").dataset.color = top;
  $("player-bottom").dataset.color = page.bottom;
  drawClocks();
  drawMoves(k);
  $("status").textContent = statusText();
  const playing = live() && page.mine !== "";
  const movedFirst = (side) => page.moves.some((m) => m.color === side);
  $("abort").hidden = !playing || movedFirst(page.mine);
  $("resign").hidden = !playing;
  const theirs = page.mine === "black" ? "white" : "black";
  $("offer").hidden = !playing || u.drawOffer !== "";
  $("accept").hidden = !playing || u.drawOffer !== theirs;
  $("decline").hidden = !playing || u.drawOffer !== theirs;
  const done = u.status === "over" || u.status === "aborted";
  $("replay").hidden = page.moves.length === 0;
  $("archive").hidden = !done;
}

function statusText() {
  const u = page.update;
  switch (u.status) {
    case "open": return "Waiting for an opponent.";
    case "aborted": return "The game was aborted.";
    case "over": {
      let verdict = "";
      if (page.mine) verdict = u.result === "1/2-1/2" ? " A draw." : (u.result === "1-0") === (page.mine === "black") ? " You win!" : " You lose.";
      return `Game over: ${u.outcome}.${verdict}`;
    }
  }
  const offer = u.drawOffer ? ` ${colorName(u.drawOffer)} offers a draw.` : "";
  if (page.view !== null) return `Move ${page.view} of ${page.moves.length}: the game goes on (${colorName(u.side)} to move).`;
  if (myTurn()) return `Your move (${colorName(page.mine)}).${offer}`;
  return `${colorName(u.side)} to move.${offer}`;
}

function formatClock(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  const tenths = ms < 10000 ? "." + Math.floor((ms % 1000) / 100) : "";
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}${tenths}`;
}

// drawClocks shows both clocks: the running one counts down from the
// update's time, on this computer's clock since the update came.
function drawClocks() {
  const u = page.update;
  if (!u) return;
  for (const box of [$("player-top"), $("player-bottom")]) {
    const side = box.dataset.color;
    let ms = u.clock[side];
    const running = u.clock.running === side;
    if (running) ms -= performance.now() - page.received;
    const c = box.querySelector(".clock");
    c.textContent = formatClock(ms);
    c.classList.toggle("running", running);
    c.classList.toggle("low", running && ms < 10000);
  }
}

function drawMoves(k) {
  const body = $("moves").tBodies[0];
  body.textContent = "";
  let row = null;
  page.moves.forEach((m, i) => {
    let cell;
    [row, cell] = addMove(body, row, m.number, m.color);
    cell.textContent = m.move;
    cell.dataset.ply = String(i + 1);
    if (analysis && analysis.moves[i]) cell.classList.add("noted", analysis.moves[i].class);
    if (i + 1 === k) cell.classList.add("current");
  });
  const box = $("moves-box");
  box.scrollTop = box.scrollHeight;
}

// ---- Playing ----

function onSquare(sq) {
  if (!myTurn()) return;
  const u = page.update;
  if (page.selected) {
    const m = u.legal.find((m) => m.from === page.selected && m.to === sq);
    if (m) {
      page.selected = null;
      send({ t: "move", ply: page.moves.length, move: m.from + (m.capture ? "x" : "") + m.to });
      render();
      return;
    }
  }
  const movable = u.board[squareIndex(sq)] === page.mine && u.legal.some((m) => m.from === sq);
  page.selected = movable && page.selected !== sq ? sq : null;
  render();
}

function showError(text) {
  $("error").textContent = text;
  $("error").hidden = false;
}

function clearError() {
  $("error").hidden = true;
}

// ---- Replay and analysis ----

let analysis = null; // the analysis's summary, once made

function goTo(k) {
  const n = page.moves.length;
  k = Math.max(0, Math.min(n, k));
  page.view = k === n ? null : k;
  page.selected = null;
  render();
}

async function analyse() {
  $("analyse").disabled = true;
  const res = await fetch(`/game/${id}/analysis`, { method: "POST", headers: { Accept: "application/json" } });
  if (!res.ok && res.status !== 202) {
    showError("Analysis: " + ((await res.json()).error || res.statusText));
    $("analyse").disabled = false;
    return;
  }
  pollAnalysis();
}

async function pollAnalysis() {
  const res = await fetch(`/game/${id}/analysis.json`);
  const a = await res.json();
  if (a.status === "done") {
    analysis = a.summary;
    $("analysis").hidden = false;
    $("graph").src = `/game/${id}/graph.svg`;
    const side = (name, s) => `${name}: accuracy ${s.accuracy.toFixed(1)}%, ${s.inaccuracies} inaccuracies, ${s.mistakes} mistakes, ${s.blunders} blunders`;
    $("analysis-summary").textContent = `${side("Black", a.summary.black)}. ${side("White", a.summary.white)}.`;
    $("analyse").disabled = true;
    render();
  } else if (a.status === "queued" || a.status === "running") {
    $("analysis-summary").textContent = "The engine analyses the game…";
    $("analysis").hidden = false;
    setTimeout(pollAnalysis, 1000);
  } else if (a.status === "failed") {
    showError("The analysis failed.");
  }
}

// ---- Start ----

$("flip").addEventListener("click", () => {
  page.flipped = true;
  page.bottom = page.bottom === "black" ? "white" : "black";
  render();
});
$("resign").addEventListener("click", () => send({ t: "resign" }));
$("offer").addEventListener("click", () => send({ t: "offer" }));
$("accept").addEventListener("click", () => send({ t: "accept" }));
$("decline").addEventListener("click", () => send({ t: "decline" }));
$("abort").addEventListener("click", () => send({ t: "abort" }));
$("analyse").addEventListener("click", analyse);
$("first").addEventListener("click", () => goTo(0));
$("prev").addEventListener("click", () => goTo((page.view ?? page.moves.length) - 1));
$("next").addEventListener("click", () => goTo((page.view ?? page.moves.length) + 1));
$("last").addEventListener("click", () => goTo(page.moves.length));
$("moves").addEventListener("click", (e) => {
  const t = e.target.closest("td[data-ply]");
  if (t) goTo(Number(t.dataset.ply));
});
if ($("invite")) $("invite").value = location.href;
setInterval(drawClocks, 100);
board.drawGrid();
connect();
pollAnalysis();
