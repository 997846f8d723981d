// The pin (zaarlab.ui.pin.Pin): the widget after it in its box stays at the top of the screen while the box is in
// view and the widget's own place has scrolled past; an empty block of its height keeps its place, so nothing moves.
// Pinned, the part spans its box and keeps its own box (pin.css, no padding): the block follows its
// height as the words change, by what its children grew or shrank. A part that changed while pinned must not make
// the page below jump when it goes back (a click aimed at a button under it would land elsewhere), not by a pixel's
// fraction: heights are measured as laid out, never rounded.
function render({ el }) {
  el.classList.add("zaarlab-pin");
  let kept = 0, inner = 0;  // pinned: the part's height in its place, and its children's then
  const childrenHeight = (part) => [...part.children].reduce((sum, c) => sum + c.getBoundingClientRect().height, 0);
  function place() {
    const part = el.nextElementSibling, box = el.parentElement;
    if (!part || !box) return;
    const anchor = el.getBoundingClientRect(), frame = box.getBoundingClientRect();
    const wasPinned = part.classList.contains("zaarlab-pinned");
    const height = wasPinned ? kept + childrenHeight(part) - inner : part.getBoundingClientRect().height;
    const pinned = anchor.top < 0 && frame.bottom > height + 48;  // past its place, the box still in view
    el.style.height = pinned ? `${height}px` : "";
    if (pinned !== wasPinned) part.classList.toggle("zaarlab-pinned", pinned);
    part.style.left = pinned ? `${frame.left}px` : "";
    part.style.width = pinned ? `${frame.width}px` : "";
    if (pinned) [kept, inner] = [height, childrenHeight(part)];  // measured pinned: a later change is its words'
  }
  const options = { capture: true, passive: true };  // capture: whichever box scrolls (the page, a notebook's panel)
  const resized = new ResizeObserver(place);  // the part's words changed: its place follows while pinned
  document.addEventListener("scroll", place, options);
  window.addEventListener("resize", place, options);
  requestAnimationFrame(() => {
    for (const child of el.nextElementSibling ? el.nextElementSibling.children : []) resized.observe(child);
    place();
  });
  return () => {
    resized.disconnect();
    document.removeEventListener("scroll", place, options);
    window.removeEventListener("resize", place, options);
  };
}
export default { render };
