// The board: its points, both circuits with their corner loops, the
// pieces, the last move, the capture paths and the suggestions, drawn in
// an SVG element as seen from either side. It knows no rules and no game:
// the page that owns it says what to draw (Board.draw), and hears the
// squares clicked. Two pages draw with it: the browser page (app.js),
// and the server's game page (server/static/game.js), which serves this
// file from this directory, so that both boards are one.

const U = 100;            // SVG units between neighbouring points
const MARGIN = 250;       // room round the grid for the outer loops (radius 2U)
export const SIZE = 5 * U + 2 * MARGIN;
const FILES = "abcdef";
const SVGNS = "http://www.w3.org/2000/svg";

export function squareIndex(name) { return (name.charCodeAt(1) - 49) * 6 + (name.charCodeAt(0) - 97); }
export function squareName(file, rank) { return FILES[file] + (rank + 1); }

// el makes an SVG element with its attributes, in parent if given.
export function el(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function clear(g) { while (g.firstChild) g.removeChild(g.firstChild); }

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

export class Board {
  // The board in the SVG element svg; onSquare(name) hears each click on
  // a square. bottom is the side it is seen from: Black's side has a1 at
  // the bottom left, White's (the board turned round) at the top right.
  constructor(svg, onSquare) {
    this.svg = svg;
    this.bottom = "black";
    this.layers = {};
    svg.setAttribute("viewBox", `0 0 ${SIZE} ${SIZE}`);
    el("rect", { class: "bg", x: 0, y: 0, width: SIZE, height: SIZE, rx: 24 }, svg);
    this.layers.grid = el("g", { id: "grid" }, svg);
    const defs = el("defs", {}, svg);
    const marker = el("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 5, refY: 5,
      markerWidth: 3.2, markerHeight: 3.2, orient: "auto-start-reverse" }, defs);
    el("path", { d: "M 0 0 L 10 5 L 0 10 z" }, marker);
    for (const name of ["marks", "options", "pieces", "suggestions", "targets", "hits"]) {
      this.layers[name] = el("g", { id: "layer-" + name }, svg);
    }
    for (let rank = 0; rank < 6; rank++) {
      for (let file = 0; file < 6; file++) {
        const sq = squareName(file, rank);
        const hit = el("rect", { class: "hit", "data-square": sq, width: U, height: U }, this.layers.hits);
        el("title", {}, hit).textContent = sq;
      }
    }
    svg.addEventListener("click", (e) => {
      const hit = e.target.closest("[data-square]");
      if (hit) onSquare(hit.dataset.square);
    });
  }

  // xy, px and py place a point of the board as seen from this.bottom.
  xy(file, rank) {
    return this.bottom === "white" ? [MARGIN + (5 - file) * U, MARGIN + rank * U] : [MARGIN + file * U, MARGIN + (5 - rank) * U];
  }
  px(name) { return this.xy(name.charCodeAt(0) - 97, name.charCodeAt(1) - 49)[0]; }
  py(name) { return this.xy(name.charCodeAt(0) - 97, name.charCodeAt(1) - 49)[1]; }

  // pathData draws a capture path: straight along the lines, round the loops.
  pathData(path) {
    const pts = path.points;
    const loops = new Map(path.loops.map((l) => [l.index, l.corner]));
    let d = `M ${this.px(pts[0])} ${this.py(pts[0])}`;
    for (let i = 1; i < pts.length; i++) {
      const corner = loops.get(i);
      if (corner) {
        d += " " + arc(this.px(pts[i - 1]), this.py(pts[i - 1]), this.px(pts[i]), this.py(pts[i]), this.px(corner), this.py(corner));
      } else {
        d += ` L ${this.px(pts[i])} ${this.py(pts[i])}`;
      }
    }
    return d;
  }

  // stepData draws the straight track of a step.
  stepData(from, to) { return `M ${this.px(from)} ${this.py(from)} L ${this.px(to)} ${this.py(to)}`; }

  // circuitData draws a whole circuit: k = 1 is the inner one (ranks and
  // files 2 and 5), k = 2 the outer (3 and 4).
  circuitData(k) {
    let d = "";
    for (const line of [k, 5 - k]) {
      d += `M ${this.xy(0, line).join(" ")} L ${this.xy(5, line).join(" ")} `;
      d += `M ${this.xy(line, 0).join(" ")} L ${this.xy(line, 5).join(" ")} `;
    }
    // Each loop joins the end of a rank line to the end of a file line.
    for (const [cf, cr, af, ar, bf, br] of [
      [0, 0, 0, k, k, 0], [5, 0, 5, k, 5 - k, 0], [0, 5, 0, 5 - k, k, 5], [5, 5, 5, 5 - k, 5 - k, 5],
    ]) {
      const [ax, ay] = this.xy(af, ar), [bx, by] = this.xy(bf, br), [cx, cy] = this.xy(cf, cr);
      d += `M ${ax} ${ay} ${arc(ax, ay, bx, by, cx, cy)} `;
    }
    return d;
  }

  // drawGrid draws the lines, the circuits and the labels, and puts the
  // squares that take the clicks on their points, as seen from this.bottom.
  drawGrid() {
    const grid = this.layers.grid;
    clear(grid);
    for (let i = 0; i < 6; i++) {
      el("line", { class: "grid", x1: this.xy(0, i)[0], y1: this.xy(0, i)[1], x2: this.xy(5, i)[0], y2: this.xy(5, i)[1] }, grid);
      el("line", { class: "grid", x1: this.xy(i, 0)[0], y1: this.xy(i, 0)[1], x2: this.xy(i, 5)[0], y2: this.xy(i, 5)[1] }, grid);
      const lx = el("text", { class: "label file", x: this.xy(i, 0)[0], y: SIZE - 22 }, grid);
      lx.textContent = FILES[i];
      const ly = el("text", { class: "label rank", x: 22, y: this.xy(0, i)[1] }, grid);
      ly.textContent = String(i + 1);
    }
    el("path", { class: "circuit outer", "data-circuit": "outer", d: this.circuitData(2) }, grid);
    el("path", { class: "circuit inner", "data-circuit": "inner", d: this.circuitData(1) }, grid);
    for (const hit of this.layers.hits.children) {
      hit.setAttribute("x", this.px(hit.dataset.square) - U / 2);
      hit.setAttribute("y", this.py(hit.dataset.square) - U / 2);
    }
    grid.dataset.bottom = this.bottom;
  }

  // drawSuggestion draws a move that the engine suggests (kind "hint" or
  // "better"): an arrow for a step, its path for a capture. The group
  // has the id kind + "-move" and the move in data-move, and for a
  // capture its path's points in data-points.
  drawSuggestion(s, kind) {
    const g = el("g", { id: kind + "-move", class: "suggestion " + kind, "data-move": s.move,
      "data-points": s.path ? s.path.points.join(" ") : "" }, this.layers.suggestions);
    const title = el("title", {}, g);
    title.textContent = (kind === "hint" ? "Hint: " : "The engine's better move: ") + s.move;
    const from = s.move.slice(0, 2), to = s.move.slice(-2);
    if (s.path) {
      el("path", { class: "path suggestion-path " + s.path.circuit, d: this.pathData(s.path) }, g);
      el("circle", { class: "suggestion-target", cx: this.px(to), cy: this.py(to), r: 44 }, g);
    } else {
      const [x1, y1, x2, y2] = [this.px(from), this.py(from), this.px(to), this.py(to)];
      const len = Math.hypot(x2 - x1, y2 - y1);
      const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
      el("line", { class: "arrow", x1: x1 + ux * 20, y1: y1 + uy * 20, x2: x2 - ux * 28, y2: y2 - uy * 28,
        "marker-end": "url(#arrowhead)" }, g);
    }
    el("circle", { class: "suggestion-from", cx: this.px(from), cy: this.py(from), r: 40 }, g);
  }

  // draw draws a position, view, or nothing for null:
  //   board        the pieces by square (a1 = 0 … f6 = 35): "black", "white" or ""
  //   last         the last move, {from, to, path}, or null
  //   anim         the move being shown, {to, x, y, track, path, taken}: the
  //                piece on anim.to drawn at (x, y), on its way along
  //                track, over the piece it takes, or null
  //   mine         the colour whose pieces take clicks ("mine"), or null
  //   selected     the square of the piece picked up, or null
  //   legal        the legal moves, {from, to, capture, path}: those of
  //                the piece picked up are drawn
  //   suggestions  moves to draw as drawSuggestion does, [{move, path, kind}]
  draw(view) {
    if (this.layers.grid.dataset.bottom !== this.bottom) this.drawGrid();
    const layers = this.layers;
    for (const name of ["marks", "options", "pieces", "suggestions", "targets"]) clear(layers[name]);
    if (!view) return;
    const { anim, last } = view;
    if (anim) {
      const track = el("path", { id: "moving-path", class: anim.path ? "path moving " + anim.path.circuit : "path",
        d: anim.track }, layers.marks);
      if (!anim.path) track.setAttribute("stroke-opacity", "0");
    } else if (last) {
      if (last.path) {
        el("path", { id: "last-path", class: "path last " + last.path.circuit, d: this.pathData(last.path),
          "data-points": last.path.points.join(" ") }, layers.marks);
      }
      el("circle", { class: "last-from", cx: this.px(last.from), cy: this.py(last.from), r: 42 }, layers.marks);
      el("circle", { class: "last-to", cx: this.px(last.to), cy: this.py(last.to), r: 46 }, layers.marks);
    }
    if (anim && anim.taken) {
      el("circle", { class: "taken " + anim.taken, cx: this.px(anim.to), cy: this.py(anim.to), r: 34 }, layers.pieces);
    }
    let moving = null;
    view.board.forEach((color, i) => {
      if (!color) return;
      const sq = squareName(i % 6, Math.floor(i / 6));
      const cls = ["piece", color];
      if (color === view.mine) cls.push("mine");
      if (sq === view.selected) cls.push("selected");
      const [x, y] = anim && sq === anim.to ? [anim.x, anim.y] : [this.px(sq), this.py(sq)];
      const piece = el("circle", { class: cls.join(" "), "data-square": sq, "data-color": color, cx: x, cy: y, r: 34 }, layers.pieces);
      if (anim && sq === anim.to) moving = piece;
    });
    if (moving) {
      moving.classList.add("moving");
      layers.pieces.appendChild(moving); // on top of the others
    }
    for (const s of view.suggestions || []) this.drawSuggestion(s, s.kind);
    if (view.selected) {
      for (const m of (view.legal || []).filter((m) => m.from === view.selected)) {
        if (m.capture) {
          el("path", { class: "path option " + m.path.circuit, d: this.pathData(m.path) }, layers.options);
          el("circle", { class: "target capture", "data-target": m.to, cx: this.px(m.to), cy: this.py(m.to), r: 44 }, layers.targets);
        } else {
          el("circle", { class: "target", "data-target": m.to, cx: this.px(m.to), cy: this.py(m.to), r: 13 }, layers.targets);
        }
      }
    }
  }

  // movePiece puts the moving piece (anim's) at (x, y).
  movePiece(x, y) {
    const piece = this.layers.pieces.querySelector(".piece.moving");
    if (piece) {
      piece.setAttribute("cx", x);
      piece.setAttribute("cy", y);
    }
  }
}
