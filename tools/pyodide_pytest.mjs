// Run the engine's pytest suite inside Pyodide (CPython 3.14 in wasm) under Node, so the code
// that ships to the browser is tested on the interpreter that runs it there, not only on the
// machine's CPython 3.11.
//
//   node tools/pyodide_pytest.mjs [pytest args...]      default args: tests -q -p no:cacheprovider
//
// Environment:
//   PYODIDE_TEST_ROOT   host folder mounted as the working directory (default: the repo root)
//   PYODIDE_WHEELS      folder of pure-Python wheels to install (default: .cache/pyodide-wheels,
//                       filled by setup_pyodide_wheels in tools/setup_env.sh)
//
// Exits with pytest's exit code (5 = no tests collected), or 3 when Pyodide itself fails.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const testRoot = resolve(process.env.PYODIDE_TEST_ROOT ?? repoRoot);
const wheelDir = resolve(process.env.PYODIDE_WHEELS ?? join(repoRoot, ".cache", "pyodide-wheels"));
const args = process.argv.length > 2 ? process.argv.slice(2) : ["tests", "-q", "-p", "no:cacheprovider"];

// Inside Pyodide's file system; any absent folder name would do.
const MOUNT = "/mnt/repo";

async function main() {
  const started = performance.now();
  // No indexURL: Pyodide finds its files next to pyodide.mjs in node_modules (no network).
  const pyodide = await loadPyodide();

  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  const wheels = readdirSync(wheelDir).filter((name) => name.endsWith(".whl")).sort();
  if (wheels.length === 0) {
    throw new Error(`no wheels in ${wheelDir}: run setup_pyodide_wheels (tools/setup_env.sh)`);
  }
  for (const name of wheels) {
    // unpackArchive wants a plain Uint8Array, not Node's Buffer subclass. extractDir must be
    // absolute: the default (the working directory) would lose the packages after the chdir.
    const bytes = new Uint8Array(readFileSync(join(wheelDir, name)));
    pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  }

  pyodide.FS.mkdirTree(MOUNT);
  pyodide.mountNodeFS(MOUNT, testRoot);
  const booted = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `[pyodide] Python ${pyodide.runPython("import sys; sys.version.split()[0]")}, ` +
      `${wheels.length} wheels, ${testRoot} mounted at ${MOUNT} (${booted} s)`,
  );

  pyodide.globals.set("pytest_args", pyodide.toPy(args));
  const code = pyodide.runPython(`
import os, sys
os.chdir(${JSON.stringify(MOUNT)})
# As on CPython, pytest's pythonpath setting (pyproject.toml) puts the repo root on sys.path.
import pytest
int(pytest.main(list(pytest_args)))
`);
  return code;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error("[pyodide] failed:", error);
    process.exit(3);
  },
);
