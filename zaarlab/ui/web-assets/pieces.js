// Zones of pieces (zaarlab.ui.pieces) drawn as elements: a card board's buttons, or a class's play page's picture.
// drawZones(zones, click): each piece a button reporting its key to click(key), or, without click, a picture of it.
function drawPiece(p, click, off) {
  const b = document.createElement(click ? "button" : "div");
  b.className = `zaarlab-piece zaarlab-${p.kind}` + (p.target ? " zaarlab-target" : "")
    + (p.held ? " zaarlab-held" : "") + (p.changed ? " zaarlab-changed" : "");
  b.dataset.key = p.key;
  if (click) {
    b.type = "button";
    b.disabled = off;
    b.addEventListener("click", () => click(p.key));
  }
  if (p.kind === "card") b.style.background = p.colour;
  const name = document.createElement("strong"), note = document.createElement("small");
  const hint = document.createElement("span");
  const chosen = p.held && p.kind !== "die";  // a card or a choice picked (a die says "held" its own way)
  name.textContent = (chosen ? "✓ " : "") + p.name;
  note.textContent = p.note;
  hint.className = "zaarlab-sr";  // for screen readers: the outline says it to the eye
  hint.textContent = (chosen ? " (chosen)" : "") + (p.target ? " (you can pick this)" : "")
    + (p.changed ? " (changed since your move)" : "");
  if (p.kind === "die") {  // a drawing: its words are its name
    b.innerHTML = face(p.face);
    b.setAttribute(click ? "aria-label" : "title", `die showing ${p.face}${p.held ? ", held" : ""}${hint.textContent}`);
    if (click) b.setAttribute("aria-pressed", p.held ? "true" : "false");
  }
  b.append(name, " ", note, hint);
  return b;
}
function drawZones(zones, click, off) {
  return zones.map((zone) => {
    const section = document.createElement("section"), title = document.createElement("h2");
    const row = document.createElement("div");
    section.className = "zaarlab-zone";
    title.textContent = zone.title;
    row.className = "zaarlab-zone-row";
    row.append(...zone.pieces.map((p) => drawPiece(p, click, off)));
    if (!zone.pieces.length) row.append(Object.assign(document.createElement("span"), { textContent: "none" }));
    section.append(title, row);
    return section;
  });
}
