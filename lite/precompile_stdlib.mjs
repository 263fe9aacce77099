// Precompile Pyodide's standard library zip: python_stdlib.zip (npm) carries only .py files, so
// the browser compiled every stdlib module it imported (Python's start, IPython, asyncio...) at
// every cold start, about 2 s of the kernel's start on 2 cores. This writes a zip with each
// module's bytecode beside its source (foo.pyc next to foo.py: zipimport tries the .pyc first),
// compiled by Pyodide's own CPython, UNCHECKED_HASH (no timestamp check), with the file names as
// the browser sees them (/lib/python314.zip/...), so tracebacks still show the source lines.
// Modules given as further arguments (lite/sitecustomize.py) are added at the zip's top level.
// Usage: node precompile_stdlib.mjs <pyodide core dir> <output dir> [module.py ...]
//   (run by tools/build_lite.py)
import { pathToFileURL } from "node:url";
import fs from "node:fs";
import path from "node:path";

const [core, outDir, ...added] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(core, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: core + path.sep });
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: outDir }, "/out");
pyodide.FS.mkdirTree("/added");
for (const file of added) {
  pyodide.FS.writeFile("/added/" + path.basename(file), fs.readFileSync(file));
}
const out = pyodide.runPython(`
import importlib._bootstrap_external as bootstrap
import importlib.util, os, sys, zipfile

stdlib = next(p for p in sys.path if p.endswith(".zip"))
compiled = kept = 0
with (zipfile.ZipFile(stdlib) as src,
      zipfile.ZipFile("/out/python_stdlib.zip", "w", zipfile.ZIP_DEFLATED) as out):
    files = [(info, src.read(info)) for info in src.infolist()]
    for name in sorted(os.listdir("/added")):
        with open(f"/added/{name}", "rb") as f:
            files.append((zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), f.read()))
    for info, data in files:
        out.writestr(info, data, zipfile.ZIP_DEFLATED)
        if not info.filename.endswith(".py"):
            continue
        try:
            code = compile(data, f"{stdlib}/{info.filename}", "exec", dont_inherit=True)
        except SyntaxError:
            kept += 1  # imported from source, as before
            continue
        pyc = bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        entry = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
        out.writestr(entry, bytes(pyc), zipfile.ZIP_DEFLATED)
        compiled += 1
f"{sys.version.split()[0]}: {stdlib} {compiled} modules compiled, {kept} kept as source"
`);
console.log(out);
