// zaarlab's plotly charts in the static site: a JupyterLab mime renderer for plotly's figures that draws each chart
// with the smallest of plotly's bundles that has all its traces. Evaluating plotly's whole library took most of a
// second of the page's own thread on every dashboard; its bars-and-lines bundle takes a fifth of that, and the whole
// library is fetched only for the astrolabe's polar chart or a table.
//
// JupyterLab loads a front-end extension as a module federation container: ``init`` receives the modules the page
// shares (Lumino's widgets among them), ``get("./mimeExtension")`` returns a factory of the extension's module.
// ``build.py`` writes this file into the site after a line naming the bundles beside it, smallest first:
// const ZAARLAB_PLOTLY = [{"file": "plotly-basic-<version>.min.js", "traces": ["bar", "pie", "scatter"]}, ...];
(function zaarlabPlotly() {
  const MIME = "application/vnd.plotly.v1+json";
  const here = document.currentScript.src;
  const loaded = {};
  let queue = Promise.resolve();
  let shared = null;

  // Each bundle is evaluated once, one after another: each leaves its library on ``window.Plotly``, read as soon
  // as it has run.
  function load(file) {
    loaded[file] = loaded[file] || (queue = queue.then(() => new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL(file, here).href;
      script.onload = () => resolve(window.Plotly);
      script.onerror = () => reject(new Error(`zaarlab: plotly did not load from ${script.src}`));
      document.head.appendChild(script);
    })));
    return loaded[file];
  }

  // A trace without a type is a scatter; a type no bundle lists is left to the whole library to report.
  function plotlyFor(figure) {
    const types = (figure.data || []).map((trace) => trace.type || "scatter");
    const fits = ZAARLAB_PLOTLY.find((bundle) => types.every((type) => bundle.traces.includes(type)));
    return load((fits || ZAARLAB_PLOTLY[ZAARLAB_PLOTLY.length - 1]).file);
  }

  function newestVersion(versions) {
    const parts = (v) => v.split(/[.-]/).map((p) => parseInt(p, 10) || 0);
    return Object.keys(versions).sort((a, b) => {
      const [x, y] = [parts(a), parts(b)];
      for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] || 0) !== (y[i] || 0)) return x[i] - y[i];
      return 0;
    }).pop();
  }

  async function extension() {
    const widgets = shared && shared["@lumino/widgets"];
    if (!widgets) throw new Error("zaarlab: the page shares no @lumino/widgets to draw plotly's charts in");
    const { Widget } = (await widgets[newestVersion(widgets)].get())();

    class PlotlyChart extends Widget {
      constructor(options) {
        super();
        this.mimeType = options.mimeType;
        this.plotly = null;
        this.addClass("zaarlab-plotly");
      }

      // plotly writes into the objects it draws; the output's own figure stays as the kernel sent it
      async renderModel(model) {
        const figure = structuredClone(model.data[this.mimeType]);
        const plotly = await plotlyFor(figure);
        if (this.isDisposed) return;
        if (this.plotly && this.plotly !== plotly) this.plotly.purge(this.node);
        this.plotly = plotly;
        await plotly.react(this.node, figure.data || [], figure.layout || {}, figure.config || {});
        if (figure.frames) await plotly.addFrames(this.node, figure.frames);
        this.fit();
      }

      // a chart drawn before its box was on the page, or whose box changed, takes the box's width
      fit() {
        if (this.plotly && this.node._fullLayout && this.isVisible) this.plotly.Plots.resize(this.node);
      }

      onAfterAttach() {
        this.fit();
      }

      onAfterShow() {
        this.fit();
      }

      onResize() {
        this.fit();
      }

      dispose() {
        if (this.plotly) this.plotly.purge(this.node);
        super.dispose();
      }
    }

    return {
      __esModule: true,
      default: [{
        id: "zaarlab-plotly:charts",
        rendererFactory: { safe: true, mimeTypes: [MIME], createRenderer: (options) => new PlotlyChart(options) },
        rank: 0,
        dataType: "json",
      }],
    };
  }

  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB["zaarlab-plotly"] = {
    init(shareScope) {
      shared = shareScope;
    },
    async get(module) {
      if (module !== "./mimeExtension") throw new Error(`zaarlab-plotly has no module ${module}`);
      const made = await extension();
      return () => made;
    },
  };
})();
