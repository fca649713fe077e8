#!/usr/bin/env node
// bench:paired — one bench, two trees, alternating rounds: "is this change worse than main by more
// than 5 %?" measured in one run on one machine, never against a figure from another day.
//
//   npm run bench:paired -- <bench> --base <git ref>   [--rounds 3] [--keep]
//   npm run bench:paired -- <bench> --base-dir <built checkout>   [--no-build]
//
// <bench> is one of the benches with paired figures (bench/paired-figures.js: ingest, webhooks,
// storage). The base is checked out as a git worktree under the temp directory (its node_modules
// hard-linked from this checkout's when package-lock.json is the same, else `npm ci`), built as the
// bench's npm script builds, and removed at the end unless --keep. Each tree runs its own
// bench/<bench>.js (what the bench measures with is printed when bench/ differs between them), with
// the same BENCH_* environment (`--base-dir .` pairs this tree with itself: what the noise is). Rounds alternate the order (base head, head base, …) so neither tree
// always runs on a warmer machine. The verdict: head is "worse" when its mean over the rounds is more
// than 5 % below (throughput) or above (bytes) the base's.
const { execFileSync, spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { compareRuns, figuresOf, PAIRED_BENCHES } = require("./paired-figures");

const root = path.resolve(__dirname, "..");

function parseArgs(argv) {
  const args = { rounds: 3, keep: false, build: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--base") args.base = argv[++i];
    else if (a === "--base-dir") args.baseDir = path.resolve(argv[++i]);
    else if (a === "--rounds") args.rounds = Number(argv[++i]);
    else if (a === "--keep") args.keep = true;
    else if (a === "--no-build")
      args.build = false; // both trees are built already
    else if (!args.bench) args.bench = a;
    else throw new Error(`unexpected argument ${a}`);
  }
  if (!PAIRED_BENCHES.includes(args.bench) || (!args.base && !args.baseDir) || !(args.rounds >= 1)) {
    throw new Error(
      `usage: bench:paired -- <${PAIRED_BENCHES.join("|")}> (--base <git ref> | --base-dir <dir>) [--rounds N] [--keep]`,
    );
  }
  return args;
}

const git = (...args) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();

/** The base checked out beside this one, its dependencies linked or installed. */
function checkOutBase(ref) {
  const sha = git("rev-parse", "--verify", `${ref}^{commit}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ctxlog-base-${sha.slice(0, 10)}-`));
  fs.rmdirSync(dir);
  git("worktree", "add", "--detach", dir, sha);
  const sameLock = git("diff", "--name-only", sha, "--", "package-lock.json") === "";
  if (sameLock) {
    const linked = ["node_modules", ...listNested()];
    for (const rel of linked) execFileSync("cp", ["-al", path.join(root, rel), path.join(dir, rel)]);
  } else {
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
  }
  return { dir, sha, sameLock };
}

/** Workspaces' own node_modules (versions the root's could not hold). */
function listNested() {
  return ["apps", "packages"].flatMap((group) =>
    fs
      .readdirSync(path.join(root, group))
      .map((name) => path.join(group, name, "node_modules"))
      .filter((rel) => fs.existsSync(path.join(root, rel))),
  );
}

/** What the bench's npm script does before `node bench/<bench>.js` (the build), once per tree. */
function build(dir, bench) {
  const script = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).scripts[
    `bench:${bench}`
  ];
  const prefix = script.split(`&& node bench/${bench}.js`)[0];
  // as npm runs a script: the tree's own node_modules/.bin first on PATH (tsc, turbo)
  const env = {
    ...process.env,
    PATH: `${path.join(dir, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
  };
  execFileSync("sh", ["-c", `npm run db:generate >/dev/null && ${prefix}`], {
    cwd: dir,
    stdio: "inherit",
    env,
  });
}

function runOnce(dir, bench) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(dir, "bench", `${bench}.js`)], {
      cwd: dir,
      env: process.env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`bench/${bench}.js in ${dir} exited ${code}\n${out}`)),
    );
  });
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const head = git("rev-parse", "--short", "HEAD") + (git("status", "--porcelain") ? " (+ uncommitted)" : "");
  const base = args.baseDir
    ? { dir: args.baseDir, label: args.baseDir, made: false }
    : (() => {
        const b = checkOutBase(args.base);
        console.log(
          `base ${args.base} = ${b.sha.slice(0, 10)} in ${b.dir} (dependencies ${b.sameLock ? "linked" : "installed"})`,
        );
        return { dir: b.dir, label: `${args.base} (${b.sha.slice(0, 10)})`, made: true, sha: b.sha };
      })();
  try {
    if (args.build) {
      if (base.dir !== root) build(base.dir, args.bench);
      build(root, args.bench);
    }
    if (base.sha && git("diff", "--name-only", base.sha, "--", "bench") !== "")
      console.log("note: bench/ differs between the trees; each runs its own");
    const runs = { base: [], head: [] };
    for (let round = 0; round < args.rounds; round++) {
      const order = round % 2 === 0 ? ["base", "head"] : ["head", "base"];
      for (const side of order) {
        const dir = side === "base" ? base.dir : root;
        const out = await runOnce(dir, args.bench);
        // the run's whole output (its tables: where the time or the bytes go), kept beside the figures
        const saved = path.join(os.tmpdir(), `ctxlog-paired-${args.bench}-${round + 1}-${side}.txt`);
        fs.writeFileSync(saved, out);
        const figures = figuresOf(args.bench, out);
        runs[side].push(figures);
        const listed = Object.entries(figures).map(([k, v]) => `${k} ${v}`);
        console.log(`round ${round + 1} ${side}: ${listed.join(", ")} (output: ${saved})`);
      }
    }
    console.log(
      `\nbench:paired ${args.bench} — base ${base.label}, head ${head}, ${args.rounds} alternating rounds`,
    );
    console.log("| figure | base (mean) | head (mean) | head / base | verdict |");
    console.log("|---|---|---|---|---|");
    for (const row of compareRuns(args.bench, runs.base, runs.head)) {
      console.log(`| ${row.name} | ${row.base} | ${row.head} | ${row.ratio} | ${row.verdict} |`);
    }
  } finally {
    if (base.made && !args.keep) git("worktree", "remove", "--force", base.dir);
  }
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
