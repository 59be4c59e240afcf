// Variations in the move list: the alternative lines of a record loaded
// (its "( … )") and the engine's better lines of an analysis, each in a
// row of its own under the move it replaces, indented by its depth and in
// parentheses, with the glyphs of the record's moves ("?!", "!!", "$10")
// against them. A click on a move of a variation shows the position after
// it on the board (app.view, which shown() draws) until the next click on
// the board or the move list, or any action. app.js draws the rows
// (drawVariations) and leaves a variation's position on a click on the
// board (leaveVariation).

import { $, analysed, app, render } from "./app.js";

// variationRows returns the rows to show: the record's variations, then,
// when the page shows an analysis of the game, the engine's.
function variationRows() {
  const st = app.state;
  if (!st) return [];
  const rows = (st.variations || []).map((r) => ({ ...r, source: "record" }));
  const a = analysed();
  if (a && a.data.variations) rows.push(...a.data.variations.map((r) => ({ ...r, source: "engine" })));
  return rows;
}

// drawVariations adds the glyphs of the record's moves to their cells and
// a row for each variation after the row of the move it replaces (and
// after the rows already added there), to the move list's body.
export function drawVariations(body) {
  const st = app.state;
  if (!st) return;
  st.moves.forEach((m, i) => {
    if (!m.glyphs) return;
    const cell = body.querySelector(`td[data-ply="${i}"]`);
    if (!cell) return;
    const g = document.createElement("span");
    g.className = "glyph";
    g.textContent = m.glyphs.startsWith("$") ? " " + m.glyphs : m.glyphs;
    cell.insertBefore(g, cell.childNodes[1] || null);
  });
  // A variation of the game's moves goes under the row of the move it
  // replaces, after those already there; a deeper one follows the row of
  // the variation it belongs to.
  const after = new Map(); // the row of a move → the last row added under it
  let moveRow = null;
  variationRows().forEach((v, index) => {
    if (v.depth === 1) {
      const cell = body.querySelector(`td[data-ply="${v.ply - 1}"]`);
      moveRow = cell ? cell.parentElement : null;
    }
    if (!moveRow) return;
    const anchor = after.get(moveRow) || moveRow;
    const row = document.createElement("tr");
    row.className = "variation " + v.source;
    row.dataset.ply = String(v.ply);
    row.dataset.depth = String(v.depth);
    anchor.after(row);
    after.set(moveRow, row);
    const td = row.insertCell();
    td.colSpan = 3;
    td.style.paddingLeft = `${0.4 + 1.2 * v.depth}em`;
    td.title = v.source === "engine" ? "The engine's better line: click a move to see the position after it" :
      "A variation of the record: click a move to see the position after it";
    td.append("(");
    v.moves.forEach((m, j) => {
      if (j > 0) td.append(" ");
      const span = document.createElement("span");
      span.className = "variation-move";
      span.dataset.variation = String(index);
      span.dataset.index = String(j);
      span.textContent = (m.label ? m.label + " " : "") + m.text + (m.glyphs ? (m.glyphs.startsWith("$") ? " " : "") + m.glyphs : "");
      if (m.comment) {
        span.title = m.comment;
        span.classList.add("commented");
      }
      const view = app.view;
      if (view && view.variation === index && view.index === j && view.source === v.source) span.classList.add("current");
      td.appendChild(span);
    });
    td.append(")");
  });
}

// showVariationMove shows on the board the position after move j of the
// index-th variation row.
function showVariationMove(index, j) {
  const v = variationRows()[index];
  const m = v && v.moves[j];
  if (!m) return;
  const label = m.label || "";
  app.selected = null;
  app.view = {
    variation: index, index: j, source: v.source,
    board: m.board, position: m.position, legal: [], moves: [{ text: m.text, path: m.path }],
    status: `${v.source === "engine" ? "The engine's line" : "A variation"} of move ${v.ply}: after ${label ? label + " " : ""}${m.text}` +
      " (click the board or the move list to go back).",
  };
  document.body.dataset.view = m.position;
  render();
}

// leaveVariation goes back from a variation's position to what the page
// showed before.
export function leaveVariation() {
  if (!app.view) return false;
  app.view = null;
  delete document.body.dataset.view;
  render();
  return true;
}

document.addEventListener("DOMContentLoaded", () => {
  $("moves").addEventListener("click", (e) => {
    const span = e.target.closest("[data-variation]");
    if (span) {
      showVariationMove(Number(span.dataset.variation), Number(span.dataset.index));
      return;
    }
    if (e.target.closest("td[data-ply]")) leaveVariation();
  });
});
