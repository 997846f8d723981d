// Plotly's charting library is evaluated the first time a page draws a chart: most of a second of the page's own
// thread, and on a dashboard that second came after Python had started, just before the first answer. This draws
// one empty chart, out of sight, while Python starts in its worker (the page's thread is idle then), so that the
// dashboard's first chart finds the library ready. Nothing depends on it: if it fails, the first chart pays.
(function warmPlotly() {
  const mime = "application/vnd.plotly.v1+json";
  async function draw() {
    const extension = (await window._JUPYTERLAB["zaarlab-plotly"].get("./mimeExtension"))();
    const renderer = [].concat(extension.default)[0].rendererFactory.createRenderer({ mimeType: mime });
    const shelf = document.createElement("div");
    shelf.setAttribute("aria-hidden", "true");
    shelf.style.cssText = "position:absolute;left:-10000px;top:0;width:300px;height:200px;overflow:hidden";
    shelf.appendChild(renderer.node);
    document.body.appendChild(shelf);
    try {
      await renderer.renderModel({ data: { [mime]: { data: [], layout: { height: 200 } } }, metadata: {} });
    } finally {
      renderer.dispose();
      shelf.remove();
    }
  }
  // Once the kernel's worker is loaded (its script shows in the page's resource timing) and the page has handed it
  // its settings (a tenth of a second), the page's thread idles until Python answers, a second or more: the
  // chart is drawn then. Drawn earlier, it held up the kernel's start by as long as it took.
  let warmed = false;
  const warm = () => {
    if (warmed) return;
    warmed = true;
    setTimeout(() => requestIdleCallback(
      () => draw().catch((error) => console.warn("zaarlab: plotly not warmed up:", error)), { timeout: 200 }), 100);
  };
  new PerformanceObserver((list, observer) => {
    if (list.getEntries().some((e) => e.initiatorType === "other" && e.name.includes("pyodide-kernel-extension"))) {
      observer.disconnect();
      warm();
    }
  }).observe({ type: "resource", buffered: true });
})();
