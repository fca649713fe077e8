// The JavaScript the first page (sign-in) downloads, gzipped: the entry chunk, its static imports,
// and the sign-in page's lazy chunk with its own imports. Budget: 250 KiB (issue 12). Run after
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
  if (!chunk || files.has(chunk.file)) return { files, css };
  files.add(chunk.file);
  for (const sheet of chunk.css ?? []) css.add(sheet);
  for (const imported of chunk.imports ?? []) collect(imported, files, css);
  return { files, css };
}

const { files, css } = collect("index.html");
collect("src/pages/sign-in/SignInPage.tsx", files, css);

const gz = (file) => gzipSync(readFileSync(resolve(dist, file)), { level: 9 }).length;
const kib = (bytes) => (bytes / 1024).toFixed(1);
let js = 0;
for (const file of files) {
  const size = gz(file);
  js += size;
  console.log(`${kib(size).padStart(8)} KiB  ${file}`);
}
const styles = [...css].reduce((sum, file) => sum + gz(file), 0);
console.log(
  `first page (sign-in): JavaScript ${kib(js)} KiB gzipped (budget ${BUDGET_KIB} KiB), CSS ${kib(styles)} KiB`,
);
if (js > BUDGET_KIB * 1024) {
  console.error("over budget");
  process.exit(1);
}
