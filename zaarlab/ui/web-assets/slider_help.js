// Slider help (zaarlab.ui.panel.SliderHelp): a name for every slider, and its keys (arrows, PageUp/Down, Home/End).
function nameSliders(doc) {
  for (const slider of doc.querySelectorAll('.widget-slider')) {
    const label = slider.querySelector('.widget-label');
    const handle = slider.querySelector('.noUi-handle');
    if (handle && label && label.textContent.trim() && !handle.hasAttribute('aria-label')) {
      handle.setAttribute('aria-label', label.textContent.trim());
    }
  }
}
const STEPS = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 5, PageDown: -5 };
function moveSlider(event) {
  if (!(event.key in STEPS) && event.key !== 'Home' && event.key !== 'End') return;
  const handle = event.target.closest && event.target.closest('.widget-slider .noUi-handle');
  const readout = handle && handle.closest('.widget-slider').querySelector('.widget-readout');
  if (!readout || readout.getAttribute('contenteditable') !== 'true') return;
  const [low, now, high] = ['aria-valuemin', 'aria-valuenow', 'aria-valuemax'].map(
    (name) => Number(handle.getAttribute(name)));
  const slider = handle.closest('.noUi-target').noUiSlider;
  const step = (slider && slider.options && slider.options.step) || 1;
  const wanted = event.key === 'Home' ? low : event.key === 'End' ? high : now + step * STEPS[event.key];
  event.preventDefault();
  event.stopPropagation();  // caught first, on the window: neither the lab nor the slider library sees the key
  readout.textContent = String(Math.min(Math.max(wanted, low), high));
  const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true });
  Object.defineProperty(enter, 'keyCode', { get: () => 13 });  // what the readout listens for
  readout.dispatchEvent(enter);
}
export default {
  render({ el }) {
    const doc = el.ownerDocument;
    nameSliders(doc);
    new MutationObserver(() => nameSliders(doc)).observe(doc.body, { childList: true, subtree: true });
    const view = doc.defaultView;
    if (!view.zaarlabSliderKeys) {
      view.zaarlabSliderKeys = true;
      view.addEventListener('keydown', moveSlider, true);
    }
  },
};
