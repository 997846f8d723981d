// Zones of pieces (zaarlab.ui.pieces) drawn as elements: a card board's buttons, or a class's play page's picture.
// layZones(container, zones, click, off): each piece a button reporting its key to click(key), or, without click, a
// picture of it. Laid again, a piece still on the table keeps its element, where it stood: a press under way when
// the kernel's answer redraws the board (mouse down before, up after) is still a click on the same button.
function drawPiece(p, click) {
  const b = document.createElement(click ? "button" : "div");
  b.dataset.key = p.key;
  if (click) {
    b.type = "button";
    b.addEventListener("click", () => click(b.dataset.key));
  }
  return b;
}
function fillPiece(b, p, click, off) {
  b.className = `zaarlab-piece zaarlab-${p.kind}` + (p.target ? " zaarlab-target" : "")
    + (p.held ? " zaarlab-held" : "") + (p.changed ? " zaarlab-changed" : "");
  if (click) b.disabled = off;
  b.style.background = p.kind === "card" ? p.colour : "";
  const name = document.createElement("strong"), note = document.createElement("small");
  const hint = document.createElement("span");
  const chosen = p.held && p.kind !== "die";  // a card or a choice picked (a die says "held" its own way)
  name.textContent = (chosen ? "✓ " : "") + p.name;
  note.textContent = p.note;
  hint.className = "zaarlab-sr";  // for screen readers: the outline says it to the eye
  hint.textContent = (chosen ? " (chosen)" : "") + (p.target ? " (you can pick this)" : "")
    + (p.changed ? " (changed since your move)" : "");
  b.removeAttribute("aria-label");
  b.removeAttribute("aria-pressed");
  b.removeAttribute("title");
  b.replaceChildren();
  if (p.kind === "die") {  // a drawing: its words are its name
    b.innerHTML = face(p.face);
    b.setAttribute(click ? "aria-label" : "title", `die showing ${p.face}${p.held ? ", held" : ""}${hint.textContent}`);
    if (click) b.setAttribute("aria-pressed", p.held ? "true" : "false");
  }
  b.append(name, " ", note, hint);
  return b;
}
function emptyZone() {
  const section = document.createElement("section"), row = document.createElement("div");
  section.className = "zaarlab-zone";
  row.className = "zaarlab-zone-row";
  section.append(document.createElement("h2"), row);
  return section;
}
function arrange(parent, wanted) {  // parent's children made `wanted`, in order, moving none that is in its place
  const kept = new Set(wanted);
  [...parent.children].filter((child) => !kept.has(child)).forEach((child) => child.remove());
  let at = parent.firstElementChild;
  for (const node of wanted) {
    if (node === at) at = at.nextElementSibling;
    else parent.insertBefore(node, at);
  }
}
function layZones(container, zones, click, off) {
  const laid = new Map([...container.querySelectorAll(".zaarlab-piece")].map((b) => [b.dataset.key, b]));
  const sections = zones.map((zone, i) => {
    const section = container.children[i] || emptyZone();
    section.firstElementChild.textContent = zone.title;
    const pieces = zone.pieces.map((p) => {
      const b = laid.get(p.key) || drawPiece(p, click);
      laid.delete(p.key);
      return fillPiece(b, p, click, off);
    });
    arrange(section.lastElementChild, pieces.length ? pieces
      : [Object.assign(document.createElement("span"), { textContent: "none" })]);
    return section;
  });
  arrange(container, sections);
}
