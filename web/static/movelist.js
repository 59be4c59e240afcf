// The move list's rows, as the page and the server's game page both show
// a game's moves: a row for each move number, the number in its first
// cell ("7." for a row that starts with Black's move, "7…" for one that
// starts with White's), Black's move in the second cell and White's in
// the third.

// addMove adds a move of the given number and colour ("black" or "white")
// after row, the row of the move before (null for the first), and returns
// the row it stands in and its cell, in which the caller writes the move.
export function addMove(body, row, number, color) {
  if (color === "black" || !row || row.dataset.number !== String(number)) {
    row = body.insertRow();
    row.dataset.number = String(number);
    const num = row.insertCell();
    num.className = "num";
    num.textContent = color === "black" ? `${number}.` : `${number}…`;
    row.insertCell();
    row.insertCell();
  }
  return [row, row.cells[color === "black" ? 1 : 2]];
}
