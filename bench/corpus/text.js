// Natural-language-like text for the corpus: words drawn by rank from an English frequency list
// (words-en.txt) with Zipf–Mandelbrot weights, so word frequencies fall off as in English; in
// sentences and paragraphs, with the numbers, identifiers, paths and the odd non-ASCII character
// an agent's prose carries. Also code-like lines and log lines, for tools' results.
const fs = require("node:fs");
const path = require("node:path");

const WORDS = fs.readFileSync(path.join(__dirname, "words-en.txt"), "utf8").split("\n").filter(Boolean);
// P(rank r) ∝ 1 / (r + 2.7): Mandelbrot's fit of English word frequencies (the top word ~7 %)
const CUMULATIVE = (() => {
  const out = new Float64Array(WORDS.length);
  let sum = 0;
  for (let r = 0; r < WORDS.length; r++) {
    sum += 1 / (r + 1 + 2.7);
    out[r] = sum;
  }
  return out.map((v) => v / sum);
})();

function word(rnd) {
  const x = rnd.float();
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return WORDS[lo];
}

/** a word of the 1,500 most common with 4+ letters: the stuff of identifiers, titles and paths */
const COMMON = WORDS.slice(0, 1_500).filter((w) => w.length >= 4);
const noun = (rnd) => rnd.pick(COMMON);
const capital = (w) => w[0].toUpperCase() + w.slice(1);

function identifier(rnd, style = rnd.pick(["camel", "snake", "pascal"])) {
  const parts = Array.from({ length: rnd.int(1, 3) }, () => noun(rnd));
  if (style === "snake") return parts.join("_");
  const camel = parts.map(capital).join("");
  return style === "pascal" ? camel : camel[0].toLowerCase() + camel.slice(1);
}

const EXTENSIONS = [".ts", ".py", ".md", ".json", ".go", ".sql", ".yaml", ".tsx"];
function filePath(rnd) {
  const dirs = Array.from({ length: rnd.int(1, 3) }, () => noun(rnd));
  return `${rnd.pick(["src", "app", "lib", "docs", "services", "packages"])}/${dirs.join("/")}/${identifier(rnd, "snake")}${rnd.pick(EXTENSIONS)}`;
}

function sentence(rnd) {
  const n = rnd.int(5, 24);
  const out = [];
  for (let i = 0; i < n; i++) {
    const roll = rnd.float();
    let w;
    if (roll < 0.03) w = String(rnd.chance(0.5) ? rnd.int(2, 999) : (rnd.float() * 100).toFixed(1));
    else if (roll < 0.045) w = `\`${identifier(rnd)}\``;
    else if (roll < 0.05) w = `\`${filePath(rnd)}\``;
    else if (roll < 0.07) w = capital(word(rnd));
    else w = word(rnd);
    if (i < n - 1 && rnd.chance(0.07)) w += ",";
    else if (i < n - 1 && rnd.chance(0.006)) w += " —";
    out.push(w);
  }
  out[0] = capital(out[0]);
  const end = rnd.weighted([
    [".", 86],
    ["?", 6],
    [":", 5],
    ["!", 2],
    ["…", 1],
  ]);
  return out.join(" ") + end;
}

/** Prose of about `chars` characters (cut at a word), in paragraphs of 2–6 sentences. */
function prose(rnd, chars) {
  let text = "";
  let inParagraph = 0;
  let paragraphLength = rnd.int(2, 6);
  while (text.length < chars) {
    if (inParagraph === paragraphLength) {
      text += "\n\n";
      inParagraph = 0;
      paragraphLength = rnd.int(2, 6);
      // now and then a list, as an assistant writes them
      if (rnd.chance(0.15)) {
        const items = rnd.int(2, 5);
        for (let i = 0; i < items; i++) text += `- ${sentence(rnd)}\n`;
        text += "\n";
      }
    } else if (inParagraph > 0) text += " ";
    text += sentence(rnd);
    inParagraph++;
  }
  return cut(text, chars);
}

/** `text` cut to at most `chars` characters, at a space when one is near */
function cut(text, chars) {
  if (text.length <= chars) return text;
  const at = text.lastIndexOf(" ", chars);
  return text.slice(0, at > chars - 20 ? at : chars);
}

/** a short title-like phrase */
const title = (rnd) =>
  Array.from({ length: rnd.int(3, 9) }, () => word(rnd))
    .map((w, i) => (i === 0 || w.length > 3 ? capital(w) : w))
    .join(" ");

const CODE_LINES = [
  (r) =>
    `const ${identifier(r, "camel")} = await ${identifier(r, "camel")}(${identifier(r, "camel")}, ${r.int(0, 500)});`,
  (r) => `if (!${identifier(r, "camel")}.${identifier(r, "camel")}) return null;`,
  (r) =>
    `export function ${identifier(r, "camel")}(${identifier(r, "camel")}: ${identifier(r, "pascal")}): ${identifier(r, "pascal")} {`,
  (r) => `  // ${sentence(r)}`,
  (r) => `  return { ${identifier(r, "camel")}, ${identifier(r, "camel")}: ${r.int(0, 10_000)} };`,
  (r) => `def ${identifier(r, "snake")}(${identifier(r, "snake")}, ${identifier(r, "snake")}=None):`,
  (r) =>
    `    ${identifier(r, "snake")} = ${identifier(r, "snake")}.get("${identifier(r, "snake")}", ${r.int(0, 99)})`,
  () => "}",
  (r) => `import { ${identifier(r, "pascal")} } from "./${identifier(r, "snake")}";`,
];
/** about `chars` characters of source-code-like lines */
function code(rnd, chars) {
  const lines = [];
  let length = 0;
  let indent = 0;
  while (length < chars) {
    const line = "  ".repeat(indent) + rnd.pick(CODE_LINES)(rnd);
    indent = line.endsWith("{")
      ? Math.min(indent + 1, 4)
      : line.trim() === "}"
        ? Math.max(indent - 1, 0)
        : indent;
    lines.push(line);
    length += line.length + 1;
  }
  return cut(lines.join("\n"), chars);
}

const LEVELS = [
  ["INFO", 80],
  ["DEBUG", 10],
  ["WARN", 8],
  ["ERROR", 2],
];
/** about `chars` characters of timestamped log lines from `startMs` on */
function logLines(rnd, chars, startMs) {
  const lines = [];
  let length = 0;
  let t = startMs;
  while (length < chars) {
    t += rnd.int(0, 400);
    const line =
      `${new Date(t).toISOString()} ${rnd.weighted(LEVELS).padEnd(5)} ${noun(rnd)}[${rnd.int(1, 16)}] ` +
      `${word(rnd)} ${word(rnd)} ${noun(rnd)} ${rnd.int(1, 99_999)} in ${rnd.int(1, 900)} ms ` +
      `(${identifier(rnd, "snake")}=${rnd.int(0, 4096)}, ${identifier(rnd, "snake")}=${rnd.chance(0.5)})`;
    lines.push(line);
    length += line.length + 1;
  }
  return cut(lines.join("\n"), chars);
}

module.exports = { capital, code, cut, filePath, identifier, logLines, noun, prose, sentence, title, word };
