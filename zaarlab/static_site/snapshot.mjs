// A memory snapshot of Python with the dashboards' packages unpacked and imported, so that a dashboard page of the
// static site starts from it instead of starting Python, unpacking 30 wheels and importing them (most of a
// student's wait). Run by build.py with Node.js:
//
//     node snapshot.mjs SITE_PYODIDE_FOLDER OUT_FOLDER SETTINGS.json
//
// SETTINGS: {"packages": [what to load], "warm": "Python code run before the snapshot is taken",
//            "names": {"heap": file, "files": file, "index": file}}. Writes into OUT_FOLDER, under those names:
//   heap   Python's memory after the warm code (Pyodide's makeMemorySnapshot), gzip
//   files  every file of site-packages, one after another, gzip
//   index  {"files": [[path, offset, size], ...], "loaded": {package: channel}, "root": site-packages}
// A snapshot holds Python's memory only: the files are written back by the page (snapshot-start.js), and the
// package list that Pyodide keeps in JavaScript is restored from "loaded".
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const [pyodideFolder, out, settingsFile] = process.argv.slice(2);
const settings = JSON.parse(fs.readFileSync(settingsFile, "utf8"));
const indexURL = path.resolve(pyodideFolder) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);

const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
await pyodide.loadPackage(settings.packages, { messageCallback: () => {} });
pyodide.runPython(settings.warm);

// Python keeps references to a few JavaScript objects: the pyodide module and its functions (the kernel's
// loadPackagesFromImports). They are named here and handed over again by the page.
const api = pyodide._api.public_api;
function serializer(object) {
  if (object === api) return "pyodide";
  const name = typeof object === "function" ? object.name : undefined;
  if (name && api[name] === object) return `pyodide.${name}`;
  throw new Error(`the snapshot would hold a JavaScript object it cannot name: ${String(object).slice(0, 80)}`);
}
const loaded = { ...pyodide.loadedPackages };
for (const name of Object.keys(loaded)) delete pyodide.loadedPackages[name]; // a snapshot needs it empty
const heap = pyodide.makeMemorySnapshot({ serializer });

const root = "/lib/python3.12/site-packages";
const files = [];
const chunks = [];
let offset = 0;
(function walk(folder) {
  for (const name of pyodide.FS.readdir(folder).sort()) {
    if (name === "." || name === "..") continue;
    const file = `${folder}/${name}`;
    if (pyodide.FS.isDir(pyodide.FS.stat(file).mode)) {
      walk(file);
    } else {
      const bytes = pyodide.FS.readFile(file);
      files.push([file.slice(root.length + 1), offset, bytes.length]);
      chunks.push(bytes);
      offset += bytes.length;
    }
  }
})(root);

fs.mkdirSync(out, { recursive: true });
const { names } = settings;
fs.writeFileSync(path.join(out, names.heap), zlib.gzipSync(heap, { level: 6 }));
fs.writeFileSync(path.join(out, names.files), zlib.gzipSync(Buffer.concat(chunks), { level: 6 }));
fs.writeFileSync(path.join(out, names.index), JSON.stringify({ files, loaded, root }));
console.log(JSON.stringify({ heap: heap.length, files: files.length, bytes: offset }));
