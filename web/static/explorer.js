// The opening explorer, beside the board: the moves that the page's
// opening book (book.bin, made from the engine's own games: the module's
// docs/book.md) holds for the position the board shows, with how often
// each was played and how it scored for the side that played it. Clicking
// a move plays it when it is your move in the game (not in a review).
//
// It runs the library in a Web Worker of its own (worker.js, with the
// WebAssembly module that app.js compiled), so that it answers while the
// engine thinks and is not ended when a search is stopped. app.js calls
// explorerRender() after every render. The section's data-state is
// "loading", "ready" or "failed", data-position the position text whose
// moves it shows (once they have come), and each move's row has data-move
// (such as "b2b3").

import { app, humanMove, reviewing, shown } from "./app.js";

// explorer is the explorer's state. It is exported for the page's tests,
// which drop the moves it shows to see the table wait for an answer.
export const explorer = {
  ready: null,      // resolves when the book is open in the worker
  worker: null,
  nextId: 1,
  pending: new Map(),
  info: null,       // the book: {games, plies, positions, moves, bytes}
  failure: "",      // why the book could not be read
  position: null,   // the position asked about
  moves: null,      // its moves, once answered
};

// explorerCall sends a call to the explorer's worker and resolves with its
// answer; an answer with an error rejects.
function explorerCall(method, args) {
  const id = explorer.nextId++;
  return new Promise((resolve, reject) => {
    explorer.pending.set(id, (r) => (r && r.error !== undefined ? reject(new Error(r.error)) : resolve(r)));
    explorer.worker.postMessage({ id, method, args });
  });
}

// explorerStart starts the worker and opens the book in it, once the page
// has compiled the engine's module.
function explorerStart() {
  if (explorer.ready || !app.engine || !app.engine.module) return;
  explorer.ready = (async () => {
    const resp = await fetch("book.bin");
    if (!resp.ok) throw new Error(`book.bin: ${resp.status} ${resp.statusText}`);
    const bytes = new Uint8Array(await resp.arrayBuffer());
    const w = new Worker("worker.js");
    explorer.worker = w;
    await new Promise((resolve, reject) => {
      w.onmessage = (e) => {
        const m = e.data;
        if (m.type === "ready") resolve();
        else if (m.type === "failed") reject(new Error(m.error));
        else if (m.type === "result" && explorer.pending.has(m.id)) {
          const deliver = explorer.pending.get(m.id);
          explorer.pending.delete(m.id);
          deliver(m.result);
        }
      };
      w.onerror = (e) => reject(new Error(e.message || "the explorer's worker failed"));
      w.postMessage({ type: "init", module: app.engine.module });
    });
    explorer.info = (await explorerCall("openBook", [bytes])).book;
  })();
  explorer.ready.then(explorerRender, (err) => {
    explorer.failure = err.message;
    explorerRender();
  });
}

// explorerRender shows the book's moves of the position on the board,
// asking the worker for them when the position has changed.
export function explorerRender() {
  const box = document.getElementById("explorer");
  if (!box) return;
  explorerStart();
  const note = box.querySelector(".explorer-note");
  const body = box.querySelector("tbody");
  if (explorer.failure) {
    box.dataset.state = "failed";
    note.textContent = "The opening book could not be read: " + explorer.failure;
    body.replaceChildren();
    return;
  }
  if (!explorer.info) {
    box.dataset.state = "loading";
    note.textContent = "Loading the opening book…";
    return;
  }
  box.dataset.state = "ready";
  const s = shown();
  const position = s ? s.position : "";
  if (position !== explorer.position) {
    explorer.position = position;
    explorer.moves = null;
    delete box.dataset.position;
    explorerCall("explore", [position]).then((res) => {
      if (explorer.position !== position) return;
      explorer.moves = res.moves;
      box.dataset.position = position;
      explorerRender();
    }, (err) => {
      if (explorer.position !== position) return;
      explorer.moves = [];
      note.textContent = err.message;
    });
  }
  explorerDraw(box, note, body);
}

// explorerDraw draws the moves of the position, each a row that plays
// its move when clicked, if you may play it now.
function explorerDraw(box, note, body) {
  const i = explorer.info;
  const about = `${i.games} games of the engine, to ply ${i.plies - 1}`;
  body.replaceChildren();
  if (explorer.moves === null) return;
  if (explorer.moves.length === 0) {
    note.textContent = `Not in the book (${about}).`;
    return;
  }
  const n = explorer.moves.reduce((sum, m) => sum + m.count, 0);
  note.textContent = `Played ${n} times in the book (${about}). Score and W/D/L: for the side that played the move.`;
  const playable = app.phase === "human" && !reviewing() && !app.view;
  for (const m of explorer.moves) {
    const legal = playable && app.state.legal.find((l) => l.from === m.from && l.to === m.to);
    const tr = document.createElement("tr");
    tr.dataset.move = m.from + m.to;
    const cells = [m.move, String(m.count), (100 * m.share).toFixed(0) + "%",
      `${(100 * m.score).toFixed(0)}%`, `${m.wins}/${m.draws}/${m.losses}`];
    for (const text of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    }
    if (legal) {
      tr.classList.add("playable");
      tr.title = `Play ${m.move}`;
      tr.addEventListener("click", () => humanMove(legal));
    }
    body.appendChild(tr);
  }
}
