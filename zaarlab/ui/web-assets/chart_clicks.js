// Chart clicks (zaarlab.ui.chart_clicks.ChartClicks): a click on a plotly chart's point, told to the kernel.
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
  },
};
