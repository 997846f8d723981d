// The dice tray (zaarlab.ui.dice_tray.DiceTray): a button a die, a click toggles whether it is held.
function render({ model, el }) {
  el.classList.add("zaarlab-dice");
  function draw() {
    const faces = model.get("faces"), held = model.get("held"), off = model.get("disabled");
    el.replaceChildren(...faces.map((n, i) => {
      const die = document.createElement("button");
      die.type = "button";
      die.className = "zaarlab-die" + (held[i] ? " zaarlab-held" : "");
      die.disabled = off;
      die.setAttribute("aria-pressed", held[i] ? "true" : "false");
      die.setAttribute("aria-label", `${held[i] ? "held" : "hold"}: die ${i + 1}, showing ${n}`);  // its words
      die.title = held[i] ? "held: click to roll it again" : "click to hold this die";
      die.innerHTML = face(n) + `<span>${held[i] ? "held" : "hold"}</span>`;
      die.addEventListener("click", () => {
        const now = [...model.get("held")];
        now[i] = !now[i];
        model.set("held", now);
        model.save_changes();
      });
      return die;
    }));
  }
  for (const name of ["faces", "held", "disabled"]) model.on(`change:${name}`, draw);
  draw();
}
export default { render };
