// The lobby: the lists of challenges and games, read again every 3 s
// (/api/lobby), so that a challenge made elsewhere appears and one joined
// goes. Every name is set as text, never as HTML.

function cell(row, text) {
  const td = row.insertCell();
  td.textContent = text;
  return td;
}

function button(td, action, label, cls) {
  const f = document.createElement("form");
  f.method = "post";
  f.action = action;
  f.className = "inline";
  const b = document.createElement("button");
  b.textContent = label;
  if (cls) b.className = cls;
  f.appendChild(b);
  td.appendChild(f);
}

async function refresh() {
  let lobby, me = null;
  try {
    const res = await fetch("/api/lobby");
    lobby = await res.json();
    const m = await fetch("/api/me");
    if (m.ok) me = await m.json();
  } catch {
    return;
  }
  const ch = document.querySelector("#challenges tbody");
  ch.textContent = "";
  for (const c of lobby.challenges) {
    const row = ch.insertRow();
    row.dataset.game = c.id;
    cell(row, c.creator);
    cell(row, c.timeControl);
    cell(row, c.color);
    cell(row, c.rated ? "rated" : "casual");
    const td = row.insertCell();
    if (me && me.name === c.creator) button(td, `/game/${c.id}/withdraw`, "Withdraw");
    else button(td, `/game/${c.id}/join`, "Join", "join");
  }
  if (lobby.challenges.length === 0) {
    const row = ch.insertRow();
    row.className = "empty";
    const td = cell(row, "No challenge waits: create one.");
    td.colSpan = 5;
  }
  const gs = document.querySelector("#games tbody");
  gs.textContent = "";
  for (const g of lobby.games) {
    const row = gs.insertRow();
    row.dataset.game = g.id;
    cell(row, g.black);
    cell(row, g.white);
    cell(row, g.timeControl);
    cell(row, String(g.ply));
    const a = document.createElement("a");
    a.href = `/game/${g.id}`;
    a.textContent = g.status === "playing" ? "watch" : g.result;
    row.insertCell().appendChild(a);
  }
}

setInterval(refresh, 3000);
