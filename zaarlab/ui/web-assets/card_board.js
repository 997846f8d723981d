// The card board (zaarlab.ui.card_board.CardBoard): zones of pieces laid as buttons (pieces.js); a click reports its
// key.
function render({ model, el }) {
  el.classList.add("zaarlab-board");
  function click(key) {
    model.set("clicked", { key, n: (model.get("clicked").n || 0) + 1 });
    model.save_changes();
  }
  function draw() {
    layZones(el, model.get("zones"), click, model.get("disabled"));
  }
  model.on("change:zones", draw);
  model.on("change:disabled", draw);
  draw();
}
export default { render };
