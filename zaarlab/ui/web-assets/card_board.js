// The card board (zaarlab.ui.card_board.CardBoard): zones of pieces drawn as buttons; a click reports its key.
function piece(model, p, off) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `zaarlab-piece zaarlab-${p.kind}` + (p.target ? " zaarlab-target" : "")
    + (p.held ? " zaarlab-held" : "") + (p.changed ? " zaarlab-changed" : "");
  b.disabled = off;
  b.dataset.key = p.key;
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
    b.setAttribute("aria-label", `die showing ${p.face}${p.held ? ", held" : ""}${hint.textContent}`);
    b.setAttribute("aria-pressed", p.held ? "true" : "false");
  }
  b.append(name, " ", note, hint);
  b.addEventListener("click", () => {
    model.set("clicked", { key: p.key, n: (model.get("clicked").n || 0) + 1 });
    model.save_changes();
  });
  return b;
}
function render({ model, el }) {
  el.classList.add("zaarlab-board");
  function draw() {
    const off = model.get("disabled");
    el.replaceChildren(...model.get("zones").map((zone) => {
      const section = document.createElement("section"), title = document.createElement("h2");
      const row = document.createElement("div");
      section.className = "zaarlab-zone";
      title.textContent = zone.title;
      row.className = "zaarlab-zone-row";
      row.append(...zone.pieces.map((p) => piece(model, p, off)));
      if (!zone.pieces.length) row.append(Object.assign(document.createElement("span"), { textContent: "none" }));
      section.append(title, row);
      return section;
    }));
  }
  model.on("change:zones", draw);
  model.on("change:disabled", draw);
  draw();
}
export default { render };
