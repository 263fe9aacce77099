// Precompile the unpacked wheels under lite/_cache/unpacked/<wheel>/ to .pyc with Pyodide's own
// CPython (the browser's interpreter), so the kernel never compiles sympy in the browser.
// Usage: node precompile.mjs <pyodide core dir> <unpacked dir>   (run by tools/build_lite.py)
import { pathToFileURL } from "node:url";
import path from "node:path";

const [core, unpacked] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(core, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: core + path.sep });
pyodide.FS.mkdirTree("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: unpacked }, "/wheels");
const out = pyodide.runPython(`
import compileall, os, py_compile, sys, sysconfig
site = sysconfig.get_paths()["purelib"]
done = []
for name in sorted(os.listdir("/wheels")):
    ok = compileall.compile_dir(
        f"/wheels/{name}", ddir=site, quiet=2, workers=1,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    done.append(f"{name}: {'ok' if ok else 'some files did not compile (kept as .py)'}")
f"{sys.version.split()[0]} {sys.implementation.cache_tag}\\n" + "\\n".join(done)
`);
console.log(out);
