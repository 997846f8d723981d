// JupyterLite notes its service worker's version only on a visit that the worker already controls. A student's
// second visit, the first one controlled, found no note, took the worker for an old one, and unregistered and
// registered it again: about two seconds more of waiting. This notes the version on every page of the site where it
// is missing, as JupyterLite would (the key is the worker's address); a note of another version is left for
// JupyterLite to act on, so an upgraded site still renews its worker. The page's settings come later in the page
// than this script, and JupyterLite reads the note only once its plugins have loaded, after the page is parsed.
function noteServiceWorkerVersion() {
  try {
    const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
    const worker = new URL(`${config.baseUrl || "/"}service-worker.js`, location.href);
    worker.searchParams.set("enableCache", config.enableServiceWorkerCache || "false");
    const key = `${worker.href}-version`;
    if (!localStorage.getItem(key)) localStorage.setItem(key, config.appVersion);
  } catch (error) {
    console.warn("zaarlab: the service worker's version was not noted:", error);
  }
}
document.addEventListener("DOMContentLoaded", noteServiceWorkerVersion);
