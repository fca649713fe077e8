// The JavaScript the first pages download, gzipped, following Vite's manifest: the sign-in page
// (entry chunk, its static imports, the sign-in page's lazy chunk with its own imports), and the
// first signed-in page, the overview (the same entry, the overview chunk, and the chart's chunk it
// loads once its numbers are in). Budget for each: 250 KiB (issue 12). Run after
// `npm run build -w apps/dashboard`.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_KIB = 250;
const dist = resolve(dirname(fileURLToPath(import.meta.url)), "../dist");
const manifest = JSON.parse(readFileSync(resolve(dist, ".vite/manifest.json"), "utf8"));

function collect(key, files = new Set(), css = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
  if (files.has(chunk.file)) return { files, css };
  files.add(chunk.file);
  for (const sheet of chunk.css ?? []) css.add(sheet);
  for (const imported of chunk.imports ?? []) collect(imported, files, css);
  return { files, css };
}

const gz = (file) => gzipSync(readFileSync(resolve(dist, file)), { level: 9 }).length;
const kib = (bytes) => (bytes / 1024).toFixed(1);

function report(name, keys) {
  // the boot script (not in the manifest: scripts/boot-script-plugin.mts builds it apart) runs first
  const files = new Set(["boot.js"]);
  const css = new Set();
  for (const key of keys) collect(key, files, css);
  let js = 0;
  for (const file of files) {
    const size = gz(file);
    js += size;
    console.log(`${kib(size).padStart(8)} KiB  ${file}`);
  }
  const styles = [...css].reduce((sum, file) => sum + gz(file), 0);
  console.log(
    `${name}: JavaScript ${kib(js)} KiB gzipped in ${files.size} files (budget ${BUDGET_KIB} KiB), CSS ${kib(styles)} KiB\n`,
  );
  return js <= BUDGET_KIB * 1024;
}

const pages = [
  report("first page (sign-in)", ["index.html", "src/pages/sign-in/SignInPage.tsx"]),
  report("first signed-in page (overview, chart included)", [
    "index.html",
    "src/pages/overview/OverviewPage.tsx",
    "src/pages/overview/ContextsChart.tsx",
  ]),
];
if (pages.includes(false)) {
  console.error("over budget");
  process.exit(1);
}
