// The pin (zaarlab.ui.pin.Pin): the widget after it in its box stays at the top of the screen while the box is in
// view and the widget's own place has scrolled past; an empty block of its height keeps its place, so nothing moves.
function render({ el }) {
  el.classList.add("zaarlab-pin");
  function place() {
    const part = el.nextElementSibling, box = el.parentElement;
    if (!part || !box) return;
    const anchor = el.getBoundingClientRect(), frame = box.getBoundingClientRect();
    const pinned = anchor.top < 0 && frame.bottom > part.offsetHeight + 48;  // past its place, the box still in view
    if (pinned !== part.classList.contains("zaarlab-pinned")) {
      el.style.height = pinned ? `${part.offsetHeight}px` : "";
      part.classList.toggle("zaarlab-pinned", pinned);
    }
    part.style.left = pinned ? `${frame.left}px` : "";
    part.style.width = pinned ? `${frame.width}px` : "";
  }
  const options = { capture: true, passive: true };  // capture: whichever box scrolls (the page, a notebook's panel)
  document.addEventListener("scroll", place, options);
  window.addEventListener("resize", place, options);
  requestAnimationFrame(place);
  return () => {
    document.removeEventListener("scroll", place, options);
    window.removeEventListener("resize", place, options);
  };
}
export default { render };
