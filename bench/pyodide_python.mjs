// Run a Python module of this repo inside Pyodide (CPython 3.14 in wasm) under Node, with the
// repo mounted as the working directory, so a benchmark measures the interpreter the page uses.
//
//   node bench/pyodide_python.mjs MODULE [args...]     e.g. bench.engine_speed --json
//
// Prints what the module prints; exits with its exit code.

import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [module, ...args] = process.argv.slice(2);
const MOUNT = "/mnt/repo";

const pyodide = await loadPyodide();
pyodide.FS.mkdirTree(MOUNT);
pyodide.mountNodeFS(MOUNT, repoRoot);
pyodide.globals.set("module_name", module);
pyodide.globals.set("module_args", pyodide.toPy(args));
const code = pyodide.runPython(`
import os, runpy, sys
os.chdir(${JSON.stringify(MOUNT)})
sys.path.insert(0, ${JSON.stringify(MOUNT)})
sys.argv = [module_name, *module_args]
try:
    runpy.run_module(module_name, run_name="__main__")
    code = 0
except SystemExit as e:
    code = e.code or 0
code
`);
process.exit(code);
