// A map (zaarlab.ui.map_chart.MapChart): a plotly figure redrawn in place (Plotly.react) when the kernel sends
// another, a click on a point told to the kernel, and the width the page gives the map.
let loading = null;  // plotly.js, loaded once a page: the page's own if it has one, else the copy the widget carries

function plotly(model) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  loading = loading || new Promise((resolve, reject) => {
    const script = document.createElement('script');  // a classic script: plotly.js sets window.Plotly
    script.src = URL.createObjectURL(new Blob([model.get('_plotly')], { type: 'text/javascript' }));
    script.onload = () => resolve(window.Plotly);
    script.onerror = () => reject(new Error('plotly.js did not load'));
    document.head.append(script);
  });
  return loading;
}

// The parts of a figure (its traces, its layout's entries) as plotly is to get them: a part sent as before is the
// same object as before. Plotly compares parts by identity and draws everything anew for a new one (a new copy of
// the layout's template alone made every click a whole redraw, ten times as long as redrawing the marks).
function kept(parts, before) {
  const now = new Map();
  for (const [key, part] of parts) {
    const text = JSON.stringify(part), old = before.get(key);
    now.set(key, { text, part: old && old.text === text ? old.part : part });
  }
  return now;
}

// Once the chart's drawing holds still for a frame: plotly may draw again after Plotly.react has resolved (a legend
// grown a line gives the map less room), and a click aimed at the drawing before lands on a neighbour.
function settled(chart) {
  const geometry = () => {
    const layout = chart._fullLayout || {}, x = layout.xaxis || {}, y = layout.yaxis || {};
    return JSON.stringify([layout._size, x._offset, x._length, y._offset, y._length]);
  };
  return new Promise((resolve) => {
    let before = geometry(), frames = 0;
    const look = () => {
      const now = geometry();
      if (now === before || ++frames > 60) resolve();
      else (before = now, requestAnimationFrame(look));
    };
    requestAnimationFrame(look);
  });
}

export default {
  render({ model, el }) {
    const chart = document.createElement('div');
    el.append(chart);
    let drawing = Promise.resolve(), drawn = null;
    const clicked = (event) => {
      const point = (event.points || []).find((p) => p.customdata !== undefined);
      if (!point) return;
      model.set('clicked', { value: point.customdata, n: (model.get('clicked').n || 0) + 1 });
      model.save_changes();
    };
    let traces = new Map(), layout = new Map(), config = new Map();
    const draw = () => {  // one drawing at a time, of the figure the kernel sent last
      drawing = drawing.then(() => plotly(model)).then((Plotly) => {
        const figure = model.get('figure');
        if (figure === drawn) return undefined;
        drawn = figure;
        chart.hidden = !figure.data;
        if (!figure.data) return Plotly.purge(chart);
        traces = kept(figure.data.entries(), traces);
        layout = kept(Object.entries(figure.layout), layout);
        config = kept(Object.entries(figure.config), config);
        const parts = (map) => Object.fromEntries([...map].map(([key, { part }]) => [key, part]));
        return Plotly.react(chart, [...traces.values()].map(({ part }) => part), parts(layout), parts(config))
          .then(() => settled(chart)).then(() => {
            chart.removeListener('plotly_click', clicked);  // listened to once, whatever plotly redrew or purged
            chart.on('plotly_click', clicked);
            chart.dataset.shows = JSON.stringify(figure.shows);  // what the map shows, drawn (tests wait for it)
          });
      }).catch((error) => { el.textContent = `The map cannot be drawn: ${error.message}. Reload the page.`; });
    };
    model.on('change:figure', draw);
    draw();
    // the width the page gives the map: the kernel draws it about as tall as it is wide
    const resized = new ResizeObserver(() => {
      const width = Math.round(el.getBoundingClientRect().width);
      if (window.Plotly && chart.data) window.Plotly.Plots.resize(chart);
      if (width >= 120 && width !== model.get('width')) {
        model.set('width', width);
        model.save_changes();
      }
    });
    resized.observe(el);
    return () => { resized.disconnect(); model.off('change:figure', draw); };
  },
};
