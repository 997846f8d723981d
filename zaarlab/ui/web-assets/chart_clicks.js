// Chart clicks (zaarlab.ui.chart_clicks.ChartClicks): a click on a plotly chart's point, told to the kernel, and
// the width of the output the chart is drawn in.
export default {
  render({ model, el }) {
    const doc = el.ownerDocument;
    const listen = () => {
      const chart = doc.querySelector(`.${model.get('target')} .js-plotly-plot`);
      if (!chart || !chart.on || chart.zaarlabClicks) return;
      chart.zaarlabClicks = true;  // a chart drawn anew is a new element: it is listened to anew
      chart.on('plotly_click', (event) => {
        const point = (event.points || []).find((p) => p.customdata !== undefined);
        if (!point) return;
        model.set('clicked', { value: point.customdata, n: (model.get('clicked').n || 0) + 1 });
        model.save_changes();
      });
    };
    listen();
    new MutationObserver(listen).observe(doc.body, { childList: true, subtree: true });
    // the width the page gives the charts' output: the kernel draws a map about as tall as it is wide
    const tell = () => {
      const output = doc.querySelector(`.${model.get('target')}`);
      const width = output ? Math.round(output.getBoundingClientRect().width) : 0;
      if (width >= 120 && width !== model.get('width')) {
        model.set('width', width);
        model.save_changes();
      }
    };
    const output = doc.querySelector(`.${model.get('target')}`);
    if (output) new ResizeObserver(tell).observe(output);
    else new MutationObserver((_, watcher) => {
      const found = doc.querySelector(`.${model.get('target')}`);
      if (found) (watcher.disconnect(), new ResizeObserver(tell).observe(found));
    }).observe(doc.body, { childList: true, subtree: true });
  },
};
