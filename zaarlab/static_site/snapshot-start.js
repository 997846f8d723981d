// How the kernel of a dashboard page starts Python: from the snapshot snapshot.mjs made, when the page's
// settings name one (build.py puts this function into the Pyodide kernel's worker, in place of its own call of
// loadPyodide). Anything that goes wrong falls back to the ordinary start, with a line in the browser's console.
async (loadPyodide, indexURL, options) => {
  const { zaarlabSnapshot: snapshot, ...settings } = options;
  const ordinary = () => loadPyodide({ indexURL, ...settings });
  if (!snapshot) return ordinary();
  // a file of the site, unzipped; the same function runs in a worker of its own for the second core
  async function gunzip(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  }
  const gunzipAside = typeof Worker === "undefined" ? gunzip : (url) => new Promise((resolve, reject) => {
    const code = `${gunzip}; onmessage = (m) => gunzip(m.data).then(
      (bytes) => postMessage(bytes, [bytes]), (error) => postMessage(String(error)))`;
    const helper = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
    helper.onmessage = ({ data }) => {
      helper.terminate();
      data instanceof ArrayBuffer ? resolve(data) : reject(new Error(data));
    };
    helper.onerror = (error) => (helper.terminate(), reject(error));
    helper.postMessage(new URL(url, self.location.href).href);
  });
  // Unzipping Python's memory and files takes most of a second; a visit keeps them unzipped in this browser's
  // IndexedDB, under the name of this build's snapshot (the copies of other builds are deleted), for the next visit.
  const kept = (mode, use) => new Promise((resolve, reject) => {
    const opening = indexedDB.open("zaarlab-snapshot", 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore("unzipped");
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const request = use(opening.result.transaction("unzipped", mode).objectStore("unzipped"));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    };
  });
  const unzipped = async (name, unzip) => {
    const key = `${snapshot.version} ${name}`;
    if (typeof indexedDB === "undefined") return new Uint8Array(await unzip(indexURL + name));  // Node.js (tests)
    try {
      const copy = await kept("readonly", (store) => store.get(key));
      if (copy) return new Uint8Array(await copy.arrayBuffer());
    } catch (error) {
      console.warn("zaarlab: no unzipped copy kept:", error);
    }
    const bytes = new Uint8Array(await unzip(indexURL + name));
    const copy = new Blob([bytes]);
    kept("readwrite", (store) => {
      store.delete(IDBKeyRange.upperBound(snapshot.version, true));
      store.delete(IDBKeyRange.lowerBound(`${snapshot.version}\uffff`, true));
      return store.put(copy, key);
    }).catch((error) => console.warn("zaarlab: unzipped copy not kept:", error));
    return bytes;
  };
  let pyodide;
  try {
    // Python starts as soon as its memory is here; the files are written back once they are here too
    const files = unzipped(snapshot.files, gunzipAside);
    const index = fetch(indexURL + snapshot.index).then((r) => r.json());
    const heap = await unzipped(snapshot.heap, gunzip);
    // the JavaScript objects Python held when the snapshot was made (snapshot.mjs names them)
    const handOver = (name) => name === "pyodide"
      ? new Proxy({}, { get: (_, key) => pyodide[key] })
      : (...args) => pyodide[name.slice("pyodide.".length)](...args);
    pyodide = await loadPyodide({
      indexURL, ...settings, packages: [], _loadSnapshot: heap, _snapshotDeserializer: handOver,
    });
    const [bytes, { files: where, loaded, root }] = await Promise.all([files, index]);
    const made = new Set();
    for (const [file, offset, size] of where) {
      const full = `${root}/${file}`;
      const folder = full.slice(0, full.lastIndexOf("/"));
      if (!made.has(folder)) {
        pyodide.FS.mkdirTree(folder);
        made.add(folder);
      }
      pyodide.FS.writeFile(full, bytes.subarray(offset, offset + size), { canOwn: true });
    }
    Object.assign(pyodide.loadedPackages, loaded);
    pyodide.runPython("import random; random.seed()");  // every page restores the same state: its own dice
    return pyodide;
  } catch (error) {
    console.warn("zaarlab: starting Python without the snapshot:", error);
    return ordinary();
  }
}
